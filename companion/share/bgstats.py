"""Sharing a finished game: the BG Stats link (and its QR code), and the CSV of every game.

BG Stats opens its import dialog from a link ``https://app.bgstatsapp.com/createPlay.html?data=``
followed by the URL-encoded JSON of one play (BG Stats 3.3.2 or later; the page "Push plays to
BG Stats from other apps or websites" on bgstatsapp.com). The Pi has no network: the phone scans
the link as a QR code. Every field is always present with its documented type: BG Stats on
Android fails on a missing boolean, and on iOS a ``bggId`` given as a string breaks the import.

Where the date and duration come from (a v1 record holds neither): the table's session folder,
else the file's modification time (then the duration is unknown: ``durationMin`` 0).

>>> from companion.engine.simulate import play_random_game
>>> from companion.engine.record import record_lines
>>> game = play_random_game(2, seed=3).game
>>> play = finished_game([dumps(line) for line in record_lines(game)])
>>> data = play_data(play, PlayTime(datetime(2026, 11, 24, 20, 5, tzinfo=timezone.utc), 42))
>>> data["game"]["bggId"], data["playDate"], data["durationMin"]
(148228, '2026-11-24 20:05:00', 42)
>>> decode_link(play_link(data)) == data
True
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import logging
import os
import re
import urllib.parse
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable, Optional, Sequence

from companion.engine import MAX_PLAYERS, standings
from companion.engine.errors import RecordError
from companion.engine.record import dumps, replay_lines
from companion.i18n import N_, _, ngettext
from companion.referee.journal import JournalError
from companion.referee.notice import os_cause
from companion.referee.session import SessionError, read_session, write_synced

log = logging.getLogger(__name__)

# ---------------------------------------------------------------------------- BG Stats facts
BGSTATS_URL = "https://app.bgstatsapp.com/createPlay.html"
# BG Stats remembers which of its players and games our ids were matched to, per source name:
# never change these three.
SOURCE_NAME = "Splendor Companion"
SOURCE_GAME_ID = "splendor-base-game"
SPLENDOR_BGG_ID = 148228          # Splendor (2014) on BoardGameGeek; a JSON number, not a string
GAME_NAME = "Splendor"
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"  # playDate: UTC, yyyy-MM-dd HH:mm:ss
# A link of 4 players with long names is about 1,100 characters: a version 25 QR code at the
# lowest error correction, which a screen (no smudges, no print wear) never needs more than.
QR_ERROR = "L"

# The words of this feature's screens and link, in one place: marked for the catalogs here,
# translated where they are shown (`_()`, `tr._()` in kv), so the app's language applies; the
# CLI never sets a language, so its output stays English. Counts use ngettext at the use. Why
# a game can't be shared is a ShareError's facts, said by companion.i18n.sharing.
TEXT = {
    "comments_tie": " {tie}",     # spacing only: not a sentence
    "tie_cards": N_("{names} tied on {points} points; the fewest purchased cards decided."),
    "tie_shared": N_("{names} tied on points and purchased cards: a shared victory."),
    "all_passed": N_(" Every player passed in one round, so the game ended there."),
    "and": N_(" and "),
    "exporting": N_("Exporting every finished game…"),
    "qr_hint": N_("Scan this code with your phone's camera: BG Stats opens with the game "
                  "filled in, ready to save."),
    "qr_title": N_("Log this game in BG Stats"),
    "qr_title_game": N_("Log game {id} in BG Stats"),
    "log_button": N_("Log in BG Stats"),
    "log_a_game_button": N_("Log a game in BG Stats"),
    "export_button": N_("Export to a USB stick"),
    "close": N_("Close"),
    "choose_game": N_("Which game do you want to log in BG Stats?"),
    "game_choice": N_("Game {id} ({date}): {scores}"),
    "no_games": N_("There is no finished game to log yet."),
    "choose_folder": N_("Where should every finished game go (a CSV table and each game's "
                        "record)?"),
    "usb_folder": N_("USB stick {label}"),
    "data_folder": N_("This device's data folder"),
    "history_unreadable": N_("The history can't be read: {cause}"),
    "cant_share": N_("This game can't be logged in BG Stats: {error}"),
}


class ShareError(Exception):
    """The game can't be shared: a ``cause`` and its ``facts`` (``companion.i18n.sharing``
    lists them and says them), ``code`` the exit code of ``splendor-companion share`` (1: not
    a finished game, 2: not a record)."""

    def __init__(self, cause: str, code: int = 1, **facts):
        super().__init__(cause, facts)
        self.cause = cause
        self.facts = facts
        self.code = code

    def __str__(self) -> str:   # for logs and tracebacks, never for a player
        return f"{self.cause}: {self.facts}"


# ---------------------------------------------------------------------------- a finished game
@dataclass(frozen=True)
class FinishedGame:
    """What a play needs from a finished game's record."""

    names: tuple
    points: tuple
    cards: tuple         # purchased cards per seat (the tie-break)
    winners: tuple       # seats
    first: int           # the start player's seat
    turns: int
    tie_break: Optional[str]
    reason: str
    play_id: str         # stable: the same record always gives the same id

    @property
    def rounds(self) -> int:
        n = len(self.names)
        return -(-self.turns // n)

    @property
    def ranks(self) -> tuple:
        return ranks(self.points, self.cards)


def ranks(points: Sequence[int], cards: Sequence[int]) -> tuple:
    """Places by the rules' order (most points, then fewest purchased cards); a tie on both is
    a shared place, and the next place counts the tied players (1, 1, 3).

    >>> ranks([15, 15, 12], [9, 9, 12])
    (1, 1, 3)
    >>> ranks([15, 15, 16], [9, 8, 20])
    (3, 2, 1)
    """
    return standings(tuple(points), tuple(cards))  # the engine's tie-break


def play_id_of(lines: Iterable[dict]) -> str:
    """A stable id for a game from its record (the same game scanned twice is one play)."""
    h = hashlib.sha256()
    for line in lines:
        h.update(json.dumps(line, sort_keys=True, ensure_ascii=False).encode("utf-8") + b"\n")
    return "splendor-" + h.hexdigest()[:16]


def finished_game(text_lines: Sequence[str]) -> FinishedGame:
    """Check a record's lines (text) and read its outcome.

    Raises :class:`ShareError`: code 2 when it is not a record at all, 1 when a line breaks a
    rule or the game is not finished.
    """
    try:
        result = replay_lines(text_lines)
    except RecordError as err:
        raise ShareError("not-a-record", 2, record=err.as_data())
    if not result.ok:
        raise ShareError("broken", line=result.error_line, problem=result.error,
                         game=result.game)
    game = result.game
    if game is None:
        raise ShareError("not-set-up")
    if game.outcome is None:
        raise ShareError("in-progress", turns=game.turn, name=game.names[game.active])
    out = game.outcome
    return FinishedGame(tuple(game.names), tuple(out.points), tuple(out.cards),
                        tuple(out.winners), game.first, game.turn, out.tie_break, out.reason,
                        play_id_of(json.loads(t) for t in text_lines))


def finished_game_of(lines: Sequence[dict]) -> FinishedGame:
    """The same from decoded lines (the journal's)."""
    return finished_game([dumps(line) for line in lines])


# ---------------------------------------------------------------------------- when and how long
@dataclass(frozen=True)
class PlayTime:
    """When the game ended (UTC) and how long it took in whole minutes (None: not known)."""

    end: datetime
    minutes: Optional[int] = None
    source: str = ""


def utc_of(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, tz=timezone.utc).replace(microsecond=0)


def session_time(folder) -> Optional[PlayTime]:
    """The end and duration of the game a session folder recorded (session.md), or None.

    ``events.jsonl`` is appended at every event, so its modification time is the last event's
    wall-clock time; the events' ``t`` (seconds of play, which go on after a resumed session)
    give the duration from the dealt table to the last event.
    """
    events_path = Path(folder) / "events.jsonl"
    if not (Path(folder) / "session.json").is_file() or not events_path.is_file():
        return None
    try:
        events = read_session(folder).events
        end = events_path.stat().st_mtime
    except (SessionError, OSError):
        return None
    times = [float(e["t"]) for e in events
             if isinstance(e.get("t"), (int, float)) and not isinstance(e.get("t"), bool)]
    start = next((float(e["t"]) for e in events if e.get("type") == "setup"
                  and isinstance(e.get("t"), (int, float))), times[0] if times else None)
    minutes = round((max(times) - start) / 60) if times and start is not None else None
    return PlayTime(utc_of(end), minutes, "session")


def file_time(path) -> PlayTime:
    """A record file's modification time as the end; the duration is not known."""
    return PlayTime(utc_of(Path(path).stat().st_mtime), None, "file")


def record_time(path, session: Optional[os.PathLike] = None) -> PlayTime:
    """The session given, else the session folder the record sits in (the referee keeps a
    ``record.jsonl`` copy in it), else the file's time."""
    for folder in ([session] if session else []) + [Path(path).parent]:
        found = session_time(folder)
        if found is not None:
            return found
    return file_time(path)


# ---------------------------------------------------------------------------- the play and link
def comments(play: FinishedGame) -> str:
    rounds = play.rounds
    text = ngettext("Splendor Companion: {rounds} round.", "Splendor Companion: {rounds} rounds.",
                    rounds).format(rounds=rounds)
    if play.reason == "all-passed":
        text += _(TEXT["all_passed"])
    best = max(play.points)
    tied = [play.names[i] for i, p in enumerate(play.points) if p == best]
    if play.tie_break == "fewest-cards":
        text += TEXT["comments_tie"].format(tie=_(TEXT["tie_cards"]).format(
            names=_(TEXT["and"]).join(tied), points=best))
    elif play.tie_break == "shared":
        text += TEXT["comments_tie"].format(tie=_(TEXT["tie_shared"]).format(
            names=_(TEXT["and"]).join(play.names[i] for i in play.winners)))
    return text


def player_id(name: str) -> str:
    """A player's id for BG Stats: the name as typed, without case or edge spaces, so "Ana"
    at one table and "ana " at the next are matched once, to the same BG Stats player."""
    return " ".join(name.split()).casefold()


def play_data(play: FinishedGame, when: PlayTime, location: str = "") -> dict:
    """The createPlay JSON object: every documented field, with its documented type."""
    rank = play.ranks
    ids = [player_id(name) for name in play.names]
    # Two seats whose names differ only in case would be one BG Stats player: keep them apart.
    ids = [pid if ids.count(pid) == 1 else f"{pid}#{seat + 1}" for seat, pid in enumerate(ids)]
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.play_id,
        "playDate": when.end.astimezone(timezone.utc).strftime(DATE_FORMAT),
        "durationMin": int(when.minutes or 0),
        "location": str(location or ""),
        "comments": comments(play),
        "game": {
            "bggId": SPLENDOR_BGG_ID,
            "name": GAME_NAME,
            "highestWins": True,
            "noPoints": False,
            "sourceGameId": SOURCE_GAME_ID,
        },
        "players": [
            {"name": name,
             "score": int(play.points[seat]),
             "winner": seat in play.winners,
             "startPlayer": seat == play.first,
             "rank": int(rank[seat]),
             "sourcePlayerId": ids[seat]}
            for seat, name in enumerate(play.names)
        ],
    }


