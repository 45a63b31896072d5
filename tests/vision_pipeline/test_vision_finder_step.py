"""Less CPU for the tag matcher (issue 32): its finders are searched in a crop half the size
first, then again at full size about each place found (``match_finder_step``). On real crops
the best places are the full-size search's over the whole crop (weaker ones, far from any code,
may differ), and the same code is matched; on 646 tune, eval-9700 and 2D frames every reading
was the same."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.stages.codes import even_out
from vision.stages.match import find_finders, match_crop

DATA = Path(__file__).parent / "data"
FULL = DEFAULT_CONFIG.with_(match_finder_step=1)
CROPS = ["matched-lamp-1R07", "matched-scan-1K01", "matched-sleeve-ceiling-2R01",
         "burnt-tag-1K04", "noisy-tag", "washed-tag", "nomatch-untagged-card"]


def _evened(name: str) -> np.ndarray:
    crop = cv2.imread(str(DATA / f"physical-{name}-4ppmm.png"), 0)
    assert crop is not None
    return even_out(crop, 4.0, DEFAULT_CONFIG.match_smooth_mm, DEFAULT_CONFIG)


@pytest.mark.parametrize("name", CROPS)
def test_the_finders_found_in_a_smaller_copy_first_are_the_full_size_ones(name):
    crop = _evened(name).astype(np.float32)
    ppm = DEFAULT_CONFIG.tag_module_mm * 4.0
    quick, full = find_finders(crop, ppm, DEFAULT_CONFIG), find_finders(crop, ppm, FULL)
    # A code's three finders are the best places where there is a code.
    assert [p[:2] for p in quick[:3]] == [p[:2] for p in full[:3]]
    assert np.allclose([p[2] for p in quick[:3]], [p[2] for p in full[:3]], atol=1e-4)
    a, b = match_crop(crop, 4.0, DEFAULT_CONFIG, evened=True), match_crop(crop, 4.0, FULL,
                                                                           evened=True)
    assert (a and a[:3]) == (b and b[:3])
