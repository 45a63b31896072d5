"""The translator in Kivy: ``tr`` in every ``.kv`` rule, and the app's one font.

In a ``.kv`` file, ``text: tr._("Settings")`` or
``text: tr.ngettext("{n} point", "{n} points", root.points).format(n=root.points)``: Kivy binds
the rule to ``tr._`` (or ``tr.ngettext``) and re-evaluates it when the language changes, so
every bound label is redrawn at once, no restart. Python-built texts follow through
``tr.lang`` (a property: ``tr.bind(lang=...)``) or the screen's own refresh.

``app.py`` calls :func:`setup` once, before the ``.kv`` files are loaded.
"""
from __future__ import annotations

import logging
from pathlib import Path

from kivy.event import EventDispatcher
from kivy.properties import StringProperty

from companion import i18n
from companion.i18n import fontbuild

log = logging.getLogger(__name__)
FONT_NAME = fontbuild.FAMILY
_BOUND = ("_", "ngettext", "pgettext")


class LiveTranslator(EventDispatcher):
    """Kivy's face of :data:`companion.i18n.translator` (one per app, shared by every rule)."""

    lang = StringProperty(i18n.DEFAULT)

    def __init__(self, translator: i18n.Translator = i18n.translator, **kwargs):
        super().__init__(**kwargs)
        self.translator = translator
        self._observers: dict = {}
        self._next_uid = 1 << 30     # clear of EventDispatcher's own uids
        self.lang = translator.lang
        translator.bind(self._changed)

    # What kv rules call.
    def _(self, msgid: str) -> str:
        return self.translator.gettext(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translator.ngettext(singular, plural, n)

    def pgettext(self, context: str, msgid: str) -> str:
        return self.translator.pgettext(context, msgid)

    def switch(self, lang: str) -> None:
        """Change the language of the whole app (every bound label follows)."""
        self.translator.set_language(lang)

    # kv binds ``tr._`` like a property: keep its callbacks and call them on a change.
    def fbind(self, name, func, *largs, **kwargs):
        if name in _BOUND:
            uid = self._next_uid
            self._next_uid += 1
            self._observers[uid] = (func, largs, kwargs)
            return uid
        return super().fbind(name, func, *largs, **kwargs)

    def funbind(self, name, func, *largs, **kwargs):
        if name in _BOUND:
            for uid, obs in self._observers.copy().items():
                if obs == (func, largs, kwargs):
                    del self._observers[uid]
            return
        return super().funbind(name, func, *largs, **kwargs)

    def unbind_uid(self, name, uid):
        if name in _BOUND:
            self._observers.pop(uid, None)
            return
        return super().unbind_uid(name, uid)

    def _changed(self, lang: str) -> None:
        # A copy, not list(items()): making the list's pairs can run the garbage collector,
        # and Kivy drops a gone widget's rule from here as it collects.
        for uid, (func, largs, kwargs) in self._observers.copy().items():
            try:
                func(*largs, None, None, **kwargs)
            except ReferenceError:       # the widget of that rule is gone
                self._observers.pop(uid, None)
        self.lang = lang

    @property
    def observers(self) -> int:
        return len(self._observers)


tr = LiveTranslator()


def register_font() -> bool:
    """Make the merged Latin + Polish + Hangul font every label's default.

    Returns False (and logs) when the font was not built: Roboto stays, Hangul shows boxes.
    """
    from kivy.core.text import LabelBase
    regular, bold = fontbuild.font_paths("Regular"), fontbuild.font_paths("Bold")
    if not regular.exists():
        log.warning("The app's font %s is missing (run `make install`): Korean will not show.",
                    regular)
        return False
    bold_path = str(bold if bold.exists() else regular)
    LabelBase.register(FONT_NAME, str(regular), None, bold_path, None)
    # Labels, buttons and text inputs default to "Roboto": the name now draws with ours.
    LabelBase.register("Roboto", str(regular), None, bold_path, None)
    return True


def setup(data_dir=None, lang: str = None) -> LiveTranslator:
    """Once, before the ``.kv`` files load: the font, ``tr`` in every rule, the language.

    The language is ``lang``, else the one stored in ``data_dir``, else the system's.
    """
    from kivy.factory import Factory
    from kivy.lang import global_idmap
    register_font()
    global_idmap["tr"] = tr
    if "LanguageChoice" not in Factory.classes:
        Factory.register("LanguageChoice", module="companion.i18n.chooser")
    if lang is None:
        lang = i18n.initial_language(data_dir) if data_dir is not None else i18n.system_language()
    tr.switch(lang)
    return tr


def choose_language(data_dir, lang: str) -> None:
    """The player's choice (first start, Settings): switch now and keep it."""
    tr.switch(lang)
    if data_dir is not None:
        i18n.store_language(Path(data_dir), lang)
