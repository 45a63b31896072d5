"""Issue 32, a hand over the mat under two lights: its own shadow beside it hides nothing.

Real crops of the physically based renderer (``python -m workbench.physical``, tune seed 4343,
``--hands over``): the boxes busy.py's ``_hidden`` looks at round one region, the overview's
(1 px/mm) or the closer look's (3 px/mm, the thing and the free mat scaled up from the
overview's). Mask: 254 the thing, 127 the bare free mat, 60 other things on it. The renderer's
truth is scored as the bench's band does: a region hidden 60 mm^2 or more must be covered, one
hidden less than 20 mm^2 (or not at all) must not.
"""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.stages.inside import _outline_distance, reach_inside
from vision.stages.shadow import shadow_contact

DATA = Path(__file__).parent / "data"
MARKET_2_3 = (374.0, 203.0, 68.0, 93.0)
GREEN_LANE = (460.0, 204.0, 287.0, 44.0)
RED_LANE = (460.0, 256.0, 287.0, 44.0)


def _box(name: str, rect, origin_mm, px_per_mm: float):
    """image, thing, free mat, bare free mat and the distance from `rect`'s outline (mm)."""
    image = cv2.imread(str(DATA / f"{name}-{int(px_per_mm)}ppmm.png"))
    mask = cv2.imread(str(DATA / f"{name}-mask.png"), cv2.IMREAD_GRAYSCALE)
    assert image is not None and mask is not None, name
    h, w = mask.shape
    dist = _outline_distance(rect, origin_mm[0] + (np.arange(w) + 0.5) / px_per_mm,
                             origin_mm[1] + (np.arange(h) + 0.5) / px_per_mm)
    return image, mask == 254, mask > 0, mask == 127, dist


def test_a_fingers_tinted_shadow_in_the_gap_beside_a_card_is_a_shadow():
    # Frame 8, a window and a lamp: a hand over the bank from the right, its fingertips just
    # short of the gap between the bank and the market's last column (the truth: market.2.3
    # hidden 0 mm^2). The lamp throws the fingers' sharp shadow across that gap, lit by the
    # window alone: bluish, 0.14 off the mat's hue at 0.7 of its brightness. Judged against
    # the mat's one hue with no allowance for a tint, it was a coloured thing, not a shadow;
    # its colour, followed into the slot, took in the card's dark art and market.2.3 was
    # covered.
    mat_hue = np.array([0.9310, 1.0112, 1.0581], np.float32)
    image, on, freehere, bare, dist = _box("physical-tinted-finger-shadow-in-gap", MARKET_2_3,
                                           (367.0, 196.0), 1.0)
    contact = on & (dist <= DEFAULT_CONFIG.busy_ring_mm)

    def beyond(own, closer):  # (no closer look here: the overview's alone)
        return (reach_inside(image, own, freehere, dist, 1.0, mat_hue, DEFAULT_CONFIG)
                >= DEFAULT_CONFIG.busy_inside_sure_mm2)

    def whole():  # the hand and its shadow, one thing: 0.95 of it skin (the overview's)
        return 0.95

    assert shadow_contact(image, on, contact, bare, mat_hue, DEFAULT_CONFIG, whole, beyond)
    # With no allowance for the other light's tint it is a coloured thing again.
    plain = DEFAULT_CONFIG.with_(busy_shadow_tint=0.0, busy_contact_tint=0.0)
    assert not shadow_contact(image, on, contact, bare, mat_hue, plain, whole, beyond)


@pytest.mark.parametrize("name, rect, origin_mm, mat_hue, px_per_mm", [
    # Frame 21: a hand over the bank's right end grazes the green lane's end (the truth: 0.7
    # mm^2 hidden). On the lane's ring the thing is two colours, the skin and its grey shadow
    # beside it; the shadow's grey, followed into the lane, took in the lane's whole bare mat
    # (8,277 mm^2, so sure that no closer look was taken) and bank.green was covered.
    pytest.param("physical-hand-grazing-lane-end", GREEN_LANE, (453.0, 197.0),
                 (0.9556, 1.0066, 1.0385), 1.0,
                 id="a hand's shadow down a lane"),
    # Frame 3, a café's two lamps: fingertips ending 2-3 mm above the red lane, their dark
    # shadow beside them (the truth: the lane hidden 0 mm^2, grazed). The closer look followed
    # the shadow's colour round the first chip's dark rim: 46 mm^2, and bank.red was covered.
    pytest.param("physical-fingertips-by-red-lane", RED_LANE, (536.0, 249.0),
                 (0.9503, 1.0246, 1.0248), 3.0,
                 id="fingertips short of a lane, round a chip in their shadow"),
])
def test_a_hands_shadow_colour_is_not_followed_into_a_place(name, rect, origin_mm, mat_hue,
                                                            px_per_mm):
    image, on, freehere, _, dist = _box(name, rect, origin_mm, px_per_mm)
    found = reach_inside(image, on, freehere, dist, px_per_mm, np.array(mat_hue, np.float32),
                         DEFAULT_CONFIG)
    assert found < DEFAULT_CONFIG.busy_inside_min_mm2


