"""The computer's turn through the app's controller, the real referee and rendered stills.

The computer thinks in its own thread (an injected chooser gated by an Event); callbacks meant
for the UI thread are collected and run by the test, as Kivy's clock would. The seat panel runs
on gpiozero's MockFactory with ManualTimers: the LED is read, never timed.
"""
from __future__ import annotations

import threading

import pytest
from gpiozero.pins.mock import MockFactory

from companion.ai.player import MoveChoice, describe_move, turn_lines
from companion.app.computer import RULE, RULE_HAND, rejection_words
from companion.app.controller import Controller
from companion.engine import SimulatedTable
from companion.engine.actions import ReserveBlind, TakeGems
from companion.engine.record import parse_event
from hardware.lights import Pattern
from hardware.panel import SeatPanel
from hardware.timers import ManualTimers

pytest.importorskip("cv2")


class Table:
    """The physical table (a seeded SimulatedTable) and a camera taking rendered stills of it."""

    def __init__(self, seed=4):
        self.sim = SimulatedTable(2, seed=seed, names=("Ana", "Ben"))
        self.truth = self.sim.new_game()
        self.scan = None
        self.renders = 0

    def still(self):
        from workbench.synthetic import Conditions, TableState, render_table
        from workbench.demo import table_state
        self.renders += 1
        image, _ = render_table(TableState(**table_state(self.truth, self.scan)),
                                Conditions(seed=self.renders))
        return image

    def do(self, lines, scan=None):
        """A person carries out these lines on the table (the deals made by the table)."""
        g = self.truth
        self.scan = scan
        for i, line in enumerate(lines):
            action = parse_event(line, g.n)
            if i == 0 and type(action) is ReserveBlind:
                action = self.sim.blind_reserve(action, scan=True)   # the truth knows it
                self.scan = action.card if scan else None
            g.push(action)
            if i == 0:
                for reveal in self.sim.reveals(g):
                    g.push(reveal)

class Gated:
    def __init__(self, pick):
        self.gate, self.pick, self.thread = threading.Event(), pick, None

    def __call__(self, game, seat, level, stop_event=None):
        self.thread = threading.current_thread()
        self.gate.wait(30)
        lines = turn_lines(game, self.pick(game))
        return MoveChoice(lines, describe_move(lines, game=game), None, seat)


def _takes(game):
    return [a for a in game.legal_main_actions() if type(a) is TakeGems and sum(a.gems) == 3]


@pytest.fixture
def seat(tmp_path):
    table = Table()
    later = []
    timers = ManualTimers()
    panel = SeatPanel(pin_factory=MockFactory(), timers=timers)
    chooser = Gated(lambda g: _takes(g)[0])
    ctl = Controller(data_dir=tmp_path, dispatch=lambda fn, *a: later.append((fn, a)),
                     camera=table, panel=panel, threaded=False, chooser=chooser)
    assert ctl.new_game(["Ana", "Ben", None, None], table.truth.setup.first,
                        computers={1: 2}) == []
    for slot in ctl.draft.slots():
        ctl.draft.put(slot, table.truth.setup.nobles[slot[1]] if slot[0] == "noble"
                      else table.truth.setup.market[slot[1] - 1][slot[2]])
    assert ctl.confirm_setup() == []
    if ctl.game.active == 0:   # Ana's turn, entered by touch: the computer's turn comes next
        line = _takes(ctl.game)[-1].to_line()
        table.do([line])
        table.truth.push(parse_event({"type": "end_turn", "player": 0}, 2))
        assert ctl.send(line).kind == "entered"
        ctl.press_button(0)
    assert ctl.game.active == 1

    def run_later():
        while later:
            fn, args = later.pop(0)
            fn(*args)
    yield table, ctl, panel, timers, chooser, run_later
    chooser.gate.set()
    ctl.close()
    panel.close()


def test_led_blinks_while_it_thinks_a_press_waits_and_the_move_shines_when_ready(seat):
    table, ctl, panel, timers, chooser, run_later = seat
    led = panel.seat_lights[1]
    assert ctl.computer.is_thinking(ctl.game)
    assert chooser.thread is not threading.current_thread()   # not the UI's thread
    assert led.pattern is Pattern.SLOW_BLINK
    lit = [led.is_lit]
    for _ in range(3):
        timers.advance(0.5)
        lit.append(led.is_lit)
    assert lit == [True, False, True, False]
    assert panel.seat_lights[0].pattern is Pattern.OFF
    # Ben presses while it still thinks: the press waits, nothing is judged yet.
    turn, before = ctl.game.turn, ctl.verdict
    ctl.press_button(1)
    assert ctl.message == "Ben's press waits until the computer has chosen its move."
    assert ctl.verdict is before and ctl.game.turn == turn and table.renders == 0
    chooser.gate.set()
    ctl.computer.join(10)
    run_later()
    assert ctl.computer.move_for(ctl.game) is not None
    # The waiting press was judged after the move was known: the table is unchanged.
    assert ctl.verdict is not None and ctl.verdict.seat == 1 and ctl.verdict.kind == "rejected"
    assert ctl.game.turn == turn


