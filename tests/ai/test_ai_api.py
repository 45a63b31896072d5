"""The API the app will use: stop early, live games, sentences for every kind of turn."""
from __future__ import annotations

import threading

import pytest

from companion.ai import PositionError, choose_move, describe_move
from companion.engine import SimulatedTable

from .helpers import full_record, turn_starts


def test_a_set_stop_event_ends_the_thinking_with_a_legal_move():
    lines = full_record(2, 4)
    stop = threading.Event()
    stop.set()
    choice = choose_move(lines[:turn_starts(lines)[6]], level=4, stop_event=stop, seed=1)
    assert choice.result.iterations == 1  # one iteration, then it stops
    assert choice.lines[0]["type"] in ("take", "reserve", "buy", "pass")


def test_a_live_game_is_seen_through_the_seat_to_moves_eyes():
    game = SimulatedTable(players=4, seed=2).new_game()
    choice = choose_move(game, iterations=10, seed=3)
    assert choice.seat == game.active
    with pytest.raises(ValueError, match="turn"):
        choose_move(game, seat=(game.active + 1) % 4, iterations=10)


def test_no_move_is_offered_inside_a_turn():
    lines = full_record(3, 2)
    with pytest.raises(PositionError, match="inside-a-turn"):
        choose_move(lines[:turn_starts(lines)[3] + 1], iterations=5)


@pytest.mark.parametrize("lines, sentence", [
    ([{"type": "take", "player": 0, "gems": {"red": 2}}], "Take 2 red."),
    ([{"type": "reserve", "player": 0, "level": 3}],
     "Reserve the top card of the level 3 deck, take 1 gold, and show it to the camera's scan "
     "zone."),
    ([{"type": "reserve", "player": 0, "card": "3U02"},
      {"type": "return", "player": 0, "gems": {"white": 1}}],
     "Reserve the level 3 blue card worth 4 points (3U02) and take 1 gold. Then give back 1 "
     "white."),
    ([{"type": "buy", "player": 0, "card": "1W01", "pay": {"blue": 1, "gold": 1}}],
     "Buy the level 1 white card with no points (1W01); paying 1 blue, 1 gold."),
    ([{"type": "pass", "player": 0}], "Pass: no move is possible."),
])
def test_every_kind_of_turn_is_said_in_a_full_sentence(lines, sentence):
    assert describe_move(lines) == sentence


def test_longer_playouts_look_further_and_leave_the_game_as_found():
    import random

    from companion.ai.player import CLASSIC, LEVELS
    from companion.ai.search import PLAYOUT_TURNS, search
    from companion.engine import SimulatedTable
    game = SimulatedTable(players=2, seed=8).new_game()
    before = game.snapshot()
    short = search(game, iterations=30, rng=random.Random(2))
    long = search(game, iterations=30, rng=random.Random(2), playout_turns=8)
    assert game.snapshot() == before
    # Each of the 30 playouts plays 4 more turns (the game is far from its end).
    assert long.turns_played - short.turns_played == 30 * (8 - PLAYOUT_TURNS)
    assert CLASSIC.playout_turns == 8 and LEVELS[2].playout_turns == PLAYOUT_TURNS
    # Levels 3 and 4 are the expert search: no playouts, the value network judges each new
    # turn; level 3 on a smaller budget (the strength table's spacing).
    assert all(LEVELS[n].search == "expert" and LEVELS[n].playout_turns == 0 for n in (3, 4))
    assert LEVELS[3].iterations < LEVELS[4].iterations
    assert [LEVELS[n].search for n in (1, 2)] == ["classic", "classic"]
