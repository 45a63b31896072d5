"""A faint black chip split in two (physically based frame, workbench/physical, tune seed 6500 frame
37): three black chips under a dim 5,300 K ceiling panel (the camera's gain 3.8, so noisy),
barely darker than the mat, their rings broken where the white dashes and the mat meet. One
column in the first chip's middle dips below the run counter's chord and the chip falls into two
runs of 14 mm, each counted a token: four chips read for three (the circle counter found none to
disagree with).
A run too short for a whole token that a millimetre separates from the next is one with it.

The guard beside it (seed 6500 frame 6): six white chips under a low 2,900 K desk lamp,
each casting a crescent of shadow onto the next's side. Their runs are whole tokens' lengths
apart by a millimetre; joined, the shadows would make six into seven.

The images are each lane rectified at the pipeline's 2 px/mm with its margin, and its bare
mat's colour (bank.lane_background) beside it."""
from __future__ import annotations

import pytest

from vision.config import DEFAULT_CONFIG

from .helpers import count_saved_lane


def _count(name, cfg=DEFAULT_CONFIG):
    return count_saved_lane(name, cfg, coloured=False)


@pytest.mark.parametrize("name, chips", [("physical-black-lane-split-chip", 3),
                                         ("physical-white-lane-chip-shadows", 6)])
def test_each_chip_counted_once(name, chips):
    assert _count(name).count == chips


def test_without_joining_the_split_chip_counts_twice():
    lane = _count("physical-black-lane-split-chip",
                  DEFAULT_CONFIG.with_(token_run_join_mm=0.0))
    assert lane.count == 4 and not lane.certain
