"""Issue 32, a hand beside the mat or over another part of it: its shadow reaching a region
hides nothing.

A real frame of the physically based renderer (``python -m workbench.physical``, tune seed 5300
frame 8, full size, re-encoded at JPEG quality 70: halved, the shadow no longer reaches the
card), read whole by the real pipeline. The truth: no region is hidden by any hand.
"""
from __future__ import annotations

from pathlib import Path

import cv2

from vision.config import DEFAULT_CONFIG
from vision.pipeline import read_table

DATA = Path(__file__).parent / "data"


def test_a_hands_shadow_reaching_a_card_is_not_busy():
    # Two café lamps; a brown hand in a yellow sleeve rests on the mat's bottom margin, its
    # fingertips 5 mm short of market.1.0 (card 1R01); its dark penumbra runs up to the card's
    # edge and the card's own dark art goes on from there. Before, that was a hand going on
    # into the slot and market.1.0 was covered (busy: the still unusable).
    img = cv2.imread(str(DATA / "physical-finger-shadow-by-card.jpg"))
    assert img is not None
    result = read_table(img)
    assert result["busy"] is False, result["covered"]
    assert result["market"]["1"][0] == "1R01"
    # The rule off: the shadow is the hand, going on into the slot.
    off = DEFAULT_CONFIG.with_(busy_shadow_contact=1.01)
    assert read_table(img, off)["covered"] == ["market.1.0"]


def test_an_arms_shadow_thrown_far_from_it_hides_nothing():
    # Tune seed 5200 frame 8 (re-encoded at JPEG quality 60): a purple sleeve and a hand lie
    # over the market, the bank and deck 2; a lamp low to one side throws the sleeve's dark
    # shadow 20 mm and more beside it, up to the scan zone's lower edge. Within the scan
    # zone's box the thing is all shadow; the sleeve casting it lies beyond. Before, that
    # shadow was a thing going on into the scan zone and "scan" was covered too.
    img = cv2.imread(str(DATA / "physical-arm-shadow-by-scan.jpg"))
    assert img is not None
    covered = read_table(img)["covered"]
    assert covered == ["market.1.0", "market.2.0", "market.2.1", "market.2.2", "market.2.3",
                       "market.3.2", "market.3.3", "decks.2", "bank.white", "bank.blue",
                       "bank.green"]
    # The shadow rule off: the shadow is the arm, going on into the scan zone.
    off = DEFAULT_CONFIG.with_(busy_shadow_contact=1.01)
    assert "scan" in read_table(img, off)["covered"]
