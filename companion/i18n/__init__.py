"""The app's languages: English (the source), Polish and Korean, through gettext catalogs.

Plain Python, no Kivy: view-models, the message layer and tests use it directly. The Kivy side
(``companion.i18n.live``) puts the same translator in every ``.kv`` rule as ``tr`` and
re-renders bound labels when the language changes.

>>> t = Translator("pl")
>>> t.gettext("Settings")
'Ustawienia'
>>> [t.ngettext("{n} point", "{n} points", n).format(n=n) for n in (1, 2, 5, 22, 25)]
['1 punkt', '2 punkty', '5 punktów', '22 punkty', '25 punktów']
>>> Translator("ko").ngettext("{n} point", "{n} points", 5).format(n=5)
'5점'

Catalogs: ``companion/locale/<lang>/LC_MESSAGES/companion.po`` in the repository, compiled to
``.mo`` by ``make install`` (``msgfmt`` from Debian's ``gettext`` package; ``make locale``).
The chosen language is kept in the data folder (``language``, one code); without it, the
system locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) decides. ``SPLENDOR_LANG``
(en, pl, ko) overrides both.
"""
from __future__ import annotations

import functools
import gettext as _gettext
import logging
import os
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Optional

DOMAIN = "companion"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
# Each language in its own name: the choice must be readable whatever the current language.
LANGUAGES = {"en": "English", "pl": "Polski", "ko": "한국어"}
DEFAULT = "en"
LANGUAGE_FILE = "language"

log = logging.getLogger(__name__)


def normalize(code: Optional[str]) -> Optional[str]:
    """'pl_PL.UTF-8' -> 'pl', 'ko-KR' -> 'ko'; None for anything we don't translate into."""
    if not code:
        return None
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def system_language(environ=None) -> str:
    """The language of the system locale, as gettext looks for it; English if none of ours.

    ``LANGUAGE`` may list several (``ko:en``): the first we have wins. ``C``/``POSIX`` is
    English.
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if not value:
            continue
        for part in value.split(":"):
            code = normalize(part)
            if code:
                return code
        if var != "LANGUAGE":   # the first set locale variable decides, as in gettext
            break
    return DEFAULT


def stored_language(data_dir) -> Optional[str]:
    """The language chosen on this machine (None if never chosen, or the file is unusable)."""
    try:
        return normalize((Path(data_dir) / LANGUAGE_FILE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None


def store_language(data_dir, code: str) -> None:
    """Keep the chosen language (written whole, then renamed: never half a file)."""
    code = normalize(code)
    if code is None:
        raise ValueError(f"not a language of the app: choose one of {', '.join(LANGUAGES)}")
    path = Path(data_dir) / LANGUAGE_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(code + "\n", encoding="utf-8")
    os.replace(tmp, path)


def initial_language(data_dir, environ=None) -> str:
    """``SPLENDOR_LANG`` if set (tests, a kiosk's unit), else the stored choice, else the
    system locale's language."""
    env = os.environ if environ is None else environ
    return (normalize(env.get("SPLENDOR_LANG")) or stored_language(data_dir)
            or system_language(env))


class Translator:
    """The current language and its catalog. Listeners hear every change of language.

    A missing ``.mo`` (catalogs not compiled) falls back to English with a warning, never
    an error: the table still works.
    """

    def __init__(self, lang: str = DEFAULT, localedir: Path = LOCALE_DIR):
        self.localedir = Path(localedir)
        self._listeners: list = []
        self._lang = DEFAULT
        self._catalog: _gettext.NullTranslations = _gettext.NullTranslations()
        self.set_language(lang)

    @property
    def lang(self) -> str:
        return self._lang

    def catalog(self, lang: str) -> _gettext.NullTranslations:
        if lang == DEFAULT:
            return _gettext.NullTranslations()
        try:
            return _gettext.translation(DOMAIN, str(self.localedir), languages=[lang])
        except OSError:
            log.warning("No compiled catalog for %s in %s (run `make locale`): English is shown.",
                        lang, self.localedir)
            return _gettext.NullTranslations()

    def set_language(self, lang: str) -> None:
        code = normalize(lang)
        if code is None:
            raise ValueError(f"not a language of the app: choose one of {', '.join(LANGUAGES)}")
        self._catalog = self.catalog(code)
        changed = code != self._lang
        self._lang = code
        if changed:
            for fn in list(self._listeners):
                fn(code)

    def bind(self, fn: Callable[[str], None]) -> None:
        self._listeners.append(fn)

    def unbind(self, fn: Callable[[str], None]) -> None:
        if fn in self._listeners:
            self._listeners.remove(fn)

    def gettext(self, msgid: str) -> str:
        return self._catalog.gettext(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, msgid: str) -> str:
        return self._catalog.pgettext(context, msgid)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._catalog.npgettext(context, singular, plural, n)


translator = Translator()

# The English of records, logs and --json (:func:`for_records`): per thread, so that the
# referee's worker saying a verdict for the log never changes what a screen says meanwhile.
_records = threading.local()
_SOURCE = _gettext.NullTranslations()


def _catalog():
    return _SOURCE if getattr(_records, "on", False) else translator


@contextmanager
def for_records():
    """Within it (this thread only), sentences are the English of records, logs and
    ``--json`` output: English whatever the screen's language, and cards and nobles named by
    their sticker ids (``card 1W01``, ``noble N03``), which people settling a dispute check
    against the record lines."""
    before = getattr(_records, "on", False)
    _records.on = True
    try:
        yield
    finally:
        _records.on = before


def in_records(words: Callable[..., str], doc: str) -> Callable[..., str]:
    """``words`` made to speak the English of records, logs and the commands' output (see
    :func:`for_records`): each module's ``english`` twin of its sentence maker."""
    @functools.wraps(words)
    def english(*args, **kwargs) -> str:
        with for_records():
            return words(*args, **kwargs)
    english.__doc__ = doc
    return english


def say_by_kind(err, sayers) -> str:
    """``err``'s sentence by the first of ``sayers`` (pairs of an error class and a function of
    its cause and facts) whose class it is."""
    for kind, sayer in sayers:
        if isinstance(err, kind):
            return sayer(err.cause, dict(err.facts))
    raise TypeError(f"no sentence for {err!r}")


def naming_ids() -> bool:
    """Whether cards and nobles are named by their ids here (inside :func:`for_records`)."""
    return getattr(_records, "on", False)


def _(msgid: str) -> str:
    """The sentence in the current language (``msgid`` is the English)."""
    return _catalog().gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the current language (Polish has three, Korean one)."""
    return _catalog().ngettext(singular, plural, n)


def pgettext(context: str, msgid: str) -> str:
    """A short word whose translation depends on where it stands (``context``)."""
    return _catalog().pgettext(context, msgid)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a phrase whose translation depends on where it stands (a card
    phrase in the accusative: Polish "kartę rozwoju ...")."""
    return translator.npgettext(context, singular, plural, n)


def N_(msgid: str) -> str:
    """Marks a sentence for the catalogs where it is defined; translated where it is shown."""
    return msgid


__all__ = ["LANGUAGES", "DEFAULT", "Translator", "translator", "_", "ngettext", "pgettext",
           "N_", "for_records", "in_records", "say_by_kind", "naming_ids", "normalize", "system_language", "stored_language", "store_language",
           "initial_language"]
