"""The game state: push actions, pop them, ask what is legal, read the outcome.

Modelled on python-chess's ``Board``: a mutable state with a stack. Every field of the state is
an immutable value (tuples, ints), so a push saves the old values of the fields its action
changes, by reference, and a pop puts them back exactly.

Deck order is hidden: each deck is the set of its level's unseen cards, and ``decks`` counts
the cards physically in it. A blind reserve holds "a level-N card" (:class:`BlindCard`) whose
identity is bound only when it is bought, and only to a card still unseen at that level.

>>> from companion.engine import Game, Setup, TakeGems, EndTurn
>>> setup = Setup(first=0, nobles=("N03", "N07", "N01"),
...               market=(("1W01", "1U04", "1R02", "1K07"), ("2G01", "2W05", "2R03", "2K02"),
...                       ("3U02", "3W01", "3G04", "3R03")))
>>> game = Game(["Ana", "Ben"], setup)
>>> game.push(TakeGems(0, (0, 1, 1, 1, 0, 0)))
>>> game.push(EndTurn(0))
>>> game.active, game.bank
(1, (4, 3, 3, 3, 4, 5))
>>> game.push(TakeGems(1, (0, 0, 0, 2, 0, 0)))
Traceback (most recent call last):
...
companion.engine.errors.IllegalActionError: Only 3 red tokens are in the bank: taking two of one colour needs at least 4 in the pile.
>>> game.pop()
EndTurn(player=0)
>>> game.active
0
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Iterator, NamedTuple, Optional, Sequence

from .actions import (BuyCard, ClaimNoble, EndTurn, PassTurn, ReserveBlind, ReserveCard,
                      ReturnGems, RevealCard, TakeGems)
from .cards import (CARDS, CARDS_BY_LEVEL, COLOURS, GEMS, GOLD, LEVELS, NOBLES, Card,
                    describe_tokens, starting_bank)
from .errors import IllegalActionError, MalformedError

SHORT_TAKE_CHOICES = ("never", "when_scarce", "always")
WINNING_POINTS = 15
TOKEN_LIMIT = 10
RESERVE_LIMIT = 3
ZERO6 = (0, 0, 0, 0, 0, 0)


@dataclass(frozen=True)
class Rules:
    """House rules. ``short_take``: when a take of fewer than 3 colours is allowed."""

    short_take: str = "when_scarce"

    def __post_init__(self):
        if self.short_take not in SHORT_TAKE_CHOICES:
            raise ValueError(f"short_take must be one of {', '.join(SHORT_TAKE_CHOICES)}, "
                             f"not {self.short_take!r}.")

    def to_dict(self) -> dict:
        return {"short_take": self.short_take}


class Setup(NamedTuple):
    """The table as dealt: who starts, the nobles revealed, the market (level 1 row first)."""

    first: int
    nobles: tuple
    market: tuple  # 3 rows of 4 card ids (or None), level 1 first

    def to_line(self) -> dict:
        return {"type": "setup", "first": self.first, "nobles": list(self.nobles),
                "market": [list(row) for row in self.market]}


class BlindCard(NamedTuple):
    """A card reserved from the top of a deck whose identity the engine does not know yet."""

    level: int

    @property
    def id(self) -> None:
        return None


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``reason`` is ``"points"`` (someone reached 15 and the round was completed) or
    ``"all-passed"``. ``tie_break`` is None when the most points decided alone,
    ``"fewest-cards"`` when the tied player with fewest purchased cards won, ``"shared"`` when
    that tied too.
    """

    winners: tuple
    points: tuple
    cards: tuple
    reason: str
    tie_break: Optional[str] = None

    def to_dict(self) -> dict:
        return {"winners": list(self.winners), "points": list(self.points),
                "cards": list(self.cards), "reason": self.reason, "tie_break": self.tie_break}


@dataclass(frozen=True)
class PlayerView:
    """A read-only summary of one player, for scoreboards and records."""

    seat: int
    name: str
    points: int
    cards: tuple
    nobles: tuple
    tokens: tuple
    bonuses: tuple
    reserved: tuple = field(repr=False)

    def to_dict(self) -> dict:
        return {"name": self.name, "points": self.points, "cards": len(self.cards),
                "nobles": list(self.nobles),
                "tokens": {c: self.tokens[i] for i, c in enumerate(COLOURS)},
                "bonuses": {c: self.bonuses[i] for i, c in enumerate(GEMS)},
                "reserved": len(self.reserved)}


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

# Packed gem vectors (6 bits a colour, bit 5 of each a guard) let one subtraction compare all
# five colours at once: a field keeps its guard bit exactly when it did not go below zero.
# Values stay under 32 (a colour's tokens plus bonuses is at most 7 + 18), and 30 bits keep
# every packed value a small int, which Python adds and masks fastest.
_GUARD = sum(32 << (6 * i) for i in range(5))


