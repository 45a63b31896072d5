"""A tag in a dim room's noise or washed by a sleeve's hot spot (vision/stages/codes.py): after
the plain and sharpened slot crops, one smoothed and evened out by its own slow brightness."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.stages.codes import even_out
from vision.tags import decode, parse_payload


def _crop() -> np.ndarray:
    # The slot crop (4 px/mm, as the pipeline rectifies it) of market.1.0 in a physically based
    # frame (workbench.physical, seed 4242 frame 3: a ceiling panel and a 3037 K desk lamp,
    # every card sleeved): card 1W08, its code noisy and washed out on one side.
    img = cv2.imread(str(Path(__file__).parent / "data" / "physical-washed-tag-4ppmm.png"), 0)
    assert img is not None
    return img


def _sharpened(crop: np.ndarray) -> np.ndarray:
    blur = cv2.GaussianBlur(crop, (0, 0), DEFAULT_CONFIG.crop_sharpen_sigma_mm * 4.0)
    return cv2.addWeighted(crop, 2.0, blur, -1.0, 0)


def test_a_washed_out_noisy_tag_is_read_once_evened_out():
    crop = _crop()
    for name in ("zxing", "pyzbar"):
        # Neither decoder reads the plain or the sharpened crop...
        assert decode(crop, name) == [] and decode(_sharpened(crop), name) == []
    # ...both read it smoothed and evened out, and it is the card that lies there.
    for name in ("zxing", "pyzbar"):
        texts = [c.text for c in decode(even_out(crop, 4.0, 0.25), name)]
        assert texts == ["SPL:1W08"]
        assert parse_payload(texts[0], DEFAULT_CONFIG.tag_prefix)

