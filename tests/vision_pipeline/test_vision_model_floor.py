"""The mat's colour model black under an arm (physically based seed 14200 frame 82: an arm
over the bank, the black lane's model 0 in every channel there). The lane's pixels are divided
by the model floored at 8 so that every ratio stays finite, but OpenCV reads a bare 8.0 as
the scalar (8, 0, 0, 0): only the blue channel was floored, the green and red ratios were
infinite and their hue NaN ("invalid value" warnings; a NaN compares false, so those pixels
were neither mat nor token by any rule).

The images are the lane rectified at the pipeline's 2 px/mm with its margin, and the whole-mat
colour model over it at 1 px/mm."""
from __future__ import annotations

import warnings

import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.stages import bank
from vision.stages.overview import MODEL_FLOOR, deviation_from, floored

from .helpers import count_lane_on_model, saved_lane_on_model

NAME = "physical-black-lane-under-arm"


def test_the_saved_model_is_black_in_every_channel():
    _, model = saved_lane_on_model(NAME)
    assert (model.reshape(-1, 3) == 0).all(axis=1).mean() > 0.1


def test_every_channel_is_floored():
    black = np.zeros((2, 3, 3), np.float32)
    assert (floored(black) == np.float32(MODEL_FLOOR[0])).all()
    assert (floored(black + 100.0) == 100.0).all()


def test_ratios_to_the_black_model_are_finite_and_warn_nothing():
    lane, model = saved_lane_on_model(NAME)
    s = DEFAULT_CONFIG.lane_px_per_mm
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # numpy's "invalid value" fails the test
        background = bank.lane_background(lane, model, s, DEFAULT_CONFIG)
        ratio = bank._ratio(lane, background)
        deviation = deviation_from(lane, background)
        shade = bank.lane_shade(lane, background, DEFAULT_CONFIG)
        count_lane_on_model(NAME, DEFAULT_CONFIG)
    assert (background < MODEL_FLOOR[0]).any(axis=2).sum() > 1000  # the floor is needed here
    assert np.isfinite(ratio).all() and np.isfinite(deviation).all()
    assert shade.dtype == bool
