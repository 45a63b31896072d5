"""Expert iteration, one round: ``python -m workbench.train_expert --seed 37``.

1. Self-play by the classic search (the old level 3's: 120 iterations, 4-turn greedy playouts;
   a seat slips to another of the quick judgement's top moves now and then in the first turns,
   so that games differ), on simulated tables of 2 (most), 3 and 4 players. Every turn's start
   position is recorded from the moving seat's view: the seat features of
   :mod:`companion.ai.value`, the move features of :mod:`companion.ai.prior` for every legal main
   action, and what the search made of them (its root visits and its choice); at the end, the
   winners.
2. Training, in numpy: the value network (as ``workbench.train_value`` trains it, on these
   stronger games and, for more positions, ``--weak-games`` of that trainer's quicker ones;
   its temperature fitted on the stronger games only) and the move prior (cross-entropy to the
   search's choice blended with its visit shares), their temperatures fitted on held-out games
   (every tenth seed).
3. One weights file, ``companion/ai/data/expert.npz`` (value and prior), for the PUCT search.
   The coach keeps ``value.npz``: its calibration was measured on that one.

Everything follows from ``--seed`` (the same command gives the same file). ``--cache DIR`` keeps
the self-play games in shards of 50, reused on a second run (training again without playing).

A second round: ``--player expert:300`` plays the self-play games with the PUCT search of an
earlier round's weights (``--player-weights``, by default the shipped ``expert.npz``) instead of
the classic search; its shards are named by the player and the weights file's digest, so a
cache never mixes players. ``--also 37:250`` trains on another seed's games of the classic
search as well (from the cache's shards, of any size; played if missing), ``--also
38:290:expert:300@ROUND1.npz`` on an earlier round's expert games.

``--init ROUND.npz`` trains on from an earlier round's networks instead of random ones (at the lower
rate ``WARM_RATE``), for a round whose earlier games are no longer at hand.

``--arena RESULTS`` trains on games of the public bot as well (``workbench.arena --turns``
keeps each game's record): every position for the value, and for the prior each turn of the
bot's seats with the move it played as the target. The bot's own self-play
(``workbench.arena cestpasphoto cestpasphoto --turns``) gives games of a stronger player than
ours; the deals evaluated against it must be other seeds.

From round 3 on, a game keeps its moves (``turns``): :func:`replay_positions` rebuilds its
positions without searching again, so that new features can be read from games already played.
"""
from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import hashlib
import json
import pickle
import random
import time

import numpy as np

from companion.ai.match import push_turn, winners_of
from companion.ai.player import _slip, turn_lines
from companion.ai.prior import EXPERT, MOVE_FEATURES, PriorNet, move_features
from companion.ai.puct import puct_search
from companion.ai.search import _key, search
from companion.ai.value import ValueNet, net_chances, seat_features
from companion.ai.view import position_from_game
from companion.engine import SimulatedTable
from companion.engine.record import parse_event
from workbench.train_value import fit_temperature, midgame_figures, report, stack, train
from workbench.train_value import self_play_game as weak_game

ITERATIONS = 120      # the classic search's budget a move in self-play (the old level 3's)
PLAYOUT_TURNS = 4
SLIP = 0.15           # chance of a slip in a seat's first SLIP_TURNS turns
SLIP_TURNS = 6
CHOICE_WEIGHT = 0.5   # the prior's target: this much on the search's choice, the rest by visits
PRIOR_HIDDEN = 32
EXPERT_ITERATIONS = 300  # the expert search's budget a move in self-play (``--player expert``)
WARM_RATE = 1e-3      # Adam's rate when training on from an earlier round's weights (--init)
MAX_TURNS = 400       # a self-play game still going after this many turns is cut short


def classic_player(view, rng: random.Random):
    """The classic search at level 3's budget: round 1's self-play player."""
    return search(view, iterations=ITERATIONS, rng=rng, playout_turns=PLAYOUT_TURNS)


