"""Issue 32, a hand beside the mat or over another part of it: its shadow reaching a region
hides nothing.

A real frame of the physically based renderer (``python -m workbench.physical``, tune seed 5300
frame 8, full size, re-encoded at JPEG quality 70: halved, the shadow no longer reaches the
card), read whole by the real pipeline. The truth: no region is hidden by any hand.
"""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.pipeline import read_table
from vision.stages.busy import detect_busy
from vision.stages.inside import _outline_distance, reach_inside
from vision.stages.shadow import shadow_contact

from .helpers import saved_overview

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


def test_a_hand_over_a_card_whose_shadow_fills_the_gaps_round_it_is_no_shadow():
    # Tune seed 7100 frame 21: a dark brown hand over market.2.0 (the renderer's truth: 3722
    # mm^2 of it hidden); its shadow fills the gaps on the card's other sides, so of the thing
    # on the card's ring 0.53 is mat-hued and darker than the bare mat, and 0.46 of it near
    # the card is coloured: a coloured hand's shadow, by those shares. Before, market.2.0 was
    # not covered. Its own colour crosses the card's top edge and goes on over the card.
    # The overview's box round the card (1 px/mm) as busy.py's _hidden has it; mask: 254 the
    # thing, 127 bare free mat, 60 other things on it.
    image = cv2.imread(str(DATA / "physical-hand-over-card-shadowed-gaps-1ppmm.png"))
    mask = cv2.imread(str(DATA / "physical-hand-over-card-shadowed-gaps-mask.png"),
                      cv2.IMREAD_GRAYSCALE)
    h, w = mask.shape
    rect = (140.0, 203.0, 68.0, 93.0)
    dist = _outline_distance(rect, 133 + np.arange(w) + 0.5, 196 + np.arange(h) + 0.5)
    freehere, on, bare = mask > 0, mask == 254, mask == 127
    contact = on & (dist <= DEFAULT_CONFIG.busy_ring_mm)
    mat_hue = np.array([0.9088, 0.9956, 1.0955], np.float32)

    def beyond(own, closer):  # (no closer look here: the overview's alone)
        return (reach_inside(image, own, freehere, dist, 1.0, mat_hue, DEFAULT_CONFIG)
                >= DEFAULT_CONFIG.busy_inside_sure_mm2)

    assert not shadow_contact(image, on, contact, bare, mat_hue, DEFAULT_CONFIG,
                               beyond=beyond)
    # Judged by the shares alone, it was a shadow.
    assert shadow_contact(image, on, contact, bare, mat_hue, DEFAULT_CONFIG)


def test_a_deep_shadow_cut_off_from_the_arm_casting_it_hides_nothing():
    # Tune seed 7200 frame 5, one lamp: an arm in a teal sleeve reaches over the bank from the
    # top; the lamp throws its deep shadow 100 mm across the market's last column and up to
    # nobles.4 (the renderer's truth: neither hidden). The shadow is a thing of its own on
    # the free mat, 9400 mm^2 with 2 % of it coloured, cut off from the sleeve by a few mm:
    # no caster, by itself. With the things within busy_anchor_gap_mm of it (the arm), it
    # is. The mat's overview (1 px/mm, JPEG 90) read by the stage alone (no closer look).
    covered = detect_busy(saved_overview("physical-arm-shadow-cut-off-overview.jpg")).covered
    assert "market.3.3" not in covered and "nobles.4" not in covered
    hidden = {"market.1.3", "market.2.3", "scan", "bank.white", "bank.blue", "bank.green",
              "bank.red", "bank.black"}  # the truth's covered places
    assert hidden <= set(covered)
