"""Why the coach's better move was better, as facts a player can check on the table.

The value network says how much a move was worth, not why. These are the reasons a player
would give, each checked on the position the seat saw (public facts only: the market, the
nobles, everyone's tokens and bonuses, the seat's own reserved cards): the better move brings a
noble, scores at once, takes a card an opponent could pay for on their next turn, makes a card
with points affordable next turn, or gives a bonus a noble still needs; the move made gave
tokens back. Words are made from them in :mod:`companion.i18n.advice`.

>>> from companion.engine import SimulatedTable, TakeGems
>>> game = SimulatedTable(players=2, seed=3).new_game()
>>> take = TakeGems(game.active, (1, 1, 1, 0, 0, 0))
>>> why_better(game, take, take)            # the same move: no reason
()
>>> why_better(game, take, take, returned_made=2)
(Reason(code='returned', value=2, seat=-1),)
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.engine import CARDS, NOBLES, BuyCard, ReserveCard, RuleError, TakeGems, nobles_after

NOBLE = "noble"          # a noble visits after the better move, not after the one made
POINTS = "points"        # the better move scores ``value`` prestige at once (more than made)
DENY = "deny"            # it takes a card worth ``value`` that ``seat`` could pay for now
AFFORD = "afford"        # after it the seat can pay for a card worth ``value`` next turn
CLOSER = "closer"        # its card's bonus is one a noble on the table still needs
RETURNED = "returned"    # the move made gave ``value`` tokens back (the better one fewer)
ORDER = (NOBLE, POINTS, DENY, AFFORD, CLOSER, RETURNED)   # the first two are said
SAID = 2


@dataclass(frozen=True)
class Reason:
    code: str
    value: int = 0       # points, or tokens given back
    seat: int = -1       # the opponent a card was kept from

    def to_dict(self) -> dict:
        out = {"code": self.code, "value": self.value}
        if self.seat >= 0:
            out["seat"] = self.seat
        return out


def _card(action):
    if type(action) in (BuyCard, ReserveCard):
        return CARDS.get(action.card)
    return None


def _scored(action) -> int:
    card = _card(action)
    return card.points if type(action) is BuyCard and card else 0


def _new_nobles(game, action) -> set:
    before = set(game.qualifying_nobles())
    return set(nobles_after(game, [action]) or ()) - before


def _best_affordable(game, action) -> int:
    """The most points of a card in view the seat can pay for after ``action`` and not
    before (0 if none)."""
    seat = game.active
    cards = [c for row in game.market for c in row if c is not None and c.points]
    cards += [c for c in game.reserved[seat] if getattr(c, "points", 0) and c.id in CARDS]
    before = {c.id for c in cards if game.payment(seat, c) is not None}
    try:
        game.push(action)
    except RuleError:   # an action the position can't take has no such reason
        return 0
    try:
        return max((c.points for c in cards
                    if c.id not in before and c.id != getattr(action, "card", None)
                    and game.payment(seat, c) is not None), default=0)
    finally:
        game.pop()


def _kept_from(game, action, made):
    """(opponent, points) when the better move takes a market card worth points that an
    opponent could pay for on their next turn, and the move made leaves it."""
    card = _card(action)
    if card is None or not card.points or _card(made) == card:
        return None
    if card.id not in {c.id for row in game.market for c in row if c is not None}:
        return None
    seat = game.active
    for step in range(1, game.n):
        other = (seat + step) % game.n
        if game.payment(other, card) is not None:
            return other, card.points
    return None


def _needed_bonus(game, action) -> bool:
    card = _card(action)
    if type(action) is not BuyCard or card is None:
        return False
    have = game.bonuses[game.active][card.bonus]
    return any(nid is not None and NOBLES[nid].requires[card.bonus] > have
               for nid in game.nobles)


def why_better(game, better, made, returned_made: int = 0, returned_better: int = 0) -> tuple:
    """The reasons (at most :data:`SAID`, in :data:`ORDER`) the main action ``better`` beat
    ``made`` for the seat to move in ``game`` (left as it was found)."""
    found = []
    if _new_nobles(game, better) - _new_nobles(game, made):
        found.append(Reason(NOBLE, 3))
    scored = _scored(better)
    if scored > _scored(made):
        found.append(Reason(POINTS, scored))
    kept = _kept_from(game, better, made)
    if kept:
        found.append(Reason(DENY, kept[1], kept[0]))
    if type(better) is TakeGems:
        afford = _best_affordable(game, better)
        if afford and afford > (_best_affordable(game, made) if type(made) is TakeGems else 0):
            found.append(Reason(AFFORD, afford))
    if NOBLE not in {r.code for r in found} and _needed_bonus(game, better) \
            and not _needed_bonus(game, made):
        found.append(Reason(CLOSER))
    if returned_made > returned_better:
        found.append(Reason(RETURNED, returned_made))
    found.sort(key=lambda r: ORDER.index(r.code))
    return tuple(found[:SAID])


__all__ = ["Reason", "why_better", "ORDER", "NOBLE", "POINTS", "DENY", "AFFORD", "CLOSER",
           "RETURNED"]
