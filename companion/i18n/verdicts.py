"""The referee's verdicts and put-it-right sentences in the current language.

A :class:`~companion.referee.verdict.Verdict` carries its kind, the seat, the record lines of
an accepted turn, the rule code of a rejection, the question and its candidates, the facts of a
refusal (``data``) and an English ``message``. Everything is said in full here from those and
the game (the last accepted state, before the press): accepted turns, questions, refusals (the
broken rule's key and values, the tokens moved, the card, what differs on the table) with their
put-it-right part, the camera's fixed sentences. Only a verdict without ``data`` (from before
it existed) is said from its rule code with the generic fix. Cards and nobles are
named by what is printed on them, never by their sticker ids (those stay in records and logs).

:func:`english_verdict` is the same sentence in the English of records, logs and ``--json``
output (``rejudge``): cards and nobles by their ids.
"""
from __future__ import annotations

import logging
from typing import Optional

from companion.i18n import N_, _, for_records, naming_ids, ngettext, pgettext
from companion.i18n.messages import from_data, render
from companion.i18n.words import (cap, card_phrase, describe_tokens, lane,
                                  noble_phrase, nobles_phrase, points)

log = logging.getLogger(__name__)

# What a Verdict still does not carry for its sentence to be said in full in any language.
MISSING: dict = {}

# The camera's sentences that carry no values: translated by looking up the English itself.
FIXED = (
    N_("The camera gave no reading of the table: press again."),
    N_("The camera can't see the mat: at least 3 of its 4 corner markers must be in view. "
       "Move whatever covers a corner, then press again."),
    N_("Something is covering the table (a hand or an arm): clear the mat, then press again."),
    N_("The camera's reading is incomplete (the nobles, market, decks or bank is missing): "
       "press again."),
    N_("The table does not show one whole legal turn."),
    N_("The game is over: no more turns can be played."),
)
_FIXED = frozenset(FIXED)

# One sentence per rule code, for a rejection whose details the verdict does not carry.
RULES = {
    "malformed": N_("That entry can't be read."),
    "game-over": N_("The game is over: no more turns can be played."),
    "not-your-turn": N_("It is not this player's turn."),
    "one-action-per-turn": N_("Only one main action is allowed per turn."),
    "no-action": N_("No whole legal action can be seen on the table."),
    "take-three-distinct": N_("A take is 3 tokens of 3 different colours, or 2 of one colour "
                              "from a pile of 4 or more."),
    "take-two-needs-four": N_("Two tokens of one colour can only be taken from a pile of 4 or "
                              "more."),
    "take-gold": N_("Gold can't be taken with a take action: a gold token only comes with "
                    "reserving a card."),
    "bank-empty": N_("The bank has no tokens left of that colour."),
    "reserve-limit": N_("A player holds at most 3 reserved cards."),
    "reserve-empty-deck": N_("That deck is empty: there is no card to reserve from it."),
    "card-not-available": N_("That card is not face-up on the table nor among the player's "
                             "reserved cards."),
    "payment-mismatch": N_("The payment does not match the card's cost after bonuses."),
    "reveal-mismatch": N_("That card can't be dealt into that slot."),
    "reveal-missing": N_("An empty slot must be filled from its deck before the turn ends."),
    "return-not-allowed": N_("Tokens are only returned down to 10, and only tokens the player "
                             "holds."),
    "tokens-over-ten": N_("A player may hold at most 10 tokens at the end of a turn."),
    "noble-not-earned": N_("That noble's requirements are not met by the player's cards."),
    "noble-must-visit": N_("A noble must visit before the turn ends: take the tile."),
    "one-noble-per-turn": N_("At most one noble visits a player per turn."),
    # The computer's seat (companion.referee.expectation): said without a fix (the screen
    # says what the computer wants, companion.app.computer.rejection_words).
    "computer-move": N_("That is not the computer's move."),
    "computer-hand": N_("The computer reserved from a deck: show the card drawn in the "
                        "camera's scan zone (or choose it on the screen) so that it knows its "
                        "hand."),
}

ZERO6 = (0, 0, 0, 0, 0, 0)


def fixed(message: str) -> Optional[str]:
    """A value-free sentence of the referee in the current language (None if not one)."""
    return _(message) if message in _FIXED else None


def rule_sentence(rule: str) -> str:
    return _(RULES.get(rule, N_("That is not allowed by the rules.")))


