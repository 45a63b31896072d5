"""`splendor-companion coach RECORD`: the turning points and the time they took, as a process;
and the chances a turning point carries (what the coach's screen says)."""
from __future__ import annotations

import json
import subprocess
import sys

from companion.ai.coach import turning_points

from .test_ai_coach import played_record


def coach(path, *args):
    return subprocess.run([sys.executable, "-m", "companion.cli.main", "coach", str(path), *args],
                          capture_output=True, text=True, timeout=120)


def write(tmp_path, lines, name="game.jsonl"):
    path = tmp_path / name
    path.write_text("".join(ln + "\n" for ln in lines), encoding="utf-8")
    return path


def test_a_turning_point_says_the_chance_with_each_move_and_the_loss_is_their_difference():
    points = turning_points(played_record(), seat=1, iterations=30, samples=12, seed=2)
    assert points
    for p in points:
        assert 0 <= p.chance_made < p.chance_better <= 1
        assert abs((p.chance_better - p.chance_made) - p.loss) < 1e-9


def test_the_coach_command_prints_each_seats_points_and_its_time(tmp_path):
    path = write(tmp_path, played_record(turns=16))
    run = coach(path, "--iterations", "10", "--seed", "1", "--json")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert [s["seat"] for s in out["seats"]] == [1, 2] and out["iterations"] == 10
    assert out["turns_judged"] == 16 and out["cpu_seconds"] > 0
    # Both figures are rounded from the same CPU time (to 0.01 s and 0.1 s): compare within that.
    assert abs(out["pi5_seconds_estimate"] - out["cpu_seconds"] * 3) <= 0.05 + 3 * 0.005 + 1e-9
    assert all(len(s["points"]) <= 3 for s in out["seats"])
    # Each point says why as facts (codes and values), never as words.
    reasons = [r for s in out["seats"] for p in s["points"] for r in p["reasons"]]
    assert all(set(r) <= {"code", "value", "seat"} for r in reasons)
    run = coach(path, "--iterations", "10", "--seat", "2")
    assert run.returncode == 0, run.stderr
    assert "Ben (seat 2)" in run.stdout and "Ana" not in run.stdout
    assert "turns judged at 10 iterations" in run.stdout and "Raspberry Pi 5" in run.stdout


def test_a_printed_turning_point_compares_the_two_moves_with_the_json_chances(tmp_path):
    # Both chances are of one moment, after one move or the other: "43% -> 40%" read as a
    # fall over time (issue 37). Each is said beside its own move.
    path = write(tmp_path, played_record(turns=16))
    args = ("--iterations", "10", "--seed", "1", "--seat", "1")
    points = json.loads(coach(path, *args, "--json").stdout)["seats"][0]["points"]
    lines = [ln for ln in coach(path, *args).stdout.splitlines() if ln.startswith("  Round")]
    assert points and len(lines) == len(points)
    for line, p in zip(lines, points):
        assert "->" not in line
        made = f"(chance of winning about {p['chance_made']:.0%})"
        better = f"would have been better (about {p['chance_better']:.0%})."
        assert made in line and line.endswith(better), line
        assert line.index(made) < line.index(better)


def test_bad_input_is_one_sentence_and_its_exit_code(tmp_path):
    lines = played_record(turns=6)
    bad = write(tmp_path, ["not json"], "bad.jsonl")
    broken = write(tmp_path, lines[:4] + [lines[4].replace('"player": 1', '"player": 0')],
                   "broken.jsonl")
    good = write(tmp_path, lines)
    for path, args, code in ((bad, (), 2), (tmp_path / "none.jsonl", (), 2), (broken, (), 1),
                             (good, ("--seat", "3"), 2), (good, ("--iterations", "0"), 2)):
        run = coach(path, *args)
        assert run.returncode == code, (path, args, run.stderr)
        err = run.stderr.strip()
        assert run.stdout == "" and err.endswith(".") and "\n" not in err
        assert "Traceback" not in err
