"""The learned move prior and the PUCT search with the expert weights (issue 37).

The prior's numpy inference is checked against a plain computation; the search with the learned
prior and value must never read an opponent's secret reserve (the same visits whichever card it
is), must simulate only legal turns, and the trainer gives the same weights for the same seed.
"""
from __future__ import annotations

import math
import os

import numpy as np
import pytest

from companion.ai import choose_move, puct
from companion.ai.player import EXPERT
from companion.ai.prior import EXPERT as WEIGHTS
from companion.ai.prior import MOVE_FEATURES, PriorNet, default_prior, move_features
from companion.engine import Game, SimulatedTable, play_random_game


def test_the_expert_weights_are_a_small_file_shipped_in_the_package():
    assert os.path.getsize(WEIGHTS) < 3_000_000
    text = open(os.path.join(os.path.dirname(WEIGHTS), "..", "..", "..", "pyproject.toml")).read()
    assert '"companion.ai" = ["data/*.npz"]' in text


@pytest.mark.parametrize("players", [2, 4])
def test_prior_inference_matches_a_plain_reference_computation(players):
    net = default_prior()
    game = play_random_game(players, seed=players, scan_probability=0.5).game
    checked = 0
    while game.history:
        if game.main is None and game.outcome is None and game.turn % 9 == 0:
            moves = list(game.legal_main_actions())
            rows = move_features(game, game.active, moves)
            assert rows.shape == (len(moves), MOVE_FEATURES)
            fast = net.probabilities(rows)
            scores = []
            for row in rows:
                x = [(float(row[i]) - net.mean[i]) / net.scale[i] for i in range(MOVE_FEATURES)]
                h = [max(0.0, sum(x[i] * net.w1[i][j] for i in range(MOVE_FEATURES)) + net.b1[j])
                     for j in range(len(net.b1))]
                scores.append(sum(h[j] * net.w2[j] for j in range(len(h))) / net.temperature)
            top = max(scores)
            plain = [math.exp(s - top) for s in scores]
            plain = [v / sum(plain) for v in plain]
            assert np.allclose(fast, plain, atol=1e-9, rtol=0)
            checked += 1
        game.pop()
    assert checked >= 3


def test_the_learned_root_cut_keeps_the_moves_of_highest_prior():
    game = SimulatedTable(players=2, seed=8).new_game()
    net = default_prior()
    every = puct.priors(game, None, 1000, game.active, net)
    assert sorted(map(repr, (m for m, _ in every))) == sorted(map(repr, game.legal_main_actions()))
    assert abs(sum(p for _, p in every) - 1.0) < 1e-9
    cut = puct.priors(game, None, 5, game.active, net)
    best = sorted(every, key=lambda mp: -mp[1])[:5]
    assert [m for m, _ in cut] == [m for m, _ in best]


def test_the_expert_search_is_the_same_with_every_step_checked(monkeypatch):
    # Unchecked pushes for speed; with the engine's checks on every push, the same search.
    def stats(seed):
        game = play_random_game(3, seed=seed).game
        while game.turn > 24 or game.main is not None:  # mid-game: buys among the moves
            game.pop()
        r = choose_move(game, iterations=120, seed=seed, spec=EXPERT).result
        return r.best, [(repr(s.action), s.visits, round(s.value, 12)) for s in r.stats]
    fast = [stats(s) for s in (1, 2)]
    monkeypatch.setattr(Game, "push_unchecked", Game.push)
    assert [stats(s) for s in (1, 2)] == fast


def test_the_trainer_gives_the_same_weights_for_the_same_seed(tmp_path, monkeypatch):
    from workbench import train_expert
    monkeypatch.setattr(train_expert, "ITERATIONS", 12)  # a quick search: the same code path
    files = []
    for run in ("a", "b"):
        out = tmp_path / f"{run}.npz"
        assert train_expert.main(["--games", "2", "--weak-games", "3", "--epochs", "1",
                                  "--seed", "5",
                                  "--out", str(out)]) == 0
        files.append(out)
    with np.load(files[0]) as a, np.load(files[1]) as b:
        assert sorted(a.files) == sorted(b.files)
        assert {"w1", "w3", "p_w1", "p_w2", "temperature", "p_temperature"} <= set(a.files)
        for k in a.files:
            assert np.array_equal(a[k], b[k])
    net = PriorNet({k: v for k, v in np.load(files[0]).items()})
    game = SimulatedTable(players=2, seed=1).new_game()
    moves = list(game.legal_main_actions())
    assert abs(net.probabilities(move_features(game, game.active, moves)).sum() - 1) < 1e-9


