"""The engine's plain values: house rules, the deal, blind cards, the outcome, a player's view.

They are immutable, compare by value and turn into the dicts of the game record (record.md).
The limits of the rules are named here once, for the engine and everything that asks it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Optional

from .cards import CARDS, COLOURS, GEMS, NOBLES
from .errors import MalformedError

SHORT_TAKE_CHOICES = ("never", "when_scarce", "always")
WINNING_POINTS = 15
TOKEN_LIMIT = 10
RESERVE_LIMIT = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 4
ZERO6 = (0, 0, 0, 0, 0, 0)


def add_tokens(a: tuple, b: tuple) -> tuple:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def sub_tokens(a: tuple, b: tuple) -> tuple:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5])


def replaced(seq: tuple, i: int, value) -> tuple:
    """``seq`` with entry ``i`` replaced: the state's tuples are never changed in place."""
    return seq[:i] + (value,) + seq[i + 1:]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True)
class Rules:
    """House rules. ``short_take``: when a take of fewer than 3 colours is allowed."""

    short_take: str = "when_scarce"

    def __post_init__(self):
        if self.short_take not in SHORT_TAKE_CHOICES:
            raise ValueError(f"short_take must be one of {', '.join(SHORT_TAKE_CHOICES)}, "
                             f"not {self.short_take!r}.")

    def to_dict(self) -> dict:
        return {"short_take": self.short_take}


class Setup(NamedTuple):
    """The table as dealt: who starts, the nobles revealed, the market (level 1 row first)."""

    first: int
    nobles: tuple
    market: tuple  # 3 rows of 4 card ids (or None), level 1 first

    def to_line(self) -> dict:
        return {"type": "setup", "first": self.first, "nobles": list(self.nobles),
                "market": [list(row) for row in self.market]}


class BlindCard(NamedTuple):
    """A card reserved from the top of a deck whose identity the engine does not know yet."""

    level: int

    @property
    def id(self) -> None:
        return None


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``reason`` is ``"points"`` (someone reached 15 and the round was completed) or
    ``"all-passed"``. ``tie_break`` is None when the most points decided alone,
    ``"fewest-cards"`` when the tied player with fewest purchased cards won, ``"shared"`` when
    that tied too.
    """

    winners: tuple
    points: tuple
    cards: tuple
    reason: str
    tie_break: Optional[str] = None

    @staticmethod
    def decide(points: tuple, cards: tuple, reason: str) -> "Outcome":
        """The outcome for these points and purchased cards (per seat): most points wins,
        a tie goes to the fewest cards, and a tie in that too is shared.

        >>> o = Outcome.decide((15, 15, 9), (("1W01",) * 7, ("1W01",) * 6, ()), "points")
        >>> o.winners, o.tie_break, o.places()
        ((1,), 'fewest-cards', (2, 1, 3))
        """
        counts = tuple(len(c) for c in cards)
        places = standings(points, counts)
        winners = tuple(i for i, place in enumerate(places) if place == 1)
        tie_break = None
        if points.count(max(points)) > 1:
            tie_break = "fewest-cards" if len(winners) == 1 else "shared"
        return Outcome(winners, points, counts, reason, tie_break)

    def places(self) -> tuple:
        """Each seat's place, 1 for the winners: by most points, then fewest purchased cards;
        seats equal in both share a place (the next place is skipped, 1, 1, 3)."""
        return standings(self.points, self.cards)

    def to_dict(self) -> dict:
        return {"winners": list(self.winners), "points": list(self.points),
                "cards": list(self.cards), "reason": self.reason, "tie_break": self.tie_break}


def standings(points, cards) -> tuple:
    """Each seat's place from its points and its count of purchased cards: the tie-break of
    the rules, stated once (more points first, then fewer cards; equal in both share).

    >>> standings((15, 15, 16), (9, 8, 20))
    (3, 2, 1)
    """
    keys = [(-points[i], cards[i]) for i in range(len(points))]
    return tuple(1 + sum(1 for other in keys if other < key) for key in keys)


@dataclass(frozen=True)
class PlayerView:
    """A read-only summary of one player, for scoreboards and records."""

    seat: int
    name: str
    points: int
    cards: tuple
    nobles: tuple
    tokens: tuple
    bonuses: tuple
    reserved: tuple = field(repr=False)

    def to_dict(self) -> dict:
        return {"name": self.name, "points": self.points, "cards": len(self.cards),
                "nobles": list(self.nobles),
                "tokens": {c: self.tokens[i] for i, c in enumerate(COLOURS)},
                "bonuses": {c: self.bonuses[i] for i, c in enumerate(GEMS)},
                "reserved": len(self.reserved)}


def check_setup(setup: Setup, n: int) -> None:
    """A setup that doesn't fit the player count is malformed (record.md)."""
    if not isinstance(setup.first, int) or isinstance(setup.first, bool) or not 0 <= setup.first < n:
        raise MalformedError("first-not-a-seat", players=n)
    nobles = list(setup.nobles)
    if len(nobles) != n + 1:
        raise MalformedError("nobles-count", players=n, count=len(nobles))
    for nid in nobles:
        if nid not in NOBLES:
            raise MalformedError("not-a-noble", noble=nid)
    if len(set(nobles)) != len(nobles):
        raise MalformedError("noble-twice")
    if len(setup.market) != 3:
        raise MalformedError("market-rows")
    for li, row in enumerate(setup.market):
        if len(row) != 4:
            raise MalformedError("row-slots", level=li + 1, count=len(row))
        ids = [c for c in row if c is not None]
        for cid in ids:
            if cid not in CARDS:
                raise MalformedError("dealt-not-a-card", card=cid)
            if CARDS[cid].level != li + 1:
                raise MalformedError("card-wrong-level", card=cid, level=li + 1)
        if len(set(ids)) != len(ids):
            raise MalformedError("card-twice", level=li + 1)
