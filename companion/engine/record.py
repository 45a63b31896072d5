"""The game record (``spec/record.md``): JSON Lines in, actions out, and back.

>>> header = parse_header('{"format": "splendor-record", "version": 1, "players": ["Ana", "Ben"]}')
>>> header.players, header.rules.short_take
(('Ana', 'Ben'), 'when_scarce')
>>> parse_event({"type": "take", "player": 0, "gems": {"red": 1, "blue": 1, "green": 1}}, 2)
TakeGems(player=0, gems=(0, 1, 1, 1, 0, 0))
>>> parse_event({"type": "take", "player": 5, "gems": {"red": 1}}, 2)
Traceback (most recent call last):
...
companion.engine.errors.MalformedError: malformed (player-not-a-seat): {'player': 5, 'players': 2}
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Optional

from .actions import (BuyCard, ClaimNoble, EndTurn, PassTurn, ReserveBlind, ReserveCard,
                      ReturnGems, RevealCard, TakeGems)
from .cards import CARDS, COLOUR_INDEX, NOBLES
from .errors import IllegalActionError, MalformedError, RecordError, RuleError
from .inputs import MAX_RECORD_BYTES, InputError, JSONInputError, loads, read_bytes
from .game import SHORT_TAKE_CHOICES, Game, Rules, Setup
from .values import MAX_PLAYERS, MIN_PLAYERS

FORMAT = "splendor-record"
VERSION = 1


@dataclass(frozen=True)
class Header:
    players: tuple
    rules: Rules = field(default_factory=Rules)

    def to_line(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "players": list(self.players),
                "rules": self.rules.to_dict()}


def dumps(line) -> str:
    """One record line as JSON (compact, UTF-8 text); the journal and sessions write any JSON
    value of theirs the same way."""
    return json.dumps(line, ensure_ascii=False, separators=(", ", ": "))


def parse_header(text: str) -> Header:
    """Parse the first line; raises :class:`RecordError` when it is not a valid header."""
    try:
        obj = loads(text)
    except JSONInputError as err:
        raise RecordError("header-not-json", json=err.as_data())
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise RecordError("not-a-header", format=FORMAT)
    if obj.get("version") != VERSION or isinstance(obj.get("version"), bool):
        raise RecordError("version", version=obj.get("version"), readable=VERSION)
    players = obj.get("players")
    if (not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS
            or not all(isinstance(p, str) and p.strip() for p in players)):
        raise RecordError("players", least=MIN_PLAYERS, most=MAX_PLAYERS)
    unknown = set(obj) - {"format", "version", "players", "rules"}
    if unknown:
        raise RecordError("unknown-fields", fields=sorted(unknown))
    rules_obj = obj.get("rules", {})
    if not isinstance(rules_obj, dict) or set(rules_obj) - {"short_take"}:
        raise RecordError("rules-fields", allowed=["short_take"])
    short = rules_obj.get("short_take", "when_scarce")
    if short not in SHORT_TAKE_CHOICES:
        raise RecordError("short-take", choices=list(SHORT_TAKE_CHOICES))
    return Header(tuple(players), Rules(short_take=short))


def parse_json_line(text: str) -> dict:
    try:
        obj = loads(text)
    except JSONInputError as err:
        raise MalformedError("not-json", json=err.as_data())   # the JSON reader's cause
    if not isinstance(obj, dict):
        raise MalformedError("not-an-object")
    return obj


_FIELDS = {
    "setup": {"type", "first", "nobles", "market"},
    "take": {"type", "player", "gems"},
    "reserve": {"type", "player", "card", "level"},
    "buy": {"type", "player", "card", "pay"},
    "reveal": {"type", "level", "slot", "card"},
    "return": {"type", "player", "gems"},
    "noble": {"type", "player", "noble"},
    "pass": {"type", "player"},
    "end_turn": {"type", "player"},
}


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _require(obj: dict, name: str):
    if name not in obj:
        raise MalformedError("field-missing", event=obj["type"], field=name)
    return obj[name]


def _player(obj: dict, players: int) -> int:
    p = _require(obj, "player")
    if not _int(p):
        raise MalformedError("player-not-a-number")
    if not 0 <= p < players:
        raise MalformedError("player-not-a-seat", player=p, players=players)
    return p


def _tokens(obj: dict, name: str, *, allow_empty: bool = False) -> tuple:
    value = _require(obj, name)
    if not isinstance(value, dict):
        raise MalformedError("tokens-not-a-map", field=name)
    if not value and not allow_empty:
        raise MalformedError("tokens-empty", field=name)
    counts = [0] * 6
    for colour, n in value.items():
        if colour not in COLOUR_INDEX:
            raise MalformedError("not-a-colour", colour=colour)
        if not _int(n) or n <= 0:
            raise MalformedError("count-not-positive", colour=colour)
        counts[COLOUR_INDEX[colour]] = n
    return tuple(counts)


def _card(obj: dict, name: str = "card") -> str:
    cid = _require(obj, name)
    if not isinstance(cid, str) or cid not in CARDS:
        raise MalformedError("not-a-card", card=cid)
    return cid


def _level(obj: dict) -> int:
    level = _require(obj, "level")
    if not _int(level) or level not in (1, 2, 3):
        raise MalformedError("level-not-1-to-3")
    return level


def parse_event(obj: dict, players: int):
    """Turn one decoded record line into an action (or a :class:`Setup`)."""
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise MalformedError("not-an-event", event=kind)
    extra = set(obj) - _FIELDS[kind]
    if extra:
        raise MalformedError("unknown-fields", event=kind, fields=sorted(extra))
    if kind == "setup":
        first = _require(obj, "first")
        nobles = _require(obj, "nobles")
        market = _require(obj, "market")
        if not _int(first):
            raise MalformedError("first-not-a-number")
        if not isinstance(nobles, list) or not all(isinstance(n, str) for n in nobles):
            raise MalformedError("nobles-not-a-list")
        if (not isinstance(market, list) or
                not all(isinstance(r, list) and all(c is None or isinstance(c, str) for c in r)
                        for r in market)):
            raise MalformedError("market-not-lists")
        return Setup(first, tuple(nobles), tuple(tuple(r) for r in market))
    if kind == "reveal":
        level = _level(obj)
        slot = _require(obj, "slot")
        if not _int(slot) or not 0 <= slot <= 3:
            raise MalformedError("slot-not-0-to-3")
        return RevealCard(level, slot, _card(obj))
    p = _player(obj, players)
    if kind == "take":
        return TakeGems(p, _tokens(obj, "gems"))
    if kind == "return":
        return ReturnGems(p, _tokens(obj, "gems"))
    if kind == "buy":
        return BuyCard(p, _card(obj), _tokens(obj, "pay", allow_empty=True))
    if kind == "reserve":
        if "level" in obj:
            return ReserveBlind(p, _level(obj), _card(obj) if "card" in obj else None)
        return ReserveCard(p, _card(obj))
    if kind == "noble":
        nid = _require(obj, "noble")
        if not isinstance(nid, str) or nid not in NOBLES:
            raise MalformedError("not-a-noble", noble=nid)
        return ClaimNoble(p, nid)
    if kind == "pass":
        return PassTurn(p)
    return EndTurn(p)


@dataclass
class ReplayResult:
    """What ``replay`` found: the game after the last legal line, and the first error if any."""

    game: Optional[Game]
    header: Header
    error: Optional[RuleError] = None
    error_line: Optional[int] = None
    error_text: Optional[str] = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_dict(self, message: str = "") -> dict:
        """The object of ``replay --json`` (record.md); ``message``: the error's sentence,
        said by ``companion.i18n.messages`` (the engine says none)."""
        out: dict = {"ok": self.ok, "error": None}
        if self.error is not None:
            out["error"] = {"line": self.error_line, "rule": self.error.rule,
                            "message": message}
        if self.game is not None:
            out.update(self.game.to_dict())
        else:  # stopped before the setup: nothing is on the table yet
            out.update({"finished": False, "turn": 0, "active": None, "bank": None,
                        "players": [{"name": n} for n in self.header.players], "winners": []})
        return out


def read_lines(path) -> list:
    """The record's lines as text; raises :class:`RecordError` when it can't be read at all."""
    try:
        data = read_bytes(path, "game record", MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise RecordError("no-file", path=str(path))
    except InputError as err:
        raise RecordError("unreadable", input=err.as_data())
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("not-utf8", path=str(path))
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    # A final newline (or trailing blank lines) ends the file; it is not an empty event.
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise RecordError("empty-file", path=str(path))
    return [ln.rstrip("\r") for ln in lines]


def replay_lines(lines: Iterable[str]) -> ReplayResult:
    """Check every line in order and stop at the first that breaks a rule.

    The first line must be the header (else :class:`RecordError`), the second the setup.
    """
    it = iter(lines)
    try:
        first = next(it)
    except StopIteration:
        raise RecordError("empty")
    header = parse_header(first)
    result = ReplayResult(None, header)
    n = len(header.players)
    for number, text in enumerate(it, start=2):
        try:
            if not text.strip():
                raise MalformedError("empty-line")
            event = parse_event(parse_json_line(text), n)
            if isinstance(event, Setup):
                if result.game is not None:
                    raise MalformedError("setup-twice")
                result.game = Game(header.players, event, header.rules)
            elif result.game is None:
                raise MalformedError("setup-not-second")
            else:
                result.game.push(event)
        except RuleError as err:
            result.error, result.error_line, result.error_text = err, number, text
            break
    return result


def replay(path) -> ReplayResult:
    return replay_lines(read_lines(path))


def record_lines(game: Game) -> Iterator[dict]:
    """The record of a game: header, setup, then every action pushed."""
    yield Header(game.names, game.rules).to_line()
    yield game.setup.to_line()
    for action in game.history:
        yield action.to_line()


def write_record(game: Game, path) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for line in record_lines(game):
            f.write(dumps(line) + "\n")


def game_from_lines(lines: Iterable[dict]) -> Game:
    """Rebuild a game from decoded record lines that are known to be legal (e.g. a journal).

    Raises :class:`RuleError` at the first line that is not.
    """
    it = iter(lines)
    first = next(it, None)
    if first is None:
        raise RecordError("empty")
    header = parse_header(json.dumps(first))
    game = None
    for obj in it:
        event = parse_event(obj, len(header.players))
        if isinstance(event, Setup):
            game = Game(header.players, event, header.rules)
        elif game is None:
            raise MalformedError("not-set-up")
        else:
            game.push(event)
    if game is None:
        raise MalformedError("no-setup")
    return game


__all__ = ["Header", "ReplayResult", "dumps", "parse_header", "parse_event", "parse_json_line",
           "read_lines", "replay", "replay_lines", "record_lines", "write_record",
           "game_from_lines", "IllegalActionError"]
