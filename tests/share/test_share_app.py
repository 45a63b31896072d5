"""Game over's and History's "Log in BG Stats", and History's export, with real touches in the
real window; the QR code read back by zxing-cpp from a screenshot of the window, at this
process's display size (800 x 480) and in a 720 x 1280 window of its own."""
from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest
import zxingcpp

from companion.ui import window as app_module
from companion.share import bgstats as share
from companion.ui import share as ui_share
from tests.app.conftest import (WINDOW, find, find_all, grab_pixels, pump, run_in_portrait,
                                save_png, tap, tap_target, texts, wait_until)
from tests.app.test_app_screens import _deal, _finish_by_lines

SHOTS = Path(os.environ["SPLENDOR_SHOTS"]) if os.environ.get("SPLENDOR_SHOTS") else None
MIN_MODULE_MM = 0.5     # smaller modules are hard for a phone held at arm's length


def _finish_a_game(ui, players=4):
    table = _deal(ui, players=players)
    ui.ctl.confirm_setup()
    ui.go("play")
    _finish_by_lines(ui.ctl, table)
    wait_until(lambda: ui.sm.current == "gameover", what="the Game over screen")
    pump(0.05)


def _open_qr_popup():
    wait_until(lambda: any(isinstance(v, ui_share.QrPopup) for v in _views()),
               what="the QR code popup")
    pump(frames=3)
    return next(v for v in _views() if isinstance(v, ui_share.QrPopup))


def _views():
    from kivy.core.window import Window
    return list(Window.children)


def _inside(widget, box) -> bool:
    x, y = widget.to_window(*widget.pos)
    return (box[0] - 1 <= x and box[1] - 1 <= y and x + widget.width <= box[2] + 1
            and y + widget.height <= box[3] + 1)


def _shot(name, tmp_path):
    folder = SHOTS or tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    save_png(grab_pixels(), folder / f"{name}-{WINDOW[0]}x{WINDOW[1]}.png")


def _check_choice(target) -> None:
    """A choice of a picker: inside the window, its text inside it, a touch target tall."""
    from kivy.app import App
    w = find(target)
    assert _inside(w, (0, 0, *WINDOW)), target
    assert w.texture_size[0] <= w.width and w.texture_size[1] <= w.height, target
    assert w.height >= App.get_running_app().tap - 1, target


def _read_screen_code(popup, name, tmp_path) -> str:
    """The code on the screen, read from the window's pixels as a phone's camera would."""
    img = grab_pixels()
    folder = SHOTS or tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    save_png(img, folder / f"{name}-{WINDOW[0]}x{WINDOW[1]}.png")
    found = zxingcpp.read_barcodes(img)
    assert len(found) == 1, f"{len(found)} codes read from the screen"
    # Geometry: the code, quiet zone included, is inside the window and clear of every label
    # and button of the popup.
    code = popup.ids.code
    x, y, side = code.drawn
    w, h = WINDOW
    assert 0 <= x and 0 <= y and x + side <= w and y + side <= h
    for widget in (popup.ids.title, popup.ids.hint, find("close")):
        assert _inside(widget, (0, 0, w, h)), widget
        wx, wy = widget.to_window(*widget.pos)
        overlap = not (wx >= x + side or wx + widget.width <= x or wy >= y + side
                       or wy + widget.height <= y)
        assert not overlap, f"{widget} overlaps the code"
    assert popup.ids.title.texture_size[1] <= popup.ids.title.height
    # Its modules: whole pixels, and big enough in millimetres on this display.
    dpi = app_module.DISPLAY_DPI.get(WINDOW, app_module.DEFAULT_DPI)
    mm = code.module_px / dpi * 25.4
    report = {"window": f"{w}x{h}", "dpi": dpi, "modules": code.modules,
              "quiet_modules": code.quiet_modules,
              "module_px": code.module_px, "module_mm": round(mm, 2),
              "code_mm": round(code.modules * code.module_px / dpi * 25.4, 1)}
    print("QR on screen:", json.dumps(report))
    if SHOTS:
        (SHOTS / f"qr-{name}-{w}x{h}.json").write_text(json.dumps(report))
    assert mm >= MIN_MODULE_MM and code.quiet_modules >= 2, report
    return found[0].text


