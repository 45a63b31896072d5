"""Issue 32: a dark sleeve the region's outline shows to be a sleeve is no shadow inside it.

2D renders, hands over the mat (bench-vision's hand seeds 5802 frame 18 and 5702 frame 37): a
dark brown sleeve right across the level-1 deck (5,426 mm^2 of it hidden), a dark green one
right across the gold lane (3,756 mm^2), the arm found on the free mat on both sides. Where
it touches the outline it is as dark as a hand's shadow, but the outline under it is flat: a
sleeve (busy_sleeve_*). Inside the place, though, its dark colour was then dropped as a
shadow tinted by a second light (busy_inside_dark_not_shade): nothing went on, and neither
place was said covered, though both were hidden whole.

The mats' overviews (1 px/mm) and the frames at 3 px/mm round the places, read by the stage
alone.
"""
from __future__ import annotations

import pytest

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_look

CASES = [("2d-dark-sleeve-over-deck", (20.0, 270.0, 150.0, 170.0), "decks.1"),
         ("2d-dark-sleeve-over-gold-lane", (600.0, 340.0, 170.0, 90.0), "bank.gold")]


@pytest.mark.parametrize("name,crop_mm,place", CASES)
def test_a_place_under_a_dark_sleeve_is_covered(name, crop_mm, place):
    overview, detail = saved_look(name, crop_mm)
    assert place in detect_busy(overview, detail=detail).covered


@pytest.mark.parametrize("name,crop_mm,place", CASES)
def test_taken_for_a_tinted_shadow_inside_the_place_was_missed(name, crop_mm, place):
    overview, detail = saved_look(name, crop_mm)
    off = DEFAULT_CONFIG.with_(busy_sleeve_not_shade=False)
    assert place not in detect_busy(overview, off, detail=detail).covered
