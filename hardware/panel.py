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
is delivered, in the order pressed, through ``dispatch``. The panel keeps no
queue: the referee's door (``companion.referee.door``) is the one queue of
presses, and it is there that a second press by a seat whose first still waits
counts once. A press during a pending question (e.g. ``show_noble_choice``) is
delivered like any other: the referee decides what it means.

Callbacks reach the app through ``dispatch(fn, *args)``, given to the panel.
In the Kivy app, hand callbacks to the main thread::

    dispatch = lambda fn, *args: Clock.schedule_once(lambda dt: fn(*args))

Without a dispatcher the callbacks run directly in the thread that saw the
event (lgpio's thread on a Pi, the caller's thread on mock pins, the panel's
timer thread for undo requests, settled bounces and timed patterns that end).

Every delay (settle checks, the hold time, timed signals, blinks) runs on the
panel's timers (:mod:`hardware.timers`); tests pass ``ManualTimers`` and move
time by hand instead of sleeping.

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
seats         lit one after another       a forgotten press was judged: the turns of
              (0.4 s each, for 3.2 s)     these seats are all recorded, in this order
                                          (``show_turns_recorded``)
seat          slow blink                  your button was forgotten and the table fits
                                          more than one way: touch your turn on the
                                          screen (``show_turns_choice``, until answered)
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

import threading
import warnings
from typing import Callable, Iterable

from gpiozero import Button, Device
from gpiozero.exc import BadPinFactory, PinFactoryFallback
from gpiozero.pins.mock import MockFactory

from companion.engine.inputs import FileFacts

from .config import NOBLE_SLOTS, PanelConfig, load_config
from .debounce import TURN_END, PressFilter
from .lights import CHOICE as _CHOICE
from .lights import REJECTED as _REJECTED
from .lights import THINKING as _THINKING
from .lights import TURNS as _TURNS
from .lights import VISIT as _VISIT
from .lights import Light, Pattern  # noqa: F401 - Pattern is part of the panel's interface
from .timers import Handle, Timers

Dispatch = Callable[..., None]


class PanelError(FileFacts, RuntimeError):
    """The panel can't do what was asked: a cause (and its facts), said by
    ``companion.i18n.devices`` (hardware says no sentence). Causes: ``not-virtual`` (a button
    pressed on screen on a panel wired to real pins); ``no-gpio`` (:class:`NoGpioError`)."""


class NoGpioError(PanelError):
    """This machine has no GPIO pins gpiozero can drive (cause ``no-gpio``)."""

    def __init__(self, cause: str = "no-gpio", **facts):
        super().__init__(cause, **facts)


def _direct(fn: Callable, *args) -> None:
    fn(*args)


