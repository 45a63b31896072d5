"""What the engine and the referee say, in the current language.

The engine's :class:`~companion.engine.RuleError` carries a rule code and an English sentence
built with f-strings; the values in it (names, counts, cards) are not kept apart. So the
sentence is worked out again here from the same two things the engine had, the game (before
the action) and the action, following ``Game._error`` branch by branch: :func:`explain` gives
the rule code, a message key and its values, :func:`render` the sentence. In English it is the
engine's sentence word for word (``tests/i18n/test_messages.py`` checks that on every action of
simulated games, legal and illegal), so the two can't drift apart unseen.

Rule codes, record lines and logs stay English; only what the screen shows goes through here.

>>> from companion.engine import SimulatedTable, TakeGems
>>> from companion.i18n import translator
>>> game = SimulatedTable(players=2, seed=1).new_game()
>>> translator.set_language("pl")
>>> say(game, TakeGems(game.active, (0, 0, 0, 0, 0, 1)))
('take-gold', 'Złota nie można wziąć akcją brania znaczników: znacznik złota dostaje się tylko przy rezerwacji karty.')
>>> translator.set_language("en")
"""
from __future__ import annotations

from typing import NamedTuple, Optional

from companion.engine import RESERVE_LIMIT, TOKEN_LIMIT
from companion.i18n import _, ngettext
from companion.i18n.words import (cap, card_phrase, describe_tokens, noble_phrase,
                                  nobles_phrase, tokens_of)


class Problem(NamedTuple):
    """Why an action is refused: the rule code (rules.md), which sentence, and its values."""

    rule: str
    key: str
    data: dict


def _p(rule: str, key: str, **data) -> Problem:
    return Problem(rule, key, data)


def explain(game, action) -> Optional[Problem]:
    """The first rule ``action`` breaks on ``game`` (as ``Game.check`` finds it), or None.

    Malformed actions (an unknown card or noble id, a slot outside 0-3) are not explained:
    they never come from the table's screens, and the engine raises them as it always did.
    """
    from companion.engine import (BuyCard, ClaimNoble, EndTurn, PassTurn, ReserveBlind,
                                  ReserveCard, ReturnGems, RevealCard, TakeGems)
    if game.is_legal(action):
        return None
    if game.outcome is not None:
        return _p("game-over", "game-over")
    kind = type(action)
    if kind is RevealCard:
        if game.main is None:
            return _p("no-action", "reveal-before-main")
        return _reveal(game, action)
    p = action.player
    name = game.names[p]
    if p != game.active:
        return _p("not-your-turn", "not-your-turn", active=game.names[game.active], name=name)
    if action.main:
        if game.main is not None:
            return _p("one-action-per-turn", "one-action-per-turn", name=name)
        if kind is TakeGems:
            return _take(game, action.gems)
        if kind is BuyCard:
            return _buy(game, p, action.card, action.pay)
        if kind in (ReserveCard, ReserveBlind):
            return _reserve(game, p, action.card, getattr(action, "level", None))
        if kind is PassTurn:
            return _p("no-action", "pass-while-legal", name=name)
    if game.main is None:
        return _p("no-action", "end-before-main" if kind is EndTurn else "step-before-main",
                  name=name)
    if kind is ReturnGems:
        return _return(game, p, action.gems)
    if kind is ClaimNoble:
        return _noble(game, p, action.noble)
    return _end_turn(game, p)


def _take(game, gems) -> Problem:
    bank = game.bank
    if gems[5]:
        return _p("take-gold", "take-gold")
    counts = [n for n in gems[:5] if n]
    total = sum(counts)
    if len(counts) == 1 and counts[0] == 2:
        c = gems.index(2)
        return _p("take-two-needs-four", "take-two-needs-four", colour=c, n=bank[c])
    if any(n != 1 for n in counts) or total > 3 or total == 0:
        return _p("take-three-distinct", "take-illegal", gems=tuple(gems))
    if total < 3:
        rule = game.rules.short_take
        colours_left = sum(1 for c in range(5) if bank[c])
        if rule == "never" or (rule == "when_scarce" and colours_left >= 3):
            if rule == "never":
                return _p("take-three-distinct", "take-short-never", gems=tuple(gems))
            return _p("take-three-distinct", "take-short-scarce", gems=tuple(gems),
                      n=colours_left)
    c = next(c for c in range(5) if gems[c] and not bank[c])
    return _p("bank-empty", "bank-empty", colour=c)


