"""Information-set Monte Carlo tree search over whole turns.

Every iteration samples a new :class:`~companion.ai.world.World` (deck order, hidden blind
reserves), walks the tree by UCB over the moves available in that world (availability counts,
as in single-observer ISMCTS), plays a short greedy playout and scores the position with
:func:`~companion.ai.heuristics.win_chances`. Each seat's edges collect that seat's chance, so
opponents play their best replies, not the searcher's wishes. A tree edge is a main action; the
returns and noble of its turn follow from :mod:`~companion.ai.heuristics`.

The game is pushed and popped back to the root after every iteration: the search never copies
the state and leaves it as it found it.

>>> import random
>>> from companion.engine import SimulatedTable
>>> game = SimulatedTable(players=2, seed=5).new_game()
>>> before = game.snapshot()
>>> result = search(game, iterations=60, rng=random.Random(1))
>>> game.snapshot() == before, result.iterations
(True, 60)
>>> result.best in [s.action for s in result.stats]
True
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Optional

from companion.engine import PassTurn, ReserveBlind

from .heuristics import Wishes, score_main, win_chances
from .world import HiddenCards, World, play_turn

EXPLORATION = 0.7      # UCB constant; rewards are win chances in [0, 1]
INNER_WIDTH = 6        # moves considered below the root, best quick scores first
ROOT_VISITS = 25       # root moves considered: one per this many iterations (at least 4),
ROOT_MIN_WIDTH = 4     # so that a small budget is spent on the likeliest moves
TREE_DEPTH = 6         # turns below the root kept in the tree
PLAYOUT_TURNS = 4      # greedy turns after the tree before the position is scored (a level
                       # may ask for more: the classic level 4, player.CLASSIC, looks 8 on)
PLAYOUT_NOISE = 0.1    # chance a playout turn takes the second-best move instead
CONFIDENCE = 1.5       # standard errors a move must lead the quick favourite by to replace it
MIN_VISITS = 8         # visits a root move needs before its lead can count


@dataclass
class MoveStats:
    """One root move after the search: visits and mean win chance for the searching seat."""

    action: object
    visits: int
    value: float


@dataclass
class SearchResult:
    best: object
    stats: list = field(default_factory=list)  # MoveStats, most visited first
    iterations: int = 0
    seconds: float = 0.0
    turns_played: int = 0  # whole turns pushed in the tree and the playouts


class _Edge:
    __slots__ = ("n", "w", "w2", "avail", "children")

    def __init__(self):
        self.n = 0
        self.w = 0.0
        self.w2 = 0.0  # sum of squared rewards: how sure the mean is
        self.avail = 1
        self.children: dict = {}


def _key(action):
    """A tree edge's key: a blind reserve is the same move whatever card it draws."""
    if type(action) is ReserveBlind:
        return ReserveBlind(action.player, action.level)
    return action


def candidate_moves(game, world: Optional[World], width: Optional[int], searcher: Optional[int]):
    """The active seat's main actions, best quick scores first, cut to ``width``.

    A hidden blind reserve is offered for buying only when the world knows it, and never to
    the searching seat at the root (``searcher``), which can't name a card it has not seen.
    """
    p = game.active
    moves = list(game.legal_main_actions())
    if world is not None and p != searcher:
        extra = world.hidden_buys(game, p)
        if extra:
            moves = [m for m in moves if type(m) is not PassTurn] + extra
    if len(moves) == 1:
        return moves, None
    wishes = Wishes(game, p)
    if width == 2:  # a playout turn: the best two, as the sort below would give them
        s1 = s2 = -1e18
        m1 = m2 = None
        for m in moves:
            s = score_main(game, p, m, wishes)
            if s > s1:
                s1, m1, s2, m2 = s, m, s1, m1
            elif s > s2:
                s2, m2 = s, m
        return [m1, m2], wishes
    scored = sorted(((score_main(game, p, m, wishes), i, m) for i, m in enumerate(moves)),
                    key=lambda x: (-x[0], x[1]))
    if width is not None:
        scored = scored[:width]
    return [m for _, _, m in scored], wishes


def playout(game, world: World, rng: random.Random, turns: int = PLAYOUT_TURNS) -> tuple:
    """Quick greedy turns (with a little noise) from here: (pushes, turns played)."""
    pushes = played = 0
    for _ in range(turns):
        if game.outcome is not None:
            break
        moves, wishes = candidate_moves(game, world, 2, None)
        m = moves[1] if len(moves) > 1 and rng.random() < PLAYOUT_NOISE else moves[0]
        pushes += play_turn(game, world, m, wishes)
        played += 1
    return pushes, played


