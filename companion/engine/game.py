"""The game state: push actions, pop them, ask what is legal, read the outcome.

Modelled on python-chess's ``Board``: a mutable state with a stack. Every field of the state is
an immutable value (tuples, ints), so a push saves the old values of the fields its action
changes, by reference, and a pop puts them back exactly.

Deck order is hidden: each deck is the set of its level's unseen cards, and ``decks`` counts
the cards physically in it. A blind reserve holds "a level-N card" (:class:`BlindCard`) whose
identity is bound only when it is bought, and only to a card still unseen at that level.

Here: the state, its legality checks, push/pop. Move generation: ``moves.py`` (a base class);
packed arithmetic: ``packing.py``; rules, setup, outcome and limits: ``values.py``.

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
companion.engine.errors.IllegalActionError: take-two-needs-four (take-two-needs-four): {'colour': 3, 'n': 3}
>>> game.pop()
EndTurn(player=0)
>>> game.active
0
"""
from __future__ import annotations

from typing import Iterator, Optional, Sequence

from .actions import (BuyCard, ClaimNoble, EndTurn, PassTurn, ReserveBlind, ReserveCard,
                      ReturnGems, RevealCard, TakeGems)
from .cards import CARDS, CARDS_BY_LEVEL, COLOURS, GOLD, LEVELS, NOBLES, starting_bank
from .errors import IllegalActionError, MalformedError
from .moves import Moves
from .packing import (CARD_BIT, GUARD, LEVEL_BITS, NOBLE_MIN_BONUSES, NOBLE_REQUIRES, SLOT_COST,
                      SLOT_OF, bits_of, ids_of, pack, packed_hand, packed_market)
# The values and limits lived here before moves.py and values.py were split off: still
# importable from here.
from .values import (MAX_PLAYERS, MIN_PLAYERS, RESERVE_LIMIT, SHORT_TAKE_CHOICES, TOKEN_LIMIT,
                     WINNING_POINTS, ZERO6, BlindCard, Outcome, PlayerView, Rules, Setup,
                     check_setup)
from .values import add_tokens as _add
from .values import replaced as _replace
from .values import sub_tokens as _sub

__all__ = ["Game", "BlindCard", "Outcome", "PlayerView", "Rules", "Setup", "SHORT_TAKE_CHOICES",
           "WINNING_POINTS", "TOKEN_LIMIT", "RESERVE_LIMIT", "ZERO6"]



