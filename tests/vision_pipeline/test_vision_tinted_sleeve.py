"""Issue 32: a dark dyed sleeve is not a shadow lit by another light.

Seed 9900 frame 76 (physically based, daylight from a window): a brown hand in a dark teal
sleeve reaches in from the mat's right edge over the green and red lanes (the renderer's
truth: 11,926 and 7,574 mm^2 of them hidden). The sleeve is 0.66 as bright as the mat and
0.15 off its hue, within what a shadow lit by a second light of another tint may be; so
neither the sleeve nor its outline counted, the skin over the lanes seemed cut off from the
mat's edge, and the frame was called calm. Light's tints go from warm to cool (blue against
red); the sleeve's green strays from them.

The mat's overview (1 px/mm, JPEG 90), read by the stage alone.
"""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy, regions
from vision.mat import load_mat
from vision.stages.overview import Overview

DATA = Path(__file__).parent / "data"


def _overview() -> Overview:
    image = cv2.imread(str(DATA / "physical-teal-sleeve-over-lanes-overview.jpg"))
    assert image is not None
    return Overview(image=image, background=None, px_per_mm=1.0)


def test_a_hand_in_a_dark_teal_sleeve_covers_the_lanes_it_is_over():
    overview = _overview()
    assert detect_busy(overview).covered == ["bank.green", "bank.red"]
    # Without the test across light's tints the frame was calm (nor taken for an arm that
    # joins the hand to the mat's edge, which finds it as well).
    off = DEFAULT_CONFIG.with_(busy_green_tint=None)
    assert detect_busy(overview, off).covered == ["bank.green", "bank.red"]
    assert detect_busy(overview, off.with_(busy_arm_from_doubt=False)).covered == []


def test_the_sleeve_on_the_bare_mat_beyond_the_lanes_is_a_thing():
    overview = _overview()
    x, y, w, h = regions(load_mat())["bank.green"]
    # The bare mat between the lanes' right end and the mat's edge, where the sleeve lies
    # (mat mm 215-265 down), and the same strip further down, bare.
    sleeve = (slice(215, 265), slice(int(x + w) + 6, 795))
    bare = (slice(330, 380), slice(int(x + w) + 6, 795))
    things = detect_busy(overview).mask > 0
    assert np.mean(things[sleeve]) > 0.9
    assert np.mean(things[bare]) < 0.01
    off = detect_busy(overview, DEFAULT_CONFIG.with_(busy_green_tint=None,
                                                     busy_arm_from_doubt=False)).mask > 0
    assert np.mean(off[sleeve]) < 0.1
