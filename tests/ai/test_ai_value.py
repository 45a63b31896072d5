"""The value network and the PUCT search that uses it.

The network's numpy inference is checked against a plain computation, one multiplication at a
time; the search's shortcuts (unchecked pushes, the moves cut to the best few by prior) are
checked against the plain rules; a seed gives the same search every time.
"""
from __future__ import annotations

import os
import random

import numpy as np
import pytest

from companion.ai import choose_move
from companion.ai import puct
from companion.ai.player import EXPERT, PUCT
from companion.ai.value import (WEIGHTS, ValueNet, net_chances, reference_chances,
                                seat_features)
from companion.engine import Game, SimulatedTable, play_random_game


def positions(players, seed, every=7):
    game = play_random_game(players, seed=seed, scan_probability=0.5).game
    out = []
    while game.history:
        if game.main is None and game.outcome is None and game.turn % every == 0:
            out.append(seat_features(game))
        game.pop()
    return out


def params():
    with np.load(WEIGHTS) as data:
        return {k: data[k] for k in data.files}


def test_the_weights_are_a_small_file_shipped_in_the_package():
    assert os.path.getsize(WEIGHTS) < 3_000_000
    text = open(os.path.join(os.path.dirname(WEIGHTS), "..", "..", "..", "pyproject.toml")).read()
    assert '"companion.ai" = ["data/*.npz"]' in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_inference_matches_a_plain_reference_computation(players):
    p = params()
    net = ValueNet(p)
    checked = 0
    for rows in positions(players, seed=players):
        fast = net.chances(rows)
        plain = reference_chances(p, rows)
        assert len(fast) == players
        assert np.allclose(fast, plain, atol=1e-9, rtol=0)
        assert abs(sum(fast) - 1.0) < 1e-9
        checked += 1
    assert checked >= 3


def test_a_finished_game_is_judged_by_its_outcome():
    game = play_random_game(2, seed=3).game
    winners = game.outcome.winners
    assert net_chances(game) == [1.0 / len(winners) if s in winners else 0.0 for s in range(2)]


def test_a_clear_lead_is_a_likely_win():
    # Late positions of a game with a clear lead: the leader's chance is well above a coin.
    game = play_random_game(2, seed=11).game
    while game.history and not (game.main is None and game.outcome is None
                                and max(game.points) - min(game.points) >= 6):
        game.pop()
    leader = game.points.index(max(game.points))
    assert net_chances(game)[leader] > 0.6


def test_the_search_is_the_same_with_every_step_checked(monkeypatch):
    # The search pushes its simulated turns unchecked for speed; with the engine's checks on
    # every push it must play the same (so every move it simulates is legal).
    def stats(seed):
        game = SimulatedTable(players=3, seed=seed).new_game()
        r = puct.puct_search(game, iterations=120, rng=random.Random(seed))
        return r.best, [(repr(s.action), s.visits, round(s.value, 12)) for s in r.stats]
    fast = [stats(s) for s in (1, 2)]
    monkeypatch.setattr(Game, "push_unchecked", Game.push)
    assert [stats(s) for s in (1, 2)] == fast


def test_the_root_cut_keeps_the_best_priors_of_every_legal_move():
    game = SimulatedTable(players=2, seed=8).new_game()
    every = puct.priors(game, None, 1000, game.active)
    assert sorted(map(repr, (m for m, _ in every))) == sorted(map(repr, game.legal_main_actions()))
    cut = puct.priors(game, None, puct.ROOT_WIDTH, game.active)
    best = sorted(every, key=lambda mp: -mp[1])[:puct.ROOT_WIDTH]
    assert [m for m, _ in cut] == [m for m, _ in best]


def test_a_seed_gives_the_same_move_and_search():
    game = play_random_game(2, seed=5).game
    while game.turn > 20 or game.main is not None:
        game.pop()
    a = choose_move(game, iterations=150, seed=9, spec=PUCT)
    b = choose_move(game, iterations=150, seed=9, spec=PUCT)
    assert a.lines == b.lines
    assert [(repr(s.action), s.visits, s.value) for s in a.result.stats] == \
        [(repr(s.action), s.visits, s.value) for s in b.result.stats]


@pytest.mark.parametrize("spec", [PUCT, EXPERT], ids=["puct", "expert"])
def test_the_puct_search_never_reads_an_opponents_secret_reserve(spec):
    # As tests/ai/test_ai_hidden.py for the levels: the record differs only in which card an
    # opponent secretly reserved; the PUCT search (with the value network, or with the learned
    # prior and value too) must be the same visit for visit.
    from .test_ai_hidden import scanned_opponent_reserves, swap_scan

    def fingerprint(lines):
        choice = choose_move(lines, iterations=80, seed=5, spec=spec)
        return choice.lines, [(repr(s.action), s.visits, round(s.value, 9))
                              for s in choice.result.stats]
    checked = 0
    for lines, i in scanned_opponent_reserves():
        assert fingerprint(lines) == fingerprint(swap_scan(lines, i))
        checked += 1
        if checked == 4:
            break
    assert checked == 4
