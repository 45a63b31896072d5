"""The questions other layers ask about the rules, each answered by the engine and checked
against the plain rules on every turn of random games: what a reserve takes, what a turn
moves, the limits, the tie-break and a copy of a game."""
from __future__ import annotations

import itertools

import pytest

from companion.engine import (MAX_PLAYERS, MIN_PLAYERS, EndTurn, Game, MalformedError, Outcome,
                              ReserveBlind, ReserveCard, Setup, play_random_game, tokens_moved,
                              tokens_over)
from companion.engine.record import game_from_lines, record_lines
from tests.engine.helpers import MARKET, new_game, position, tok

GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(4)]


def turns_of(game: Game):
    """(the state a turn starts from, that turn's actions) for every turn of a played game."""
    replay = Game(game.names, game.setup, game.rules)
    turn: list = []
    for action in game.history:
        if not turn:
            start = replay.copy()
        turn.append(action)
        replay.push(action)
        if type(action) is EndTurn:
            yield start, turn
            turn = []


@pytest.mark.parametrize("players,seed", GAMES)
def test_what_a_turn_moves_is_what_pushing_it_moves(players, seed):
    game = play_random_game(players, seed=seed).game
    reserves = 0
    for start, turn in turns_of(game):
        p = start.active
        moved = tokens_moved(start, turn)
        after = start.copy()
        for action in turn:
            after.push(action)
        # The plain rules: the seat's tokens change by what moved, the bank by the opposite.
        assert tuple(a - b for a, b in zip(after.tokens[p], start.tokens[p])) == moved
        assert tuple(b - a for a, b in zip(after.bank, start.bank)) == moved
        if type(turn[0]) in (ReserveCard, ReserveBlind):
            reserves += 1
            # A reserve takes a gold token if one is left, and only then.
            assert start.reserve_gold == (1 if start.bank[5] > 0 else 0)
            assert after.tokens[p][5] - start.tokens[p][5] - sum(
                -a.gems[5] for a in turn if type(a).__name__ == "ReturnGems") \
                == start.reserve_gold
    assert reserves, "the games reserved no card: the gold rule went unchecked"


def test_a_reserve_with_no_gold_left_takes_none():
    game = position(new_game(), 0, bank=tok(4, 4, 4, 4, 4, 0))
    assert game.reserve_gold == 0
    assert tokens_moved(game, [ReserveCard(0, "1W01")]) == tok()
    game.push(ReserveCard(0, "1W01"))
    assert game.tokens[0] == tok() and game.bank == tok(4, 4, 4, 4, 4, 0)
    game = new_game()
    assert game.reserve_gold == 1 and tokens_moved(game, [ReserveBlind(0, 2)]) == tok(gold=1)


@pytest.mark.parametrize("players,seed", GAMES[::3])
def test_tokens_over_the_limit_is_what_a_return_must_give_back(players, seed):
    game = play_random_game(players, seed=seed).game
    for start, turn in turns_of(game):
        p = start.active
        after_main = start.copy()
        after_main.push(turn[0])
        returned = sum(sum(a.gems) for a in turn if type(a).__name__ == "ReturnGems")
        assert tokens_over(after_main, p) == max(0, sum(after_main.tokens[p]) - 10) == returned


@pytest.mark.parametrize("players,seed", GAMES[::4])
def test_a_copy_is_the_game_and_independent_of_it(players, seed):
    game = play_random_game(players, seed=seed).game
    replay = Game(game.names, game.setup, game.rules)
    for k, action in enumerate(game.history):
        replay.push(action)
        copy = replay.copy()
        assert copy.snapshot() == replay.snapshot() and copy.history == replay.history
        if k % 9 == 0:  # the same as the record's replay (the old way of copying)
            assert copy.snapshot() == game_from_lines(list(record_lines(replay))).snapshot()
    # Independent: taking back a turn on the copy leaves the original as it was.
    before, history = replay.snapshot(), replay.history
    copy = replay.copy()
    copy.undo_turn()
    assert copy.snapshot() != before and copy.history != history
    assert replay.snapshot() == before and replay.history == history
    copy.push(game.history[len(copy.history)])
    assert replay.snapshot() == before and replay.history == history
    assert replay.pop() == history[-1]


def test_player_counts():
    market = MARKET
    for n in range(0, 7):
        names = ["P%d" % i for i in range(n)]
        setup = Setup(0, ("N01", "N02", "N03", "N04", "N05", "N06", "N07")[:n + 1], market)
        if MIN_PLAYERS <= n <= MAX_PLAYERS:
            assert Game(names, setup).n == n
        else:
            with pytest.raises(MalformedError) as err:
                Game(names, setup)
            assert (err.value.reason, err.value.facts) == (
                "player-count", {"players": n, "least": 2, "most": 4})
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 4)


def plain_winners(points, cards):
    """The rulebook in its own words: most prestige wins; tied, fewest development cards;
    tied in that too, the victory is shared."""
    best = max(points)
    tied = [i for i in range(len(points)) if points[i] == best]
    fewest = min(cards[i] for i in tied)
    return tuple(i for i in tied if cards[i] == fewest)


def test_the_tie_break_and_places_follow_the_rulebook():
    checked = 0
    for n in (2, 3, 4):
        for points in itertools.product((13, 15, 16), repeat=n):
            for counts in itertools.product((5, 6), repeat=n):
                cards = tuple(("1W01",) * c for c in counts)
                out = Outcome.decide(points, cards, "points")
                assert out.winners == plain_winners(points, counts)
                places = out.places()
                for i in range(n):
                    better = sum(1 for j in range(n) if points[j] > points[i] or (
                        points[j] == points[i] and counts[j] < counts[i]))
                    assert places[i] == 1 + better
                assert {i for i in range(n) if places[i] == 1} == set(out.winners)
                leaders = points.count(max(points))
                assert out.tie_break == (None if leaders == 1 else "fewest-cards"
                                         if len(out.winners) == 1 else "shared")
                checked += 1
    assert checked == 9 * 4 + 27 * 8 + 81 * 16
