"""Who won and how the tie-break decided, in the current language (the Game over screen).
Whose turn it is and the final round: ``companion.ui.play_view.banner_text``.
"""
from __future__ import annotations

from companion.i18n import _, ngettext


def outcome_text(game) -> str:
    """Who won, and how the tie-break decided when it did, in a sentence or two."""
    out = game.outcome
    if out is None:
        return ""
    names = [game.names[i] for i in out.winners]
    best = max(out.points)
    how = (_("Every player passed in one round, so the game ended there.") + " "
           if out.reason == "all-passed" else "")
    cards = out.cards[out.winners[0]]
    if out.tie_break is None:
        return how + ngettext("{name} wins with {n} point.", "{name} wins with {n} points.",
                              best).format(name=names[0], n=best)
    tied = [game.names[i] for i in range(game.n) if out.points[i] == best]
    if out.tie_break == "fewest-cards":
        return how + ngettext(
            "{names} tied on {n} points; {name} wins the tie-break with the fewest purchased "
            "cards ({cards}).",
            "{names} tied on {n} points; {name} wins the tie-break with the fewest purchased "
            "cards ({cards}).", best).format(names=_(" and ").join(tied), n=best,
                                             name=names[0], cards=cards)
    return how + ngettext(
        "{names} tied on {n} points and on purchased cards ({cards}): a shared victory.",
        "{names} tied on {n} points and on purchased cards ({cards}): a shared victory.",
        best).format(names=_(" and ").join(names), n=best, cards=cards)
