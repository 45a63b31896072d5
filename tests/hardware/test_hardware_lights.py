"""Every LED pattern, read back from the mock pins' recorded state history."""
from __future__ import annotations

from .conftest import Recorder, make_config


def samples(pin, timers, every, n):
    """The pin's level in the middle of each of its next ``n`` half periods of ``every`` s,
    moving the panel's clock by hand."""
    out = []
    timers.advance(every / 2)
    for i in range(n):
        if i:
            timers.advance(every)
        out.append(pin.state)
    return out


BLINK = [True, False] * 4  # lit first, then off, each for the blink's half period


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
    mark = rec.mark()
    panel.show_noble_visit(2, noble_slots=[4])
    assert panel.seat_lights[2].pattern.value == "slow-blink"
    assert panel.seat_lights[2].blink_seconds == 0.15
    assert patterns(panel.noble_lights) == ["off", "off", "off", "off", "on"]
    assert [l.led.pin.state for l in panel.noble_lights] == [False] * 4 + [True]
    assert samples(seat_pin, panel.timers, 0.15, 6) == BLINK[:6]   # up to 0.825 s
    assert rec.lights[mark:] == [("seat", 2, "slow-blink"), ("noble", 4, "on")]
    # When the visit ends (1 s) the seat is back to its steady state (its turn: on), the
    # noble off, and the blink has stopped.
    panel.timers.advance(0.2)
    assert rec.lights[mark + 2:] == [("seat", 2, "on"), ("noble", 4, "off")]
    assert seat_pin.state and not panel.noble_lights[4].led.pin.state
    assert samples(seat_pin, panel.timers, 0.15, 4) == [True] * 4
    assert panel.timers.pending() == 0


def test_rejection_fast_blinks_then_returns_to_the_steady_state(panel_factory):
    panel = panel_factory(make_config(fast_blink_seconds=0.05, rejected_seconds=0.8))
    rec = Recorder(panel)
    panel.show_turn(0)
    pins = [panel.seat_lights[s].led.pin for s in (0, 3)]
    mark = rec.mark()
    panel.show_rejected(0)           # the active seat's move was rejected
    panel.show_rejected(3)           # a seat that pressed out of turn
    assert patterns(panel.seat_lights) == ["fast-blink", "off", "off", "fast-blink"]
    levels_seen = [[], []]
    panel.timers.advance(0.025)
    for _ in range(14):              # mid-phase samples up to 0.7 s, both LEDs in step
        for i, pin in enumerate(pins):
            levels_seen[i].append(pin.state)
        panel.timers.advance(0.05)
    assert levels_seen == [[True, False] * 7] * 2
    assert rec.lights[mark:] == [("seat", 0, "fast-blink"), ("seat", 3, "fast-blink")]
    panel.timers.advance(0.1)        # 0.8 s: the rejection ends
    assert rec.lights[mark + 2:] == [("seat", 0, "on"), ("seat", 3, "off")]
    assert levels(panel)[:4] == [True, False, False, False]


def test_default_blink_rates_are_told_apart(panel_factory, default_config):
    # The shipped timings: slow blink 0.5 s on/off (noble), fast blink 0.1 s on/off (rejected).
    panel = panel_factory(default_config)
    slow_pin = panel.seat_lights[0].led.pin
    fast_pin = panel.seat_lights[1].led.pin
    panel.show_noble_visit(0)
    panel.show_rejected(1)
    slow, fast = [], []
    panel.timers.advance(0.05)
    for _ in range(20):              # every 0.1 s for 2 s, in the middle of fast phases
        slow.append(slow_pin.state)
        fast.append(fast_pin.state)
        panel.timers.advance(0.1)
    assert fast == [True, False] * 10
    assert slow == ([True] * 5 + [False] * 5) * 2


def test_noble_choice_blinks_every_qualifying_noble_until_chosen(panel_factory):
    panel = panel_factory(make_config(slow_blink_seconds=0.1, noble_visit_seconds=5.0))
    panel.show_turn(1)
    pin0 = panel.noble_lights[0].led.pin
    pin2 = panel.noble_lights[2].led.pin
    panel.show_noble_choice(1, [0, 2])
    assert patterns(panel.noble_lights) == ["slow-blink", "off", "slow-blink", "off", "off"]
    assert panel.seat_lights[1].pattern.value == "slow-blink"
    assert panel.seat_lights[1].signal == "choice"
    both = []
    panel.timers.advance(0.05)
    for _ in range(4):
        both.append((pin0.state, pin2.state))
        panel.timers.advance(0.1)
    assert both == [(True, True), (False, False)] * 2
    panel.timers.advance(30.0)       # a choice has no time limit
    assert panel.noble_lights[0].pattern.value == "slow-blink"
    # The player chose slot 2: it lights steadily, the other stops blinking.
    panel.show_noble_visit(1, [2])
    assert patterns(panel.noble_lights) == ["off", "off", "on", "off", "off"]
    assert not pin0.state and pin2.state
    assert panel.seat_lights[1].signal == "visit"
    assert samples(pin0, panel.timers, 0.1, 4) == [False] * 4


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
    panel.timers.advance(0.49)       # 16 blink toggles
    assert rec.lights == [("seat", 0, "on"), ("seat", 0, "fast-blink")]
    panel.timers.advance(0.02)
    assert rec.lights == [("seat", 0, "on"), ("seat", 0, "fast-blink"), ("seat", 0, "on")]


def test_wiring_check_light_is_exactly_one_led(panel_factory):
    panel = panel_factory()
    panel.show_turn(0)
    target = panel.noble_lights[3]
    panel.show_test_light(target)
    assert [light is target for light in panel.lights] == levels(panel)
    panel.show_test_light(None)
    assert not any(levels(panel))
