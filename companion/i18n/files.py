"""Why a file can't be read, said from its facts: the one place these sentences are made.

The readers (``companion.engine.inputs``, the record reader, the session and journal
readers) refuse with a cause and its facts (``InputError``, ``JSONInputError``,
``RecordError``, ``SessionError``, ``JournalError``), the image reader with ``ImageRefused``
(``vision.image_file``), the panel config's reader with ``PanelConfigError``
(``hardware.config``); the warnings a session's reading and
judging leave (a cut-off last line, a damaged computer's move, an event ignored) are facts too,
each a ``key`` and its values. :func:`say` and :func:`note` word them in the current language;
:func:`english` and :func:`english_note` in the English the commands print (``replay``,
``rejudge``, ``coach``, ``ai-move``, ``share``, the league's answers), whatever the screen's.

>>> from companion.engine.inputs import JSONInputError
>>> english(JSONInputError("duplicate-key", key="red"))
'The key "red" appears twice in one object.'
>>> from companion.i18n import translator
>>> translator.set_language("pl")
>>> say(JSONInputError("duplicate-key", key="red"))
'Klucz "red" występuje dwa razy w jednym obiekcie.'
>>> translator.set_language("en")
"""
from __future__ import annotations

from companion.engine.errors import RecordError
from companion.engine.inputs import InputError, JSONInputError
from companion.i18n import _, in_records, ngettext, pgettext, say_by_kind
from companion.referee.journal import JournalError
from companion.referee.session import SessionError
from hardware.config import PanelConfigError
from vision.image_file import ImageRefused


def _what(key) -> str:
    """Which file (``InputError``'s ``what``), as a noun phrase."""
    phrases = {
        "file": pgettext("file", "file"),
        "game record": pgettext("file", "game record"),
        "session's events file": pgettext("file", "session's events file"),
        "computer's moves file": pgettext("file", "computer's moves file"),
        "session file": pgettext("file", "session file"),
        "record": pgettext("file", "record"),
        "reading": pgettext("file", "reading"),
        "settings file": pgettext("file", "settings file"),
        "PDF": pgettext("file", "PDF"),
        "mat geometry file": pgettext("file", "mat geometry file"),
        "overlay": pgettext("file", "overlay"),
        "image": pgettext("file", "image"),
        "panel config": pgettext("file", "panel config"),
    }
    return phrases.get(key, str(key))


def _kind(key) -> str:
    """What stands where a file was expected (``kind``)."""
    return {"folder": pgettext("file kind", "a folder"),
            "pipe": pgettext("file kind", "a pipe (FIFO)"),
            "device": pgettext("file kind", "a device"),
            "socket": pgettext("file kind", "a socket")}.get(
                key, pgettext("file kind", "not an ordinary file"))


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n // 1024} kB"


def _lower(sentence: str) -> str:
    """A sentence continued after a colon."""
    return sentence[:1].lower() + sentence[1:]


def system_reason(reason):
    """The operating system's reason (its ``strerror``, always English) in the current
    language, for the common ones; any other stays as the system said it."""
    words = {
        "Permission denied": pgettext("system reason", "Permission denied"),
        "No such file or directory": pgettext("system reason", "No such file or directory"),
        "Is a directory": pgettext("system reason", "Is a directory"),
        "Not a directory": pgettext("system reason", "Not a directory"),
        "Read-only file system": pgettext("system reason", "Read-only file system"),
        "No space left on device": pgettext("system reason", "No space left on device"),
        "File name too long": pgettext("system reason", "File name too long"),
        "Too many levels of symbolic links": pgettext("system reason",
                                                      "Too many levels of symbolic links"),
        "Input/output error": pgettext("system reason", "Input/output error"),
        "Device or resource busy": pgettext("system reason", "Device or resource busy"),
    }
    return words.get(reason, reason)


def with_reason(facts: dict) -> dict:
    """``facts`` with their ``reason``, if any, in the current language (:func:`system_reason`)."""
    return dict(facts, reason=system_reason(facts["reason"])) if "reason" in facts else facts


def _input(cause: str, f: dict) -> str:
    what, path = _what(f.get("what")), f.get("path")
    if cause == "cant-read":
        return _("The {what} {path} can't be read ({reason}).").format(
            what=what, path=path, reason=system_reason(f.get("reason")))
    if cause == "not-a-file":
        return _("The {what} {path} is {kind}, not a file, so it is not read.").format(
            what=what, path=path, kind=_kind(f.get("kind")))
    if cause == "too-large":
        return _("The {what} {path} is larger than {size}, far more than a {what} ever holds, "
                 "so it is not read.").format(what=what, path=path, size=_size(f["cap"]))
    if cause == "not-utf8":
        return _("The {what} {path} is not UTF-8 text, so it can't be read.").format(
            what=what, path=path)
    if cause == "cant-write":
        return _("The {what} {path} can't be written ({reason}).").format(
            what=what, path=path, reason=system_reason(f.get("reason")))
    if cause == "not-a-file-to-write":
        return _("{path} is {kind}, not a file, so the {what} is not written there; nothing "
                 "was written.").format(what=what, path=path, kind=_kind(f.get("kind")))
    return _("The {what} {path} can't be read.").format(what=what, path=path)


