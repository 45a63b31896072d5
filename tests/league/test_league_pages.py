"""The league's pages in Debian's headless Chromium, against a real server process."""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest

from league.simulated import turn_records
from league.store import Store
from tests.league.browser import Browser
from tests.league.conftest import request

HOSTILE = "<script>window.pwned=1</script><b>Zoe</b>"


@pytest.fixture(scope="module")
def site(tmp_path_factory, servers):
    db = f"sqlite:///{tmp_path_factory.mktemp('pages') / 'league.sqlite'}"
    store = Store(db)
    store.migrate()
    tokens = {t: store.add_table(t) for t in ("club-1", "club-2", "club-3")}
    server = servers(db)
    browser = Browser()
    yield server.url, tokens, browser
    browser.close()
    store.close()


def push(base, table, game, revision, record, token):
    status, answer = request(f"{base}/api/v1/tables/{table}/games/{game}", "PUT",
                             {"revision": revision, "record": record}, token=token)
    assert status == 200 and answer["stored"], answer
    return answer


def test_a_push_appears_on_the_front_page_within_5_s_without_a_reload(site):
    base, tokens, browser = site
    browser.open(base + "/?lang=en")
    browser.wait_for("document.body.dataset.loaded === '1'", 20, "the page loaded")
    browser.eval("window.sameDocument = 'yes'")   # gone if the page reloads
    turns = turn_records(2, seed=21, names=["Ana", "Ben"])
    push(base, "club-1", "live", 4, turns[3], tokens["club-1"])
    browser.wait_for("[...document.querySelectorAll('#tables .card-table')].some("
                     "e => e.dataset.table === 'club-1' && e.dataset.revision === '4')", 5,
                     "the pushed game on the page")
    pushed = time.monotonic()
    push(base, "club-1", "live", 5, turns[4], tokens["club-1"])
    browser.wait_for("[...document.querySelectorAll('#tables .card-table')].some("
                     "e => e.dataset.table === 'club-1' && e.dataset.revision === '5')",
                     5 - (time.monotonic() - pushed), "the next turn on the page")
    assert browser.eval("window.sameDocument") == "yes"
    card = browser.eval("document.querySelector('#tables .card-table').innerText")
    assert "Table club-1" in card and "Turn 6" in card and "Last move:" in card


def test_a_name_with_markup_shows_as_text(site):
    base, tokens, browser = site
    turns = turn_records(2, seed=22, names=[HOSTILE, "Ben"])
    push(base, "club-2", "hostile", 1, turns[-1], tokens["club-2"])  # finished: standings too
    browser.open(base + "/?lang=en")
    browser.wait_for("document.body.innerText.includes('window.pwned=1')", 10,
                     "the name as text")
    assert browser.eval("window.pwned") is None
    assert browser.eval("document.querySelectorAll('main b, main script').length") == 0
    names = browser.eval("[...document.querySelectorAll('#standings td:nth-child(2)')]"
                         ".map(e => e.textContent)")
    assert HOSTILE in names
    browser.open(base + "/tables/club-2?lang=en")
    browser.wait_for("document.querySelectorAll('#picture .seat').length === 2", 10,
                     "the table's seats")
    seat = browser.eval("document.querySelector('#picture .seat-name').textContent")
    assert seat.startswith(HOSTILE[:20]) or seat.startswith("★ " + HOSTILE[:20])
    assert browser.eval("window.pwned") is None


def test_the_table_page_shows_the_game_as_a_picture(site):
    base, tokens, browser = site
    turns = turn_records(3, seed=23, names=["Ana", "Ben", "Kim"])
    record = turns[5]
    push(base, "club-3", "picture", 6, record, tokens["club-3"])
    browser.open(base + "/tables/club-3?lang=pl")
    browser.wait_for("document.body.dataset.revision === '6'", 10, "the game drawn")
    # 12 face-up cards (a market this early is full), players + 1 nobles, one panel a seat.
    cards = browser.eval("[...document.querySelectorAll('#picture .card')]"
                         ".map(e => e.dataset.card)")
    market = [c for row in record[1]["market"] for c in row]
    assert len(cards) == 12 and set(cards) != set(market)   # moved on from the deal
    assert browser.eval("document.querySelectorAll('#picture .noble').length") == 4
    seats = browser.eval("[...document.querySelectorAll('#picture .seat')]"
                         ".map(e => e.dataset.name)")
    assert seats == ["Ana", "Ben", "Kim"]
    assert browser.eval("document.querySelectorAll('#picture .seat.active').length") == 1
    assert browser.eval("document.getElementById('heading').textContent") == "Stół club-3"
    box = browser.eval("(() => { const r = document.getElementById('picture')"
                       ".getBoundingClientRect(); return [r.width, r.height]; })()")
    assert box[0] > 300 and box[1] > 150


@pytest.mark.slow
def test_screenshots_at_phone_and_wall_sizes(site):
    """Screenshots to look at (LEAGUE_SHOTS=folder keeps them): the pages must fit a phone
    (no sideways scrolling) and fill a wall screen."""
    base, tokens, browser = site
    folder = Path(os.environ.get("LEAGUE_SHOTS") or tempfile.mkdtemp(prefix="league-shots-"))
    folder.mkdir(parents=True, exist_ok=True)
    turns = turn_records(4, seed=24, names=["Agnieszka", "Ben", "김민준", "Dev"])
    push(base, "club-3", "wall", 30, turns[29], tokens["club-3"])
    for lang in ("en", "ko"):
        for name, (w, h, mobile) in {"phone": (390, 844, True),
                                     "wall": (1920, 1080, False)}.items():
            browser.size(w, h, mobile)
            for page, path in (("index", "/"), ("table", "/tables/club-3")):
                browser.open(f"{base}{path}?lang={lang}")
                browser.wait_for("document.body.dataset.loaded === '1'", 10, "the page")
                browser.wait_for("!!document.querySelector('#tables .card-table, #picture g')",
                                 10, "the content")
                overflow = browser.eval("document.documentElement.scrollWidth - "
                                        "document.documentElement.clientWidth")
                assert overflow <= 0, f"{page} scrolls sideways on a {name} ({lang})"
                browser.screenshot(folder / f"{page}-{name}-{lang}.png")
    print(f"screenshots in {folder}")
