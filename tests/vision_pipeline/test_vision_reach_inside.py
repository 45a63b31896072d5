"""Issue 18, the look inside a region a thing reaches: how much of it the thing hides.

Plain arrays at 1 px/mm: the free mat on the left, the region on the right (x >= 20 mm).
"""
from __future__ import annotations

import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import _outline_distance, _reach_inside

MAT = (118.0, 131.0, 122.0)  # BGR: the mat's grey-green
RED = (40.0, 40.0, 200.0)  # a red sleeve


def _box(sleeve_into_mm: int):
    """A 40 x 40 mm box; a red sleeve on the free mat from x 10 to the region's outline (x 20)
    at y 10-30, going on `sleeve_into_mm` into the region."""
    image = np.empty((40, 40, 3), np.float32)
    image[:] = MAT
    image[10:30, 10:20 + sleeve_into_mm] = RED
    dist = _outline_distance((20.0, 0.0, 20.0, 40.0), np.arange(40) + 0.5, np.arange(40) + 0.5)
    freehere = dist > 0
    on = np.zeros((40, 40), bool)
    on[10:30, 10:20] = True
    mat_hue = np.array(MAT, np.float32) / np.mean(MAT)
    return image.astype(np.uint8), on, freehere, dist, mat_hue


def test_a_sleeve_ending_at_the_outline_hides_nothing_of_the_region():
    # Nothing inside the region is of the sleeve's colour (this raised an OpenCV error).
    image, on, freehere, dist, mat_hue = _box(0)
    assert _reach_inside(image, on, freehere, dist, 1.0, mat_hue, DEFAULT_CONFIG) == 0.0


def test_a_sleeve_going_on_into_the_region_hides_what_it_lies_over():
    image, on, freehere, dist, mat_hue = _box(6)
    assert _reach_inside(image, on, freehere, dist, 1.0, mat_hue, DEFAULT_CONFIG) == 20 * 6
