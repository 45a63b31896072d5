"""The computer's move on the Play screen, as a player at the table checks it: the move's words,
its picture and the "Done as shown" button (Take, once a gem of it is tapped) all in view at
once (no scrolling), and the market keeping the rows it has when no computer's move is shown.
Every player count, in a real window at this process's size (800 x 480 unless
SPLENDOR_TEST_SIZE says otherwise) and in portrait (720 x 1280, a second process).
"""
import os
from pathlib import Path

import pytest

from tests.app import layout
from tests.app.conftest import (WINDOW, grab_pixels, pump, run_in_portrait, save_png,
                                tap_target, wait_until)
from tests.app.tablestates import find_state, replay, start_in_app
from tests.app.test_app_layout import _gated_computer, _refuse_a_move

# The computer's moves the layout walk shows, a move refused, and the move being entered by
# touch (its first gem tapped: Take and Clear under the move's words and picture).
KINDS = ("take-return-noble", "buy-noble", "reserve-deck-return", "reserve-card", "rejected",
         "gem-tapped")
BUTTON = {"gem-tapped": "take"}
SHOTS = os.environ.get("SPLENDOR_SHOTS")
ROWS_KEPT = 0.75   # at the least, a market row keeps this share of its height


def _late(players, kind):
    """The layout walk's tables: a 4-player late game (long banner, full tableaux) for the
    biggest pictures, else a fresh deal."""
    return players == 4 and kind in ("buy-noble", "reserve-deck-return")


def _computer_move(ui, players, kind):
    """The table of ``kind`` with its active player as a person, then the same turn with that
    player as the computer and its move shown. Returns the market's row height without the
    computer's move: on a plain turn, the last turn's verdict not shown (a fresh deal's state;
    the computer's move hides that message too), and as the turn first showed."""
    ctl = ui.ctl
    table, lines = find_state(players, "final-round" if _late(players, kind) else "start")
    start_in_app(ctl, table)
    replay(ctl, lines)
    ui.go("play")
    pump(frames=3)
    assert ctl.computer.move_for(ctl.game) is None
    shown = layout.market_row(ui)
    ctl.verdict, ctl.message = None, ""
    ctl.changed()
    pump(frames=3)
    if kind == "gem-tapped":     # the same taps without the computer: Take and Clear show
        tap_target("gem:white")
    plain = layout.market_row(ui)
    if kind == "gem-tapped":
        tap_target("clear")
    gate = _gated_computer(ctl, "take-return-noble" if kind in ("rejected", "gem-tapped")
                           else kind)
    ctl.computer.update(ctl.game)
    ctl.changed()
    gate.set()
    wait_until(lambda: ctl.computer.move_for(ctl.game) is not None, what="the computer's move")
    pump(frames=3)
    if kind == "rejected":
        _refuse_a_move(ctl)
    if kind == "gem-tapped":
        tap_target("gem:white")
    pump(frames=3)
    return plain, shown


# The four-player table (the most crowded) in the default suite; two and three behind `slow`.
@pytest.mark.parametrize("players", [4, pytest.param(2, marks=pytest.mark.slow),
                                     pytest.param(3, marks=pytest.mark.slow)])
def test_the_computers_move_and_its_button_show_whole_and_the_market_keeps_its_rows(
        ui, players):
    size = f"{WINDOW[0]}x{WINDOW[1]}"
    faults, rows = [], []
    for kind in KINDS:
        ui.reset(ui.ctl.data_dir.parent / f"data-{players}-{kind}")
        pump(frames=2)
        without, shown = _computer_move(ui, players, kind)
        with_move = layout.market_row(ui)
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            save_png(grab_pixels(), Path(SHOTS) / f"computer-{players}p-{kind}-{size}.png")
        # (and its card a quarter of the screen tall, its points 16 px: layout.small_pictures)
        found = (layout.prompt_problems(ui, BUTTON.get(kind, "computer-done"))
                 + layout.problems(ui) + layout.player_problems(ui.ctl.game)
                 + layout.small_pictures(ui))
        rows.append(f"{kind}: {without:.0f} -> {with_move:.0f} px"
                    + (f" (as the turn first showed: {shown:.0f})"
                       if abs(shown - without) > layout.SLACK else ""))
        if with_move > without + layout.SLACK:
            found.append(f"the market's rows grow from {without:.0f} to {with_move:.0f} px")
        if with_move < without - layout.SLACK:
            # Less only when the window has no more room: the prompt gets just what it needs.
            play = ui.sm.get_screen("play")
            view = play.ask.parent
            if view.height > play.ask.height + layout.SLACK:
                found.append(f"the market's rows shrink from {without:.0f} to "
                             f"{with_move:.0f} px while the prompt has "
                             f"{view.height - play.ask.height:.0f} px to spare")
            if with_move < ROWS_KEPT * without:
                found.append(f"the market's rows shrink from {without:.0f} to "
                             f"{with_move:.0f} px (under {ROWS_KEPT:.0%})")
        faults += [f"{players} players, {kind}, {size}: {f}" for f in found]
    print(f"market rows at {size}, {players} players: " + "; ".join(rows))
    assert not faults, "\n".join(faults)


@pytest.mark.slow
def test_the_same_in_portrait(tmp_path):
    """The same checks in a 720 x 1280 window of its own (a second process)."""
    out = run_in_portrait("tests/app/test_app_computer_prompt.py::"
                          "test_the_computers_move_and_its_button_show_whole_and_the_market_"
                          "keeps_its_rows -s")
    assert "3 passed" in out, out[-2000:]
