"""The computer in a seat: it thinks off the UI thread, its move is shown, a person carries it out.

Which seats the computer plays (seat -> level 1-4) is kept beside the game, in its session
folder's ``computer.json`` (the game record, record.md, has no place for it; resume and History
read it from there). On the computer's turn::

    Controller._after_change (UI thread) -> ComputerSeats.update: the seat's LED blinks
      -> thinking thread: choose_move(copy of the game, seat, level)   (never the UI thread)
      -> dispatch -> ComputerSeats._ready (UI thread): the move is kept; the referee gets the
         Expectation through its door (queued: every press after it is judged against it);
         the LED shines; the Play screen shows the move in pictures and words; a press held
         while it thought goes to the door now.

A person carries the move out and presses the seat's button: the referee judges the still like
any other, and an accepted turn that differs from the computer's choice is rejected (rule
``computer-move``) with a sentence saying what the computer wants. A blind reserve is judged
with the card shown in the scan zone (judge.py binds it to the reserve line); without it the
turn is rejected, so the computer always knows its own hand.
"""
from __future__ import annotations

import json
import logging
import threading
from pathlib import Path
from typing import Callable, Optional

from companion.ai import choose_move
from companion.app.move_view import move_words
from companion.i18n import _
# RULE is imported from here by the play screen.
from companion.referee.expectation import RULE, RULE_HAND, Expectation, turn_start  # noqa: F401
from companion.referee.session import write_synced

log = logging.getLogger(__name__)

LEVEL_NAMES = {1: "Beginner", 2: "Casual", 3: "Strong", 4: "Strongest"}
FILE = "computer.json"


def level_name(level: int) -> str:
    """The level in words, in the current language."""
    return {1: lambda: _("Beginner"), 2: lambda: _("Casual"), 3: lambda: _("Strong"),
            4: lambda: _("Strongest")}[level]()


# ----------------------------------------------------------------------------- the seats' file
def save_seats(folder, levels: dict) -> None:
    """Which seats the computer plays, written whole beside the session's record."""
    if folder is None:
        return
    data = {"format": "splendor-computer", "version": 1,
            "seats": {str(s): lv for s, lv in sorted(levels.items())}}
    write_synced(Path(folder) / FILE, (json.dumps(data) + "\n").encode("utf-8"))


