"""Hostile inputs built at test time (never committed): bombs are a few kB on disk."""
from __future__ import annotations

import struct
import zlib
from functools import lru_cache


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


@lru_cache(maxsize=4)  # the 32000 x 32000 one takes seconds to compress
def png_bomb(width: int, height: int, rows: int | None = None) -> bytes:
    """A greyscale PNG that declares ``width`` x ``height`` pixels. Its image data holds
    ``rows`` zero rows (all of them by default), compressed to almost nothing, streamed so the
    builder itself never holds the decoded image."""
    rows = height if rows is None else rows
    comp = zlib.compressobj(1)   # zeros compress ~1000:1 even at level 1, and fast
    row = b"\x00" * (width + 1)  # filter byte + one byte a pixel
    block = row * max(1, min(rows, (8 << 20) // len(row)))
    parts, left = [], rows
    while left > 0:
        n = min(left, len(block) // len(row))
        parts.append(comp.compress(block[:n * len(row)]))
        left -= n
    parts.append(comp.flush())
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", b"".join(parts))
            + _chunk(b"IEND", b""))


def jpeg_header(width: int, height: int) -> bytes:
    """The start of a baseline JPEG declaring ``width`` x ``height``, with no image data."""
    sof = struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00"
    return (b"\xff\xd8" + b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xc0" + struct.pack(">H", 2 + len(sof)) + sof + b"\xff\xd9")
