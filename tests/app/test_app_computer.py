"""The computer in a seat, through the real app, referee and window (issue 17)."""
import threading

from companion.ai.player import MoveChoice
from companion.engine.record import parse_event
from tests.app.conftest import pump, tap_target, texts, wait_until
from tests.app.touchplay import start_game_by_touch


class GatedChooser:
    """A chooser that thinks until the test opens its gate (in the computer's thread)."""

    def __init__(self, pick=None):
        self.gate = threading.Event()
        self.started = threading.Event()
        self.pick = pick
        self.calls = 0
        self.thread = None

    def __call__(self, game, seat, level, stop_event=None):
        self.calls += 1
        self.thread = threading.current_thread()
        self.started.set()
        self.gate.wait(30)
        from companion.ai.player import describe_move, turn_lines
        main = self.pick(game) if self.pick else sorted(
            game.legal_main_actions(), key=lambda a: a.to_line().__repr__())[0]
        lines = turn_lines(game, main)
        return MoveChoice(lines, describe_move(lines, game=game), None, seat)


def _to_computer_turn(ui, table):
    """Play the person's turns by 'take' touches until the computer (seat 1) is to move."""
    ctl = ui.ctl
    while ctl.game.active != 1:
        e = ctl.entry
        take = next(a for a in e.game.legal_main_actions() if type(a).__name__ == "TakeGems")
        for line in [take.to_line()]:
            assert ctl.send(line).kind == "entered"
        ctl.press_button(ctl.button_of[ctl.game.active])
        pump(0.02)


def test_the_computer_thinks_off_the_ui_thread_and_its_move_is_shown_and_done_by_touch(ui):
    chooser = GatedChooser()
    ui.ctl.computer.chooser = chooser
    table = start_game_by_touch(ui, players=2, seed=4, computers={1: 2})
    ctl = ui.ctl
    assert ctl.computer.levels == {1: 2}
    _to_computer_turn(ui, table)
    wait_until(chooser.started.is_set, what="the computer to start thinking")
    pump(0.05)
    assert "Ben (the computer, Casual) is thinking..." in texts()
    # The UI thread runs while it thinks: a touch is handled (the legend opens and closes).
    assert chooser.thread is not threading.current_thread()
    tap_target("legend")
    pump(0.05)
    assert "gold" in texts().lower()
    from kivy.core.window import Window
    for view in list(Window.children[:-1]):
        view.dismiss()
    pump(0.05)
    chooser.gate.set()
    wait_until(lambda: ctl.computer.move_for(ctl.game) is not None, what="the move")
    pump(0.05)
    shown = texts()
    assert "Ben (the computer, Casual) plays:" in shown
    choice = ctl.computer.move_for(ctl.game)
    tap_target("computer-done")
    pump(0.05)
    assert [dict(x) for x in ctl.entry.lines][:len(choice.lines)] == [dict(x) for x in choice.lines]
