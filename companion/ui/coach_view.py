"""The coach at game over and the Hint during a turn, in plain Python (no Kivy).

Both think on a worker thread (:class:`OffThread`): the search runs there on a copy of the
record, and its answer comes back to the UI thread through ``dispatch`` (the app's Clock) as an
immutable snapshot (:class:`CoachSnapshot`, :class:`HintSnapshot`). Words are made when a
snapshot is drawn, so they follow the language chosen at that moment.

The coach (:func:`companion.ai.coach.turning_points`) judges every turn a human played; the
hint (:func:`companion.ai.player.choose_move`) decides the active player's turn from the record
as that player saw it (the decks and the others' blind reserves stay hidden).

>>> text = ['{"format": "splendor-record", "version": 1, "players": ["A", "B"]}', '{"type": "setup"}',
...         '{"type": "take", "player": 0}', '{"type": "end_turn", "player": 0}',
...         '{"type": "take", "player": 1}']
>>> turn_starts(text), len(turn_start_lines(text))
([2, 4], 4)
>>> chance_words(0.431, 0.252)
'With the better move your chance of winning would have been about 43 %; with the move you made it was about 25 %.'
"""
from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from typing import Callable, Optional

from companion.ai.coach import APP_ITERATIONS as COACH_ITERATIONS  # the coach's budget
from companion.ai.coach import APP_SEED as COACH_SEED
from companion.ai.coach import turning_points
from companion.ai.player import choose_move
from companion.app.move_view import move_parts
from companion.engine.record import dumps, record_lines, replay_lines
from companion.i18n import _
from companion.i18n.advice import reasons_sentence
from companion.i18n.moves import describe_move

log = logging.getLogger(__name__)

HINT_LEVEL = 4           # the hint is the strongest level's choice (at most 2 s a move here)


# ----------------------------------------------------------------------------- the record
def turn_starts(text: list) -> list:
    """Indexes of the lines where each turn begins (after the header and setup)."""
    return [2] + [i + 1 for i, ln in enumerate(text) if json.loads(ln).get("type") == "end_turn"]


def turn_start_lines(text: list) -> list:
    """The record up to the start of the turn being played (a turn half entered is cut)."""
    starts = [s for s in turn_starts(text) if s <= len(text)]
    return text[:starts[-1]]


def record_text(game) -> list:
    """The game's record as JSON lines (a snapshot's game: it never changes)."""
    return [dumps(line) for line in record_lines(game)]


def _gold_at(text: list, start: int) -> bool:
    """Whether a reserve took a gold token in the turn at ``start`` (the engine says)."""
    game = replay_lines(text[:start]).game
    return game is None or bool(game.reserve_gold)


def _frozen(lines) -> tuple:
    return tuple(ln if isinstance(ln, str) else dumps(ln) for ln in lines)


# ----------------------------------------------------------------------------- snapshots
@dataclass(frozen=True)
class Point:
    """One turning point: the move made and the better one (record lines as JSON text)."""

    seat: int
    turn: int              # 0 = the game's first turn
    players: int
    made: tuple
    better: tuple
    chance_better: float   # the seat's win chance after the better move, 0..1
    chance_made: float     # ... after the move made
    gold: bool             # the bank had gold (a reserve takes one)
    reasons: tuple = ()    # why the better move was better (companion.ai.reasons.Reason)
    names: tuple = ()      # the players' names by seat (a reason may name an opponent)

    @property
    def round(self) -> int:
        return self.turn // self.players + 1

    def made_lines(self) -> list:
        return [json.loads(t) for t in self.made]

    def better_lines(self) -> list:
        return [json.loads(t) for t in self.better]


@dataclass(frozen=True)
class SeatCoach:
    seat: int
    name: str
    points: tuple          # Point, the costliest first


@dataclass(frozen=True)
class CoachSnapshot:
    """What the coach has found so far: the seats done, in seat order."""

    seats: tuple           # SeatCoach for each human seat already judged
    waiting: tuple         # names of the human seats still being judged
    failed: bool = False

    @property
    def done(self) -> bool:
        return not self.waiting or self.failed


@dataclass(frozen=True)
class HintSnapshot:
    seat: int
    name: str
    turn: int              # the turn the hint is for
    lines: tuple = ()      # the computer's choice (JSON text)
    gold: bool = True
    failed: bool = False

    def choice(self) -> list:
        return [json.loads(t) for t in self.lines]


