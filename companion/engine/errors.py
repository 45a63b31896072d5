"""Errors, split by cause (as python-chess splits invalid, illegal and ambiguous moves).

A rejection is a value: the rule code of ``rules.md``, the reason (which of the rule's cases)
and its facts (plain JSON data: which colour, how many, which card, what was paid and owed).
The engine says no sentence; ``companion.i18n.messages`` says one from these, in any language.
"""
from __future__ import annotations

from .inputs import FileFacts


class RuleError(ValueError):
    """A line was rejected: ``rule`` is the code from rules.md, ``reason`` the case of that
    rule that was broken, ``facts`` its values (names, colour indexes, counts, card and noble
    ids, token tuples in the engine's colour order)."""

    def __init__(self, rule: str, reason: str = "", facts: dict | None = None):
        self.rule = rule
        self.reason = reason or rule
        self.facts = dict(facts or {})
        super().__init__(rule, self.reason, self.facts)

    def __str__(self) -> str:   # for logs and tracebacks, never for a player
        return f"{self.rule} ({self.reason}): {self.facts}"

    def as_data(self) -> dict:
        """The refusal as plain JSON data: ``rule``, ``key`` (the reason) and ``data`` (the
        facts, tuples as lists): what a Verdict and a record of it carry."""
        return {"rule": self.rule, "key": self.reason, "data": _plain(self.facts)}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rule!r}, {self.reason!r}, {self.facts!r})"


def _plain(value):
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


class MalformedError(RuleError):
    """The line can't be read: bad JSON, unknown event, card, noble or colour, wrong shape.

    ``reason`` is the cause (``not-a-card``, ``field-missing``, ``player-not-a-seat``...) and
    ``facts`` its values (the field, the value found, the seats there are), as for any
    refusal; ``companion.i18n.messages`` says it (the records' English, one sentence)."""

    def __init__(self, reason: str, **facts):
        super().__init__("malformed", reason, facts)


class IllegalActionError(RuleError):
    """The line is well formed but breaks a rule of the game."""


class RecordError(FileFacts):
    """The file can't be read as a game record at all (missing, empty, not a valid header):
    ``cause`` and its facts, like :class:`MalformedError`; ``companion.i18n.files`` says it.

    Causes: ``no-file``, ``not-utf8``, ``empty-file`` (``path``); ``unreadable`` (``input``:
    the :class:`~companion.engine.inputs.InputError` as data); ``empty``; the header's
    ``header-not-json`` (``json``: the JSON reader's cause as data), ``not-a-header``,
    ``version`` (the ``version`` found), ``players`` (``least``, ``most``), ``unknown-fields``
    (``fields``), ``rules-fields``, ``short-take`` (``choices``). ``line``: the line (1)."""

    def __init__(self, cause: str, line: int = 1, **facts):
        super().__init__(cause, **facts)
        self.line = line
