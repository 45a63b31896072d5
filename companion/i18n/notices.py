"""Notices: sentences about the app itself (the journal restored, the settings reset, a data
folder that can't be written), kept as a message key and plain data so each screen says them
in its current language.

A :class:`Notice` is a ``str`` whose value is the English sentence (what logs and old callers
see); :func:`say` gives it in the current language. Several notices join with :func:`combine`
into one, still a ``str`` of English and still said in any language.

The referee hands its notices up as facts (:class:`~companion.referee.notice.NoticeFacts`: a
code and its values); :meth:`Notice.of`, :func:`combine` and :func:`say` take those too.
An operating-system error is said by its cause (no space, read-only, not allowed, missing,
``os_cause``), never by its own English text (``strerror``), which goes to the log.

>>> from companion.i18n import translator
>>> n = Notice("games-restored", n=2)
>>> str(n)[:56]
'2 games were missing turns in the journal and were resto'
>>> translator.set_language("pl"); say(n)[:24]; translator.set_language("en")
'2 gry miały brakujące tu'
"""
from __future__ import annotations

from typing import Optional

from companion.i18n import N_, Translator, translator
from companion.i18n.files import panel_sentence
from companion.referee.notice import NoticeFacts, os_cause

_ENGLISH = Translator("en")

# The settings' names as the Settings screen says them (settings.py's fields).
SETTING_WORDS = {
    "names": N_("the names typed before"),
    "hints": N_("the hints"),
    "move_hint": N_("the Hint button"),
    "short_take": N_("the house rule on taking fewer than 3 colours"),
    "camera": N_("the camera"),
    "last_seats": N_("the seats of the last game"),
    "league_url": N_("the league's address"),
    "league_table": N_("this table's name on the league"),
    "league_token": N_("this table's league token"),
}

def _cause(cause: str, t: Translator) -> str:
    if cause == "no-space":
        return t.gettext("the storage is full.")
    if cause == "read-only":
        return t.gettext("the storage is read-only.")
    if cause == "permission":
        return t.gettext("the app is not allowed to write there (check the folder's owner and "
                         "permissions).")
    if cause == "missing":
        return t.gettext("the folder or a file in it does not exist.")
    return t.gettext("the system refused it (the details are in the log).")


def os_cause_text(cause: str, t: Translator = translator) -> str:
    """An operating-system error's cause (``os_cause``'s key) in ``t``'s language."""
    return _cause(cause, t)


def cause_text(err) -> str:
    """Why something failed, in the current language: an OS error by its cause, anything else
    as damage whose details are in the log (log ``err`` itself where it is caught)."""
    cause = os_cause(err)
    if cause == "other" and not isinstance(err, OSError):
        return translator.gettext("it is damaged (the details are in the log).")
    return _cause(cause, translator)


def _join(items, t: Translator) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return t.gettext("{items} and {last}").format(items=t.gettext(", ").join(items[:-1]),
                                                  last=items[-1])


