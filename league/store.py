"""The league's database: tables (with token hashes) and games, on SQLite or PostgreSQL.

SQLAlchemy Core, one set of statements for both. The schema is created and upgraded by
numbered migrations recorded in ``league_schema`` (one row per step applied), run on every
start under a lock (PostgreSQL: an advisory lock; SQLite: an immediate transaction), so two
server processes starting together apply each step once.

A push is stored with one conditional statement: the insert of a new game, or an update
``WHERE revision < new``; the database's own row locking makes the higher revision win when
two processes race (nothing is read and then written back).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError, IntegrityError

from companion.engine.inputs import FileFacts

metadata = sa.MetaData()

schema_steps = sa.Table(
    "league_schema", metadata,
    sa.Column("step", sa.Integer, primary_key=True),
    sa.Column("applied", sa.Float, nullable=False),
)
tables = sa.Table(
    "league_tables", metadata,
    sa.Column("name", sa.String(64), primary_key=True),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("revoked", sa.Boolean, nullable=False, default=False),
)
games = sa.Table(
    "league_games", metadata,
    sa.Column("table_name", sa.String(64), sa.ForeignKey("league_tables.name"),
              primary_key=True),
    sa.Column("game", sa.String(64), primary_key=True),
    sa.Column("revision", sa.BigInteger, nullable=False),
    sa.Column("record", sa.Text, nullable=False),     # JSON array of the record's lines
    sa.Column("summary", sa.Text, nullable=False),    # JSON: league.check.summary()
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),   # seconds since the epoch, server clock
)
updated_index = sa.Index("league_games_updated", games.c.updated)


def _step1(conn) -> None:
    for t in (tables, games):
        t.create(conn)  # with its indexes


#: The migrations, in order; a new schema change is a new step at the end (never an edit).
MIGRATIONS = [_step1]

TABLE_NAME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


class StoreError(FileFacts):
    """The database can't be used: a cause and its facts, said by ``companion.i18n.league``.
    Causes: ``address`` (``database``: its address without a password; ``reason``: the
    driver's words), ``unreachable`` (``database``, ``reason``), ``table-exists``
    (``name``)."""


def default_db_url() -> str:
    """A SQLite file in the data folder: ``$STATE_DIRECTORY`` (systemd), else
    ``$SPLENDOR_LEAGUE_DATA_DIR``, else ``$XDG_DATA_HOME/splendor-league``."""
    state = os.environ.get("STATE_DIRECTORY")
    if state:
        folder = Path(state.split(":")[0])
    elif os.environ.get("SPLENDOR_LEAGUE_DATA_DIR"):
        folder = Path(os.environ["SPLENDOR_LEAGUE_DATA_DIR"])
    else:
        xdg = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
        folder = Path(xdg) / "splendor-league"
    return f"sqlite:///{folder / 'league.sqlite'}"


def valid_table_name(name: str) -> bool:
    return isinstance(name, str) and 1 <= len(name) <= 64 and set(name) <= TABLE_NAME_CHARS


def hash_token(token: str) -> str:
    # A token is 256 random bits: a plain SHA-256 can't be reversed or guessed from its hash,
    # so no slow password hash is needed (and checking a push stays cheap).
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Pushed:
    stored: bool
    revision: int


class Store:
    """The league's tables and games in one database (a SQLAlchemy URL)."""

    def __init__(self, url: str, pool_size: int = 8):
        self.shown = _safe(url)
        # SQLite has one writer at a time: writers of this process take turns here instead
        # of contending for the file lock (SQLite's busy wait sleeps up to 100 ms a try).
        self._writing = threading.Lock() if url.startswith("sqlite") else nullcontext()
        self.url = _driver_url(url)
        self.sqlite = self.url.startswith("sqlite")
        try:
            if self.sqlite:
                path = self.url.split("///", 1)[-1]
                if path and path != ":memory:":
                    Path(path).parent.mkdir(parents=True, exist_ok=True)
                self.engine = sa.create_engine(
                    self.url, connect_args={"timeout": 30, "check_same_thread": False},
                    pool_size=pool_size, max_overflow=pool_size)
                sa.event.listen(self.engine, "connect", _sqlite_pragmas)
                # pysqlite would run DDL outside any transaction: begin them ourselves, so a
                # migration step and its row in league_schema commit together or not at all.
                sa.event.listen(self.engine, "begin",
                                lambda conn: conn.exec_driver_sql("BEGIN"))
            else:
                self.engine = sa.create_engine(self.url, pool_size=pool_size,
                                               max_overflow=pool_size, pool_pre_ping=True)
        except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError, OSError) as err:
            raise StoreError("address", database=_safe(url), reason=str(err))

    # ----------------------------------------------------------------- schema
    def migrate(self) -> int:
        """Bring the schema up to date; returns the number of steps applied now."""
        try:
            with self.engine.begin() as conn:
                if not self.sqlite:
                    conn.execute(sa.text("SELECT pg_advisory_xact_lock(87500034)"))
                schema_steps.create(conn, checkfirst=True)
                done = {r[0] for r in conn.execute(sa.select(schema_steps.c.step))}
                applied = 0
                for number, step in enumerate(MIGRATIONS, start=1):
                    if number not in done:
                        step(conn)
                        conn.execute(schema_steps.insert().values(step=number,
                                                                  applied=time.time()))
                        applied += 1
                return applied
        except DBAPIError as err:
            raise StoreError("unreachable", database=self.shown,
                             reason=_first_line(err.orig))

    def close(self) -> None:
        self.engine.dispose()

    # ----------------------------------------------------------------- tables
    def add_table(self, name: str) -> str:
        """Register a table; returns its token (only its hash is kept)."""
        token = secrets.token_urlsafe(32)
        try:
            with self.engine.begin() as conn:
                conn.execute(tables.insert().values(name=name, token_hash=hash_token(token),
                                                    created=time.time(), revoked=False))
        except IntegrityError:
            raise StoreError("table-exists", name=name)
        return token

    def list_tables(self) -> list:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(tables.c.name, tables.c.created, tables.c.revoked)
                                .order_by(tables.c.name)).all()
        return [{"name": r.name, "created": r.created, "revoked": bool(r.revoked)}
                for r in rows]

    def revoke(self, name: str) -> bool:
        """Revoke a table's token (its games stay); False when there is no such table."""
        with self.engine.begin() as conn:
            # A fresh random hash: the old token matches nothing, and the column stays unique.
            res = conn.execute(tables.update().where(tables.c.name == name).values(
                revoked=True, token_hash="revoked-" + secrets.token_hex(24)))
        return res.rowcount == 1

    def table_of_token(self, token: str) -> Optional[str]:
        """The name of the live table this token belongs to, or None."""
        wanted = hash_token(token)
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(tables.c.name, tables.c.token_hash, tables.c.revoked)
                               .where(tables.c.token_hash == wanted)).first()
        # The lookup is by the hash of what the client sent, which tells it nothing about a
        # stored token; the final comparison is in constant time all the same.
        if row is None or row.revoked or not hmac.compare_digest(row.token_hash, wanted):
            return None
        return row.name

    # ----------------------------------------------------------------- games
    def push(self, table: str, game: str, revision: int, record: list, summary: dict) -> Pushed:
        """Store the record if ``revision`` is higher than the stored one (atomically)."""
        values = dict(revision=revision, record=json.dumps(record, ensure_ascii=False),
                      summary=json.dumps(summary, ensure_ascii=False),
                      finished=bool(summary.get("finished")), updated=time.time())
        with self._writing, self.engine.begin() as conn:
            ins = _insert(self.engine.dialect.name, games).values(
                table_name=table, game=game, **values).on_conflict_do_nothing().returning(
                games.c.revision)  # a row back: inserted (rowcount is not reliable here)
            if conn.execute(ins).first() is not None:
                return Pushed(True, revision)
            res = conn.execute(games.update().where(
                games.c.table_name == table, games.c.game == game,
                games.c.revision < revision).values(**values))
            if res.rowcount == 1:
                return Pushed(True, revision)
            current = conn.execute(sa.select(games.c.revision).where(
                games.c.table_name == table, games.c.game == game)).scalar_one()
            return Pushed(False, current)

    def game(self, table: str, game: str) -> Optional[dict]:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(games).where(games.c.table_name == table,
                                                      games.c.game == game)).first()
        return _game_row(row) if row else None

    def live(self) -> list:
        """Each table's most recently updated game, newest first."""
        latest = (sa.select(games.c.table_name, sa.func.max(games.c.updated).label("u"))
                  .group_by(games.c.table_name).subquery())
        q = (sa.select(games).join(latest, sa.and_(games.c.table_name == latest.c.table_name,
                                                   games.c.updated == latest.c.u))
             .order_by(games.c.updated.desc(), games.c.table_name))
        with self.engine.connect() as conn:
            rows = conn.execute(q).all()
        out, seen = [], set()
        for row in rows:  # two games updated in the same instant: the first one
            if row.table_name not in seen:
                seen.add(row.table_name)
                out.append(_game_row(row, with_record=False))
        return out

    def finished_summaries(self) -> list:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(games.c.summary).where(games.c.finished)).all()
        return [json.loads(r.summary) for r in rows]


def _game_row(row, with_record: bool = True) -> dict:
    out = {"table": row.table_name, "game": row.game, "revision": row.revision,
           "summary": json.loads(row.summary), "updated": row.updated}
    if with_record:
        out["record"] = json.loads(row.record)
    return out


def _insert(dialect: str, table):
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert(table)


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    dbapi_conn.isolation_level = None  # transactions begun by the "begin" event above
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")   # an accepted push survives a power cut
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _driver_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (SQLAlchemy's default would be psycopg2)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def _safe(url: str) -> str:
    """The URL without its password, for messages and logs."""
    try:
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "given"


def _first_line(err) -> str:
    return (str(err).strip().splitlines() or ["no reason given"])[0]
