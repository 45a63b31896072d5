"""Hands-free turns are a choice per game (issue 36): off by default, ticked by touch on the
Players screen when a game starts, changed for the game being played in Settings, kept for a
resume, and off again for the next game unless ticked again. Through the real Kivy window;
the words fit their widgets in English, Polish and Korean."""
from __future__ import annotations

import json

import pytest

from companion.i18n import live
from tests.app import layout
from tests.app.conftest import find, pump, tap_target, texts, wait_until
from tests.app.touchplay import start_game_by_touch


def _choice_file(app):
    return app.ctl.ref.session.folder / "watching.json"


def _kept(app) -> bool:
    return json.loads(_choice_file(app).read_text())["hands_free"]


@pytest.fixture
def lang_ui(ui):
    yield ui
    live.tr.switch("en")
    pump(frames=2)


@pytest.mark.slow
def test_hands_free_is_off_by_default_and_chosen_by_touch_for_one_game(ui):
    tap_target("new")
    box = find("hands-free")
    assert box.active is False                    # off unless the players choose it
    assert "Hands-free turns" in texts()
    ui.go("home")
    pump(frames=2)
    start_game_by_touch(ui, players=2, seed=4, hands_free=True)
    assert ui.ctl.watch.hands_free is True
    assert _kept(ui) is True                      # beside the session: a resume reads it
    # Settings shows this game's choice and changes it by touch.
    ui.go("settings")
    pump(frames=2)
    game_box = find("hands-free-game")
    assert game_box.active is True
    scroll = ui.sm.get_screen("settings").children[0]
    scroll.scroll_to(game_box, animate=False)     # the player scrolls down to it
    pump(frames=2)
    tap_target("hands-free-game")
    assert ui.ctl.watch.hands_free is False and _kept(ui) is False
    tap_target("hands-free-game")
    assert ui.ctl.watch.hands_free is True and _kept(ui) is True
    assert layout.problems(ui) == []
    scroll.scroll_y = 1                           # as a later test expects Settings
    # A restart resumes the game with its choice.
    data = ui.ctl.data_dir
    ui.reset(data)
    pump(frames=2)
    tap_target("resume")
    wait_until(lambda: ui.sm.current == "play", what="the resumed game")
    assert ui.ctl.watch.hands_free is True
    # The next game is off again unless ticked.
    ui.go("home")
    pump(frames=2)
    tap_target("new")
    tap_target("confirm-new")                     # the resumed game stays saved
    assert ui.sm.current == "players" and find("hands-free").active is False
    ui.go("home")
    pump(frames=2)
    start_game_by_touch(ui, players=2, seed=5)
    assert ui.ctl.watch.hands_free is False and _kept(ui) is False


def test_settings_without_a_game_says_where_hands_free_is_chosen(ui):
    ui.go("settings")
    pump(frames=2)
    assert "Hands-free turns are chosen for each game when the players are seated." in texts()
    with pytest.raises(AssertionError):
        find("hands-free-game")                   # nothing to tick without a game


@pytest.mark.parametrize("lang, words", [
    ("pl", "Tury bez przycisku"), ("ko", "버튼 없는 차례")])
def test_the_choice_is_said_and_fits_in_polish_and_korean(lang_ui, lang, words):
    ui = lang_ui
    live.tr.switch(lang)
    tap_target("new")
    pump(frames=2)
    assert words in texts()
    assert layout.problems(ui) == []
    ui.go("settings")
    pump(frames=2)
    assert words in texts()
    assert layout.problems(ui) == []
