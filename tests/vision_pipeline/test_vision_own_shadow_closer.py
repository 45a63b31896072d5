"""Issue 32: an arm over a card in its own shadow is looked at closer, its shadow's speckles not.

What touches a place mostly as a shadow, with a coloured part beside it, is a hand's shadow
unless that coloured part goes on over the place. The overview alone had to be sure of that
(700 mm^2); an arm over a card's edge, lying in its own shadow where it meets the card, read
63-95 mm^2 there and was taken for its shadow. In doubt it is now looked at closer
(`busy_shadow_own_closer`), its solid part alone: in a hand's shadow over a card the camera's
noise takes speckles over the hue limit, and seen closer those followed the card's dark margin.

The mats' overviews (1 px/mm) and the frames at 3 px/mm round the cards, read by the stage
alone.
"""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_look


def _read(name: str, overview: str, crop_mm, cfg=DEFAULT_CONFIG) -> list[str]:
    """Read with the saved overview in `overview` ("jpg" or "png") and the crop in PNG."""
    seen, detail = saved_look(name, crop_mm, overview, "png")
    return detect_busy(seen, cfg, detail=detail).covered


def test_an_arm_over_a_card_in_its_own_shadow_covers_the_card():
    # Seed 11400 frame 190 (a desk lamp): an arm over the nobles, its side over market.3.1's
    # top edge (75 mm^2 hidden) in its own shadow: 63 mm^2 in the overview, 62 seen closer.
    name = "physical-arm-over-card-in-own-shadow"
    crop_mm = (205.0, 85.0, 90.0, 120.0)
    assert "market.3.1" in _read(name, "jpg", crop_mm)
    off = DEFAULT_CONFIG.with_(busy_shadow_own_closer=False)
    assert "market.3.1" not in _read(name, "jpg", crop_mm, off)


def test_speckles_in_a_hands_shadow_over_a_card_are_no_hand():
    # Seed 10800 frame 76 (a window and a lamp): a hand over market.1.0 and 1.1 shades
    # market.1.2 (nothing of it hidden). 44 of its shadow's pixels on the card's ring are over
    # the hue limit, speckled; seen closer, all of them followed the card's dark margin (122
    # mm^2). Opened, 10 are left, too few to look at. (Overview kept lossless: at JPEG 95
    # the speckles differ.)
    name = "physical-hand-shadow-speckles-over-card"
    assert "market.1.2" not in _read(name, "png", (285.0, 295.0, 85.0, 110.0))
