"""`splendor-companion replay` and `splendor-companion bench`."""
from __future__ import annotations

import argparse
import json
import sys

from companion.engine import MAX_PLAYERS, MIN_PLAYERS
from companion.engine.errors import RecordError
from companion.engine.record import replay
from companion.engine.simulate import bench
from companion.i18n import files
from companion.i18n.commands import english as say

MAX_BENCH_SECONDS = 3600  # an hour: inf would never end


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "replay", help="check a game record line by line",
        description="Check every line of a game record (JSON Lines) and stop at the first line "
                    "that breaks a rule. Exit 0: all legal; 1: a line breaks a rule; 2: the "
                    "file is not a game record.")
    p.add_argument("record", metavar="RECORD", help="the game record file (.jsonl)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run_replay)

    b = subparsers.add_parser(
        "bench", help="measure the rules engine with random legal play",
        description="Random legal play with the full rules on one core; prints steps/s and "
                    "games/s. A step is one player decision with its legal-move generation.")
    b.add_argument("--players", type=int, default=2, choices=range(MIN_PLAYERS, MAX_PLAYERS + 1))
    b.add_argument("--seconds", type=float, default=5.0)
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--json", action="store_true")
    b.set_defaults(func=run_bench)


def _facts(result) -> dict:
    """Where the replayed game stands, for the sentence (companion.i18n.commands)."""
    game = result.game
    if game is None:
        return {}
    if game.outcome is not None:
        return {"turns": game.turn, "winners": [game.names[i] for i in game.outcome.winners],
                "tie_break": game.outcome.tie_break,
                "scores": tuple((p.name, p.points) for p in game.players)}
    return {"turns": game.turn, "to_play": game.names[game.active], "seat": game.active}


def run_replay(args: argparse.Namespace) -> int:
    try:
        result = replay(args.record)
    except RecordError as err:
        said = files.english(err)
        print(said, file=sys.stderr)
        if args.json:
            print(json.dumps({"ok": False, "error": {"line": err.line, "rule": "malformed",
                                                     "message": said}}))
        return 2
    from companion.i18n.messages import english
    said = english(result.error, result.game) if result.error is not None else ""
    if args.json:
        print(json.dumps(result.to_dict(said), ensure_ascii=False))
    elif result.ok:
        print(say("all-legal", **_facts(result)))
    else:
        print(say("breaks-a-rule", line=result.error_line, said=result.error_text))
        print(f"  {result.error.rule}: {said}")
        print(say("before-that-line", **_facts(result)))
    return 0 if result.ok else 1


def run_bench(args: argparse.Namespace) -> int:
    if not 0 < args.seconds <= MAX_BENCH_SECONDS:  # false for nan too
        print(say("bench-seconds", most=MAX_BENCH_SECONDS), file=sys.stderr)
        return 2
    result = bench(args.players, args.seconds, args.seed)
    if args.json:
        print(json.dumps({k: result[k] for k in ("players", "steps_per_s", "games_per_s",
                                                  "games")}))
    else:
        print(f"{result['players']} players: {result['steps_per_s']:,.0f} steps/s, "
              f"{result['games_per_s']:,.1f} games/s ({result['games']} games in "
              f"{result['seconds']} s, one core).")
    return 0
