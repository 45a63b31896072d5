"""The computer always answers with a legal turn, from every kind of position.

Positions come from random games of 2-4 players under every short_take rule, with blind
reserves scanned or not, cut at the start of a turn. The computer's lines, the table's reveal
and end_turn must replay legally through the engine.
"""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.ai import choose_move
from companion.ai.player import turn_lines
from companion.ai.view import read_position
from companion.engine import ReserveBlind, TakeGems
from companion.engine.record import replay_lines

from .helpers import complete_turn, full_record, pass_cut, turn_starts

MAIN = {"take", "reserve", "buy", "pass"}


def check_turn(lines: list, turn: list) -> None:
    """The turn's shape (ai.md: main, then returns, then a noble) and that it replays."""
    kinds = [t["type"] for t in turn]
    assert kinds[0] in MAIN
    assert all(k == "return" for k in kinds[1:-1])
    assert kinds[1:].count("noble") <= 1 and ("noble" not in kinds or kinds[-1] == "noble")
    assert "reveal" not in kinds and "end_turn" not in kinds
    if turn[0]["type"] == "reserve" and "level" in turn[0]:
        assert "card" not in turn[0]  # a blind reserve never names the card
    result = replay_lines(complete_turn(lines, turn))
    assert result.ok, (result.error_line, result.error)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000),
       short_take=st.sampled_from(["never", "when_scarce", "always"]),
       scan=st.sampled_from([0.0, 0.5, 1.0]), where=st.floats(0, 1),
       level=st.integers(1, 4), search_seed=st.integers(0, 1000))
def test_every_position_gets_a_legal_turn(players, seed, short_take, scan, where, level,
                                          search_seed):
    lines = full_record(players, seed, short_take, scan)
    cuts = turn_starts(lines)
    cut = cuts[min(len(cuts) - 1, int(where * len(cuts)))]
    iterations = None if level == 1 else 12
    choice = choose_move(lines[:cut], level=level, iterations=iterations, seed=search_seed)
    check_turn(lines[:cut], choice.lines)
    assert choice.sentence.endswith(".")


def test_a_seat_with_no_legal_action_passes():
    found = 0
    for players, seed in ((2, 60), (3, 10), (4, 15)):
        lines = full_record(players, seed)
        cut = pass_cut(lines)
        assert cut is not None, "the random game no longer has a pass: pick another seed"
        choice = choose_move(lines[:cut], iterations=10, seed=1)
        assert [t["type"] for t in choice.lines] == ["pass"]
        check_turn(lines[:cut], choice.lines)
        found += 1
    assert found == 3


def test_returns_bring_the_hand_to_exactly_ten():
    # Every position of a game where some take would go over 10: the turn built from that
    # take returns exactly the excess, in one line, and replays.
    lines = full_record(2, 5)
    seen = 0
    for cut in turn_starts(lines):
        game = read_position(lines[:cut]).game
        p = game.active
        held = sum(game.tokens[p])
        over_takes = [m for m in game.legal_main_actions()
                      if type(m) is TakeGems and held + sum(m.gems) > 10]
        if not over_takes:
            continue
        turn = turn_lines(game, over_takes[0])
        assert turn[1]["type"] == "return"
        assert sum(turn[1]["gems"].values()) == held + sum(over_takes[0].gems) - 10
        check_turn(lines[:cut], turn)
        seen += 1
    assert seen >= 3


def test_a_qualifying_noble_is_always_claimed():
    # Turns where a buy brings a noble: the turn claims one, the one chosen qualifies.
    claimed = 0
    for seed in range(40):
        lines = full_record(3, seed)
        for i, text in enumerate(lines):
            if json.loads(text).get("type") != "noble":
                continue
            # Cut at the start of that turn and replay the buy that brought the noble.
            start = max(c for c in turn_starts(lines) if c <= i)
            game = read_position(lines[:start]).game
            from companion.engine.record import parse_event
            main = parse_event(json.loads(lines[start]), game.n)
            if type(main) is ReserveBlind:
                continue
            turn = turn_lines(game, main)
            assert turn[-1]["type"] == "noble"
            check_turn(lines[:start], turn)
            claimed += 1
        if claimed >= 3:
            break
    assert claimed >= 3


def test_of_several_nobles_the_one_an_opponent_is_closest_to_is_taken():
    from companion.ai.heuristics import choose_noble
    from tests.engine.helpers import bon, new_game, position
    for rival, expected in (((3, 3, 2, 0, 0), "N10"), ((0, 3, 3, 2, 0), "N07")):
        game = new_game(players=3, nobles=("N03", "N07", "N10", "N01"))
        position(game, 0, bonuses=bon(white=3, blue=4, green=4, red=3))
        position(game, 1, bonuses=rival)
        assert sorted(game.qualifying_nobles(0)) == ["N03", "N07", "N10"]
        assert choose_noble(game, 0).noble == expected
