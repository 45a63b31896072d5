"""`splendor-companion test-panel`: the wiring check, with a thread pressing mock buttons."""
from __future__ import annotations

import argparse
import io
import re

import pytest
from gpiozero.pins.mock import MockFactory

from companion.cli import main as cli
from companion.cli.panel import check_panel as run_test_panel
from hardware.panel import NoGpioError, real_pin_factory
from hardware.timers import ManualTimers


class Table:
    """A person at the table: looks at the LEDs when asked, presses buttons when told.

    ``broken_leds`` are pins that never light (a loose wire), ``swapped`` maps a seat to
    the seat whose button actually answers (two wires swapped). A press happens as the
    prompt is said, on the panel's clock moved by hand, so it is waiting before the check
    starts to wait for it.
    """

    def __init__(self, factory, seats=4, broken_leds=(), swapped=None):
        self.factory = factory
        self.timers = ManualTimers()
        self.broken_leds = set(broken_leds)
        self.swapped = swapped or {}
        self.said: list[str] = []
        self.asked: list[str] = []

    def ask(self, prompt):
        self.asked.append(prompt)
        pin = int(re.search(r"GPIO (\d+)", prompt).group(1))
        lit = [int(info.name.removeprefix("GPIO")) for info, p in self.factory.pins.items()
               if p.function == "output" and p.state]
        # What the person sees: the asked LED lit and no other, unless its wire is loose.
        return "y" if lit == [pin] and pin not in self.broken_leds else "n"

    def say(self, line):
        self.said.append(line)
        m = re.match(r"Press and release the button at seat (\d)", line)
        if m:
            seat = int(m.group(1))
            seat = self.swapped.get(seat, seat)
            pin = self.factory.pin({0: 17, 1: 27, 2: 22, 3: 23}[seat])
            pin.drive_low()
            self.timers.advance(0.1)
            pin.drive_high()


def args(**kw):
    return argparse.Namespace(**{"config": None, "mock": False, "timeout": 30.0, **kw})


def test_every_part_works_on_a_correctly_wired_panel():
    factory = MockFactory()
    table = Table(factory)
    code = run_test_panel(args(), ask=table.ask, say=table.say, pin_factory=factory,
                          timers=table.timers)
    assert code == 0
    assert len(table.asked) == 9     # 4 seat LEDs and 5 noble LEDs, one question each
    assert table.asked[0].startswith("Is the LED at seat 0 (GPIO 5) lit")
    assert table.asked[4].startswith("Is the LED at noble slot 0 (GPIO 24) lit")
    for seat in range(4):
        assert f"The button at seat {seat} works." in table.said
    assert table.said[-1] == "All 13 parts work."


def test_loose_led_and_swapped_buttons_are_reported_with_pin_and_setting():
    factory = MockFactory()
    table = Table(factory, broken_leds={13}, swapped={1: 2})
    # The timeout only ends the wait for seat 1's press, which never comes: the wrong
    # seat's press is already waiting by then.
    code = run_test_panel(args(timeout=0.5), ask=table.ask, say=table.say, pin_factory=factory,
                          timers=table.timers)
    assert code == 1
    report = "\n".join(table.said)
    assert "2 of 13 parts failed:" in report
    assert "- The LED at seat 2 on GPIO 13 (setting seats[2].led): it did not light" in report
    assert ("- The button at seat 1 on GPIO 27 (setting seats[1].button): no press came from "
            "it, but the button at seat 2 answered: the buttons may be swapped.") in report


def test_unclear_answer_is_asked_again():
    factory = MockFactory()
    table = Table(factory)
    answers = iter(["maybe"] + ["y"] * 20)
    code = run_test_panel(args(), ask=lambda p: next(answers), say=table.say,
                          pin_factory=factory, timers=table.timers)
    assert code == 0
    assert "Please answer y for yes or n for no." in table.said


def no_gpio_here():
    try:
        real_pin_factory()
    except NoGpioError:
        return True
    return False


@pytest.mark.skipif(not no_gpio_here(), reason="this machine has GPIO pins")
def test_without_gpio_it_says_so_and_offers_mock(capsys):
    assert cli.main(["test-panel"]) == 2
    err = capsys.readouterr().err
    assert "This machine has no GPIO pins" in err
    assert "splendor-companion test-panel --mock" in err


def test_mock_walkthrough_through_the_cli(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 4))   # Enter presses each button
    assert cli.main(["test-panel", "--mock"]) == 0
    out = capsys.readouterr().out
    assert "Lit the LED at seat 3 (GPIO 26): its mock pin is high." in out
    assert "The button at seat 3 works." in out
    assert out.rstrip().endswith("All 13 parts work.")


def test_bad_config_is_refused_before_the_check(tmp_path, capsys):
    path = tmp_path / "panel.toml"
    path.write_text("[[seats]]\nbutton = 40\nled = 5\n[[seats]]\nbutton = 27\nled = 6\n",
                    encoding="utf-8")
    assert cli.main(["test-panel", "--mock", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert "The setting seats[0].button" in err and "pin 40" in err
