"""Black chips under a low lamp (physically based frames, workbench/physical, calm).

Seed 10000 frame 198: five black chips, the last two touching, each casting a crescent of
shadow about 8 mm long to its left. A black chip is as dark as a shadow and keeps the mat's
hue, so the crescents counted as chip: the last three chips read as one run of 142 mm, and the
lane read six (flagged, the circle counter finding five). Only the shade *beside* the circles
found is a shadow (``token_black_shadow``).

Seed 10300 frame 156: five black chips touching in one row; the last chip's far rim broke off
its run 1.5 mm short of it, a 15 mm piece that counted as a sixth chip (flagged). A short
piece in the disc of a circle whose middle the run has already passed is that chip's.

The images are the lane rectified at the pipeline's 2 px/mm with its margin, and the whole-mat
colour model over it at 1 px/mm (its bare mat is read from them as the pipeline reads it)."""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG

from .helpers import count_lane_on_model

CRESCENTS = "physical-black-lane-lamp-crescents"
FAR_RIM = "physical-black-lane-far-rim"


def test_five_black_chips_with_their_crescents_are_five():
    lane = count_lane_on_model(CRESCENTS, DEFAULT_CONFIG)
    assert lane.count == 5, (lane.runs, lane.circles)
    assert lane.circle_count == 5


def test_counting_the_crescents_read_six():
    lane = count_lane_on_model(CRESCENTS, DEFAULT_CONFIG.with_(token_black_shadow=False,
                                                           # (the short-run rule mends it too: off)
                                                           token_short_run_by_circles=False))
    assert lane.count == 6 and not lane.certain


def test_a_chip_whose_far_rim_broke_off_is_one_chip_and_sure():
    lane = count_lane_on_model(FAR_RIM, DEFAULT_CONFIG)
    assert lane.count == 5
    assert lane.certain, lane.reason
    assert len(lane.runs) == 1, lane.runs


def test_without_the_circle_the_far_rim_stood_apart():
    # (From the saved crop, whose model is rounded to whole grey levels, the rim breaks off
    # in two crumbs, not one 15 mm piece: the lane is flagged rather than read six.)
    lane = count_lane_on_model(FAR_RIM, DEFAULT_CONFIG.with_(token_pieces_in_circle=False))
    assert len(lane.runs) > 1 and not lane.certain
