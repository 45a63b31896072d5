"""``splendor-companion --demo``: a simulated table plays a whole game by itself.

The demo sits where the players and the camera would. A :class:`SimulatedTable` deals the
cards; the demo keeps the physical truth in its own engine ``Game`` (what is really on the
table), makes random legal moves on it, and ends each turn by pressing that seat's button on
the on-screen panel. The press goes through the panel, the controller and the real referee,
which judges what a perfect camera reports (``companion.referee.expected_observation``) against
its own last accepted state, exactly as it judges a real still. The referee's questions are
answered with the truth. A still is rendered for the camera view when ``workbench.synthetic`` is
installed, on demand: only when the players open the camera view, of the table as it was last
judged, at the size the view shows it, one at a time and in a helper process (:func:`render_view`;
the judging needs no picture). Demo games are kept in ``<data dir>/demo``, out of the real
history.

Seats may be the computer's (``computers``: seat -> level; ``SPLENDOR_DEMO_COMPUTERS``): the
demo then waits for the computer's move on the Play screen and carries out exactly that move
on the table, a blind reserve's card shown in the scan zone, as the players would.
"""
from __future__ import annotations

import importlib.util
import random
import time
from typing import NamedTuple, Optional

from companion.engine import SimulatedTable
from companion.engine.actions import BuyCard, EndTurn, ReserveBlind

DEMO_NAMES = ("Ana", "Ben", "Cleo", "Dev")
# A press with no verdict after this long never reached the referee: press again. Generous: a
# busy machine (a still being drawn for the camera view) may hold the UI clock for seconds.
LOST_PRESS_SECONDS = 30.0


def table_state(game, scan=None) -> dict:
    """What a photo of the table shows (a small dict: kept instead of a picture)."""
    return {"nobles": list(game.nobles) + [None] * (5 - len(game.nobles)),
            "market": {lv: [c.id if c is not None else None for c in game.market[lv - 1]]
                       for lv in (1, 2, 3)},
            "decks": {lv: game.decks[lv - 1] for lv in (1, 2, 3)},
            "bank": {c: n for c, n in zip(("white", "blue", "green", "red", "black", "gold"),
                                          game.bank)},
            "scan": scan}


def render_state(state: dict, size=(1152, 648)):
    """A rendered photo of a :func:`table_state` (workbench.synthetic), or None without the renderer.

    Full detail at half the camera's still size (the setup check reads it). The renderer's
    sprite caches are emptied afterwards: the demo draws a still now and then, and a game's
    worth of cached card sprites would hold hundreds of MB.
    """
    try:
        from workbench.synthetic import Conditions, TableState, render_table
    except ImportError:
        return None
    try:
        image, _truth = render_table(TableState(**state),
                                     Conditions(width=size[0], height=size[1]))
    finally:
        free_renderer()
    return image


# The preview's sizes (workbench.synthetic.preview draws at most the camera's 16:9 half frame,
# and no frame under 240 px tall).
PREVIEW_MAX_WIDTH = 1152
PREVIEW_MIN_WIDTH = 432


