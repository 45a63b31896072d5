"""Rendered version-2 sessions judged again (issue 36): a seeded game on the 2D renderer's
table, its stream between presses fed to the app's watcher, its stills and presses read by
the real pipeline inside the real referee (which writes the session folder and a real SQLite
journal); ``rejudge`` of the folder must judge every press as played: the game after each
press, from the accepted lines, is the game as played. Small sessions (a few turns)."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("cv2")

from companion.referee.session import read_session  # noqa: E402
from workbench.synthetic.sessions import judge_again, render_session  # noqa: E402


def _check(session):
    assert not session.stopped, session.stopped
    assert all(p.live_right for p in session.presses), [
        (p.number, p.live, p.asked) for p in session.presses]
    again = judge_again(session)
    assert [right for _n, _kind, right in again] == [True] * len(session.presses), again
    meta = json.loads((session.folder / "session.json").read_text())
    assert meta["version"] == 2
    return read_session(session.folder).events


@pytest.mark.slow
def test_forgotten_presses_with_and_without_a_splitting_still_and_mid_turn_stills(tmp_path):
    # Ana forgets (a settled gap after her turn), then Cleo forgets with Ana's hand coming in
    # before the table settled; every turn pauses mid-turn (hand off the table) when it can.
    s = render_session(tmp_path, players=3, seed=4101, mid=1.0,
                       episodes=[(2, True), (2, False), (1, False)])
    events = _check(s)
    assert [len(p.seats) for p in s.presses] == [2, 2, 1]
    assert [p.split for p in s.presses] == [True, False, False]
    assert sum(e["type"] == "still" for e in events) == len(s.stills) > 0
    # The stills are the settled tables: none missed, none extra, none under a hand.
    inside = [any(a <= i < b for a, b in s.settled) for i in s.stills]
    assert all(inside) and len(s.stills) == len(s.settled)
    assert s.mid_states and any(st in s.mid_states for st in s.still_states), \
        "a still of a turn paused midway was recorded (and did not split it)"


@pytest.mark.slow
def test_two_seats_forgetting_in_a_row_at_four_players(tmp_path):
    # With the table settled after each turn. (Without any still, three turns at four players
    # may be more than the referee's search budget: then the press stays not-your-turn, as
    # watch_bench and session_bench count.)
    s = render_session(tmp_path, players=4, seed=4102, mid=0.3,
                       episodes=[(3, True), (1, False), (3, True)])
    _check(s)
    assert [len(p.seats) for p in s.presses] == [3, 1, 3]


@pytest.mark.slow
def test_a_hands_free_game_ends_its_complete_turns_without_a_press(tmp_path):
    s = render_session(tmp_path, players=2, seed=4103, turns=6, hands_free=True, mid=0.3)
    events = _check(s)
    autos = [e for e in events if e["type"] == "press" and e.get("auto") is True]
    assert len(autos) == sum(p.auto for p in s.presses) >= 3
