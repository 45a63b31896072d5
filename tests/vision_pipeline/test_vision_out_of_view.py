"""A camera knocked aside: part of the mat lies beyond the frame's edge, on real OpenCV.

Beyond the edge the rectified mat only repeats the edge's pixels, streaks that looked like a
hand over whatever lies there. What the frame does not show hides nothing: it is not covered
(no one is asked to move a hand that is not there), and what can't be read there is uncertain.
"""
from __future__ import annotations

import numpy as np

from vision.pipeline import locate_mat, prepare, read_table

from .helpers import rendered_over_hand


def _cut_past(image: np.ndarray, marker: int, px: int) -> np.ndarray:
    """The frame with the rows beyond `marker`'s centre (and `px` more) cut off."""
    loc = locate_mat(prepare(image))
    y = float(loc.marker_corners_px[marker][:, 1].mean())
    rows = image[int(y + px):] if y < image.shape[0] / 2 else image[:int(y - px)]
    return np.ascontiguousarray(rows)


def test_nobles_beyond_the_frames_edge_are_not_covered_but_uncertain(sample):
    # Sample 5 with its top cut just below marker 0: the frame ends across the nobles' row
    # (before: nobles 0, 1 and 2 "covered", a hand no one could move).
    image, _ = sample(5)
    result = read_table(_cut_past(image, 0, 40))
    assert result["markers"] == [1, 2, 3] and result["mat"]
    assert (result["busy"], result["covered"]) == (False, [])
    assert {"nobles.0", "nobles.1"} <= set(result["uncertain"])


def test_a_lane_beyond_the_frames_edge_is_not_covered_but_uncertain(sample):
    # Sample 4 with its bottom cut above marker 2: the gold lane runs off the frame.
    image, _ = sample(4)
    result = read_table(_cut_past(image, 2, 100 * image.shape[1] // 2304))
    assert result["markers"] == [0, 1, 3]
    assert "bank.gold" not in result["covered"] and "bank.gold" in result["uncertain"]


def test_a_hand_near_the_cut_corner_is_still_seen_and_a_cut_marker_does_not_crash():
    # An over-hand frame whose bottom is cut just above marker 2's centre: the detector still
    # finds marker 3 with a corner put beyond the frame's edge (OpenCV raised refining it),
    # and the hand over the lanes beside the cut corner is read as on the whole frame.
    image, truth = rendered_over_hand(102, 8)
    cut = np.ascontiguousarray(image[:1049])
    result = read_table(cut)
    assert result["markers"] == [0, 1, 3]
    assert result["covered"] == truth["covered"]
