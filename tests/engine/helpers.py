"""Building games in a chosen position for rule tests."""
from __future__ import annotations

from companion.engine import CARDS, Game, Rules, Setup

MARKET = (("1W01", "1U04", "1R02", "1K07"), ("2G01", "2W05", "2R03", "2K02"),
          ("3U02", "3W01", "3G04", "3R03"))
NOBLES2 = ("N03", "N07", "N01")


def tok(white=0, blue=0, green=0, red=0, black=0, gold=0) -> tuple:
    return (white, blue, green, red, black, gold)


def bon(white=0, blue=0, green=0, red=0, black=0) -> tuple:
    return (white, blue, green, red, black)


def new_game(players=2, first=0, rules=Rules(), nobles=None, market=MARKET) -> Game:
    names = ("Ana", "Ben", "Cleo", "Dev")[:players]
    nobles = nobles or ("N03", "N07", "N01", "N05", "N10")[:players + 1]
    return Game(names, Setup(first, nobles, market), rules)


def position(game: Game, seat: int, *, tokens=None, bonuses=None, reserved=None, bank=None,
             points=None) -> Game:
    """Put a seat in a chosen position (a fixture: real play would take many turns).

    Token totals stay consistent: whatever the seat is given comes out of the bank unless the
    bank is set explicitly.
    """
    if tokens is not None:
        old = game.tokens[seat]
        game.tokens = game.tokens[:seat] + (tokens,) + game.tokens[seat + 1:]
        if bank is None:
            game.bank = tuple(b + o - t for b, o, t in zip(game.bank, old, tokens))
    if bank is not None:
        game.bank = bank
    if bonuses is not None:
        game.bonuses = game.bonuses[:seat] + (bonuses,) + game.bonuses[seat + 1:]
    if reserved is not None:
        entries = tuple(CARDS[r] if isinstance(r, str) else r for r in reserved)
        game.reserved = game.reserved[:seat] + (entries,) + game.reserved[seat + 1:]
    if points is not None:
        game.points = game.points[:seat] + (points,) + game.points[seat + 1:]
    return game
