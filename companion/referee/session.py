"""Table sessions (session.md): the folder that keeps every still, press, answer and entry.

A session folder holds ``session.json``, ``events.jsonl`` (one event a line, flushed and
fsynced before the event is judged) and the images the events name. Besides the images
(``NNNN.jpg``), a press judged from a ready observation (no camera: tests, a simulated table)
names an ``NNNN.json`` file holding that read-table object, so it can be judged again too.
``record.jsonl`` mirrors the accepted game record, a second copy beside the SQLite journal.
"""
from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from companion.engine.inputs import (MAX_JSON_BYTES, MAX_SMALL_BYTES, FileFacts, InputError,
                                     JSONInputError, loads, read_bytes, read_json)
from companion.engine import MAX_PLAYERS, MIN_PLAYERS
from companion.engine.record import dumps

FORMAT = "splendor-session"
COMPUTER_MOVES = "computer-moves.jsonl"   # our own file beside session.md's: the computer's moves
VERSION = 2          # what the app writes: version 2 may hold stills and auto presses
VERSIONS = (1, 2)    # what rejudge reads
APP_DIR = "splendor-companion"

log = logging.getLogger(__name__)


def data_dir() -> Path:
    """Where games, sessions and settings are kept: the one place every part of the app asks.

    ``$STATE_DIRECTORY`` (set by systemd's ``StateDirectory=``; the first entry when it lists
    several), else ``$SPLENDOR_DATA_DIR``, else ``$XDG_DATA_HOME/splendor-companion``, else
    ``~/.local/share/splendor-companion``.
    """
    state = os.environ.get("STATE_DIRECTORY")
    if state:
        return Path(state.split(":")[0])
    env = os.environ.get("SPLENDOR_DATA_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / APP_DIR


class SessionError(FileFacts):
    """A session folder can't be read: ``cause`` and its facts; ``companion.i18n.files``
    says it. Causes: ``no-folder``, ``no-session-json`` (``folder``); ``unreadable``
    (``input``: the InputError as data); ``damaged`` (``path``, ``json``: the JSON reader's
    cause as data); ``not-a-session`` (``path``, ``format``); ``version`` (``version``);
    ``players``, ``rules-not-object`` (``path``); ``first`` (``path``, ``players``);
    ``house-rules``; ``events-damaged`` (``line``, ``name``); for an event ``number``:
    ``press-not-a-seat`` (``seat`` as shown, ``players``), ``auto-not-allowed`` (``auto``),
    ``still-in-version-1``, ``still-no-image`` (``image``)."""


def _append_synced(path: Path, text: str) -> None:
    with open(path, "a", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def write_synced(path: Path, data: bytes) -> None:
    """Written to a temporary name, synced, then renamed: a power cut (or a USB stick pulled
    out too early) leaves the old file or the new one, never half of one."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class SessionWriter:
    """Records a live session into its folder."""

    def __init__(self, folder: Path, t0: Optional[float] = None):
        self.folder = Path(folder)
        self.events_path = self.folder / "events.jsonl"
        self.record_path = self.folder / "record.jsonl"
        last_t = 0.0
        count = 0
        self.events = 0    # events written so far: where a computer's move applies from
        try:
            for ev in _read_events(self.events_path, tolerate_tail=True)[0]:
                self.events += 1
                t = ev.get("t")
                if isinstance(t, (int, float)):
                    last_t = max(last_t, float(t))
        except SessionError as err:  # a damaged events file never stops a game
            log.warning("Session %s: %s; new events go on after it.", self.folder, err)
        for name in os.listdir(self.folder):
            stem, ext = os.path.splitext(name)
            if ext in (".jpg", ".json") and stem.isdigit():
                count = max(count, int(stem) + 1)
        self._next_image = count
        # Times go on from the last event of a resumed session.
        self._t0 = (time.monotonic() - last_t) if t0 is None else t0

    @classmethod
    def create(cls, root: Path, players, first: int, rules: dict) -> "SessionWriter":
        """A new session folder (written as version 2: it may hold stills and auto presses)."""
        root = Path(root)
        root.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        n = 0
        while True:
            folder = root / (stamp if n == 0 else f"{stamp}-{n}")
            try:
                folder.mkdir()
                break
            except FileExistsError:
                n += 1
        meta = {"format": FORMAT, "version": VERSION, "players": list(players),
                "first": first, "rules": rules}
        write_synced(folder / "session.json", (dumps(meta) + "\n").encode("utf-8"))
        return cls(folder, t0=time.monotonic())

    def now(self) -> float:
        return round(time.monotonic() - self._t0, 3)

    def add(self, event: dict) -> dict:
        """Append one event (``t`` is set here) and fsync it before returning."""
        event = {"type": event["type"], "t": self.now(),
                 **{k: v for k, v in event.items() if k != "type"}}
        _append_synced(self.events_path, dumps(event) + "\n")
        self.events += 1
        return event

    def note_computer_move(self, seat: int, turn_start: int, lines) -> None:
        """The computer's move, as the referee judges the turn against it, beside the events
        (``COMPUTER_MOVES``; session.md has no event for it): rejudge judges as the app did.
        ``after``: how many events came before it."""
        note = {"after": self.events, "seat": seat, "turn_start": turn_start,
                "lines": [dict(x) for x in lines]}
        _append_synced(self.folder / COMPUTER_MOVES, dumps(note) + "\n")

    def _name(self, ext: str) -> str:
        name = f"{self._next_image:04d}{ext}"
        self._next_image += 1
        return name

    def save_jpeg(self, data: bytes) -> str:
        name = self._name(".jpg")
        write_synced(self.folder / name, data)
        return name

    def save_observation(self, obs: dict) -> str:
        name = self._name(".json")
        write_synced(self.folder / name, (dumps(obs) + "\n").encode("utf-8"))
        return name

    def record_append(self, lines: list) -> None:
        _append_synced(self.record_path, "".join(dumps(line) + "\n" for line in lines))

    def record_rewrite(self, lines: list) -> None:
        write_synced(self.record_path,
                      "".join(dumps(line) + "\n" for line in lines).encode("utf-8"))


@dataclass
class Session:
    """A session folder as read back."""

    folder: Path
    players: list
    first: int
    rules: dict
    events: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    version: int = 1


def _read_events(path: Path, tolerate_tail: bool) -> tuple:
    """The events of ``events.jsonl``; a cut-off last line (the app stopped while writing it)
    is left out with a warning (``events-tail-cut``). Any other damaged line is a :class:`SessionError`."""
    try:
        data = read_bytes(path, "session's events file", MAX_JSON_BYTES)
    except FileNotFoundError:
        return [], []
    except InputError as err:
        raise SessionError("unreadable", input=err.as_data())
    text = data.decode("utf-8", errors="replace")
    raw = text.split("\n")
    complete = text.endswith("\n")
    events, warnings = [], []
    last = len(raw) - 1
    for i, line in enumerate(raw):
        if not line.strip():
            continue
        try:
            ev = loads(line)
            if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
                raise ValueError
        except ValueError:  # JSONInputError too: duplicate keys, huge numbers, deep nesting
            if tolerate_tail and i == last and not complete:
                warnings.append({"key": "events-tail-cut", "name": path.name})
                break
            raise SessionError("events-damaged", line=i + 1, name=path.name)
        events.append(ev)
    return events, warnings


def read_computer_moves(folder) -> tuple:
    """The computer's moves noted in a session folder: ([(after, seat, turn_start, lines)],
    warnings). A damaged line is left out with a warning: the events still judge. A warning
    is a ``key`` and its values (``companion.i18n.files.note`` says it)."""
    path = Path(folder) / COMPUTER_MOVES
    try:
        data = read_bytes(path, "computer's moves file", MAX_JSON_BYTES)
    except FileNotFoundError:
        return [], []
    except InputError as err:
        return [], [{"key": "unreadable", "input": err.as_data()}]
    out, warnings = [], []
    for i, line in enumerate(data.decode("utf-8", errors="replace").split("\n")):
        if not line.strip():
            continue
        try:
            note = loads(line)
            after, seat, start, lines = (note["after"], note["seat"], note["turn_start"],
                                         note["lines"])
            if not (all(type(x) is int and x >= 0 for x in (after, seat, start))
                    and isinstance(lines, list) and all(isinstance(x, dict) for x in lines)):
                raise ValueError
        except (ValueError, KeyError, TypeError):
            warnings.append({"key": "computer-move-damaged", "line": i + 1,
                             "name": COMPUTER_MOVES})
            continue
        out.append((after, seat, start, tuple(lines)))
    return out, warnings


def read_session(folder) -> Session:
    """Read a session folder; raises :class:`SessionError` with its cause."""
    folder = Path(folder)
    if not folder.is_dir():
        raise SessionError("no-folder", folder=str(folder))
    meta_path = folder / "session.json"
    try:
        meta = read_json(meta_path, "session file", MAX_SMALL_BYTES)
    except FileNotFoundError:
        raise SessionError("no-session-json", folder=str(folder))
    except InputError as err:
        raise SessionError("unreadable", input=err.as_data())
    except JSONInputError as err:
        raise SessionError("damaged", path=str(meta_path), json=err.as_data())
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise SessionError("not-a-session", path=str(meta_path), format=FORMAT)
    version = meta.get("version")
    if version not in VERSIONS or isinstance(version, bool):
        raise SessionError("version", version=version, readable=list(VERSIONS))
    players = meta.get("players")
    if (not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS
            or not all(isinstance(p, str) and p.strip() for p in players)):
        raise SessionError("players", path=str(meta_path), least=MIN_PLAYERS, most=MAX_PLAYERS)
    first = meta.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(players):
        raise SessionError("first", path=str(meta_path), players=len(players))
    rules = meta.get("rules") or {}
    if not isinstance(rules, dict):
        raise SessionError("rules-not-object", path=str(meta_path))
    events, warnings = _read_events(folder / "events.jsonl", tolerate_tail=True)
    _check_events(events, len(players), version)
    return Session(folder, players, first, rules, events, warnings, version)


def _check_events(events: list, players: int, version: int = 1) -> None:
    """Presses name a seat number (``true`` is not seat 1); in version 2 a press's ``auto`` is
    true or false and a still names its image. An undo before the setup and a second setup are
    left to the judging, which ignores them with a warning (a still that can't be read is no
    evidence: judged without it)."""
    for number, ev in enumerate(events, start=1):
        kind = ev["type"]
        if kind == "press":
            seat = ev.get("seat")
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
                raise SessionError("press-not-a-seat", number=number, seat=_shown(seat),
                                   players=players)
            if "auto" in ev and (version < 2 or not isinstance(ev["auto"], bool)):
                raise SessionError("auto-not-allowed", number=number, auto=_shown(ev["auto"]))
        elif kind == "still":
            if version < 2:
                raise SessionError("still-in-version-1", number=number)
            image = ev.get("image")
            if not isinstance(image, str) or not image:
                raise SessionError("still-no-image", number=number, image=_shown(image))


def _shown(value) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."



def read_record_mirror(folder) -> tuple:
    """The accepted record lines mirrored in ``record.jsonl`` (a cut-off last line left out),
    and warnings."""
    path = Path(folder) / "record.jsonl"
    try:
        return _read_events_plain(path)
    except FileNotFoundError:
        return [], []
    except InputError as err:
        return [], [{"key": "unreadable", "input": err.as_data()}]


def _read_events_plain(path: Path) -> tuple:
    text = read_bytes(path, "record", MAX_JSON_BYTES).decode("utf-8", errors="replace")
    lines, warnings = [], []
    raw = text.split("\n")
    for i, line in enumerate(raw):
        if not line.strip():
            continue
        try:
            obj = loads(line)
            if not isinstance(obj, dict):
                raise ValueError
        except ValueError:
            warnings.append({"key": "mirror-line-damaged", "line": i + 1, "path": str(path)})
            break
        lines.append(obj)
    return lines, warnings
