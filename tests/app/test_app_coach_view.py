"""The coach's and the hint's view-model without a window: the worker hands snapshots to the
UI thread's queue (here a plain list the test drains, standing in for Kivy's Clock)."""
from __future__ import annotations

import doctest
import queue
import threading

from companion.ai.coach import TurningPoint
from companion.ai.reasons import Reason
from companion.engine import play_random_game
from companion.ui import coach_view as CV


class UiQueue:
    """What Clock.schedule_once does for the app: calls wait here for the UI thread."""

    def __init__(self):
        self.q = queue.Queue()

    def __call__(self, fn, *args):
        self.q.put((fn, args))

    def run_one(self, timeout=30):
        fn, args = self.q.get(timeout=timeout)   # waits for the worker, never a fixed sleep
        fn(*args)


def finished_game():
    return play_random_game(players=3, seed=4).game


def fake_coach(release: dict):
    """A coach that waits for the test's go-ahead per seat, and finds one point for it."""
    def coach(text, seat, stop_event=None):
        release[seat].wait(30)
        start = CV.turn_starts(text)[seat]
        return [TurningPoint(seat, start + 1, [{"type": "take", "player": seat,
                                                "gems": {"white": 1}}],
                             [{"type": "take", "player": seat,
                               "gems": {"red": 1, "blue": 1, "green": 1}}],
                             0.2, "", 0.5, 0.3,
                             (Reason("points", 2), Reason("deny", 2, seat=(seat + 1) % 3)))]
    return coach


def test_docstring_examples():
    assert doctest.testmod(CV).failed == 0


def test_the_seats_arrive_one_by_one_as_immutable_snapshots_and_stop_drops_late_answers():
    game = finished_game()
    ui = UiQueue()
    release = {s: threading.Event() for s in range(3)}
    coach = CV.Coach(ui, fake_coach(release))
    seen = []
    first = coach.start("game-1", game, [0, 2], seen.append)
    assert first.seats == () and first.waiting == (game.names[0], game.names[2])
    assert not first.done
    release[0].set()
    ui.run_one()
    assert [s.seat for s in seen[-1].seats] == [0] and not seen[-1].done
    point = seen[-1].seats[0].points[0]
    # Why the better move was better, then how much it mattered; an opponent by name.
    assert CV.point_view(point).mattered == (
        "It would have scored 2 points at once. "
        f"{game.names[1]} could pay for that card on their next turn: the better move takes it "
        "first. With the better move your chance of winning would have been about 50 %; with "
        "the move you made it was about 30 %.")
    try:
        point.turn = 3
        raise AssertionError("a snapshot must not change")
    except AttributeError:
        pass
    # The screen is left: the coach stops; seat 2's late answer never reaches the listener.
    coach.stop()
    release[2].set()
    assert len(seen) == 1   # (a stopped worker publishes nothing: its stop event is set)
    # Back on the screen: only seat 2 is judged again, seat 0 is kept.
    again = coach.start("game-1", game, [0, 2], seen.append)
    assert [s.seat for s in again.seats] == [0]
    ui.run_one()
    assert seen[-1].done and [s.seat for s in seen[-1].seats] == [0, 2]


def test_a_fault_in_the_search_is_a_failed_snapshot_not_a_crash():
    game = finished_game()
    ui = UiQueue()

    def broken(text, seat, stop_event=None):
        raise RuntimeError("the search fell over")
    seen = []
    CV.Coach(ui, broken).start("g", game, [0], seen.append)
    ui.run_one()
    assert seen[-1].failed and seen[-1].done
    assert CV.coach_status(seen[-1], 1) == "The coach could not look at this game."


def test_a_blind_reserve_made_is_said_without_asking_for_a_scan():
    said = CV._move_sentence([{"type": "reserve", "player": 0, "level": 2}], gold=True)
    assert said == "Reserve the top card of the level 2 deck and take 1 gold."
    said = CV._move_sentence([{"type": "reserve", "player": 0, "level": 3}], gold=False)
    assert said == "Reserve the top card of the level 3 deck."