def fix(code: str, ctx: Optional[dict] = None, game=None) -> str:
    """The put-it-right sentence for a rejected attempt (the judge's ``_fix``)."""
    ctx = ctx or {}
    out = ctx.get("out") or ZERO6
    into = ctx.get("into") or ZERO6
    card = card_phrase(ctx["card"], game) if ctx.get("card") else None
    if code in ("take-gold", "take-two-needs-four", "take-three-distinct", "bank-empty"):
        if any(out):
            return _("Put the {tokens} back in the bank, then take 3 tokens of different "
                     "colours, or 2 of one colour from a pile of 4 or more, and press "
                     "again.").format(tokens=describe_tokens(out))
        return _("Put the tokens back in the bank, then take 3 tokens of different colours, or "
                 "2 of one colour from a pile of 4 or more, and press again.")
    if code == "reserve-limit":
        if out[5]:
            if card:
                return _("Put {card} and the gold token back where they were: a player "
                         "holds at most 3 reserved cards. Take tokens or buy a card instead, "
                         "then press again.").format(card=card)
            return _("Put the card and the gold token back where they were: a player holds at "
                     "most 3 reserved cards. Take tokens or buy a card instead, then press "
                     "again.")
        if card:
            return _("Put {card} back where it was: a player holds at most 3 reserved "
                     "cards. Take tokens or buy a card instead, then press again.").format(
                         card=card)
        return _("Put the card back where it was: a player holds at most 3 reserved cards. "
                 "Take tokens or buy a card instead, then press again.")
    if code == "card-not-available":
        if card:
            return _("Take back the tokens paid and put {card} back where it was, then "
                     "press again.").format(card=card)
        return _("Take back the tokens paid and put the card back where it was, then press "
                 "again.")
    if code == "payment-mismatch":
        if any(into):
            return _("Take back the {tokens} paid into the bank and pay the exact cost, then "
                     "press again.").format(tokens=describe_tokens(into))
        return _("Take back the tokens paid into the bank and pay the exact cost, then press "
                 "again.")
    if code == "reveal-missing":
        return _("Deal the top card of that deck into the empty slot, then press again.")
    if code == "reveal-mismatch":
        return _("Put that card back where it came from and deal the top card of the deck "
                 "into the empty slot, then press again.")
    if code == "return-not-allowed":
        if any(into):
            return _("Take the {tokens} back from the bank, then press again.").format(
                tokens=describe_tokens(into))
        return _("Take the returned tokens back from the bank, then press again.")
    if code == "tokens-over-ten":
        return _("Return tokens of your choice to the bank down to 10, then press again.")
    if code == "noble-not-earned":
        return _("Put the noble tile back on the mat, then press again.")
    if code == "one-noble-per-turn":
        return _("Put one of the noble tiles back on the mat, then press again.")
    if code == "one-action-per-turn":
        return _("Put back everything but one action (take tokens, reserve a card or buy a "
                 "card), then press again.")
    if code == "no-action":
        return _("Make one action (take tokens, reserve a card or buy a card; a reserved card "
                 "bought with bonuses alone must be shown in the scan zone), then press again.")
    return _("Put the table back as it was, then press again.")


# ----------------------------------------------------------------------------- accepted turns
def describe_action(game, action) -> str:
    """One sentence for an action (``game`` is the state before it)."""
    from companion.engine import (BuyCard, ClaimNoble, PassTurn, ReserveBlind, ReserveCard,
                                  ReturnGems, RevealCard, TakeGems)
    kind = type(action)
    if kind is RevealCard:
        return cap(_("{card} was dealt into level {level}, slot {slot}.").format(
            card=card_phrase(action.card, game), level=action.level, slot=action.slot + 1))
    who = game.names[action.player]
    gold = bool(game.reserve_gold)
    card = card_phrase(action.card, game) if getattr(action, "card", None) else None
    if kind is TakeGems:
        return _("{name} took {tokens}.").format(name=who, tokens=describe_tokens(action.gems))
    if kind is ReserveCard:
        if gold:
            return _("{name} reserved {card} and a gold token.").format(name=who, card=card)
        return _("{name} reserved {card}.").format(name=who, card=card)
    if kind is ReserveBlind:
        if action.card:
            if naming_ids():   # the records say the scanned card by its bare id
                card = action.card
            if gold:
                return _("{name} reserved the top card of the level {level} deck ({card}) and "
                         "a gold token.").format(name=who, level=action.level, card=card)
            return _("{name} reserved the top card of the level {level} deck "
                     "({card}).").format(name=who, level=action.level, card=card)
        if gold:
            return _("{name} reserved the top card of the level {level} deck and a gold "
                     "token.").format(name=who, level=action.level)
        return _("{name} reserved the top card of the level {level} deck.").format(
            name=who, level=action.level)
    if kind is BuyCard:
        if sum(action.pay):
            return _("{name} bought {card}, paying {tokens}.").format(
                name=who, card=card, tokens=describe_tokens(action.pay))
        return _("{name} bought {card}, paying nothing (bonuses cover it).").format(
            name=who, card=card)
    if kind is PassTurn:
        return _("{name} passed: no legal action was possible.").format(name=who)
    if kind is ReturnGems:
        return _("{name} returned {tokens} to the bank.").format(
            name=who, tokens=describe_tokens(action.gems))
    if kind is ClaimNoble:
        return cap(_("{noble} visits {name}.").format(noble=noble_phrase(action.noble),
                                                     name=who))
    return ""


