"""Speed paths of the slot crops (issue 32) read real frames as the plain paths do.

* ``crop_cache``: each slot crop is made once a frame; a slot's slow decoder and the tag
  matcher take the crops its fast decoders had instead of warping the frame again.
* ``match_after_crops``: in a calm frame a full slot the fast decoders missed on its first crop
  is matched against the printed codes before they try its other crops (and then only the
  first sharpened one: test_vision_match_last.py).

Real frames that take these paths: a calm frame's 14 unread slots (lamp and window: crops with
every decoder), a tag only matching reads (the finger's shadow by a lane), and a busy frame
(the arm's shadow over the cards: no matching there).

The other crop switches (``crop_smooth_linear``, ``crop_zxing_extra_passes``,
``crop_slow_variants``) are checked on the same frames here, each against the plain way
alone; their own tests are in the files named after them.
"""
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
PLAIN = DEFAULT_CONFIG.with_(stage_threads=0, crop_cache=False, match_after_crops=None)
FAST = DEFAULT_CONFIG.with_(stage_threads=0)


def _result(reading) -> dict:
    result = dict(reading.result)
    result.pop("ms")
    return result


FRAMES = ["physical-lamp-and-window.jpg", "physical-finger-shadow-by-lane.jpg",
          "physical-arm-shadow-over-cards.jpg"]
# Each speed path: its switches on (the default) against off.
SWITCHES = {
    "cache and early matching": {"crop_cache": False, "match_after_crops": None},
    "bilinear smoothed crops": {"crop_smooth_linear": False},
    "no zxing extra passes": {"crop_zxing_extra_passes": True},
    "pyzbar on one crop": {"crop_slow_variants": DEFAULT_CONFIG.crop_variants},
}


@pytest.mark.parametrize("switch", sorted(SWITCHES))
@pytest.mark.parametrize("name", FRAMES)
def test_the_fast_crop_paths_read_the_frame_as_the_plain_ones(name, switch):
    image = cv2.imread(str(DATA / name))
    plain, fast = analyse(image, FAST.with_(**SWITCHES[switch])), analyse(image, FAST)
    if fast.result["busy"] and switch == "bilinear smoothed crops":
        # A busy frame's quick look is at the smoothed crop (pipeline.quick_look): bilinear
        # and bicubic each read 4 of the tags under the arm here, not the same 4.
        assert len(fast.result["tags"]) == len(plain.result["tags"])
        return
    assert _result(fast) == _result(plain)
    # Every tag the plain path read, the fast one read too (maybe by another decoder first).
    assert {c.text for c in fast.codes} == {c.text for c in plain.codes}


def test_a_tag_the_fast_decoders_miss_is_matched_before_pyzbar_tries():
    image = cv2.imread(str(DATA / "physical-finger-shadow-by-lane.jpg"))
    plain, fast = analyse(image, PLAIN), analyse(image, FAST)
    matched = {c.text for c in fast.codes if c.decoder == "match"}
    assert matched, "the frame no longer has a tag only the matcher reads"
    # The plain path asked pyzbar first; the fast one read those tags without it.
    assert not any(c.decoder == "pyzbar" and c.text in matched for c in fast.codes)
    assert matched <= {c.text for c in plain.codes}


def test_a_cached_crop_is_the_crop_made_afresh():
    image = cv2.imread(str(DATA / "physical-lamp-and-window.jpg"))
    reading = analyse(image, FAST)
    frame, loc = reading.frame, reading.location
    assert frame.crops, "the frame's crops were not kept"
    rect = load_mat().market[1][1]
    tries = [(f, 0.0, m) for f, m in FAST.crop_smooth_variants]
    tries += [(f, a, 0.0) for f, a in FAST.crop_variants]
    for px_per_mm, sharpen, smooth in tries + [(FAST.match_px_per_mm, 0.0, 0.0)]:
        cached, r = slot_crop(frame, loc, rect, px_per_mm, sharpen, FAST, smooth)
        again, r2 = slot_crop(frame, loc, rect, px_per_mm, sharpen, PLAIN, smooth)
        assert r == r2 and np.array_equal(cached, again), (px_per_mm, sharpen, smooth)
