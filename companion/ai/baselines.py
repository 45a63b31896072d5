"""Baseline players to measure the computer against: random legal play, and a greedy player.

Each baseline is a function ``(game, rng) -> actions`` giving the active seat's main action,
then its returns and noble visit (no reveal, no end_turn), legal in ``game``.

>>> import random
>>> from companion.engine import SimulatedTable
>>> game = SimulatedTable(players=2, seed=9).new_game()
>>> [type(a).__name__ for a in greedy_turn(game, random.Random(0))]
['TakeGems']
>>> len(random_turn(game, random.Random(0))) >= 1
True
"""
from __future__ import annotations

import random

from companion.engine import (CARDS, BuyCard, ClaimNoble, ReserveCard, ReturnGems, TakeGems,
                              tokens_over)


def _end_of_turn(game, main, pick_return, pick_noble) -> list:
    """Push ``main``, add the returns and noble the pickers choose, pop, return the turn."""
    p = game.active
    turn = [main]
    game.push(main)
    try:
        over = tokens_over(game, p)
        if over:
            turn.append(pick_return(game, p, over))
            game.push(turn[-1])
        nobles = game.qualifying_nobles(p)
        if nobles:
            turn.append(pick_noble(game, p, nobles))
            game.push(turn[-1])
    finally:
        for _ in turn:
            game.pop()
    return turn


def random_turn(game, rng: random.Random) -> list:
    """A uniformly random legal main action, random returns, a random qualifying noble."""
    main = rng.choice(list(game.legal_main_actions()))

    def pick_return(g, p, over):
        options = [a for a in g.legal_end_steps()
                   if type(a) is ReturnGems and sum(a.gems) == over]
        return rng.choice(options)

    return _end_of_turn(game, main, pick_return,
                        lambda g, p, nobles: ClaimNoble(p, rng.choice(sorted(nobles))))


def staller_turn(game, rng: random.Random) -> list:
    """Never buys: hoards tokens (and gives back random ones), reserves when it can't take,
    passes only when it must. A test that the computer can't be stalled out of a win."""
    moves = [m for m in game.legal_main_actions() if type(m) is not BuyCard]
    takes = [m for m in moves if type(m) is TakeGems]
    main = rng.choice(takes or moves or list(game.legal_main_actions()))

    def pick_return(g, p, over):
        options = [a for a in g.legal_end_steps()
                   if type(a) is ReturnGems and sum(a.gems) == over]
        return rng.choice(options)

    return _end_of_turn(game, main, pick_return,
                        lambda g, p, nobles: ClaimNoble(p, sorted(nobles)[0]))


def _missing(game, p: int, card) -> int:
    """Tokens still missing to buy the card, after bonuses, gems and gold."""
    b, t = game.bonuses[p], game.tokens[p]
    miss = sum(max(0, card.cost[i] - b[i] - t[i]) for i in range(5))
    return max(0, miss - t[5])


def greedy_target(game, p: int):
    """The card the greedy player saves up for: most points for the fewest missing tokens."""
    cards = [c for row in game.market for c in row if c is not None]
    cards += [c for c in game.reserved[p] if c.id is not None]
    best, best_key = None, None
    for card in cards:
        key = ((card.points + 1) / (1 + _missing(game, p, card)), card.id)
        if best_key is None or key > best_key:
            best, best_key = card, key
    return best


def greedy_turn(game, rng: random.Random) -> list:
    """Buy the best card it can (most points, then fewest gold); else take tokens toward its
    target; else reserve the target; else anything legal."""
    p = game.active
    moves = list(game.legal_main_actions())
    buys = [m for m in moves if type(m) is BuyCard]
    target = greedy_target(game, p)
    if buys:
        main = max(buys, key=lambda m: (CARDS[m.card].points, -m.pay[5], -sum(m.pay), m.card))
    else:
        main = None
        if target is not None:
            b, t = game.bonuses[p], game.tokens[p]
            short = [max(0, target.cost[i] - b[i] - t[i]) for i in range(5)]
            takes = [m for m in moves if type(m) is TakeGems]
            best_gain = 0
            for m in takes:
                gain = sum(min(m.gems[i], short[i]) for i in range(5))
                if gain > best_gain:
                    main, best_gain = m, gain
            if main is None:
                reserve = ReserveCard(p, target.id)
                if reserve in moves:
                    main = reserve
        if main is None:
            takes = [m for m in moves if type(m) is TakeGems]
            main = takes[0] if takes else moves[0]

    def pick_return(g, p, over):
        want = greedy_target(g, p)
        b, t = g.bonuses[p], list(g.tokens[p])
        need = [max(0, want.cost[i] - b[i]) if want else 0 for i in range(5)] + [99]
        back = [0] * 6
        for _ in range(over):
            # The colour held furthest beyond what the target needs goes back first.
            i = max(range(6), key=lambda c: (t[c] - back[c] - need[c] if t[c] - back[c] else -999,
                                             -c))
            back[i] += 1
        return ReturnGems(p, tuple(back))

    return _end_of_turn(game, main, pick_return,
                        lambda g, p, nobles: ClaimNoble(p, sorted(nobles)[0]))


__all__ = ["random_turn", "greedy_turn", "greedy_target", "staller_turn"]
