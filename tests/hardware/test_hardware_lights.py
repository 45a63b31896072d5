"""Every LED pattern, read back from the mock pins' recorded state history."""
from __future__ import annotations

import statistics
import time

from .conftest import Recorder, make_config


def wait_for_changes(pin, n, timeout=5.0):
    """Wait until the pin has changed n times since its history was cleared."""
    deadline = time.monotonic() + timeout
    while len(pin.states) < n + 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    return pin.states


def half_periods(pin, n):
    """The times the LED spent in each state, from the pin's history (first change skipped)."""
    states = wait_for_changes(pin, n + 1)
    assert [s.state for s in states[1:n + 2]] in (
        [i % 2 == 0 for i in range(n + 1)], [i % 2 == 1 for i in range(n + 1)])  # it alternates
    return [s.timestamp for s in states[2:n + 2]]


def levels(panel):
    return [light.led.pin.state for light in panel.lights]


def patterns(lights):
    return [light.pattern.value for light in lights]


def test_turn_lights_one_seat_and_waiting_turns_all_off(panel_factory):
    panel = panel_factory()
    panel.show_turn(1)
    assert levels(panel)[:4] == [False, True, False, False]
    assert patterns(panel.seat_lights) == ["off", "on", "off", "off"]
    assert panel.seat_lights[1].is_lit and panel.seat_lights[1].blink_seconds is None
    panel.show_turn(3)
    assert levels(panel)[:4] == [False, False, False, True]
    panel.show_waiting()
    assert not any(levels(panel))
    assert set(patterns(panel.lights)) == {"off"}


def test_noble_visit_slow_blinks_the_seat_and_lights_the_noble_then_ends(panel_factory):
    panel = panel_factory(make_config(slow_blink_seconds=0.15, noble_visit_seconds=1.0))
    rec = Recorder(panel)
    panel.show_turn(2)
    seat_pin = panel.seat_lights[2].led.pin
    seat_pin.clear_states()
    mark = rec.mark()
    panel.show_noble_visit(2, noble_slots=[4])
    assert panel.seat_lights[2].pattern.value == "slow-blink"
    assert panel.seat_lights[2].blink_seconds == 0.15
    assert patterns(panel.noble_lights) == ["off", "off", "off", "off", "on"]
    assert [l.led.pin.state for l in panel.noble_lights] == [False] * 4 + [True]
    periods = half_periods(seat_pin, 4)
    assert 0.1 <= statistics.median(periods) <= 0.22, periods
    # When the visit ends the seat is back to its steady state (its turn: on), the noble off.
    assert rec.wait_light(("seat", 2, "on"), after=mark)
    assert rec.wait_light(("noble", 4, "off"), after=mark)
    assert seat_pin.state and not panel.noble_lights[4].led.pin.state


def test_rejection_fast_blinks_then_returns_to_the_steady_state(panel_factory):
    panel = panel_factory(make_config(fast_blink_seconds=0.05, rejected_seconds=0.8))
    rec = Recorder(panel)
    panel.show_turn(0)
    pins = [panel.seat_lights[s].led.pin for s in (0, 3)]
    for pin in pins:
        pin.clear_states()
    mark = rec.mark()
    panel.show_rejected(0)           # the active seat's move was rejected
    panel.show_rejected(3)           # a seat that pressed out of turn
    assert patterns(panel.seat_lights) == ["fast-blink", "off", "off", "fast-blink"]
    for pin in pins:
        periods = half_periods(pin, 6)
        assert 0.03 <= statistics.median(periods) <= 0.09, periods
    assert rec.wait_light(("seat", 0, "on"), after=mark)
    assert rec.wait_light(("seat", 3, "off"), after=mark)
    assert levels(panel)[:4] == [True, False, False, False]


def test_default_blink_rates_are_told_apart(panel_factory, default_config):
    # The shipped timings: slow blink 0.5 s on/off (noble), fast blink 0.1 s on/off (rejected).
    panel = panel_factory(default_config)
    slow_pin = panel.seat_lights[0].led.pin
    fast_pin = panel.seat_lights[1].led.pin
    slow_pin.clear_states()
    fast_pin.clear_states()
    panel.show_noble_visit(0)
    panel.show_rejected(1)
    slow = half_periods(slow_pin, 2)
    fast = half_periods(fast_pin, 8)
    assert 0.4 <= statistics.median(slow) <= 0.6, slow
    assert 0.07 <= statistics.median(fast) <= 0.15, fast


def test_noble_choice_blinks_every_qualifying_noble_until_chosen(panel_factory):
    panel = panel_factory(make_config(slow_blink_seconds=0.1, noble_visit_seconds=5.0))
    panel.show_turn(1)
    pin0 = panel.noble_lights[0].led.pin
    pin2 = panel.noble_lights[2].led.pin
    pin0.clear_states()
    pin2.clear_states()
    panel.show_noble_choice(1, [0, 2])
    assert patterns(panel.noble_lights) == ["slow-blink", "off", "slow-blink", "off", "off"]
    assert panel.seat_lights[1].pattern.value == "slow-blink"
    assert panel.seat_lights[1].signal == "choice"
    assert len(half_periods(pin0, 3)) == 3 and len(half_periods(pin2, 3)) == 3
    # The player chose slot 2: it lights steadily, the other stops blinking.
    panel.show_noble_visit(1, [2])
    assert patterns(panel.noble_lights) == ["off", "off", "on", "off", "off"]
    assert not pin0.state and pin2.state
    assert panel.seat_lights[1].signal == "visit"


def test_turn_passes_while_the_noble_visit_is_still_shown(panel_factory):
    panel = panel_factory(make_config(noble_visit_seconds=5.0))
    panel.show_turn(0)
    panel.show_rejected(0)
    panel.show_noble_visit(0, [1])   # the re-press was accepted and a noble visits
    panel.show_turn(1)
    assert patterns(panel.seat_lights) == ["slow-blink", "on", "off", "off"]
    assert panel.noble_lights[1].pattern.value == "on"
    panel.show_rejected(1)
    panel.show_turn(2)               # show_turn ends rejections
    assert patterns(panel.seat_lights) == ["slow-blink", "off", "on", "off"]


def test_when_changed_reports_pattern_changes_not_blink_toggles(panel_factory):
    panel = panel_factory(make_config(fast_blink_seconds=0.03, rejected_seconds=0.5))
    rec = Recorder(panel)
    panel.show_turn(0)
    panel.show_turn(0)               # no change, no callback
    panel.show_rejected(0)
    assert rec.wait_lights(3) == [("seat", 0, "on"), ("seat", 0, "fast-blink"), ("seat", 0, "on")]


def test_wiring_check_light_is_exactly_one_led(panel_factory):
    panel = panel_factory()
    panel.show_turn(0)
    target = panel.noble_lights[3]
    panel.show_test_light(target)
    assert [light is target for light in panel.lights] == levels(panel)
    panel.show_test_light(None)
    assert not any(levels(panel))
