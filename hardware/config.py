"""The seat panel's wiring and timing, read from a TOML file.

The default file ships with the package (``hardware/data/panel.toml``) and
documents the default wiring. A config names, per seat, the BCM GPIO number of
the seat's button and of its LED, optionally five noble-slot LEDs, and the
panel's timings. Everything is checked when it is loaded, so a wrong pin stops
the app at start with a message naming the pin and the setting, instead of a
dead button in the middle of a game.

This module imports no gpiozero: the CLI can load and check a config cheaply.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

import tomllib  # stdlib from Python 3.11 (the Pi runs 3.13)

MIN_SEATS = 2
MAX_SEATS = 4
NOBLE_SLOTS = 5
# BCM numbers on the 40-pin header that are plain GPIOs (0 and 1 belong to the HAT EEPROM).
MIN_PIN = 2
MAX_PIN = 27

SEAT_KEYS = ("button", "led")
TOP_KEYS = ("seats", "nobles", "timing")
NOBLE_KEYS = ("leds",)


class PanelConfigError(ValueError):
    """The panel config can't be used; the message says which setting and why, except for a
    file that can't be read at all: then ``input`` is the file reader's refusal (an
    ``InputError``: cause and facts, said by ``companion.i18n.files``)."""

    def __init__(self, sentence: str = "", input=None):
        super().__init__(sentence)
        self.input = input


@dataclass(frozen=True)
class SeatPins:
    """The BCM GPIO numbers of one seat's button and LED."""

    button: int
    led: int


@dataclass(frozen=True)
class Timing:
    """How the panel reads presses and shows patterns (seconds unless named otherwise)."""

    debounce_ms: float = 50.0          # edges closer than this to the last one are contact bounce
    hold_seconds: float = 2.0          # a press held this long is an "undo my last turn?" request
    slow_blink_seconds: float = 0.5    # on time and off time of a slow blink (noble visit)
    fast_blink_seconds: float = 0.1    # on time and off time of a fast blink (move rejected)
    noble_visit_seconds: float = 4.0   # how long a noble visit is shown
    rejected_seconds: float = 3.0      # how long a rejection is shown
    turns_step_seconds: float = 0.4    # forgotten press judged: each seat's LED lit this long
    turns_recorded_seconds: float = 3.2  # ... in turn, over and over, for this long

    @property
    def debounce_seconds(self) -> float:
        return self.debounce_ms / 1000.0


@dataclass(frozen=True)
class PanelConfig:
    """A checked panel config: 2-4 seats, 0 or 5 noble LEDs, timings."""

    seats: tuple[SeatPins, ...]
    noble_leds: tuple[int, ...] = ()
    timing: Timing = field(default_factory=Timing)
    source: str = "the panel config"

    def pin_settings(self) -> dict[int, str]:
        """Map every used pin to the setting that names it (e.g. ``seats[0].button``)."""
        names: dict[int, str] = {}
        for i, seat in enumerate(self.seats):
            names[seat.button] = f"seats[{i}].button"
            names[seat.led] = f"seats[{i}].led"
        for i, pin in enumerate(self.noble_leds):
            names[pin] = f"nobles.leds[{i}]"
        return names


def default_config_path() -> Path:
    """The config shipped with the package (the documented default wiring)."""
    return Path(str(resources.files("hardware") / "data" / "panel.toml"))


def load_config(path: str | Path | None = None) -> PanelConfig:
    """Read and check a panel config file; ``None`` reads the shipped default.

    Raises :class:`PanelConfigError` with a full sentence naming the file, the
    setting and the pin when anything is missing, mistyped or used twice.
    """
    path = default_config_path() if path is None else Path(path)
    source = str(path)
    from companion.engine.inputs import MAX_SMALL_BYTES, InputError, read_text

    try:  # regular files only, size cap, UTF-8: each a sentence
        text = read_text(path, "panel config", MAX_SMALL_BYTES)
    except FileNotFoundError:
        raise PanelConfigError(f"The panel config {source} does not exist.") from None
    except InputError as err:
        raise PanelConfigError(input=err) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PanelConfigError(f"The panel config {source} is not valid TOML: {exc}.") from None
    return parse_config(data, source=source)


