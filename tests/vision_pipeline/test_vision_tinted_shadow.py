"""Issue 32, hands under two lights: a hand's shadow is no hand, even when it is tinted.

Under two lights of different tints (a warm lamp and a cool ceiling, a lamp and a window) the
shadow a hand casts against the one is lit by the other alone, so it takes the other light's
tint, the more the darker it is. Real frames of the physically based renderer
(``python -m workbench.physical``, tune seeds 4242 and 777, halved), read whole by the real
pipeline. The regions a hand hides are scored as the bench's band does: one the hand hides
60 mm^2 or more must be covered, one it hides less than 20 mm^2 (or not at all) must not.
"""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.pipeline import read_table

DATA = Path(__file__).parent / "data"


def _frame(name: str) -> np.ndarray:
    img = cv2.imread(str(DATA / name))
    assert img is not None, name
    return img


def test_a_fingers_tinted_shadow_reaching_a_lane_is_not_busy():
    # Seed 4242 frame 11, lamp and ceiling: a hand beside the mat's right edge; its finger's
    # shadow, bluish (lit by the ceiling alone), runs into the end of the blue lane. No hand is
    # over the mat. Before, the shadow's tint made it a thing and bank.blue was covered.
    result = read_table(_frame("physical-finger-shadow-by-lane.jpg"))
    assert result["busy"] is False, result["covered"]


def test_an_arms_tinted_shadow_over_the_cards_covers_nothing_more():
    # Seed 4242 frame 19, window and lamp: an arm over the left of the market; its shadow falls
    # on the cards to its right (nobles.3, market.3.2, market.2.1 are hidden by no hand).
    # Before, the shadow in the gaps between those cards was a faint thing and they were
    # covered.
    covered = set(read_table(_frame("physical-arm-shadow-over-cards.jpg"))["covered"])
    must = {"nobles.1", "nobles.2", "market.1.0", "market.2.0", "market.3.0", "market.3.1",
            "decks.1", "decks.2"}
    assert must <= covered <= must | {"market.1.1"}, sorted(covered)


def test_an_arms_tinted_shadow_beside_the_bank_covers_no_lane():
    # Seed 4242 frame 1, lamp and ceiling: a blue sleeve and hand over the market and the
    # blue, green and red lanes; the arm's shadow falls towards the black and gold lanes,
    # which no hand hides. Before, they were covered.
    covered = set(read_table(_frame("physical-arm-shadow-over-lanes.jpg"))["covered"])
    must = {"market.1.0", "market.1.1", "market.1.2", "market.1.3", "market.2.1",
            "market.2.2", "market.2.3", "decks.1", "bank.blue", "bank.green", "bank.red"}
    assert must <= covered <= must | {"market.3.3"}, sorted(covered)


def test_a_decks_own_shadow_beside_the_hand_over_the_next_deck_covers_nothing():
    # Seed 777 frame 1, lamp and ceiling: a hand over the level-3 and level-2 decks from the
    # left; the level-1 deck's stack casts its shadow into the gap to the level-2 deck, whose
    # ring it touches. That shadow lies only within the stack's reach: it is no sleeve, and
    # goes on over neither deck. Before, it counted as the hand over decks.2 reaching on into
    # decks.1, and decks.1 was covered.
    covered = set(read_table(_frame("physical-deck-shadow-by-hand.jpg"))["covered"])
    assert covered == {"nobles.0", "market.2.0", "market.3.0", "decks.2", "decks.3"}


def test_the_decks_own_sharp_shadows_in_window_light_cover_nothing():
    # New tune seed 5200 frame 7, window light from the left: a hand over the blue, green and
    # red lanes; the decks' stacks cast sharp shadows (a stack stands on the mat) across the
    # gap to the market. A dark patch lying only within 15 mm of a deck is its stack's shadow.
    # Before, the shadows' sharp outline made them a sleeve: decks.2 and market.2.0 covered.
    covered = read_table(_frame("physical-deck-stack-shadows.jpg"))["covered"]
    assert covered == ["bank.blue", "bank.green", "bank.red"]
