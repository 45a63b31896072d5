"""The coach at game over and the Hint during a turn, in the real window (issue 17).

The search is injected and held back by an Event, so "still thinking" is a state the test
holds the app in (never a race): meanwhile the screen's buttons must keep working. The coach
and the chooser are the real ones (``turning_points``, ``choose_move``) at a small budget.
"""
from __future__ import annotations

import re
import threading

import pytest

from companion.ai.coach import turning_points
from companion.ai.player import choose_move
from companion.i18n.moves import describe_move
from companion.app.settings import Settings
from companion.ui import coach_view as CV
from companion.ui.gameover import CoachView
from companion.ui.hint import HintView
from companion.ui.movepicture import MovePicture
from tests.app import layout
from tests.app.conftest import (find, find_all, pump, tap, tap_target, texts, wait_until,
                                walk)
from tests.app.tablestates import find_state, replay, start_in_app


@pytest.fixture(autouse=True)
def default_searches(ui):
    """The real coach and chooser back in place after each test (the screens outlive it)."""
    yield
    ui.sm.get_screen("gameover").coach.coach = CV.default_coach
    ui.sm.get_screen("play").hint.chooser = CV.default_chooser


# The pieces a move picture is drawn with (a card, a noble, a card back, gem tokens).
STICKER_ID = re.compile(r"\b(?:[123][WUGRK]\d\d|N\d\d)\b")   # "3G04", "N07"
PIECES = ("CardTile", "PictureCard", "NobleTile", "PictureNoble", "MiniCard", "GemBadge")


class Gate:
    """Holds an injected search until the test opens the gate; records where it ran."""

    def __init__(self, fn):
        self.fn, self.open_ = fn, threading.Event()
        self.calls, self.threads = [], []

    def __call__(self, text, seat, stop_event=None):
        self.calls.append((list(text), seat))
        self.threads.append(threading.current_thread())
        self.open_.wait(30)
        return self.fn(text, seat, stop_event)


def small_coach(text, seat, stop_event=None):
    return turning_points(text, seat, iterations=12, samples=6, seed=3, max_turns=16,
                          stop_event=stop_event)


def small_chooser(text, seat, stop_event=None):
    return choose_move(text, seat=seat, iterations=30, seed=5, stop_event=stop_event).lines


def _views(cls):
    from kivy.core.window import Window
    return [v for v in Window.children if isinstance(v, cls)]


def _close_all():
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView
    for v in [w for w in Window.children if isinstance(w, ModalView)]:
        v.dismiss(animation=False)
    pump(frames=3)


def finish_game(ui, players, coach):
    """A finished game in the app (random legal play from tablestates), the coach injected."""
    ui.sm.get_screen("gameover").coach.coach = coach
    table, lines = find_state(players, "game-over")
    start_in_app(ui.ctl, table)
    ui.go("play")
    replay(ui.ctl, lines)
    wait_until(lambda: ui.sm.current == "gameover", what="the Game over screen")
    pump(frames=3)
    return ui.sm.get_screen("gameover")


def test_the_coach_thinks_off_the_ui_thread_and_the_screen_keeps_working(ui):
    gate = Gate(small_coach)
    try:
        screen = finish_game(ui, 2, gate)
        wait_until(lambda: gate.calls, what="the coach to start")
        assert gate.threads[0] is not threading.main_thread()
        assert find("coach").text == "The coach is thinking…"
        tap_target("coach")
        view = _views(CoachView)[0]
        assert "The coach is looking at the game…" in view.status
        assert view.thinking and not view.ids.found.children
        tap_target("close")
        # Every other button answers while the coach is held: the BG Stats code, History, back.
        tap_target("bgstats")
        from companion.ui.share import QrPopup
        wait_until(lambda: _views(QrPopup), what="the BG Stats code")
        _close_all()
        tap_target("export")
        assert "exported to" in texts()
        tap_target("history")
        assert ui.sm.current == "history"
        ui.go("gameover")           # back: the coach starts again where it stopped
        pump(frames=3)
        assert find("coach").text == "The coach is thinking…"
    finally:
        gate.open_.set()
    wait_until(lambda: screen.coach_snapshot is not None and screen.coach_snapshot.done,
               timeout=60, what="the coach's findings")
    assert find("coach").text == "The coach's advice"
    assert sorted({seat for _t, seat in gate.calls}) == [0, 1]


