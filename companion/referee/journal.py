"""The game journal: every game's record in SQLite, committed before anyone is told.

One file (``journal.sqlite`` in the data directory), standard ``sqlite3``, WAL with
``synchronous=FULL``: a turn the referee confirmed survives a power cut. A game is its record
lines (record.md) in order; a finished game also keeps its outcome, for the history and the
per-player wins.

>>> import tempfile, os
>>> j = Journal(os.path.join(tempfile.mkdtemp(), "journal.sqlite"))
>>> gid = j.new_game({"format": "splendor-record", "version": 1, "players": ["Ana", "Ben"]},
...                  {"type": "setup", "first": 0, "nobles": [], "market": []}, session="s1")
>>> j.append(gid, [{"type": "pass", "player": 0}, {"type": "end_turn", "player": 0}])
>>> len(j.lines(gid)), j.unfinished()["id"] == gid
(4, True)
"""
from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import time
from typing import Optional

from companion.engine.inputs import FileFacts
from companion.engine.record import dumps

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    started TEXT NOT NULL,
    players TEXT NOT NULL,
    session TEXT,
    finished INTEGER NOT NULL DEFAULT 0,
    abandoned INTEGER NOT NULL DEFAULT 0,
    outcome TEXT,
    pending TEXT
);
CREATE TABLE IF NOT EXISTS lines (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
-- The league's outbox (league.md): while the league is on, every accepted turn and undo
-- queues the game's whole record here in the same transaction; the app's sender
-- (companion/app/league.py) pushes the rows in order and deletes each once answered.
CREATE TABLE IF NOT EXISTS outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    league_game TEXT NOT NULL,
    revision INTEGER NOT NULL,
    record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox_revisions (
    game INTEGER PRIMARY KEY,
    revision INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    enabled INTEGER NOT NULL
);
"""


class JournalError(FileFacts):
    """The journal file can't be used: ``cause`` and its facts; ``companion.i18n.files``
    says it. Causes: ``damaged`` (``path``, ``detail``: SQLite's words), ``line-damaged``
    (``line``, ``game``), ``no-game`` and ``unrecoverable`` (``game``)."""


class Journal:
    """The SQLite journal of games. Every write is one committed transaction."""

    def __init__(self, path):
        self.path = os.fspath(path)
        self.db = None
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=10.0)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            check = self.db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(check)
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            if self.db is not None:
                self.db.close()
            raise JournalError("damaged", path=self.path, detail=str(exc)) from exc

    def close(self) -> None:
        self.db.close()

    # ----------------------------------------------------------------- writing
    @contextlib.contextmanager
    def _transaction(self):
        """One write transaction: committed whole, or rolled back whole on any error."""
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
            yield db
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def _write(self, statements, queue: Optional[int] = None) -> None:
        with self._transaction() as db:
            for sql, args in statements:
                db.execute(sql, args)
            if queue is not None:
                self._queue(queue)

    def new_game(self, header: dict, setup: dict, session: Optional[str] = None) -> int:
        """Start a game from its header and setup lines; returns its id."""
        started = time.strftime("%Y-%m-%dT%H:%M:%S")
        with self._transaction() as db:
            cur = db.execute("INSERT INTO games (started, players, session) VALUES (?, ?, ?)",
                             (started, dumps(header.get("players", [])), session))
            gid = cur.lastrowid
            db.execute("INSERT INTO lines VALUES (?, 0, ?)", (gid, dumps(header)))
            db.execute("INSERT INTO lines VALUES (?, 1, ?)", (gid, dumps(setup)))
            self._queue(gid)
        return gid

    def count(self, game_id: int) -> int:
        return self.db.execute("SELECT COUNT(*) FROM lines WHERE game = ?",
                               (game_id,)).fetchone()[0]

    def append(self, game_id: int, lines: list, outcome: Optional[dict] = None,
               pending: Optional[dict] = None) -> None:
        """Add one accepted turn's lines (and the outcome if it ended the game) atomically.

        Returns only after the commit is on disk (WAL, synchronous=FULL). The pending state
        (a question or a turn being entered) is cleared in the same transaction.
        """
        n = self.count(game_id)
        stmts = [("INSERT INTO lines VALUES (?, ?, ?)", (game_id, n + i, dumps(line)))
                 for i, line in enumerate(lines)]
        stmts.append(("UPDATE games SET pending = ? WHERE id = ?",
                      (dumps(pending) if pending else None, game_id)))
        if outcome is not None:
            stmts.append(("UPDATE games SET finished = 1, outcome = ? WHERE id = ?",
                          (dumps(outcome), game_id)))
        self._write(stmts, queue=game_id)

    def truncate(self, game_id: int, keep: int) -> None:
        """Keep the first ``keep`` lines of a game (undo); a finished game is open again."""
        self._write([("DELETE FROM lines WHERE game = ? AND seq >= ?", (game_id, keep)),
                     ("UPDATE games SET finished = 0, outcome = NULL, pending = NULL "
                      "WHERE id = ?", (game_id,))], queue=game_id)

    def replace_lines(self, game_id: int, lines: list, outcome: Optional[dict] = None) -> None:
        """Replace a game's whole record in one transaction (a restore from its session)."""
        stmts = [("DELETE FROM lines WHERE game = ?", (game_id,))]
        stmts += [("INSERT INTO lines VALUES (?, ?, ?)", (game_id, i, dumps(line)))
                  for i, line in enumerate(lines)]
        stmts.append(("UPDATE games SET finished = ?, outcome = ?, pending = NULL WHERE id = ?",
                      (1 if outcome else 0, dumps(outcome) if outcome else None, game_id)))
        self._write(stmts, queue=game_id)

    def _queue(self, game_id: int) -> None:
        """Inside a write's transaction: queue the game's record for the league, if it is on.
        The revision counts up per game and is never reused (an undo gets a higher one)."""
        db = self.db
        if not db.execute("SELECT 1 FROM outbox_state WHERE enabled = 1").fetchone():
            return
        texts = [t for (t,) in db.execute("SELECT text FROM lines WHERE game = ? ORDER BY seq",
                                          (game_id,))]
        db.execute("INSERT INTO outbox_revisions VALUES (?, 1) ON CONFLICT (game) DO UPDATE "
                   "SET revision = revision + 1", (game_id,))
        revision = db.execute("SELECT revision FROM outbox_revisions WHERE game = ?",
                              (game_id,)).fetchone()[0]
        started = db.execute("SELECT started FROM games WHERE id = ?", (game_id,)).fetchone()
        db.execute("INSERT INTO outbox (league_game, revision, record) VALUES (?, ?, ?)",
                   (league_game(started[0] if started else "", game_id), revision,
                    "[" + ", ".join(texts) + "]"))

    def set_players(self, game_id: int, players: list) -> None:
        """Write a game's player names again (a damaged row repaired from its record)."""
        self._write([("UPDATE games SET players = ? WHERE id = ?", (dumps(players), game_id))])

    def set_pending(self, game_id: int, pending: Optional[dict]) -> None:
        self._write([("UPDATE games SET pending = ? WHERE id = ?",
                      (dumps(pending) if pending else None, game_id))])

    def abandon(self, game_id: int) -> None:
        """An unfinished game the players chose not to resume: kept, never offered again."""
        self._write([("UPDATE games SET abandoned = 1 WHERE id = ?", (game_id,))])

    # ----------------------------------------------------------------- reading
    def lines(self, game_id: int) -> list:
        """The game's record lines (decoded), header first."""
        rows = self.db.execute("SELECT seq, text FROM lines WHERE game = ? ORDER BY seq",
                               (game_id,)).fetchall()
        out = []
        for seq, text in rows:
            try:
                out.append(json.loads(text))
            except (TypeError, ValueError):
                raise JournalError("line-damaged", line=seq + 1, game=game_id)
        return out

    def games(self) -> list:
        """Every game row (oldest first), for reconciling with the session records."""
        rows = self.db.execute("SELECT id, started, players, session, finished, abandoned, "
                               "outcome, pending FROM games ORDER BY id").fetchall()
        return [_row(r) for r in rows]

    def game(self, game_id: int) -> Optional[dict]:
        row = self.db.execute("SELECT id, started, players, session, finished, abandoned, "
                              "outcome, pending FROM games WHERE id = ?",
                              (game_id,)).fetchone()
        return _row(row) if row else None

    def unfinished(self) -> Optional[dict]:
        """The most recent game that is neither finished nor abandoned, or None."""
        row = self.db.execute("SELECT id, started, players, session, finished, abandoned, "
                              "outcome, pending FROM games WHERE finished = 0 AND "
                              "abandoned = 0 ORDER BY id DESC LIMIT 1").fetchone()
        return _row(row) if row else None

    def history(self) -> list:
        """Finished games, newest first: id, started, players, points, winners."""
        rows = self.db.execute("SELECT id, started, players, session, finished, abandoned, "
                               "outcome, pending FROM games WHERE finished = 1 "
                               "ORDER BY id DESC").fetchall()
        out = []
        for row in rows:
            g = _row(row)
            o = g["outcome"] or {}
            out.append({"id": g["id"], "started": g["started"], "players": g["players"],
                        "points": o.get("points", []), "winners": o.get("winners", []),
                        "reason": o.get("reason"), "session": g["session"]})
        return out

    def player_stats(self) -> dict:
        """Per player name: games finished and games won (a shared victory counts as a win)."""
        stats: dict = {}
        for g in self.history():
            for seat, name in enumerate(g["players"]):
                s = stats.setdefault(name, {"games": 0, "wins": 0})
                s["games"] += 1
                if seat in g["winners"]:
                    s["wins"] += 1
        return stats

    def export(self, game_id: int, path) -> None:
        """Write the game as a record file (record.md)."""
        lines = self.lines(game_id)
        if not lines:
            raise JournalError("no-game", game=game_id)
        from companion.engine.inputs import check_output_path
        check_output_path(path, "game record")  # never over a device node or a FIFO
        tmp = os.fspath(path) + ".tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                for line in lines:
                    f.write(dumps(line) + "\n")
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)


def league_game(started: str, game_id: int) -> str:
    """The game's id on the league: its start time and journal id ("20261128-203015-7"),
    unique for the table even if the journal is ever started afresh."""
    stamp = "".join(ch for ch in started if ch.isdigit())[:14]
    return f"{stamp[:8]}-{stamp[8:]}-{game_id}" if len(stamp) == 14 else f"game-{game_id}"


def _decoded(text, what: str, default):
    """A JSON column, or ``default`` (logged) when the row is damaged: a damaged row must
    never stop the app or hide a game."""
    if text is None:
        return default
    try:
        return json.loads(text)
    except (TypeError, ValueError) as err:
        log.warning("Journal: %s is damaged (%s); read as %r.", what, err, default)
        return default


def _row(row) -> dict:
    gid, started, players, session, finished, abandoned, outcome, pending = row
    players = _decoded(players, f"the players of game {gid}", [])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        players = []
    outcome = _decoded(outcome, f"the outcome of game {gid}", None)
    pending = _decoded(pending, f"the pending turn of game {gid}", None)
    return {"id": gid, "started": started, "players": players,
            "session": session if isinstance(session, str) else None,
            "finished": bool(finished), "abandoned": bool(abandoned),
            "outcome": outcome if isinstance(outcome, dict) else None,
            "pending": pending if isinstance(pending, dict) else None}


class Outbox:
    """The league's outbox in the journal file, from the sender's side: its own connection
    (the journal's belongs to the referee's thread), so sending never holds the referee up."""

    def __init__(self, path):
        self.db = sqlite3.connect(os.fspath(path), isolation_level=None, timeout=10.0,
                                  check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)

    def enable(self, on: bool) -> None:
        """Queue from the next accepted turn on (or stop queueing; what is queued stays)."""
        self.db.execute("INSERT INTO outbox_state VALUES (1, ?) ON CONFLICT (id) DO UPDATE "
                        "SET enabled = excluded.enabled", (1 if on else 0,))

    def first(self) -> Optional[tuple]:
        """The oldest queued push: (seq, league game id, revision, record lines), or None."""
        row = self.db.execute("SELECT seq, league_game, revision, record FROM outbox "
                              "ORDER BY seq LIMIT 1").fetchone()
        if row is None:
            return None
        return row[0], row[1], row[2], json.loads(row[3])

    def done(self, seq: int) -> None:
        self.db.execute("DELETE FROM outbox WHERE seq = ?", (seq,))

    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]

    def close(self) -> None:
        self.db.close()
