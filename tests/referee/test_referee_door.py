"""The one door into the referee: presses in order, one at a time, never doubled, never lost;
the screens only ever see committed snapshots. No sleeps: the tests hold the worker on events."""
from __future__ import annotations

import queue
import threading

import pytest

from gpiozero.pins.mock import MockFactory

from companion.app.controller import Controller
from companion.i18n import translator
from companion.referee import Referee
from companion.referee.door import RefereeDoor
from hardware.panel import SeatPanel
from hardware.timers import ManualTimers
from tests.hardware.conftest import make_config, tap
from tests.referee.table_play import TablePlay

WAIT = 60  # seconds: a generous bound for a loaded machine, never a measured duration


class UiThread:
    """The UI thread of a test: the controller's dispatch queues callbacks; the test runs
    them, as Kivy's clock would."""

    def __init__(self):
        self.calls: "queue.Queue" = queue.Queue()

    def dispatch(self, fn, *args):
        self.calls.put((fn, args))

    def run_until(self, done, what: str):
        while not done():
            try:
                fn, args = self.calls.get(timeout=WAIT)
            except queue.Empty:
                raise AssertionError("Nothing came from the worker while waiting for "
                                     f"{what() if callable(what) else what}.")
            fn(*args)

    def run_pending(self):
        """Run what is queued now (the presses the panel handed over), without waiting."""
        while not self.calls.empty():
            fn, args = self.calls.get_nowait()
            fn(*args)


class HeldCamera:
    """A camera reporting prepared readings; the first ``observe`` waits until released."""

    def __init__(self, readings):
        self.readings = list(readings)
        self.calls = 0
        self.entered = threading.Event()
        self.release = threading.Event()

    def observe(self):
        self.calls += 1
        if self.calls == 1:
            self.entered.set()
            assert self.release.wait(WAIT), "the test never released the camera"
        return None, self.readings.pop(0)

    def still(self):
        raise AssertionError("the held camera reports readings, not stills")

    def close(self):
        pass


def _controller(tmp_path, play: TablePlay, camera, ui: UiThread) -> Controller:
    ctl = Controller(tmp_path, dispatch=ui.dispatch, camera=camera)
    names = list(play.names) + [None] * (4 - len(play.names))
    assert ctl.new_game(names, play.setup.first) == []
    d = ctl.draft
    for slot in d.slots():
        d.put(slot, play.setup.nobles[slot[1]] if slot[0] == "noble"
              else play.setup.market[slot[1] - 1][slot[2]])
    assert ctl.confirm_setup() == []
    return ctl


def test_a_press_during_judging_is_delivered_after_it_and_the_same_seat_counts_once(tmp_path):
    # The whole way of a press: the seat panel's button (mock pins) -> the UI thread -> the
    # controller -> the door, the one queue, where a seat's second press counts once.
    play = TablePlay(2, seed=4, scan_probability=1.0)
    first, second = play.play_turn(), play.play_turn()
    assert first.seat != second.seat
    camera = HeldCamera([first.observation, second.observation])
    ui = UiThread()
    ctl = _controller(tmp_path, play, camera, ui)
    panel = SeatPanel(make_config(), pin_factory=MockFactory(), dispatch=ui.dispatch,
                      timers=ManualTimers())
    ctl.attach_panel(panel)
    lang = translator.lang
    try:
        tap(panel, first.seat)
        ui.run_pending()
        assert camera.entered.wait(WAIT)
        assert ctl.busy
        # The next player presses while the first turn is judged: it waits, and says so.
        tap(panel, second.seat)
        ui.run_pending()
        name = play.names[second.seat]
        assert f"{name}'s press waits" in ctl.busy_text, ctl.busy_text
        assert ctl.message == ctl.busy_text  # the sentence the Play screen shows
        # The same seat again while its press waits: dropped, with a word, never doubled;
        # said in the player's language.
        tap(panel, second.seat)
        ui.run_pending()
        assert ctl.message == f"{name}'s press is already waiting; it counts once."
        translator.set_language("pl")
        tap(panel, second.seat)
        ui.run_pending()
        assert ctl.message == f"Naciśnięcie gracza {name} już czeka; liczy się raz."
        translator.set_language("ko")
        tap(panel, second.seat)
        ui.run_pending()
        assert ctl.message == f"{name} 님의 버튼 누름이 이미 기다리고 있어 한 번만 셉니다."
        translator.set_language(lang)
        assert ctl.game.turn == 0  # nothing shown before the first turn is committed
        camera.release.set()
        ui.run_until(lambda: ctl.game.turn == 2 and not ctl.busy,
                     lambda: f"both turns (turn {ctl.game.turn}, busy {ctl.busy}, {ctl.message!r})")
        assert camera.calls == 2
        assert ctl.verdict.kind == "accepted" and ctl.verdict.seat == second.seat
        assert ctl.game.snapshot() == second.state
    finally:
        translator.set_language(lang)
        camera.release.set()
        ctl.close()
        panel.close()


