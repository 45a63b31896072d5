"""The seat panel: one button and one LED per seat, and optional noble-slot LEDs.

The referee and the app talk to the table's physical controls only through
:class:`SeatPanel`. It holds no game logic: it reports presses and shows what
it is told to show.

Presses
-------
Set callbacks as attributes, gpiozero style::

    panel.when_turn_end = lambda seat: ...       # a press released before the hold time
    panel.when_undo_request = lambda seat: ...   # a press held for the hold time (2 s)

Seats are numbered from 0, like the game record. Every press runs through a
:class:`~hardware.debounce.PressFilter` (bounces within 50 ms count once), then
waits in the panel's queue until the referee can take it:

- A seat has at most one press waiting: a second press by the same seat while
  its first is still waiting is dropped, never doubled.
- While ``panel.busy`` is true (or inside ``with panel.referee_busy():``)
  presses wait; they are delivered, in the order they were made, when busy
  ends. None is lost.
- A press during a pending question (e.g. ``show_noble_choice``) is delivered
  like any other: the referee decides what it means.

Callbacks reach the app through ``dispatch(fn, *args)``, given to the panel.
In the Kivy app, hand callbacks to the main thread::

    dispatch = lambda fn, *args: Clock.schedule_once(lambda dt: fn(*args))

Without a dispatcher the callbacks run directly in the thread that saw the
event (lgpio's thread on a Pi, gpiozero's hold thread for undo requests, a
timer thread when a timed pattern ends, the caller's thread on mock pins).

Lights
------
Every LED is a :class:`Light` with a ``pattern`` (:class:`Pattern`). Patterns:

============  ==========================  ===========================================
LED           pattern                     means
============  ==========================  ===========================================
seat          on                          your turn (``show_turn``)
seat          off                         waiting (``show_turn`` of another seat,
                                          ``show_waiting``)
seat          slow blink (0.5 s/0.5 s)    a noble visits you (``show_noble_visit``,
                                          4 s) or you choose a noble
                                          (``show_noble_choice``, until answered)
seat          fast blink (0.1 s/0.1 s)    the referee rejected your move
                                          (``show_rejected``, 3 s)
noble slot    on                          this noble visits (``show_noble_visit``, 4 s)
noble slot    slow blink                  this noble qualifies; the player chooses
                                          (``show_noble_choice``, until answered)
noble slot    off                         nothing to show
============  ==========================  ===========================================

A seat LED has a steady state (on or off, set by ``show_turn``) and shows a
signal (noble visit, noble choice, rejection) over it; when a timed signal
ends the LED returns to its steady state. ``show_turn`` ends rejections and
noble choices but lets a noble visit finish, so ``show_noble_visit(seat)``
then ``show_turn(next_seat)`` shows both. ``show_waiting`` turns everything
off.

On-screen panel (no GPIO)
-------------------------
On a machine without GPIO, build the panel on gpiozero's ``MockFactory``
(:func:`open_panel` does it when asked to fall back) and draw it on screen:

- ``panel.is_virtual`` is true.
- A seat button widget calls ``panel.virtual_press(seat)`` on touch down and
  ``panel.virtual_release(seat)`` on touch up: the mock pin is driven, and the
  press goes through the same filter, hold timer and queue as a real one
  (holding the on-screen button 2 s asks for an undo).
- Draw the LEDs from ``panel.seat_lights[i]`` and ``panel.noble_lights[j]``:
  ``light.pattern`` (animate blinks with ``light.blink_seconds``) or
  ``light.is_lit`` (the pin's level right now, if you prefer to poll).
- ``panel.when_changed = fn(light)`` is called (through ``dispatch``) every
  time a light's pattern changes, including when a timed signal ends. It is
  not called on every blink toggle.
"""
from __future__ import annotations

import contextlib
import enum
import threading
import time
import warnings
from typing import Callable, Iterable, Iterator

from gpiozero import LED, Button, Device
from gpiozero.exc import BadPinFactory, PinFactoryFallback
from gpiozero.pins.mock import MockFactory

from .config import NOBLE_SLOTS, PanelConfig, load_config
from .debounce import TURN_END, PressFilter

Dispatch = Callable[..., None]


class PanelError(RuntimeError):
    """The panel can't do what was asked; the message says why in a full sentence."""


class NoGpioError(PanelError):
    """This machine has no GPIO pins gpiozero can drive."""


class Pattern(str, enum.Enum):
    """What an LED shows."""

    OFF = "off"
    ON = "on"
    SLOW_BLINK = "slow-blink"
    FAST_BLINK = "fast-blink"


# Signal kinds a seat or noble light can show over its steady state.
_VISIT, _CHOICE, _REJECTED = "visit", "choice", "rejected"


