"""The table's side: the journal's outbox and the background sender, against a real league
server process (league down, then up), and a real table process SIGKILLed with pushes queued."""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time

import pytest

from companion.app.league import LeagueConfig, LeagueSender, check
from companion.referee.journal import Journal, Outbox, league_game
from league.simulated import turn_records
from league.store import Store
from tests.league.conftest import Server, request

HERE = os.path.dirname(__file__)


def free_port() -> socket.socket:
    """A loopback port nobody listens on (bound, not listening: connections are refused)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    return s


def stored_revisions(server: Server, game: str) -> list:
    """The revisions the server stored for a game, in the order it stored them (its log)."""
    found = []
    for line in server.log:
        m = re.search(rf"stored \S+/{re.escape(game)} revision (\d+)", line)
        if m:
            found.append(int(m.group(1)))
    return found


def wait_until(condition, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"Not within {timeout} s: {what}.")
        time.sleep(0.05)


@pytest.fixture
def league_db(tmp_path):
    db = f"sqlite:///{tmp_path / 'league.sqlite'}"
    store = Store(db)
    store.migrate()
    token = store.add_table("pi-7")
    store.close()
    return db, token


def test_a_table_offline_for_50_turns_catches_up_every_record_once_in_order(tmp_path,
                                                                             league_db):
    db, token = league_db
    hold = free_port()
    port = hold.getsockname()[1]
    config = LeagueConfig(f"http://127.0.0.1:{port}", "pi-7", token)
    path = tmp_path / "journal.sqlite"
    sender = LeagueSender(path, config)
    sender.start()                       # the league is down: nothing answers on that port
    journal = Journal(path)
    records = turn_records(2, seed=41)[:50]
    gid = journal.new_game(records[0][0], records[0][1])
    done = 2
    for i, record in enumerate(records):
        journal.append(gid, record[done:])
        done = len(record)
        if i == 30:                      # an undo at the table, then the turn played again
            journal.truncate(gid, len(records[29]))
            journal.append(gid, record[len(records[29]):])
    outbox = Outbox(path)
    wait_until(lambda: sender.failures >= 2, 30, "the sender tried and backed off")
    assert outbox.count() == 1 + 50 + 2   # the new game, 50 turns, the undo and its replay
    hold.close()
    server = Server(db, listen=f"127.0.0.1:{port}")
    try:
        sender.wake()
        wait_until(lambda: outbox.count() == 0, 60, "the outbox sent")
        sender.stop()
        game = league_game(journal.game(gid)["started"], gid)
        status, stored = request(f"{server.url}/api/v1/tables/pi-7/games/{game}")
        journal_game = journal.lines(gid)
        assert status == 200 and stored["record"] == journal_game
        assert stored["revision"] == 53
        wait_until(lambda: len(stored_revisions(server, game)) >= 53, 10, "the server's log")
        assert stored_revisions(server, game) == list(range(1, 54))   # once each, in order
    finally:
        sender.stop()
        server.stop()


def test_a_sigkilled_table_loses_nothing_it_had_queued(tmp_path, league_db):
    db, token = league_db
    path = tmp_path / "journal.sqlite"
    child = subprocess.Popen([sys.executable, os.path.join(HERE, "outbox_child.py"), str(path),
                              "12"], stdout=subprocess.PIPE, text=True,
                             cwd=os.path.dirname(os.path.dirname(HERE)),
                             env=dict(os.environ, PYTHONPATH=os.path.dirname(
                                 os.path.dirname(HERE))))
    try:
        assert child.stdout.readline().strip() == "queued 13"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    assert child.returncode == -signal.SIGKILL
    assert Outbox(path).count() == 13              # the power cut lost nothing
    server = Server(db)
    try:
        sender = LeagueSender(path, LeagueConfig(server.url, "pi-7", token))
        outbox = Outbox(path)
        while outbox.count():                       # the restarted app's sender, stepped
            assert sender.step(outbox) == 0.0, sender.last_status
        journal = Journal(path)
        row = journal.games()[0]
        status, stored = request(f"{server.url}/api/v1/tables/pi-7/games/"
                                 f"{league_game(row['started'], row['id'])}")
        assert stored["record"] == journal.lines(row["id"]) and stored["revision"] == 13
    finally:
        server.stop()


def test_without_league_settings_nothing_is_queued(tmp_path):
    path = tmp_path / "journal.sqlite"
    LeagueSender(path, LeagueConfig("", "", "")).start()
    journal = Journal(path)
    record = turn_records(2, seed=42)[0]
    gid = journal.new_game(record[0], record[1])
    journal.append(gid, record[2:])
    assert Outbox(path).count() == 0


def test_the_settings_test_says_whether_the_league_answered(tmp_path, league_db):
    db, token = league_db
    hold = free_port()
    assert check(LeagueConfig(f"http://127.0.0.1:{hold.getsockname()[1]}", "pi-7", token)) \
        == "unreachable"
    hold.close()
    assert check(LeagueConfig("", "pi-7", token)) == "no-settings"
    server = Server(db)
    try:
        assert check(LeagueConfig(server.url, "pi-7", token)) == "answered"
        assert check(LeagueConfig(server.url, "pi-7", token + "x")) == "token"
        assert check(LeagueConfig(server.url, "pi-8", token)) == "other-table"
        status, tables = request(server.url + "/api/v1/tables")
        assert tables == {"tables": []}             # the test stored nothing
    finally:
        server.stop()
