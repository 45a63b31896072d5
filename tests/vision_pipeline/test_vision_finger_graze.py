"""Issue 32: a fingertip grazing a card's edge under a low lamp does not cover the card.

Seed 10800 frame 163 (physically based, a desk lamp): a hand lies over market.1.0-1.2; a
finger's side runs along market.1.3's left edge (the renderer's truth: 5 mm^2 of it hidden),
and the lamp throws the finger's shadow along it, over the slot's margin and the card's dark
blue art. The closer look took the finger's two colours, skin and shadow, and:

- judged neither the shadow: most of the closer look's bare mat lies in the hand's shadow, its
  "lit" half too; judged against the mat round the whole region, the shadow is known
  (`busy_own_wider`);
- once the shadow was known, counted its colour within 3 mm of the skin as the finger's
  shaded rim, where the skin ran along the outline *outside* the card: 57 mm^2 of rim inside
  it, over the 55 mm^2 line of then (`busy_inside_rim_inside`: only along skin inside the region;
  20 mm^2 now).

The first alone also set right 10900/85 (a pink sleeve's shadow along market.1.0, 10 mm^2
hidden) and 4343/17 (a hand's shadow over market.1.0, nothing hidden).

The mat's overview (1 px/mm, JPEG 90) and the frame at 3 px/mm round the card (mat mm
330-460 x 280-430, JPEG 95), read by the stage alone.
"""
from __future__ import annotations

import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy
from vision.stages.inside import own_colour

from .helpers import saved_look

NAME = "physical-finger-grazing-card-shadow"
CROP_MM = (330.0, 280.0, 130.0, 150.0)
TRUTH = ["market.1.0", "market.1.1", "market.1.2", "market.2.2", "decks.1"]


def test_a_finger_along_a_cards_edge_leaves_the_card_uncovered():
    overview, detail = saved_look(NAME, CROP_MM)
    assert detect_busy(overview, detail=detail).covered == TRUTH
    # The shadow's colour counted along the skin outside the card: the card was covered.
    off = DEFAULT_CONFIG.with_(busy_inside_rim_inside=False)
    assert "market.1.3" in detect_busy(overview, off, detail=detail).covered


# Seed 10900 frame 85 (the same class, a pink sleeve's shadow along market.1.0): the closer
# look's two colours (BGR means, spreads), and its bare mat all in the sleeve's shadow, its
# "lit" half too (about 61 of 255); the bare mat round the whole region in the overview
# (lit_mat: its lit half's colour, the median brightness).
SLEEVE = (np.array([79.0, 62.0, 145.0]), np.array([7.0, 6.0, 14.0]))
SHADOW = (np.array([34.0, 27.0, 53.0]), np.array([8.0, 7.0, 16.0]))
ROUND = (np.array([96.0, 110.0, 114.0], np.float32), 103.0)


def _shaded_box(levels) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(85)
    image = np.empty((50, 50, 3), np.float32)
    image[:30] = levels[0]
    image[30:] = levels[1]
    image += rng.normal(0.0, 3.0, image.shape)
    return np.clip(image, 0, 255).astype(np.uint8), np.ones((50, 50), bool)


def test_the_shadow_is_told_from_the_sleeve_by_the_mat_round_the_region():
    image, bare = _shaded_box([(30.0, 35.0, 38.0), (54.0, 62.0, 66.0)])
    # Against the box alone neither is a shadow: no own colour, and the shadow's colour was
    # followed into the card as the sleeve. (Judged by the mat alone: the shadow is also the
    # sleeve's own hue at 0.4 of its light, its shade, which now finds it as well.)
    by_mat = DEFAULT_CONFIG.with_(busy_own_shade_ratio=None)
    assert own_colour([SLEEVE, SHADOW], image, bare, by_mat) is None
    own = own_colour([SLEEVE, SHADOW], image, bare, by_mat, lambda: ROUND)
    assert own is not None and np.array_equal(own[0], SLEEVE[0])
    off = by_mat.with_(busy_own_wider=False)
    assert own_colour([SLEEVE, SHADOW], image, bare, off, lambda: ROUND) is None
    own = own_colour([SLEEVE, SHADOW], image, bare, DEFAULT_CONFIG)
    assert own is not None and np.array_equal(own[0], SLEEVE[0])


def test_a_sleeve_blurred_with_its_shadow_is_not_taken_for_the_shadow():
    # 2D seed 3902 frame 23: a teal sleeve along market.1.1 (243 mm^2 hidden), the box in the
    # hand's soft shadow (its lit half about 74). The sleeve's colour, mixed with the shadow
    # (a wide spread), is as dark as a shadow against the mat round the region, but not
    # darker than this box's lit part: no shadow, and the sleeve is followed over the slot.
    teal = (np.array([86.0, 96.0, 85.0]), np.array([27.0, 24.0, 11.0]))
    skin = (np.array([106.0, 145.0, 183.0]), np.array([6.0, 6.0, 13.0]))
    image, bare = _shaded_box([(60.0, 64.0, 62.0), (72.0, 77.0, 74.0)])
    wider = (np.array([119.0, 128.0, 125.0], np.float32), 119.0)
    assert own_colour([teal, skin], image, bare, DEFAULT_CONFIG, lambda: wider) is None
