"""`splendor-companion share RECORD [--qr OUT.png] [--location TEXT] [--session DIR]`."""
from __future__ import annotations

import argparse
import sys

from companion.i18n.commands import english as say


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "share", help="print the BG Stats link of a finished game (and its QR code)",
        description="Print the link that logs a finished game in BG Stats (its import dialog "
                    "opens on the phone). The date and duration come from the table's session "
                    "folder (the one the record sits in, or --session), else the file's time "
                    "with no duration. Exit 0: the link is printed; 1: the game is not finished "
                    "or a line breaks a rule; 2: the file is not a game record.")
    p.add_argument("record", metavar="RECORD", help="the game record file (.jsonl)")
    p.add_argument("--qr", metavar="OUT.png", help="also write the link as a QR code image")
    p.add_argument("--location", metavar="TEXT", default="", help="where the game was played")
    p.add_argument("--session", metavar="DIR",
                   help="the session folder the date and duration come from")
    p.set_defaults(func=run_share)


def run_share(args: argparse.Namespace) -> int:
    from companion.engine.errors import RecordError
    from companion.engine.record import read_lines
    from companion.share.bgstats import (ShareError, finished_game, play_data, play_link, record_time,
                                 write_qr_png)
    try:
        play = finished_game(read_lines(args.record))
    except RecordError as err:
        from companion.i18n.files import english
        print(english(err), file=sys.stderr)
        return 2
    except ShareError as err:
        from companion.i18n.sharing import say as say_refusal
        print(say_refusal(err), file=sys.stderr)   # the command's language: English
        return err.code
    link = play_link(play_data(play, record_time(args.record, args.session), args.location))
    if args.qr:
        try:
            write_qr_png(link, args.qr)
        except OSError as exc:
            print(say("qr-unwritable", path=args.qr, reason=exc.strerror or exc),
                  file=sys.stderr)
            return 2
    print(link)
    return 0
