"""The printed mat's geometry (mat v1), loaded from the packaged copy of ``mat.json``.

All lengths are millimetres, origin at the mat's top-left corner, x to the right, y down.
Rectangles are ``(x, y, width, height)``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping

Rect = tuple[float, float, float, float]
Point = tuple[float, float]

#: Bank lanes from top to bottom, as printed.
COLOURS = ("white", "blue", "green", "red", "black", "gold")


@dataclass(frozen=True)
class Mat:
    """The mat's fixed geometry. Build it with :func:`load_mat`."""

    name: str
    version: int
    size: tuple[float, float]  # (width, height) mm
    background_rgb: tuple[int, int, int]
    marker_dictionary: str  # e.g. "DICT_4X4_50"
    marker_size: float  # side of the black ArUco square, mm
    marker_border: float  # white margin around it on every side, mm
    marker_corners: Mapping[int, Point]  # id -> top-left corner of the black square, mm
    nobles: tuple[Rect, ...]  # slot 0..4
    scan: Rect
    decks: Mapping[int, Rect]  # level -> rect
    market: Mapping[int, tuple[Rect, ...]]  # level -> slots 0..3
    bank: Mapping[str, Rect]  # colour -> lane rect
    lane_capacity: Mapping[str, int]  # colour -> token places
    token_diameter: float

    def marker_square(self, marker_id: int) -> tuple[Point, Point, Point, Point]:
        """The four corners (TL, TR, BR, BL) of a marker's black square in mm."""
        x, y = self.marker_corners[marker_id]
        s = self.marker_size
        return ((x, y), (x + s, y), (x + s, y + s), (x, y + s))

    def marker_paper(self, marker_id: int) -> tuple[Point, Point, Point, Point]:
        """The four corners (TL, TR, BR, BL) of the white square behind a marker in mm."""
        x, y, w, h = self.marker_paper_rect(marker_id)
        return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))

    def marker_paper_rect(self, marker_id: int) -> Rect:
        """The white square behind a marker as (x, y, width, height) in mm."""
        x, y = self.marker_corners[marker_id]
        b, s = self.marker_border, self.marker_size
        return (x - b, y - b, s + 2 * b, s + 2 * b)

    def slots(self) -> dict[str, Rect]:
        """Every card/noble slot by its read-table path ("nobles.0", "market.1.3", "scan")."""
        return dict(self.slot_rects)

    @cached_property
    def slot_rects(self) -> tuple[tuple[str, Rect], ...]:
        """:meth:`slots` as (path, rect) pairs, worked out once (tags to slots asks for every
        code)."""
        out = [(f"nobles.{i}", r) for i, r in enumerate(self.nobles)]
        for level in sorted(self.market):
            out += [(f"market.{level}.{i}", r) for i, r in enumerate(self.market[level])]
        out.append(("scan", self.scan))
        return tuple(out)


def _rect(values) -> Rect:
    x, y, w, h = (float(v) for v in values)
    return (x, y, w, h)


def mat_from_dict(data: dict) -> Mat:
    """Build a :class:`Mat` from the parsed contents of a ``mat.json``."""
    markers = data["markers"]
    nobles = tuple(_rect(n["rect"]) for n in sorted(data["nobles"], key=lambda n: n["slot"]))
    market = {
        int(level): tuple(_rect(s["rect"]) for s in sorted(slots, key=lambda s: s["slot"]))
        for level, slots in data["market"].items()
    }
    return Mat(
        name=data["name"],
        version=int(data["version"]),
        size=(float(data["size"][0]), float(data["size"][1])),
        background_rgb=tuple(int(v) for v in data["background_rgb"]),
        marker_dictionary=markers["dictionary"],
        marker_size=float(markers["size"]),
        marker_border=float(markers["white_border"]),
        marker_corners=MappingProxyType(
            {int(k): (float(v[0]), float(v[1])) for k, v in markers["corners"].items()}
        ),
        nobles=nobles,
        scan=_rect(data["scan"]["rect"]),
        decks=MappingProxyType({int(k): _rect(v["rect"]) for k, v in data["decks"].items()}),
        market=MappingProxyType(market),
        bank=MappingProxyType({c: _rect(data["bank"][c]["rect"]) for c in COLOURS}),
        lane_capacity=MappingProxyType({c: int(data["bank"][c]["capacity"]) for c in COLOURS}),
        token_diameter=float(data["token_diameter"]),
    )


@lru_cache(maxsize=1)
def load_mat() -> Mat:
    """The mat v1 geometry shipped with the package (a copy of the spec's ``mat.json``)."""
    text = resources.files("vision").joinpath("data/mat.json").read_text(encoding="utf-8")
    return mat_from_dict(json.loads(text))
