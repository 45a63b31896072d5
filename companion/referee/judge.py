"""Judging one turn from what the camera sees: the pure part of the referee.

``judge(game, observation, seat)`` compares the table the camera reports (``spec/table.md``)
with the table after every legal turn of the active seat, and returns a :class:`Verdict`.
It never changes ``game`` (candidates are pushed and popped again). No I/O, no Kivy, no
OpenCV: the app, the tests and ``splendor-companion rejudge`` all call this same function.

What the camera sees: the market slots, the noble tiles on the mat, whether each deck is in
its slot, the bank's counts and the scan zone. What it never sees: a player's own tokens and
reserved cards; they follow from the record.

>>> from companion.engine import SimulatedTable, TakeGems, EndTurn
>>> table = SimulatedTable(players=2, seed=1)
>>> game = table.new_game()
>>> p = game.active
>>> after = table.new_game(); after.push(TakeGems(p, (1, 1, 1, 0, 0, 0))); after.push(EndTurn(p))
>>> v = judge(game, expected_observation(after), p)
>>> v.kind, [line["type"] for line in v.lines]
('accepted', ['take', 'end_turn'])
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from companion.engine import (CARDS, COLOURS, BlindCard, BuyCard, ClaimNoble, EndTurn, Game,
                              PassTurn, ReserveBlind, ReserveCard, ReturnGems, RevealCard,
                              RuleError, TOKEN_LIMIT, nobles_after, tokens_moved)
from companion.referee.attempts import diagnose
from companion.referee.fewest import noble_fault
from companion.referee.seen import (NOBLE_SLOTS, ObservationError, Seen, changed_uncertain,
                                    corner_missing, expected_observation, read_seen, seen_of,
                                    table_problems)
from companion.referee.verdict import Verdict


# ----------------------------------------------------------------------------- matching
def _sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def _add(a, b):
    return tuple(x + y for x, y in zip(a, b))


def _slot_matches(expected, seen_value) -> bool:
    """A "?" is a card the camera can't read: it matches any card, never an empty slot."""
    if seen_value == "?":
        return expected is not None
    return expected == seen_value


class _Unreadable(Exception):
    def __init__(self, data: dict):
        super().__init__(data)
        self.data = dict(data)  # the facts, for companion.i18n.camera


def _turn_for(game: Game, main, seen: Seen, before: Seen) -> list:
    """Every full turn (action lists) starting with ``main`` whose table matches ``seen``.

    Raises :class:`_Unreadable` when the turn fits but a card it deals can't be read.
    """
    p = game.active
    kind = type(main)
    vacated = None
    blind_level = None
    moved = tokens_moved(game, [main])  # the engine says what the main action moves
    bank1, tok1 = _sub(game.bank, moved), _add(game.tokens[p], moved)
    if kind is ReserveCard:
        card = CARDS[main.card]
        vacated = (card.level, [c.id if c else None
                                for c in game.market[card.level - 1]].index(main.card))
    elif kind is ReserveBlind:
        blind_level = main.level
    elif kind is BuyCard:
        card = CARDS[main.card]
        row = [c.id if c else None for c in game.market[card.level - 1]]
        if main.card in row:
            vacated = (card.level, row.index(main.card))
    # Returns: what came back to the bank beyond the main action, exactly down to 10.
    back = _sub(seen.bank, bank1)
    if min(back) < 0:
        return []
    over = max(0, sum(tok1) - TOKEN_LIMIT)
    if sum(back) != over or any(back[i] > tok1[i] for i in range(6)):
        return []
    # The market: every slot as before, except the vacated one, which holds the dealt card.
    decks = list(game.decks)
    if blind_level:
        decks[blind_level - 1] -= 1
    reveal = None
    for li in range(3):
        for s in range(4):
            want = before.market[li][s]
            got = seen.market[li][s]
            if vacated == (li + 1, s):
                if decks[li] == 0:
                    if got is not None:
                        return []
                    continue
                if got is None:
                    return []
                if got == "?":
                    raise _Unreadable({"unread_deal": {"level": li + 1, "slot": s + 1}})
                if got not in game.unseen[li] or got == main_card(main):
                    return []
                reveal = RevealCard(li + 1, s, got)
                decks[li] -= 1
            elif not _slot_matches(want, got):
                return []
    if tuple(d > 0 for d in decks) != seen.decks:
        return []
    # Nobles: a tile gone from the mat is the visit.
    removed = [before.nobles[i] for i in range(NOBLE_SLOTS)
               if before.nobles[i] is not None and seen.nobles[i] is None]
    added = [i for i in range(NOBLE_SLOTS) if before.nobles[i] is None
             and seen.nobles[i] is not None]
    if added or len(removed) > 1:
        return []
    head = [main] + ([reveal] if reveal else []) + ([ReturnGems(p, back)] if sum(back) else [])
    qualifying = nobles_after(game, head)  # the engine says who visits after these steps
    if qualifying is None:
        return []
    if removed:
        if removed[0] not in qualifying:
            return []
        noble_choices = [ClaimNoble(p, removed[0])]
    elif qualifying:
        noble_choices = [ClaimNoble(p, n) for n in qualifying]
    else:
        noble_choices = [None]
    return [head + ([nc] if nc else []) + [EndTurn(p)] for nc in noble_choices]


