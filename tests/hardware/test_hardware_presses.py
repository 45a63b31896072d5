"""Every press path of the seat panel, driven on gpiozero's MockFactory pins."""
from __future__ import annotations

import threading
import time

import pytest

from .conftest import Recorder, make_config, tap


class FakeClock:
    """A monotonic clock the test moves by hand, for exact edge times."""

    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def test_clean_tap_ends_that_seats_turn(panel_factory):
    panel = panel_factory()
    rec = Recorder(panel)
    tap(panel, 2)
    assert rec.events == [("turn-end", 2)]


def test_bounces_with_exact_times_count_once(panel_factory):
    clock = FakeClock()
    panel = panel_factory(clock=clock)
    rec = Recorder(panel)
    pin = panel.buttons[1].pin
    # Press: 9 edges 4 ms apart (36 ms of bounce), ends pressed.
    for i in range(9):
        clock.t = 100.0 + i * 0.004
        pin.drive_low() if i % 2 == 0 else pin.drive_high()
    assert rec.events == []  # nothing until the release
    # Release with its own bounce.
    for i in range(9):
        clock.t = 100.5 + i * 0.004
        pin.drive_high() if i % 2 == 0 else pin.drive_low()
    assert rec.events == [("turn-end", 1)]
    time.sleep(0.15)  # let the settle checks run: they must not add a press
    assert rec.events == [("turn-end", 1)]


def bounce(pin, end_pressed, toggles=5, gap=0.005):
    """Toggle the pin `toggles` times `gap` apart, ending at `end_pressed`; return the gaps
    the pin really saw (a loaded machine can stretch a 5 ms sleep past the debounce)."""
    first = len(pin.states)
    for _ in range(toggles):
        (pin.drive_high if end_pressed else pin.drive_low)()
        time.sleep(gap)
        (pin.drive_low if end_pressed else pin.drive_high)()
        time.sleep(gap)
    return [s.timestamp for s in pin.states[first + 1:]]


def test_real_bounces_five_toggles_5ms_apart_count_once(panel_factory):
    for _attempt in range(5):
        panel = panel_factory()
        rec = Recorder(panel)
        pin = panel.buttons[0].pin
        gaps = bounce(pin, end_pressed=True)     # a bouncing press, ends pressed
        time.sleep(0.1)
        gaps += bounce(pin, end_pressed=False)   # a bouncing release, ends released
        rec.wait_events(1)
        time.sleep(0.2)                          # any late settle check has run by now
        if max(gaps) < 0.04:                     # every bounce really was inside 50 ms
            assert rec.events == [("turn-end", 0)]
            assert len(gaps) >= 16               # the pin really saw every bounce
            return
        panel.close()
    pytest.skip(f"This machine is too loaded to toggle a pin 5 ms apart (gaps {gaps}).")


def test_tap_shorter_than_debounce_is_not_lost(panel_factory):
    panel = panel_factory()
    rec = Recorder(panel)
    tap(panel, 3, seconds=0.01)
    assert rec.wait_events(1) == [("turn-end", 3)]
    time.sleep(0.15)
    assert rec.events == [("turn-end", 3)]


def test_two_taps_are_two_turn_ends(panel_factory):
    panel = panel_factory()
    rec = Recorder(panel)
    tap(panel, 1)
    time.sleep(0.1)
    tap(panel, 1)
    assert rec.wait_events(2) == [("turn-end", 1), ("turn-end", 1)]


def test_long_press_with_short_hold_time_is_an_undo_request(panel_factory):
    panel = panel_factory(make_config(hold_seconds=0.3))
    rec = Recorder(panel)
    pin = panel.buttons[2].pin
    pin.drive_low()
    # The request arrives while the button is still down (gpiozero's hold thread).
    assert rec.wait_events(1) == [("undo-request", 2)]
    assert panel.buttons[2].is_pressed
    pin.drive_high()
    time.sleep(0.15)
    assert rec.events == [("undo-request", 2)]  # the release does not also end the turn


def test_press_shorter_than_hold_time_is_a_turn_end(panel_factory):
    panel = panel_factory(make_config(hold_seconds=0.6))
    rec = Recorder(panel)
    tap(panel, 0, seconds=0.1)
    time.sleep(0.7)  # past the hold time: no undo request may follow
    assert rec.events == [("turn-end", 0)]


def test_default_two_second_hold_is_an_undo_request(panel_factory, default_config):
    panel = panel_factory(default_config)
    rec = Recorder(panel)
    pin = panel.buttons[1].pin
    pin.drive_low()
    time.sleep(1.8)
    assert rec.events == []          # not yet: 1.8 s is a long press, not a hold
    time.sleep(0.3)                  # 2.1 s in all
    assert rec.wait_events(1) == [("undo-request", 1)]
    pin.drive_high()
    time.sleep(0.1)
    assert rec.events == [("undo-request", 1)]


