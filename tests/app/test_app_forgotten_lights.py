"""The seat panel's LEDs say what a forgotten press did (issue 36), through the app's
controller, the real referee door and a real SQLite journal, on gpiozero's MockFactory pins
with the panel's clock moved by hand: while a ``turns`` question waits, the LED of the seat
that forgot slow-blinks and the others are off; once the turns are recorded, the LEDs of
those seats light one after another, then the next seat's LED shows its turn."""
from __future__ import annotations

from gpiozero.pins.mock import MockFactory

from companion.app.controller import Controller
from hardware.panel import SeatPanel
from hardware.timers import ManualTimers
from tests.app.tablestates import LiveCamera
from tests.hardware.conftest import make_config
from tests.referee.test_forgotten_press import Table, take

STEP = 0.4


def _game(tmp_path, table):
    panel = SeatPanel(make_config(turns_step_seconds=STEP, turns_recorded_seconds=8 * STEP),
                      pin_factory=MockFactory(), timers=ManualTimers())
    ctl = Controller(tmp_path, camera=LiveCamera(table), panel=panel, threaded=False)
    names = list(table.truth.names) + [None] * (4 - table.truth.n)
    assert ctl.new_game(names, table.sim.setup.first) == []
    d = ctl.draft
    setup = table.sim.setup
    for slot in d.slots():
        d.put(slot, setup.nobles[slot[1]] if slot[0] == "noble"
              else setup.market[slot[1] - 1][slot[2]])
    assert ctl.confirm_setup() == []
    return ctl, panel


def _lit(panel):
    return [light.led.pin.state for light in panel.seat_lights]


def test_the_leds_ask_the_seat_that_forgot_then_show_both_turns_in_turn(tmp_path):
    table = Table(players=3, seed=3)
    ctl, panel = _game(tmp_path, table)
    try:
        ana = table.play(take("white", "blue", "green"))
        assert _lit(panel)[:3] == [ana == 0, ana == 1, ana == 2]   # Ana's turn: her LED
        ben = table.play(take("red", "black", "white"))
        ctl.press_button(ben)                       # Ana forgot; Ben presses
        assert ctl.verdict.kind == "question" and ctl.verdict.question == "turns"
        lights = panel.seat_lights
        assert lights[ana].pattern.value == "slow-blink" and lights[ana].signal == "choice"
        assert [l.pattern.value for i, l in enumerate(lights) if i != ana] == ["off"] * 3
        panel.timers.advance(30.0)                  # a question waits as long as it takes
        assert lights[ana].pattern.value == "slow-blink"
        # Ana touches her turn: both turns are recorded.
        truth = [a.to_line() for a in table.truth.history]
        chosen = next(i for i, c in enumerate(ctl.verdict.candidates)
                      if [line for turn in c for line in turn] == truth)
        ctl.answer(chosen)
        assert ctl.verdict.kind == "accepted" and ctl.verdict.turns == (ana, ben)
        cleo = ctl.game.active
        seen = []
        panel.timers.advance(STEP / 2)
        for i in range(8):
            if i:
                panel.timers.advance(STEP)
            lit = _lit(panel)
            seen.append((lit[ana], lit[ben], lit[cleo]))
        assert seen == [(True, False, True), (False, True, True)] * 4
        panel.timers.advance(STEP)
        assert _lit(panel)[:3] == [s == cleo for s in range(3)]   # Cleo's turn, steady
    finally:
        ctl.close()
        panel.close()


def test_a_forgotten_press_accepted_at_once_shows_the_turns_in_turn(tmp_path):
    table = Table(players=3, seed=3)
    ctl, panel = _game(tmp_path, table)
    try:
        ana = table.play(take("white", "blue", "green"))
        ben = table.play(take("white", "blue", "green"))
        ctl.press_button(ben)
        assert ctl.verdict.kind == "accepted" and ctl.verdict.turns == (ana, ben)
        assert panel.seat_lights[ana].signal == "turns"
        panel.timers.advance(STEP * 1.5)
        assert panel.seat_lights[ben].led.pin.state and not panel.seat_lights[ana].led.pin.state
        panel.timers.advance(STEP * 8)
        cleo = ctl.game.active
        assert _lit(panel)[:3] == [s == cleo for s in range(3)]
    finally:
        ctl.close()
        panel.close()
