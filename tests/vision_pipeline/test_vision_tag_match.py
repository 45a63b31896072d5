"""A tag no decoder reads is matched against the codes the project prints (vision/stages/match.py):
on real physically based crops (workbench.physical, tune seeds) where zxing and pyzbar read
nothing, the right id, far ahead of every other code; a deck's back, a card without a sticker
and a foreign code never match; in the pipeline, only a frame without a hand, only a slot
still unread."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.pipeline import read_table
from vision.printing import qr_matrix
from vision.stages.codes import even_out
from vision.stages.match import match_crop
from vision.tags import decode
from workbench.synthetic import Conditions, TableState, render_table

DATA = Path(__file__).parent / "data"
PX_PER_MM = 4.0
OFF = DEFAULT_CONFIG.with_(match_min=2.0)   # a correlation is at most 1: matching off


def _crop(name: str) -> np.ndarray:
    # The plain slot crop (4 px/mm) of a physically based frame, as stages/match.py makes it.
    img = cv2.imread(str(DATA / f"physical-{name}-4ppmm.png"), 0)
    assert img is not None
    return img


def _decoded(crop: np.ndarray) -> set:
    """What the decoders read in the crop and in each crop the decoding chain would try."""
    variants = [crop] + [even_out(crop, PX_PER_MM, s, DEFAULT_CONFIG) for s in (0.25, 0.5)]
    return {c.text for v in variants for d in DEFAULT_CONFIG.decoders for c in decode(v, d)}


# Seed 5100 frame 8 (a ceiling panel, a sleeved card), frame 25 (a desk lamp), seed 4242
# frame 5 (a card shown in the scan zone).
@pytest.mark.parametrize("name, ident", [("matched-sleeve-ceiling-2R01", "2R01"),
                                         ("matched-lamp-1R07", "1R07"),
                                         ("matched-scan-1K01", "1K01")])
def test_a_tag_no_decoder_reads_is_matched_to_its_code(name, ident):
    crop = _crop(name)
    assert _decoded(crop) == set()
    found = match_crop(crop, PX_PER_MM)
    assert found is not None
    got, score, second, corners = found
    assert got == ident
    assert score - second >= DEFAULT_CONFIG.match_margin
    # The code's corners: a 30 mm square (120 px at 4 px/mm) inside the crop.
    sides = [float(np.hypot(*np.subtract(corners[i], corners[i - 1]))) for i in range(4)]
    assert all(110 < s < 130 for s in sides), sides
    h, w = crop.shape
    assert all(0 <= x < w and 0 <= y < h for x, y in corners)


@pytest.mark.parametrize("name", ["nomatch-deck-back", "nomatch-untagged-card"])
def test_a_place_without_a_code_matches_nothing(name):
    assert match_crop(_crop(name), PX_PER_MM) is None


def _drawn(payload: str) -> np.ndarray:
    """A code drawn on the untagged card's crop at the printed size, faint and noisy, as
    the physical frames show one (3-4 px a module in the frame)."""
    crop = _crop("nomatch-untagged-card").astype(np.float32)
    module = 30.0 / 21.0 * PX_PER_MM
    cells = np.array(qr_matrix(payload), np.float32)
    code = cv2.resize(cells, (int(21 * module), int(21 * module)), interpolation=cv2.INTER_NEAREST)
    y, x = 130, 100
    patch = crop[y:y + code.shape[0], x:x + code.shape[1]]
    crop[y - 16:y + code.shape[0] + 16, x - 16:x + code.shape[1] + 16] = 175.0
    patch[:] = 175.0 - 70.0 * code
    crop = cv2.GaussianBlur(crop, (0, 0), 3.0)
    crop += np.random.default_rng(5).normal(0, 22, crop.shape)
    return np.clip(crop, 0, 255).astype(np.uint8)


def test_a_foreign_code_is_not_matched_to_a_card():
    # The same drawing of one of our codes matches: the foreign one's None is a real answer.
    ours = match_crop(_drawn("SPL:2G03"), PX_PER_MM)
    assert ours is not None and ours[0] == "2G03"
    assert match_crop(_drawn("TABLE:42"), PX_PER_MM) is None
    assert match_crop(_drawn("SPL:9Z99"), PX_PER_MM) is None   # our prefix, no card's id


MARKET = {1: ["1W01", "1R02", "1G03", None], 2: ["2U01", None, None, None], 3: ["3K01", None, None, None]}


def _faded(img: np.ndarray, quad) -> np.ndarray:
    """A tag faded to 30 % of its contrast under a dim room's noise: beyond the decoders."""
    q = np.asarray(quad, np.float32)
    c = q.mean(axis=0)
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, ((q - c) * 1.6 + c).astype(np.int32), 1)
    f = img.astype(np.float32)
    region = cv2.GaussianBlur(f, (0, 0), 1.2)
    mean = region[mask > 0].mean(axis=0)
    region = (region - mean) * 0.3 + mean + np.random.default_rng(3).normal(0, 30, f.shape)
    return np.clip(np.where(mask[..., None] > 0, region, f), 0, 255).astype(np.uint8)


def _frame(hand: bool, seed: int = 11) -> np.ndarray:
    table = TableState(market=MARKET, nobles=["N01", "N02", "N03"])
    img, truth = render_table(table, Conditions(seed=seed, jpeg_quality=None, hand=hand))
    return _faded(img, truth["_gt"]["tag_corners_px"]["1R02"]), truth


def test_the_pipeline_matches_a_faded_tag_the_decoders_miss():
    frame, _ = _frame(hand=False)
    without = read_table(frame, config=OFF)
    assert without["market"]["1"][1] == "?" and "1R02" not in without["tags"]
    result = read_table(frame)
    assert result["market"]["1"] == ["1W01", "1R02", "1G03", None]
    assert "1R02" in result["tags"] and "market.1.1" not in result["uncertain"]


def test_under_a_hand_the_pipeline_does_not_match():
    # A frame under a hand is never judged: no time is spent matching there.
    frame, truth = _frame(hand=True, seed=13)   # a hand over the black and gold lanes
    assert truth["busy"] and "market.1.1" not in truth["covered"]
    result = read_table(frame)
    assert result["busy"] and result["market"]["1"][1] == "?"
    calm, _ = _frame(hand=False, seed=13)          # the same table and light, no hand
    assert read_table(calm)["market"]["1"][1] == "1R02"
