"""A pushed body checked: the JSON shape, then every record line replayed by the rules engine.

The same engine and the same checks as ``splendor-companion replay`` (companion.engine.record):
a record the table's referee wrote replays here line for line; anything else is refused with
the line and the rule, and nothing is stored.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from companion.engine.errors import RecordError
from companion.engine.inputs import JSONInputError, loads
from companion.engine.record import dumps, replay_lines
from companion.i18n import files
from companion.i18n.messages import english

MAX_BODY_BYTES = 1024 * 1024       # 1 MB; one byte more is 413
MAX_BODY_DEPTH = 8                 # body 1, record 2, line 3, gems 4: far more is an attack
MAX_REVISION = 2 ** 53             # a JSON number every client reads exactly
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class BodyError(Exception):
    """400: the body is not the JSON the API takes, as a ``cause`` and its ``facts``;
    ``companion.i18n.league.body_english`` says it. Causes: ``not-json`` (``json``: the JSON
    reader's refusal as data), ``too-deep`` (``depth``), ``not-a-body``, ``revision``
    (``most``), ``record``."""

    def __init__(self, cause: str, **facts):
        super().__init__(cause, facts)
        self.cause = cause
        self.facts = facts

    def __str__(self) -> str:   # for logs and tracebacks; the answer is body_english's
        return f"{self.cause}: {self.facts}"


@dataclass(frozen=True)
class Refusal:
    """422: the record breaks a rule (or is malformed) at ``line`` (1 = the header)."""

    message: str
    line: int
    rule: str


def parse_body(raw: bytes) -> tuple:
    """``(revision, record lines as dicts)``; raises :class:`BodyError` with its cause."""
    try:
        body = loads(raw)
    except JSONInputError as err:
        raise BodyError("not-json", json=err.as_data())
    if depth(body) > MAX_BODY_DEPTH:
        raise BodyError("too-deep", depth=MAX_BODY_DEPTH)
    if not isinstance(body, dict) or set(body) != {"revision", "record"}:
        raise BodyError("not-a-body")
    revision, record = body["revision"], body["record"]
    if (not isinstance(revision, int) or isinstance(revision, bool)
            or not 0 <= revision <= MAX_REVISION):
        raise BodyError("revision", most=MAX_REVISION)
    if not isinstance(record, list) or not record:
        raise BodyError("record")
    return revision, record


def depth(value, limit: int = MAX_BODY_DEPTH + 1) -> int:
    """How deeply arrays and objects nest (stops counting past ``limit``)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, dict)):
            deepest = max(deepest, d)
            if d > limit:
                return d
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def check_record(record: list) -> tuple:
    """``(summary, None)`` for a legal record, ``(None, Refusal)`` for one that is not.

    A line may be a JSON object (as decoded) or a string holding one (as in a .jsonl file).
    """
    texts = []
    for number, line in enumerate(record, start=1):
        if isinstance(line, str):
            if "\n" in line or "\r" in line:
                return None, Refusal("A record line may not hold a line break.", number,
                                     "malformed")
            texts.append(line)
        elif isinstance(line, dict):
            texts.append(dumps(line))
        else:
            return None, Refusal("Every record line must be a JSON object.", number,
                                 "malformed")
    try:
        result = replay_lines(texts)
    except RecordError as err:
        return None, Refusal(files.english(err), err.line or 1, "malformed")
    if not result.ok:
        # The engine refuses with facts; the league answers in the records' English.
        return None, Refusal(english(result.error), result.error_line, result.error.rule)
    if result.game is None:
        return None, Refusal("The record has no setup line: a game starts with the header and "
                             "the setup.", 2, "malformed")
    return summary(result.game, record), None


def summary(game, record: list) -> dict:
    """What the pages and ``/api/v1/tables`` show of a game, computed once at push time."""
    state = game.to_dict()
    names = list(game.names)
    return {
        "players": names,
        "points": [p["points"] for p in state["players"]],
        "turn": state["turn"],
        "active": state["active"],
        "finished": state["finished"],
        "winners": state["winners"],
        "bank": state["bank"],
        "seats": state["players"],
        "market": [[c.id if c else None for c in row] for row in game.market],
        "decks": list(game.decks),
        "nobles": [n for n in game.nobles if n is not None],
        "last_move": last_move(record),
    }


def last_move(record: list) -> Optional[list]:
    """The lines of the last turn begun (its main action first), as objects; None before any."""
    objs = [loads(x) if isinstance(x, str) else x for x in record[2:]]
    start = None
    for i in range(len(objs) - 1, -1, -1):
        if objs[i].get("type") in ("take", "reserve", "buy", "pass"):
            start = i
            break
    if start is None:
        return None
    turn = []
    for obj in objs[start:]:
        if obj.get("type") == "end_turn":
            break
        turn.append(obj)
    return turn
