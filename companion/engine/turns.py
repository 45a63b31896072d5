"""Questions about the turn in progress, answered by the engine for the referee and the screens.

The end-of-turn order (deal, return down to the limit, noble visit, end) lives here once, so
no caller re-derives it.

>>> from companion.engine import SimulatedTable, TakeGems
>>> game = SimulatedTable(players=2, seed=1).new_game()
>>> next_step(game)
('main',)
>>> game.push(TakeGems(game.active, (1, 1, 1, 0, 0, 0)))
>>> next_step(game), tokens_over(game)
(('end',), 0)
"""
from __future__ import annotations

from typing import Optional

from .actions import BuyCard, ReserveBlind, ReserveCard, ReturnGems, TakeGems
from .errors import RuleError
from .game import Game
from .values import TOKEN_LIMIT, ZERO6, add_tokens, sub_tokens

__all__ = ["tokens_over", "tokens_moved", "next_step", "nobles_after"]


def tokens_over(game: Game, seat: Optional[int] = None) -> int:
    """How many tokens the seat holds beyond the limit (0 when within it)."""
    seat = game.active if seat is None else seat
    return max(0, sum(game.tokens[seat]) - TOKEN_LIMIT)


def tokens_moved(game: Game, actions) -> tuple:
    """The tokens these actions of the turn starting now move from the bank to the active
    seat, per colour (negative: back to the bank); reveals, nobles and end_turn move none.

    Only the main action depends on the state (a reserve takes a gold while one is left) and
    it comes first, so the turn is not pushed: it need not be legal.

    >>> from companion.engine import SimulatedTable, ReserveBlind, ReturnGems
    >>> game = SimulatedTable(players=2, seed=1).new_game()
    >>> p = game.active
    >>> tokens_moved(game, [ReserveBlind(p, 1), ReturnGems(p, (1, 0, 0, 0, 0, 0))])
    (-1, 0, 0, 0, 0, 1)
    """
    moved = ZERO6
    for action in actions:
        kind = type(action)
        if kind is TakeGems:
            moved = add_tokens(moved, action.gems)
        elif kind is ReserveCard or kind is ReserveBlind:
            moved = add_tokens(moved, (0, 0, 0, 0, 0, game.reserve_gold))
        elif kind is BuyCard:
            moved = sub_tokens(moved, action.pay)
        elif kind is ReturnGems:
            moved = sub_tokens(moved, action.gems)
    return moved


def next_step(game: Game) -> Optional[tuple]:
    """What the active turn needs next: ``("main",)``, ``("reveal", level, slot)``,
    ``("return", count)``, ``("noble", ids)`` or ``("end",)``; None once the game is over."""
    if game.finished:
        return None
    if game.main is None:
        return ("main",)
    due = game.slots_to_reveal()
    if due:
        return ("reveal",) + tuple(due[0])
    over = tokens_over(game)
    if over:
        return ("return", over)
    if not game.noble_taken:
        q = game.qualifying_nobles()
        if q:
            return ("noble", tuple(q))
    return ("end",)


def nobles_after(game: Game, actions) -> Optional[list]:
    """The nobles that would qualify for the active seat after ``actions`` (pushed and popped
    again); None when the actions are not legal in turn."""
    done = 0
    try:
        for action in actions:
            game.push(action)
            done += 1
        return list(game.qualifying_nobles())
    except RuleError:
        return None
    finally:
        for _ in range(done):
            game.pop()
