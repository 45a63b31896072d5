"""The dealt table checked before a game starts: the camera's reading of the setup (or the
players' confirmed draft) either makes a :class:`~companion.engine.Setup` or is refused with
its facts (:class:`SetupError`), which companion.i18n.camera says in the players' language.
"""
from __future__ import annotations

from companion.engine import Game, MalformedError, Rules, Setup, starting_bank
from companion.engine.cards import CARDS, COLOURS, NOBLES
from companion.referee.seen import ObservationError, corner_missing, read_seen

__all__ = ["SetupError", "check_dealt", "check_game"]


class SetupError(ValueError):
    """The dealt table can't be used to start a game: ``data`` holds the facts (a ``key`` and
    its values, or the camera's ``covered``/``unsure``; companion.i18n.camera says them)."""

    def __init__(self, data: dict):
        super().__init__(f"setup refused: {data}")   # for logs and tracebacks
        self.data = dict(data)  # the facts, for companion.i18n.camera


def check_dealt(obs: dict, players, first: int = 0) -> Setup:
    """The dealt table as the camera sees it; raises :class:`SetupError` with its facts."""
    n = len(players)
    if isinstance(obs, dict) and obs.get("busy") and (obs.get("mat") is not False
                                                      or obs.get("covered")):
        covered = obs.get("covered")
        covered = [str(p) for p in covered] if isinstance(covered, list) else None
        raise SetupError({"covered": covered, "again": "read"})
    try:
        seen = read_seen(obs)
    except ObservationError as err:
        raise SetupError(err.data)
    if seen.uncertain:
        data = {"unsure": sorted(seen.uncertain)}
        if corner_missing(obs):
            data["corner"] = True
        raise SetupError(data)
    nobles = seen.nobles
    for i in range(5):
        v = nobles[i]
        if i <= n and v in (None, "?"):
            raise SetupError({"key": "noble-slot-empty" if v is None else "noble-slot-unread",
                              "slot": i + 1, "players": n})
        if i > n and v is not None:
            raise SetupError({"key": "noble-slot-extra", "slot": i + 1, "players": n})
        if v is not None and v not in NOBLES:
            raise SetupError({"key": "noble-is-card", "slot": i + 1, "tag": v})
    for li, row in enumerate(seen.market):
        for s, c in enumerate(row):
            where = {"level": li + 1, "slot": s + 1}
            if c is None:
                raise SetupError({"key": "market-slot-empty", **where})
            if c == "?":
                raise SetupError({"key": "market-slot-unread", **where})
            if c not in CARDS or CARDS[c].level != li + 1:
                raise SetupError({"key": "wrong-level", "tag": c, **where})
    for li in range(3):
        if not seen.decks[li]:
            raise SetupError({"key": "deck-missing", "level": li + 1})
    full = starting_bank(n)
    for i in range(len(COLOURS)):
        if seen.bank[i] != full[i]:
            raise SetupError({"key": "bank-start", "colour": i, "full": full[i],
                              "seen": seen.bank[i], "players": n})
    setup = Setup(first, tuple(nobles[:n + 1]), tuple(tuple(r) for r in seen.market))
    check_game(players, setup, Rules())   # what else the engine finds wrong (a noble twice)
    return setup


def check_game(players, setup: Setup, rules: Rules) -> Game:
    """The game a confirmed setup starts; raises :class:`SetupError` when the engine can't
    read it (its facts: the engine's ``problem``)."""
    try:
        return Game(players, setup, rules)
    except MalformedError as err:
        raise SetupError({"key": "malformed", "problem": err.as_data()})
