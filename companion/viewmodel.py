"""The touchscreen app's view-model: what each screen shows, and what a touch asks the referee.

Plain Python, no Kivy: the screens (``companion/ui/*.kv``) only draw what this module says and
call its methods when touched. No game logic lives in a widget; the rules are the engine's and
every verdict is the referee's.

- :class:`TableView` - the mirror of the table for the Play screen (nobles, market, bank, players).
- :func:`setup_steps` / :func:`check_step` - the setup guide, and what the camera sees wrong.
- :class:`SetupDraft` - the dealt table entered by touch; :func:`search_cards` finds a card.
- :class:`TurnEntry` - one turn entered by touch, step by step, as record lines.
- :class:`Controller` - the app's state: referee, panel, settings, last verdict, busy flag.
"""
from __future__ import annotations

import os
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Optional, Sequence

from companion.engine import (CARDS, CARDS_BY_LEVEL, COLOURS, GEMS, NOBLES, EndTurn, Game,
                              Rules, Setup, starting_bank)
from companion.engine.cards import COLOUR_INDEX, GEMS_PER_COLOUR, GOLD_TOKENS, describe_tokens
from companion.engine.errors import RuleError
from companion.engine.record import game_from_lines, parse_event, record_lines

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
MIN_PLAYERS, MAX_PLAYERS, SEATS = 2, 4, 4


def default_data_dir() -> Path:
    """$SPLENDOR_DATA_DIR, else $XDG_DATA_HOME/splendor-companion (~/.local/share by default)."""
    env = os.environ.get("SPLENDOR_DATA_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                          "share")
    return Path(xdg) / "splendor-companion"


# ----------------------------------------------------------------------------- settings
# Settings live in companion/settings.py (checked field by field); imported here for old callers.
from companion.settings import Settings  # noqa: E402,F401


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
    banner: str            # whose turn / final round / game over, in words
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
            banner=banner(game),
            affordable=affordable,
        )


def banner(game: Game) -> str:
    if game.finished:
        return "The game is over."
    name = game.names[game.active]
    if game.final_round:
        leader = max(range(game.n), key=lambda i: game.points[i])
        return (f"Final round: {game.names[leader]} has reached 15 points. "
                f"It is {name}'s turn.")
    return f"It is {name}'s turn."


# ----------------------------------------------------------------------------- game over
def ranking(game: Game) -> list:
    """Rows of the Game over screen, best first: place, name, points, cards, nobles, winner."""
    out = game.outcome
    if out is None:
        return []
    order = sorted(range(game.n), key=lambda i: (-out.points[i], out.cards[i], i))
    rows, place = [], 0
    prev = None
    for k, i in enumerate(order):
        key = (out.points[i], out.cards[i])
        if key != prev:
            place = k + 1
            prev = key
        rows.append({"place": place, "seat": i, "name": game.names[i], "points": out.points[i],
                     "cards": out.cards[i], "nobles": len(game.nobles_won[i]),
                     "winner": i in out.winners})
    return rows


def outcome_text(game: Game) -> str:
    """Who won, and how the tie-break decided when it did, in a sentence or two."""
    out = game.outcome
    if out is None:
        return ""
    names = [game.names[i] for i in out.winners]
    best = max(out.points)
    how = ("Every player passed in one round, so the game ended there. "
           if out.reason == "all-passed" else "")
    if out.tie_break is None:
        return f"{how}{names[0]} wins with {best} points."
    tied = [game.names[i] for i in range(game.n) if out.points[i] == best]
    if out.tie_break == "fewest-cards":
        return (f"{how}{' and '.join(tied)} tied on {best} points; {names[0]} wins the tie-break "
                f"with the fewest purchased cards ({out.cards[out.winners[0]]}).")
    return (f"{how}{' and '.join(names)} tied on {best} points and on purchased cards "
            f"({out.cards[out.winners[0]]}): a shared victory.")


# ----------------------------------------------------------------------------- setup guide
@dataclass(frozen=True)
class SetupStep:
    key: str
    title: str
    text: str


