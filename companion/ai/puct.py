"""Information-set PUCT search guided by priors, with the value network at the leaves.

Every iteration samples a new :class:`~companion.ai.world.World` (deck order, hidden blind
reserves: never the true cards), walks the tree from the root choosing at each node the move
with the best ``Q + C_PUCT * P * sqrt(N) / (1 + n)``, pushes one new turn, and scores the leaf
with :func:`companion.ai.value.net_chances` (each seat's chance of winning). Each seat's edges
collect that seat's chance, so opponents play their best replies.

Card draws are chance events; the tree does not branch on them: a node is reached by the moves
alone and every iteration brings its own sampled draws (one sampled child per draw, as in
seal256/splendor's finding that this is worth more than many more iterations). The moves offered
at a node are those legal in the iteration's world (availability, as in single-observer ISMCTS).

The prior of a move is the quick judgement (:func:`~companion.ai.heuristics.score_main`)
through a softmax at temperature :data:`PRIOR_TEMPERATURE`, or the learned move prior
(:mod:`companion.ai.prior`, ``prior_net``), worked out once a node and cut at each visit to the
moves legal in that world; only the best :data:`ROOT_WIDTH` moves at the root and
:data:`INNER_WIDTH` below it are searched (speed: the others have priors near zero).

>>> import random
>>> from companion.engine import SimulatedTable
>>> game = SimulatedTable(players=2, seed=5).new_game()
>>> before = game.snapshot()
>>> result = puct_search(game, iterations=40, rng=random.Random(1))
>>> game.snapshot() == before, result.iterations
(True, 40)
"""
from __future__ import annotations

import math
import random
import time
from typing import Optional

from companion.engine import PassTurn

from .heuristics import Wishes, score_main
from .prior import move_features
from .search import MoveStats, SearchResult, _key, budget_spent, playout
from .value import net_chances
from .world import HiddenCards, World, play_turn

C_PUCT = 1.2            # exploration weight of the prior
PRIOR_TEMPERATURE = 3.0  # quick-score points per factor e of prior (a buy scores 8-15, a
                         # take 1-3: at 1.5 the buys took nearly all the prior, and takes the
                         # search judged better were hardly visited)
PRIOR_MIX = 0.25        # share of the prior spread evenly over the moves searched
ROOT_WIDTH = 16         # root moves searched, best quick scores first
INNER_WIDTH = 8         # moves searched below the root
TREE_DEPTH = 10         # turns below the root kept in the tree
FIRST_PLAY_PENALTY = 0.1  # an unvisited move starts at its node's mean value less this
LEAF_PLAYOUT_TURNS = 0  # greedy turns before the value network judges a leaf (0: none)


class _Edge:
    __slots__ = ("n", "w", "children")

    def __init__(self):
        self.n = 0
        self.w = 0.0
        self.children: dict = {}


class _Node:
    __slots__ = ("n", "w", "edges", "options")

    def __init__(self):
        self.n = 0
        self.w = 0.0
        self.edges: dict = {}
        self.options = None  # the learned priors, worked out at the first visit


def _cached_options(node: _Node, game, world: World, width: int, prior_net) -> list:
    """The learned priors of a node, worked out once (the network is the slow part), then
    cut at each visit to the moves legal in that iteration's world (its draws and hidden
    cards differ); a world where none of them is legal gets its own priors."""
    if node.options is None:
        node.options = priors(game, world, width, None, prior_net)
        return node.options
    legal = set(_moves(game, world, None))
    options = [(m, q) for m, q in node.options if m in legal]
    return options or priors(game, world, width, None, prior_net)


def _moves(game, world: Optional[World], searcher: Optional[int]) -> list:
    """The active seat's main actions in ``world``: a hidden blind reserve is offered for
    buying only when the world knows it, and never to the searching seat at the root."""
    moves = list(game.legal_main_actions())
    if world is not None and game.active != searcher:
        extra = world.hidden_buys(game, game.active)
        if extra:
            moves = [m for m in moves if type(m) is not PassTurn] + extra
    return moves