# ----------------------------------------------------------------------------- the work
def default_coach(text, seat, stop_event=None):
    return turning_points(text, seat, iterations=COACH_ITERATIONS, seed=COACH_SEED,
                          stop_event=stop_event)


def default_chooser(text, seat, stop_event=None):
    return choose_move(text, seat=seat, level=HINT_LEVEL, stop_event=stop_event).lines


def coach_seat(text: list, seat: int, name: str, players: int, coach: Callable = default_coach,
               stop_event=None) -> SeatCoach:
    """The turning points of one seat, as an immutable value."""
    points = []
    names = tuple(json.loads(text[0]).get("players", ()))
    for tp in coach(text, seat, stop_event=stop_event):
        start = tp.line - 1
        points.append(Point(seat, tp.turn, players, _frozen(tp.made), _frozen(tp.better),
                            tp.chance_better, tp.chance_made, _gold_at(text, start),
                            tuple(tp.reasons), names))
    return SeatCoach(seat, name, tuple(points))


def hint_for(game, seat: int, chooser: Callable = default_chooser, stop_event=None):
    """The computer's choice for ``seat`` at the start of the turn being played."""
    text = turn_start_lines(record_text(game))
    lines = chooser(text, seat, stop_event=stop_event)
    return HintSnapshot(seat, game.names[seat], game.turn, _frozen(lines),
                        _gold_at(text, len(text)))


class OffThread:
    """One job at a time on a daemon thread; what it publishes reaches ``listener`` on the UI
    thread through ``dispatch``. Starting another job stops the one running (its late answers
    are dropped), so a screen only ever sees answers about what it shows."""

    def __init__(self, dispatch: Callable, name: str):
        self.dispatch = dispatch
        self.name = name
        self._stop: Optional[threading.Event] = None
        self._job = 0

    def start(self, work: Callable, listener: Callable) -> None:
        """Run ``work(publish, stop_event)``; each ``publish(snapshot)`` reaches ``listener``."""
        self.stop()
        self._job += 1
        job, stop = self._job, threading.Event()
        self._stop = stop

        def deliver(snapshot):
            if job == self._job and not stop.is_set():   # on the UI thread: still wanted?
                listener(snapshot)

        def publish(snapshot):
            if not stop.is_set():
                self.dispatch(deliver, snapshot)

        def run():
            try:
                work(publish, stop)
            except Exception:   # a fault in the search: said on screen, logged with its cause
                log.exception("%s failed", self.name)
                publish(None)
        threading.Thread(target=run, daemon=True, name=self.name).start()

    def stop(self) -> None:
        if self._stop is not None:
            self._stop.set()
            self._stop = None

    @property
    def running(self) -> bool:
        return self._stop is not None


class Coach:
    """The coach of one finished game: the human seats judged one after another. A seat once
    judged is kept, so leaving Game over and coming back only judges the seats left."""

    def __init__(self, dispatch: Callable, coach: Callable = default_coach):
        self.coach = coach
        self.worker = OffThread(dispatch, "coach")
        self.key = None
        self.found: dict = {}           # seat -> SeatCoach of the game ``key``
        self.snapshot: Optional[CoachSnapshot] = None

    def start(self, key, game, humans, listener: Callable) -> CoachSnapshot:
        """Judge ``humans`` (seats) of the finished ``game``; returns the snapshot to show now."""
        if key is not self.key:
            self.key, self.found, self.snapshot = key, {}, None
        names = list(game.names)
        todo = [s for s in humans if s not in self.found]
        if self.snapshot is not None and (self.worker.running or not todo):
            return self.snapshot
        self.snapshot = self._snap(humans, names)
        if not todo:
            return self.snapshot

        def work(publish, stop):
            text = record_text(game)
            for seat in todo:
                found = coach_seat(text, seat, names[seat], game.n, self.coach, stop)
                if stop.is_set():
                    return
                publish((seat, found))

        def take(item):
            if item is None:
                self.snapshot = CoachSnapshot(self.snapshot.seats, (), failed=True)
                self.worker.stop()
            else:
                self.found[item[0]] = item[1]
                self.snapshot = self._snap(humans, names)
                if self.snapshot.done:
                    self.worker.stop()
            listener(self.snapshot)
        self.worker.start(work, take)
        return self.snapshot

    def _snap(self, humans, names) -> CoachSnapshot:
        return CoachSnapshot(tuple(self.found[s] for s in humans if s in self.found),
                             tuple(names[s] for s in humans if s not in self.found))

    def stop(self) -> None:
        """Stop judging (the screen is left); the seats done are kept."""
        self.worker.stop()
        if self.snapshot is not None and not self.snapshot.done:
            self.snapshot = None    # started again when the screen shows again


