"""Configuration and environment: every variable checked at start with a sentence naming it and
the values it accepts; settings of the wrong type reset with a notice; wiring files, the data
folder and a missing display, each a sentence."""
from __future__ import annotations

import json

import pytest

from companion.app.settings import Settings
from companion.app.startup import StartupError, check_display, read_environment
from companion.i18n.startup import english

from .conftest import assert_one_sentence, run_command

APP = {"SDL_VIDEODRIVER": "offscreen", "SPLENDOR_DEMO_EXIT": "1", "SPLENDOR_MOCK_GPIO": "1"}


@pytest.mark.parametrize("name, value, accepted", [
    ("SPLENDOR_SIZE", "abc", "WIDTHxHEIGHT"),
    ("SPLENDOR_SIZE", "99999999x1", "WIDTHxHEIGHT"),
    ("SPLENDOR_DPI", "abc", "dots per inch"),
    ("SPLENDOR_DPI", "inf", "dots per inch"),
    ("SPLENDOR_DEMO_DELAY", "abc", "seconds"),
    ("SPLENDOR_DEMO_DELAY", "nan", "seconds"),
    ("SPLENDOR_DEMO_PLAYERS", "9", "2, 3 or 4"),
    ("SPLENDOR_DEMO_SEED", "x", "whole number"),
    ("SPLENDOR_DEMO_COMPUTERS", "0,5", "level from 1 to 4"),
    ("SPLENDOR_DEMO_CAMERA_VIEW", "-1", "number of turns"),
    ("SPLENDOR_KIOSK", "maybe", "1 (on) or 0 (off)"),
])
def test_the_app_refuses_a_wrong_variable_before_any_window(work, name, value, accepted):
    run = run_command(["--demo"], work, env={**APP, name: value})
    assert_one_sentence(run, 2, name, accepted)


def test_a_data_folder_that_is_a_file(work):
    (work / "data").write_text("not a folder")
    run = run_command(["--demo"], work, env={**APP, "SPLENDOR_DATA_DIR": str(work / "data")})
    assert_one_sentence(run, 2, "is a file, not a folder", "SPLENDOR_DATA_DIR")


def test_the_kiosk_without_a_display_says_so(work):
    run = run_command([], work, env={"SPLENDOR_KIOSK": "1", "DISPLAY": ":77",
                                     "SDL_VIDEODRIVER": None, "WAYLAND_DISPLAY": None})
    assert_one_sentence(run, 1, "There is no screen to draw on")


def test_display_check_without_x_wayland_or_drm(tmp_path):
    with pytest.raises(StartupError) as err:
        check_display({}, dev=tmp_path)
    assert (err.value.code, err.value.cause) == (1, "no-screen")
    assert "/dev/dri" in english(err.value)
    (tmp_path / "card0").touch()
    check_display({}, dev=tmp_path)
    check_display({"SDL_VIDEODRIVER": "offscreen"}, dev=tmp_path / "none")


def test_good_variables_are_read():
    env = read_environment({"SPLENDOR_SIZE": "720x1280", "SPLENDOR_DPI": "210",
                            "SPLENDOR_DEMO_DELAY": "0.5", "SPLENDOR_DEMO_PLAYERS": "3",
                            "SPLENDOR_KIOSK": "true", "SPLENDOR_DEMO_RENDER": "0",
                            "SPLENDOR_DEMO_CAMERA_VIEW": "5"})
    assert env.size == (720, 1280) and env.dpi == 210 and env.kiosk
    assert env.demo == {"delay": 0.5, "players": 3, "render": False, "camera_view": 5}
    env = read_environment({"SPLENDOR_DEMO_COMPUTERS": "0, 2,4"})
    assert env.demo == {"computers": {1: 2, 2: 4}}


@pytest.mark.parametrize("content", [b"\xff\xfe[[seats]]\n", b'seats = "x\n'])
def test_a_bad_wiring_file_is_a_sentence(work, content):
    (work / "panel.toml").write_bytes(content)
    run = run_command(["test-panel", "--config", "panel.toml", "--mock"], work)
    assert_one_sentence(run, 2, "panel config")


@pytest.mark.parametrize("obj, words", [
    ([1, 2, 3], "not a set of settings"),
    ({"names": "Ana", "hints": "yes", "short_take": 3, "camera": ["x"], "last_seats": {}},
     "the names typed before, the hints, the house rule"),
    ({"move_hint": "on"}, "the Hint button"),
])
def test_wrong_settings_are_reset_with_a_notice(tmp_path, obj, words):
    (tmp_path / "settings.json").write_text(json.dumps(obj))
    s = Settings.load(tmp_path)
    assert s == Settings() and words in " ".join(s.notices)


def test_the_notice_reaches_the_home_screen_view_model(tmp_path):
    from companion.app.controller import Controller

    (tmp_path / "settings.json").write_text('{"hints": "yes", "short_take": "always"}')
    ctl = Controller(tmp_path, threaded=False)
    try:
        assert ctl.settings.short_take == "always" and ctl.settings.hints is False
        assert "could not be read" in ctl.notice and "the hints" in ctl.notice
    finally:
        ctl.close()
