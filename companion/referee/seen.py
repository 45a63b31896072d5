"""What the camera reports (``spec/table.md``), checked and reduced to what judging uses."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from companion.engine import CARDS, COLOURS, Game, starting_bank

NOBLE_SLOTS = 5


class ObservationError(ValueError):
    """The observation can't be used to judge a turn: ``data`` holds its facts as JSON data (a
    ``key`` and its values, or what is ``covered``), for ``companion.i18n.camera`` to say in
    any language (the English of records too); ``what``: ``malformed`` or ``unreadable``."""

    def __init__(self, data: dict, what: str = "unreadable"):
        super().__init__(f"{what}: {data}")   # for logs and tracebacks
        self.what = what
        self.data = dict(data)


@dataclass(frozen=True)
class Seen:
    """An observation reduced to what judging uses. Slots hold an id, ``"?"`` or None."""

    nobles: tuple  # 5 slots
    market: tuple  # 3 rows of 4, level 1 first
    decks: tuple  # 3 bools, level 1 first
    bank: tuple  # 6 counts, gold last
    scan: Optional[str]
    uncertain: frozenset


def expected_observation(game: Game, scan: Optional[str] = None) -> dict:
    """The read-table object (table.md) a perfect camera would report for ``game``'s table.

    ``scan`` is a card id shown in the scan zone, if any.
    """
    nobles = list(game.nobles) + [None] * (NOBLE_SLOTS - len(game.nobles))
    market = {str(li + 1): [c.id if c is not None else None for c in row]
              for li, row in enumerate(game.market)}
    tags = [n for n in nobles if n] + [c for row in market.values() for c in row if c]
    if scan:
        tags.append(scan)
    return {
        "mat": True, "markers": [0, 1, 2, 3],
        "nobles": nobles,
        "market": market,
        "decks": {str(lv): game.decks[lv - 1] > 0 for lv in (1, 2, 3)},
        "bank": {c: game.bank[i] for i, c in enumerate(COLOURS)},
        "scan": scan,
        "tags": tags, "foreign": [], "uncertain": [], "busy": False,
    }


def _slot_value(value, place: str):
    """``place``: the slot's read-table path ("nobles.0", "market.1.2")."""
    if value is None or value == "?":
        return value
    if not isinstance(value, str):
        raise ObservationError({"key": "not-a-tag", "place": place}, "malformed")
    return value


def corner_missing(observation: dict) -> bool:
    """Whether read-table saw the mat with a corner marker missing (`markers`: ids seen): the
    places the camera is unsure of may then be beyond the frame's edge."""
    markers = observation.get("markers") if isinstance(observation, dict) else None
    return isinstance(markers, list) and 0 < len(markers) < 4


def read_seen(obs: dict) -> Seen:
    """Check an observation and reduce it; raises :class:`ObservationError` with its facts."""
    if not isinstance(obs, dict):
        raise ObservationError({"key": "no-reading"}, "malformed")
    if obs.get("busy") and (obs.get("mat") is not False or obs.get("covered")):
        # What to clear (read-table's `covered`: regions, or the corner markers a hand hides
        # so that the mat can't be placed): companion.i18n.camera says it in the players' words.
        covered = obs.get("covered")
        covered = [str(p) for p in covered] if isinstance(covered, list) else None
        raise ObservationError({"covered": covered, "again": "press"})
    if obs.get("mat") is False:
        raise ObservationError({"key": "no-mat"})
    try:
        nobles = list(obs["nobles"])
        nobles = nobles + [None] * (NOBLE_SLOTS - len(nobles))
        nobles = tuple(_slot_value(v, f"nobles.{i}") for i, v in enumerate(nobles))
        market = tuple(tuple(_slot_value(v, f"market.{lv}.{i}")
                             for i, v in enumerate(obs["market"][str(lv)]))
                       for lv in (1, 2, 3))
        if any(len(row) != 4 for row in market):
            raise KeyError("market")
        decks = tuple(bool(obs["decks"][str(lv)]) for lv in (1, 2, 3))
        bank = tuple(obs["bank"][c] for c in COLOURS)
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in bank):
            raise KeyError("bank")
    except (KeyError, TypeError, AttributeError):
        raise ObservationError({"key": "incomplete"}, "malformed")
    scan = obs.get("scan")
    scan = scan if isinstance(scan, str) and scan in CARDS else None
    uncertain = frozenset(u for u in obs.get("uncertain") or () if isinstance(u, str))
    return Seen(nobles, market, decks, bank, scan, uncertain)


def seen_of(game: Game) -> Seen:
    return read_seen(expected_observation(game))


def changed_uncertain(before: Seen, seen: Seen) -> list:
    """Uncertain items whose reading differs from the last accepted state: they matter. (One
    read as it was may matter too: ``judge`` tries the lanes at other counts.)"""
    out = []
    for path in sorted(seen.uncertain):
        parts = path.split(".")
        try:
            if parts[0] == "bank":
                i = COLOURS.index(parts[1])
                changed = before.bank[i] != seen.bank[i]
            elif parts[0] == "market":
                li, s = int(parts[1]) - 1, int(parts[2])
                changed = before.market[li][s] != seen.market[li][s]
            elif parts[0] == "nobles":
                i = int(parts[1])
                changed = before.nobles[i] != seen.nobles[i]
            elif parts[0] == "decks":
                li = int(parts[1]) - 1
                changed = before.decks[li] != seen.decks[li]
            else:
                changed = False
        except (ValueError, IndexError):
            changed = False
        if changed:
            out.append(path)
    return out


def table_problems(game: Game, seen: Seen) -> Optional[dict]:
    """Plain faults of the table that no turn explains: a card in two places, too many tokens
    in a lane. Returns their facts as JSON data (``twice`` or ``overfull``) or None."""
    places: dict = {}
    for i, n in enumerate(seen.nobles):
        if n not in (None, "?"):
            places.setdefault(n, []).append(f"nobles.{i}")
    for li, row in enumerate(seen.market):
        for s, c in enumerate(row):
            if c not in (None, "?"):
                places.setdefault(c, []).append(f"market.{li + 1}.{s}")
    if seen.scan:
        places.setdefault(seen.scan, []).append("scan")
    for tag, where in places.items():
        if len(where) > 1:
            return {"twice": {"tag": tag, "places": where}}
    full = starting_bank(game.n)
    for i in range(len(COLOURS)):
        if seen.bank[i] > full[i]:
            return {"overfull": {"colour": i, "seen": seen.bank[i], "players": game.n,
                                 "full": full[i]}}
    return None
