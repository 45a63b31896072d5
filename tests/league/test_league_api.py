"""The league's HTTP API end to end: real `splendor-league serve` processes on SQLite and on
a real PostgreSQL cluster (the same tests on both), pushed to as tables push."""
from __future__ import annotations

import random
import threading

import pytest

from league.simulated import turn_records
from league.store import Store
from tests.league.conftest import request

GAME = "/api/v1/tables/{table}/games/{game}"


@pytest.fixture(scope="module")
def league(db_url, servers):
    store = Store(db_url)
    store.migrate()
    tokens = {name: store.add_table(name) for name in ("north", "south", "east")}
    server = servers(db_url)
    yield server.url, tokens, store
    store.close()


def put(base, table, game, revision, record, token):
    return request(base + GAME.format(table=table, game=game), "PUT",
                   {"revision": revision, "record": record}, token=token)


def test_pushes_from_several_tables_make_the_live_tables_and_the_standings(league):
    base, tokens, _ = league
    games = {"north": turn_records(2, seed=1), "south": turn_records(3, seed=2,
                                                                     names=["Ana", "Eve", "Kim"]),
             "east": turn_records(4, seed=3)}
    for table, turns in games.items():
        # North pushes after every turn; the others after every tenth and the last (a table
        # that was offline between), which is stored just the same.
        every = 1 if table == "north" else 10
        for revision, record in enumerate(turns, start=1):
            if revision % every and revision != len(turns):
                continue
            status, answer = put(base, table, "g1", revision, record, tokens[table])
            assert (status, answer) == (200, {"stored": True, "revision": revision})
    status, live = request(base + "/api/v1/tables")
    assert status == 200
    by_table = {t["table"]: t for t in live["tables"]}
    assert set(by_table) == {"north", "south", "east"}
    for table, turns in games.items():
        t = by_table[table]
        assert t["game"] == "g1" and t["finished"] is True and t["active"] is None
        assert t["players"] == turns[-1][0]["players"]
        assert t["winners"] and t["turn"] == len(turns)
    status, standings = request(base + "/api/v1/standings")
    rows = {r["name"]: r for r in standings["players"]}
    # Ana played at every table (same name, one player); Eve only at south.
    assert rows["Ana"]["games"] == 3 and rows["Eve"]["games"] == 1
    assert sum(r["wins"] for r in rows.values()) == pytest.approx(3)
    assert rows["Eve"]["average_points"] == rows["Eve"]["points"]


def test_retries_and_stale_or_duplicate_revisions_change_nothing(league):
    base, tokens, _ = league
    turns = turn_records(2, seed=11)
    assert put(base, "north", "retry", 5, turns[4], tokens["north"]) == \
        (200, {"stored": True, "revision": 5})
    # The same push again (a retry after a lost answer), and an older one arriving late.
    assert put(base, "north", "retry", 5, turns[4], tokens["north"]) == \
        (200, {"stored": False, "revision": 5})
    assert put(base, "north", "retry", 3, turns[2], tokens["north"]) == \
        (200, {"stored": False, "revision": 5})
    status, game = request(base + GAME.format(table="north", game="retry"))
    assert status == 200 and game["revision"] == 5 and game["record"] == turns[4]


def test_an_undo_is_a_shorter_record_at_a_higher_revision(league):
    base, tokens, _ = league
    turns = turn_records(2, seed=12)
    assert put(base, "south", "undo", 1, turns[9], tokens["south"])[1]["stored"]
    assert put(base, "south", "undo", 2, turns[8], tokens["south"])[1]["stored"]
    status, game = request(base + GAME.format(table="south", game="undo"))
    assert game["revision"] == 2 and game["record"] == turns[8]
    live = {t["table"]: t for t in request(base + "/api/v1/tables")[1]["tables"]}
    assert live["south"]["game"] == "undo" and live["south"]["turn"] == 9


def test_a_wrong_missing_or_revoked_token_is_401(league):
    base, tokens, store = league
    record = turn_records(2, seed=13)[0]
    for token in (None, "not-a-token", tokens["north"] + "x"):
        status, answer = put(base, "north", "auth", 1, record, token)
        assert status == 401 and answer["error"].endswith(".")
    fresh = store.add_table("west")
    assert put(base, "west", "auth", 1, record, fresh)[0] == 200
    store.revoke("west")
    assert put(base, "west", "auth", 2, record, fresh)[0] == 401
    assert request(base + GAME.format(table="north", game="auth"))[0] == 404


def test_a_token_writing_another_tables_game_is_403(league):
    base, tokens, _ = league
    status, answer = put(base, "south", "stolen", 1, turn_records(2, seed=14)[0],
                         tokens["north"])
    assert status == 403 and set(answer) == {"error"} and "north" in answer["error"]
    assert request(base + GAME.format(table="south", game="stolen"))[0] == 404


