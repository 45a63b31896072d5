"""Issue 32: a low lamp's long shadow of a deck hides nothing.

Tune seed 11100 frame 31 (physically based): a window, and a lamp 54 cm over the table and
1.1 m away from the level-1 deck, 26 degrees up; a hand over the market's first column. The
deck's 36 cards (11.5 mm) throw a sharp shadow 20-24 mm long beside it, beyond the 15 mm a
deck's own shadow was looked for in: it was a dark thing on the mat, and the deck was covered.
Now a shadow lying only within 25 mm of a deck is its own (a full deck under a light 25 degrees
up). The mat's overview (1 px/mm) and the frame at 3 px/mm round the deck, kept lossless, read
by the stage alone with the decks where that frame's camera sees them.
"""
from __future__ import annotations

import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.stages.busy import detect_busy
from vision.stages.lean import seen_decks

from .helpers import saved_look

HAND = ["market.1.0", "market.1.1", "market.2.0", "market.2.1", "market.3.0", "market.3.1",
        "decks.2"]


def test_a_low_lamps_long_shadow_of_a_deck_hides_nothing():
    overview, detail = saved_look("physical-long-stack-shadow", (20.0, 295.0, 125.0, 115.0),
                                  "png", "png")
    seen = seen_decks(load_mat(), np.array([350.0, 176.0, 855.0]), DEFAULT_CONFIG)
    assert detect_busy(overview, detail=detail, seen=seen).covered == HAND
    # Looked for within 15 or 18 mm of the deck, as before, the shadow's far end is a thing.
    for mm in (15.0, 18.0):
        short = DEFAULT_CONFIG.with_(busy_stack_shadow_mm=mm)
        assert detect_busy(overview, short, detail=detail, seen=seen).covered == (
            HAND[:-1] + ["decks.1", "decks.2"])
