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

COMMAND_MODULES = [
    "companion.engine.commands",
    "companion.referee.commands",
    "companion.ai.commands",
    "companion.ai.coach_command",
    "companion.share_commands",
    "hardware.commands",
    "vision.print_commands",
    "vision.commands",
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
    from companion import console
    console.install()
    return console.run_guarded(_run, argv)


def _run(argv: list[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        from companion import console
        console.uninstall()
        return _start_app(args)
    return int(args.func(args) or 0)


def _start_app(args: argparse.Namespace) -> int:
    try:
        app = importlib.import_module("companion.app")
    except ModuleNotFoundError as exc:
        if exc.name != "companion.app":
            raise
        print("The touchscreen app is not built yet. Available commands:", file=sys.stderr)
        build_parser().print_help(sys.stderr)
        return 0
    return int(app.main(demo=args.demo) or 0)


if __name__ == "__main__":
    sys.exit(main())
