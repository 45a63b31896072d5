"""Legal-move generation: what the player to move may do, as values built once and shared.

:class:`Moves` is the half of :class:`~companion.engine.game.Game` that offers moves; the other
half (the state, its legality checks and push/pop) is in ``game.py``. Generated actions are
cached values (takes per bank shape, reserves, buys per payment, returns per clamped hand), so
random play allocates little. Buys are found for the whole market at once with the packed
arithmetic of :mod:`companion.engine.packing`; tests/engine check every generated list against
the plain validators.
"""
from __future__ import annotations

import itertools
from typing import Iterator, Optional, Sequence

from .actions import (BuyCard, ClaimNoble, EndTurn, PassTurn, ReserveBlind, ReserveCard,
                      ReturnGems, TakeGems)
from .cards import CARDS, GOLD, LEVELS, NOBLES, Card
from .packing import (ALL_GUARD, COST_GUARDED, FIELD_MASK, GOLD_LIMIT, GUARD, MARKET_SLOTS,
                      REPEAT, SLOT_BITS, SLOT_MASK, SUM_FIELDS, TOP_FIELD, TOP_GUARD, TOP_SHIFT,
                      least_gold, pack, unpack_pay)
from .values import RESERVE_LIMIT, TOKEN_LIMIT, BlindCard


# Every shape a legal take can have, precomputed once: 3 distinct, 2 of one colour, and the
# short takes (1 or 2 distinct) that the short_take house rule may allow.
def _shape(colours: Sequence[int], n: int = 1) -> tuple:
    gems = [0] * 6
    for c in colours:
        gems[c] += n
    return tuple(gems)


_TAKE_SHAPES = tuple(
    [_shape(c) for c in itertools.combinations(range(5), 3)]
    + [_shape((c,), 2) for c in range(5)]
    + [_shape(c) for c in itertools.combinations(range(5), 2)]
    + [_shape((c,)) for c in range(5)]
)

# A pile's count as the take rules see it: empty, 1 to 3, or 4 and more.
_PILE = (0, 1, 1, 1) + (2,) * 60
_TAKE_CACHE: dict = {}
# Reserve actions are values: build each once.
_RESERVE_CARD = [{cid: ReserveCard(p, cid) for cid in CARDS} for p in range(4)]
_RESERVE_BLIND = [[ReserveBlind(p, lv) for lv in LEVELS] for p in range(4)]

_END_TURN = [EndTurn(p) for p in range(4)]
_CLAIM_NOBLE = [{nid: ClaimNoble(p, nid) for nid in NOBLES} for p in range(4)]

# Generated buys are values too: one per seat, card and gold spent, keyed by the packed gems.
_BUY_CACHE = [{cid: tuple({} for gold in range(6)) for cid in CARDS} for p in range(4)]


def _buy_value(p: int, card_id: str, pay: int, gold: int) -> BuyCard:
    """The buy with this payment (gems packed), built once and kept."""
    known = _BUY_CACHE[p][card_id][gold]
    action = known.get(pay)
    if action is None:
        action = known[pay] = BuyCard(p, card_id, unpack_pay(pay, gold))
    return action


# Returns are values too, per seat and clamped hand (see _legal_returns); the gems of each
# return list are shared by the seats.
_RETURNS_CACHE: list = [{} for p in range(4)]
_RETURN_GEMS: dict = {}


def _legal_returns(p: int, tokens: tuple, over: int) -> list:
    """Every return of 1 to ``over`` tokens the seat holds (shared by all games, cached).

    A colour's count matters only up to ``over`` (no return gives back more than that), so
    the cache key clamps it there and few keys cover every hand.
    """
    key = (over, tokens[0] if tokens[0] < over else over, tokens[1] if tokens[1] < over else over,
           tokens[2] if tokens[2] < over else over, tokens[3] if tokens[3] < over else over,
           tokens[4] if tokens[4] < over else over, tokens[5] if tokens[5] < over else over)
    cache = _RETURNS_CACHE[p]
    out = cache.get(key)
    if out is None:
        if len(cache) > 100_000:  # only a hand far over 10 could get here
            cache.clear()
            _RETURN_GEMS.clear()
        gems = _RETURN_GEMS.get(key)
        if gems is None:
            gems = _RETURN_GEMS[key] = [g for g in _bounded_sums(key[1:], over) if any(g)]
        out = cache[key] = [ReturnGems(p, g) for g in gems]
    return out


