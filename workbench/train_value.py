"""Train the computer's value network by self-play: ``python -m workbench.train_value``.

1. Self-play: games on simulated tables (2, 3 and 4 players) between quick players of mixed
   strength (the greedy judgement with a seat's own chance of slips, and some seats searching),
   every position's seat features recorded with the game's winners.
2. Training: the network of :mod:`companion.ai.value` (features -> 64 -> 32 -> a score a
   seat, softmax over the seats) fitted by Adam on the cross-entropy of the winners, in numpy.
3. Calibration: the softmax temperature that minimises the log loss on held-out games (a tenth
   of the games, by seed), and the held-out Brier score and reliability table printed.

Everything follows from ``--seed``: the same command gives the same weights file.
"""
from __future__ import annotations

import os

# One thread: numpy's BLAS would spin up a thread a core for these small matrices, and the
# job is meant to keep to one core of a shared machine.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import random
import time

import numpy as np

from companion.ai.heuristics import win_chances
from companion.ai.player import Level, _greedy_with_noise, choose_move, turn_lines
from companion.ai.value import COLOUR_COLUMNS, FEATURES, ValueNet, seat_features
from companion.ai.match import push_turn, winners_of
from companion.engine import SimulatedTable
from companion.engine.record import parse_event

HIDDEN = (64, 32)
# The searching seats: the classic search (UCB, greedy playouts, no value network, so the
# data never depends on an earlier network), 30 iterations, slips 15 % of the time.
SEARCHER = Level(30, 0.5, noise=0.15, search="classic")


def self_play_game(seed: int, searching: float = 0.1, players=None, keep_games=False) -> dict:
    """One game; the features of every turn's start position and the winners.

    ``players`` fixes the player count (else 2, 3 or 4 from the seed); ``keep_games`` also
    keeps, per position, the seat to move and the hand-made evaluation's chances.
    """
    rng = random.Random(seed)
    n = rng.choice((2, 2, 2, 3, 4))
    n = players or n
    table = SimulatedTable(n, seed)
    game = table.new_game()
    noise = [rng.uniform(0.02, 0.45) for _ in range(n)]
    search = [rng.random() < searching for _ in range(n)]
    rows = []
    positions = []
    while game.outcome is None and game.turn < 400:
        rows.append(seat_features(game))
        if keep_games:
            positions.append((game.active, win_chances(game)))
        p = game.active
        if search[p]:
            choice = choose_move(game, iterations=SEARCHER.iterations, spec=SEARCHER,
                                 seed=rng.randrange(1 << 30))
            steps = [parse_event(line, n) for line in choice.lines]
        else:
            main = _greedy_with_noise(game, rng, noise[p])
            steps = [parse_event(line, n) for line in turn_lines(game, main)]
        push_turn(game, table, p, steps)
    winners = winners_of(game)
    target = np.zeros(n)
    target[winners] = 1.0 / len(winners)
    return {"seed": seed, "n": n, "rows": rows, "target": target, "positions": positions}


def stack(games: list) -> dict:
    """Positions grouped by player count: features (positions, n, F), targets (positions, n)."""
    out = {}
    for n in (2, 3, 4):
        gs = [g for g in games if g["n"] == n and g["rows"]]
        if not gs:
            continue
        x = np.concatenate([np.stack(g["rows"]) for g in gs])
        y = np.concatenate([np.repeat(g["target"][None, :], len(g["rows"]), 0) for g in gs])
        out[n] = (x, y)
    return out


def init_params(rng: np.random.Generator, mean, scale) -> dict:
    sizes = (FEATURES,) + HIDDEN + (1,)
    p = {"mean": mean, "scale": scale}
    for k, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]), start=1):
        p[f"w{k}"] = rng.normal(0, np.sqrt(2.0 / a), (a, b))
        p[f"b{k}"] = np.zeros(b)
    p["w3"] = p["w3"].reshape(-1)
    p["b3"] = np.zeros(1)
    return p