def setup_steps(players: int) -> list:
    """The setup guide for a player count, step by step (rules.md, "Components and setup")."""
    gems = GEMS_PER_COLOUR[players]
    back = 7 - gems
    tokens = (f"Keep {gems} tokens of each gem colour and all {GOLD_TOKENS} gold in the bank "
              "lanes, one row per lane.")
    if back:
        tokens += f" Put {back} of each gem colour back in the box."
    return [
        SetupStep("tokens", "Tokens", tokens),
        SetupStep("cards", "Cards", "Shuffle each level's deck, put it in its deck slot, and "
                  "deal 4 cards face up beside it (level 3 at the top, level 1 at the bottom)."),
        SetupStep("nobles", "Nobles", f"Shuffle the nobles and reveal {players + 1} of them in "
                  "the noble slots, from the left."),
        SetupStep("confirm", "Check", "Everyone checks the table. Confirm when it is right."),
    ]


def check_step(step: str, observation: Optional[dict], players: int) -> list:
    """What the camera sees wrong for one setup step: [] means a tick.

    ``observation`` is a read-table object (spec/table.md). Each problem is a sentence.
    """
    if observation is None:
        return ["The camera has no picture yet."]
    if not observation.get("mat"):
        return ["The camera can't find the mat: check that its four corner markers are in view."]
    if observation.get("busy"):
        return ["Something covers the mat: take your hands off the table."]
    problems = []
    uncertain = set(observation.get("uncertain") or ())
    if step == "tokens":
        want = dict(zip(COLOURS, starting_bank(players)))
        bank = observation.get("bank") or {}
        for colour in COLOURS:
            n = bank.get(colour)
            if f"bank.{colour}" in uncertain:
                problems.append(f"The {colour} lane can't be counted: lay its tokens flat in one "
                                "row.")
            elif n != want[colour]:
                problems.append(f"The {colour} lane holds {n}; it needs {want[colour]}.")
    elif step == "cards":
        market = observation.get("market") or {}
        decks = observation.get("decks") or {}
        for level in (1, 2, 3):
            if not decks.get(str(level)):
                problems.append(f"The level {level} deck is not in its slot.")
            for slot, cid in enumerate(market.get(str(level)) or [None] * 4):
                where = f"Level {level}, slot {slot + 1}"
                if cid is None:
                    problems.append(f"{where} is empty: deal a card there.")
                elif cid == "?":
                    problems.append(f"{where}: the card's tag can't be read; straighten the card.")
                elif cid not in CARDS or CARDS[cid].level != level:
                    problems.append(f"{where} holds {cid}, which is not a level {level} card.")
    elif step == "nobles":
        nobles = observation.get("nobles") or []
        for slot in range(len(nobles)):
            nid = nobles[slot]
            if slot < players + 1:
                if nid is None:
                    problems.append(f"Noble slot {slot + 1} is empty: reveal a noble there.")
                elif nid == "?":
                    problems.append(f"Noble slot {slot + 1}: the tile's tag can't be read.")
            elif nid is not None:
                problems.append(f"Noble slot {slot + 1} should stay empty with {players} players.")
    return problems


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
    q = query.strip().lower().replace(",", " ")
    if not q:
        return pool[:limit]
    by_id = [c for c in pool if c.lower().startswith(q.replace(" ", ""))]
    if by_id:
        return by_id[:limit]
    want = {}
    for m in _COST_TOKEN.finditer(q):
        n, letters = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        colour = LETTER_GEM.get(letters.upper()) or (letters if letters in GEMS else None)
        if colour is None or colour == "gold":
            return []
        want[COLOUR_INDEX[colour]] = int(n)
    if not want:
        return []
    return [c for c in pool if all(CARDS[c].cost[i] == n for i, n in want.items())][:limit]


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
            q = query.strip().upper()
            return [n for n in sorted(NOBLES) if n not in used and n.startswith(q)]
        return search_cards(query, slot[1], among=[c for c in CARDS_BY_LEVEL[slot[1]]
                                                   if c not in used], limit=40)

    def put(self, slot: tuple, ident: Optional[str]) -> None:
        """Put an id into a slot. Raises ValueError with a sentence when it can't go there."""
        if ident is not None:
            if slot[0] == "noble":
                if ident not in NOBLES:
                    raise ValueError(f"{ident} is not a noble.")
            elif ident not in CARDS or CARDS[ident].level != slot[1]:
                raise ValueError(f"{ident} is not a level {slot[1]} card.")
            if ident in self.used() - {self.value(slot)}:
                raise ValueError(f"{ident} is already on the table.")
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

    def to_setup(self) -> Setup:
        return Setup(self.first, tuple(self.nobles), tuple(tuple(r) for r in self.market))

    @classmethod
    def from_setup(cls, setup: Setup, players: int) -> "SetupDraft":
        d = cls(players, setup.first)
        d.nobles = list(setup.nobles)
        d.market = [list(r) for r in setup.market]
        return d


