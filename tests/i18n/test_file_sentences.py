"""The file readers' refusals and a session's warnings, said from their facts in English, Polish
and Korean (companion.i18n.files): each sentence pinned in ``file_sentences.json``, every fact
in its place (two facts swapped change the sentence), and every cause the readers raise has one.
The image reader's, the panel config's, the print commands', share's and the league's refusals
too (companion.i18n.files, .print_words, .sharing, .league), and the camera's
and the seat panel's (companion.i18n.devices), why ai-move has no move to make
(companion.i18n.position) why the app can't start (companion.i18n.startup), splendor-league's refusals and its
API's answers and what it says when a command is done (companion.i18n.league), and the setup slots' (companion.i18n.guide).

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

from companion.ai.match import PlayerSpecError
from companion.ai.view import PositionError, read_position
from companion.app.startup import StartupError
from companion.app.viewmodel import DraftRefused
from companion.engine.errors import MalformedError, RecordError
from companion.engine.inputs import FileFacts, InputError, JSONInputError
from companion.i18n import translator
from companion.i18n import (commands, devices, files, guide, league, position, print_words,
                            sharing, startup)
from companion.referee.journal import JournalError
from companion.referee.session import SessionError
from companion.share.bgstats import ShareError
from hardware.config import PanelConfigError
from hardware.panel import NoGpioError, PanelError
from league.check import BodyError
from league.errors import UsageError
from league.store import StoreError
from vision.frames import CameraUnavailable
from vision.image_file import ImageRefused
from vision.printing import PrintError

PINNED = Path(__file__).with_name("file_sentences.json")
ROOT = Path(__file__).resolve().parents[2]

GAME = "/media/usb/ana-ben.jsonl"
META = "/media/usb/s1/session.json"
INPUT = {"cause": "not-a-file", "what": "session file", "path": META, "kind": "pipe"}
JSON = {"cause": "duplicate-key", "key": "red"}



def _broken_line() -> PositionError:
    """ai-move's refusal of a record whose third line takes five red gems."""
    try:
        read_position([
            '{"format": "splendor-record", "version": 1, "players": ["Ana", "Ben"]}',
            '{"type": "setup", "first": 0, "nobles": ["N03", "N07", "N01"], "market": '
            '[["1W01", "1U04", "1R02", "1K07"], ["2G01", "2W05", "2R03", "2K02"], '
            '["3U02", "3W01", "3G04", "3R03"]]}',
            '{"type": "take", "player": 0, "gems": {"red": 5}}'])
    except PositionError as err:
        return err
    raise AssertionError("the record was read")


class Answer(FileFacts):
    """A refusal of the league's API (league/app.py's ``error(status, cause, **facts)``)."""


class Done(FileFacts):
    """What splendor-league says when a command did its work (``command_words(fact, **facts)``)."""


