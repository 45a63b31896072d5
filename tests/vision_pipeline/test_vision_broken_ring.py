"""A faint black chip whose ring is broken (physically based frame, workbench/physical, seed 9900
frame 35, a calm frame under a 6,400 K ceiling panel): three black chips touching, their dark
bands barely darker than the mat. The middle chip's ring, closed over token_ring_gap_mm, still
had a gap where it touches the third: its grey middle, open to the mat between the two chips,
was no hole, so the columns across it held only the ring's two arcs, a chord too short for a
chip. The lane read two (flagged: runs of odd lengths, the circle counter finding three).

A chip's middle is found again by closing its ring over token_broken_ring_gap_mm: a pocket of
mat at least token_middle_min_mm2 (half a chip's middle) is filled. Closed wider, a camera's
sparse specks enclose pockets that big too: the guard beside it (seed 9700 frame 99, calm,
two white chips and, past them, bare mat speckled by the camera, too little to be smoothed)
reads a third chip when the ring is closed over 5 mm.

The images are each lane rectified at the pipeline's 2 px/mm with its margin, and the whole-mat
colour model over it at 1 px/mm (its bare mat is read from them as the pipeline reads it)."""
from __future__ import annotations

import pytest

from vision.config import DEFAULT_CONFIG

from .helpers import count_lane_on_model

BROKEN = "physical-black-lane-broken-ring"
SPECKS = "physical-white-lane-sparse-specks"


@pytest.mark.parametrize("name, chips", [(BROKEN, 3), (SPECKS, 2)])
def test_each_chip_counted_once_and_sure(name, chips):
    lane = count_lane_on_model(name, DEFAULT_CONFIG)
    assert lane.count == chips
    assert lane.certain, lane.reason


def test_the_broken_rings_middle_left_open_read_two():
    lane = count_lane_on_model(BROKEN, DEFAULT_CONFIG.with_(token_broken_ring_gap_mm=0.0))
    assert lane.count == 2 and not lane.certain


def test_rings_closed_wider_take_the_specks_for_a_chip():
    lane = count_lane_on_model(SPECKS, DEFAULT_CONFIG.with_(token_broken_ring_gap_mm=5.0))
    assert lane.count == 3 and not lane.certain
