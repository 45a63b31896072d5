"""A table no legal turn explains: read it as the simplest attempt, and the facts of what it
broke (companion.i18n.verdicts says them and what to put right)."""
from __future__ import annotations

from companion.engine import (CARDS, COLOURS, BuyCard, ClaimNoble, EndTurn, Game, ReserveBlind,
                              ReserveCard, ReturnGems, RevealCard, RuleError, TakeGems)
from companion.referee.seen import NOBLE_SLOTS, Seen, seen_of
from companion.referee.verdict import Verdict

ZERO6 = (0,) * len(COLOURS)


def _sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def _slot_matches(expected, seen_value) -> bool:
    """A "?" is a card the camera can't read: it matches any card, never an empty slot."""
    if seen_value == "?":
        return expected is not None
    return expected == seen_value


def _attempt(game: Game, seen: Seen, before: Seen) -> tuple:
    """The simplest reading of a table no legal turn explains, as engine actions, and a
    context for the fix sentence (session.md: "read as the simplest attempt")."""
    p = game.active
    delta = _sub(seen.bank, before.bank)
    out = tuple(max(0, -d) for d in delta)
    into = tuple(max(0, d) for d in delta)
    gone = []  # (level, slot, card) that left a slot
    dealt = []  # (level, slot, seen value) of a slot now holding something new
    for li in range(3):
        for s in range(4):
            b, g = before.market[li][s], seen.market[li][s]
            if g == "?" and b is not None:
                continue
            if b != g:
                if b is not None:
                    gone.append((li + 1, s, b))
                if g is not None:
                    dealt.append((li + 1, s, g))
    decks_gone = [li + 1 for li in range(3) if before.decks[li] and not seen.decks[li]]
    hand = [r for r in game.reserved[p]]
    actions = []
    ctx = {"out": out, "into": into}
    if gone:
        card = gone[0][2]
        ctx["card"] = card
        if any(into):
            actions.append(BuyCard(p, card, into))
            if any(out):
                actions.append(TakeGems(p, out))
        else:
            actions.append(ReserveCard(p, card))
            gold_taken = 1 if out[5] else 0
            rest = out[:5] + (out[5] - gold_taken,)
            if any(rest):
                actions.append(TakeGems(p, rest))
        for _, _, other in gone[1:]:
            actions.append(ReserveCard(p, other))
    elif any(out) and not any(out[:5]) and out[5] == 1:
        # One gold out and no card from the market: a blind reserve.
        level = (CARDS[seen.scan].level if seen.scan else
                 decks_gone[0] if decks_gone else next(
                     (lv for lv in (1, 2, 3) if game.decks[lv - 1]), 1))
        actions.append(ReserveBlind(p, level))
        if any(into):
            actions.append(ReturnGems(p, into))
    elif any(out):
        actions.append(TakeGems(p, out))
        if any(into):
            actions.append(ReturnGems(p, into))
    elif any(into):
        known = [r.id for r in hand if r.id is not None]
        card = seen.scan if seen.scan else (known[0] if known else None)
        if card is None and hand:
            card = next((c for c in sorted(game.unseen[hand[0].level - 1])), None)
        ctx["card"] = card
        if card is not None:
            actions.append(BuyCard(p, card, into))
        else:
            actions.append(ReturnGems(p, into))
    elif decks_gone:
        actions.append(ReserveBlind(p, decks_gone[0]))
    for level, slot, value in dealt:
        if value != "?":
            actions.append(RevealCard(level, slot, value))
    removed = [before.nobles[i] for i in range(NOBLE_SLOTS)
               if before.nobles[i] is not None and seen.nobles[i] is None]
    for nid in removed:
        actions.append(ClaimNoble(p, nid))
    return actions, ctx


def _facts(ctx: dict, **more) -> dict:
    """The refusal's facts as plain JSON data (Verdict.data), for the screen's words."""
    out = {"out": list(ctx.get("out") or ZERO6), "into": list(ctx.get("into") or ZERO6)}
    if ctx.get("card"):
        out["card"] = ctx["card"]
    out.update(more)
    return out


def _refused(err: RuleError, ctx: dict, seat: int) -> Verdict:
    """The engine's refusal of the attempt, with the tokens and card it moved (the words for
    it and for putting it right are made in companion.i18n.verdicts)."""
    return Verdict("rejected", seat, rule=err.rule, data=_facts(ctx, problem=err.as_data()))


def diagnose(game: Game, seen: Seen, before: Seen, seat: int) -> Verdict:
    actions, ctx = _attempt(game, seen, before)
    claims = sum(1 for a in actions if type(a) is ClaimNoble)
    done = 0
    try:
        for action in actions:
            if type(action) is ClaimNoble and claims > 1:
                return Verdict("rejected", seat, rule="one-noble-per-turn",
                               data=_facts(ctx, claims=claims))
            try:
                game.check(action)
            except RuleError as err:
                return _refused(err, ctx, seat)
            game.push(action)
            done += 1
        # The attempt's steps are legal: a noble that must visit is recorded anyway, so only
        # what the end of the turn needs is left to check.
        p = game.active
        if game.main is not None and not game.noble_taken:
            q = game.qualifying_nobles(p)
            if len(q) == 1:
                game.push(ClaimNoble(p, q[0]))
                done += 1
        try:
            game.check(EndTurn(p))
        except RuleError as err:
            if err.rule != "noble-must-visit":   # a noble that must visit is recorded anyway
                return _refused(err, ctx, seat)
        # Legal steps that still don't match the table: say what differs.
        mismatch = _mismatch(game, seen)
        return Verdict("rejected", seat, rule="no-action", data=_facts(ctx, mismatch=mismatch))
    finally:
        for _ in range(done):
            game.pop()


def _mismatch(game_after: Game, seen: Seen) -> dict:
    """The first thing on the table that differs from the game after the attempt (JSON data:
    ``what`` and its values; cards and nobles by id, said by what is printed on them)."""
    exp = seen_of(game_after)
    for i, c in enumerate(COLOURS):
        if exp.bank[i] != seen.bank[i]:
            return {"what": "lane", "colour": i, "expected": exp.bank[i], "seen": seen.bank[i]}
    for li in range(3):
        if exp.decks[li] != seen.decks[li]:
            return {"what": "deck", "level": li + 1, "expected": bool(exp.decks[li])}
        for s in range(4):
            if not _slot_matches(exp.market[li][s], seen.market[li][s]) and not (
                    exp.market[li][s] is None and seen.market[li][s] is None):
                return {"what": "slot", "level": li + 1, "slot": s + 1,
                        "expected": exp.market[li][s], "seen": seen.market[li][s]}
    for i in range(NOBLE_SLOTS):
        if (exp.nobles[i] is None) != (seen.nobles[i] is None):
            return {"what": "noble", "slot": i + 1, "expected": exp.nobles[i]}
    return {"what": "other"}