def after_turn(game) -> str:
    """What a finished turn led to: the game's end, or the final round ('' otherwise)."""
    o = game.outcome
    if o is not None:
        names = [game.names[i] for i in o.winners]
        n = o.points[o.winners[0]]
        if len(names) == 1:
            return _("The game is over: {name} wins with {points}.").format(
                name=names[0], points=points(n))
        return _("The game is over: {names} share the victory with {points}.").format(
            names=_(" and ").join(names), points=points(n))
    if game.final_round:
        return _("This is the final round; {name} plays next.").format(
            name=game.names[game.active])
    return ""


def describe_turn(game, turn, noble_tile=None) -> str:
    """The sentences for a whole turn, and the end of the game or the final round after it.
    ``noble_tile``: the visiting noble whose tile the camera still saw on the mat."""
    from companion.engine import ClaimNoble, EndTurn, RevealCard, RuleError
    parts = []
    done = 0
    try:
        for action in turn:
            if type(action) not in (EndTurn, RevealCard):
                said = describe_action(game, action)
                if type(action) is ClaimNoble and action.noble == noble_tile and naming_ids():
                    said = (f"Noble {action.noble} visits {game.names[action.player]}: take the "
                            f"tile of noble {action.noble} from the mat.")   # the records' words
                elif type(action) is ClaimNoble and action.noble == noble_tile:
                    said = cap(_("{noble} visits {name}: take its tile from the mat.").format(
                        noble=noble_phrase(action.noble), name=game.names[action.player]))
                parts.append(said)
            game.push(action)
            done += 1
        parts.append(after_turn(game))
    except RuleError as err:
        # A verdict's turn is legal on the game it was judged on: this is a caller's mistake
        # (the wrong game). Say the actions up to it, and log which rule stopped it.
        log.warning("A turn said on a game it does not fit stops at %r: %s", action, err)
    finally:
        for _i in range(done):
            game.pop()
    return " ".join(p for p in parts if p)


def turn_of_lines(game, lines) -> list:
    """Engine actions of a verdict's record lines."""
    from companion.engine.record import parse_event
    return [parse_event(dict(line), game.n) for line in lines]


# ----------------------------------------------------------------------------- questions
def question_message(game, verdict) -> str:
    seat = verdict.seat
    name = game.names[seat]
    kind = verdict.question
    if kind == "noble":
        return cap(_("{nobles} both qualify for {name}: which one visits? Touch it, or take "
                     "its tile from the mat and press again.").format(
                         nobles=nobles_phrase(verdict.candidates, "and"), name=name))
    if kind == "deck":
        if 0 in verdict.candidates:
            return _("{name} reserved a card from a deck: from which level's deck (or no card, "
                     "if nothing was reserved)?").format(name=name)
        return _("{name} reserved a card from a deck: from which level's deck?").format(
            name=name)
    if kind == "turns":   # a forgotten press (session.md version 2)
        from companion.i18n.forgotten import turns_question
        return turns_question(game, verdict)
    if kind == "reserved-card":
        return _("Which of {name}'s reserved cards was bought? Touch it, or show it in the scan "
                 "zone and press again.").format(name=name)
    described = [describe_turn(game, list(t)) for t in verdict.options]
    return _("The table fits more than one turn: {turns} Which was it?").format(
        turns=" / ".join(f"{i + 1}: {d}" for i, d in enumerate(described)))


