"""A screenshot of every screen at both display sizes, checked for content."""
import os
from pathlib import Path

import numpy as np
import pytest

from companion.engine import SimulatedTable

from tests.app.conftest import (WINDOW, find, grab_pixels, pump, run_in_portrait, save_png,
                                tap_target, texts, wait_until)

SHOTS = Path(os.environ.get("SPLENDOR_SHOTS", "")) if os.environ.get("SPLENDOR_SHOTS") else None


def _shot(name, size, tmp_path):
    img = grab_pixels()
    assert img.shape[:2] == (size[1], size[0])
    folder = SHOTS or tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    save_png(img, folder / f"{name}-{size[0]}x{size[1]}.png")
    # Content, not a blank frame: many distinct colours, and text-like detail everywhere.
    colours = len(np.unique(img.reshape(-1, 3)[::7], axis=0))
    assert colours > 30, f"{name} at {size} shows only {colours} colours"
    edges = np.abs(np.diff(img.astype(int).sum(axis=2), axis=1)) > 60
    assert edges.mean() > 0.004, f"{name} at {size} has almost no detail"
    return img


def _deal(ui, players=3, seed=11):
    table = SimulatedTable(players=players, seed=seed)
    ctl = ui.ctl
    names = ["Ana", "Ben", "Cleo", "Dev"][:players] + [None] * (4 - players)
    assert ctl.new_game(names, table.setup.first) == []
    for slot in ctl.draft.slots():
        ctl.draft.put(slot, table.setup.nobles[slot[1]] if slot[0] == "noble"
                      else table.setup.market[slot[1] - 1][slot[2]])
    return table


def test_every_screen_has_its_content_at_this_window_size(ui, tmp_path):
    size = WINDOW
    # Home
    ui.go("home")
    pump(0.05)
    assert "New game" in texts() and "History" in texts()
    _shot("home", size, tmp_path)
    # Players
    tap_target("new")
    assert ui.sm.current == "players"
    assert "Who plays?" in texts()
    _shot("players", size, tmp_path)
    # Setup guide: tokens step, then the cards step with slots to enter by touch
    table = _deal(ui)
    ui.go("setup")
    pump(0.05)
    assert "Keep 5 tokens of each gem colour and all 5 gold" in texts()
    _shot("setup-tokens", size, tmp_path)
    tap_target("next")
    assert "Shuffle each level's deck" in texts()
    # The dealt cards show as cards (the physical ones carry no ids).
    assert find("slot:3:0").card["id"] == table.setup.market[2][0]
    _shot("setup-cards", size, tmp_path)
    # Play: a few turns in, with the final figures on the mirror
    tap_target("next")
    tap_target("next")
    tap_target("next")
    wait_until(lambda: ui.sm.current == "play", what="the Play screen")
    g = ui.ctl.game
    t = texts()
    for name in ("Ana", "Ben", "Cleo"):
        assert name in t
    for cid in (c.id for row in g.market for c in row if c):
        assert find(f"card:{cid}").card["id"] == cid
    assert f"{g.names[g.active]} to play." in t
    assert "Seat 1" in t          # the on-screen seat panel
    _shot("play", size, tmp_path)
    # Camera view (no camera: says so)
    tap_target("camera")
    assert "No picture yet" in texts()
    _shot("camera", size, tmp_path)
    tap_target("close")
    # Settings
    ui.go("settings")
    pump(0.05)
    assert "House rule" in texts() and "Test the lights" in texts()
    _shot("settings", size, tmp_path)
    # History (empty)
    ui.go("history")
    pump(0.05)
    assert "No finished games yet." in texts()
    _shot("history", size, tmp_path)
    # Game over: the rest of the game entered line by line, then the ranking
    ui.go("play")
    _finish_by_lines(ui.ctl, table)
    pump(0.1)
    wait_until(lambda: ui.sm.current == "gameover", what="the Game over screen")
    g = ui.ctl.game
    shown = texts()
    assert "Game over" in shown and "(winner)" in shown
    assert all(name in shown for name in g.names)
    _shot("gameover", size, tmp_path)
    # History with that game
    tap_target("history")
    assert "won by" in texts()
    _shot("history-game", size, tmp_path)


def _finish_by_lines(ctl, table):
    import random
    from companion.engine.actions import ReserveBlind
    rng = random.Random(1)
    while not ctl.game.finished:
        e = ctl.entry
        action = rng.choice(list(e.game.legal_main_actions()))
        if type(action) is ReserveBlind:
            action = table.blind_reserve(action, scan=True)
        ctl.send(action.to_line())
        while True:
            step = e.step()
            if step[0] == "reveal":
                ctl.send(e.reveal_line(step[1], step[2], table.draw(step[1])))
            elif step[0] in ("return", "noble"):
                ctl.send(rng.choice([a for a in e.game.legal_end_steps()
                                     if a.to_line()["type"] == step[0]]).to_line())
            else:
                break
        ctl.send(e.end_line())


@pytest.mark.slow  # 14 s; landscape's every-screen test stays in the default suite (issue 35: the suite's time)
def test_every_screen_in_portrait_on_touch_display_2(tmp_path):
    """The same screens in a 720 x 1280 window of their own (a second process)."""
    run_in_portrait("tests/app/test_app_screens.py::"
                    "test_every_screen_has_its_content_at_this_window_size", tmp_path / "shots")
    shots = sorted(p.name for p in (tmp_path / "shots").glob("*-720x1280.png"))
    assert "play-720x1280.png" in shots and len(shots) == 10
