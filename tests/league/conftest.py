"""The league's fixtures: a real PostgreSQL cluster (Debian's server, initdb into a temporary
folder, started and stopped here), real server processes (`splendor-league serve`), a client.

PostgreSQL refuses to run as root, so when the tests run as root (CI, this machine) the
cluster runs as the `postgres` user Debian's package creates, in a folder it owns. It listens
on a unix socket in that folder only (no TCP port: nothing to collide with).
"""
from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from league.store import Store

LEAGUE = str(Path(sys.executable).parent / "splendor-league")
PG_PORT = 5499  # only names the socket file inside the cluster's own folder


def pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        pytest.fail("PostgreSQL's server is missing: `make install` installs Debian's "
                    "postgresql package.")
    return found[-1]


def _as_postgres() -> dict:
    return {"user": "postgres", "group": "postgres"} if os.geteuid() == 0 else {}


@pytest.fixture(scope="session")
def postgres_url():
    """A throwaway cluster; yields the URL of its database ``league``."""
    folder = tempfile.mkdtemp(prefix="league-pg-")
    user = _as_postgres()
    if user:
        shutil.chown(folder, "postgres", "postgres")
    data, log = os.path.join(folder, "data"), os.path.join(folder, "log")
    run = dict(check=True, capture_output=True, text=True, timeout=120, **user)
    try:
        subprocess.run([pg_bin("initdb"), "-D", data, "-U", "postgres", "--auth=trust",
                        "--no-sync", "-E", "UTF8", "--locale=C"], **run)
        subprocess.run([pg_bin("pg_ctl"), "-D", data, "-l", log, "-w", "-t", "60", "start",
                        "-o", f"-k {folder} -p {PG_PORT} -c listen_addresses='' "
                              "-c fsync=off -c max_connections=200"], **run)
        subprocess.run([pg_bin("createdb"), "-h", folder, "-p", str(PG_PORT), "-U", "postgres",
                        "league"], **run)
    except subprocess.CalledProcessError as err:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.fail(f"The test PostgreSQL cluster did not start: {err.stderr or err.stdout}")
    try:
        yield f"postgresql://postgres@/league?host={folder}&port={PG_PORT}"
    finally:
        subprocess.run([pg_bin("pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"],
                       capture_output=True, timeout=60, **user)
        shutil.rmtree(folder, ignore_errors=True)


def empty_database(url: str) -> None:
    """Drop every league table so each test module starts from an empty league."""
    store = Store(url)
    with store.engine.begin() as conn:
        for name in ("league_games", "league_tables", "league_schema"):
            conn.exec_driver_sql(f"DROP TABLE IF EXISTS {name}")
    store.close()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def db_url(request, tmp_path_factory):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('league') / 'league.sqlite'}"
    url = request.getfixturevalue("postgres_url")
    empty_database(url)
    return url


class Server:
    """One `splendor-league serve` process on a free loopback port."""

    def __init__(self, db_url: str, listen: str = "127.0.0.1:0", env=None):
        self.proc = subprocess.Popen([LEAGUE, "serve", "--db", db_url, "--listen", listen],
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True,
                                     env=dict(os.environ, **(env or {})))
        first = self.proc.stdout.readline()  # blocks until it listens (or dies)
        if "listening on" not in first:
            self.proc.kill()
            raise AssertionError(f"the server did not start: {first}{self.proc.stderr.read()}")
        self.url = first.strip().rsplit(" ", 1)[-1].rstrip("/")
        # Drain stderr so a chatty server never blocks on a full pipe.
        self.log: list = []
        threading.Thread(target=lambda: self.log.extend(self.proc.stderr), daemon=True).start()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="module")
def servers():
    started = []

    def start(db_url, env=None):
        s = Server(db_url, env=env)
        started.append(s)
        return s
    yield start
    for s in started:
        s.stop()


def request(url: str, method: str = "GET", body=None, token=None, raw: bytes = None,
            headers=None):
    """(status, decoded JSON or text) of one HTTP request; never raises on an HTTP status."""
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    h = {"Content-Type": "application/json", **(headers or {})}
    if token:
        h["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, data=data, method=method, headers=h)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            status, text = r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        status, text = err.code, err.read().decode("utf-8")
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text
