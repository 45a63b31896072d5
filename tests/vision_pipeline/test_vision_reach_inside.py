"""Issue 18, the look inside a region a thing reaches: how much of it the thing hides.

Plain arrays (1 px/mm, as the overview; 3 px/mm, as the closer look): the free mat on the left,
the region on the right (x >= 20 mm).
"""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.stages.inside import _outline_distance, reach_inside

MAT = (118.0, 131.0, 122.0)  # BGR: the mat's grey-green
RED = (40.0, 40.0, 200.0)  # a red sleeve


def _box(sleeve_into_mm: int):
    """A 40 x 40 mm box; a red sleeve on the free mat from x 10 to the region's outline (x 20)
    at y 10-30, going on `sleeve_into_mm` into the region."""
    image = np.empty((40, 40, 3), np.float32)
    image[:] = MAT
    image[10:30, 10:20 + sleeve_into_mm] = RED
    dist = _outline_distance((20.0, 0.0, 20.0, 40.0), np.arange(40) + 0.5, np.arange(40) + 0.5)
    freehere = dist > 0
    on = np.zeros((40, 40), bool)
    on[10:30, 10:20] = True
    mat_hue = np.array(MAT, np.float32) / np.mean(MAT)
    return image.astype(np.uint8), on, freehere, dist, mat_hue


def test_a_sleeve_ending_at_the_outline_hides_nothing_of_the_region():
    # Nothing inside the region is of the sleeve's colour (this raised an OpenCV error).
    image, on, freehere, dist, mat_hue = _box(0)
    assert reach_inside(image, on, freehere, dist, 1.0, mat_hue, DEFAULT_CONFIG) == 0.0


def test_a_sleeve_going_on_into_the_region_hides_what_it_lies_over():
    image, on, freehere, dist, mat_hue = _box(6)
    assert reach_inside(image, on, freehere, dist, 1.0, mat_hue, DEFAULT_CONFIG) == 20 * 6


PALE_CARD = (235.0, 235.0, 228.0)
DARK_CARD = (60.0, 50.0, 52.0)


def _blurred_box(into_mm: float, card: tuple[float, float, float], s: int = 3, up: int = 8):
    """The red sleeve of `_box` at `s` px/mm, going `into_mm` (not a whole number of pixels)
    over a card that fills the region, drawn `up` times finer, then seen as the camera sees
    it: each pixel the mean of what it spans, blurred over about a pixel."""
    n = 40 * s * up
    fine = np.empty((n, n, 3), np.float32)
    fine[:] = MAT
    fine[:, 20 * s * up:] = card
    fine[10 * s * up:30 * s * up, 10 * s * up:int(round((20 + into_mm) * s * up))] = RED
    image = cv2.GaussianBlur(cv2.resize(fine, (40 * s, 40 * s), interpolation=cv2.INTER_AREA),
                             (0, 0), 0.8)
    centres = (np.arange(40 * s) + 0.5) / s
    dist = _outline_distance((20.0, 0.0, 20.0, 40.0), centres, centres)
    on = np.zeros(dist.shape, bool)
    on[10 * s:30 * s, 10 * s:int(18.5 * s)] = True
    mat_hue = np.array(MAT, np.float32) / np.mean(MAT)
    return np.clip(image.round(), 0, 255).astype(np.uint8), on, dist > 1.5, dist, mat_hue


@pytest.mark.parametrize("card", [PALE_CARD, DARK_CARD], ids=["pale card", "dark card"])
@pytest.mark.parametrize("into_mm", [1.2, 2.3, 3.7])
def test_a_blurred_edge_is_counted_where_it_lies_not_where_the_colour_ends(card, into_mm):
    # The camera's blur mixes the sleeve's last pixel or two with the card beyond. Counting
    # only the pixels still of the sleeve's colour lost 5-11 mm^2 here (a fingertip's 40 mm^2
    # read as 33), more than the difference between grazing a card and covering its corner.
    image, on, freehere, dist, mat_hue = _blurred_box(into_mm, card)
    found = reach_inside(image, on, freehere, dist, 3.0, mat_hue, DEFAULT_CONFIG)
    assert found == pytest.approx(20 * into_mm, abs=3.0)


GREEN = (60.0, 130.0, 60.0)  # a green sleeve...
SKIN = (120.0, 155.0, 205.0)  # ...and the hand out of it
BETWEEN = (90.0, 142.0, 132.0)  # a card printed in the colour halfway between them


def test_a_thing_of_two_colours_is_not_followed_into_a_card_of_the_colour_between():
    # Sleeve and hand side by side at the outline, ending there, beside a card of the colour
    # between them: taken as one colour, their mean is the card's and their spread takes in
    # all of it (the whole region was found hidden).
    s = 3
    image = np.empty((40 * s, 40 * s, 3), np.float32)
    image[:] = MAT
    image[:, 20 * s:] = BETWEEN
    image[10 * s:20 * s, 10 * s:20 * s] = GREEN
    image[20 * s:30 * s, 10 * s:20 * s] = SKIN
    centres = (np.arange(40 * s) + 0.5) / s
    dist = _outline_distance((20.0, 0.0, 20.0, 40.0), centres, centres)
    on = np.zeros(dist.shape, bool)
    on[10 * s:30 * s, 10 * s:int(18.5 * s)] = True
    mat_hue = np.array(MAT, np.float32) / np.mean(MAT)
    found = reach_inside(image.astype(np.uint8), on, dist > 1.5, dist, 3.0, mat_hue,
                          DEFAULT_CONFIG)
    assert found < 5.0
    # Going on 3 mm into the card, both are followed there.
    image[10 * s:30 * s, 20 * s:23 * s] = image[10 * s:30 * s, 19 * s:19 * s + 1]
    found = reach_inside(image.astype(np.uint8), on, dist > 1.5, dist, 3.0, mat_hue,
                          DEFAULT_CONFIG)
    assert found == pytest.approx(60.0, abs=3.0)


