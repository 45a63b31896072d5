"""A turn as pictures: the parts a move picture draws (plain Python, no Kivy).

The computer's move on the Play screen and a better move at game over are the same picture:
the main action (gems taken, the card bought or reserved, the deck drawn from), then the
tokens given back and the noble that visits. ``move_parts`` turns record lines into those parts.

>>> [p.kind for p in move_parts([{"type": "take", "player": 0, "gems": {"white": 1, "red": 1}},
...                              {"type": "return", "player": 0, "gems": {"red": 1}}])]
['take', 'return']
>>> move_parts([{"type": "reserve", "player": 1, "level": 3}])[0]
MovePart(kind='reserve-deck', gems=(('gold', 1),), card=None, level=3, noble=None)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from companion.i18n import _
from companion.i18n.moves import describe_move

ORDER = ("white", "blue", "green", "red", "black", "gold")


@dataclass(frozen=True)
class MovePart:
    """One part of a turn: ``kind`` is take, buy, reserve, reserve-deck, return, noble or pass;
    ``gems`` the tokens taken, paid, given back (or the gold a reserve takes), colour order."""

    kind: str
    gems: tuple = ()
    card: Optional[str] = None
    level: int = 0
    noble: Optional[str] = None

    @property
    def verb(self) -> str:
        """The word over the part's picture, in the current language."""
        return {"take": lambda: _("Take"), "buy": lambda: _("Buy"),
                "reserve": lambda: _("Reserve"),
                "reserve-deck": lambda: _("Reserve from the deck"),
                "return": lambda: _("Give back"), "noble": lambda: _("Noble visit"),
                "pass": lambda: _("Pass")}[self.kind]()


def _gems(gems: dict) -> tuple:
    return tuple((c, int(gems[c])) for c in ORDER if gems.get(c))


def move_parts(lines, gold: bool = True) -> tuple:
    """The parts of a turn's record lines (reveals and end_turn are not drawn). ``gold``: the
    bank has a gold token for a reserve."""
    parts = []
    for line in lines:
        kind = line.get("type")
        if kind == "take":
            parts.append(MovePart("take", _gems(line["gems"])))
        elif kind == "buy":
            parts.append(MovePart("buy", _gems(line.get("pay") or {}), card=line["card"]))
        elif kind == "reserve":
            got = (("gold", 1),) if gold else ()
            if "level" in line:
                parts.append(MovePart("reserve-deck", got, level=int(line["level"]),
                                      card=line.get("card")))
            else:
                parts.append(MovePart("reserve", got, card=line["card"]))
        elif kind == "return":
            parts.append(MovePart("return", _gems(line["gems"])))
        elif kind == "noble":
            parts.append(MovePart("noble", noble=line["noble"]))
        elif kind == "pass":
            parts.append(MovePart("pass"))
    return tuple(parts)


def move_words(lines, names=None, game=None) -> str:
    """The turn in plain words, in the current language (``companion.i18n.moves``), cards and
    nobles named by what is printed on them."""
    return describe_move(lines, names=names, game=game, printed=True)
