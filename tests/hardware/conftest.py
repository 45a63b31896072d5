"""Shared helpers for the seat panel tests: a MockFactory panel on a clock moved by hand.

Panels are built on :class:`~hardware.timers.ManualTimers`: nothing happens later unless a
test moves time with ``panel.timers.advance(seconds)``, so no test sleeps or depends on how
fast the machine is.
"""
from __future__ import annotations

import threading

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.config import load_config, parse_config
from hardware.panel import SeatPanel
from hardware.timers import ManualTimers

SEATS = [{"button": 17, "led": 5}, {"button": 27, "led": 6},
         {"button": 22, "led": 13}, {"button": 23, "led": 26}]
NOBLES = [24, 25, 12, 16, 4]


def make_config(**timing):
    return parse_config({"seats": SEATS, "nobles": {"leds": NOBLES}, "timing": timing})


class Recorder:
    """Collects panel callbacks from any thread and lets a test wait for them."""

    def __init__(self, panel):
        self.events: list[tuple[str, int]] = []
        self.lights: list[tuple[str, int, str]] = []
        self._cond = threading.Condition()
        panel.when_turn_end = lambda seat: self._add(self.events, ("turn-end", seat))
        panel.when_undo_request = lambda seat: self._add(self.events, ("undo-request", seat))
        panel.when_changed = lambda light: self._add(
            self.lights, (light.kind, light.index, light.pattern.value))

    def _add(self, target, item):
        with self._cond:
            target.append(item)
            self._cond.notify_all()

    def wait_events(self, n, timeout=30.0):
        """For panels on real timers: wait until ``n`` presses arrived (the timeout is only a
        safety net; a passing test never reaches it)."""
        with self._cond:
            self._cond.wait_for(lambda: len(self.events) >= n, timeout)
            return list(self.events)

    def mark(self):
        """A point in the light history, to compare what changed after it."""
        with self._cond:
            return len(self.lights)


def tap(panel, seat, seconds=0.1):
    """A clean press and release of a seat's button held ``seconds`` on the panel's clock."""
    pin = panel.buttons[seat].pin
    pin.drive_low()
    panel.timers.advance(seconds)
    pin.drive_high()


@pytest.fixture
def panel_factory():
    """Build panels on fresh MockFactory pins; every panel is closed after the test."""
    panels = []

    def build(config=None, **kwargs):
        kwargs.setdefault("timers", ManualTimers())
        panel = SeatPanel(config or make_config(hold_seconds=0.3), pin_factory=MockFactory(),
                          **kwargs)
        panels.append(panel)
        return panel

    yield build
    for panel in panels:
        panel.close()


@pytest.fixture
def default_config():
    return load_config()
