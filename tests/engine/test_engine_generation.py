"""The move generators offer exactly what validation accepts, in positions from real games."""
from __future__ import annotations

import itertools
import random

import pytest

from companion.engine import (CARDS, NOBLES, BlindCard, BuyCard, ClaimNoble, EndTurn, PassTurn,
                              ReserveBlind, ReserveCard, ReturnGems, RevealCard, Rules, TakeGems,
                              Game, Setup, play_random_game)


def positions(seed: int, count: int):
    """Game states sampled along a random game, both at turn starts and mid-turn."""
    rng = random.Random(seed)
    played = play_random_game(2 + seed % 3, seed=seed,
                              rules=Rules(["never", "when_scarce", "always"][seed % 3])).game
    history = played.history
    game = played.__class__(played.names, played.setup, played.rules)
    stops = set(rng.sample(range(len(history)), min(count, len(history))))
    for i, action in enumerate(history):
        if i in stops:
            yield game
        game.push(action)


def main_universe(game):
    p = game.active
    for gems in itertools.product(range(3), repeat=5):
        yield TakeGems(p, gems + (0,))
        yield TakeGems(p, gems + (1,))
    for cid in CARDS:
        yield ReserveCard(p, cid)
    for level in (1, 2, 3):
        yield ReserveBlind(p, level)
    known = [c for _, _, c in game.face_up()] + [r for r in game.reserved[p]
                                                  if type(r) is not BlindCard]
    t = game.tokens[p]
    for card in known:
        for pay in itertools.product(*(range(n + 1) for n in t)):
            yield BuyCard(p, card.id, pay)
    yield PassTurn(p)


def end_universe(game):
    p = game.active
    t = game.tokens[p]
    for gems in itertools.product(*(range(min(n, 4) + 1) for n in t)):
        if any(gems):
            yield ReturnGems(p, gems)
    for nid in NOBLES:
        yield ClaimNoble(p, nid)
    yield EndTurn(p)


@pytest.mark.parametrize("seed", range(12))
def test_generators_match_validation(seed):
    checked = 0
    for game in positions(seed, 25):
        if game.main is None:
            generated = set(game.legal_main_actions(all_payments=True))
            accepted = {a for a in main_universe(game) if game.is_legal(a)}
            assert generated == accepted
            cheapest = set(game.legal_main_actions())
            assert cheapest <= generated
            assert {a.card for a in cheapest if type(a) is BuyCard} == \
                {a.card for a in generated if type(a) is BuyCard}
        else:
            generated = set(game.legal_end_steps())
            accepted = {a for a in end_universe(game) if game.is_legal(a)}
            assert generated == accepted
        checked += 1
    assert checked >= 10


def test_reveal_is_never_generated_but_slots_are_named():
    game = next(g for g in positions(1, 200) if g.main is not None and g.slots_to_reveal())
    assert not any(type(a) is RevealCard for a in game.legal_end_steps())
    level, slot = game.slots_to_reveal()[0]
    card = sorted(game.unseen[level - 1])[0]
    assert game.is_legal(RevealCard(level, slot, card))


def test_every_push_saves_exactly_the_fields_it_changes():
    # Each _apply_* writes its save out by hand (for speed); pop restores by the list in
    # _CHANGES. Both must name the same fields, in the same order, and no other may change.
    from companion.engine.game import _CHANGES
    kinds = set()
    for players in (2, 3, 4):
        for seed in range(10):
            played = play_random_game(players, seed=seed).game
            game = Game(played.names, played.setup, played.rules)
            for action in played.history:
                names = _CHANGES[type(action)]
                before = dict(vars(game))
                game.push(action)
                saved = game._stack[-1][1]
                assert len(saved) == len(names), type(action).__name__
                for name, value in zip(names, saved):
                    assert value is before[name], (type(action).__name__, name)
                changed = {n for n, v in vars(game).items() if v is not before[n]}
                assert changed - {"_stack"} <= set(names), type(action).__name__
                kinds.add(type(action))
    assert kinds == set(_CHANGES) - {PassTurn}
    # A pass, which random games seldom reach: a table where nothing else is legal.
    game = Game(["Ana", "Ben"], Setup(0, ("N01", "N02", "N03"), ((None,) * 4,) * 3))
    game.bank, game.decks = (0, 0, 0, 0, 0, 0), (0, 0, 0)
    before = dict(vars(game))
    game.push(PassTurn(0))
    assert game._stack[-1][1] == tuple(before[n] for n in _CHANGES[PassTurn])
