"""Issue 18, sleeves over the cards: a grey or pale sleeve lying across a row is seen.

A sleeve near the mat's grey shows on the free mat only in the margin and in the 8 mm gaps
between the cards it lies over. It is a cylinder: darker towards its outline as it curves
away (so a pale one's outline may be as bright as the mat), and it casts a soft shadow beside
itself. Each case is painted on the rectified overview of a real sample frame; real OpenCV.
"""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.pipeline import detect_busy
from vision.stages.overview import Overview

from .helpers import rendered_over_hand, with_image

ROW_2 = ["market.2.0", "market.2.1", "market.2.2", "market.2.3", "decks.2"]


@pytest.fixture
def overview(sample_overview) -> Overview:
    return sample_overview


def _mat_bgr(ov: Overview) -> np.ndarray:
    """The mat's colour in the left margin (x 5-50 mm), away from the band."""
    return np.median(ov.image[20:440, 5:50].reshape(-1, 3), axis=0).astype(np.float32)


def _band(ov: Overview, y0: int, y1: int, x1: int) -> np.ndarray:
    """Where a sleeve lies (0..1), from the mat's left edge to x1 between y0 and y1 (mm), its
    outline blurred like a camera's."""
    band = np.zeros(ov.image.shape[:2], np.float32)
    cv2.rectangle(band, (0, y0), (x1, y1), 1.0, -1)
    return cv2.GaussianBlur(band, (0, 0), 0.8)


def _sleeve(ov: Overview, img: np.ndarray, y0: int, y1: int, x1: int, colour) -> np.ndarray:
    """A sleeve of `colour` (BGR) over the band, shaded like a cylinder: 0.72 of its colour at
    the outline, all of it 14 mm in (as the renderer draws arms)."""
    solid = np.zeros(img.shape[:2], np.uint8)
    cv2.rectangle(solid, (0, y0), (x1, y1), 1, -1)
    # It goes on beyond the mat's left edge: no outline there.
    pad = 30
    dist = cv2.distanceTransform(np.pad(solid, ((0, 0), (pad, 0)), mode="edge"), cv2.DIST_L2,
                                 5)[:, pad:]
    shade = 0.72 + 0.28 * np.clip(dist / 14.0, 0.0, 1.0)
    band = _band(ov, y0, y1, x1)[..., None]
    paint = np.array(colour, np.float32) * shade[..., None]
    return img * (1.0 - band) + paint * band


def _soft_shadow(img: np.ndarray, y0: int, y1: int, x1: int, strength: float) -> np.ndarray:
    """A soft shadow (edges blurred over ~8 mm) over the band y0-y1, x 0-x1 (mm)."""
    m = np.zeros(img.shape[:2], np.float32)
    cv2.rectangle(m, (0, y0), (x1, y1), 1.0, -1)
    m = cv2.GaussianBlur(m, (0, 0), 4.0)
    return img * (1.0 - strength * m[..., None])


def _covered(ov: Overview, img: np.ndarray) -> list[str]:
    return detect_busy(with_image(ov, np.clip(img, 0, 255).astype(np.uint8))).covered


def test_a_pale_sleeve_as_bright_as_the_mat_at_its_outline_covers_the_row(overview):
    # A pale green-grey sleeve across the deck and the four cards of level 2 (y 203-296): its
    # middle is 40 % brighter than the mat, its outline (0.72 of that) about as bright as the
    # mat, so its outline is no sharp step of brightness.
    mat = _mat_bgr(overview)
    colour = mat * 1.39 * np.array([0.96, 1.03, 1.0], np.float32)
    img = _sleeve(overview, overview.image.astype(np.float32), 215, 285, 448, colour)
    assert _covered(overview, img) == ROW_2


def test_a_grey_sleeve_with_its_own_soft_shadow_covers_the_row(overview):
    # A sleeve a quarter darker than the mat over level 2, casting its soft shadow over the
    # lower part of the same row: sleeve and shadow make one dark patch whose outline is half
    # soft (the shadow's), half sharp (the sleeve's).
    mat = _mat_bgr(overview)
    img = _soft_shadow(overview.image.astype(np.float32), 235, 282, 446, 0.55)
    img = _sleeve(overview, img, 208, 262, 448, mat * 0.75)
    assert _covered(overview, img) == ROW_2


def test_a_sleeve_of_nearly_the_mats_colour_covers_the_row(overview):
    # A grey-green sleeve over level 2 only 5 % brighter than the mat, its hue 7 % off the
    # mat's (green up, blue and red down): neither a bright nor a dark patch, and within
    # what a shadow's hue may stray; only its faint tint, stepping at its outline, shows it.
    mat = _mat_bgr(overview)
    colour = mat * 1.05 * np.array([0.97, 1.07, 0.96], np.float32) / 0.86
    img = _sleeve(overview, overview.image.astype(np.float32), 215, 285, 448, colour)
    assert _covered(overview, img) == ROW_2


