"""Stills of one game (vision/stills.py) on rendered frames: a tag burnt out by a lamp's hot
spot is known from the same card's earlier still, never when another card lies there now; the
table's light is learnt from the setup still's full bank and learnt again when a lamp changes
it."""
from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.pipeline import analyse, read_table
from vision.stills import TableMemory, full_bank, learn_light, light_changed
from workbench.synthetic import Conditions, TableState, render_table

MARKET = {1: ["1W01", "1R02", "1G03", None], 2: ["2U01", None, None, None], 3: ["3K01", None, None, None]}
BANK = full_bank(3)
COND = Conditions(seed=11, jpeg_quality=None)


def _glare(img: np.ndarray, quad) -> np.ndarray:
    """A sleeve's hot spot over most of a tag: white, washing out its modules."""
    out = img.astype(np.float32)
    q = np.asarray(quad, np.float32)
    c = q.mean(axis=0) + (q[1] - q[0]) * 0.15
    r = 0.55 * float(np.linalg.norm(q[1] - q[0]))
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    spot = np.exp(-((xx - c[0]) ** 2 + (yy - c[1]) ** 2) / (2 * (0.6 * r) ** 2))
    out += 400.0 * spot[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


@pytest.fixture(scope="module")
def stills():
    table = TableState(market=MARKET, bank=BANK, nobles=["N01", "N02", "N03", "N04"])
    first, truth = render_table(table, COND)
    glared = _glare(first, truth["_gt"]["tag_corners_px"]["1R02"])
    # The card bought and another dealt into its slot, under the same hot spot.
    swapped_table = replace(table, market={**MARKET, 1: ["1W01", "1K05", "1G03", None]})
    swapped, truth2 = render_table(swapped_table, COND)
    swapped = _glare(swapped, truth2["_gt"]["tag_corners_px"]["1K05"])
    return first, glared, swapped


def test_the_hot_spot_burns_the_tag_out(stills):
    _, glared, swapped = stills
    assert read_table(glared)["market"]["1"][1] == "?"
    assert read_table(swapped)["market"]["1"][1] == "?"


def test_a_burnt_tag_is_known_from_the_same_cards_earlier_still(stills):
    first, glared, _ = stills
    memory = TableMemory()
    assert read_table(first, memory=memory)["market"]["1"][1] == "1R02"
    later = read_table(glared, memory=memory)
    assert later["market"]["1"][1] == "1R02"
    assert "market.1.1" not in later["uncertain"]
    assert "1R02" not in later["tags"]  # not read in this still: only known


def test_another_card_under_the_hot_spot_is_never_named_from_memory(stills):
    first, _, swapped = stills
    memory = TableMemory()
    read_table(first, memory=memory)
    later = read_table(swapped, memory=memory)
    assert later["market"]["1"][1] == "?"


def test_the_setup_still_teaches_the_light_and_a_lamp_changes_it():
    table = TableState(market=MARKET, bank=BANK)
    img, _ = render_table(table, COND)
    reading = analyse(img)
    light = learn_light(reading, full_bank(3))
    assert set(light.tokens) == set(BANK)
    # Black chips darker than the mat, white ones lighter, the white squares lightest.
    assert np.mean(light.tokens["black"]) < 0.7 < 1.2 < np.mean(light.tokens["white"])
    assert min(light.white) > 1.4
    assert not light_changed(light, reading.overview)
    # A warm lamp switched on: the camera's white balance leaves the mat tinted.
    warm, _ = render_table(table, replace(COND, white_balance=(0.75, 0.95, 1.2)))
    assert light_changed(light, analyse(warm).overview)
    # A setup still with a lane short of the full bank teaches nothing of that colour.
    short = learn_light(reading, {**full_bank(3), "red": 4})
    assert "red" not in short.tokens and "blue" in short.tokens


def test_stills_of_a_game_learn_the_light_once_and_again_after_a_change():
    table = TableState(market=MARKET, bank=BANK)
    img, _ = render_table(table, COND)
    memory = TableMemory(players=3)
    read_table(img, memory=memory)
    assert memory.light is not None and memory.relearnt == 0
    read_table(img, memory=memory)
    assert memory.relearnt == 0
    warm, _ = render_table(table, replace(COND, white_balance=(0.75, 0.95, 1.2)))
    result = read_table(warm, memory=memory)
    assert memory.relearnt == 1
    assert result["bank"] == BANK


def test_read_table_stills_knows_the_burnt_tag_from_the_first_image(stills, tmp_path):
    import json
    import subprocess
    import sys

    first, glared, _ = stills
    cv2.imwrite(str(tmp_path / "a-first.png"), first)
    cv2.imwrite(str(tmp_path / "b-glare.png"), glared)
    cli = [sys.executable, "-m", "companion.cli.main", "read-table", "--json"]
    files = [str(tmp_path / "a-first.png"), str(tmp_path / "b-glare.png")]
    alone = subprocess.run(cli + files, capture_output=True, text=True, timeout=300)
    together = subprocess.run(cli + ["--stills"] + files, capture_output=True, text=True,
                              timeout=300)
    assert alone.returncode == 0 and together.returncode == 0, together.stderr
    assert json.loads(alone.stdout.splitlines()[1])["market"]["1"][1] == "?"
    assert json.loads(together.stdout.splitlines()[1])["market"]["1"][1] == "1R02"