def preview_size(box) -> tuple:
    """The 16:9 size (a multiple of 16 px wide) that fills a ``box`` (width, height) on screen."""
    w = min(float(box[0]), float(box[1]) * 16 / 9, PREVIEW_MAX_WIDTH)
    w = max(PREVIEW_MIN_WIDTH, int(w) // 16 * 16)
    return w, w * 9 // 16


class Picture(NamedTuple):
    """A picture for the screen: RGB bytes, bottom row first (a Kivy texture's order)."""

    width: int
    height: int
    rgb: bytes


def render_view(state: dict, box=(768, 432)) -> Optional[Picture]:
    """A photo of a :func:`table_state` for the camera view, drawn at the size the view shows
    it (``box``: its width and height in pixels), or None without the renderer.

    Drawn lean (workbench.synthetic.preview: low-resolution sprites, no truth) and in a process
    of its own: importing OpenCV and NumPy alone would keep 40 MB in the app for good, and a
    still's drawing takes 30-50 MB more for a second; the helper gives all of it back when it
    ends. The players only look at it: judging uses the observation.
    """
    import json
    import subprocess
    import sys

    from kivy.logger import Logger
    if importlib.util.find_spec("workbench.synthetic") is None:
        return None     # (not workbench.synthetic itself: importing it loads OpenCV and NumPy)
    w, h = preview_size(box)
    try:
        run = subprocess.run([sys.executable, "-m", "workbench.synthetic.preview", str(w), str(h)],
                             input=json.dumps(state).encode(), capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as err:
        Logger.warning(f"Companion: the camera view's picture was not drawn: {err}")
        return None
    head, _, rgb = run.stdout.partition(b"\n")
    size = [int(x) for x in head.split() if x.isdigit()]
    if run.returncode != 0 or len(size) != 3 or len(rgb) != size[0] * size[1] * 3:
        why = run.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["no picture"]
        Logger.warning(f"Companion: the camera view's picture was not drawn: {why[0]}")
        return None
    Logger.info(f"Companion: camera view picture {size[0]}x{size[1]} drawn by a helper "
                f"process (its peak memory {size[2] // 1024} MB)")
    return Picture(size[0], size[1], rgb)


def free_renderer() -> None:
    """Empty the synthetic renderer's caches and give the freed memory back to the system."""
    import gc
    import sys
    for name in ("workbench.synthetic.sprites", "workbench.synthetic.compose",
                 "workbench.synthetic.scene", "workbench.synthetic.table", "workbench.synthetic.hand",
                 "workbench.synthetic.camera"):
        mod = sys.modules.get(name)
        for value in list(vars(mod).values()) if mod is not None else ():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()     # functools.lru_cache: sprites, textures
        maps = getattr(mod, "_MAP_CACHE", None)
        if isinstance(maps, dict):
            maps.clear()                # the remap tables of recent cameras
    gc.collect()
    from companion.app.memory import give_back
    give_back()                         # glibc keeps freed heap unless asked


class TableCamera:
    """The demo's camera: reports the truth table as a perfect camera would read it."""

    def __init__(self, driver: "DemoDriver", render: bool = True):
        self.driver = driver
        self.render = render
        self.last = None          # the table at the last press: what a picture would show
        self._picture = None      # (that table, its rendered still): one still at a time

    def observe(self):
        """(None, observation): the referee judges the observation; no still is drawn."""
        from companion.referee import expected_observation
        truth = self.driver.truth
        self.last = table_state(truth, self.driver.scan)
        return None, expected_observation(truth, scan=self.driver.scan)

    def picture(self, box=(768, 432)):
        """A rendered still of the table as last judged, at most ``box`` (width, height in
        pixels) large (the camera view asks), or None."""
        if not self.render or self.last is None:
            return None
        state = self.last
        if self._picture is None or self._picture[0] is not state or self._picture[1] != box:
            self._picture = None          # the old still goes before the new one is drawn
            self._picture = (state, box, render_view(state, box))
        return self._picture[2]

    def still(self):
        """A still of the table now, rendered at half the camera's size (Settings' calibration
        and the setup check read it), or None without the renderer."""
        if not self.render:
            return None
        return render_state(table_state(self.driver.truth, self.driver.scan))

    def close(self):
        pass


class DemoDriver:
    """Plays the app like a table of players would, one step every ``delay`` seconds."""

    def __init__(self, app, players: int = 3, seed: Optional[int] = None, delay: float = 0.8,
                 exit_at_end: bool = False, press_seconds: float = 0.08, render: bool = True,
                 computers: Optional[dict] = None, camera_view: int = 0):
        self.app = app
        self.players = players
        self.rng = random.Random(seed)
        self.table = SimulatedTable(players, seed=self.rng.randrange(1 << 30),
                                    names=DEMO_NAMES[:players])
        self.truth = self.table.new_game()
        self.delay = delay
        self.exit_at_end = exit_at_end
        self.press_seconds = press_seconds
        self.render = render
        self.computers = {s: lv for s, lv in (computers or {}).items() if s < players}
        self.computer_turns = 0
        # Every this many judged turns the players open the camera view and look at the
        # still (0: never); a memory benchmark of the rendered stills (README).
        self.camera_view = camera_view
        self.views = 0                       # camera views opened and drawn
        self._view = None
        self.scan: Optional[str] = None      # a card shown in the scan zone
        self.turns = 0
        self.questions = 0
        self.typed_turns = 0                 # turns the referee could not judge: entered by touch
        self.unjudged: list = []             # (kind, message, rule) of those verdicts
        self.finished = False
        self._turn_lines: list = []
        self._phase = "act"
        self._before = None
        self._pressed_at = 0.0
        self._ev = None
        self._stopped = False

    # -- scheduling
    def _later(self, fn, seconds):
        from kivy.clock import Clock
        self._ev = Clock.schedule_once(lambda dt: fn(), seconds)

    def stop(self):
        self._stopped = True
        if self._ev is not None:
            self._ev.cancel()

    # -- setting up
    def start(self):
        ctl = self.app.ctl
        ctl.data_dir = ctl.data_dir / "demo"
        ctl.data_dir.mkdir(parents=True, exist_ok=True)
        ctl.camera = self.camera = TableCamera(self, self.render)
        names = list(self.table.names) + [None] * (4 - self.players)
        problems = ctl.new_game(names, self.table.setup.first, computers=self.computers)
        if problems:
            raise RuntimeError(" ".join(problems))
        d = ctl.draft
        for slot in d.slots():
            d.put(slot, self.table.setup.nobles[slot[1]] if slot[0] == "noble"
                  else self.table.setup.market[slot[1] - 1][slot[2]])
        self.app.go("setup")
        self._later(self._confirm, self.delay)

    def _confirm(self):
        problems = self.app.ctl.confirm_setup()
        if problems:
            raise RuntimeError(" ".join(problems))
        self.app.go("play")
        self._later(self.step, self.delay)

    # -- playing
    def step(self):
        if self._stopped:
            return
        ctl = self.app.ctl
        if ctl.game is None:
            return
        if ctl.game.finished:
            if self._phase == "verdict" and ctl.game.turn == self.truth.turn:
                self.turns += 1  # the last turn, judged: the game ended with it
                self._phase = "over"
            if not self.finished:
                from kivy.logger import Logger
                Logger.info(f"Companion: demo game over after {self.turns} turns "
                            f"({self.questions} questions, {self.typed_turns} entered by "
                            f"touch, {self.views} camera views drawn)")
            self.finished = True
            self.app.go("gameover")
            if self.exit_at_end:
                self._later(self.app.stop, max(self.delay, 0.3))
            return
        if ctl.busy or self._looking():
            self._later(self.step, 0.02)
            return
        wait = self.delay
        if self._phase == "act":
            if ctl.computer.plays(ctl.game):
                choice = ctl.computer.move_for(ctl.game)
                if choice is None:          # still thinking: its LED blinks
                    self._later(self.step, 0.05)
                    return
                self._act(choice.lines)
                self.computer_turns += 1
            else:
                self._act()
            self._phase = "press"
        elif self._phase == "press":
            self._press(ctl)
            self._phase = "verdict"
            wait = 0.02
        elif self._phase == "verdict":
            wait = self._verdict(ctl)
        self._later(self.step, wait)

    def _act(self, computer_lines=None):
        """One whole turn on the physical table (the truth): main action, deals, end steps.
        ``computer_lines``: the computer's move, carried out exactly as shown."""
        g, table, rng = self.truth, self.table, self.rng
        p = g.active
        start = len(g.history)
        self.scan = None
        if computer_lines is not None:
            self._act_computer(computer_lines)
            self._turn_lines = [a.to_line() for a in g.history[start:]]
            return
        options = list(g.legal_main_actions())
        hidden = table.hidden_buys(g) if table.hidden.get(p) else []
        action = rng.choice(options + hidden)
        if type(action) is ReserveBlind:
            # Hidden from everyone but its owner: the referee never learns it until bought.
            action = table.blind_reserve(action, scan=False)
        elif type(action) is BuyCard and action in hidden:
            table.bought(action)
        if type(action) is BuyCard and not any(
                c is not None and c.id == action.card for _, _, c in g.face_up()):
            # A reserved card is shown in the scan zone when bought (the camera can't see a
            # hand); paid tokens alone may tell it, so sometimes it is not shown.
            self.scan = action.card if (not any(action.pay) or rng.random() < 0.5) else None
        g.push(action)
        table.finish_turn(g, rng)
        self._turn_lines = [a.to_line() for a in g.history[start:]]

    def _act_computer(self, lines):
        from companion.engine.record import parse_event
        g, table = self.truth, self.table
        p = g.active
        main = parse_event(dict(lines[0]), g.n)
        if type(main) is ReserveBlind:
            main = table.blind_reserve(main, scan=True)
            self.scan = main.card            # shown in the scan zone: the computer's hand
        g.push(main)
        for reveal in table.reveals(g):
            g.push(reveal)
        for line in lines[1:]:
            g.push(parse_event(dict(line), g.n))
        g.push(EndTurn(p))

    def _press(self, ctl):
        self._before = (ctl.verdict, ctl.game.turn)
        self._pressed_at = time.monotonic()
        self.press(ctl.button_of[ctl.game.active])

    def _verdict(self, ctl) -> float:
        v = ctl.verdict
        if (v, ctl.game.turn) == self._before:
            if time.monotonic() - self._pressed_at > LOST_PRESS_SECONDS:
                self._phase = "press"  # the press was lost: press again
            return 0.02
        q = ctl.question
        if q is not None:
            self.questions += 1
            ctl.answer(self._answer(q, ctl.pending_question))
            return self.delay
        if ctl.game.turn == self.truth.turn:
            self.turns += 1
            self._phase = "act"
            if self.camera_view and self.turns % self.camera_view == 0:
                self._open_view()
            return self.delay
        # Not judged as the table shows (rejected or unreadable): the players type it in.
        self.typed_turns += 1
        self.unjudged.append((getattr(v, "kind", None), getattr(v, "message", ""),
                              getattr(v, "rule", None)))
        for line in self._turn_lines:
            ctl.send(line)
        self._phase = "act"
        return self.delay

    def _open_view(self):
        from companion.ui.play_popups import CameraView
        self._view = CameraView()
        self._view.open()

    def _looking(self) -> bool:
        """The camera view is open: wait for its picture, then close it."""
        view = self._view
        if view is None:
            return False
        if getattr(view, "drawing", None) is not None and view.drawing.parent is not None:
            return True       # still being drawn
        self.views += 1
        view.dismiss()
        self._view = None
        return False

    def _answer(self, q, verdict):
        kind, cands, _ = q
        lines = self._turn_lines
        if kind == "noble":
            nobles = [x["noble"] for x in lines if x["type"] == "noble"]
            return nobles[0] if nobles and nobles[0] in cands else cands[0]
        if kind == "deck":
            levels = [x.get("level") for x in lines if x["type"] == "reserve" and "level" in x]
            return levels[0] if levels and levels[0] in cands else 0
        if kind == "reserved-card":
            cards = [x["card"] for x in lines if x["type"] == "buy"]
            return cards[0] if cards and cards[0] in cands else cands[0]
        # "turn": the candidate whose main action is the one really made.
        main = lines[0]
        for i, option in enumerate(getattr(verdict, "options", ()) or ()):
            if option and option[0].to_line() == main:
                return cands[i]
        return cands[0]

    def press(self, button: int):
        """Press and release a seat button: on the on-screen panel when there is one."""
        panel = self.app.panel
        if panel is None:
            self.app.ctl.press_button(button)
            return
        panel.virtual_press(button)
        self._later(lambda: panel.virtual_release(button), self.press_seconds)
