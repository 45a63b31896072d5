"""The computer player: a search that sees only what its seat may know.

``choose_move`` picks a whole turn (main action, returns, noble) for the seat to move from a
game record or a live game; ``describe_move`` says it in words; ``turning_points`` (the coach)
finds the turns where a player's move fell furthest below the computer's choice.

>>> from companion.engine import SimulatedTable
>>> from companion.engine.record import record_lines
>>> game = SimulatedTable(players=3, seed=2).new_game()
>>> choice = choose_move(list(record_lines(game)), iterations=20, seed=7)
>>> choice.seat == game.active and len(choice.lines) >= 1
True
"""
from .coach import TurningPoint, turning_points
from .player import LEVELS, Level, MoveChoice, choose_move, describe_move
from .view import Position, PositionError, read_position

__all__ = ["LEVELS", "Level", "MoveChoice", "choose_move", "describe_move", "Position",
           "PositionError", "read_position", "TurningPoint", "turning_points"]