def load_seats(folder, players: int) -> dict:
    """The computer's seats of a session folder ({} when none or unreadable, logged)."""
    if folder is None:
        return {}
    path = Path(folder) / FILE
    if not path.is_file():
        return {}
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))["seats"]
        out = {int(s): int(lv) for s, lv in raw.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
        log.warning("Computer: %s can't be read (%r); every seat is played by a person.",
                    path, err)
        return {}
    if all(0 <= s < players and lv in LEVEL_NAMES for s, lv in out.items()):
        return out
    log.warning("Computer: %s names a seat or level this game has not (%r); every seat is "
                "played by a person.", path, out)
    return {}


def rejection_words(game, expectation: Optional[Expectation], verdict) -> str:
    """A ``computer-move`` or ``computer-hand`` rejection in the current language: what the
    computer wants done instead."""
    if expectation is None or game is None:
        from companion.i18n.verdicts import render_verdict
        return render_verdict(game, verdict) if game is not None else ""
    name = game.names[expectation.seat]
    lines = list(expectation.lines)
    if verdict.rule == RULE_HAND:
        return _("{name} reserves the top card of a deck: show that card in the camera's scan "
                 "zone (or choose it on the screen), so that the computer knows its hand. Then "
                 "press the button again.").format(name=name)
    return _("That is not the computer's move. Put the table back as it was and do what "
             "{name} wants: {move} Then press the button again.").format(
                 name=name, move=move_words(lines, game=game))


# ----------------------------------------------------------------------------- the seats
def _choose(game, seat, level, stop_event=None):
    return choose_move(game, seat=seat, level=level, stop_event=stop_event)


class ComputerSeats:
    """The computer's seats of the game in play and its move for the turn in progress.

    Lives in the UI thread (the controller's); only ``chooser`` runs in a thread of its own.
    ``chooser(game, seat, level, stop_event)`` returns a :class:`companion.ai.MoveChoice`
    (tests inject a slow or fixed one). ``on_ready(expectation)`` is the controller's: it
    hands the expectation to the referee's door.
    """

    def __init__(self, dispatch: Callable, chooser: Callable = _choose):
        self.dispatch = dispatch
        self.chooser = chooser
        self.levels: dict = {}
        self.expectation: Optional[Expectation] = None   # the move ready for this turn
        self.choice = None                               # its MoveChoice
        self.thinking: Optional[tuple] = None            # (seat, turn_start) being thought
        self.held: list = []                             # buttons pressed while it thought
        self._stop: Optional[threading.Event] = None
        self._thread: Optional[threading.Thread] = None
        self.on_ready: Optional[Callable] = None
        self.on_press: Optional[Callable] = None
        self.on_change: Optional[Callable] = None

    def seat_level(self, seat: int) -> Optional[int]:
        return self.levels.get(seat)

    def set_levels(self, levels: dict) -> None:
        """A new or resumed game: these seats are the computer's (none thought yet)."""
        self.stop()
        self.levels = dict(levels)
        self.expectation = self.choice = None
        self.thinking, self.held = None, []

    def plays(self, game) -> bool:
        """Whether the computer has the turn in progress."""
        return game is not None and not game.finished and game.active in self.levels

    def move_for(self, game):
        """The computer's chosen MoveChoice for the turn in progress, or None."""
        e = self.expectation
        if e is not None and self.plays(game) and e.applies(game, game.active):
            return self.choice
        return None

    def is_thinking(self, game) -> bool:
        return (self.thinking is not None and self.plays(game)
                and self.thinking == (game.active, turn_start(game)))

    def update(self, game) -> None:
        """After every change of the game (UI thread): think when it is the computer's turn."""
        if not self.plays(game):
            self.stop()
            self.held = []
            return
        key = (game.active, turn_start(game))
        if self.move_for(game) is not None or self.thinking == key:
            return
        self.stop()
        self.thinking, self.held = key, []
        self.expectation = self.choice = None
        stop = threading.Event()
        self._stop = stop
        own = game.copy()              # the thread's own game: the snapshot stays untouched
        level = self.levels[game.active]

        def think():
            try:
                choice, error = self.chooser(own, key[0], level, stop), None
            except Exception as err:  # said on the screen; the person enters the turn
                log.exception("Computer: the move for seat %s could not be chosen", key[0])
                choice, error = None, err
            if not stop.is_set():
                self.dispatch(self._ready, key, choice, error)
        self._thread = threading.Thread(target=think, name="computer", daemon=True)
        self._thread.start()

    def hold_press(self, button: int, seat: Optional[int]) -> bool:
        """A press by the computer's seat while it thinks waits here (once) until the move is
        shown, then goes to the referee's door like any other; True when held."""
        if self.thinking is None or seat != self.thinking[0]:
            return False
        if button not in self.held:
            self.held.append(button)
        return True

    def _ready(self, key, choice, error) -> None:
        if self.thinking != key:
            return   # the game moved on (an undo, a new game): this thought is stale
        self.thinking = None
        if choice is not None:
            self.choice = choice
            self.expectation = Expectation(key[0], key[1], tuple(dict(x) for x in choice.lines))
            if self.on_ready is not None:
                self.on_ready(self.expectation)
        held, self.held = self.held, []
        if self.on_change is not None:
            self.on_change()
        for button in held:
            if self.on_press is not None:
                self.on_press(button)

    def stop(self) -> None:
        """Stop thinking (its result is dropped); the thread ends with the search's next check."""
        if self._stop is not None:
            self._stop.set()
        self._stop, self.thinking = None, None

    def join(self, timeout: Optional[float] = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)
