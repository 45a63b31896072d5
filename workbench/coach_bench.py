"""How true the coach's chances are: ``python -m workbench.coach_bench --games 200``.

Plays held-out games (seeds the trainer never used) with the trainer's self-play players, and
from mid-game on (the second half of each game's turns) compares the chance of winning given to
the seat about to move with whether that seat won: the Brier score and a reliability table
(positions per bin of the chance, mean chance, share won). The value network (what the coach
says) and the hand-made evaluation it replaced (``heuristics.win_chances``) are scored on the
same positions. Both read a position as the seat to move sees it: the others' blind reserves
are cards of a level, never the card (the trainer's games scan every blind reserve, which only
the owner's own features can use).
"""
from __future__ import annotations

import argparse
import json
import time

from companion.ai.value import default_net

from .train_value import reliability, self_play_game

HELD_OUT_BASE = 900_000_000  # the trainer's seeds are seed * 100_000 + game


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m workbench.coach_bench")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = time.process_time()
    net = default_net()
    pairs_net, pairs_old = [], []
    games = 0
    seed = HELD_OUT_BASE
    while games < args.games:
        seed += 1
        g = self_play_game(seed, searching=0.05, players=args.players, keep_games=True)
        games += 1
        positions = g["positions"]
        for game_rows, (mover, old) in list(zip(g["rows"], positions))[len(positions) // 2:]:
            won = float(g["target"][mover])
            pairs_net.append((float(net.chances(game_rows)[mover]), won))
            pairs_old.append((old[mover], won))
    out = {"games": games, "players": args.players, "positions": len(pairs_net),
           "cpu_s": round(time.process_time() - start)}
    for name, pairs in (("value_network", pairs_net), ("hand_made", pairs_old)):
        brier, table = reliability(pairs)
        out[name] = {"brier_from_midgame": round(brier, 4),
                     "reliability": [(b, n, round(c, 3), round(w, 3)) for b, n, c, w in table],
                     "worst_bin_gap": round(max(abs(c - w) for _, n, c, w in table if n >= 30),
                                            3)}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{games} held-out {args.players}-player games, {len(pairs_net)} positions from "
              f"mid-game on, {out['cpu_s']} s CPU.")
        for name in ("value_network", "hand_made"):
            o = out[name]
            print(f"{name}: Brier {o['brier_from_midgame']}, worst bin (30+ positions) off by "
                  f"{100 * o['worst_bin_gap']:.1f} points")
            for b, n, c, w in o["reliability"]:
                print(f"  {b:>10}: {n:5d} positions, said {100 * c:5.1f} %, won {100 * w:5.1f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
