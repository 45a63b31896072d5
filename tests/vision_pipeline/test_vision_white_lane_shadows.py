"""White chips under a low lamp (physically based frame, workbench/physical, seed 9900 frame 87,
a calm frame: a 3,200 K desk lamp 38 cm up beside the mat): four white chips, the first three 7
to 8 mm apart, each casting a crescent of shadow about 9 mm long to its right. The shadows are
as far from the mat as a chip is, and they filled the gaps: the first three chips read as one
run of 143 mm, four tokens' length, and the lane read five (flagged, the circle counter
finding four).

A white chip is brighter than the mat; a shadow is darker and keeps the mat's hue. In the white
lane a column whose token pixels are all that is no chip's (token_min_lit_chord_mm).

The images are the lane rectified at the pipeline's 2 px/mm with its margin, and the whole-mat
colour model over it at 1 px/mm (its bare mat is read from them as the pipeline reads it)."""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG

from .helpers import count_lane_on_model

NAME = "physical-white-lane-lamp-shadows"


def test_four_white_chips_with_their_shadows_are_four_and_sure():
    lane = count_lane_on_model(NAME, DEFAULT_CONFIG)
    assert lane.count == 4
    assert lane.certain, lane.reason
    # Each chip its own run, a chip's length (40 mm), not its shadow's 9 mm more.
    chips = [b - a for a, b in lane.runs if b - a > 20.0]
    assert len(chips) == 4 and all(36.0 <= n <= 42.0 for n in chips), lane.runs


def test_counting_the_shadows_columns_read_five():
    lane = count_lane_on_model(NAME, DEFAULT_CONFIG.with_(token_min_lit_chord_mm=0.0,
                                                     # (the short-run rule mends it too: off)
                                                     token_short_run_by_circles=False))
    assert lane.count == 5 and not lane.certain