class ExpertPlayer:
    """The PUCT search with an earlier round's prior and value (one weights file)."""

    def __init__(self, weights: str = EXPERT, iterations: int = EXPERT_ITERATIONS):
        with np.load(weights) as data:
            params = {k: data[k] for k in data.files}
        self.prior, self.value = PriorNet(params), ValueNet(params)
        self.iterations = iterations
        with open(weights, "rb") as f:
            self.digest = hashlib.sha1(f.read()).hexdigest()[:8]
        self.name = f"expert{iterations}-{self.digest}"

    def __call__(self, view, rng: random.Random):
        return puct_search(view, iterations=self.iterations, rng=rng, prior_net=self.prior,
                           evaluate=lambda g: net_chances(g, self.value), leaf_playout_turns=0)


def make_player(spec: str, weights: str = EXPERT):
    """``classic`` or ``expert`` / ``expert:N`` (N iterations a move) -> the self-play player."""
    name, _, its = spec.partition(":")
    if name == "classic" and not its:
        return classic_player
    if name == "expert" and (not its or its.isdigit()):
        return ExpertPlayer(weights, int(its) if its else EXPERT_ITERATIONS)
    raise SystemExit(f"The self-play player must be classic or expert[:N], not {spec!r}.")


def self_play_game(seed: int, player=classic_player) -> dict:
    """One game of ``player`` (by default the classic search) against itself: every position
    and the winners."""
    rng = random.Random(seed)
    n = rng.choice((2, 2, 2, 2, 3, 4))
    table = SimulatedTable(n, seed)
    game = table.new_game()
    rows, moves_x, moves_y, turns = [], [], [], []
    while game.outcome is None and game.turn < MAX_TURNS:
        p = game.active
        view = position_from_game(game, p).game
        rows.append(seat_features(view))
        result = player(view, random.Random(rng.randrange(1 << 30)))
        legal = list(view.legal_main_actions())
        x = move_features(view, p, legal)
        visits = {_key(s.action): s.visits for s in result.stats}
        v = np.array([visits.get(_key(m), 0) for m in legal], dtype=np.float64)
        y = np.zeros(len(legal))
        keys = [_key(m) for m in legal]
        y[keys.index(_key(result.best))] = CHOICE_WEIGHT
        y += (1 - CHOICE_WEIGHT) * (v / v.sum() if v.sum() else y / max(y.sum(), 1e-9))
        moves_x.append(x.astype(np.float32))
        moves_y.append(y.astype(np.float32))
        main = result.best
        if game.turn < SLIP_TURNS * n and rng.random() < SLIP:
            main = _slip(view, rng, main)
        lines = turn_lines(view, main)
        turns.append(lines)  # the moves alone rebuild every position (re-featuring, no search)
        push_turn(game, table, p, [parse_event(line, n) for line in lines])
    winners = winners_of(game)
    target = np.zeros(n)
    target[winners] = 1.0 / len(winners)
    return {"seed": seed, "n": n, "rows": rows, "target": target,
            "moves_x": moves_x, "moves_y": moves_y, "turns": turns}


def _shards(cache, prefix: str, seed: int) -> dict:
    """The cache's shards of ``prefix`` and ``seed``, whatever their size:
    first -> (count, path)."""
    found = {}
    if cache and os.path.isdir(cache):
        head = f"{prefix}-{seed}-"
        for name in os.listdir(cache):
            rest = name[len(head):-len(".pkl")].split("-") if name.startswith(head) else []
            # A shard named for no games is passed over: play() would never move past it.
            if (name.endswith(".pkl") and len(rest) == 2 and all(x.isdigit() for x in rest)
                    and int(rest[1]) > 0):
                found[int(rest[0])] = (int(rest[1]), os.path.join(cache, name))
    return found


def play(seed: int, games: int, cache=None, log=print, player=classic_player,
         shard: int = 50) -> list:
    """The self-play games (from the cache's shards when there, of any size; the games
    missing are played in shards of ``shard``)."""
    out = []
    start = time.process_time()
    prefix = "games" if player is classic_player else f"games-{player.name}"
    cached = _shards(cache, prefix, seed)
    first = 0
    while first < games:
        if first in cached:
            count, path = cached[first]
            with open(path, "rb") as f:
                batch = pickle.load(f)
            out += batch[:games - first]
            first += count
            continue
        later = [f for f in cached if f > first]
        count = min(shard, games - first, *(f - first for f in later))
        batch = [self_play_game(seed * 100_000 + first + g, player) for g in range(count)]
        if cache:
            path = os.path.join(cache, f"{prefix}-{seed}-{first}-{count}.pkl")
            os.makedirs(cache, exist_ok=True)
            with open(path + ".tmp", "wb") as f:
                pickle.dump(batch, f)
            os.replace(path + ".tmp", path)
        out += batch
        first += count
        log(f"{first} games, {time.process_time() - start:.0f} s CPU", flush=True)
    return out


