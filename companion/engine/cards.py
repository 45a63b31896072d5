"""Cards, nobles and colours of the base game, loaded from the shipped reference data.

Colours are indexed everywhere in the engine: the five gems in rulebook order, then gold.

>>> CARDS["3U02"].points, CARDS["3U02"].cost_dict()
(4, {'white': 6, 'blue': 3, 'black': 3})
>>> NOBLES["N10"].requires_dict()
{'white': 3, 'blue': 3, 'green': 3}
"""
from __future__ import annotations

import csv
import io
from importlib import resources
from typing import NamedTuple

WHITE, BLUE, GREEN, RED, BLACK, GOLD = range(6)
GEMS = ("white", "blue", "green", "red", "black")
COLOURS = GEMS + ("gold",)
COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}
# The letter used in card ids (1W01, 2U03, 3K04): blue is U, black is K.
COLOUR_LETTERS = "WUGRK"
LEVELS = (1, 2, 3)


class Card(NamedTuple):
    """A development card: immutable, identified by its printed tag id."""

    id: str
    level: int
    bonus: int  # index into GEMS
    points: int
    cost: tuple[int, int, int, int, int]

    def cost_dict(self) -> dict[str, int]:
        return {GEMS[i]: n for i, n in enumerate(self.cost) if n}

    def __repr__(self) -> str:
        return f"Card({self.id!r})"


class Noble(NamedTuple):
    """A noble tile: 3 prestige for the first player whose bonuses meet its requirements."""

    id: str
    points: int
    requires: tuple[int, int, int, int, int]

    def requires_dict(self) -> dict[str, int]:
        return {GEMS[i]: n for i, n in enumerate(self.requires) if n}

    def __repr__(self) -> str:
        return f"Noble({self.id!r})"


def _read_csv(name: str) -> list[dict[str, str]]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def _load_cards() -> dict[str, Card]:
    cards = {}
    for row in _read_csv("cards.csv"):
        cost = tuple(int(row[g]) for g in GEMS)
        cards[row["id"]] = Card(row["id"], int(row["level"]), COLOUR_INDEX[row["bonus"]],
                                int(row["points"]), cost)  # type: ignore[arg-type]
    return cards


def _load_nobles() -> dict[str, Noble]:
    nobles = {}
    for row in _read_csv("nobles.csv"):
        req = tuple(int(row[g]) for g in GEMS)
        nobles[row["id"]] = Noble(row["id"], int(row["points"]), req)  # type: ignore[arg-type]
    return nobles


CARDS: dict[str, Card] = _load_cards()
NOBLES: dict[str, Noble] = _load_nobles()
CARDS_BY_LEVEL: dict[int, frozenset[str]] = {
    level: frozenset(c.id for c in CARDS.values() if c.level == level) for level in LEVELS
}

# What each player count puts on the table (rules.md, "Components and setup").
GEMS_PER_COLOUR = {2: 4, 3: 5, 4: 7}
GOLD_TOKENS = 5


def starting_bank(players: int) -> tuple[int, int, int, int, int, int]:
    """The bank at the start of a game.

    >>> starting_bank(3)
    (5, 5, 5, 5, 5, 5)
    """
    n = GEMS_PER_COLOUR[players]
    return (n, n, n, n, n, GOLD_TOKENS)


def tokens_dict(counts, *, keep_zero: bool = False) -> dict[str, int]:
    """A colour -> count mapping from a tuple of counts (gold last when present)."""
    return {COLOURS[i]: n for i, n in enumerate(counts) if n or keep_zero}


def describe_tokens(counts) -> str:
    """Plain words for a set of tokens.

    >>> describe_tokens((1, 0, 2, 0, 0, 1))
    '1 white, 2 green and 1 gold'
    """
    parts = [f"{n} {COLOURS[i]}" for i, n in enumerate(counts) if n]
    if not parts:
        return "nothing"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]
