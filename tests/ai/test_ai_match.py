"""The strength benchmark's parts: baselines play legal games, the statistics are right."""
from __future__ import annotations

import subprocess
import sys

import pytest

from companion.ai.match import (PlayerSpecError, format_summary, parse_spec, play_game,
                                 run_match, summarise, wilson)


def test_wilson_interval_matches_known_values():
    low, high = wilson(190, 200)
    # Worked by hand: centre 0.94153, half-width 0.03110 (z = 1.96).
    assert round(low, 4) == 0.9104 and round(high, 4) == 0.9726
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


@pytest.mark.parametrize("lineup", [["random", "greedy"], ["greedy", "L1", "random"],
                                    ["L2:4", "greedy", "random", "L1"]])
def test_games_between_players_are_legal_and_finish(lineup):
    # Every move is pushed with full validation, so a finished game is a legal game.
    result = play_game(lineup, seed=7)
    assert result["finished"]
    assert max(result["points"]) >= 15 or result["turns"] > 0


def test_seats_rotate_and_shares_add_up():
    summary = run_match(["greedy", "random"], games=6, seed=3)
    assert summary["games"] == 6
    total = sum(p["wins"] for p in summary["players"].values())
    assert total == pytest.approx(6)


def test_unknown_player_is_refused_in_a_sentence():
    with pytest.raises(PlayerSpecError) as info:
        parse_spec("L9")
    assert (info.value.cause, info.value.facts) == ("not-a-player", {"spec": "L9"})
    run = subprocess.run([sys.executable, "-m", "companion.cli.main", "ai-match", "L9", "greedy"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "is not a player" in run.stderr


def test_ai_only_imports_the_standard_library_and_numpy():
    # numpy is already an app dependency (the value network's inference); nothing else.
    import pathlib
    import ast
    allowed = set(sys.stdlib_module_names) | {"__future__", "companion", "numpy"}
    for path in pathlib.Path("companion/ai").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, (path, name)
                assert not name.startswith(("companion.ui", "companion.referee")), (path, name)


@pytest.mark.parametrize("lineup", [["L2:20", "staller"], ["staller", "L2:20", "staller"]])
def test_stalling_opponents_cant_keep_the_computer_from_winning(lineup):
    # Opponents that hoard tokens and never buy: the game still ends, and the computer wins.
    for seed in (1, 2):
        result = play_game(lineup, seed=seed)
        seat = lineup.index("L2:20")
        assert result["finished"] and result["winners"] == [seat]
        assert result["points"][seat] >= 15


def test_the_summary_counts_playouts_and_the_longest_move():
    # Made-up results: the figures the report quotes come from these sums.
    results = [{"specs": ["L2", "greedy"], "winners": [0], "points": [15, 9], "rounds": 20,
                "finished": True, "cpu": [2.0, 0.1], "cpu_max": [0.5, 0.01], "moves": [20, 20],
                "searched": [[800, 4000, 2.0], [0, 0, 0.0]]},
               {"specs": ["greedy", "L2"], "winners": [0], "points": [15, 12], "rounds": 22,
                "finished": True, "cpu": [0.1, 2.0], "cpu_max": [0.02, 0.7], "moves": [22, 22],
                "searched": [[0, 0, 0.0], [800, 4000, 2.0]]}]
    summary = summarise(results, ["L2", "greedy"])
    level = summary["players"]["L2"]
    assert level["wins"] == 1 and level["playouts_per_s"] == pytest.approx(400.0)
    assert level["max_seconds_per_move"] == 0.7
    assert level["seconds_per_move"] == pytest.approx(4.0 / 42)
    assert "400 playouts/s" in format_summary(summary)
