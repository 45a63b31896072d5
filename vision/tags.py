"""QR tags: decoding (zxing-cpp and pyzbar behind one interface) and telling our ids apart.

A tag is a QR code whose payload is ``SPL:`` followed by a card or noble id from the reference
data. Anything else that decodes is *foreign*: it is reported, never mapped to a card.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Callable, Sequence

import numpy as np

Quad = tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]


class DecoderUnavailable(RuntimeError):
    """A QR decoder library is not installed on this machine."""


@dataclass(frozen=True)
class Code:
    """One decoded QR code: its text and its corners (TL, TR, BR, BL) in image pixels."""

    text: str
    corners: Quad
    decoder: str

    @property
    def centre(self) -> tuple[float, float]:
        xs = [p[0] for p in self.corners]
        ys = [p[1] for p in self.corners]
        return (sum(xs) / 4.0, sum(ys) / 4.0)


# --- decoders -----------------------------------------------------------------------------------

def _zxing_decode(gray: np.ndarray, whole_frame: bool = False, extra_passes: bool = True,
                  histogram: bool = False, name: str = "zxing") -> list[Code]:
    import zxingcpp

    kwargs = {}
    if whole_frame or not extra_passes:
        # Tags are dark on light and already at full size in a frame: skipping the inverted
        # and downscaled passes halves the time and read every tag in the rendered frames.
        kwargs = {"try_downscale": False, "try_invert": False}
    if histogram:
        # One threshold for the whole image instead of a local average: a dim room's sensor
        # noise breaks the local one's modules up (pyzbar read those, at ten times the time).
        kwargs["binarizer"] = zxingcpp.Binarizer.GlobalHistogram
    try:
        results = zxingcpp.read_barcodes(gray, formats=zxingcpp.BarcodeFormat.QRCode, **kwargs)
    except TypeError:  # an older zxing-cpp without these options
        results = zxingcpp.read_barcodes(gray, formats=zxingcpp.BarcodeFormat.QRCode)
    out = []
    for r in results:
        if not r.valid:
            continue
        p = r.position
        corners = tuple((float(q.x), float(q.y))
                        for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left))
        out.append(Code(r.text, corners, name))
    return out


def _zxing_histogram_decode(gray: np.ndarray, whole_frame: bool = False,
                            extra_passes: bool = True) -> list[Code]:
    return _zxing_decode(gray, whole_frame, extra_passes, histogram=True,
                         name="zxing-histogram")


def _pyzbar_decode(gray: np.ndarray, whole_frame: bool = False,
                   extra_passes: bool = True) -> list[Code]:
    from pyzbar import pyzbar

    out = []
    for r in pyzbar.decode(gray, symbols=[pyzbar.ZBarSymbol.QRCODE]):
        pts = list(r.polygon) or [
            (r.rect.left, r.rect.top), (r.rect.left + r.rect.width, r.rect.top),
            (r.rect.left + r.rect.width, r.rect.top + r.rect.height),
            (r.rect.left, r.rect.top + r.rect.height)]
        pts = [(float(x), float(y)) for x, y in pts[:4]]
        while len(pts) < 4:
            pts.append(pts[-1])
        try:
            text = r.data.decode("utf-8")
        except UnicodeDecodeError:
            text = r.data.decode("latin-1")
        out.append(Code(text, tuple(pts), "pyzbar"))
    return out


_DECODERS: dict[str, tuple[str, Callable[..., list[Code]]]] = {
    "zxing": ("zxingcpp", _zxing_decode),
    "zxing-histogram": ("zxingcpp", _zxing_histogram_decode),
    "pyzbar": ("pyzbar.pyzbar", _pyzbar_decode),
}


@lru_cache(maxsize=None)
def decoder_available(name: str) -> bool:
    """Whether decoder `name` ("zxing", "zxing-histogram" or "pyzbar") can be used here."""
    if name not in _DECODERS:
        return False
    module = _DECODERS[name][0]
    try:
        __import__(module)
    except (ImportError, OSError):
        # pyzbar raises ImportError when Debian's libzbar0 is missing.
        return False
    return True


def decode(gray: np.ndarray, decoder: str, whole_frame: bool = False,
           extra_passes: bool = True) -> list[Code]:
    """Every QR code `decoder` finds in the 8-bit grey image `gray`.

    `whole_frame` picks the decoder's faster settings for a full frame of the table;
    `extra_passes` False only zxing's (no inverted image, no smaller copies) for a crop.
    """
    if decoder not in _DECODERS:
        raise ValueError(f"Unknown QR decoder {decoder!r}; use one of {sorted(_DECODERS)}.")
    if not decoder_available(decoder):
        raise DecoderUnavailable(
            f"The QR decoder {decoder!r} is not installed on this machine.")
    return _DECODERS[decoder][1](np.ascontiguousarray(gray), whole_frame, extra_passes)


def usable_decoders(names: Sequence[str]) -> tuple[str, ...]:
    """The decoders of `names` that are installed here, in order."""
    return tuple(n for n in names if decoder_available(n))


# --- payloads -----------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def known_ids() -> frozenset[str]:
    """Every card and noble id of the base game (from the packaged reference data)."""
    ids: set[str] = set()
    data = resources.files("companion.engine").joinpath("data")
    for name in ("cards.csv", "nobles.csv"):
        text = data.joinpath(name).read_text(encoding="utf-8")
        ids.update(row["id"].strip() for row in csv.DictReader(io.StringIO(text)))
    return frozenset(ids)


_ID_SHAPE = re.compile(r"^(?:[123][WUGRK]\d\d|N\d\d)$")


def parse_payload(text: str, prefix: str = "SPL:") -> str | None:
    """The game id a tag payload names, or None when it is a foreign code.

    >>> parse_payload("SPL:2R03"), parse_payload("SPL:9Z99"), parse_payload("hello")
    ('2R03', None, None)
    """
    if not text.startswith(prefix):
        return None
    ident = text[len(prefix):]
    if not _ID_SHAPE.match(ident) or ident not in known_ids():
        return None
    return ident


def is_noble(ident: str) -> bool:
    return ident.startswith("N")
