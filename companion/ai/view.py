"""What one seat may know: the game rebuilt from its record without the others' secrets.

The record may carry the private scan of a blind-reserved card (``"card"`` on a ``reserve``
line with a ``level``). Only the owner has seen that card, so in another seat's view the line
loses its ``card`` and the reserve stays a hidden :class:`~companion.engine.BlindCard` until the
owner buys it (the ``buy`` line shows it to everybody). Deck order never reaches the engine.

>>> from companion.engine.record import dumps
>>> lines = [dumps({"format": "splendor-record", "version": 1, "players": ["Ana", "Ben"]}),
...          dumps({"type": "setup", "first": 0, "nobles": ["N03", "N07", "N01"],
...                 "market": [["1W01", "1U04", "1R02", "1K07"], ["2G01", "2W05", "2R03", "2K02"],
...                            ["3U02", "3W01", "3G04", "3R03"]]}),
...          dumps({"type": "reserve", "player": 0, "level": 3, "card": "3K01"}),
...          dumps({"type": "end_turn", "player": 0})]
>>> game = read_position(lines).game
>>> game.active, game.reserved[0], game.is_unseen("3K01")
(1, (BlindCard(level=3),), True)
>>> read_position(lines[:3])
Traceback (most recent call last):
...
companion.ai.view.PositionError: inside-a-turn: {}
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from companion.engine import Game, RecordError, ReserveBlind, Setup
from companion.engine.inputs import FileFacts
from companion.engine.record import (Header, dumps, parse_event, parse_json_line, record_lines,
                                     replay_lines)


class PositionError(FileFacts, ValueError):
    """The record is readable but there is no move to make (exit 1 of ``ai-move``): a cause
    and its facts, said by ``companion.i18n.position`` (the computer player says no sentence).

    Causes: ``breaks-a-rule`` (``line``; ``refusal``: the engine's refusal, ``game``: the game
    before that line, for the rule's own sentence), ``before-setup``, ``game-over``,
    ``inside-a-turn``."""

    def __init__(self, cause: str, refusal=None, game=None, **facts):
        super().__init__(cause, **facts)
        # A line that breaks a rule: the engine's refusal (facts, no words) and the game
        # before it (objects, not plain data: kept beside the facts).
        self.refusal = refusal
        self.game = game


@dataclass
class Position:
    """A game at the start of a turn, as the seat to move sees it."""

    game: Game          # the seat's view: others' scanned blind reserves hidden again
    header: Header
    seat: int
    lines: list         # the record's lines as text


def _as_text(lines) -> list:
    return [ln if isinstance(ln, str) else dumps(ln) for ln in lines]


def read_position(lines: Iterable, seat=None) -> Position:
    """The position at the end of a record, seen by ``seat`` (default: the seat to move).

    ``lines`` are record lines as text or as decoded objects. Raises
    :class:`~companion.engine.RecordError` when they are not a record (exit 2) and
    :class:`PositionError` when there is no move to make (exit 1).
    """
    text = _as_text(lines)
    result = replay_lines(text)
    if result.error is not None:
        raise PositionError("breaks-a-rule", result.error, result.game, line=result.error_line)
    full = result.game
    if full is None:
        raise PositionError("before-setup")
    if full.finished:
        raise PositionError("game-over")
    if full.main is not None:
        raise PositionError("inside-a-turn")
    seat = full.active if seat is None else seat
    return Position(seat_view(result.header, text[1:], seat), result.header, seat, text)


def seat_view(header: Header, event_lines: Iterable[str], seat: int) -> Game:
    """Replay legal event lines, hiding the other seats' scanned blind reserves from ``seat``."""
    game = None
    n = len(header.players)
    for text in event_lines:
        event = parse_event(parse_json_line(text), n)
        if isinstance(event, Setup):
            game = Game(header.players, event, header.rules)
            continue
        if type(event) is ReserveBlind and event.player != seat and event.card is not None:
            event = ReserveBlind(event.player, event.level)
        game.push(event)
    return game


def position_from_game(game: Game, seat=None) -> Position:
    """The position of a live game (e.g. the referee's), seen by ``seat``."""
    return read_position([dumps(line) for line in record_lines(game)], seat)


__all__ = ["Position", "PositionError", "read_position", "seat_view", "position_from_game",
           "RecordError"]
