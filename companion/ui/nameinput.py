"""A player's name field: the names keyboards' Korean jamo composed into syllables as typed.

Its own module, imported by the Players screen only: Kivy's TextInput creates the window when
it is imported, so the shared widgets (companion.ui.widgets, imported by commands and tests
before the window's size is configured) must not import it.
"""
from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.textinput import TextInput

from companion.i18n.hangul import compose, is_jamo


class NameInput(TextInput):
    """A player's name. Jamo typed on the Korean keyboard compose into syllables as they are
    typed (ㄱ ㅣ ㅁ: 김), and backspace takes back the last jamo, as a Korean keyboard does;
    any other text is typed as it is."""

    names_family = StringProperty("")      # the keyboard chosen for this field ("": default)

    def __init__(self, **kw):
        super().__init__(**kw)
        self._jamo = []
        self.bind(focus=lambda *_: self._jamo.clear())

    def _retype(self, jamo):
        for _c in compose(self._jamo):
            super().do_backspace()
        self._jamo = jamo
        if jamo:
            super().insert_text(compose(jamo))

    def insert_text(self, substring, from_undo=False):
        if not from_undo and len(substring) == 1 and is_jamo(substring):
            return self._retype(self._jamo + [substring])
        self._jamo = []
        return super().insert_text(substring, from_undo=from_undo)

    def do_backspace(self, from_undo=False, mode="bkspc"):
        if self._jamo and not from_undo:
            return self._retype(self._jamo[:-1])
        return super().do_backspace(from_undo=from_undo, mode=mode)
