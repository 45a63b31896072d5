"""Words the messages share: colours and tokens in the current language, lists, seats.

Polish adjectives agree with the number ("1 biały znacznik", "2 białe znaczniki", "5 białych
znaczników"): every counted phrase is an ``ngettext`` of its own, never a number glued to a
translated word.
"""
from __future__ import annotations

from companion.i18n import N_, _, naming_ids, ngettext, npgettext, pgettext

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


# ----------------------------------------------------------------------------- cards, nobles
# A card or noble named by what is printed on it (players never see the sticker ids, which
# stay in the logs and records). Translators: the phrase stands alone (after a colon or as the
# subject), so it may keep its own case.
def cap(text: str) -> str:
    """The sentence with its first letter capitalised (a phrase may open it)."""
    return text[:1].upper() + text[1:]


def _in_view(game) -> list:
    """The cards a player can see: face-up in the market and every known reserved card."""
    out = [c.id for row in game.market for c in row if c is not None]
    for hand in game.reserved:
        out.extend(r.id for r in hand if getattr(r, "id", None))
    return out


def card_phrase(card_id: str, game=None, cost: bool = False, case: str = "") -> str:
    """'the level-2 blue card worth 1 point'; with its cost ('… that costs 3 white and 2 red')
    when ``cost`` or when another card in view of ``game`` prints the same level, colour and
    points. ``case``: the grammatical case the sentence puts it in ("accusative": what is
    bought or reserved, Polish "kup kartę rozwoju ..."); a message of its own per case (the
    English is the same), never a phrase pasted into every sentence."""
    from companion.engine import CARDS
    if naming_ids():
        return f"card {card_id}"
    c = CARDS[card_id]
    if c.points and case == "accusative":
        text = npgettext("accusative", "the level-{level} {colour} card worth {n} point",
                         "the level-{level} {colour} card worth {n} points", c.points).format(
                             level=c.level, colour=colour_name(c.bonus), n=c.points)
    elif c.points:
        text = ngettext("the level-{level} {colour} card worth {n} point",
                        "the level-{level} {colour} card worth {n} points", c.points).format(
                            level=c.level, colour=colour_name(c.bonus), n=c.points)
    elif case == "accusative":
        text = pgettext("accusative", "the level-{level} {colour} card with no points").format(
            level=c.level, colour=colour_name(c.bonus))
    else:
        text = _("the level-{level} {colour} card with no points").format(
            level=c.level, colour=colour_name(c.bonus))
    if not cost and game is not None:
        same = (c.level, c.bonus, c.points)
        cost = any(o != card_id and (CARDS[o].level, CARDS[o].bonus, CARDS[o].points) == same
                   for o in _in_view(game))
    if cost:
        text = _("{card} that costs {cost}").format(card=text, cost=describe_tokens(c.cost))
    return text


def noble_phrase(noble_id: str, case: str = "") -> str:
    """'the noble needing 4 white and 4 blue' (the bonuses printed on its tile). ``case``: as
    card_phrase's, a message per case ("accusative": what is taken or put back, Polish "weź
    arystokratę wymagającego ..."; "genitive": what is missing, "nie ma arystokraty ...")."""
    from companion.engine import NOBLES
    if naming_ids():
        return f"noble {noble_id}"
    bonuses = describe_tokens(NOBLES[noble_id].requires)
    if case == "accusative":
        return pgettext("accusative", "the noble needing {bonuses}").format(bonuses=bonuses)
    if case == "genitive":
        return pgettext("genitive", "the noble needing {bonuses}").format(bonuses=bonuses)
    return _("the noble needing {bonuses}").format(bonuses=bonuses)


def nobles_phrase(noble_ids, conjunction: str = "or", case: str = "") -> str:
    """Several nobles: 'the noble needing … or the noble needing …'."""
    sep = _(" or ") if conjunction == "or" else _(" and ")
    if naming_ids():   # the records' English: "noble N03 or N07", "nobles N03 and N07"
        return ("noble " if conjunction == "or" or len(noble_ids) == 1 else "nobles ") + \
            sep.join(noble_ids)
    return sep.join(noble_phrase(n, case) for n in noble_ids)
