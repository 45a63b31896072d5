"""The words printed on the mat and the sticker sheets, and the font they are printed in.

English is the default and is printed in the PDF's own Helvetica (the mat the renderer draws and
the figures in the notes are of this one). The other languages come from the app's catalogs
(:func:`companion.i18n.print_words.print_words`) and need a font of their own: Helvetica has no
"ł" or Hangul, so the app's font is embedded instead.

>>> PrintWords().market.format(level=2, slot=2)
'level 2 · 2'
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

BUILTIN_FONT = "helvetica"
EMBEDDED_FONT = "printfont"
# The bank's piles from left to right on the mat (the engine's colour order).
BANK_ORDER = ("white", "blue", "green", "red", "black", "gold")


@dataclass(frozen=True)
class PrintWords:
    """Format strings (``str.format`` with the names shown) and the colours' names, in the
    order of ``BANK_ORDER``."""

    noble: str = "noble {slot}"
    scan: str = "scan"
    deck: str = "deck {level}"
    market: str = "level {level} \u00b7 {slot}"
    lane: str = "{colour} ({places})"
    colours: tuple = ("white", "blue", "green", "red", "black", "gold")
    tile: str = "Tile row {row}, column {col} ({n} of {total})"
    tile_note: str = ("{rows} x {cols} tiles. From column 2 and row 2 on: cut the white margin "
                      "off the left and top through the half + marks, lay the tile over its "
                      "neighbour so each + is whole, tape below. Ticks beside the print: the "
                      "next tile's edge.")
    next_edge: str = "next tile's edge"
    scale_bar: str = ("This bar is {length} mm long. If not, print again at 100 % (actual "
                      "size, no fit to page).")
    sheet: str = "Splendor Companion tags, sheet {n} of {total}: cut along the grey lines."
    #: TrueType files (regular, bold) to embed; None: Helvetica, which only has Latin-1.
    font: Optional[tuple[Path, Path]] = None

    def colour(self, name: str) -> str:
        """A bank colour's name ('white', ...) in these words."""
        return self.colours[BANK_ORDER.index(name)]


ENGLISH = PrintWords()


def use_font(pdf, words: PrintWords, bold: bool = False, size: float = 7.0) -> None:
    """Set the words' font on ``pdf`` (adding the embedded one on first use)."""
    if words.font is None:
        pdf.set_font(BUILTIN_FONT, style="B" if bold else "", size=size)
        return
    style = "B" if bold else ""
    if EMBEDDED_FONT + style not in pdf.fonts:  # (fpdf2 keys a font by family and style)
        pdf.add_font(EMBEDDED_FONT, style=style, fname=str(words.font[1 if bold else 0]))
    pdf.set_font(EMBEDDED_FONT, style=style, size=size)
