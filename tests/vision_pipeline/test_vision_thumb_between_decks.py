"""Issue 32: a finger seen on the free mat only in the gap between two regions, within a card's
reach of the one it goes on over, while the rest of the hand passes beside that region.

A real frame of the physically based renderer (``python -m workbench.physical``, tune seed
7100 frame 34, re-encoded at JPEG quality 50), read whole by the real pipeline.
"""
from __future__ import annotations

from pathlib import Path

import cv2

from vision.pipeline import read_table

DATA = Path(__file__).parent / "data"


def test_a_thumb_from_the_gap_below_into_an_empty_deck_slot_covers_it():
    # A hand over the market's first column and deck 2; its thumb comes up through the 10 mm
    # gap between deck 2 and the empty deck 3 slot and goes 7 mm into that slot (the
    # renderer's truth: 93 mm^2 of it hidden), while the hand's edge runs down beside deck 3's
    # right side. On the free mat round deck 3 the thumb shows only in that gap, within the
    # 8 mm a deck's own cards may stick out, and the hand's edge touches its ring by 14 mm^2:
    # before, the hand's edge alone was judged (too little: not covered) and the thumb never.
    img = cv2.imread(str(DATA / "physical-thumb-between-decks.jpg"))
    assert img is not None
    result = read_table(img)
    assert result["covered"] == ["market.1.0", "market.2.0", "market.3.0", "decks.2",
                                 "decks.3"]
