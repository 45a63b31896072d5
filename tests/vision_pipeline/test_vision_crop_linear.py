"""``crop_smooth_linear`` (issue 32, less CPU): the smoothed slot crops (the decoders' first
tries and the tag matcher's) are warped bilinearly, the sharpened ones still bicubically.
Real frames read as with every crop bicubic, and a slot's sharpened crop is never the
bilinear warp its smoothed crop was made from (the crop cache keeps the two apart)."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.pipeline import analyse
from vision.stages.codes import slot_crop

DATA = Path(__file__).parent / "data"
FAST = DEFAULT_CONFIG.with_(stage_threads=0, crop_smooth_linear=True)
PLAIN = FAST.with_(crop_smooth_linear=False)


def _result(reading) -> dict:
    result = dict(reading.result)
    result.pop("ms")
    return result


@pytest.mark.parametrize("name", ["physical-lamp-and-window.jpg",
                                  "physical-finger-shadow-by-lane.jpg",
                                  "physical-arm-shadow-over-cards.jpg"])
def test_bilinear_smoothed_crops_read_the_frame_as_bicubic_ones(name):
    image = cv2.imread(str(DATA / name))
    fast, plain = analyse(image, FAST), analyse(image, PLAIN)
    assert _result(fast) == _result(plain)
    assert {c.text for c in fast.codes} == {c.text for c in plain.codes}


def test_a_sharpened_crop_after_a_smoothed_one_is_still_bicubic():
    image = cv2.imread(str(DATA / "physical-lamp-and-window.jpg"))
    reading = analyse(image, FAST)
    frame, loc = reading.frame, reading.location
    rect = load_mat().market[1][1]
    (px, smooth), (_, sharpen) = FAST.crop_smooth_variants[0], FAST.crop_variants[0]
    frame.crops = {}
    smoothed, _ = slot_crop(frame, loc, rect, px, 0.0, FAST, smooth)
    sharp, _ = slot_crop(frame, loc, rect, px, sharpen, FAST)
    frame.crops = {}
    bicubic, _ = slot_crop(frame, loc, rect, px, sharpen, PLAIN)
    assert np.array_equal(sharp, bicubic)
    # ...and the smoothed one did come from the bilinear warp (else this test shows nothing).
    frame.crops = {}
    assert not np.array_equal(smoothed, slot_crop(frame, loc, rect, px, 0.0, PLAIN, smooth)[0])
