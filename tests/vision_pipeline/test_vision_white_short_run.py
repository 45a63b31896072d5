"""Issue 32: in the white lane, a run too short for a chip with no chip's circle in it is the
mat's shade, not a chip.

Physically based seed 14000 frame 176 (calm, a window): five white chips, and at the lane's far
end the window's shade on a stretch where the mat's model is too dark, 27 mm of columns as far
off the model as a chip. Too short for a whole chip by more than the slack, it was rounded up to
one: six. The circle counter found the five chips, none in that run. (A white chip's run is
whole or has its circle; a coloured lane's runs have the chips' colour, and the black lane's
faint chips may show only their dashes: neither has this rule.)

The lane rectified at the pipeline's 2 px/mm with its margin, and the whole-mat colour model
over it at 1 px/mm.
"""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG

from .helpers import count_lane_on_model

NAME = "physical-white-lane-window-shade-short-run"


def test_the_shade_at_the_lanes_end_is_no_chip():
    lane = count_lane_on_model(NAME, DEFAULT_CONFIG)
    # (Still flagged: the odd run stays, so the players are asked to look.)
    assert (lane.count, lane.circle_count) == (5, 5) and not lane.certain


def test_without_the_rule_it_was_a_sixth_chip():
    lane = count_lane_on_model(NAME, DEFAULT_CONFIG.with_(token_short_run_needs_circle=False))
    assert lane.count == 6 and not lane.certain
