"""Two lights of different colour (a warm desk lamp to one side, daylight from a window on the
other) tint the mat from one side to the other: busy (vision/stages/busy.py) judges each pixel's
hue against the mat's hue where it is (chroma_model), not against one hue for the whole mat."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.pipeline import read_table
from vision.stages.mat_light import chroma_model


def test_a_warm_lamp_on_one_side_and_a_window_on_the_other_is_no_hand():
    # A physically based frame (workbench.physical, seed 4242 frame 14, halved): a 3087 K
    # lamp at the left, a 6307 K window at the right, a hand resting beside the mat. The
    # mat's left margin is warm, its right cool: against the mat's one median hue both were
    # things, joined to the mat's edge, over every place.
    img = cv2.imread(str(Path(__file__).parent / "data" / "physical-lamp-and-window.jpg"))
    assert img is not None
    result = read_table(img)
    assert result["busy"] is False, result["covered"]
    # One hue for the whole mat (the old way): busy over nearly everything.
    one = DEFAULT_CONFIG.with_(busy_chroma_schedule=(), busy_chroma_judge_starts=())
    assert len(read_table(img, one)["covered"]) > 10


def test_the_mat_hue_follows_a_slow_tint_not_a_hand():
    # A crafted grey mat whose red grows 20 % from left to right, with a skin-coloured blob.
    h, w = 300, 600
    img = np.full((h, w, 3), 120.0, np.float32)
    img[..., 2] *= np.linspace(0.9, 1.1, w, dtype=np.float32)[None, :]
    img[100:200, 250:350] = (120.0, 160.0, 220.0)
    level = img.mean(axis=2, keepdims=True)
    chroma = img / level
    free = np.full((h, w), 255, np.uint8)
    model = chroma_model(chroma, free, np.median(chroma.reshape(-1, 3), axis=0))
    # On the mat the model is its hue within 1 %, at both ends; under the blob it is the mat's
    # there, not the skin's.
    for x in (20, 580):
        assert np.abs(model[150, x] / chroma[150, x] - 1).max() < 0.01
    assert np.abs(model[150, 300] / chroma[50, 300] - 1).max() < 0.03
    assert model[150, 300, 2] < 1.1
