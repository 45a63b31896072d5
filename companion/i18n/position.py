"""Why the computer player has no move to make, said from its facts (``companion.ai.view``'s
``PositionError``), and why a match's player is none (``companion.ai.match``'s
``PlayerSpecError``): the one place these sentences are made. :func:`say` words them in the
current language, :func:`english` in the English ``ai-move``, ``coach`` and ``ai-match``
print.

>>> from companion.ai.view import PositionError
>>> english(PositionError("game-over"))
'The game is over: there is no move to make.'
"""
from __future__ import annotations

from companion.ai.match import PlayerSpecError
from companion.i18n import _, in_records
from companion.i18n.messages import render


def say(err) -> str:
    """The position's refusal in the current language (a broken rule's own sentence after
    it), or the match's."""
    cause = err.cause
    if isinstance(err, PlayerSpecError):
        if cause == "not-a-player":
            return _("{spec} is not a player: use random, greedy, staller, classic, puct, L1 to "
                     "L4, or L4:300 for a level's search at 300 iterations.").format(
                         spec=repr(err.facts["spec"]))
        return _("That player can't play in a match.")
    if cause == "breaks-a-rule":
        return _("Line {line} of the record breaks a rule: {rule}").format(
            line=err.facts["line"], rule=render(err.refusal, err.game))
    if cause == "before-setup":
        return _("The record stops before its setup line: there is no game to play yet.")
    if cause == "game-over":
        return _("The game is over: there is no move to make.")
    if cause == "inside-a-turn":
        return _("The record stops inside a turn: the move is asked for at the start of a turn, "
                 "after an end_turn line.")
    return _("There is no move to make from this record.")


english = in_records(say, """The same in the English the commands print.""")


__all__ = ["say", "english"]