def priors(game, world: Optional[World], width: int, searcher: Optional[int],
           prior_net=None) -> list:
    """(move, prior) for the active seat's best ``width`` moves, priors summing to one.

    The priors are the learned move prior's (``prior_net``, a
    :class:`~companion.ai.prior.PriorNet`) when given, else the quick judgement's softmax.
    A hidden blind reserve is offered for buying only when the world knows it, and never to
    the searching seat at the root (``searcher``).
    """
    p = game.active
    moves = _moves(game, world, searcher)
    if len(moves) == 1:
        return [(moves[0], 1.0)]
    wishes = Wishes(game, p)
    if prior_net is not None:
        probs = prior_net.probabilities(move_features(game, p, moves, wishes))
        ranked = sorted(range(len(moves)), key=lambda i: (-probs[i], i))[:width]
        total = float(sum(probs[i] for i in ranked))
        even = PRIOR_MIX / len(ranked)
        return [(moves[i], (1 - PRIOR_MIX) * float(probs[i]) / total + even) for i in ranked]
    scored = sorted(((score_main(game, p, m, wishes), i, m) for i, m in enumerate(moves)),
                    key=lambda x: (-x[0], x[1]))[:width]
    top = scored[0][0]
    weights = [math.exp((s - top) / PRIOR_TEMPERATURE) for s, _, _ in scored]
    total = sum(weights)
    even = PRIOR_MIX / len(scored)
    return [(m, (1 - PRIOR_MIX) * w / total + even) for (_, _, m), w in zip(scored, weights)]


def puct_search(game, *, iterations: Optional[int] = None, seconds: Optional[float] = None,
                rng: Optional[random.Random] = None, stop_event=None, must_include=(),
                clock=time.monotonic, evaluate=net_chances,
                leaf_playout_turns: int = LEAF_PLAYOUT_TURNS,
                root_width: int = ROOT_WIDTH, prior_net=None,
                inner_width: int = INNER_WIDTH) -> SearchResult:
    """Search the active seat's move from ``game`` (the seat's view); the root statistics.

    Stops after ``iterations``, after ``seconds`` of ``clock``, or when ``stop_event`` is set,
    whichever comes first (at least one iteration). ``must_include`` adds root moves the
    search must judge. ``evaluate(game)`` gives each seat's chance at a leaf; ``prior_net``
    (a :class:`~companion.ai.prior.PriorNet`) gives the priors, else the quick judgement.
    """
    rng = rng or random.Random()
    start = clock()
    deadline = None if seconds is None else start + seconds
    root_seat = game.active
    hidden = HiddenCards(game)
    root_priors = priors(game, None, root_width, root_seat, prior_net)
    known = {_key(m) for m, _ in root_priors}
    for m in must_include:
        if _key(m) not in known:
            root_priors.append((m, 0.02))
            known.add(_key(m))
    root = _Node()
    done = turns = 0
    stack_depth = len(game.history)
    while True:
        if done and budget_spent(done, iterations, deadline, clock, stop_event):
            break
        world = World(hidden, rng)
        pushes = 0
        path = []
        node = root
        depth = 0
        while game.outcome is None and depth <= TREE_DEPTH:
            if depth == 0:
                options = root_priors
            elif prior_net is not None:
                options = _cached_options(node, game, world, inner_width, prior_net)
            else:
                options = priors(game, world, inner_width, None, None)
            mover = game.active
            sqrt_n = math.sqrt(node.n + 1)
            fpu = (node.w / node.n if node.n else 0.5) - FIRST_PLAY_PENALTY
            best_u, chosen, edge = -1e9, None, None
            edges = node.edges
            for m, prior in options:
                e = edges.get(_key(m))
                if e is None or e.n == 0:
                    u = fpu + C_PUCT * prior * sqrt_n
                else:
                    u = e.w / e.n + C_PUCT * prior * sqrt_n / (1 + e.n)
                if u > best_u:
                    best_u, chosen, edge = u, m, e
            if edge is None:
                edge = edges[_key(chosen)] = _Edge()
            pushes += play_turn(game, world, chosen, None, strong_end=False)
            turns += 1
            path.append((node, edge, mover))
            if edge.n == 0:
                break  # a new turn: the leaf
            child = edge.children.get(0)
            if child is None:
                child = edge.children[0] = _Node()
            node = child
            depth += 1
        if leaf_playout_turns and game.outcome is None:
            extra, played = playout(game, world, rng, leaf_playout_turns)
            pushes += extra
            turns += played
        chances = evaluate(game)
        for parent, edge, mover in path:
            value = chances[mover]
            edge.n += 1
            edge.w += value
            parent.n += 1
            parent.w += value
        for _ in range(pushes):
            game.pop()
        done += 1
    assert len(game.history) == stack_depth
    stats = []
    for m, _ in root_priors:
        e = root.edges.get(_key(m))
        if e is not None and e.n:
            stats.append(MoveStats(m, e.n, e.w / e.n))
    stats.sort(key=lambda s: (-s.visits, -s.value))
    best = stats[0].action if stats else root_priors[0][0]
    return SearchResult(best, stats, done, clock() - start, turns)


__all__ = ["puct_search", "priors", "C_PUCT", "PRIOR_TEMPERATURE", "ROOT_WIDTH",
           "INNER_WIDTH"]
