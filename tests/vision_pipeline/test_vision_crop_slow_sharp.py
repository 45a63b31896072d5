"""``crop_slow_smoothed`` (issue 32, less CPU): pyzbar (the slow decoder) tries a slot's
sharpened crops only, not the smoothed ones made for zxing. Where pyzbar is what reads some
tags (the matcher turned off), it still reads them; that real frames read as when it tried
every crop is checked in test_vision_crop_reuse.py."""
from __future__ import annotations

from pathlib import Path

import cv2

from vision.config import DEFAULT_CONFIG
from vision.pipeline import analyse

DATA = Path(__file__).parent / "data"
# A slot the matcher may have never reaches pyzbar (test_vision_match_last.py): matched last.
FAST = DEFAULT_CONFIG.with_(stage_threads=0, crop_slow_smoothed=False, match_after_crops=None)
PLAIN = FAST.with_(crop_slow_smoothed=True)
NO_MATCH = {"match_min": 2.0}


def _result(reading) -> dict:
    result = dict(reading.result)
    result.pop("ms")
    return result


def test_the_tags_only_pyzbar_reads_are_still_read():
    image = cv2.imread(str(DATA / "physical-lamp-and-window.jpg"))
    fast = analyse(image, FAST.with_(**NO_MATCH))
    plain = analyse(image, PLAIN.with_(**NO_MATCH))
    by_pyzbar = {c.text for c in plain.codes if c.decoder == "pyzbar"}
    assert by_pyzbar, "pyzbar no longer reads a tag here"
    assert by_pyzbar <= {c.text for c in fast.codes if c.decoder == "pyzbar"}
    assert _result(fast) == _result(plain)
