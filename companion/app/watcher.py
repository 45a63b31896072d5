"""The camera watches the table between presses (issue 36, session.md version 2).

:class:`Watcher` is fed the low-resolution stream, one frame and its time at a time (no clock
of its own: tests feed rendered frames with made-up times). Each time the table has changed
since the last settled still (or the last press) and then stayed still for ``settle_s``, it
asks for a full still (``take_still()``), which the referee reads and records as a ``still``
event unless a hand covers something that matters (then ``take_still`` answers False and the
watcher waits for the next motion). It never judges anything itself.

:class:`WatchLoop` is the thin thread around it in the app: it pulls ``camera.stream()`` a few
times a second.

Why these numbers (``workbench/watch_bench.py`` measures them on rendered sequences):
- ``SETTLE_S = 1.0``: hands hovering or moving tokens never keep still for a second in the
  rendered sequences (they move a cell or more between frames 0.2 s apart); a shorter settle
  time takes stills in the pauses of a turn (harmless, but each costs a full read), a longer
  one misses a turn when the next player reaches in quickly.
- ``MOVE_SHARE = 0.004`` of the mat's cells changing between two frames is motion: the
  smallest hand seen covers ~3 %; sensor noise and light flicker change none.
- ``CHANGE_SHARE = 0.002``: a single token taken from or put in a lane changes 3-6 cells
  (0.2-0.4 %) against the last still; a shadow that has passed leaves nothing changed.
"""
from __future__ import annotations

import logging
import threading
from typing import Callable, Optional

from vision.motion import MotionMeter

log = logging.getLogger(__name__)

SETTLE_S = 1.0
MOVE_SHARE = 0.004
CHANGE_SHARE = 0.002
FPS = 5.0

__all__ = ["Watcher", "WatchLoop", "SETTLE_S", "MOVE_SHARE", "CHANGE_SHARE", "FPS"]


class Watcher:
    """Decides, frame by frame, when the table has settled into a new state.

    ``take_still()`` -> True when a still was taken and recorded, False when it was refused
    (a hand covers something that matters, or there is no game).
    """

    def __init__(self, take_still: Callable[[], bool], settle_s: float = SETTLE_S,
                 move_share: float = MOVE_SHARE, change_share: float = CHANGE_SHARE,
                 meter: Optional[MotionMeter] = None,
                 on_motion: Optional[Callable[[], None]] = None):
        self.take_still = take_still
        self.on_motion = on_motion   # a hand on the table (hands-free: stops a countdown)
        self.settle_s = settle_s
        self.move_share = move_share
        self.change_share = change_share
        self.meter = meter or MotionMeter()
        self._prev = None          # the grid of the frame before
        self._ref = None           # the grid of the table at the last still or press
        self._still_since = 0.0    # when the table last stopped moving
        self._tried = False        # a still was asked for since the last motion
        self.stills = 0
        self.refused = 0

    def rebase(self) -> None:
        """The table now is the reference (a press was judged): only a change from it counts."""
        self._ref = self._prev
        self._tried = False

    def feed(self, frame, t: float) -> Optional[str]:
        """One frame of the stream at time ``t`` (seconds). Returns "still" when a still was
        recorded, "refused" when one was taken but not recorded, else None."""
        g = self.meter.grid(frame)
        prev, self._prev = self._prev, g
        if prev is None:
            self._ref = g if self._ref is None else self._ref
            self._still_since = t
            return None
        if self.meter.changed(prev, g) > self.move_share:
            self._still_since = t
            self._tried = False
            if self.on_motion is not None:
                self.on_motion()
            return None
        if self._tried or t - self._still_since < self.settle_s:
            return None
        if self._ref is not None and self.meter.changed(self._ref, g) <= self.change_share:
            return None
        self._tried = True
        if self.take_still():
            self._ref = g
            self.stills += 1
            return "still"
        self.refused += 1
        return "refused"


class WatchLoop:
    """Pulls the camera's stream into a :class:`Watcher` from a thread of its own, ``fps``
    frames a second, until :meth:`stop`. ``clock`` and ``wait`` are injectable (tests step
    them); a camera without a stream (``stream`` missing) is not watched."""

    def __init__(self, camera, watcher: Watcher, fps: float = FPS,
                 clock: Optional[Callable[[], float]] = None,
                 wait: Optional[Callable[[float], bool]] = None):
        import time
        self.camera = camera
        self.watcher = watcher
        self.period = 1.0 / fps
        self.clock = clock or time.monotonic
        self._stop = threading.Event()
        self.wait = wait or self._stop.wait
        self._thread: Optional[threading.Thread] = None
        self.paused = False   # while a press is judged the referee takes its own still

    def start(self) -> None:
        if getattr(self.camera, "stream", None) is None or self._thread is not None:
            return
        self._thread = threading.Thread(target=self.run, name="watcher", daemon=True)
        self._thread.start()

    def run(self) -> None:
        while not self._stop.is_set():
            if not self.paused:
                try:
                    frame = self.camera.stream()
                except StopIteration:
                    return
                except Exception as err:   # a camera gone: watching stops, presses go on
                    log.warning("Watching the table stopped: %r", err)
                    return
                self.watcher.feed(frame, self.clock())
            if self.wait(self.period):
                return

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None


