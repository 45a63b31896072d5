"""Issue 32: a dark sleeve over a place is not the hand's shadow.

Tune seed 5454 frame 18 (physically based, one ceiling panel): a hand in a black sleeve
reaches over the bank from below; the sleeve crosses the gold lane (the renderer's truth:
3833 mm^2 of it hidden). Where it touches the lane it keeps the mat's hue and is darker than
the bare mat (0.30 of it), like the hand's shadow, and the hand's skin beyond makes it look
cast by a coloured hand: before, bank.gold was taken for the shadow and left out. Under a
shadow the lane's printed outline would go on; under the sleeve it is flat.

The mat's overview (1 px/mm, JPEG 90) and the frame seen at 3 px/mm round the gold lane (mat
mm 455-752 x 355-409, JPEG 95), read by the stage alone.
"""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy
from vision.stages.busy_sleeve import _detail_energy

from .helpers import saved_look

DATA = Path(__file__).parent / "data"
CROP_MM = (455.0, 355.0, 297.0, 54.0)


def test_a_black_sleeve_over_a_lane_is_not_the_hands_shadow():
    overview, detail = saved_look("physical-black-sleeve-over-gold-lane", CROP_MM)
    covered = detect_busy(overview, detail=detail).covered
    assert "bank.gold" in covered
    assert {"bank.blue", "bank.green", "bank.red", "bank.black"} <= set(covered)
    # Without the look at the outline under it, the sleeve was the hand's shadow (nor the
    # closer look at the hand's coloured part, which now finds the lane too).
    off = DEFAULT_CONFIG.with_(busy_sleeve_flat_mm=1e9, busy_shadow_own_closer=False)
    assert "bank.gold" not in detect_busy(overview, off, detail=detail).covered


def test_a_lanes_printed_outline_shows_beside_the_sleeve_not_under_it():
    # Across the gold lane's lower outline, averaged along 20 mm: where the sleeve lies
    # (mat mm 545-565) and on the bare lit lane beside it (630-650, past the sleeve).
    crop = cv2.imread(str(DATA / "physical-black-sleeve-over-gold-lane-3ppmm.jpg"))
    level = np.log(crop.astype(np.float32).mean(axis=2) + 1.0)
    f = 3.0
    rows = slice(int((404 - 6 - CROP_MM[1]) * f), int((404 + 2.5 - CROP_MM[1]) * f))

    def energy(x0):
        cols = slice(int((x0 - CROP_MM[0]) * f), int((x0 + 20 - CROP_MM[0]) * f))
        return _detail_energy(level[rows, cols].mean(axis=1),
                              DEFAULT_CONFIG.busy_sleeve_smooth_mm * f)

    assert energy(545) < DEFAULT_CONFIG.busy_sleeve_flat
    assert energy(630) > DEFAULT_CONFIG.busy_sleeve_flat
