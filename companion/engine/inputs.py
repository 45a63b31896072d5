"""One way to read the product's input files: records, sessions, settings, mats, wiring.

Files come from USB sticks and other people's machines, so every reader goes through here:

- only regular files are read: a FIFO, a device (``/dev/zero``), a socket or a folder is refused
  at once (every refusal is a cause and its facts; ``companion.i18n.files`` says it) (opened with ``O_NONBLOCK`` and checked with ``fstat`` before any read,
  so a FIFO never blocks and a device is never read);
- a size cap per kind of file (memory stays bounded);
- UTF-8;
- JSON with duplicate keys refused, integers longer than :data:`MAX_INT_DIGITS` digits, non-finite
  numbers, lone surrogates and nesting deeper than :data:`MAX_DEPTH` refused as malformed.

Standard library only: the engine's record reader uses it.

>>> loads('{"red": 1, "blue": 2}')
{'red': 1, 'blue': 2}
>>> loads('{"red": 1, "red": 2}')
Traceback (most recent call last):
...
companion.engine.inputs.JSONInputError: duplicate-key: {'key': 'red'}
"""
from __future__ import annotations

import json
import math
import os
import stat

#: Caps, in bytes, by kind of file. A four-player game's record is about 40 kB; a session's
#: events of a long game a few hundred kB.
MAX_RECORD_BYTES = 16 * 1024 * 1024
MAX_JSON_BYTES = 16 * 1024 * 1024
MAX_SMALL_BYTES = 1024 * 1024          # settings.json, mat.json, wiring TOML, a reading
#: Longest integer a file may hold (a count, a seat, a time): far beyond any real value.
MAX_INT_DIGITS = 18
#: Deepest nesting of arrays and objects (a record line is 3 deep, a reading about 5).
MAX_DEPTH = 32


class FileFacts(Exception):
    """Why a file or a text can't be read, as a value: ``cause`` and its facts (plain JSON
    data: which file, its path, what was found). The engine says no sentence;
    ``companion.i18n.files`` says one, in the records' English or the player's language."""

    def __init__(self, cause: str, **facts):
        super().__init__(cause, facts)
        self.cause = cause
        self.facts = facts

    def __str__(self) -> str:   # for logs and tracebacks, never for a player
        return f"{self.cause}: {self.facts}"

    def as_data(self) -> dict:
        """The cause and its facts as one plain object (what an error that wraps this one
        keeps among its own facts)."""
        return {"cause": self.cause, **self.facts}


class InputError(FileFacts):
    """A file can't be read (or written) at all. Causes: ``cant-read`` and ``cant-write``
    (``reason``: the operating system's words), ``not-a-file`` and ``not-a-file-to-write``
    (``kind``: folder, pipe, device, socket, other), ``too-large`` (``cap`` in bytes),
    ``not-utf8``; each with ``what`` (which file: a key of :data:`WHAT`) and ``path``.
    ``errno``: the operating system's error number, when it refused."""

    def __init__(self, cause: str, errno=None, **facts):
        super().__init__(cause, **facts)
        self.errno = errno


class JSONInputError(FileFacts, ValueError):
    """Text that is not JSON the product accepts. Causes: ``duplicate-key`` (``key``),
    ``long-number`` (``digits``), ``huge-number`` (``number``), ``not-a-number``
    (``name``), ``too-deep`` (``depth``), ``lone-surrogate``, ``text-not-utf8``, ``not-json``
    (``problem``: Python's JSON reader's words, ``at``: the character), ``number-too-long``."""


#: The files read or written through here (``what``): companion.i18n.files names each.
WHAT = ("file", "game record", "session's events file", "computer's moves file",
        "session file", "record", "reading", "settings file", "PDF", "mat geometry file",
        "overlay", "image", "panel config")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "other"