def replay_positions(record: dict):
    """Every recorded turn's start position from the moving seat's view, rebuilt from the
    game's moves alone (no search): for new features on games already played. Only games
    recorded with their moves (``turns``, from round 3 on) can be rebuilt."""
    if "turns" not in record:
        raise ValueError("This game was recorded without its moves; it cannot be rebuilt.")
    for _game, view, _turn in _replay(record["n"], record["seed"], record["turns"]):
        yield view


def _replay(n: int, seed: int, turns: list):
    """The game of ``turns`` on the simulated table of ``seed``: before each turn is pushed,
    (the game, the moving seat's view, the turn's actions). The game is the one being played,
    so after the last turn it is the game's end."""
    table = SimulatedTable(n, seed)
    game = table.new_game()
    for lines in turns:
        p = game.active
        turn = [parse_event(line, n) for line in lines]
        yield game, position_from_game(game, p).game, turn
        push_turn(game, table, p, turn)


def record_turns(record: list) -> list:
    """A game record's turns as :func:`replay_positions` and :func:`_replay` take them: each
    turn's own lines (its main action, gems given back, a noble), without the reveals and turn
    ends that the simulated table makes again."""
    turns, turn = [], []
    for line in record[2:]:          # after the header and the setup
        if line["type"] == "end_turn":
            turns.append(turn)
            turn = []
        elif line["type"] != "reveal":
            turn.append(line)
    return turns


def arena_game(result: dict, learn_from: str = "cestpasphoto") -> dict:
    """An arena game (``workbench.arena --turns``, which keeps its record) as training data:
    every position for the value, and for the prior the positions of the seats played by
    ``learn_from``, the target being the move it played (its search gives no visits here).

    The game is rebuilt on the simulated table of its seed; the points it ends with must be
    the arena's, or the game is refused (a record that does not replay teaches nothing).
    """
    n = len(result["specs"])
    rows, moves_x, moves_y = [], [], []
    game = None
    for game, view, turn in _replay(n, result["seed"], record_turns(result["record"])):
        p = view.active
        rows.append(seat_features(view))
        if result["specs"][p] == learn_from:
            legal = list(view.legal_main_actions())
            y = np.zeros(len(legal), dtype=np.float32)
            y[[_key(m) for m in legal].index(_key(turn[0]))] = 1.0
            moves_x.append(move_features(view, p, legal).astype(np.float32))
            moves_y.append(y)
    if (list(game.points) if game is not None else [0] * n) != result["points"]:
        raise ValueError(f"arena game {result['seed']} does not replay to its result")
    target = np.zeros(n)
    target[result["winners"]] = 1.0 / len(result["winners"])
    return {"seed": result["seed"], "n": n, "rows": rows, "target": target,
            "moves_x": moves_x, "moves_y": moves_y}


def arena_games(paths: list, log=print, learn_from: str = "cestpasphoto") -> list:
    """The games of arena result files that kept their records, as :func:`arena_game`."""
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            results = [json.loads(line) for line in f if line.strip()]
        kept = [arena_game(r, learn_from) for r in results if "record" in r]
        log(f"{path}: {len(kept)} of {len(results)} games with their records", flush=True)
        out += kept
    return out


def prior_batches(games: list) -> list:
    """Positions grouped by move count: (features (B, m, F), targets (B, m))."""
    groups: dict = {}
    for g in games:
        for x, y in zip(g["moves_x"], g["moves_y"]):
            if len(y) > 1:
                groups.setdefault(len(y), []).append((x, y))
    return [(np.stack([x for x, _ in v]).astype(np.float64),
             np.stack([y for _, y in v]).astype(np.float64)) for v in groups.values()]


