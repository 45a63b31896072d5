"""Issue 32: a faint black chip seen only by its dashes is still a chip, where the circle
counter finds it.

Seed 9800 frame 134 (physically based, calm): four black chips touching, their dark bands
about as bright as the mat under that light. The last chip showed only its white dashes and
the shadow's edge: its columns broke into five pieces of 4-12 mm, each under a crumb's length
(so no two of them were joined as a broken chip's pieces), and the lane read three (flagged).
The circle counter found the fourth chip's circle; the pieces all lie in it.

The lane rectified at the pipeline's 2 px/mm with its margin, and the whole-mat colour model
over it at 1 px/mm.
"""
from __future__ import annotations

import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.tokens import count_by_runs

from .helpers import count_lane_on_model

NAME = "physical-black-lane-chip-in-crumbs"


def test_a_chip_seen_by_its_dashes_in_its_circle_counts():
    lane = count_lane_on_model(NAME, DEFAULT_CONFIG)
    assert lane.count == 4 and lane.circle_count == 4
    # Without the circle, its crumbs stayed crumbs (the black lane's crumbs joining,
    # token_crumb_gap_mm, mends this one too: off).
    off = count_lane_on_model(NAME, DEFAULT_CONFIG.with_(token_pieces_in_circle=False,
                                                         token_crumb_gap_mm=None))
    assert off.count == 3


def test_the_black_lane_joins_a_chips_crumbs_without_its_circle():
    # Found later (seed 13600 frame 171, test_vision_split_chip.py), the black lane's crumbs
    # joining reads this lane right without the circle too.
    lane = count_lane_on_model(NAME, DEFAULT_CONFIG.with_(token_pieces_in_circle=False))
    assert lane.count == 4


def test_a_white_chip_half_in_a_deep_shadow_is_one_chip():
    # Tune seed 5353 frame 14: the last of four white chips lies half in a hand's deep
    # shadow; its lit part (16 mm) and its far rim's crumbs lie 7 mm apart, both in its
    # circle. Joined only when closer than token_piece_gap_mm, the crumbs made a chip of
    # their own: five.
    name = "physical-white-lane-chip-half-shadowed"
    assert count_lane_on_model(name, DEFAULT_CONFIG).count == 4


def test_crumbs_with_no_circle_round_them_stay_crumbs():
    # Five 5 mm pieces 2 mm apart along the lane (a bare mat's specks in a row) and a circle
    # elsewhere: no chip.
    s = DEFAULT_CONFIG.lane_px_per_mm
    dev = np.zeros((int(50 * s), int(300 * s)), np.float32)
    for i in range(5):
        x0 = int((100 + 7 * i) * s)
        dev[int(15 * s):int(35 * s), x0:x0 + int(5 * s)] = 1.0
    n, _, _ = count_by_runs(dev, s, DEFAULT_CONFIG, circles=[(250.0, 25.0, 20.0)])
    assert n == 0
    n, _, _ = count_by_runs(dev, s, DEFAULT_CONFIG, circles=[(117.0, 25.0, 20.0)])
    assert n == 1
