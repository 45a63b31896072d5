"""The bad input files of ``compare_file_errors.py``: records, sessions, images, panels, mats
and the rest, one per cause, made under a fixed folder so every run prints the same paths."""
from __future__ import annotations

import json
import os
import struct
from pathlib import Path

ROOT = Path("/tmp/splendor-file-errors")
HEADER = '{"format": "splendor-record", "version": 1, "players": ["Ana", "Ben"]}'
SETUP = ('{"type": "setup", "first": 0, "nobles": ["N03", "N07", "N01"], "market": '
         '[["1W01", "1U04", "1R02", "1K07"], ["2G01", "2W05", "2R03", "2K02"], '
         '["3U02", "3W01", "3G04", "3R03"]]}')
SESSION = {"format": "splendor-session", "version": 1, "players": ["Ana", "Ben"], "first": 0}

# A record's header line, one per cause of RecordError / JSONInputError.
HEADERS = {
    "h-duplicate-key": '{"format": "splendor-record", "version": 1, "version": 1, '
                       '"players": ["A", "B"]}',
    "h-long-number": '{"format": "splendor-record", "version": 1' + "0" * 5000
                     + ', "players": ["A", "B"]}',
    "h-huge-number": '{"format": "splendor-record", "version": 1e999, "players": ["A", "B"]}',
    "h-nan": '{"format": "splendor-record", "version": NaN, "players": ["A", "B"]}',
    "h-infinity": '{"format": "splendor-record", "version": -Infinity, "players": ["A"]}',
    "h-deep": "[" * 40 + "]" * 40,
    "h-very-deep": "[" * 100_000 + "]" * 100_000,
    "h-surrogate": '{"format": "splendor-record", "version": 1, "players": ["A\\ud800", "B"]}',
    "h-bad-json": '{"format": "splendor-record", "version": 1,,}',
    "h-not-an-object": "[1, 2]",
    "h-other-format": '{"format": "chess", "version": 1, "players": ["A", "B"]}',
    "h-version-2": '{"format": "splendor-record", "version": 2, "players": ["A", "B"]}',
    "h-version-true": '{"format": "splendor-record", "version": true, "players": ["A", "B"]}',
    "h-version-text": '{"format": "splendor-record", "version": "1", "players": ["A", "B"]}',
    "h-one-player": '{"format": "splendor-record", "version": 1, "players": ["A"]}',
    "h-blank-name": '{"format": "splendor-record", "version": 1, "players": ["A", " "]}',
    "h-unknown-fields": '{"format": "splendor-record", "version": 1, "players": ["A", "B"], '
                        '"zeta": 1, "alpha": 2}',
    "h-rules-keys": '{"format": "splendor-record", "version": 1, "players": ["A", "B"], '
                    '"rules": {"x": 1}}',
    "h-rules-not-object": '{"format": "splendor-record", "version": 1, "players": ["A", "B"], '
                          '"rules": 3}',
    "h-short-take": '{"format": "splendor-record", "version": 1, "players": ["A", "B"], '
                    '"rules": {"short_take": "sometimes"}}',
}


def make_records(base: Path) -> dict:
    """name -> path of a bad record file."""
    out = {}
    r = base / "records"
    r.mkdir(parents=True)
    out["missing"] = r / "nothing-here.jsonl"
    (r / "folder.jsonl").mkdir()
    out["folder"] = r / "folder.jsonl"
    os.mkfifo(r / "pipe.jsonl")
    out["fifo"] = r / "pipe.jsonl"
    out["device"] = Path("/dev/null")
    (r / "file").write_text("x")
    out["not-a-directory"] = r / "file" / "game.jsonl"
    big = r / "big.jsonl"
    big.write_text(HEADER + "\n")
    os.truncate(big, 17 * 1024 * 1024)
    out["too-large"] = big
    (r / "latin1.jsonl").write_bytes(b"\xff\xfe{\x00")
    out["not-utf8"] = r / "latin1.jsonl"
    (r / "empty.jsonl").write_text("")
    out["empty"] = r / "empty.jsonl"
    (r / "blank.jsonl").write_text("\n \n\n")
    out["blank-lines"] = r / "blank.jsonl"
    for name, header in HEADERS.items():
        p = r / f"{name}.jsonl"
        p.write_text(header + "\n" + SETUP + "\n", encoding="utf-8")
        out[name] = p
    # The same JSON causes in an event line (a malformed line, exit 1).
    for name, header in HEADERS.items():
        if name in ("h-duplicate-key", "h-long-number", "h-huge-number", "h-nan", "h-deep",
                    "h-very-deep", "h-surrogate", "h-bad-json", "h-not-an-object"):
            p = r / f"line-{name[2:]}.jsonl"
            p.write_text(HEADER + "\n" + SETUP + "\n" + header + "\n", encoding="utf-8")
            out[f"line-{name[2:]}"] = p
    return out


