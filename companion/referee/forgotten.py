"""A forgotten press (``spec/session.md``, version 2): a press by a later seat judged as every
turn from the active seat up to the presser.

Ana ends her turn and forgets her button; Ben plays and presses his. Ben's press is judged
against the last accepted state as Ana's turn then Ben's (with more players, every seat in
between too), in turn order:

1. Settled stills since the last accepted state split the change when the change up to a still
   is one legal turn of the active seat and, from it on, the rest is the next seats' turns
   (the latest still that splits a turn is used: a player may have paused mid-turn).
2. Otherwise every sequence of legal turns of those seats that explains the table is found; if
   they all lead to the same state, the turns are accepted.
3. Otherwise a ``turns`` question: its candidates are the sequences (lists of turns, each a list
   of record lines); the answer is the index of the chosen one.

A press that no such sequence explains (an unchanged table above all) stays ``not-your-turn``.
Pure, like :mod:`companion.referee.judge`: ``game`` is left as it was.

>>> from companion.engine import SimulatedTable, TakeGems, EndTurn
>>> from companion.referee.seen import expected_observation
>>> table = SimulatedTable(players=2, seed=1)
>>> game = table.new_game(); truth = table.new_game()
>>> a, b = truth.active, 1 - truth.active
>>> truth.push(TakeGems(a, (1, 1, 1, 0, 0, 0))); truth.push(EndTurn(a))
>>> still = expected_observation(truth)
>>> truth.push(TakeGems(b, (0, 0, 0, 2, 0, 0))); truth.push(EndTurn(b))
>>> v = judge_forgotten(game, [still], expected_observation(truth), b)
>>> v.kind, v.turns == (a, b), [line["type"] for line in v.lines]
('accepted', True, ['take', 'end_turn', 'take', 'end_turn'])
"""
from __future__ import annotations

from typing import Optional

from companion.engine import (COLOURS, BuyCard, EndTurn, Game, ReserveCard, RevealCard,
                              RuleError, TakeGems)
from companion.referee.judge import (_distinct, _judge_seen, _main_candidates, _turn_for,
                                     _Unreadable, _unsure)
from companion.referee.seen import (ObservationError, Seen, changed_uncertain, read_seen,
                                    seen_of, table_problems)
from companion.referee.verdict import Verdict

#: At most this many sequences are searched for (a table that fits more is asked with these).
#: Two takes of three tokens fit about 20; three seats' turns with a card dealt and reserved
#: between two stills fit 123 (seed 7308 of the session bench: 1.4 s here); the screen asks
#: them seat by seat.
MAX_SEQUENCES = 400
#: At most this many turns are tried; a table that needs more is judged as a press out of turn
#: (the players put it right by hand, as in version 1). Two seats forgetting at 3 players with
#: no still between (seed 7310 of the session bench: a take and two reserves) needs about 5,000
#: here, 0.4 s; 20,000 spent in full is about 1 s here, 3 s on a Pi 5, for a rare slip.
SEARCH_BUDGET = 20000

__all__ = ["judge_forgotten", "answer_turns", "seats_up_to", "MAX_SEQUENCES"]


def seats_up_to(game: Game, seat: int) -> list:
    """The seats whose turns a press by ``seat`` ends: the active seat up to ``seat``."""
    out = [game.active]
    while out[-1] != seat:
        out.append((out[-1] + 1) % game.n)
    return out


def _usable(stills) -> list:
    """The stills that are evidence: readable, nothing covered (a still that can't be read is
    no evidence, session.md)."""
    out = []
    for obs in stills or ():
        try:
            out.append(read_seen(obs))
        except ObservationError:
            continue
    return out


