"""Issue 32: a green sleeve touching a place is not the hand's shadow; a deep shadow beside one
still is.

Seed 10000 frame 13 (physically based): a hand in an olive-green sleeve reaches over the
market from the right; the sleeve's edge crosses the black lane's corner (the renderer's
truth: 209 mm^2 of it hidden). Where it touches the lane it is about half as bright as the mat and
within what a shadow lit by another light of another tint may stray from the mat's hue, so it
was taken for the hand's shadow and the lane was left out. The mask already knew that no
light's tint goes greener than the mat (`busy_green_tint`); the shadow test now knows it too.

Tune seed 4343 frame 26: a deep shadow (20-35 of 255) lies between a hand and a card, beside
the hand's green sleeve. Blurred with the sleeve it looks as green, but so dark a pixel's hue
is mostly noise: below `busy_green_min_level` the test is not asked, and the card (7 mm^2
hidden) stays uncovered.

The mats' overviews (1 px/mm, JPEG 90); for the second, the frame at 3 px/mm round the card
(mat mm 270-400 x 180-330, JPEG 95). Read by the stage alone.
"""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_look, saved_overview


def test_a_green_sleeve_over_the_black_lanes_corner_covers_it():
    overview = saved_overview("physical-green-sleeve-by-black-lane-overview.jpg")
    covered = detect_busy(overview).covered
    assert "bank.black" in covered
    assert {"market.1.1", "market.1.2", "market.1.3", "bank.gold"} <= set(covered)
    # Without the test across light's tints the sleeve's contact was the hand's shadow.
    off = DEFAULT_CONFIG.with_(busy_green_tint=None)
    assert "bank.black" not in detect_busy(overview, off).covered


def test_a_deep_shadow_beside_a_green_sleeve_is_still_a_shadow():
    overview, detail = saved_look("physical-shadow-beside-green-sleeve",
                                  (270.0, 180.0, 130.0, 150.0))
    covered = detect_busy(overview, detail=detail).covered
    assert "market.2.2" not in covered
    assert {"market.1.1", "market.2.1", "bank.black", "bank.gold"} <= set(covered)
    # Asked of pixels however dark, the shadow's noisy green made it the sleeve.
    low = DEFAULT_CONFIG.with_(busy_green_min_level=0.0)
    assert "market.2.2" in detect_busy(overview, low, detail=detail).covered
