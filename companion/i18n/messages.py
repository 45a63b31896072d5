"""What the engine and the referee say, in the current language.

The engine rejects an action with a value, :class:`~companion.engine.RuleError`: the rule code,
the reason (which case of the rule) and its facts (names, colours, counts, cards, tokens). This
module is where those become a sentence: :func:`render` in the current language, for the
screen; :func:`english` in the English of records, logs and ``--json`` output (cards and nobles
by their ids). Nothing else says a rule's refusal.

>>> from companion.engine import SimulatedTable, TakeGems
>>> from companion.i18n import translator
>>> game = SimulatedTable(players=2, seed=1).new_game()
>>> err = refusal(game, TakeGems(game.active, (0, 0, 0, 0, 0, 1)))
>>> err.rule, err.reason
('take-gold', 'take-gold')
>>> translator.set_language("pl")
>>> render(err, game)
'Złota nie można wziąć akcją brania znaczników: znacznik złota dostaje się tylko przy rezerwacji karty.'
>>> translator.set_language("en")
"""
from __future__ import annotations

from typing import NamedTuple, Optional

from companion.engine import RuleError
from companion.i18n import _, in_records, naming_ids, ngettext
from companion.i18n.files import json_sentence
from companion.i18n.words import (cap, card_phrase, describe_tokens, noble_phrase,
                                  nobles_phrase, tokens_of)


class Problem(NamedTuple):
    """A refusal as plain data (what a Verdict keeps): the rule code (rules.md), the reason
    (which sentence) and its facts."""

    rule: str
    key: str
    data: dict


def problem_of(err) -> Problem:
    """The refusal ``err`` (a :class:`RuleError`, a :class:`Problem` or its data) as a Problem."""
    if isinstance(err, Problem):
        return err
    if isinstance(err, RuleError):
        return Problem(err.rule, err.reason, dict(err.facts))
    found = from_data(err)
    if found is None:
        raise TypeError(f"not a refusal: {err!r}")
    return found


def refusal(game, action) -> Optional[RuleError]:
    """The engine's refusal of ``action`` on ``game`` (as ``Game.check`` raises it), or None."""
    try:
        game.check(action)
    except RuleError as err:
        return err
    return None


# ----------------------------------------------------------------------------- sentences
def render(problem, game=None) -> str:
    """The sentence for a refusal (a RuleError or a Problem) in the current language. Cards
    and nobles are named by what is printed on them (with the cost where another card in view
    of ``game`` looks the same), never by their sticker ids."""
    problem = problem_of(problem)
    if problem.rule == "malformed":
        # What is wrong with the line (which field, which value) is for the records only.
        if naming_ids():
            said = malformed_english(problem.key, problem.data)
            if said:
                return said
        return _("That entry can't be read.")
    return cap(_render(problem, game))


#: A malformed line's cause (MalformedError.reason) in the records' English, from its facts:
#: what ``replay``, ``rejudge`` and the logs print (record.md: one clear sentence). Players
#: read "That entry can't be read." in their language.
MALFORMED = {
    "not-json": "This line can't be read: {json}",
    "not-an-object": "This line is not a JSON object.",
    "empty-line": "This line is empty; every line must be one JSON object.",
    "field-missing": 'A "{event}" line needs a "{field}" field.',
    "unknown-fields": 'A "{event}" line has no field {fields}.',
    "not-an-event": "{event!r} is not an event type of the game record.",
    "player-not-a-number": '"player" must be a seat number.',
    "player-not-a-seat": "Player {player} is not a seat at this table (seats 0 to {last}).",
    "tokens-not-a-map": '"{field}" must map colours to counts.',
    "tokens-empty": '"{field}" must name at least one token.',
    "not-a-colour": "{colour!r} is not a colour (white, blue, green, red, black, gold).",
    "count-not-positive": "The count of {colour} must be a positive whole number.",
    "not-a-card": "{card!r} is not a card id (1W01 to 3K04).",
    "not-a-noble": "{noble!r} is not a noble id (N01 to N10).",
    "not-a-slot": "{slot!r} is not a slot of a market row (0 to 3).",
    "level-not-1-to-3": '"level" must be 1, 2 or 3.',
    "slot-not-0-to-3": '"slot" must be 0, 1, 2 or 3.',
    "first-not-a-number": '"first" must be a seat number.',
    "nobles-not-a-list": '"nobles" must be a list of noble ids.',
    "market-not-lists": '"market" must be 3 lists of card ids (null for an empty slot).',
    "setup-twice": "The game was already set up; a record has one setup line.",
    "setup-not-second": "The game has not been set up yet: the line after the header must be "
                        "the setup.",
    "not-set-up": "The game has not been set up yet.",
    "no-setup": "The record has no setup line.",
    "player-count": "A game needs {least} to {most} players, not {players}.",
    "first-not-a-seat": "The first player must be a seat from 0 to {last}.",
    "nobles-count": "A {players}-player game reveals {nobles} nobles, not {count}.",
    "noble-twice": "The same noble is dealt twice.",
    "market-rows": "The market has 3 rows, level 1 first.",
    "row-slots": "The level {level} row needs 4 slots, not {count}.",
    "dealt-not-a-card": "{card!r} is not a card id.",
    "card-wrong-level": "Card {card} is not a level {level} card.",
    "card-twice": "The same card is dealt twice in the level {level} row.",
    "entry-not-an-object": "An entry must be one record line (a JSON object).",
    "entry-before-setup": "The game is not set up yet: enter or confirm the dealt table first.",
    "entry-setup-twice": "The game is already set up; a game has one setup.",
}


