"""The league's test in Settings, from its fact (companion.app.league.check) to a sentence."""
from __future__ import annotations

from companion.i18n import _


def check_words(fact: str) -> str:
    if fact == "answered":
        return _("The league answered and accepts this table's token.")
    if fact == "no-settings":
        return _("Enter the league's address, this table's name and its token first.")
    if fact == "unreachable":
        return _("The league did not answer: check its address and the network.")
    if fact == "token":
        return _("The league answered, but it does not accept this token.")
    if fact == "other-table":
        return _("The league answered, but this token belongs to another table.")
    return _("Something answered at that address, but it is not a league server.")
