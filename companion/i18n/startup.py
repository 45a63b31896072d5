"""Why the app can't start, said from its facts (``companion.app.startup``'s ``StartupError``,
duck-typed: the app sits above this floor): the one place these sentences are made. :func:`say`
words it in the current language, :func:`english` in the English the app prints before any
window opens (the player's language is in the settings, not read yet).

>>> class Refusal:   # what companion.app.startup raises: a cause and its facts
...     cause, facts = "data-dir-is-file", {"path": "/home/pi/data"}
>>> english(Refusal())
'The data folder /home/pi/data is a file, not a folder; set SPLENDOR_DATA_DIR to a folder (or move the file away).'
"""
from __future__ import annotations

from companion.i18n import _, in_records
from companion.i18n.files import with_reason


def _accepted(f: dict) -> str:
    """What a number variable accepts, named from its bounds."""
    name = f.get("name")
    if name == "SPLENDOR_DEMO_DELAY":
        return _("a number of seconds from {least:g} to {most:g}").format(**f)
    if name == "SPLENDOR_DEMO_PLAYERS":
        return _("{least}, {middle} or {most}").format(
            least=f["least"], middle=f["least"] + 1, most=f["most"])
    if name == "SPLENDOR_DEMO_SEED":
        return _("a whole number from {least} (such as 7)").format(**f)
    if name == "SPLENDOR_DEMO_CAMERA_VIEW":
        return _("a number of turns from {least} to {most} (such as 5)").format(**f)
    if name == "SPLENDOR_DPI":
        return _("the display's dots per inch, a number from {least:g} to {most:g}").format(**f)
    return _("a number from {least:g} to {most:g}").format(**f)


def _startup(cause: str, f: dict) -> str:
    f = with_reason(f)
    if cause in ("flag", "number", "computers", "size"):
        variable = "{}={!r}".format(f["name"], f["value"])
        if cause == "flag":
            return _("{variable} is not understood; use 1 (on) or 0 (off).").format(
                variable=variable)
        if cause == "number":
            return _("{variable} is not understood; use {accepted}.").format(
                variable=variable, accepted=_accepted(f))
        if cause == "computers":
            return _("{variable} is not understood; use a level from 1 to 4 for each seat the "
                     "computer plays and 0 for a person, seat 1 first, such as 0,2.").format(
                         variable=variable)
        return _("{variable} is not understood; use WIDTHxHEIGHT in pixels, each from {least} "
                 "to {most}, such as 800x480 or 720x1280.").format(
                     variable=variable, least=f["least"], most=f["most"])
    if cause == "data-dir-cant-make":
        return _("The data folder {path} can't be made ({reason}); set SPLENDOR_DATA_DIR to a "
                 "folder the app may write in.").format(**f)
    if cause == "data-dir-unusable":
        return _("The data folder {path} can't be used ({reason}).").format(**f)
    if cause == "data-dir-is-file":
        return _("The data folder {path} is a file, not a folder; set SPLENDOR_DATA_DIR to a "
                 "folder (or move the file away).").format(**f)
    if cause == "data-dir-not-writable":
        return _("The data folder {path} can't be written; set SPLENDOR_DATA_DIR to a folder "
                 "the app may write in.").format(**f)
    if cause == "no-x":
        return _("There is no screen to draw on: the X display {display} does not answer. Start "
                 "the app from the desktop, or on the Pi's console with DISPLAY "
                 "unset.").format(display=repr(f["display"]))
    if cause == "no-wayland":
        return _("There is no screen to draw on: the Wayland display {display} is not "
                 "there.").format(display=repr(f["display"]))
    if cause == "no-screen":
        return _("There is no screen to draw on: no desktop (DISPLAY is not set) and no display "
                 "device in /dev/dri. Connect the touchscreen, or start the app from a desktop.")
    return _("The app can't start.")


def say(err) -> str:
    """The app's refusal to start (a ``cause`` and its ``facts``) in the current language."""
    return _startup(err.cause, dict(err.facts))


english = in_records(say, """The same in English: what the app prints before any window opens.""")


__all__ = ["say", "english"]