def test_light_of_another_tint_over_the_row_covers_nothing(overview):
    # A lamp of warmer light than the room's over level 2: the mat's hue drifts as far off as
    # that sleeve's, but over 40 mm, not at an outline.
    img = overview.image.astype(np.float32)
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]].astype(np.float32)
    lamp = np.exp(-((xx - 250) ** 2 + (yy - 250) ** 2) / (2 * 40.0 ** 2))[..., None]
    img = img * (1.0 + lamp * (np.array([0.95, 1.07, 0.97], np.float32) - 1.0))
    assert _covered(overview, img) == []


def test_a_lamps_hot_spot_over_the_row_covers_nothing(overview):
    # Added light (a Gaussian, 40 mm wide, +60 % at its middle) keeps the mat's hue and
    # brightens it far more gently than any sleeve's outline.
    img = overview.image.astype(np.float32)
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]].astype(np.float32)
    spot = np.exp(-((xx - 250) ** 2 + (yy - 250) ** 2) / (2 * 40.0 ** 2))
    img = img + 0.6 * _mat_bgr(overview) * spot[..., None]
    assert _covered(overview, img) == []


def test_a_sleeve_along_the_bottom_edge_with_its_shadow_covers_nothing(overview):
    # A grey sleeve lying along the mat's bottom edge (y 420-460), its soft shadow reaching
    # up to ~10 mm below level 1 (y 399): the mat between looks bright against a brightness
    # model that partly follows the sleeve, but keeps the mat's hue.
    mat = _mat_bgr(overview)
    img = _soft_shadow(overview.image.astype(np.float32), 414, 460, 800, 0.5)
    band = np.zeros(img.shape[:2], np.float32)
    cv2.rectangle(band, (0, 422), (800, 460), 1.0, -1)
    band = cv2.GaussianBlur(band, (0, 0), 0.8)[..., None]
    img = img * (1.0 - band) + mat * 0.7 * band
    assert _covered(overview, img) == []


@pytest.mark.parametrize("i", [4, 156])
def test_rendered_sleeves_over_rows_of_cards_cover_them(i):
    # Frame 4: a pale green-grey sleeve over a deck and a card of level 2; frame 156: a light
    # grey sleeve near the mat's grey, with its shadow, across the whole of levels 2 and 3 and
    # their decks (on the old code only what the hand itself reached was reported).
    from vision.pipeline import read_table

    image, truth = rendered_over_hand(102, i)
    assert sorted(read_table(image)["covered"]) == sorted(truth["covered"])


def test_a_rendered_sleeve_of_nearly_the_mats_colour_covers_what_it_lies_over():
    # Seed 104 frame 122: a grey-green sleeve, 6 % brighter than the mat and 7 % off its hue,
    # over noble 0, deck 3 and the first column of cards; on the old code nobles.0, decks.3 and
    # market.3.0 (hidden 1,634, 6,151 and 426 mm^2) were missed. Now every region the truth
    # has hidden is reported, and nothing it has hidden less than 20 mm^2 of.
    from vision.pipeline import read_table

    image, truth = rendered_over_hand(104, 122)
    got = set(read_table(image)["covered"])
    assert set(truth["covered"]) - got == set()
    assert {p for p in got if truth["_gt"]["hidden_mm2"].get(p, 0.0) < 20.0} == set()


def test_a_rendered_pale_pink_sleeve_over_the_nobles_covers_them():
    # Frame 178: a pale pink sleeve along the gap under the nobles, over the first three of
    # them, market.3.0 and deck 3; its faint tint shows as speckles in its bright patch (on
    # the old code they silenced its outline, and nobles.1, nobles.2 and market.3.0 were
    # missed). Every region the truth has hidden is reported (the scan zone, hidden 46 mm^2,
    # may go either way).
    from vision.pipeline import read_table
    from workbench.vision_bench import covered_in_band

    image, truth = rendered_over_hand(102, 178)
    got = read_table(image)["covered"]
    assert {"nobles.0", "nobles.1", "nobles.2", "market.3.0", "decks.3"} <= set(got)
    assert covered_in_band(got, truth)


@pytest.mark.parametrize("seed,i,path", [(202, 182, "market.1.2"), (202, 39, "bank.black")])
def test_a_rendered_coloured_sleeve_ending_short_of_a_place_does_not_cover_it(seed, i, path):
    # Frame 182: a dark blue sleeve whose edge runs a few mm above market.1.2; frame 39: a
    # magenta sleeve beside the black lane. Each hides none of that place (the truth: 0 mm^2),
    # but inside it the mat in the sleeve's shadow (the slot's margin round its card, the
    # lane) is about as near the sleeve's colour as the sleeve's own shading: a coloured
    # thing does not go on where the mat's hue does (on the old code both were reported).
    from vision.pipeline import read_table

    image, truth = rendered_over_hand(seed, i)
    assert truth["_gt"]["hidden_mm2"].get(path, 0.0) == 0.0
    got = read_table(image)["covered"]
    assert path not in got
    assert set(truth["covered"]) - set(got) == set()
