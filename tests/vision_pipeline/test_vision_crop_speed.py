"""Exact speed tricks in the slot crops (``stages.codes``): each gives the plain way's pixels."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.pipeline import locate_mat, prepare, rectify
from vision.stages.codes import even_out


def plain_even_out(crop, px_per_mm, smooth_mm, cfg=DEFAULT_CONFIG):
    """even_out as first written: new arrays for each step, np.clip at both ends."""
    crop = cv2.GaussianBlur(crop, (0, 0), smooth_mm * px_per_mm).astype(np.float32)
    f = max(1, int(cfg.crop_even_step))
    h, w = crop.shape[:2]
    small = cv2.resize(crop, ((w + f - 1) // f, (h + f - 1) // f), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), cfg.crop_even_sigma_mm * px_per_mm / f)
    slow = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR) + 1.0
    return np.clip(crop / slow * 160.0, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("n", [1, 3])
def test_evening_out_a_real_slot_crop_in_place_gives_the_plain_ways_pixels(sample, n):
    frame = prepare(sample(n)[0])
    loc = locate_mat(frame)
    assert loc.found
    for path, rect in load_mat().slots().items():
        for px_per_mm, smooth_mm in DEFAULT_CONFIG.crop_smooth_variants:
            crop = rectify(frame.full_gray(), 1.0, loc, rect, px_per_mm)
            before = crop.copy()
            got = even_out(crop, px_per_mm, smooth_mm)
            assert np.array_equal(crop, before), "the caller's crop was written to"
            assert got.dtype == np.uint8
            assert np.array_equal(got, plain_even_out(crop, px_per_mm, smooth_mm)), path


def test_a_hot_spot_beyond_white_is_clipped_as_the_plain_way_clips_it():
    # A bright patch on a dark card: divided by its slow brightness it goes far past 255 (and
    # would wrap around to dark if not clipped).
    crop = np.full((240, 180), 20, np.uint8)
    crop[100:140, 70:110] = 250
    got = even_out(crop, 4.0, 0.25)
    want = plain_even_out(crop, 4.0, 0.25)
    assert (want == 255).any()
    assert np.array_equal(got, want)
