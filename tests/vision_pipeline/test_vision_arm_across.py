"""Issue 32: an arm of the mat's own grey, over places, shows only between them.

Seed 13200 frame 85 (physically based, a desk lamp; a held-out set of session 40, tuned on
since): a hand in a mid-grey sleeve, the mat's own grey, points at the white lane from below.
Its skin covers the white to red lanes; its sleeve lies over the black and gold lanes (the
renderer's truth: 3475 and 3483 mm^2 of them hidden) and out over the mat's lower margin.
The sleeve is too soft at its outline to be a thing, so the mask doubted it, and the arm
from doubt (missing_arm) found nothing: on the free mat its patches lie in the gaps between
the lanes and in the margin, each cut off from the next by a lane it hides. Black and gold
were read 4 and 3 (6 and 5 lie there) and not said covered.

Patches on both sides of a place are now joined across it where the place looks like them.

The mat's overview (1 px/mm, PNG: as JPEG the closer look's case moved) and the frame seen
at 3 px/mm round the black and gold lanes (mat mm 455-752 x 295-415, JPEG 95), read by the
stage alone.
"""
from __future__ import annotations

import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.stages.anchor import across_places
from vision.stages.busy import detect_busy

from .helpers import saved_look

CROP_MM = (455.0, 295.0, 297.0, 120.0)
LANES = {"bank.white", "bank.blue", "bank.green", "bank.red"}


def test_a_sleeve_of_the_mats_grey_over_two_lanes_hides_them():
    overview, detail = saved_look("physical-grey-sleeve-over-two-lanes", CROP_MM, "png")
    covered = set(detect_busy(overview, detail=detail).covered)
    assert covered == LANES | {"bank.black", "bank.gold"}
    # Not joined across the lanes, the sleeve was no arm: the two lanes under it were bare.
    off = DEFAULT_CONFIG.with_(busy_arm_across_places=None)
    overview, detail = saved_look("physical-grey-sleeve-over-two-lanes", CROP_MM, "png")
    assert set(detect_busy(overview, off, detail=detail).covered) == LANES


def _scene(inside: tuple[int, int, int]):
    """A 100 x 60 px place at (20, 20) with doubted patches just above and below it over
    columns 40-59, the patches' pixels grey (120) and the place's pixels `inside`."""
    doubt = np.zeros((100, 140), bool)
    image = np.full((100, 140, 3), 128, np.uint8)
    doubt[10:20, 40:60] = doubt[80:90, 40:60] = True
    image[10:20, 40:60] = image[80:90, 40:60] = 120
    image[20:80, 20:120] = inside
    return doubt, image


def test_patches_on_both_sides_of_a_place_are_joined_where_it_looks_like_them():
    doubt, image = _scene((118, 122, 121))
    out = across_places(doubt, image, [(20.0, 20.0, 100.0, 60.0)], 1.0)
    assert out[20:80, 40:60].all()  # the columns between the patches
    assert not out[20:80, 20:40].any() and not out[20:80, 60:120].any()
    assert (out & ~doubt).sum() == 60 * 20


def test_nothing_is_joined_across_a_place_that_looks_unlike_them_or_on_one_side_only():
    doubt, image = _scene((40, 160, 200))  # a card's art
    out = across_places(doubt, image, [(20.0, 20.0, 100.0, 60.0)], 1.0)
    assert np.array_equal(out, doubt)
    doubt, image = _scene((120, 120, 120))
    doubt[80:90] = False  # nothing below the place
    out = across_places(doubt, image, [(20.0, 20.0, 100.0, 60.0)], 1.0)
    assert np.array_equal(out, doubt)
