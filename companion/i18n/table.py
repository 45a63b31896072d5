"""The table's running sentences in the current language: whose turn it is, the final round,
who won and how the tie-break decided. Twins of ``companion.viewmodel.banner`` and
``outcome_text`` (English word for word, tested), for the screens to call once wrapped.
"""
from __future__ import annotations

from companion.i18n import _, ngettext


def banner(game) -> str:
    if game.finished:
        return _("The game is over.")
    name = game.names[game.active]
    if game.final_round:
        leader = max(range(game.n), key=lambda i: game.points[i])
        return _("Final round: {leader} has reached 15 points. It is {name}'s turn.").format(
            leader=game.names[leader], name=name)
    return _("It is {name}'s turn.").format(name=name)


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