def test_the_coach_shows_each_humans_turning_points_in_words_and_pictures(ui):
    screen = finish_game(ui, 2, small_coach)
    wait_until(lambda: screen.coach_snapshot is not None and screen.coach_snapshot.done,
               timeout=60, what="the coach's findings")
    tap_target("coach")
    pump(frames=3)
    view = _views(CoachView)[0]
    snap = screen.coach_snapshot
    names = ui.ctl.game.names
    assert [s.name for s in snap.seats] == list(names)
    shown = texts()
    for name in names:
        assert f"The coach for {name}" in shown
    boxes = [w for w in reversed(view.ids.found.children) if type(w).__name__ == "CoachPointBox"]
    points = [p for s in snap.seats for p in s.points]
    assert points and len(boxes) == len(points) and all(len(s.points) <= 3 for s in snap.seats)
    for box, point in zip(boxes, points):
        words = [box.ids.heading.text, box.ids.made.text, box.ids.better.text,
                 box.ids.mattered.text]
        assert words[0] == f"Round {point.round}"
        assert words[1].startswith("Your move: ") and words[2].startswith("Better: ")
        assert "With the better move your chance of winning would have been about" in words[3]
        assert not STICKER_ID.search(" ".join(words)), words   # players never see sticker ids
        # The better move drawn: a picture for each of its parts, inside the box.
        pic = box.ids.picture
        assert isinstance(pic, MovePicture) and len(pic.children) == len(point.better_lines())
        pieces = [w for w in walk(pic) if type(w).__name__ in PIECES]
        assert pieces
        for w in pieces:
            x0, y0, x1, y1 = layout.box(w)
            bx0, by0, bx1, by1 = layout.box(box)
            assert bx0 - 1 <= x0 and x1 <= bx1 + 1 and by0 - 1 <= y0 and y1 <= by1 + 1
    assert layout.problems(ui) == []
    _close_all()


def test_the_hint_is_off_by_default_and_no_button_shows(ui):
    assert Settings.load(ui.ctl.data_dir).move_hint is False
    table, _ = find_state(2, "start")
    start_in_app(ui.ctl, table)
    ui.go("play")
    pump(frames=3)
    assert not find_all("hint")


def test_the_hint_setting_persists_and_the_button_shows_the_computers_choice(ui):
    ui.go("settings")
    pump(frames=3)
    box = find("move-hint")
    scroll = box.parent.parent.parent
    scroll.scroll_to(box, animate=False)   # below the fold at 800x480
    pump(frames=3)
    assert box.active is False
    tap(box)
    assert box.active is True
    scroll.scroll_y = 1                    # the screens outlive the test: back to the top
    assert Settings.load(ui.ctl.data_dir).move_hint is True     # saved at once
    table, lines = find_state(2, "final-round")
    start_in_app(ui.ctl, table)
    ui.go("play")
    replay(ui.ctl, lines)         # deep in the game, the active player to choose
    pump(frames=3)
    gate = Gate(small_chooser)
    ui.sm.get_screen("play").hint.chooser = gate
    try:
        tap_target("hint")
        view = _views(HintView)[0]
        wait_until(lambda: gate.calls, what="the hint to start thinking")
        assert gate.threads[0] is not threading.main_thread()
        assert view.thinking and view.words == "The computer is thinking…"
        tap_target("close")                 # the popup answers while the computer thinks
        assert not _views(HintView)
        tap_target("legend")                # and so does the Play screen
        _close_all()
        tap_target("hint")
        view = _views(HintView)[0]
    finally:
        gate.open_.set()
    wait_until(lambda: not view.thinking, timeout=60, what="the hint")
    pump(frames=3)
    game = ui.ctl.game
    text, seat = gate.calls[-1]
    # It is given the record up to the start of this turn, for the active player (the
    # chooser hides the decks and the other's blind reserves from that seat).
    assert seat == game.active and text == CV.record_text(game)
    choice = small_chooser(text, seat)
    # Cards named as printed (the picture beside the words shows the cost), never by id.
    assert view.words == describe_move(choice, game=CV._Bank(game.bank[5] > 0), printed=True)
    assert not STICKER_ID.search(view.words), view.words
    assert f"The computer's choice for {game.names[seat]}" == view.title
    assert len(view.ids.picture.children) == len(choice)
    assert [w for w in walk(view.ids.picture) if type(w).__name__ in PIECES]
    assert layout.problems(ui) == []
    _close_all()
    # A new app start reads the setting back.
    ui.reset(ui.ctl.data_dir)
    assert ui.ctl.settings.move_hint is True