def main_card(action) -> Optional[str]:
    return getattr(action, "card", None) if type(action) in (ReserveCard, BuyCard) else None


def _main_candidates(game: Game, seen: Seen) -> list:
    """Main actions worth matching: takes and reserves as generated, buys with the payment
    the bank shows, blind reserves bound to a card shown in the scan zone."""
    p = game.active
    paid = _sub(seen.bank, game.bank)
    scan = seen.scan
    hand = list(game.reserved[p])
    known = [r.id for r in hand if type(r) is not BlindCard]
    blind_levels = sorted({r.level for r in hand if type(r) is BlindCard})
    # A card shown in the scan zone names the hidden card of this turn: the one just
    # reserved blind, or the reserved card being bought.
    scan_unseen = scan if scan and game.is_unseen(scan) else None
    out = []
    for action in game.legal_main_actions():
        kind = type(action)
        if kind is BuyCard:
            continue
        if kind is ReserveBlind and scan_unseen:
            if CARDS[scan_unseen].level == action.level:
                out.append(ReserveBlind(p, action.level, scan_unseen))
            continue
        out.append(action)
    # Buys: the payment is what came into the bank (a buy never leaves a player over 10).
    if min(paid) >= 0:
        pay = paid
        options = [c.id for _, _, c in game.face_up()]
        if scan and scan not in options:
            # The scan zone names the reserved card bought (if it is not one, no buy fits).
            options.append(scan)
        else:
            options.extend(known)
            for lv in blind_levels:
                options.extend(sorted(game.unseen[lv - 1]))
        for cid in options:
            action = BuyCard(p, cid, pay)
            if game.is_legal(action):
                out.append(action)
    return out


def _distinct(game: Game, turns: list) -> list:
    """Group turns by the state they lead to; keep one per state (the first, canonically)."""
    groups: dict = {}
    order = []
    for turn in turns:
        done = 0
        try:
            for action in turn:
                game.push(action)
                done += 1
            key = game.snapshot()
        except RuleError:
            key = None
        finally:
            for _ in range(done):
                game.pop()
        if key is None:
            continue
        if key not in groups:
            groups[key] = turn
            order.append(key)
    return [groups[k] for k in order]


# ----------------------------------------------------------------------------- questions
def _question(game: Game, turns: list, seen: Seen, before: Seen, seat: int) -> Verdict:
    mains = [t[0] for t in turns]
    same_main = all(m == mains[0] for m in mains)
    nobles = [next((a.noble for a in t if type(a) is ClaimNoble), None) for t in turns]
    unchanged = seen == before or (seen.nobles, seen.market, seen.decks, seen.bank) == (
        before.nobles, before.market, before.decks, before.bank)
    options = tuple(tuple(t) for t in turns)
    if same_main and all(nobles) and len(set(nobles)) == len(nobles):
        return Verdict("question", seat, question="noble", candidates=tuple(nobles),
                       options=options)
    if all(type(m) is ReserveBlind for m in mains) and len({m.level for m in mains}) == len(mains):
        levels = tuple(m.level for m in mains)
        candidates = levels + ((0,) if unchanged else ())
        return Verdict("question", seat, question="deck", candidates=candidates,
                       options=options)
    if (all(type(m) is BuyCard for m in mains) and len({m.card for m in mains}) == len(mains)
            and all(not any(c is not None and c.id == m.card for _, _, c in game.face_up())
                    for m in mains)):
        return Verdict("question", seat, question="reserved-card",
                       candidates=tuple(m.card for m in mains), options=options)
    return Verdict("question", seat, question="turn", candidates=tuple(range(len(turns))),
                   options=options)


def accept(game: Game, turn, seen: Optional[Seen], seat: int, asked: Optional[str] = None
           ) -> Verdict:
    """The accepted verdict for a turn (not yet pushed)."""
    data = {}
    for a in turn:   # the tile still on the mat: the screen asks for it in any language
        if type(a) is ClaimNoble and seen is not None \
                and seen.nobles[list(game.nobles).index(a.noble)] is not None:
            data["noble_tile"] = a.noble
    return Verdict("accepted", seat, lines=tuple(a.to_line() for a in turn), asked=asked,
                   data=data)


# ----------------------------------------------------------------------------- judge