def _json(cause: str, f: dict) -> str:
    if cause == "duplicate-key":
        return _('The key "{key}" appears twice in one object.').format(**f)
    if cause == "long-number":
        return ngettext("A number has {digits} digit; no value in this file is that large.",
                        "A number has {digits} digits; no value in this file is that large.",
                        f["digits"]).format(**f)
    if cause == "huge-number":
        return _("The number {number} is too large.").format(**f)
    if cause == "not-a-number":
        return _("{name} is not a number JSON allows.").format(**f)
    if cause == "too-deep":
        return ngettext("The JSON is nested more than {depth} level deep.",
                        "The JSON is nested more than {depth} levels deep.",
                        f["depth"]).format(**f)
    if cause == "lone-surrogate":
        return _("A text holds a lone surrogate (\\ud800-\\udfff), which is not valid Unicode.")
    if cause == "text-not-utf8":
        return _("The text is not UTF-8.")
    if cause == "not-json":
        return _("The text is not valid JSON ({problem}, at character {at}).").format(**f)
    if cause == "number-too-long":
        return _("The text holds a number that is too long.")
    return _("The text is not JSON that can be read.")


def json_sentence(data) -> str:
    """The JSON reader's refusal kept as data (``JSONInputError.as_data()``), or its old
    sentence (a record made before causes existed)."""
    if isinstance(data, str):
        return data
    data = dict(data)
    return _json(data.pop("cause", ""), data)


def input_sentence(data) -> str:
    """A file reader's refusal kept as data (``InputError.as_data()``)."""
    data = dict(data)
    return _input(data.pop("cause", ""), data)


_INPUT_CAUSES = ("cant-read", "not-a-file", "too-large", "not-utf8", "cant-write",
                 "not-a-file-to-write")


def reader_sentence(data) -> str:
    """A file or JSON reader's refusal kept as data (``as_data()`` of either; their causes
    differ), or its old sentence."""
    if isinstance(data, dict) and data.get("cause") in _INPUT_CAUSES:
        return input_sentence(data)
    return json_sentence(data)


def _record(cause: str, f: dict) -> str:
    if cause == "header-not-json":
        return _("The first line can't be read as a header, so this is not a game record: "
                 "{json}").format(json=_lower(json_sentence(f["json"])))
    if cause == "not-a-header":
        return _('The first line is not a game record header (it needs "format": '
                 '"{format}").').format(**f)
    if cause == "version":
        return _("This record is version {version}; only version {readable} can be "
                 "read.").format(version=repr(f.get("version")), readable=f["readable"])
    if cause == "players":
        return _("The header must name {least} to {most} players, each a non-empty "
                 "name.").format(**f)
    if cause == "unknown-fields":
        return _("The header has unknown fields: {fields}.").format(
            fields=", ".join(str(x) for x in f["fields"]))
    if cause == "rules-fields":
        return _('The header\'s "rules" may only set "{allowed}".').format(
            allowed='", "'.join(f["allowed"]))
    if cause == "short-take":
        return _('The house rule "short_take" must be one of {choices}.').format(
            choices=", ".join(f["choices"]))
    if cause == "no-file":
        return _("There is no file at {path}.").format(**f)
    if cause == "unreadable":
        return input_sentence(f["input"])
    if cause == "not-utf8":
        return _("{path} is not UTF-8 text, so it is not a game record.").format(**f)
    if cause == "empty-file":
        return _("{path} is empty.").format(**f)
    if cause == "empty":
        return _("The record is empty.")
    return _("The file can't be read as a game record.")


def record_sentence(data) -> str:
    """The record reader's refusal kept as data (``RecordError.as_data()``)."""
    data = dict(data)
    return _record(data.pop("cause", ""), data)