class SeatPanel:
    """The seat buttons and LEDs (see the module docstring for the whole contract).

    ``config``: a :class:`~hardware.config.PanelConfig`, a path to a TOML file,
    or None for the shipped default wiring. ``pin_factory``: gpiozero's pin
    factory (None: gpiozero's default, i.e. lgpio on a Pi 5). ``dispatch``:
    ``dispatch(fn, *args)`` runs a callback in the app's thread (None: run it
    directly). ``timers``: where every delay runs (settle checks, the hold time,
    timed signals, blinks): a :class:`~hardware.timers.Timers` of its own when
    None; tests give a :class:`~hardware.timers.ManualTimers` and move its
    clock by hand. ``clock``: monotonic seconds for the press filter (default:
    the timers' clock).
    """

    def __init__(self, config: PanelConfig | str | None = None, pin_factory=None,
                 dispatch: Dispatch | None = None, clock: Callable[[], float] | None = None,
                 timers=None):
        if not isinstance(config, PanelConfig):
            config = load_config(config)
        self.config = config
        self._dispatch = dispatch or _direct
        self._own_timers = timers is None
        self._timers = Timers() if timers is None else timers
        self._clock = clock or self._timers.now
        self._lock = threading.RLock()
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
        # Per seat: the waiting settle check and hold check, and a count that tells a check
        # still meant for this seat from a stale one.
        self._settle_timers: list[Handle | None] = [None] * len(config.seats)
        self._hold_timers: list[Handle | None] = [None] * len(config.seats)
        self._checks = [0] * len(config.seats)
        self._round = 0   # the lights-in-turn showing now (a newer one, or waiting, ends it)
        self._holds = [0] * len(config.seats)
        try:
            for seat, pins in enumerate(config.seats):
                # bounce_time filters in lgpio on a Pi; mock pins ignore it, the PressFilter doesn't.
                # The hold time is timed by the panel from the counted press (see _track_hold).
                button = Button(pins.button, pull_up=True, bounce_time=timing.debounce_seconds,
                                pin_factory=pin_factory)
                self.buttons.append(button)
                button.when_pressed = self._edge_callback(seat, True)
                button.when_released = self._edge_callback(seat, False)
                self.seat_lights.append(Light("seat", seat, pins.led, pin_factory, timing,
                                              self._timers, self._lock))
            for slot, pin in enumerate(config.noble_leds):
                self.noble_lights.append(Light("noble", slot, pin, pin_factory, timing,
                                               self._timers, self._lock))
        except Exception as exc:
            self.close()
            if isinstance(exc, BadPinFactory):
                raise NoGpioError("no-gpio") from exc
            raise
        self.pin_factory = self.buttons[0].pin_factory

    # ----------------------------------------------------------------- state
    @property
    def seats(self) -> int:
        """How many seats the panel has (2-4)."""
        return len(self.config.seats)

    @property
    def timers(self):
        """Where the panel's delays run (a :class:`~hardware.timers.ManualTimers` in tests)."""
        return self._timers

    @property
    def lights(self) -> list[Light]:
        """Every LED: seat LEDs first, then noble-slot LEDs."""
        return self.seat_lights + self.noble_lights

    @property
    def is_virtual(self) -> bool:
        """True on gpiozero's MockFactory: the app shows the panel on screen."""
        return isinstance(self.pin_factory, MockFactory)

    # ----------------------------------------------------------------- lights
    def show_turn(self, seat: int) -> None:
        """Light ``seat``'s LED steadily and turn the others off (ends rejections and choices)."""
        self._check_seat(seat)
        with self._lock:
            changed = []
            for light in self.lights:
                if light._clear_signal((_REJECTED, _CHOICE, _THINKING)):
                    changed.append(light)
            for light in self.seat_lights:
                if light._set_steady(Pattern.ON if light.index == seat else Pattern.OFF):
                    changed.append(light)
        self._notify(changed)

    def show_thinking(self, seat: int) -> None:
        """The computer at ``seat`` chooses its move: slow-blink its LED until the next
        ``show_turn`` (the move is shown) or ``show_waiting``; the other seats' LEDs off."""
        self._check_seat(seat)
        with self._lock:
            changed = [light for light in self.lights if light._clear_signal((_REJECTED, _CHOICE))]
            for light in self.seat_lights:
                if light.index == seat:
                    did = light._show_signal(Pattern.SLOW_BLINK, _THINKING, None, self._expire)
                else:
                    did = light._set_steady(Pattern.OFF)
                if did and light not in changed:
                    changed.append(light)
        self._notify(changed)

    def show_waiting(self) -> None:
        """Nobody's turn: every LED off, every signal ended."""
        with self._lock:
            self._round += 1
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

    def show_turns_recorded(self, seats: Iterable[int]) -> None:
        """A forgotten press was judged: the LEDs of ``seats`` (the turns recorded, in turn
        order) light one after another, ``timing.turns_step_seconds`` each, over and over for
        ``timing.turns_recorded_seconds``; then each is back to its steady state. Ends a
        turns choice; ``show_turn`` after it lets it finish, as a noble visit does."""
        seats = list(dict.fromkeys(seats))
        for seat in seats:
            self._check_seat(seat)
        timing = self.config.timing
        steps = max(len(seats), round(timing.turns_recorded_seconds / timing.turns_step_seconds))
        with self._lock:
            self._round += 1
            changed = [light for light in self.seat_lights
                       if light._clear_signal((_CHOICE, _TURNS))]
            changed += self._step_turns(seats, 0, steps)
        self._notify(changed)

    def _step_turns(self, seats: list, step: int, steps: int) -> list:
        """One step of the lights in turn (the panel's lock held): the next seat's LED on,
        the others of the round off; the last step ends the round."""
        changed = []
        for i, seat in enumerate(seats):
            light = self.seat_lights[seat]
            if step >= steps:
                did = light._clear_signal((_TURNS,))
            else:
                lit = Pattern.ON if i == step % len(seats) else Pattern.OFF
                did = light._show_signal(lit, _TURNS, None, self._expire)
            if did:
                changed.append(light)
        if step < steps and seats:
            self._timers.call_later(self.config.timing.turns_step_seconds, self._next_turns,
                                    seats, step + 1, steps, self._round)
        return changed

    def _next_turns(self, seats: list, step: int, steps: int, round_: int) -> None:
        with self._lock:
            if self._closed or round_ != self._round:
                return   # a newer round, or waiting, replaced this one
            changed = self._step_turns(seats, step, steps)
        self._notify(changed)

    def show_turns_choice(self, seat: int) -> None:
        """``seat`` forgot its button and must touch its turn on the screen: its LED slow-
        blinks until the next ``show_turns_recorded``, ``show_turn`` or ``show_waiting``;
        every other seat's LED is off meanwhile (nobody's turn goes on)."""
        self._check_seat(seat)
        with self._lock:
            self._round += 1
            changed = []
            for light in self.seat_lights:
                if light.index == seat:
                    did = light._show_signal(Pattern.SLOW_BLINK, _CHOICE, None, self._expire)
                else:
                    did = light._clear_signal((_CHOICE, _TURNS))
                    did = light._set_steady(Pattern.OFF) or did
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
            raise PanelError("not-virtual")
        return self.buttons[seat].pin

    # ----------------------------------------------------------------- close
    def close(self) -> None:
        """Release every pin and stop every timer (safe to call twice)."""
        with self._lock:
            self._closed = True
            for timers in (self._settle_timers, self._hold_timers):
                for i, timer in enumerate(timers):
                    if timer is not None:
                        timer.cancel()
                    timers[i] = None
            for light in self.seat_lights + self.noble_lights:
                light._close()
        for button in self.buttons:
            button.close()
        if self._own_timers:
            self._timers.close()

    def __enter__(self) -> "SeatPanel":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ----------------------------------------------------------- press path
    def _edge_callback(self, seat: int, pressed: bool) -> Callable[[], None]:
        def on_edge() -> None:
            self._on_edge(seat, pressed)
        return on_edge

    def _on_edge(self, seat: int, pressed: bool) -> None:
        with self._lock:
            if self._closed:
                return
            press = self._filters[seat].down_at if self._filters[seat].down else None
            events, settle = self._filters[seat].edge(pressed, self._clock())
            if settle:
                self._schedule_settle(seat)
            self._track_hold(seat, press)
        self._emit(events, seat)

    def _schedule_settle(self, seat: int) -> None:
        # Called with the lock held: one settle check per seat, debounce after its last edge.
        old = self._settle_timers[seat]
        if old is not None:
            old.cancel()
        self._checks[seat] += 1
        self._settle_timers[seat] = self._timers.call_later(
            self.config.timing.debounce_seconds, self._settle, seat, self._checks[seat])

    def _settle(self, seat: int, check: int) -> None:
        with self._lock:
            if self._closed or self._settle_timers[seat] is None or check != self._checks[seat]:
                return  # closed, or a newer edge asked for a later check
            self._settle_timers[seat] = None
            press = self._filters[seat].down_at if self._filters[seat].down else None
            events = self._filters[seat].settle(self.buttons[seat].is_pressed, self._clock())
            self._track_hold(seat, press)
        self._emit(events, seat)

    def _track_hold(self, seat: int, press_before: float | None) -> None:
        # Called with the lock held after the filter took an edge: a newly counted press
        # starts the hold time, a release stops it. (A press's down_at tells presses apart.)
        f = self._filters[seat]
        press = f.down_at if f.down else None
        if press == press_before:
            return
        old = self._hold_timers[seat]
        if old is not None:
            old.cancel()
            self._hold_timers[seat] = None
        self._holds[seat] += 1
        if press is not None:
            self._hold_timers[seat] = self._timers.call_later(
                self.config.timing.hold_seconds, self._held, seat, self._holds[seat])

    def _held(self, seat: int, hold: int) -> None:
        with self._lock:
            if self._closed or self._hold_timers[seat] is None or hold != self._holds[seat]:
                return  # closed, or the press it timed was released
            self._hold_timers[seat] = None
            events = self._filters[seat].hold()
        self._emit(events, seat)

    def _emit(self, events: list[str], seat: int) -> None:
        for kind in events:
            self._dispatch(self._deliver, kind, seat)

    def _deliver(self, kind: str, seat: int) -> None:
        """One counted press, in the app's thread: its callback, read now (never after close)."""
        with self._lock:
            if self._closed:
                return
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



def real_pin_factory():
    """gpiozero's default pin factory for this machine (lgpio on a Pi 5).

    Raises :class:`NoGpioError` on a machine without GPIO (a laptop).
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PinFactoryFallback)
        try:
            return Device._default_pin_factory()
        except BadPinFactory as exc:
            raise NoGpioError("no-gpio") from exc


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
