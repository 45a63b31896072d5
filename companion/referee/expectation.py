"""The computer's move for one turn, as the referee judges a seat's turn against it.

The computer in a seat (``companion.app.computer``) thinks; a person carries its move out and
presses. The referee holds the move as an :class:`Expectation` and rejects an accepted turn that
differs from it (rule ``computer-move``), or a blind reserve without the card drawn
(``computer-hand``). Rejudge reads the same expectations back from a session folder.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from companion.engine import EndTurn, tokens_moved
from companion.engine.record import parse_event
from companion.referee.verdict import Verdict

RULE = "computer-move"        # the verdict's rule when a turn differs from the computer's
RULE_HAND = "computer-hand"   # its blind reserve without the card drawn (scan zone or touch)


def _delta(game, lines) -> tuple:
    """What a turn does to the table: main action, card or deck, the tokens it moves (the
    engine's count), noble. Lines that reach the same table the same way (a take and return
    in another order) agree."""
    kind, what, noble = None, None, None
    for line in lines:
        t = line.get("type")
        if t in ("take", "pass"):
            kind = t
        elif t == "buy":
            kind, what = "buy", line["card"]
        elif t == "reserve":
            kind, what = ("reserve-deck", line["level"]) if "level" in line else (
                "reserve", line["card"])
        elif t == "noble":
            noble = line["noble"]
    moved = tokens_moved(game, [parse_event(line, game.n) for line in lines
                                if line.get("type") in ("take", "buy", "reserve", "return")])
    return kind, what, moved, noble


def _main_of(lines) -> Optional[dict]:
    return next((x for x in lines if x.get("type") in ("take", "buy", "reserve", "pass")), None)


@dataclass(frozen=True)
class Expectation:
    """The computer's move for one turn, held by the referee (worker thread) to judge with.

    ``turn_start``: how many actions the game's history had when the turn began (a turn that
    was undone and played again gets a fresh expectation)."""

    seat: int
    turn_start: int
    lines: tuple

    def applies(self, game, seat: int) -> bool:
        return (game is not None and not game.finished and seat == self.seat == game.active
                and turn_start(game) == self.turn_start)

    def judge_turn(self, game, verdict):
        """An accepted turn of this seat: rejected when it is not the computer's move. A
        "which deck?" question is not asked: the computer's blind reserve needs its card in
        the scan zone (which names the deck), and any other move is not a reserve."""
        if not self.applies(game, verdict.seat):
            return verdict
        if verdict.kind == "question" and verdict.question == "deck":
            main = _main_of(self.lines) or {}
            return self._rejected(verdict.seat,
                                  blind=main.get("type") == "reserve" and "level" in main)
        if verdict.kind != "accepted":
            return verdict
        done = [x for x in verdict.lines if x.get("type") not in ("reveal", "end_turn")]
        main = _main_of(done) or {}
        same = _delta(game, done) == _delta(game, self.lines)
        if same and not (main.get("type") == "reserve" and "level" in main
                         and "card" not in main):
            return verdict
        return self._rejected(verdict.seat, blind=same)

    def judge_line(self, game, line: dict):
        """A line entered by touch for this turn: None when it is part of the computer's move,
        else the rejection."""
        seat = line.get("player", game.active if game is not None else None)
        if not self.applies(game, seat) or line.get("type") in ("reveal", "end_turn"):
            return None
        t = line.get("type")
        if t in ("take", "buy", "reserve", "pass"):
            ours = _main_of(self.lines) or {}
            theirs = dict(line)
            if ours.get("type") == "reserve" and "level" in ours:
                theirs.pop("card", None)
                if "card" not in line:
                    return self._rejected(seat, blind=True)
            if _delta(game, [theirs]) == _delta(game, [ours]):
                return None
        elif any(dict(x) == dict(line) for x in self.lines if x.get("type") == t):
            return None
        return self._rejected(seat)

    def _rejected(self, seat, blind=False):
        """The verdict: its rule code is all it says (records say it with
        companion.i18n.verdicts, screens with companion.app.computer's rejection_words)."""
        return Verdict("rejected", seat, rule=RULE_HAND if blind else RULE)


def turn_start(game) -> int:
    """The history's length when the turn in progress began."""
    n = len(game.history)
    while n and type(game.history[n - 1]) is not EndTurn:
        n -= 1
    return n
