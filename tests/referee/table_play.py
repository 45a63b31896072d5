"""A simulated table for the referee: random legal turns as the camera would see them, and
illegal attempts of every kind a person can commit on a real table.

``TablePlay`` plays a seeded game on the engine's :class:`SimulatedTable` (real shuffled
decks) and, after each turn, gives the seat that pressed and the read-table object of the
table (``expected_observation``), with what a player does at a table: shows a blind-reserved
card in the scan zone (or not), leaves a noble's tile on the mat (or takes it).
``illegal_observation`` makes a table that breaks one rule, from the state at a turn start.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

from companion.engine import (CARDS, COLOURS, BuyCard, ClaimNoble, EndTurn, Game, ReserveBlind,
                              Rules, SimulatedTable, TakeGems, starting_bank)
from companion.engine import BlindCard
from companion.referee.seen import expected_observation

# Rule codes a person can break with the things on a table (rules.md). The others can't
# happen physically (bank-empty, reserve-empty-deck: nothing to take; noble-must-visit: the
# referee records a single qualifying noble itself; malformed: typed input only).
TABLE_CODES = ("not-your-turn", "game-over", "one-action-per-turn", "no-action",
               "take-three-distinct", "take-two-needs-four", "take-gold", "reserve-limit",
               "card-not-available", "payment-mismatch", "reveal-mismatch", "reveal-missing",
               "return-not-allowed", "tokens-over-ten", "noble-not-earned",
               "one-noble-per-turn")


@dataclass
class SimTurn:
    """One legal turn played on the simulated table."""

    seat: int
    observation: dict
    actions: list
    state: tuple  # the truth's snapshot after the turn


class TablePlay:
    """Random legal play on a simulated table, seen through a perfect camera."""

    def __init__(self, players: int = 2, seed: int = 0, rules: Rules = Rules(),
                 scan_probability: float = 0.5, take_tile_probability: float = 0.7):
        self.table = SimulatedTable(players, seed, rules=rules)
        self.truth: Game = self.table.new_game()
        self.names = self.table.names
        self.setup = self.table.setup
        self.rng = random.Random(seed * 7919 + 17)
        self.scan_probability = scan_probability
        self.take_tile_probability = take_tile_probability

    @property
    def finished(self) -> bool:
        return self.truth.finished

    def setup_observation(self) -> dict:
        return expected_observation(self.truth)

    def next_card(self, level: int) -> Optional[str]:
        """The top card of a physical deck (not drawn)."""
        deck = self.table.decks[level]
        return deck[-1] if deck else None

    def play_turn(self) -> SimTurn:
        game, table, rng = self.truth, self.table, self.rng
        p = game.active
        start = len(game.history)
        self._bank_at_start = game.bank
        options = list(game.legal_main_actions())
        hidden = table.hidden_buys(game) if table.hidden.get(p) else []
        action = rng.choice(options + hidden)
        scan = None
        if type(action) is ReserveBlind:
            show = rng.random() < self.scan_probability
            action = table.blind_reserve(action, show)
            scan = action.card
            game.push(action)
        elif action in hidden:
            table.bought(action)
            if rng.random() < self.scan_probability:
                scan = action.card
            game.push(action)
        else:
            if type(action) is BuyCard and action.card in {r.id for r in game.reserved[p]} and (
                    rng.random() < 0.3 or not any(action.pay)):
                # A reserved card bought with bonuses alone changes nothing the camera sees
                # on the mat: the player shows it in the scan zone.
                scan = action.card
            game.push(action)
        if scan is None and type(action) is BuyCard and not any(action.pay):
            scan = action.card
        for reveal in table.reveals(game):
            game.push(reveal)
        after_main = len(game.history)
        for _ in range(50):
            left_tile = None
            while True:
                steps = list(game.legal_end_steps())
                if type(steps[-1]) is EndTurn:
                    if len(steps) == 1:
                        game.push(steps[0])
                        break
                    steps.pop()
                step = rng.choice(steps)
                if type(step) is ClaimNoble and rng.random() > self.take_tile_probability:
                    left_tile = step.noble
                game.push(step)
            # Nobody gives back exactly the tokens just taken (an unchanged table is no
            # action at all, session.md): choose the returns again.
            if type(action) is not TakeGems or game.bank != self._bank_at_start:
                break
            while len(game.history) > after_main:
                game.pop()
        obs = expected_observation(game, scan)
        if left_tile is not None:
            # The player forgot the tile: it is still on the mat in this still.
            setup_slot = list(self.truth.setup.nobles).index(left_tile)
            obs["nobles"][setup_slot] = left_tile
        return SimTurn(p, obs, game.history[start:], game.snapshot())

    def answer_for(self, question, game: Game, turn: SimTurn):
        """The answer the player gives to a referee's question about ``turn``."""
        kind = question.question
        if kind == "noble":
            return next(a.noble for a in turn.actions if type(a) is ClaimNoble)
        if kind == "deck":
            return next(a.level for a in turn.actions if type(a) is ReserveBlind)
        if kind == "reserved-card":
            return next(a.card for a in turn.actions if type(a) is BuyCard)
        for i, option in enumerate(question.options):
            for a in option:
                game.push(a)
            state = game.snapshot()
            for _ in option:
                game.pop()
            if state == turn.state:
                return i
        raise AssertionError("no candidate of the question leads to the simulated turn")