class Refused(FileFacts):
    """A command's own refusal of a wrong argument or record (``commands.words(cause, **facts)``)."""


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
    "image/not-an-image": ImageRefused("not-an-image", name="/media/usb/t.jpg"),
    "image/size-unreadable": ImageRefused("size-unreadable", name="t.png", format="PNG"),
    "image/size-impossible": ImageRefused("size-impossible", name="t.png", format="PNG",
                                          width=0, height=100),
    "image/too-many-pixels": ImageRefused("too-many-pixels", name="t.png", width=8000,
                                          height=7000, cap=50_000_000),
    "image/too-small": ImageRefused("too-small", name="t.png", width=100, height=90, least=240),
    "image/too-thin": ImageRefused("too-thin", name="t.png", width=2000, height=300),
    "image/undecodable": ImageRefused("undecodable", name="t.png"),
    "image/no-file": ImageRefused("no-file", path="/media/usb/t.jpg"),
    "image/empty": ImageRefused("empty", path="/media/usb/t.jpg"),
    "image/unreadable": ImageRefused("unreadable", input=INPUT),
    "panel/no-file": PanelConfigError("no-file", source="/etc/panel.toml"),
    "panel/unreadable": PanelConfigError("unreadable", source="/etc/panel.toml", input=INPUT),
    "panel/not-toml": PanelConfigError("not-toml", source="/etc/panel.toml",
                                       problem="Invalid value (at line 2, column 10)"),
    "panel/unknown-setting": PanelConfigError("unknown-setting", source="/etc/panel.toml",
                                              setting="seats[1].colour",
                                              known=["seats[1].button", "seats[1].led"]),
    "panel/unknown-setting-no-file": PanelConfigError("unknown-setting", source=None,
                                                      setting="colour",
                                                      known=["seats", "nobles", "timing"]),
    "panel/no-seats": PanelConfigError("no-seats", source="/etc/panel.toml", least=2, most=4),
    "panel/seat-count": PanelConfigError("seat-count", source="/etc/panel.toml", seats=1,
                                         least=2, most=4),
    "panel/seat-count-5": PanelConfigError("seat-count", source="/etc/panel.toml", seats=5,
                                           least=2, most=4),
    "panel/seat-count-no-file": PanelConfigError("seat-count", source=None, seats=5, least=2,
                                                 most=4),
    "panel/seat-pin-missing": PanelConfigError("seat-pin-missing", source="/etc/panel.toml",
                                               setting="seats[0].led"),
    "panel/nobles-not-table": PanelConfigError("nobles-not-table", source="/etc/panel.toml"),
    "panel/noble-leds": PanelConfigError("noble-leds", source="/etc/panel.toml", slots=5),
    "panel/timing-not-table": PanelConfigError("timing-not-table", source="/etc/panel.toml"),
    "panel/timing-value": PanelConfigError("timing-value", source="/etc/panel.toml",
                                           setting="timing.hold_seconds", value="-1", unit="s"),
    "panel/timing-value-ms": PanelConfigError("timing-value", source="/etc/panel.toml",
                                              setting="timing.debounce_ms", value="0",
                                              unit="ms"),
    "panel/pin-not-a-number": PanelConfigError("pin-not-a-number", source="/etc/panel.toml",
                                               setting="seats[0].button", value="'17'",
                                               least=2, most=27),
    "panel/pin-out-of-range": PanelConfigError("pin-out-of-range", source="/etc/panel.toml",
                                               setting="seats[0].button", pin=40, least=2,
                                               most=27),
    "panel/pin-twice": PanelConfigError("pin-twice", source="/etc/panel.toml", pin=17,
                                        first="seats[0].button", second="nobles.leds[3]"),
    "print/marker-dictionary": PrintError("marker-dictionary", dictionary="DICT_9X9_1"),
    "print/payload-too-long": PrintError("payload-too-long", payload="SPL:TOO-LONG"),
    "print/payload-wrong-symbol": PrintError("payload-wrong-symbol", payload="SPL:1W01",
                                             version=2, error="M"),
    "print/unknown-ids": PrintError("unknown-ids", ids=["9Z99"]),
    "print/unknown-ids-2": PrintError("unknown-ids", ids=["9Z99", "N99"]),
    "print/sticker-too-big": PrintError("sticker-too-big"),
    "print/no-folder": PrintError("no-folder", folder="/mnt/none"),
    "print/out-is-folder": PrintError("out-is-folder", out="/mnt/prints"),
    "print/cant-write-in": PrintError("cant-write-in", folder="/mnt/ro",
                                      reason="Read-only file system"),
    "print/cant-write": PrintError("cant-write", out="/mnt/mat.pdf", reason="No space left"),
    "print/no-mat-file": PrintError("no-mat-file", path="/mnt/mat.json"),
    "print/mat-unreadable": PrintError("mat-unreadable", path="/mnt/mat.json", reader=JSON),
    "print/not-a-mat": PrintError("not-a-mat", path="/mnt/mat.json"),
    "print/mat-size-not-a-number": PrintError("mat-size-not-a-number", path="/mnt/mat.json"),
    "print/mat-size": PrintError("mat-size", path="/mnt/mat.json", width=3000.0, height=460.5,
                                 most=2000.0),
    "print/mat-outside": PrintError("mat-outside", path="/mnt/mat.json",
                                    rect=[610.0, 12.0, 100.0, 72.5], width=500.0,
                                    height=460.0),
    "print/mat-impossible": PrintError("mat-impossible", path="/mnt/mat.json"),
    "print/font-missing": PrintError("font-missing", language="ko"),
    "share/not-a-record": ShareError("not-a-record", 2,
                                     record={"cause": "no-file", "path": GAME}),
    "share/broken": ShareError("broken", line=7, problem=MalformedError("not-an-object"),
                               game=None),
    "share/not-set-up": ShareError("not-set-up"),
    "share/in-progress": ShareError("in-progress", turns=12, name="Ana"),
    "share/no-folder": ShareError("no-folder", folder="/media/usb/games", os="read-only"),
    "league/not-json": BodyError("not-json", json=JSON),
    "league/too-deep": BodyError("too-deep", depth=8),
    "league/not-a-body": BodyError("not-a-body"),
    "league/revision": BodyError("revision", most=2 ** 53),
    "league/record": BodyError("record"),
    "camera/no-picamera2": CameraUnavailable("no-picamera2"),
    "camera/pi-not-queried": CameraUnavailable("pi-not-queried", reason="libcamera failed"),
    "camera/no-pi-camera": CameraUnavailable("no-pi-camera"),
    "camera/pi-not-started": CameraUnavailable("pi-not-started", reason="Device busy"),
    "camera/pi-stopped": CameraUnavailable("pi-stopped", reason="timeout"),
    "camera/no-usb-camera": CameraUnavailable("no-usb-camera", device="/dev/video7"),
    "camera/usb-stopped": CameraUnavailable("usb-stopped", device="/dev/video0"),
    "camera/not-a-camera": CameraUnavailable("not-a-camera", spec="webcam"),
    "device/no-gpio": NoGpioError(),
    "device/not-virtual": PanelError("not-virtual"),
    "position/breaks-a-rule": _broken_line(),
    "position/before-setup": PositionError("before-setup"),
    "position/game-over": PositionError("game-over"),
    "position/inside-a-turn": PositionError("inside-a-turn"),
    "player/not-a-player": PlayerSpecError("not-a-player", spec="L9"),
    "startup/flag": StartupError("flag", name="SPLENDOR_KIOSK", value="maybe"),
    "startup/number": StartupError("number", name="SPLENDOR_DEMO_DELAY", value="nan",
                                         least=0.0, most=60.0),
    "startup/number-players": StartupError("number", name="SPLENDOR_DEMO_PLAYERS", value="9",
                                           least=2, most=4),
    "startup/number-seed": StartupError("number", name="SPLENDOR_DEMO_SEED", value="x",
                                        least=0, most=2 ** 63 - 1),
    "startup/number-camera-view": StartupError("number", name="SPLENDOR_DEMO_CAMERA_VIEW",
                                               value="-1", least=0, most=1000),
    "startup/number-dpi": StartupError("number", name="SPLENDOR_DPI", value="inf", least=50.0,
                                       most=1000.0),
    "startup/computers": StartupError("computers", name="SPLENDOR_DEMO_COMPUTERS",
                                      value="0,5"),
    "startup/size": StartupError("size", name="SPLENDOR_SIZE", value="abc", least=200,
                                 most=8192),
    "startup/data-dir-cant-make": StartupError("data-dir-cant-make", path="/data/x",
                                               reason="Not a directory"),
    "startup/data-dir-unusable": StartupError("data-dir-unusable", path="/data/x",
                                              reason="Permission denied"),
    "startup/data-dir-is-file": StartupError("data-dir-is-file", path="/data/x"),
    "startup/data-dir-not-writable": StartupError("data-dir-not-writable", path="/data/x"),
    "startup/no-x": StartupError("no-x", 1, display=":77"),
    "startup/no-wayland": StartupError("no-wayland", 1, display="wayland-77"),
    "startup/no-screen": StartupError("no-screen", 1),
    "usage/not-host-port": UsageError("not-host-port", address="8000",
                                      example="127.0.0.1:8750"),
    "usage/no-such-host": UsageError("no-such-host", host="league.example"),
    "usage/address-unusable": UsageError("address-unusable", host="192.0.2.1", port=8000,
                                         reason="Cannot assign requested address"),
    "usage/table-name": UsageError("table-name", most=64),
    "usage/no-table": UsageError("no-table", name="club-9"),
    "usage/no-postgres": UsageError("no-postgres"),
    "usage/bench-seconds": UsageError("bench-seconds", most=600, interval=[0.5, 600]),
    "usage/bench-phones": UsageError("bench-phones", least=0, most=50),
    "store/address": StoreError("address", database="nosuchdriver://x",
                                reason="Can't load plugin"),
    "store/unreachable": StoreError("unreachable", database="postgresql://league@db/l",
                                    reason="connection refused"),
    "store/table-exists": StoreError("table-exists", name="club-1"),
    "answer/too-many": Answer("too-many"),
    "answer/no-token": Answer("no-token"),
    "answer/other-table": Answer("other-table", owner="club-2"),
    "answer/game-id": Answer("game-id", most=64),
    "answer/too-large": Answer("too-large", mb=1),
    "answer/record-refused": Answer("record-refused", line=3, message="Take 3 gems."),
    "answer/no-game": Answer("no-game", game="g7", table="club-1"),
    "answer/nothing-here": Answer("nothing-here"),
    "answer/method": Answer("method"),
    "answer/content-length": Answer("content-length"),
    "answer/failed": Answer("failed"),
    "done/listening": Done("listening", url="http://127.0.0.1:8750/"),
    "done/registered": Done("registered", name="club-1", token="tok3n-abc"),
    "done/no-tables": Done("no-tables"),
    "done/table-revoked": Done("table-revoked", name="club-1"),
    "done/revoked": Done("revoked", name="club-1"),
    "command/seconds-above-0": Refused("seconds-above-0"),
    "command/iterations": Refused("iterations"),
    "command/match-players": Refused("match-players", least=2, most=4),
    "command/games-jobs": Refused("games-jobs"),
    "command/breaks-a-rule": Refused("breaks-a-rule", line=7, said="Take 3 gems."),
    "command/no-setup-to-coach": Refused("no-setup-to-coach"),
    "command/seat": Refused("seat", players=3),
    "command/bench-seconds": Refused("bench-seconds", most=3600),
    "command/all-legal": Refused("all-legal", turns=108, winners=["Ben"], tie_break=None,
                                 scores=(("Ana", 14), ("Ben", 15), ("Cleo", 6))),
    "command/before-that-line": Refused("before-that-line", turns=4, to_play="Ana", seat=0),
    "command/rejudged-over": Refused("rejudged-over", turns=31, winners=[0, 2]),
    "command/rejudged-in-progress": Refused("rejudged-in-progress", turns=5),
    "command/mat-written": Refused("mat-written", out="/tmp/mat.pdf", width=800, height=460.5),
    "command/mat-tiles-written": Refused("mat-tiles-written", out="/tmp/mat.pdf", pages=9,
                                         orientation="landscape", rows=3, cols=4),
    "command/tags-written": Refused("tags-written", out="/tmp/tags.pdf", stickers=3, pages=2),
    "command/qr-unwritable": Refused("qr-unwritable", path="/tmp/qr.png",
                                     reason="Is a directory"),
    "command/no-images": Refused("no-images"),
    "command/overlay-unwritable": Refused("overlay-unwritable", path="/tmp/o/a-overlay.jpg",
                                          reason="Permission denied"),
    "command/overlay-folder-is-a-file": Refused("overlay-folder-is-a-file", folder="/tmp/o.jpg"),
    "command/overlay-folder-unwritable": Refused("overlay-folder-unwritable", folder="/tmp/o",
                                                 reason="Read-only file system"),
    "command/output-unwritable": Refused("output-unwritable", reason="No space left on device"),
    "command/app-not-built": Refused("app-not-built"),
    "written/portrait-tiles": Refused("mat-tiles-written", out="/tmp/mat.pdf", pages=6,
                                      orientation="portrait", rows=2, cols=3),
    "written/one-tag-one-page": Refused("tags-written", out="/tmp/tag.pdf", stickers=1, pages=1),
    "written/five-tags": Refused("tags-written", out="/tmp/tags.pdf", stickers=5, pages=22),
    "written/output-closed": Refused("output-unwritable", reason=None),
    "command/coached-seat": Refused("coached-seat", name="Ana", seat=1, points=3, turns=12,
                                    seconds=0.25),
    "command/turning-point": Refused("turning-point", round=4, made="Take 1 white, 1 blue, 1 "
                                     "black.", better="Take 1 green, 1 red, 1 black.",
                                     chance_better=0.43, chance_made=0.4),
    "command/why": Refused("why", why="That card's bonus is one a noble still needs from you."),
    "command/coached": Refused("coached", seats=3, players=4, rounds=4.5, judged=12,
                               iterations=40, cpu=0.61, a_turn=0.046, pi5=1.83),
    "coached/one-point": Refused("coached-seat", name="Ben", seat=2, points=1, turns=5,
                                 seconds=1.0),
    "coached/one-seat": Refused("coached", seats=1, players=3, rounds=4.0, judged=4,
                                iterations=40, cpu=0.2, a_turn=0.06, pi5=0.6),
    "coached/five-seats": Refused("coached", seats=5, players=4, rounds=12.0, judged=48,
                                  iterations=1000, cpu=31.0, a_turn=0.646, pi5=93.0),
    "summary/not-set-up": Refused("all-legal"),
    "summary/one-turn": Refused("before-that-line", turns=1, to_play="Ben", seat=1),
    "summary/fewest-cards": Refused("all-legal", turns=117, winners=["Ben"],
                                    tie_break="fewest-cards",
                                    scores=(("Ana", 12), ("Ben", 15), ("Cleo", 15))),
    "summary/shared": Refused("all-legal", turns=123, winners=["Ben", "Cleo"],
                              tie_break="shared",
                              scores=(("Ana", 15), ("Ben", 17), ("Cleo", 17))),
    "summary/three-share": Refused("all-legal", turns=90, winners=["Ana", "Ben", "Cleo"],
                                   tie_break=None,
                                   scores=(("Ana", 16), ("Ben", 16), ("Cleo", 16))),
    "summary/rejudged-one-turn": Refused("rejudged-in-progress", turns=1),
    "command/panel-timeout": Refused("panel-timeout", most=600, timeout=0.0),
    "command/no-gpio": Refused("no-gpio"),
    "command/panel-busy": Refused("panel-busy", reason="GPIO busy"),
    "command/check-stopped": Refused("check-stopped"),
    "draft/not-a-noble": DraftRefused("not-a-noble", ident="3K01"),
    "draft/not-a-card": DraftRefused("not-a-card", ident="N03"),
    "draft/wrong-level": DraftRefused("wrong-level", card="1U04", level=2),
    "draft/already-on-table": DraftRefused("already-on-table", ident="1W01", kind="card"),
    "draft/already-on-table-noble": DraftRefused("already-on-table", ident="N03",
                                                 kind="noble"),
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


