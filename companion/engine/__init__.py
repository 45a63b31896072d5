"""The rules engine of Splendor (base game), standard library only.

>>> from companion.engine import play_random_game
>>> result = play_random_game(players=4, seed=3)
>>> outcome = result.game.outcome
>>> outcome.reason in ("points", "all-passed") and len(outcome.winners) >= 1
True
"""
from .actions import (MAIN_ACTIONS, BuyCard, ClaimNoble, EndTurn, PassTurn, ReserveBlind,
                      ReserveCard, ReturnGems, RevealCard, TakeGems)
from .cards import (CARDS, CARDS_BY_LEVEL, COLOURS, GEMS, LEVELS, NOBLES, Card, Noble,
                    starting_bank)
from .errors import IllegalActionError, MalformedError, RecordError, RuleError
from .game import BlindCard, Game, Outcome, PlayerView, Rules, Setup
from .simulate import SimulatedTable, bench, play_random_game
from .turns import next_step, nobles_after, tokens_moved, tokens_over
from .values import (MAX_PLAYERS, MIN_PLAYERS, RESERVE_LIMIT, SHORT_TAKE_CHOICES, TOKEN_LIMIT,
                     WINNING_POINTS, standings)

__all__ = [
    "MAIN_ACTIONS", "BuyCard", "ClaimNoble", "EndTurn", "PassTurn", "ReserveBlind",
    "ReserveCard", "ReturnGems", "RevealCard", "TakeGems", "CARDS", "CARDS_BY_LEVEL", "COLOURS",
    "GEMS", "LEVELS", "NOBLES", "Card", "Noble", "starting_bank", "IllegalActionError",
    "MalformedError", "RecordError", "RuleError", "BlindCard", "Game", "Outcome", "PlayerView",
    "Rules", "Setup", "SimulatedTable", "bench", "play_random_game", "MAX_PLAYERS",
    "MIN_PLAYERS", "RESERVE_LIMIT",
    "SHORT_TAKE_CHOICES", "TOKEN_LIMIT", "WINNING_POINTS", "next_step", "nobles_after",
    "standings", "tokens_moved", "tokens_over",
]
