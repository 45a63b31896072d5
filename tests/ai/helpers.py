"""Records of games in progress for the computer player's tests."""
from __future__ import annotations

import json

from companion.engine import PassTurn, Rules, play_random_game
from companion.engine.record import dumps, record_lines, replay_lines


def full_record(players: int, seed: int, short_take: str = "when_scarce",
                scan_probability: float = 0.5) -> list:
    """The lines (text) of a whole random game; blind reserves scanned or not at random."""
    game = play_random_game(players, seed=seed, rules=Rules(short_take=short_take),
                            scan_probability=scan_probability).game
    return [dumps(line) for line in record_lines(game)]


def turn_starts(lines: list) -> list:
    """Indexes to cut a record at so that it stops at the start of a turn (not after the end)."""
    cuts = [2] + [i + 1 for i, ln in enumerate(lines) if json.loads(ln).get("type") == "end_turn"]
    return cuts[:-1]  # after the last end_turn the game is over


def pass_cut(lines: list):
    """A cut just before a pass, or None."""
    for cut in turn_starts(lines):
        if json.loads(lines[cut])["type"] == "pass":
            return cut
    return None


def complete_turn(lines: list, turn: list) -> list:
    """The record with the computer's turn, the table's reveals (any unseen card of the
    level, as a table would deal) and end_turn appended, as text."""
    game = replay_lines(lines).game
    p = game.active
    out = list(lines)
    main = turn[0]
    out.append(dumps(main))
    game.push(parse(main, game.n))
    for level, slot in game.slots_to_reveal():
        card = sorted(game.unseen[level - 1])[0]
        reveal = {"type": "reveal", "level": level, "slot": slot, "card": card}
        out.append(dumps(reveal))
        game.push(parse(reveal, game.n))
    out += [dumps(line) for line in turn[1:]]
    out.append(dumps({"type": "end_turn", "player": p}))
    return out


def parse(line: dict, n: int):
    from companion.engine.record import parse_event
    return parse_event(line, n)


__all__ = ["full_record", "turn_starts", "pass_cut", "complete_turn", "PassTurn"]
