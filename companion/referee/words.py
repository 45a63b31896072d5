"""Plain sentences for the actions of a turn (the verdict banner)."""
from __future__ import annotations

from typing import Optional

from companion.engine import (ClaimNoble, EndTurn, Game, PassTurn, ReserveBlind, ReserveCard,
                              ReturnGems, RevealCard, RuleError, TakeGems, BuyCard)
from companion.engine.cards import describe_tokens


def _name(game: Game, p: int) -> str:
    return game.names[p]


def describe_action(game: Game, action) -> str:
    """One plain sentence for an action (the game is the state before it)."""
    kind = type(action)
    if kind is RevealCard:
        return f"Card {action.card} was dealt into level {action.level}, slot {action.slot + 1}."
    p = action.player
    who = _name(game, p)
    gold = " and a gold token" if game.reserve_gold else ""
    if kind is TakeGems:
        return f"{who} took {describe_tokens(action.gems)}."
    if kind is ReserveCard:
        return f"{who} reserved card {action.card}{gold}."
    if kind is ReserveBlind:
        shown = f" ({action.card})" if action.card else ""
        return f"{who} reserved the top card of the level {action.level} deck{shown}{gold}."
    if kind is BuyCard:
        paid = describe_tokens(action.pay) if sum(action.pay) else "nothing (bonuses cover it)"
        return f"{who} bought card {action.card}, paying {paid}."
    if kind is PassTurn:
        return f"{who} passed: no legal action was possible."
    if kind is ReturnGems:
        return f"{who} returned {describe_tokens(action.gems)} to the bank."
    if kind is ClaimNoble:
        return f"Noble {action.noble} visits {who}."
    return ""


def describe_turn(game: Game, turn: list, noble_tile: Optional[str] = None) -> str:
    """The turn in English (records, logs); ``noble_tile``: the visiting noble whose tile the
    camera still saw on the mat (:func:`companion.referee.judge.accept` finds it)."""
    parts = []
    done = 0
    try:
        for action in turn:
            if type(action) is not EndTurn:
                text = describe_action(game, action)
                if type(action) is ClaimNoble and action.noble == noble_tile:
                    text = text[:-1] + f": take the tile of noble {action.noble} from the mat."
                if type(action) is not RevealCard:
                    parts.append(text)
            game.push(action)
            done += 1
        if game.outcome is not None:
            o = game.outcome
            names = [game.names[i] for i in o.winners]
            parts.append(f"The game is over: {' and '.join(names)} "
                         f"{'wins' if len(names) == 1 else 'share the victory'} with "
                         f"{o.points[o.winners[0]]} points.")
        elif game.final_round:
            parts.append(f"This is the final round; {game.names[game.active]} plays next.")
    except RuleError:
        pass
    finally:
        for _ in range(done):
            game.pop()
    return " ".join(parts)
