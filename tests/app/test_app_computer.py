"""The computer in a seat, through the real app, referee and window (issue 17)."""
import threading

import pytest

from companion.ai.player import MoveChoice
from tests.app.conftest import pump, tap_target, texts, type_into, wait_until
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


@pytest.mark.slow  # 10 s; the computer-prompt tests keep its move on screen in the default suite (issue 35: the suite's time)
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
    # Nothing is entered for the computer while it chooses: a gem touch picks nothing.
    tap_target("gem:white")
    assert ui.sm.get_screen("play").selection == {}
    chooser.gate.set()
    wait_until(lambda: ctl.computer.move_for(ctl.game) is not None, what="the move")
    pump(0.05)
    shown = texts()
    assert "Ben (the computer, Casual) plays:" in shown
    choice = ctl.computer.move_for(ctl.game)
    wanted = [dict(x) for x in choice.lines]
    from companion.app.move_view import move_words
    assert move_words(wanted, game=ctl.game) in shown     # its move in plain words
    assert not any(line.get("card", "") in shown for line in wanted if "card" in line)
    tap_target("computer-done")                           # entered exactly as shown
    pump(0.05)
    assert [dict(x) for x in ctl.entry.lines][:len(wanted)] == wanted
    while (ctl.entry.step() or ("",))[0] == "reveal":      # the table deals: entered too
        level, slot = ctl.entry.step()[1:]
        card = sorted(ctl.entry.game.unseen[level - 1])[0]
        assert ctl.send(ctl.entry.reveal_line(level, slot, card)).kind == "entered"
    assert ctl.entry.step() == ("end",)
    from tests.app.conftest import find_all
    wait_until(lambda: any(w.opacity > 0 for w in find_all("end")), what="End turn")
    tap_target("end")                                     # Ben's turn ends
    pump(0.05)
    assert ctl.verdict.kind == "accepted"
    done = [x for x in ctl.verdict.lines if x["type"] not in ("reveal", "end_turn")]
    assert done == wanted and ctl.game.active == 0


def _start(ui, computers, chooser, seed=6):
    """A game started through the controller (the Players screen is tested above)."""
    from companion.engine import SimulatedTable
    ctl = ui.ctl
    ctl.computer.chooser = chooser
    table = SimulatedTable(2, seed=seed, names=("Ana", "Ben"))
    assert ctl.new_game(["Ana", "Ben", None, None], table.setup.first, computers=computers) == []
    for slot in ctl.draft.slots():
        ctl.draft.put(slot, table.setup.nobles[slot[1]] if slot[0] == "noble"
                      else table.setup.market[slot[1] - 1][slot[2]])
    assert ctl.confirm_setup() == []
    ui.go("play")
    _to_computer_turn(ui, table)
    chooser.gate.set()
    wait_until(lambda: ctl.computer.move_for(ctl.game) is not None, what="the move")
    pump(0.05)
    return ctl


def test_a_different_move_by_touch_is_refused_with_what_the_computer_wants(ui):
    ctl = _start(ui, {1: 1}, GatedChooser())
    wanted = [dict(x) for x in ctl.computer.move_for(ctl.game).lines]
    other = next(a for a in ctl.entry.game.legal_main_actions()
                 if type(a).__name__ == "TakeGems" and sum(a.gems) == 3
                 and a.to_line() != wanted[0])
    from companion.engine import COLOURS
    for i, n in enumerate(other.gems):
        if n:
            tap_target(f"gem:{COLOURS[i]}")
    tap_target("take")
    pump(0.05)
    assert ctl.verdict.kind == "rejected" and not ctl.entry.lines
    shown = texts()
    assert "That is not the computer's move." in shown
    from companion.i18n.moves import describe_move
    assert describe_move(wanted, game=ctl.game, printed=True) in shown


def _deck_dots(ui) -> list:
    """The level of every deck's back in the computer's move picture, as a player reads it:
    the light dots drawn on the back (as printed on the real backs; no "L2" letter code since
    issue 33), counted in the window's pixels inside the back's edge."""
    import cv2
    import numpy as np
    from kivy.core.window import Window
    from companion.ui.tableau import CARD_BACK, MiniCard
    from tests.app.conftest import grab_pixels
    picture = ui.sm.get_screen("play").picture
    img = grab_pixels()
    out = []
    for back in [w for w in picture.walk() if isinstance(w, MiniCard) and w.colour == CARD_BACK]:
        x0, y0 = back.to_window(back.x, back.y)
        x1, y1 = x0 + back.width, y0 + back.height
        assert 0 <= x0 and x1 <= Window.width and 0 <= y0 and y1 <= Window.height
        top, bottom = Window.height - int(y1) + 5, Window.height - int(y0) - 5
        inner = img[top:bottom, int(x0) + 5:int(x1) - 5].astype(int)
        light = (np.abs(inner - np.array([237, 232, 219])).max(axis=2) < 30).astype(np.uint8)
        n, _labels = cv2.connectedComponents(light)
        out.append(n - 1)
    return out


def test_a_blind_reserve_asks_for_the_card_in_the_scan_zone_or_by_touch(ui):
    def blind(game):
        return next(a for a in game.legal_main_actions()
                    if type(a).__name__ == "ReserveBlind" and a.level == 2)
    ctl = _start(ui, {1: 3}, GatedChooser(blind))
    shown = texts()
    assert ("Show the card drawn from the level 2 deck in the camera's scan zone, then press "
            "Ben's button: the computer must know its hand.") in shown
    assert _deck_dots(ui) == [2]                         # the deck's card back in the picture
    tap_target("computer-done")                           # by touch: which card was drawn?
    pump(0.05)
    assert "Which card did Ben draw from the level 2 deck?" in texts()
    card = sorted(ctl.entry.game.unseen[1])[0]
    from tests.app.touchplay import _query
    type_into(_query(), card)
    tap_target(f"pick:{card}")
    pump(0.05)
    assert ctl.entry.lines[0] == {"type": "reserve", "player": 1, "level": 2, "card": card}