def test_the_trainer_trains_on_from_an_earlier_rounds_weights(tmp_path, monkeypatch, capsys):
    from workbench import train_expert
    monkeypatch.setattr(train_expert, "ITERATIONS", 12)
    out = tmp_path / "warm.npz"
    # No epoch: what is written is the earlier file's networks, its feature scaling kept.
    assert train_expert.main(["--games", "2", "--weak-games", "3", "--epochs", "0", "--seed",
                              "5", "--init", str(WEIGHTS), "--out", str(out)]) == 0
    with np.load(out) as got, np.load(WEIGHTS) as shipped:
        for k in ("mean", "scale", "w1", "w2", "w3", "p_mean", "p_scale", "p_w1", "p_w2"):
            assert np.array_equal(got[k], shipped[k]), k
    with pytest.raises(SystemExit, match="Cannot read the weights file"):
        train_expert.main(["--games", "0", "--weak-games", "0", "--init",
                           str(tmp_path / "missing.npz"), "--out", str(out)])


def _reserving_weights(path):
    """The shipped value beside a prior that wants nothing but to reserve a market card."""
    with np.load(WEIGHTS) as data:
        params = {k: data[k] for k in data.files if not k.startswith("p_")}
    w1 = np.zeros((MOVE_FEATURES, 4))
    w1[9, 0] = 1.0  # feature 9: the move reserves a market card
    params.update(p_mean=np.zeros(MOVE_FEATURES), p_scale=np.ones(MOVE_FEATURES), p_w1=w1,
                  p_b1=np.zeros(4), p_w2=np.array([20.0, 0, 0, 0]), p_temperature=np.ones(1))
    np.savez(path, **params)


def test_the_trainer_can_self_play_with_an_earlier_rounds_expert_search(tmp_path, monkeypatch):
    # A second round of expert iteration: --player expert:N plays with the PUCT search of the
    # weights given. A prior that only wants reserves makes the search's first choice a reserve;
    # the classic search (round 1's player) opens with gems.
    import pickle

    from workbench import train_expert
    monkeypatch.setattr(train_expert, "ITERATIONS", 12)  # a quick classic search
    # Only the first moves are looked at: the games are cut short after them.
    monkeypatch.setattr(train_expert, "MAX_TURNS", 2)
    weights = tmp_path / "reserver.npz"
    _reserving_weights(weights)
    firsts = {}
    for player in ("expert:8", "classic"):
        cache = tmp_path / player.replace(":", "")
        assert train_expert.main(["--games", "1", "--seed", "5", "--play-only", "--cache",
                                  str(cache), "--player", player,
                                  "--player-weights", str(weights)]) == 0
        (shard,) = os.listdir(cache)
        with open(cache / shard, "rb") as f:
            (game,) = pickle.load(f)
        firsts[player] = [int(x[int(np.argmax(y))][9]) for x, y in
                          zip(game["moves_x"][:2], game["moves_y"][:2])]
        firsts[player + " shard"] = shard
    assert firsts["expert:8"] == [1, 1]  # both seats' first choice: reserve a market card
    assert firsts["classic"] == [0, 0]
    digest = train_expert.ExpertPlayer(str(weights), 8).digest
    assert firsts["expert:8 shard"] == f"games-expert8-{digest}-5-0-1.pkl"
    assert firsts["classic shard"] == "games-5-0-1.pkl"  # round 1's caches still read


def test_the_trainer_refuses_an_unknown_self_play_player():
    from workbench import train_expert
    with pytest.raises(SystemExit, match="classic or expert"):
        train_expert.main(["--games", "1", "--player", "expert:many", "--play-only"])


def test_a_recorded_game_is_rebuilt_from_its_moves_to_the_same_features(tmp_path, monkeypatch):
    # From round 3 on a self-play game keeps its moves: its positions come back without a
    # search, so new features can be read from games already played.
    from companion.ai.value import seat_features
    from workbench import train_expert
    monkeypatch.setattr(train_expert, "ITERATIONS", 12)
    record = train_expert.self_play_game(5_00_003)
    views = list(train_expert.replay_positions(record))
    assert len(views) == len(record["rows"]) > 20
    for view, rows, x in zip(views, record["rows"], record["moves_x"]):
        assert np.array_equal(seat_features(view), rows)
        legal = list(view.legal_main_actions())
        assert np.array_equal(move_features(view, view.active, legal).astype(np.float32), x)
    with pytest.raises(ValueError, match="without its moves"):
        next(train_expert.replay_positions({k: v for k, v in record.items() if k != "turns"}))


