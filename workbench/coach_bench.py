"""How true the coach's chances are: ``python -m workbench.coach_bench --games 200``.

Plays held-out games (seeds the trainer never used) with the trainer's self-play players, and
from mid-game on (the second half of each game's turns) compares the chance of winning given to
the seat about to move with whether that seat won: the Brier score and a reliability table
(positions per bin of the chance, mean chance, share won). The value network (what the coach
says) and the hand-made evaluation it replaced (``heuristics.win_chances``) are scored on the
same positions. Both read a position as the seat to move sees it: the others' blind reserves
are cards of a level, never the card (the trainer's games scan every blind reserve, which only
the owner's own features can use).

``--self-play SEED:GAMES[:PLAYER[@WEIGHTS]] --cache DIR`` scores the positions of
``workbench.train_expert``'s recorded self-play games instead (strong play: the expert search
against itself), read from that trainer's cache; ``--weights`` scores another weights file's
value network (an expert round's) beside the coach's.
"""
from __future__ import annotations

import argparse
import json
import time

from companion.ai.value import ValueNet, default_net, softmax

from .train_value import reliability, self_play_game

HELD_OUT_BASE = 900_000_000  # the trainer's seeds are seed * 100_000 + game


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m workbench.coach_bench")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--self-play", action="append", default=[],
                        metavar="SEED:GAMES[:PLAYER[@WEIGHTS]]",
                        help="score train_expert's recorded self-play games (from --cache)")
    parser.add_argument("--cache", help="train_expert's cache of self-play games")
    parser.add_argument("--weights", help="also score this weights file's value network")
    parser.add_argument("--fit-temperature", metavar="OUT.npz",
                        help="write --weights' value network to OUT.npz with the temperature "
                             "that scores best on these positions (fit on one set of games, "
                             "measure on another)")
    args = parser.parse_args(argv)
    if args.fit_temperature and not args.weights:
        raise SystemExit("--fit-temperature fits the network of --weights: give it.")
    if args.self_play and not args.cache:
        raise SystemExit("--self-play reads the games from train_expert's --cache: give it.")
    start = time.process_time()
    nets = {"value_network": default_net()}
    if args.weights:
        try:
            nets["weights"] = ValueNet.load(args.weights)
        except (OSError, KeyError, ValueError) as exc:
            raise SystemExit(f"Cannot read the weights file {args.weights}: {exc}.")
    pairs = {name: [] for name in nets}
    pairs["hand_made"] = []
    fit_scores = []  # (--weights' scores before the softmax, the mover, won): for the fit
    games = 0
    for g, movers, old in _games(args):
        games += 1
        half = len(g["rows"]) // 2
        for k in range(half, len(g["rows"])):
            won = float(g["target"][movers[k]])
            for name, net in nets.items():
                pairs[name].append((float(net.chances(g["rows"][k])[movers[k]]), won))
            if old is not None:
                pairs["hand_made"].append((old[k], won))
            if args.fit_temperature:
                fit_scores.append((nets["weights"].scores(g["rows"][k]), movers[k], won))
    if not pairs["hand_made"]:
        del pairs["hand_made"]
    out = {"games": games, "players": args.players, "positions": len(pairs["value_network"]),
           "cpu_s": round(time.process_time() - start)}
    for name, scored in pairs.items():
        brier, table = reliability(scored)
        out[name] = {"brier_from_midgame": round(brier, 4),
                     "reliability": [(b, n, round(c, 3), round(w, 3)) for b, n, c, w in table],
                     # None: no bin holds 30 positions (too few games to say)
                     "worst_bin_gap": max((round(abs(c - w), 3) for _, n, c, w in table
                                           if n >= 30), default=None)}
    if args.fit_temperature and not fit_scores:
        raise SystemExit("No position to fit the temperature on: no game of "
                         f"{args.players} players from mid-game on; nothing was written.")
    if args.fit_temperature:
        out["fitted_temperature"] = _fit(args.weights, fit_scores, args.fit_temperature)
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{games} held-out {args.players}-player games, {out['positions']} positions from "
              f"mid-game on, {out['cpu_s']} s CPU.")
        for name in [k for k in ("value_network", "weights", "hand_made") if k in out]:
            o = out[name]
            gap = o["worst_bin_gap"]
            print(f"{name}: Brier {o['brier_from_midgame']}, worst bin (30+ positions) "
                  + (f"off by {100 * gap:.1f} points" if gap is not None else "none"))
            for b, n, c, w in o["reliability"]:
                print(f"  {b:>10}: {n:5d} positions, said {100 * c:5.1f} %, won {100 * w:5.1f} %")
    return 0


def _fit(weights: str, scored: list, out: str) -> float:
    """The temperature (0.5-3 in steps of 0.05) with the lowest Brier score on ``scored``;
    ``weights``' value network is written to ``out`` with it (the move prior left out)."""
    import numpy as np

    def brier(t):
        return reliability([(softmax(s, t)[mover], won) for s, mover, won in scored])[0]
    best = float(round(min(np.arange(0.5, 3.001, 0.05), key=brier), 2))
    with np.load(weights) as data:
        params = {k: data[k] for k in ("mean", "scale", "w1", "b1", "w2", "b2", "w3", "b3")}
    params["temperature"] = np.array([best], dtype=np.float32)
    np.savez_compressed(out, **params)
    return best


def _games(args):
    """(game, the seat to move at each recorded position, the hand-made chances or None)."""
    if not args.self_play:
        seed = HELD_OUT_BASE
        for _ in range(args.games):
            seed += 1
            g = self_play_game(seed, searching=0.05, players=args.players, keep_games=True)
            movers = [mover for mover, _ in g["positions"]]
            yield g, movers, [old[mover] for mover, old in g["positions"]]
        return
    import pickle

    from .train_expert import _shards, classic_player, make_player, replay_positions
    count = 0
    for spec in args.self_play:
        seed, _, rest = spec.partition(":")
        games, _, player = rest.partition(":")
        player, _, weights = player.partition("@")
        if not (seed.isdigit() and games.isdigit()):
            raise SystemExit(f"--self-play takes SEED:GAMES[:PLAYER[@WEIGHTS]], not {spec!r}.")
        chosen = make_player(player or "classic", *([weights] if weights else []))
        prefix = "games" if chosen is classic_player else f"games-{chosen.name}"
        shards = _shards(args.cache, prefix, int(seed))
        if not shards:
            raise SystemExit(f"No recorded games of {spec} in {args.cache}.")
        for first in sorted(shards):  # only what was recorded: a bench never plays for hours
            with open(shards[first][1], "rb") as f:
                batch = pickle.load(f)
            for g in batch[:max(0, int(games) - first)]:
                if g["n"] == args.players and count < args.games:
                    count += 1
                    yield g, [view.active for view in replay_positions(g)], None


if __name__ == "__main__":
    raise SystemExit(main())
