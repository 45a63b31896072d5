"""Every command's --help reads as written: argparse formats only ``help=`` strings with ``%``,
so a description's ``%%`` was printed doubled ("95 %% Wilson intervals")."""
import re

from companion.cli.main import build_parser


def _commands():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return parser, sub.choices


def test_every_command_help_is_printed_as_written():
    parser, commands = _commands()
    assert {"ai-match", "print-mat", "print-tags", "read-table"} <= set(commands)
    for name, command in [("", parser), *commands.items()]:
        text = command.format_help()
        assert "%%" not in text and not re.search(r"%\(\w+\)", text), (name, text)
