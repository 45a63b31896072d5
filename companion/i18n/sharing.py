"""Why a game can't be shared (``companion.share``'s ``ShareError``), said from its facts: the
one place these sentences are made, by :func:`say` in the current language: the player's in
the app, English in ``splendor-companion share`` (the command never sets a language; cards are
named as they look, as the players read them, not by the records' ids).

The refusal is a ``cause`` and its ``facts``: ``not-a-record`` (``record``: the record
reader's refusal as data); ``broken`` (``line``, ``problem``: the engine's rejection,
``game``: the game it was judged on, so cards are named as they look); ``not-set-up``;
``in-progress`` (``turns``, ``name``: whose turn it is); ``no-folder`` (``folder``, ``os``:
the operating system's cause, a key of ``companion.referee.notice.os_cause``).

>>> from types import SimpleNamespace as Refusal
>>> say(Refusal(cause="in-progress", facts={"turns": 7, "name": "Ana"}))
"This game is not finished yet, so it can't be logged in BG Stats: 7 turns played, Ana to play."
"""
from __future__ import annotations

from companion.i18n import _, translator
from companion.i18n.files import record_sentence
from companion.i18n.messages import render
from companion.i18n.notices import os_cause_text


def say(err) -> str:
    """The refusal ``err`` (its ``cause`` and ``facts``) in the current language."""
    cause, f = err.cause, err.facts
    if cause == "not-a-record":
        return record_sentence(f["record"])
    if cause == "broken":
        return _("Line {line} of this record breaks a rule, so the game can't be logged in "
                 "BG Stats. {message}").format(line=f["line"],
                                               message=render(f["problem"], f.get("game")))
    if cause in ("not-set-up", "in-progress"):
        state = (_("the game was never set up") if cause == "not-set-up" else
                 _("{turns} turns played, {name} to play").format(turns=f["turns"],
                                                                  name=f["name"]))
        return _("This game is not finished yet, so it can't be logged in BG Stats: "
                 "{state}.").format(state=state)
    if cause == "no-folder":
        return _("The folder {folder} can't be written to: {cause}").format(
            folder=f["folder"], cause=os_cause_text(f["os"], translator))
    return _("This game can't be logged in BG Stats.")


__all__ = ["say"]