def _pack(v) -> int:
    return v[0] | (v[1] << 6) | (v[2] << 12) | (v[3] << 18) | (v[4] << 24)


_COST_GUARDED = {cid: _pack(c.cost) | _GUARD for cid, c in CARDS.items()}
_NOBLE_REQ = {nid: _pack(n.requires) for nid, n in NOBLES.items()}
_NOBLE_MIN_BONUSES = min(sum(n.requires) for n in NOBLES.values())
_END_TURN = [EndTurn(p) for p in range(4)]

# The market packed the same way, 30 bits a slot (slot k = 4 * row + column), and after its
# 12 slots 3 more for the reserved cards of the player to move, so one big-integer computation
# tells which of those 15 cards the player can afford: per slot the five shortfalls, summed
# into the slot's top field by one multiplication, then compared with the player's gold. An
# empty slot or a hidden blind reserve packs as cost 0 and is skipped by the reader.
_SLOT_BITS = 30
_MARKET_SLOTS = 12


def _repeat(slots) -> int:
    return sum(1 << (_SLOT_BITS * k) for k in slots)


_REPEAT = _repeat(range(_MARKET_SLOTS + RESERVE_LIMIT))
_MARKET_GUARD = _GUARD * _repeat(range(_MARKET_SLOTS))
_HAND_GUARD = _GUARD * _repeat(range(_MARKET_SLOTS, _MARKET_SLOTS + RESERVE_LIMIT))
_ALL_GUARD = _MARKET_GUARD + _HAND_GUARD
_SUM_FIELDS = sum(1 << (6 * i) for i in range(5))
_SLOT_MASK = (1 << _SLOT_BITS) - 1
_TOP_FIELD = (63 << 24) * _REPEAT
_TOP_GUARD = (32 << 24) * _REPEAT
_GOLD_LIMIT = [((gold + 1) << 24) * _REPEAT for gold in range(6)]


# A card's packed cost placed in each slot, ready to add to or take from the packed market.
_SLOT_COST = [{cid: _pack(card.cost) << (_SLOT_BITS * k) for cid, card in CARDS.items()}
              for k in range(_MARKET_SLOTS + RESERVE_LIMIT)]


def _market_costs(slots) -> int:
    return _MARKET_GUARD + sum(_SLOT_COST[k][cid] for k, cid in enumerate(slots) if cid)


def _hand_costs(hand) -> int:
    """A seat's reserved cards packed into the 3 slots after the market's."""
    return _HAND_GUARD + sum(_SLOT_COST[_MARKET_SLOTS + i][r.id] for i, r in enumerate(hand)
                             if r.id is not None)


# Slot k of the market (4 * row + column) as (level, slot).
_SLOT_OF = tuple((k // 4 + 1, k % 4) for k in range(12))


_CLAIM_NOBLE = [{nid: ClaimNoble(p, nid) for nid in NOBLES} for p in range(4)]
# One bit per card: the unseen cards are a bitmask (ids sort by level, so each level's bits
# are a block of their own).
_CARD_ORDER = tuple(sorted(CARDS))
_CARD_BIT = {cid: 1 << i for i, cid in enumerate(_CARD_ORDER)}
_LEVEL_BITS = tuple(sum(_CARD_BIT[c] for c in CARDS_BY_LEVEL[lv]) for lv in LEVELS)


def _bits_of(ids) -> int:
    return sum(_CARD_BIT[c] for c in set(ids))


def _ids_of(bits: int) -> list:
    out = []
    while bits:
        low = bits & -bits
        out.append(_CARD_ORDER[low.bit_length() - 1])
        bits ^= low
    return out


# Generated buys are values too: one per seat, card and gold spent, keyed by the packed gems.
_BUY_CACHE = [{cid: tuple({} for gold in range(6)) for cid in CARDS} for p in range(4)]


def _unpack_pay(packed: int, gold: int) -> tuple:
    return (packed & 63, (packed >> 6) & 63, (packed >> 12) & 63, (packed >> 18) & 63,
            packed >> 24, gold)


def _least_gold(costs: int, guard: int, tok: int, bon: int) -> tuple:
    """Gems paid and gold still needed for packed, guarded costs, every slot at once.

    ``tok`` and ``bon`` are the player's packed gems and bonuses, repeated in every slot.
    Per gem: need = max(cost - bonus, 0) and gems = min(need, tokens); returns the gems and
    need - gems, whose fields sum to the gold the slot's card needs.
    """
    d = costs - bon
    m = d & guard
    need = d & (m - (m >> 5))
    d = (need | guard) - tok
    m = d & guard
    m -= m >> 5  # the gems whose need is at least what the player holds
    pay = (tok & m) | (need & ~m)
    return pay, need - pay


def _buy_value(p: int, card_id: str, pay: int, gold: int) -> BuyCard:
    """The buy with this payment (gems packed), built once and kept."""
    known = _BUY_CACHE[p][card_id][gold]
    action = known.get(pay)
    if action is None:
        action = known[pay] = BuyCard(p, card_id, _unpack_pay(pay, gold))
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


def _add(a: tuple, b: tuple) -> tuple:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def _sub(a: tuple, b: tuple) -> tuple:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5])