def play_link(data: dict) -> str:
    """The link: compact JSON, percent-encoded as UTF-8 (as JavaScript's encodeURIComponent)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"{BGSTATS_URL}?data={urllib.parse.quote(text, safe='')}"


def decode_link(link: str) -> dict:
    """The JSON object a link carries (what BG Stats reads back)."""
    query = urllib.parse.urlsplit(link).query
    values = urllib.parse.parse_qs(query, keep_blank_values=True, strict_parsing=True)
    return json.loads(values["data"][0])


def qr_code(link: str):
    """The link as a segno QR code (byte mode, error correction L)."""
    import segno  # lazy: only the share screen and command draw a QR code
    return segno.make(link, error=QR_ERROR, micro=False, boost_error=False)


def write_qr_png(link: str, path, scale: int = 4) -> None:
    """A PNG of the link's QR code with the standard 4-module quiet zone."""
    qr_code(link).save(os.fspath(path), kind="png", scale=scale, border=4)


# ---------------------------------------------------------------------------- CSV of every game
CSV_NAME = "splendor-games.csv"
MAX_SEATS = MAX_PLAYERS  # a column group per seat a game can have
CSV_COLUMNS = (["game", "date", "players", "rounds", "duration_min", "winner",
                "winner_seats"]
               + [f"{what}_{k}" for k in range(1, MAX_SEATS + 1)
                  for what in ("player", "score", "cards")])


