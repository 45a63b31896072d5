"""The renderer's second mat: the one `print-mat` prints, drawn from its very PDF."""
from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from companion.i18n.print_words import print_words
from tests.vision_print.pdf_raster import rasterize
from vision.mat import load_mat
from vision.printing import build_mat_pdf
from workbench.synthetic import write_frames
from workbench.synthetic.mat_sheet import MAT_MARGIN, mat_texture

SCALE = 3.5  # px/mm, the renderer's texture scale at 2304 x 1296


def _sheet(texture: np.ndarray) -> np.ndarray:
    """The mat's own part of a texture, grey."""
    mat = load_mat()
    o = int(round(MAT_MARGIN * SCALE))
    w, h = (int(round(v * SCALE)) for v in mat.size)
    return cv2.cvtColor(texture[o:o + h, o:o + w], cv2.COLOR_BGR2GRAY).astype(np.float32)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_printed_mat_carries_the_pdfs_print_and_not_the_samples_marks(tmp_path, lang):
    mat = load_mat()
    pdf = tmp_path / "mat.pdf"
    build_mat_pdf(mat, words=print_words(lang)).output(str(pdf))
    page = rasterize(pdf, SCALE * 25.4, grey=True)[0].image.astype(np.float32)
    printed = _sheet(mat_texture(SCALE, 0, lang))
    h, w = min(page.shape[0], printed.shape[0]), min(page.shape[1], printed.shape[1])
    page, printed = page[:h, :w], printed[:h, :w]
    # Away from the markers (drawn by the renderer itself): ink where the PDF has ink.
    away = np.ones((h, w), bool)
    for mid in mat.marker_corners:
        x, y, w, h = mat.marker_paper_rect(mid)
        away[max(0, int((y - 2) * SCALE)):int((y + h + 2) * SCALE),
             max(0, int((x - 2) * SCALE)):int((x + w + 2) * SCALE)] = False
    bare = away & (np.abs(page - 128) < 1)
    ink = away & (page < 118)
    assert ink.sum() > 5000  # outlines, ticks, labels
    level = np.median(printed[bare])
    assert np.median(printed[ink]) < level - 8
    assert abs(np.median(printed[bare]) - 128) < 3
    # The label in the first noble slot is this language's, letter for letter.
    x, y, _, _ = mat.nobles[0]
    box = (slice(int((y + 1) * SCALE), int((y + 6) * SCALE)),
           slice(int((x + 1) * SCALE), int((x + 30) * SCALE)))
    label = page[box] < 124  # (7 pt strokes at 3.5 px/mm: mostly blended with the mat)
    assert label.sum() > 30
    # (the other language's label: 1-2 levels under the mat beside it; this one's: 8)
    assert np.median(printed[box][label]) < np.median(printed[box][page[box] > 127]) - 5
    # The samples' colour dot beside each lane is not on the printed mat.
    tex = {p: mat_texture(SCALE, 0, p) for p in ("", lang)}
    o = MAT_MARGIN
    for colour in ("blue", "red", "green"):
        x, y, _, lh = mat.bank[colour]
        u, v = int(round((x + o - 8) * SCALE)), int(round((y + o + lh / 2) * SCALE))
        sat = {p: cv2.cvtColor(t[v - 2:v + 3, u - 2:u + 3], cv2.COLOR_BGR2HSV)[..., 1].mean()
               for p, t in tex.items()}
        assert sat[""] > 80 and sat[lang] < 30, (colour, sat)


def test_either_mat_holds_the_same_scene(tmp_path):
    write_frames(tmp_path / "a", 1, seed=4, size=(1920, 1080), hands="near")
    write_frames(tmp_path / "b", 1, seed=4, size=(1920, 1080), hands="near", printed_mat="en")
    truth = [json.loads((tmp_path / d / "sample-1.json").read_text()) for d in "ab"]
    assert truth[0] == truth[1]
    a, b = (cv2.imread(str(tmp_path / d / "sample-1.jpg")).astype(int) for d in "ab")
    differ = np.abs(a - b).max(axis=2) > 24
    # Only the mat's faint print differs: a few thousand pixels, not the cards, tokens or hand.
    assert 0 < differ.mean() < 0.01
