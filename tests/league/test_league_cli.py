"""`splendor-league` commands as a user runs them, and the rate limits (with a stepped clock)."""
from __future__ import annotations

import socket
import subprocess
import warnings

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from league.app import Limits, create_app
from league.limits import Limiter, Rate
from league.simulated import turn_records
from league.store import Store
from tests.league.conftest import LEAGUE


def league(*args, **kw):
    return subprocess.run([LEAGUE, *args], capture_output=True, text=True, timeout=60, **kw)


def test_add_table_prints_a_token_once_and_stores_only_its_hash(tmp_path):
    db = f"sqlite:///{tmp_path / 'l.sqlite'}"
    done = league("add-table", "club-1", "--db", db)
    assert done.returncode == 0, done.stderr
    token = done.stdout.strip().splitlines()[-1]
    assert len(token) >= 40
    assert token.encode() not in (tmp_path / "l.sqlite").read_bytes()
    store = Store(db)
    assert store.table_of_token(token) == "club-1"
    assert store.table_of_token(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    again = league("add-table", "club-1", "--db", db)
    assert again.returncode == 2
    assert again.stderr.strip() == "There is already a table named club-1."
    assert league("tables", "--db", db).stdout.strip() == "club-1"
    assert league("revoke", "club-1", "--db", db).returncode == 0
    assert store.table_of_token(token) is None
    assert league("tables", "--db", db).stdout.strip() == "club-1  (revoked)"
    missing = league("revoke", "nobody", "--db", db)
    assert missing.returncode == 2 and missing.stderr.strip() == "There is no table named nobody."
    bad = league("add-table", "no spaces", "--db", db)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_serve_exits_2_with_a_sentence_when_the_database_cant_be_reached(tmp_path):
    done = league("serve", "--db", f"postgresql://league@/league?host={tmp_path}&port=1",
                  "--listen", "127.0.0.1:0")
    assert done.returncode == 2
    assert done.stderr.startswith("The database postgresql://league@/league")
    assert "can't be reached" in done.stderr and "Traceback" not in done.stderr
    folder = tmp_path / "not-a-folder"
    folder.write_text("a file where the database's folder should be")
    done = league("serve", "--db", f"sqlite:///{folder}/league.sqlite")
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.strip()


def test_serve_exits_2_with_a_sentence_when_the_address_cant_be_used(tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        db = f"sqlite:///{tmp_path / 'l.sqlite'}"
        done = league("serve", "--db", db, "--listen", f"127.0.0.1:{port}")
        assert done.returncode == 2
        assert done.stderr.strip() == (f"The address 127.0.0.1:{port} can't be used "
                                       "(Address already in use).")
        done = league("serve", "--db", db, "--listen", "nonsense")
        assert done.returncode == 2 and "is not HOST:PORT" in done.stderr
    finally:
        taken.close()


def test_the_limiter_refuses_past_the_burst_and_refills_with_the_clock():
    now = [0.0]
    limiter = Limiter(Rate(per_second=2, burst=3), clock=lambda: now[0])
    assert [limiter.take("a") for _ in range(3)] == [0, 0, 0]
    assert limiter.take("a") == 0.5         # the fourth waits half a second
    assert limiter.take("b") == 0           # another key has its own bucket
    now[0] += 0.5
    assert limiter.take("a") == 0


def test_a_table_pushing_too_fast_is_429_with_retry_after(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'l.sqlite'}")
    store.migrate()
    token = store.add_table("fast")
    now = [100.0]
    app = create_app(store, Limits(push=Rate(1, 2), address=Rate(1, 2)), clock=lambda: now[0])
    client = TestClient(app)
    record = turn_records(2, seed=5)[0]
    auth = {"Authorization": f"Bearer {token}"}
    answers = [client.put("/api/v1/tables/fast/games/g", headers=auth,
                          json={"revision": n, "record": record}) for n in (1, 2, 3)]
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert answers[2].headers["Retry-After"] == "1"
    assert answers[2].json() == {"error": "Too many requests; try again in a moment."}
    now[0] += 1
    assert client.put("/api/v1/tables/fast/games/g", headers=auth,
                      json={"revision": 3, "record": record}).status_code == 200
    # Wrong tokens are counted per address: guessing is slowed down too.
    codes = [client.put("/api/v1/tables/fast/games/g", headers={"Authorization": "Bearer x"},
                        json={}).status_code for _ in range(3)]
    assert codes == [401, 401, 429]
