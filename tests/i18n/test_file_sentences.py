"""The file readers' refusals and a session's warnings, said from their facts in English, Polish
and Korean (companion.i18n.files): each sentence pinned in ``file_sentences.json``, every fact
in its place (two facts swapped change the sentence), and every cause the readers raise has one.

To pin a new cause: add it to CASES, run this file with ``PIN=1`` once, and read the Polish and
Korean it wrote before committing them.
"""
from __future__ import annotations

import itertools
import json
import os
import re
from pathlib import Path

import pytest

from companion.engine.errors import RecordError
from companion.engine.inputs import InputError, JSONInputError
from companion.i18n import translator
from companion.i18n import files
from companion.referee.journal import JournalError
from companion.referee.session import SessionError

PINNED = Path(__file__).with_name("file_sentences.json")
ROOT = Path(__file__).resolve().parents[2]

GAME = "/media/usb/ana-ben.jsonl"
META = "/media/usb/s1/session.json"
INPUT = {"cause": "not-a-file", "what": "session file", "path": META, "kind": "pipe"}
JSON = {"cause": "duplicate-key", "key": "red"}

#: name -> the refusal (or, for a warning, its ``key`` and values).
CASES = {
    "input/cant-read": InputError("cant-read", 13, what="game record", path=GAME,
                                  reason="Permission denied"),
    "input/not-a-file": InputError("not-a-file", what="panel config", path="/etc/panel.toml",
                                   kind="folder"),
    "input/not-a-file-other": InputError("not-a-file", what="image", path="/tmp/x.jpg",
                                         kind="other"),
    "input/too-large": InputError("too-large", what="settings file", path="/data/settings.json",
                                  cap=1024 * 1024),
    "input/too-large-kb": InputError("too-large", what="reading", path="/s/0001.json",
                                     cap=64 * 1024),
    "input/not-utf8": InputError("not-utf8", what="session's events file", path="/s/events.jsonl"),
    "input/cant-write": InputError("cant-write", what="PDF", path="/mnt/mat.pdf",
                                   reason="Read-only file system"),
    "input/not-a-file-to-write": InputError("not-a-file-to-write", what="overlay",
                                            path="/dev/null", kind="device"),
    "json/duplicate-key": JSONInputError("duplicate-key", key="red"),
    "json/long-number": JSONInputError("long-number", digits=22),
    "json/huge-number": JSONInputError("huge-number", number="1e999"),
    "json/not-a-number": JSONInputError("not-a-number", name="NaN"),
    "json/too-deep": JSONInputError("too-deep", depth=32),
    "json/lone-surrogate": JSONInputError("lone-surrogate"),
    "json/text-not-utf8": JSONInputError("text-not-utf8"),
    "json/not-json": JSONInputError("not-json", problem="Expecting value", at=7),
    "json/number-too-long": JSONInputError("number-too-long"),
    "record/header-not-json": RecordError("header-not-json", json=JSON),
    "record/not-a-header": RecordError("not-a-header", format="splendor-record"),
    "record/version": RecordError("version", version="2", readable=1),
    "record/players": RecordError("players", least=2, most=4),
    "record/unknown-fields": RecordError("unknown-fields", fields=["alpha", "zeta"]),
    "record/rules-fields": RecordError("rules-fields", allowed=["short_take"]),
    "record/short-take": RecordError("short-take", choices=["never", "when_scarce", "always"]),
    "record/no-file": RecordError("no-file", path=GAME),
    "record/unreadable": RecordError("unreadable", input=INPUT),
    "record/not-utf8": RecordError("not-utf8", path=GAME),
    "record/empty-file": RecordError("empty-file", path=GAME),
    "record/empty": RecordError("empty"),
    "session/no-folder": SessionError("no-folder", folder="/media/usb/s1"),
    "session/no-session-json": SessionError("no-session-json", folder="/media/usb/s1"),
    "session/unreadable": SessionError("unreadable", input=INPUT),
    "session/damaged": SessionError("damaged", path=META, json=JSON),
    "session/not-a-session": SessionError("not-a-session", path=META,
                                          format="splendor-session"),
    "session/version": SessionError("version", version=3, readable=[1, 2]),
    "session/players": SessionError("players", path=META, least=2, most=4),
    "session/first": SessionError("first", path=META, players=3),
    "session/rules-not-object": SessionError("rules-not-object", path=META),
    "session/house-rules": SessionError("house-rules"),
    "session/events-damaged": SessionError("events-damaged", line=7, name="events.jsonl"),
    "session/press-not-a-seat": SessionError("press-not-a-seat", number=12, seat="5",
                                             players=3),
    "session/auto-not-allowed": SessionError("auto-not-allowed", number=12, auto='"yes"'),
    "session/still-in-version-1": SessionError("still-in-version-1", number=12),
    "session/still-no-image": SessionError("still-no-image", number=12, image="null"),
    "journal/damaged": JournalError("damaged", path="/data/journal.sqlite",
                                    detail="file is not a database"),
    "journal/line-damaged": JournalError("line-damaged", line=7, game=3),
    "journal/no-game": JournalError("no-game", game=3),
    "journal/unrecoverable": JournalError("unrecoverable", game=3),
    "note/unreadable": {"key": "unreadable", "input": INPUT},
    "note/events-tail-cut": {"key": "events-tail-cut", "name": "events.jsonl"},
    "note/computer-move-damaged": {"key": "computer-move-damaged", "line": 4,
                                   "name": "computer-moves.jsonl"},
    "note/mirror-line-damaged": {"key": "mirror-line-damaged", "line": 4,
                                 "path": "/s/record.jsonl"},
    "note/setup-twice": {"key": "setup-twice", "number": 9},
    "note/still-no-evidence": {"key": "still-no-evidence", "number": 9,
                               "said": "The still 0009.jpg is missing from the session folder."},
    "note/answer-not-asked": {"key": "answer-not-asked", "number": 9},
    "note/undo-before-setup": {"key": "undo-before-setup", "number": 9},
    "note/unknown-event": {"key": "unknown-event", "number": 9, "kind": "dance"},
}


