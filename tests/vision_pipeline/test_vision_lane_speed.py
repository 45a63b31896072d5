"""Issue 32, the bank's CPU: the quicker ways of working a lane give the same numbers as the
plain ways, on saved real lanes (rectified at the pipeline's 2 px/mm) and on masks made to
hold each kind of hole."""
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.stages import bank
from vision.stages.overview import deviation_from, ratio_deviation
from vision.tokens import column_counts, fill_holes

DATA = Path(__file__).parent / "data"
#: Saved lanes with the bare mat's colour over them (``-mat``): white, black, coloured.
LANES = ("physical-black-lane", "physical-black-lane-split-chip", "physical-blue-lane-end-shadow",
         "physical-gold-lane-chip-shadow")


def _lane(name):
    lane = cv2.imread(str(DATA / f"{name}.png"))
    mat = cv2.imread(str(DATA / f"{name}-mat.png")).astype(np.float32)
    return lane, mat


def _both(mask, px_per_mm):
    flood = fill_holes(mask, px_per_mm, DEFAULT_CONFIG)
    plain = fill_holes(mask, px_per_mm, DEFAULT_CONFIG.with_(token_fill_by_flood=False))
    return flood, plain


@pytest.mark.parametrize("name", LANES)
@pytest.mark.parametrize("scale", (1.0, 0.5))  # the counter's 2 px/mm, the chips' 1 px/mm
def test_holes_filled_alike_on_real_lanes(name, scale):
    lane, mat = _lane(name)
    if scale != 1.0:
        lane = cv2.resize(lane, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        mat = cv2.resize(mat, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    mask = deviation_from(lane, mat) > DEFAULT_CONFIG.deviation_ratio
    flood, plain = _both(mask, 2.0 * scale)
    assert np.array_equal(flood, plain)


def test_holes_filled_alike_for_each_kind_of_hole():
    """A chip's small hole (filled), a hole too big for a chip (kept: it is mat between
    tokens), two small holes together bigger than one may be (both filled), and mat touching
    the lane's edge only through a diagonal step (8-connected: not a hole, as the plain
    labelling has it)."""
    s = 2.0
    mask = np.zeros((100, 400), bool)
    cv2.circle(mask.view(np.uint8), (50, 50), 25, 1, 6)  # a ring: a small hole inside
    cv2.rectangle(mask.view(np.uint8), (110, 5), (220, 95), 1, 6)  # a big hole inside
    for x in (250, 320):  # two holes each under the limit, together over it
        cv2.circle(mask.view(np.uint8), (x, 50), 26, 1, 6)
    mask[0:12, 360:400] = True
    mask[0, 372:380] = False  # mat at the edge ...
    mask[1, 380:388] = False  # ... stepping diagonally into mat enclosed below
    mask[2:10, 388:396] = False
    mask[1, 380] = True
    flood, plain = _both(mask, s)
    assert np.array_equal(flood, plain)
    assert flood[50, 50] and not flood[50, 165] and flood[50, 250] and flood[50, 320]
    assert not flood[1, 384] and flood[5, 392] == plain[5, 392]


@pytest.mark.parametrize("rows", (3, 4, 5))
def test_strip_median_as_sorted(rows):
    rng = np.random.default_rng(rows)
    part = rng.integers(0, 256, (rows, 300, 3)).astype(np.float32)
    plain = np.sort(part, axis=0)[(rows - 1) // 2:rows // 2 + 1].mean(axis=0)
    assert np.array_equal(bank._strip_median(part), plain)


@pytest.mark.parametrize("name", LANES)
def test_one_ratio_gives_light_and_deviation_as_before(name):
    lane, mat = _lane(name)
    ratio = bank._ratio(lane, mat)
    # The uint8 lane divided as it is: the numbers of the lane made float32 first.
    assert np.array_equal(ratio, cv2.divide(lane.astype(np.float32), cv2.max(mat, 8.0)))
    assert ratio.dtype == np.float32
    assert np.array_equal(ratio_deviation(ratio), deviation_from(lane, mat))
    # lane_light the plain way: the channels split, OpenCV's absdiff and max.
    level = cv2.transform(ratio, np.full((1, 3), 1.0 / 3.0, np.float32))
    b, g, r = cv2.split(ratio)
    hue = cv2.max(cv2.max(cv2.absdiff(b, level), cv2.absdiff(g, level)), cv2.absdiff(r, level))
    assert np.array_equal(bank._hue(ratio), hue)
    assert np.array_equal(bank.lane_light(lane, mat), hue < DEFAULT_CONFIG.shadow_max_hue)


@pytest.mark.parametrize("name", LANES)
def test_deviation_as_split_channels_give_it(name):
    """ratio_deviation takes the largest channel from strided views: the same numbers as the
    channels split and their largest taken by OpenCV."""
    lane, mat = _lane(name)
    ratio = bank._ratio(lane, mat)
    b, g, r = cv2.split(cv2.absdiff(ratio, (1.0, 1.0, 1.0, 0.0)))
    plain = cv2.max(cv2.max(b, g), r)
    assert np.array_equal(ratio_deviation(ratio), plain)
    assert ratio_deviation(ratio).shape == plain.shape



@pytest.mark.parametrize("name", LANES)
def test_column_counts_as_numpy_sums(name):
    """The run counter's token pixels a column, counted by OpenCV: numpy's sums, on a lane's
    token mask, its holes filled and a mask cut out of it (not contiguous)."""
    lane, mat = _lane(name)
    mask = fill_holes(deviation_from(lane, mat) > DEFAULT_CONFIG.deviation_ratio, 2.0,
                      DEFAULT_CONFIG)
    assert mask.any()
    for m in (mask, mask[5:-5, 3:-7]):
        assert np.array_equal(column_counts(m), m.sum(axis=0))
