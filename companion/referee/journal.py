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

import json
import logging
import os
import sqlite3
import time
from typing import Optional

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
"""


class JournalError(Exception):
    """The journal file can't be used; ``message`` is a sentence for the players."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


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
            raise JournalError(f"The game journal {self.path} is damaged ({exc}).") from exc

    def close(self) -> None:
        self.db.close()

    # ----------------------------------------------------------------- writing
    def _write(self, statements) -> None:
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
            for sql, args in statements:
                db.execute(sql, args)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def new_game(self, header: dict, setup: dict, session: Optional[str] = None) -> int:
        """Start a game from its header and setup lines; returns its id."""
        started = time.strftime("%Y-%m-%dT%H:%M:%S")
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            cur = db.execute("INSERT INTO games (started, players, session) VALUES (?, ?, ?)",
                             (started, dumps(header.get("players", [])), session))
            gid = cur.lastrowid
            db.execute("INSERT INTO lines VALUES (?, 0, ?)", (gid, dumps(header)))
            db.execute("INSERT INTO lines VALUES (?, 1, ?)", (gid, dumps(setup)))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
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
        self._write(stmts)

    def truncate(self, game_id: int, keep: int) -> None:
        """Keep the first ``keep`` lines of a game (undo); a finished game is open again."""
        self._write([("DELETE FROM lines WHERE game = ? AND seq >= ?", (game_id, keep)),
                     ("UPDATE games SET finished = 0, outcome = NULL, pending = NULL "
                      "WHERE id = ?", (game_id,))])

    def replace_lines(self, game_id: int, lines: list, outcome: Optional[dict] = None) -> None:
        """Replace a game's whole record in one transaction (a restore from its session)."""
        stmts = [("DELETE FROM lines WHERE game = ?", (game_id,))]
        stmts += [("INSERT INTO lines VALUES (?, ?, ?)", (game_id, i, dumps(line)))
                  for i, line in enumerate(lines)]
        stmts.append(("UPDATE games SET finished = ?, outcome = ?, pending = NULL WHERE id = ?",
                      (1 if outcome else 0, dumps(outcome) if outcome else None, game_id)))
        self._write(stmts)

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
                raise JournalError(f"Line {seq + 1} of game {game_id} in the journal is "
                                   "damaged.")
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
            raise JournalError(f"There is no game {game_id} in the journal.")
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
