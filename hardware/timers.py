"""Calling things later: the panel's one source of time.

Every delay of the seat panel (a settle check after a bounce, the hold time of an undo, the
end of a timed LED signal, each half period of a blink) goes through a timer service with
``now()`` and ``call_later(seconds, fn, *args)``:

- :class:`Timers` runs callbacks on one daemon thread, in time order (the app, the Pi).
- :class:`ManualTimers` runs them only when a test moves its clock with ``advance``, so a
  test says exactly what happened at 1.8 s and at 2.1 s of a press, whatever the load.

>>> timers = ManualTimers()
>>> seen = []
>>> _ = timers.call_later(0.5, seen.append, "half")
>>> cancelled = timers.call_later(0.2, seen.append, "never")
>>> cancelled.cancel()
>>> timers.advance(0.4); seen
[]
>>> timers.advance(0.1); seen, timers.now()
(['half'], 100.5)
"""
from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from typing import Callable

log = logging.getLogger(__name__)


class Handle:
    """A call waiting for its time; ``cancel()`` stops it (safe after it ran)."""

    __slots__ = ("when", "seq", "fn", "args", "cancelled")

    def __init__(self, when: float, seq: int, fn: Callable, args: tuple):
        self.when, self.seq, self.fn, self.args = when, seq, fn, args
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True

    def __lt__(self, other: "Handle") -> bool:
        return (self.when, self.seq) < (other.when, other.seq)


class Timers:
    """Runs callbacks after a delay on one daemon thread (started on first use)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.now = clock
        self._heap: list[Handle] = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False

    def call_later(self, seconds: float, fn: Callable, *args) -> Handle:
        handle = Handle(self.now() + seconds, next(self._seq), fn, args)
        with self._cond:
            if self._closed:
                handle.cancel()
                return handle
            heapq.heappush(self._heap, handle)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="panel-timers",
                                                daemon=True)
                self._thread.start()
            self._cond.notify()
        return handle

    def close(self) -> None:
        """Drop every waiting call and stop the thread (safe to call twice)."""
        with self._cond:
            self._closed = True
            self._heap.clear()
            self._cond.notify()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(5)

    def _run(self) -> None:
        while True:
            with self._cond:
                while True:
                    if self._closed:
                        return
                    if self._heap and self._heap[0].cancelled:
                        heapq.heappop(self._heap)
                        continue
                    if not self._heap:
                        self._cond.wait()
                        continue
                    delay = self._heap[0].when - self.now()
                    if delay <= 0:
                        handle = heapq.heappop(self._heap)
                        break
                    self._cond.wait(delay)
            try:
                handle.fn(*handle.args)
            except Exception:  # a failing callback must not stop every later one
                log.exception("A panel timer callback failed: %r", handle.fn)


class ManualTimers:
    """Timers whose clock only moves when told: ``advance(seconds)`` runs what fell due.

    Callbacks run in the caller's thread, in time order, with ``now()`` at their own time;
    calls they schedule run too if they fall due within the same advance.
    """

    def __init__(self, start: float = 100.0):
        self._now = start
        self._heap: list[Handle] = []
        self._seq = itertools.count()
        self._lock = threading.RLock()

    def now(self) -> float:
        return self._now

    def call_later(self, seconds: float, fn: Callable, *args) -> Handle:
        with self._lock:
            handle = Handle(self._now + seconds, next(self._seq), fn, args)
            heapq.heappush(self._heap, handle)
            return handle

    def advance(self, seconds: float) -> None:
        with self._lock:
            end = self._now + seconds
            while self._heap and self._heap[0].when <= end:
                handle = heapq.heappop(self._heap)
                if handle.cancelled:
                    continue
                self._now = max(self._now, handle.when)
                handle.fn(*handle.args)
            self._now = end

    def pending(self) -> int:
        """How many calls are waiting (cancelled ones not counted)."""
        with self._lock:
            return sum(1 for h in self._heap if not h.cancelled)

    def close(self) -> None:
        with self._lock:
            self._heap.clear()