def test_two_seats_pressing_at_once_are_both_judged_one_at_a_time(tmp_path):
    play = TablePlay(2, seed=6, scan_probability=1.0)
    turn = play.play_turn()
    other = 1 - turn.seat
    door = RefereeDoor()
    door.open(lambda: Referee.start(list(play.names), first=play.setup.first,
                                    data_dir=tmp_path))
    door.call(lambda ref: ref.confirm_setup(play.setup)).result(WAIT)
    inside = []
    lock = threading.Lock()

    def judge_for(seat):
        def fn(r):
            with lock:
                inside.append(seat)
                assert len(inside) == 1, "two presses judged at the same time"
            try:
                return r.press(seat, observation=turn.observation), None, {}
            finally:
                with lock:
                    inside.remove(seat)
        return fn

    start = threading.Barrier(2)
    futures = {}

    def press(seat):
        start.wait()
        futures[seat] = door.press(seat, judge_for(seat))

    threads = [threading.Thread(target=press, args=(s,)) for s in (turn.seat, other)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    verdicts = {s: f.result(WAIT).verdict for s, f in futures.items()}
    door.close(WAIT)
    assert verdicts[turn.seat].kind == "accepted"
    # Judged before: not this seat's turn; judged after: the table shows no new action.
    assert verdicts[other].kind == "rejected"
    assert verdicts[other].rule in ("not-your-turn", "no-action")
    again = Referee.resume(tmp_path)
    assert again.game.turn == 1 and again.game.snapshot() == turn.state
    again.close()


def test_a_wrong_seat_during_a_touch_entered_turn_is_not_your_turn_and_the_turn_stays(tmp_path):
    play = TablePlay(2, seed=2, scan_probability=1.0)
    ctl = Controller(tmp_path, threaded=False)
    names = list(play.names) + [None, None]
    assert ctl.new_game(names, play.setup.first) == []
    d = ctl.draft
    for slot in d.slots():
        d.put(slot, play.setup.nobles[slot[1]] if slot[0] == "noble"
              else play.setup.market[slot[1] - 1][slot[2]])
    assert ctl.confirm_setup() == []
    active = ctl.game.active
    take = ctl.entry.take_options()[0]
    assert ctl.send(ctl.entry.take_line(take)).kind == "entered"
    ctl.press_button(ctl.button_of[1 - active])
    assert ctl.verdict.kind == "rejected" and ctl.verdict.rule == "not-your-turn"
    assert f"It is {play.names[active]}'s turn" in ctl.message
    assert ctl.game.turn == 0 and ctl.game.main is not None  # the entered take is still there
    assert len(ctl.entry.lines) == 1
    ctl.press_button(ctl.button_of[active])
    assert ctl.verdict.kind == "accepted" and ctl.game.turn == 1
    ctl.close()


def test_an_undo_during_judging_waits_for_the_verdict(tmp_path):
    play = TablePlay(2, seed=9, scan_probability=1.0)
    turn = play.play_turn()
    camera = HeldCamera([turn.observation])
    ui = UiThread()
    ctl = _controller(tmp_path, play, camera, ui)
    try:
        ctl.press_button(turn.seat)
        assert camera.entered.wait(WAIT)
        ctl.undo()
        assert "the undo waits" in ctl.busy_text
        camera.release.set()
        ui.run_until(lambda: not ctl.busy and ctl.message.startswith("The last turn"), "undo")
        assert ctl.game.turn == 0
    finally:
        camera.release.set()
        ctl.close()


@pytest.mark.slow  # 10 s of racing readers; the door's other tests stay in the default suite (issue 35: the suite's time)
def test_a_reader_never_sees_a_state_that_was_not_committed(tmp_path):
    """200 turns judged in the worker while another thread polls the snapshots."""
    door = RefereeDoor()
    committed = set()
    turns_done = 0
    seen = {"count": 0, "bad": []}
    stop = threading.Event()

    def read():
        while not stop.is_set():
            snap = door.last
            g = snap.game
            if g is None:
                continue
            seen["count"] += 1
            state = g.snapshot()
            if g.main is not None or (state not in committed and g.turn > 0):
                seen["bad"].append((snap.seq, g.turn))

    reader = threading.Thread(target=read)
    seed = 20
    reader.start()
    try:
        while turns_done < 200:
            play = TablePlay(2, seed)
            seed += 1
            door.open(lambda: Referee.start(list(play.names), first=play.setup.first,
                                            data_dir=tmp_path))
            door.call(lambda ref: ref.confirm_setup(play.setup)).result(WAIT)
            while not play.finished and turns_done < 200:
                turn = play.play_turn()
                committed.add(turn.state)  # what the snapshot may show once this commits

                def fn(ref, turn=turn):
                    v = ref.press(turn.seat, observation=turn.observation)
                    while v.kind == "question":
                        v = ref.answer(play.answer_for(v, ref.game, turn))
                    return v, None, {}
                snap = door.press(turn.seat, fn).result(WAIT)
                assert snap.verdict.kind == "accepted", snap.verdict
                assert snap.game.snapshot() == turn.state
                turns_done += 1
    finally:
        stop.set()
        reader.join()
        door.close(WAIT)
    assert turns_done == 200
    assert seen["count"] > 0
    assert seen["bad"] == []
