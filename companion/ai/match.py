"""Matches between computer levels and baselines on simulated tables: the strength benchmark.

A player is named by a spec: ``random``, ``greedy``, ``staller`` (never buys), ``L1`` ... ``L4`` (a level at its own
budget), ``L4:300`` (a level's search at 300 iterations), ``classic`` (level 4's old search: UCB,
greedy playouts, the hand-made evaluation), ``puct`` (the PUCT search with the value network,
1000 iterations: not a level yet) or ``expert`` (PUCT with the learned prior and value of
``companion/ai/data/expert.npz``: level 4's search); ``expert:600`` for a search at another budget. Every game is dealt from its own
seed by a :class:`~companion.engine.SimulatedTable`; every blind reserve is scanned by its owner
(as at the real table), and each computer seat sees the game through its own view, so the
others' scans stay hidden from it. The seats rotate from game to game.

>>> summary = run_match(["greedy", "random"], games=2, seed=1)
>>> summary["games"], sorted(summary["players"])
(2, ['greedy', 'random'])
>>> wilson(95, 100)[0] > 0.88
True
"""
from __future__ import annotations

import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

from companion.engine import (CARDS, BuyCard, ClaimNoble, EndTurn, ReserveBlind, ReserveCard,
                              ReturnGems, Rules, SimulatedTable, TakeGems)
from companion.engine.inputs import FileFacts
from companion.engine.record import parse_event, record_lines

from .baselines import greedy_turn, random_turn, staller_turn

BASELINES = {"random": random_turn, "greedy": greedy_turn, "staller": staller_turn}
from .player import CLASSIC, EXPERT, LEVELS, PUCT, choose_move

SEARCHES = {"classic": CLASSIC, "puct": PUCT, "expert": EXPERT}

MAX_TURNS = 600  # a game still running after this many turns is scored as it stands



def push_turn(game, table, seat: int, turn) -> None:
    """Carry ``turn`` (its main action first, then returns and noble) out on the simulated
    ``table``: a blind reserve draws its card, a bought card leaves the market, the dealt
    cards are revealed, and the turn ends. Every step is validated by the engine."""
    main = turn[0]
    if type(main) is ReserveBlind:
        game.push(table.blind_reserve(main, scan=True))
    else:
        game.push(main)
        if type(main) is BuyCard:
            table.bought(main)
    for reveal in table.reveals(game):
        game.push(reveal)
    for step in turn[1:]:
        game.push(step)
    game.push(EndTurn(seat))


def winners_of(game) -> list:
    """The winners of a finished game; of one cut short, the seats with the most points."""
    if game.outcome is not None:
        return list(game.outcome.winners)
    best = max(game.points)
    return [s for s in range(game.n) if game.points[s] == best]

class PlayerSpecError(FileFacts, ValueError):
    """A player named in a match that is none (cause ``not-a-player``, ``spec``)."""


def parse_spec(spec: str, extra=()) -> tuple:
    """``(kind, level, iterations)`` for a player spec; :class:`PlayerSpecError` (its facts,
    said by ``companion.i18n.position``) if unknown.

    ``extra`` names players a bench brings (see ``run_match``'s ``players``).

    >>> parse_spec("L3"), parse_spec("L4:300"), parse_spec("greedy")
    (('level', 3, None), ('level', 4, 300), ('greedy', None, None))
    """
    if spec in BASELINES or spec in extra or spec in SEARCHES:
        return spec, None, None
    name, _, its = spec.partition(":")
    if name in SEARCHES and its.isdigit():  # a search at another budget: expert:600
        return name, None, int(its)
    if spec[:1] in "Ll":
        level, _, its = spec[1:].partition(":")
        if level.isdigit() and int(level) in LEVELS and (not its or its.isdigit()):
            return "level", int(level), int(its) if its else None
    raise PlayerSpecError("not-a-player", spec=spec)