# ----------------------------------------------------------------------------- verdicts
def mismatch_sentence(m: dict, game=None) -> str:
    """What differs on the table after the attempt (``attempts.mismatch_sentence``)."""
    what = m.get("what")
    if what == "lane":
        colour, n, seen = m["colour"], m["expected"], m["seen"]
        text = ngettext("{lane} should hold {n} token after that turn, but the camera counts "
                        "{seen}",
                        "{lane} should hold {n} tokens after that turn, but the camera counts "
                        "{seen}", n).format(lane=lane(colour), n=n, seen=seen)
        if colour == 5:
            return cap(text) + _(" (a reserve takes a gold token while any is left).")
        return cap(text) + _(".")
    if what == "deck":
        if m["expected"]:
            return _("The level {level} deck should still be in its slot, but it is "
                     "missing.").format(level=m["level"])
        return _("The level {level} deck should be gone from its slot, but it is still "
                 "there.").format(level=m["level"])
    if what == "slot":
        want, seen = m["expected"], m["seen"]
        if naming_ids():   # the records name the cards by their bare ids here
            return ("Level {level}, slot {slot} should hold {expected}, but the camera sees "
                    "{seen}.").format(level=m["level"], slot=m["slot"],
                                      expected=want or "nothing",
                                      seen=("an unreadable card" if seen == "?" else
                                            seen or "an empty slot"))
        want = card_phrase(want, game) if want else pgettext("slot", "nothing")
        if seen == "?":
            seen = _("an unreadable card")
        elif seen:
            seen = card_phrase(seen, game)
        else:
            seen = _("an empty slot")
        return _("Level {level}, slot {slot} should hold {expected}, but the camera sees "
                 "{seen}.").format(level=m["level"], slot=m["slot"], expected=want, seen=seen)
    if what == "noble":
        if m["expected"] is None:
            return _("Noble slot {slot} should be empty.").format(slot=m["slot"])
        return _("Noble slot {slot} should hold {noble}.").format(
            slot=m["slot"], noble=m["expected"] if naming_ids() else noble_phrase(m["expected"]))
    return _("The table does not show one whole legal turn.")


def render_verdict(game, verdict) -> str:
    """The verdict's message in the current language (``game``: the state it was judged on).

    Falls back to the rule's own sentence and its generic fix where the verdict lacks the
    values (``MISSING``); never to English in another language.
    """
    kind = verdict.kind
    if kind in ("accepted", "entered"):
        if not verdict.lines:
            return fixed(verdict.message) or _("The game is set up.")
        if getattr(verdict, "turns", ()):   # a forgotten press: said from the game after it
            from companion.engine.record import game_from_lines, record_lines
            after = game_from_lines(list(record_lines(game)) + [dict(x) for x in verdict.lines])
            return recorded_turns(after, verdict)
        return describe_turn(game, turn_of_lines(game, verdict.lines),
                             (getattr(verdict, "data", None) or {}).get("noble_tile"))
    if kind == "question":
        return question_message(game, verdict)
    if kind == "rejected":
        rule = verdict.rule
        if rule in ("game-over", "computer-move", "computer-hand"):
            return rule_sentence(rule)
        if rule == "not-your-turn" and verdict.seat is not None:
            return _("It is {active}'s turn, not {name}'s: only {active}'s button ends this "
                     "turn.").format(active=game.names[game.active],
                                     name=game.names[verdict.seat])
        data = getattr(verdict, "data", None) or {}
        problem = from_data(data.get("problem"))
        if problem is not None:
            said = render(problem, game)
            return said if data.get("out") is None else f"{said} {fix(rule, data, game)}"
        if data.get("claims"):
            return ngettext("{n} noble tile was taken from the mat, but at most one noble "
                            "visits a player per turn.",
                            "{n} noble tiles were taken from the mat, but at most one noble "
                            "visits a player per turn.", data["claims"]).format(
                                n=data["claims"]) + " " + fix(rule, data, game)
        if data.get("mismatch"):
            return f"{mismatch_sentence(data['mismatch'], game)} {fix('other', data, game)}"
        if data.get("key") == "nothing-reserved":
            return _("Nothing was reserved and the table is unchanged: {name} has not made an "
                     "action yet.").format(name=game.names[verdict.seat]) + " " + fix(
                         "no-action")
        return f"{rule_sentence(rule)} {fix(rule, data)}"
    # unreadable: from its facts when it carries them (companion.i18n.camera)
    from companion.i18n.camera import unreadable
    return unreadable(getattr(verdict, "data", None), game) or fixed(verdict.message) or _(
        "The camera can't read the table clearly: lay tokens flat in their lanes and cards flat "
        "with their tags facing up, then press again.")