class ComputerAt:
    """The controller told that the computer plays ``seat`` (its ``computer.levels``)."""

    def __init__(self, ctl, seat):
        self.ctl, self.seat = ctl, seat

    def __enter__(self):
        from types import SimpleNamespace
        self.real = getattr(self.ctl, "computer", None)
        if self.real is not None:
            self.levels, self.real.levels = dict(self.real.levels), {self.seat: 4}
        else:
            self.ctl.computer = SimpleNamespace(levels={self.seat: 4})

    def __exit__(self, *exc):
        if self.real is not None:
            self.real.levels = self.levels
        else:
            del self.ctl.computer


def test_a_computer_seat_gets_no_hint(ui):
    table, _ = find_state(2, "start")
    start_in_app(ui.ctl, table)
    first = table.setup.first
    ui.ctl.settings.move_hint = True
    ui.go("play")
    pump(frames=3)
    assert find_all("hint")               # a person is to play
    with ComputerAt(ui.ctl, first):
        assert CV.human_seats(ui.ctl) == [1 - first]
        ui.sm.get_screen("play").refresh()
        pump(frames=3)
        assert not find_all("hint")       # the computer is to play


def test_the_coach_coaches_only_the_people(ui):
    calls = []

    def coach(text, seat, stop_event=None):
        calls.append(seat)
        return small_coach(text, seat, stop_event)
    ui.sm.get_screen("gameover").coach.coach = coach
    table, lines = find_state(2, "game-over")
    start_in_app(ui.ctl, table)
    replay(ui.ctl, lines)
    with ComputerAt(ui.ctl, 0):
        ui.go("play")
        wait_until(lambda: ui.sm.current == "gameover", what="the Game over screen")
        screen = ui.sm.get_screen("gameover")
        wait_until(lambda: screen.coach_snapshot is not None and screen.coach_snapshot.done,
                   timeout=60, what="the coach's findings")
        tap_target("coach")
        shown = texts()
        _close_all()
    assert calls == [1]
    assert f"The coach for {table.names[1]}" in shown and table.names[0] + "" not in [
        s.name for s in screen.coach_snapshot.seats]


def test_a_hint_asked_in_the_middle_of_a_turn_is_for_the_whole_turn(ui):
    """Gems already taken and the turn not ended: the computer decides from the turn's start
    (a record cut inside a turn is no position to decide from)."""
    ui.ctl.settings.move_hint = True
    table, lines = find_state(2, "end-pending")
    start_in_app(ui.ctl, table)
    ui.go("play")
    replay(ui.ctl, lines)
    pump(frames=3)
    ui.sm.get_screen("play").hint.chooser = gate = Gate(small_chooser)
    gate.open_.set()
    tap_target("hint")
    view = _views(HintView)[0]
    wait_until(lambda: not view.thinking, timeout=60, what="the hint")
    text, seat = gate.calls[-1]
    full = CV.record_text(ui.ctl.game)
    assert seat == ui.ctl.game.active and len(text) < len(full) and text == full[:len(text)]
    assert '"take"' in full[-1] and text[-1] == full[-2]
    assert view.words.startswith(("Take", "Buy", "Reserve"))
    _close_all()
