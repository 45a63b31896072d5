"""Every press path of the seat panel, driven on gpiozero's MockFactory pins."""
from __future__ import annotations

import threading

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.panel import SeatPanel
from hardware.timers import ManualTimers

from .conftest import Recorder, make_config, tap


def test_clean_tap_ends_that_seats_turn(panel_factory):
    panel = panel_factory()
    rec = Recorder(panel)
    tap(panel, 2)
    assert rec.events == [("turn-end", 2)]
    panel.timers.advance(5.0)  # nothing later: no settle check, no hold
    assert rec.events == [("turn-end", 2)]


def toggle(pin, edges, gap, timers, end_pressed):
    """An odd number of alternating edges ``gap`` apart on the panel's clock, the first and
    the last leaving the button pressed (``end_pressed``) or released."""
    assert edges % 2 == 1
    for i in range(edges):
        if i:
            timers.advance(gap)
        down = (i % 2 == 0) == end_pressed
        pin.drive_low() if down else pin.drive_high()


def test_bounces_with_exact_times_count_once(panel_factory):
    panel = panel_factory()
    rec = Recorder(panel)
    pin, timers = panel.buttons[1].pin, panel.timers
    toggle(pin, 9, 0.004, timers, end_pressed=True)    # 36 ms of bounce, ends pressed
    assert rec.events == []  # nothing until the release
    timers.advance(0.2)      # held 0.2 s, under the hold time of 0.3 s
    toggle(pin, 9, 0.004, timers, end_pressed=False)   # the release bounces too
    assert rec.events == [("turn-end", 1)]
    timers.advance(0.15)  # the settle checks run: they must not add a press
    assert rec.events == [("turn-end", 1)]
    assert timers.pending() == 0


def test_nine_edges_5ms_apart_count_once(panel_factory):
    panel = panel_factory()
    rec = Recorder(panel)
    pin, timers = panel.buttons[0].pin, panel.timers
    before = len(pin.states)
    toggle(pin, 9, 0.005, timers, end_pressed=True)    # a bouncing press
    timers.advance(0.1)
    toggle(pin, 9, 0.005, timers, end_pressed=False)   # a bouncing release
    timers.advance(0.2)
    assert rec.events == [("turn-end", 0)]
    assert len(pin.states) - before == 18              # the pin saw every bounce


def test_a_gap_just_over_the_debounce_time_is_a_new_edge(panel_factory):
    # The filter's boundary: 51 ms of quiet, so the contact opening again is a release read
    # at once (a turn end), while 49 ms would be a bounce read only when it settles.
    panel = panel_factory()
    rec = Recorder(panel)
    pin, timers = panel.buttons[3].pin, panel.timers
    pin.drive_low()
    timers.advance(0.051)
    pin.drive_high()
    assert rec.events == [("turn-end", 3)]
    timers.advance(0.2)
    pin.drive_low()
    timers.advance(0.049)
    pin.drive_high()
    assert rec.events == [("turn-end", 3)]
    timers.advance(0.05)
    assert rec.events == [("turn-end", 3), ("turn-end", 3)]


def test_tap_shorter_than_debounce_is_not_lost(panel_factory):
    panel = panel_factory()
    rec = Recorder(panel)
    tap(panel, 3, seconds=0.01)
    assert rec.events == []                     # the release was read as a bounce...
    panel.timers.advance(0.05)
    assert rec.events == [("turn-end", 3)]      # ...until the contact settled released
    panel.timers.advance(0.15)
    assert rec.events == [("turn-end", 3)]


def test_two_taps_are_two_turn_ends(panel_factory):
    panel = panel_factory()
    rec = Recorder(panel)
    tap(panel, 1)
    panel.timers.advance(0.1)
    tap(panel, 1)
    assert rec.events == [("turn-end", 1), ("turn-end", 1)]


def test_long_press_with_short_hold_time_is_an_undo_request(panel_factory):
    panel = panel_factory(make_config(hold_seconds=0.3))
    rec = Recorder(panel)
    pin = panel.buttons[2].pin
    pin.drive_low()
    panel.timers.advance(0.29)
    assert rec.events == []
    panel.timers.advance(0.02)
    # The request arrives while the button is still down.
    assert rec.events == [("undo-request", 2)]
    assert panel.buttons[2].is_pressed
    pin.drive_high()
    panel.timers.advance(0.15)
    assert rec.events == [("undo-request", 2)]  # the release does not also end the turn


def test_press_shorter_than_hold_time_is_a_turn_end(panel_factory):
    panel = panel_factory(make_config(hold_seconds=0.6))
    rec = Recorder(panel)
    tap(panel, 0, seconds=0.59)
    panel.timers.advance(5.0)  # long past the hold time: no undo request may follow
    assert rec.events == [("turn-end", 0)]


def test_default_two_second_hold_is_an_undo_request(panel_factory, default_config):
    panel = panel_factory(default_config)
    rec = Recorder(panel)
    pin = panel.buttons[1].pin
    pin.drive_low()
    panel.timers.advance(1.8)
    assert rec.events == []          # not yet: 1.8 s is a long press, not a hold
    panel.timers.advance(0.3)        # 2.1 s in all
    assert rec.events == [("undo-request", 1)]
    pin.drive_high()
    panel.timers.advance(0.1)
    assert rec.events == [("undo-request", 1)]


