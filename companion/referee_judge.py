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

from dataclasses import dataclass, field
from typing import Optional

from companion.engine import (CARDS, COLOURS, NOBLES, BuyCard, ClaimNoble, EndTurn,
                              Game, PassTurn, ReserveBlind, ReserveCard, ReturnGems, RevealCard,
                              RuleError, TakeGems, starting_bank)
from companion.engine.cards import describe_tokens
from companion.engine.game import BlindCard

NOBLE_SLOTS = 5
TOKEN_LIMIT = 10
ZERO6 = (0, 0, 0, 0, 0, 0)
KINDS = ("accepted", "rejected", "question", "unreadable", "entered")


# ----------------------------------------------------------------------------- the verdict
@dataclass(frozen=True)
class Verdict:
    """What the referee said about one press (or answer, or touch entry).

    ``kind``: ``accepted`` (``lines`` were added to the record), ``rejected`` (``rule`` is the
    code of rules.md; nothing changed), ``question`` (``question`` names it, ``candidates``
    are the values an answer may give), ``unreadable`` (nothing changed; ``message`` says what
    to clear), or ``entered`` (a touch-entered line of a turn still in progress; the turn is
    accepted at its ``end_turn``). ``asked`` names the question a final verdict answered.
    ``options`` holds, for a question, each candidate turn as engine actions (private).
    """

    kind: str
    seat: Optional[int] = None
    lines: tuple = ()
    rule: Optional[str] = None
    message: str = ""
    question: Optional[str] = None
    candidates: tuple = ()
    asked: Optional[str] = None
    options: tuple = field(default=(), repr=False, compare=False)

    def to_dict(self, press: Optional[int] = None) -> dict:
        """The verdict object of ``rejudge --json`` (session.md)."""
        out: dict = {}
        if press is not None:
            out["press"] = press
        out["seat"] = self.seat
        out["verdict"] = self.kind
        if self.kind in ("accepted", "entered"):
            out["lines"] = [dict(line) for line in self.lines]
        elif self.kind == "rejected":
            out["rule"] = self.rule
        elif self.kind == "question":
            out["question"] = self.question
            out["candidates"] = list(self.candidates)
        if self.message:
            out["message"] = self.message
        if self.asked:
            out["asked"] = self.asked
        return out


# ----------------------------------------------------------------------------- observations
class ObservationError(ValueError):
    """The observation can't be used to judge a turn; ``message`` says what to clear."""

    def __init__(self, message: str, what: str = "unreadable"):
        super().__init__(message)
        self.message = message
        self.what = what


@dataclass(frozen=True)
class Seen:
    """An observation reduced to what judging uses. Slots hold an id, ``"?"`` or None."""

    nobles: tuple  # 5 slots
    market: tuple  # 3 rows of 4, level 1 first
    decks: tuple  # 3 bools, level 1 first
    bank: tuple  # 6 counts, gold last
    scan: Optional[str]
    uncertain: frozenset


def expected_observation(game: Game, scan: Optional[str] = None) -> dict:
    """The read-table object (table.md) a perfect camera would report for ``game``'s table.

    ``scan`` is a card id shown in the scan zone, if any.
    """
    nobles = list(game.nobles) + [None] * (NOBLE_SLOTS - len(game.nobles))
    market = {str(li + 1): [c.id if c is not None else None for c in row]
              for li, row in enumerate(game.market)}
    tags = [n for n in nobles if n] + [c for row in market.values() for c in row if c]
    if scan:
        tags.append(scan)
    return {
        "mat": True, "markers": [0, 1, 2, 3],
        "nobles": nobles,
        "market": market,
        "decks": {str(lv): game.decks[lv - 1] > 0 for lv in (1, 2, 3)},
        "bank": {c: game.bank[i] for i, c in enumerate(COLOURS)},
        "scan": scan,
        "tags": tags, "foreign": [], "uncertain": [], "busy": False,
    }


def _slot_value(value, where: str):
    if value is None or value == "?":
        return value
    if not isinstance(value, str):
        raise ObservationError(f"The camera's reading of {where} is not a tag id.", "malformed")
    return value


