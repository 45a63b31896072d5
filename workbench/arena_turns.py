"""How games were won and lost, from the arena's per-turn facts (``arena --turns --out FILE``).

For each player spec: the kinds of turn it plays a game (takes by size, reserves and buys by
level, buys from its reserve), the gold it spends, the gems it gives back, the nobles it gets,
and its mean points after its 5th, 10th, ... turn, which shows who leads when.

Run: ``python -m workbench.arena_turns FILE.jsonl``.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict

CHECKPOINTS = (5, 10, 15, 20, 25)


def turn_kind(facts: dict) -> str:
    """A turn's kind in a few words: ``take 3`` (gems taken), ``reserve L3``, ``reserve blind L2``,
    ``buy L1 reserved``, ``pass``."""
    kind = facts["kind"]
    if kind == "TakeGems":
        return f"take {facts['gems_taken']}"
    if kind in ("ReserveCard", "ReserveBlind"):
        blind = " blind" if kind == "ReserveBlind" else ""
        return f"reserve{blind} L{facts['level']}"
    if kind == "BuyCard":
        return f"buy L{facts['level']}" + (" reserved" if facts["from_reserve"] else "")
    return "pass"


def summarise_turns(games: list) -> dict:
    """Per spec: games, wins, and per-game means of each kind of turn and of the facts."""
    out: dict = {}
    for game in games:
        log = game.get("turns_log")
        if log is None:
            raise ValueError(f"game {game['seed']} has no turns: play it with --turns")
        for seat, spec in enumerate(game["specs"]):
            row = out.setdefault(spec, {"games": 0, "wins": 0.0, "kinds": Counter(),
                                        "facts": Counter(), "points_at": defaultdict(list)})
            row["games"] += 1
            if seat in game["winners"]:
                row["wins"] += 1 / len(game["winners"])
            own = [f for f in log if f["seat"] == seat]
            for i, facts in enumerate(own, 1):
                row["kinds"][turn_kind(facts)] += 1
                row["facts"]["gold paid"] += facts["gold_paid"]
                row["facts"]["gems given back"] += facts["returned"]
                row["facts"]["nobles"] += facts["noble"]
                row["facts"]["turns"] += 1
                if i in CHECKPOINTS:
                    row["points_at"][i].append(facts["points_after"])
            row["facts"]["points"] += game["points"][seat]
    for row in out.values():
        n = row["games"]
        row["kinds"] = {k: round(v / n, 2) for k, v in sorted(row["kinds"].items())}
        row["facts"] = {k: round(v / n, 2) for k, v in row["facts"].items()}
        row["points_at"] = {i: round(sum(v) / len(v), 1) for i, v in sorted(row["points_at"].items())}
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m workbench.arena_turns",
                                     description="how the arena's games went, turn by turn")
    parser.add_argument("results", help="JSON Lines written by arena --turns --out")
    args = parser.parse_args(argv)
    try:
        with open(args.results) as f:
            games = [json.loads(line) for line in f if line.strip()]
        summary = summarise_turns(games)
    except (OSError, ValueError, KeyError) as exc:
        print(f"The results could not be read: {exc}.", file=sys.stderr)
        return 2
    for spec, row in summary.items():
        print(f"{spec}: {row['games']} games, {row['wins']:g} wins")
        print(f"  a game: {row['facts']}")
        print(f"  turns a game: {row['kinds']}")
        print(f"  points after its turn: {row['points_at']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
