"""Opening the panel: real pins on a Pi, a virtual panel on MockFactory elsewhere."""
from __future__ import annotations

import pytest

from hardware.config import PanelConfigError
from hardware.panel import NoGpioError, PanelError, SeatPanel, open_panel, real_pin_factory

from .conftest import Recorder


def has_gpio():
    try:
        real_pin_factory()
    except NoGpioError:
        return False
    return True


def test_mock_panel_is_virtual_and_pressable():
    with open_panel(mock=True) as panel:
        assert panel.is_virtual and panel.seats == 4 and len(panel.noble_lights) == 5
        rec = Recorder(panel)
        panel.virtual_press(1)
        panel.virtual_release(1)      # a 0 ms tap: read when the contact settles
        assert rec.wait_events(1) == [("turn-end", 1)]


@pytest.mark.skipif(has_gpio(), reason="this machine has GPIO pins")
@pytest.mark.filterwarnings("ignore::gpiozero.exc.PinFactoryFallback")
def test_without_gpio_the_app_gets_a_virtual_panel_or_a_clear_error():
    with open_panel() as panel:
        assert panel.is_virtual
    with pytest.raises(NoGpioError) as info:
        open_panel(fall_back_to_mock=False)
    assert info.value.cause == "no-gpio"
    from companion.i18n.devices import english
    assert english(info.value).startswith("This machine has no GPIO pins")
    with pytest.raises(NoGpioError):
        SeatPanel()                   # gpiozero's default factory, as on a Pi


def test_config_error_is_not_mistaken_for_missing_gpio(tmp_path):
    path = tmp_path / "panel.toml"
    path.write_text("[[seats]]\nbutton = 17\nled = 5\n", encoding="utf-8")
    from companion.i18n.files import english
    with pytest.raises(PanelConfigError) as info:
        open_panel(path)
    assert "sets up 1 seat" in english(info.value)


def test_virtual_press_on_a_real_panel_is_refused(monkeypatch):
    with open_panel(mock=True) as panel:
        monkeypatch.setattr(SeatPanel, "is_virtual", property(lambda self: False))
        with pytest.raises(PanelError) as info:
            panel.virtual_press(0)
        assert (info.value.cause, info.value.facts) == ("not-virtual", {})
