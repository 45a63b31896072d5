"""Presenting what the camera saw: the read-table object as text, and an annotated overlay.

The overlay is for a person checking the camera: markers, slot outlines with what was read in
them, the token counts, and everything unsure drawn in orange.
"""
from __future__ import annotations

import json

import cv2
import numpy as np

from vision.mat import COLOURS, load_mat

GREEN = (60, 200, 60)
ORANGE = (0, 150, 255)
RED = (40, 40, 230)
CYAN = (230, 200, 0)
GREY = (170, 170, 170)


def to_json_line(result: dict) -> str:
    """One read-table object as one JSON line."""
    return json.dumps(result, separators=(", ", ": "))


def _slot_text(value) -> str:
    return "empty" if value is None else ("a card without a readable tag" if value == "?"
                                          else value)


def format_text(result: dict) -> str:
    """The read-table object as lines a person reads at the table."""
    name = result.get("image") or "frame"
    lines = [f"{name}:"]
    if not result["mat"]:
        seen = len(result["markers"])
        lines.append(f"  The mat was not found (only {seen} of its 4 corner markers are visible; "
                     "at least 3 are needed).")
        if result["tags"]:
            lines.append("  Tags read anyway: " + ", ".join(result["tags"]) + ".")
        if result["foreign"]:
            lines.append("  Other codes: " + ", ".join(map(repr, result["foreign"])) + ".")
        lines.append(f"  ({result['ms']:.0f} ms)")
        return "\n".join(lines)
    if result["busy"]:
        lines.append("  A hand or arm is over the mat: this picture can't be used to judge a turn.")
    lines.append(f"  Markers seen: {', '.join(map(str, result['markers']))}.")
    lines.append("  Nobles: " + ", ".join(_slot_text(v) for v in result["nobles"]) + ".")
    for level in sorted(result["market"], reverse=True):
        deck = "deck present" if result["decks"].get(level) else "no deck"
        cards = ", ".join(_slot_text(v) for v in result["market"][level])
        lines.append(f"  Level {level} ({deck}): {cards}.")
    lines.append(f"  Scan zone: {_slot_text(result['scan'])}.")
    bank = ", ".join(f"{c} {result['bank'].get(c, '?')}" for c in COLOURS)
    lines.append(f"  Bank: {bank}.")
    if result["foreign"]:
        lines.append("  Codes that are not game tags: "
                     + ", ".join(map(repr, result["foreign"])) + ".")
    if result["uncertain"]:
        lines.append("  Not sure about: " + ", ".join(result["uncertain"]) + ".")
    lines.append(f"  ({result['ms']:.0f} ms)")
    return "\n".join(lines)


def _poly(img, pts, colour, thickness=2):
    cv2.polylines(img, [np.round(np.asarray(pts)).astype(np.int32).reshape(-1, 1, 2)], True,
                  colour, thickness, cv2.LINE_AA)


def _label(img, text, org, colour, scale):
    org = (int(org[0]), int(org[1]))
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0),
                max(2, int(4 * scale)), cv2.LINE_AA)
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour,
                max(1, int(1.5 * scale)), cv2.LINE_AA)


def draw_overlay(reading) -> np.ndarray:
    """The frame annotated with what the pipeline found (a :class:`vision.pipeline.TableReading`)."""
    result = reading.result
    img = reading.frame.full.copy()
    h, w = img.shape[:2]
    scale = max(0.5, w / 2304.0)
    fs = 0.7 * scale
    th = max(1, int(round(2 * scale)))
    for i, corners in reading.location.marker_corners_px.items():
        _poly(img, corners, CYAN, th)
        _label(img, f"marker {i}", corners[0] + (0, -6 * scale), CYAN, fs)
    for code in reading.codes:
        _poly(img, code.corners, GREEN if code.text.startswith("SPL:") else RED, th)
    uncertain = set(result.get("uncertain", []))
    if result["mat"]:
        loc = reading.location
        mat = load_mat()

        def rect_px(r):
            x, y, rw, rh = r
            return loc.to_image([(x, y), (x + rw, y), (x + rw, y + rh), (x, y + rh)])

        values = {f"nobles.{i}": v for i, v in enumerate(result["nobles"])}
        for level, row in result["market"].items():
            values.update({f"market.{level}.{i}": v for i, v in enumerate(row)})
        values["scan"] = result["scan"]
        for path, r in mat.slots().items():
            v = values.get(path)
            colour = ORANGE if (path in uncertain or v == "?") else (GREEN if v else GREY)
            pts = rect_px(r)
            _poly(img, pts, colour, th)
            _label(img, "-" if v is None else v, pts[3] + (4 * scale, -8 * scale), colour, fs)
        for level, r in mat.decks.items():
            has = result["decks"].get(str(level))
            colour = ORANGE if f"decks.{level}" in uncertain else (GREEN if has else GREY)
            pts = rect_px(r)
            _poly(img, pts, colour, th)
            _label(img, "deck" if has else "no deck", pts[3] + (4 * scale, -8 * scale), colour, fs)
        for c in COLOURS:
            r = mat.bank[c]
            path = f"bank.{c}"
            colour = ORANGE if path in uncertain else GREEN
            _poly(img, rect_px(r), colour, th)
            lane = reading.bank.get(c)
            if lane is not None:
                for (x, y, rad) in lane.circles:
                    ring = [(r[0] + x + rad * np.cos(a), r[1] + y + rad * np.sin(a))
                            for a in np.linspace(0, 2 * np.pi, 24, endpoint=False)]
                    _poly(img, loc.to_image(ring), colour, max(1, th - 1))
            text = f"{c}: {result['bank'].get(c)}" + ("  (unsure)" if path in uncertain else "")
            _label(img, text, rect_px(r)[1] + (6 * scale, 24 * scale), colour, fs)
    banner = "BUSY: hand over the mat" if result["busy"] else (
        "mat found" if result["mat"] else "NO MAT: fewer than 3 markers")
    colour = ORANGE if result["busy"] or not result["mat"] else GREEN
    text = f"{banner}   {result['ms']:.0f} ms"
    (tw, tht), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 1.1 * scale, 2)
    cv2.rectangle(img, (0, 0), (int(tw + 24 * scale), int(tht + 28 * scale)), (30, 30, 30), -1)
    cv2.putText(img, text, (int(12 * scale), int(tht + 12 * scale)), cv2.FONT_HERSHEY_SIMPLEX,
                1.1 * scale, colour, max(1, int(2 * scale)), cv2.LINE_AA)
    return img
