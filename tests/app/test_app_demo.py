"""The demo: a simulated table plays a whole game by itself through the real referee."""
import pytest

from tests.app.conftest import pump, tap_target, texts, wait_until
from workbench.demo import DemoDriver


def _watch_lights(app):
    seen = []
    panel = app.panel
    show = panel.when_changed

    def changed(light):
        seen.append((light.kind, light.index, light.pattern.value))
        show(light)
    panel.when_changed = changed
    return seen


@pytest.mark.slow
def test_the_demo_plays_a_game_to_its_end(ui):
    seen = _watch_lights(ui)
    driver = ui.start_demo(DemoDriver, players=2, seed=5, delay=0, render=True)
    # Mid-game: the table as the referee judged it is there to look at, drawn on demand (a
    # still per turn would cost the demo hundreds of MB), with what was read from it.
    wait_until(lambda: driver.turns >= 3, timeout=60, what="three turns")
    assert ui.ctl.image is None
    tap_target("camera")
    shown = texts()
    assert "Nobles" in shown and "Bank" in shown and "No picture yet" not in shown
    from kivy.core.window import Window
    view = Window.children[0]
    wait_until(lambda: getattr(view, "picture", None) is not None, timeout=60,
               what="the picture of the table")
    import numpy as np
    tex = view.picture.texture
    # Drawn at the size it is shown (a 1152 x 648 still at full detail cost the demo 170 MB).
    w, h = tex.size
    assert w <= view.width and h <= view.height and abs(w * 9 - h * 16) < 16, tex.size
    pixels = np.frombuffer(tex.pixels, np.uint8)
    assert pixels.std() > 10                        # a real photo, not a blank
    tap_target("close")
    # The players look at the camera view now and then (SPLENDOR_DEMO_CAMERA_VIEW): the
    # demo opens it, waits for its picture and closes it, and plays on.
    driver.camera_view = 20
    wait_until(lambda: driver.finished, timeout=240, what="the demo game to end")
    assert driver.views == driver.turns // 20 >= 1
    ctl = ui.ctl
    truth = driver.truth
    # The referee judged every turn from what the camera would see, and agrees with the table.
    assert driver.typed_turns == 0, driver.unjudged
    assert driver.turns == truth.turn
    assert ctl.game.outcome == truth.outcome
    assert ctl.game.snapshot() == truth.snapshot()
    pump(0.1)
    assert ui.sm.current == "gameover"
    shown = texts()
    assert "Game over" in shown
    assert f"{truth.names[truth.outcome.winners[0]]} (winner)" in shown
    # The on-screen panel's LEDs followed the turns: each seat's LED was lit.
    assert ("seat", 0, "on") in seen and ("seat", 1, "on") in seen


@pytest.mark.slow
def test_the_demo_at_table_speed_with_four_players(ui):
    driver = ui.start_demo(DemoDriver, players=4, seed=8, delay=0.3, render=True)
    wait_until(lambda: driver.finished, timeout=900, what="the demo game to end")
    assert driver.typed_turns == 0, driver.unjudged
    assert ui.ctl.game.outcome == driver.truth.outcome


@pytest.mark.slow
def test_the_demo_seats_the_computer_and_plays_its_moves_to_the_end(ui):
    """The real search (level 2) in a seat: every one of its moves shown, carried out on the
    table (blind reserves shown in the scan zone) and accepted by the referee."""
    seen = _watch_lights(ui)
    driver = ui.start_demo(DemoDriver, players=2, seed=11, delay=0, render=False, computers={1: 2})
    wait_until(lambda: driver.finished, timeout=300, what="the demo game with the computer")
    truth = driver.truth
    # The search's time cap is wall-clock, so on a loaded machine the game can take another
    # path, where the random person may end a turn with the table as it was (a take given
    # straight back, or a pass): the camera can't show that, and the demo enters it by touch,
    # as players would. Every other turn is judged from the table.
    assert all(rule == "no-action" for _kind, _msg, rule in driver.unjudged), driver.unjudged
    assert driver.computer_turns >= truth.turn // 2 - 1 > 5
    assert ui.ctl.game.snapshot() == truth.snapshot()
    assert ui.ctl.computer.levels == {1: 2}
    # Seat 2's LED blinked while the computer thought, and shone when its move was shown.
    assert ("seat", 1, "slow-blink") in seen and ("seat", 1, "on") in seen
    # History knows which seat was the computer's (its session's computer.json).
    from companion.app.viewmodel import history_rows, journal_for
    journal = journal_for(ui.ctl.data_dir)
    try:
        row = history_rows(journal, ui.ctl.data_dir)[0]
    finally:
        journal.close()
    assert "Ben (computer, Casual)" in row and "Ana (computer" not in row


def test_the_demo_camera_gives_a_still_the_camera_check_reads():
    """Settings' calibration and the setup check ask the camera for a still; the demo's camera
    draws the table as it is (the method once named a renderer that was gone: a NameError)."""
    from types import SimpleNamespace

    from companion.engine import SimulatedTable
    from vision.pipeline import read_table
    from workbench.demo import TableCamera
    game = SimulatedTable(players=2, seed=2).new_game()
    image = TableCamera(SimpleNamespace(truth=game, scan=None)).still()
    obs = read_table(image)
    assert obs["mat"] is True
    assert obs["bank"] == dict(zip(("white", "blue", "green", "red", "black", "gold"), game.bank))
    for level in (1, 2, 3):
        truth = [c.id for c in game.market[level - 1]]
        read = obs["market"][str(level)]
        assert all(r in ("?", t) for r, t in zip(read, truth)), (level, read, truth)
        assert sum(r == t for r, t in zip(read, truth)) >= 3
    assert TableCamera(SimpleNamespace(truth=game, scan=None), render=False).still() is None
