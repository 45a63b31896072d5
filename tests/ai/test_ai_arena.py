"""The arena's translation (workbench/arena.py): every move it offers or returns is checked by
the engine, and an answer it did not offer is refused.

The real opponent (cestpasphoto's AlphaZero player) runs in its own Python outside the
repository; here a stand-in speaks the same protocol and picks random valid actions, so whole
games go through the translation and ``play_game``, which pushes every step with the engine's
checks.
"""
from __future__ import annotations

import json
import os
import random
import sys

import pytest

from companion.ai.match import play_game
from companion.engine import CARDS, SimulatedTable, play_random_game
from workbench import arena

FAKE = os.path.join(os.path.dirname(__file__), "fake_opponent.py")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def opponent(*flags, players=2):
    return arena.CestpasphotoPlayer("/nonexistent", players=players,
                                    command=[sys.executable, FAKE, ROOT, "--players",
                                             str(players), *flags])


def test_every_offered_action_is_a_legal_whole_turn():
    player = opponent()
    try:
        checked = 0
        for seed in range(10):
            result = play_random_game(2, seed=seed, scan_probability=1.0)
            game = result.game
            while game.history:  # walk back through the game, turn starts only
                if game.main is None and game.outcome is None:
                    for main in arena.main_moves(game, player.tables):
                        if main is None:
                            continue
                        turn = arena.translate(game, main)
                        p = game.active
                        for step in turn:  # the engine checks each step
                            game.push(step)
                        # ... and the turn is whole: nothing to give back, no noble waiting
                        assert sum(game.tokens[p]) <= 10
                        assert game.noble_taken or not game.qualifying_nobles(p)
                        for _ in turn:
                            game.pop()
                        checked += 1
                game.pop()
        assert checked > 1000
    finally:
        player.close()


def test_whole_games_against_the_stand_in_are_legal():
    player = opponent()
    try:
        for seed in (1, 2):
            res = play_game(["L1", "cestpasphoto"], seed, players={"cestpasphoto": player})
            assert res["finished"] or res["turns"] >= 600
    finally:
        player.close()
    assert player.moves > 20


def test_an_action_not_offered_is_refused():
    player = opponent("--bad")
    try:
        game = SimulatedTable(2, seed=4).new_game()
        with pytest.raises(ValueError, match="not offered"):
            player(game, random.Random(0))
    finally:
        player.close()


def test_the_board_counts_every_unseen_card_once():
    player = opponent()
    try:
        game = play_random_game(2, seed=9, scan_probability=1.0).game
        while game.turn > 30:
            game.pop()
        while game.main is not None:
            game.pop()
        board, index = arena.encode(game, game.active, player.tables, random.Random(0))
        in_decks = sum(sum(board[25 + 2 * t][:5]) for t in range(3))
        assert in_decks == sum(len(u) for u in game.unseen)
        assert index == (game.active - game.first) % 2
        assert board[0][:6] == list(game.bank)
    finally:
        player.close()


@pytest.mark.parametrize("n", [3, 4])
def test_whole_games_at_three_and_four_players_are_legal(n):
    # The stand-in checks every board's size for n players; play_game pushes every step
    # through the engine's checks.
    player = opponent(players=n)
    try:
        res = play_game(["L1"] * (n - 1) + ["cestpasphoto"], 3, players={"cestpasphoto": player})
        assert res["finished"]
    finally:
        player.close()
    assert player.moves > 10


def _late_position(n):
    """A turn start late in a random game where some seat has won a noble, and the first
    player is not seat 0 (the opponent numbers players from the first)."""
    for seed in range(40):
        game = play_random_game(n, seed=seed, scan_probability=1.0).game
        if game.first == 0:
            continue
        while game.history and (game.main is not None or game.outcome is not None
                                or not any(game.nobles_won)):
            game.pop()
        if any(game.nobles_won) and game.outcome is None:
            return game
    raise AssertionError("no random game with a noble won")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_board_holds_every_seat_in_the_opponents_order(n):
    # The opponent's board for n players: bank, 24 market rows, 6 deck rows, n + 1 nobles,
    # then per player (numbered from the game's first player) tokens, n + 1 noble rows,
    # bonuses and points, 6 reserve rows.
    player = opponent(players=n)
    try:
        game = _late_position(n)
        board, index = arena.encode(game, game.active, player.tables, random.Random(0))
    finally:
        player.close()
    assert len(board) == 32 + 10 * n + n * n
    order = [(game.first + i) % n for i in range(n)]
    assert index == order.index(game.active)
    slots = list(game.setup.nobles)
    for k, nid in enumerate(game.nobles):
        assert (board[31 + k] != [0] * 7) == (nid is not None)
    for i, q in enumerate(order):
        assert board[32 + n + i] == list(game.tokens[q]) + [0]
        won = [k for k in range(n + 1) if board[32 + 2 * n + i * (n + 1) + k] != [0] * 7]
        assert won == [slots.index(nid) for nid in sorted(game.nobles_won[q], key=slots.index)]
        row = board[32 + 3 * n + n * n + i]
        assert row[:5] == list(game.bonuses[q])
        assert row[6] + 3 * len(game.nobles_won[q]) == game.points[q]
        for k, card in enumerate(game.reserved[q]):
            assert board[32 + 4 * n + n * n + 6 * i + 2 * k] == arena.card_rows(card.id)[0]


def test_the_turn_log_adds_up_to_each_seats_points(tmp_path, capsys):
    from workbench import arena_turns
    player = opponent()
    try:
        res = play_game(["L1", "cestpasphoto"], 3, players={"cestpasphoto": player},
                        log_turns=True)
    finally:
        player.close()
    log = res["turns_log"]
    assert len(log) == res["turns"]
    for seat in (0, 1):
        own = [f for f in log if f["seat"] == seat]
        # every point is a bought card's or a noble's, and each turn's tally follows the game's
        assert sum(f["card_points"] + 3 * f["noble"] for f in own) == res["points"][seat]
        assert own[-1]["points_after"] == res["points"][seat]
    summary = arena_turns.summarise_turns([res])
    assert sum(summary["L1"]["kinds"].values()) == len([f for f in log if f["seat"] == 0])
    assert summary["cestpasphoto"]["facts"]["points"] == res["points"][1]
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(res) + "\n")
    assert arena_turns.main([str(path)]) == 0
    assert "L1: 1 games" in capsys.readouterr().out
    del res["turns_log"]
    path.write_text(json.dumps(res) + "\n")
    assert arena_turns.main([str(path)]) == 2
    assert "play it with --turns" in capsys.readouterr().err


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_networks_value_reaches_the_seat_it_names(n):
    # The stand-in's network says the players with the most card points win, in its board's
    # order (numbered from the game's first player, who is not seat 0 here): the chances must
    # land on those seats, not on the board's numbers.
    player = opponent(players=n)
    try:
        game = _late_position(n)
        chances = arena.bot_chances(player, game, random.Random(0))
    finally:
        player.close()
    card_points = [sum(CARDS[c].points for c in game.cards[q]) for q in range(n)]
    leaders = {q for q in range(n) if card_points[q] == max(card_points)}
    assert leaders != set(range(n))
    assert abs(sum(chances) - 1) < 1e-9
    assert {q for q in range(n) if chances[q] == max(chances)} == leaders


def test_our_search_with_the_networks_value_plays_legal_whole_games():
    player = opponent()
    try:
        searcher = arena.BotValueSearch(player, iterations=20)
        res = play_game(["expert-botvalue", "cestpasphoto"], 5,
                        players={"cestpasphoto": player, "expert-botvalue": searcher})
    finally:
        player.close()
    assert res["finished"]