def read_seen(obs: dict) -> Seen:
    """Check an observation and reduce it; raises :class:`ObservationError` with a sentence."""
    if not isinstance(obs, dict):
        raise ObservationError("The camera gave no reading of the table: press again.",
                               "malformed")
    if obs.get("mat") is False:
        raise ObservationError("The camera can't see the mat: at least 3 of its 4 corner "
                               "markers must be in view. Move whatever covers a corner, then "
                               "press again.")
    if obs.get("busy"):
        # Name exactly what to clear (read-table's `covered`), in the players' words.
        from companion.covered_text import covered_sentence
        covered = obs.get("covered")
        raise ObservationError(covered_sentence(covered if isinstance(covered, list) else None))
    try:
        nobles = list(obs["nobles"])
        nobles = nobles + [None] * (NOBLE_SLOTS - len(nobles))
        nobles = tuple(_slot_value(v, f"noble slot {i + 1}") for i, v in enumerate(nobles))
        market = tuple(tuple(_slot_value(v, f"level {lv}, slot {i + 1}")
                             for i, v in enumerate(obs["market"][str(lv)]))
                       for lv in (1, 2, 3))
        if any(len(row) != 4 for row in market):
            raise KeyError("market")
        decks = tuple(bool(obs["decks"][str(lv)]) for lv in (1, 2, 3))
        bank = tuple(obs["bank"][c] for c in COLOURS)
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in bank):
            raise KeyError("bank")
    except (KeyError, TypeError, AttributeError):
        raise ObservationError("The camera's reading is incomplete (the nobles, market, decks "
                               "or bank is missing): press again.", "malformed")
    scan = obs.get("scan")
    scan = scan if isinstance(scan, str) and scan in CARDS else None
    uncertain = frozenset(u for u in obs.get("uncertain") or () if isinstance(u, str))
    return Seen(nobles, market, decks, bank, scan, uncertain)


def _seen_of(game: Game) -> Seen:
    return read_seen(expected_observation(game))


def _where(path: str) -> str:
    parts = path.split(".")
    if parts[0] == "bank" and len(parts) == 2:
        return f"the {parts[1]} lane of the bank"
    if parts[0] == "market" and len(parts) == 3:
        return f"the card in level {parts[1]}, slot {int(parts[2]) + 1}"
    if parts[0] == "nobles" and len(parts) == 2:
        return f"noble slot {int(parts[1]) + 1}"
    if parts[0] == "decks" and len(parts) == 2:
        return f"the level {parts[1]} deck"
    return path


def _changed_uncertain(before: Seen, seen: Seen) -> list:
    """Uncertain items whose reading differs from the last accepted state: they matter."""
    out = []
    for path in sorted(seen.uncertain):
        parts = path.split(".")
        try:
            if parts[0] == "bank":
                i = COLOURS.index(parts[1])
                changed = before.bank[i] != seen.bank[i]
            elif parts[0] == "market":
                li, s = int(parts[1]) - 1, int(parts[2])
                changed = before.market[li][s] != seen.market[li][s]
            elif parts[0] == "nobles":
                i = int(parts[1])
                changed = before.nobles[i] != seen.nobles[i]
            elif parts[0] == "decks":
                li = int(parts[1]) - 1
                changed = before.decks[li] != seen.decks[li]
            else:
                changed = False
        except (ValueError, IndexError):
            changed = False
        if changed:
            out.append(path)
    return out


def _table_problems(game: Game, seen: Seen) -> Optional[str]:
    """Plain faults of the table that no turn explains: a card in two places, too many tokens
    in a lane."""
    places: dict = {}
    for i, n in enumerate(seen.nobles):
        if n not in (None, "?"):
            places.setdefault(n, []).append(f"noble slot {i + 1}")
    for li, row in enumerate(seen.market):
        for s, c in enumerate(row):
            if c not in (None, "?"):
                places.setdefault(c, []).append(f"level {li + 1}, slot {s + 1}")
    if seen.scan:
        places.setdefault(seen.scan, []).append("the scan zone")
    for tag, where in places.items():
        if len(where) > 1:
            return (f"{'Noble' if tag in NOBLES else 'Card'} {tag} is seen in two places "
                    f"({' and '.join(where)}): each tag is on one card only. Take away the "
                    "copy that does not belong there, then press again.")
    full = starting_bank(game.n)
    for i, c in enumerate(COLOURS):
        if seen.bank[i] > full[i]:
            return (f"The {c} lane holds {seen.bank[i]} tokens, but a {game.n}-player game "
                    f"has only {full[i]} {c} tokens: a token of another colour is in the "
                    f"{c} lane. Put every token in its own colour's lane, then press again.")
    return None


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
    def __init__(self, message: str):
        self.message = message


