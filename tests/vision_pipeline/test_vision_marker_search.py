"""The quick marker search skips candidates smaller than ``marker_min_perimeter_rate`` of the
search copy (issue 32: a quarter of the search went on the print's small squares). Real frames
find the same markers at the same corners as with OpenCV's default; a mat seen so small that
its markers fall under that size is still found (by the thorough pass)."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.stages.locate import _markers_in, locate_mat, prepare

DATA = Path(__file__).parent / "data"
PLAIN = DEFAULT_CONFIG.with_(marker_min_perimeter_rate=None)


@pytest.mark.parametrize("name", ["physical-lamp-and-window.jpg",
                                  "physical-arm-shadow-over-cards.jpg",
                                  "physical-deck-by-marker.jpg",
                                  "physical-finger-shadow-by-lane.jpg"])
def test_the_quick_search_finds_the_markers_the_default_one_finds(name):
    frame = prepare(cv2.imread(str(DATA / name)))
    fast, plain = locate_mat(frame, DEFAULT_CONFIG), locate_mat(frame, PLAIN)
    assert fast.found and fast.markers == plain.markers
    for i in plain.markers:
        assert np.array_equal(fast.marker_corners_px[i], plain.marker_corners_px[i])
    assert np.array_equal(fast.homography, plain.homography)


def test_a_mat_seen_small_is_still_found():
    image = cv2.imread(str(DATA / "physical-lamp-and-window.jpg"))
    # The mat at half the frame's size: its markers 15-17 px wide in the 800 px search copy,
    # about the quick search's smallest outline (0.08 x 800 = 64 px, a 16 px square).
    small = cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    canvas = np.full_like(image, 128)
    canvas[:small.shape[0], :small.shape[1]] = small
    frame = prepare(canvas)
    gray = cv2.cvtColor(frame.small, cv2.COLOR_BGR2GRAY)
    mat = load_mat()
    quick = _markers_in(gray, mat.marker_dictionary, set(mat.marker_corners), False,
                        DEFAULT_CONFIG.marker_min_perimeter_rate)
    fast, plain = locate_mat(frame, DEFAULT_CONFIG), locate_mat(frame, PLAIN)
    assert len(quick) < len(plain.markers), "the quick search no longer misses any here"
    assert fast.found and fast.markers == plain.markers


@pytest.mark.parametrize("name", ["physical-lamp-and-window.jpg",
                                  "physical-arm-shadow-over-cards.jpg",
                                  "physical-deck-by-marker.jpg",
                                  "physical-finger-shadow-by-lane.jpg"])
def test_one_threshold_window_finds_the_markers_two_found(name):
    # The quick pass thresholds with a 5 px window only (issue 32, less CPU); with the 15 px
    # one too it found the same markers at the same corners (on 646 tune and 2D frames).
    mat = load_mat()
    frame = prepare(cv2.imread(str(DATA / name)))
    gray = cv2.cvtColor(frame.small, cv2.COLOR_BGR2GRAY)
    wanted = set(mat.marker_corners)
    one = _markers_in(gray, mat.marker_dictionary, wanted, False,
                      DEFAULT_CONFIG.marker_min_perimeter_rate)
    params = cv2.aruco.DetectorParameters()
    params.minMarkerPerimeterRate = DEFAULT_CONFIG.marker_min_perimeter_rate
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.minDistanceToBorder = 0
    params.adaptiveThreshWinSizeMin, params.adaptiveThreshWinSizeMax = 5, 15
    params.adaptiveThreshWinSizeStep = 10
    two = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, mat.marker_dictionary)), params)
    corners, ids, _ = two.detectMarkers(gray)
    both = {int(i): c.reshape(4, 2) for c, i in zip(corners, ids.ravel()) if int(i) in wanted}
    assert sorted(one) == sorted(both) and len(one) >= 3
    for i in both:
        assert np.abs(one[i] - both[i]).max() < 0.05, (i, one[i], both[i])
