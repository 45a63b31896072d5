"""A table no legal turn explains, read as the attempt that breaks the fewest rules.

The simplest reading (``attempts.diagnose``) reads tokens that came back into the bank as if
they had never moved: a player at 10 tokens who took white, blue and black, gave back green and
two black and took a noble tile they had not earned was told "Taking only 1 white and 1 blue is
not a legal take". When the tokens and cards have a legal reading (a take with its returns, a
buy, a reserve), the noble tiles are the one fault, and that is the rule to explain.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Optional

from companion.engine import ClaimNoble, EndTurn, Game, RuleError
from companion.referee.attempts import _facts, _refused
from companion.referee.seen import NOBLE_SLOTS, Seen
from companion.referee.verdict import Verdict

__all__ = ["noble_fault"]


def noble_fault(game: Game, seen: Seen, before: Seen, seat: int,
                matching: Callable[[Seen], list]) -> Optional[Verdict]:
    """The refusal of the noble tiles taken, when everything else on the table is one legal
    turn; None when there is no such reading (the simplest attempt is explained instead).
    ``matching(seen)``: the active seat's legal turns whose table is ``seen``."""
    removed = [before.nobles[i] for i in range(NOBLE_SLOTS)
               if before.nobles[i] is not None and seen.nobles[i] is None]
    if not removed:
        return None
    rest = replace(seen, nobles=before.nobles)   # the tiles as they were: the rest legal?
    turns = matching(rest)
    if not turns:
        return None
    head = [a for a in turns[0] if type(a) not in (ClaimNoble, EndTurn)]
    delta = tuple(s - b for s, b in zip(seen.bank, before.bank))
    ctx = {"out": tuple(max(0, -d) for d in delta), "into": tuple(max(0, d) for d in delta)}
    if len(removed) > 1:
        return Verdict("rejected", seat, rule="one-noble-per-turn",
                       data=_facts(ctx, claims=len(removed)))
    done = 0
    try:
        for a in head:
            game.push(a)
            done += 1
        claim = ClaimNoble(game.active, removed[0])
        try:
            game.check(claim)
        except RuleError as err:
            return _refused(err, ctx, seat)
        return None
    finally:
        for _ in range(done):
            game.pop()
