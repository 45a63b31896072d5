"""The `print-mat` and `print-tags` subcommands: PDFs to print the mat and the tag stickers."""
from __future__ import annotations

import argparse
import sys


def register(subparsers) -> None:
    """Add `print-mat` and `print-tags` to the CLI (cheap: the drawing code loads on use)."""
    mat = subparsers.add_parser(
        "print-mat",
        help="write the mat as a PDF at full size (800 x 460 mm) or as A4 tiles",
        description="Write the play mat as a PDF at exact scale: one 800 x 460 mm page for a print "
                    "shop, or with --tiles A4 pages with overlap and alignment marks to tape together. "
                    "Print at 100 %% (actual size).",
    )
    mat.add_argument("out", metavar="OUT.pdf", help="the PDF file to write")
    mat.add_argument("--tiles", action="store_true", help="split the mat over A4 pages")
    mat.add_argument("--mat", metavar="MAT.json", default=None,
                     help="mat geometry to draw (default: the project's mat.json)")
    mat.set_defaults(func=print_mat)

    tags = subparsers.add_parser(
        "print-tags",
        help="write A4 sticker sheets with the QR tags of cards and nobles",
        description="Write A4 sticker sheets (PDF, exact scale) with a 30 mm QR tag for every card "
                    "and noble, or only for the ids given. Print at 100 %% (actual size).",
    )
    tags.add_argument("out", metavar="OUT.pdf", help="the PDF file to write")
    tags.add_argument("--ids", nargs="+", metavar="ID", default=None,
                      help="only these card or noble ids (e.g. 1W01 N07)")
    tags.set_defaults(func=print_tags)


def print_mat(args: argparse.Namespace) -> int:
    """Handler for `print-mat`."""
    from vision import printing

    try:
        mat = printing.load_mat(args.mat)
        pdf = printing.build_mat_pdf(mat, tiles=args.tiles)
        out = printing.write_pdf(pdf, args.out)
    except printing.PrintError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.tiles:
        layout = printing.tile_layout(mat)
        print(f"Wrote {out}: the mat on {len(layout.tiles)} A4 {layout.orientation} pages "
              f"({layout.rows} rows x {layout.cols} columns). Print at 100 % (actual size).")
    else:
        w, h = mat.size
        print(f"Wrote {out}: the mat on one {w:g} x {h:g} mm page. Print at 100 % (actual size).")
    return 0


def print_tags(args: argparse.Namespace) -> int:
    """Handler for `print-tags`."""
    from vision import print_tags, printing

    try:
        ids = print_tags.resolve_ids(args.ids)
        pdf = print_tags.build_tag_pdf(ids)
        out = printing.write_pdf(pdf, args.out)
    except printing.PrintError as exc:
        print(exc, file=sys.stderr)
        return 2
    pages = pdf.pages_count
    print(f"Wrote {out}: {len(ids)} tag sticker{'s' if len(ids) != 1 else ''} on {pages} A4 "
          f"page{'s' if pages != 1 else ''}. Print at 100 % (actual size).")
    return 0
