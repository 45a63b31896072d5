"""`splendor-companion ai-move` as spec/ai.md says, run as a real process."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.engine.record import dumps

from .helpers import complete_turn, full_record, turn_starts

MAIN = {"take", "reserve", "buy", "pass"}


def ai_move(path, *args):
    return subprocess.run([sys.executable, "-m", "companion.cli.main", "ai-move", str(path), *args],
                          capture_output=True, text=True, timeout=120)


def write(tmp_path, lines, name="game.jsonl"):
    path = tmp_path / name
    path.write_text("".join(ln + "\n" for ln in lines), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def record():
    return full_record(3, 21)


def test_prints_the_turn_in_order_and_a_sentence(tmp_path, record):
    cut = turn_starts(record)[len(turn_starts(record)) // 2]
    path = write(tmp_path, record[:cut])
    run = ai_move(path, "--iterations", "40", "--seed", "3")
    assert run.returncode == 0, run.stderr
    out = [json.loads(ln) for ln in run.stdout.splitlines()]
    kinds = [o["type"] for o in out]
    assert kinds[0] in MAIN and all(k in ("return", "noble") for k in kinds[1:])
    assert kinds[1:] == sorted(kinds[1:], key=["return", "noble"].index)
    # Stdout holds the JSON lines and nothing else; the sentence goes to stderr.
    assert all(ln.startswith("{") for ln in run.stdout.splitlines())
    assert run.stderr.strip().endswith(".") and "{" not in run.stderr
    from companion.engine.record import replay_lines
    assert replay_lines(complete_turn(record[:cut], out)).ok


def test_iterations_and_seed_give_the_same_move(tmp_path, record):
    path = write(tmp_path, record[:turn_starts(record)[9]])
    runs = [ai_move(path, "--iterations", "60", "--seed", "11") for _ in range(2)]
    assert runs[0].returncode == runs[1].returncode == 0
    assert runs[0].stdout == runs[1].stdout and runs[0].stdout


def test_seconds_and_levels_answer(tmp_path, record):
    path = write(tmp_path, record[:turn_starts(record)[4]])
    for args in (["--seconds", "0.3"], ["--level", "1"], ["--level", "2", "--seed", "1"]):
        run = ai_move(path, *args)
        assert run.returncode == 0, run.stderr
        assert json.loads(run.stdout.splitlines()[0])["type"] in MAIN


def test_help_exits_0():
    run = subprocess.run([sys.executable, "-m", "companion.cli.main", "ai-move", "--help"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "--iterations" in run.stdout


@pytest.mark.parametrize("case", ["rule", "inside-turn", "before-setup", "game-over"])
def test_exit_1_when_there_is_no_move_to_make(tmp_path, record, case):
    if case == "rule":
        bad = json.loads(record[3])
        bad["player"] = (bad["player"] + 1) % 3  # not that seat's turn
        lines = record[:3] + [dumps(bad)]
        words = "breaks a rule"
    elif case == "inside-turn":
        lines = record[:turn_starts(record)[5] + 1]
        words = "inside a turn"
    elif case == "before-setup":
        lines = record[:1]
        words = "before its setup"
    else:
        lines = record
        words = "game is over"
    run = ai_move(write(tmp_path, lines), "--iterations", "5")
    assert run.returncode == 1
    assert run.stdout == ""
    assert words in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("content", [None, b"", b"\xff\xfe not utf-8", b"{not json}\n",
                                     b'{"format": "other", "version": 1}\n'])
def test_exit_2_when_the_file_is_not_a_record(tmp_path, content):
    path = tmp_path / "bad.jsonl"
    if content is not None:
        path.write_bytes(content)
    run = ai_move(path)
    assert run.returncode == 2
    assert run.stdout == "" and run.stderr.strip() and "Traceback" not in run.stderr


def test_bad_budget_is_refused_without_a_traceback(tmp_path, record):
    path = write(tmp_path, record[:2])
    for args in (["--seconds", "0"], ["--iterations", "0"], ["--level", "7"],
                 ["--seconds", "1", "--iterations", "5"]):
        run = ai_move(path, *args)
        assert run.returncode == 2 and run.stdout == "" and "Traceback" not in run.stderr