def prior_loss(p: dict, x: np.ndarray, y: np.ndarray, grad=True):
    B, m, F = x.shape
    z0 = ((x - p["p_mean"]) / p["p_scale"]).reshape(B * m, F)
    a1 = z0 @ p["p_w1"] + p["p_b1"]
    h1 = np.maximum(a1, 0)
    s = (h1 @ p["p_w2"]).reshape(B, m)
    s = s - s.max(1, keepdims=True)
    logq = s - np.log(np.exp(s).sum(1, keepdims=True))
    loss = -(y * logq).sum(1).mean()
    if not grad:
        return loss, None
    ds = ((np.exp(logq) - y) / B).reshape(B * m)
    g = {"p_w2": h1.T @ ds}
    dh = np.outer(ds, p["p_w2"]) * (a1 > 0)
    g["p_w1"] = z0.T @ dh
    g["p_b1"] = dh.sum(0)
    return loss, g


def train_prior(batches: list, epochs: int, seed: int, lr: float = 3e-3, batch: int = 256,
                log=print, init=None) -> dict:
    rng = np.random.default_rng(seed + 1)
    if init is not None:  # an earlier round's prior, its feature scaling kept
        p = {k: np.array(init[k], dtype=np.float64)
             for k in ("p_mean", "p_scale", "p_w1", "p_b1", "p_w2")}
    else:
        allx = np.concatenate([x.reshape(-1, MOVE_FEATURES) for x, _ in batches])
        p = {"p_mean": allx.mean(0), "p_scale": allx.std(0) + 1e-3,
             "p_w1": rng.normal(0, np.sqrt(2.0 / MOVE_FEATURES), (MOVE_FEATURES, PRIOR_HIDDEN)),
             "p_b1": np.zeros(PRIOR_HIDDEN), "p_w2": rng.normal(0, 0.1, PRIOR_HIDDEN)}
    keys = ["p_w1", "p_b1", "p_w2"]
    m = {k: np.zeros_like(p[k]) for k in keys}
    v = {k: np.zeros_like(p[k]) for k in keys}
    step = 0
    for epoch in range(epochs):
        order = []
        for k, (x, _) in enumerate(batches):
            idx = rng.permutation(len(x))
            order += [(k, idx[i:i + batch]) for i in range(0, len(x), batch)]
        rng.shuffle(order)
        rate = lr * 0.5 * (1 + np.cos(np.pi * epoch / epochs))
        total = count = 0.0
        for k, idx in order:
            x, y = batches[k]
            loss, g = prior_loss(p, x[idx], y[idx])
            step += 1
            for key in keys:
                m[key] = 0.9 * m[key] + 0.1 * g[key]
                v[key] = 0.999 * v[key] + 0.001 * g[key] ** 2
                p[key] = p[key] - rate * (m[key] / (1 - 0.9 ** step)) / (
                    np.sqrt(v[key] / (1 - 0.999 ** step)) + 1e-8)
            total += loss * len(idx)
            count += len(idx)
        log(f"prior epoch {epoch + 1}/{epochs}: training loss {total / count:.4f}", flush=True)
    return p