def test_game_over_shows_the_code_of_this_game(share_ui, tmp_path):
    ui = share_ui
    _finish_a_game(ui, players=4)
    assert "Log in BG Stats" in texts()
    tap_target("bgstats")
    popup = _open_qr_popup()
    link = _read_screen_code(popup, "gameover-qr", tmp_path)
    assert link == ui_share.game_over_link(ui.ctl)
    data = share.decode_link(link)
    g = ui.ctl.game
    assert [p["name"] for p in data["players"]] == list(g.names)
    assert [p["score"] for p in data["players"]] == list(g.outcome.points)
    # Its date and duration come from the table's session folder.
    when = share.session_time(ui.ctl.ref.session.folder)
    assert when is not None and when.source == "session"
    assert data["playDate"] == when.end.strftime("%Y-%m-%d %H:%M:%S")
    assert data["durationMin"] == when.minutes and data["game"]["bggId"] == 148228
    tap_target("close")
    wait_until(lambda: not any(isinstance(v, ui_share.QrPopup) for v in _views()),
               what="the popup to close")
    assert ui.sm.current == "gameover"


def test_history_shows_each_past_games_code_and_exports_every_game(share_ui, tmp_path):
    ui = share_ui
    _finish_a_game(ui, players=3)
    game_over = share.decode_link(ui_share.game_over_link(ui.ctl))
    tap_target("history")
    wait_until(lambda: ui.sm.current == "history", what="the History screen")
    for target in ("bgstats", "export-usb", "back"):
        assert _inside(find(target), (0, 0, *WINDOW)), target
    # Log a game: pick it, then its code.
    tap_target("bgstats")
    wait_until(lambda: find_all("game-1"), what="the list of games")
    pump(frames=3)
    _check_choice("game-1")
    _shot("history-pick-game", tmp_path)
    tap(find("game-1"))
    popup = _open_qr_popup()
    link = _read_screen_code(popup, "history-qr", tmp_path)
    data = share.decode_link(link)
    # The same play as from Game over: BG Stats sees one game, however often it is scanned.
    assert data["sourcePlayId"] == game_over["sourcePlayId"]
    assert data["players"] == game_over["players"]
    tap_target("close")
    # Export: a USB stick mounted under /media (a mount table of our own), then the CSV.
    stick = tmp_path / "media" / "pi" / "MY STICK"
    stick.mkdir(parents=True)
    mounts = tmp_path / "mounts"
    mounts.write_text(f"/dev/sda1 {str(stick).replace(' ', chr(92) + '040')} vfat rw 0 0\n")
    old = ui_share.MEDIA_ROOT, ui_share.MOUNTS
    ui_share.MEDIA_ROOT, ui_share.MOUNTS = str(tmp_path / "media"), str(mounts)
    try:
        tap_target("export-usb")
        wait_until(lambda: find_all("usb-0"), what="the folder choices")
        assert "USB stick MY STICK" in texts() and "data folder" in texts()
        pump(frames=3)
        _check_choice("usb-0")
        _check_choice("data-folder")
        _shot("history-pick-folder", tmp_path)
        tap(find("usb-0"))
    finally:
        ui_share.MEDIA_ROOT, ui_share.MOUNTS = old
    wait_until(lambda: "1 game exported to" in texts(), what="the export's sentence")
    _shot("history-exported", tmp_path)
    with open(stick / "splendor-companion" / "splendor-games.csv", encoding="utf-8-sig",
              newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["player_1"] for r in rows] == [game_over["players"][0]["name"]]
    assert [int(rows[0][f"score_{k}"]) for k in (1, 2, 3)] == [
        p["score"] for p in game_over["players"]]
    assert (stick / "splendor-companion" / "splendor-game-1.jsonl").is_file()
    tap_target("close")


def test_history_with_no_finished_game_says_so(share_ui):
    ui = share_ui
    ui.go("history")
    pump(0.05)
    tap_target("bgstats")
    wait_until(lambda: "There is no finished game to log yet." in texts(),
               what="the sentence")
    tap_target("close")
    assert ui.sm.current == "history"


@pytest.mark.slow
def test_sharing_in_portrait_on_touch_display_2(tmp_path):
    """The same tests in a 720 x 1280 window of their own (a second process)."""
    here = "tests/share/test_share_app.py::"
    out = run_in_portrait(f"{here}test_game_over_shows_the_code_of_this_game "
                          f"{here}test_history_shows_each_past_games_code_and_exports_every_game"
                          " -s", tmp_path / "shots")
    assert "2 passed" in out
    shots = sorted(p.name for p in (tmp_path / "shots").glob("*-720x1280.png"))
    assert shots == ["gameover-qr-720x1280.png", "history-exported-720x1280.png",
                     "history-pick-folder-720x1280.png", "history-pick-game-720x1280.png",
                     "history-qr-720x1280.png"]
