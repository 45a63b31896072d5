"""Hands-free turns (issue 36, optional, off by default): a settled still that shows one
complete legal turn of the active seat ends it after a grace time, unless a touch stops the
countdown; a turn that can't be told complete waits for the button. Through the app's
controller, the real referee door and a real SQLite journal; the clock is injected."""
from __future__ import annotations

import json

from companion.app.controller import Controller
from companion.referee import rejudge
from companion.referee.journal import Journal
from tests.referee.table_play import TablePlay


class Table:
    """The camera of a simulated table: it reports the reading of the table now."""

    def __init__(self):
        self.observation = None

    def observe(self):
        return None, self.observation

    def still(self):
        raise AssertionError("this camera reports readings")


def _controller(tmp_path, play, camera):
    ctl = Controller(tmp_path, camera=camera, threaded=False)
    names = list(play.names) + [None] * (4 - len(play.names))
    assert ctl.new_game(names, play.setup.first) == []
    d = ctl.draft
    for slot in d.slots():
        d.put(slot, play.setup.nobles[slot[1]] if slot[0] == "noble"
              else play.setup.market[slot[1] - 1][slot[2]])
    assert ctl.confirm_setup() == []
    return ctl


def test_a_whole_game_hands_free_is_judged_as_with_presses(tmp_path):
    play = TablePlay(2, seed=21, scan_probability=1.0)
    camera = Table()
    ctl = _controller(tmp_path, play, camera)
    now = [0.0]
    ctl.watch.clock = lambda: now[0]
    assert ctl.watch.hands_free is False     # off unless the players choose it
    ctl.watch.hands_free = True
    auto = pressed = stopped = 0
    try:
        while not play.finished:
            turn = play.play_turn()
            camera.observation = turn.observation
            assert ctl.watch.take_still(camera)          # the watcher's settled still
            if ctl.watch.countdown is not None and stopped == 0:
                # A touch stops the countdown: nothing ends, the button is still there.
                before = ctl.game.turn
                ctl.watch.touch()
                now[0] += ctl.watch.grace_s + 1
                ctl.watch.tick()
                assert ctl.game.turn == before
                stopped += 1
            elif ctl.watch.countdown is not None and stopped == 1:
                # A hand on the table (motion in the stream) stops it too.
                ctl.watch.moved()
                assert ctl.watch.countdown is None
                stopped += 1
            elif ctl.watch.countdown is not None:
                assert ctl.watch.seconds_left() == ctl.watch.grace_s
                now[0] += ctl.watch.grace_s
                ctl.watch.tick()
                auto += 1
                assert ctl.verdict.kind == "accepted"
            if ctl.game.snapshot() != turn.state:
                ctl.press_button(ctl.button_of.index(turn.seat))
                pressed += 1
                while ctl.question is not None:
                    ctl.answer(play.answer_for(ctl.pending_question, ctl.game, turn))
            assert ctl.game.snapshot() == turn.state, (turn.actions, ctl.verdict)
    finally:
        ctl.close()
    assert auto > 20 and pressed >= 2 and stopped == 2, (auto, pressed)
    session = next((tmp_path / "sessions").iterdir())
    events = [json.loads(x) for x in (session / "events.jsonl").read_text().splitlines()]
    assert sum(1 for e in events if e.get("auto") is True) == auto
    journal = Journal(tmp_path / "journal.sqlite")
    try:
        row = journal.history()[0]
        assert rejudge(session)["record"] == journal.lines(row["id"])
    finally:
        journal.close()