def make_sessions(base: Path) -> dict:
    s = base / "sessions"
    s.mkdir(parents=True)
    out = {"no-folder": s / "nothing-here"}

    def folder(name, meta=None, events=None, raw_meta=None, extra=None):
        f = s / name
        f.mkdir()
        if raw_meta is not None:
            (f / "session.json").write_text(raw_meta, encoding="utf-8")
        elif meta is not None:
            (f / "session.json").write_text(json.dumps(meta), encoding="utf-8")
        if events is not None:
            (f / "events.jsonl").write_text(events, encoding="utf-8")
        for rel, text in (extra or {}).items():
            (f / rel).write_text(text, encoding="utf-8")
        out[name] = f
        return f

    folder("no-session-json")
    f = folder("session-json-folder")
    (f / "session.json").mkdir()
    folder("session-json-bad", raw_meta='{"format": "splendor-session",,}')
    folder("session-json-dup", raw_meta='{"format": "splendor-session", "format": 1}')
    f = folder("session-json-latin1")
    (f / "session.json").write_bytes(b"\xff\xfe")
    folder("session-other-format", meta={**SESSION, "format": "x"})
    folder("session-version-3", meta={**SESSION, "version": 3})
    folder("session-version-true", meta={**SESSION, "version": True})
    folder("session-one-player", meta={**SESSION, "players": ["A"]})
    folder("session-first-5", meta={**SESSION, "first": 5})
    folder("session-rules-list", meta={**SESSION, "rules": [1]})
    folder("session-rules-keys", meta={**SESSION, "rules": {"colour": "red"}})
    f = folder("events-folder", meta=SESSION)
    (f / "events.jsonl").mkdir()
    folder("events-damaged", meta=SESSION,
           events='{"type": "press", "seat": 0, "t": 1}\nnot json\n{"type": "press"}\n')
    folder("events-cut-tail", meta=SESSION, events='{"type": "setup", "t": 0}\n{"type": "pr')
    folder("press-bad-seat", meta=SESSION, events='{"type": "press", "seat": true, "t": 1}\n')
    folder("press-auto-v1", meta=SESSION,
           events='{"type": "press", "seat": 0, "auto": true, "t": 1}\n')
    folder("press-auto-v2-text", meta={**SESSION, "version": 2},
           events='{"type": "press", "seat": 0, "auto": "yes", "t": 1}\n')
    folder("still-v1", meta=SESSION, events='{"type": "still", "image": "0001.jpg", "t": 1}\n')
    folder("still-no-image", meta={**SESSION, "version": 2},
           events='{"type": "still", "t": 1}\n')
    folder("computer-moves-damaged", meta=SESSION, events="",
           extra={"computer-moves.jsonl": "{nope\n"})
    folder("reading-damaged", meta=SESSION,
           events='{"type": "setup", "t": 0, "image": "0000.json"}\n',
           extra={"0000.json": '{"a": 1, "a": 2}'})
    folder("still-not-an-image", meta=SESSION,
           events='{"type": "setup", "t": 0, "image": "0000.jpg"}\n',
           extra={"0000.jpg": "not an image"})
    for name, data in (("still-too-many-pixels", png(8000, 8000)), ("still-too-small", png(9, 9)),
                       ("still-undecodable", png(640, 480))):
        f = folder(name, meta=SESSION,
                   events='{"type": "setup", "t": 0, "image": "0000.png"}\n')
        (f / "0000.png").write_bytes(data)
    return out


def png(width: int, height: int) -> bytes:
    """A PNG's signature and header chunk declaring ``width`` x ``height``, and no pixels."""
    return (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + struct.pack(">II", width, height)
            + b"\x08\x02\x00\x00\x00" + b"\x00" * 40)


