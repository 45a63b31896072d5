"""The one way into the referee for the app: a queue, one worker thread, snapshots out.

Presses, answers, touch entries, undos and every other referee call go in through
:class:`RefereeDoor`, in the order they were made, and are done one at a time by one worker
thread, the only thread that touches the :class:`~companion.referee.Referee` (its SQLite
journal included). A second press by a seat whose first press is still waiting is dropped,
never doubled; every other press is judged in turn.

What comes out is a :class:`Snapshot`, built by the worker only after the request is done
(an accepted turn committed to the journal): a private copy of the game and the verdict.
Nobody changes a snapshot; the UI reads it from its own thread while the worker goes on.

>>> door = RefereeDoor(threaded=False)
>>> door.open(lambda: None).game is None
True
>>> door.close()
"""
from __future__ import annotations

import logging
import queue
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from companion.engine import Game

log = logging.getLogger(__name__)

__all__ = ["Snapshot", "RefereeDoor"]


@dataclass(frozen=True)
class Snapshot:
    """The referee's state after one request, as the table screen shows it.

    ``seq`` counts the requests done (newer snapshots have higher numbers). ``game`` is a copy
    of the committed game (read it, never change it: it is shared with the screens); ``verdict``
    is the request's verdict, if it has one; ``result`` what the request returned (the lines
    taken back by an undo, ...); ``error`` what went wrong, if anything. ``extras`` carries
    what the request saw (the still, the camera's reading and its overlay).
    """

    seq: int
    kind: str
    game: Optional[Game] = None
    question: Any = None            # the referee's pending question (a Verdict) or None
    entering: bool = False          # a turn is being entered by touch
    verdict: Any = None
    result: Any = None
    error: Optional[BaseException] = None
    seat: Optional[int] = None
    extras: dict = field(default_factory=dict)
    waiting: tuple = ()             # seats whose presses wait in the queue after this one

    @property
    def image(self):
        return self.extras.get("image")

    @property
    def observation(self):
        return self.extras.get("observation")

    @property
    def overlay(self):
        return self.extras.get("overlay")


@dataclass
class _Request:
    kind: str
    fn: Callable            # fn(referee) -> (verdict, result, extras)
    seat: Optional[int] = None
    future: Future = field(default_factory=Future)


_STOP = object()


class RefereeDoor:
    """Requests in, one at a time, in order; :class:`Snapshot` out.

    ``on_snapshot(snapshot)`` is called by the worker after every request (the app hands it
    to Kivy's clock: the one thread hop back). ``threaded=False`` runs each request at once in
    the caller's thread (tests, tools).
    """

    def __init__(self, on_snapshot: Optional[Callable[[Snapshot], None]] = None,
                 threaded: bool = True):
        self.on_snapshot = on_snapshot
        self.threaded = threaded
        self.ref = None             # the referee: touched only by the worker
        self._lock = threading.Lock()
        self._queue: "queue.Queue" = queue.Queue()
        self._waiting: list = []    # seats with a press queued and not started
        self._seq = 0
        self._closed = False
        self._current: Optional[_Request] = None
        self.last: Snapshot = Snapshot(0, "start")
        self._thread = None
        if threaded:
            self._thread = threading.Thread(target=self._run, name="referee", daemon=True)
            self._thread.start()

    # ----------------------------------------------------------------- requests
    def open(self, factory: Callable[[], Any]) -> Snapshot:
        """Replace the referee by ``factory()`` (start or resume), closing the old one; waits."""
        def fn(_ref):
            old, self.ref = self.ref, None
            if old is not None:
                old.close()
            self.ref = factory()
            return None, self.ref, {}
        return self.submit("open", fn).result()

    def press(self, seat: int, fn: Callable) -> Optional[Future]:
        """Queue a seat's press (``fn(referee) -> (verdict, result, extras)``); None when that
        seat already has a press waiting (the second is dropped, never doubled)."""
        with self._lock:
            if seat in self._waiting:
                return None
            self._waiting.append(seat)
        return self.submit("press", fn, seat=seat)

    def answer(self, value) -> Future:
        return self.submit("answer", lambda ref: (ref.answer(value), None, {}))

    def entry(self, line: dict) -> Future:
        return self.submit("entry", lambda ref: (ref.entry(line), None, {}))

    def undo(self) -> Future:
        return self.submit("undo", lambda ref: (None, ref.undo(), {}))

    def call(self, fn: Callable, kind: str = "call") -> Future:
        """Any other work that must not overlap the referee: ``fn(referee)`` -> result."""
        return self.submit(kind, lambda ref: (None, fn(ref), {}))

    def submit(self, kind: str, fn: Callable, seat: Optional[int] = None) -> Future:
        req = _Request(kind, fn, seat)
        if self._closed:
            req.future.set_exception(RuntimeError("The referee is closed."))
            self._unwait(req)
            return req.future
        if self.threaded:
            self._queue.put(req)
        else:
            self._do(req)
        return req.future

    # ----------------------------------------------------------------- state
    @property
    def waiting(self) -> tuple:
        """Seats whose presses wait behind the request being done, in order."""
        with self._lock:
            return tuple(self._waiting)

    @property
    def judging(self) -> Optional[int]:
        """The seat whose press is being judged now, or None."""
        req = self._current
        return req.seat if req is not None and req.kind == "press" else None

    def close(self, timeout: Optional[float] = None) -> None:
        """Finish the queued requests, close the referee and stop the worker."""
        if self._closed:
            return
        def fn(ref):
            if ref is not None:
                ref.close()
            self.ref = None
            return None, None, {}
        done = self.submit("close", fn)
        self._closed = True
        if self.threaded:
            self._queue.put(_STOP)
            try:
                done.result(timeout)
            except Exception as err:  # closing goes on; the cause is kept in the log
                log.warning("Referee: closing failed: %r", err)

    # ----------------------------------------------------------------- worker
    def _run(self) -> None:
        while True:
            req = self._queue.get()
            if req is _STOP:
                return
            self._do(req)

    def _unwait(self, req: _Request) -> None:
        if req.kind == "press":
            with self._lock:
                if req.seat in self._waiting:
                    self._waiting.remove(req.seat)

    def _do(self, req: _Request) -> None:
        self._unwait(req)
        self._current = req
        verdict = result = error = None
        extras: dict = {}
        try:
            verdict, result, extras = req.fn(self.ref)
        except Exception as err:  # reported with its cause; the door stays open
            log.exception("Referee: %s request failed", req.kind)
            error = err
        self._seq += 1
        ref = self.ref
        game = getattr(ref, "game", None)
        try:
            snap = Snapshot(self._seq, req.kind, game=None if game is None else game.copy(),
                            question=getattr(ref, "pending_question", None),
                            entering=bool(getattr(ref, "entering", False)), verdict=verdict,
                            result=result, error=error, seat=req.seat, extras=extras or {},
                            waiting=self.waiting)
        except Exception as err:  # a snapshot that can't be built must not stop the door
            log.exception("Referee: the snapshot after a %s request failed", req.kind)
            snap = Snapshot(self._seq, req.kind, game=self.last.game, error=err, seat=req.seat)
        self.last = snap
        self._current = None
        if error is not None:
            req.future.set_exception(error)
        else:
            req.future.set_result(snap)
        if self.on_snapshot is not None:
            try:
                self.on_snapshot(snap)
            except Exception:  # the listener's fault, logged; the worker goes on
                log.exception("Referee: a snapshot listener failed")