def english_verdict(game, verdict) -> str:
    """The verdict in the English of records, logs and ``rejudge --json`` (``game``: the state
    it was judged on): the screen's sentence, with cards and nobles by their ids, and what only
    the records tell (an answer that was not a choice, entries the camera's turn replaced, what
    is wrong with a malformed entry)."""
    if verdict.message:   # a sentence given with the verdict (the referee gives none now)
        return verdict.message
    data = getattr(verdict, "data", None) or {}
    with for_records():
        if verdict.kind == "rejected" and verdict.rule == "malformed" and data.get("detail"):
            return data["detail"]   # a verdict recorded before malformed entries had causes
        said = render_verdict(game, verdict)
        if data.get("not_a_choice") is not None:
            said = (f"{data['not_a_choice']} is not one of the choices "
                    f"({', '.join(str(c) for c in verdict.candidates)}). {said}")
        if data.get("replaced_entries"):
            said = ("The lines entered on the screen for this turn were replaced by what the "
                    f"camera sees. {said}")
        return said


__all__ = ["MISSING", "FIXED", "RULES", "fixed", "rule_sentence", "fix", "describe_action",
           "describe_turn", "question_message", "render_verdict", "english_verdict"]


def describe_line(line: dict, names, game=None) -> str:
    """A touch-entered record line in words (the view-model's ``describe_line``, translated)."""
    from companion.engine import COLOURS
    t = line.get("type")
    who = names[line["player"]] if "player" in line and line["player"] < len(names) else ""

    def tokens(field):
        return describe_tokens([line[field].get(c, 0) for c in COLOURS])
    if t == "take":
        return _("{name} takes {tokens}.").format(name=who, tokens=tokens("gems"))
    if t == "buy":
        return _("{name} buys {card} paying {tokens}.").format(
            name=who, card=card_phrase(line["card"], game, case="accusative"),
            tokens=tokens("pay"))
    if t == "reserve":
        if "level" in line:
            return _("{name} reserves the top card of the level {level} deck.").format(
                name=who, level=line["level"])
        return _("{name} reserves {card}.").format(
            name=who, card=card_phrase(line["card"], game, case="accusative"))
    if t == "reveal":
        return cap(_("{card} is dealt into level {level}, slot {slot}.").format(
            card=card_phrase(line["card"], game), level=line["level"], slot=line["slot"] + 1))
    if t == "return":
        return _("{name} returns {tokens}.").format(name=who, tokens=tokens("gems"))
    if t == "noble":
        return cap(_("{noble} visits {name}.").format(noble=noble_phrase(line["noble"]),
                                                     name=who))
    if t == "pass":
        return _("{name} passes.").format(name=who)
    if t == "end_turn":
        return _("{name} ends the turn.").format(name=who)
    return ""


def recorded_turns(game_after, verdict) -> str:
    """A forgotten press accepted: "Ana's turn and Ben's turn are both recorded: Ana takes ...,
    Ben buys ..." (``game_after``: the game with the turns applied)."""
    from companion.i18n.forgotten import recorded_head
    head = recorded_head([game_after.names[s] for s in verdict.turns])
    words = [describe_line(dict(line), game_after.names, game_after) for line in verdict.lines
             if line.get("type") not in ("end_turn", "reveal")]
    return " ".join(w for w in [head] + words + [after_turn(game_after)] if w)


def render_after(game_after, verdict) -> str:
    """The verdict's message from the game as it is after the verdict was applied (what a
    screen holds): an accepted turn is said line by line, with the end of the game or the
    final round from the game now; any other verdict left the game as it was judged."""
    if verdict.kind not in ("accepted", "entered"):
        return render_verdict(game_after, verdict)
    if not verdict.lines:
        return fixed(verdict.message) or _("The game is set up.")
    if verdict.kind == "accepted" and getattr(verdict, "turns", ()):
        return recorded_turns(game_after, verdict)
    words = [describe_line(dict(line), game_after.names, game_after) for line in verdict.lines
             if line.get("type") not in ("end_turn", "reveal")]
    if verdict.kind == "accepted":
        words.append(after_turn(game_after))
    return " ".join(w for w in words if w)
