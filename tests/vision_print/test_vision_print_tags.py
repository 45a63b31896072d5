"""`print-tags`: A4 sticker sheets, rasterized, measured and read back with zxing-cpp."""
from __future__ import annotations

import csv
from importlib import resources

import numpy as np
import pytest

from .pdf_raster import rasterize

DPI = 200                      # 11 px a module: sharp enough to measure 2 % of a module
MODULE_MM = 30 / 21


def _game_ids() -> list[str]:
    ids = []
    data = resources.files("companion.engine") / "data"
    for name in ("cards.csv", "nobles.csv"):
        with (data / name).open(encoding="utf-8", newline="") as handle:
            ids += [row["id"] for row in csv.DictReader(handle)]
    return ids


@pytest.fixture(scope="module")
def full_sheets(tmp_path_factory, run_cli):
    out = tmp_path_factory.mktemp("tags") / "tags.pdf"
    assert run_cli("print-tags", out) == 0
    return rasterize(out, DPI, grey=True)


def _guides(image: np.ndarray, axis: int) -> list[float]:  # image: a 297 mm tall page
    """Positions (px) of the grey cutting guides running along ``axis`` (0: vertical lines)."""
    import cv2

    # Light grey, and not the anti-aliased rim of a dark QR module or letter.
    near_dark = cv2.dilate((image < 128).astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    grey = (image >= 140) & (image <= 210) & ~near_dark
    lines = np.flatnonzero(grey.sum(axis=axis) > image.shape[0] * 0.08)  # > 2 cm of dashes
    groups: list[list[int]] = []
    for i in lines:
        if groups and i - groups[-1][-1] <= 2:
            groups[-1].append(int(i))
        else:
            groups.append([int(i)])
    return [float(np.mean(g)) for g in groups]


def _measure(page, barcode) -> dict:
    """The code's dark extent in px (x0, y0, x1, y1) from its pixels, around zxing's position."""
    pos = barcode.position
    xs = [pos.top_left.x, pos.top_right.x, pos.bottom_right.x, pos.bottom_left.x]
    ys = [pos.top_left.y, pos.top_right.y, pos.bottom_right.y, pos.bottom_left.y]
    pad = round(page.px(2.5))
    y0, y1 = max(min(ys) - pad, 0), max(ys) + pad
    x0, x1 = max(min(xs) - pad, 0), max(xs) + pad
    dark = page.image[y0:y1, x0:x1] < 128
    rows, cols = np.flatnonzero(dark.any(axis=1)), np.flatnonzero(dark.any(axis=0))
    return {"x0": x0 + cols[0], "x1": x0 + cols[-1] + 1, "y0": y0 + rows[0], "y1": y0 + rows[-1] + 1}


def _read(page):
    import zxingcpp

    return zxingcpp.read_barcodes(page.image)


def test_full_sheets_are_a4_and_every_code_reads_back(full_sheets):
    expected = sorted("SPL:" + i for i in _game_ids())
    assert len(expected) == 100
    payloads = []
    for page in full_sheets:
        assert page.size_mm == pytest.approx((210, 297), abs=0.1)
        for barcode in _read(page):
            assert barcode.format.name == "QRCode"
            assert barcode.ec_level == "H"
            extra = getattr(barcode, "extra", None)
            if isinstance(extra, dict) and "Version" in extra:
                assert extra["Version"] == "1"
            payloads.append(barcode.text)
    assert sorted(payloads) == expected  # each one exactly once, nothing foreign


def test_full_sheets_codes_are_30_mm_version_1_with_quiet_zone_inside_cut_guides(full_sheets):
    modules = []
    for page in full_sheets:
        vertical, horizontal = _guides(page.image, 0), _guides(page.image, 1)
        assert len(vertical) >= 2 and len(horizontal) >= 2
        for barcode in _read(page):
            box = _measure(page, barcode)
            width_mm, height_mm = page.mm(box["x1"] - box["x0"]), page.mm(box["y1"] - box["y0"])
            modules += [width_mm / 21, height_mm / 21]
            assert width_mm / 21 == pytest.approx(MODULE_MM, rel=0.02), barcode.text
            assert height_mm / 21 == pytest.approx(MODULE_MM, rel=0.02), barcode.text
            # Version 1: the top-left finder pattern is 7 of the 21 modules, a third of the code.
            top_row = page.image[box["y0"] + round(page.px(MODULE_MM / 2)), box["x0"]:box["x1"]] < 128
            finder = np.argmin(top_row) if not top_row.all() else len(top_row)
            assert finder / (box["x1"] - box["x0"]) == pytest.approx(7 / 21, abs=0.02)
            # At least 3 mm of white all round the code.
            q = round(page.px(3.0))
            around = page.image[box["y0"] - q:box["y1"] + q, box["x0"] - q:box["x1"] + q].copy()
            around[q - 1:-q + 1, q - 1:-q + 1] = 255  # (the code's own anti-aliased rim aside)
            assert around.min() >= 200, f"{barcode.text}: something printed within 3 mm of the code"
            # ...and the code with its quiet zone lies between two cutting guides each way.
            assert any(a < box["x0"] - q and box["x1"] + q < b for a, b in zip(vertical, vertical[1:]))
            assert any(a < box["y0"] - q and box["y1"] + q < b for a, b in zip(horizontal, horizontal[1:]))
            # The id is printed under the quiet zone (dark text, centred under the code).
            text = page.image[box["y1"] + q:box["y1"] + round(page.px(9)), box["x0"]:box["x1"]] < 128
            assert text.sum() > 50, f"{barcode.text}: no id printed under the code"
    print(f"module size over {len(modules) // 2} codes: {min(modules):.4f}..{max(modules):.4f} mm "
          f"(target {MODULE_MM:.4f}), mean {np.mean(modules):.4f}")


def test_full_sheet_has_guides_between_every_sticker(full_sheets):
    page = full_sheets[0]
    codes = [_measure(page, b) for b in _read(page)]
    vertical, horizontal = _guides(page.image, 0), _guides(page.image, 1)
    columns = {round(page.mm(c["x0"])) for c in codes}
    rows = {round(page.mm(c["y0"])) for c in codes}
    # A full page: one more guide than columns (rows) of stickers, each between two codes.
    assert len(vertical) == len(columns) + 1
    assert len(horizontal) == len(rows) + 1
    assert len(codes) == len(columns) * len(rows)


def test_print_tags_for_a_few_ids_only(tmp_path, run_cli):
    out = tmp_path / "two.pdf"
    assert run_cli("print-tags", out, "--ids", "2R03", "n07") == 0
    pages = rasterize(out, DPI, grey=True)
    assert len(pages) == 1
    assert sorted(b.text for b in _read(pages[0])) == ["SPL:2R03", "SPL:N07"]


def test_unknown_id_is_refused_and_nothing_is_written(tmp_path, run_cli, capsys):
    out = tmp_path / "tags.pdf"
    assert run_cli("print-tags", out, "--ids", "1W01", "ZZ99") == 2
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []
    message = capsys.readouterr().err
    assert "'ZZ99'" in message and "nothing was written" in message
    # An existing file is left exactly as it was.
    out.write_bytes(b"keep me")
    assert run_cli("print-tags", out, "--ids", "N11") == 2
    assert out.read_bytes() == b"keep me"


def test_a_payload_too_long_for_version_1_h_is_refused():
    from vision.printing import PrintError, qr_matrix

    assert len(qr_matrix("SPL:3K04")) == 21
    from companion.i18n.print_words import english
    with pytest.raises(PrintError) as refused:
        qr_matrix("SPL:TOO-LONG-FOR-1H")
    assert "doesn't fit a version 1 QR code" in english(refused.value)
