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


def _summary(result) -> str:
    game = result.game
    if game is None:
        return "The game has not been set up yet."
    if game.outcome is not None:
        names = [game.names[i] for i in game.outcome.winners]
        scores = ", ".join(f"{p.name} {p.points}" for p in game.players)
        how = {"fewest-cards": " (tie broken by fewest purchased cards)",
               "shared": " (a shared victory: tied on points and cards)"}.get(
                   game.outcome.tie_break or "", "")
        return (f"The game is over after {game.turn} turns: {' and '.join(names)} "
                f"{'wins' if len(names) == 1 else 'win'}{how}. Points: {scores}.")
    return (f"The game is in progress: {game.turn} turns played, "
            f"{game.names[game.active]} (seat {game.active}) to play.")


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
        print(f"Every line is legal. {_summary(result)}")
    else:
        print(f"Line {result.error_line} breaks a rule: {result.error_text}")
        print(f"  {result.error.rule}: {said}")
        print(f"Before that line: {_summary(result)}")
    return 0 if result.ok else 1


def run_bench(args: argparse.Namespace) -> int:
    if not 0 < args.seconds <= MAX_BENCH_SECONDS:  # false for nan too
        print(f"--seconds must be a number of seconds from more than 0 to {MAX_BENCH_SECONDS}.",
              file=sys.stderr)
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