def test_an_illegal_record_is_422_with_its_line_and_rule_and_nothing_is_stored(league):
    base, tokens, _ = league
    turns = turn_records(2, seed=15)
    record = list(turns[3])
    # Line 3 is the first player's first action: the other seat plays it instead.
    first = record[1]["first"]
    record[2] = dict(record[2], player=1 - first)
    status, answer = put(base, "east", "illegal", 1, record, tokens["east"])
    assert status == 422
    assert answer["line"] == 3 and answer["rule"] == "not-your-turn"
    assert answer["error"].startswith("Line 3 ")
    # A line that is not a record line at all is malformed, with its number.
    bad = turns[0][:2] + [{"type": "juggle", "player": 0}]
    status, answer = put(base, "east", "illegal", 1, bad, tokens["east"])
    assert (status, answer["line"], answer["rule"]) == (422, 3, "malformed")
    assert request(base + GAME.format(table="east", game="illegal"))[0] == 404


def test_a_body_over_1_mb_is_413_and_1_mb_is_read(league):
    base, tokens, _ = league
    url = base + GAME.format(table="east", game="big")
    limit = 1024 * 1024
    status, answer = request(url, "PUT", raw=b" " * (limit + 1), token=tokens["east"])
    assert status == 413 and answer["error"].endswith(".")
    # Exactly 1 MB is read (and refused for what it is: not JSON, 400).
    status, answer = request(url, "PUT", raw=b" " * limit, token=tokens["east"])
    assert status == 400


def test_a_body_that_is_not_the_apis_json_is_400(league):
    base, tokens, _ = league
    url = base + GAME.format(table="east", game="bad")
    record = turn_records(2, seed=16)[0]
    bodies = [b'{"revision": 1, "record": [', b"\xff\xfe", b'{"revision": 1}',
              b'{"revision": -1, "record": [{}]}', b'{"revision": true, "record": [{}]}',
              b'{"revision": 1, "record": [], "extra": 1}',
              b'{"revision": 1, "record": ' + b"[" * 20 + b"]" * 20 + b"}",
              b'{"revision": 1, "revision": 2, "record": [{}]}']
    for raw in bodies:
        status, answer = request(url, "PUT", raw=raw, token=tokens["east"])
        assert status == 400, raw
        assert set(answer) == {"error"} and answer["error"].endswith("."), answer
    for game in ("bad%20id!", "x" * 65):
        status, answer = request(base + GAME.format(table="east", game=game), "PUT",
                                 {"revision": 1, "record": record}, token=tokens["east"])
        assert status == 400 and "game id" in answer["error"]


def test_unknown_addresses_and_methods_answer_a_sentence(league):
    base, _, _ = league
    assert request(base + "/api/v1/nothing") == (404, {"error":
                                                       "There is nothing at this address."})
    status, answer = request(base + "/api/v1/standings", "DELETE")
    assert status == 405 and answer["error"].endswith(".")


def test_concurrent_pushes_to_one_game_through_two_processes_keep_the_highest(league, db_url,
                                                                             servers):
    base, tokens, store = league
    # A table of its own: the module's server shares its rate limits with the other tests,
    # and north's pushes there had emptied its bucket (429s when they ran just before).
    race = store.add_table("race-table")
    other = servers(db_url).url
    turns = turn_records(2, seed=17)[:40]
    pushes = [(rev, rec) for rev, rec in enumerate(turns, start=1)] * 2  # each one twice
    random.Random(4).shuffle(pushes)
    answers, lock = [], threading.Lock()

    def worker(k):
        for rev, rec in pushes[k::8]:
            target = (base, other)[(rev + k) % 2]
            status, answer = put(target, "race-table", "race", rev, rec, race)
            with lock:
                answers.append((rev, status, answer))
    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == len(pushes)
    assert all(status == 200 for _, status, _ in answers)
    top = len(turns)
    assert any(a["stored"] for rev, _, a in answers if rev == top)
    for server in (base, other):
        game = request(server + GAME.format(table="race-table", game="race"))[1]
        assert game["revision"] == top and game["record"] == turns[-1]
    # Nothing lost: each table's other games, pushed at the same time to both, all arrived.
    results = []

    def one_game(k):
        target = (base, other)[k % 2]
        results.append(put(target, "south", f"many-{k}", 1, turns[k], tokens["south"]))
    threads = [threading.Thread(target=one_game, args=(k,)) for k in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == (200, {"stored": True, "revision": 1}) for r in results)
    for k in range(20):
        assert request(base + GAME.format(table="south", game=f"many-{k}"))[1]["record"] == \
            turns[k]