def _direct(fn: Callable, *args) -> None:
    fn(*args)


class Light:
    """One LED of the panel: a seat LED or a noble-slot LED.

    Read ``kind`` ("seat" or "noble"), ``index`` (seat number or noble slot),
    ``pin`` (BCM number), ``pattern`` and ``is_lit``. The panel sets patterns;
    don't drive the LED directly.
    """

    def __init__(self, kind: str, index: int, pin: int, pin_factory, timing):
        self.kind = kind
        self.index = index
        self.pin = pin
        self._timing = timing
        self.led = LED(pin, pin_factory=pin_factory)
        self._steady = Pattern.OFF
        self._signal: tuple[Pattern, str] | None = None
        self._signal_timer: threading.Timer | None = None
        self._generation = 0
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
            self._signal_timer = threading.Timer(seconds, expire, (self, self._generation))
            self._signal_timer.daemon = True
            self._signal_timer.start()
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
        if pattern is Pattern.ON:
            self.led.on()
        elif pattern is Pattern.OFF:
            self.led.off()
        else:
            half = (self._timing.slow_blink_seconds if pattern is Pattern.SLOW_BLINK
                    else self._timing.fast_blink_seconds)
            self.led.blink(on_time=half, off_time=half, background=True)
        return True

    def _close(self) -> None:
        self._cancel_timer()
        self.led.close()