def judge_forgotten(game: Game, stills, observation: dict, seat: int) -> Verdict:
    """Judge ``seat``'s press (not the active seat) on ``observation`` as the turns of every
    seat from the active one up to ``seat``; ``stills``: the settled stills (read-table
    objects) since the last accepted state, oldest first."""
    if game.main is not None:
        raise ValueError("judge_forgotten() needs the game at the start of a turn.")
    refused = Verdict("rejected", seat, rule="not-your-turn")
    try:
        seen = read_seen(observation)
    except ObservationError:
        # Nothing tells whether this press ended forgotten turns: it is a press by a seat
        # whose turn it is not, as in version 1.
        return refused
    before = seen_of(game)
    # A card in the scan zone is a change too: a blind reserve with no gold left moves nothing
    # else on the mat.
    if (seen.nobles, seen.market, seen.decks, seen.bank, seen.scan) == (
            before.nobles, before.market, before.decks, before.bank, None) \
            or table_problems(game, seen):
        return refused
    unsure = changed_uncertain(before, seen)
    if unsure:
        return _unsure(seat, unsure, observation)
    seats = seats_up_to(game, seat)
    sequences = _split(game, _usable(stills), seen, seats)
    if sequences is None:
        sequences = _sequences(game, seen, seats)
    sequences = _distinct_sequences(game, sequences)
    if not sequences:
        return refused
    if len(sequences) == 1:
        return accept_turns(game, sequences[0], seat)
    return _turns_question(game, sequences, seat)


# ----------------------------------------------------------------------------- split at stills
def _final_options(game: Game, seen: Seen) -> list:
    """The active seat's turns (action lists) that take the table to ``seen``."""
    verdict = _judge_seen(game, seen, seen_of(game), game.active)
    if verdict.kind == "accepted":
        from companion.engine.record import parse_event
        return [[parse_event(dict(line), game.n) for line in verdict.lines]]
    if verdict.kind == "question":
        return [list(option) for option in verdict.options]
    return []


def _split(game: Game, stills: list, seen: Seen, seats: list) -> Optional[list]:
    """Sequences found by splitting at settled stills (the latest still that splits each
    turn), or None when the stills don't split the change."""
    if len(seats) == 1:
        options = _final_options(game, seen)
        return [[t] for t in options] or None
    for i in range(len(stills) - 1, -1, -1):
        verdict = _judge_seen(game, stills[i], seen_of(game), game.active)
        if verdict.kind != "accepted":
            continue
        from companion.engine.record import parse_event
        turn = [parse_event(dict(line), game.n) for line in verdict.lines]
        if not _push_all(game, turn):
            continue
        try:
            rest = _split(game, stills[i + 1:], seen, seats[1:])
        finally:
            for _ in turn:
                game.pop()
        if rest:
            return [[turn] + r for r in rest]
    return None


def _push_all(game: Game, actions) -> bool:
    done = 0
    try:
        for a in actions:
            game.push(a)
            done += 1
        return True
    except RuleError:
        for _ in range(done):
            game.pop()
        return False


# ----------------------------------------------------------------------------- every sequence
def _sequences(game: Game, seen: Seen, seats: list) -> list:
    """Every sequence of legal turns of ``seats`` (in order, from ``game``) whose table is
    ``seen``: the earlier seats' turns generated, the last one matched to the table."""
    out: list = []
    budget = [SEARCH_BUDGET]

    def walk(prefix: list, left: int) -> None:
        if len(out) >= MAX_SEQUENCES:
            return
        if left == 1:
            budget[0] -= 1
            if budget[0] < 0:
                raise _TooMany
            before = seen_of(game)
            try:
                turns = [t for main in _main_candidates(game, seen)
                         for t in _turn_for(game, main, seen, before)]
            except _Unreadable:
                return
            for t in _distinct(game, turns):
                out.append(prefix + [list(t)])
            return
        for turn in _turns_toward(game, seen, left, budget):
            done = _push_all(game, turn)
            if not done:
                continue
            try:
                walk(prefix + [turn], left - 1)
            finally:
                for _ in turn:
                    game.pop()

    try:
        walk([], len(seats))
    except _TooMany:
        return []
    return out


def _reachable(game: Game, seen: Seen, turns: int) -> bool:
    """Can ``turns`` more turns take the table from ``game`` to ``seen``? (Quick bounds: a
    turn takes at most 3 gems, 2 of a colour, and 1 gold, and empties at most one slot.)"""
    now = game.bank
    out = [now[i] - seen.bank[i] for i in range(len(COLOURS))]
    if out[5] > turns or sum(max(0, n) for n in out[:5]) > 3 * turns or any(
            n > 2 * turns for n in out[:5]):
        return False
    moved = 0
    for li, row in enumerate(game.market):
        for s, card in enumerate(row):
            if card is not None and seen.market[li][s] not in (card.id, "?"):
                moved += 1
    return moved <= turns


class _TooMany(Exception):
    """The search went past its budget: the table is judged as a press out of turn."""