def forward_backward(p: dict, x: np.ndarray, y: np.ndarray, grad=True):
    """Loss (mean cross-entropy over positions) and gradients for a batch (B, n, F)."""
    B, n, F = x.shape
    z0 = ((x - p["mean"]) / p["scale"]).reshape(B * n, F)
    a1 = z0 @ p["w1"] + p["b1"]
    h1 = np.maximum(a1, 0)
    a2 = h1 @ p["w2"] + p["b2"]
    h2 = np.maximum(a2, 0)
    s = (h2 @ p["w3"] + p["b3"][0]).reshape(B, n)
    s = s - s.max(axis=1, keepdims=True)
    logq = s - np.log(np.exp(s).sum(axis=1, keepdims=True))
    loss = -(y * logq).sum(axis=1).mean()
    if not grad:
        return loss, None
    ds = (np.exp(logq) - y).reshape(B * n) / B
    g = {"w3": h2.T @ ds, "b3": np.array([ds.sum()])}
    dh2 = np.outer(ds, p["w3"]) * (a2 > 0)
    g["w2"] = h1.T @ dh2
    g["b2"] = dh2.sum(0)
    dh1 = dh2 @ p["w2"].T * (a1 > 0)
    g["w1"] = z0.T @ dh1
    g["b1"] = dh1.sum(0)
    return loss, g


