"""The referee's verdict on one press, answer or touch entry."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

KINDS = ("accepted", "rejected", "question", "unreadable", "entered")


@dataclass(frozen=True)
class Verdict:
    """What the referee said about one press (or answer, or touch entry).

    ``kind``: ``accepted`` (``lines`` were added to the record), ``rejected`` (``rule`` is the
    code of rules.md; nothing changed), ``question`` (``question`` names it, ``candidates``
    are the values an answer may give), ``unreadable`` (nothing changed; ``message`` says what
    to clear), or ``entered`` (a touch-entered line of a turn still in progress; the turn is
    accepted at its ``end_turn``). ``asked`` names the question a final verdict answered.
    ``options`` holds, for a question, each candidate turn as engine actions (private).
    ``data`` holds the facts of a refusal as plain JSON data, for the screen to say it in any
    language (``companion.i18n.verdicts``): ``problem`` (the broken rule's key and values,
    ``companion.i18n.messages.to_data``), ``out``/``into`` (tokens taken from / paid into the
    bank), ``card``, ``claims`` (noble tiles taken), ``mismatch`` (what differs on the table),
    ``key`` (a fixed refusal); for an unreadable one, the camera's facts (``covered``,
    ``uncertain``, ``twice``, ``overfull``, ``unread_deal``, or a ``key`` with its values,
    ``companion.i18n.camera``); for an accepted turn, ``noble_tile`` (the visiting noble whose
    tile is still on the mat), ``replaced_entries`` (touch-entered lines the camera's turn
    replaced), ``not_a_choice`` (an answer that is not one of the question's choices); a
    malformed entry's ``problem`` is the engine's cause and facts. ``message``: a sentence
    given with the verdict; the referee gives none (companion.i18n says every verdict).
    """

    kind: str
    seat: Optional[int] = None
    lines: tuple = ()
    rule: Optional[str] = None
    message: str = ""
    question: Optional[str] = None
    candidates: tuple = ()
    asked: Optional[str] = None
    options: tuple = field(default=(), repr=False, compare=False)
    data: dict = field(default_factory=dict, repr=False, compare=False)
    #: A forgotten press (session.md version 2): the seats whose turns the verdict holds (an
    #: accepted one) or asks about (a ``turns`` question), in turn order; empty otherwise.
    turns: tuple = ()

    def to_dict(self, press: Optional[int] = None, message: str = "") -> dict:
        """The verdict object of ``rejudge --json`` (session.md); ``message``: its English,
        made by ``companion.i18n.verdicts.english_verdict`` (the referee hands up facts)."""
        out: dict = {}
        if press is not None:
            out["press"] = press
        out["seat"] = self.seat
        out["verdict"] = self.kind
        if self.kind in ("accepted", "entered"):
            if self.turns:
                out["turns"] = list(self.turns)
            out["lines"] = [dict(line) for line in self.lines]
        elif self.kind == "rejected":
            out["rule"] = self.rule
        elif self.kind == "question":
            out["question"] = self.question
            out["candidates"] = list(self.candidates)
        if message or self.message:
            out["message"] = message or self.message
        if self.asked:
            out["asked"] = self.asked
        return out