def decide(spec: str, game, rng: random.Random, extra=None) -> tuple:
    """The active seat's turn by this player: (actions, search result or None)."""
    extra = extra or {}
    kind, level, its = parse_spec(spec, extra)
    if kind in extra:
        return extra[kind](game, rng), None
    if kind in BASELINES:
        return BASELINES[kind](game, rng), None
    if kind in SEARCHES:
        spec = SEARCHES[kind]
        choice = choose_move(game, iterations=its or spec.iterations,
                             seed=rng.randrange(1 << 31),
                             spec=spec)
        return [parse_event(line, game.n) for line in choice.lines], choice.result
    if its is None and LEVELS[level].iterations:
        its = LEVELS[level].iterations  # matches use iteration budgets: reproducible
    choice = choose_move(game, level=level, iterations=its, seed=rng.randrange(1 << 31))
    return [parse_event(line, game.n) for line in choice.lines], choice.result


def play_game(specs, seed: int, rules: Rules = Rules(), players=None,
              log_turns: bool = False) -> dict:
    """Play one game with ``specs[i]`` at seat i; the result as plain data.

    ``players`` maps extra spec names to ``(game, rng) -> actions`` callables (benches).
    ``log_turns`` adds ``turns_log``: one :func:`turn_facts` a turn, to see how a game was lost,
    and ``record``: the game's record lines (decoded), from which every position can be rebuilt.
    """
    n = len(specs)
    table = SimulatedTable(n, seed, rules=rules)
    game = table.new_game()
    rng = random.Random(seed * 1_000_003 + 17)
    cpu = [0.0] * n
    cpu_max = [0.0] * n  # the longest move, CPU seconds
    moves = [0] * n
    searched = [[0, 0, 0.0] for _ in range(n)]  # iterations, turns played, seconds
    log = []
    while game.outcome is None and game.turn < MAX_TURNS:
        p = game.active
        start = time.process_time()
        turn, result = decide(specs[p], game, rng, players)
        spent = time.process_time() - start
        cpu[p] += spent
        cpu_max[p] = max(cpu_max[p], spent)
        moves[p] += 1
        if result is not None:
            searched[p][0] += result.iterations
            searched[p][1] += result.turns_played
            searched[p][2] += result.seconds
        facts = turn_facts(game, turn) if log_turns else None
        push_turn(game, table, p, turn)
        if facts is not None:
            facts["points_after"] = game.points[p]
            log.append(facts)
    winners = winners_of(game)
    res = {"seed": seed, "specs": list(specs), "winners": winners,
           "points": list(game.points), "turns": game.turn, "rounds": game.turn / n,
           "finished": game.outcome is not None, "cpu": cpu, "cpu_max": cpu_max, "moves": moves,
           "searched": searched}
    if log_turns:
        res["turns_log"] = log
        res["record"] = list(record_lines(game))
    return res


def turn_facts(game, turn) -> dict:
    """What a turn did, before it is pushed: its kind, the card's level and points, the gold
    it spent, the gems it took and gave back, and whether a noble came."""
    main = turn[0]
    p = game.active
    facts = {"seat": p, "kind": type(main).__name__, "level": None, "card_points": 0,
             "gold_paid": 0, "from_reserve": False, "gems_taken": 0, "returned": 0,
             "noble": any(type(step) is ClaimNoble for step in turn[1:])}
    if type(main) is BuyCard:
        card = CARDS[main.card]
        facts.update(level=card.level, card_points=card.points, gold_paid=main.pay[5],
                     from_reserve=any(c.id == main.card for c in game.reserved[p]))
    elif type(main) is ReserveCard:
        facts["level"] = CARDS[main.card].level
    elif type(main) is ReserveBlind:
        facts["level"] = main.level
    elif type(main) is TakeGems:
        facts["gems_taken"] = sum(main.gems)
    facts["returned"] = sum(sum(step.gems) for step in turn[1:] if type(step) is ReturnGems)
    return facts