def malformed_english(cause: str, facts: dict) -> Optional[str]:
    """A malformed line's sentence in the records' English (None for an unknown cause)."""
    if cause == "malformed":   # a refusal recorded before causes existed: its own words
        return facts.get("detail")
    template = MALFORMED.get(cause)
    if template is None:
        return None
    values = dict(facts)
    if "players" in values and isinstance(values["players"], int):
        values["last"] = values["players"] - 1
        values["nobles"] = values["players"] + 1
    if isinstance(values.get("fields"), list):
        values["fields"] = ", ".join(str(f) for f in values["fields"])
    if "json" in values:   # the JSON reader's refusal (its facts; an old record's sentence)
        said = json_sentence(values["json"])
        values["json"] = said[:1].lower() + said[1:]
    try:
        return template.format(**values)
    except (KeyError, IndexError):   # facts missing (damaged data): the cause alone is said
        return None


english = in_records(
    render, """The refusal's sentence in the English of records, logs and ``--json`` output.""")


def _render(problem: Problem, game) -> str:
    d = dict(problem.data)
    if "card" in d:
        d["card"] = card_phrase(d["card"], game)
    if "noble" in d:
        d["noble"] = noble_phrase(d["noble"])
    key = problem.key
    if key == "game-over":
        return _("The game is over: no more moves can be made.")
    if key == "reveal-before-main":
        return _("A card can only be dealt into a slot after the turn's main action.")
    if key == "not-your-turn":
        return _("It is {active}'s turn, not {name}'s.").format(**d)
    if key == "one-action-per-turn":
        return _("{name} has already made this turn's main action: only one main action "
                 "per turn.").format(**d)
    if key == "pass-while-legal":
        return _("{name} can't pass while a legal action exists: take tokens, reserve or buy "
                 "a card.").format(**d)
    if key == "end-before-main":
        return _("{name} has not made a main action yet: take tokens, reserve or buy a card "
                 "before you end the turn.").format(**d)
    if key == "step-before-main":
        return _("{name} has not made a main action yet: take tokens, reserve or buy a card "
                 "before you do that.").format(**d)
    if key == "take-gold":
        return _("Gold can't be taken with a take action: a gold token only comes with "
                 "reserving a card.")
    if key == "take-two-needs-four":
        n = d["n"]
        return ngettext("Only {tokens} is in the bank: taking two of one colour needs at "
                        "least 4 in the pile.",
                        "Only {tokens} are in the bank: taking two of one colour needs at "
                        "least 4 in the pile.", n).format(tokens=tokens_of(d["colour"], n))
    if key == "take-illegal":
        return _("Taking {tokens} is not a legal take: take 3 tokens of 3 different colours, "
                 "or 2 of one colour from a pile of 4 or more.").format(
                     tokens=describe_tokens(d["gems"]))
    if key == "take-short-never":
        return _("Taking only {tokens} is not a legal take: take 3 tokens of 3 different "
                 "colours (fewer than 3 are never allowed at this table).").format(
                     tokens=describe_tokens(d["gems"]))
    if key == "take-short-scarce":
        return ngettext("Taking only {tokens} is not a legal take: take 3 tokens of 3 "
                        "different colours (the bank still has {n} colour).",
                        "Taking only {tokens} is not a legal take: take 3 tokens of 3 "
                        "different colours (the bank still has {n} colours).", d["n"]).format(
                            tokens=describe_tokens(d["gems"]), n=d["n"])
    if key == "bank-empty":
        from companion.i18n.words import colour_tokens
        return _("There are no {tokens} left in the bank.").format(
            tokens=colour_tokens(d["colour"]))
    if key == "card-not-available":
        return _("{card} is not face-up on the table nor among {name}'s reserved "
                 "cards.").format(**d)
    if key == "reserve-limit":
        return _("{name} already holds 3 reserved cards: a fourth can't be reserved.").format(**d)
    if key == "reserve-not-face-up":
        return _("{card} is not face-up on the table, so it can't be reserved.").format(**d)
    if key == "reserve-empty-deck":
        return _("The level {level} deck is empty: there is no card to reserve from "
                 "it.").format(**d)
    if key == "reserve-not-top":
        return _("{card} can't be the top card of the level {level} deck: it is not an "
                 "unseen level {level} card.").format(**d)
    if key == "paid-more-than-held":
        return ngettext("{name} paid {tokens} but holds only {held}.",
                        "{name} paid {tokens} but holds only {held}.", d["held"]).format(
                            name=d["name"], tokens=tokens_of(d["colour"], d["n"]),
                            held=d["held"])
    if key == "payment-mismatch":
        return _("{card} costs {owed} after {name}'s bonuses, but {paid} was paid: pay "
                 "exactly the cost, with gold standing in for any colour.").format(
                     card=d["card"], name=d["name"], owed=describe_tokens(d["owed"]),
                     paid=describe_tokens(d["paid"]))
    if key == "return-not-over":
        return ngettext("{name} holds {held} token: tokens are only returned by a player "
                        "holding more than 10.",
                        "{name} holds {held} tokens: tokens are only returned by a player "
                        "holding more than 10.", d["held"]).format(**d)
    if key == "return-too-many":
        return ngettext("{name} holds {held} tokens and must return only {due}, not {n}: a "
                        "return never goes below 10.",
                        "{name} holds {held} tokens and must return only {due}, not {n}: a "
                        "return never goes below 10.", d["n"]).format(**d)
    if key == "return-not-held":
        return ngettext("{name} can't return {tokens}: they hold {held}.",
                        "{name} can't return {tokens}: they hold {held}.", d["held"]).format(
                            name=d["name"], tokens=tokens_of(d["colour"], d["n"]),
                            held=d["held"])
    if key == "one-noble-per-turn":
        return _("{name} has already had a noble visit this turn: at most one noble per "
                 "turn.").format(**d)
    if key == "noble-not-on-table":
        # Polish says what is missing in the genitive ("Na stole nie ma arystokraty ...").
        return _("{noble} is not on the table.").format(
            noble=noble_phrase(problem.data["noble"], case="genitive"))
    if key == "noble-not-earned":
        return _("{noble} needs bonuses of {requires}; {name}'s cards don't meet that "
                 "yet.").format(noble=d["noble"], name=d["name"],
                                requires=describe_tokens(d["requires"]))
    if key == "reveal-wrong-level":
        return _("{card} is not a level {level} card, so it can't come from the level "
                 "{level} deck.").format(**d)
    if key == "reveal-slot-full":
        return _("Slot {slot} of level {level} is not empty: a card is only dealt into an "
                 "empty slot.").format(**d)
    if key == "reveal-seen":
        return _("{card} can't come from the level {level} deck: it has already been "
                 "seen on the table.").format(**d)
    if key == "reveal-missing":
        return _("Slot {slot} of level {level} is empty: deal the top card of the level "
                 "{level} deck into it before ending the turn.").format(**d)
    if key == "tokens-over-ten":
        return ngettext("{name} holds {held} tokens: return {due} to the bank before ending "
                        "the turn.",
                        "{name} holds {held} tokens: return {due} to the bank before ending "
                        "the turn.", d["due"]).format(**d)
    if key == "noble-must-visit":
        nobles = d["nobles"]
        if len(nobles) == 1:
            return _("{noble} must visit {name}: take the tile before ending the "
                     "turn.").format(noble=noble_phrase(nobles[0]), name=d["name"])
        return _("{nobles} must visit {name}: take one of the tiles before ending the "
                 "turn.").format(nobles=nobles_phrase(nobles), name=d["name"])
    raise KeyError(key)


def say(err, game=None) -> str:
    """The refusal ``err`` in the current language (:func:`render`)."""
    return render(err, game)


def to_data(problem) -> dict:
    """The refusal as plain JSON data (a Verdict carries it; lists for tuples)."""
    import json
    return json.loads(json.dumps(problem_of(problem)._asdict()))


def from_data(data) -> Optional[Problem]:
    """A problem back from :func:`to_data` (None if ``data`` is not one)."""
    if isinstance(data, Problem):
        return data
    if not isinstance(data, dict) or not {"rule", "key", "data"} <= set(data):
        return None
    return Problem(data["rule"], data["key"], dict(data["data"]))


__all__ = ["Problem", "problem_of", "refusal", "render", "english", "say", "to_data",
           "from_data"]