def _session(cause: str, f: dict) -> str:
    if cause == "no-folder":
        return _("There is no session folder at {folder}.").format(**f)
    if cause == "no-session-json":
        return _("{folder} has no session.json, so it is not a session folder.").format(**f)
    if cause == "unreadable":
        return input_sentence(f["input"])
    if cause == "damaged":
        return _("{path} is damaged: {json}").format(
            path=f["path"], json=_lower(json_sentence(f["json"])))
    if cause == "not-a-session":
        return _('{path} is not a session file (it needs "format": "{format}").').format(**f)
    if cause == "version":
        return _("This session is version {version}; only versions 1 and 2 can be "
                 "read.").format(version=repr(f.get("version")))
    if cause == "players":
        return _("{path} must name {least} to {most} players.").format(**f)
    if cause == "first":
        return _("{path}: the first player must be a seat from 0 to {last}.").format(
            path=f["path"], last=f["players"] - 1)
    if cause == "rules-not-object":
        return _('{path}: "rules" must be an object.').format(**f)
    if cause == "house-rules":
        return _("The session's house rules can't be read.")
    if cause == "events-damaged":
        return _("Line {line} of {name} is damaged (not one JSON event), so the session can't "
                 "be judged past it.").format(**f)
    if cause == "press-not-a-seat":
        return _("Event {number} is a press by {seat}, which is not a seat (0 to "
                 "{last}).").format(number=f["number"], seat=f["seat"], last=f["players"] - 1)
    if cause == "auto-not-allowed":
        return _('Event {number} is a press whose "auto" is {auto}; only a version 2 session '
                 'may hold auto presses, marked true or false.').format(**f)
    if cause == "still-in-version-1":
        return _("Event {number} is a settled still, which only a version 2 session may "
                 "hold.").format(**f)
    if cause == "still-no-image":
        return _("Event {number} is a settled still that names no image ({image}).").format(**f)
    return _("The session folder can't be read.")


def _journal(cause: str, f: dict) -> str:
    if cause == "damaged":
        return _("The game journal {path} is damaged ({detail}).").format(**f)
    if cause == "line-damaged":
        return _("Line {line} of game {game} in the journal is damaged.").format(**f)
    if cause == "no-game":
        return _("There is no game {game} in the journal.").format(**f)
    if cause == "unrecoverable":
        return _("Game {game} in the journal can't be read, and its session has no usable "
                 "copy.").format(**f)
    return _("The game journal can't be used.")


