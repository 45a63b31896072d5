"""Words the messages share: colours and tokens in the current language, lists, seats.

Polish adjectives agree with the number ("1 biały znacznik", "2 białe znaczniki", "5 białych
znaczników"): every counted phrase is an ``ngettext`` of its own, never a number glued to a
translated word.
"""
from __future__ import annotations

from companion.i18n import N_, _, ngettext

# The engine's colour order (companion.engine.cards.COLOURS): white, blue, green, red, black, gold.
COLOUR_WORDS = ("white", "blue", "green", "red", "black", "gold")


def count_of(i: int, n: int, more: bool = False) -> str:
    """'2 white' (a count of one colour inside a list of tokens); ``more``: '2 more white'."""
    if more:
        return _more_of(i, n)
    forms = (
        lambda: ngettext("{n} white", "{n} white", n),
        lambda: ngettext("{n} blue", "{n} blue", n),
        lambda: ngettext("{n} green", "{n} green", n),
        lambda: ngettext("{n} red", "{n} red", n),
        lambda: ngettext("{n} black", "{n} black", n),
        lambda: ngettext("{n} gold", "{n} gold", n),
    )
    return forms[i]().format(n=n)


def _more_of(i: int, n: int) -> str:
    forms = (
        lambda: ngettext("{n} more white", "{n} more white", n),
        lambda: ngettext("{n} more blue", "{n} more blue", n),
        lambda: ngettext("{n} more green", "{n} more green", n),
        lambda: ngettext("{n} more red", "{n} more red", n),
        lambda: ngettext("{n} more black", "{n} more black", n),
        lambda: ngettext("{n} more gold", "{n} more gold", n),
    )
    return forms[i]().format(n=n)


def tokens_of(i: int, n: int) -> str:
    """'2 white tokens' (a count of one colour standing alone)."""
    forms = (
        lambda: ngettext("{n} white token", "{n} white tokens", n),
        lambda: ngettext("{n} blue token", "{n} blue tokens", n),
        lambda: ngettext("{n} green token", "{n} green tokens", n),
        lambda: ngettext("{n} red token", "{n} red tokens", n),
        lambda: ngettext("{n} black token", "{n} black tokens", n),
        lambda: ngettext("{n} gold token", "{n} gold tokens", n),
    )
    return forms[i]().format(n=n)


_COLOUR_NAMES = (N_("white"), N_("blue"), N_("green"), N_("red"), N_("black"), N_("gold"))
_COLOUR_TOKENS = (N_("white tokens"), N_("blue tokens"), N_("green tokens"), N_("red tokens"),
                  N_("black tokens"), N_("gold tokens"))
_LANES = (N_("the white lane"), N_("the blue lane"), N_("the green lane"), N_("the red lane"),
          N_("the black lane"), N_("the gold lane"))


def colour_name(i: int) -> str:
    """'white' (the colour's own name, as on the legend)."""
    return _(_COLOUR_NAMES[i])


def colour_tokens(i: int) -> str:
    """'white tokens' (the kind, no count)."""
    return _(_COLOUR_TOKENS[i])


def lane(i: int) -> str:
    """'the white lane' (the bank's lane of that colour on the mat)."""
    return _(_LANES[i])


def join(items) -> str:
    """'a, b and c' in the current language."""
    items = [str(x) for x in items]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])


def join_or(items) -> str:
    """'a, b or c' in the current language."""
    items = [str(x) for x in items]
    if len(items) <= 1:
        return "".join(items)
    return _("{items} or {last}").format(items=_(", ").join(items[:-1]), last=items[-1])


def describe_tokens(counts, more: bool = False) -> str:
    """'1 white, 2 green and 1 gold' (the engine's describe_tokens, translated); ``more``:
    '1 more white and 2 more green'."""
    parts = [count_of(i, n, more) for i, n in enumerate(counts) if n]
    if not parts:
        return _("nothing")
    return join(parts)


def points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def tokens(n: int) -> str:
    """'12 tokens' of any colours."""
    return ngettext("{n} token", "{n} tokens", n).format(n=n)
