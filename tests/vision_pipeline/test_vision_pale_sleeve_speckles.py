"""Issue 32: a pale sleeve's own speckles do not silence its outline.

Unseen seed 12500 frame 31 (physically based, a window and a warm lamp): an arm in a pale beige
sleeve lies across the red, black and gold lanes (9,461, 10,616 and 418 mm^2 of them hidden,
the renderer's truth). Beside the lanes the sleeve is a bright patch 0.09 off the mat's hue,
and about half of its pixels are over the hue limit: speckles of its own tint, all along its
edges. Each coloured pixel muted the outline within 2 px of it, so 202 of the 244 pixels of
its outline on the free mat said nothing, the rest fell short of a thing's, and the lanes
under the arm were missed. Speckles lying wholly inside the bright patch are its own tint
(busy_speckle_mm2). The mat's overview (1 px/mm, PNG: recompressed as JPEG, even at quality 99,
the speckles move enough that the old reading also finds the arm), read by the stage alone.
"""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_overview

LANES = {"bank.red", "bank.black", "bank.gold"}
HAND = {"market.1.1", "market.1.2", "market.1.3", "market.2.1", "market.2.2", "market.2.3"}


def test_a_pale_sleeve_over_the_lanes_hides_them():
    overview = saved_overview("physical-pale-sleeve-over-lanes-overview.png")
    assert set(detect_busy(overview).covered) == HAND | LANES
    # Every speckle muting the outline, as before: the hand is seen, the arm over the lanes
    # is not.
    was = detect_busy(overview, DEFAULT_CONFIG.with_(busy_speckle_mm2=None,
                                                     busy_arm_from_doubt=False)).covered
    assert set(was) == HAND
