"""Finished games for the sharing tests: real games played by the engine, renamed."""
from __future__ import annotations

import json

from companion.engine.record import dumps, record_lines
from companion.engine.simulate import play_random_game

# Names a table really types: commas, quotes, a newline, Polish and Korean letters.
AWKWARD_NAMES = ['Żaneta "Żaba" Łękawa', "김민준, 서연", "O'Brien\nPat", "Grzegorz Brzęczyszczykiewicz"]


def finished_lines(players: int = 3, seed: int = 1, names=None) -> list:
    """Decoded record lines of a finished game (the first seed from ``seed`` that finishes)."""
    for s in range(seed, seed + 50):
        game = play_random_game(players, seed=s).game
        if game.outcome is not None:
            lines = [json.loads(dumps(line)) for line in record_lines(game)]
            if names:
                lines[0]["players"] = list(names[:players])
            return lines
    raise AssertionError("no finished game in 50 seeds")


def text_lines(lines) -> list:
    return [dumps(line) for line in lines]


def write_record(path, lines) -> None:
    path.write_text("".join(dumps(line) + "\n" for line in lines), encoding="utf-8")