def relabel_colours(x: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A batch of positions (B, n, F) with each position's five gem colours relabelled at
    random (the same relabelling for every seat of a position): the rules treat the colours
    alike and no other feature names one, so to the network each is the same position.

    >>> x = np.arange(2 * FEATURES, dtype=float).reshape(1, 2, FEATURES)
    >>> y = relabel_colours(x, np.random.default_rng(0))
    >>> sorted(y[0, 0, 1:6]) == list(x[0, 0, 1:6]), bool((y[0, 0, 12:] == x[0, 0, 12:]).all())
    (True, True)
    >>> bool((y[0, 1, 1:6] - y[0, 0, 1:6] == FEATURES).all())  # both seats alike
    True
    """
    order = np.argsort(rng.random((x.shape[0], 5)), axis=1)  # a permutation a position
    out = x.copy()
    for start, stop in COLOUR_COLUMNS:
        cols = x[:, :, start:stop]
        out[:, :, start:stop] = np.take_along_axis(
            cols, np.broadcast_to(order[:, None, :], cols.shape), axis=2)
    return out


def train(data: dict, epochs: int, seed: int, lr: float = 3e-3, batch: int = 512,
          log=print, init=None, relabel: bool = False) -> dict:
    """Adam with a cosine decay; from ``init`` (an earlier file's value weights, its feature
    scaling kept) instead of random weights when given. ``relabel``: every batch's colours
    relabelled afresh (:func:`relabel_colours`), so the network learns that a colour's name
    does not matter (on round 5's games: held-out Brier 0.149 for 0.164 on 2-player positions
    from mid-game on)."""
    rng = np.random.default_rng(seed)
    if init is not None:
        p = {k: np.array(init[k], dtype=np.float64) for k in ("mean", "scale", "w1", "b1",
                                                               "w2", "b2", "w3", "b3")}
    else:
        allx = np.concatenate([x.reshape(-1, FEATURES) for x, _ in data.values()])
        p = init_params(rng, allx.mean(0), allx.std(0) + 1e-3)
    keys = ["w1", "b1", "w2", "b2", "w3", "b3"]
    m = {k: np.zeros_like(p[k]) for k in keys}
    v = {k: np.zeros_like(p[k]) for k in keys}
    step = 0
    for epoch in range(epochs):
        batches = []
        for n, (x, y) in data.items():
            order = rng.permutation(len(x))
            batches += [(n, order[i:i + batch]) for i in range(0, len(x), batch)]
        rng.shuffle(batches)
        total = count = 0.0
        rate = lr * (0.5 * (1 + np.cos(np.pi * epoch / epochs)))  # cosine decay
        for n, idx in batches:
            x, y = data[n]
            xb = relabel_colours(x[idx], rng) if relabel else x[idx]
            loss, g = forward_backward(p, xb, y[idx])
            step += 1
            for k in keys:
                g[k] = g[k] + (1e-5 * p[k] if k.startswith("w") else 0)
                m[k] = 0.9 * m[k] + 0.1 * g[k]
                v[k] = 0.999 * v[k] + 0.001 * g[k] ** 2
                mh = m[k] / (1 - 0.9 ** step)
                vh = v[k] / (1 - 0.999 ** step)
                p[k] = p[k] - rate * mh / (np.sqrt(vh) + 1e-8)
            total += loss * len(idx)
            count += len(idx)
        log(f"epoch {epoch + 1}/{epochs}: training loss {total / count:.4f}")
    return p


def fit_temperature(p: dict, data: dict, top: float = 2.0) -> float:
    """The softmax temperature with the least held-out log loss (a grid, then refined)."""
    net = ValueNet(dict(p, temperature=1.0))
    scored = [(net.scores(x.reshape(-1, FEATURES)).reshape(x.shape[:2]), y)
              for x, y in data.values()]

    def loss(t):
        total = count = 0.0
        for s, y in scored:
            z = s / t
            z = z - z.max(1, keepdims=True)
            logq = z - np.log(np.exp(z).sum(1, keepdims=True))
            total += -(y * logq).sum()
            count += len(y)
        return total / count
    grid = np.arange(0.5, top + 0.01, 0.05)
    return float(min(grid, key=loss))


def reliability(pairs: list, bins: int = 10) -> tuple:
    """Brier score and a table of (bin, count, mean chance, share won) over (chance, won)."""
    c = np.array([a for a, _ in pairs])
    w = np.array([b for _, b in pairs])
    brier = float(((c - w) ** 2).mean()) if len(c) else float("nan")
    table = []
    for k in range(bins):
        lo, hi = k / bins, (k + 1) / bins
        sel = (c >= lo) & ((c < hi) if k < bins - 1 else (c <= hi))
        if sel.any():
            table.append((f"{int(100 * lo)}-{int(100 * hi)} %", int(sel.sum()),
                          float(c[sel].mean()), float(w[sel].mean())))
    return brier, table


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m workbench.train_value")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--searching", type=float, default=0.05,
                        help="share of seats that search (the classic search, 30 iterations)")
    parser.add_argument("--out", default="companion/ai/data/value.npz")
    parser.add_argument("--report", help="write the held-out figures here (JSON)")
    parser.add_argument("--relabel-colours", action="store_true",
                        help="train on every batch with its gem colours relabelled at random")
    args = parser.parse_args(argv)
    start = time.process_time()
    games = []
    for g in range(args.games):
        games.append(self_play_game(args.seed * 100_000 + g, args.searching))
        if (g + 1) % 100 == 0:
            print(f"{g + 1} games, {time.process_time() - start:.0f} s CPU", flush=True)
    play_seconds = time.process_time() - start
    held = [g for g in games if g["seed"] % 10 == 0]
    fit = [g for g in games if g["seed"] % 10 != 0]
    p = train(stack(fit), args.epochs, args.seed, relabel=args.relabel_colours)
    p["temperature"] = np.array([fit_temperature(p, stack(held))])
    np.savez_compressed(args.out, **{k: np.asarray(v, dtype=np.float32) for k, v in p.items()})
    net = ValueNet.load(args.out)
    figures = {"games": len(games), "positions": sum(len(g["rows"]) for g in games),
               "held_out_games": len(held), "self_play_cpu_s": round(play_seconds),
               "total_cpu_s": round(time.process_time() - start),
               "temperature": float(p["temperature"][0])}
    figures.update(midgame_figures(net, held))
    report(figures, args.report)
    return 0


def midgame_figures(net, held, tables: bool = True) -> dict:
    """The Brier score (and reliability table) of ``net`` on the held-out games' positions
    from mid-game on, for each number of players."""
    figures = {}
    for n in (2, 3, 4):
        pairs = [(float(net.chances(rows)[0]), float(g["target"][0]))
                 for g in held if g["n"] == n for rows in g["rows"][len(g["rows"]) // 2:]]
        if pairs:
            brier, table = reliability(pairs)
            figures[f"brier_{n}p_midgame"] = round(brier, 4)
            if tables:
                figures[f"reliability_{n}p"] = table
    return figures


def report(figures: dict, path=None) -> None:
    """Print the training's figures, and keep them in ``path`` if given."""
    print(json.dumps(figures, indent=1))
    if path:
        with open(path, "w") as f:
            json.dump(figures, f, indent=1)


if __name__ == "__main__":
    raise SystemExit(main())
