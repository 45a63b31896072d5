"""Packed arithmetic: gem vectors and card sets as ints, so one operation covers many values.

The engine's speed trick, kept in one place behind named constants. The plain rules it must
agree with are ``Game.needs``, ``Game.payments`` and the validators; tests/engine checks the
packed answers against them.

A gem vector (five gems, gold apart) packs into ``GEM_FIELDS`` fields of ``FIELD_BITS`` bits.
The top bit of each field is a guard: set the guards, subtract another packed vector, and a
field keeps its guard exactly when it did not go below zero, so one subtraction compares all
five gems. Values stay under ``GUARD_BIT`` (a gem's tokens plus bonuses is at most 7 + 18),
and 30 bits keep a packed vector a small int, which Python adds and masks fastest.

>>> pack((1, 2, 3, 4, 5))
84947073
>>> (pack((3, 3, 0, 0, 0)) | GUARD) - pack((2, 3, 0, 0, 0)) & GUARD == GUARD  # 3,3 >= 2,3
True
>>> (pack((1, 3, 0, 0, 0)) | GUARD) - pack((2, 3, 0, 0, 0)) & GUARD == GUARD
False
"""
from __future__ import annotations

from .cards import CARDS, CARDS_BY_LEVEL, LEVELS, NOBLES
from .values import RESERVE_LIMIT

GEM_FIELDS = 5                          # white, blue, green, red, black: gold is never packed
FIELD_BITS = 6                          # one gem's field
FIELD_MASK = (1 << FIELD_BITS) - 1      # 63
GUARD_SHIFT = FIELD_BITS - 1            # the guard is a field's top bit
GUARD_BIT = 1 << GUARD_SHIFT            # 32
TOP_SHIFT = FIELD_BITS * (GEM_FIELDS - 1)  # 24: where the last gem's field starts
GUARD = sum(GUARD_BIT << (FIELD_BITS * i) for i in range(GEM_FIELDS))
SUM_FIELDS = sum(1 << (FIELD_BITS * i) for i in range(GEM_FIELDS))  # times it: fields summed


def pack(v) -> int:
    """The first five entries of ``v`` packed (the shifts are FIELD_BITS apart, written out)."""
    return v[0] | (v[1] << 6) | (v[2] << 12) | (v[3] << 18) | (v[4] << 24)


def unpack_pay(packed: int, gold: int) -> tuple:
    """A packed payment of gems and the gold beside it, as the six-entry tuple of a buy."""
    return (packed & 63, (packed >> 6) & 63, (packed >> 12) & 63, (packed >> 18) & 63,
            packed >> 24, gold)


# The written-out shifts above must be the named ones.
assert pack((1, 1, 1, 1, 1)) == SUM_FIELDS and unpack_pay(GUARD, 0) == (32,) * 5 + (0,)

COST_GUARDED = {cid: pack(c.cost) | GUARD for cid, c in CARDS.items()}
NOBLE_REQUIRES = {nid: pack(n.requires) for nid, n in NOBLES.items()}
NOBLE_MIN_BONUSES = min(sum(n.requires) for n in NOBLES.values())

# The market packed the same way, SLOT_BITS a slot (slot k = 4 * row + column), and after its
# MARKET_SLOTS slots RESERVE_LIMIT more for the reserved cards of the player to move, so one
# big-integer computation tells which of those 15 cards the player can afford: per slot the
# five shortfalls, summed into the slot's top field by one multiplication, then compared with
# the player's gold. An empty slot or a hidden blind reserve packs as cost 0 and is skipped by
# the reader.
SLOT_BITS = FIELD_BITS * GEM_FIELDS     # 30
SLOT_MASK = (1 << SLOT_BITS) - 1
MARKET_SLOTS = 12
ALL_SLOTS = MARKET_SLOTS + RESERVE_LIMIT


def _repeat(slots) -> int:
    return sum(1 << (SLOT_BITS * k) for k in slots)


REPEAT = _repeat(range(ALL_SLOTS))      # times a packed vector: that vector in every slot
MARKET_GUARD = GUARD * _repeat(range(MARKET_SLOTS))
HAND_GUARD = GUARD * _repeat(range(MARKET_SLOTS, ALL_SLOTS))
ALL_GUARD = MARKET_GUARD + HAND_GUARD
TOP_FIELD = (FIELD_MASK << TOP_SHIFT) * REPEAT
TOP_GUARD = (GUARD_BIT << TOP_SHIFT) * REPEAT
GOLD_LIMIT = [((gold + 1) << TOP_SHIFT) * REPEAT for gold in range(6)]

# A card's packed cost placed in each slot, ready to add to or take from the packed market.
SLOT_COST = [{cid: pack(card.cost) << (SLOT_BITS * k) for cid, card in CARDS.items()}
             for k in range(ALL_SLOTS)]

# Slot k of the market (4 * row + column) as (level, slot).
SLOT_OF = tuple((k // 4 + 1, k % 4) for k in range(MARKET_SLOTS))


def packed_market(slots) -> int:
    """The market's 12 slots of card ids (or None) packed, guards set."""
    return MARKET_GUARD + sum(SLOT_COST[k][cid] for k, cid in enumerate(slots) if cid)


def packed_hand(hand) -> int:
    """A seat's reserved cards packed into the slots after the market's, guards set."""
    return HAND_GUARD + sum(SLOT_COST[MARKET_SLOTS + i][r.id] for i, r in enumerate(hand)
                            if r.id is not None)


def least_gold(costs: int, guard: int, tok: int, bon: int) -> tuple:
    """Gems paid and gold still needed for packed, guarded costs, every slot at once.

    ``tok`` and ``bon`` are the player's packed gems and bonuses, repeated in every slot.
    Per gem: need = max(cost - bonus, 0) and gems = min(need, tokens); returns the gems and
    need - gems, whose fields sum to the gold the slot's card needs.
    """
    d = costs - bon
    m = d & guard
    need = d & (m - (m >> GUARD_SHIFT))
    d = (need | guard) - tok
    m = d & guard
    m -= m >> GUARD_SHIFT  # the gems whose need is at least what the player holds
    pay = (tok & m) | (need & ~m)
    return pay, need - pay


# One bit per card: the unseen cards are a bitmask (ids sort by level, so each level's bits
# are a block of their own).
CARD_ORDER = tuple(sorted(CARDS))
CARD_BIT = {cid: 1 << i for i, cid in enumerate(CARD_ORDER)}
LEVEL_BITS = tuple(sum(CARD_BIT[c] for c in CARDS_BY_LEVEL[lv]) for lv in LEVELS)


def bits_of(ids) -> int:
    return sum(CARD_BIT[c] for c in set(ids))


def ids_of(bits: int) -> list:
    out = []
    while bits:
        low = bits & -bits
        out.append(CARD_ORDER[low.bit_length() - 1])
        bits ^= low
    return out