# ----------------------------------------------------------------------------- turn entry
def copy_game(game: Game) -> Game:
    """An independent copy of a game, rebuilt from its record (the referee's stays untouched)."""
    return game_from_lines(record_lines(game))


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
        self.game = copy_game(game)
        self.lines: list = []   # lines of the turn in progress, as sent to the referee

    @property
    def seat(self) -> int:
        return self.game.active

    def step(self) -> Optional[tuple]:
        g = self.game
        if g.finished:
            return None
        if g.main is None:
            return ("main",)
        due = g.slots_to_reveal()
        if due:
            return ("reveal",) + due[0]
        over = sum(g.tokens[g.active]) - 10
        if over > 0:
            return ("return", over)
        if not g.noble_taken:
            q = g.qualifying_nobles()
            if q:
                return ("noble", tuple(q))
        return ("end",)

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
        return [_gems(a.gems) for a in g.legal_main_actions() if type(a).__name__ == "TakeGems"]

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


def describe_line(line: dict, names: Sequence[str]) -> str:
    """A record line in words, for the verdict banner."""
    t = line.get("type")
    who = names[line["player"]] if "player" in line and line["player"] < len(names) else ""
    if t == "take":
        return f"{who} takes {describe_tokens([line['gems'].get(c, 0) for c in COLOURS])}."
    if t == "buy":
        pay = describe_tokens([line["pay"].get(c, 0) for c in COLOURS])
        return f"{who} buys {line['card']} paying {pay}."
    if t == "reserve":
        if "level" in line:
            return f"{who} reserves the top card of the level {line['level']} deck."
        return f"{who} reserves {line['card']}."
    if t == "reveal":
        return f"{line['card']} is dealt into level {line['level']}, slot {line['slot'] + 1}."
    if t == "return":
        return f"{who} returns {describe_tokens([line['gems'].get(c, 0) for c in COLOURS])}."
    if t == "noble":
        return f"Noble {line['noble']} visits {who}."
    if t == "pass":
        return f"{who} passes."
    if t == "end_turn":
        return f"{who} ends the turn."
    return ""


# ----------------------------------------------------------------------------- the referee
def referee_class():
    """The referee the app talks to (imported lazily: it opens SQLite and session folders)."""
    from companion.referee import Referee
    return Referee


def journal_for(data_dir):
    """The referee's journal of games in the data dir (history, statistics, export)."""
    from companion.referee import open_journal
    journal, _notice = open_journal(Path(data_dir))
    return journal


def history_rows(journal) -> list:
    """Past games, newest first, as sentences for the History screen."""
    rows = []
    for g in journal.history():
        names = list(g.get("players") or [])
        points = list(g.get("points") or [])
        winners = [names[i] for i in g.get("winners") or [] if i < len(names)]
        when = str(g.get("started") or "")[:16].replace("T", " ")
        score = ", ".join(f"{n} {p}" for n, p in zip(names, points))
        won = f"; won by {' and '.join(winners)}" if winners else ""
        rows.append(f"Game {g.get('id')} ({when}): {score}{won}.")
    return rows


def stats_rows(journal) -> list:
    """Per-player statistics, most wins first, as sentences."""
    stats = journal.player_stats()
    items = sorted(stats.items(), key=lambda kv: (-kv[1].get("wins", 0), kv[0]))
    out = []
    for name, s in items:
        games, wins = s.get("games", 0), s.get("wins", 0)
        rate = f" ({round(100 * wins / games)}%)" if games else ""
        out.append(f"{name}: {games} {'game' if games == 1 else 'games'}, "
                   f"{wins} {'win' if wins == 1 else 'wins'}{rate}.")
    return out


# ----------------------------------------------------------------------------- the controller
def _direct(fn: Callable, *args) -> None:
    fn(*args)


