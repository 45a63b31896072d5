"""Issue 32: a faint tint lying only beside a deck is the deck's, not a sleeve's.

Tune seed 11700 frame 61 (physically based, a window and a lamp): a hand over the market's
middle row and the bank. In the 12 mm gap between the level-1 deck and the market, the mat
beside the deck's lit stack side is faintly off its hue, and the look for sleeves of nearly the
mat's own colour took two strips of it for a sleeve touching the deck: the deck was covered.
A faint tint lying only within busy_stack_shadow_mm of a deck is now the deck's (its stack side,
or its colour thrown on the mat); a sleeve comes from the mat's edge, beyond it. The mat's
overview (1 px/mm), kept lossless, read by the stage alone with the decks where that frame's
camera sees them.

Seed 13800 frame 109 (a lamp and a ceiling): a hand over the level-1 row from the mat's lower
edge. The level-2 deck's deep shadow, in the gap above the level-1 deck, is lit only by the
other light and takes its tint (bluish, 0.59 of the mat's light): a coloured thing between two
places, so the level-2 deck, which nothing hid, was covered. A coloured patch that dark lying
only within the decks' reach is now their shadow (busy_stack_tinted_shadow).
"""
from __future__ import annotations

import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.stages.busy import detect_busy
from vision.stages.lean import seen_decks

from .helpers import saved_look, saved_overview

HAND = ["market.2.0", "market.2.1", "market.2.2", "market.2.3", "market.3.0", "market.3.1",
        "market.3.2", "bank.green", "bank.red"]


def test_a_faint_tint_beside_a_deck_hides_nothing():
    overview = saved_overview("physical-deck-tint-in-gap-overview.png")
    seen = seen_decks(load_mat(), np.array([381.0, 216.0, 766.0]), DEFAULT_CONFIG)
    assert detect_busy(overview, seen=seen).covered == HAND
    anywhere = DEFAULT_CONFIG.with_(busy_faint_beyond_stacks=False)
    assert detect_busy(overview, anywhere, seen=seen).covered == (
        HAND[:7] + ["decks.1"] + HAND[7:])


def test_a_decks_deep_shadow_in_another_lights_tint_hides_nothing():
    overview, detail = saved_look("physical-deck-shadow-in-another-light",
                                  (40.0, 180.0, 110.0, 150.0), overview="png")
    seen = {"decks.3": (57.0, 99.0, 71.0, 94.0), "decks.2": (56.0, 203.0, 72.0, 94.0),
            "decks.1": (54.0, 306.0, 74.0, 96.0)}  # (where that frame's camera sees them)
    truth = ["market.1.0", "market.1.1", "market.2.0", "market.2.1", "decks.1"]
    assert detect_busy(overview, detail=detail, seen=seen).covered == truth
    anywhere = DEFAULT_CONFIG.with_(busy_stack_tinted_shadow=None)
    assert detect_busy(overview, anywhere, detail=detail, seen=seen).covered == truth + [
        "decks.2"]
