"""One sample of what a seat can't see, and whole turns played in it.

A seat's view of the game (``view.py``) knows every face-up card and every scanned card, but
not the order of the decks nor the identity of the blind reserves nobody scanned for it. A
:class:`World` fills those in at random from the cards still unseen (determinization): the
hidden blind reserves get identities first, and the rest of each level is the deck, drawn in
random order as cards are needed. The search samples a new world every iteration, so no single
guess is trusted.

>>> import random
>>> from companion.engine import SimulatedTable
>>> game = SimulatedTable(players=2, seed=1).new_game()
>>> world = World(HiddenCards(game), random.Random(0))
>>> card = world.draw(1)
>>> card is not None and game.is_unseen(card)
True
"""
from __future__ import annotations

import random

from companion.engine import BlindCard, BuyCard, EndTurn, ReserveBlind, RevealCard, tokens_over

from .heuristics import Wishes, choose_noble, choose_return, potential


class HiddenCards:
    """What is unknown at the root of a search, worked out once.

    ``pools[level]`` lists (sorted, for reproducible sampling) every card of that level not
    seen yet; ``blinds`` lists (seat, level) for every blind reserve without a known identity.
    """

    __slots__ = ("pools", "blinds")

    def __init__(self, game):
        self.pools = {lv: sorted(ids) for lv, ids in zip((1, 2, 3), game.unseen)}
        self.blinds = [(seat, card.level) for seat in range(game.n)
                       for card in game.reserved[seat] if type(card) is BlindCard]


class World:
    """A random assignment of the hidden cards (one determinization)."""

    __slots__ = ("decks", "hidden", "rng")

    def __init__(self, hidden: HiddenCards, rng: random.Random):
        self.rng = rng
        self.decks = {lv: list(ids) for lv, ids in hidden.pools.items()}
        self.hidden: dict = {}
        for seat, level in hidden.blinds:
            card = self.draw(level)
            if card is not None:
                self.hidden.setdefault(seat, []).append(card)

    def draw(self, level: int):
        """A random card from the rest of the level's deck, removed from it (None if empty)."""
        deck = self.decks[level]
        if not deck:
            return None
        i = self.rng.randrange(len(deck))
        deck[i], deck[-1] = deck[-1], deck[i]
        return deck.pop()

    def hidden_buys(self, game, seat: int) -> list:
        """Buys of the seat's blind reserves as this world has them."""
        cards = self.hidden.get(seat)
        return game.affordable_buys(seat, cards) if cards else []


def play_turn(game, world: World, action, wishes=None, strong_end=False) -> int:
    """Push a whole turn: the main action, reveals, returns, a noble, end_turn.

    ``action`` is a legal main action of the active seat (a blind reserve without a card draws
    one from the world). Returns the number of pushes, for the caller to pop.
    """
    p = game.active
    pushes = 1
    kind = type(action)
    if kind is ReserveBlind and action.card is None:
        game.push_unchecked(ReserveBlind(p, action.level, world.draw(action.level)))
    elif kind is BuyCard and world.hidden.get(p) and action.card in world.hidden[p]:
        world.hidden[p].remove(action.card)
        game.push(action)  # binds a hidden blind reserve: validated in full
    else:
        game.push_unchecked(action)
    for level, slot in game.slots_to_reveal():
        game.push_unchecked(RevealCard(level, slot, world.draw(level)))
        pushes += 1
    pushes += finish_turn(game, p, wishes, strong_end)
    return pushes


def finish_turn(game, p: int, wishes=None, strong_end=False) -> int:
    """Push the returns, the noble visit and end_turn after the main action; count pushes."""
    pushes = 0
    if tokens_over(game, p):
        ret = best_return(game, p) if strong_end else choose_return(
            game, p, wishes or Wishes(game, p))
        game.push_unchecked(ret)
        pushes += 1
    noble = choose_noble(game, p)
    if noble is not None:
        game.push_unchecked(noble)
        pushes += 1
    game.push_unchecked(EndTurn(p))
    return pushes + 1


def best_return(game, p: int):
    """Of every way to give back exactly the excess tokens, the one that leaves the best position.

    Judged by :func:`companion.ai.heuristics.potential` of the seat after the return.
    """
    over = tokens_over(game, p)
    options = [a for a in game.legal_end_steps()
               if type(a).__name__ == "ReturnGems" and sum(a.gems) == over]
    best, best_value = None, -1e9
    for ret in options:
        game.push_unchecked(ret)
        value = potential(game, p)
        game.pop()
        if value > best_value:
            best, best_value = ret, value
    return best


__all__ = ["HiddenCards", "World", "play_turn", "finish_turn", "best_return"]
