"""The panel config: the shipped default wiring, and clear errors for bad pins."""
from __future__ import annotations

import copy
import tomllib

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.config import (PanelConfigError, Timing, default_config_path, load_config,
                             parse_config)
from companion.i18n.files import english
from hardware.panel import SeatPanel

# Pins the default wiring must leave free: I2C (2, 3), SPI0 (7-11), UART (14, 15).
RESERVED = {2, 3, 7, 8, 9, 10, 11, 14, 15}


def default_data() -> dict:
    return tomllib.loads(default_config_path().read_text(encoding="utf-8"))


def test_default_wiring_is_four_seats_and_five_nobles_on_free_pins():
    config = load_config()
    assert len(config.seats) == 4 and len(config.noble_leds) == 5
    pins = list(config.pin_settings())
    assert len(pins) == len(set(pins)) == 13
    assert not RESERVED & set(pins)
    assert config.timing == Timing()  # the file states the same defaults the code documents
    assert config.timing.debounce_seconds == 0.05 and config.timing.hold_seconds == 2.0


def test_default_wiring_matches_readme_table():
    readme = (default_config_path().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Seat panel wiring"):]
    from hardware.wiring_diagram import parts, physical_pin
    rows = parts(load_config())
    assert len(rows) == 13
    for part, setting, pin, _ in rows:
        assert f"| {part} | `{setting}` | GPIO {pin} | {physical_pin(pin)} |" in section


def test_two_seats_without_noble_leds_is_a_panel():
    config = parse_config({"seats": [{"button": 17, "led": 5}, {"button": 27, "led": 6}]})
    assert len(config.seats) == 2 and config.noble_leds == ()
    with SeatPanel(config, pin_factory=MockFactory()) as panel:
        assert panel.seats == 2 and panel.noble_lights == []


def bad(mutate) -> str:
    data = copy.deepcopy(default_data())
    mutate(data)
    with pytest.raises(PanelConfigError) as info:
        parse_config(data, source="panel.toml")
    message = english(info.value)   # the facts, said once in companion.i18n
    assert message[0].isupper() and message.endswith(".")
    return message


def test_pin_used_twice_names_the_pin_and_both_settings():
    message = bad(lambda d: d["nobles"].update(leds=[24, 25, 12, 17, 4]))
    assert "Pin 17 is used twice" in message
    assert "seats[0].button" in message and "nobles.leds[3]" in message
    assert "panel.toml" in message


def test_led_and_button_of_one_seat_on_the_same_pin():
    message = bad(lambda d: d["seats"][2].update(led=22))
    assert "Pin 22" in message and "seats[2].button" in message and "seats[2].led" in message


def test_missing_pin_names_the_setting():
    message = bad(lambda d: d["seats"][1].pop("led"))
    assert "seats[1].led is missing" in message


@pytest.mark.parametrize("value, words", [
    (1, "pin 1"), (28, "pin 28"), (-4, "pin -4"),
    ("17", "'17'"), (17.0, "17.0"), (True, "True"),
])
def test_invalid_pin_names_value_and_setting(value, words):
    message = bad(lambda d: d["seats"][3].update(button=value))
    assert "seats[3].button" in message and words in message and "2 to 27" in message


@pytest.mark.parametrize("count", [0, 1, 5])
def test_seat_count_outside_two_to_four(count):
    seat_pins = [(17, 5), (27, 6), (22, 13), (23, 26), (20, 21)]
    message = bad(lambda d: d.update(seats=[{"button": b, "led": l}
                                            for b, l in seat_pins[:count]]))
    assert f"{count} seat" in message and "2 to 4 seats" in message


def test_noble_leds_must_be_five_or_none():
    message = bad(lambda d: d["nobles"].update(leds=[24, 25, 12]))
    assert "nobles.leds" in message and "exactly 5" in message


def test_misspelt_setting_is_refused():
    message = bad(lambda d: d["seats"][0].update(buton=4))
    assert "seats[0].buton" in message and "unknown" in message


@pytest.mark.parametrize("value", [0, -1, "2", True, float("nan")])
def test_timing_must_be_positive_number(value):
    message = bad(lambda d: d["timing"].update(hold_seconds=value))
    assert "timing.hold_seconds" in message and "seconds above 0" in message


def test_missing_file_and_bad_toml(tmp_path):
    with pytest.raises(PanelConfigError) as info:
        load_config(tmp_path / "nope.toml")
    assert "does not exist" in english(info.value)
    broken = tmp_path / "panel.toml"
    broken.write_text("[[seats]]\nbutton = \n", encoding="utf-8")
    with pytest.raises(PanelConfigError) as info:
        load_config(broken)
    assert "is not valid TOML" in english(info.value)


def test_bad_config_stops_the_panel_before_any_pin_is_claimed(tmp_path):
    path = tmp_path / "panel.toml"
    path.write_text("[[seats]]\nbutton = 17\nled = 17\n[[seats]]\nbutton = 27\nled = 6\n",
                    encoding="utf-8")
    factory = MockFactory()
    with pytest.raises(PanelConfigError) as info:
        SeatPanel(str(path), pin_factory=factory)
    assert "Pin 17 is used twice" in english(info.value)
    assert not factory.pins  # nothing was opened
