"""Issue 32: a deck's own shadow hides nothing, however dark.

Tune seed 5454 frame 39 (physically based): one warm desk lamp, low to the decks' side, and no
other light; a hand over market.1.1, 1.2, 2.1 and 2.2 (the renderer's truth). The stacks of
decks 1 and 2 (36 and 26 cards) throw full shadows about 7 mm wide along their sides, about a
quarter of the lit mat: darker than any shadow lit by a second light (shadow_min_ratio), which made
them things, and decks 1 and 2 were covered. A dark patch lying only within a stack's reach
is the stack's shadow, however dark. The mat's overview (1 px/mm, JPEG 90), read by the stage
alone.
"""
from __future__ import annotations

from vision.stages.busy import detect_busy

from .helpers import saved_overview


def test_a_low_lamps_deep_shadow_of_a_deck_hides_nothing():
    overview = saved_overview("physical-deep-stack-shadows-overview.jpg")
    assert detect_busy(overview).covered == ["market.1.1", "market.1.2", "market.2.1",
                                             "market.2.2"]
