"""Rendered version-2 sessions (session.md "Version 2"): a seeded game played on the 2D
renderer's table, watched and refereed as the app does it, recorded as the app records it.

Between presses the camera's low-resolution stream is rendered frame by frame (a hand coming
in, moving tokens or a card, sometimes pausing mid-turn with its hand off the table, leaving;
light flicker and a passing shadow now and then) and fed to the app's own
:class:`~companion.app.watcher.Watcher`; each still it asks for is rendered at full size and
given to the real :class:`~companion.referee.Referee` (``still``), which reads it with the
real pipeline and records it, or refuses it when a hand covers what matters. Presses are
rendered stills of the table as it lies; a question is answered as the players would (the
choice that leads to the table as played). The referee writes the session folder itself
(``session.json`` version 2, ``events.jsonl``, JPEG stills), so the folder is exactly what the
app would have left.

What a session holds, by the options of :func:`render_session`:
- ``forget``: the share of presses where seats forget their button: one seat, or two in a row
  at 3-4 players (``two``); the next seat's hand then comes in either after the table settled
  (a splitting still) or before (``split``: the share with a settled gap);
- ``mid``: the share of turns with a pause mid-turn, hand off the table (two of three tokens
  taken, a card lifted before its payment or its gold);
- ``hands_free``: a recorded still that shows a complete turn ends it (an auto press, as the
  app's countdown would when nobody touches); other turns wait for the button.

The truth (:class:`RenderedSession`) says, press by press, which seats' turns it ended and the
game state after them, and the settled moments of the stream, so a benchmark or a test can
compare what the referee and ``rejudge`` made of the session with what was played.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Optional

import numpy as np

from companion.engine import (BuyCard, Game, ReserveBlind, ReserveCard, SimulatedTable,
                              TakeGems)
from workbench.synthetic.scene import Conditions, TableState
from workbench.synthetic.sequence import (FPS, STREAM_SIZE, SequenceRenderer, Shot, _lane_point,
                                          _reach, hand_at)
from workbench.watch_bench import _answer, end_turn_randomly

STILL_SIZE = (2304, 1296)
COLOURS = ("white", "blue", "green", "red", "black", "gold")

__all__ = ["Press", "RenderedSession", "render_session", "judge_again"]


@dataclass
class Press:
    """One press of the session (its number counts from 1, as rejudge's ``press`` does)."""

    number: int
    seat: int
    seats: tuple          # the seats whose turns it ends, in turn order (one: no slip)
    auto: bool            # hands-free: nobody pressed
    split: bool           # a forgotten press whose turns were each followed by a settled gap
    state: tuple          # the game's snapshot after those turns (Game.snapshot)
    live: str = ""        # the referee's final verdict live ("accepted", "rejected", ...)
    asked: str = ""       # the question it asked on the way, if any
    live_right: bool = False


@dataclass
class RenderedSession:
    folder: Path
    players: int
    seed: int
    hands_free: bool
    presses: list = field(default_factory=list)
    stopped: str = ""             # why the session ends before its turns (a wrong verdict)
    settled: list = field(default_factory=list)   # (first, end) frames of settled moments
    stills: list = field(default_factory=list)    # frames at which a still was recorded
    refused: int = 0              # stills the referee refused (a hand over what matters)
    still_states: list = field(default_factory=list)   # the table state of each still
    mid_states: list = field(default_factory=list)     # the states paused in mid-turn
    frames: int = 0               # stream frames rendered and watched
    watch_cpu: float = 0.0        # CPU seconds the watcher spent on them (stills excluded)


# ----------------------------------------------------------------------------- the game
def _turn(table: SimulatedTable, game: Game, rng: random.Random, seen: bool = True):
    """Play one random legal turn of the active seat on ``game``; returns (seat, main action,
    scan card or None). ``seen``: the camera will see the table as this turn leaves it (a
    press or a settled still follows); a card reserved blind is shown in the scan zone then,
    and otherwise it goes straight into the player's hand, unknown to the game as to the
    referee (nobody could tell which card it was)."""
    p = game.active
    options = list(game.legal_main_actions())
    for _attempt in range(20):
        action = rng.choice(options)
        scan = None
        if type(action) is ReserveBlind:
            action = table.blind_reserve(action, seen)
            scan = action.card if seen else None
        elif type(action) is BuyCard and not any(action.pay):
            scan = action.card
        bank = game.bank
        start = len(game.history)
        game.push(action)
        for reveal in table.reveals(game):
            game.push(reveal)
        if end_turn_randomly(game, rng, action, bank, tries=10):
            return p, action, scan
        while len(game.history) > start:   # this take can only come back: another action
            game.pop()
    raise RuntimeError("No turn that changes the table was found.")


def _mid_state(before: TableState, action) -> Optional[TableState]:
    """The table paused mid-turn: a take with its last token still in the bank, or the card
    lifted from its slot before anything is paid or any gold taken (None: no pause fits)."""
    if type(action) is TakeGems:
        gems = [c for c, n in zip(COLOURS, action.gems) for _ in range(n)]
        if len(gems) < 2:
            return None
        bank = dict(before.bank)
        for c in gems[:-1]:
            bank[c] -= 1
        return replace(before, bank=bank)
    if type(action) in (BuyCard, ReserveCard):
        card = getattr(action, "card", None)
        card = getattr(card, "id", card)
        market = {lv: list(row) for lv, row in before.market.items()}
        for lv, row in market.items():
            if card in row:
                row[row.index(card)] = None
                return replace(before, market=market, scan=None)
    return None


# ----------------------------------------------------------------------------- the stream
class _Stream:
    """The rendered stream fed to the app's watcher, frame by frame, with its truth."""

    def __init__(self, cond: Conditions, state: TableState, take_still, settle_frames: int):
        from companion.app.watcher import Watcher
        self.renderer = SequenceRenderer([state], cond)
        self.settle_frames = settle_frames
        self.index = -1
        self.shot: Optional[Shot] = None
        self.cpu = 0.0
        self.still_cpu = 0.0
        self.settled: list = []
        self._quiet_from: Optional[int] = None
        self._take = take_still
        self.watcher = Watcher(self._still, settle_s=settle_frames / FPS)

    @property
    def state(self) -> int:
        return len(self.renderer.states) - 1

    def add_state(self, state: TableState) -> int:
        self.renderer.states.append(state)
        return self.state

    def still_image(self, shot: Optional[Shot] = None):
        shot = shot or self.shot
        return self.renderer.frame(shot, max(self.index, 0), STILL_SIZE)[0]

    def _still(self) -> bool:
        c0 = time.process_time()
        try:
            return self._take(self.index)
        finally:
            self.still_cpu += time.process_time() - c0

    def show(self, shot: Shot) -> None:
        """One frame: rendered, then measured by the watcher (its CPU time counted)."""
        self.index += 1
        self.shot = shot
        frame = self.renderer.frame(shot, self.index, STREAM_SIZE)[0]
        quiet = shot.hand is None
        if quiet and self._quiet_from is None:
            self._quiet_from = self.index
        elif not quiet:
            self._close_quiet()
        c0, s0 = time.process_time(), self.still_cpu
        self.watcher.feed(frame, self.index / FPS)
        self.cpu += time.process_time() - c0 - (self.still_cpu - s0)

    def _close_quiet(self) -> None:
        if self._quiet_from is not None:
            self._quiet_from = None

    def quiet(self, n: int, note: str = "settled", changed: bool = True) -> None:
        """``n`` frames of the table as it lies, no hand; a settled moment when the table
        changed before them and they last longer than the settle time."""
        first = self.index + 1
        for _ in range(n):
            self.show(Shot(self.state, note=note))
        if changed and n >= self.settle_frames + 1:
            self.settled.append((first, self.index + 1))

    def hand_turn(self, rng: np.random.Generator, after: int, mid: Optional[int] = None,
                  pause: int = 0) -> None:
        """A hand comes in, changes the table to state ``after`` (pausing at ``mid`` with the
        hand off the table for ``pause`` frames), and leaves."""
        from vision.mat import load_mat
        W, H = load_mat().size
        side = str(rng.choice(["bottom", "top"]))
        edge = (float(rng.uniform(150, W - 150)), H + 60 if side == "bottom" else -60)
        target = _lane_point(str(rng.choice(COLOURS[:5])))
        before = self.state
        for p in _reach(edge, target, int(rng.integers(3, 6))):
            self.show(Shot(before, hand_at(p, side, height=60.0), note="hand"))
        self.show(Shot(before, hand_at(target, side, height=15.0), note="hand"))
        if mid is not None:
            for p in _reach(target, edge, 3):
                self.show(Shot(mid, hand_at(p, side, height=60.0), note="hand"))
            first = self.index + 1
            for _ in range(pause):
                self.show(Shot(mid, note="paused"))
            if pause >= self.settle_frames + 1:
                self.settled.append((first, self.index + 1))
            for p in _reach(edge, target, 3):
                self.show(Shot(mid, hand_at(p, side, height=60.0), note="hand"))
        for p in _reach(target, edge, int(rng.integers(3, 6))):
            self.show(Shot(after, hand_at(p, side, height=60.0), note="hand"))

    def extras(self, rng: np.random.Generator) -> None:
        """Light flicker or a shadow passing over the unchanged table."""
        from vision.mat import load_mat
        import math
        W, H = load_mat().size
        if rng.random() < 0.3:
            for k in range(int(rng.integers(4, 9))):
                self.show(Shot(self.state, light=1.0 + 0.06 * math.sin(k * 2.1), note="flicker"))
        if rng.random() < 0.3:
            y = float(rng.uniform(100, H - 100))
            for x in np.linspace(-100, W + 100, int(rng.integers(5, 9))):
                self.show(Shot(self.state, shadow=(float(x), y, 160.0, 0.35), note="shadow"))


# ----------------------------------------------------------------------------- the session
def render_session(root, players: int, seed: int, turns: int = 12, forget: float = 0.3,
                   two: float = 0.4, split: float = 0.5, mid: float = 0.3,
                   hands_free: bool = False, settle_frames: int = 5,
                   episodes: Optional[list] = None) -> RenderedSession:
    """Play, render, watch and referee one session in a new folder under ``root``; returns
    its truth. ``turns`` bounds the turns played (the session may end unfinished).
    ``episodes``: a script instead of chance, one ``(turns, gapped)`` a press: how many seats'
    turns it ends (2 or 3: seats forgot) and whether the table settled after each."""
    from companion.app.watcher import complete_turn
    from companion.referee import Referee
    from vision.pipeline import read_table

    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    table = SimulatedTable(players, seed=seed)
    truth = table.new_game()
    ref = Referee.start(list(truth.names), first=table.setup.first, data_dir=Path(root),
                        reader=read_table)
    out = RenderedSession(Path(ref.session.folder), players, seed, hands_free)
    cond = replace(Conditions(jpeg_quality=None, seed=seed),
                   light_grad=float(nrng.uniform(0.03, 0.2)),
                   noise_gain=float(nrng.uniform(0.0005, 0.002)))
    recorded: dict = {}

    def take_still(index: int) -> bool:
        image = stream.still_image()
        obs = ref.still(image=image)
        if obs is None:
            out.refused += 1
            return False
        out.stills.append(index)
        out.still_states.append(stream.shot.state)
        recorded["last"] = (stream.state, obs, image)
        return True

    stream = _Stream(cond, TableState.from_game(truth), take_still, settle_frames)
    try:
        ref.confirm_setup(table.setup, image=stream.still_image(Shot(0)))
        stream.quiet(settle_frames + 2, note="quiet", changed=False)
        played = 0
        while played < turns and not truth.finished and not out.stopped:
            k = 1
            if not hands_free and rng.random() < forget:
                k = 3 if players > 2 and rng.random() < two else 2
            gapped = k > 1 and rng.random() < split
            if episodes is not None:
                if len(out.presses) >= len(episodes):
                    break
                k, gapped = episodes[len(out.presses)]
            seats = []
            for j in range(k):
                if truth.finished:
                    break
                before = TableState.from_game(truth)
                seat, action, scan = _turn(table, truth, rng, seen=gapped or j == k - 1)
                seats.append(seat)
                played += 1
                mid_state = _mid_state(before, action) if rng.random() < mid else None
                mid_i = stream.add_state(mid_state) if mid_state is not None else None
                if mid_i is not None:
                    out.mid_states.append(mid_i)
                after = stream.add_state(TableState.from_game(truth, scan=scan))
                stream.hand_turn(nrng, after, mid_i,
                                 pause=settle_frames + 2 + int(nrng.integers(0, 4)))
                last = j == k - 1 or truth.finished
                if last or gapped:
                    stream.quiet(settle_frames + 2 + int(nrng.integers(0, 6)))
                    stream.extras(nrng)
                else:   # the next hand comes in before the table could settle
                    stream.quiet(int(nrng.integers(1, settle_frames - 1)))
            auto = False
            if hands_free and len(seats) == 1 and recorded.get("last") is not None:
                state_i, obs, image = recorded["last"]
                auto = state_i == stream.state and complete_turn(ref.game, obs)
            if auto:
                v = ref.press(seats[-1], image=image, observation=obs, auto=True)
            else:
                v = ref.press(seats[-1], image=stream.still_image(Shot(stream.state)))
            recorded.pop("last", None)
            stream.watcher.rebase()
            asked = v.question if v.kind == "question" else ""
            while v.kind == "question":
                value = _answer(v, ref.game, truth.snapshot())
                if value is None:
                    break
                v = ref.answer(value)
            right = v.kind == "accepted" and ref.game.snapshot() == truth.snapshot()
            out.presses.append(Press(len(out.presses) + 1, seats[-1], tuple(seats), auto,
                                     gapped and k > 1, truth.snapshot(), v.kind, asked or "",
                                     right))
            if not right:
                # A wrong or refused verdict: the players would put it right by hand; the
                # session stops here so that every press in it has a known truth.
                out.stopped = f"press {len(out.presses)}: {v.kind} {v.rule or ''}".strip()
            stream.quiet(2, note="quiet", changed=False)
    finally:
        ref.close()
    out.settled = stream.settled
    out.frames = stream.index + 1
    out.watch_cpu = stream.cpu
    return out


# ----------------------------------------------------------------------------- judged again
def judge_again(session: RenderedSession, reader=None) -> list:
    """``rejudge`` of the session's folder, press by press against the truth: a list of
    (press, verdict kind, right) where right means accepted and the game after it (every
    accepted line so far replayed) is the game as played."""
    from companion.engine.record import game_from_lines
    from companion.referee import rejudge
    result = rejudge(session.folder, reader=reader)
    lines = list(result["record"][:2])     # the header and the setup
    assert len(lines) == 2 and lines[1].get("type") == "setup", lines
    out = []
    for v, press in zip(result["verdicts"], session.presses):
        right = False
        if v["verdict"] == "accepted":
            lines += v["lines"]
            try:
                right = game_from_lines(lines).snapshot() == press.state
            except Exception:   # a line the engine refuses: not the game as played
                right = False
        out.append((press.number, v["verdict"], right))
    return out