def _render(key: str, d: dict, t: Translator) -> str:
    if key == "journal-set-aside":
        return t.gettext("The game journal was damaged; it was set aside as {name} and rebuilt "
                         "from the session records.").format(**d)
    if key == "games-restored":
        return t.ngettext("{n} game was missing turns in the journal and was restored from the "
                          "session records: no confirmed turn was lost.",
                          "{n} games were missing turns in the journal and were restored from "
                          "the session records: no confirmed turn was lost.", d["n"]).format(**d)
    if key == "game-restored":
        return t.gettext("The unfinished game was damaged in the journal and was restored from "
                         "its session record.")
    if key == "folder-unwritable":
        return t.gettext("The data folder {folder} can't be written: {cause} Games can't be kept "
                         "until it can.").format(folder=d["folder"], cause=_cause(d["cause"], t))
    if key == "folder-unusable":
        return t.gettext("The data folder {folder} can't be used: {cause}").format(
            folder=d["folder"], cause=_cause(d["cause"], t))
    if key == "journal-unreadable":
        return t.gettext("The game journal can't be read: {cause}").format(
            cause=_cause(d["cause"], t) if d.get("cause", "other") != "other" else t.gettext(
                "it is damaged (the details are in the log)."))
    if key == "resume-failed":
        return t.gettext("The unfinished game can't be resumed: {cause}").format(
            cause=_cause(d["cause"], t) if d.get("cause", "other") != "other" else t.gettext(
                "it is damaged (the details are in the log)."))
    if key == "judge-failed":
        return t.gettext("Something went wrong while judging: {cause}").format(
            cause=_cause(d["cause"], t))
    if key == "export-failed":
        return t.gettext("The game record could not be exported: {cause}").format(
            cause=_cause(d["cause"], t))
    if key == "work-failed":
        return t.gettext("Something went wrong: {cause}").format(cause=_cause(d["cause"], t))
    if key == "settings-unreadable":
        return t.gettext("The settings could not be read, so the defaults are used: {cause}"
                         ).format(cause=_cause(d["cause"], t) if d.get("cause") != "damaged"
                                  else t.gettext("the file is damaged or is not a settings file."))
    if key == "panel-off":
        # ``config``: the panel config's refusal as facts (it names the file, the setting and
        # the pin, for whoever wired it); any other cause is a library's words, kept for the
        # log.
        why = panel_sentence(d["config"]) if d.get("config") else ""
        return t.gettext("The seat buttons can't be used, so end each turn with the seat keys "
                         "on the screen.") + " " + (why or t.gettext(
                             "The details are in the log."))
    if key == "camera-unavailable":
        return t.gettext("The camera can't be opened: turns are entered by touch.")
    if key == "settings-not-settings":
        return t.gettext("The settings file is not a set of settings, so the defaults are used.")
    if key == "settings-reset":
        listed = _join((t.gettext(SETTING_WORDS[f]) for f in d["fields"]), t)
        return t.gettext("Some settings could not be read and are back to their defaults: "
                         "{listed}. Set them again in Settings.").format(listed=listed)
    raise KeyError(key)


class Notice(str):
    """One notice: ``key`` and its ``data`` (plain JSON values); the str is the English."""

    key: str
    data: dict

    def __new__(cls, key: str, **data):
        obj = super().__new__(cls, _render(key, data, _ENGLISH))
        obj.key, obj.data = key, data
        return obj

    @classmethod
    def of(cls, facts: NoticeFacts) -> "Notice":
        """The referee's notice (a code and its facts) to be said."""
        return cls(facts.code, **facts.data)

    @property
    def items(self) -> tuple:
        return (self,)

    def __reduce_ex__(self, protocol):   # copies and pickles keep the key and data
        return _notice, (self.key, self.data)

    def say(self) -> str:
        return _render(self.key, self.data, translator)


class Notices(str):
    """Several notices (or already-said sentences) as one; the str is the English."""

    items: tuple

    def __new__(cls, items):
        items = tuple(items)
        obj = super().__new__(cls, " ".join(str(i) for i in items))
        obj.items = items
        return obj

    def __reduce_ex__(self, protocol):
        return Notices, (self.items,)

    def say(self) -> str:
        return " ".join(say(i) for i in self.items)


def _notice(key: str, data: dict) -> Notice:
    return Notice(key, **data)


def say(text) -> str:
    """A notice in the current language (a plain string as it is; None as ''; the referee's
    facts, one or a tuple, said)."""
    if isinstance(text, (NoticeFacts, tuple)):
        text = combine(text)
    if not text:
        return ""
    return text.say() if hasattr(text, "say") else str(text)


def _parts(part) -> tuple:
    if isinstance(part, NoticeFacts):
        return (Notice.of(part),)
    if isinstance(part, tuple):   # the referee's notices
        return tuple(x for p in part for x in _parts(p))
    return getattr(part, "items", (part,))


def combine(*parts) -> Optional[Notices]:
    """The notices and sentences joined (None when there are none); a sentence already in the
    list is not repeated. The referee's notices (NoticeFacts, or a tuple of them) are said."""
    items: list = []
    for part in parts:
        if not part:
            continue
        for item in _parts(part):
            if item and item not in items:
                items.append(item)
    return Notices(items) if items else None


__all__ = ["Notice", "Notices", "say", "combine", "os_cause", "cause_text", "SETTING_WORDS"]
