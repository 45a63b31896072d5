"""Issue 32: a pale sleeve's outline beside its own shadow is its own.

Tune seed 5454 frame 6 (physically based): a brown hand over the bank lanes, its arm in a pale
lilac sleeve reaching in over the mat's bottom edge (the renderer's truth: blue, green, red,
black and gold lanes hidden). The sleeve is brighter than the mat and nearly its hue (about
0.09 off it, the limit is 0.1): a thing only by its sharp outline, and its outline lies within
8 mm of the sleeve's own shadow beside it, where a patch's outline was taken to be the other
patch's. Without the sleeve the hand over the lanes joined nothing beyond the mat (a hand
comes from the mat's edge) and the frame was read calm. The mat's overview (1 px/mm, JPEG
90), read by the stage alone.
"""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_overview


def test_a_hand_in_a_pale_sleeve_over_the_lanes_is_busy():
    overview = saved_overview("physical-pale-sleeve-beside-its-shadow-overview.jpg")
    assert detect_busy(overview).covered == ["bank.blue", "bank.green", "bank.red",
                                             "bank.black", "bank.gold"]
    # The sleeve's outline beside its shadow muted, as before: the frame reads calm.
    off = DEFAULT_CONFIG.with_(busy_pale_beside_shadow=1e9, busy_over_bare_mat=None,
                               busy_anchor_island_places=99)
    assert detect_busy(overview, off).covered == []
