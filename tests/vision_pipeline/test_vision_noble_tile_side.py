"""Issue 32: a noble tile's own side and shadow beside its slot hide nothing.

Unseen seed 12000 frame 130 (physically based, a window's light): a hand over the decks and
the first noble. A noble is a tile 2 mm thick laid by hand; beside the third one, the tile's
lit side and its shadow make a strip 4 mm wide and 56 mm long up to 6 mm beyond its slot,
further than a flat card's reach (busy_reach_mm), so it was taken for a thing coming from
further away, and the tile for covered (the renderer's truth: nothing of it hidden). A noble's
slot now has a deck's and the scan zone's reach (busy_tall_regions). The mat's overview
(1 px/mm, JPEG 95), read by the stage alone.
"""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_overview

HAND = ["nobles.0", "decks.1", "decks.2", "decks.3"]


def test_a_noble_tiles_side_beside_its_slot_hides_nothing():
    overview = saved_overview("physical-noble-tile-side-overview.jpg")
    assert detect_busy(overview).covered == HAND
    flat = DEFAULT_CONFIG.with_(busy_tall_regions=("scan", "decks."))
    assert {"nobles.2", "nobles.3"} <= set(detect_busy(overview, flat).covered)
