"""The journal and the session folder: history, export, undo, resume exactly where it stopped,
rejudge as judged live, and damaged files."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine.record import replay
from companion.i18n.notices import say
from companion.referee.journal import Journal, JournalError
from companion.referee import Referee, rejudge
from tests.referee.table_play import TABLE_CODES, TablePlay, illegal_observation
from companion.referee.session import data_dir

from .referee_helpers import play_game

ROOT = Path(__file__).resolve().parents[2]


def cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))


def live_game(d: Path, players: int, seed: int, turns: int, inject: float = 0.4) -> tuple:
    """Play ``turns`` turns with illegal tables injected; the live verdicts as rejudge
    prints them."""
    play = TablePlay(players, seed)
    ref = Referee.start(list(play.names), first=play.setup.first, data_dir=d)
    ref.confirm_setup(play.setup, observation=play.setup_observation())
    rng = random.Random(seed)
    verdicts = []
    for _ in range(turns):
        if play.finished:
            break
        if rng.random() < inject:
            made = illegal_observation(play, rng.choice(TABLE_CODES), rng)
            if made:
                v = ref.press(made[0], observation=made[1])
                if v.kind == "question":
                    v = ref.answer(0)
                verdicts.append(v.to_dict(press=len(verdicts) + 1))
        turn = play.play_turn()
        v = ref.press(turn.seat, observation=turn.observation)
        while v.kind == "question":
            v = ref.answer(play.answer_for(v, ref.game, turn))
        verdicts.append(v.to_dict(press=len(verdicts) + 1))
    return play, ref, verdicts


def test_history_player_wins_and_export(tmp_path):
    for seed in (1, 2):
        play_game(2, seed, str(tmp_path), inject=0.0)
    journal = Journal(tmp_path / "journal.sqlite")
    try:
        history = journal.history()
        assert len(history) == 2
        stats = journal.player_stats()
        assert sum(s["games"] for s in stats.values()) == 4
        assert sum(s["wins"] for s in stats.values()) == sum(len(g["winners"]) for g in history)
        out = tmp_path / "game.jsonl"
        journal.export(history[0]["id"], out)
    finally:
        journal.close()
    result = replay(out)
    assert result.ok and result.game.finished
    assert list(result.game.outcome.points) == history[0]["points"]
    done = cli("replay", str(out), "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["finished"] is True


def test_resume_restores_a_pending_question(tmp_path):
    for seed in range(40):
        d = tmp_path / f"s{seed}"
        play = TablePlay(3, seed)
        ref = Referee.start(list(play.names), first=play.setup.first, data_dir=d)
        ref.confirm_setup(play.setup)
        while not play.finished:
            turn = play.play_turn()
            v = ref.press(turn.seat, observation=turn.observation)
            if v.kind == "question":
                break
            assert v.kind == "accepted"
        if v.kind != "question":
            ref.close()
            continue
        ref.close()  # the app stops while the question is on screen
        again = Referee.resume(d)
        q = again.pending_question
        assert (q.question, q.candidates, q.seat) == (v.question, v.candidates, v.seat)
        final = again.answer(play.answer_for(q, again.game, turn))
        assert final.kind == "accepted" and again.game.snapshot() == turn.state
        again.close()
        assert Referee.resume(d).pending_question is None
        return
    pytest.fail("no question in 40 games")


def test_undo_is_journalled_and_survives_a_restart(tmp_path):
    play, ref, _ = live_game(tmp_path, 2, 5, 4, inject=0.0)
    assert ref.game.turn == 4
    undone = ref.undo()
    assert undone[-1]["type"] == "end_turn" and ref.game.turn == 3
    ref.close()
    again = Referee.resume(tmp_path)
    assert again.game.turn == 3
    session = next((tmp_path / "sessions").iterdir())
    events = [json.loads(l) for l in (session / "events.jsonl").read_text().splitlines()]
    assert events[-1]["type"] == "undo"
    assert rejudge(session)["record"] == again.record()
    again.close()


def test_rejudge_prints_what_was_judged_live(tmp_path):
    play, ref, live = live_game(tmp_path, 3, 21, 40)
    record = ref.record()
    ref.close()
    session = next((tmp_path / "sessions").iterdir())
    done = cli("rejudge", str(session), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    # The referee hands up codes and facts; the command adds each verdict's English sentence.
    assert all(v.get("message") for v in out["verdicts"]), out["verdicts"]
    assert [{k: x for k, x in v.items() if k != "message"} for v in out["verdicts"]] == [
        {k: x for k, x in v.items() if k != "message"} for v in live]
    assert out["record"] == record
    assert out["finished"] is False and out["winners"] == []
    assert {v["verdict"] for v in live} >= {"accepted", "rejected"}
    text = cli("rejudge", str(session))
    assert text.returncode == 0 and "Press 1 (seat" in text.stdout


def test_rejudge_of_a_missing_or_damaged_folder(tmp_path):
    done = cli("rejudge", str(tmp_path / "nothing"))
    assert done.returncode == 2 and "There is no session folder" in done.stderr
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "session.json").write_text("{not json")
    done = cli("rejudge", str(tmp_path / "s"), "--json")
    assert done.returncode == 2 and "is damaged" in done.stderr and done.stdout == ""


def test_cut_off_events_line_is_left_out_and_nothing_earlier_lost(tmp_path):
    play, ref, live = live_game(tmp_path, 2, 8, 10, inject=0.0)
    ref.close()
    session = next((tmp_path / "sessions").iterdir())
    events = session / "events.jsonl"
    data = events.read_bytes()
    events.write_bytes(data + b'{"type": "press", "t": 9.5, "se')  # the app died mid-write
    done = cli("rejudge", str(session), "--json")
    assert done.returncode == 0
    assert "cut off" in done.stderr
    said = json.loads(done.stdout)["verdicts"]
    assert all(v.pop("message").strip() for v in said)   # rejudge --json adds the English
    assert said == live
    # A damaged line in the middle is named; the earlier turns are still in the journal.
    lines = data.decode().splitlines()
    lines[3] = lines[3][:10]
    events.write_text("\n".join(lines) + "\n")
    done = cli("rejudge", str(session))
    assert done.returncode == 2 and "Line 4 of events.jsonl is damaged" in done.stderr
    again = Referee.resume(tmp_path)
    assert again.game.turn == 10
    again.close()


@pytest.mark.parametrize("damage", ["garbage", "truncate"])
def test_damaged_journal_is_set_aside_and_rebuilt(tmp_path, damage):
    play, ref, _ = live_game(tmp_path, 4, 13, 25, inject=0.0)
    state, record = ref.game.snapshot(), ref.record()
    ref.close()
    path = tmp_path / "journal.sqlite"
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"this is not a database" + bytes(100) + data[122:])
    else:
        path.write_bytes(data[: len(data) // 2])
    with pytest.raises(JournalError):
        Journal(path).lines(1)
    again = Referee.resume(tmp_path)
    assert again is not None
    said = say(again.notice)   # the referee's facts, said by companion.i18n.notices
    assert "damaged" in said and "rebuilt from the session records" in said
    assert again.game.snapshot() == state and again.record() == record
    assert (tmp_path / "journal.sqlite.damaged-1").exists()
    again.close()


def test_data_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SPLENDOR_DATA_DIR", str(tmp_path / "state"))
    assert data_dir() == tmp_path / "state"
    monkeypatch.delenv("SPLENDOR_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "splendor-companion"


def test_a_new_game_leaves_the_unfinished_one_resumable(tmp_path):
    """New game while one is unfinished (the Home screen asks first): the old game is kept and
    offered again once the new one ends, with every confirmed turn."""
    d = tmp_path / "data"
    _play, ref, _verdicts = live_game(d, 3, seed=11, turns=4, inject=0.0)
    old_lines = ref.record()
    ref.close()
    assert Referee.unfinished(d)["players"] == list(_play.names)
    # A new game started but its setup not yet confirmed: the old one is still the offer.
    Referee.start(["Zoe", "Yan"], data_dir=d).close()
    assert Referee.unfinished(d)["players"] == list(_play.names)
    # The new game played to its end: the old one is offered again and resumes as it was.
    play_game(2, 1, str(d), inject=0.0)
    offer = Referee.unfinished(d)
    assert offer is not None and offer["players"] == list(_play.names)
    resumed = Referee.resume(d)
    assert resumed.record() == old_lines
    resumed.close()
