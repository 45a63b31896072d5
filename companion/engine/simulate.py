"""A simulated table: real shuffled decks dealt from a seed, and random legal play.

The engine never knows deck order; the table does. ``SimulatedTable`` holds the physical decks,
deals the setup and every reveal, and knows what a blind-reserved card really is.

>>> table = SimulatedTable(players=2, seed=7)
>>> game = table.new_game()
>>> len(game.nobles), game.deck_size(1)
(3, 36)
>>> result = play_random_game(players=3, seed=1)
>>> result.game.finished
True
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Optional

from .actions import BuyCard, EndTurn, ReserveBlind, RevealCard
from .cards import CARDS_BY_LEVEL, LEVELS, NOBLES
from .game import Game, Rules, Setup

DEFAULT_NAMES = ("Ana", "Ben", "Cleo", "Dev")
# The decks and nobles in a fixed order before shuffling (so a seed deals the same game).
_DECKS = {lv: sorted(CARDS_BY_LEVEL[lv]) for lv in LEVELS}
_NOBLES = sorted(NOBLES)
# Every reveal a table can deal, as values built once.
_REVEAL = {(lv, slot): {cid: RevealCard(lv, slot, cid) for cid in CARDS_BY_LEVEL[lv]}
           for lv in LEVELS for slot in range(4)}


class SimulatedTable:
    """The physical side of a game: shuffled decks from a seed, deals and reveals."""

    def __init__(self, players: int = 2, seed: Optional[int] = None,
                 names: Optional[tuple] = None, rules: Rules = Rules()):
        self.rng = random.Random(seed)
        self.players = players
        self.names = tuple(names or DEFAULT_NAMES[:players])
        self.rules = rules
        self.decks = {lv: list(_DECKS[lv]) for lv in LEVELS}
        for lv in LEVELS:
            self.rng.shuffle(self.decks[lv])
        nobles = self.rng.sample(_NOBLES, players + 1)
        market = tuple(tuple(self.decks[lv].pop() for _ in range(4)) for lv in LEVELS)
        self.setup = Setup(self.rng.randrange(players), tuple(nobles), market)
        # What each seat's hidden blind reserves really are, per level, in reserve order.
        self.hidden: dict = {}

    def new_game(self) -> Game:
        return Game(self.names, self.setup, self.rules)

    def draw(self, level: int) -> Optional[str]:
        deck = self.decks[level]
        return deck.pop() if deck else None

    def reveals(self, game: Game) -> list:
        """Deal a card into every empty slot whose deck has cards."""
        return [_REVEAL[level, slot][self.draw(level)] for level, slot in game.slots_to_reveal()]

    def blind_reserve(self, action: ReserveBlind, scan: bool) -> ReserveBlind:
        """Take the top card for a blind reserve; record its identity only if ``scan``."""
        card = self.draw(action.level)
        if scan:
            return ReserveBlind(action.player, action.level, card)
        self.hidden.setdefault(action.player, []).append(card)
        return action

    def hidden_buys(self, game: Game) -> list:
        """Buys of the active seat's hidden blind reserves, which the table knows."""
        return game.affordable_buys(game.active, self.hidden.get(game.active, ()))

    def finish_turn(self, game: Game, rng: random.Random) -> None:
        """After the main action: the reveals dealt, random end steps (returns, a noble's
        visit) and the turn's end, all validated."""
        player = game.active
        for reveal in self.reveals(game):
            game.push(reveal)
        while True:
            steps = [a for a in game.legal_end_steps() if type(a) is not EndTurn]
            if not steps:
                break
            game.push(rng.choice(steps))
        game.push(EndTurn(player))

    def bought(self, action: BuyCard) -> None:
        hidden = self.hidden.get(action.player)
        if hidden and action.card in hidden:
            hidden.remove(action.card)


@dataclass
class GameResult:
    game: Game
    steps: int


def play_random_game(players: int = 2, seed: Optional[int] = None, rules: Rules = Rules(),
                     scan_probability: float = 0.5, max_turns: int = 2000,
                     rng: Optional[random.Random] = None) -> GameResult:
    """Play one game of random legal decisions through the full rules.

    A step is one decision with the legal-move generation that offers it (record.md, bench):
    a main action, a return or a noble choice. Reveals and end_turn are not steps.
    """
    table = SimulatedTable(players, seed, rules=rules)
    rng = rng or random.Random(None if seed is None else seed + 1)
    game = table.new_game()
    steps = 0
    choice = rng.choice
    while game.outcome is None and game.turn < max_turns:
        options = game._main_actions()
        hidden = table.hidden_buys(game) if table.hidden.get(game.active) else []
        action = choice(options + hidden if hidden else options)
        steps += 1
        if type(action) is ReserveBlind:
            game.push_unchecked(table.blind_reserve(action, rng.random() < scan_probability))
        elif hidden and action in hidden:
            table.bought(action)
            game.push(action)  # binds a hidden reserve: validated in full
        else:
            game.push_unchecked(action)
        for reveal in table.reveals(game):
            game.push_unchecked(reveal)
        while True:
            # Returns are forced while over 10 and a qualifying noble before the end: each
            # such choice is a step. end_turn comes last and is not a step.
            end_steps = game._end_steps()
            if type(end_steps[-1]) is EndTurn:
                if len(end_steps) == 1:
                    game.push_unchecked(end_steps[0])
                    break
                end_steps.pop()
            game.push_unchecked(choice(end_steps))
            steps += 1
    return GameResult(game, steps)


def bench(players: int = 2, seconds: float = 5.0, seed: int = 0) -> dict:
    """Random legal play for about ``seconds`` of CPU time; steps and games per second.

    Rates are per second of this process's CPU time (one core), so other load on the machine
    doesn't skew them, measured after a short warm-up that is not counted.
    """
    rng = random.Random(seed)
    clock = time.process_time
    # Warm up first, as benchmarks do: the engine's shared caches (legal takes, returns and
    # buys as values) fill during the first games of a process and stay full after.
    warm_up = clock() + min(0.5, seconds / 10)
    while clock() < warm_up:
        play_random_game(players, seed=rng.randrange(1 << 30), rng=rng)
    steps = games = 0
    start = clock()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        result = play_random_game(players, seed=rng.randrange(1 << 30), rng=rng)
        steps += result.steps
        games += 1
        elapsed = clock() - start
    return {"players": players, "steps_per_s": round(steps / elapsed, 1),
            "games_per_s": round(games / elapsed, 2), "games": games,
            "seconds": round(elapsed, 2)}
