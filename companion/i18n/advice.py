"""The coach's reasons in the player's language: one sentence for each fact of
:mod:`companion.ai.reasons`.

The better move is shown beside these words as a picture, so a sentence says "that card"
rather than naming it again (and needs no card phrase in another grammatical case).

>>> from companion.ai.reasons import Reason
>>> reason_sentence(Reason("deny", 3, seat=1), ["Ana", "Ben"])
'Ben could pay for that card on their next turn: the better move takes it first.'
"""
from __future__ import annotations

from companion.ai.reasons import AFFORD, CLOSER, DENY, NOBLE, POINTS, RETURNED
from companion.i18n import _, ngettext


def reason_sentence(reason, names) -> str:
    """The sentence for one reason; ``names`` are the players' names by seat."""
    n = reason.value
    if reason.code == NOBLE:
        return _("A noble would have visited you at the end of that turn.")
    if reason.code == POINTS:
        return ngettext("It would have scored {n} point at once.",
                        "It would have scored {n} points at once.", n).format(n=n)
    if reason.code == DENY:
        return _("{name} could pay for that card on their next turn: the better move takes it "
                 "first.").format(name=names[reason.seat])
    if reason.code == AFFORD:
        return ngettext("After it you could have paid for a card worth {n} point on your next "
                        "turn.",
                        "After it you could have paid for a card worth {n} points on your next "
                        "turn.", n).format(n=n)
    if reason.code == CLOSER:
        return _("That card's bonus is one a noble on the table still needs from you.")
    if reason.code == RETURNED:
        return ngettext("Your move made you give back {n} token.",
                        "Your move made you give back {n} tokens.", n).format(n=n)
    raise ValueError(f"no sentence for the coach's reason {reason.code!r}")


def reasons_sentence(reasons, names) -> str:
    """Every reason, each a sentence, in their order."""
    return " ".join(reason_sentence(r, names) for r in reasons)


__all__ = ["reason_sentence", "reasons_sentence"]
