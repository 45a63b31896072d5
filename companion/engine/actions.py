"""Actions as immutable values, one class per record line type.

Token counts are 6-tuples in colour order (white, blue, green, red, black, gold).

>>> TakeGems(0, (1, 1, 1, 0, 0, 0)).to_line()
{'type': 'take', 'player': 0, 'gems': {'white': 1, 'blue': 1, 'green': 1}}
>>> BuyCard(1, "2R03", (0, 0, 0, 1, 0, 1)) == BuyCard(1, "2R03", (0, 0, 0, 1, 0, 1))
True
>>> TakeGems(0, (1, 1, 1, 0, 0, 0)) == ReturnGems(0, (1, 1, 1, 0, 0, 0))
False
"""
from __future__ import annotations

from typing import NamedTuple, Optional

from .cards import tokens_dict

Tokens = tuple  # a 6-tuple of ints


class _Value:
    """Mixin: equality and hash include the class, so equal fields of two kinds differ."""

    __slots__ = ()

    def __eq__(self, other):
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((type(self).__name__, tuple(self)))


class TakeGems(_Value, NamedTuple("TakeGems", [("player", int), ("gems", tuple)])):
    """Take 3 gems of different colours, or 2 of one colour."""

    __slots__ = ()
    main = True

    def to_line(self) -> dict:
        return {"type": "take", "player": self.player, "gems": tokens_dict(self.gems)}


class ReserveCard(_Value, NamedTuple("ReserveCard", [("player", int), ("card", str)])):
    """Reserve a face-up card (and take a gold if any is left)."""

    __slots__ = ()
    main = True

    def to_line(self) -> dict:
        return {"type": "reserve", "player": self.player, "card": self.card}


class ReserveBlind(_Value, NamedTuple("ReserveBlind", [("player", int), ("level", int),
                                                        ("card", Optional[str])])):
    """Reserve the top card of a deck. ``card`` is the owner's private scan, or None (hidden)."""

    __slots__ = ()
    main = True

    def __new__(cls, player: int, level: int, card: Optional[str] = None):
        return tuple.__new__(cls, (player, level, card))

    def to_line(self) -> dict:
        line = {"type": "reserve", "player": self.player, "level": self.level}
        if self.card is not None:
            line["card"] = self.card
        return line


class BuyCard(_Value, NamedTuple("BuyCard", [("player", int), ("card", str), ("pay", tuple)])):
    """Buy a face-up card or one of the player's reserved cards, paying ``pay`` tokens."""

    __slots__ = ()
    main = True

    def to_line(self) -> dict:
        return {"type": "buy", "player": self.player, "card": self.card,
                "pay": tokens_dict(self.pay)}


class PassTurn(_Value, NamedTuple("PassTurn", [("player", int)])):
    """Pass: only legal when no main action is."""

    __slots__ = ()
    main = True

    def to_line(self) -> dict:
        return {"type": "pass", "player": self.player}


class RevealCard(_Value, NamedTuple("RevealCard", [("level", int), ("slot", int), ("card", str)])):
    """The card dealt from a deck into an empty face-up slot."""

    __slots__ = ()
    main = False
    player = None

    def to_line(self) -> dict:
        return {"type": "reveal", "level": self.level, "slot": self.slot, "card": self.card}


class ReturnGems(_Value, NamedTuple("ReturnGems", [("player", int), ("gems", tuple)])):
    """Tokens given back to the bank because the player holds more than 10."""

    __slots__ = ()
    main = False

    def to_line(self) -> dict:
        return {"type": "return", "player": self.player, "gems": tokens_dict(self.gems)}


class ClaimNoble(_Value, NamedTuple("ClaimNoble", [("player", int), ("noble", str)])):
    """A noble visits the player (3 prestige)."""

    __slots__ = ()
    main = False

    def to_line(self) -> dict:
        return {"type": "noble", "player": self.player, "noble": self.noble}


class EndTurn(_Value, NamedTuple("EndTurn", [("player", int)])):
    """The turn-end signal: the seat's button."""

    __slots__ = ()
    main = False

    def to_line(self) -> dict:
        return {"type": "end_turn", "player": self.player}


MAIN_ACTIONS = (TakeGems, ReserveCard, ReserveBlind, BuyCard, PassTurn)
Action = (TakeGems | ReserveCard | ReserveBlind | BuyCard | PassTurn | RevealCard | ReturnGems
          | ClaimNoble | EndTurn)
