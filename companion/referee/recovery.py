"""Opening the journal so that no confirmed turn is ever lost.

Every accepted turn is written twice: to the SQLite journal (``journal.sqlite``, WAL) and to
the ``record.jsonl`` mirror of its session folder. On start the two are reconciled: a game
whose mirror holds accepted lines the journal lacks (a lost WAL, an empty, missing or damaged
journal file, damaged rows) is restored from the mirror, and the notice says so as facts (a
:class:`~companion.referee.notice.NoticeFacts`, said by companion.i18n.notices in the screen's
language, English in logs).
A journal file SQLite can't open is set aside (never deleted) first. A data folder that can't
be written is said plainly and left exactly as it is.
"""
from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path
from typing import Optional

from companion.engine import RuleError
from companion.engine.record import game_from_lines, parse_event
from companion.referee.journal import Journal, JournalError
from companion.referee.notice import NoticeFacts, os_cause
from companion.referee.session import read_record_mirror

log = logging.getLogger(__name__)

JOURNAL_NAME = "journal.sqlite"
SESSIONS = "sessions"
# What damaged record lines raise when replayed: a rule broken, or a field of the wrong kind.
_DAMAGED_LINE = (RuleError, ValueError, TypeError, KeyError, IndexError, AttributeError,
                 StopIteration)


class DataFolderError(OSError):
    """The data folder can't be written (it is not damage): ``notice`` holds the facts (the
    folder and the cause), for companion.i18n.notices to say plainly in any language."""

    def __init__(self, notice: NoticeFacts):
        super().__init__(f"{notice.code}: {notice.data}")   # for logs and tracebacks
        self.notice = notice


def check_writable(root: Path) -> None:
    """Make sure ``root`` exists and can be written; raises :class:`DataFolderError`."""
    try:
        root.mkdir(parents=True, exist_ok=True)
        probe = root / f".write-check-{os.getpid()}"
        with open(probe, "wb") as f:
            f.write(b"ok")
        probe.unlink()
    except OSError as err:
        log.error("The data folder %s can't be written: %s", root, err)   # the OS's own words
        raise DataFolderError(NoticeFacts.of("folder-unwritable", folder=str(root),
                                             cause=os_cause(err))) from err


def session_folder(root: Path, name) -> Optional[Path]:
    """The session folder a journal row names, only when it is a plain folder name inside
    ``root/sessions`` (a path read from the journal never leads outside the data folder)."""
    if not isinstance(name, str) or not name or name in (".", "..") or "/" in name \
            or "\\" in name or "\0" in name:
        return None
    base = (root / SESSIONS).resolve()
    folder = (base / name).resolve()
    if folder.parent != base or not folder.is_dir():
        return None
    return folder


def valid_prefix(lines: list) -> tuple:
    """The longest prefix of record lines that replays legally, cut at a whole turn, and its
    game (None when not even the header and setup can be read)."""
    if len(lines) < 2:
        return [], None
    try:
        game = game_from_lines(lines[:2])
    except _DAMAGED_LINE as err:
        log.warning("Record: the header or setup can't be read (%r).", err)
        return [], None
    keep = 2
    for i in range(2, len(lines)):
        try:
            game.push(parse_event(lines[i], game.n))
        except _DAMAGED_LINE as err:
            log.warning("Record: line %d can't be replayed (%r); kept up to line %d.",
                        i + 1, err, keep)
            break
        if game.main is None:
            keep = i + 1
    return lines[:keep], game_from_lines(lines[:keep])


def journal_lines(journal: Journal, game_id: int) -> list:
    """The game's lines in the journal, or [] when its rows are damaged (logged)."""
    try:
        lines, _ = valid_prefix(journal.lines(game_id))
        return lines
    except (JournalError, sqlite3.DatabaseError) as err:
        log.warning("Journal: game %s can't be read (%s).", game_id, err)
        return []


def _holds(journal: Journal, game_id: int, raw: list) -> bool:
    """Whether the journal's rows of a game start with exactly these mirror lines."""
    try:
        have = journal.lines(game_id)
    except (JournalError, sqlite3.DatabaseError):
        return False
    return len(have) >= len(raw) and have[:len(raw)] == raw


def open_journal(root) -> tuple:
    """The journal of a data folder, reconciled with the session records, and the notices
    (a tuple of :class:`NoticeFacts`, empty when nothing had to be restored); raises
    :class:`DataFolderError` when the folder can't be written."""
    root = Path(root)
    check_writable(root)
    path = root / JOURNAL_NAME
    notes = []
    try:
        journal = Journal(path)
    except JournalError as err:
        log.error("Journal: %s", err)   # its cause and facts (a log keeps facts)
        aside = _set_aside(root)
        journal = Journal(path)
        notes.append(NoticeFacts.of("journal-set-aside", name=aside.name))
    restored = reconcile(journal, root)
    if restored:
        notes.append(NoticeFacts.of("games-restored", n=restored))
    return journal, tuple(notes)


def _set_aside(root: Path) -> Path:
    n = 1
    while (root / f"{JOURNAL_NAME}.damaged-{n}").exists():
        n += 1
    aside = root / f"{JOURNAL_NAME}.damaged-{n}"
    os.replace(root / JOURNAL_NAME, aside)
    for suffix in ("-wal", "-shm"):
        if (root / (JOURNAL_NAME + suffix)).exists():
            os.replace(root / (JOURNAL_NAME + suffix), root / f"{aside.name}{suffix}")
    return aside


def reconcile(journal: Journal, root: Path) -> int:
    """Restore every game whose session mirror holds accepted lines the journal lacks;
    returns how many were restored. The journal wins when it holds more (the mirror is
    written just after the journal commit)."""
    folder = root / SESSIONS
    by_session = {}
    repaired = 0
    for row in journal.games():
        if row["session"]:
            by_session[row["session"]] = row
        if not row["players"]:  # a damaged names column: the record's header has them
            header = (journal_lines(journal, row["id"]) or [{}])[0]
            if header.get("players"):
                journal.set_players(row["id"], list(header["players"]))
                repaired += 1
    if repaired:
        log.warning("Journal: the player names of %d games were repaired from their records.",
                    repaired)
    restored = []
    for name in sorted(os.listdir(folder)) if folder.is_dir() else ():
        if session_folder(root, name) is None:
            continue
        raw, _ = read_record_mirror(folder / name)
        row = by_session.get(name)
        if row is not None and _holds(journal, row["id"], raw):
            continue  # the usual case, checked without replaying the game
        mirror, game = valid_prefix(raw)
        if game is None:
            continue
        have = journal_lines(journal, row["id"]) if row else []
        if len(have) >= len(mirror) and have[:len(mirror)] == mirror:
            continue  # the journal holds every line the mirror has
        outcome = game.outcome.to_dict() if game.outcome else None
        if row is None:
            gid = journal.new_game(mirror[0], mirror[1], session=name)
            journal.append(gid, mirror[2:], outcome=outcome)
        else:
            gid = row["id"]
            journal.replace_lines(gid, mirror, outcome=outcome)
        log.warning("Journal: game %s restored from sessions/%s (%d lines, the journal had %d).",
                    gid, name, len(mirror), len(have))
        restored.append((gid, row is None, outcome is None))
    # Only the newest unfinished game is offered for resume; older restored ones stay kept.
    newest = journal.unfinished()
    for gid, new, unfinished in restored:
        if new and unfinished and newest is not None and gid != newest["id"]:
            journal.abandon(gid)
    return len(restored)
