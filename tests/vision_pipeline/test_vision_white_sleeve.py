"""Issue 32: a white sleeve round a hand's skin is a thing, its soft edge no lamp's.

2D render, seed 3902 frame 22 (a new seed at the end of session 31, unseen before): a brown
hand over the whole bank and market.1.3, its arm in a white sleeve reaching in over the mat's
bottom edge (the renderer's truth: market.1.3 and all six lanes hidden). The sleeve is 1.66
times as bright as the mat and keeps its hue, and it is shaded: its outline takes 20 mm to
step up, as a lamp's hot spot's might. A neutral bright patch gets no pale sleeve's slack
(busy_bright_edge_mm), so it was light; without it the hand over the lanes joined nothing
beyond the mat (a hand comes from the mat's edge) and the frame was read calm. A lamp's hot
spot has no skin in it: a white patch touching a coloured thing on the free mat gets the
slack (one that is mostly bright itself is a lamp's own tint: below). The mats' overviews
(1 px/mm, JPEG 90), read by the stage alone.
"""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_overview

OVERVIEW = "white-sleeve-round-skin-overview.jpg"
TRUTH = ["market.1.3", "bank.white", "bank.blue", "bank.green", "bank.red", "bank.black",
         "bank.gold"]


def test_a_hand_in_a_white_sleeve_over_the_bank_is_busy():
    assert detect_busy(saved_overview(OVERVIEW)).covered == TRUTH


def test_without_the_skin_beside_it_the_white_sleeve_was_light():
    off = DEFAULT_CONFIG.with_(busy_white_by_skin_mm=None, busy_anchor_island_places=99,
                               busy_arm_from_doubt=False)
    assert detect_busy(saved_overview(OVERVIEW), off).covered == []


LAMP = "physical-lamp-strip-by-blue-sleeve-overview.jpg"
LAMP_TRUTH = ["market.1.0", "market.2.0", "market.2.1", "market.2.2", "market.2.3",
              "market.3.2", "market.3.3", "decks.2", "bank.blue", "bank.green", "bank.red"]


def test_a_lamps_strip_with_its_own_warm_tint_is_no_white_sleeve():
    # Seed 10500 frame 4 (physically based): a desk lamp lights the strip of nobles and the
    # scan zone 1.3 times as bright as the mat, with its warm tint in patches inside; a hand
    # in a blue sleeve lies over the market and the lanes below. Tint inside a bright patch
    # (busy_white_skin_bright) is no skin beside it.
    overview = saved_overview(LAMP)
    assert detect_busy(overview).covered == LAMP_TRUTH
    # Any coloured thing touching the strip taken for skin, even the table along the mat's
    # edge (busy_white_skin_edge_mm, which alone keeps this frame right too): the nobles and
    # the scan zone as well.
    off = DEFAULT_CONFIG.with_(busy_white_skin_bright=2.0, busy_white_skin_edge_mm=0.0)
    assert {"nobles.0", "scan"} <= set(detect_busy(overview, off).covered)
