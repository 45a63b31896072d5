"""Black chips under a café's warm pendants (a physically based frame, workbench/physical, seed
777 frame 3, never measured on): their centres look like the mat's grey and their glossy rings
break up; the bank still counts the four that lie in the lane, sure of it."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.stages.overview import deviation_from
from vision.tokens import count_lane

DATA = Path(__file__).parent / "data"
MARGIN_MM = DEFAULT_CONFIG.lane_margin_mm[0]


def _lane():
    lane = cv2.imread(str(DATA / "physical-black-lane.png"))
    mat = cv2.imread(str(DATA / "physical-black-lane-mat.png")).astype(np.float32)
    return deviation_from(lane, mat)


def _count(cfg):
    return count_lane(_lane(), cfg.lane_px_per_mm, 7, cfg, span=(MARGIN_MM, MARGIN_MM + 287.0))


def test_four_black_chips_with_grey_centres_are_four():
    lane = _count(DEFAULT_CONFIG)
    assert lane.count == 4
    assert lane.certain, lane.reason


def test_without_filling_the_chips_centres_they_were_five():
    # (Joining a split chip's pieces, token_run_join_mm and token_piece_gap_mm, or those lying
    # in its circle, token_pieces_in_circle, mends this one too: all off. So does a short run
    # without a circle counting none, token_short_run_needs_circle: this lane is counted
    # without the black lane's dashes, as the white lane is.)
    lane = _count(DEFAULT_CONFIG.with_(token_hole_mm2=0.0, token_run_join_mm=0.0,
                                       token_piece_gap_mm=0.0, token_pieces_in_circle=False,
                                       token_short_run_needs_circle=False))
    assert lane.count == 5 and not lane.certain
