"""The `print-mat` and `print-tags` subcommands: PDFs to print the mat and the tag stickers."""
from __future__ import annotations

import argparse
import sys

from companion.i18n.commands import english as say


def register(subparsers) -> None:
    """Add `print-mat` and `print-tags` to the CLI (cheap: the drawing code loads on use)."""
    mat = subparsers.add_parser(
        "print-mat",
        help="write the mat as a PDF at full size (800 x 460 mm) or as A4 tiles",
        description="Write the play mat as a PDF at exact scale: one 800 x 460 mm page for a print "
                    "shop, or with --tiles A4 pages with overlap and alignment marks to tape together. "
                    "Print at 100 % (actual size).",
    )
    mat.add_argument("out", metavar="OUT.pdf", help="the PDF file to write")
    mat.add_argument("--tiles", action="store_true", help="split the mat over A4 pages")
    mat.add_argument("--mat", metavar="MAT.json", default=None,
                     help="mat geometry to draw (default: the project's mat.json)")
    _language_option(mat, "the slot and lane labels")
    mat.set_defaults(func=print_mat)

    tags = subparsers.add_parser(
        "print-tags",
        help="write A4 sticker sheets with the QR tags of cards and nobles",
        description="Write A4 sticker sheets (PDF, exact scale) with a 30 mm QR tag for every card "
                    "and noble, or only for the ids given. Print at 100 % (actual size).",
    )
    tags.add_argument("out", metavar="OUT.pdf", help="the PDF file to write")
    tags.add_argument("--ids", nargs="+", metavar="ID", default=None,
                      help="only these card or noble ids (e.g. 1W01 N07)")
    _language_option(tags, "the notes on the sheets")
    tags.set_defaults(func=print_tags)


def _language_option(parser, what: str) -> None:
    from companion.i18n import LANGUAGES

    parser.add_argument("--language", choices=sorted(LANGUAGES), default=None,
                        help=f"the language of {what} (default: the app's, as chosen on its "
                             "screen, else SPLENDOR_LANG or the system's)")


def _words(args: argparse.Namespace):
    """The printed words in the language asked for, else the app's (what the players read on
    its screen and hear from the referee)."""
    from companion.i18n import initial_language
    from companion.i18n.print_words import print_words
    from companion.referee.session import data_dir

    return print_words(args.language or initial_language(data_dir()))


def _regular_output(handler):
    """Only a regular file (or a new one) is written: never a device node or a FIFO, even as
    root. Checked before any work."""
    import functools

    @functools.wraps(handler)
    def checked(args: argparse.Namespace) -> int:
        from companion.engine.inputs import InputError, check_output_path

        try:
            check_output_path(args.out, "PDF")
        except InputError as err:
            from companion.i18n.files import english
            print(english(err), file=sys.stderr)
            return 2
        return handler(args)
    return checked


@_regular_output
def print_mat(args: argparse.Namespace) -> int:
    """Handler for `print-mat`."""
    from vision import printing

    try:
        mat = printing.load_mat() if args.mat is None else _read_mat(args.mat)
        pdf = printing.build_mat_pdf(mat, tiles=args.tiles, words=_words(args))
        out = printing.write_pdf(pdf, args.out)
    except printing.PrintError as exc:
        from companion.i18n.print_words import english
        print(english(exc), file=sys.stderr)
        return 2
    if args.tiles:
        layout = printing.tile_layout(mat)
        print(say("mat-tiles-written", out=out, pages=len(layout.tiles),
                  orientation=layout.orientation, rows=layout.rows, cols=layout.cols))
    else:
        w, h = mat.size
        print(say("mat-written", out=out, width=w, height=h))
    return 0


@_regular_output
def print_tags(args: argparse.Namespace) -> int:
    """Handler for `print-tags`."""
    from vision import print_tags, printing

    try:
        ids = print_tags.resolve_ids(args.ids)
        pdf = print_tags.build_tag_pdf(ids, words=_words(args))
        out = printing.write_pdf(pdf, args.out)
    except printing.PrintError as exc:
        from companion.i18n.print_words import english
        print(english(exc), file=sys.stderr)
        return 2
    pages = pdf.pages_count
    print(say("tags-written", out=out, stickers=len(ids), pages=pages))
    return 0


#: The largest mat drawn, 2 m each way (the mat v1 is 800 x 460 mm): at most about 90 A4 tiles.
MAX_MAT_MM = 2000.0


def _read_mat(path):
    """A mat.json read through the product's input reader and checked before any drawing:
    sizes from more than 0 to 2 m, every slot, lane and marker inside the mat."""
    import math

    from companion.engine.inputs import (MAX_SMALL_BYTES, InputError, JSONInputError,
                                         read_json)
    from vision import mat as mat_geometry
    from vision.printing import PrintError

    try:
        data = read_json(path, "mat geometry file", MAX_SMALL_BYTES)
    except FileNotFoundError:
        raise PrintError("no-mat-file", path=str(path)) from None
    except (InputError, JSONInputError) as err:
        raise PrintError("mat-unreadable", path=str(path), reader=err.as_data()) from None
    try:
        mat = mat_geometry.mat_from_dict(data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError):
        raise PrintError("not-a-mat", path=str(path)) from None
    width, height = mat.size
    rects = [*mat.nobles, mat.scan, *mat.decks.values(), *mat.bank.values(),
             *(r for row in mat.market.values() for r in row),
             *((x, y, mat.marker_size, mat.marker_size) for x, y in mat.marker_corners.values())]
    numbers = [width, height, mat.marker_size, mat.marker_border, mat.token_diameter,
               *(v for r in rects for v in r)]
    if not all(math.isfinite(v) for v in numbers):
        raise PrintError("mat-size-not-a-number", path=str(path))
    if not (0 < width <= MAX_MAT_MM and 0 < height <= MAX_MAT_MM):
        raise PrintError("mat-size", path=str(path), width=width, height=height,
                         most=MAX_MAT_MM)
    for x, y, w, h in rects:
        if not (w > 0 and h > 0 and x >= 0 and y >= 0 and x + w <= width and y + h <= height):
            raise PrintError("mat-outside", path=str(path), rect=[x, y, w, h], width=width,
                             height=height)
    if not (0 < mat.token_diameter <= min(width, height) and 0 <= mat.marker_border <= 100
            and all(1 <= c <= 20 for c in mat.lane_capacity.values())
            and all(0 <= c <= 255 for c in mat.background_rgb)):
        raise PrintError("mat-impossible", path=str(path))
    return mat