class SeatPanel:
    """The seat buttons and LEDs (see the module docstring for the whole contract).

    ``config``: a :class:`~hardware.config.PanelConfig`, a path to a TOML file,
    or None for the shipped default wiring. ``pin_factory``: gpiozero's pin
    factory (None: gpiozero's default, i.e. lgpio on a Pi 5). ``dispatch``:
    ``dispatch(fn, *args)`` runs a callback in the app's thread (None: run it
    directly). ``clock``: monotonic seconds for the press filter (tests inject
    one).
    """

    def __init__(self, config: PanelConfig | str | None = None, pin_factory=None,
                 dispatch: Dispatch | None = None, clock: Callable[[], float] = time.monotonic):
        if not isinstance(config, PanelConfig):
            config = load_config(config)
        self.config = config
        self._dispatch = dispatch or _direct
        self._clock = clock
        self._lock = threading.RLock()
        self._busy = False
        self._pending: list[tuple[str, int]] = []
        self._closed = False

        #: Called with the seat number when a seat's press ends its turn.
        self.when_turn_end: Callable[[int], None] | None = None
        #: Called with the seat number when a seat holds its button for the hold time.
        self.when_undo_request: Callable[[int], None] | None = None
        #: Called with a :class:`Light` whenever that light's pattern changes.
        self.when_changed: Callable[[Light], None] | None = None

        timing = config.timing
        self.buttons: list[Button] = []
        self.seat_lights: list[Light] = []
        self.noble_lights: list[Light] = []
        self._filters = [PressFilter(timing.debounce_seconds) for _ in config.seats]
        self._settle_timers: list[threading.Timer | None] = [None] * len(config.seats)
        try:
            for seat, pins in enumerate(config.seats):
                # bounce_time filters in lgpio on a Pi; mock pins ignore it, the PressFilter doesn't.
                button = Button(pins.button, pull_up=True, bounce_time=timing.debounce_seconds,
                                hold_time=timing.hold_seconds, pin_factory=pin_factory)
                self.buttons.append(button)
                button.when_pressed = self._edge_callback(seat, True)
                button.when_released = self._edge_callback(seat, False)
                button.when_held = self._held_callback(seat)
                self.seat_lights.append(Light("seat", seat, pins.led, pin_factory, timing))
            for slot, pin in enumerate(config.noble_leds):
                self.noble_lights.append(Light("noble", slot, pin, pin_factory, timing))
        except Exception as exc:
            self.close()
            if isinstance(exc, BadPinFactory):
                raise NoGpioError(_NO_GPIO) from exc
            raise
        self.pin_factory = self.buttons[0].pin_factory

    # ----------------------------------------------------------------- state
    @property
    def seats(self) -> int:
        """How many seats the panel has (2-4)."""
        return len(self.config.seats)

    @property
    def lights(self) -> list[Light]:
        """Every LED: seat LEDs first, then noble-slot LEDs."""
        return self.seat_lights + self.noble_lights

    @property
    def is_virtual(self) -> bool:
        """True on gpiozero's MockFactory: the app shows the panel on screen."""
        return isinstance(self.pin_factory, MockFactory)

    @property
    def busy(self) -> bool:
        """While true, presses wait in the queue (one per seat) instead of being delivered."""
        with self._lock:
            return self._busy

    @busy.setter
    def busy(self, value: bool) -> None:
        with self._lock:
            self._busy = bool(value)
            deliver = not self._busy and bool(self._pending)
        if deliver:
            self._dispatch(self._drain)

    @contextlib.contextmanager
    def referee_busy(self) -> Iterator["SeatPanel"]:
        """``with panel.referee_busy():`` holds presses while the referee judges."""
        self.busy = True
        try:
            yield self
        finally:
            self.busy = False

    @property
    def pending(self) -> list[tuple[str, int]]:
        """Presses waiting for the referee, oldest first: ("turn-end" | "undo-request", seat)."""
        with self._lock:
            return list(self._pending)

    # ----------------------------------------------------------------- lights
    def show_turn(self, seat: int) -> None:
        """Light ``seat``'s LED steadily and turn the others off (ends rejections and choices)."""
        self._check_seat(seat)
        with self._lock:
            changed = []
            for light in self.lights:
                if light._clear_signal((_REJECTED, _CHOICE)):
                    changed.append(light)
            for light in self.seat_lights:
                if light._set_steady(Pattern.ON if light.index == seat else Pattern.OFF):
                    changed.append(light)
        self._notify(changed)

    def show_waiting(self) -> None:
        """Nobody's turn: every LED off, every signal ended."""
        with self._lock:
            changed = [light for light in self.lights if light._clear_signal()]
            changed += [light for light in self.lights if light._set_steady(Pattern.OFF)]
        self._notify(changed)

    def show_rejected(self, seat: int) -> None:
        """Fast-blink ``seat``'s LED for ``timing.rejected_seconds``, then back to steady."""
        self._check_seat(seat)
        with self._lock:
            light = self.seat_lights[seat]
            changed = light._show_signal(Pattern.FAST_BLINK, _REJECTED,
                                         self.config.timing.rejected_seconds, self._expire)
        self._notify([light] if changed else [])

    def show_noble_visit(self, seat: int, noble_slots: Iterable[int] = ()) -> None:
        """A noble visits ``seat``: slow-blink its LED and light the visiting noble slot(s).

        Shown for ``timing.noble_visit_seconds``; ends any noble choice. Without
        noble LEDs the slots are checked and otherwise ignored.
        """
        self._check_seat(seat)
        slots = self._check_slots(noble_slots)
        seconds = self.config.timing.noble_visit_seconds
        with self._lock:
            changed = [light for light in self.lights if light._clear_signal((_CHOICE,))]
            seat_light = self.seat_lights[seat]
            if seat_light._show_signal(Pattern.SLOW_BLINK, _VISIT, seconds, self._expire):
                changed.append(seat_light)
            for light in self.noble_lights:
                if light.index in slots and light._show_signal(Pattern.ON, _VISIT, seconds,
                                                               self._expire):
                    changed.append(light)
        self._notify(changed)

    def show_noble_choice(self, seat: int, slots: Iterable[int]) -> None:
        """``seat`` chooses between nobles: slow-blink its LED and every qualifying slot.

        Lasts until the next ``show_noble_visit``, ``show_turn`` or ``show_waiting``.
        """
        self._check_seat(seat)
        slots = self._check_slots(slots)
        with self._lock:
            changed = []
            for light in self.lights:
                if light.kind == "seat" and light.index == seat:
                    wanted = True
                else:
                    wanted = light.kind == "noble" and light.index in slots
                if wanted:
                    did = light._show_signal(Pattern.SLOW_BLINK, _CHOICE, None, self._expire)
                else:
                    did = light._clear_signal((_CHOICE,))
                if did:
                    changed.append(light)
        self._notify(changed)

    def show_test_light(self, light: Light | None) -> None:
        """Light exactly one LED steadily, every other off (the wiring check); None: all off."""
        self.show_waiting()
        if light is not None:
            with self._lock:
                changed = light._set_steady(Pattern.ON)
            self._notify([light] if changed else [])

    # ------------------------------------------------------- on-screen panel
    def virtual_press(self, seat: int) -> None:
        """Press ``seat``'s on-screen button (drives its mock pin low)."""
        self._virtual_pin(seat).drive_low()

    def virtual_release(self, seat: int) -> None:
        """Release ``seat``'s on-screen button (drives its mock pin high)."""
        self._virtual_pin(seat).drive_high()

    def _virtual_pin(self, seat: int):
        self._check_seat(seat)
        if not self.is_virtual:
            raise PanelError("The panel is wired to real GPIO pins, so its buttons can only be "
                             "pressed by hand, not on screen.")
        return self.buttons[seat].pin

    # ----------------------------------------------------------------- close
    def close(self) -> None:
        """Release every pin and stop every timer (safe to call twice)."""
        with self._lock:
            self._closed = True
            for i, timer in enumerate(self._settle_timers):
                if timer is not None:
                    timer.cancel()
                self._settle_timers[i] = None
            self._pending.clear()
        for button in self.buttons:
            button.close()
        for light in self.seat_lights + self.noble_lights:
            light._close()

    def __enter__(self) -> "SeatPanel":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ----------------------------------------------------------- press path
    def _edge_callback(self, seat: int, pressed: bool) -> Callable[[], None]:
        def on_edge() -> None:
            self._on_edge(seat, pressed)
        return on_edge

    def _held_callback(self, seat: int) -> Callable[[], None]:
        def on_held() -> None:
            with self._lock:
                events = [] if self._closed else self._filters[seat].hold()
            self._emit(events, seat)
        return on_held

    def _on_edge(self, seat: int, pressed: bool) -> None:
        with self._lock:
            if self._closed:
                return
            events, settle = self._filters[seat].edge(pressed, self._clock())
            if settle:
                self._schedule_settle(seat)
        self._emit(events, seat)

    def _schedule_settle(self, seat: int) -> None:
        # Called with the lock held: one settle check per seat, debounce after its last edge.
        old = self._settle_timers[seat]
        if old is not None:
            old.cancel()
        timer = threading.Timer(self.config.timing.debounce_seconds, self._settle, (seat, ))
        timer.daemon = True
        self._settle_timers[seat] = timer
        timer.start()

    def _settle(self, seat: int) -> None:
        with self._lock:
            if self._closed or self._settle_timers[seat] is not threading.current_thread():
                return
            self._settle_timers[seat] = None
            events = self._filters[seat].settle(self.buttons[seat].is_pressed, self._clock())
        self._emit(events, seat)

    def _emit(self, events: list[str], seat: int) -> None:
        if not events:
            return
        with self._lock:
            for kind in events:
                if any(s == seat for _, s in self._pending):
                    continue  # this seat already has a press waiting: never double it
                self._pending.append((kind, seat))
            deliver = not self._busy
        if deliver:
            self._dispatch(self._drain)

    def _drain(self) -> None:
        """Deliver waiting presses in order until the queue is empty or the referee is busy."""
        while True:
            with self._lock:
                if self._busy or not self._pending or self._closed:
                    return
                kind, seat = self._pending.pop(0)
                callback = self.when_turn_end if kind == TURN_END else self.when_undo_request
            if callback is not None:
                callback(seat)

    # --------------------------------------------------------------- helpers
    def _expire(self, light: Light, generation: int) -> None:
        with self._lock:
            changed = not self._closed and light._expire(generation)
        self._notify([light] if changed else [])

    def _notify(self, lights: list[Light]) -> None:
        callback = self.when_changed
        if callback is None:
            return
        for light in dict.fromkeys(lights):  # once per light, in order
            self._dispatch(callback, light)

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise ValueError(f"Seat {seat!r} is not on this panel: its seats are 0 to "
                             f"{self.seats - 1}.")

    def _check_slots(self, slots: Iterable[int]) -> set[int]:
        slots = set(slots)
        for slot in slots:
            if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < NOBLE_SLOTS:
                raise ValueError(f"Noble slot {slot!r} is not on the mat: the slots are 0 to "
                                 f"{NOBLE_SLOTS - 1}.")
        return slots


