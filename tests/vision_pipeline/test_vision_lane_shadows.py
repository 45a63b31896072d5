"""Shadows in a coloured bank lane (physically based frames, workbench/physical, tune seeds): a
low desk lamp lays each chip's own shadow beside it (seed 5100 frame 25: four gold chips and a
shadow past the fourth darkens the lane's mat model there, so the lit mat beside the shadow
reads brighter than its model), and something beyond a lane's end casts a dark blot into it
(seed 4242 frame 11: one blue chip and the blot). Both keep the mat's hue; neither is a token.
Before, the run counter took each for one more chip (both lanes flagged uncertain, both wrong)."""
from __future__ import annotations

import pytest

from vision.config import DEFAULT_CONFIG

from .helpers import count_lane_on_model, count_saved_lane


def _count(name, cfg=DEFAULT_CONFIG):
    return count_saved_lane(name, cfg, coloured=True)


@pytest.mark.parametrize("name, chips", [("physical-gold-lane-chip-shadow", 4),
                                         ("physical-blue-lane-end-shadow", 1)])
def test_a_shadow_in_a_coloured_lane_is_no_chip(name, chips):
    lane = _count(name)
    assert lane.count == chips
    assert lane.certain, lane.reason


@pytest.mark.parametrize("name, chips", [("physical-gold-lane-chip-shadow", 4),
                                         ("physical-blue-lane-end-shadow", 1)])
def test_counting_shadow_columns_gave_one_chip_more(name, chips):
    # (The blue lane's blot reaches the end of the lane's image: the rule on runs cut off
    # there, token_end_runs_whole, leaves it out too; off here, to see this rule alone.)
    lane = _count(name, DEFAULT_CONFIG.with_(token_min_colour_chord_mm=0.0,
                                             token_end_runs_whole=False))
    assert lane.count == chips + 1 and not lane.certain


# Seed 13400 frame 137 (lamp and ceiling light): two gold chips, and the camera arm's shadow
# lies on the lane's lower margin and its last 3 mm over 30 mm of it. The lower strip, the mat
# in that shadow, darkened the blend across the lane, the lit mat above it read brighter than
# its model, and the run counter took it for a third chip (flagged, wrong).
ARM_TIP = "physical-gold-lane-arm-tip-shadow"


def test_a_shadow_on_one_strip_alone_is_no_chip():
    lane = count_lane_on_model(ARM_TIP, DEFAULT_CONFIG, neutral=False, coloured=True)
    assert lane.count == 2
    assert lane.certain, lane.reason


def test_the_blend_alone_read_the_lit_mat_as_a_chip():
    # (The arm's shadow is tinted too: the tinted-shadow rule below alone reads this lane
    # right as well; off here, to see this rule alone.)
    lane = count_lane_on_model(ARM_TIP, DEFAULT_CONFIG.with_(lane_shade_either_strip=False,
                                                             lane_shadow_tint=0.0),
                               neutral=False, coloured=True)
    assert lane.count == 3 and not lane.certain


# Two lights of different tints: where one light's shadow falls, the other tints the mat, the
# more the darker the shadow is. Seed 13500 frame 92 (a lamp and a window): a purple sleeve's
# shadow lies along the gold lane's lower half beside three chips, 0.12 off the mat's hue at
# 0.6 of the lit mat's brightness, and read as a fourth chip. Frame 62 (a window and the
# ceiling): a hand beside the mat lays its shadow over the blue lane's end beside three chips.
TINTED = [("physical-gold-lane-tinted-sleeve-shadow", 3),
          ("physical-blue-lane-two-light-shadow", 3)]


@pytest.mark.parametrize("name, chips", TINTED)
def test_a_tinted_shadow_in_a_coloured_lane_is_no_chip(name, chips):
    lane = count_lane_on_model(name, DEFAULT_CONFIG, neutral=False, coloured=True)
    assert lane.count == chips
    assert lane.certain, lane.reason


@pytest.mark.parametrize("name, chips", TINTED)
def test_the_plain_hue_limit_read_a_tinted_shadow_as_a_chip(name, chips):
    lane = count_lane_on_model(name, DEFAULT_CONFIG.with_(lane_shadow_tint=0.0),
                               neutral=False, coloured=True)
    assert lane.count == chips + 1 and not lane.certain
