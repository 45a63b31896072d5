"""The table's side of the league (league.md): a background sender that pushes the journal's
outbox to the league server, and the Settings screen's test of the league.

Standard library only (urllib): the Pi gets no new dependency. The referee never waits for
this: it only writes outbox rows in its own transactions (companion/referee/journal.py); this
thread reads them with its own connection, pushes the oldest, and deletes it once the league
has answered. A network error or a busy league is retried with exponential backoff (with
jitter, at most :data:`MAX_BACKOFF` apart); so a table offline all evening sends everything,
in order, when the network returns, and a power cut loses nothing (the rows are on disk).
"""
from __future__ import annotations

import json
import logging
import random
import threading
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from companion.referee.journal import Outbox

log = logging.getLogger(__name__)

FIRST_BACKOFF = 1.0
MAX_BACKOFF = 300.0          # five minutes: an evening offline is retried every 5 min at worst
IDLE_POLL = 1.0              # how often an empty outbox is looked at again
TIMEOUT = 10.0               # one push's network timeout
#: Answers that will never change on a retry: the push is dropped (and logged), or it would
#: block every later one. (401/403 are retried: a token being fixed in Settings.)
PERMANENT = {400, 404, 413, 422}


@dataclass(frozen=True)
class LeagueConfig:
    url: str          # http://host:port (the league's address)
    table: str        # the table's name on the league
    token: str

    @property
    def ready(self) -> bool:
        return bool(self.url and self.table and self.token)


def game_url(config: LeagueConfig, game: str) -> str:
    base = config.url.rstrip("/")
    return (f"{base}/api/v1/tables/{urllib.parse.quote(config.table, safe='')}/games/"
            f"{urllib.parse.quote(game, safe='')}")


def push(config: LeagueConfig, game: str, revision: int, record: list,
         timeout: float = TIMEOUT) -> tuple:
    """One PUT: ``(status, retry_after seconds or None)``; status 0 when nothing answered."""
    body = json.dumps({"revision": revision, "record": record},
                      ensure_ascii=False).encode("utf-8")
    req = urllib.request.Request(game_url(config, game), data=body, method="PUT",
                                 headers={"Content-Type": "application/json",
                                          "Authorization": f"Bearer {config.token}"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            answer.read()
            return answer.status, None
    except urllib.error.HTTPError as err:
        after = err.headers.get("Retry-After") if err.headers else None
        err.read()
        return err.code, float(after) if after and after.isdigit() else None
    except (OSError, ValueError) as err:    # refused, unreachable, timed out, a bad URL
        log.info("League: push not answered (%s)", err)
        return 0, None


def check(config: LeagueConfig, timeout: float = 5.0) -> str:
    """Whether the league answers and takes this table's token, as a fact for
    companion.i18n.league: "answered", "no-settings", "unreachable", "token", "other-table",
    "not-league". Nothing is stored: the test push is an empty body, refused after the token
    is checked (400) when all is well."""
    if not config.ready:
        return "no-settings"
    req = urllib.request.Request(game_url(config, "connection-test"), data=b"{}",
                                 method="PUT",
                                 headers={"Content-Type": "application/json",
                                          "Authorization": f"Bearer {config.token}"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            status = answer.status
    except urllib.error.HTTPError as err:
        status = err.code
    except (OSError, ValueError):
        return "unreachable"
    return {400: "answered", 401: "token", 403: "other-table"}.get(status, "not-league")


class LeagueSender:
    """Pushes the outbox of the journal at ``journal_path`` in order, in its own thread.

    ``clock``/``wait`` are injectable (tests step them); ``wait(seconds)`` returns early when
    :meth:`wake` or :meth:`stop` is called.
    """

    def __init__(self, journal_path, config: LeagueConfig, rng: Optional[random.Random] = None):
        self.path = Path(journal_path)
        self.config = config
        self.rng = rng or random.Random()
        self._event = threading.Event()
        self._stopping = False
        self._thread: Optional[threading.Thread] = None
        self.failures = 0
        self.sent = 0
        self.last_status: Optional[int] = None

    def start(self) -> None:
        outbox = Outbox(self.path)
        outbox.enable(self.config.ready)
        outbox.close()
        self._thread = threading.Thread(target=self._run, name="league-sender", daemon=True)
        self._thread.start()

    def wake(self) -> None:
        self._event.set()

    def stop(self, timeout: float = 15.0) -> None:
        self._stopping = True
        self._event.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _wait(self, seconds: float) -> None:
        self._event.wait(seconds)
        self._event.clear()

    def backoff(self) -> float:
        """The pause after ``failures`` failed tries in a row: doubling, capped, jittered."""
        base = min(MAX_BACKOFF, FIRST_BACKOFF * 2 ** min(self.failures - 1, 20))
        return base * (0.5 + self.rng.random() / 2)

    def _run(self) -> None:
        outbox = Outbox(self.path)
        try:
            while not self._stopping:
                pause = self.step(outbox)
                if pause:
                    self._wait(pause)
        finally:
            outbox.close()

    def step(self, outbox: Outbox) -> float:
        """Send the oldest queued push; returns how long to pause before the next step."""
        if not self.config.ready:
            return IDLE_POLL
        try:
            item = outbox.first()
        except Exception:   # a locked or damaged journal: logged, tried again later
            log.exception("League: the outbox can't be read")
            return IDLE_POLL
        if item is None:
            return IDLE_POLL
        seq, game, revision, record = item
        status, retry_after = push(self.config, game, revision, record)
        self.last_status = status
        if status == 200 or status in PERMANENT:
            if status != 200:
                log.warning("League: game %s revision %d refused for good (HTTP %d); dropped",
                            game, revision, status)
            outbox.done(seq)
            self.failures = 0
            self.sent += 1
            return 0.0
        self.failures += 1
        pause = self.backoff()
        if retry_after is not None:
            pause = max(pause, min(retry_after, MAX_BACKOFF))
        log.info("League: push of %s revision %d failed (HTTP %s); again in %.0f s", game,
                 revision, status or "none", pause)
        return pause


def config_of(settings) -> LeagueConfig:
    return LeagueConfig(settings.league_url.strip(), settings.league_table.strip(),
                        settings.league_token.strip())


class LeagueLink:
    """The app's one league sender, started from the settings and restarted when they change.

    Without settings nothing runs; the journal's outbox is switched off so nothing queues.
    """

    def __init__(self, journal_path, settings, sender_cls=LeagueSender):
        self.path = Path(journal_path)
        self.sender_cls = sender_cls
        self.sender: Optional[LeagueSender] = None
        self.apply(settings)

    def apply(self, settings) -> None:
        self.stop()
        config = config_of(settings)
        try:
            if config.ready:
                self.sender = self.sender_cls(self.path, config)
                self.sender.start()
            elif self.path.exists():
                outbox = Outbox(self.path)
                outbox.enable(False)
                outbox.close()
        except Exception:   # the journal can't be opened: the referee says so; logged here
            log.exception("League: the outbox can't be opened")
            self.sender = None

    def wake(self) -> None:
        if self.sender is not None:
            self.sender.wake()

    def stop(self) -> None:
        if self.sender is not None:
            self.sender.stop()
            self.sender = None
