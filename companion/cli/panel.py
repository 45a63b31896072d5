"""`splendor-companion test-panel`: check the seat panel's wiring on the Pi.

Registration is cheap: gpiozero is imported only when the command runs.
"""
from __future__ import annotations

import argparse
import sys
from typing import Callable


def register(subparsers) -> None:
    """Add the hardware subcommands to the CLI."""
    parser = subparsers.add_parser(
        "test-panel",
        help="check the seat buttons and LEDs one by one",
        description="Lights each LED in turn and asks whether it is lit, then asks for each "
                    "seat's button to be pressed, and reports what worked. Exit 0: every part "
                    "works; 1: a part failed; 2: the check could not run.")
    parser.add_argument("--config", metavar="PATH", default=None,
                        help="panel config (TOML); default: the shipped wiring")
    parser.add_argument("--mock", action="store_true",
                        help="run on a virtual panel (gpiozero's MockFactory) where there is no "
                             "GPIO: LEDs are read from their mock pins, Enter presses a button")
    parser.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                        help="how long to wait for each button press (default 10)")
    parser.set_defaults(func=check_panel)


def check_panel(args: argparse.Namespace, ask: Callable[[str], str] = input,
               say: Callable[[str], None] = print, pin_factory=None, timers=None) -> int:
    """Run the wiring check; ``ask``/``say``/``pin_factory``/``timers`` are injectable for tests."""
    from hardware.config import PanelConfigError, load_config
    from companion.i18n.commands import english as refusal
    from hardware.panel import NoGpioError, SeatPanel, real_pin_factory

    if not 0 < args.timeout <= 600:  # false for nan; inf would wait forever
        print(refusal("panel-timeout", most=600, timeout=args.timeout), file=sys.stderr)
        return 2
    try:
        config = load_config(args.config)
    except PanelConfigError as exc:
        from companion.i18n.files import english
        print(english(exc), file=sys.stderr)
        return 2
    if pin_factory is None:
        if args.mock:
            from gpiozero.pins.mock import MockFactory
            pin_factory = MockFactory()
        else:
            try:
                pin_factory = real_pin_factory()
            except NoGpioError:
                print(refusal("no-gpio"), file=sys.stderr)
                return 2
    from gpiozero.exc import GPIOZeroError

    from hardware.wiring_check import run_wiring_check

    try:
        with SeatPanel(config, pin_factory=pin_factory, timers=timers) as panel:
            report = run_wiring_check(panel, ask=ask, say=say, button_timeout=args.timeout,
                                      virtual=args.mock)
    except GPIOZeroError as exc:
        print(refusal("panel-busy", reason=str(exc)), file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt):
        print("\n" + refusal("check-stopped"), file=sys.stderr)
        return 2
    return 0 if report.ok else 1