def _replace(seq: tuple, i: int, value) -> tuple:
    return seq[:i] + (value,) + seq[i + 1:]


def _s(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Game:
    """A game of Splendor in progress.

    ``push`` validates and applies an action (raising :class:`IllegalActionError` with a rule
    code), ``pop`` takes back the last one, ``legal_actions`` yields what the active player may
    do next (main actions, then end-of-turn steps). Reveals are not generated: the table deals
    them, and :meth:`slots_to_reveal` says where one is due.
    """

    def __init__(self, players: Sequence[str], setup: Setup, rules: Rules = Rules()):
        n = len(players)
        if not 2 <= n <= 4:
            raise MalformedError(f"A game needs 2 to 4 players, not {n}.")
        self.names = tuple(players)
        self.n = n
        self.rules = rules
        _check_setup(setup, n)
        self.setup = Setup(setup.first, tuple(setup.nobles), tuple(tuple(r) for r in setup.market))
        self.first = setup.first
        self.bank = starting_bank(n)
        self.tokens = (ZERO6,) * n
        self.bonuses = ((0, 0, 0, 0, 0),) * n
        self.points = (0,) * n
        self.cards = ((),) * n
        self.reserved = ((),) * n  # and the packed costs of each hand: see `reserved`
        self.nobles_won = ((),) * n
        self.nobles = tuple(setup.nobles)
        # The market as 12 slots (4 * row + column) holding card ids: see `market`.
        self._slots = tuple(c for row in self.setup.market for c in row)
        dealt = [c for c in self._slots if c is not None]
        self._unseen = (_LEVEL_BITS[0] | _LEVEL_BITS[1] | _LEVEL_BITS[2]) & ~_bits_of(dealt)
        self.decks = tuple(len(CARDS_BY_LEVEL[lv]) - sum(1 for c in row if c is not None)
                           for lv, row in zip(LEVELS, setup.market))
        self.holes = self._slots.count(None)  # empty face-up slots
        self.costs = _market_costs(self._slots)  # the market's costs, packed
        self.active = setup.first
        self.turn = 0
        self.main = None  # the main action of the turn in progress
        self.noble_taken = False
        self.passes = 0  # consecutive turns that were passes
        self.final_round = False
        self.outcome: Optional[Outcome] = None
        self._stack: list = []

    # ----------------------------------------------------------------- state and history
    @property
    def market(self) -> tuple:
        """The face-up cards: 3 rows (level 1 first) of 4 slots, each a Card or None."""
        s = self._slots
        return tuple(tuple(CARDS[c] if c else None for c in s[k:k + 4]) for k in (0, 4, 8))

    @property
    def reserved(self) -> tuple:
        """Per seat, the reserved cards in the order reserved: a Card, or a BlindCard."""
        return self._reserved

    @reserved.setter
    def reserved(self, hands) -> None:
        self._reserved = hands = tuple(tuple(h) for h in hands)
        self._hand_costs = tuple(_hand_costs(h) for h in hands)

    @property
    def unseen(self) -> tuple:
        """Per level, the frozenset of card ids not seen yet (in the deck or reserved blind)."""
        return tuple(frozenset(_ids_of(self._unseen & bits)) for bits in _LEVEL_BITS)

    @unseen.setter
    def unseen(self, levels) -> None:
        # Kept as one bitmask: a reveal clears a bit instead of copying a set.
        self._unseen = _bits_of(c for ids in levels for c in ids)

    def is_unseen(self, card_id: str) -> bool:
        """Whether the card has not been seen yet (it is in its deck or reserved blind)."""
        return bool(_CARD_BIT[card_id] & self._unseen)

    def snapshot(self) -> tuple:
        """Every field of the state as one comparable value (for tests and resumes)."""
        return (self.bank, self.tokens, self.bonuses, self.points, self.cards, self._reserved,
                self.nobles_won, self.nobles, self._slots, self._unseen, self.decks, self.holes,
                self.costs, self._hand_costs, self.active, self.turn, self.main, self.noble_taken,
                self.passes, self.final_round, self.outcome)

    @property
    def history(self) -> list:
        """The actions pushed so far, oldest first."""
        return [a for a, _ in self._stack]

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def peek(self):
        """The last action pushed, or None."""
        return self._stack[-1][0] if self._stack else None

    def pop(self):
        """Take back the last action (any step) and return it.

        Raises IndexError when nothing was pushed.
        """
        action, saved = self._stack.pop()
        for name, value in zip(_CHANGES[type(action)], saved):
            setattr(self, name, value)
        return action

    def undo_turn(self) -> list:
        """Take back the turn in progress, or the last whole turn when none is in progress.

        Returns the actions taken back, oldest first.
        """
        undone = []
        if self.main is None and self._stack:
            undone.append(self.pop())  # the previous turn's end_turn
        while self._stack and self.main is not None:
            undone.append(self.pop())
        # Reveals pushed before the main action can't happen, so `main is None` is a turn start.
        undone.reverse()
        return undone

    def player(self, seat: int) -> PlayerView:
        return PlayerView(seat, self.names[seat], self.points[seat], self.cards[seat],
                          self.nobles_won[seat], self.tokens[seat], self.bonuses[seat],
                          self._reserved[seat])

    @property
    def players(self) -> list:
        return [self.player(i) for i in range(self.n)]

    def deck_size(self, level: int) -> int:
        return self.decks[level - 1]

    def face_up(self) -> Iterator[tuple]:
        """(level, slot, card) for every face-up card."""
        for k, cid in enumerate(self._slots):
            if cid is not None:
                yield _SLOT_OF[k] + (CARDS[cid],)

    def slots_to_reveal(self) -> list:
        """(level, slot) of every empty face-up slot whose deck still has cards."""
        out = []
        if self.holes:
            s, d = self._slots, self.decks
            k = -1
            for _ in range(self.holes):
                k = s.index(None, k + 1)
                if d[k >> 2]:
                    out.append(_SLOT_OF[k])
        return out

    def qualifying_nobles(self, seat: Optional[int] = None) -> list:
        """Ids of the nobles on the table whose requirements the seat's bonuses meet."""
        seat = self.active if seat is None else seat
        b = self.bonuses[seat]
        if b[0] + b[1] + b[2] + b[3] + b[4] < _NOBLE_MIN_BONUSES:
            return []
        have = _pack(b) | _GUARD
        return [nid for nid in self.nobles
                if nid is not None and (have - _NOBLE_REQ[nid]) & _GUARD == _GUARD]

    # ----------------------------------------------------------------- validation
    def check(self, action) -> None:
        """Raise the error ``push`` would raise for this action; return None if it is legal."""
        err = self._error(action)
        if err is not None:
            raise IllegalActionError(*err)

    def is_legal(self, action) -> bool:
        return self._error(action) is None

    def _error(self, action) -> Optional[tuple]:
        """(rule, message) for the first rule the action breaks, or None."""
        if self.outcome is not None:
            return "game-over", "The game is over: no more moves can be made."
        kind = type(action)
        card_id = getattr(action, "card", None)
        if card_id is not None and card_id not in CARDS:
            raise MalformedError(f"{card_id!r} is not a card id (1W01 to 3K04).")
        if kind is ClaimNoble and action.noble not in NOBLES:
            raise MalformedError(f"{action.noble!r} is not a noble id (N01 to N10).")
        if kind is RevealCard:
            if action.slot not in (0, 1, 2, 3):
                raise MalformedError(f"{action.slot!r} is not a slot of a market row (0 to 3).")
            if self.main is None:
                return ("no-action", "A card can only be dealt into a slot after the turn's "
                                     "main action.")
            return self._reveal_error(action)
        p = action.player
        if p != self.active:
            return ("not-your-turn", f"It is {self.names[self.active]}'s turn, not "
                                     f"{self.names[p]}'s.")
        if action.main:
            if self.main is not None:
                return ("one-action-per-turn", f"{self.names[p]} has already made this turn's "
                        "main action: only one main action per turn.")
            if kind is TakeGems:
                return self._take_error(action.gems)
            if kind is BuyCard:
                return self._buy_error(p, action.card, action.pay)
            if kind is ReserveCard:
                return self._reserve_error(p, action.card, None)
            if kind is ReserveBlind:
                return self._reserve_error(p, action.card, action.level)
            # PassTurn
            if self._has_main_action(p):
                return ("no-action", f"{self.names[p]} can't pass while a legal action "
                                     "exists: take tokens, reserve or buy a card.")
            return None
        if self.main is None:
            what = "end the turn" if kind is EndTurn else "do that"
            return ("no-action", f"{self.names[p]} has not made a main action yet: take "
                    f"tokens, reserve or buy a card before you {what}.")
        if kind is ReturnGems:
            return self._return_error(p, action.gems)
        if kind is ClaimNoble:
            return self._noble_error(p, action.noble)
        if kind is EndTurn:
            return self._end_turn_error(p)
        raise TypeError(f"not an action: {action!r}")

    def _take_error(self, gems: tuple) -> Optional[tuple]:
        if gems[GOLD]:
            return ("take-gold", "Gold can't be taken with a take action: a gold token only "
                                 "comes with reserving a card.")
        bank = self.bank
        counts = [n for n in gems[:5] if n]
        total = sum(counts)
        if len(counts) == 1 and counts[0] == 2:
            c = gems.index(2)
            if bank[c] < 4:
                return ("take-two-needs-four", f"Only {_s(bank[c], GEMS[c] + ' token')} "
                        f"{'is' if bank[c] == 1 else 'are'} in the bank: taking two of one "
                        "colour needs at least 4 in the pile.")
            return None
        if any(n != 1 for n in counts) or total > 3 or total == 0:
            return ("take-three-distinct", f"Taking {describe_tokens(gems)} is not a legal take: "
                    "take 3 tokens of 3 different colours, or 2 of one colour from a pile of "
                    "4 or more.")
        if total < 3:
            rule = self.rules.short_take
            colours_left = sum(1 for c in range(5) if bank[c])
            if rule == "never" or (rule == "when_scarce" and colours_left >= 3):
                why = ("fewer than 3 are never allowed at this table" if rule == "never"
                       else f"the bank still has {colours_left} colours")
                return ("take-three-distinct", f"Taking only {describe_tokens(gems)} is not a "
                        f"legal take: take 3 tokens of 3 different colours ({why}).")
        for c in range(5):
            if gems[c] and not bank[c]:
                return "bank-empty", f"There are no {GEMS[c]} tokens left in the bank."
        return None

    def _find_card(self, p: int, card_id: str):
        """Where a card can be taken from: ('market', level, slot), ('hand', index) or
        ('blind', index) for a hidden reserve it could be; None if nowhere."""
        card = CARDS[card_id]
        if card_id in self._slots:
            return ("market",) + _SLOT_OF[self._slots.index(card_id)]
        for i, r in enumerate(self._reserved[p]):
            if r.id == card_id:
                return "hand", i
        if self.is_unseen(card_id):
            for i, r in enumerate(self._reserved[p]):
                if type(r) is BlindCard and r.level == card.level:
                    return "blind", i
        return None

    def _not_available(self, p: int, card_id: str) -> tuple:
        return ("card-not-available", f"Card {card_id} is not face-up on the table nor among "
                f"{self.names[p]}'s reserved cards.")

    def _reserve_error(self, p: int, card_id: Optional[str], level: Optional[int]):
        if len(self._reserved[p]) >= RESERVE_LIMIT:
            return ("reserve-limit", f"{self.names[p]} already holds 3 reserved cards: a fourth "
                                     "can't be reserved.")
        if level is None:  # a face-up card
            if card_id not in self._slots:
                return ("card-not-available", f"Card {card_id} is not face-up on the table, so "
                                              "it can't be reserved.")
            return None
        if not self.decks[level - 1]:
            return ("reserve-empty-deck", f"The level {level} deck is empty: there is no card "
                                          "to reserve from it.")
        if card_id is not None:
            if CARDS[card_id].level != level or not self.is_unseen(card_id):
                return ("card-not-available", f"Card {card_id} can't be the top card of the "
                        f"level {level} deck: it is not an unseen level {level} card.")
        return None

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
        tok, bon = _pack(t), _pack(self.bonuses[p])
        out = []
        for cid in card_ids:
            pay, short = _least_gold(_COST_GUARDED[cid], _GUARD, tok, bon)
            short %= 63  # 2**6 = 1 (mod 63): the sum of the fields
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

    def _buy_error(self, p: int, card_id: str, pay: tuple):
        if self._find_card(p, card_id) is None:
            return self._not_available(p, card_id)
        card = CARDS[card_id]
        need = self.needs(p, card)
        t = self.tokens[p]
        for i in range(6):
            if pay[i] > t[i]:
                return ("payment-mismatch", f"{self.names[p]} paid {_s(pay[i], COLOURS[i] + ' token')} "
                        f"but holds only {t[i]}.")
        over = [i for i in range(5) if pay[i] > need[i]]
        short = sum(need) - sum(pay[:5])
        if over or short != pay[GOLD]:
            owed = describe_tokens(need + (0,))
            return ("payment-mismatch", f"Card {card_id} costs {owed} after "
                    f"{self.names[p]}'s bonuses, but {describe_tokens(pay)} was paid: pay "
                    "exactly the cost, with gold standing in for any colour.")
        return None

    def _return_error(self, p: int, gems: tuple):
        t = self.tokens[p]
        held = sum(t)
        total = sum(gems)
        if held <= TOKEN_LIMIT:
            return ("return-not-allowed", f"{self.names[p]} holds {held} tokens: tokens are "
                    "only returned by a player holding more than 10.")
        if held - total < TOKEN_LIMIT:
            return ("return-not-allowed", f"{self.names[p]} holds {held} tokens and must return "
                    f"only {held - TOKEN_LIMIT}, not {total}: a return never goes below 10.")
        for i in range(6):
            if gems[i] > t[i]:
                return ("return-not-allowed", f"{self.names[p]} can't return "
                        f"{_s(gems[i], COLOURS[i] + ' token')}: they hold {t[i]}.")
        return None

    def _noble_error(self, p: int, noble_id: str):
        if self.noble_taken:
            return ("one-noble-per-turn", f"{self.names[p]} has already had a noble visit this "
                    "turn: at most one noble per turn.")
        if noble_id not in self.nobles:
            return ("noble-not-earned", f"Noble {noble_id} is not on the table.")
        if noble_id not in self.qualifying_nobles(p):
            req = describe_tokens(NOBLES[noble_id].requires + (0,))
            return ("noble-not-earned", f"Noble {noble_id} needs bonuses of {req}; "
                    f"{self.names[p]}'s cards don't meet that yet.")
        return None

    def _reveal_error(self, action: RevealCard):
        level, slot, card_id = action.level, action.slot, action.card
        li = level - 1
        if CARDS[card_id].level != level:
            return ("reveal-mismatch", f"Card {card_id} is not a level {level} card, so it "
                    f"can't come from the level {level} deck.")
        if self._slots[4 * li + slot] is not None:
            return ("reveal-mismatch", f"Slot {slot + 1} of level {level} is not empty: a card "
                    "is only dealt into an empty slot.")
        if not self.decks[li] or not self.is_unseen(card_id):
            return ("reveal-mismatch", f"Card {card_id} can't come from the level {level} deck: "
                    "it has already been seen on the table.")
        return None

    def _end_turn_error(self, p: int):
        due = self.slots_to_reveal()
        if due:
            level, slot = due[0]
            return ("reveal-missing", f"Slot {slot + 1} of level {level} is empty: deal the top "
                    f"card of the level {level} deck into it before ending the turn.")
        held = sum(self.tokens[p])
        if held > TOKEN_LIMIT:
            return ("tokens-over-ten", f"{self.names[p]} holds {held} tokens: return "
                    f"{held - TOKEN_LIMIT} to the bank before ending the turn.")
        if not self.noble_taken:
            q = self.qualifying_nobles(p)
            if q:
                return ("noble-must-visit", f"Noble {q[0] if len(q) == 1 else ' or '.join(q)} "
                        f"must visit {self.names[p]}: take "
                        f"{'the tile' if len(q) == 1 else 'one of the tiles'} before ending "
                        "the turn.")
        return None

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
        # _pack, written out: this is the engine's hottest line.
        tok = t[0] | (t[1] << 6) | (t[2] << 12) | (t[3] << 18) | (t[4] << 24)
        bon = b[0] | (b[1] << 6) | (b[2] << 12) | (b[3] << 18) | (b[4] << 24)
        gold = t[5]
        # The payment of every face-up and reserved card at once (see _REPEAT), the gold
        # each needs summed into its slot's top field, compared with the player's gold.
        pay, short = _least_gold(self.costs + self._hand_costs[p], _ALL_GUARD,
                                 tok * _REPEAT, bon * _REPEAT)
        short = (short * _SUM_FIELDS) & _TOP_FIELD
        affordable = ~((short | _TOP_GUARD) - _GOLD_LIMIT[gold]) & _TOP_GUARD
        while affordable:
            low = affordable & -affordable
            affordable ^= low
            k = low.bit_length() // _SLOT_BITS - 1
            if k < _MARKET_SLOTS:
                cid = slots[k]
            else:
                cid = hand[k - _MARKET_SLOTS].id if k - _MARKET_SLOTS < len(hand) else None
            if cid is not None:  # not an empty slot, nor a hidden blind reserve
                shift = _SLOT_BITS * k
                out.append(_buy_value(p, cid, (pay >> shift) & _SLOT_MASK,
                                      (short >> (shift + 24)) & 63))
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

    # ----------------------------------------------------------------- applying actions
    def push(self, action) -> None:
        """Validate and apply an action; raises :class:`IllegalActionError` if it is illegal."""
        err = self._error(action)
        if err is not None:
            raise IllegalActionError(*err)
        _APPLY[type(action)](self, action)

    def push_unchecked(self, action) -> None:
        """Apply an action already known to be legal (e.g. just generated)."""
        _APPLY[type(action)](self, action)

    # Each _apply_* first puts the action on the stack with the old values of exactly the
    # fields it changes, in the order _CHANGES lists them for its kind (pop puts them back).
    def _clear_slot(self, k: int, card_id: str) -> None:
        """Take a card out of its market slot (bought or reserved)."""
        s = self._slots
        self._slots = s[:k] + (None,) + s[k + 1:]
        self.costs -= _SLOT_COST[k][card_id]
        self.holes += 1

    def _apply_reveal(self, action: RevealCard) -> None:
        s, d = self._slots, self.decks
        self._stack.append((action, (s, self.costs, self._unseen, d, self.holes)))
        li = action.level - 1
        k = 4 * li + action.slot
        cid = action.card
        self._slots = s[:k] + (cid,) + s[k + 1:]
        self.costs += _SLOT_COST[k][cid]
        self._unseen &= ~_CARD_BIT[cid]
        self.decks = _replace(d, li, d[li] - 1)
        self.holes -= 1

    def _apply_take(self, action: TakeGems) -> None:
        bank, tokens = self.bank, self.tokens
        self._stack.append((action, (bank, tokens, self.main, self.passes)))
        p = action.player
        self.bank = _sub(bank, action.gems)
        self.tokens = tokens[:p] + (_add(tokens[p], action.gems),) + tokens[p + 1:]
        self.main = action
        self.passes = 0

    def _apply_pass(self, action: PassTurn) -> None:
        self._stack.append((action, (self.main, self.passes)))
        self.main = action
        self.passes += 1

    def _apply_return(self, action: ReturnGems) -> None:
        bank, tokens = self.bank, self.tokens
        self._stack.append((action, (bank, tokens)))
        p = action.player
        self.bank = _add(bank, action.gems)
        self.tokens = _replace(tokens, p, _sub(tokens[p], action.gems))

    def _apply_noble(self, action: ClaimNoble) -> None:
        nobles, won, points = self.nobles, self.nobles_won, self.points
        self._stack.append((action, (nobles, won, points, self.noble_taken)))
        p = action.player
        self.nobles = _replace(nobles, nobles.index(action.noble), None)
        self.nobles_won = _replace(won, p, won[p] + (action.noble,))
        self.points = _replace(points, p, points[p] + NOBLES[action.noble].points)
        self.noble_taken = True

    def _apply_reserve(self, action) -> None:
        bank, tokens = self.bank, self.tokens
        reserved, hand_costs = self._reserved, self._hand_costs
        self._stack.append((action, (self._slots, self.costs, self.holes, self.decks,
                                     self._unseen, reserved, hand_costs, bank, tokens,
                                     self.main, self.passes)))
        p = action.player
        cid = action.card
        if type(action) is ReserveCard:
            self._clear_slot(self._slots.index(cid), cid)
            entry = CARDS[cid]
        else:
            li = action.level - 1
            self.decks = _replace(self.decks, li, self.decks[li] - 1)
            if cid is None:
                entry = BlindCard(action.level)
            else:
                entry = CARDS[cid]
                self._unseen &= ~_CARD_BIT[cid]
        hand = reserved[p] + (entry,)
        self._reserved = _replace(reserved, p, hand)
        self._hand_costs = _replace(hand_costs, p, _hand_costs(hand))
        if bank[GOLD]:
            self.bank = _sub(bank, (0, 0, 0, 0, 0, 1))
            self.tokens = _replace(tokens, p, _add(tokens[p], (0, 0, 0, 0, 0, 1)))
        self.main = action
        self.passes = 0

    def _apply_buy(self, action: BuyCard) -> None:
        bank, tokens = self.bank, self.tokens
        reserved, hand_costs = self._reserved, self._hand_costs
        bonuses, points, cards = self.bonuses, self.points, self.cards
        self._stack.append((action, (self._slots, self.costs, self.holes, self._unseen,
                                     reserved, hand_costs, bank, tokens, bonuses, points,
                                     cards, self.main, self.passes)))
        p = action.player
        cid = action.card
        card = CARDS[cid]
        if cid in self._slots:
            self._clear_slot(self._slots.index(cid), cid)
        else:
            hand = reserved[p]
            if card in hand:
                i = hand.index(card)
            else:  # a hidden blind reserve turns out to be this card
                i = hand.index(BlindCard(card.level))
                self._unseen &= ~_CARD_BIT[cid]
            hand = hand[:i] + hand[i + 1:]
            self._reserved = _replace(reserved, p, hand)
            self._hand_costs = _replace(hand_costs, p, _hand_costs(hand))
        pay = action.pay
        # The seat's entries replaced by slicing, written out here: buys are frequent.
        self.tokens = tokens[:p] + (_sub(tokens[p], pay),) + tokens[p + 1:]
        self.bank = _add(bank, pay)
        b, g = bonuses[p], card.bonus
        self.bonuses = bonuses[:p] + (b[:g] + (b[g] + 1,) + b[g + 1:],) + bonuses[p + 1:]
        self.points = points[:p] + (points[p] + card.points,) + points[p + 1:]
        self.cards = cards[:p] + (cards[p] + (cid,),) + cards[p + 1:]
        self.main = action
        self.passes = 0

    def _apply_end_turn(self, action: EndTurn) -> None:
        self._stack.append((action, (self.active, self.turn, self.main, self.noble_taken,
                                     self.final_round, self.outcome)))
        p = action.player
        if self.points[p] >= WINNING_POINTS:
            self.final_round = True
        self.turn += 1
        self.main = None
        self.noble_taken = False
        if self.passes >= self.n:
            self.outcome = self._make_outcome("all-passed")
        elif self.final_round and p == (self.first - 1) % self.n:  # the round's last seat
            self.outcome = self._make_outcome("points")
        self.active = (p + 1) % self.n

    def _make_outcome(self, reason: str) -> Outcome:
        points = self.points
        cards = tuple(len(c) for c in self.cards)
        best = max(points)
        leaders = [i for i in range(self.n) if points[i] == best]
        tie_break = None
        if len(leaders) > 1:
            fewest = min(cards[i] for i in leaders)
            winners = [i for i in leaders if cards[i] == fewest]
            tie_break = "fewest-cards" if len(winners) == 1 else "shared"
        else:
            winners = leaders
        return Outcome(tuple(winners), points, cards, reason, tie_break)

    # ----------------------------------------------------------------- summaries
    def to_dict(self) -> dict:
        """The state fields of ``replay --json`` (record.md)."""
        return {
            "finished": self.finished,
            "turn": self.turn,
            "active": None if self.finished else self.active,
            "bank": {c: self.bank[i] for i, c in enumerate(COLOURS)},
            "players": [pv.to_dict() for pv in self.players],
            "winners": list(self.outcome.winners) if self.outcome else [],
        }


def _check_setup(setup: Setup, n: int) -> None:
    """A setup that doesn't fit the player count is malformed (record.md)."""
    if not isinstance(setup.first, int) or isinstance(setup.first, bool) or not 0 <= setup.first < n:
        raise MalformedError(f"The first player must be a seat from 0 to {n - 1}.")
    nobles = list(setup.nobles)
    if len(nobles) != n + 1:
        raise MalformedError(f"A {n}-player game reveals {n + 1} nobles, not {len(nobles)}.")
    for nid in nobles:
        if nid not in NOBLES:
            raise MalformedError(f"{nid!r} is not a noble id (N01 to N10).")
    if len(set(nobles)) != len(nobles):
        raise MalformedError("The same noble is dealt twice.")
    if len(setup.market) != 3:
        raise MalformedError("The market has 3 rows, level 1 first.")
    for li, row in enumerate(setup.market):
        if len(row) != 4:
            raise MalformedError(f"The level {li + 1} row needs 4 slots, not {len(row)}.")
        ids = [c for c in row if c is not None]
        for cid in ids:
            if cid not in CARDS:
                raise MalformedError(f"{cid!r} is not a card id.")
            if CARDS[cid].level != li + 1:
                raise MalformedError(f"Card {cid} is not a level {li + 1} card.")
        if len(set(ids)) != len(ids):
            raise MalformedError(f"The same card is dealt twice in the level {li + 1} row.")


# How each kind of action changes the state (push and push_unchecked dispatch on the type).
_APPLY = {TakeGems: Game._apply_take, BuyCard: Game._apply_buy, ReserveCard: Game._apply_reserve,
          ReserveBlind: Game._apply_reserve, PassTurn: Game._apply_pass,
          RevealCard: Game._apply_reveal, ReturnGems: Game._apply_return,
          ClaimNoble: Game._apply_noble, EndTurn: Game._apply_end_turn}

# The fields each kind of action changes, in the order its _apply_* saves their old values:
# a push saves just these and a pop restores them.
_RESERVE_CHANGES = ("_slots", "costs", "holes", "decks", "_unseen", "_reserved", "_hand_costs",
                    "bank", "tokens", "main", "passes")
_CHANGES = {TakeGems: ("bank", "tokens", "main", "passes"),
            BuyCard: ("_slots", "costs", "holes", "_unseen", "_reserved", "_hand_costs", "bank",
                      "tokens", "bonuses", "points", "cards", "main", "passes"),
            ReserveCard: _RESERVE_CHANGES, ReserveBlind: _RESERVE_CHANGES,
            PassTurn: ("main", "passes"),
            RevealCard: ("_slots", "costs", "_unseen", "decks", "holes"),
            ReturnGems: ("bank", "tokens"),
            ClaimNoble: ("nobles", "nobles_won", "points", "noble_taken"),
            EndTurn: ("active", "turn", "main", "noble_taken", "final_round", "outcome")}
