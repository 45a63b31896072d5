"""Image files read safely: the size checked from the header before anything is decoded.

A 3 MB PNG can declare 32000 x 32000 pixels (3 GB once decoded). So the width and height are
read from the file's header (PNG IHDR, JPEG SOF, BMP, WebP, TIFF, PNM) and the image is refused,
never decoded smaller, when it holds more than :data:`MAX_PIXELS`; an image too small or too
thin to hold the mat is refused too. Only those formats are decoded at all. The file itself is
read through :mod:`companion.engine.inputs` (regular files only, size cap).
"""
from __future__ import annotations

import os
import struct
from pathlib import Path

from companion.engine.inputs import FileFacts, InputError, read_bytes

#: 50 megapixels: four times the Pi camera module 3's 4608 x 2592, far above any supported
#: camera. A 50 MP colour image is 150 MB once decoded.
MAX_PIXELS = 50_000_000
#: A file larger than this is not a photo of the table (a 50 MP PNG is rarely over 100 MB).
MAX_FILE_BYTES = 200 * 1024 * 1024
#: The mat's ArUco markers and QR tags can't be read below this many pixels on the short side,
#: nor when one side is more than :data:`MAX_ASPECT` times the other (the mat is 800 x 460 mm).
MIN_SIDE = 240
MAX_ASPECT = 4.0


class ImageRefused(FileFacts, ValueError):
    """The file is not an image the product reads: a cause and its facts, said by
    ``companion.i18n.files`` (vision says no sentence). ``name``: the image as named.

    Causes: ``not-an-image``; ``size-unreadable`` (``format``); ``size-impossible``,
    ``too-many-pixels`` (``cap``: pixels), ``too-small`` (``least``: pixels each way),
    ``too-thin`` (each with ``format`` or not, ``width``, ``height``); ``undecodable``;
    ``no-file``, ``empty`` (``path``); ``unreadable`` (``input``: the file reader's
    ``InputError`` as data)."""


def _png(data: bytes):
    if len(data) >= 24 and data[12:16] == b"IHDR":
        return struct.unpack(">II", data[16:24])
    return None


def _jpeg(data: bytes):
    i, n = 2, len(data)
    while i + 4 <= n:
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if i + 9 > n:
                return None
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return w, h
        if marker == 0xD9 or length < 2:
            return None
        i += 2 + length
    return None


def _bmp(data: bytes):
    if len(data) < 26:
        return None
    header = struct.unpack("<I", data[14:18])[0]
    if header == 12:
        w, h = struct.unpack("<HH", data[18:22])
    else:
        w, h = struct.unpack("<ii", data[18:26])
    return abs(w), abs(h)


def _webp(data: bytes):
    kind = data[12:16]
    if kind == b"VP8 " and len(data) >= 30:
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if kind == b"VP8L" and len(data) >= 25:
        b = data[21:25]
        w = 1 + (((b[1] & 0x3F) << 8) | b[0])
        h = 1 + (((b[3] & 0xF) << 10) | (b[2] << 2) | ((b[1] & 0xC0) >> 6))
        return w, h
    if kind == b"VP8X" and len(data) >= 30:
        return 1 + int.from_bytes(data[24:27], "little"), 1 + int.from_bytes(data[27:30], "little")
    return None


def _tiff(data: bytes):
    end = "<" if data[:2] == b"II" else ">"
    try:
        (offset,) = struct.unpack(end + "I", data[4:8])
        (count,) = struct.unpack(end + "H", data[offset:offset + 2])
        size = {}
        for k in range(count):
            entry = data[offset + 2 + 12 * k: offset + 14 + 12 * k]
            tag, typ = struct.unpack(end + "HH", entry[:4])
            if tag in (256, 257):
                fmt = end + ("H" if typ == 3 else "I")
                size[tag] = struct.unpack(fmt, entry[8:8 + struct.calcsize(fmt)])[0]
        return size[256], size[257]
    except (struct.error, KeyError):
        return None


def _pnm(data: bytes):
    fields, i, n = [], 2, len(data)
    while len(fields) < 2 and i < n:
        c = data[i:i + 1]
        if c == b"#":
            while i < n and data[i:i + 1] not in (b"\n", b"\r"):
                i += 1
        elif c.isdigit():
            j = i
            while j < n and data[j:j + 1].isdigit() and j - i < 10:
                j += 1
            fields.append(int(data[i:j]))
            i = j
            continue
        elif not c.isspace():
            return None
        i += 1
    return tuple(fields) if len(fields) == 2 else None


def image_size(data: bytes):
    """(format name, (width, height) or None) from the first bytes of a file; the format is
    None when it is not one the product reads."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "PNG", _png(data)
    if data[:3] == b"\xff\xd8\xff":
        return "JPEG", _jpeg(data)
    if data[:2] == b"BM":
        return "BMP", _bmp(data)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WebP", _webp(data)
    if data[:4] in (b"II*\x00", b"MM\x00*"):
        return "TIFF", _tiff(data)
    if len(data) > 2 and data[:1] == b"P" and data[1:2] in b"123456" and data[2:3].isspace():
        return "PNM", _pnm(data)
    return None, None


def check_image(data: bytes, name) -> tuple:
    """(width, height) of an image held in ``data``, or :class:`ImageRefused` (a cause and
    its facts) when the product won't decode it."""
    name = str(name)
    fmt, size = image_size(data)
    if fmt is None:
        raise ImageRefused("not-an-image", name=name)
    if size is None:
        raise ImageRefused("size-unreadable", name=name, format=fmt)
    w, h = size
    if w <= 0 or h <= 0:
        raise ImageRefused("size-impossible", name=name, format=fmt, width=w, height=h)
    if w * h > MAX_PIXELS:
        raise ImageRefused("too-many-pixels", name=name, width=w, height=h, cap=MAX_PIXELS)
    if min(w, h) < MIN_SIDE:
        raise ImageRefused("too-small", name=name, width=w, height=h, least=MIN_SIDE)
    if max(w, h) > MAX_ASPECT * min(w, h):
        raise ImageRefused("too-thin", name=name, width=w, height=h)
    return w, h


def _decode_quietly(data: bytes):
    """cv2.imdecode with the decoders' own warnings (libjpeg's "Corrupt JPEG data", libpng's)
    kept off stderr: the caller says what went wrong in one sentence."""
    import cv2
    import numpy as np

    saved = None
    try:
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        os.close(devnull)
    except OSError:
        saved = None
    try:
        return cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_COLOR)
    except cv2.error:
        return None
    finally:
        if saved is not None:
            os.dup2(saved, 2)
            os.close(saved)


def decode_image(data: bytes, name):
    """A BGR image from encoded bytes, checked as :func:`check_image` says first."""
    w, h = check_image(data, name)
    image = _decode_quietly(data)
    if image is None or sorted(image.shape[:2]) != sorted((w, h)):  # EXIF may turn it
        raise ImageRefused("undecodable", name=str(name))
    return image


def load_image_file(path):
    """Read and decode an image file; :class:`ImageRefused` with its cause when it can't be:
    missing, a folder or a device, too big a file, not an image, too many or too few pixels,
    damaged."""
    p = Path(path)
    try:
        data = read_bytes(p, "image", MAX_FILE_BYTES)
    except FileNotFoundError:
        raise ImageRefused("no-file", path=str(p)) from None
    except InputError as err:
        raise ImageRefused("unreadable", input=err.as_data()) from None
    if not data:
        raise ImageRefused("empty", path=str(p))
    return decode_image(data, p)
