"""The learned move prior: how likely a strong player is to choose each move, by a small network.

Each candidate main action is described by :data:`MOVE_FEATURES` numbers (:func:`move_features`:
its kind, the quick judgement's score and rank, the card's points and level, gold paid, tokens
after it, how close it brings a noble, whether it wins or takes a card an opponent could buy),
read from public information only. A network (one hidden layer) gives each move a score; a
softmax over the moves of a position gives the priors.

The weights are trained on self-play choices (the classic search's, then the expert search's:
``python -m workbench.train_expert --player expert:300``) and shipped in ``companion/ai/data/expert.npz``;
inference is plain numpy.

>>> from companion.engine import SimulatedTable
>>> game = SimulatedTable(players=2, seed=2).new_game()
>>> moves = list(game.legal_main_actions())
>>> probs = default_prior().probabilities(move_features(game, game.active, moves))
>>> len(probs) == len(moves), round(float(probs.sum()), 6)
(True, 1.0)
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from companion.engine import (CARDS, TOKEN_LIMIT, WINNING_POINTS, BuyCard, PassTurn,
                              ReserveBlind, ReserveCard, TakeGems)

from .heuristics import Wishes, _can_afford, card_value, score_main
from .value import EXPERT_WEIGHTS

MOVE_FEATURES = 22
EXPERT = EXPERT_WEIGHTS  # the prior's weights share the file with the search's value network


def move_features(game, p: int, moves, wishes: Wishes = None) -> np.ndarray:
    """One row of :data:`MOVE_FEATURES` numbers per move of seat ``p`` (the seat to move)."""
    wishes = wishes or Wishes(game, p)
    rows = np.zeros((len(moves), MOVE_FEATURES), dtype=np.float64)
    if not moves:
        return rows
    scores = [score_main(game, p, m, wishes) for m in moves]
    top = max(scores)
    order = sorted(range(len(moves)), key=lambda i: -scores[i])
    rank = [0] * len(moves)
    for r, i in enumerate(order):
        rank[i] = r
    b = game.bonuses[p]
    t = game.tokens[p]
    held = sum(t)
    reserved = {c.id for c in game.reserved[p] if c.id is not None}
    for i, m in enumerate(moves):
        r = rows[i]
        r[0] = scores[i] / 10.0
        r[1] = (scores[i] - top) / 5.0
        r[2] = min(rank[i], 20) / 10.0
        r[3] = 1.0 if rank[i] == 0 else 0.0
        kind = type(m)
        card = None
        after = held
        if kind is BuyCard:
            card = CARDS[m.card]
            r[4 if m.card not in reserved else 5] = 1.0
            r[12] = m.pay[5] / 3.0
            r[13] = sum(m.pay) / 10.0
            after = held - sum(m.pay)
            if game.points[p] + card.points >= WINNING_POINTS:
                r[14] = 1.0
            r[15] = wishes.noble_need[card.bonus]
            r[19] = card_value(card, b, wishes.wanted) / 5.0
        elif kind is TakeGems:
            n = sum(m.gems)
            r[6 if max(m.gems) == 2 else (7 if n == 3 else 8)] = 1.0
            after = held + n
            r[20] = sum(wishes.wanted[c] * m.gems[c] for c in range(5)) / 5.0
        elif kind is ReserveCard:
            card = CARDS[m.card]
            r[9] = 1.0
            after = held + (1 if game.reserve_gold else 0)
            r[21] = wishes.short.get(m.card, 6) / 6.0
            r[18] = sum(1.0 for q in range(game.n) if q != p and _can_afford(game, q, card))
        elif kind is ReserveBlind:
            r[10] = 1.0
            r[11] = m.level / 3.0
            after = held + (1 if game.reserve_gold else 0)
        elif kind is PassTurn:
            r[8] = 1.0
        if card is not None:
            r[11] = card.level / 3.0
            r[16] = card.points / 5.0
        r[17] = max(0, after - TOKEN_LIMIT) / 3.0
    return rows


class PriorNet:
    """Move features -> hidden -> one score a move; a softmax over a position's moves."""

    def __init__(self, params: dict):
        get = lambda k: np.asarray(params[k], dtype=np.float64)  # noqa: E731
        self.mean, self.scale = get("p_mean"), get("p_scale")
        self.w1, self.b1 = get("p_w1"), get("p_b1")
        self.w2 = get("p_w2").reshape(-1)
        self.temperature = float(np.asarray(params.get("p_temperature", 1.0)).reshape(-1)[0])

    def scores(self, rows: np.ndarray) -> np.ndarray:
        x = (rows - self.mean) / self.scale
        return np.maximum(x @ self.w1 + self.b1, 0.0) @ self.w2

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        z = self.scores(rows) / self.temperature
        z = np.exp(z - z.max())
        return z / z.sum()


@lru_cache(maxsize=1)
def default_prior() -> PriorNet:
    with np.load(EXPERT) as data:
        return PriorNet({k: data[k] for k in data.files})


__all__ = ["MOVE_FEATURES", "move_features", "PriorNet", "default_prior", "EXPERT"]
