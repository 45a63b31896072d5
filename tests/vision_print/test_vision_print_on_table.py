"""The printed mat and stickers as the camera sees them: run `read-table` on their rasters.

The mat PDF is rendered at about the camera's scale (a 2304 px wide frame holding the 800 mm mat:
~2.9 px/mm), laid on a darker table; the faint slot outlines must read as empty slots and an empty
bank, and stickers cut from the `print-tags` sheet, stuck on cards in slots, must read back.
"""
from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from .pdf_raster import rasterize

CAMERA_DPI = 73        # 2.87 px/mm, 4.1 px per QR module
TABLE_PX = 60          # table visible round the mat


@pytest.fixture(scope="module")
def printed(tmp_path_factory, run_cli):
    folder = tmp_path_factory.mktemp("printed")
    assert run_cli("print-mat", folder / "mat.pdf") == 0
    assert run_cli("print-tags", folder / "tags.pdf", "--ids", "1W01", "N03", "3K04") == 0
    mat = rasterize(folder / "mat.pdf", CAMERA_DPI)[0]
    tags = rasterize(folder / "tags.pdf", CAMERA_DPI)[0]
    return folder, mat, tags


def _on_table(mat_rgb: np.ndarray) -> np.ndarray:
    """The mat raster (RGB) as a BGR photo with some wooden table round it."""
    h, w = mat_rgb.shape[:2]
    frame = np.full((h + 2 * TABLE_PX, w + 2 * TABLE_PX, 3), (40, 60, 90), np.uint8)  # BGR brown
    frame[TABLE_PX:TABLE_PX + h, TABLE_PX:TABLE_PX + w] = cv2.cvtColor(mat_rgb, cv2.COLOR_RGB2BGR)
    return frame


def _read_table(run_cli, capsys, image_path) -> dict:
    capsys.readouterr()
    assert run_cli("read-table", image_path, "--json") == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


@pytest.mark.parametrize("lang", ["en", "pl", "ko"])
def test_printed_empty_mat_reads_as_empty(printed, run_cli, capsys, lang):
    # In every language: a label's letters (Hangul's dense strokes too) are never a thing.
    folder, mat, _ = printed
    if lang != "en":
        assert run_cli("print-mat", folder / f"mat-{lang}.pdf", "--language", lang) == 0
        mat = rasterize(folder / f"mat-{lang}.pdf", CAMERA_DPI)[0]
    path = folder / f"empty-{lang}.png"
    cv2.imwrite(str(path), _on_table(mat.image))
    seen = _read_table(run_cli, capsys, path)
    assert seen["mat"] is True and seen["markers"] == [0, 1, 2, 3]
    # No outline, tick or label is taken for a card, a deck, a token or a hand.
    assert seen["nobles"] == [None] * 5
    assert seen["market"] == {"1": [None] * 4, "2": [None] * 4, "3": [None] * 4}
    assert seen["decks"] == {"1": False, "2": False, "3": False}
    assert seen["bank"] == {c: 0 for c in ("white", "blue", "green", "red", "black", "gold")}
    assert seen["scan"] is None and seen["tags"] == [] and seen["foreign"] == []
    assert seen["uncertain"] == [] and seen["busy"] is False


def _sticker(tags, k: int) -> np.ndarray:
    """Sticker ``k`` of the sheet's first row, cut along its guides."""
    from vision.print_tags import sheet_layout

    layout = sheet_layout()
    sw, sh = layout.sticker
    x, y = layout.x0 + k * sw, layout.y0
    return tags.image[round(tags.px(y)):round(tags.px(y + sh)), round(tags.px(x)):round(tags.px(x + sw))]


def _lay(image, raster, rect, size, colour, sticker) -> None:
    """Lay a card (or noble tile) of ``size`` mm centred in ``rect``, the sticker in its middle."""
    x, y, w, h = rect
    cw, ch = size
    cx, cy = x + (w - cw) / 2, y + (h - ch) / 2
    image[round(raster.px(cy)):round(raster.px(cy + ch)), round(raster.px(cx)):round(raster.px(cx + cw))] = colour
    top = round(raster.px(cy + ch / 2)) - sticker.shape[0] // 2
    left = round(raster.px(cx + cw / 2)) - sticker.shape[1] // 2
    image[top:top + sticker.shape[0], left:left + sticker.shape[1]] = sticker


def test_printed_stickers_on_cards_read_in_their_slots(printed, run_cli, capsys, mat_geometry):
    folder, mat, tags = printed
    image = mat.image.copy()
    _lay(image, mat, mat_geometry.market[1][0], (63, 88), (235, 220, 200), _sticker(tags, 0))   # 1W01
    _lay(image, mat, mat_geometry.nobles[0], (60, 60), (210, 200, 180), _sticker(tags, 1))      # N03
    _lay(image, mat, mat_geometry.market[3][3], (63, 88), (160, 60, 90), _sticker(tags, 2))     # 3K04
    path = folder / "cards.png"
    cv2.imwrite(str(path), _on_table(image))
    seen = _read_table(run_cli, capsys, path)
    assert seen["mat"] is True
    assert sorted(seen["tags"]) == ["1W01", "3K04", "N03"]
    assert seen["nobles"][0] == "N03"
    assert seen["market"]["1"][0] == "1W01"
    assert seen["market"]["3"][3] == "3K04"
    assert seen["bank"] == {c: 0 for c in ("white", "blue", "green", "red", "black", "gold")}
