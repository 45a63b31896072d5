"""Properties over random legal games for 2–4 players (hypothesis chooses seeds and rules)."""
from __future__ import annotations

import io
import json

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.engine import (CARDS, NOBLES, BlindCard, EndTurn, Rules, play_random_game,
                              starting_bank)
from companion.engine.record import dumps, record_lines, replay_lines

games = st.builds(
    lambda players, seed, short, scan: play_random_game(players, seed=seed, rules=Rules(short),
                                                        scan_probability=scan).game,
    st.integers(2, 4), st.integers(0, 2**31), st.sampled_from(["never", "when_scarce", "always"]),
    st.sampled_from([0.0, 0.5, 1.0]))

# Each example plays a whole game while it is drawn: on a loaded machine that is slow, which
# is no fault of the engine. No deadline, and no health check that times the drawing.
SLOW_DRAW = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


def check_invariants(game, at_turn_end: bool):
    start = starting_bank(game.n)
    for c in range(6):
        assert game.bank[c] + sum(t[c] for t in game.tokens) == start[c]
        assert game.bank[c] >= 0 and all(t[c] >= 0 for t in game.tokens)
    seen = [card.id for _, _, card in game.face_up()]
    for p in range(game.n):
        seen += list(game.cards[p])
        seen += [r.id for r in game.reserved[p] if type(r) is not BlindCard]
    unseen = [cid for level in game.unseen for cid in level]
    assert len(seen) == len(set(seen)) and not set(seen) & set(unseen)
    assert len(seen) + len(unseen) == 90
    for li in range(3):
        blinds = sum(1 for p in range(game.n) for r in game.reserved[p]
                     if type(r) is BlindCard and r.level == li + 1)
        assert game.decks[li] + blinds == len(game.unseen[li])
    for p in range(game.n):
        card_points = sum(CARDS[c].points for c in game.cards[p])
        assert game.points[p] == card_points + sum(NOBLES[n].points for n in game.nobles_won[p])
        assert len(game.reserved[p]) <= 3
        if at_turn_end:
            assert sum(game.tokens[p]) <= 10


@settings(max_examples=60, **SLOW_DRAW)
@given(games)
def test_every_step_keeps_the_invariants_and_undo_restores_it(played):
    game = played.__class__(played.names, played.setup, played.rules)
    snapshots = [game.snapshot()]
    for action in played.history:
        game.push(action)  # validation accepts everything the generators offered
        check_invariants(game, at_turn_end=type(action) is EndTurn)
        snapshots.append(game.snapshot())
    assert game.finished and game.snapshot() == played.snapshot()
    while game.history:
        snapshots.pop()
        game.pop()
        assert game.snapshot() == snapshots[-1]


@settings(max_examples=40, **SLOW_DRAW)
@given(games)
def test_record_written_and_replayed_gives_the_same_state(played):
    text = io.StringIO()
    for line in record_lines(played):
        text.write(dumps(line) + "\n")
    lines = text.getvalue().splitlines()
    assert all(json.loads(line) for line in lines)
    result = replay_lines(lines)
    assert result.ok, result.error
    assert result.game.snapshot() == played.snapshot()
    assert result.to_dict()["winners"] == list(played.outcome.winners)


@settings(max_examples=30, **SLOW_DRAW)
@given(games, st.data())
def test_undo_turn_returns_to_the_turn_start(played, data):
    game = played.__class__(played.names, played.setup, played.rules)
    turn_starts = [game.snapshot()]
    history = played.history
    stop = data.draw(st.integers(0, len(history)))
    for action in history[:stop]:
        game.push(action)
        if type(action) is EndTurn:
            turn_starts.append(game.snapshot())
    undone = game.undo_turn()
    if game.main is None and undone and type(undone[-1]) is EndTurn:
        assert game.snapshot() == turn_starts[-2]
    else:
        assert game.snapshot() == turn_starts[-1]
    assert game.history == history[:stop - len(undone)]


def test_points_outcome_follows_the_rulebook_over_many_games():
    for seed in range(150):
        game = play_random_game(2 + seed % 3, seed=seed).game
        o = game.outcome
        best = max(game.points)
        assert all(game.points[w] == best for w in o.winners)
        if o.reason == "points":
            assert best >= 15 and game.turn % game.n == 0  # every seat had as many turns
        tied = [i for i in range(game.n) if game.points[i] == best]
        fewest = min(len(game.cards[i]) for i in tied)
        assert list(o.winners) == [i for i in tied if len(game.cards[i]) == fewest]
