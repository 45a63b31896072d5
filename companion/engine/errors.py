"""Errors, split by cause (as python-chess splits invalid, illegal and ambiguous moves).

Every error that rejects a line carries the rule code of ``rules.md`` and a sentence a player
understands at the table.
"""
from __future__ import annotations


class RuleError(ValueError):
    """A line was rejected. ``rule`` is the code from rules.md, ``message`` the sentence."""

    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule = rule
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rule!r}, {self.message!r})"


class MalformedError(RuleError):
    """The line can't be read: bad JSON, unknown event, card, noble or colour, wrong shape."""

    def __init__(self, message: str):
        super().__init__("malformed", message)


class IllegalActionError(RuleError):
    """The line is well formed but breaks a rule of the game."""


class RecordError(Exception):
    """The file can't be read as a game record at all (missing, empty, not a valid header)."""

    def __init__(self, message: str, line: int = 1):
        super().__init__(message)
        self.message = message
        self.line = line