def test_a_sleeves_dark_rim_over_a_slots_corner_still_counts():
    # Frame 22: a teal sleeve over market.2.3's top left corner, where the slot holds no card
    # (the truth when this was saved: 131.6 mm^2 hidden). Its shaded rim along the outline is
    # as dark and as blue as a shadow; dropped with the shadow's colour, only 13 mm^2 of teal
    # was left. As the sleeve's rim, within busy_inside_rim_mm of its teal, it counts.
    mat_hue = np.array([1.0071, 0.9924, 1.0], np.float32)
    image, on, freehere, _, dist = _box("physical-sleeve-dark-rim-over-slot", MARKET_2_3,
                                        (367.0, 196.0), 3.0)
    found = reach_inside(image, on, freehere, dist, 3.0, mat_hue, DEFAULT_CONFIG)
    no_rim = DEFAULT_CONFIG.with_(busy_inside_rim_mm=0.0)
    assert reach_inside(image, on, freehere, dist, 3.0, mat_hue, no_rim) < 30.0 < found
    # Session 33 counts the rim only along the teal inside the slot (busy_inside_rim_inside:
    # along skin outside a card it is the finger's cast shadow, test_vision_finger_graze):
    # 48 mm^2 here, where the rim along the teal outside it too made 56, over the line (55
    # mm^2 then, 50 since session 34). The trade, measured: this frame rendered again is
    # hidden 53 mm^2 (inside the band, either reading is right) and the whole frame is read
    # within the band; on
    # the 40 over-hand frames of seed 4343 it is the only reading that changed. (Since
    # session 51 the line is 48 and this box reads over it: inside the band, still right.)
    old = DEFAULT_CONFIG.with_(busy_inside_rim_inside=False)
    assert found < 50.0 <= reach_inside(image, on, freehere, dist, 3.0, mat_hue, old)


def test_a_pale_sleeve_a_little_darker_than_the_mat_is_no_tinted_shadow():
    # The 2D renderer (bench-vision --hands 30 --hand-seed 3233: the hands-over frame 23, one
    # light): a pale green sleeve, nearly the mat's hue, with a brown hand out of it over the
    # market's first column; market.3.0 hidden 238 mm^2. The sleeve, a little darker than the
    # lit mat and 0.11 off its hue, is as tinted as a faint shadow may be: taken for one, the
    # thing on the slot's ring was a shadow and market.3.0 was missed. A tinted shadow is dark
    # as the mask's shadows are (deviation_ratio below the lit mat); the sleeve is not.
    mat_hue = np.array([1.0292, 1.0167, 0.9531], np.float32)
    market_3_0 = (140.0, 100.0, 68.0, 93.0)
    image, on, freehere, bare, dist = _box("render-pale-sleeve-over-slot", market_3_0,
                                           (133.0, 93.0), 1.0)
    contact = on & (dist <= DEFAULT_CONFIG.busy_ring_mm)

    def beyond(own, closer):  # (no closer look here: the overview's alone)
        return (reach_inside(image, own, freehere, dist, 1.0, mat_hue, DEFAULT_CONFIG)
                >= DEFAULT_CONFIG.busy_inside_sure_mm2)

    def whole():  # the sleeve and the hand, one thing (the overview's coloured share)
        return 1.0

    assert not shadow_contact(image, on, contact, bare, mat_hue, DEFAULT_CONFIG, whole, beyond)
    # Any darker patch of the tint allowed: the sleeve is a shadow. (Greener than the mat, it
    # is no shadow by busy_green_tint either: off here, to see this rule alone.)
    any_dark = DEFAULT_CONFIG.with_(deviation_ratio=0.0, busy_green_tint=None)
    assert shadow_contact(image, on, contact, bare, mat_hue, any_dark, whole, beyond)