class Game(Moves):
    """A game of Splendor in progress.

    ``push`` validates and applies an action (raising :class:`IllegalActionError` with a rule
    code), ``pop`` takes back the last one, ``legal_actions`` yields what the active player may
    do next (main actions, then end-of-turn steps). Reveals are not generated: the table deals
    them, and :meth:`slots_to_reveal` says where one is due.
    """

    def __init__(self, players: Sequence[str], setup: Setup, rules: Rules = Rules()):
        n = len(players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise MalformedError("player-count", players=n, least=MIN_PLAYERS, most=MAX_PLAYERS)
        self.names = tuple(players)
        self.n = n
        self.rules = rules
        check_setup(setup, n)
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
        self._unseen = (LEVEL_BITS[0] | LEVEL_BITS[1] | LEVEL_BITS[2]) & ~bits_of(dealt)
        self.decks = tuple(len(CARDS_BY_LEVEL[lv]) - sum(1 for c in row if c is not None)
                           for lv, row in zip(LEVELS, setup.market))
        self.holes = self._slots.count(None)  # empty face-up slots
        self.costs = packed_market(self._slots)  # the market's costs, packed
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
        self._hand_costs = tuple(packed_hand(h) for h in hands)

    @property
    def unseen(self) -> tuple:
        """Per level, the frozenset of card ids not seen yet (in the deck or reserved blind)."""
        return tuple(frozenset(ids_of(self._unseen & bits)) for bits in LEVEL_BITS)

    @unseen.setter
    def unseen(self, levels) -> None:
        # Kept as one bitmask: a reveal clears a bit instead of copying a set.
        self._unseen = bits_of(c for ids in levels for c in ids)

    def is_unseen(self, card_id: str) -> bool:
        """Whether the card has not been seen yet (it is in its deck or reserved blind)."""
        return bool(CARD_BIT[card_id] & self._unseen)

    def snapshot(self) -> tuple:
        """Every field of the state as one comparable value (for tests and resumes)."""
        return (self.bank, self.tokens, self.bonuses, self.points, self.cards, self._reserved,
                self.nobles_won, self.nobles, self._slots, self._unseen, self.decks, self.holes,
                self.costs, self._hand_costs, self.active, self.turn, self.main, self.noble_taken,
                self.passes, self.final_round, self.outcome)

    def copy(self) -> "Game":
        """An independent copy, in the same state and with the same history (pop works on it).

        Every field is an immutable value, so the copy shares them; only the stack is a new
        list. Changing one game never changes the other.

        >>> from companion.engine import SimulatedTable, ReserveBlind
        >>> game = SimulatedTable(players=2, seed=1).new_game()
        >>> other = game.copy()
        >>> other.push(ReserveBlind(other.active, 1))
        >>> game.history, other.history, game.tokens == other.tokens
        ([], [ReserveBlind(player=1, level=1, card=None)], False)
        """
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._stack = list(self._stack)
        return other

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
                yield SLOT_OF[k] + (CARDS[cid],)

    def slots_to_reveal(self) -> list:
        """(level, slot) of every empty face-up slot whose deck still has cards."""
        out = []
        if self.holes:
            s, d = self._slots, self.decks
            k = -1
            for _ in range(self.holes):
                k = s.index(None, k + 1)
                if d[k >> 2]:
                    out.append(SLOT_OF[k])
        return out

    def qualifying_nobles(self, seat: Optional[int] = None) -> list:
        """Ids of the nobles on the table whose requirements the seat's bonuses meet."""
        seat = self.active if seat is None else seat
        b = self.bonuses[seat]
        if b[0] + b[1] + b[2] + b[3] + b[4] < NOBLE_MIN_BONUSES:
            return []
        have = pack(b) | GUARD
        return [nid for nid in self.nobles
                if nid is not None and (have - NOBLE_REQUIRES[nid]) & GUARD == GUARD]

    @property
    def reserve_gold(self) -> int:
        """The gold tokens a reserve takes now: 1 while the bank has one left, else 0.

        >>> from companion.engine import SimulatedTable
        >>> game = SimulatedTable(players=2, seed=1).new_game()
        >>> game.bank[5], game.reserve_gold
        (5, 1)
        """
        return 1 if self.bank[GOLD] else 0

    # ----------------------------------------------------------------- validation
    def check(self, action) -> None:
        """Raise the error ``push`` would raise for this action; return None if it is legal."""
        err = self._error(action)
        if err is not None:
            raise IllegalActionError(*err)

    def is_legal(self, action) -> bool:
        return self._error(action) is None

    def _error(self, action) -> Optional[tuple]:
        """(rule, reason, facts) for the first rule the action breaks, or None (the facts
        are plain data; ``companion.i18n.messages`` says them)."""
        if self.outcome is not None:
            return "game-over", "game-over", {}
        kind = type(action)
        card_id = getattr(action, "card", None)
        if card_id is not None and card_id not in CARDS:
            raise MalformedError("not-a-card", card=card_id)
        if kind is ClaimNoble and action.noble not in NOBLES:
            raise MalformedError("not-a-noble", noble=action.noble)
        if kind is RevealCard:
            if action.slot not in (0, 1, 2, 3):
                raise MalformedError("not-a-slot", slot=action.slot)
            if self.main is None:
                return "no-action", "reveal-before-main", {}
            return self._reveal_error(action)
        p = action.player
        name = self.names[p]
        if p != self.active:
            return "not-your-turn", "not-your-turn", {"active": self.names[self.active],
                                                      "name": name}
        if action.main:
            if self.main is not None:
                return "one-action-per-turn", "one-action-per-turn", {"name": name}
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
                return "no-action", "pass-while-legal", {"name": name}
            return None
        if self.main is None:
            return ("no-action", "end-before-main" if kind is EndTurn else "step-before-main",
                    {"name": name})
        if kind is ReturnGems:
            return self._return_error(p, action.gems)
        if kind is ClaimNoble:
            return self._noble_error(p, action.noble)
        if kind is EndTurn:
            return self._end_turn_error(p)
        raise TypeError(f"not an action: {action!r}")

    def _take_error(self, gems: tuple) -> Optional[tuple]:
        if gems[GOLD]:
            return "take-gold", "take-gold", {}
        bank = self.bank
        counts = [n for n in gems[:5] if n]
        total = sum(counts)
        if len(counts) == 1 and counts[0] == 2:
            c = gems.index(2)
            if bank[c] < 4:
                return "take-two-needs-four", "take-two-needs-four", {"colour": c, "n": bank[c]}
            return None
        if any(n != 1 for n in counts) or total > 3 or total == 0:
            return "take-three-distinct", "take-illegal", {"gems": tuple(gems)}
        if total < 3:
            rule = self.rules.short_take
            colours_left = sum(1 for c in range(5) if bank[c])
            if rule == "never":
                return "take-three-distinct", "take-short-never", {"gems": tuple(gems)}
            if rule == "when_scarce" and colours_left >= 3:
                return ("take-three-distinct", "take-short-scarce",
                        {"gems": tuple(gems), "n": colours_left})
        for c in range(5):
            if gems[c] and not bank[c]:
                return "bank-empty", "bank-empty", {"colour": c}
        return None

    def _find_card(self, p: int, card_id: str):
        """Where a card can be taken from: ('market', level, slot), ('hand', index) or
        ('blind', index) for a hidden reserve it could be; None if nowhere."""
        card = CARDS[card_id]
        if card_id in self._slots:
            return ("market",) + SLOT_OF[self._slots.index(card_id)]
        for i, r in enumerate(self._reserved[p]):
            if r.id == card_id:
                return "hand", i
        if self.is_unseen(card_id):
            for i, r in enumerate(self._reserved[p]):
                if type(r) is BlindCard and r.level == card.level:
                    return "blind", i
        return None

    def _reserve_error(self, p: int, card_id: Optional[str], level: Optional[int]):
        if len(self._reserved[p]) >= RESERVE_LIMIT:
            return "reserve-limit", "reserve-limit", {"name": self.names[p]}
        if level is None:  # a face-up card
            if card_id not in self._slots:
                return "card-not-available", "reserve-not-face-up", {"card": card_id}
            return None
        if not self.decks[level - 1]:
            return "reserve-empty-deck", "reserve-empty-deck", {"level": level}
        if card_id is not None:
            if CARDS[card_id].level != level or not self.is_unseen(card_id):
                return "card-not-available", "reserve-not-top", {"card": card_id, "level": level}
        return None

    def _buy_error(self, p: int, card_id: str, pay: tuple):
        name = self.names[p]
        if self._find_card(p, card_id) is None:
            return "card-not-available", "card-not-available", {"card": card_id, "name": name}
        card = CARDS[card_id]
        need = self.needs(p, card)
        t = self.tokens[p]
        for i in range(6):
            if pay[i] > t[i]:
                return ("payment-mismatch", "paid-more-than-held",
                        {"name": name, "colour": i, "n": pay[i], "held": t[i]})
        over = [i for i in range(5) if pay[i] > need[i]]
        short = sum(need) - sum(pay[:5])
        if over or short != pay[GOLD]:
            return ("payment-mismatch", "payment-mismatch",
                    {"card": card_id, "name": name, "owed": tuple(need) + (0,),
                     "paid": tuple(pay)})
        return None

    def _return_error(self, p: int, gems: tuple):
        name = self.names[p]
        t = self.tokens[p]
        held = sum(t)
        total = sum(gems)
        if held <= TOKEN_LIMIT:
            return "return-not-allowed", "return-not-over", {"name": name, "held": held}
        if held - total < TOKEN_LIMIT:
            return ("return-not-allowed", "return-too-many",
                    {"name": name, "held": held, "due": held - TOKEN_LIMIT, "n": total})
        for i in range(6):
            if gems[i] > t[i]:
                return ("return-not-allowed", "return-not-held",
                        {"name": name, "colour": i, "n": gems[i], "held": t[i]})
        return None

    def _noble_error(self, p: int, noble_id: str):
        if self.noble_taken:
            return "one-noble-per-turn", "one-noble-per-turn", {"name": self.names[p]}
        if noble_id not in self.nobles:
            return "noble-not-earned", "noble-not-on-table", {"noble": noble_id}
        if noble_id not in self.qualifying_nobles(p):
            return ("noble-not-earned", "noble-not-earned",
                    {"noble": noble_id, "name": self.names[p],
                     "requires": tuple(NOBLES[noble_id].requires) + (0,)})
        return None

    def _reveal_error(self, action: RevealCard):
        level, slot, card_id = action.level, action.slot, action.card
        li = level - 1
        if CARDS[card_id].level != level:
            return "reveal-mismatch", "reveal-wrong-level", {"card": card_id, "level": level}
        if self._slots[4 * li + slot] is not None:
            return "reveal-mismatch", "reveal-slot-full", {"slot": slot + 1, "level": level}
        if not self.decks[li] or not self.is_unseen(card_id):
            return "reveal-mismatch", "reveal-seen", {"card": card_id, "level": level}
        return None

    def _end_turn_error(self, p: int):
        due = self.slots_to_reveal()
        if due:
            level, slot = due[0]
            return "reveal-missing", "reveal-missing", {"slot": slot + 1, "level": level}
        held = sum(self.tokens[p])
        if held > TOKEN_LIMIT:
            return ("tokens-over-ten", "tokens-over-ten",
                    {"name": self.names[p], "held": held, "due": held - TOKEN_LIMIT})
        if not self.noble_taken:
            q = self.qualifying_nobles(p)
            if q:
                return ("noble-must-visit", "noble-must-visit",
                        {"name": self.names[p], "nobles": tuple(q)})
        return None

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
        self.costs -= SLOT_COST[k][card_id]
        self.holes += 1

    def _apply_reveal(self, action: RevealCard) -> None:
        s, d = self._slots, self.decks
        self._stack.append((action, (s, self.costs, self._unseen, d, self.holes)))
        li = action.level - 1
        k = 4 * li + action.slot
        cid = action.card
        self._slots = s[:k] + (cid,) + s[k + 1:]
        self.costs += SLOT_COST[k][cid]
        self._unseen &= ~CARD_BIT[cid]
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
                self._unseen &= ~CARD_BIT[cid]
        hand = reserved[p] + (entry,)
        self._reserved = _replace(reserved, p, hand)
        self._hand_costs = _replace(hand_costs, p, packed_hand(hand))
        if self.reserve_gold:
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
                self._unseen &= ~CARD_BIT[cid]
            hand = hand[:i] + hand[i + 1:]
            self._reserved = _replace(reserved, p, hand)
            self._hand_costs = _replace(hand_costs, p, packed_hand(hand))
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
            self.outcome = Outcome.decide(self.points, self.cards, "all-passed")
        elif self.final_round and p == (self.first - 1) % self.n:  # the round's last seat
            self.outcome = Outcome.decide(self.points, self.cards, "points")
        self.active = (p + 1) % self.n

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


# How each kind of action changes the state (push and push_unchecked dispatch on the type).
_APPLY = {TakeGems: Game._apply_take, BuyCard: Game._apply_buy, ReserveCard: Game._apply_reserve,
          ReserveBlind: Game._apply_reserve, PassTurn: Game._apply_pass,
          RevealCard: Game._apply_reveal, ReturnGems: Game._apply_return,
          ClaimNoble: Game._apply_noble, EndTurn: Game._apply_end_turn}

# The fields each kind of action changes, in the order its _apply_* saves their old values
# (written out there: a helper reading this list cost a tenth of push/pop's speed), and pop
# restores them from this list. tests/engine check every push saves exactly these.
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
