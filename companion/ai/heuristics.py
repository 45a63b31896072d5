"""Fast judgement without search: how good a position is, and which move looks best.

Everything here reads only public state of :class:`companion.engine.Game` and scores it with
plain arithmetic, so a playout can call it every turn. The weights are named constants: the
search (``search.py``) and the baselines (``baselines.py``) share them.

>>> from companion.engine import SimulatedTable
>>> game = SimulatedTable(players=2, seed=4).new_game()
>>> wishes = Wishes(game, game.active)
>>> move = best_main(game, game.active, list(game.legal_main_actions()), wishes)
>>> type(move).__name__ in ("TakeGems", "ReserveCard", "ReserveBlind")
True
>>> 0.0 < win_chances(game)[0] < 1.0
True
"""
from __future__ import annotations

import math

from companion.engine import (CARDS, NOBLES, TOKEN_LIMIT, WINNING_POINTS, BuyCard, ClaimNoble,
                              ReserveBlind, ReserveCard, ReturnGems, TakeGems, tokens_over)

# Evaluation weights, in prestige points.
BONUS_WORTH = 0.8           # a bonus is a permanent discount
NOBLE_WORTH = 3.0           # a noble tile's prestige, scaled by how close the bonuses are
CARD_PROGRESS_WORTH = 0.25  # the best cards within reach, by how much of them is paid for
TOKEN_WORTH = 0.1
GOLD_WORTH = 0.25
RESERVE_WORTH = 0.0         # a reserved card counts only through its progress
WIN_SCALE = 2.5             # points of lead that make a win about 73 % likely
POINTS_TO_WIN = WINNING_POINTS  # the engine's
# Move scoring (greedy policy): buys first, then useful takes, then reserves.
BUY_BASE = 6.0
RESERVE_BASE = 0.6
BLIND_BASE = 0.2


def card_value(card, bonuses, wanted) -> float:
    """What a card is worth to a player: points, plus its bonus colour's usefulness."""
    return card.points + 0.5 + wanted[card.bonus] * 0.25 + (0.3 if bonuses[card.bonus] < 4 else 0)


class Wishes:
    """A player's aims this turn: which cards are close, and so which gems it wants.

    ``short[cid]`` is the tokens still missing for a card after bonuses, tokens and gold;
    ``wanted[colour]`` weighs each gem by the value of the close cards that need it.
    """

    __slots__ = ("seat", "cards", "short", "wanted", "target", "noble_need")

    def __init__(self, game, seat: int):
        # Written out colour by colour: a playout builds one of these every turn.
        self.seat = seat
        b0, b1, b2, b3, b4 = game.bonuses[seat]
        t0, t1, t2, t3, t4, gold = game.tokens[seat]
        cards = [c for row in game.market for c in row if c is not None]
        cards += [c for c in game.reserved[seat] if c.id is not None]
        self.cards = cards
        # Colours the nobles on the table still ask of this player.
        noble_need = [0, 0, 0, 0, 0]
        for nid in game.nobles:
            if nid is None:
                continue
            r0, r1, r2, r3, r4 = NOBLES[nid].requires
            d0, d1, d2, d3, d4 = r0 - b0, r1 - b1, r2 - b2, r3 - b3, r4 - b4
            miss = ((d0 if d0 > 0 else 0) + (d1 if d1 > 0 else 0) + (d2 if d2 > 0 else 0)
                    + (d3 if d3 > 0 else 0) + (d4 if d4 > 0 else 0))
            if miss <= 6:
                share = 1.0 / (1 + miss)
                if d0 > 0:
                    noble_need[0] += share
                if d1 > 0:
                    noble_need[1] += share
                if d2 > 0:
                    noble_need[2] += share
                if d3 > 0:
                    noble_need[3] += share
                if d4 > 0:
                    noble_need[4] += share
        self.noble_need = noble_need
        wanted = [0.0] * 5
        short = {}
        best, target = -1.0, None
        s0, s1, s2, s3, s4 = b0 + t0, b1 + t1, b2 + t2, b3 + t3, b4 + t4
        for card in cards:
            cid, _, bonus, points, (c0, c1, c2, c3, c4) = card
            n0, n1, n2, n3, n4 = c0 - s0, c1 - s1, c2 - s2, c3 - s3, c4 - s4
            miss = ((n0 if n0 > 0 else 0) + (n1 if n1 > 0 else 0) + (n2 if n2 > 0 else 0)
                    + (n3 if n3 > 0 else 0) + (n4 if n4 > 0 else 0))
            gap = miss - gold if miss > gold else 0
            short[cid] = gap
            if gap:
                worth = (points + 1.0 + 0.5 * noble_need[bonus]) / (1.0 + gap) ** 1.5
                if worth > best:
                    best, target = worth, card
                if n0 > 0:
                    wanted[0] += worth
                if n1 > 0:
                    wanted[1] += worth
                if n2 > 0:
                    wanted[2] += worth
                if n3 > 0:
                    wanted[3] += worth
                if n4 > 0:
                    wanted[4] += worth
        self.short = short
        self.wanted = wanted
        self.target = target


def buy_score(game, p: int, action, wishes: Wishes) -> float:
    card = CARDS[action.card]
    b = game.bonuses[p]
    value = card_value(card, b, wishes.wanted) + 1.5 * wishes.noble_need[card.bonus]
    if game.points[p] + card.points >= POINTS_TO_WIN:
        value += 20.0
    return BUY_BASE + 2.0 * value - 0.4 * action.pay[5]