def _deals(game: Game, seen: Seen, left: int) -> list:
    """The cards that may have been dealt into the slots emptied now: the one the camera sees
    there at the end, or (when a later turn may have taken it again) any unseen card."""
    options = [[]]
    for level, slot in game.slots_to_reveal():
        at_end = seen.market[level - 1][slot]
        cards = []
        if isinstance(at_end, str) and at_end != "?" and game.is_unseen(at_end):
            cards.append(at_end)
        if left > 1:
            cards += [c for c in sorted(game.unseen[level - 1]) if c != at_end]
        options = [o + [RevealCard(level, slot, c)] for o in options for c in cards]
    return options


def _turns_toward(game: Game, seen: Seen, left: int, budget: list) -> list:
    """The active seat's legal turns (one per resulting state) after which ``left - 1`` more
    turns may still reach ``seen``."""
    before = seen_of(game)
    found: dict = {}
    for main in game.legal_main_actions(all_payments=True):
        card = getattr(main, "card", None)
        if type(main) in (ReserveCard, BuyCard):
            spot = next(((lv, s) for lv, s, c in game.face_up() if c.id == card), None)
            if spot is not None and seen.market[spot[0] - 1][spot[1]] == card:
                continue   # the card is still in its slot at the end
        game.push(main)
        try:
            for reveals in _deals(game, seen, left):
                if not _push_all(game, reveals):
                    continue
                try:
                    for ending in _endings(game):
                        if not _push_all(game, ending):
                            continue
                        try:
                            budget[0] -= 1
                            if budget[0] < 0:
                                raise _TooMany
                            # Tokens taken and given straight back are no action (session.md).
                            if type(main) is TakeGems and seen_of(game) == before:
                                continue
                            key = game.snapshot()
                            if key not in found and _reachable(game, seen, left - 1):
                                found[key] = [main] + reveals + ending
                        finally:
                            for _ in ending:
                                game.pop()
                finally:
                    for _ in reveals:
                        game.pop()
        finally:
            game.pop()
    return list(found.values())


def _endings(game: Game) -> list:
    """Every legal way to finish the turn from here: returns, a noble visit, then end_turn."""
    steps = list(game.legal_end_steps())
    if not steps:
        return []
    if len(steps) == 1 and type(steps[0]) is EndTurn:
        return [[steps[0]]]
    out = []
    for step in steps:
        if type(step) is EndTurn:
            out.append([step])
            continue
        game.push(step)
        try:
            out.extend([step] + rest for rest in _endings(game))
        finally:
            game.pop()
    return out


def _distinct_sequences(game: Game, sequences: list) -> list:
    """One sequence per state they lead to (session.md: same state, no question)."""
    seen_keys: dict = {}
    for seq in sequences:
        flat = [a for turn in seq for a in turn]
        if not _push_all(game, flat):
            continue
        key = game.snapshot()
        for _ in flat:
            game.pop()
        seen_keys.setdefault(key, seq)
    return list(seen_keys.values())


# ----------------------------------------------------------------------------- verdicts
def accept_turns(game: Game, sequence: list, seat: int, asked: Optional[str] = None
                 ) -> Verdict:
    """The accepted verdict of a forgotten press: every turn's lines, in order."""
    seats = tuple(turn[0].player for turn in sequence)
    lines = tuple(a.to_line() for turn in sequence for a in turn)
    # Said from these facts by companion.i18n (verdicts.recorded_turns), English included.
    return Verdict("accepted", seat, lines=lines, asked=asked, turns=seats,
                   options=(tuple(tuple(t) for t in sequence),))


def _turns_question(game: Game, sequences: list, seat: int) -> Verdict:
    candidates = tuple([[a.to_line() for a in turn] for turn in seq] for seq in sequences)
    return Verdict("question", seat, question="turns", candidates=candidates,
                   options=tuple(tuple(tuple(t) for t in seq) for seq in sequences),
                   turns=tuple(seats_up_to(game, seat)))


def answer_turns(game: Game, question: Verdict, value) -> Verdict:
    """The final verdict for the answer to a ``turns`` question (a sequence's index)."""
    options = question.options
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(options):
        return accept_turns(game, [list(t) for t in options[value]], question.seat,
                            asked="turns")
    return Verdict("question", question.seat, question="turns",
                   candidates=question.candidates, options=options, turns=question.turns,
                   data={"not_a_choice": repr(value)})
