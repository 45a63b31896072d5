"""The touchscreen app's view-model: what each screen shows, and what a touch asks the referee.

Plain Python, no Kivy: the screens (``companion/ui/*.kv``) only draw what this module says and
call its methods when touched. No game logic lives in a widget; the rules are the engine's and
every verdict is the referee's.

- :class:`TableView` - the mirror of the table for the Play screen (nobles, market, bank, players).
- The setup guide and what the camera sees wrong: :mod:`companion.i18n.guide`; the banner and
  the outcome: ``companion.ui.play_view.banner_text``, :func:`companion.i18n.table.outcome_text`.
- :class:`SetupDraft` - the dealt table entered by touch; :func:`search_cards` finds a card.
- :class:`TurnEntry` - one turn entered by touch, step by step, as record lines.
- The app's controller (referee door, panel, settings, last verdict) is in
  :mod:`companion.app.controller`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Sequence

from companion.app.computer import level_name, load_seats
from companion.engine import (CARDS, CARDS_BY_LEVEL, COLOURS, GEMS, MAX_PLAYERS, MIN_PLAYERS,
                              NOBLES, Game, Setup, TakeGems, next_step)
from companion.engine.cards import COLOUR_INDEX
from companion.engine.errors import RuleError
from companion.engine.inputs import FileFacts
from companion.engine.record import parse_event
from companion.i18n import _, ngettext
from companion.referee import Referee, open_journal
from companion.referee.recovery import session_folder

# Every colour is also told by a letter (colour-blind players): the card-id letters, and "Au"
# for gold so it never reads like green's G.
GEM_LETTER = {"white": "W", "blue": "U", "green": "G", "red": "R", "black": "K", "gold": "Au"}
# Fill colour and the text colour that reads on it (RGBA 0..1).
GEM_RGBA = {
    "white": (0.93, 0.93, 0.90, 1), "blue": (0.16, 0.38, 0.85, 1),
    "green": (0.13, 0.60, 0.30, 1), "red": (0.85, 0.18, 0.18, 1),
    "black": (0.12, 0.12, 0.12, 1), "gold": (0.95, 0.77, 0.15, 1),
}
GEM_TEXT_RGBA = {c: ((0.05, 0.05, 0.05, 1) if c in ("white", "gold") else (1, 1, 1, 1))
                 for c in COLOURS}
LETTER_GEM = {v.upper(): k for k, v in GEM_LETTER.items()}


# ----------------------------------------------------------------------------- table mirror
def card_view(card_id: Optional[str]) -> Optional[dict]:
    """What a card tile shows: id, level, bonus colour, prestige, cost (colour, count)."""
    if card_id is None:
        return None
    c = CARDS[card_id]
    return {"id": c.id, "level": c.level, "bonus": GEMS[c.bonus], "points": c.points,
            "cost": [(GEMS[i], n) for i, n in enumerate(c.cost) if n]}


def noble_view(noble_id: Optional[str]) -> Optional[dict]:
    if noble_id is None:
        return None
    n = NOBLES[noble_id]
    return {"id": n.id, "points": n.points,
            "requires": [(GEMS[i], k) for i, k in enumerate(n.requires) if k]}


def cost_text(cost: Sequence) -> str:
    """"3W 2U" style: the letters colour-blind players read."""
    return " ".join(f"{n}{GEM_LETTER[c]}" for c, n in cost) or "free"


@dataclass
class TableView:
    """The table as the Play screen mirrors it."""

    nobles: list           # noble_view or None (taken), one per revealed noble
    rows: list             # level 3 first: {"level", "deck", "cards": [card_view|None]*4}
    bank: list             # (colour, count) for the six colours
    players: list          # dicts: seat, name, points, bonuses, tokens, reserved, cards, ...
    active: Optional[int]
    turn: int
    final_round: bool
    finished: bool
    affordable: frozenset  # card ids the active player can buy now (only when hints are on)

    @classmethod
    def of(cls, game: Game, hints: bool = False, button_of: Optional[Sequence[int]] = None
           ) -> "TableView":
        rows = []
        for level in (3, 2, 1):
            row = game.market[level - 1]
            rows.append({"level": level, "deck": game.deck_size(level),
                         "cards": [card_view(c.id) if c is not None else None for c in row]})
        players = []
        for pv in game.players:
            players.append({
                "seat": pv.seat, "name": pv.name, "points": pv.points,
                "button": (button_of[pv.seat] if button_of else pv.seat) + 1,
                "bonuses": [(GEMS[i], n) for i, n in enumerate(pv.bonuses)],
                "tokens": [(COLOURS[i], n) for i, n in enumerate(pv.tokens)],
                "token_total": sum(pv.tokens), "reserved": len(pv.reserved),
                "cards": len(pv.cards), "nobles": len(pv.nobles),
                "active": (not game.finished and pv.seat == game.active),
            })
        affordable = frozenset()
        if hints and not game.finished:
            p = game.active
            cands = [c for _, _, c in game.face_up()] + [
                r for r in game.reserved[p] if r.id is not None]
            affordable = frozenset(c.id for c in cands if game.payment(p, c) is not None)
        return cls(
            nobles=[noble_view(n) for n in game.nobles],
            rows=rows,
            bank=[(COLOURS[i], n) for i, n in enumerate(game.bank)],
            players=players,
            active=None if game.finished else game.active,
            turn=game.turn,
            final_round=game.final_round and not game.finished,
            finished=game.finished,
            affordable=affordable,
        )


# ----------------------------------------------------------------------------- game over
def ranking(game: Game) -> list:
    """Rows of the Game over screen, best first: place, name, points, cards, nobles, winner."""
    out = game.outcome
    if out is None:
        return []
    places = out.places()  # the engine's tie-break: points, then fewest cards
    return [{"place": places[i], "seat": i, "name": game.names[i], "points": out.points[i],
             "cards": out.cards[i], "nobles": len(game.nobles_won[i]),
             "winner": i in out.winners}
            for i in sorted(range(game.n), key=lambda i: (places[i], i))]


# ----------------------------------------------------------------------------- card entry
_COST_TOKEN = re.compile(r"(\d+)\s*([a-z]+)|([a-z]+)\s*(\d+)")


def search_cards(query: str, level: Optional[int] = None,
                 among: Optional[Iterable[str]] = None, limit: int = 24) -> list:
    """Card ids matching a search: by id ("2r0", "1W01") or by cost ("3w 2u", "w3u2").

    ``level`` and ``among`` narrow the candidates (e.g. the unseen cards of that deck).
    """
    pool = sorted(among) if among is not None else sorted(CARDS)
    if level is not None:
        pool = [c for c in pool if CARDS[c].level == level]
    return _search(query, pool, lambda c: CARDS[c].cost)[:limit]


def search_nobles(query: str, among: Optional[Iterable[str]] = None) -> list:
    """Noble ids matching a search: by the bonuses the noble asks for ("4r", "3w 3u 3g"), as
    the gem keys type them, or by id ("n03", a physical keyboard's shortcut).

    >>> search_nobles("4r 4k")
    ['N01']
    >>> search_nobles("3g")
    ['N06', 'N07', 'N10']
    """
    pool = sorted(among) if among is not None else sorted(NOBLES)
    return _search(query, pool, lambda n: NOBLES[n].requires)


def _search(query: str, pool: list, counts) -> list:
    """The ids of ``pool`` a query finds: all for none, those starting with it (an id), else
    those whose ``counts(id)`` (a cost or a noble's requirement) has each gem count typed."""
    q = query.strip().lower().replace(",", " ")
    if not q:
        return pool
    by_id = [i for i in pool if i.lower().startswith(q.replace(" ", ""))]
    if by_id:
        return by_id
    want = _gem_counts(q)
    if not want:
        return []
    return [i for i in pool if all(counts(i)[g] == n for g, n in want.items())]


def _gem_counts(q: str) -> dict:
    """A typed cost or requirement ("3w 2u", "w3u2") as {gem index: count}; {} when it names
    no gem or something that isn't one (it matches nothing)."""
    want = {}
    for m in _COST_TOKEN.finditer(q):
        n, letters = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        colour = LETTER_GEM.get(letters.upper()) or (letters if letters in GEMS else None)
        if colour is None or colour == "gold":
            return {}
        want[COLOUR_INDEX[colour]] = int(n)
    return want


_QUERY_PART = re.compile(r"(\d*)([wugrk])|(\d+)|(\S)", re.IGNORECASE)


def query_pictures(query: str) -> list:
    """The search field's text as the player sees it (issue 33: no gem letters on screen):
    (colour, numeral) per gem typed, the number before it as its numeral ("" while none);
    ("", text) for any other digits or letter (a noble's N)."""
    parts = []
    for m in _QUERY_PART.finditer(query):
        if m.group(2):
            parts.append((LETTER_GEM[m.group(2).upper()], m.group(1)))
        else:
            parts.append(("", m.group(3) or m.group(4)))
    return parts


@dataclass(frozen=True)
class Page:
    """One page of a list of pictures shown without scrolling (a picker's cards)."""
    start: int
    stop: int
    page: int        # from 0
    pages: int


def page_of(count: int, page: int, per_page: int) -> Page:
    """The page ``page`` (kept within the pages there are) of ``count`` items, ``per_page``
    a page (at least one)."""
    per_page = max(1, per_page)
    pages = max(1, -(-count // per_page))
    page = min(max(0, page), pages - 1)
    return Page(page * per_page, min(count, (page + 1) * per_page), page, pages)


def seat_problems(names: Sequence[str], first: int) -> list:
    """What keeps these players (the names typed, blanks dropped) from starting, as sentences;
    ``first`` is who starts, an index among them.

    >>> seat_problems(["Ann", "", "Ben"], 1)
    []
    >>> len(seat_problems(["Ann", "ann"], 0))
    1
    """
    players = [n for n in names if n]
    problems = []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        problems.append(_("A game needs 2 to 4 players: type a name at each occupied seat."))
    if len(set(p.lower() for p in players)) != len(players):
        problems.append(_("Two players have the same name: give each player a different one."))
    if not 0 <= first < max(len(players), 1):
        problems.append(_("Choose who starts (the rulebook: the youngest player)."))
    return problems


class DraftRefused(FileFacts, ValueError):
    """An id that can't go in a setup slot: a cause and its facts, said by
    ``companion.i18n.guide.draft_words``. Causes: ``not-a-noble``, ``not-a-card`` (``ident``),
    ``wrong-level`` (``card``, ``level``: the slot's), ``already-on-table`` (``ident``,
    ``kind``: noble or card)."""


class SetupDraft:
    """The dealt table entered by touch, slot by slot, before the players confirm it."""

    def __init__(self, players: int, first: int = 0):
        self.players = players
        self.first = first
        self.nobles: list = [None] * (players + 1)
        self.market: list = [[None] * 4 for _ in range(3)]

    def slots(self) -> list:
        """Every slot to fill, in the order the guide asks: ("noble", i) / ("market", lv, i)."""
        return ([("market", lv, i) for lv in (3, 2, 1) for i in range(4)]
                + [("noble", i) for i in range(self.players + 1)])

    def value(self, slot: tuple) -> Optional[str]:
        if slot[0] == "noble":
            return self.nobles[slot[1]]
        return self.market[slot[1] - 1][slot[2]]

    def used(self) -> set:
        return {c for row in self.market for c in row if c} | {n for n in self.nobles if n}

    def choices(self, slot: tuple, query: str = "") -> list:
        """What may go into a slot: unseen cards of its level, or nobles not yet revealed."""
        used = self.used() - {self.value(slot)}
        if slot[0] == "noble":
            return search_nobles(query, among=[n for n in NOBLES if n not in used])
        return search_cards(query, slot[1], among=[c for c in CARDS_BY_LEVEL[slot[1]]
                                                   if c not in used], limit=40)

    def put(self, slot: tuple, ident: Optional[str]) -> None:
        """Put an id into a slot. Raises :class:`DraftRefused` (a cause and its facts) when it
        can't go there."""
        if ident is not None:
            if slot[0] == "noble":
                if ident not in NOBLES:
                    raise DraftRefused("not-a-noble", ident=ident)
            elif ident not in CARDS:
                raise DraftRefused("not-a-card", ident=ident)
            elif CARDS[ident].level != slot[1]:
                raise DraftRefused("wrong-level", card=ident, level=slot[1])
            if ident in self.used() - {self.value(slot)}:
                raise DraftRefused("already-on-table", ident=ident,
                                   kind="noble" if slot[0] == "noble" else "card")
        if slot[0] == "noble":
            self.nobles[slot[1]] = ident
        else:
            self.market[slot[1] - 1][slot[2]] = ident

    def next_empty(self) -> Optional[tuple]:
        for slot in self.slots():
            if self.value(slot) is None:
                return slot
        return None

    @property
    def complete(self) -> bool:
        return self.next_empty() is None

    def take_reading(self, obs: dict) -> None:
        """Fill the slots from what the camera read (``read-table``'s observation): an id
        read replaces what was typed in its slot if that slot's level holds it and no other
        slot shows it; a slot the camera could not read keeps its entry."""
        for li, level in enumerate((1, 2, 3)):
            for slot, cid in enumerate((obs.get("market") or {}).get(str(level)) or []):
                if cid in CARDS and CARDS[cid].level == level and cid not in self.used():
                    self.market[li][slot] = cid
        for i, nid in enumerate((obs.get("nobles") or [])[:len(self.nobles)]):
            if nid in NOBLES and nid not in self.used():
                self.nobles[i] = nid

    def to_setup(self) -> Setup:
        return Setup(self.first, tuple(self.nobles), tuple(tuple(r) for r in self.market))

    @classmethod
    def from_setup(cls, setup: Setup, players: int) -> "SetupDraft":
        d = cls(players, setup.first)
        d.nobles = list(setup.nobles)
        d.market = [list(r) for r in setup.market]
        return d


# ----------------------------------------------------------------------------- turn entry
def _gems(counts: Sequence[int]) -> dict:
    return {COLOURS[i]: n for i, n in enumerate(counts) if n}


class TurnEntry:
    """One turn entered by touch: pick the main action, then what the turn still needs.

    Works on a copy of the referee's game so the screen can say what comes next (a reveal, a
    return, a noble) before the referee has the whole turn. :meth:`step` names it:
    ``("main",)``, ``("reveal", level, slot)``, ``("return", count)``, ``("noble", ids)`` or
    ``("end",)``; ``None`` once the game is over.
    """

    def __init__(self, game: Game):
        self.game = game.copy()  # the referee's stays untouched
        self.lines: list = []   # lines of the turn in progress, as sent to the referee

    @property
    def seat(self) -> int:
        return self.game.active

    def step(self) -> Optional[tuple]:
        return next_step(self.game)  # the engine's end-of-turn order

    def check(self, line: dict) -> Optional[RuleError]:
        """The engine's objection to a line on the copy, or None (the screen's quick check)."""
        try:
            self.game.check(parse_event(line, self.game.n))
        except RuleError as err:
            return err
        return None

    def apply(self, line: dict) -> None:
        """Record a line the referee accepted (keeps the copy in step)."""
        self.game.push(parse_event(line, self.game.n))
        self.lines.append(line)

    # -- what the active player may pick
    def take_options(self) -> list:
        """Legal takes now, as colour->count dicts (3 different first, then 2 of one colour)."""
        g = self.game
        return [_gems(a.gems) for a in g.legal_main_actions() if type(a) is TakeGems]

    def take_line(self, gems: dict) -> dict:
        return {"type": "take", "player": self.seat, "gems": {c: n for c, n in gems.items() if n}}

    def buy_line(self, card_id: str, pay: Optional[dict] = None) -> dict:
        """A buy with the given payment, or the one spending the fewest gold when affordable."""
        if pay is None:
            p = self.game.payment(self.seat, CARDS[card_id])
            pay = _gems(p) if p is not None else {}
        return {"type": "buy", "player": self.seat, "card": card_id, "pay": pay}

    def reserve_line(self, card_id: Optional[str] = None, level: Optional[int] = None) -> dict:
        if card_id is not None and level is None:
            return {"type": "reserve", "player": self.seat, "card": card_id}
        line = {"type": "reserve", "player": self.seat, "level": level}
        if card_id is not None:
            line["card"] = card_id
        return line

    def pass_line(self) -> dict:
        return {"type": "pass", "player": self.seat}

    def reveal_choices(self, level: int, query: str = "") -> list:
        return search_cards(query, level, among=self.game.unseen[level - 1], limit=40)

    def reveal_line(self, level: int, slot: int, card_id: str) -> dict:
        return {"type": "reveal", "level": level, "slot": slot, "card": card_id}

    def return_line(self, gems: dict) -> dict:
        return {"type": "return", "player": self.seat, "gems": {c: n for c, n in gems.items() if n}}

    def noble_line(self, noble_id: str) -> dict:
        return {"type": "noble", "player": self.seat, "noble": noble_id}

    def end_line(self) -> dict:
        return {"type": "end_turn", "player": self.seat}

    def buyable(self) -> list:
        """(card id, where) the active player may try to buy: face-up and own reserved cards."""
        g = self.game
        out = [(c.id, f"level {lv}") for lv, _, c in g.face_up()]
        out += [(r.id, "reserved") for r in g.reserved[g.active] if r.id is not None]
        return out

    def hidden_reserves(self) -> list:
        """Levels of the active player's blind reserves whose identity is still hidden."""
        return [r.level for r in self.game.reserved[self.game.active] if r.id is None]


# ----------------------------------------------------------------------------- the referee
def referee_class():
    """The referee the app talks to."""
    return Referee


def journal_for(data_dir):
    """The referee's journal of games in the data dir (history, statistics, export)."""
    journal, _notice = open_journal(Path(data_dir))
    return journal


def history_rows(journal, data_dir=None) -> list:
    """Past games, newest first, as sentences for the History screen. With ``data_dir``, the
    computer's seats (its session's computer.json) are named as the computer's."""
    rows = []
    for g in journal.history():
        names = list(g.get("players") or [])
        if data_dir is not None and g.get("session"):
            names = _computer_names(data_dir, g["session"], names)
        points = list(g.get("points") or [])
        winners = [names[i] for i in g.get("winners") or [] if i < len(names)]
        when = str(g.get("started") or "")[:16].replace("T", " ")
        score = ", ".join(f"{n} {p}" for n, p in zip(names, points))
        if winners:
            row = _("Game {id} ({date}): {scores}; won by {winners}.").format(
                id=g.get("id"), date=when, scores=score, winners=_(" and ").join(winners))
        else:
            row = _("Game {id} ({date}): {scores}.").format(id=g.get("id"), date=when,
                                                            scores=score)
        rows.append(row)
    return rows


def _computer_names(data_dir, session: str, names: list) -> list:
    folder = session_folder(Path(data_dir), session)
    levels = load_seats(folder, len(names)) if folder is not None else {}
    return [_("{name} (computer, {level})").format(name=n, level=level_name(levels[i]))
            if i in levels else n for i, n in enumerate(names)]


def stats_rows(journal) -> list:
    """Per-player statistics, most wins first, as sentences."""
    stats = journal.player_stats()
    items = sorted(stats.items(), key=lambda kv: (-kv[1].get("wins", 0), kv[0]))
    out = []
    for name, s in items:
        games, wins = s.get("games", 0), s.get("wins", 0)
        played = ngettext("{n} game", "{n} games", games).format(n=games)
        won = ngettext("{n} win", "{n} wins", wins).format(n=wins)
        if games:
            out.append(_("{name}: {games}, {wins} ({rate}%).").format(
                name=name, games=played, wins=won, rate=round(100 * wins / games)))
        else:
            out.append(_("{name}: {games}, {wins}.").format(name=name, games=played, wins=won))
    return out