def _turn_for(game: Game, main, seen: Seen, before: Seen) -> list:
    """Every full turn (action lists) starting with ``main`` whose table matches ``seen``.

    Raises :class:`_Unreadable` when the turn fits but a card it deals can't be read.
    """
    p = game.active
    bank0 = game.bank
    tok0 = game.tokens[p]
    kind = type(main)
    vacated = None
    blind_level = None
    bonuses = list(game.bonuses[p])
    gold = 1 if bank0[5] else 0
    if kind is TakeGems:
        bank1, tok1 = _sub(bank0, main.gems), _add(tok0, main.gems)
    elif kind is ReserveCard or kind is ReserveBlind:
        g = (0, 0, 0, 0, 0, gold)
        bank1, tok1 = _sub(bank0, g), _add(tok0, g)
        if kind is ReserveCard:
            card = CARDS[main.card]
            vacated = (card.level, [c.id if c else None
                                    for c in game.market[card.level - 1]].index(main.card))
        else:
            blind_level = main.level
    elif kind is BuyCard:
        bank1, tok1 = _add(bank0, main.pay), _sub(tok0, main.pay)
        card = CARDS[main.card]
        row = [c.id if c else None for c in game.market[card.level - 1]]
        if main.card in row:
            vacated = (card.level, row.index(main.card))
        bonuses[card.bonus] += 1
    else:  # PassTurn
        bank1, tok1 = bank0, tok0
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
                    raise _Unreadable(f"The card dealt into level {li + 1}, slot {s + 1} can't "
                                      "be read: lay it flat with its tag facing the camera, "
                                      "then press again.")
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
    qualifying = [n for n in game.nobles if n is not None and all(
        bonuses[i] >= NOBLES[n].requires[i] for i in range(5))]
    if removed:
        if removed[0] not in qualifying:
            return []
        noble_choices = [ClaimNoble(p, removed[0])]
    elif qualifying:
        noble_choices = [ClaimNoble(p, n) for n in qualifying]
    else:
        noble_choices = [None]
    head = [main] + ([reveal] if reveal else []) + ([ReturnGems(p, back)] if sum(back) else [])
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


# ----------------------------------------------------------------------------- words
def _name(game: Game, p: int) -> str:
    return game.names[p]


def describe_action(game: Game, action) -> str:
    """One plain sentence for an action (the game is the state before it)."""
    kind = type(action)
    if kind is RevealCard:
        return f"Card {action.card} was dealt into level {action.level}, slot {action.slot + 1}."
    p = action.player
    who = _name(game, p)
    gold = " and a gold token" if game.bank[5] else ""
    if kind is TakeGems:
        return f"{who} took {describe_tokens(action.gems)}."
    if kind is ReserveCard:
        return f"{who} reserved card {action.card}{gold}."
    if kind is ReserveBlind:
        shown = f" ({action.card})" if action.card else ""
        return f"{who} reserved the top card of the level {action.level} deck{shown}{gold}."
    if kind is BuyCard:
        paid = describe_tokens(action.pay) if sum(action.pay) else "nothing (bonuses cover it)"
        return f"{who} bought card {action.card}, paying {paid}."
    if kind is PassTurn:
        return f"{who} passed: no legal action was possible."
    if kind is ReturnGems:
        return f"{who} returned {describe_tokens(action.gems)} to the bank."
    if kind is ClaimNoble:
        return f"Noble {action.noble} visits {who}."
    return ""


def describe_turn(game: Game, turn: list, seen: Optional[Seen] = None) -> str:
    parts = []
    done = 0
    try:
        for action in turn:
            if type(action) is not EndTurn:
                text = describe_action(game, action)
                if type(action) is ClaimNoble and seen is not None:
                    i = list(game.nobles).index(action.noble)
                    if seen.nobles[i] is not None:
                        text = text[:-1] + f": take the tile of noble {action.noble} from the mat."
                if type(action) is not RevealCard:
                    parts.append(text)
            game.push(action)
            done += 1
        if game.outcome is not None:
            o = game.outcome
            names = [game.names[i] for i in o.winners]
            parts.append(f"The game is over: {' and '.join(names)} "
                         f"{'wins' if len(names) == 1 else 'share the victory'} with "
                         f"{o.points[o.winners[0]]} points.")
        elif game.final_round:
            parts.append(f"This is the final round; {game.names[game.active]} plays next.")
    except RuleError:
        pass
    finally:
        for _ in range(done):
            game.pop()
    return " ".join(parts)


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
                       options=options,
                       message=(f"Nobles {' and '.join(nobles)} both qualify for "
                                f"{game.names[seat]}: which one visits? Touch it, or take its "
                                "tile from the mat and press again."))
    if all(type(m) is ReserveBlind for m in mains) and len({m.level for m in mains}) == len(mains):
        levels = tuple(m.level for m in mains)
        candidates = levels + ((0,) if unchanged else ())
        extra = " (or no card, if nothing was reserved)" if unchanged else ""
        return Verdict("question", seat, question="deck", candidates=candidates,
                       options=options,
                       message=(f"{game.names[seat]} reserved a card from a deck: from which "
                                f"level's deck{extra}?"))
    if (all(type(m) is BuyCard for m in mains) and len({m.card for m in mains}) == len(mains)
            and all(not any(c is not None and c.id == m.card for _, _, c in game.face_up())
                    for m in mains)):
        return Verdict("question", seat, question="reserved-card",
                       candidates=tuple(m.card for m in mains), options=options,
                       message=(f"Which of {game.names[seat]}'s reserved cards was bought? "
                                "Touch it, or show it in the scan zone and press again."))
    described = [describe_turn(game, t) for t in turns]
    return Verdict("question", seat, question="turn", candidates=tuple(range(len(turns))),
                   options=options,
                   message=("The table fits more than one turn: " + " / ".join(
                       f"{i + 1}: {d}" for i, d in enumerate(described)) + " Which was it?"))