def judge(game: Game, observation: dict, seat: int) -> Verdict:
    """Judge the press of ``seat`` on the table ``observation`` against ``game`` (the last
    accepted state, at a turn start). ``game`` is left as it was."""
    if game.main is not None:
        raise ValueError("judge() needs the game at the start of a turn.")
    if game.outcome is not None:
        return Verdict("rejected", seat, rule="game-over")
    if seat != game.active:
        return Verdict("rejected", seat, rule="not-your-turn")
    try:
        seen = read_seen(observation)
    except ObservationError as err:
        return Verdict("unreadable", seat, data=err.data)
    before = seen_of(game)
    unsure = changed_uncertain(before, seen)
    if unsure:
        return _unsure(seat, unsure, observation)
    verdict = _judge_seen(game, seen, before, seat)
    # An uncertain lane read as it was is only the camera's guess, and the turn may have
    # happened there: it matters when another count of it would be judged otherwise.
    hinge = [u for u in sorted(seen.uncertain) if u.startswith("bank.")
             and _verdict_hinges_on(game, seen, before, seat, verdict, u)]
    return _unsure(seat, hinge, observation) if hinge else verdict


def _unsure(seat: int, paths: list, observation: dict) -> Verdict:
    data = {"uncertain": list(paths)}
    if corner_missing(observation):
        data["corner"] = True
    return Verdict("unreadable", seat, data=data)


#: The other counts an uncertain lane is tried at (the camera is off by a token or two).
UNSURE_LANE_STEPS = (-2, -1, 1, 2)


def _verdict_hinges_on(game: Game, seen: Seen, before: Seen, seat: int, verdict: Verdict,
                       path: str) -> bool:
    """Would another count of the uncertain lane `path` give an accepted turn other than
    `verdict`? (A refusal or a question that another count explains is not the player's.)"""
    i = COLOURS.index(path.split(".", 1)[1])
    for step in UNSURE_LANE_STEPS:
        n = seen.bank[i] + step
        if n < 0:
            continue
        other = replace(seen, bank=seen.bank[:i] + (n,) + seen.bank[i + 1:],
                        uncertain=frozenset())
        alt = _judge_seen(game, other, before, seat)  # a count no table allows: unreadable
        if alt.kind == "accepted" and (verdict.kind != "accepted" or alt.lines != verdict.lines):
            return True
    return False


def _judge_seen(game: Game, seen: Seen, before: Seen, seat: int) -> Verdict:
    """The verdict for the table `seen` (its uncertain items taken as read)."""
    problem = table_problems(game, seen)
    if problem:
        return Verdict("unreadable", seat, data=problem)
    turns = []
    try:
        for main in _main_candidates(game, seen):
            turns.extend(_turn_for(game, main, seen, before))
    except _Unreadable as err:
        return Verdict("unreadable", seat, data=err.data)
    unchanged = (seen.nobles, seen.market, seen.decks, seen.bank) == (
        before.nobles, before.market, before.decks, before.bank)
    if unchanged:
        # An unchanged table is no action (session.md), not a take of tokens given straight
        # back; a buy of a reserved card that costs no token must be shown in the scan zone.
        turns = [t for t in turns if type(t[0]) in (PassTurn, ReserveBlind)
                 or (type(t[0]) is BuyCard and t[0].card == seen.scan)]
    turns = _distinct(game, turns)
    if len(turns) == 1:
        main = turns[0][0]
        if unchanged and type(main) is ReserveBlind and main.card is None:
            # An unchanged table while a blind reserve without gold is legal: ask (session.md).
            return _question(game, turns, seen, before, seat)
        return accept(game, turns[0], seen, seat)
    if turns:
        return _question(game, turns, seen, before, seat)
    # The attempt that breaks the fewest rules is the one to explain (issue 36).
    return noble_fault(game, seen, before, seat, lambda s: _matching(game, s, before)) or \
        diagnose(game, seen, before, seat)


def _matching(game: Game, seen: Seen, before: Seen) -> list:
    """Every legal turn of the active seat whose table is ``seen`` (``[]`` when a card it
    deals can't be read)."""
    try:
        return [t for main in _main_candidates(game, seen)
                for t in _turn_for(game, main, seen, before)]
    except _Unreadable:
        return []


def answer_question(game: Game, question: Verdict, value) -> Verdict:
    """The final verdict for an answer to ``question`` (asked on ``game``'s current state)."""
    seat = question.seat
    options = question.options
    kind = question.question
    chosen = None
    if kind == "noble":
        chosen = next((t for t in options for a in t
                       if type(a) is ClaimNoble and a.noble == value), None)
    elif kind == "deck":
        if value == 0 and 0 in question.candidates:
            return Verdict("rejected", seat, rule="no-action", asked=kind,
                           data={"key": "nothing-reserved"})
        chosen = next((t for t in options if t[0].level == value), None) if isinstance(
            value, int) and not isinstance(value, bool) else None
    elif kind == "reserved-card":
        chosen = next((t for t in options if t[0].card == value), None)
    elif kind == "turn":
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(options):
            chosen = options[value]
    if chosen is None:
        return Verdict("question", seat, question=kind, candidates=question.candidates,
                       options=options, data={"not_a_choice": repr(value)})
    return accept(game, chosen, None, seat, asked=kind)


__all__ = ["Verdict", "Seen", "ObservationError", "expected_observation", "read_seen", "judge",
           "answer_question", "accept"]