def test_a_hold_timed_from_a_released_press_never_fires(panel_factory):
    # Press 1.5 s, release, press again: the second press gets its own full 2 s.
    panel = panel_factory(make_config(hold_seconds=2.0))
    rec = Recorder(panel)
    tap(panel, 0, seconds=1.5)
    panel.timers.advance(0.2)
    panel.buttons[0].pin.drive_low()
    panel.timers.advance(1.9)        # 3.6 s after the first press, 1.9 s into the second
    assert rec.events == [("turn-end", 0)]
    panel.timers.advance(0.2)
    assert rec.events == [("turn-end", 0), ("undo-request", 0)]


def test_simultaneous_presses_at_two_seats_are_both_delivered_once(panel_factory):
    # Two threads press and release at the same instant of the panel's clock: the release
    # comes 0 s after the press, so each is settled by the check 50 ms later.
    panel = panel_factory()
    rec = Recorder(panel)
    start = threading.Barrier(2)

    def press(seat):
        start.wait()
        pin = panel.buttons[seat].pin
        pin.drive_low()
        pin.drive_high()

    threads = [threading.Thread(target=press, args=(s,)) for s in (0, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert rec.events == []
    panel.timers.advance(0.1)
    assert sorted(rec.events) == [("turn-end", 0), ("turn-end", 3)]
    panel.timers.advance(3.0)
    assert len(rec.events) == 2


def test_interleaved_bounces_at_two_seats_each_count_once(panel_factory):
    # Both seats bounce at the same instants: each seat's filter is its own.
    panel = panel_factory()
    rec = Recorder(panel)
    pins = [panel.buttons[0].pin, panel.buttons[3].pin]
    for level in ("low", "high"):
        for i in range(7):
            if i:
                panel.timers.advance(0.003)
            for pin in pins:
                down = (i % 2 == 0) == (level == "low")
                pin.drive_low() if down else pin.drive_high()
        panel.timers.advance(0.2)
    assert rec.events == [("turn-end", 0), ("turn-end", 3)]
    panel.timers.advance(0.15)
    assert rec.events == [("turn-end", 0), ("turn-end", 3)]


def test_presses_are_delivered_in_order_and_the_panel_keeps_no_queue(panel_factory):
    # The referee's door is the one queue of presses (companion/referee/door.py): the panel
    # hands each counted press on at once, a seat's second press included (the door counts
    # it once: tests/referee/test_referee_door.py).
    panel = panel_factory()
    rec = Recorder(panel)
    tap(panel, 1)
    panel.timers.advance(0.1)
    tap(panel, 1)
    panel.timers.advance(0.1)
    tap(panel, 2)
    assert rec.events == [("turn-end", 1), ("turn-end", 1), ("turn-end", 2)]
    for gone in ("busy", "referee_busy", "pending"):
        assert not hasattr(panel, gone), gone


def test_presses_reach_the_app_only_through_the_dispatcher(panel_factory):
    # A dispatcher like Kivy's clock: calls are queued and run later by the app's loop.
    scheduled = []
    panel = panel_factory(dispatch=lambda fn, *args: scheduled.append((fn, args)))
    rec = Recorder(panel)
    tap(panel, 2)
    panel.timers.advance(0.1)
    tap(panel, 3)                    # before the app's loop ran: both wait in the dispatcher
    panel.show_turn(1)
    assert rec.events == [] and rec.lights == []
    main_thread = threading.get_ident()
    ran_in = set()
    for fn, args in scheduled:
        ran_in.add(threading.get_ident())
        fn(*args)
    assert rec.events == [("turn-end", 2), ("turn-end", 3)]  # in the order pressed
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
    panel.timers.advance(0.08)
    panel.virtual_release(3)
    panel.virtual_press(0)
    panel.timers.advance(0.3)
    panel.virtual_release(0)
    assert rec.events == [("turn-end", 3), ("undo-request", 0)]


def test_unknown_seat_is_a_clear_error(panel_factory):
    panel = panel_factory(make_config())
    with pytest.raises(ValueError, match="Seat 4 is not on this panel: its seats are 0 to 3."):
        panel.virtual_press(4)
    with pytest.raises(ValueError, match="Noble slot 5 is not on the mat"):
        panel.show_noble_visit(0, [5])


def test_close_releases_every_pin(panel_factory):
    from gpiozero.exc import GPIOPinInUse

    panel = panel_factory()
    factory = panel.pin_factory
    with pytest.raises(GPIOPinInUse):
        SeatPanel(make_config(), pin_factory=factory)
    panel.close()
    panel.close()  # twice is fine
    again = SeatPanel(make_config(), pin_factory=factory,
                      timers=ManualTimers())  # every pin is free again
    rec = Recorder(again)
    tap(again, 0)
    assert rec.events == [("turn-end", 0)]
    again.close()


def test_real_timers_deliver_a_hold_and_stop_on_close():
    # The app's own timer thread (not the manual clock): a 50 ms hold arrives by itself,
    # waited for on an event with a generous safety timeout, and close stops the thread.
    panel = SeatPanel(make_config(hold_seconds=0.05), pin_factory=MockFactory())
    got = threading.Event()
    panel.when_undo_request = lambda seat: got.set()
    panel.buttons[2].pin.drive_low()
    assert got.wait(30)
    thread = panel.timers._thread
    panel.close()
    assert not thread.is_alive()
