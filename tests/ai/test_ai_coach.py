"""The coach finds the turns where a player's move was worth most below the computer's."""
from __future__ import annotations

import random

from companion.ai.baselines import greedy_turn, random_turn
from companion.ai.coach import turning_points
from companion.ai.match import push_turn
from companion.engine import SimulatedTable
from companion.engine.record import dumps, record_lines, replay_lines

from .helpers import complete_turn


def played_record(turns=24, seed=3):
    """Seat 0 plays greedy, seat 1 random: seat 1 makes poor moves."""
    table = SimulatedTable(2, seed)
    game = table.new_game()
    rng = random.Random(seed)
    for _ in range(turns):
        if game.outcome is not None:
            break
        p = game.active
        push_turn(game, table, p, (greedy_turn if p == 0 else random_turn)(game, rng))
    return [dumps(line) for line in record_lines(game)]


def test_turning_points_of_a_random_player_are_real_and_better_moves_are_legal():
    lines = played_record()
    points = turning_points(lines, seat=1, iterations=60, samples=24, seed=2)
    assert 1 <= len(points) <= 3
    assert [p.loss for p in points] == sorted((p.loss for p in points), reverse=True)
    for p in points:
        assert p.loss > 0.02
        assert p.made[0]["player"] == 1 and p.better[0]["player"] == 1
        assert p.made != p.better
        assert p.sentence.endswith(".")
        # The better move was legal at the start of that turn.
        start = p.line - 1
        assert replay_lines(complete_turn(lines[:start], p.better)).ok


def test_the_same_seed_finds_the_same_turning_points():
    lines = played_record(turns=12)
    a = turning_points(lines, seat=1, iterations=30, samples=8, seed=9)
    b = turning_points(lines, seat=1, iterations=30, samples=8, seed=9)
    assert [p.to_dict() for p in a] == [p.to_dict() for p in b]
