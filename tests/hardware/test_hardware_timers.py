"""The panel's timers: the app's thread and the clock tests move by hand."""
from __future__ import annotations

import threading

from hardware.timers import ManualTimers, Timers


def test_manual_timers_run_in_time_order_with_their_own_time():
    timers = ManualTimers(start=0.0)
    seen = []

    def note(name):
        seen.append((name, timers.now()))
        if name == "a":  # scheduled from a callback, due within the same advance
            timers.call_later(0.25, note, "a+0.25")

    timers.call_later(0.5, note, "b")
    timers.call_later(0.125, note, "a")
    timers.call_later(2.0, note, "late")
    timers.advance(1.0)
    assert seen == [("a", 0.125), ("a+0.25", 0.375), ("b", 0.5)]
    assert timers.now() == 1.0 and timers.pending() == 1


def test_real_timers_run_in_order_skip_cancelled_and_survive_a_failing_callback():
    # The thread waits on real time, but decides what is due by the clock it is given: frozen
    # while the test schedules, so the order can't depend on how fast the test thread runs.
    now = [0.0]
    timers = Timers(clock=lambda: now[0])
    seen = []
    done = threading.Event()
    threads = set()

    def note(name):
        threads.add(threading.current_thread().name)
        seen.append(name)

    def fail():
        raise RuntimeError("a broken callback")

    timers.call_later(0.02, note, "second")
    timers.call_later(0.0, note, "first")
    timers.call_later(0.01, fail)
    timers.call_later(0.015, note, "cancelled").cancel()
    timers.call_later(0.03, done.set)
    timers.call_later(5.0, note, "not yet due")
    now[0] = 1.0
    try:
        assert done.wait(30)  # a safety net: a passing run takes some 20 ms
        assert seen == ["first", "second"]
        assert threads == {"panel-timers"}
    finally:
        timers.close()
    assert not timers._thread.is_alive()
    later = timers.call_later(0.0, note, "after close")
    assert later.cancelled and seen == ["first", "second"]
