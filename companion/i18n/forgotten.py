"""A forgotten press in the player's language (session.md version 2): the turns recorded at
once, and the question to the seat that forgot its button."""
from __future__ import annotations

from companion.i18n import _, ngettext
from companion.i18n.words import join

__all__ = ["recorded_head", "turns_question", "turns_hint", "turns_hint_next", "countdown"]


def countdown(game, seconds: int) -> str:
    """Hands-free turns: the active seat's turn ends by itself unless someone touches."""
    return ngettext("{name}'s turn ends in {n} second: touch the screen to keep playing.",
                    "{name}'s turn ends in {n} seconds: touch the screen to keep playing.",
                    seconds).format(name=game.names[game.active], n=seconds)


def recorded_head(names) -> str:
    """"Ana's turn and Ben's turn are both recorded:" (``companion.i18n.verdicts`` says each
    turn after it)."""
    if len(names) == 2:
        return _("{first}'s turn and {second}'s turn are both recorded:").format(
            first=names[0], second=names[1])
    return _("The turns of {names} are all recorded:").format(names=join(names))


def turns_hint(game, verdict) -> str:
    """The Play screen's words above the turns to touch."""
    forgot = game.names[game.active]
    return _("{name} pressed, but {forgot} did not press at the end of the turn. {forgot}, "
             "touch the turn you played:").format(name=game.names[verdict.seat], forgot=forgot)


def turns_hint_next(name) -> str:
    """The words above the next seat's turns, when the turns are asked seat by seat."""
    return _("{name}, now touch the turn you played:").format(name=name)


def turns_question(game, verdict) -> str:
    """The question in a sentence (the banner, the logs in English)."""
    forgot = game.names[game.active]
    return _("{name} pressed, but {forgot} did not press at the end of the turn, and the table "
             "fits more than one way the turns went. {forgot}, show your turn on the "
             "screen.").format(name=game.names[verdict.seat], forgot=forgot)
