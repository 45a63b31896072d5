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
from vision.stages.lens import Lens
from vision.stages.match import match_crop, match_tags

from .helpers import saved_patch

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


def test_the_tag_matchers_second_crop_is_bicubic_though_the_decoders_took_a_bilinear_one():
    """``match_bicubic``: the smoothed crop the decoders tried first was warped bilinearly; the
    matcher's second crop of the same slot, at the same size and smoothing, is warped
    bicubically."""
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


# The same slot in the full frame's pixels about it (grey) and the mat's place in them.
BURNT_H = [[2.0771977993091353, -0.23157007580141298, -500.6162512110547],
           [0.18991663222643954, 2.075130418374099, -668.1301366454013],
           [1.5654254419257454e-05, -0.00016919656850725729, 1.0]]
BURNT_LENS = Lens(272.0, -140.0, 1843.5853774552902, -0.060970987154789505)
BURNT_RECT = (296.0, 306.0, 68.0, 93.0)


def test_the_matcher_tries_the_decoders_crop_first_then_the_bicubic_one():
    """The matcher takes the smoothed crop the decoders had (no warp of its own); where no
    code is clear in it (bilinear), the bicubic crop: the half-burnt tag is still matched."""
    frame, loc = saved_patch("physical-burnt-tag-1K04-slot.png", BURNT_H, BURNT_LENS, FAST)
    found = match_tags(frame, loc, {"market.1.2": BURNT_RECT}, FAST)
    assert [c.text for c in found] == ["SPL:1K04"]
    # In the bilinear crop alone no code is clear.
    frame.crops = {}
    linear_only = FAST.with_(match_bicubic=False)
    assert match_tags(frame, loc, {"market.1.2": BURNT_RECT}, linear_only) == []


# Tune seed 5656 frame 53, market 3.0 (card 3K03): the decoders miss it; matched in their
# bilinear crop, not in the bicubic one the matcher warped for itself before.
BILINEAR_H = [[-2.601596348752083, -0.04849866953715695, 577.4091570095454],
              [0.018421096706111577, -2.544657253925101, 514.8180952484466],
              [0.0002202272748588776, 0.0001377778921782041, 0.9999999999999999]]
BILINEAR_LENS = Lens(-388.0, -72.0, 1843.5853774552902, -0.058068001343233644)
BILINEAR_RECT = (140.0, 100.0, 68.0, 93.0)


def test_a_tag_matched_in_the_decoders_crop_needs_no_warp_of_the_matchers_own():
    frame, loc = saved_patch("physical-matched-bilinear-3K03-slot.png", BILINEAR_H,
                             BILINEAR_LENS, FAST)
    found = match_tags(frame, loc, {"market.3.0": BILINEAR_RECT}, FAST)
    assert [c.text for c in found] == ["SPL:3K03"]
    # Only the bilinear smoothed crop was made (the crop cache's keys end with "linear").
    assert frame.crops and all(key[-1] for key in frame.crops)
