"""What the camera reports (``spec/table.md``), checked and reduced to what judging uses."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from companion.engine import CARDS, COLOURS, NOBLES, Game, starting_bank

NOBLE_SLOTS = 5


class ObservationError(ValueError):
    """The observation can't be used to judge a turn; ``message`` says what to clear (English,
    for records and logs); ``data`` its facts as JSON data, for the screen to say it in any
    language (``companion.i18n.camera``)."""

    def __init__(self, message: str, what: str = "unreadable", data: Optional[dict] = None):
        super().__init__(message)
        self.message = message
        self.what = what
        self.data = dict(data or {})


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


def _slot_value(value, where: str):
    if value is None or value == "?":
        return value
    if not isinstance(value, str):
        raise ObservationError(f"The camera's reading of {where} is not a tag id.", "malformed")
    return value


def corner_missing(observation: dict) -> bool:
    """Whether read-table saw the mat with a corner marker missing (`markers`: ids seen): the
    places the camera is unsure of may then be beyond the frame's edge."""
    markers = observation.get("markers") if isinstance(observation, dict) else None
    return isinstance(markers, list) and 0 < len(markers) < 4


def read_seen(obs: dict) -> Seen:
    """Check an observation and reduce it; raises :class:`ObservationError` with a sentence."""
    if not isinstance(obs, dict):
        raise ObservationError("The camera gave no reading of the table: press again.",
                               "malformed")
    if obs.get("busy") and (obs.get("mat") is not False or obs.get("covered")):
        # What to clear (read-table's `covered`: regions, or the corner markers a hand hides
        # so that the mat can't be placed): companion.i18n.camera says it in the players' words.
        covered = obs.get("covered")
        covered = [str(p) for p in covered] if isinstance(covered, list) else None
        raise ObservationError("", data={"covered": covered, "again": "press"})
    if obs.get("mat") is False:
        raise ObservationError("The camera can't see the mat: at least 3 of its 4 corner "
                               "markers must be in view. Move whatever covers a corner, then "
                               "press again.")
    try:
        nobles = list(obs["nobles"])
        nobles = nobles + [None] * (NOBLE_SLOTS - len(nobles))
        nobles = tuple(_slot_value(v, f"noble slot {i + 1}") for i, v in enumerate(nobles))
        market = tuple(tuple(_slot_value(v, f"level {lv}, slot {i + 1}")
                             for i, v in enumerate(obs["market"][str(lv)]))
                       for lv in (1, 2, 3))
        if any(len(row) != 4 for row in market):
            raise KeyError("market")
        decks = tuple(bool(obs["decks"][str(lv)]) for lv in (1, 2, 3))
        bank = tuple(obs["bank"][c] for c in COLOURS)
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in bank):
            raise KeyError("bank")
    except (KeyError, TypeError, AttributeError):
        raise ObservationError("The camera's reading is incomplete (the nobles, market, decks "
                               "or bank is missing): press again.", "malformed")
    scan = obs.get("scan")
    scan = scan if isinstance(scan, str) and scan in CARDS else None
    uncertain = frozenset(u for u in obs.get("uncertain") or () if isinstance(u, str))
    return Seen(nobles, market, decks, bank, scan, uncertain)


def seen_of(game: Game) -> Seen:
    return read_seen(expected_observation(game))


def where(path: str) -> str:
    parts = path.split(".")
    if parts[0] == "bank" and len(parts) == 2:
        return f"the {parts[1]} lane of the bank"
    if parts[0] == "market" and len(parts) == 3:
        return f"the card in level {parts[1]}, slot {int(parts[2]) + 1}"
    if parts[0] == "nobles" and len(parts) == 2:
        return f"noble slot {int(parts[1]) + 1}"
    if parts[0] == "decks" and len(parts) == 2:
        return f"the level {parts[1]} deck"
    return path


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


def table_problems(game: Game, seen: Seen) -> Optional[tuple]:
    """Plain faults of the table that no turn explains: a card in two places, too many tokens
    in a lane. Returns (the English sentence, its facts as JSON data) or None."""
    places: dict = {}
    for i, n in enumerate(seen.nobles):
        if n not in (None, "?"):
            places.setdefault(n, []).append((f"noble slot {i + 1}", f"nobles.{i}"))
    for li, row in enumerate(seen.market):
        for s, c in enumerate(row):
            if c not in (None, "?"):
                places.setdefault(c, []).append((f"level {li + 1}, slot {s + 1}",
                                                 f"market.{li + 1}.{s}"))
    if seen.scan:
        places.setdefault(seen.scan, []).append(("the scan zone", "scan"))
    for tag, where in places.items():
        if len(where) > 1:
            return ((f"{'Noble' if tag in NOBLES else 'Card'} {tag} is seen in two places "
                     f"({' and '.join(w for w, _ in where)}): each tag is on one card only. "
                     "Take away the copy that does not belong there, then press again."),
                    {"twice": {"tag": tag, "places": [p for _, p in where]}})
    full = starting_bank(game.n)
    for i, c in enumerate(COLOURS):
        if seen.bank[i] > full[i]:
            return ((f"The {c} lane holds {seen.bank[i]} tokens, but a {game.n}-player game "
                     f"has only {full[i]} {c} tokens: a token of another colour is in the "
                     f"{c} lane. Put every token in its own colour's lane, then press again."),
                    {"overfull": {"colour": i, "seen": seen.bank[i], "players": game.n,
                                  "full": full[i]}})
    return None
