"""A whole game by touches only, Home to Game over; and a game resumed mid-turn."""
import random

import pytest

from companion.engine import Game
from companion.engine.record import parse_event
from tests.app.conftest import pump, tap_target, texts, wait_until
from tests.app.touchplay import enter_main, play_turn, start_game_by_touch, choose


@pytest.mark.slow
def test_a_whole_game_by_touch_from_home_to_game_over(ui):
    table = start_game_by_touch(ui, players=2, seed=4, seats=[0, 2])
    ctl = ui.ctl
    assert ctl.button_of == [0, 2]
    truth = Game(table.names, table.setup)
    rng = random.Random(9)
    turns = 0
    while not ctl.game.finished:
        for line in play_turn(ui, table, rng, use_seat_button=turns % 5 != 4):
            truth.push(parse_event(line, truth.n))
        turns += 1
        assert turns < 200
    wait_until(lambda: ui.sm.current == "gameover", what="the Game over screen")
    # The engine, fed the same lines, agrees with what the app shows.
    assert truth.outcome == ctl.game.outcome
    assert truth.snapshot() == ctl.game.snapshot()
    shown = texts()
    winner = truth.names[truth.outcome.winners[0]]
    assert f"{winner} (winner)" in shown
    for seat in range(truth.n):
        assert f"{truth.outcome.points[seat]}" in shown
    # Saved to history, with per-player statistics; and the record exports.
    tap_target("export")
    assert "exported to" in texts()
    exports = list((ctl.data_dir / "exports").glob("*.jsonl"))
    assert len(exports) == 1 and exports[0].read_text().count("end_turn") == truth.turn
    tap_target("history")
    assert ui.sm.current == "history"
    shown = texts()
    assert f"won by {winner}" in shown
    assert f"{winner}: 1 game, 1 win (100%)." in shown


@pytest.mark.slow  # 12 s; the referee's SIGKILL test keeps the journal's promise in the default suite (issue 35: the suite's time)
def test_a_game_interrupted_mid_turn_comes_back_exactly(ui, tmp_path):
    table = start_game_by_touch(ui, players=3, seed=21)
    ctl = ui.ctl
    rng = random.Random(2)
    for _ in range(4):
        play_turn(ui, table, rng)
    enter_main(ui, choose(ctl.entry.game, rng), table)   # mid-turn: main action entered only
    pump(0.05)
    before = ctl.game.snapshot()
    lines = list(ctl.entry.lines)
    step = ctl.entry.step()
    shown = texts()
    data_dir = ctl.data_dir
    # The app stops (power cut: nothing saved on the way out) and starts again.
    ui.reset(data_dir)
    assert ui.sm.current == "home"
    pump(0.05)
    assert "Resume the game of Ana, Ben, Cleo" in texts()
    tap_target("resume")
    wait_until(lambda: ui.sm.current == "play", what="the Play screen")
    assert ui.ctl.game.snapshot() == before
    assert ui.ctl.entry.lines == lines and ui.ctl.entry.step() == step
    after = texts()
    for name in ("Ana", "Ben", "Cleo"):
        assert shown.count(name) == after.count(name)
    badges = [t for t in after.splitlines() if t[:1].isdigit()]
    assert badges == [t for t in shown.splitlines() if t[:1].isdigit()] and badges


def test_settings_test_the_seat_panel_and_keep_the_house_rule(ui):
    ui.go("settings")
    pump(0.05)
    assert "seat buttons are shown on the screen" in texts()
    tap_target("short_take:never")
    tap_target("lights")
    wait_until(lambda: "Every LED was lit in turn" in texts(), timeout=10, what="the light test")
    # The on-screen seat panel lives on the Play screen; its button reaches Settings' test.
    ui.ctl.press_button(2)
    pump(0.05)
    assert "The button of seat 3 works." in texts()
    from companion.app.settings import Settings
    assert Settings.load(ui.ctl.data_dir).short_take == "never"
