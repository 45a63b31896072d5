"""Simulated tables for the load benchmark and the tests: a random legal game's record after
each of its turns, as a table would push it (the engine's own random play)."""
from __future__ import annotations

from companion.engine.record import record_lines
from companion.engine.simulate import play_random_game


def turn_records(players: int = 2, seed: int = 0, names=None) -> list:
    """The record after each completed turn (header and setup first): a list of lists of
    line objects, one per turn, the last one the finished game."""
    game = play_random_game(players, seed=seed).game
    lines = list(record_lines(game))
    if names:
        lines[0] = dict(lines[0], players=list(names))
    out = []
    for i, line in enumerate(lines):
        if line.get("type") == "end_turn":
            out.append(lines[:i + 1])
    return out
