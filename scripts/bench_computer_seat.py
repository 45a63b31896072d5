"""How long the computer's turn takes from its start to its move being shown, per level.

The app's own path, without a window: ``ComputerSeats.update`` on the game at a turn start
(the game copied, the thinking thread started, ``choose_move`` at the level's default
budget) until ``_ready`` hands the move to the UI side (``dispatch``), timed with
``time.perf_counter`` on positions from seeded simulated games (turn 1 to the late game).
Drawing the picture is not included (a few milliseconds).

    nice -n 5 .venv/bin/python scripts/bench_computer_seat.py --positions 30 --players 2
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.ai.player import LEVELS, PI5_SLOWDOWN  # noqa: E402
from companion.app.computer import ComputerSeats  # noqa: E402
from companion.engine import SimulatedTable  # noqa: E402


def positions(players: int, count: int, seed: int) -> list:
    """Games stopped at the start of a turn, spread over the game (random legal play)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        table = SimulatedTable(players, seed=rng.randrange(1 << 30))
        game = table.new_game()
        stop = rng.randrange(0, 24) * players
        for _ in range(stop):
            if game.finished:
                break
            game.push(rng.choice(list(game.legal_main_actions())))
            table.finish_turn(game, rng)
        if not game.finished:
            out.append(game)
    return out


def time_level(level: int, games: list) -> list:
    times = []
    for game in games:
        done = threading.Event()
        seats = ComputerSeats(dispatch=lambda fn, *a: (fn(*a), done.set()))
        seats.set_levels({game.active: level})
        start = time.perf_counter()
        seats.update(game)
        done.wait(60)
        times.append(time.perf_counter() - start)
        assert seats.move_for(game) is not None
    return times


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--seed", type=int, default=17)
    args = ap.parse_args(argv)
    games = positions(args.players, args.positions, args.seed)
    print(f"{args.players} players, {len(games)} positions; seconds from the turn's start to "
          f"the move ready to show (Pi 5 estimate: x{PI5_SLOWDOWN:g})")
    for level in sorted(LEVELS):
        t = time_level(level, games)
        q = statistics.quantiles(t, n=20, method="inclusive")   # never beyond the data
        print(f"level {level}: median {statistics.median(t):.3f} s, 95th pct {q[-1]:.3f} s, "
              f"max {max(t):.3f} s; Pi 5 about {statistics.median(t) * PI5_SLOWDOWN:.2f} s "
              f"median, {max(t) * PI5_SLOWDOWN:.2f} s max")
    return 0


if __name__ == "__main__":
    sys.exit(main())
