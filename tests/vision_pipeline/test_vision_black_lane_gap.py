"""Session bench seed 7302 (2D renderer, 4 players), the still before press 4: five black chips
in their lane, two of them 8 mm apart. The lane's light model took the chips' grey middles for
bare mat in shadow and darkened the mat between the two, so the bare mat in the gap read as
brighter than the mat, joined the chips into one run too long for two and the lane was called
uncertain (the press "unreadable"). The images are that still's black lane rectified at the
pipeline's 2 px/mm with its margin, and the whole-mat colour model over it at 1 px/mm."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.stages.bank import lane_background
from vision.stages.overview import deviation_from
from vision.tokens import count_lane

DATA = Path(__file__).parent / "data"


def _count(cfg=DEFAULT_CONFIG):
    lane = cv2.imread(str(DATA / "session-7302-black-lane.png"))
    model = cv2.imread(str(DATA / "session-7302-black-lane-mat.png")).astype(np.float32)
    model = cv2.resize(model, (lane.shape[1], lane.shape[0]), interpolation=cv2.INTER_LINEAR)
    s = cfg.lane_px_per_mm
    background = lane_background(lane, model, s, cfg)
    margin = cfg.lane_margin_mm[0]
    span = (margin, lane.shape[1] / s - margin)
    return count_lane(deviation_from(lane, background), s, 7, cfg, span=span)


def test_five_black_chips_two_close_together_are_five_and_sure():
    lane = _count()
    assert lane.count == 5
    assert lane.certain, lane.reason
    # Each chip its own run: the gap between the close two is bare mat.
    assert len([r for r in lane.runs if r[1] - r[0] > 20.0]) == 5, lane.runs
