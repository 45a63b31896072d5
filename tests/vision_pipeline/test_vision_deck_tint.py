"""Issue 32: a faint tint lying only beside a deck is the deck's, not a sleeve's.

Tune seed 11700 frame 61 (physically based, a window and a lamp): a hand over the market's
middle row and the bank. In the 12 mm gap between the level-1 deck and the market, the mat
beside the deck's lit stack side is faintly off its hue, and the look for sleeves of nearly the
mat's own colour took two strips of it for a sleeve touching the deck: the deck was covered.
A faint tint lying only within busy_stack_shadow_mm of a deck is now the deck's (its stack side,
or its colour thrown on the mat); a sleeve comes from the mat's edge, beyond it. The mat's
overview (1 px/mm), kept lossless, read by the stage alone with the decks where that frame's
camera sees them.
"""
from __future__ import annotations

import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.stages.busy import detect_busy
from vision.stages.lean import seen_decks

from .helpers import saved_overview

HAND = ["market.2.0", "market.2.1", "market.2.2", "market.2.3", "market.3.0", "market.3.1",
        "market.3.2", "bank.green", "bank.red"]


def test_a_faint_tint_beside_a_deck_hides_nothing():
    overview = saved_overview("physical-deck-tint-in-gap-overview.png")
    seen = seen_decks(load_mat(), np.array([381.0, 216.0, 766.0]), DEFAULT_CONFIG)
    assert detect_busy(overview, seen=seen).covered == HAND
    anywhere = DEFAULT_CONFIG.with_(busy_faint_beyond_stacks=False)
    assert detect_busy(overview, anywhere, seen=seen).covered == (
        HAND[:7] + ["decks.1"] + HAND[7:])
