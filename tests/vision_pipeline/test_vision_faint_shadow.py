"""Issue 32: a faint tint in a patch darker than the mat round it is a shadow's, not a sleeve's.

A sleeve of nearly the mat's own colour shows only by a faint tint that ends at its outline
(`_faint_things`). Under two lights of different warmth a deep shadow of the one, lit by the
other, takes a faint tint too, deepest in its middle, and was taken for such a sleeve: over an
empty slot in the shadow, the slot was covered. A faint patch darker than the mat round it is
no sleeve (`busy_faint_not_darker`); the pale sleeves this look is for are brighter.

Mat overviews (1 px/mm) read by the stage alone: the pale sleeve's kept lossless (at JPEG 90
its faint tint was lost).
"""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_overview


def test_a_tinted_shadow_over_an_empty_slot_is_no_sleeve():
    # Seed 10900 frame 121 (a window and a lamp): an arm over the nobles and the level-2 and
    # level-3 market throws a deep shadow over market.1.1, an empty slot, nothing of it
    # hidden: the shadow, 14 % darker than the mat round it, was a faint sleeve.
    overview = saved_overview("physical-tinted-shadow-over-empty-slot-overview.jpg")
    truth = ["nobles.0", "nobles.1", "market.2.0", "market.2.1", "market.3.0", "market.3.1",
             "decks.3"]
    assert detect_busy(overview).covered == truth
    off = DEFAULT_CONFIG.with_(busy_faint_not_darker=False)
    assert "market.1.1" in detect_busy(overview, off).covered


def test_a_pale_sleeve_of_the_mats_colour_is_still_seen():
    # Tune seed 4343 frame 31 (a lamp and the ceiling): a pale grey sleeve from the mat's top
    # edge over the bank, 12 % brighter than the mat round it, shows only by its faint tint.
    overview = saved_overview("physical-faint-pale-sleeve-over-lanes-overview.png")
    assert detect_busy(overview).covered == ["bank.white", "bank.blue", "bank.green",
                                             "bank.red", "bank.black"]
    # (Without the faint look the frame read calm.)
    assert detect_busy(overview, DEFAULT_CONFIG.with_(
        busy_faint_hue_ratio=100.0, busy_anchor_island_places=99)).covered == []