class Controller:
    """The app's state and every action a screen can ask for; no Kivy.

    ``dispatch(fn, *args)`` runs a callback in the UI thread (Kivy's Clock in the app; direct in
    tests). Judging a still runs in a worker thread (:meth:`press_button`) while ``busy`` is
    true. Screens subscribe with :meth:`listen` and redraw from the properties.
    """

    def __init__(self, data_dir=None, dispatch: Callable = _direct, camera=None, panel=None,
                 referee_cls=None, threaded: bool = True):
        self.data_dir = Path(data_dir or default_data_dir())
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.settings = Settings.load(self.data_dir)
        self.notice = " ".join(self.settings.notices)  # shown on the home screen
        self.dispatch = dispatch
        self.camera = camera              # .still() -> BGR image, or None without a camera
        self.panel = panel                # hardware.panel.SeatPanel, or None
        self.referee_cls = referee_cls or referee_class()
        self.threaded = threaded
        self.ref = None
        self.button_of: list = []         # player seat -> seat button (0..3)
        self.draft: Optional[SetupDraft] = None
        self.entry: Optional[TurnEntry] = None
        self.verdict = None               # the last Verdict
        self.message = ""                 # the last verdict in words
        self.busy = False
        self.busy_text = ""
        self.observation: Optional[dict] = None   # the last still read, for the camera view
        self.image = None                          # the last still (BGR), for the camera view
        self.overlay = None                        # that still marked with what was read
        self._listeners: list = []
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="referee")
        self._closed = False
        if panel is not None:
            panel.when_turn_end = lambda button: self.dispatch(self.press_button, button)
            panel.when_undo_request = lambda button: self.dispatch(self.undo)

    # -- observers
    def listen(self, fn: Callable[[], None]) -> None:
        self._listeners.append(fn)

    def changed(self) -> None:
        for fn in list(self._listeners):
            fn()

    # -- state for screens
    @property
    def game(self) -> Optional[Game]:
        return self.ref.game if self.ref is not None else None

    @property
    def names(self) -> list:
        return list(self.game.names) if self.game is not None else []

    @property
    def question(self):
        """(kind, candidates, prompt) of the referee's open question, or None."""
        q = getattr(self.ref, "pending_question", None) if self.ref else None
        if q is None:
            return None
        return q.question, list(q.candidates), q.message or ""

    def table(self) -> Optional[TableView]:
        if self.game is None:
            return None
        return TableView.of(self.game, hints=self.settings.hints, button_of=self.button_of)

    def button_seat(self, button: int) -> Optional[int]:
        return self.button_of.index(button) if button in self.button_of else None

    # -- home
    def resumable(self) -> Optional[dict]:
        """A summary of the unfinished game the referee can resume (players, ...), or None."""
        try:
            return self._sync(self.referee_cls.unfinished, self.data_dir)
        except Exception:  # a damaged journal must not keep the app from starting
            return None

    def resume(self) -> bool:
        """Continue the unfinished game exactly where it stopped; False when there is none."""
        try:
            ref = self._sync(self.referee_cls.resume, self.data_dir, reader=self._reader())
        except Exception as err:  # damaged beyond repair: say so, keep the app usable
            self.message = f"The unfinished game can't be resumed: {err}"
            self.changed()
            return False
        if ref is None or ref.game is None:
            return False
        self.ref = ref
        names = list(ref.game.names)
        seats = self.settings.last_seats
        present = [n for n in seats if n]
        if present == names:
            self.button_of = [i for i, n in enumerate(seats) if n]
        else:
            self.button_of = list(range(len(names)))
        self._after_change(None)
        return True

    # -- players
    def new_game(self, seat_names: Sequence[Optional[str]], first: int) -> list:
        """Start a game from the names per seat button and who starts (an index among players).

        Returns problems as sentences; [] when the game was started (then set up the table).
        """
        names = [(n or "").strip() for n in seat_names]
        players = [n for n in names if n]
        problems = []
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            problems.append("A game needs 2 to 4 players: type a name at each occupied seat.")
        if len(set(p.lower() for p in players)) != len(players):
            problems.append("Two players have the same name: give each player a different one.")
        if not 0 <= first < max(len(players), 1):
            problems.append("Choose who starts (the rulebook: the youngest player).")
        if problems:
            return problems
        self.button_of = [i for i, n in enumerate(names) if n]
        self.settings.remember(players)
        self.settings.last_seats = names
        self.settings.save(self.data_dir)
        self.ref = self._sync(self.referee_cls.start, players=players, first=first,
                                          rules=Rules(short_take=self.settings.short_take),
                                          data_dir=self.data_dir, reader=self._reader())
        self.draft = SetupDraft(len(players), first)
        self.entry = None
        self.verdict, self.message = None, self.ref.notice or ""
        self.changed()
        return []

    def _reader(self):
        if self.camera is None:
            return None

        def read(image):
            # Lazy: OpenCV only with a camera. The overlay (markers, slots, ids, counts, unsure
            # items) is drawn here, in the worker, so the camera view never waits for it.
            from vision.observation import draw_overlay
            from vision.pipeline import analyse
            reading = analyse(image)
            self.observation = reading.result
            self.overlay = draw_overlay(reading)
            return reading.result
        return read

    # -- setup
    def check_setup_step(self, step: str, done: Callable[[list], None]) -> None:
        """Judge one setup step on a fresh still (worker thread); ``done(problems)`` in the UI."""
        n = len(self.draft.nobles) - 1 if self.draft else 2

        def work():
            image = self.camera.still()
            from vision.pipeline import read_table
            obs = read_table(image)
            return image, obs

        def finish(result):
            image, obs = result
            self.image, self.observation = image, obs
            self.overlay = None  # the reader draws it for this still, if it reads it
            if obs and obs.get("mat") and self.draft is not None:
                self._draft_from_observation(obs)
            done(check_step(step, obs, n))
        self._work("Looking at the table...", work, finish)

    def _draft_from_observation(self, obs: dict) -> None:
        for li, level in enumerate((1, 2, 3)):
            for slot, cid in enumerate((obs.get("market") or {}).get(str(level)) or []):
                if cid in CARDS and CARDS[cid].level == level and cid not in self.draft.used():
                    self.draft.market[li][slot] = cid
        for i, nid in enumerate((obs.get("nobles") or [])[:len(self.draft.nobles)]):
            if nid in NOBLES and nid not in self.draft.used():
                self.draft.nobles[i] = nid

    def confirm_setup(self) -> list:
        """The players confirm the dealt table; returns problems ([] = the game begins)."""
        d = self.draft
        if d is None:
            return ["Start a new game first."]
        if not d.complete:
            return ["Some slots are still empty: enter every dealt card and noble."]
        try:
            self._sync(self.ref.confirm_setup, d.to_setup(), image=self.image)
        except RuleError as err:
            return [err.message]
        except ValueError as err:  # the referee's SetupError carries a sentence
            return [getattr(err, "message", str(err))]
        self.draft = None
        self._after_change(None)
        return []

    # -- play
    def send(self, line: dict):
        """Forward one touch-entered record line to the referee; returns its verdict."""
        v = self._sync(self.ref.entry, line)
        if v.kind == "entered" and self.entry is not None:
            self.entry.apply(line)
            self.verdict, self.message = v, v.message or describe_line(line, self.names)
            self.changed()
        elif v.kind == "rejected":
            # The turn entered so far stays; only this line was refused.
            self.verdict, self.message = v, v.message
            self._show_lights(v)
            self.changed()
        else:
            self._after_change(v)
        return v

    def press_button(self, button: int) -> None:
        """A seat button (real or on screen): the turn-end signal of that seat."""
        seat = self.button_seat(button)
        if self.ref is None or self.game is None or self.game.finished:
            # No game to judge: the press is a test of the button (Settings, seat panel).
            self.message = f"The button of seat {button + 1} works."
            self.changed()
            return
        if seat is None:
            self.message = f"Nobody sits at seat {button + 1} in this game."
            self.changed()
            return
        if self.busy:
            return
        if self.entry is not None and self.entry.lines:
            # A turn entered by touch: the button is its end_turn line.
            self.send(self.entry.end_line())
            return
        if self.camera is None:
            self.verdict = None
            self.message = (f"There is no camera: enter {self.names[seat]}'s turn on the "
                            "screen, then press the button again.")
            self.changed()
            return

        def work():
            observe = getattr(self.camera, "observe", None)
            if observe is not None:
                # A camera that reports the read-table object itself (the demo's table).
                image, obs = observe()
                self.image, self.observation = image, obs
                self.overlay = None  # the reader draws it for this still, if it reads it
                return self.ref.press(seat, observation=obs)
            image = self.camera.still()
            self.image = image
            self.overlay = None  # the reader draws it for this still, if it reads it
            return self.ref.press(seat, image=image)
        self._work("Judging the turn...", work, self._after_change)

    def press_with(self, seat: int, image=None, observation=None, done=None) -> None:
        """Judge a press with a given still/observation in the worker (the demo's camera)."""
        def work():
            if image is not None:
                self.image = image
                self.overlay = None  # the reader draws it for this still, if it reads it
            if observation is not None:
                self.observation = observation
            return self.ref.press(seat, image=image, observation=observation)

        def finish(v):
            self._after_change(v)
            if done:
                done(v)
        self._work("Judging the turn...", work, finish)

    def answer(self, value) -> None:
        """A player's answer to the referee's question (a touch on one of its choices)."""
        if self.ref is None or self.ref.pending_question is None:
            return
        self._after_change(self._sync(self.ref.answer, value))

    def undo(self) -> None:
        """Take back the turn being entered, or else the last accepted turn."""
        if self.ref is None or self.game is None or self.busy:
            return
        undone = self._sync(self.ref.undo)
        self._after_change(None)
        self.verdict = None
        self.message = ("The last turn was taken back." if undone
                        else "There is nothing to take back.")
        self.changed()

    def export(self, path) -> Path:
        """Write the game record (record.md) of the current game to ``path``."""
        if getattr(self.ref, "game_id", None) is not None and self.ref.journal is not None:
            self._sync(self.ref.journal.export, self.ref.game_id, path)
        else:
            from companion.engine.record import write_record
            write_record(self.game, path)
        return Path(path)

    # -- internals
    def _work(self, text: str, fn: Callable, done: Callable) -> None:
        self.busy, self.busy_text = True, text
        self.changed()

        def finish(result, error):
            self.busy, self.busy_text = False, ""
            if error is not None:
                self.message = f"Something went wrong while judging: {error}."
                self.changed()
                return
            done(result)

        def run():
            try:
                result, error = fn(), None
            except Exception as exc:  # shown to the players, never a frozen screen
                result, error = None, exc
            self.dispatch(finish, result, error)

        if not self.threaded:
            run()
            return
        if self._closed:
            return
        self._executor.submit(run)

    def _sync(self, fn: Callable, *args, **kwargs):
        """Run a referee call in the referee's thread and wait for it (a quick call).

        Every referee call runs in one worker thread: its SQLite journal may only be used by
        the thread that opened it, and a press is judged off the UI thread.
        """
        if not self.threaded:
            return fn(*args, **kwargs)
        if self._closed:
            raise RuntimeError("The app is stopping.")
        return self._executor.submit(fn, *args, **kwargs).result()

    def close(self) -> None:
        """Close the referee's journal and stop the worker (the app is stopping)."""
        if self._closed:
            return
        if self.ref is not None and hasattr(self.ref, "close"):
            self._sync(self.ref.close)
        self._closed = True
        if self.threaded:
            self._executor.shutdown(wait=False)

    def _after_change(self, verdict) -> None:
        """Take a verdict (or a resume/undo): rebuild the entry copy, lights and message."""
        g = self.game
        if verdict is not None:
            self.verdict = verdict
            msg = verdict.message
            if verdict.kind == "accepted" and not msg:
                msg = " ".join(describe_line(x, self.names) for x in verdict.lines)
            self.message = msg
        if g is not None:
            self.entry = TurnEntry(g) if not g.finished else None
            # Lines of a turn already in the referee's game (resume mid-turn) stay entered.
            if self.entry is not None and g.main is not None:
                self.entry.lines = [a.to_line() for a in _turn_actions(g)]
        self._show_lights(verdict)
        self.changed()

    def _show_lights(self, verdict) -> None:
        p, g = self.panel, self.game
        if p is None or g is None or not self.button_of:
            return
        try:
            if verdict is not None and verdict.kind == "rejected" and verdict.seat is not None:
                p.show_rejected(self.button_of[verdict.seat])
            if verdict is not None and verdict.kind == "question" and verdict.question == "noble":
                slots = [i for i, n in enumerate(g.nobles) if n in verdict.candidates]
                p.show_noble_choice(self.button_of[g.active], slots)
                return
            if verdict is not None and verdict.kind == "accepted":
                for line in verdict.lines:
                    if line.get("type") == "noble":
                        slot = g.setup.nobles.index(line["noble"])
                        p.show_noble_visit(self.button_of[line["player"]],
                                           [slot] if slot < len(p.noble_lights) else [])
            if g.finished:
                p.show_waiting()
            else:
                p.show_turn(self.button_of[g.active])
        except Exception:  # a light must never stop the referee
            pass


def _turn_actions(game: Game) -> list:
    """The actions of the turn in progress (after the last end_turn)."""
    out = []
    for action in reversed(game.history):
        if isinstance(action, EndTurn):
            break
        out.append(action)
    out.reverse()
    return out