def csv_row(game_no, play: FinishedGame, when: Optional[PlayTime]) -> dict:
    """One finished game as a CSV row (text values; seats numbered from 1 as players say)."""
    row = {"game": str(game_no),
           "date": when.end.strftime(DATE_FORMAT) if when else "",
           "players": str(len(play.names)),
           "rounds": str(play.rounds),
           "duration_min": "" if when is None or when.minutes is None else str(when.minutes),
           "winner": TEXT["and"].join(play.names[i] for i in play.winners),
           "winner_seats": " ".join(str(i + 1) for i in play.winners)}
    for k in range(MAX_SEATS):
        inside = k < len(play.names)
        row[f"player_{k + 1}"] = play.names[k] if inside else ""
        row[f"score_{k + 1}"] = str(play.points[k]) if inside else ""
        row[f"cards_{k + 1}"] = str(play.cards[k]) if inside else ""
    return row


def csv_text(rows: Iterable[dict]) -> str:
    buf = io.StringIO(newline="")
    w = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\r\n")
    w.writeheader()
    for row in rows:
        w.writerow(row)
    return buf.getvalue()


@dataclass(frozen=True)
class JournalGame:
    """One finished game of the journal, ready to share."""

    id: int
    play: FinishedGame
    when: Optional[PlayTime]
    lines: tuple