def search(game, *, iterations: Optional[int] = None, seconds: Optional[float] = None,
           rng: Optional[random.Random] = None, stop_event=None, must_include=(),
           clock=time.monotonic, playout_turns: int = PLAYOUT_TURNS) -> SearchResult:
    """Search the active seat's move from ``game`` (the seat's view) and return the statistics.

    Stops after ``iterations``, after ``seconds`` of ``clock``, or when ``stop_event`` is set,
    whichever comes first (at least one iteration). ``must_include`` adds root moves the
    search must judge even if their quick score is low (the coach's "move made").
    ``playout_turns`` greedy turns follow the tree before the position is scored.
    """
    rng = rng or random.Random()
    start = clock()
    deadline = None if seconds is None else start + seconds
    root_seat = game.active
    hidden = HiddenCards(game)
    width = None
    if iterations is not None:
        width = max(ROOT_MIN_WIDTH, iterations // ROOT_VISITS)
    root_moves, _ = candidate_moves(game, None, width, root_seat)
    for m in must_include:
        if m not in root_moves:
            root_moves.append(m)
    root: dict = {}
    done = turns = 0
    stack_depth = len(game.history)
    while True:
        if done and budget_spent(done, iterations, deadline, clock, stop_event):
            break
        world = World(hidden, rng)
        pushes = 0
        path = []
        children = root
        depth = 0
        expanded = False
        while game.outcome is None and depth <= TREE_DEPTH:
            if depth == 0:
                moves = root_moves
                wishes = None
            else:
                moves, wishes = candidate_moves(game, world, INNER_WIDTH, None)
            mover = game.active
            chosen = None
            for m in moves:
                edge = children.get(_key(m))
                if edge is None:
                    chosen, edge = m, _Edge()
                    children[_key(m)] = edge
                    expanded = True
                    break
            if chosen is None:
                best_ucb = -1.0
                for m in moves:
                    e = children[_key(m)]
                    e.avail += 1  # offered in this world: ISMCTS explores by availability
                    ucb = e.w / e.n + EXPLORATION * math.sqrt(math.log(e.avail) / e.n)
                    if ucb > best_ucb:
                        best_ucb, chosen, edge = ucb, m, e
            pushes += play_turn(game, world, chosen, wishes, strong_end=False)
            turns += 1
            path.append((edge, mover))
            children = edge.children
            depth += 1
            if expanded:
                break
        extra, played = playout(game, world, rng, playout_turns)
        pushes += extra
        turns += played
        chances = win_chances(game)
        for edge, mover in path:
            edge.n += 1
            edge.w += chances[mover]
            edge.w2 += chances[mover] * chances[mover]
        for _ in range(pushes):
            game.pop()
        done += 1
    assert len(game.history) == stack_depth
    stats = [MoveStats(m, root[_key(m)].n, root[_key(m)].w / root[_key(m)].n)
             for m in root_moves if _key(m) in root]
    stats.sort(key=lambda s: (-s.visits, -s.value))
    return SearchResult(_confident_best(root_moves, root), stats, done, clock() - start, turns)



def budget_spent(done: int, iterations, deadline, clock, stop_event) -> bool:
    """Whether a search that has run ``done`` iterations must stop: its iterations done, its
    deadline passed on ``clock``, or ``stop_event`` set (the app stopped thinking)."""
    return ((iterations is not None and done >= iterations)
            or (deadline is not None and clock() >= deadline)
            or (stop_event is not None and stop_event.is_set()))

def _confident_best(root_moves: list, root: dict):
    """The quick judgement's favourite, unless the search found a move clearly better.

    With a few hundred noisy playouts many moves look alike; trusting only a lead of
    ``CONFIDENCE`` standard errors keeps the search from trading a good move for noise.
    """
    def mean_var(edge):
        mean = edge.w / edge.n
        return mean, max(edge.w2 / edge.n - mean * mean, 1e-6)

    favourite = root_moves[0]
    base = root.get(_key(favourite))
    if base is None or base.n < 2:
        return favourite
    base_mean, base_var = mean_var(base)
    best, best_lead = favourite, 0.0
    for m in root_moves[1:]:
        e = root.get(_key(m))
        if e is None or e.n < MIN_VISITS:
            continue
        mean, var = mean_var(e)
        lead = mean - base_mean
        if lead > CONFIDENCE * math.sqrt(var / e.n + base_var / base.n) and lead > best_lead:
            best, best_lead = m, lead
    return best


__all__ = ["search", "playout", "SearchResult", "MoveStats", "candidate_moves"]
