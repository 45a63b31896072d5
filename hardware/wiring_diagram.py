"""Draw the seat panel's wiring diagram (docs/wiring.png) from a panel config.

    python -m hardware.wiring_diagram [--config PATH] [--out docs/wiring.png]

The diagram is drawn from the config itself, so it can't drift from the
default wiring: the Pi's 40-pin header with every used pin labelled, the two
circuits (button to GND, LED through a resistor to GND) and the wiring table.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .config import PanelConfig, load_config

# The 40-pin header, physical pin -> (label, BCM number or None).
HEADER: dict[int, tuple[str, int | None]] = {
    1: ("3V3", None), 2: ("5V", None), 3: ("GPIO2 SDA", 2), 4: ("5V", None),
    5: ("GPIO3 SCL", 3), 6: ("GND", None), 7: ("GPIO4", 4), 8: ("GPIO14 TXD", 14),
    9: ("GND", None), 10: ("GPIO15 RXD", 15), 11: ("GPIO17", 17), 12: ("GPIO18", 18),
    13: ("GPIO27", 27), 14: ("GND", None), 15: ("GPIO22", 22), 16: ("GPIO23", 23),
    17: ("3V3", None), 18: ("GPIO24", 24), 19: ("GPIO10 MOSI", 10), 20: ("GND", None),
    21: ("GPIO9 MISO", 9), 22: ("GPIO25", 25), 23: ("GPIO11 SCLK", 11), 24: ("GPIO8 CE0", 8),
    25: ("GND", None), 26: ("GPIO7 CE1", 7), 27: ("ID_SD", 0), 28: ("ID_SC", 1),
    29: ("GPIO5", 5), 30: ("GND", None), 31: ("GPIO6", 6), 32: ("GPIO12", 12),
    33: ("GPIO13", 13), 34: ("GND", None), 35: ("GPIO19", 19), 36: ("GPIO16", 16),
    37: ("GPIO26", 26), 38: ("GPIO20", 20), 39: ("GND", None), 40: ("GPIO21", 21),
}
BCM_TO_PHYSICAL = {bcm: phys for phys, (_, bcm) in HEADER.items() if bcm is not None}

# BGR colours: one per seat, one for the noble LEDs.
SEAT_COLOURS = [(200, 90, 20), (40, 150, 40), (0, 120, 230), (160, 50, 150)]
NOBLE_COLOUR = (0, 135, 170)
BLACK, GREY, LIGHT, WHITE = (20, 20, 20), (130, 130, 130), (215, 215, 215), (255, 255, 255)
POWER = (60, 60, 220)

WIDTH, HEIGHT = 1700, 1120
PIN_TOP, PIN_STEP, ODD_X, EVEN_X, PIN_R = 170, 44, 640, 700, 15


def physical_pin(bcm: int) -> int:
    """The header pin (1-40) of a BCM GPIO number."""
    return BCM_TO_PHYSICAL[bcm]


def parts(config: PanelConfig) -> list[tuple[str, str, int, tuple[int, int, int]]]:
    """(part, setting, BCM pin, colour) for every wired part, in table order."""
    rows = []
    for i, seat in enumerate(config.seats):
        colour = SEAT_COLOURS[i]
        rows.append((f"seat {i} button", f"seats[{i}].button", seat.button, colour))
        rows.append((f"seat {i} LED", f"seats[{i}].led", seat.led, colour))
    for i, pin in enumerate(config.noble_leds):
        rows.append((f"noble slot {i} LED", f"nobles.leds[{i}]", pin, NOBLE_COLOUR))
    return rows


def pin_centre(physical: int) -> tuple[int, int]:
    """Where a header pin is drawn (odd pins in the left column, as on the board)."""
    row = (physical - 1) // 2
    return (ODD_X if physical % 2 else EVEN_X, PIN_TOP + row * PIN_STEP)


def draw(config: PanelConfig):
    """The diagram as a BGR image (numpy array)."""
    import cv2
    import numpy as np

    font = cv2.FONT_HERSHEY_SIMPLEX
    img = np.full((HEIGHT, WIDTH, 3), 255, np.uint8)

    def text(s, x, y, colour=BLACK, scale=0.62, thick=1, right=False):
        if right:
            (w, _), _ = cv2.getTextSize(s, font, scale, thick)
            x -= w
        cv2.putText(img, s, (int(x), int(y)), font, scale, colour, thick, cv2.LINE_AA)

    text("Splendor Companion: seat panel wiring (default, hardware/data/panel.toml)",
         40, 55, scale=1.0, thick=2)
    text("Pin names are BCM GPIO numbers; circles are header pins 1-40, seen from above "
         "with the SD card end at the top.", 40, 95, GREY)

    used = {pin: (part, colour) for part, _, pin, colour in parts(config)}

    # The header.
    cv2.rectangle(img, (ODD_X - 35, PIN_TOP - 35), (EVEN_X + 35, PIN_TOP + 19 * PIN_STEP + 35),
                  BLACK, 2, cv2.LINE_AA)
    text("Raspberry Pi 40-pin header", (ODD_X + EVEN_X) / 2 - 135, PIN_TOP - 48)
    for physical, (label, bcm) in HEADER.items():
        x, y = pin_centre(physical)
        if bcm in used:
            part, colour = used[bcm]
            fill, label_colour, caption, thick = colour, colour, f"{label}  {part}", 2
        elif label == "GND":
            fill, label_colour, caption, thick = BLACK, BLACK, "GND", 2
        elif label in ("3V3", "5V"):
            fill, label_colour, caption, thick = POWER, POWER, label, 1
        else:
            fill, label_colour, caption, thick = LIGHT, GREY, label, 1
        cv2.circle(img, (x, y), PIN_R, fill, -1, cv2.LINE_AA)
        cv2.circle(img, (x, y), PIN_R, BLACK, 1, cv2.LINE_AA)
        number_colour = WHITE if fill not in (LIGHT,) else BLACK
        text(str(physical), x - (9 if physical >= 10 else 5), y + 5, number_colour, 0.45)
        if physical % 2:
            text(caption, ODD_X - 45, y + 7, label_colour, 0.62, thick, right=True)
        else:
            text(caption, EVEN_X + 45, y + 7, label_colour, 0.62, thick)

    # The two circuits.
    left = 1180
    text("Each button", left, 190, scale=0.8, thick=2)
    y = 250
    text("GPIO", left, y + 7)
    cv2.line(img, (left + 60, y), (left + 140, y), BLACK, 2, cv2.LINE_AA)
    cv2.circle(img, (left + 145, y), 5, BLACK, 2, cv2.LINE_AA)
    cv2.line(img, (left + 150, y - 3), (left + 200, y - 22), BLACK, 2, cv2.LINE_AA)
    cv2.circle(img, (left + 205, y), 5, BLACK, 2, cv2.LINE_AA)
    cv2.line(img, (left + 175, y - 30), (left + 175, y - 14), BLACK, 2, cv2.LINE_AA)
    cv2.line(img, (left + 160, y - 30), (left + 190, y - 30), BLACK, 2, cv2.LINE_AA)
    cv2.line(img, (left + 210, y), (left + 290, y), BLACK, 2, cv2.LINE_AA)
    text("GND", left + 300, y + 7)
    text("No resistor: the Pi's internal pull-up holds the pin", left, y + 45, GREY, 0.55)
    text("high; pressed = low. Held 2 s = undo request.", left, y + 70, GREY, 0.55)

    text("Each LED (seat and noble)", left, 390, scale=0.8, thick=2)
    y = 450
    text("GPIO", left, y + 7)
    cv2.line(img, (left + 60, y), (left + 100, y), BLACK, 2, cv2.LINE_AA)
    cv2.rectangle(img, (left + 100, y - 12), (left + 170, y + 12), BLACK, 2, cv2.LINE_AA)
    text("330", left + 115, y + 6, BLACK, 0.5)
    cv2.line(img, (left + 170, y), (left + 205, y), BLACK, 2, cv2.LINE_AA)
    triangle = np.array([[left + 205, y - 16], [left + 205, y + 16], [left + 235, y]], np.int32)
    cv2.fillPoly(img, [triangle], BLACK, cv2.LINE_AA)
    cv2.line(img, (left + 237, y - 16), (left + 237, y + 16), BLACK, 3, cv2.LINE_AA)
    cv2.line(img, (left + 237, y), (left + 290, y), BLACK, 2, cv2.LINE_AA)
    text("GND", left + 300, y + 7)
    text("330 ohm resistor, then the LED's long leg (anode);", left, y + 45, GREY, 0.55)
    text("short leg (cathode) to any GND pin.", left, y + 70, GREY, 0.55)

    # The wiring table.
    top = 600
    text("Wiring table", left, top, scale=0.8, thick=2)
    text("part", left, top + 38, GREY, 0.55)
    text("GPIO", left + 250, top + 38, GREY, 0.55)
    text("header pin", left + 340, top + 38, GREY, 0.55)
    for i, (part, _, pin, colour) in enumerate(parts(config)):
        y = top + 68 + i * 30
        text(part, left, y, colour, 0.62, 2)
        text(str(pin), left + 250, y, colour, 0.62, 2)
        text(str(physical_pin(pin)), left + 340, y, colour, 0.62, 2)

    text("Grey pins are free; I2C (2, 3), SPI (7-11) and UART (14, 15) are left alone. "
         "The display (DSI) and camera (CSI) use their own connectors.",
         40, HEIGHT - 40, GREY, 0.55)
    return img


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default=None, help="panel config (default: the shipped one)")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "docs"
                                             / "wiring.png"))
    args = parser.parse_args(argv)
    import cv2

    img = draw(load_config(args.config))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    if not cv2.imwrite(args.out, img):
        print(f"The diagram could not be written to {args.out}.", file=sys.stderr)
        return 1
    print(f"Wrote the wiring diagram to {args.out}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
