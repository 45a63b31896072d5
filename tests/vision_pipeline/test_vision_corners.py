"""Issue 18, an arm over two corner markers: busy, naming the hidden corners, on real OpenCV.

Two markers found on one side of the mat place its far side badly with a fit of their own
corners alone (an affine fit takes the scale across the mat from the markers' own 40 mm, a
homography bends wildly): the camera's pose through the nominal lens places it, and a marker
near the frame's edge is judged by its part in the frame.
"""
from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.pipeline import locate_mat, prepare, read_table
from vision.stages import corners

from .helpers import rendered_over_hand, slow_after


@pytest.mark.parametrize("seed,i", slow_after((202, 120), (102, 90), (104, 60), default=1))
def test_a_rendered_arm_over_two_corners_names_both(seed, i):
    # 202/120 and 102/90: placed from the two found alone, the hidden markers fell outside the
    # frame (nothing was busy, or one corner named). 104/60: both hidden lie within 20 px of
    # the frame's edge, where a placement a little out put them outside it.
    image, truth = rendered_over_hand(seed, i)
    assert len(truth["covered"]) == 2 and all(p.startswith("markers.") for p in truth["covered"])
    result = read_table(image)
    assert (result["mat"], result["busy"], result["covered"]) == (False, True, truth["covered"])


DATA = Path(__file__).parent / "data"


def test_an_arm_over_two_corners_in_a_physically_based_frame_names_both():
    # Issue 32 (seed 11200 frame 178, warm lamp and ceiling): the two found, on the left, and
    # the cards' tags, all on the mat's left half, bent the placement 270-350 px outwards;
    # both hidden markers fell half out of the frame and the frame was "no mat", not busy.
    _assert_right_corners_named("physical-arm-over-two-markers.jpg")


def _assert_right_corners_named(name, cfg=DEFAULT_CONFIG, covered=("markers.1", "markers.2")):
    """The saved frame `name` read: markers 0 and 3 found, no mat, busy with `covered`."""
    result = read_table(cv2.imread(str(DATA / name)), cfg)
    assert result["markers"] == [0, 3]
    assert (result["mat"], result["busy"], result["covered"]) == (False, True, list(covered))


def test_a_marker_the_search_copy_misses_is_found_where_two_others_place_it():
    # Seed 11400 frame 152 (a desk lamp, gain 1.8): markers 0 and 2 were not found in the
    # 800 px search copy, where they are 30 px wide in the sensor's noise; with two markers
    # the mat was not placed: "a hand over the corners", no bank. At the working copy's size,
    # where markers 1 and 3 place it, marker 0 is found (marker 2 lies under a fingertip).
    image = cv2.imread(str(DATA / "physical-marker-missed-small.jpg"))
    result = read_table(image)
    assert (result["mat"], result["markers"], result["busy"]) == (True, [0, 1, 3], False)
    assert result["bank"] == {"white": 6, "blue": 5, "green": 7, "red": 7, "black": 7,
                              "gold": 5}


def test_two_markers_place_the_far_ones_within_the_searched_reach():
    # The corners locate_mat found on the 28 physically based frames of seeds 10800-11200 and
    # 4343 with an arm over two corners (lens k1 -0.07 to -0.02, slants up to 15 degrees), and
    # where the hidden two truly lie. A fit of the two and the tags put them 20-410 px out (a
    # third of them over 100 px, four marker sides): the frame's verdict was luck.
    mat = load_mat()
    offs = []
    for case in json.loads((DATA / "physical-two-markers-found.json").read_text()):
        found = {int(k): np.array(v, np.float64) for k, v in case["found"].items()}
        place = corners.rough_placement(found, mat, tuple(case["size"]))
        for mid, truth in case["hidden"].items():
            truth = np.array(truth, np.float64)
            side = np.linalg.norm(truth - np.roll(truth, 1, axis=0), axis=1).mean()
            placed = place(np.array(mat.marker_square(int(mid)), np.float64))
            offs.append(np.linalg.norm(placed - truth, axis=1).mean() / side)
    assert len(offs) == 56
    # The search reaches marker_place_slack (0.35) of a side each way: one frame's two lie a
    # little beyond (0.41, a wider lens than the nominal one); the arm covers them there too.
    assert max(offs) < 0.45
    assert np.median(offs) < 0.5 * DEFAULT_CONFIG.marker_place_slack


@pytest.mark.parametrize("in_view", [0.5, 0.7, 0.8])
def test_markers_the_frames_edge_cuts_are_not_a_hand(sample, in_view):
    # The frame ends across markers 1 and 2 (`in_view` of their black squares in it): they are
    # not read, yet the paper and the code show; nothing lies over them.
    image, _ = sample(1)
    loc = locate_mat(prepare(image))
    cut = int(min(loc.marker_corners_px[i][:, 0].min()
                  + in_view * np.ptp(loc.marker_corners_px[i][:, 0]) for i in (1, 2)))
    result = read_table(np.ascontiguousarray(image[:, :cut]))
    assert result["markers"] == [0, 3]
    assert (result["mat"], result["busy"], result["covered"]) == (False, False, [])


def test_a_wild_placement_is_not_looked_at_and_takes_little_memory(sample, monkeypatch):
    # A placement gone wild (a misread marker corner, say): a marker then placed far
    # larger than those seen is not judged, and the frame is not padded to its size.
    import tracemalloc

    from vision.stages import corners

    image, _ = sample(1)
    frame = prepare(np.ascontiguousarray(image[:, :1900]))  # markers 1 and 2 cut off
    loc = locate_mat(frame)
    assert loc.markers == [0, 3]
    def wild(points_mm):
        return np.asarray(points_mm, np.float64).reshape(-1, 2) * 40.0

    monkeypatch.setattr(corners, "rough_placement", lambda *a, **k: wild)
    tracemalloc.start()
    try:
        hidden = corners.hidden_markers(frame, loc)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert hidden == []
    assert peak < 64 << 20, f"{peak / 2**20:.0f} MB"


def test_a_fingertip_on_the_second_marker_names_it_too():
    # Issue 32 (seed 13500 frame 16, a desk lamp): a hand comes down the mat's right side, its
    # arm over marker 1 and a fingertip on marker 2's edge. The fingertip spoils marker 2's
    # code but darkens too little of its square to be called hidden by itself: the referee
    # named only the top corner. With a hand over one corner, a marker in view that was not
    # found is hidden too (marker_hidden_beside_hand).
    _assert_right_corners_named("physical-fingertip-on-a-marker.jpg")
    _assert_right_corners_named("physical-fingertip-on-a-marker.jpg",
                                DEFAULT_CONFIG.with_(marker_hidden_beside_hand=False),
                                covered=("markers.1",))