# ----------------------------------------------------------------------------- illegal tables
def _take(obs: dict, gems: dict) -> None:
    for c, n in gems.items():
        obs["bank"][c] -= n


def _remove_card(obs: dict, play: TablePlay, game: Game, card: str, refill="deck") -> None:
    level = CARDS[card].level
    row = obs["market"][str(level)]
    slot = row.index(card)
    if refill == "deck":
        nxt = play.next_card(level)
        row[slot] = nxt
        if nxt is not None and len(play.table.decks[level]) == 1:
            obs["decks"][str(level)] = False
    else:
        row[slot] = refill


def illegal_observation(play: TablePlay, code: str, rng: random.Random) -> Optional[tuple]:
    """(seat, observation) of a table breaking rule ``code`` from the state at a turn start,
    or None when this state can't produce it."""
    game = play.truth
    p = game.active
    obs = expected_observation(game)
    bank = game.bank
    held = sum(game.tokens[p])
    gems = [c for c in range(5) if bank[c] >= 1]
    face_up = [c.id for _, _, c in game.face_up()]
    rng.shuffle(gems)
    rng.shuffle(face_up)
    full = starting_bank(game.n)

    def three():
        return {COLOURS[c]: 1 for c in gems[:3]} if len(gems) >= 3 else None

    if code == "game-over":
        return (p, obs) if game.finished else None
    if game.finished:
        return None
    if code == "not-your-turn":
        # The next seat presses on the table as it is. (A changed table may be the active
        # seat's turn and the presser's, a forgotten press: session.md version 2.)
        return (p + 1) % game.n, obs
    if code == "no-action":
        return (p, obs) if bank[5] else None
    if code == "take-three-distinct":
        two = [c for c in range(5) if bank[c] >= 2]
        if not two:
            return None
        c = rng.choice(two)
        other = [d for d in range(5) if d != c and bank[d] >= 1]
        if not other:
            return None
        _take(obs, {COLOURS[c]: 2, COLOURS[rng.choice(other)]: 1})
        return p, obs
    if code == "take-two-needs-four":
        low = [c for c in range(5) if bank[c] in (2, 3)]
        if not low:
            return None
        _take(obs, {COLOURS[rng.choice(low)]: 2})
        return p, obs
    if code == "take-gold":
        if not bank[5] or len(gems) < 2:
            return None
        _take(obs, {"gold": 1, COLOURS[gems[0]]: 1, COLOURS[gems[1]]: 1})
        return p, obs
    if code == "reserve-limit":
        if len(game.reserved[p]) < 3 or not face_up:
            return None
        _remove_card(obs, play, game, face_up[0])
        if bank[5]:
            _take(obs, {"gold": 1})
        return p, obs
    if code == "one-action-per-turn":
        if len(game.reserved[p]) >= 3 or not face_up or not gems:
            return None
        _remove_card(obs, play, game, face_up[0])
        _take(obs, {COLOURS[gems[0]]: 1})
        if bank[5]:
            _take(obs, {"gold": 1})
        return p, obs
    if code == "card-not-available":
        blind_levels = {r.level for r in game.reserved[p] if type(r) is BlindCard}
        levels = [lv for lv in (1, 2, 3) if lv not in blind_levels and game.unseen[lv - 1]]
        back = [c for c in range(5) if bank[c] < full[c]]
        if not levels or not back:
            return None
        known = [r.id for r in game.reserved[p] if type(r) is not BlindCard]
        rng.shuffle(back)
        for c in back:
            pay = tuple(1 if i == c else 0 for i in range(6))
            if any(game.is_legal(BuyCard(p, k, pay)) for k in known):
                continue  # that payment buys a reserved card: a legal turn
            lv = rng.choice(levels)
            obs["scan"] = rng.choice(sorted(game.unseen[lv - 1]))
            obs["bank"][COLOURS[c]] += 1
            return p, obs
        return None
    if code == "payment-mismatch":
        t = game.tokens[p]
        colours = [c for c in range(6) if t[c]]
        if not colours:
            return None
        for card in face_up:
            pay = [0] * 6
            pay[rng.choice(colours)] = 1
            action = BuyCard(p, card, tuple(pay))
            if game.is_legal(action):
                continue
            try:
                game.check(action)
            except Exception as err:  # IllegalActionError
                if getattr(err, "rule", None) != "payment-mismatch":
                    continue
            _remove_card(obs, play, game, card)
            for c in range(6):
                obs["bank"][COLOURS[c]] += pay[c]
            return p, obs
        return None
    if code in ("reveal-missing", "reveal-mismatch"):
        if len(game.reserved[p]) >= 3:
            return None
        for card in face_up:
            level = CARDS[card].level
            if not game.decks[level - 1]:
                continue
            if code == "reveal-missing":
                _remove_card(obs, play, game, card, refill=None)
            else:
                others = [lv for lv in (1, 2, 3) if lv != level and play.table.decks[lv]]
                if not others:
                    continue
                lv = rng.choice(others)
                _remove_card(obs, play, game, card, refill=play.table.decks[lv][-1])
            if bank[5]:
                _take(obs, {"gold": 1})
            return p, obs
        return None
    if code == "return-not-allowed":
        tk = three()
        t = game.tokens[p]
        back = [c for c in range(6) if t[c] and COLOURS[c] not in (tk or {})]
        if not tk or held > 7 or not back:
            return None
        _take(obs, tk)
        obs["bank"][COLOURS[rng.choice(back)]] += 1
        return p, obs
    if code == "tokens-over-ten":
        tk = three()
        if not tk or held < 8:
            return None
        _take(obs, tk)
        return p, obs
    if code in ("noble-not-earned", "one-noble-per-turn"):
        tk = three()
        on_mat = [i for i, n in enumerate(obs["nobles"]) if n is not None]
        if not tk or held > 7:
            return None
        qualifying = set(game.qualifying_nobles(p))
        if code == "noble-not-earned":
            pick = [i for i in on_mat if obs["nobles"][i] not in qualifying]
            if not pick:
                return None
            obs["nobles"][rng.choice(pick)] = None
        else:
            if len(on_mat) < 2:
                return None
            for i in rng.sample(on_mat, 2):
                obs["nobles"][i] = None
        _take(obs, tk)
        return p, obs
    raise ValueError(f"unknown code {code!r}")


__all__ = ["TABLE_CODES", "SimTurn", "TablePlay", "illegal_observation"]
