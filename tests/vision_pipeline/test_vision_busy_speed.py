"""Issue 32, CPU: stage 9's speed tricks (vision/stages/busy_speed.py) each give exactly the
plain way's answer, on real frames of the physically based renderer (saved in data/ for the
other busy tests): the light models fitted to the free mat, the hands' mask, the places
covered and the whole read-table object."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.pipeline import analyse
from vision.stages.busy import detect_busy
from vision.stages.things import object_mask
from vision.stages.mat_light import brightness_model, chroma_fit, mat_chromaticity

from .helpers import with_image

DATA = Path(__file__).parent / "data"
#: Two lights of two tints, no hand (the mat's hue is fitted: chroma_fit is not None); a hand
#: over the decks; an arm over the lanes; a deck beside a marker, no hand.
FRAMES = ("physical-lamp-and-window.jpg", "physical-deck-shadow-by-hand.jpg",
          "physical-arm-shadow-over-lanes.jpg", "physical-deck-by-marker.jpg")
TRICKS = ("busy_cached_grid", "busy_column_max", "busy_column_sum", "busy_mask_by_drop",
          "busy_skip_calm")
PLAIN = DEFAULT_CONFIG.with_(**{t: False for t in TRICKS})


@lru_cache(maxsize=None)
def _reading(name: str):
    img = cv2.imread(str(DATA / name))
    assert img is not None
    return analyse(img)


def _without_ms(result: dict) -> dict:
    return {k: v for k, v in result.items() if k != "ms"}


@pytest.mark.parametrize("name", FRAMES)
def test_the_light_models_are_the_plain_ones(name):
    ov = _reading(name).overview
    img = ov.image.astype(np.float32) + 1.0
    level = img.mean(axis=2)
    chroma = img / level[..., None]
    free = np.full(level.shape, 255, np.uint8)
    hue = np.median(chroma.reshape(-1, 3), axis=0)
    for _ in range(2):  # (the second time from the cache)
        assert np.array_equal(brightness_model(level, free), brightness_model(level, free, PLAIN))
        fast, plain = chroma_fit(chroma, free, hue, DEFAULT_CONFIG), chroma_fit(chroma, free, hue,
                                                                                PLAIN)
        assert (fast is None) == (plain is None)
        assert fast is None or np.array_equal(fast, plain)


@pytest.mark.parametrize("name", FRAMES)
def test_the_hands_mask_and_the_places_covered_are_the_plain_ones(name):
    ov = _reading(name).overview
    assert np.array_equal(object_mask(ov), object_mask(ov, PLAIN))
    fast, plain = detect_busy(ov), detect_busy(ov, PLAIN)
    assert fast.covered == plain.covered
    assert fast.area_mm2 == plain.area_mm2
    assert np.array_equal(fast.mask, plain.mask)
    assert fast.spots == plain.spots


@pytest.mark.parametrize("trick", TRICKS)
def test_each_trick_reads_the_table_as_the_plain_way(trick):
    for name in FRAMES[1:3]:
        img = cv2.imread(str(DATA / name))
        plain = analyse(img, DEFAULT_CONFIG.with_(**{trick: False})).result
        assert _without_ms(_reading(name).result) == _without_ms(plain)


@pytest.mark.parametrize("name", (FRAMES[0], FRAMES[3]))
def test_a_calm_mat_is_judged_as_the_plain_way(name):
    # The frame's own mat model as its image: nothing on the free mat is a thing (every blob
    # dropped), so no place is looked at.
    ov = _reading(name).overview
    calm = with_image(ov, np.clip(ov.background, 0, 255).astype(np.uint8))
    fast, plain = detect_busy(calm), detect_busy(calm, PLAIN)
    assert fast.covered == plain.covered == []
    assert not fast.mask.any() and not plain.mask.any()
    assert fast.area_mm2 == plain.area_mm2 and fast.spots == plain.spots


@pytest.mark.parametrize("name", FRAMES)
def test_the_mats_hue_is_the_plain_median(name):
    # mat_chromaticity works column by column: the same float32 values as numpy's mean over
    # each row of three and median down the columns, on the overview and the first look's
    # coarse copy, over the free mat and over all of it.
    from vision.mat import load_mat
    from vision.stages.busy import _layout
    from vision.stages.busy_screen import coarse
    from vision.stages.overview import blurred
    ov = _reading(name).overview
    mat, cfg = load_mat(), DEFAULT_CONFIG
    for o in (ov, coarse(ov, (400, 230))):
        free = _layout(id(mat), o.px_per_mm, cfg.busy_region_inner_mm, cfg.busy_ring_mm,
                       cfg.busy_profile_mm, cfg.busy_stack_shadow_mm)[0]
        for where in (free, np.full(free.shape, 255, np.uint8)):
            sample = blurred(o)[::3, ::3].astype(np.float32)[where[::3, ::3] > 0] + 1.0
            plain = np.median(sample / sample.mean(axis=1, keepdims=True), axis=0)
            fast = mat_chromaticity(o, where)
            assert fast.dtype == plain.dtype and np.array_equal(fast, plain)
