"""``crop_smooth_linear`` (issue 32, less CPU): the smoothed slot crops (the decoders' first
tries and the tag matcher's) are warped bilinearly, the sharpened ones still bicubically.
A slot's sharpened crop is never the bilinear warp its smoothed crop was made from (the crop
cache keeps the two apart); that real frames read as with every crop bicubic is checked in
test_vision_crop_reuse.py."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.pipeline import analyse
from vision.stages.codes import _finish_crop, slot_crop
from vision.stages.match import match_crop

DATA = Path(__file__).parent / "data"
FAST = DEFAULT_CONFIG.with_(stage_threads=0, crop_smooth_linear=True)
PLAIN = FAST.with_(crop_smooth_linear=False)



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


def test_the_tag_matcher_takes_a_bicubic_crop_though_the_decoders_took_a_bilinear_one():
    """``match_bicubic``: the smoothed crop the decoders tried first was warped bilinearly; the
    matcher's crop of the same slot, at the same size and smoothing, is warped bicubically."""
    image = cv2.imread(str(DATA / "physical-lamp-and-window.jpg"))
    reading = analyse(image, FAST)
    frame, loc = reading.frame, reading.location
    rect = load_mat().market[1][1]
    px, smooth = FAST.match_px_per_mm, FAST.match_smooth_mm
    frame.crops = {}
    decoders, _ = slot_crop(frame, loc, rect, px, 0.0, FAST, smooth)
    matcher, _ = slot_crop(frame, loc, rect, px, 0.0, FAST, smooth, bicubic=FAST.match_bicubic)
    frame.crops = {}
    bicubic, _ = slot_crop(frame, loc, rect, px, 0.0, PLAIN, smooth)
    assert np.array_equal(matcher, bicubic)
    assert not np.array_equal(decoders, bicubic)


def test_a_half_burnt_tag_is_matched_in_its_bicubic_crop():
    """Tune seed 5656 frame 80, market 1.2: a hot spot burnt out part of card 1K04's code; the
    matcher reads it in the slot's bicubic 4 px/mm crop (saved here), where the bilinear one
    lost it."""
    crop = cv2.imread(str(DATA / "physical-burnt-tag-1K04-4ppmm.png"), cv2.IMREAD_GRAYSCALE)
    px = FAST.match_px_per_mm
    found = match_crop(_finish_crop(crop, px, 0.0, FAST.match_smooth_mm, FAST), px, FAST,
                       evened=True)
    assert found is not None and found[0] == "1K04"
