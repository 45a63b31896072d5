"""The learned evaluation: each seat's chance of winning from a position, by a small network.

A position is described seat by seat (:func:`seat_features`): what that seat has (points,
bonuses, tokens, reserves), how close it is to the cards on the table and to the nobles, and
where it sits in the turn order. Only public information is read: a blind reserve nobody showed
counts as a card of its level, never as the card it is. A small network (two hidden layers)
turns each seat's features into a score, and the scores into chances through a softmax, so the
chances of all seats add up to one whatever the number of players.

The weights are trained by self-play and shipped in ``companion/ai/data/value.npz`` (the coach's:
the value network of expert iteration's round 3, ``workbench.train_expert``, its temperature
fitted on strong self-play games by ``workbench.coach_bench --fit-temperature``) and
``expert.npz`` (the expert search's); inference is plain numpy.

>>> from companion.engine import SimulatedTable
>>> game = SimulatedTable(players=3, seed=2).new_game()
>>> chances = net_chances(game)
>>> len(chances), round(sum(chances), 6)
(3, 1.0)
"""
from __future__ import annotations

import math
import os
from functools import lru_cache

import numpy as np

from companion.engine import NOBLES, BlindCard

from .heuristics import outcome_chances, potential

FEATURES = 40
# The columns of seat_features that name a gem's colour (bonuses, tokens; [start, stop)); the
# rest are blind to colour, so a position with its colours relabelled is worth the same.
COLOUR_COLUMNS = ((1, 6), (7, 12))
WEIGHTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "value.npz")
# The search's network, trained by expert iteration (workbench.train_expert, round 3);
# the coach keeps WEIGHTS, whose calibration was measured.
EXPERT_WEIGHTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "expert.npz")


def _card_reach(game, s: int) -> tuple:
    """(cards affordable now, their best points, best and second best worth, summed worth)."""
    b = game.bonuses[s]
    t = game.tokens[s]
    gold = t[5]
    cards = [c for row in game.market for c in row if c is not None]
    cards += [c for c in game.reserved[s] if type(c) is not BlindCard]
    now = best_now = 0
    best = second = total = 0.0
    for card in cards:
        cost = card.cost
        miss = 0
        for i in range(5):
            d = cost[i] - b[i] - t[i]
            if d > 0:
                miss += d
        gap = miss - gold if miss > gold else 0
        if gap == 0:
            now += 1
            if card.points > best_now:
                best_now = card.points
        worth = (card.points + 0.5) / (1.0 + gap)
        total += worth / (1.0 + gap)
        if worth > best:
            best, second = worth, best
        elif worth > second:
            second = worth
    return now, best_now, best, second, total


def seat_features(game) -> np.ndarray:
    """One row of :data:`FEATURES` numbers per seat, from that seat's point of view."""
    n = game.n
    rows = np.zeros((n, FEATURES), dtype=np.float64)
    pots = [potential(game, s) for s in range(n)]
    reach = [_card_reach(game, s) for s in range(n)]
    points = game.points
    turns_done = game.turn / n
    for s in range(n):
        r = rows[s]
        b = game.bonuses[s]
        t = game.tokens[s]
        r[0] = points[s] / 15.0
        for i in range(5):
            r[1 + i] = b[i] / 5.0
            r[7 + i] = t[i] / 4.0
        r[6] = sum(b) / 15.0
        r[12] = t[5] / 5.0
        r[13] = sum(t) / 10.0
        r[14] = len(game.nobles_won[s])
        hand = game.reserved[s]
        r[15] = len(hand) / 3.0
        r[16] = sum(c.points for c in hand if type(c) is not BlindCard) / 10.0
        dists = []
        for nid in game.nobles:
            if nid is not None:
                req = NOBLES[nid].requires
                dists.append(sum(req[i] - b[i] for i in range(5) if req[i] > b[i]))
        r[17] = min(dists) / 10.0 if dists else 1.0
        r[18] = sum(1.0 / (1 + d) for d in dists)
        now, best_now, best, second, total = reach[s]
        r[19] = now / 5.0
        r[20] = best_now / 5.0
        r[21] = best / 5.0
        r[22] = second / 5.0
        r[23] = total / 10.0
        others = [q for q in range(n) if q != s]
        top_other = max(points[q] for q in others)
        r[24] = (points[s] - top_other) / 15.0
        r[25] = top_other / 15.0
        r[26] = turns_done / 30.0
        r[27] = ((s - game.active) % n) / n
        r[28] = 1.0 if game.final_round else 0.0
        r[29] = 1.0 if points[s] >= 15 else 0.0
        r[30 + n - 2] = 1.0
        r[33] = pots[s] / 20.0
        r[34] = (pots[s] - max(pots[q] for q in others)) / 10.0
        r[35] = game.bank[5] / 5.0
        r[36] = ((s - game.first) % n) / n
        r[37] = max(reach[q][2] for q in others) / 5.0
        r[38] = max(reach[q][0] for q in others) / 5.0
        r[39] = len(game.cards[s]) / 15.0
    return rows


