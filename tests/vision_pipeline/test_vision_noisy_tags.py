"""A tag in a dim room's sensor noise (vision/tags.py): zxing-cpp's local-average binarizer
breaks its modules up, its global-histogram binarizer reads it, as pyzbar does at about ten
times the time; so the crop chain tries that before pyzbar."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.stages.codes import fast_decoders
from vision.tags import decode


def _crop() -> np.ndarray:
    # The first slot crop (4 px/mm, sharpened, as the pipeline makes it) of market.1.2 in a
    # physically based frame (workbench.physical, seed 4242 frame 14, a dim room): card 1W02.
    img = cv2.imread(str(Path(__file__).parent / "data" / "physical-noisy-tag-4ppmm.png"), 0)
    assert img is not None
    return img


def test_a_noisy_tag_is_read_by_zxing_with_one_threshold():
    crop = _crop()
    assert decode(crop, "zxing") == []
    assert [c.text for c in decode(crop, "zxing-histogram")] == ["SPL:1W02"]
    assert [c.text for c in decode(crop, "pyzbar")] == ["SPL:1W02"]


def test_the_chain_tries_zxing_both_ways_before_pyzbar_and_looks_quickly_with_both():
    chain = DEFAULT_CONFIG.decoders
    assert chain.index("zxing-histogram") < chain.index("pyzbar")
    assert fast_decoders(DEFAULT_CONFIG) == ("zxing", "zxing-histogram")
    # A chain without the fast ones looks quickly with its first decoder.
    assert fast_decoders(DEFAULT_CONFIG.with_(decoders=("pyzbar",))) == ("pyzbar",)
