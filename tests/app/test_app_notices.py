"""What was wrong at start reaches the Home screen in a sentence: settings.json fields of the
wrong type (reset to defaults), and a wiring mistake (the app runs on without seat buttons)."""
from __future__ import annotations

from .conftest import pump


def _home_text(app) -> str:
    app.go("home")
    pump(0.1)
    return app.sm.get_screen("home").ids.info.text


def test_wrong_settings_and_a_bad_pin_are_said_on_the_home_screen(ui, tmp_path, monkeypatch):
    import hardware.panel
    from hardware.config import PanelConfigError

    data = tmp_path / "data2"
    data.mkdir()
    (data / "settings.json").write_text('{"hints": "yes", "short_take": 7, "names": ["Ana"]}')

    def bad_wiring(**kwargs):
        raise PanelConfigError("The setting seats[1].button in the panel config panel.toml is "
                               "pin 99, outside BCM 2 to 27.")
    monkeypatch.setattr(hardware.panel, "open_panel", bad_wiring)
    old_panel = ui.panel
    try:
        assert ui._open_panel() is None
        ui.reset(data)
        text = _home_text(ui)
        assert '"hints" (true or false)' in text and '"short_take"' in text
        assert "seat buttons are off" in text and "pin 99" in text
        assert ui.ctl.settings.names == ["Ana"] and ui.ctl.settings.hints is False
    finally:
        ui.panel_problem = ""
        ui.panel = old_panel