class ValueNet:
    """The network: features -> hidden -> hidden -> one score a seat; softmax over seats."""

    def __init__(self, params: dict):
        self.mean = np.asarray(params["mean"], dtype=np.float64)
        self.scale = np.asarray(params["scale"], dtype=np.float64)
        self.w1 = np.asarray(params["w1"], dtype=np.float64)
        self.b1 = np.asarray(params["b1"], dtype=np.float64)
        self.w2 = np.asarray(params["w2"], dtype=np.float64)
        self.b2 = np.asarray(params["b2"], dtype=np.float64)
        self.w3 = np.asarray(params["w3"], dtype=np.float64)
        self.b3 = float(np.asarray(params["b3"]).reshape(-1)[0])
        # Calibration (fitted on held-out games): the scores are divided by this temperature.
        self.temperature = float(np.asarray(params.get("temperature", 1.0)).reshape(-1)[0])

    @classmethod
    def load(cls, path: str = WEIGHTS) -> "ValueNet":
        with np.load(path) as data:
            return cls({k: data[k] for k in data.files})

    def scores(self, rows: np.ndarray) -> np.ndarray:
        """Each row's score (before the softmax), shape (rows,)."""
        x = (rows - self.mean) / self.scale
        h = np.maximum(x @ self.w1 + self.b1, 0.0)
        h = np.maximum(h @ self.w2 + self.b2, 0.0)
        return h @ self.w3 + self.b3

    def chances(self, rows: np.ndarray) -> list:
        return list(softmax(self.scores(rows), self.temperature))


def softmax(scores: np.ndarray, temperature: float) -> np.ndarray:
    """Each seat's chance from its score (:meth:`ValueNet.scores`) at `temperature`."""
    z = scores / temperature
    z = np.exp(z - z.max())
    return z / z.sum()


@lru_cache(maxsize=1)
def default_net() -> ValueNet:
    return ValueNet.load()


@lru_cache(maxsize=1)
def expert_net() -> ValueNet:
    return ValueNet.load(EXPERT_WEIGHTS)


def expert_chances(game) -> list:
    """Each seat's chance by the search's network (trained by expert iteration's self-play)."""
    return net_chances(game, expert_net())


def net_chances(game, net: ValueNet = None) -> list:
    """Each seat's chance to win: the outcome when the game is over, else the network's."""
    finished = outcome_chances(game)
    if finished is not None:
        return finished
    return [float(c) for c in (net or default_net()).chances(seat_features(game))]


def reference_chances(params: dict, rows) -> list:
    """The same computation in plain Python, one multiplication at a time (for the tests)."""
    mean, scale = params["mean"], params["scale"]
    w1, b1, w2, b2, w3 = params["w1"], params["b1"], params["w2"], params["b2"], params["w3"]
    b3 = float(np.asarray(params["b3"]).reshape(-1)[0])
    temp = float(np.asarray(params.get("temperature", 1.0)).reshape(-1)[0])
    scores = []
    for row in rows:
        x = [(float(row[i]) - float(mean[i])) / float(scale[i]) for i in range(len(row))]
        h1 = [max(0.0, sum(x[i] * float(w1[i][j]) for i in range(len(x))) + float(b1[j]))
              for j in range(len(b1))]
        h2 = [max(0.0, sum(h1[i] * float(w2[i][j]) for i in range(len(h1))) + float(b2[j]))
              for j in range(len(b2))]
        scores.append((sum(h2[i] * float(w3[i]) for i in range(len(h2))) + b3) / temp)
    top = max(scores)
    e = [math.exp(z - top) for z in scores]
    return [v / sum(e) for v in e]


__all__ = ["FEATURES", "ValueNet", "seat_features", "net_chances", "default_net",
           "expert_net", "expert_chances", "EXPERT_WEIGHTS",
           "reference_chances", "softmax", "WEIGHTS"]
