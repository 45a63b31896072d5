"""Issue 32: the mat's fitted hue goes no greener than its one hue, as no light does.

Physically based seed 14900 frame 16 (held out in session 55, looked at in session 56; a warm
desk lamp beside a cool ceiling panel): a hand reaches in from the mat's long edge in a long
grey-green sleeve, which lies along the mat's lower margin and over the lower part of the
level-1 row and deck (1,018-1,586 mm^2 of each card hidden, by the renderer's truth). Under two
lights the mat's hue is fitted as a smooth surface across the mat (``chroma_fit``); along that
margin the sleeve was most of the free mat, the surface bent 0.17 greener into it and the
sleeve became "the mat": no place was said covered but the two lanes under the hand's skin.
No light's tint goes green (``busy_green_tint``), so the fitted surface is now held to
``busy_chroma_max_green`` above the mat's one hue (on 1,600 tune frames with no such sleeve it
went at most 0.054 greener with no hand, 0.088 with one).

The mat's overview (1 px/mm, JPEG 95), read by the stage alone (no closer look: with it, the
whole frame also finds the level-1 deck).
"""
from __future__ import annotations

import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy
from vision.stages.mat_light import _no_greener
from vision.stages.overview import green_excess

from .helpers import saved_overview

NAME = "physical-green-sleeve-bends-the-hue-overview.jpg"
UNDER_SKIN = ["bank.black", "bank.gold"]


def test_a_grey_green_sleeve_along_the_margin_hides_the_cards_it_lies_on():
    covered = detect_busy(saved_overview(NAME)).covered
    assert set(covered) >= {"market.1.0", "market.1.1"} | set(UNDER_SKIN)


def test_with_the_fit_free_to_go_green_the_sleeve_was_the_mat():
    free = DEFAULT_CONFIG.with_(busy_chroma_max_green=None)
    assert detect_busy(saved_overview(NAME), free).covered == UNDER_SKIN


def _greener(fit: np.ndarray, one: np.ndarray) -> np.ndarray:
    return green_excess((fit / one).reshape(-1, 1, 3)).ravel()


def test_only_what_is_greener_than_the_limit_is_cut_and_the_sum_is_kept():
    one = np.array([0.98, 1.01, 1.01])
    fit = np.array([[1.01, 1.09, 0.90],    # 0.17 greener: the sleeve's bend
                    [0.90, 1.02, 1.08],    # a warm lamp: redder, not greener
                    [1.02, 1.04, 0.94]])   # 0.04 greener: within the limit
    out = _no_greener(fit, one, 0.06)
    assert np.allclose(_greener(out, one)[0], 0.06)
    assert np.array_equal(out[1:], fit[1:])
    assert np.allclose(out.sum(axis=1), fit.sum(axis=1), atol=0.002)
