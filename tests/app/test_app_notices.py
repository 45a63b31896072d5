"""What was wrong at start reaches the Home screen in a sentence: settings.json fields of the
wrong type (reset to defaults), and a wiring mistake (the app runs on with its seat keys drawn
on the screen)."""
from __future__ import annotations

from .conftest import pump


def _home_text(app) -> str:
    app.go("home")
    pump(0.1)
    return app.sm.get_screen("home").ids.info.text


def _buttons_inside_the_window(app) -> None:
    """The long notice wraps and leaves every Home button on the screen, above the label."""
    import os

    from kivy.core.window import Window
    from kivy.uix.button import Button

    home = app.sm.get_screen("home")
    info = home.ids.info
    # The first start's language choice stands above the notice, by design; the rest below.
    above = {id(w) for c in home.walk() if type(c).__name__ == "LanguageChoice"
             for w in c.walk()}
    buttons = [w for w in home.walk() if isinstance(w, Button) and w.opacity > 0]
    assert buttons
    for b in buttons:
        x, y = b.to_window(b.x, b.y)
        assert 0 <= x and x + b.width <= Window.width + 1 and 0 <= y, b.text
        assert y + b.height <= Window.height + 1, b.text
        if id(b) not in above:
            assert y + b.height <= info.to_window(0, info.y)[1] + 1, b.text
    if os.environ.get("SPLENDOR_SHOTS"):
        Window.screenshot(os.path.join(os.environ["SPLENDOR_SHOTS"], "home-notice.png"))


def test_wrong_settings_and_a_bad_pin_are_said_on_the_home_screen(ui, tmp_path, monkeypatch):
    import hardware.panel
    from hardware.config import PanelConfigError

    data = tmp_path / "data2"
    data.mkdir()
    (data / "settings.json").write_text('{"hints": "yes", "short_take": 7, "names": ["Ana"]}')

    def bad_wiring(**kwargs):
        raise PanelConfigError("pin-out-of-range", source="panel.toml", setting="seats[1].button",
                               pin=99, least=2, most=27)
    monkeypatch.setattr(hardware.panel, "open_panel", bad_wiring)
    old_panel = ui.panel
    try:
        panel = ui._open_panel()
        assert panel is not None and panel.is_virtual  # the seat keys, drawn on screen
        panel.close()
        ui.reset(data)
        text = _home_text(ui)
        assert "the hints and the house rule on taking fewer than 3 colours" in text
        assert "seat buttons can't be used" in text and "pin 99" in text
        _buttons_inside_the_window(ui)
        # The settings' notice follows the language (it was English only: fails on old code).
        from companion.i18n.live import tr
        tr.switch("pl")
        pump(0.1)
        text = _home_text(ui)
        assert "wróciły do domyślnych: podpowiedzi i zasada domowa" in text, text
        assert "the hints" not in text
        assert "Przycisków miejsc nie można używać" in text, text   # the panel's notice too
        _buttons_inside_the_window(ui)
        tr.switch("en")
        assert ui.ctl.settings.names == ["Ana"] and ui.ctl.settings.hints is False
    finally:
        ui.panel_problem = ""
        ui.panel = old_panel


def test_a_camera_that_cant_be_opened_is_said_in_the_players_language(ui, monkeypatch):
    """The notice is a fact the words layer says: it follows the language (it was an English
    string that only a verdict's lookup translated: Polish players read it in English)."""
    import vision.frames
    from companion.i18n.live import tr
    from companion.i18n.notices import say

    def no_camera(choice):
        raise vision.frames.CameraUnavailable("no-usb-camera", device="/dev/video0")
    monkeypatch.setattr(vision.frames, "open_camera", no_camera)
    old = ui.ctl.camera, ui.ctl.message
    ui.ctl.camera = None   # the fixture's camera is not closed by the failed opening
    try:
        ui.open_camera()
        assert ui.ctl.camera is None
        assert say(ui.ctl.message) == "The camera can't be opened: turns are entered by touch."
        tr.switch("pl")
        pump(0.1)
        assert say(ui.ctl.message) == ("Nie można uruchomić kamery: tury wpisuje się "
                                       "dotykiem."), say(ui.ctl.message)
        tr.switch("ko")
        assert say(ui.ctl.message) == "카메라를 열 수 없습니다: 차례를 터치로 입력합니다."
    finally:
        tr.switch("en")
        ui.ctl.camera, ui.ctl.message = old