def read_bytes(path, what: str = "file", cap: int = MAX_JSON_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, at most ``cap`` of them.

    Raises :class:`FileNotFoundError` when nothing is there (callers word that themselves) and
    :class:`InputError` for a folder, FIFO, device, an unreadable or too big file.
    """
    path = os.fspath(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise InputError("cant-read", exc.errno, what=what, path=path,
                         reason=exc.strerror) from None
    if not stat.S_ISREG(st.st_mode):
        raise InputError("not-a-file", what=what, path=path, kind=_kind(st.st_mode))
    try:
        # O_NONBLOCK: were the path swapped for a FIFO after the stat, open still returns.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise InputError("cant-read", exc.errno, what=what, path=path,
                         reason=exc.strerror) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError("not-a-file", what=what, path=path, kind=_kind(st.st_mode))
        if st.st_size > cap:
            raise InputError("too-large", what=what, path=path, cap=cap)
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > cap:  # the file grew while being read
                raise InputError("too-large", what=what, path=path, cap=cap)
        return b"".join(chunks)
    except OSError as exc:
        raise InputError("cant-read", exc.errno, what=what, path=path,
                         reason=exc.strerror) from None
    finally:
        os.close(fd)


def read_text(path, what: str = "file", cap: int = MAX_JSON_BYTES) -> str:
    """The UTF-8 text of a regular file (a leading byte-order mark dropped); see
    :func:`read_bytes`."""
    data = read_bytes(path, what, cap)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("not-utf8", what=what, path=os.fspath(path)) from None
    return text[1:] if text.startswith("\ufeff") else text


# ----------------------------------------------------------------------------- JSON
def _pairs(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise JSONInputError("duplicate-key", key=escape(key))
        obj[key] = value
    return obj


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JSONInputError("long-number", digits=len(text.lstrip("-")))
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONInputError("huge-number", number=text[:20])
    return value


def _constant(name: str):
    raise JSONInputError("not-a-number", name=name)


def _check(value) -> None:
    """Depth and text checks on a decoded value, without recursion."""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, str):
            _check_text(v)
        elif isinstance(v, (list, dict)):
            if depth > MAX_DEPTH:
                raise JSONInputError("too-deep", depth=MAX_DEPTH)
            if isinstance(v, dict):
                for k, item in v.items():
                    _check_text(k)
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in v)


def _check_text(s: str) -> None:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        raise JSONInputError("lone-surrogate") from None


def loads(text):
    """Parse one JSON value; :class:`JSONInputError` (a ``ValueError``, with its cause) when
    it is not valid JSON, or breaks the limits above."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JSONInputError("text-not-utf8") from None
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_int=_int,
                           parse_float=_float, parse_constant=_constant)
    except JSONInputError:
        raise
    except RecursionError:
        raise JSONInputError("too-deep", depth=MAX_DEPTH) from None
    except json.JSONDecodeError as exc:
        raise JSONInputError("not-json", problem=exc.msg, at=exc.pos + 1) from None
    except ValueError:  # Python's own int-string limit, among others
        raise JSONInputError("number-too-long") from None
    _check(value)
    return value


def read_json(path, what: str = "file", cap: int = MAX_SMALL_BYTES):
    """Read and parse one JSON file: :class:`InputError` for the file, :class:`JSONInputError`
    for its content."""
    return loads(read_text(path, what, cap))


# ----------------------------------------------------------------------------- output
_ESCAPED = {c: f"\\u{c:04x}" for c in (*range(0x20), *range(0x7f, 0xa0))
            if chr(c) not in "\n\t"}
_ESCAPED.update({c: f"\\u{c:04x}" for c in range(0xd800, 0xe000)})


def escape(text: str) -> str:
    """``text`` with control characters and lone surrogates shown as ``\\uXXXX`` (valid in JSON
    strings too, so a JSON line stays JSON).

    >>> escape("Ana\\x1b[2J\\x00")
    'Ana\\\\u001b[2J\\\\u0000'
    """
    return text.translate(_ESCAPED)


def check_output_path(path, what: str = "file") -> None:
    """Refuse to write over anything but a regular file (a device node, a FIFO, a folder),
    even as root; :class:`InputError` (``cant-write``, ``not-a-file-to-write``)."""
    try:
        st = os.stat(os.fspath(path))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError("cant-write", exc.errno, what=what, path=os.fspath(path),
                         reason=exc.strerror) from None
    if not stat.S_ISREG(st.st_mode):
        raise InputError("not-a-file-to-write", what=what, path=os.fspath(path),
                         kind=_kind(st.st_mode))
