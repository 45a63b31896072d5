"""The coach's bench on recorded strong games (``workbench.coach_bench --self-play``)."""
from __future__ import annotations

import json

import pytest

from companion.ai.value import default_net


def test_the_bench_scores_the_seat_to_move_in_recorded_self_play_games(tmp_path, monkeypatch,
                                                                        capsys):
    from workbench import coach_bench, train_expert
    from workbench.train_value import reliability
    monkeypatch.setattr(train_expert, "ITERATIONS", 12)  # a quick classic search
    cache = tmp_path / "cache"
    (game,) = train_expert.play(5, 1, str(cache), log=lambda *a, **k: None)
    n = game["n"]
    assert coach_bench.main(["--self-play", "5:1", "--cache", str(cache), "--players", str(n),
                             "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # From mid-game on, each position's chance is the one given to the seat about to move.
    movers = [view.active for view in train_expert.replay_positions(game)]
    assert len(set(movers)) == n
    net = default_net()
    half = len(game["rows"]) // 2
    pairs = [(float(net.chances(game["rows"][k])[movers[k]]), float(game["target"][movers[k]]))
             for k in range(half, len(game["rows"]))]
    assert out["games"] == 1 and out["positions"] == len(pairs)
    assert out["value_network"]["brier_from_midgame"] == round(reliability(pairs)[0], 4)
    assert "hand_made" not in out  # recorded games keep no hand-made chances


def test_a_fitted_temperature_scores_better_than_the_one_it_replaces(tmp_path, monkeypatch,
                                                                     capsys):
    import numpy as np

    from companion.ai.value import WEIGHTS
    from workbench import coach_bench, train_expert
    monkeypatch.setattr(train_expert, "ITERATIONS", 12)
    cache = tmp_path / "cache"
    (game,) = train_expert.play(5, 1, str(cache), log=lambda *a, **k: None)
    # A network made far too sure of itself: its chances are nearly all 0 or 1.
    with np.load(WEIGHTS) as data:
        sure = {k: data[k] for k in data.files}
    sure["temperature"] = np.array([0.05], dtype=np.float32)
    np.savez(tmp_path / "sure.npz", **sure)
    run = ["--self-play", "5:1", "--cache", str(cache), "--players", str(game["n"]), "--json",
           "--weights", str(tmp_path / "sure.npz")]
    assert coach_bench.main(run + ["--fit-temperature", str(tmp_path / "fitted.npz")]) == 0
    before = json.loads(capsys.readouterr().out)
    assert 0.5 <= before["fitted_temperature"] <= 3.0
    assert coach_bench.main(run[:-1] + [str(tmp_path / "fitted.npz")]) == 0
    after = json.loads(capsys.readouterr().out)
    assert (after["weights"]["brier_from_midgame"]
            < before["weights"]["brier_from_midgame"])
    with np.load(tmp_path / "fitted.npz") as fitted:
        assert not any(k.startswith("p_") for k in fitted.files)  # the value network alone
        assert float(fitted["temperature"][0]) == before["fitted_temperature"]
    # No game of that many players: nothing to fit on, and no file is written.
    other = [str(n) for n in (2, 3, 4) if n != game["n"]][0]
    with pytest.raises(SystemExit, match="No position to fit the temperature on"):
        coach_bench.main(run[:4] + ["--players", other, "--weights", str(tmp_path / "sure.npz"),
                                    "--fit-temperature", str(tmp_path / "none.npz")])
    assert not (tmp_path / "none.npz").exists()


def test_the_bench_says_what_is_missing_in_one_sentence(tmp_path):
    from workbench import coach_bench
    with pytest.raises(SystemExit, match="give it"):
        coach_bench.main(["--self-play", "5:1"])
    with pytest.raises(SystemExit, match="No recorded games of 5:1 in"):
        coach_bench.main(["--self-play", "5:1", "--cache", str(tmp_path)])
    with pytest.raises(SystemExit, match="Cannot read the weights file"):
        coach_bench.main(["--games", "1", "--weights", str(tmp_path / "none.npz")])
    with pytest.raises(SystemExit, match="fits the network of --weights"):
        coach_bench.main(["--games", "1", "--fit-temperature", str(tmp_path / "out.npz")])
