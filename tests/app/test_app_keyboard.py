"""Typing a name on the touchscreen's docked on-screen keyboard (the kiosk's keyboard mode)."""
from __future__ import annotations

import pytest

from .conftest import find, pump, tap, tap_target, wait_until


@pytest.fixture
def docked_keyboard(ui):
    """The keyboard mode the kiosk sets (kivy.keyboard_mode = systemanddock), for one test."""
    from kivy.config import Config
    from kivy.core.window import Window

    from companion import kiosk
    mode = dict(((s, o), v) for s, o, v in kiosk.KIOSK_SETTINGS)[("kivy", "keyboard_mode")]
    old = Config.get("kivy", "keyboard_mode")
    Config.set("kivy", "keyboard_mode", mode)
    Window.configure_keyboards()
    yield Window
    Window.release_all_keyboards()
    Config.set("kivy", "keyboard_mode", old)
    Window.configure_keyboards()
    pump(0.6)  # the keyboard's slide-out animation


def _vkeyboard(window):
    from kivy.uix.vkeyboard import VKeyboard
    return next((w for w in window.children if isinstance(w, VKeyboard)), None)


def _touch_key(vk, char: str):
    """A finger down on the key that types ``char`` in the keyboard's current mode."""
    from kivy.base import EventLoop
    from kivy.tests.common import UnitTestTouch
    layout = vk.available_layouts[vk.layout]
    for line in range(1, layout["rows"] + 1):
        for i, key in enumerate(layout[f"{vk.layout_mode}_{line}"]):
            if key[1] == char or key[2] == char:
                (x, y), (w, h) = vk.layout_geometry[f"LINE_HINT_{line}"][i]
                # The keyboard is a Scatter in the window: its local space goes through
                # to_parent; the screen is lifted by keyboard_height while it shows.
                wx, wy = vk.to_parent((x + w / 2) * vk.width, (y + h / 2) * vk.height)
                from kivy.core.window import Window
                touch = UnitTestTouch(wx, wy + Window.keyboard_height)
                touch.touch_down()
                EventLoop.idle()
                return touch
    return None


def _tap_key(vk, char: str) -> None:
    """Tap the on-screen key that types ``char``; a capital with a second finger on shift."""
    from kivy.base import EventLoop
    shift = None
    if char != char.lower():
        shift = _touch_key(vk, "shift")
    touch = _touch_key(vk, char)
    assert touch is not None, f"no key types {char!r}"
    touch.touch_up()
    EventLoop.idle()
    if shift is not None:
        shift.touch_up()
    pump(frames=2)


def test_a_name_is_typed_on_the_docked_keyboard_under_the_field(docked_keyboard):
    window = docked_keyboard
    tap_target("new")
    field = find("name:3")  # the lowest seat: the keyboard would cover it where it docks
    tap(field)
    wait_until(lambda: _vkeyboard(window) is not None, 3, "the on-screen keyboard")
    vk = _vkeyboard(window)
    pump(0.3)
    # Across the whole width, with keys as tall as a 9 mm touch target.
    assert round(vk.width * vk.scale) == window.width
    (_, _), (_, h_hint) = vk.layout_geometry["LINE_HINT_1"][0]
    key_px = (h_hint * vk.height - vk.key_margin[0] - vk.key_margin[2]) * vk.scale
    assert key_px >= ui_tap() - 0.5
    for char in "Zoe":
        _tap_key(vk, char)
    assert field.text == "Zoe"
    # Docked right under the field; the screen is lifted (the viewport's offset, animated) so
    # that neither the field nor the keyboard is off screen.
    pump(0.8)
    lift = window._kheight
    field_bottom = field.to_window(field.x, field.y)[1] + lift
    keyboard_top = vk.y + vk.height * vk.scale + lift
    assert keyboard_top == pytest.approx(field_bottom, abs=1)
    assert lift > 0  # this field is low: without the lift the keyboard's last row is cut off
    assert vk.y + lift >= -1 and field_bottom + field.height <= window.height
    # When the keyboard goes, so does the lift.
    window.release_all_keyboards()
    pump(0.8)
    assert _vkeyboard(window) is None and window._kheight == 0


def ui_tap() -> float:
    from kivy.app import App
    return App.get_running_app().tap
