"""The panel's LEDs: each a :class:`Light` with a :class:`Pattern` over a steady state.

The patterns and what they mean are in :mod:`hardware.panel`'s docstring. A light's timed
signal and its blink run on the panel's timers (:mod:`hardware.timers`), under the panel's
lock; only the panel changes a light.
"""
from __future__ import annotations

import enum
from typing import Callable, Iterable

from gpiozero import LED

from .timers import Handle


class Pattern(str, enum.Enum):
    """What an LED shows."""

    OFF = "off"
    ON = "on"
    SLOW_BLINK = "slow-blink"
    FAST_BLINK = "fast-blink"


# Signal kinds a seat or noble light can show over its steady state.
VISIT, CHOICE, REJECTED = "visit", "choice", "rejected"
THINKING = "thinking"   # the computer at this seat chooses its move (until it is shown)
TURNS = "turns"         # a forgotten press was judged: the seats' LEDs light in turn


class Light:
    """One LED of the panel: a seat LED or a noble-slot LED.

    Read ``kind`` ("seat" or "noble"), ``index`` (seat number or noble slot),
    ``pin`` (BCM number), ``pattern`` and ``is_lit``. The panel sets patterns;
    don't drive the LED directly.
    """

    def __init__(self, kind: str, index: int, pin: int, pin_factory, timing, timers, lock):
        self.kind = kind
        self.index = index
        self.pin = pin
        self._timing = timing
        self._timers = timers
        self._lock = lock  # the panel's: a blink toggles on the timer thread
        self.led = LED(pin, pin_factory=pin_factory)
        self._steady = Pattern.OFF
        self._signal: tuple[Pattern, str] | None = None
        self._signal_timer: Handle | None = None
        self._generation = 0
        self._blink: Handle | None = None
        self._blink_generation = 0  # a toggle from a blink that was stopped does nothing
        self._closed = False
        self.pattern = Pattern.OFF

    def __repr__(self) -> str:
        return f"<Light {self.kind} {self.index} GPIO{self.pin} {self.pattern.value}>"

    @property
    def name(self) -> str:
        """How a player names this LED: "seat 2" or "noble slot 4"."""
        return f"seat {self.index}" if self.kind == "seat" else f"noble slot {self.index}"

    @property
    def is_lit(self) -> bool:
        """Whether the LED is lit at this instant (follows blinks)."""
        return bool(self.led.is_lit)

    @property
    def blink_seconds(self) -> float | None:
        """On time (= off time) of the current blink, or None when not blinking."""
        if self.pattern is Pattern.SLOW_BLINK:
            return self._timing.slow_blink_seconds
        if self.pattern is Pattern.FAST_BLINK:
            return self._timing.fast_blink_seconds
        return None

    @property
    def signal(self) -> str | None:
        """The signal shown over the steady state: "visit", "choice", "rejected" or None."""
        return self._signal[1] if self._signal else None

    # The methods below are called by the panel with its lock held; each
    # returns whether the shown pattern changed.
    def _set_steady(self, pattern: Pattern) -> bool:
        self._steady = pattern
        return self._apply()

    def _show_signal(self, pattern: Pattern, kind: str, seconds: float | None,
                     expire: Callable[["Light", int], None]) -> bool:
        self._cancel_timer()
        self._signal = (pattern, kind)
        if seconds is not None:
            self._signal_timer = self._timers.call_later(seconds, expire, self, self._generation)
        return self._apply()

    def _clear_signal(self, kinds: Iterable[str] | None = None) -> bool:
        if self._signal is None or (kinds is not None and self._signal[1] not in kinds):
            return False
        self._cancel_timer()
        self._signal = None
        return self._apply()

    def _expire(self, generation: int) -> bool:
        if generation != self._generation:
            return False  # a newer signal replaced the one this timer was for
        self._signal = None
        self._signal_timer = None
        return self._apply()

    def _cancel_timer(self) -> None:
        self._generation += 1
        if self._signal_timer is not None:
            self._signal_timer.cancel()
            self._signal_timer = None

    def _apply(self) -> bool:
        pattern = self._signal[0] if self._signal else self._steady
        if pattern is self.pattern:
            return False  # keep a running blink in phase instead of restarting it
        self.pattern = pattern
        self._stop_blink()
        if pattern is Pattern.ON:
            self.led.on()
        elif pattern is Pattern.OFF:
            self.led.off()
        else:
            # Blinks run on the panel's timers (not gpiozero's blink thread), so tests step
            # them with a clock of their own: lit first, then off, each for ``half``.
            half = (self._timing.slow_blink_seconds if pattern is Pattern.SLOW_BLINK
                    else self._timing.fast_blink_seconds)
            self.led.on()
            self._blink = self._timers.call_later(half, self._toggle, self._blink_generation,
                                                  half)
        return True

    def _toggle(self, generation: int, half: float) -> None:
        with self._lock:
            if self._closed or generation != self._blink_generation:
                return
            self.led.toggle()
            self._blink = self._timers.call_later(half, self._toggle, generation, half)

    def _stop_blink(self) -> None:
        self._blink_generation += 1
        if self._blink is not None:
            self._blink.cancel()
            self._blink = None

    def _close(self) -> None:
        self._closed = True
        self._cancel_timer()
        self._stop_blink()
        self.led.close()
