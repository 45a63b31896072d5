"""The setup guide and the camera's setup checks in the current language.

The Setup screen and the controller call these; the English is pinned by
``tests/i18n/english_words.json`` (the words of the English-only guide these replaced).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from companion.i18n import _, ngettext
from companion.i18n.words import cap, card_phrase, lane, noble_phrase


@dataclass(frozen=True)
class SetupStep:
    key: str
    title: str
    text: str


def setup_steps(players: int) -> list:
    """The setup guide for a player count, step by step (rules.md, "Components and setup")."""
    from companion.engine.cards import GEMS_PER_COLOUR, GOLD_TOKENS
    gems = GEMS_PER_COLOUR[players]
    back = 7 - gems
    tokens = ngettext("Keep {gems} token of each gem colour and all {gold} gold in the bank "
                      "lanes, one row per lane.",
                      "Keep {gems} tokens of each gem colour and all {gold} gold in the bank "
                      "lanes, one row per lane.", gems).format(gems=gems, gold=GOLD_TOKENS)
    if back:
        tokens += " " + ngettext("Put {n} of each gem colour back in the box.",
                                 "Put {n} of each gem colour back in the box.", back).format(n=back)
    return [
        SetupStep("tokens", _("Tokens"), tokens),
        SetupStep("cards", _("Cards"), _("Shuffle each level's deck, put it in its deck slot, "
                                         "and deal 4 cards face up beside it (level 3 at the "
                                         "top, level 1 at the bottom).")),
        SetupStep("nobles", _("Nobles"),
                  ngettext("Shuffle the nobles and reveal {n} of them in the noble slots, from "
                           "the left.",
                           "Shuffle the nobles and reveal {n} of them in the noble slots, from "
                           "the left.", players + 1).format(n=players + 1)),
        SetupStep("confirm", _("Check"), _("Everyone checks the table. Confirm when it is "
                                           "right.")),
    ]


def step_title(index: int, count: int, title: str) -> str:
    return _("Step {i} of {n}: {title}").format(i=index + 1, n=count, title=title)


def check_step(step: str, observation: Optional[dict], players: int) -> list:
    """What the camera sees wrong for one setup step ([] means a tick), one sentence each."""
    from companion.engine import CARDS, COLOURS, starting_bank
    if observation is None:
        return [_("The camera has no picture yet.")]
    if observation.get("busy"):
        if observation.get("covered"):
            # What is covered, as the referee says it of a setup still: the places under a
            # hand, or corners that can't be seen (an arm over them, or the frame's edge
            # across them while the camera is being set up).
            from companion.i18n.camera import covered
            return [covered({"covered": observation["covered"], "again": "read"})]
        return [_("Something covers the mat: take your hands off the table.")]
    if not observation.get("mat"):
        return [_("The camera can't find the mat: check that its four corner markers are in "
                  "view.")]
    problems = []
    uncertain = set(observation.get("uncertain") or ())
    if step == "tokens":
        want = dict(zip(COLOURS, starting_bank(players)))
        bank = observation.get("bank") or {}
        for i, colour in enumerate(COLOURS):
            n = bank.get(colour)
            if f"bank.{colour}" in uncertain:
                problems.append(_("{lane} can't be counted: lay its tokens flat in one "
                                  "row.").format(lane=_cap(lane(i))))
            elif n != want[colour]:
                problems.append(ngettext("{lane} holds {n}; it needs {want}.",
                                         "{lane} holds {n}; it needs {want}.",
                                         want[colour]).format(lane=_cap(lane(i)), n=n,
                                                              want=want[colour]))
    elif step == "cards":
        market = observation.get("market") or {}
        decks = observation.get("decks") or {}
        for level in (1, 2, 3):
            if not decks.get(str(level)):
                problems.append(_("The level {level} deck is not in its slot.").format(
                    level=level))
            for slot, cid in enumerate(market.get(str(level)) or [None] * 4):
                if cid is None:
                    problems.append(_("Level {level}, slot {slot} is empty: deal a card "
                                      "there.").format(level=level, slot=slot + 1))
                elif cid == "?":
                    problems.append(_("Level {level}, slot {slot}: the card's tag can't be "
                                      "read; straighten the card.").format(level=level,
                                                                           slot=slot + 1))
                elif cid not in CARDS:
                    problems.append(_("Level {level}, slot {slot} holds a tag that is not one "
                                      "of the game's cards.").format(level=level, slot=slot + 1))
                elif CARDS[cid].level != level:
                    # Named by what is printed on it: players don't see the sticker ids.
                    problems.append(_("Level {level}, slot {slot} holds {card}, which is not a "
                                      "level {level} card.").format(
                                          level=level, slot=slot + 1,
                                          card=card_phrase(cid, cost=True)))
    elif step == "nobles":
        nobles = observation.get("nobles") or []
        for slot in range(len(nobles)):
            nid = nobles[slot]
            if slot < players + 1:
                if nid is None:
                    problems.append(_("Noble slot {slot} is empty: reveal a noble "
                                      "there.").format(slot=slot + 1))
                elif nid == "?":
                    problems.append(_("Noble slot {slot}: the tile's tag can't be "
                                      "read.").format(slot=slot + 1))
            elif nid is not None:
                problems.append(ngettext("Noble slot {slot} should stay empty with {n} player.",
                                         "Noble slot {slot} should stay empty with {n} players.",
                                         players).format(slot=slot + 1, n=players))
    return problems


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def draft_words(err) -> str:
    """Why an id can't go in a setup slot (``companion.app.viewmodel.DraftRefused``'s cause and
    facts, duck-typed: the app is above this floor). Cards and nobles are named by what is
    printed on them, never by sticker id."""
    f = err.facts
    if err.cause == "not-a-noble":
        return _("That is not a noble tile.")
    if err.cause == "not-a-card":
        return _("That is not one of the game's cards.")
    if err.cause == "wrong-level":
        return cap(_("{card} is not a level {level} card.").format(
            card=card_phrase(f["card"], cost=True), level=f["level"]))
    if err.cause == "already-on-table":
        # One sentence per kind: a Korean particle follows the noun (타일은, 카드는).
        if f["kind"] == "noble":
            return cap(_("{noble} is already on the table.").format(
                noble=noble_phrase(f["ident"])))
        return cap(_("{card} is already on the table.").format(
            card=card_phrase(f["ident"], cost=True)))
    return _("That can't go there.")