# ----------------------------------------------------------------------------- the app's side
#: Hands-free turns: the time a player has to change a finished-looking turn before it ends.
GRACE_S = 5.0
#: The game's choice of hands-free turns, kept beside its session (resume reads it back).
CHOICE_FILE = "watching.json"


def save_hands_free(folder, on: bool) -> None:
    """Whether this game plays hands-free, written whole into its session folder."""
    if folder is None:
        return
    import json
    from pathlib import Path
    from companion.referee.session import write_synced
    data = {"format": "splendor-watching", "version": 1, "hands_free": bool(on)}
    write_synced(Path(folder) / CHOICE_FILE, (json.dumps(data) + "\n").encode("utf-8"))


def load_hands_free(folder) -> bool:
    """The game's choice (False when none was written or the file can't be read: logged)."""
    if folder is None:
        return False
    import json
    from pathlib import Path
    path = Path(folder) / CHOICE_FILE
    if not path.is_file():
        return False
    try:
        value = json.loads(path.read_text(encoding="utf-8"))["hands_free"]
        if isinstance(value, bool):
            return value
    except (OSError, ValueError, KeyError, TypeError):
        pass
    log.warning("Watching: %s can't be read; turns end with the buttons.", path)
    return False


def complete_turn(game, observation) -> bool:
    """Whether a settled still shows one complete legal turn of the active seat that
    hands-free mode may end by itself: accepted as it is (no question), and nothing that
    could still follow (a take of fewer than 3 tokens that could grow; a noble visit whose
    tile is still on the mat)."""
    from companion.referee.judge import judge
    if game is None or game.finished or game.main is not None:
        return False
    v = judge(game, observation, game.active)
    if v.kind != "accepted" or v.data.get("noble_tile"):
        return False
    main = v.lines[0]
    if main.get("type") == "take":
        gems = main["gems"]
        if sum(gems.values()) < 3 and not (len(gems) == 1 and sum(gems.values()) == 2):
            return False
    return True


class TableWatch:
    """The controller's watching: the loop, stills through the referee's door, and the
    optional hands-free countdown. ``clock`` is injectable; ``tick()`` is called by the UI's
    clock (and by tests) to end a turn whose grace time is over."""

    def __init__(self, controller, clock: Optional[Callable[[], float]] = None,
                 grace_s: float = GRACE_S):
        import time
        self.ctl = controller
        self.clock = clock or time.monotonic
        self.grace_s = grace_s
        self.hands_free = False
        self.loop: Optional[WatchLoop] = None
        self.watcher: Optional[Watcher] = None
        self.countdown: Optional[tuple] = None   # (deadline, seat, observation)

    def start(self, camera) -> None:
        """Watch ``camera``'s stream (when it has one) in a thread of its own."""
        self.stop()
        if camera is None or getattr(camera, "stream", None) is None:
            return
        self.watcher = Watcher(lambda: self.take_still(camera), on_motion=self.moved)
        self.loop = WatchLoop(camera, self.watcher)
        self.loop.start()

    def stop(self) -> None:
        if self.loop is not None:
            self.loop.stop()
            self.loop = None

    def take_still(self, camera) -> bool:
        """A full still through the referee's door (the watcher's thread waits for it)."""
        def work(ref):
            if ref is None or ref.game is None:
                return None
            observe = getattr(camera, "observe", None)
            if observe is not None:   # a camera that reports the reading (the demo's table)
                return ref.still(observation=observe()[1])
            return ref.still(image=camera.still())
        try:
            obs = self.ctl._door.call(work, "still").result().result
        except Exception as err:  # a still that fails is no evidence; watching goes on
            log.warning("A settled still could not be taken: %r", err)
            return False
        if obs is not None:
            self.ctl.dispatch(self.settled, obs)
        return obs is not None

    def settled(self, observation) -> None:
        """A recorded still (UI thread): in hands-free mode, a complete turn starts the
        countdown; anything else stops it."""
        self.countdown = None
        game = self.ctl.game
        if self.hands_free and game is not None and complete_turn(game, observation):
            self.countdown = (self.clock() + self.grace_s, game.active, observation)
        self.ctl.changed()

    def seconds_left(self) -> Optional[int]:
        if self.countdown is None:
            return None
        import math
        return max(0, math.ceil(self.countdown[0] - self.clock()))

    def moved(self) -> None:
        """Motion on the table (the watcher's thread): a countdown stops, in the UI thread."""
        if self.countdown is not None:
            self.ctl.dispatch(self.touch)

    def touch(self) -> None:
        """A touch on the screen (or a hand on the table) stops the countdown."""
        if self.countdown is not None:
            self.countdown = None
            self.ctl.changed()

    def tick(self) -> None:
        """The grace time is over: the turn ends as if its seat had pressed (``auto``)."""
        if self.countdown is None or self.clock() < self.countdown[0]:
            return
        _deadline, seat, obs = self.countdown
        self.countdown = None
        game = self.ctl.game
        if game is None or game.active != seat:
            return
        self.ctl.press_auto(seat, obs)

    def judged(self) -> None:
        """A press, answer or undo was judged: the table now is the watcher's reference."""
        self.countdown = None
        if self.watcher is not None:
            self.watcher.rebase()
