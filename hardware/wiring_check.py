"""The interactive wiring check behind `splendor-companion test-panel`.

It lights each LED in turn and asks whether it is lit, then asks for each seat's
button to be pressed and waits for the press to arrive through the panel's real
press path (filter, queue). The prompts are injected (``ask`` returns the
player's answer, ``say`` prints), so the check is tested on ``MockFactory``
with a thread pressing the mock buttons.

With ``virtual=True`` (``--mock`` on a machine without GPIO) nobody can look at
an LED or press a button: each LED is read from its mock pin, and each button is
pressed on its mock pin after the user presses Enter.
"""
from __future__ import annotations

import queue
import time
from dataclasses import dataclass, field
from typing import Callable

from .panel import SeatPanel

Ask = Callable[[str], str]
Say = Callable[[str], None]


@dataclass
class CheckResult:
    """One part checked: what it is, its pin and setting, and whether it worked."""

    part: str        # "the LED at seat 0", "the button at seat 1", ...
    pin: int
    setting: str
    ok: bool
    detail: str = ""


@dataclass
class WiringReport:
    """Every part checked, in order."""

    results: list[CheckResult] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    @property
    def failed(self) -> list[CheckResult]:
        return [r for r in self.results if not r.ok]


def _yes(answer: str) -> bool | None:
    answer = answer.strip().lower()
    if answer in ("y", "yes"):
        return True
    if answer in ("n", "no"):
        return False
    return None


def run_wiring_check(panel: SeatPanel, ask: Ask = input, say: Say = print,
                     button_timeout: float = 10.0, virtual: bool = False) -> WiringReport:
    """Check every LED and button of ``panel``; say what worked and return the report."""
    report = WiringReport()
    settings = panel.config.pin_settings()
    say(f"Wiring check: {panel.seats} seats and {len(panel.noble_lights)} noble LEDs.")

    # LEDs, one at a time, so a swapped or shorted LED shows up.
    for light in panel.lights:
        part = f"the LED at {light.name}"
        panel.show_test_light(light)
        if virtual:
            others_dark = not any(o.is_lit for o in panel.lights if o is not light)
            ok = light.is_lit and others_dark
            detail = "" if ok else "its mock pin did not follow the panel"
            say(f"Lit {part} (GPIO {light.pin}): its mock pin is "
                f"{'high' if light.is_lit else 'low'}.")
        else:
            answer = None
            while answer is None:
                answer = _yes(ask(f"Is {part} (GPIO {light.pin}) lit, and only that one? "
                                  f"Type y or n, then Enter: "))
                if answer is None:
                    say("Please answer y for yes or n for no.")
            ok, detail = answer, "" if answer else "it did not light, or another LED lit with it"
        report.results.append(CheckResult(part, light.pin, settings[light.pin], ok, detail))
    panel.show_test_light(None)

    # Buttons: each press must arrive from the seat that was asked.
    presses: queue.Queue[tuple[str, int]] = queue.Queue()
    old_end, old_undo = panel.when_turn_end, panel.when_undo_request
    panel.when_turn_end = lambda seat: presses.put(("turn-end", seat))
    panel.when_undo_request = lambda seat: presses.put(("undo-request", seat))
    try:
        for seat, pins in enumerate(panel.config.seats):
            part = f"the button at seat {seat}"
            _drain_queue(presses)
            if virtual:
                ask(f"Press Enter to press {part} (GPIO {pins.button}) on the virtual panel: ")
                # Pressed and released at once: the panel reads it when the contact has
                # settled (a debounce later), through its timers.
                panel.virtual_press(seat)
                panel.virtual_release(seat)
            else:
                say(f"Press and release {part} (GPIO {pins.button}); waiting up to "
                    f"{button_timeout:g} seconds.")
            ok, detail = _wait_for_press(presses, seat, button_timeout)
            say(f"{part[0].upper()}{part[1:]} works." if ok else
                f"{part[0].upper()}{part[1:]} failed: {detail}.")
            report.results.append(CheckResult(part, pins.button, settings[pins.button], ok,
                                              detail))
    finally:
        panel.when_turn_end, panel.when_undo_request = old_end, old_undo

    for line in summary(report):
        say(line)
    return report


def _drain_queue(presses: queue.Queue) -> None:
    while True:
        try:
            presses.get_nowait()
        except queue.Empty:
            return


def _wait_for_press(presses: queue.Queue, seat: int, timeout: float) -> tuple[bool, str]:
    deadline = time.monotonic() + timeout
    wrong: list[int] = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        try:
            kind, got = presses.get(timeout=left)
        except queue.Empty:
            break
        if got == seat:
            if kind == "undo-request":
                return False, ("it was held too long and read as an undo request; press and "
                               "release it quickly")
            return True, ""
        wrong.append(got)
    if wrong:
        seats = ", ".join(str(s) for s in sorted(set(wrong)))
        return False, (f"no press came from it, but the button at seat {seats} answered: the "
                       f"buttons may be swapped")
    return False, f"no press arrived within {timeout:g} seconds"


def summary(report: WiringReport) -> list[str]:
    """The closing lines: everything works, or which parts failed and where they are set."""
    if report.ok:
        return [f"All {len(report.results)} parts work."]
    lines = [f"{len(report.failed)} of {len(report.results)} parts failed:"]
    for r in report.failed:
        lines.append(f"- {r.part[0].upper()}{r.part[1:]} on GPIO {r.pin} (setting {r.setting}): "
                     f"{r.detail}.")
    lines.append("Check the wiring of these parts against docs/wiring.png and the panel config.")
    return lines
