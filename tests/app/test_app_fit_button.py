"""A button's label never breaks a word inside: a word wider than the button takes a smaller
font (FitButton), measured on the label Kivy really draws."""
from __future__ import annotations

from tests.app import layout
from tests.app.conftest import pump


def _button(ui, text: str, width: float, font_size: float):
    from kivy.core.window import Window

    from companion.ui.widgets import BigButton

    button = BigButton(text=text, size_hint=(None, None), width=width)
    Window.add_widget(button)
    button.font_size = font_size   # (as its .kv rule sets it: after the widget is made)
    pump(frames=3)
    return button


def test_a_word_wider_than_the_button_takes_a_smaller_font(ui):
    from kivy.core.window import Window

    # As in the Play screen's bar of five at 800x480: 80 px buttons, a 20 px font.
    wide = _button(ui, "Podpowiedź", 80, 20)
    short = _button(ui, "Hint", 80, 20)
    try:
        # The label Kivy draws: its widest word inside the wrap width, at a smaller size.
        assert layout.label_fits(wide) is None
        word, width = layout.widest_word(wide)
        assert word == "Podpowiedź" and width <= wide.text_size[0]
        assert 0.6 * 20 <= wide.font_size < 20
        assert short.font_size == 20
        # Asked for a new size (the window's, from the .kv), it fits again from that size.
        wide.font_size = 19
        pump(frames=3)
        assert layout.label_fits(wide) is None and 0.6 * 19 <= wide.font_size < 19
        # A wider button needs no shrinking.
        wide.width = 200
        pump(frames=3)
        assert wide.font_size == 19
    finally:
        Window.remove_widget(wide)
        Window.remove_widget(short)
