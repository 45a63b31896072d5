"""The league in the app's Settings: the address, the table's name and token typed in, kept in
settings.json, and the test button's sentence from a real league server process; then a
game played at the table arrives at the league by itself."""
from __future__ import annotations

import json

import pytest

from league.store import Store
from tests.app.conftest import find, pump, tap, wait_until
from tests.league.conftest import Server, request


@pytest.fixture(autouse=True)
def _leave_the_app_as_found(ui):
    """The app is shared by the tests of a worker: its settings (league and all), the league's
    sender and the Settings screen's scroll go back to what they were, so that a later test
    finds the seat panel's buttons in view and its own language."""
    path = ui.ctl.data_dir / "settings.json"
    saved = path.read_bytes() if path.exists() else None
    before = ui.ctl.settings
    yield
    ui.ctl.league.stop()
    if saved is None:
        path.unlink(missing_ok=True)
    else:
        path.write_bytes(saved)
    ui.ctl.settings = before
    ui.ctl.league.apply(before)
    ui.ctl.league.stop()
    ui.sm.get_screen("settings").children[0].scroll_y = 1
    ui.go("home")
    pump(frames=3)


def _press_test(screen):
    """Scroll Settings down to the league's button and tap it, as a finger would."""
    button = find("league-test")
    screen.children[0].scroll_to(button, animate=False)
    pump(frames=3)
    tap(button)


def _type(screen, name, text):
    box = screen.ids[name]
    box.focus = True
    box.text = text
    box.focus = False          # leaving the box keeps what was typed
    pump(frames=2)


def test_the_league_test_button_says_whether_the_league_answered(ui, tmp_path):
    db = f"sqlite:///{tmp_path / 'league.sqlite'}"
    store = Store(db)
    store.migrate()
    token = store.add_table("pi-3")
    server = Server(db)
    try:
        ui.go("settings")
        pump(0.05)
        screen = ui.sm.get_screen("settings")
        _press_test(screen)
        wait_until(lambda: "first" in screen.league_status, 10, "the missing settings said")
        assert screen.league_status == ("Enter the league's address, this table's name and "
                                        "its token first.")
        _type(screen, "league_url", server.url)
        _type(screen, "league_table", "pi-3")
        _type(screen, "league_token", token + "x")
        _press_test(screen)
        wait_until(lambda: "token" in screen.league_status, 10, "the wrong token said")
        assert screen.league_status == "The league answered, but it does not accept this token."
        _type(screen, "league_token", token)
        _press_test(screen)
        wait_until(lambda: "accepts" in screen.league_status, 10, "the answer said")
        assert screen.league_status == "The league answered and accepts this table's token."
        saved = json.loads((ui.ctl.data_dir / "settings.json").read_text())
        assert (saved["league_url"], saved["league_table"], saved["league_token"]) == \
            (server.url, "pi-3", token)
        assert ui.ctl.league.sender is not None    # the sender runs with these settings
    finally:
        server.stop()
        store.close()


def test_a_game_played_at_the_table_reaches_the_league(ui, tmp_path):
    from companion.app.league import LeagueConfig, LeagueSender
    from companion.referee.journal import Journal, league_game
    from league.simulated import turn_records
    db = f"sqlite:///{tmp_path / 'league.sqlite'}"
    store = Store(db)
    store.migrate()
    token = store.add_table("pi-4")
    server = Server(db)
    try:
        ctl = ui.ctl
        ctl.settings.league_url, ctl.settings.league_table = server.url, "pi-4"
        ctl.settings.league_token = token
        ctl.league.apply(ctl.settings)
        assert isinstance(ctl.league.sender, LeagueSender)
        assert ctl.league.sender.config == LeagueConfig(server.url, "pi-4", token)
        journal = Journal(ctl.data_dir / "journal.sqlite")
        record = turn_records(2, seed=51)[3]
        gid = journal.new_game(record[0], record[1])
        journal.append(gid, record[2:])
        ctl.league.wake()
        url = (f"{server.url}/api/v1/tables/pi-4/games/"
               f"{league_game(journal.game(gid)['started'], gid)}")
        wait_until(lambda: request(url)[0] == 200 and request(url)[1]["revision"] == 2, 15,
                   "the game at the league")
        assert request(url)[1]["record"] == record
    finally:
        ui.ctl.league.stop()
        server.stop()
        store.close()
