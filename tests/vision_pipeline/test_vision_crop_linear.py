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
from vision.stages.codes import slot_crop

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