def _say(case) -> str:
    if isinstance(case, dict):
        return files.note(case)
    if isinstance(case, PrintError):
        return print_words.say(case)
    if isinstance(case, ShareError):
        return sharing.say(case)
    if isinstance(case, BodyError):
        return league.body_words(case)
    if isinstance(case, (UsageError, StoreError)):
        return league.league_words(case)
    if isinstance(case, Answer):
        return league.answer_words(case.cause, case.facts)
    if isinstance(case, Refused):
        return commands.words(case.cause, **case.facts)
    if isinstance(case, Done):
        return league.command_words(case.cause, **case.facts)
    if isinstance(case, DraftRefused):
        return guide.draft_words(case)
    if isinstance(case, StartupError):
        return startup.say(case)
    if isinstance(case, (PositionError, PlayerSpecError)):
        return position.say(case)
    if isinstance(case, (CameraUnavailable, PanelError)):
        return devices.say(case)
    return files.say(case)


def _said(case, lang: str) -> str:
    translator.set_language(lang)
    try:
        return _say(case)
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
    if isinstance(case, ShareError):
        return ShareError(case.cause, case.code, **facts)
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
        if {a, b} & {"what", "kind", "cause", "unit", "os", "language"}:
            continue   # words chosen from a list: a swapped one is no such word
        swapped = _with(case, {**facts, a: facts[b], b: facts[a]})
        for lang in ("en", "pl", "ko"):
            assert _said(swapped, lang) != _said(case, lang), (name, a, b, lang)


