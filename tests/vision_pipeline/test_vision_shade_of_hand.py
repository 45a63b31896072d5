"""Issue 32: a hand's shaded side, stopping short of a card, is not followed over its dark art.

Seeds 12200 frame 124 (a window and a lamp) and 11900 frame 172 (a ceiling light), physically
based: a hand stops a few mm short of a market card (nothing of the card hidden, the
renderer's truth). On the ring round the card its colours are two: its lit skin and its side
turned from the light, the same hue at half the light. Neither is a shadow as the bare mat
beside it judges (the mat there lies in the hand's own shadow), so both were followed into the
card, and the dark one went on over the card's dark art: 508 mm^2 of market.1.0 and 399 and
869 of market.2.2 and 2.3 said hidden. The darker colour is now the lit one's shade
(`busy_own_shade_ratio`, `busy_own_shade_hue`) and counts only along it; the lit skin goes
nowhere into the cards.

The mats' overviews (1 px/mm) and the frames at 3 px/mm round the cards (JPEG 95), read by
the stage alone.
"""
from __future__ import annotations

import pytest

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_look

WAS = DEFAULT_CONFIG.with_(busy_own_shade_ratio=None)


@pytest.mark.parametrize(("name", "crop_mm", "free", "covered"), [
    # The hand over the level-1 row's right half and the gold lane.
    ("physical-hand-short-of-dark-card", (125.0, 290.0, 175.0, 130.0), ["market.1.0"],
     ["market.1.2", "market.1.3", "bank.gold"]),
    # The hand over the level-1 row, below the level-2 cards.
    ("physical-hand-short-of-dark-cards", (280.0, 190.0, 180.0, 125.0),
     ["market.2.2", "market.2.3"], ["market.1.2", "market.1.3", "bank.gold"]),
])
def test_a_hands_shaded_side_is_not_followed_over_a_dark_card(name, crop_mm, free, covered):
    seen, detail = saved_look(name, crop_mm, "jpg", "jpg")
    now = detect_busy(seen, detail=detail).covered
    assert set(covered) <= set(now)
    assert not set(free) & set(now)
    # Followed over the card's art as before: the cards the hand stops short of said hidden.
    was = detect_busy(seen, WAS, detail=detail).covered
    assert set(free) <= set(was)
