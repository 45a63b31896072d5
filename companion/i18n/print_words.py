"""The mat's and the sticker sheets' words in a player's language, for ``print-mat`` and
``print-tags`` (:mod:`vision.print_words`).

The slot labels match what the referee says in that language: "A hand is over the second card
of level 2" / "druga karta poziomu 2" / "2레벨 두 번째 카드" send the player to the slot printed
"level 2 · 2" / "poziom 2 · 2" / "2레벨 · 2".

>>> print_words("pl").market.format(level=2, slot=2)
'poziom 2 · 2'
>>> print_words("en") == ENGLISH
True
"""
from __future__ import annotations

from companion.i18n import DEFAULT, Translator
from companion.i18n.fontbuild import font_paths
from vision.print_words import ENGLISH, PrintWords
from vision.printing import PrintError


_NAMES = {"pl": "Polish", "ko": "Korean"}  # (the command line speaks English)


class FontMissing(PrintError):
    """The app's font, needed to print Polish or Korean, has not been built (a PrintError:
    the commands say it in one sentence and write nothing, as for any other)."""


def print_words(lang: str) -> PrintWords:
    """The printed words in ``lang`` ('en', 'pl', 'ko'); English equals :data:`ENGLISH`.

    Raises :class:`FontMissing` for another language when the app's font is not built.
    """
    t = Translator(lang)
    font = None
    if t.lang != DEFAULT:  # Helvetica has no "ł" and no Hangul
        font = (font_paths("Regular"), font_paths("Bold"))
        if not all(path.is_file() for path in font):
            raise FontMissing(f"The font for printing in {_NAMES[t.lang]} is not installed "
                              "yet (run make install); nothing was written.")
    # English comes through the catalog too, so a msgid that drifts from vision's English fails.
    return PrintWords(
        noble=t.pgettext("mat", "noble {slot}"),
        scan=t.pgettext("mat", "scan"),
        deck=t.pgettext("mat", "deck {level}"),
        market=t.pgettext("mat", "level {level} \u00b7 {slot}"),
        lane=t.pgettext("mat", "{colour} ({places})"),
        colours=tuple(t.gettext(c) for c in ENGLISH.colours),
        tile=t.pgettext("mat", "Tile row {row}, column {col} ({n} of {total})"),
        tile_note=t.pgettext(
            "mat", "{rows} x {cols} tiles. From column 2 and row 2 on: cut the white margin "
                   "off the left and top through the half + marks, lay the tile over its "
                   "neighbour so each + is whole, tape below. Ticks beside the print: the "
                   "next tile's edge."),
        next_edge=t.pgettext("mat", "next tile's edge"),
        scale_bar=t.pgettext(
            "mat", "This bar is {length} mm long. If not, print again at 100 % (actual "
                   "size, no fit to page)."),
        sheet=t.pgettext("mat", "Splendor Companion tags, sheet {n} of {total}: cut along "
                                "the grey lines."),
        font=font,
    )
