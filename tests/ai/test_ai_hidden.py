"""The computer never uses a card its seat can't see.

The deck order never reaches the engine (a deck is the set of its unseen cards), and another
seat's blind reserve stays hidden even when the record carries its owner's private scan. So a
record that differs only in which card an opponent secretly reserved must give exactly the same
search, visit for visit, for the same seed and iterations.
"""
from __future__ import annotations

import json

from companion.ai import choose_move
from companion.ai.view import read_position
from companion.engine import CARDS_BY_LEVEL
from companion.engine.record import dumps, replay_lines

from .helpers import full_record, turn_starts


def scanned_opponent_reserves(players=3, seeds=range(60)):
    """(lines cut at the start of another seat's turn, index of a scanned blind reserve)."""
    for seed in seeds:
        lines = full_record(players, seed, scan_probability=1.0)
        for i, text in enumerate(lines):
            obj = json.loads(text)
            if obj.get("type") == "reserve" and "level" in obj:
                later = [c for c in turn_starts(lines) if c > i + 2]
                for cut in later[:6]:
                    game = replay_lines(lines[:cut]).game
                    still_hidden = any(r.id == obj["card"] for r in game.reserved[obj["player"]])
                    if game.active != obj["player"] and still_hidden:
                        yield lines[:cut], i
                        break


def swap_scan(lines, i):
    """The same record with a different unseen card of that level in the scan at line i."""
    obj = json.loads(lines[i])
    game = replay_lines(lines).game
    others = sorted(c for c in CARDS_BY_LEVEL[obj["level"]]
                    if game.is_unseen(c) and c != obj["card"])
    swapped = dict(obj, card=others[len(others) // 2])
    out = list(lines)
    out[i] = dumps(swapped)
    assert replay_lines(out).ok
    return out


def search_fingerprint(lines, seed):
    choice = choose_move(lines, iterations=80, seed=seed)
    return choice.lines, [(repr(s.action), s.visits, round(s.value, 9)) for s in choice.result.stats]


def test_an_opponents_secret_reserve_changes_nothing():
    checked = 0
    for lines, i in scanned_opponent_reserves():
        other = swap_scan(lines, i)
        assert search_fingerprint(lines, seed=5) == search_fingerprint(other, seed=5)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_the_view_hides_an_opponents_scan_but_keeps_its_own():
    lines, i = next(scanned_opponent_reserves())
    obj = json.loads(lines[i])
    view = read_position(lines).game
    assert view.is_unseen(obj["card"])  # hidden from the seat to move
    owner = read_position(lines, seat=obj["player"]).game
    assert not owner.is_unseen(obj["card"])  # its owner scanned it
    assert any(r.id == obj["card"] for r in owner.reserved[obj["player"]])