def make_images(base: Path) -> dict:
    i = base / "images"
    i.mkdir(parents=True)
    (i / "folder.jpg").mkdir()
    (i / "empty.jpg").write_bytes(b"")
    (i / "text.jpg").write_text("hello")
    big = i / "big.jpg"
    big.write_bytes(b"\xff\xd8")
    os.truncate(big, 200 * 1024 * 1024)
    out = {"image-missing": i / "nothing.jpg", "image-folder-inside": i / "folder.jpg",
           "image-empty": i / "empty.jpg", "image-text": i / "text.jpg",
           "image-too-large": big, "image-device": Path("/dev/zero")}
    # One per cause of the image reader's refusal (ImageRefused).
    for name, data in (("image-size-unreadable", b"\x89PNG\r\n\x1a\n"),
                       ("image-jpeg-size-unreadable", b"\xff\xd8\xff\xe0\x00\x10"),
                       ("image-size-impossible", png(0, 100)),
                       ("image-too-many-pixels", png(8000, 8000)),
                       ("image-too-small", png(100, 100)),
                       ("image-too-thin", png(2000, 300)),
                       ("image-undecodable", png(640, 480))):
        (i / f"{name}.png").write_bytes(data)
        out[name] = i / f"{name}.png"
    return out


SEATS = "[[seats]]\nbutton = 17\nled = 27\n[[seats]]\nbutton = 22\nled = 23\n"
#: A panel config per cause of PanelConfigError.
PANELS = {
    "unknown-top": "colour = 1\n" + SEATS,
    "no-seats": "[timing]\n",
    "seats-not-tables": "seats = [1, 2]\n",
    "one-seat": "[[seats]]\nbutton = 17\nled = 27\n",
    "five-seats": SEATS * 2 + "[[seats]]\nbutton = 5\nled = 6\n",
    "seat-unknown-key": SEATS + "colour = 3\n",
    "seat-key-missing": "[[seats]]\nbutton = 17\n[[seats]]\nbutton = 22\nled = 23\n",
    "pin-not-a-number": SEATS.replace("17", '"17"'),
    "pin-bool": SEATS.replace("17", "true"),
    "pin-out-of-range": SEATS.replace("17", "40"),
    "pin-twice": SEATS.replace("22", "17"),
    "nobles-not-table": "nobles = 3\n" + SEATS,
    "nobles-unknown-key": SEATS + "[nobles]\ncolour = 1\n",
    "nobles-leds-count": SEATS + "[nobles]\nleds = [5, 6]\n",
    "noble-pin-twice": SEATS + "[nobles]\nleds = [5, 6, 12, 13, 27]\n",
    "timing-not-table": "timing = 1\n" + SEATS,
    "timing-unknown-key": SEATS + "[timing]\nspeed = 1\n",
    "timing-seconds": SEATS + "[timing]\nhold_seconds = -1\n",
    "timing-ms": SEATS + "[timing]\ndebounce_ms = 0\n",
    "timing-text": SEATS + "[timing]\nhold_seconds = \"2\"\n",
}


def make_mats(base: Path) -> dict:
    """A mat.json per cause of print-mat's refusal of a mat (PrintError)."""
    m = base / "mats"
    m.mkdir(parents=True)
    good = json.loads((Path(__file__).resolve().parents[1] / "vision" / "data" / "mat.json")
                      .read_text(encoding="utf-8"))
    mats = {"not-a-mat": {"width": 1},
            "size-not-a-number": {**good, "size": ["nan", 460]},
            "too-big": {**good, "size": [3000, 460]},
            "outside": {**good, "size": [500, 460]},
            "impossible": {**good, "token_diameter": 0}}
    out = {}
    for name, data in mats.items():
        (m / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
        out[name] = m / f"{name}.json"
    return out


def make_misc(base: Path) -> dict:
    m = base / "misc"
    m.mkdir(parents=True)
    (m / "folder").mkdir()
    (m / "bad.json").write_text('{"width": 1,,}')
    (m / "latin1.toml").write_bytes(b"\xff\xfe")
    (m / "bad.toml").write_text("[seat\n")
    big = m / "big.toml"
    big.write_text("# x\n")
    os.truncate(big, 2 * 1024 * 1024)
    return {"folder": m / "folder", "bad-json": m / "bad.json", "latin1": m / "latin1.toml",
            "bad-toml": m / "bad.toml", "big": big, "missing": m / "nothing"}