def _raised(pattern: str) -> set:
    found = set()
    for path in [*ROOT.glob("companion/**/*.py"), *ROOT.glob("vision/*.py"),
                 *ROOT.glob("hardware/*.py"), *ROOT.glob("league/*.py")]:
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("kind, pattern", [
    ("input", r'InputError\("([a-z0-9-]+)"'),
    ("json", r'JSONInputError\("([a-z0-9-]+)"'),
    ("record", r'RecordError\("([a-z0-9-]+)"'),
    ("session", r'SessionError\("([a-z0-9-]+)"'),
    ("journal", r'JournalError\("([a-z0-9-]+)"'),
    ("image", r'ImageRefused\("([a-z0-9-]+)"'),
    ("panel", r'PanelConfigError\("([a-z0-9-]+)"'),
    ("print", r'(?:PrintError|FontMissing)\("([a-z0-9-]+)"'),
    ("share", r'ShareError\("([a-z0-9-]+)"'),
    ("league", r'BodyError\("([a-z0-9-]+)"'),
    ("camera", r'CameraUnavailable\("([a-z0-9-]+)"'),
    ("device", r'(?:PanelError|NoGpioError)\("([a-z0-9-]+)"'),
    ("position", r'PositionError\("([a-z0-9-]+)"'),
    ("startup", r'StartupError\("([a-z0-9-]+)"'),
    ("usage", r'UsageError\("([a-z0-9-]+)"'),
    ("store", r'StoreError\("([a-z0-9-]+)"'),
    ("answer", r'error\(\d{3}, "([a-z0-9-]+)"'),
    ("draft", r'DraftRefused\("([a-z0-9-]+)"'),
    ("player", r'PlayerSpecError\("([a-z0-9-]+)"'),
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
            elif isinstance(case, ShareError):
                unknown = ShareError("no-such-cause", **case.facts)
            else:
                unknown = type(case)("no-such-cause", **case.facts)
            assert _said(case, "en") != _said(unknown, "en"), name


def test_every_sentence_splendor_league_prints_when_done_has_its_case():
    """Each ``command_english("fact")`` in league/cli.py is pinned above; a fact with no
    sentence is a programmer's slip, never a made-up sentence."""
    said = _raised(r'command_english\("([a-z-]+)"')
    assert said and said == {n.split("/", 1)[1] for n in CASES if n.startswith("done/")}
    with pytest.raises(ValueError):
        league.command_words("no-such-fact")


def test_every_refusal_the_commands_print_has_its_case():
    """Each ``say("cause")`` in companion/cli is pinned above; an unknown cause is a slip."""
    said = _raised(r'\b(?:say|refusal)\("([a-z0-9-]+)"')
    assert said and said == {n.split("/", 1)[1] for n in CASES if n.startswith("command/")}
    with pytest.raises(ValueError):
        commands.words("no-such-cause")
