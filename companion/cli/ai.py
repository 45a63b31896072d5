"""`splendor-companion ai-move` (spec/ai.md) and `splendor-companion ai-match` (the benchmark)."""
from __future__ import annotations

import argparse
import json
import sys
import time

# The commands import what they run inside themselves, after the clock below starts: ai-move
# counts its --seconds from the process's start.

# The process's start, as near as Python lets us see it: --seconds counts from here.
_STARTED = time.monotonic()
# Time kept back from --seconds for writing the answer and leaving the process.
ANSWER_MARGIN = 0.15


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "ai-move", help="the computer's move for the seat to play in a game record",
        description="Decide the turn of the active player of a game record, seeing only what "
                    "that player may know. Prints the turn's lines (JSON Lines) on stdout and "
                    "a sentence for the person who carries it out on stderr. Exit 0: a move "
                    "was printed; 1: the record breaks a rule, stops before its setup or "
                    "inside a turn, or the game is over; 2: the file is not a game record.")
    p.add_argument("record", metavar="RECORD", help="the game record file (.jsonl)")
    p.add_argument("--level", type=int, default=4, choices=(1, 2, 3, 4),
                   help="1 = beginner ... 4 = strongest (default 4)")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, metavar="S",
                        help="think for this long instead (the move is printed within S + 1 s)")
    budget.add_argument("--iterations", type=int, metavar="N",
                        help="a fixed search budget instead; with --seed the move is repeatable")
    p.add_argument("--seed", type=int, help="seed of the search's random choices")
    p.set_defaults(func=run_ai_move)

    m = subparsers.add_parser(
        "ai-match", help="measure the computer's strength in simulated games",
        description="Play games between computer levels and baseline players on simulated "
                    "tables and report win rates (95 % Wilson intervals), mean points, game "
                    "length in rounds and time per move. Players: random, greedy, staller "
                    "(never buys), L1 to L4, L4:300 for a level's search at 300 iterations, and the "
                    "searches themselves: classic, puct and expert (expert:200 for 200 "
                    "iterations).")
    m.add_argument("players", nargs="+", metavar="PLAYER", help="2 to 4 players, seat order")
    m.add_argument("--games", type=int, default=200)
    m.add_argument("--seed", type=int, default=0, help="seed of the first game's deal")
    m.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    m.add_argument("--short-take", default="when_scarce",
                   choices=("never", "when_scarce", "always"))
    m.add_argument("--out", metavar="FILE", help="append each game's result to FILE (JSON Lines)")
    m.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    m.set_defaults(func=run_ai_match)


def run_ai_move(args: argparse.Namespace) -> int:
    from companion.engine import RecordError
    from companion.engine.record import read_lines

    from companion.ai.player import choose_move
    from companion.ai.view import PositionError
    from companion.i18n.commands import english as say
    if args.seconds is not None and not args.seconds > 0:
        print(say("seconds-above-0"), file=sys.stderr)
        return 2
    if args.iterations is not None and args.iterations < 1:
        print(say("iterations"), file=sys.stderr)
        return 2
    seconds = None
    if args.seconds is not None:
        seconds = max(0.01, args.seconds - (time.monotonic() - _STARTED) - ANSWER_MARGIN)
    try:
        lines = read_lines(args.record)
        choice = choose_move(lines, level=args.level, seconds=seconds,
                             iterations=args.iterations, seed=args.seed)
    except RecordError as err:
        from companion.i18n.files import english
        print(english(err), file=sys.stderr)
        return 2
    except PositionError as err:
        from companion.i18n.position import english as position_english
        print(position_english(err), file=sys.stderr)
        return 1
    from companion.engine.record import dumps
    sys.stdout.write("".join(dumps(line) + "\n" for line in choice.lines))
    sys.stdout.flush()
    print(choice.sentence, file=sys.stderr)
    return 0


def run_ai_match(args: argparse.Namespace) -> int:
    from companion.ai.match import PlayerSpecError, format_summary, parse_spec, run_match
    from companion.engine import MAX_PLAYERS, MIN_PLAYERS
    from companion.i18n.commands import english as say
    if not MIN_PLAYERS <= len(args.players) <= MAX_PLAYERS:
        print(say("match-players", least=MIN_PLAYERS, most=MAX_PLAYERS), file=sys.stderr)
        return 2
    try:
        for spec in args.players:
            parse_spec(spec)
    except PlayerSpecError as err:
        from companion.i18n.position import english as position_english
        print(position_english(err), file=sys.stderr)
        return 2
    if args.games < 1 or args.jobs < 1:
        print(say("games-jobs"), file=sys.stderr)
        return 2
    out = open(args.out, "a", encoding="utf-8") if args.out else None

    def progress(result):
        if out:
            out.write(json.dumps(result) + "\n")
            out.flush()

    try:
        summary = run_match(args.players, args.games, seed=args.seed, jobs=args.jobs,
                            short_take=args.short_take, progress=progress)
    finally:
        if out:
            out.close()
    print(json.dumps(summary) if args.json else format_summary(summary))
    return 0