def accept(game: Game, turn, seen: Optional[Seen], seat: int, asked: Optional[str] = None
           ) -> Verdict:
    """The accepted verdict for a turn (not yet pushed)."""
    return Verdict("accepted", seat, lines=tuple(a.to_line() for a in turn),
                   message=describe_turn(game, list(turn), seen), asked=asked)


# ----------------------------------------------------------------------------- illegal attempts
_TAKE_FIX = ("then take 3 tokens of different colours, or 2 of one colour from a pile of 4 or "
             "more, and press again.")


def _fix(code: str, ctx: dict) -> str:
    """The put-it-right sentence for a rejected attempt."""
    out = ctx.get("out") or ZERO6
    into = ctx.get("into") or ZERO6
    card = ctx.get("card")
    if code in ("take-gold", "take-two-needs-four", "take-three-distinct", "bank-empty"):
        return f"Put the {describe_tokens(out)} back in the bank, {_TAKE_FIX}"
    if code == "reserve-limit":
        what = f"card {card}" if card else "the card"
        gold = " and the gold token" if out[5] else ""
        return (f"Put {what}{gold} back where {'it was' if not gold else 'they were'}: a "
                "player holds at most 3 reserved cards. Take tokens or buy a card instead, "
                "then press again.")
    if code == "card-not-available":
        return (f"Take back the tokens paid and put card {card or 'the card'} back where it "
                "was, then press again.")
    if code == "payment-mismatch":
        return (f"Take back the {describe_tokens(into)} paid into the bank and pay the exact "
                "cost, then press again.")
    if code == "reveal-missing":
        return "Deal the top card of that deck into the empty slot, then press again."
    if code == "reveal-mismatch":
        return ("Put that card back where it came from and deal the top card of the deck "
                "into the empty slot, then press again.")
    if code == "return-not-allowed":
        return (f"Take the {describe_tokens(into)} back from the bank, then press again.")
    if code == "tokens-over-ten":
        return "Return tokens of your choice to the bank down to 10, then press again."
    if code == "noble-not-earned":
        return "Put the noble tile back on the mat, then press again."
    if code == "one-noble-per-turn":
        return "Put one of the noble tiles back on the mat, then press again."
    if code == "one-action-per-turn":
        return ("Put back everything but one action (take tokens, reserve a card or buy a "
                "card), then press again.")
    if code == "no-action":
        return ("Make one action (take tokens, reserve a card or buy a card; a reserved card "
                "bought with bonuses alone must be shown in the scan zone), then press again.")
    return "Put the table back as it was, then press again."


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


def _diagnose(game: Game, seen: Seen, before: Seen, seat: int) -> Verdict:
    actions, ctx = _attempt(game, seen, before)
    claims = sum(1 for a in actions if type(a) is ClaimNoble)
    done = 0
    try:
        for action in actions:
            if type(action) is ClaimNoble and claims > 1:
                return Verdict("rejected", seat, rule="one-noble-per-turn",
                               message=(f"{claims} noble tiles were taken from the mat, but at "
                                        "most one noble visits a player per turn. "
                                        + _fix("one-noble-per-turn", ctx)))
            try:
                game.check(action)
            except RuleError as err:
                return Verdict("rejected", seat, rule=err.rule,
                               message=f"{err.message} {_fix(err.rule, ctx)}")
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
            if err.rule == "noble-must-visit":
                pass
            else:
                return Verdict("rejected", seat, rule=err.rule,
                               message=f"{err.message} {_fix(err.rule, ctx)}")
        # Legal steps that still don't match the table: say what differs.
        return Verdict("rejected", seat, rule="no-action",
                       message=_mismatch_sentence(game, seen) + " " + _fix("other", ctx))
    finally:
        for _ in range(done):
            game.pop()


