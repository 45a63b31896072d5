"""The lean preview (the demo's camera view) and the table texture drawn a band at a time."""

from __future__ import annotations

import io
import json

import cv2
import numpy as np

from workbench.synthetic import TableState
from workbench.demo import preview_size
from workbench.synthetic.preview import main, render_preview
from workbench.synthetic.sprites import TABLE_SIZE, TABLE_STYLES, table_texture

from tests.vision_render.test_render_table import detect_markers, early_table


def _table_texture_at_once(style: int) -> np.ndarray:
    """The table texture as it was drawn before, whole-table float arrays at once."""
    rng = np.random.default_rng(1000 + style)
    w, h = TABLE_SIZE
    light, dark = (np.array(c, np.float32) for c in TABLE_STYLES[style % len(TABLE_STYLES)])
    n = cv2.resize(rng.normal(0, 1, (h // 6, w // 120)).astype(np.float32), (w, h),
                   interpolation=cv2.INTER_CUBIC)
    yy = np.arange(h, dtype=np.float32)[:, None]
    band = 0.5 + 0.5 * np.sin(yy * 0.09 + 2.5 * n)
    fine = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), sigmaX=6,
                            sigmaY=0.7)
    t = np.clip(band * 0.8 + 0.25 * fine, 0, 1)[..., None]
    img = light * (1 - t) + dark * t
    return np.clip(img, 0, 255).astype(np.uint8)


def test_the_table_texture_drawn_in_bands_has_the_same_bytes():
    assert np.array_equal(table_texture.__wrapped__(2), _table_texture_at_once(2))


def test_the_preview_is_drawn_at_the_size_it_is_shown():
    assert preview_size((748, 238)) == (432, 243)      # 800 x 480: no smaller than 320 x 240
    assert preview_size((684, 700)) == (672, 378)      # 720 x 1280: as wide as the view
    assert preview_size((5000, 5000)) == (1152, 648)
    img = render_preview(early_table(), (672, 378))
    assert img.shape == (378, 672, 3) and img.dtype == np.uint8
    # A photo of the mat a person can make out: its corner markers are found by OpenCV.
    assert len(detect_markers(img)) >= 3


def test_the_preview_command_writes_rgb_rows_bottom_first(monkeypatch, capsys):
    state = {"market": {"1": ["1W01", None, None, None]}, "bank": {"white": 4}}
    out = io.BytesIO()
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(state)))
    monkeypatch.setattr("sys.stdout", type("Out", (), {"buffer": out})())
    assert main(["432", "243"]) == 0
    head, _, rgb = out.getvalue().partition(b"\n")
    width, height, peak_kb = (int(x) for x in head.split())
    assert (width, height) == (432, 243) and len(rgb) == 432 * 243 * 3 and peak_kb > 0
    again = render_preview(TableState(**state), (432, 243))
    assert rgb == np.ascontiguousarray(again[::-1, :, ::-1]).tobytes()
    monkeypatch.setattr("sys.stdin", io.StringIO('{"bank": {"white": 99}}'))
    assert main(["432", "243"]) == 2
    assert capsys.readouterr().err.count("\n") == 1      # one sentence, no traceback
