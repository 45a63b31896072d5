"""The LEDs of a forgotten press (issue 36): when a press ended the turns of several seats,
their LEDs light one after another in turn order (then each is back to its steady state); when
the seat that forgot must touch its turn on the screen, its LED slow-blinks until answered.
MockFactory pins on a clock moved by hand (no sleeps)."""
from __future__ import annotations

from .conftest import Recorder, make_config

STEP, TOTAL = 0.4, 3.2


def _panel(panel_factory, **timing):
    timing = {"turns_step_seconds": STEP, "turns_recorded_seconds": TOTAL, **timing}
    return panel_factory(make_config(**timing))


def _pins(panel):
    return [light.led.pin for light in panel.seat_lights]


def _mid_steps(panel, n, seats=(0, 1, 2, 3)):
    """The seat LEDs' levels in the middle of each of the next ``n`` steps."""
    out = []
    panel.timers.advance(STEP / 2)
    for i in range(n):
        if i:
            panel.timers.advance(STEP)
        out.append(tuple(_pins(panel)[s].state for s in seats))
    return out


def test_two_seats_recorded_light_in_turn_then_the_next_seat_is_lit(panel_factory):
    panel = _panel(panel_factory)
    rec = Recorder(panel)
    panel.show_turn(0)                        # Ana's turn; she forgets, Ben presses
    mark = rec.mark()
    panel.show_turns_recorded([0, 1])         # both turns recorded ...
    panel.show_turn(2)                        # ... and it is Cleo's turn (3 players)
    seen = _mid_steps(panel, 8)
    # Ana's LED, then Ben's, four times over; Cleo's steady (her turn) all along.
    assert seen == [(True, False, True, False), (False, True, True, False)] * 4
    # The on-screen panel follows every step (when_changed): Ben's LED came on four times.
    assert rec.lights[mark:].count(("seat", 1, "on")) == 4
    panel.timers.advance(STEP)                # 3.2 s: the round is over
    assert [p.state for p in _pins(panel)] == [False, False, True, False]
    assert [l.pattern.value for l in panel.seat_lights] == ["off", "off", "on", "off"]
    assert all(l.signal is None for l in panel.seat_lights)
    assert panel.timers.pending() == 0        # nothing keeps stepping


def test_three_seats_forgetting_in_a_row_light_in_their_turn_order(panel_factory):
    panel = _panel(panel_factory)
    panel.show_turn(1)
    panel.show_turns_recorded([1, 2, 3])      # Ben and Cleo forgot; Dev pressed
    panel.show_turn(0)
    seen = _mid_steps(panel, 6, seats=(1, 2, 3))
    assert seen == [(True, False, False), (False, True, False), (False, False, True)] * 2
    assert _pins(panel)[0].state is True      # Ana's turn now: steady through the round
    panel.timers.advance(TOTAL)
    assert [p.state for p in _pins(panel)] == [True, False, False, False]


def test_a_turns_question_slow_blinks_the_seat_that_forgot_until_answered(panel_factory):
    panel = _panel(panel_factory, slow_blink_seconds=0.25)
    panel.show_turn(0)
    panel.show_turns_choice(0)                # Ana must touch her turn on the screen
    assert [l.pattern.value for l in panel.seat_lights] == ["slow-blink", "off", "off", "off"]
    pin = _pins(panel)[0]
    levels = []
    panel.timers.advance(0.125)
    for _ in range(6):
        levels.append(pin.state)
        panel.timers.advance(0.25)
    assert levels == [True, False] * 3
    panel.timers.advance(60.0)                # a question has no time limit
    assert panel.seat_lights[0].pattern.value == "slow-blink"
    # Answered: both turns recorded, the round in turn, then Cleo's LED.
    panel.show_turns_recorded([0, 1])
    panel.show_turn(2)
    assert panel.seat_lights[0].signal == "turns"
    assert _mid_steps(panel, 2) == [(True, False, True, False), (False, True, True, False)]
    panel.timers.advance(TOTAL)
    assert [l.pattern.value for l in panel.seat_lights] == ["off", "off", "on", "off"]


def test_a_newer_round_or_waiting_ends_the_round_showing(panel_factory):
    panel = _panel(panel_factory)
    panel.show_turn(0)
    panel.show_turns_recorded([0, 1])
    panel.timers.advance(STEP * 1.5)           # in Ben's step
    panel.show_turns_recorded([2, 3])          # the next forgotten press, judged at once
    seen = _mid_steps(panel, 4)
    # Only the newer round steps: Ana's and Ben's LEDs back to steady (Ana's turn: on).
    assert seen == [(True, False, True, False), (True, False, False, True)] * 2
    panel.show_waiting()                       # the game is over: everything off, for good
    panel.timers.advance(TOTAL * 2)
    assert not any(p.state for p in _pins(panel))
    assert panel.timers.pending() == 0


def test_a_seat_not_on_the_panel_is_refused_and_nothing_changes(panel_factory):
    import pytest
    panel = _panel(panel_factory)
    panel.show_turn(0)
    with pytest.raises(ValueError, match="not on this panel"):
        panel.show_turns_recorded([0, 7])
    assert [p.state for p in _pins(panel)] == [True, False, False, False]
    assert panel.timers.pending() == 0