def prior_figures(p: dict, batches: list) -> dict:
    """Held-out loss at the fitted temperature and how often the top prior is the choice."""
    net = PriorNet(dict(p, p_temperature=1.0))

    def loss(t):
        total = count = 0.0
        for x, y in batches:
            s = net.scores(x.reshape(-1, MOVE_FEATURES)).reshape(y.shape) / t
            s = s - s.max(1, keepdims=True)
            logq = s - np.log(np.exp(s).sum(1, keepdims=True))
            total += -(y * logq).sum()
            count += len(y)
        return total / count
    temp = float(min(np.arange(0.5, 2.01, 0.05), key=loss))
    hits = count = 0
    quick = 0
    for x, y in batches:
        s = net.scores(x.reshape(-1, MOVE_FEATURES)).reshape(y.shape)
        hits += int((s.argmax(1) == y.argmax(1)).sum())
        quick += int((x[:, :, 0].argmax(1) == y.argmax(1)).sum())
        count += len(y)
    return {"p_temperature": temp, "prior_heldout_loss": round(loss(temp), 4),
            "prior_top_is_choice": round(hits / count, 4),
            "quick_top_is_choice": round(quick / count, 4), "prior_positions": count}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m workbench.train_expert")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--weak-games", type=int, default=400,
                        help="also train the value on this many of workbench.train_value's "
                             "quicker self-play games (more positions; not the prior)")
    parser.add_argument("--cache", help="keep (and reuse) the self-play games here")
    parser.add_argument("--shard", type=int, default=50,
                        help="games a cache file (smaller: less lost when stopped)")
    parser.add_argument("--player", default="classic",
                        help="the self-play player: classic (level 3's search) or expert[:N] "
                             f"(the PUCT search of --player-weights, {EXPERT_ITERATIONS} "
                             "iterations a move unless N)")
    parser.add_argument("--player-weights", default=EXPERT,
                        help="the expert player's weights (an earlier round's file)")
    parser.add_argument("--also", action="append", default=[],
                        metavar="SEED:GAMES[:PLAYER[@WEIGHTS]]",
                        help="train on these self-play games too (cache or played): the "
                             "classic search's unless PLAYER, like 38:290:expert:300@r1.npz")
    parser.add_argument("--arena", action="append", default=[], metavar="RESULTS",
                        help="train on these arena games too (workbench.arena --turns): every "
                             "position for the value, the bot's moves for the prior")
    parser.add_argument("--init", metavar="WEIGHTS",
                        help="train on from an earlier round's weights file instead of from "
                             "random weights (its games need not be at hand)")
    parser.add_argument("--play-only", action="store_true", help="self-play, no training")
    parser.add_argument("--relabel-colours", action="store_true",
                        help="train the value on every batch with its gem colours relabelled "
                             "at random (the rules treat them alike)")
    parser.add_argument("--out", default="companion/ai/data/expert.npz")
    parser.add_argument("--report", help="write the held-out figures here (JSON)")
    args = parser.parse_args(argv)
    init = None  # read before the self-play, so that a wrong path costs no hours
    if args.init:
        try:
            with np.load(args.init) as data:
                init = {k: data[k] for k in data.files}
        except (OSError, ValueError) as exc:
            raise SystemExit(f"Cannot read the weights file {args.init}: {exc}.")
    start = time.process_time()
    player = make_player(args.player, args.player_weights)
    games = play(args.seed, args.games, args.cache, player=player, shard=args.shard)
    for also in args.also:
        seed, _, rest = also.partition(":")
        count, _, spec = rest.partition(":")
        spec, _, weights = spec.partition("@")
        if not (seed.isdigit() and count.isdigit()):
            raise SystemExit("--also takes SEED:GAMES[:PLAYER[@WEIGHTS]], like 37:250 or "
                             f"38:290:expert:300@round1.npz, not {also!r}.")
        games += play(int(seed), int(count), args.cache,
                      player=make_player(spec or "classic", weights or EXPERT))
    games += arena_games(args.arena)
    play_seconds = time.process_time() - start
    if args.play_only:
        return 0
    held = [g for g in games if g["seed"] % 10 == 0]
    fit = [g for g in games if g["seed"] % 10 != 0]
    weak = []
    for g in range(args.weak_games):  # seeds apart from the trainer's own (train_value's)
        game = weak_game(args.seed * 100_000 + 50_000 + g, 0.05)
        if game["seed"] % 10:
            weak.append(game)
    rate = WARM_RATE if init else 3e-3
    p = train(stack(fit + weak), args.epochs, args.seed, lr=rate, init=init,
              relabel=args.relabel_colours)
    p["temperature"] = np.array([fit_temperature(p, stack(held), top=5.0)])
    q = train_prior(prior_batches(fit), args.epochs, args.seed, lr=rate, init=init)
    figures = prior_figures(q, prior_batches(held))
    q["p_temperature"] = np.array([figures["p_temperature"]])
    p.update(q)
    np.savez_compressed(args.out, **{k: np.asarray(v, dtype=np.float32) for k, v in p.items()})
    net = ValueNet.load(args.out)
    figures.update({"games": len(games), "weak_games": len(weak),
                    "positions": sum(len(g["rows"]) for g in games),
                    "held_out_games": len(held), "self_play_cpu_s": round(play_seconds),
                    "total_cpu_s": round(time.process_time() - start),
                    "temperature": float(p["temperature"][0]),
                    "bytes": os.path.getsize(args.out)})
    figures.update(midgame_figures(net, held, tables=False))
    report(figures, args.report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