def test_a_computer_turn_judged_from_stills_rejected_when_different_accepted_when_same(seat):
    table, ctl, panel, timers, chooser, run_later = seat
    chooser.gate.set()
    ctl.computer.join(10)
    run_later()
    assert panel.seat_lights[1].pattern is Pattern.ON   # the move is ready: steady
    choice = ctl.computer.move_for(ctl.game)
    wanted = [dict(x) for x in choice.lines]
    # The person takes other gems: a legal turn, but not the computer's move.
    other = next(a for a in _takes(ctl.game) if a.to_line() != wanted[0]).to_line()
    table.do([other])
    turn = ctl.game.turn
    ctl.press_button(1)
    run_later()
    v = ctl.verdict
    assert v.kind == "rejected" and v.rule == RULE, v
    assert ctl.game.turn == turn
    words = rejection_words(ctl.game, ctl.computer.expectation, v)
    assert words.startswith("That is not the computer's move.")
    from companion.app.move_view import move_words
    assert move_words(wanted, game=ctl.game) in words
    assert panel.seat_lights[1].pattern is Pattern.FAST_BLINK
    # Put back, then the computer's move: accepted, and recorded as its lines.
    table.truth.pop()
    table.do(wanted)
    ctl.press_button(1)
    run_later()
    v = ctl.verdict
    assert v.kind == "accepted", v
    assert [x for x in v.lines if x["type"] not in ("reveal", "end_turn")] == wanted
    assert ctl.game.turn == turn + 1 and ctl.game.active == 0
    # Judged again from the session folder as the app judged it: the different take is
    # rejected there too (rejudge knew no computer's move, and accepted it).
    from companion.referee import rejudge
    again = rejudge(ctl.ref.session.folder)
    pressed = [(x["verdict"], x.get("rule")) for x in again["verdicts"] if "press" in x]
    assert pressed[-2:] == [("rejected", RULE), ("accepted", None)], again["verdicts"]
    assert again["record"] == ctl.ref.record() and not again["warnings"]


def test_a_blind_reserve_needs_the_card_shown_in_the_scan_zone(seat):
    table, ctl, panel, timers, chooser, run_later = seat
    chooser.pick = lambda g: next(a for a in g.legal_main_actions()
                                  if type(a) is ReserveBlind and a.level == 2)
    chooser.gate.set()
    ctl.computer.join(10)
    run_later()
    wanted = [dict(x) for x in ctl.computer.move_for(ctl.game).lines]
    assert wanted[0] == {"type": "reserve", "player": 1, "level": 2}
    # Drawn but not shown: rejected, and the screen asks for the card in the scan zone.
    table.do(wanted, scan=False)
    ctl.press_button(1)
    run_later()
    v = ctl.verdict
    assert v.kind == "rejected" and v.rule == RULE_HAND, v
    assert "scan zone" in rejection_words(ctl.game, ctl.computer.expectation, v)
    assert not ctl.game.reserved[1]
    # Shown in the scan zone: the referee binds the card; the computer knows its hand.
    table.scan = table.truth.reserved[1][0].id
    ctl.press_button(1)
    run_later()
    v = ctl.verdict
    assert v.kind == "accepted", v
    reserve = v.lines[0]
    assert reserve["level"] == 2 and reserve["card"] == table.scan
    assert [r.id for r in ctl.game.reserved[1]] == [table.scan]


def test_a_resumed_game_knows_the_computers_seat_and_thinks_again(seat, tmp_path):
    table, ctl, panel, timers, chooser, run_later = seat
    folder = ctl.ref.session.folder
    assert (folder / "computer.json").is_file()
    chooser.gate.set()
    ctl.close()                                  # the app stops mid-game
    again = Controller(data_dir=tmp_path, threaded=False, chooser=chooser,
                       dispatch=lambda fn, *a: fn(*a))
    try:
        assert again.resume()
        assert again.computer.levels == {1: 2}
        again.computer.join(10)
        assert again.computer.move_for(again.game) is not None
        # The record itself is untouched: a plain record.md header (no computer field).
        header = (folder / "record.jsonl").read_text().splitlines()[0]
        assert "computer" not in header
    finally:
        again.close()


def test_a_damaged_computer_file_leaves_every_seat_to_a_person(tmp_path):
    from companion.app.computer import load_seats, save_seats
    save_seats(tmp_path, {1: 3})
    assert load_seats(tmp_path, 2) == {1: 3}
    assert load_seats(tmp_path, 1) == {}               # a seat outside the game: ignored
    (tmp_path / "computer.json").write_text("{not json")
    assert load_seats(tmp_path, 2) == {}


def test_a_damaged_line_of_the_computers_moves_is_left_out_with_a_warning(tmp_path):
    from companion.referee.session import COMPUTER_MOVES, read_computer_moves
    good = '{"after": 3, "seat": 1, "turn_start": 2, "lines": [{"type": "pass", "player": 1}]}'
    (tmp_path / COMPUTER_MOVES).write_text(
        good + '\n{"after": -1, "seat": 1, "turn_start": 2, "lines": []}\nnot json\n')
    moves, warnings = read_computer_moves(tmp_path)
    assert moves == [(3, 1, 2, ({"type": "pass", "player": 1},))]
    assert [(w["key"], w["line"]) for w in warnings] == [("computer-move-damaged", 2),
                                                         ("computer-move-damaged", 3)]
    assert read_computer_moves(tmp_path / "none") == ([], [])