def human_seats(ctl) -> list:
    """The seats people play: every seat but those the computer plays (when the controller
    knows of any)."""
    game = ctl.game
    if game is None:
        return []
    computer = computer_seats(ctl)
    return [s for s in range(game.n) if s not in computer]


def computer_seats(ctl) -> set:
    """The seats the computer plays (``ctl.computer.levels``: seat -> level, where the
    controller has computer seats)."""
    return set(getattr(getattr(ctl, "computer", None), "levels", None) or ())


# ----------------------------------------------------------------------------- words
def chance_words(before: float, after: float) -> str:
    """How much the turn mattered, in the words of a player: the two moves compared (not a
    fall over time: both chances are of the same moment, after one move or the other)."""
    return _("With the better move your chance of winning would have been about {better} %; "
             "with the move you made it was about {made} %.").format(
        better=round(before * 100), made=round(after * 100))


def _move_sentence(lines, gold: bool) -> str:
    """A turn's words; a blind reserve said as it was played (no scan to ask for now)."""
    bank = _Bank(gold)
    parts = []
    for line in lines:
        if line.get("type") == "reserve" and "level" in line:
            parts.append((_("Reserve the top card of the level {level} deck and take 1 gold.")
                          if gold else _("Reserve the top card of the level {level} deck."))
                         .format(level=line["level"]))
        else:
            parts.append(describe_move([line], game=bank, printed=True))
    return " ".join(p for p in parts if p)


class _Bank:
    """Just enough of a game for the move sentences: the gold a reserve takes. No cards in
    view: a card is named by what is printed on it, and its picture beside the words shows
    its cost."""

    market = ()
    reserved = ()

    def __init__(self, gold: bool):
        self.reserve_gold = 1 if gold else 0


@dataclass(frozen=True)
class PointView:
    """A turning point as the Game over screen shows it."""

    heading: str
    made: str
    better: str
    mattered: str
    parts: tuple           # the better move's picture (move_view.MovePart)


def point_view(p: Point) -> PointView:
    return PointView(
        heading=_("Round {round}").format(round=p.round),
        made=_("Your move: {move}").format(move=_move_sentence(p.made_lines(), p.gold)),
        better=_("Better: {move}").format(move=_move_sentence(p.better_lines(), p.gold)),
        mattered=" ".join(w for w in (reasons_sentence(p.reasons, p.names),
                                      chance_words(p.chance_better, p.chance_made)) if w),
        parts=move_parts(p.better_lines(), gold=p.gold))


def seat_heading(seat: SeatCoach) -> str:
    return _("The coach for {name}").format(name=seat.name)


def seat_summary(seat: SeatCoach) -> str:
    if not seat.points:
        return _("No turn of {name}'s fell clearly below the computer's choice. "
                 "Well played!").format(name=seat.name)
    return ""


def coach_status(snap: Optional[CoachSnapshot], humans: int) -> str:
    """The line over the coach's findings: thinking, failed, or nothing to say."""
    if humans == 0:
        return _("Only the computer played: the coach has no one to advise.")
    if snap is None or (not snap.done):
        return _("The coach is looking at the game…")
    if snap.failed:
        return _("The coach could not look at this game.")
    return _("The turns where a better move mattered most, and that move.")


def hint_words(h: HintSnapshot) -> str:
    if h.failed:
        return _("The computer could not find a move here.")
    return _move_sentence_hint(h)


def _move_sentence_hint(h: HintSnapshot) -> str:
    return describe_move(h.choice(), game=_Bank(h.gold), printed=True)


def hint_title(name: str) -> str:
    return _("The computer's choice for {name}").format(name=name)


def hint_thinking() -> str:
    return _("The computer is thinking…")
