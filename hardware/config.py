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

from companion.engine.inputs import MAX_SMALL_BYTES, FileFacts, InputError, read_text

MIN_SEATS = 2
MAX_SEATS = 4
NOBLE_SLOTS = 5
# BCM numbers on the 40-pin header that are plain GPIOs (0 and 1 belong to the HAT EEPROM).
MIN_PIN = 2
MAX_PIN = 27

SEAT_KEYS = ("button", "led")
TOP_KEYS = ("seats", "nobles", "timing")
NOBLE_KEYS = ("leds",)


class PanelConfigError(FileFacts, ValueError):
    """The panel config can't be used: a cause and its facts (which setting, which pin),
    said by ``companion.i18n.files`` for whoever wired the panel (hardware says no sentence).

    Every cause has ``source``: the file's path, or None for a config given as data. Causes:
    ``no-file``; ``unreadable`` (``input``: the file reader's ``InputError`` as data);
    ``not-toml`` (``problem``: the TOML reader's words); ``unknown-setting`` (``setting``,
    ``known``: the settings allowed there); ``no-seats``, ``seat-count`` (``seats``) with
    ``least``, ``most``; ``seat-pin-missing`` (``setting``); ``nobles-not-table``;
    ``noble-leds`` (``slots``); ``timing-not-table``; ``timing-value`` (``setting``,
    ``value``: as written, ``unit``: ``ms`` or ``s``); ``pin-not-a-number`` (``setting``,
    ``value``), ``pin-out-of-range`` (``setting``, ``pin``) with ``least``, ``most``;
    ``pin-twice`` (``pin``, ``first``, ``second``: the two settings)."""


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

    Raises :class:`PanelConfigError` naming the file, the setting and the pin when
    anything is missing, mistyped or used twice.
    """
    path = default_config_path() if path is None else Path(path)
    source = str(path)
    try:  # regular files only, size cap, UTF-8: each a cause
        text = read_text(path, "panel config", MAX_SMALL_BYTES)
    except FileNotFoundError:
        raise PanelConfigError("no-file", source=source) from None
    except InputError as err:
        raise PanelConfigError("unreadable", source=source, input=err.as_data()) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PanelConfigError("not-toml", source=source, problem=str(exc)) from None
    return parse_config(data, source=source)


def parse_config(data: Mapping[str, Any], source: str = "the panel config") -> PanelConfig:
    """Check a config already read from TOML (a dict) and return it as a :class:`PanelConfig`."""
    where = None if source == "the panel config" else source   # a file's path, or none
    _reject_unknown(data, TOP_KEYS, "", where)

    seats_raw = data.get("seats")
    if not isinstance(seats_raw, list) or not all(isinstance(s, dict) for s in seats_raw):
        raise PanelConfigError("no-seats", source=where, least=MIN_SEATS, most=MAX_SEATS)
    if not MIN_SEATS <= len(seats_raw) <= MAX_SEATS:
        raise PanelConfigError("seat-count", source=where, seats=len(seats_raw),
                               least=MIN_SEATS, most=MAX_SEATS)

    used: dict[int, str] = {}
    seats = []
    for i, raw in enumerate(seats_raw):
        _reject_unknown(raw, SEAT_KEYS, f"seats[{i}].", where)
        pins = {}
        for key in SEAT_KEYS:
            name = f"seats[{i}].{key}"
            if key not in raw:
                raise PanelConfigError("seat-pin-missing", source=where, setting=name)
            pins[key] = _pin(raw[key], name, where, used)
        seats.append(SeatPins(**pins))

    noble_leds: tuple[int, ...] = ()
    nobles_raw = data.get("nobles", {})
    if not isinstance(nobles_raw, dict):
        raise PanelConfigError("nobles-not-table", source=where)
    _reject_unknown(nobles_raw, NOBLE_KEYS, "nobles.", where)
    leds_raw = nobles_raw.get("leds", [])
    if not isinstance(leds_raw, list) or len(leds_raw) not in (0, NOBLE_SLOTS):
        raise PanelConfigError("noble-leds", source=where, slots=NOBLE_SLOTS)
    noble_leds = tuple(_pin(p, f"nobles.leds[{i}]", where, used) for i, p in enumerate(leds_raw))

    timing_raw = data.get("timing", {})
    if not isinstance(timing_raw, dict):
        raise PanelConfigError("timing-not-table", source=where)
    timing_keys = tuple(Timing.__dataclass_fields__)
    _reject_unknown(timing_raw, timing_keys, "timing.", where)
    timing_values = {}
    for key, value in timing_raw.items():
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or not math.isfinite(value) or value <= 0):
            raise PanelConfigError("timing-value", source=where, setting=f"timing.{key}",
                                   value=repr(value), unit="ms" if key.endswith("_ms") else "s")
        timing_values[key] = float(value)
    return PanelConfig(seats=tuple(seats), noble_leds=noble_leds,
                       timing=Timing(**timing_values), source=source)


def _pin(value: Any, name: str, where, used: dict[int, str]) -> int:
    """Check one pin setting and record it, refusing a pin another setting already uses."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PanelConfigError("pin-not-a-number", source=where, setting=name,
                               value=repr(value), least=MIN_PIN, most=MAX_PIN)
    if not MIN_PIN <= value <= MAX_PIN:
        raise PanelConfigError("pin-out-of-range", source=where, setting=name, pin=value,
                               least=MIN_PIN, most=MAX_PIN)
    if value in used:
        raise PanelConfigError("pin-twice", source=where, pin=value, first=used[value],
                               second=name)
    used[value] = name
    return value


def _reject_unknown(table: Mapping[str, Any], known: tuple[str, ...], prefix: str,
                    where) -> None:
    """A misspelt setting would silently fall back to a default: refuse it instead."""
    for key in table:
        if key not in known:
            raise PanelConfigError("unknown-setting", source=where, setting=f"{prefix}{key}",
                                   known=[prefix + k for k in known])
