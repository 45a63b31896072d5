"""Issue 32: a hand over the lanes whose arm went unseen is still a hand.

2D seed 4502 frame 28 (held out in session 37, read calm): an arm in a dark slate sleeve of the
mat's hue lies across the market's bottom row, and the hand at its end over the green, red,
black and gold lanes. The sleeve, darker than the mat, merges with its own soft shadow into one
dim patch whose sharp outline (in the gaps between cards) is too little of it: it is no thing,
and the hand, seen on the free mat only as pieces in the gaps between the lanes, each over two
lanes, joined nothing beyond the mat. A chain of such pieces linking three places or more now
crosses the mat as a hand does (busy_anchor_island_places). The mat's overview (1 px/mm, JPEG
95), read by the stage alone. (The market's row under the sleeve is still missed.)
"""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_overview


def test_a_hand_seen_only_between_the_lanes_is_busy():
    overview = saved_overview("hand-over-lanes-dark-sleeve-overview.jpg")
    assert detect_busy(overview).covered == ["bank.green", "bank.red", "bank.black", "bank.gold"]
    # Each piece an island, as before: the frame reads calm, unless the arm the mask doubted
    # joins the pieces to the mat's edge (busy_arm_from_doubt), which finds it as well.
    off = DEFAULT_CONFIG.with_(busy_anchor_island_places=99)
    assert detect_busy(overview, off).covered == ["bank.green", "bank.red", "bank.black",
                                                  "bank.gold"]
    assert detect_busy(overview, off.with_(busy_arm_from_doubt=False)).covered == []