def test_simultaneous_presses_at_two_seats_are_both_delivered_once(panel_factory):
    panel = panel_factory()
    rec = Recorder(panel)
    start = threading.Barrier(2)

    def press(seat):
        start.wait()
        tap(panel, seat, seconds=0.12)

    threads = [threading.Thread(target=press, args=(s,)) for s in (0, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    events = rec.wait_events(2)
    time.sleep(0.15)
    assert sorted(rec.events) == [("turn-end", 0), ("turn-end", 3)]
    assert len(events) == 2


def test_interleaved_bounces_at_two_seats_each_count_once(panel_factory):
    # Both seats bounce at the same instants (exact times): each seat's filter is its own.
    clock = FakeClock()
    panel = panel_factory(clock=clock)
    rec = Recorder(panel)
    pins = [panel.buttons[0].pin, panel.buttons[3].pin]
    for start, level in ((100.0, "low"), (100.4, "high")):
        for i in range(7):
            clock.t = start + i * 0.003
            for pin in pins:
                down = (i % 2 == 0) == (level == "low")
                pin.drive_low() if down else pin.drive_high()
    assert rec.events == [("turn-end", 0), ("turn-end", 3)]
    time.sleep(0.15)
    assert rec.events == [("turn-end", 0), ("turn-end", 3)]


def test_press_while_busy_waits_and_is_not_doubled(panel_factory):
    panel = panel_factory()
    rec = Recorder(panel)
    panel.busy = True
    tap(panel, 1)
    time.sleep(0.1)
    tap(panel, 1)                    # impatient second press by the same seat: dropped
    time.sleep(0.1)
    tap(panel, 2)
    assert rec.events == []
    assert panel.pending == [("turn-end", 1), ("turn-end", 2)]
    panel.busy = False
    assert rec.events == [("turn-end", 1), ("turn-end", 2)]  # in the order pressed
    assert panel.pending == []


def test_referee_busy_context_and_undo_request_while_busy(panel_factory):
    panel = panel_factory(make_config(hold_seconds=0.2))
    rec = Recorder(panel)
    with panel.referee_busy():
        assert panel.busy
        pin = panel.buttons[0].pin
        pin.drive_low()
        time.sleep(0.35)
        pin.drive_high()
        assert rec.events == []
    assert not panel.busy
    assert rec.events == [("undo-request", 0)]


def test_callback_that_becomes_busy_keeps_the_rest_waiting(panel_factory):
    panel = panel_factory()
    seen = []

    def judge(seat):
        seen.append(seat)
        panel.busy = True            # the referee starts judging this press

    panel.when_turn_end = judge
    panel.busy = True
    tap(panel, 0)
    time.sleep(0.06)
    tap(panel, 1)
    panel.busy = False
    assert seen == [0] and panel.pending == [("turn-end", 1)]
    panel.busy = False
    assert seen == [0, 1]


def test_presses_reach_the_app_only_through_the_dispatcher(panel_factory):
    # A dispatcher like Kivy's clock: calls are queued and run later by the app's loop.
    scheduled = []
    panel = panel_factory(dispatch=lambda fn, *args: scheduled.append((fn, args)))
    rec = Recorder(panel)
    tap(panel, 2)
    time.sleep(0.1)
    tap(panel, 2)                    # before the app's loop ran: still one press waiting
    panel.show_turn(1)
    assert rec.events == [] and rec.lights == []
    main_thread = threading.get_ident()
    ran_in = set()
    for fn, args in scheduled:
        ran_in.add(threading.get_ident())
        fn(*args)
    assert rec.events == [("turn-end", 2)]
    assert ("seat", 1, "on") in rec.lights
    assert ran_in == {main_thread}


def test_press_during_a_pending_noble_question_is_delivered(panel_factory):
    panel = panel_factory()
    rec = Recorder(panel)
    panel.show_turn(1)
    panel.show_noble_choice(1, [0, 3])
    tap(panel, 2)                    # another seat presses while seat 1 chooses
    tap(panel, 1)                    # and the chooser presses too
    assert rec.events == [("turn-end", 2), ("turn-end", 1)]
    # The panel holds no game logic: the question is still shown until the referee says.
    assert panel.seat_lights[1].pattern.value == "slow-blink"
    assert [l.pattern.value for l in panel.noble_lights] == [
        "slow-blink", "off", "off", "slow-blink", "off"]


def test_virtual_buttons_take_the_same_path(panel_factory):
    panel = panel_factory(make_config(hold_seconds=0.2))
    rec = Recorder(panel)
    assert panel.is_virtual
    panel.virtual_press(3)
    time.sleep(0.08)
    panel.virtual_release(3)
    panel.virtual_press(0)
    time.sleep(0.3)
    panel.virtual_release(0)
    assert rec.wait_events(2) == [("turn-end", 3), ("undo-request", 0)]


def test_unknown_seat_is_a_clear_error(panel_factory):
    panel = panel_factory(make_config())
    with pytest.raises(ValueError, match="Seat 4 is not on this panel: its seats are 0 to 3."):
        panel.virtual_press(4)
    with pytest.raises(ValueError, match="Noble slot 5 is not on the mat"):
        panel.show_noble_visit(0, [5])


def test_close_releases_every_pin(panel_factory):
    from gpiozero.exc import GPIOPinInUse

    from hardware.panel import SeatPanel
    panel = panel_factory()
    factory = panel.pin_factory
    with pytest.raises(GPIOPinInUse):
        SeatPanel(make_config(), pin_factory=factory)
    panel.close()
    panel.close()  # twice is fine
    again = SeatPanel(make_config(), pin_factory=factory)  # every pin is free again
    rec = Recorder(again)
    tap(again, 0)
    assert rec.events == [("turn-end", 0)]
    again.close()
