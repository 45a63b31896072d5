"""Bank lanes from a noisy camera (physically based frames, workbench/physical, tune seed 9100,
frames rendered at 2 samples a pixel under gain): a tenth of the bare mat's pixels beside the
lane differ from the mat as much as a token does, one by one. Filling the holes between those
specks (a chip's grey middle is filled the same way) grew them into blobs a chord deep, and the
empty mat read as tokens:

* frame 18, under a window and a lamp: three black chips and, past them, empty mat that ran
  into one long run with them (7 read for 3);
* frame 198: one white chip and about twenty runs of specks (6 read for 1); four black chips,
  the two close ones merged with the specks between them into one long run (5 read for 4).

Where the bare mat is that noisy, the run counter thresholds the deviation smoothed over the
specks' size (token_noise_share, token_noise_blur_mm). A quiet lane keeps the pixel threshold:
the guard beside them (seed 4242 frame 5) is four faint black chips, whose broken rings are
filled into whole chips only pixel by pixel.

The images are each lane rectified at the pipeline's 2 px/mm with its margin, and the whole-mat
colour model over it at 1 px/mm (its bare mat is read from them as the pipeline reads it)."""
from __future__ import annotations

import pytest

from vision.config import DEFAULT_CONFIG

from .helpers import count_lane_on_model

NOISY = [("physical-black-lane-window-lamp-noise", 3),
         ("physical-white-lane-noise", 1),
         ("physical-black-lane-noise", 4)]


def _count(name, cfg=DEFAULT_CONFIG):
    return count_lane_on_model(name, cfg)


@pytest.mark.parametrize("name, chips", NOISY)
def test_a_noisy_lane_counts_its_chips_not_the_specks(name, chips):
    lane = _count(name)
    assert lane.count == chips
    assert lane.certain, lane.reason


@pytest.mark.parametrize("name, chips", NOISY)
def test_thresholding_the_specks_one_by_one_read_more_chips(name, chips):
    lane = _count(name, DEFAULT_CONFIG.with_(token_noise_share=1.0))
    assert lane.count > chips and not lane.certain


def test_a_quiet_lanes_faint_chips_stay_sure():
    lane = _count("physical-black-lane-quiet-faint")
    assert lane.count == 4
    assert lane.certain, lane.reason


def test_a_quiet_lane_smoothed_anyway_loses_its_faint_chips_certainty():
    # (Filling a broken ring's middle, token_broken_ring_gap_mm, and joining a short piece
    # in the disc of a circle its run has passed the middle of, token_pieces_in_circle, mend
    # this one too: off.)
    lane = _count("physical-black-lane-quiet-faint",
                  DEFAULT_CONFIG.with_(token_noise_share=-1.0, token_broken_ring_gap_mm=0.0,
                                       token_pieces_in_circle=False))
    assert not lane.certain
