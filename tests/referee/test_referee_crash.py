"""Crash safety: SIGKILL the referee's process at random moments; after each restart the
resumed game holds every confirmed turn, once."""
from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.engine.record import record_lines
from companion.referee import Referee
from tests.referee.table_play import TablePlay

from .referee_helpers import normal_turn, turns_of

CHILD = Path(__file__).with_name("crash_child.py")
ROOT = Path(__file__).resolve().parents[2]


def truth_turns(players: int, seed: int) -> tuple:
    play = TablePlay(players, seed)
    states = []
    while not play.finished:
        states.append(play.play_turn().state)
    return [normal_turn(t) for t in turns_of(list(record_lines(play.truth)))], states


def run_kills(data_dir: Path, kills: int, players: int, base: int, games: int,
              rng: random.Random) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    confirmed: dict = {}  # seed -> highest turn number confirmed
    truths: dict = {}
    done_kills = 0
    finished = False
    while done_kills < kills and not finished:
        child = subprocess.Popen([sys.executable, str(CHILD), str(data_dir), str(players),
                                  str(base), str(games)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, env=env, text=True)
        # The kill lands at a random moment after the child confirmed its first turn of
        # this run (however slow its start-up on a loaded machine): progress is certain.
        first = child.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.6))
        if child.poll() is None:
            child.send_signal(signal.SIGKILL)
            done_kills += 1
        out, err = child.communicate()
        out = first + out
        assert "Traceback" not in err, err
        lines = out.split("\n")
        for line in lines[:-1]:  # a line cut by the kill (no newline yet) is not counted
            if line == "all done":
                finished = True
                continue
            assert re.fullmatch(r"\d+ \d+", line), repr(out)
            seed, turn = map(int, line.split())
            confirmed[seed] = max(confirmed.get(seed, 0), turn)
        # After the restart: the resumed game holds every confirmed turn, exactly once.
        ref = Referee.resume(data_dir)
        if ref is not None:
            seed = base + len(ref.journal.history())
            if seed not in truths:
                truths[seed] = truth_turns(players, seed)
            normal, states = truths[seed]
            have = [normal_turn(t) for t in turns_of(ref.record())]
            assert len(have) >= confirmed.get(seed, 0)
            assert have == normal[:len(have)]
            if have:
                assert ref.game.snapshot() == states[len(have) - 1]
            ref.close()
    return {"kills": done_kills, "confirmed": confirmed}


def test_sigkill_at_random_moments_loses_no_confirmed_turn(tmp_path):
    _kills_lose_nothing(tmp_path, kills=6)     # the many kills are the soak's, below


@pytest.mark.slow
def test_sigkill_soak(tmp_path):
    """The soak: many kills over many turns (figures printed; run with -s to see them)."""
    result = _kills_lose_nothing(tmp_path, kills=int(os.environ.get("SOAK_KILLS", "300")))
    print(f"SIGKILL soak: {result['kills']} kills, {sum(result['confirmed'].values())} turns "
          f"confirmed over {len(result['confirmed'])} games, 0 lost")


def _kills_lose_nothing(tmp_path, kills: int) -> dict:
    # Enough games that the kills, not the games, end the run however fast the machine is.
    result = run_kills(tmp_path, kills=kills, players=2, base=300, games=4000,
                       rng=random.Random(11))
    assert result["kills"] == kills
    assert sum(result["confirmed"].values()) > kills
    # Games the kills went through to the end are kept whole in the history.
    from companion.referee.journal import Journal
    journal = Journal(tmp_path / "journal.sqlite")
    try:
        finished = journal.history()[::-1]
        for i, row in enumerate(finished):
            normal, _ = truth_turns(2, 300 + i)
            assert [normal_turn(t) for t in turns_of(journal.lines(row["id"]))] == normal
            # A kill between the commit and the confirmation leaves a turn journalled but
            # never announced: kept, and never more than the game's own turns.
            assert result["confirmed"].get(300 + i, 0) <= len(normal)
    finally:
        journal.close()
    return result