DATA = Path(__file__).parent / "data"


def _closer_look(name: str, box_mm, rect):
    """A real closer look of inside.py (``_closer``) on a physically based frame: the frame's crop
    at 3 px/mm, and the thing and the free mat at the overview's 1 px/mm (mask: 254 the thing,
    127 free mat), scaled up as ``_closer`` does."""
    image = cv2.imread(str(DATA / f"{name}-3ppmm.png"))
    small = cv2.imread(str(DATA / f"{name}-mask.png"), cv2.IMREAD_GRAYSCALE)
    h, w = image.shape[:2]
    mask = cv2.resize(small, (w, h), interpolation=cv2.INTER_NEAREST)
    dist = _outline_distance(rect, box_mm[0] + (np.arange(w) + 0.5) / 3.0,
                             box_mm[1] + (np.arange(h) + 0.5) / 3.0)
    return image, mask > 200, mask > 100, dist


def test_a_fingertip_stopping_short_of_a_chip_hides_none_of_its_lane():
    # Tune seed 7100 frame 1: a hand over the bank, a fingertip ending 2 mm below the white
    # lane (the renderer's truth: the lane hidden 0 mm^2), just short of a pale chip with a
    # brown pattern. The fingertip's shaded end, followed into the lane, went on round the
    # chip along its shadow and brown rim, through a neck at the chip's edge: 101 mm^2, so
    # the white lane was covered.
    mat_hue = np.array([0.9086, 1.0, 1.0909], np.float32)
    image, on, freehere, dist = _closer_look("physical-fingertip-short-of-chip",
                                             (705.0, 131.0, 45.0, 20.0),
                                             (460.0, 100.0, 287.0, 44.0))
    found = reach_inside(image, on, freehere, dist, 3.0, mat_hue, DEFAULT_CONFIG)
    assert found < DEFAULT_CONFIG.busy_inside_min_mm2
    # Without the neck rule, and with the shadow's colour followed as far as it goes (the
    # rim rule, test_vision_hand_and_shadow.py, sees it too): the chip's rim and shadow,
    # followed round it.
    off = DEFAULT_CONFIG.with_(busy_inside_neck_mm=0.0, busy_inside_rim_mm=50.0,
                               busy_inside_rim_inside=False)
    assert reach_inside(image, on, freehere, dist, 3.0, mat_hue, off) > 80.0


def test_a_sleeve_over_a_decks_corner_is_followed_past_its_cuff():
    # Tune seed 5200 frame 1: a brown sleeve with a teal cuff over deck 2's top left corner
    # (truth: 101 mm^2 hidden). The cuff's highlights speckle what is followed; the sleeve on
    # the free mat goes on over the band between the free mat and the deck.
    mat_hue = np.array([1.0394, 1.0118, 0.9486], np.float32)
    image, on, freehere, dist = _closer_look("physical-cuff-over-deck-corner",
                                             (53.0, 196.0, 28.0, 47.0),
                                             (60.0, 203.0, 68.0, 93.0))
    found = reach_inside(image, on, freehere, dist, 3.0, mat_hue, DEFAULT_CONFIG)
    assert found >= DEFAULT_CONFIG.busy_inside_min_mm2 + 20.0


@pytest.mark.parametrize("seed", range(6))
def test_a_sleeve_and_its_hand_split_as_every_step_of_the_2_means_would(seed):
    # _thing_colours stops its 2-means once a step leaves the split as it was: every further
    # step would find it the same. Against the plain way (all busy_inside_split_steps run): the
    # same two colours, to the bit.
    from vision.stages.busy_speed import sum3
    from vision.stages.inside import _thing_colours
    rng = np.random.default_rng(seed)
    sample = np.concatenate([rng.normal(RED, 9.0, (300, 3)),
                             rng.normal((90.0, 120.0, 170.0), 9.0, (200 + 40 * seed, 3)),
                             rng.uniform(0.0, 255.0, (30, 3))]).astype(np.float32)
    cfg = DEFAULT_CONFIG
    centred = sample - sample.mean(axis=0)
    second = centred @ np.linalg.eigh(centred.T @ centred)[1][:, -1] > 0
    for _ in range(cfg.busy_inside_split_steps):
        a, b = sample[~second].mean(axis=0), sample[second].mean(axis=0)
        second = (sum3((sample - b) ** 2, cfg.busy_column_sum)
                  < sum3((sample - a) ** 2, cfg.busy_column_sum))
    plain = [(p.mean(axis=0), np.maximum(p.std(axis=0), cfg.busy_inside_spread))
             for p in (sample[~second], sample[second])]
    colours = _thing_colours(sample, cfg)
    assert len(colours) == 2
    for (mean, spread), (m, s) in zip(colours, plain):
        assert np.array_equal(mean, m) and np.array_equal(spread, s)