def test_the_trainer_also_trains_on_an_earlier_rounds_expert_games_from_any_shards(
        tmp_path, monkeypatch):
    # Round 3 trains on round 2's expert games (shards of 10) beside its own: --also
    # SEED:GAMES:PLAYER@WEIGHTS reads them from the cache, whatever the shards' size.
    from workbench import train_expert
    weights = tmp_path / "reserver.npz"
    _reserving_weights(weights)
    cache = tmp_path / "cache"
    player = train_expert.make_player("expert:8", str(weights))
    # What is read back is the point here, not the games (self-play is tested above): the
    # shards are written from quick stand-in games, so the test costs no search.
    monkeypatch.setattr(train_expert, "self_play_game",
                        lambda seed, player: {"seed": seed, "n": 2, "rows": []})
    first = train_expert.play(5, 2, str(cache), player=player, shard=1, log=lambda *a, **k: None)
    assert sorted(os.listdir(cache)) == [f"games-{player.name}-5-{g}-1.pkl" for g in (0, 1)]
    # A shard named for no games is not a shard (play() would never move past it).
    (cache / f"games-{player.name}-5-2-0.pkl").write_bytes(b"")
    assert sorted(train_expert._shards(str(cache), f"games-{player.name}", 5)) == [0, 1]

    def no_search(*args):
        raise AssertionError("a cached game was played again")
    monkeypatch.setattr(train_expert, "self_play_game", no_search)
    again = train_expert.play(5, 2, str(cache), player=player, log=lambda *a, **k: None)
    assert [g["seed"] for g in again] == [g["seed"] for g in first] == [500_000, 500_001]
    played = []
    monkeypatch.setattr(train_expert, "play", lambda seed, count, cache, player=None, **k:
                        played.append((seed, count, getattr(player, "name", "classic"))) or [])
    assert train_expert.main(["--games", "0", "--play-only", "--cache", str(cache),
                              "--also", f"5:2:expert:8@{weights}", "--also", "37:3"]) == 0
    assert played[1:] == [(5, 2, player.name), (37, 3, "classic")]
    with pytest.raises(SystemExit, match="SEED:GAMES"):
        train_expert.main(["--games", "0", "--play-only", "--also", "five:2"])


def test_the_colour_columns_are_each_seats_bonuses_and_tokens_by_colour():
    # workbench.train_value.relabel_colours permutes these columns alone: they must be the
    # ones that name a colour, in the same order in both.
    from companion.ai.value import COLOUR_COLUMNS, seat_features
    game = play_random_game(seed=11, players=3, max_turns=40).game
    rows = seat_features(game)
    (b0, b1), (t0, t1) = COLOUR_COLUMNS
    for s in range(game.n):
        assert np.allclose(rows[s, b0:b1] * 5.0, game.bonuses[s][:5])
        assert np.allclose(rows[s, t0:t1] * 4.0, game.tokens[s][:5])


def test_the_value_trained_with_colours_relabelled_is_reproducible(tmp_path, monkeypatch):
    from workbench import train_expert
    monkeypatch.setattr(train_expert, "ITERATIONS", 12)
    got = []
    for run, flag in (("a", ["--relabel-colours"]), ("b", ["--relabel-colours"]), ("c", [])):
        out = tmp_path / f"{run}.npz"
        assert train_expert.main(["--games", "2", "--weak-games", "3", "--epochs", "1",
                                  "--seed", "5", "--out", str(out)] + flag) == 0
        with np.load(out) as data:
            got.append(data["w1"].copy())
    assert np.array_equal(got[0], got[1])
    assert not np.array_equal(got[0], got[2])  # the relabelling did change the training


def test_an_arena_games_record_gives_its_positions_and_the_moves_the_bot_played(tmp_path):
    # Games against (or of) the public bot teach the prior the bot's moves: each of its turns
    # gives the position and a target on the move it played; every turn's position feeds the
    # value. A stand-in (greedy) plays the bot's seat: the arena's results have this form.
    import json

    from companion.ai.match import play_game
    from companion.ai.value import seat_features
    from companion.engine.record import parse_event
    from workbench import train_expert
    result = play_game(["greedy", "random"], seed=11, log_turns=True)
    game = train_expert.arena_game(result, learn_from="greedy")
    assert len(game["rows"]) == result["turns"] == len(result["turns_log"]) > 20
    greedy_turns = [t for t in result["turns_log"] if t["seat"] == 0]
    assert len(game["moves_y"]) == len(greedy_turns)
    assert all(y.sum() == 1.0 and y.max() == 1.0 for y in game["moves_y"])
    # The first position is the deal's, from the first player's view; its target is the
    # main action the record shows first.
    table = SimulatedTable(2, 11)
    start = table.new_game()
    assert np.array_equal(game["rows"][0], seat_features(start))
    assert start.active == 0        # seed 11: the stand-in moves first
    first = parse_event(result["record"][2], 2)
    assert list(start.legal_main_actions())[int(np.argmax(game["moves_y"][0]))] == first
    winners = result["winners"]
    assert list(game["target"]) == [1 / len(winners) if s in winners else 0.0 for s in (0, 1)]
    # A record that does not replay to the arena's result is refused, not learnt from.
    wrong = dict(result, points=[p + 1 for p in result["points"]])
    with pytest.raises(ValueError, match="does not replay"):
        train_expert.arena_game(wrong, learn_from="greedy")
    # From a file: only the games that kept their records.
    path = tmp_path / "arena.jsonl"
    bare = {k: v for k, v in result.items() if k != "record"}
    path.write_text(json.dumps(result) + "\n" + json.dumps(bare) + "\n")
    said = []
    games = train_expert.arena_games([str(path)], log=lambda *a, **k: said.append(a[0]))
    assert len(games) == 1 and "1 of 2 games" in said[0]