def _job(args, players=None):
    specs, seed, short_take, log_turns = args
    return play_game(specs, seed, Rules(short_take=short_take), players, log_turns)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple:
    """The Wilson score interval of a proportion (95 % by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def run_match(lineup, games: int, seed: int = 0, jobs: int = 1, short_take="when_scarce",
              progress=None, players=None, log_turns: bool = False) -> dict:
    """Play ``games`` games of the lineup (2-4 specs), rotating seats; summarise per spec.

    A shared victory counts as a share of a win. ``jobs`` > 1 plays games in that many
    processes. ``players`` maps extra spec names to ``(game, rng) -> actions`` callables (a
    bench's opponent, e.g. workbench/arena.py's); with them the games run in this process.
    ``log_turns`` keeps each game's turns (:func:`turn_facts`) in its result.
    """
    for spec in lineup:
        parse_spec(spec, players or {})
    if players:
        jobs = 1
    n = len(lineup)
    tasks = []
    for g in range(games):
        r = g % n
        tasks.append((list(lineup[r:]) + list(lineup[:r]), seed + g, short_take, log_turns))
    results = []
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for res in pool.map(_job, tasks):
                results.append(res)
                if progress:
                    progress(res)
    else:
        for task in tasks:
            results.append(_job(task, players))
            if progress:
                progress(results[-1])
    return summarise(results, lineup)


def summarise(results: list, lineup) -> dict:
    players = {}
    for spec in dict.fromkeys(lineup):
        seats = lineup.count(spec)
        wins = points = cpu = moves = its = turns = secs = slowest = 0.0
        for res in results:
            for s, sp in enumerate(res["specs"]):
                if sp != spec:
                    continue
                if s in res["winners"]:
                    wins += 1 / len(res["winners"])
                points += res["points"][s]
                cpu += res["cpu"][s]
                slowest = max(slowest, res.get("cpu_max", [0.0] * len(res["specs"]))[s])
                moves += res["moves"][s]
                its += res["searched"][s][0]
                turns += res["searched"][s][1]
                secs += res["searched"][s][2]
        count = len(results)
        low, high = wilson(wins, count)
        players[spec] = {
            "seats": seats, "win_rate": wins / count if count else 0.0, "wins": wins,
            "ci95": [round(low, 3), round(high, 3)],
            "mean_points": points / (count * seats) if count else 0.0,
            "seconds_per_move": cpu / moves if moves else 0.0,
            "max_seconds_per_move": slowest,
            "iterations_per_move": its / moves if moves else 0.0,
            "playout_turns_per_s": turns / cpu if cpu and turns else 0.0,
            "playouts_per_s": its / cpu if cpu and its else 0.0,  # one playout an iteration
        }
    count = len(results)
    return {"lineup": list(lineup), "games": count,
            "mean_rounds": sum(r["rounds"] for r in results) / count if count else 0.0,
            "unfinished": sum(1 for r in results if not r["finished"]), "players": players}


def format_summary(summary: dict) -> str:
    """The summary as a few lines of text."""
    out = [f"{' vs '.join(summary['lineup'])}: {summary['games']} games, "
           f"{summary['mean_rounds']:.1f} rounds a game on average"
           + (f", {summary['unfinished']} cut off at {MAX_TURNS} turns"
              if summary["unfinished"] else "") + "."]
    for spec, s in summary["players"].items():
        seats = f" ({s['seats']} seats together)" if s["seats"] > 1 else ""
        search = (f", {s['iterations_per_move']:.0f} iterations a move, "
                  f"{s['playouts_per_s']:,.0f} playouts/s, "
                  f"{s['playout_turns_per_s']:,.0f} simulated turns/s"
                  if s["iterations_per_move"] else "")
        out.append(f"  {spec}{seats}: wins {100 * s['win_rate']:.1f} % "
                   f"(95 % CI {100 * s['ci95'][0]:.1f}-{100 * s['ci95'][1]:.1f} %), "
                   f"{s['mean_points']:.1f} points a game, "
                   f"{s['seconds_per_move'] * 1000:.0f} ms CPU a move "
                   f"(longest {s['max_seconds_per_move'] * 1000:.0f} ms){search}.")
    return "\n".join(out)


__all__ = ["PlayerSpecError", "parse_spec", "play_game", "run_match", "summarise",
           "format_summary", "wilson"]