def _said(case, lang: str) -> str:
    translator.set_language(lang)
    try:
        return files.note(case) if isinstance(case, dict) else files.say(case)
    finally:
        translator.set_language("en")


def _all() -> dict:
    return {name: {lang: _said(case, lang) for lang in ("en", "pl", "ko")}
            for name, case in CASES.items()}


def test_every_sentence_is_the_pinned_one_in_three_languages():
    said = _all()
    if os.environ.get("PIN"):
        PINNED.write_text(json.dumps(said, ensure_ascii=False, indent=1) + "\n",
                          encoding="utf-8")
    pinned = json.loads(PINNED.read_text(encoding="utf-8"))
    assert said == pinned


@pytest.mark.parametrize("lang", ["en", "pl", "ko"])
def test_the_english_of_the_commands_whatever_the_screen_says(lang):
    """What replay, rejudge and the league print is English in any language of the screen."""
    translator.set_language(lang)
    try:
        err = CASES["record/header-not-json"]
        assert files.english(err) == ('The first line can\'t be read as a header, so this is '
                                      'not a game record: the key "red" appears twice in one '
                                      'object.')
        assert files.english_note(CASES["note/setup-twice"]) == (
            "Event 9 sets up a game already set up; it was ignored.")
    finally:
        translator.set_language("en")


def _facts(case) -> dict:
    return dict(case) if isinstance(case, dict) else dict(case.facts)


def _with(case, facts: dict):
    if isinstance(case, dict):
        return facts
    if isinstance(case, InputError):
        return InputError(case.cause, **facts)
    return type(case)(case.cause, **facts)


@pytest.mark.parametrize("name", sorted(CASES))
def test_two_facts_swapped_change_the_sentence(name):
    """Every fact is said, in its own place: swapping any two of different values (of the same
    type, so the sentence can still be made) changes what is said, in each language."""
    case = CASES[name]
    facts = _facts(case)
    for a, b in itertools.combinations(sorted(k for k in facts if k != "key"), 2):
        if facts[a] == facts[b] or type(facts[a]) is not type(facts[b]):
            continue
        if {a, b} & {"what", "kind", "cause"}:
            continue   # words chosen from a list: a swapped one is no such word
        swapped = _with(case, {**facts, a: facts[b], b: facts[a]})
        for lang in ("en", "pl", "ko"):
            assert _said(swapped, lang) != _said(case, lang), (name, a, b, lang)


def _raised(pattern: str) -> set:
    found = set()
    for path in [*ROOT.glob("companion/**/*.py"), *ROOT.glob("vision/*.py")]:
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("kind, pattern", [
    ("input", r'InputError\("([a-z0-9-]+)"'),
    ("json", r'JSONInputError\("([a-z0-9-]+)"'),
    ("record", r'RecordError\("([a-z0-9-]+)"'),
    ("session", r'SessionError\("([a-z0-9-]+)"'),
    ("journal", r'JournalError\("([a-z0-9-]+)"'),
    ("note", r'\{"key": "([a-z0-9-]+)"'),
])
def test_every_cause_the_readers_raise_has_its_sentence(kind, pattern):
    causes = {name.split("/", 1)[1] for name in CASES if name.startswith(kind + "/")}
    raised = _raised(pattern)
    if kind == "input":
        raised -= _raised(r'JSONInputError\("([a-z0-9-]+)"')
    if kind == "note":   # the session's and rejudge's warnings (other keys are the camera's)
        text = "".join((ROOT / p).read_text(encoding="utf-8") for p in
                       ("companion/referee/session.py", "companion/referee/rejudge.py"))
        raised = set(re.findall(r'warnings\.append\(\{"key": "([a-z0-9-]+)"', text)) | {
            m for m in re.findall(r'\[\{"key": "([a-z0-9-]+)"', text)}
    assert raised and raised <= causes, raised - causes
    for name in CASES:   # and none is said with the words meant for an unknown cause
        if name.startswith(kind + "/"):
            case = CASES[name]
            if isinstance(case, dict):
                unknown = {**case, "key": "no-such-cause"}
            elif isinstance(case, InputError):
                unknown = InputError("no-such-cause", **case.facts)
            else:
                unknown = type(case)("no-such-cause", **case.facts)
            assert _said(case, "en") != _said(unknown, "en"), name
