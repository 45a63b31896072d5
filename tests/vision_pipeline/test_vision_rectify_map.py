"""Crops through the lens take the lens's map from a coarse grid (``rectify_map_step``): the
map must stay where the exact per-pixel map puts each pixel, to the crop's very edges."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.pipeline import locate_mat, prepare
from vision.stages.locate import _coarse_map, rectify


def _maps(loc, scale, rect, ppm, step):
    x0, y0, w, h = rect
    out_w, out_h = int(round(w * ppm)), int(round(h * ppm))
    t = np.array([[1 / ppm, 0, x0 + 0.5 / ppm], [0, 1 / ppm, y0 + 0.5 / ppm], [0, 0, 1.0]])
    k = np.array([[scale, 0, 0.5 * scale - 0.5], [0, scale, 0.5 * scale - 0.5], [0, 0, 1.0]])
    lens = loc.lens
    inner = np.linalg.inv(lens.matrix) @ loc.homography @ t
    exact = cv2.initUndistortRectifyMap(k @ lens.matrix, lens.coefficients,
                                        np.linalg.inv(inner), np.eye(3), (out_w, out_h),
                                        cv2.CV_32FC1)
    return exact, _coarse_map(k @ lens.matrix, lens.coefficients, inner, out_w, out_h, step)


@pytest.mark.parametrize("n", [1, 4])
def test_the_coarse_lens_map_is_the_exact_one_to_a_hundredth_of_a_pixel(sample, n):
    frame = prepare(sample(n)[0])
    loc = locate_mat(frame)
    assert loc.found and loc.lens is not None
    mat = load_mat()
    step = DEFAULT_CONFIG.rectify_map_step
    assert step > 1
    # A slot crop, the whole mat's overview, a lane, and odd sizes (not a multiple of the step).
    for scale, rect, ppm in ((1.0, mat.slots()["market.1.0"], 4.0),
                             (frame.small_scale, (0.0, 0.0, *mat.size), 1.0),
                             (frame.work_scale, mat.bank["red"], 2.0),
                             (1.0, (33.3, 41.7, 17.1, 9.3), 3.0)):
        (ex, ey), (cx, cy) = _maps(loc, scale, rect, ppm, step)
        assert cx.shape == ex.shape
        err = np.hypot(cx - ex, cy - ey)
        # The first and last rows and columns too (resize holds values beyond its last node).
        assert err.max() < 0.02, (rect, float(err.max()))


def test_a_coarse_map_crop_is_the_exact_crop(sample):
    frame = prepare(sample(2)[0])
    loc = locate_mat(frame)
    rect = load_mat().slots()["market.2.1"]
    exact = rectify(frame.full_gray(), 1.0, loc, rect, 4.0, cv2.INTER_CUBIC, map_step=1)
    coarse = rectify(frame.full_gray(), 1.0, loc, rect, 4.0, cv2.INTER_CUBIC,
                     map_step=DEFAULT_CONFIG.rectify_map_step)
    diff = np.abs(exact.astype(int) - coarse.astype(int))
    # Both sample at 1/32 px: a pixel rounded to the next 1/32 differs by a few grey levels.
    assert diff.max() <= 4 and diff.mean() < 0.5