_NO_GPIO = ("This machine has no GPIO pins that gpiozero can drive, so the seat buttons and LEDs "
            "can only run as a virtual panel (MockFactory).")


def real_pin_factory():
    """gpiozero's default pin factory for this machine (lgpio on a Pi 5).

    Raises :class:`NoGpioError` on a machine without GPIO (a laptop).
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PinFactoryFallback)
        try:
            return Device._default_pin_factory()
        except BadPinFactory as exc:
            raise NoGpioError(_NO_GPIO) from exc


def open_panel(config: PanelConfig | str | None = None, dispatch: Dispatch | None = None,
               mock: bool = False, fall_back_to_mock: bool = True) -> SeatPanel:
    """The app's way in: the real panel on a Pi, a virtual one elsewhere.

    ``mock=True`` always builds the virtual panel. Otherwise the real pins are
    used; on a machine without GPIO the panel falls back to ``MockFactory``
    (``panel.is_virtual`` tells the app to draw it), or raises
    :class:`NoGpioError` when ``fall_back_to_mock`` is false.
    """
    if not isinstance(config, PanelConfig):
        config = load_config(config)  # a config error must not look like missing GPIO
    if mock:
        factory = MockFactory()
    else:
        try:
            factory = real_pin_factory()
        except NoGpioError:
            if not fall_back_to_mock:
                raise
            factory = MockFactory()
    return SeatPanel(config, pin_factory=factory, dispatch=dispatch)
