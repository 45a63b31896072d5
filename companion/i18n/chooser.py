"""The language choice: one toggle per language, each in its own name (English, Polski,
한국어), so a player finds theirs whatever the screen shows now. Used in Settings and, until a
language is chosen, on the Home screen at the first start.

In a ``.kv`` rule: ``#:import LanguageChoice companion.i18n.chooser.LanguageChoice`` then
``LanguageChoice:`` (its ``data_dir`` defaults to the app controller's).
"""
from __future__ import annotations

from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.togglebutton import ToggleButton

from companion import i18n
from companion.i18n import live


def _data_dir():
    from kivy.app import App
    app = App.get_running_app()
    ctl = getattr(app, "ctl", None)
    return getattr(ctl, "data_dir", None)


def first_start(data_dir, environ=None) -> bool:
    """No language was ever chosen on this machine (nor set by ``SPLENDOR_LANG``): offer the
    choice on the Home screen."""
    import os
    env = os.environ if environ is None else environ
    return (data_dir is not None and not i18n.normalize(env.get("SPLENDOR_LANG"))
            and i18n.stored_language(data_dir) is None)


class LanguageChoice(BoxLayout):
    """Three toggles; the current language held down; a tap switches the whole app and keeps
    the choice in the data folder."""

    data_dir = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs):
        kwargs.setdefault("spacing", 4)
        super().__init__(**kwargs)
        self.buttons = {}
        for code, name in i18n.LANGUAGES.items():
            b = ToggleButton(text=name, group=f"language-{id(self)}", allow_no_selection=False)
            b.target = f"language:{code}"
            b.bind(on_release=lambda _w, c=code: self.choose(c))
            self.buttons[code] = b
            self.add_widget(b)
        live.tr.bind(lang=self._show)
        self._show(live.tr, live.tr.lang)

    def choose(self, code: str) -> None:
        live.choose_language(self.data_dir if self.data_dir is not None else _data_dir(), code)
        self._show(live.tr, live.tr.lang)

    def _show(self, _tr, lang):
        for code, b in self.buttons.items():
            b.state = "down" if code == lang else "normal"