def _mismatch_sentence(game_after: Game, seen: Seen) -> str:
    exp = _seen_of(game_after)
    for i, c in enumerate(COLOURS):
        if exp.bank[i] != seen.bank[i]:
            return (f"The {c} lane should hold {exp.bank[i]} tokens after that turn, but the "
                    f"camera counts {seen.bank[i]}"
                    + (" (a reserve takes a gold token while any is left)." if c == "gold"
                       else "."))
    for li in range(3):
        if exp.decks[li] != seen.decks[li]:
            return (f"The level {li + 1} deck should {'still be' if exp.decks[li] else 'be gone'}"
                    " from its slot, but it "
                    f"{'is missing' if exp.decks[li] else 'is still there'}.")
        for s in range(4):
            if not _slot_matches(exp.market[li][s], seen.market[li][s]) and not (
                    exp.market[li][s] is None and seen.market[li][s] is None):
                return (f"Level {li + 1}, slot {s + 1} should hold "
                        f"{exp.market[li][s] or 'nothing'}, but the camera sees "
                        f"{'an unreadable card' if seen.market[li][s] == '?' else seen.market[li][s] or 'an empty slot'}.")
    for i in range(NOBLE_SLOTS):
        if (exp.nobles[i] is None) != (seen.nobles[i] is None):
            return (f"Noble slot {i + 1} should "
                    f"{'be empty' if exp.nobles[i] is None else 'hold ' + exp.nobles[i]}.")
    return "The table does not show one whole legal turn."


# ----------------------------------------------------------------------------- judge
def judge(game: Game, observation: dict, seat: int) -> Verdict:
    """Judge the press of ``seat`` on the table ``observation`` against ``game`` (the last
    accepted state, at a turn start). ``game`` is left as it was."""
    if game.main is not None:
        raise ValueError("judge() needs the game at the start of a turn.")
    if game.outcome is not None:
        return Verdict("rejected", seat, rule="game-over",
                       message="The game is over: no more turns can be played.")
    if seat != game.active:
        return Verdict("rejected", seat, rule="not-your-turn",
                       message=(f"It is {game.names[game.active]}'s turn, not "
                                f"{game.names[seat]}'s: only {game.names[game.active]}'s button "
                                "ends this turn."))
    try:
        seen = read_seen(observation)
    except ObservationError as err:
        return Verdict("unreadable", seat, message=err.message)
    before = _seen_of(game)
    unsure = _changed_uncertain(before, seen)
    if unsure:
        what = ", ".join(_where(u) for u in unsure)
        return Verdict("unreadable", seat,
                       message=(f"The camera is not sure of {what}: lay tokens flat in one "
                                "row in their lane and cards flat with their tags facing up, "
                                "then press again."))
    problem = _table_problems(game, seen)
    if problem:
        return Verdict("unreadable", seat, message=problem)
    turns = []
    try:
        for main in _main_candidates(game, seen):
            turns.extend(_turn_for(game, main, seen, before))
    except _Unreadable as err:
        return Verdict("unreadable", seat, message=err.message)
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
    return _diagnose(game, seen, before, seat)


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
                           message=(f"Nothing was reserved and the table is unchanged: "
                                    f"{game.names[seat]} has not made an action yet. "
                                    + _fix("no-action", {})))
        chosen = next((t for t in options if t[0].level == value), None) if isinstance(
            value, int) and not isinstance(value, bool) else None
    elif kind == "reserved-card":
        chosen = next((t for t in options if t[0].card == value), None)
    elif kind == "turn":
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(options):
            chosen = options[value]
    if chosen is None:
        return Verdict("question", seat, question=kind, candidates=question.candidates,
                       options=options,
                       message=(f"{value!r} is not one of the choices "
                                f"({', '.join(str(c) for c in question.candidates)}). "
                                + question.message))
    return accept(game, chosen, None, seat, asked=kind)


__all__ = ["Verdict", "Seen", "ObservationError", "expected_observation", "read_seen", "judge",
           "answer_question", "accept", "describe_turn", "describe_action"]
