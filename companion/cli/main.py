"""The `splendor-companion` command.

Each area of the product registers its own subcommands: a module listed in
``COMMAND_MODULES`` has a ``register(subparsers)`` function that adds its
parsers and sets ``func`` on them. Registration must stay cheap (no OpenCV or
Kivy import at module level) so that `replay` starts fast.

With no subcommand the touchscreen app starts (``--demo`` plays a simulated
game by itself).
"""
from __future__ import annotations

import argparse
import importlib
import sys

from companion.i18n.commands import english as say

COMMAND_MODULES = [
    "companion.cli.replay",
    "companion.cli.rejudge",
    "companion.cli.ai",
    "companion.cli.coach",
    "companion.cli.share",
    "companion.cli.panel",
    "companion.cli.printing",
    "companion.cli.table",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="splendor-companion",
        description="A referee and scorekeeper beside a real game of Splendor.",
    )
    parser.add_argument("--demo", action="store_true",
                        help="start the app with a simulated table that plays a game by itself")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    from companion.cli import console
    console.install()
    return console.run_guarded(_run, argv)


def _run(argv: list[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        from companion.cli import console
        console.uninstall()
        return _start_app(args)
    return int(args.func(args) or 0)


def _start_app(args: argparse.Namespace) -> int:
    try:
        app = importlib.import_module("companion.ui.window")
    except ModuleNotFoundError as exc:
        if exc.name != "companion.ui.window":
            raise
        print(say("app-not-built"), file=sys.stderr)
        build_parser().print_help(sys.stderr)
        return 0
    demo = None
    if args.demo:
        from workbench.demo import DemoDriver
        demo = DemoDriver
    return int(app.main(demo=demo) or 0)


if __name__ == "__main__":
    sys.exit(main())
