"""`splendor-companion replay` as a user runs it: a subprocess on good, bad and malformed records."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.engine import play_random_game
from companion.engine.record import dumps, record_lines

HEADER = {"format": "splendor-record", "version": 1, "players": ["Ana", "Ben"],
          "rules": {"short_take": "when_scarce"}}
SETUP = {"type": "setup", "first": 0, "nobles": ["N03", "N07", "N01"],
         "market": [["1W01", "1U04", "1R02", "1K07"], ["2G01", "2W05", "2R03", "2K02"],
                    ["3U02", "3W01", "3G04", "3R03"]]}
OPENING = [
    {"type": "take", "player": 0, "gems": {"red": 1, "blue": 1, "green": 1}},
    {"type": "end_turn", "player": 0},
    {"type": "reserve", "player": 1, "card": "2R03"},
    {"type": "reveal", "level": 2, "slot": 2, "card": "2U06"},
    {"type": "end_turn", "player": 1},
    {"type": "reserve", "player": 0, "level": 3},
    {"type": "end_turn", "player": 0},
]


def run(path, *extra):
    proc = subprocess.run([sys.executable, "-m", "companion", "replay", str(path), *extra],
                          capture_output=True, text=True, timeout=60)
    return proc


def write(tmp_path, lines, name="game.jsonl"):
    path = tmp_path / name
    path.write_text("".join((line if isinstance(line, str) else dumps(line)) + "\n"
                            for line in lines), encoding="utf-8")
    return path


def test_good_record_text_and_json(tmp_path):
    path = write(tmp_path, [HEADER, SETUP, *OPENING])
    proc = run(path)
    assert proc.returncode == 0, proc.stderr
    assert "Every line is legal" in proc.stdout and "Ben (seat 1) to play" in proc.stdout
    out = json.loads(run(path, "--json").stdout)
    assert out["ok"] is True and out["error"] is None
    assert out["turn"] == 3 and out["active"] == 1 and out["finished"] is False
    assert out["bank"] == {"white": 4, "blue": 3, "green": 3, "red": 3, "black": 4, "gold": 3}
    ana, ben = out["players"]
    assert ana["tokens"] == {"white": 0, "blue": 1, "green": 1, "red": 1, "black": 0, "gold": 1}
    assert ana["reserved"] == 1 and ben["reserved"] == 1 and out["winners"] == []
    assert set(ana) == {"name", "points", "cards", "nobles", "tokens", "bonuses", "reserved"}


def test_finished_game_lists_winners(tmp_path):
    game = play_random_game(3, seed=11).game
    path = write(tmp_path, list(record_lines(game)))
    out = json.loads(run(path, "--json").stdout)
    assert out["finished"] is True and out["active"] is None
    assert out["winners"] == list(game.outcome.winners)
    assert [p["points"] for p in out["players"]] == list(game.points)
    text = run(path).stdout
    assert "The game is over" in text


def test_rule_break_names_line_code_and_sentence(tmp_path):
    bad = {"type": "take", "player": 1, "gems": {"red": 2}}
    # After Ana took a red, 3 red are left: two of one colour needs 4.
    path = write(tmp_path, [HEADER, SETUP, *OPENING[:2], bad])
    proc = run(path)
    assert proc.returncode == 1
    assert "Line 5" in proc.stdout and "take-two-needs-four" in proc.stdout
    assert "Only 3 red tokens are in the bank" in proc.stdout
    out = json.loads(run(path, "--json").stdout)
    assert out["ok"] is False
    assert out["error"]["line"] == 5 and out["error"]["rule"] == "take-two-needs-four"
    assert out["turn"] == 1 and out["active"] == 1  # the state after the last legal line


@pytest.mark.parametrize("line,fragment", [
    ("{not json", "not valid JSON"),
    (json.dumps({"type": "dance", "player": 0}), "not an event type"),
    (json.dumps({"type": "take", "player": 0, "gems": {"purple": 1}}), "not a colour"),
    (json.dumps({"type": "take", "player": 0, "gems": {"red": 0}}), "positive whole number"),
    (json.dumps({"type": "take", "player": 0, "gems": {}}), "at least one token"),
    (json.dumps({"type": "take", "player": 2, "gems": {"red": 1}}), "not a seat"),
    (json.dumps({"type": "buy", "player": 0, "card": "9Z99", "pay": {}}), "not a card id"),
    (json.dumps({"type": "noble", "player": 0, "noble": "N11"}), "not a noble id"),
    (json.dumps({"type": "reveal", "level": 4, "slot": 0, "card": "1W02"}), "level"),
    (json.dumps({"type": "take", "player": 0, "gems": {"red": 1}, "extra": 1}), "no field"),
    (json.dumps([1, 2]), "not a JSON object"),
    ("", "empty"),
])
def test_malformed_lines_exit_1(tmp_path, line, fragment):
    path = write(tmp_path, [HEADER, SETUP, line, OPENING[0]])
    out = json.loads(run(path, "--json").stdout)
    assert out["error"]["rule"] == "malformed" and out["error"]["line"] == 3
    assert fragment in out["error"]["message"]
    assert run(path).returncode == 1


def test_setup_that_does_not_fit_is_malformed(tmp_path):
    setup = dict(SETUP, nobles=["N03", "N07"])
    path = write(tmp_path, [HEADER, setup])
    out = json.loads(run(path, "--json").stdout)
    assert out["error"] == {"line": 2, "rule": "malformed",
                            "message": "A 2-player game reveals 3 nobles, not 2."}
    row = dict(SETUP, market=[["1W01", "1U04", "1R02", "2K02"], *SETUP["market"][1:]])
    out = json.loads(run(write(tmp_path, [HEADER, row], "b.jsonl"), "--json").stdout)
    assert out["error"]["rule"] == "malformed" and "not a level 1 card" in out["error"]["message"]


def test_event_before_setup_is_malformed(tmp_path):
    out = json.loads(run(write(tmp_path, [HEADER, OPENING[0]]), "--json").stdout)
    assert out["error"]["rule"] == "malformed" and out["error"]["line"] == 2


@pytest.mark.parametrize("content,fragment", [
    (b"", "empty"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b"{bad json\n", "not valid JSON"),
    (json.dumps({"format": "chess-pgn", "version": 1}).encode(), "not a game record header"),
    (json.dumps(dict(HEADER, version=2)).encode(), "only version 1"),
    (json.dumps(dict(HEADER, players=["Solo"])).encode(), "2 to 4 players"),
    (json.dumps(dict(HEADER, players=["A", "B", "C", "D", "E"])).encode(), "2 to 4 players"),
])
def test_unreadable_file_exit_2_with_json_error(tmp_path, content, fragment):
    path = tmp_path / "x.jsonl"
    path.write_bytes(content)
    proc = run(path, "--json")
    assert proc.returncode == 2
    assert fragment in proc.stderr
    out = json.loads(proc.stdout)
    assert out == {"ok": False, "error": {"line": 1, "rule": "malformed",
                                          "message": out["error"]["message"]}}


def test_missing_file_exit_2(tmp_path):
    proc = run(tmp_path / "nope.jsonl")
    assert proc.returncode == 2 and "There is no file" in proc.stderr and proc.stdout == ""


def test_header_only_is_a_legal_record(tmp_path):
    proc = run(write(tmp_path, [HEADER]))
    assert proc.returncode == 0 and "not been set up" in proc.stdout


def test_bench_json(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "companion", "bench", "--players", "3",
                           "--seconds", "0.3", "--json"], capture_output=True, text=True,
                          timeout=60)
    out = json.loads(proc.stdout)
    assert set(out) == {"players", "steps_per_s", "games_per_s", "games"}
    assert out["players"] == 3 and out["games"] >= 1 and out["steps_per_s"] > 0


def test_game_from_lines_on_empty_input_says_so():
    from companion.engine.errors import RecordError
    from companion.engine.record import game_from_lines
    with pytest.raises(RecordError, match="empty"):
        game_from_lines([])
