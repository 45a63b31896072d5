"""The wiring diagram is drawn from the config: every wired pin is marked in its part's colour."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from hardware.config import load_config, parse_config
from hardware.wiring_diagram import (BLACK, HEADER, LIGHT, NOBLE_COLOUR, SEAT_COLOURS, draw,
                                     main, parts, physical_pin, pin_centre)

DOCS_PNG = Path(__file__).resolve().parents[2] / "docs" / "wiring.png"


def colour_at(img, physical):
    x, y = pin_centre(physical)
    # Beside the printed pin number, inside the filled circle.
    return tuple(int(c) for c in img[y - 9, x])


def test_every_wired_pin_has_its_parts_colour_and_the_rest_do_not():
    config = load_config()
    img = draw(config)
    wired = {pin: colour for _, _, pin, colour in parts(config)}
    assert len(wired) == 13
    for physical, (label, bcm) in HEADER.items():
        got = np.array(colour_at(img, physical))
        if bcm in wired:
            assert np.abs(got - wired[bcm]).max() <= 3, (physical, label)
        elif label == "GND":
            assert np.abs(got - BLACK).max() <= 3
        else:
            assert all(np.abs(got - c).max() > 30 for c in SEAT_COLOURS + [NOBLE_COLOUR])


def test_diagram_follows_a_changed_wiring():
    config = parse_config({"seats": [{"button": 20, "led": 21}, {"button": 27, "led": 6}]})
    img = draw(config)
    assert np.abs(np.array(colour_at(img, physical_pin(20))) - SEAT_COLOURS[0]).max() <= 3
    # GPIO17 is the default seat 0 button, not wired here: drawn as a free pin.
    assert np.abs(np.array(colour_at(img, physical_pin(17))) - LIGHT).max() <= 3


def test_committed_png_is_the_default_diagram(tmp_path):
    out = tmp_path / "wiring.png"
    assert main(["--out", str(out)]) == 0
    fresh = cv2.imread(str(out))
    committed = cv2.imread(str(DOCS_PNG))
    assert committed is not None, "docs/wiring.png is missing: run python -m hardware.wiring_diagram"
    assert committed.shape == fresh.shape
    for physical in HEADER:  # same pins marked in the same colours
        assert np.abs(np.array(colour_at(committed, physical)) - colour_at(fresh, physical)).max() <= 3
