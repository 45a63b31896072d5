"""Tag sticker sheets: A4 pages of QR tags for the cards and nobles, and which ids to print.

Each sticker is a QR code (version 1, error correction H, payload ``SPL:<id>``) with the id in
plain text under it, drawn in millimetres at exact size like the mat (:mod:`vision.printing`,
which holds the shared page setup, codes and output).
"""
from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from importlib import resources

from vision.printing import (A4, DEFAULT_CONFIG, TAG_PREFIX, PrintConfig, PrintError, _fill_cells,
                             _grey, _new_pdf, _scale_bar, _text_centered, qr_matrix)
from vision.print_words import ENGLISH, PrintWords, use_font

def known_ids() -> list[str]:
    """All tag ids in the game: the 90 cards, then the 10 nobles, in reference order."""
    ids: list[str] = []
    data = resources.files("companion.engine") / "data"
    for name in ("cards.csv", "nobles.csv"):
        with (data / name).open(encoding="utf-8", newline="") as handle:
            ids += [row["id"].strip() for row in csv.DictReader(handle)]
    return ids


def resolve_ids(requested: list[str] | None) -> list[str]:
    """The ids to print: all of them, or the requested ones checked against the game's ids.

    Ids are matched without regard to case; an id asked for twice is printed twice.
    """
    every = known_ids()
    if not requested:
        return every
    by_upper = {i.upper(): i for i in every}
    unknown = [r for r in requested if r.strip().upper() not in by_upper]
    if unknown:
        raise PrintError("unknown-ids", ids=unknown)
    return [by_upper[r.strip().upper()] for r in requested]


@dataclass(frozen=True)
class SheetLayout:
    """Where stickers go on an A4 sheet (portrait)."""

    cols: int
    rows: int
    x0: float   # top-left corner of the sticker grid on the page
    y0: float
    sticker: tuple[float, float]

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


def sheet_layout(config: PrintConfig = DEFAULT_CONFIG) -> SheetLayout:
    """As many stickers as fit an A4 page inside its margins, the grid centred across the page."""
    sw, sh = config.sticker_size
    usable_w = A4[0] - 2 * config.sheet_margin
    usable_h = A4[1] - 2 * config.sheet_margin - config.sheet_header - config.sheet_footer
    cols, rows = int(usable_w // sw), int(usable_h // sh)
    x0 = (A4[0] - cols * sw) / 2
    y0 = config.sheet_margin + config.sheet_header
    return SheetLayout(cols=cols, rows=rows, x0=x0, y0=y0, sticker=(sw, sh))


def draw_sticker(pdf, tag_id: str, x: float, y: float, config: PrintConfig = DEFAULT_CONFIG) -> None:
    """One sticker with its top-left corner at (x, y): quiet zone, QR code, the id under it."""
    matrix = qr_matrix(TAG_PREFIX + tag_id)
    sw, sh = config.sticker_size
    pdf.set_fill_color(255, 255, 255)
    pdf.rect(x, y, sw, sh, style="F")
    module = config.qr_size / len(matrix)
    _fill_cells(pdf, matrix, x + config.qr_quiet, y + config.qr_quiet, module, (0, 0, 0))
    pdf.set_text_color(0, 0, 0)
    pdf.set_font("helvetica", style="B", size=config.tag_text_size)
    baseline = y + config.qr_size + 2 * config.qr_quiet + config.tag_text_band * 0.7
    _text_centered(pdf, tag_id, x + sw / 2, baseline)


def _cut_guides(pdf, layout: SheetLayout, rows: int, config: PrintConfig) -> None:
    """Thin grey lines on every sticker edge, running a little into the margin."""
    sw, sh = layout.sticker
    x0, y0 = layout.x0, layout.y0
    x1, y1 = x0 + layout.cols * sw, y0 + rows * sh
    run = 4.0
    pdf.set_draw_color(*_grey(config.cut_grey))
    pdf.set_line_width(config.cut_width)
    pdf.set_dash_pattern(dash=2.0, gap=1.0)
    for c in range(layout.cols + 1):
        pdf.line(x0 + c * sw, y0 - run, x0 + c * sw, y1 + run)
    for r in range(rows + 1):
        pdf.line(x0 - run, y0 + r * sh, x1 + run, y0 + r * sh)
    pdf.set_dash_pattern()


def build_tag_pdf(ids: list[str], config: PrintConfig = DEFAULT_CONFIG,
                  words: PrintWords = ENGLISH):
    """Sticker sheets (A4) for ``ids``, in order, as many pages as needed; the sheets' notes in
    ``words`` (the ids under the codes are the same in every language)."""
    for tag_id in ids:  # check every payload before drawing anything
        qr_matrix(TAG_PREFIX + tag_id)
    layout = sheet_layout(config)
    if layout.per_page < 1:
        raise PrintError("sticker-too-big")
    pages = [ids[i:i + layout.per_page] for i in range(0, len(ids), layout.per_page)]
    pdf = _new_pdf(*A4)
    pdf.set_title(f"Splendor Companion tag stickers ({len(ids)})")
    for n, batch in enumerate(pages, start=1):
        pdf.add_page()
        pdf.set_text_color(0, 0, 0)
        use_font(pdf, words, bold=True, size=10)
        pdf.text(layout.x0, config.sheet_margin + 4.0, words.sheet.format(n=n, total=len(pages)))
        for k, tag_id in enumerate(batch):
            r, c = divmod(k, layout.cols)
            draw_sticker(pdf, tag_id, layout.x0 + c * layout.sticker[0], layout.y0 + r * layout.sticker[1],
                         config)
        _cut_guides(pdf, layout, math.ceil(len(batch) / layout.cols), config)
        _scale_bar(pdf, layout.x0, A4[1] - config.sheet_margin - 3.0, config.scale_bar, words)
    return pdf