def _reserve(game, p, card, level) -> Problem:
    name = game.names[p]
    if len(game.reserved[p]) >= RESERVE_LIMIT:
        return _p("reserve-limit", "reserve-limit", name=name)
    if level is None:
        return _p("card-not-available", "reserve-not-face-up", card=card)
    if not game.decks[level - 1]:
        return _p("reserve-empty-deck", "reserve-empty-deck", level=level)
    return _p("card-not-available", "reserve-not-top", card=card, level=level)


def _buy(game, p, card_id, pay) -> Problem:
    from companion.engine import CARDS
    name = game.names[p]
    if game._find_card(p, card_id) is None:
        return _p("card-not-available", "card-not-available", card=card_id, name=name)
    t = game.tokens[p]
    for i in range(6):
        if pay[i] > t[i]:
            return _p("payment-mismatch", "paid-more-than-held", name=name, colour=i,
                      n=pay[i], held=t[i])
    need = game.needs(p, CARDS[card_id])
    return _p("payment-mismatch", "payment-mismatch", card=card_id, name=name,
              owed=tuple(need) + (0,), paid=tuple(pay))


def _return(game, p, gems) -> Problem:
    name = game.names[p]
    t = game.tokens[p]
    held, total = sum(t), sum(gems)
    if held <= TOKEN_LIMIT:
        return _p("return-not-allowed", "return-not-over", name=name, held=held)
    if held - total < TOKEN_LIMIT:
        return _p("return-not-allowed", "return-too-many", name=name, held=held,
                  due=held - TOKEN_LIMIT, n=total)
    i = next(i for i in range(6) if gems[i] > t[i])
    return _p("return-not-allowed", "return-not-held", name=name, colour=i, n=gems[i],
              held=t[i])


def _noble(game, p, noble_id) -> Problem:
    from companion.engine import NOBLES
    name = game.names[p]
    if game.noble_taken:
        return _p("one-noble-per-turn", "one-noble-per-turn", name=name)
    if noble_id not in game.nobles:
        return _p("noble-not-earned", "noble-not-on-table", noble=noble_id)
    return _p("noble-not-earned", "noble-not-earned", noble=noble_id, name=name,
              requires=tuple(NOBLES[noble_id].requires) + (0,))


def _reveal(game, action) -> Problem:
    from companion.engine import CARDS
    level, slot, card = action.level, action.slot, action.card
    if CARDS[card].level != level:
        return _p("reveal-mismatch", "reveal-wrong-level", card=card, level=level)
    if game.market[level - 1][slot] is not None:
        return _p("reveal-mismatch", "reveal-slot-full", slot=slot + 1, level=level)
    return _p("reveal-mismatch", "reveal-seen", card=card, level=level)


def _end_turn(game, p) -> Problem:
    name = game.names[p]
    due = game.slots_to_reveal()
    if due:
        level, slot = due[0]
        return _p("reveal-missing", "reveal-missing", slot=slot + 1, level=level)
    held = sum(game.tokens[p])
    if held > TOKEN_LIMIT:
        return _p("tokens-over-ten", "tokens-over-ten", name=name, held=held,
                  due=held - TOKEN_LIMIT)
    return _p("noble-must-visit", "noble-must-visit", name=name,
              nobles=tuple(game.qualifying_nobles(p)))


# ----------------------------------------------------------------------------- sentences
def render(problem: Problem, game=None) -> str:
    """The sentence for ``problem`` in the current language. Cards and nobles are named by
    what is printed on them (with the cost where another card in view of ``game`` looks the
    same), never by their sticker ids; the English is otherwise the engine's sentence."""
    return cap(_render(problem, game))


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
        return _("{noble} is not on the table.").format(**d)
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


def say(game, action) -> Optional[tuple]:
    """(rule code, sentence in the current language) for an illegal action, or None."""
    problem = explain(game, action)
    return None if problem is None else (problem.rule, render(problem, game))


def to_data(problem: Problem) -> dict:
    """The problem as plain JSON data (a Verdict carries it; lists for tuples)."""
    import json
    return json.loads(json.dumps(problem._asdict()))


def from_data(data) -> Optional[Problem]:
    """A problem back from :func:`to_data` (None if ``data`` is not one)."""
    if isinstance(data, Problem):
        return data
    if not isinstance(data, dict) or not {"rule", "key", "data"} <= set(data):
        return None
    return Problem(data["rule"], data["key"], dict(data["data"]))


__all__ = ["Problem", "explain", "render", "say", "to_data", "from_data"]