def parse_config(data: Mapping[str, Any], source: str = "the panel config") -> PanelConfig:
    """Check a config already read from TOML (a dict) and return it as a :class:`PanelConfig`."""
    where = source if source == "the panel config" else f"the panel config {source}"
    _reject_unknown(data, TOP_KEYS, "", where)

    seats_raw = data.get("seats")
    if not isinstance(seats_raw, list) or not all(isinstance(s, dict) for s in seats_raw):
        raise PanelConfigError(
            f"The setting seats is missing or is not a list of [[seats]] tables in {where}: "
            f"the panel needs {MIN_SEATS} to {MAX_SEATS} seats, each with a button and an LED.")
    if not MIN_SEATS <= len(seats_raw) <= MAX_SEATS:
        raise PanelConfigError(
            f"{where[0].upper()}{where[1:]} sets up {len(seats_raw)} seat"
            f"{'' if len(seats_raw) == 1 else 's'}, but the panel needs {MIN_SEATS} to "
            f"{MAX_SEATS} seats, each with a button and an LED.")

    used: dict[int, str] = {}
    seats = []
    for i, raw in enumerate(seats_raw):
        _reject_unknown(raw, SEAT_KEYS, f"seats[{i}].", where)
        pins = {}
        for key in SEAT_KEYS:
            name = f"seats[{i}].{key}"
            if key not in raw:
                raise PanelConfigError(
                    f"The setting {name} is missing in {where}: every seat needs a button pin "
                    f"and an LED pin.")
            pins[key] = _pin(raw[key], name, where, used)
        seats.append(SeatPins(**pins))

    noble_leds: tuple[int, ...] = ()
    nobles_raw = data.get("nobles", {})
    if not isinstance(nobles_raw, dict):
        raise PanelConfigError(f"The setting nobles must be a [nobles] table in {where}.")
    _reject_unknown(nobles_raw, NOBLE_KEYS, "nobles.", where)
    leds_raw = nobles_raw.get("leds", [])
    if not isinstance(leds_raw, list) or len(leds_raw) not in (0, NOBLE_SLOTS):
        raise PanelConfigError(
            f"The setting nobles.leds in {where} must list exactly {NOBLE_SLOTS} pins (one per "
            f"noble slot, left to right) or be left out when there are no noble LEDs.")
    noble_leds = tuple(_pin(p, f"nobles.leds[{i}]", where, used) for i, p in enumerate(leds_raw))

    timing_raw = data.get("timing", {})
    if not isinstance(timing_raw, dict):
        raise PanelConfigError(f"The setting timing must be a [timing] table in {where}.")
    timing_keys = tuple(Timing.__dataclass_fields__)
    _reject_unknown(timing_raw, timing_keys, "timing.", where)
    timing_values = {}
    for key, value in timing_raw.items():
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or not math.isfinite(value) or value <= 0):
            unit = "milliseconds" if key.endswith("_ms") else "seconds"
            raise PanelConfigError(
                f"The setting timing.{key} in {where} is {value!r}, but it must be a number of "
                f"{unit} above 0.")
        timing_values[key] = float(value)
    return PanelConfig(seats=tuple(seats), noble_leds=noble_leds,
                       timing=Timing(**timing_values), source=source)


def _pin(value: Any, name: str, where: str, used: dict[int, str]) -> int:
    """Check one pin setting and record it, refusing a pin another setting already uses."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PanelConfigError(
            f"The setting {name} in {where} is {value!r}, but a pin must be a whole BCM GPIO "
            f"number from {MIN_PIN} to {MAX_PIN}.")
    if not MIN_PIN <= value <= MAX_PIN:
        raise PanelConfigError(
            f"The setting {name} in {where} is pin {value}, but a pin must be a BCM GPIO number "
            f"from {MIN_PIN} to {MAX_PIN}.")
    if value in used:
        raise PanelConfigError(
            f"Pin {value} is used twice in {where}: by {used[value]} and by {name}. Give each "
            f"setting its own pin.")
    used[value] = name
    return value


def _reject_unknown(table: Mapping[str, Any], known: tuple[str, ...], prefix: str,
                    where: str) -> None:
    """A misspelt setting would silently fall back to a default: refuse it instead."""
    for key in table:
        if key not in known:
            raise PanelConfigError(
                f"The setting {prefix}{key} in {where} is unknown; the settings there are "
                f"{', '.join(prefix + k for k in known)}.")