def _bounded_sums(limits: tuple, total: int) -> list:
    """Every tuple with entries up to ``limits`` whose sum is at most ``total``, in order."""
    sums = [((), 0)]
    for limit in limits:
        sums = [(t + (n,), s + n) for t, s in sums for n in range(min(limit, total - s) + 1)]
    return [t for t, _ in sums]


class Moves:
    """Move generation for :class:`~companion.engine.game.Game` (a base class of it).

    Reads the game's fields and its validators (``_take_error``, ``qualifying_nobles``,
    ``slots_to_reveal``); changes nothing.
    """

    __slots__ = ()

    def needs(self, p: int, card: Card) -> tuple:
        """What the card still costs the seat in tokens of each gem after bonuses."""
        b = self.bonuses[p]
        c = card.cost
        return (c[0] - b[0] if c[0] > b[0] else 0, c[1] - b[1] if c[1] > b[1] else 0,
                c[2] - b[2] if c[2] > b[2] else 0, c[3] - b[3] if c[3] > b[3] else 0,
                c[4] - b[4] if c[4] > b[4] else 0)

    def payment(self, p: int, card: Card) -> Optional[tuple]:
        """The payment spending the fewest gold (gems first), or None if unaffordable."""
        buy = self.affordable_buys(p, (card.id,))
        return buy[0].pay if buy else None

    def affordable_buys(self, p: int, card_ids) -> list:
        """A buy of each of these cards the seat can afford, paying the fewest gold.

        Where the cards are is not checked: the table uses it for a seat's hidden blind
        reserves, whose identity only it knows.
        """
        t = self.tokens[p]
        tok, bon = pack(t), pack(self.bonuses[p])
        out = []
        for cid in card_ids:
            pay, short = least_gold(COST_GUARDED[cid], GUARD, tok, bon)
            short %= FIELD_MASK  # 2**6 = 1 (mod 63): the sum of the fields
            if short <= t[GOLD]:
                out.append(_buy_value(p, cid, pay, short))
        return out

    def payments(self, p: int, card: Card) -> Iterator[tuple]:
        """Every legal payment for the card: gold may stand in for any colour, even one held."""
        need = self.needs(p, card)
        t = self.tokens[p]
        gold = t[GOLD]
        ranges = [range(max(0, need[i] - gold), min(need[i], t[i]) + 1) for i in range(5)]
        total = sum(need)
        for gems in itertools.product(*ranges):
            g = total - sum(gems)
            if g <= gold:
                yield gems + (g,)


    # ----------------------------------------------------------------- legal moves
    def _legal_takes(self, p: int) -> list:
        # Which takes are legal depends only on each pile being empty, under 4, or 4+ (and the
        # house rule), so the filtered list is shared by every game through one small cache.
        bank = self.bank
        key = (p, self.rules.short_take,
               _PILE[bank[0]], _PILE[bank[1]], _PILE[bank[2]], _PILE[bank[3]], _PILE[bank[4]])
        takes = _TAKE_CACHE.get(key)
        if takes is None:
            takes = _TAKE_CACHE[key] = [TakeGems(p, g) for g in _TAKE_SHAPES
                                        if self._take_error(g) is None]
        return takes

    def _has_main_action(self, p: int) -> bool:
        # A hidden blind reserve never counts: the engine can't know whether it is affordable.
        if self._legal_takes(p):
            return True
        face = [cid for cid in self._slots if cid is not None]
        if len(self._reserved[p]) < RESERVE_LIMIT and (face or any(self.decks)):
            return True
        known = face + [r.id for r in self._reserved[p] if type(r) is not BlindCard]
        return bool(self.affordable_buys(p, known))

    def legal_main_actions(self, *, all_payments: bool = False) -> Iterator:
        """Main actions the active player may take now.

        Buys come with the payment that spends the fewest gold unless ``all_payments``.
        A hidden blind reserve is not offered for buying: its identity is unknown until the
        buy line names it.
        """
        return iter(self._main_actions(all_payments))

    def _main_actions(self, all_payments: bool = False) -> list:
        """legal_main_actions as a new list (the simulator's random play takes it as it is)."""
        if self.outcome is not None or self.main is not None:
            return []
        p = self.active
        out = list(self._legal_takes(p))
        hand = self._reserved[p]
        slots = self._slots
        if len(hand) < RESERVE_LIMIT:
            out += map(_RESERVE_CARD[p].__getitem__, filter(None, slots))
            d = self.decks
            blind = _RESERVE_BLIND[p]
            out += blind if d[0] and d[1] and d[2] else [blind[li] for li in range(3) if d[li]]
        if all_payments:
            face = [CARDS[cid] for cid in slots if cid is not None]
            face += [r for r in hand if type(r) is not BlindCard]
            for card in face:
                out += [BuyCard(p, card.id, pay) for pay in self.payments(p, card)]
            return out or [PassTurn(p)]
        t, b = self.tokens[p], self.bonuses[p]
        # packing.pack, written out: this is the engine's hottest line.
        tok = t[0] | (t[1] << 6) | (t[2] << 12) | (t[3] << 18) | (t[4] << 24)
        bon = b[0] | (b[1] << 6) | (b[2] << 12) | (b[3] << 18) | (b[4] << 24)
        gold = t[5]
        # The payment of every face-up and reserved card at once (see REPEAT), the gold
        # each needs summed into its slot's top field, compared with the player's gold.
        pay, short = least_gold(self.costs + self._hand_costs[p], ALL_GUARD,
                                 tok * REPEAT, bon * REPEAT)
        short = (short * SUM_FIELDS) & TOP_FIELD
        affordable = ~((short | TOP_GUARD) - GOLD_LIMIT[gold]) & TOP_GUARD
        while affordable:
            low = affordable & -affordable
            affordable ^= low
            k = low.bit_length() // SLOT_BITS - 1
            if k < MARKET_SLOTS:
                cid = slots[k]
            else:
                cid = hand[k - MARKET_SLOTS].id if k - MARKET_SLOTS < len(hand) else None
            if cid is not None:  # not an empty slot, nor a hidden blind reserve
                shift = SLOT_BITS * k
                out.append(_buy_value(p, cid, (pay >> shift) & SLOT_MASK,
                                      (short >> (shift + TOP_SHIFT)) & FIELD_MASK))
        if not out:
            out.append(PassTurn(p))
        return out

    def legal_end_steps(self) -> Iterator:
        """End-of-turn steps the active player may take now: returns, noble visits, end_turn.

        Reveals are not generated (the table deals them: see :meth:`slots_to_reveal`).
        """
        return iter(self._end_steps())

    def _end_steps(self) -> list:
        """legal_end_steps as a new list."""
        if self.outcome is not None or self.main is None:
            return []
        p = self.active
        t = self.tokens[p]
        over = t[0] + t[1] + t[2] + t[3] + t[4] + t[5] - TOKEN_LIMIT
        nobles = () if self.noble_taken else self.qualifying_nobles(p)
        if over <= 0 and not nobles:
            # Nothing to return and no noble to choose: the turn ends once the slots are dealt.
            return [] if self.holes and self.slots_to_reveal() else [_END_TURN[p]]
        # Otherwise end_turn must wait (tokens-over-ten, noble-must-visit).
        out = list(_legal_returns(p, t, over)) if over > 0 else []
        if nobles:
            claim = _CLAIM_NOBLE[p]
            out += [claim[nid] for nid in nobles]
        return out

    def legal_actions(self) -> Iterator:
        """Main actions before the turn's main action, end-of-turn steps after it."""
        if self.main is None:
            return self.legal_main_actions()
        return self.legal_end_steps()