def _image(cause: str, f: dict) -> str:
    if cause == "not-an-image":
        return _("{name} is not an image that can be read (JPEG, PNG, BMP, WebP, TIFF or "
                 "PNM).").format(**f)
    if cause == "size-unreadable":
        return _("{name} is a damaged {format} image: its size can't be read.").format(**f)
    if cause == "size-impossible":
        return _("{name} is a damaged {format} image: it says it is {width} x {height} "
                 "pixels.").format(**f)
    if cause == "too-many-pixels":
        return _("{name} is {width} x {height} pixels ({megapixels} megapixels); images over "
                 "{cap} megapixels are not read.").format(
                     name=f["name"], width=f["width"], height=f["height"],
                     megapixels=f"{f['width'] * f['height'] / 1e6:.0f}",
                     cap=f["cap"] // 1_000_000)
    if cause == "too-small":
        return _("{name} is only {width} x {height} pixels, too small to show the mat; it "
                 "needs at least {least} pixels each way.").format(**f)
    if cause == "too-thin":
        return _("{name} is {width} x {height} pixels, too thin to show the mat (800 x 460 "
                 "mm).").format(**f)
    if cause == "undecodable":
        return _("{name} is a damaged image and can't be decoded.").format(**f)
    if cause == "no-file":
        return _("{path} does not exist.").format(**f)
    if cause == "empty":
        return _("{path} is empty, not an image.").format(**f)
    if cause == "unreadable":
        return input_sentence(f["input"])
    return _("The image can't be read.")


def image_sentence(data) -> str:
    """The image reader's refusal kept as data (``ImageRefused.as_data()``), or the file
    reader's (what rejudge kept before the image reader had causes), or an old sentence."""
    if isinstance(data, str):
        return data
    data = dict(data)
    cause = data.pop("cause", "")
    return _input(cause, data) if cause in _INPUT_CAUSES else _image(cause, data)


def _in_config(source) -> str:
    """Where a setting is: in the panel config file ``source`` (or in a config given as data)."""
    if source is None:
        return pgettext("panel config", "in the panel config")
    return pgettext("panel config", "in the panel config {source}").format(source=source)


def _panel(cause: str, f: dict) -> str:
    source = f.get("source")
    where = _in_config(source)
    if cause == "no-file":
        return _("The panel config {source} does not exist.").format(**f)
    if cause == "unreadable":
        return input_sentence(f["input"])
    if cause == "not-toml":
        return _("The panel config {source} is not valid TOML: {problem}.").format(**f)
    if cause == "unknown-setting":
        return _("The setting {setting} {where} is unknown; the settings there are "
                 "{known}.").format(setting=f["setting"], where=where,
                                    known=", ".join(f["known"]))
    if cause == "no-seats":
        return _("The setting seats is missing or is not a list of [[seats]] tables {where}: "
                 "the panel needs {least} to {most} seats, each with a button and an "
                 "LED.").format(where=where, least=f["least"], most=f["most"])
    if cause == "seat-count":
        if source is None:
            return ngettext("The panel config sets up {seats} seat, but the panel needs "
                            "{least} to {most} seats, each with a button and an LED.",
                            "The panel config sets up {seats} seats, but the panel needs "
                            "{least} to {most} seats, each with a button and an LED.",
                            f["seats"]).format(**f)
        return ngettext("The panel config {source} sets up {seats} seat, but the panel needs "
                        "{least} to {most} seats, each with a button and an LED.",
                        "The panel config {source} sets up {seats} seats, but the panel needs "
                        "{least} to {most} seats, each with a button and an LED.",
                        f["seats"]).format(**f)
    if cause == "seat-pin-missing":
        return _("The setting {setting} is missing {where}: every seat needs a button pin and "
                 "an LED pin.").format(setting=f["setting"], where=where)
    if cause == "nobles-not-table":
        return _("The setting nobles must be a [nobles] table {where}.").format(where=where)
    if cause == "noble-leds":
        return _("The setting nobles.leds {where} must list exactly {slots} pins (one per "
                 "noble slot, left to right) or be left out when there are no noble "
                 "LEDs.").format(where=where, slots=f["slots"])
    if cause == "timing-not-table":
        return _("The setting timing must be a [timing] table {where}.").format(where=where)
    if cause == "timing-value" and f.get("unit") == "ms":
        return _("The setting {setting} {where} is {value}, but it must be a number of "
                 "milliseconds above 0.").format(setting=f["setting"], where=where,
                                                 value=f["value"])
    if cause == "timing-value":
        return _("The setting {setting} {where} is {value}, but it must be a number of seconds "
                 "above 0.").format(setting=f["setting"], where=where, value=f["value"])
    if cause == "pin-not-a-number":
        return _("The setting {setting} {where} is {value}, but a pin must be a whole BCM GPIO "
                 "number from {least} to {most}.").format(where=where, **_without(f, "source"))
    if cause == "pin-out-of-range":
        return _("The setting {setting} {where} is pin {pin}, but a pin must be a BCM GPIO "
                 "number from {least} to {most}.").format(where=where, **_without(f, "source"))
    if cause == "pin-twice":
        return _("Pin {pin} is used twice {where}: by {first} and by {second}. Give each "
                 "setting its own pin.").format(where=where, **_without(f, "source"))
    return _("The panel config can't be used.")


def _without(f: dict, *keys) -> dict:
    return {k: v for k, v in f.items() if k not in keys}


def panel_sentence(data) -> str:
    """The panel config's refusal kept as data (``PanelConfigError.as_data()``)."""
    data = dict(data)
    return _panel(data.pop("cause", ""), data)


_SAYERS = ((ImageRefused, _image), (PanelConfigError, _panel), (InputError, _input), (JSONInputError, _json), (RecordError, _record),
           (SessionError, _session), (JournalError, _journal))


def say(err) -> str:
    """The reader's refusal ``err`` in the current language."""
    return say_by_kind(err, _SAYERS)


english = in_records(say, """The refusal in the English the commands print and the logs keep.""")


def note(warning: dict) -> str:
    """A warning left by reading or judging a session (a ``key`` and its values)."""
    w = dict(warning)
    key = w.pop("key", "")
    if key == "unreadable":
        return input_sentence(w["input"])
    if key == "events-tail-cut":
        return _("The last line of {name} is cut off (the app stopped while writing it); it "
                 "was left out.").format(**w)
    if key == "computer-move-damaged":
        return _("Line {line} of {name} is damaged; it was left out, so that turn is judged "
                 "without the computer's move.").format(**w)
    if key == "mirror-line-damaged":
        return _("Line {line} of {path} is damaged; the record stops before it.").format(**w)
    if key == "setup-twice":
        return _("Event {number} sets up a game already set up; it was ignored.").format(**w)
    if key == "still-no-evidence":
        return _("Event {number}: {said} It is no evidence.").format(**w)
    if key == "answer-not-asked":
        return _("Event {number} answers a question that was not asked; it was "
                 "ignored.").format(**w)
    if key == "undo-before-setup":
        return _("Event {number} undoes a turn before the game was set up; it was "
                 "ignored.").format(**w)
    if key == "unknown-event":
        return _("Event {number} has an unknown type {kind}; it was ignored.").format(
            number=w["number"], kind=repr(w.get("kind")))
    return _("Something in the session was left out.")


english_note = in_records(note, """The warning in the English ``rejudge`` prints.""")


__all__ = ["say", "english", "note", "english_note", "json_sentence", "input_sentence",
           "reader_sentence", "image_sentence", "panel_sentence", "record_sentence"]