def take_score(game, p: int, gems, wishes: Wishes) -> float:
    t = game.tokens[p]
    held = sum(t)
    wanted = wishes.wanted
    score = 0.0
    for i in range(5):
        n = gems[i]
        if n:
            score += wanted[i] * (1.0 if n == 1 else 1.6) + 0.05 * n
    over = held + sum(gems) - TOKEN_LIMIT
    if over > 0:
        score -= 0.6 * over
    return score


def reserve_score(game, p: int, card, wishes: Wishes, gold_left: int) -> float:
    gap = wishes.short.get(card.id, 6)
    score = RESERVE_BASE + (card.points * 0.35) / (1.0 + 0.3 * gap)
    if gold_left:
        score += 0.3
    if sum(game.tokens[p]) >= TOKEN_LIMIT:
        score -= 0.5
    # Deny a card an opponent is about to buy.
    for q in range(game.n):
        if q != p and card.points >= 3 and _can_afford(game, q, card):
            score += 0.4 * card.points
    return score


def _can_afford(game, q: int, card) -> bool:
    b, t = game.bonuses[q], game.tokens[q]
    miss = 0
    for i in range(5):
        d = card.cost[i] - b[i] - t[i]
        if d > 0:
            miss += d
    return miss <= t[5]


def score_main(game, p: int, action, wishes: Wishes) -> float:
    """A quick score for one main action (higher is better)."""
    kind = type(action)
    if kind is BuyCard:
        return buy_score(game, p, action, wishes)
    if kind is TakeGems:
        return take_score(game, p, action.gems, wishes)
    if kind is ReserveCard:
        return reserve_score(game, p, CARDS[action.card], wishes, game.reserve_gold)
    if kind is ReserveBlind:
        return BLIND_BASE + 0.15 * action.level + (0.3 if game.reserve_gold else 0.0) \
            - (0.5 if sum(game.tokens[p]) >= TOKEN_LIMIT else 0.0)
    return -10.0  # pass: only offered when nothing else is


def best_main(game, p: int, actions, wishes: Wishes):
    """The main action with the highest quick score (first one on ties)."""
    best, best_score = actions[0], -1e9
    for a in actions:
        s = score_main(game, p, a, wishes)
        if s > best_score:
            best, best_score = a, s
    return best


def choose_return(game, p: int, wishes: Wishes):
    """The tokens to give back when over 10: the least wanted gems first, gold last."""
    t = list(game.tokens[p])
    over = tokens_over(game, p)
    if not over:
        return None
    back = [0] * 6
    wanted = wishes.wanted
    order = sorted(range(5), key=lambda i: (wanted[i], -t[i], i))
    for _ in range(over):
        # Keep at least what the wish list still needs: give back surplus of the least wanted.
        for i in order + [5]:
            if t[i] - back[i] > 0:
                back[i] += 1
                break
    return ReturnGems(p, tuple(back))


def choose_noble(game, p: int):
    """Of the qualifying nobles, the one an opponent is closest to (deny it), or None."""
    nobles = game.qualifying_nobles(p)
    if not nobles:
        return None
    if len(nobles) == 1:
        return ClaimNoble(p, nobles[0])

    def opponent_miss(nid):
        req = NOBLES[nid].requires
        return min(sum(max(0, req[i] - game.bonuses[q][i]) for i in range(5))
                   for q in range(game.n) if q != p)
    return ClaimNoble(p, min(sorted(nobles), key=opponent_miss))


def potential(game, p: int) -> float:
    """A player's position in prestige points: points now plus what the position promises."""
    b = game.bonuses[p]
    t = game.tokens[p]
    value = game.points[p] + BONUS_WORTH * (b[0] + b[1] + b[2] + b[3] + b[4])
    for nid in game.nobles:
        if nid is not None:
            req = NOBLES[nid].requires
            miss = 0
            for i in range(5):
                if req[i] > b[i]:
                    miss += req[i] - b[i]
            value += NOBLE_WORTH * 0.6 / (1 + miss) ** 1.2 if miss else 0.0
    gold = t[5]
    best = second = 0.0
    cards = [c for row in game.market for c in row if c is not None]
    for card in game.reserved[p]:
        if card.id is not None:
            cards.append(card)
            value += RESERVE_WORTH
    for card in cards:
        cost = card.cost
        need = have = 0
        for i in range(5):
            n = cost[i] - b[i]
            if n > 0:
                need += n
                have += t[i] if t[i] < n else n
        if need == 0:
            progress = 1.0
        else:
            have += gold
            progress = have / need if have < need else 1.0
        worth = (card.points + 0.6) * progress * progress
        if worth > best:
            best, second = worth, best
        elif worth > second:
            second = worth
    value += CARD_PROGRESS_WORTH * (best + 0.5 * second)
    value += TOKEN_WORTH * (t[0] + t[1] + t[2] + t[3] + t[4]) + GOLD_WORTH * gold
    return value


def outcome_chances(game):
    """Each seat's share of a finished game's win (a shared victory splits it), or None while
    the game goes on: what every judge of chances says once the game is over."""
    outcome = game.outcome
    if outcome is None:
        return None
    share = 1.0 / len(outcome.winners)
    return [share if s in outcome.winners else 0.0 for s in range(game.n)]


def win_chances(game) -> list:
    """Each seat's chance to win, from the outcome when the game is over, else estimated.

    Estimated by the lead in :func:`potential` over the best other seat, through a logistic.
    """
    n = game.n
    finished = outcome_chances(game)
    if finished is not None:
        return finished
    pots = [potential(game, s) for s in range(n)]
    out = []
    for s in range(n):
        lead = pots[s] - max(pots[q] for q in range(n) if q != s)
        out.append(1.0 / (1.0 + math.exp(-lead / WIN_SCALE)))
    return out


__all__ = ["Wishes", "best_main", "choose_noble", "choose_return", "outcome_chances", "potential",
           "score_main", "win_chances"]
