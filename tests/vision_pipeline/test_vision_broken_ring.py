"""A faint black chip whose ring is broken (physically based frame, workbench/physical, seed 9900
frame 35, a calm frame under a 6,400 K ceiling panel): three black chips touching, their dark
bands barely darker than the mat. The middle chip's ring, closed over token_ring_gap_mm, still
had a gap where it touches the third: its grey middle, open to the mat between the two chips,
was no hole, so the columns across it held only the ring's two arcs, a chord too short for a
chip. The lane read two (flagged: runs of odd lengths, the circle counter finding three).

A lane whose runs are not whole chips looks again: its rings closed over
token_broken_ring_gap_mm, a pocket of mat at least token_middle_min_mm2 (half a chip's middle)
is a chip's middle. Closed wider, a camera's sparse specks enclose pockets that big too: the
guard beside it (seed 9700 frame 99, calm, two white chips and, past them, bare mat speckled by
the camera, too little to be smoothed) has one when closed over 5 mm.

The images are each lane rectified at the pipeline's 2 px/mm with its margin, and the whole-mat
colour model over it at 1 px/mm (its bare mat is read from them as the pipeline reads it)."""
from __future__ import annotations

import pytest

from vision.config import DEFAULT_CONFIG
from vision.stages.bank import lane_background
from vision.stages.overview import deviation_from
from vision.tokens import fill_holes, fill_middles, noise_share

from .helpers import count_lane_on_model, saved_lane_on_model


BROKEN = "physical-black-lane-broken-ring"
SPECKS = "physical-white-lane-sparse-specks"


@pytest.mark.parametrize("name, chips", [(BROKEN, 3), (SPECKS, 2)])
def test_each_chip_counted_once_and_sure(name, chips):
    lane = count_lane_on_model(name, DEFAULT_CONFIG)
    assert lane.count == chips
    assert lane.certain, lane.reason


def test_the_broken_rings_middle_left_open_read_two():
    # (Its pieces lying in the circle the circle counter found mend it too, and so do taking
    # the shade beside the circles for shadow (token_black_shadow) and the black lane's
    # crumbs joining (token_crumb_gap_mm): off here.)
    off = DEFAULT_CONFIG.with_(token_broken_ring_gap_mm=0.0, token_black_shadow=False,
                               token_crumb_gap_mm=None)
    lane = count_lane_on_model(BROKEN, off.with_(token_pieces_in_circle=False))
    assert lane.count == 2 and not lane.certain
    lane = count_lane_on_model(BROKEN, off)
    assert lane.count == 3 and not lane.certain


def test_the_specks_enclose_no_chips_middle_but_closed_wider_they_do():
    # (Its runs are whole chips, so the lane never looks for broken rings: the specks' pockets
    # are looked at here directly.)
    for gap, filled in ((DEFAULT_CONFIG.token_broken_ring_gap_mm, False), (5.0, True)):
        cfg = DEFAULT_CONFIG.with_(token_broken_ring_gap_mm=gap)
        token, mask = _token_mask(SPECKS, cfg)
        assert (fill_middles(token, mask, cfg.lane_px_per_mm, cfg) is not mask) == filled, gap


def _token_mask(name, cfg):
    """The saved lane's token pixels and its mask with the holes filled, as count_by_runs
    makes them (its bare mat is too quiet to be smoothed)."""
    lane, model = saved_lane_on_model(name)
    s = cfg.lane_px_per_mm
    deviation = deviation_from(lane, lane_background(lane, model, s, cfg))
    assert noise_share(deviation, s, cfg) <= cfg.token_noise_share
    token = deviation > cfg.deviation_ratio
    return token, fill_holes(token, s, cfg)
