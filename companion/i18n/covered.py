"""The places on the mat in English, grouped as the referee's English sentences name them
(what a hand covers, what the camera is unsure of): ``companion.i18n.camera`` says those
sentences in any language and uses these phrases for English (screens and records).

Pure functions of read-table region paths ("bank.red", "market.2.1", "nobles.3", "decks.1",
"scan"; spec/table.md) and of hidden corner markers ("markers.0" top-left, "markers.1" top-right,
"markers.2" bottom-right, "markers.3" bottom-left: a hand over them hides the mat). No region
code ever reaches the screen.

>>> places(["market.2.1", "bank.red", "bank.gold"])
['the second card of level 2', 'the red and gold lanes']
>>> join(places(["nobles.0", "nobles.1", "scan"]))
'the first and second nobles and the scan zone'
>>> places(["markers.0", "markers.3"])
["the mat's top-left and bottom-left corners"]
"""
from __future__ import annotations

from collections.abc import Iterable

COLOURS = ("white", "blue", "green", "red", "black", "gold")
ORDINALS = ("first", "second", "third", "fourth", "fifth")
KINDS = ("nobles", "market", "decks", "scan", "bank", "markers")
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")


def join(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _parse(path: str):
    parts = path.split(".")
    try:
        if parts[0] == "bank" and len(parts) == 2 and parts[1] in COLOURS:
            return ("bank", None, COLOURS.index(parts[1]))
        if parts[0] == "nobles" and len(parts) == 2:
            i = int(parts[1])
            return ("nobles", None, i) if 0 <= i < 5 else None
        if parts[0] == "market" and len(parts) == 3:
            level, i = int(parts[1]), int(parts[2])
            return ("market", level, i) if level in (1, 2, 3) and 0 <= i < 4 else None
        if parts[0] == "decks" and len(parts) == 2:
            level = int(parts[1])
            return ("decks", None, level) if level in (1, 2, 3) else None
        if path == "scan":
            return ("scan", None, 0)
        if parts[0] == "markers" and len(parts) == 2:
            i = int(parts[1])
            return ("markers", None, i) if 0 <= i < 4 else None
    except ValueError:
        return None
    return None


def places(paths: Iterable[str]) -> list[str]:
    """Region paths as phrases, grouped ('the red and gold lanes'), in mat order; paths that
    are not regions are left out."""
    parsed = sorted({p for p in (_parse(str(x)) for x in paths) if p is not None},
                    key=lambda p: (KINDS.index(p[0]), p[1] or 0, p[2]))
    out: list[str] = []
    lanes = [COLOURS[i] for kind, _, i in parsed if kind == "bank"]
    nobles = [ORDINALS[i] for kind, _, i in parsed if kind == "nobles"]
    decks = [str(level) for kind, _, level in parsed if kind == "decks"]
    if nobles:
        out.append("every noble" if len(nobles) == 5 else
                   f"the {join(nobles)} noble{'s' if len(nobles) > 1 else ''}")
    for level in (1, 2, 3):
        cards = [ORDINALS[i] for kind, lv, i in parsed if kind == "market" and lv == level]
        if len(cards) == 4:
            out.append(f"every card of level {level}")
        elif cards:
            out.append(f"the {join(cards)} card{'s' if len(cards) > 1 else ''} of level {level}")
    if decks:
        out.append("every deck" if len(decks) == 3 else
                   f"the level {join(decks)} deck{'s' if len(decks) > 1 else ''}")
    if any(kind == "scan" for kind, _, _ in parsed):
        out.append("the scan zone")
    if lanes:
        out.append("the whole bank" if len(lanes) == 6 else
                   f"the {join(lanes)} lane{'s' if len(lanes) > 1 else ''}")
    corners = [CORNERS[i] for kind, _, i in parsed if kind == "markers"]
    if corners:
        out.append(f"the mat's {join(corners)} corner{'s' if len(corners) > 1 else ''}")
    return out
