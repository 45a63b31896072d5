"""The computer player's moves as instructions in the current language: the twin of
``companion.ai.player.describe_move`` / ``card_words`` (English word for word), for the seat
whose move the computer chose or the coach suggests.
"""
from __future__ import annotations

from companion.engine import CARDS
from companion.i18n import _, ngettext
from companion.i18n.words import card_phrase, count_of, noble_phrase

_COLOUR_INDEX = {"white": 0, "blue": 1, "green": 2, "red": 3, "black": 4, "gold": 5}


def _count(gems: dict) -> str:
    return _(", ").join(count_of(_COLOUR_INDEX[c], n) for c, n in gems.items())


def card_words(card_id: str) -> str:
    """'the level 2 red card worth 2 points (2R03)'."""
    card = CARDS[card_id]
    level, n = card.level, card.points
    no_points = (
        lambda: _("the level {level} white card with no points ({card})"),
        lambda: _("the level {level} blue card with no points ({card})"),
        lambda: _("the level {level} green card with no points ({card})"),
        lambda: _("the level {level} red card with no points ({card})"),
        lambda: _("the level {level} black card with no points ({card})"),
    )
    worth = (
        lambda: ngettext("the level {level} white card worth {n} point ({card})",
                         "the level {level} white card worth {n} points ({card})", n),
        lambda: ngettext("the level {level} blue card worth {n} point ({card})",
                         "the level {level} blue card worth {n} points ({card})", n),
        lambda: ngettext("the level {level} green card worth {n} point ({card})",
                         "the level {level} green card worth {n} points ({card})", n),
        lambda: ngettext("the level {level} red card worth {n} point ({card})",
                         "the level {level} red card worth {n} points ({card})", n),
        lambda: ngettext("the level {level} black card worth {n} point ({card})",
                         "the level {level} black card worth {n} points ({card})", n),
    )
    form = (no_points if n == 0 else worth)[card.bonus]()
    return form.format(level=level, n=n, card=card_id)


def describe_move(lines, names=None, game=None, printed: bool = False) -> str:
    """The turn in words for the person who carries it out. ``printed``: cards and nobles
    named by what is printed on them (the screens: players never see sticker ids); else with
    their ids, as ``ai-move`` says them."""
    gold = game is None or bool(game.reserve_gold)
    if printed:
        def card_words(cid):   # noqa: F811 (the screen's naming, shadowing the id form)
            return card_phrase(cid, game, case="accusative")   # Buy / Reserve what

    else:
        card_words = globals()["card_words"]
    parts = []
    for line in lines:
        kind = line["type"]
        if kind == "take":
            parts.append(_("Take {tokens}.").format(tokens=_count(line["gems"])))
        elif kind == "reserve" and "level" in line:
            if gold:
                parts.append(_("Reserve the top card of the level {level} deck, take 1 gold, and "
                               "show it to the camera's scan zone.").format(level=line["level"]))
            else:
                parts.append(_("Reserve the top card of the level {level} deck, and show it to "
                               "the camera's scan zone.").format(level=line["level"]))
        elif kind == "reserve":
            if gold:
                parts.append(_("Reserve {card} and take 1 gold.").format(
                    card=card_words(line["card"])))
            else:
                parts.append(_("Reserve {card}.").format(card=card_words(line["card"])))
        elif kind == "buy":
            if line["pay"]:
                parts.append(_("Buy {card}; paying {tokens}.").format(
                    card=card_words(line["card"]), tokens=_count(line["pay"])))
            else:
                parts.append(_("Buy {card}; your bonuses pay for it.").format(
                    card=card_words(line["card"])))
        elif kind == "pass":
            parts.append(_("Pass: no move is possible."))
        elif kind == "return":
            parts.append(_("Then give back {tokens}.").format(tokens=_count(line["gems"])))
        elif kind == "noble" and printed:
            parts.append(_("Then take {noble}.").format(
                noble=noble_phrase(line["noble"], case="accusative")))
        elif kind == "noble":
            parts.append(_("Then take noble {noble}.").format(noble=line["noble"]))
    sentence = " ".join(parts)
    if names is not None and lines:
        name = names[lines[0]["player"]]
        return _("{name}: {move}").format(name=name, move=_lower_first(sentence))
    return sentence


def _lower_first(s: str) -> str:
    # English and Polish lower the first letter after "Name:"; Hangul has no case.
    return s[:1].lower() + s[1:]
