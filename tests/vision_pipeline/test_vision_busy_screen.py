"""Issue 32 (CPU a frame): stage 9's first look at half the overview's scale
(vision/stages/busy_screen.py) calls a frame calm only when no hand-like thing lies near a place.

The saved overviews (1 px/mm, JPEG 90, read by the stage alone): tune seed 5353 frame 8, a sleeve
along the mat's bottom edge (calm: it hides none of the places), and four hands over places from
seeds 4343, 5454 and 9700 (an arm's shadow cut off from it, a black sleeve over the gold lane, a
low lamp's deep stack shadows beside a hand, a pale sleeve beside its own shadow), and seed 9700
frame 103 (a hand from the top over the nobles, the level-2 and level-3 rows and the decks).
"""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.stages.busy import _layout, detect_busy, regions
from vision.stages.things import object_mask
from vision.stages.busy_screen import first_look

from .helpers import saved_overview, with_image

MAT = load_mat()
FULL_LOOK = DEFAULT_CONFIG.with_(busy_screen_px_per_mm=0.0)


def test_a_sleeve_along_the_mats_edge_is_calm_at_a_glance():
    overview = saved_overview("physical-arm-beside-the-places-overview.jpg")
    # The full look sees the sleeve (thousands of mm^2 of it) and finds it hides nothing...
    full = detect_busy(overview, FULL_LOOK)
    assert full.covered == [] and full.area_mm2 > 5000
    # ...and the first look says so without it.
    assert first_look(overview, DEFAULT_CONFIG, MAT, regions(MAT), _layout, object_mask) is None
    assert detect_busy(overview).covered == []


@pytest.mark.parametrize("name", [
    "physical-arm-shadow-cut-off-overview.jpg",
    "physical-black-sleeve-over-gold-lane-overview.jpg",
    "physical-deep-stack-shadows-overview.jpg",
    "physical-pale-sleeve-beside-its-shadow-overview.jpg",
])
def test_a_hand_over_a_place_gets_the_full_look(name):
    overview = saved_overview(name)
    assert first_look(overview, DEFAULT_CONFIG, MAT, regions(MAT), _layout, object_mask) is not None
    covered = detect_busy(overview).covered
    assert covered and covered == detect_busy(overview, FULL_LOOK).covered


def test_a_dark_grey_sleeve_with_a_sharp_outline_gets_the_full_look(sample_overview):
    # A grey forearm at 0.55 of the mat from the bottom edge over the level-1 row (as
    # test_vision_busy paints it): at 2 mm a pixel its sharp outline must stay sharp, or it
    # looks like a shadow and the first look calls the frame calm.
    img = sample_overview.image.copy()
    pts = np.array([[150, 459], [230, 459], [250, 330], [170, 330]], np.int32)
    level = float(np.median(sample_overview.image[440:455, 300:400]))
    cv2.fillConvexPoly(img, pts, (int(level * 0.55),) * 3)
    overview = with_image(sample_overview, img)
    assert first_look(overview, DEFAULT_CONFIG, MAT, regions(MAT), _layout, object_mask) is not None


def test_the_full_look_searches_only_round_what_the_first_look_saw():
    # Seed 9700 frame 103: an open hand from the top over two nobles, three market slots and
    # the decks; nothing near the bank. Searched over the whole mat, the full look also took
    # something by the black lane for a thing covering it; the first look sees nothing there
    # at half the scale, so the full look, only round what it saw, leaves the bank alone.
    overview = saved_overview("physical-hand-over-nobles-and-decks-overview.jpg")
    rows, cols = first_look(overview, DEFAULT_CONFIG, MAT, regions(MAT), _layout, object_mask)
    h, w = overview.image.shape[:2]
    assert (rows.stop - rows.start) * (cols.stop - cols.start) < 0.8 * h * w
    covered = detect_busy(overview).covered
    hidden = {"nobles.0", "nobles.1", "market.2.0", "market.3.0", "market.3.1", "decks.2",
              "decks.3"}  # (its truth; the saved overview alone has no closer look)
    assert {"nobles.0", "nobles.1", "market.3.0", "decks.3"} <= set(covered) <= hidden


def test_the_rings_pixels_listed_once_are_each_places_own():
    # The first look finds the things near every place in one lookup of ring_pixels(): each
    # place must get exactly its own ring's pixels (the free mat within its ring and the margin,
    # in its box), as looking them up place by place in the layout's boxes gives.
    from vision.stages.busy_screen import ring_pixels
    cfg = DEFAULT_CONFIG
    s = cfg.busy_screen_px_per_mm
    free, rings = _layout(id(MAT), s, cfg.busy_region_inner_mm, cfg.busy_ring_mm,
                          cfg.busy_profile_mm, cfg.busy_stack_shadow_mm)[:2]
    every = np.arange(free.size).reshape(free.shape)  # each pixel its own label
    idx, place, paths = ring_pixels(_layout, id(MAT), s, cfg)
    assert paths == tuple(rings) and set(paths) == set(regions(MAT))
    near = cfg.busy_ring_mm + cfg.busy_screen_margin_mm
    for k, (box, freehere, dist) in enumerate(rings.values()):
        own = every[box][freehere & (dist <= near)]
        assert own.size and sorted(every.ravel()[idx[place == k]]) == sorted(own)


def test_the_faint_things_at_their_own_scale_need_no_resampling():
    # At busy_faint_px_per_mm (the first look's scale) _faint_things skips its resizes: it
    # rests on OpenCV's resize to the same size being an exact copy, for the float hue,
    # share and brightness (INTER_AREA) and the uint8 mask (INTER_NEAREST).
    overview = saved_overview("physical-pale-sleeve-beside-its-shadow-overview.jpg")
    img = cv2.resize(overview.image, (400, 230), interpolation=cv2.INTER_AREA)
    hue = img.astype(np.float32) / 97.0
    for a, how in ((hue, cv2.INTER_AREA), (hue[..., 0].copy(), cv2.INTER_AREA),
                   (img[..., 1].copy(), cv2.INTER_NEAREST)):
        again = cv2.resize(a, None, fx=1.0, fy=1.0, interpolation=how)
        assert again.dtype == a.dtype and np.array_equal(again, a)
