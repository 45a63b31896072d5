"""`splendor-companion coach RECORD`: the coach's turning points of a game record, and how long
finding them took (the benchmark behind the app's coach budget, ``coach.APP_ITERATIONS``).

Exit 0: the turning points were printed; 1: the record breaks a rule; 2: the file is not a
game record, or an option is out of range.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

PI5_SLOWDOWN = 3.0   # a Raspberry Pi 5 core against one of the development machine's


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "coach", help="the turning points of a game record, and the time the coach takes",
        description="For each seat (or the seats given), find up to 3 turns where the move "
                    "made was worth most below the computer's choice, with the better move and "
                    "the chance of winning lost; then say how long it took (CPU seconds of this "
                    "process) and about how long a Raspberry Pi 5 would take. Exit 0: done; 1: "
                    "the record breaks a rule; 2: the file is not a game record.")
    p.add_argument("record", metavar="RECORD", help="the game record file (.jsonl)")
    p.add_argument("--seat", type=int, action="append", metavar="S",
                   help="a seat to coach, 1 to 4 (repeat for more; default: every seat)")
    p.add_argument("--iterations", type=int, metavar="N",
                   help="search iterations a judged turn (default: the app's)")
    p.add_argument("--seed", type=int, help="seed of the search (default: the app's)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run_coach)


def run_coach(args: argparse.Namespace) -> int:
    from companion.engine import RecordError
    from companion.engine.record import read_lines, replay_lines
    from companion.ai.coach import APP_ITERATIONS, APP_SEED, turning_points
    from companion.ai.player import describe_move
    from companion.ai.reasons import Reason
    from companion.ai.view import PositionError
    from companion.i18n.advice import reasons_sentence
    from companion.i18n.commands import english as say
    iterations = APP_ITERATIONS if args.iterations is None else args.iterations
    seed = APP_SEED if args.seed is None else args.seed
    if iterations < 1:
        print(say("iterations"), file=sys.stderr)
        return 2
    try:
        lines = read_lines(args.record)
        replayed = replay_lines(lines)
    except RecordError as err:
        from companion.i18n.files import english
        print(english(err), file=sys.stderr)
        return 2
    if replayed.error is not None:
        from companion.i18n.messages import english
        print(say("breaks-a-rule", line=replayed.error_line,
                  said=english(replayed.error, replayed.game)), file=sys.stderr)
        return 1
    game = replayed.game
    if game is None:
        print(say("no-setup-to-coach"), file=sys.stderr)
        return 1
    seats = [s - 1 for s in args.seat] if args.seat else list(range(game.n))
    if any(not 0 <= s < game.n for s in seats):
        print(say("seat", players=game.n), file=sys.stderr)
        return 2
    turns = [0] * game.n
    for text in lines:
        obj = json.loads(text)
        if obj.get("type") == "end_turn":
            turns[obj["player"]] += 1
    out = {"record": str(args.record), "players": game.n, "rounds": round(game.turn / game.n, 1),
           "iterations": iterations, "seats": []}
    cpu0, wall0 = time.process_time(), time.perf_counter()
    try:
        for seat in seats:
            start = time.process_time()
            points = turning_points(lines, seat, iterations=iterations, seed=seed)
            out["seats"].append({"seat": seat + 1, "name": game.names[seat],
                                 "turns": turns[seat],
                                 "seconds": round(time.process_time() - start, 2),
                                 "points": [p.to_dict() for p in points]})
    except PositionError as err:
        from companion.i18n.position import english as position_english
        print(position_english(err), file=sys.stderr)
        return 1
    cpu = time.process_time() - cpu0
    judged = sum(turns[s] for s in seats)
    out.update(cpu_seconds=round(cpu, 2), wall_seconds=round(time.perf_counter() - wall0, 2),
               turns_judged=judged, seconds_a_turn=round(cpu / max(1, judged), 3),
               pi5_seconds_estimate=round(cpu * PI5_SLOWDOWN, 1))
    if args.json:
        print(json.dumps(out))
        return 0
    for s in out["seats"]:
        print(say("coached-seat", name=s["name"], seat=s["seat"], points=len(s["points"]),
                  turns=s["turns"], seconds=s["seconds"]))
        for p in s["points"]:
            print("  " + say("turning-point", round=p["turn"] // game.n + 1,
                             made=describe_move(p["made"]), better=describe_move(p["better"]),
                             chance_better=p["chance_better"], chance_made=p["chance_made"]))
            why = reasons_sentence([Reason(r["code"], r["value"], r.get("seat", -1))
                                    for r in p["reasons"]], game.names)
            if why:
                print("    " + say("why", why=why))
    print(say("coached", seats=len(seats), players=game.n, rounds=out["rounds"], judged=judged,
              iterations=iterations, cpu=cpu, a_turn=out["seconds_a_turn"],
              pi5=cpu * PI5_SLOWDOWN))
    return 0

