"""Weights judged on arena games (workbench/arena_judge.py): the games are rebuilt from the
records ``play_game`` keeps with ``log_turns``, and each position is the one the mover saw."""
from __future__ import annotations

import json

import numpy as np

from companion.ai.match import play_game
from companion.ai.search import _key
from companion.ai.value import EXPERT_WEIGHTS
from companion.engine.record import game_from_lines
from workbench import arena_judge


def test_the_kept_record_rebuilds_the_game():
    res = play_game(["greedy", "L1"], 5, log_turns=True)
    res = json.loads(json.dumps(res))  # as the --out file keeps it
    game = game_from_lines(res["record"])
    assert list(game.points) == res["points"]
    assert game.turn == res["turns"]


def test_each_position_is_a_turn_start_and_the_move_played_is_legal_there():
    res = json.loads(json.dumps(play_game(["greedy", "random"], 3, log_turns=True)))
    starts = list(arena_judge.turn_starts(res["record"]))
    assert len(starts) == res["turns"]
    movers = [f["seat"] for f in res["turns_log"]]
    kinds = [f["kind"] for f in res["turns_log"]]
    for (view, legal, main), seat, kind in zip(starts, movers, kinds):
        assert view.active == seat
        assert type(main).__name__ == kind
        assert _key(main) in {_key(m) for m in legal}


def test_networks_that_see_the_game_score_better_than_blind_ones(tmp_path):
    games = [arena_judge.game_positions(json.loads(json.dumps(
        play_game(["greedy", "random"], seed, log_turns=True)))) for seed in (1, 2)]
    assert all(g["n"] == 2 and min(g["played"]) >= 0 for g in games)
    with np.load(EXPERT_WEIGHTS) as data:
        params = {k: data[k] for k in data.files}
    # The same networks made blind (every weight 0): every seat's chance a half, which scores
    # 0.25, and every move's prior alike (the first one is taken).
    blind = {k: (np.zeros_like(v) if k.startswith(("w", "b", "p_w", "p_b")) else v)
             for k, v in params.items()}
    np.savez(tmp_path / "blind.npz", **blind)
    sharp = arena_judge.judge(EXPERT_WEIGHTS, games)
    flat = arena_judge.judge(str(tmp_path / "blind.npz"), games)
    assert flat["brier_2p_midgame"] == 0.25
    # Greedy beats random: the real value sees it coming from mid-game on.
    assert sharp["brier_2p_midgame"] < 0.1
    assert sharp["prior_top_is_played"]["greedy"] > flat["prior_top_is_played"]["greedy"]


def test_a_result_without_its_record_is_refused_in_one_sentence(tmp_path, capsys):
    res = play_game(["greedy", "random"], 3, log_turns=False)
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(res) + "\n")
    assert arena_judge.main([str(path), "--weights", EXPERT_WEIGHTS]) == 2
    err = capsys.readouterr().err
    assert "play it with --turns" in err and "Traceback" not in err