def journal_games(journal, data_dir=None) -> list:
    """Every finished game of the journal (newest first) that can be shared, with its time
    from its session folder (else the journal's start time, local, with no duration)."""
    out = []
    for g in journal.history():
        try:
            lines = journal.lines(g["id"])
            play = finished_game_of(lines)
        except (ShareError, JournalError):
            continue  # a damaged game stays in the journal; it just can't be shared
        when = None
        if data_dir is not None and g.get("session"):
            when = session_time(Path(data_dir) / "sessions" / g["session"])
        if when is None and g.get("started"):
            try:
                when = PlayTime(datetime.fromisoformat(g["started"]).astimezone(timezone.utc),
                                None, "journal")
            except ValueError:
                when = None
        out.append(JournalGame(g["id"], play, when, tuple(lines)))
    return out


def export_history(journal, folder, data_dir=None) -> tuple:
    """Write every finished game as ``splendor-games.csv`` and each game's record as
    ``splendor-game-<id>.jsonl`` into ``folder``. Returns (csv path, number of games).

    Raises :class:`ShareError` with a sentence when the folder can't be written.
    """
    folder = Path(folder)
    games = journal_games(journal, data_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / CSV_NAME
        write_synced(path, csv_text(csv_row(g.id, g.play, g.when) for g in games)
                      .encode("utf-8-sig"))   # the BOM: spreadsheets then read UTF-8 names
        for g in games:
            write_synced(folder / f"splendor-game-{g.id}.jsonl",
                          "".join(dumps(line) + "\n" for line in g.lines).encode("utf-8"))
    except OSError as exc:
        log.warning("Export to %s failed: %s", folder, exc)     # the OS's own words
        raise ShareError("no-folder", folder=str(folder), os=os_cause(exc))
    return path, len(games)


def media_folders(root="/media", mounts_file="/proc/mounts") -> list:
    """Mounted drives under ``root`` (USB sticks: Raspberry Pi OS mounts them at
    /media/<user>/<label>), from the kernel's mount table; sorted."""
    root = os.path.normpath(os.fspath(root))
    try:
        with open(mounts_file, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return []
    found = set()
    for line in text.splitlines():
        fields = line.split()
        if len(fields) < 2:
            continue
        # Spaces and tabs in a mount point are written as octal escapes (\040).
        point = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), fields[1])
        if point.startswith(root + os.sep) and os.path.isdir(point):
            found.add(Path(point))
    return sorted(found)


def journal_link(game: JournalGame, location: str = "") -> str:
    """The BG Stats link of a journal game (the time of the share when none is known)."""
    when = game.when or PlayTime(utc_of(datetime.now(timezone.utc).timestamp()), None, "now")
    return play_link(play_data(game.play, when, location))


__all__ = ["BGSTATS_URL", "SOURCE_NAME", "SPLENDOR_BGG_ID", "TEXT", "ShareError",
           "FinishedGame", "PlayTime", "ranks", "finished_game", "finished_game_of",
           "session_time", "record_time", "play_data", "play_link", "decode_link", "qr_code",
           "write_qr_png", "csv_row", "csv_text", "export_history", "journal_games",
           "journal_link", "CSV_COLUMNS"]
