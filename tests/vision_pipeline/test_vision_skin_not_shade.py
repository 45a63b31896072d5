"""Issue 32: a hand's skin is not its sleeve's shade.

2D over-hand seed 6402 frame 21 (the hands of the 2D set 6400, read once in session 56 and
looked at then): an arm reaches up the mat along the gap between the first and second market
columns, a salmon sleeve and then brown skin, over the right part of market.2.0 (4,374 mm^2
hidden) and the left of market.2.1 (2,200 mm^2). Where it comes into those cards the ring
holds both colours, and the darker (the skin, BGR 68, 89, 147, at 0.68 of the sleeve's
light) has nearly the sleeve's hue (102, 110, 227): each channel's share of their sum within
0.043. Within 0.05 (``busy_own_shade_hue``) it was taken for the sleeve's own shade, followed
only along the sleeve, and neither card was said covered. A thing's side barely turned from
the light keeps its hue closer than that; deep in a shadow the ambient light's tint moves it
(a sleeve's shadow at 0.40 of its light, 0.042 off: seed 10900 frame 85, 12700/10), so the
hue allowed now narrows from 0.05 at half the light to ``busy_own_shade_hue_lit`` (0.025) at
``busy_own_shade_ratio`` (0.75).

The mat's overview (1 px/mm, PNG: as JPEG one card's case moved), read by the stage alone.
"""
from __future__ import annotations

import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy
from vision.stages.inside import _shaded_by

from .helpers import saved_overview

NAME = "2d-skin-beside-salmon-sleeve-overview.png"
UNDER_ARM = {"market.2.0", "market.2.1"}
SKIN, SLEEVE = np.array([68.0, 89.0, 147.0]), np.array([102.0, 110.0, 227.0])


def test_the_cards_under_skin_and_sleeve_are_covered():
    covered = set(detect_busy(saved_overview(NAME)).covered)
    assert covered >= UNDER_ARM | {"market.1.0", "market.1.1", "market.3.0", "market.3.1"}


def test_with_one_hue_at_every_darkness_the_skin_was_the_sleeves_shade():
    loose = DEFAULT_CONFIG.with_(busy_own_shade_hue_lit=None)
    assert not set(detect_busy(saved_overview(NAME), loose).covered) & UNDER_ARM


def test_a_darker_colour_of_the_same_hue_is_still_a_shade_and_deep_ones_may_stray_more():
    spread = np.ones(3)
    assert _shaded_by([(SLEEVE, spread), (SLEEVE * 0.68, spread)], DEFAULT_CONFIG)[0] is SLEEVE
    assert _shaded_by([(SLEEVE, spread), (SKIN, spread)], DEFAULT_CONFIG) is None
    # As dark as 10900/85's sleeve's shadow (0.40 of its light), as far off (0.042): a shade.
    deep = SKIN * (0.4 * SLEEVE.mean() / SKIN.mean())
    assert _shaded_by([(SLEEVE, spread), (deep, spread)], DEFAULT_CONFIG)[0] is SLEEVE
