"""End to end on observations: seeded simulated games for 2, 3 and 4 players judged by the
real Referee (journal and session files included), with illegal tables injected."""
from __future__ import annotations

import collections
import random
import shutil

import pytest

from companion.referee import Referee
from tests.referee.table_play import TABLE_CODES, TablePlay, illegal_observation

from .referee_helpers import fast_dir, play_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulated_games_are_refereed_exactly(players):
    """Every legal turn accepted (or asked, then accepted), record and scores exact."""
    total = collections.Counter()
    for seed in range(3):
        d = fast_dir()
        try:
            stats = play_game(players, 1000 * players + seed, d, inject=0.25)
        finally:
            shutil.rmtree(d, ignore_errors=True)
        total.update(stats.verdicts)
        assert stats.turns > 20
    assert total["accepted"] > 0


def test_every_table_rule_code_is_rejected_with_its_code():
    """One injected illegal table for each rule code a person can commit at a table."""
    seen = collections.Counter()
    for seed in range(40):
        play = TablePlay(2 + seed % 3, 500 + seed)
        d = fast_dir()
        ref = Referee.start(list(play.names), first=play.setup.first, data_dir=d)
        ref.confirm_setup(play.setup)
        rng = random.Random(seed)
        while True:
            for code in TABLE_CODES:
                if seen[code] >= 2 and code != "game-over":
                    continue
                made = illegal_observation(play, code, rng)
                if made is None:
                    continue
                before = ref.game.snapshot()
                v = ref.press(made[0], observation=made[1])
                if v.kind == "question":
                    v = ref.answer(0)
                assert (v.kind, v.rule) == ("rejected", code), (code, v)
                assert ref.game.snapshot() == before
                seen[code] += 1
            if play.finished:
                break
            turn = play.play_turn()
            v = ref.press(turn.seat, observation=turn.observation)
            while v.kind == "question":
                v = ref.answer(play.answer_for(v, ref.game, turn))
            assert v.kind == "accepted"
        ref.close()
        shutil.rmtree(d, ignore_errors=True)
        if all(seen[c] for c in TABLE_CODES):
            break
    assert sorted(c for c in TABLE_CODES if not seen[c]) == []


@pytest.mark.slow
def test_fifty_plus_games_figures(capsys):
    """The long run of the report: 60 games, 20 per player count, with figures."""
    total = collections.Counter()
    questions = collections.Counter()
    injected = collections.Counter()
    turns = equivalent = 0
    games = 0
    for players in (2, 3, 4):
        for seed in range(20):
            d = fast_dir()
            try:
                stats = play_game(players, 77_000 + 100 * players + seed, d, inject=0.3)
            finally:
                shutil.rmtree(d, ignore_errors=True)
            games += 1
            total.update(stats.verdicts)
            questions.update(stats.questions)
            injected.update(stats.injected)
            turns += stats.turns
            equivalent += stats.equivalent_turns
    assert all(injected[c] for c in TABLE_CODES)
    with capsys.disabled():
        print(f"\n{games} games, {turns} turns judged: first verdicts {dict(total)}, "
              f"questions {dict(questions)}, {equivalent} turns recorded as an equivalent "
              f"turn; injected illegal tables {sum(injected.values())}: {dict(injected)}")
