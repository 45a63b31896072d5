"""The mat's and the sticker sheets' words in a player's language, for ``print-mat`` and
``print-tags`` (:mod:`vision.print_words`), and why they wrote nothing (``PrintError``'s cause
and facts, said by :func:`say` in the current language, :func:`english` in the commands').

The slot labels match what the referee says in that language: "A hand is over the second card
of level 2" / "druga karta poziomu 2" / "2레벨 두 번째 카드" send the player to the slot printed
"level 2 · 2" / "poziom 2 · 2" / "2레벨 · 2".

>>> print_words("pl").market.format(level=2, slot=2)
'poziom 2 · 2'
>>> print_words("en") == ENGLISH
True
"""
from __future__ import annotations

import os

from companion.i18n import DEFAULT, Translator, _, in_records, ngettext, pgettext
from companion.i18n.files import reader_sentence, with_reason
from companion.i18n.fontbuild import font_paths
from vision.print_words import ENGLISH, PrintWords
from vision.printing import PrintError


class FontMissing(PrintError):
    """The app's font, needed to print Polish or Korean, has not been built (a PrintError,
    cause ``font-missing``: the commands say it in one sentence and write nothing, as for any
    other)."""


def print_words(lang: str) -> PrintWords:
    """The printed words in ``lang`` ('en', 'pl', 'ko'); English equals :data:`ENGLISH`.

    Raises :class:`FontMissing` for another language when the app's font is not built.
    """
    t = Translator(lang)
    font = None
    if t.lang != DEFAULT:  # Helvetica has no "ł" and no Hangul
        font = (font_paths("Regular"), font_paths("Bold"))
        if not all(path.is_file() for path in font):
            raise FontMissing("font-missing", language=t.lang)
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


def _g(v) -> str:
    """A size in millimetres as written on the mat (600, 72.5)."""
    return f"{v:g}"


def _language(code: str) -> str:
    return {"pl": pgettext("language", "Polish"),
            "ko": pgettext("language", "Korean")}.get(code, code)


def _lower(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:]


def _print(cause: str, f: dict) -> str:
    f = with_reason(f)
    if cause == "marker-dictionary":
        return _("The marker dictionary {dictionary} is unknown to OpenCV.").format(**f)
    if cause == "payload-too-long":
        return _("The tag payload {payload} doesn't fit a version 1 QR code with error "
                 "correction H.").format(payload=repr(f["payload"]))
    if cause == "payload-wrong-symbol":
        return _("The tag for {payload} came out as version {version}-{error}, not "
                 "1-H.").format(payload=repr(f["payload"]), version=f["version"],
                                error=f["error"])
    if cause == "unknown-ids":
        return ngettext("{ids} is not a card or noble id (cards look like 1W01 or 3K04, nobles "
                        "like N07); nothing was written.",
                        "{ids} are not card or noble ids (cards look like 1W01 or 3K04, nobles "
                        "like N07); nothing was written.", len(f["ids"])).format(
                            ids=", ".join(repr(i) for i in f["ids"]))
    if cause == "sticker-too-big":
        return _("A sticker doesn't fit on an A4 page with these sizes.")
    if cause == "no-folder":
        return _("The folder {folder} does not exist; nothing was written.").format(**f)
    if cause == "out-is-folder":
        return _("{out} is a folder; give a file name such as {example}. Nothing was "
                 "written.").format(out=f["out"], example=os.path.join(f["out"], "mat.pdf"))
    if cause == "cant-write-in":
        return _("Can't write in {folder} ({reason}); nothing was written.").format(**f)
    if cause == "cant-write":
        return _("Can't write {out} ({reason}); nothing was written.").format(**f)
    if cause == "no-mat-file":
        return _("There is no mat geometry file at {path}.").format(**f)
    if cause == "mat-unreadable":
        return _("The mat geometry file {path} can't be read: {why}").format(
            path=f["path"], why=_lower(reader_sentence(f["reader"])))
    if cause == "not-a-mat":
        return _("The mat geometry file {path} is not a mat description (a field is wrong or "
                 "missing).").format(**f)
    if cause == "mat-size-not-a-number":
        return _("The mat geometry file {path} holds a size that is not a number.").format(**f)
    if cause == "mat-size":
        return _("The mat in {path} is {width} x {height} mm; a mat must be more than 0 and at "
                 "most {most} mm each way. Nothing was written.").format(
                     path=f["path"], width=_g(f["width"]), height=_g(f["height"]),
                     most=_g(f["most"]))
    if cause == "mat-outside":
        x, y, w, h = (_g(v) for v in f["rect"])
        return _("The mat in {path} has a slot, lane or marker ({x}, {y}, {w} x {h} mm) "
                 "outside the {width} x {height} mm mat. Nothing was written.").format(
                     path=f["path"], x=x, y=y, w=w, h=h, width=_g(f["width"]),
                     height=_g(f["height"]))
    if cause == "mat-impossible":
        return _("The mat in {path} has an impossible token size, marker border, lane capacity "
                 "or colour. Nothing was written.").format(**f)
    if cause == "font-missing":
        return _("The font for printing in {language} is not installed yet (run make "
                 "install); nothing was written.").format(language=_language(f["language"]))
    return _("The PDF can't be made; nothing was written.")


def say(err: PrintError) -> str:
    """Why ``print-mat`` or ``print-tags`` wrote nothing, in the current language."""
    return _print(err.cause, dict(err.facts))


english = in_records(say, """The same in the English the commands print.""")
