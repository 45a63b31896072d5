"""The inputs of a synthetic photo: what lies on the table (:class:`TableState`), how the
photo is taken (:class:`Conditions`), and random plausible ones of both."""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from vision.mat import COLOURS, load_mat
from workbench.synthetic.camera import Camera, make_camera
from workbench.synthetic.sprites import TABLE_STYLES, catalogue

LEVELS = (1, 2, 3)
SIZES = ((2304, 1296), (4608, 2592), (1920, 1080))
DEFAULT_DECK_CARDS = 20
FOREIGN_PAYLOADS = ("http://example.com", "BEGIN:VCARD", "hello", "WIFI:S:home;T:WPA;P:x;;", "https://splendor.example/rules", "12345678")


# --------------------------------------------------------------------------- inputs


def _id(x) -> str | None:
    """A card/noble id from an id string or anything with an ``id`` (the engine's Card, Noble)."""
    if x is None or isinstance(x, str):
        return x
    ident = getattr(x, "id", None)
    if not isinstance(ident, str):
        raise ValueError(f"{x!r} is neither a card id nor a card.")
    return ident


def _by_level(rows, what: str) -> dict:
    """{level: value} from a mapping keyed 1-3 (int or str) or a sequence for levels 1, 2, 3."""
    if isinstance(rows, Mapping):
        out = {}
        for k, v in rows.items():
            try:
                level = int(k)
            except (TypeError, ValueError):
                level = 0
            if level not in LEVELS:
                raise ValueError(f"The {what} has levels 1, 2 and 3, not {k!r}.")
            out[level] = v
        return out
    rows = list(rows)
    if len(rows) != 3:
        raise ValueError(f"The {what} needs one entry per level (1, 2, 3), not {len(rows)}.")
    return dict(zip(LEVELS, rows))


@dataclass(frozen=True)
class TableState:
    """What lies on the table. Built leniently from a game's state and then frozen:

    - ``nobles``: up to 5 ids (or None for an empty slot), slot 0 first.
    - ``market``: level (1-3, int or str) -> up to 4 ids or None, slot 0 first; or the three
      rows for levels 1, 2, 3 in order. Cards may be ids or objects with an ``id``.
    - ``decks``: level -> True/False (deck there or not) or a number of cards left (or 3 values).
    - ``bank``: colour -> tokens in its lane (missing colours are 0), or 6 counts in rulebook
      order (white, blue, green, red, black, gold).
    - ``scan``: a card id shown in the scan zone, or None.
    - ``untagged``: ids whose sticker is missing (their slot reads "?").
    - ``foreign``: payloads of other QR codes lying on the table.
    """

    nobles: Sequence[str | None] = (None,) * 5
    market: Mapping = field(default_factory=dict)
    decks: Mapping = field(default_factory=lambda: {1: True, 2: True, 3: True})
    bank: Mapping = field(default_factory=dict)
    scan: str | None = None
    untagged: frozenset = frozenset()
    foreign: Sequence[str] = ()

    def __post_init__(self) -> None:
        cat = catalogue()
        nobles = [_id(n) for n in self.nobles]
        if len(nobles) > 5:
            raise ValueError(f"The mat has 5 noble slots, but {len(nobles)} nobles were given.")
        nobles += [None] * (5 - len(nobles))
        market: dict[int, tuple] = {}
        rows = _by_level(self.market, "market")
        for level in LEVELS:
            cards = [_id(c) for c in (rows.get(level) or ())]
            if len(cards) > 4:
                raise ValueError(f"Level {level} of the market has 4 slots, but {len(cards)} cards were given.")
            market[level] = tuple(cards + [None] * (4 - len(cards)))
        decks: dict[int, int] = {}
        deck_rows = _by_level(self.decks, "decks")
        for level in LEVELS:
            v = deck_rows.get(level, False)
            n = DEFAULT_DECK_CARDS if v is True else int(v or 0)
            if n < 0:
                raise ValueError(f"The level {level} deck cannot hold {n} cards.")
            decks[level] = n
        mat = load_mat()
        bank: dict[str, int] = {}
        given = self.bank
        if not isinstance(given, Mapping):  # a tuple in rulebook order, as the engine keeps it
            given = list(given)
            if len(given) not in (5, 6):
                raise ValueError(f"The bank needs 6 counts (white, blue, green, red, black, gold), not {len(given)}.")
            given = dict(zip(COLOURS, given))
        for colour, n in given.items():
            if colour not in COLOURS:
                raise ValueError(f"There is no {colour!r} lane in the bank; the colours are {', '.join(COLOURS)}.")
        for colour in COLOURS:
            n = int(given.get(colour, 0))
            if not 0 <= n <= mat.lane_capacity[colour]:
                raise ValueError(
                    f"The {colour} lane holds 0 to {mat.lane_capacity[colour]} tokens, not {n}."
                )
            bank[colour] = n
        seen: set[str] = set()
        placed = [n for n in nobles if n] + [c for lv in LEVELS for c in market[lv] if c]
        placed += [_id(self.scan)] if self.scan else []
        for i, card in enumerate(placed):
            if card not in cat:
                raise ValueError(f"{card!r} is not a card or noble of the base game.")
            if card in seen:
                raise ValueError(f"{card} is on the table twice; every card and noble exists once.")
            seen.add(card)
        for n in nobles:
            if n and cat[n].level != 0:
                raise ValueError(f"{n} is a card, not a noble, so it cannot lie in a noble slot.")
        # A card in the wrong level's row is a mistake players can make on a real table, and
        # the referee must see it: it is drawn as it lies, never refused.
        if self.scan and cat[_id(self.scan)].level == 0:
            raise ValueError(f"{self.scan} is a noble; only a card is shown in the scan zone.")
        object.__setattr__(self, "scan", _id(self.scan))
        object.__setattr__(self, "nobles", tuple(nobles))
        object.__setattr__(self, "market", market)
        object.__setattr__(self, "decks", decks)
        object.__setattr__(self, "bank", bank)
        object.__setattr__(self, "untagged", frozenset(self.untagged))
        object.__setattr__(self, "foreign", tuple(self.foreign))

    @classmethod
    def from_game(cls, game, *, scan=None, untagged: Iterable[str] = (), foreign: Sequence[str] = ()) -> "TableState":
        """The table of a ``companion.engine.Game`` (or anything with ``nobles``, ``market`` rows
        for levels 1-3, ``decks`` counts and a ``bank`` in rulebook order)."""
        return cls(nobles=tuple(game.nobles), market=tuple(game.market), decks=tuple(game.decks),
                   bank=tuple(game.bank), scan=scan, untagged=frozenset(untagged), foreign=tuple(foreign))

    def present_ids(self) -> list[str]:
        """Every id physically on the table, sorted."""
        ids = [n for n in self.nobles if n] + [c for lv in LEVELS for c in self.market[lv] if c]
        return sorted(ids + ([self.scan] if self.scan else []))


@dataclass(frozen=True)
class Conditions:
    """How the photo is taken. Defaults: a clean, straight-down 2304 x 1296 frame at 75 cm."""

    width: int = 2304
    height: int = 1296
    distance_mm: float = 750.0  # camera height above the mat
    tilt_deg: float = 0.0  # optical axis off vertical
    tilt_dir_deg: float = 90.0  # side the camera leans out to (0: +x, 90: +y, towards the bottom)
    roll_deg: float = 0.0  # turn about the optical axis (180: camera mounted upside down)
    hfov_deg: float = 64.0
    k1: float = -0.04  # radial distortion (barrel when negative)
    k2: float = 0.005
    aim_mm: tuple[float, float] = (400.0, 230.0)  # mat point the camera looks at
    blur_sigma: float = 0.5  # defocus, px
    noise_gain: float = 0.0015  # shot noise: variance = gain * level (level 0..1)
    noise_read_dn: float = 2.0  # read noise, DN
    light_grad: float = 0.1  # brightness falls by this fraction across the frame
    light_dir_deg: float = 30.0
    vignette: float = 0.1  # corner darkening fraction
    spot: float = 0.0  # lamp hot spot strength (0 = none)
    shade: float = 0.0  # soft shadow blob strength (0 = none)
    exposure: float = 1.0
    white_balance: tuple[float, float, float] = (1.0, 1.0, 1.0)  # B, G, R gains
    sharpen: float = 0.3
    jpeg_quality: int | None = 90  # None: no JPEG round trip
    hand: bool = False
    #: "over" (reaching over the mat), or near it and hiding nothing a turn depends on:
    #: "beside", "margin", "sleeve" (workbench.synthetic.hand.random_near_hand), "markers"
    #: (random_markers_hand).
    hand_kind: str = "over"
    table_style: int = 0
    #: The mat as ``print-mat`` prints it (labels in the slots, colour names over the lanes) in
    #: this language ("en", "pl", "ko"); "": as in the shared samples (colour dots, "I/II/III",
    #: "SCAN").
    printed_mat: str = ""
    seed: int = 1

    def __post_init__(self) -> None:
        if self.width < 320 or self.height < 240:
            raise ValueError(f"A {self.width} x {self.height} frame is too small to render the table.")
        if not 300 <= self.distance_mm <= 2000:
            raise ValueError(f"A camera {self.distance_mm} mm above the mat is outside 300-2000 mm.")
        if not 0 <= self.tilt_deg <= 45:
            raise ValueError(f"A tilt of {self.tilt_deg} degrees is outside 0-45.")




def _in_frame(quad: np.ndarray, w: int, h: int, margin: float = 2.0) -> bool:
    return bool((quad[:, 0] >= margin).all() and (quad[:, 0] <= w - 1 - margin).all()
                and (quad[:, 1] >= margin).all() and (quad[:, 1] <= h - 1 - margin).all())


def _camera(cond: Conditions) -> Camera:
    return make_camera(
        cond.width, cond.height, distance_mm=cond.distance_mm, tilt_deg=cond.tilt_deg,
        tilt_dir_deg=cond.tilt_dir_deg, roll_deg=cond.roll_deg, hfov_deg=cond.hfov_deg,
        k1=cond.k1, k2=cond.k2, aim_mm=tuple(cond.aim_mm),
    )


# --------------------------------------------------------------------------- random scenes


def random_table_state(rng: np.random.Generator, players: int = 3, phase: str | None = None) -> TableState:
    """A plausible table during a game of ``players`` (2-4): nobles, market, decks and bank."""
    if not 2 <= players <= 4:
        raise ValueError(f"Splendor is played by 2 to 4 players, not {players}.")
    cat = catalogue()
    phase = phase or str(rng.choice(["early", "mid", "late"]))
    by_level = {lv: sorted(k for k, v in cat.items() if v.level == lv) for lv in (0, 1, 2, 3)}
    pool = {lv: list(rng.permutation(by_level[lv])) for lv in (0, 1, 2, 3)}
    gone = {"early": 0.0, "mid": 0.35, "late": 0.8}[phase]
    nobles: list = [str(n) for n in pool[0][: players + 1]]
    nobles = [n if rng.random() >= gone * 0.5 else None for n in nobles]
    nobles += [None] * (5 - len(nobles))
    decks, market = {}, {}
    for lv in LEVELS:
        total = len(by_level[lv]) - 4
        left = int(round(total * (1 - gone * rng.uniform(0.5, 1.0))))
        if phase == "late" and rng.random() < 0.3:
            left = 0
        decks[lv] = left
        cards = [str(c) for c in pool[lv][:4]]
        if left == 0:
            cards = [c if rng.random() > 0.3 else None for c in cards]
        market[lv] = cards
    start = {2: 4, 3: 5, 4: 7}[players]
    bank = {}
    for c in COLOURS[:5]:
        bank[c] = int(np.clip(start - rng.binomial(start, gone * 0.7 + 0.1), 0, start))
    bank["gold"] = int(5 - rng.binomial(5, gone * 0.5))
    scan = None
    if rng.random() < 0.3:
        lv = int(rng.integers(1, 4))
        scan = str(pool[lv][4 + int(rng.integers(0, 8))])
    untagged = set()
    if rng.random() < 0.15:
        placed = [n for n in nobles if n] + [c for lv in LEVELS for c in market[lv] if c]
        untagged.add(str(rng.choice(placed)))
    foreign = []
    if rng.random() < 0.15:
        foreign.append(str(rng.choice(FOREIGN_PAYLOADS)))
    return TableState(nobles=nobles, market=market, decks=decks, bank=bank, scan=scan,
                      untagged=frozenset(untagged), foreign=tuple(foreign))


def _markers_visible(cond: Conditions) -> int:
    mat = load_mat()
    cam = _camera(cond)
    n = 0
    for mid in mat.marker_corners:
        q = cam.project(np.array(mat.marker_paper(mid)))
        n += _in_frame(q, cond.width, cond.height, 4.0)
    return n


def random_conditions(rng: np.random.Generator, *, size: tuple[int, int] | None = None,
                      hand: bool | None = None, hard: bool | None = None) -> Conditions:
    """Varied photo conditions within the spec: 65-85 cm, tilt up to 15 degrees, any turn, all
    four markers in view, light from soft to hard. ``size``/``hand``/``hard`` pin those choices."""
    if size is None:
        size = SIZES[int(rng.choice(3, p=[0.7, 0.1, 0.2]))]
    hand = bool(rng.random() < 0.15) if hand is None else hand
    hard = bool(rng.random() < 0.2) if hard is None else hard
    for _ in range(50):
        roll = 180.0 + rng.uniform(-4, 4) if rng.random() < 0.2 else rng.uniform(-6, 6)
        cond = Conditions(
            width=size[0], height=size[1],
            distance_mm=float(rng.uniform(650, 850)),
            tilt_deg=float(rng.uniform(0, 15) * (rng.random() < 0.8)),
            tilt_dir_deg=float(rng.uniform(0, 360)),
            roll_deg=float(roll),
            hfov_deg=float(rng.uniform(62, 66)),
            k1=float(rng.uniform(-0.07, -0.02)), k2=float(rng.uniform(-0.01, 0.02)),
            aim_mm=(float(400 + rng.uniform(-30, 30)), float(230 + rng.uniform(-20, 20))),
            blur_sigma=float(rng.uniform(0.6, 1.1) if hard else rng.uniform(0.25, 0.9)),
            noise_gain=float(rng.uniform(0.0015, 0.003) if hard else rng.uniform(0.0003, 0.002)),
            noise_read_dn=float(rng.uniform(1.5, 3.8)),
            light_grad=float(rng.uniform(0.25, 0.4) if hard else rng.uniform(0.03, 0.25)),
            light_dir_deg=float(rng.uniform(0, 360)),
            vignette=float(rng.uniform(0.25, 0.4) if hard else rng.uniform(0.0, 0.2)),
            spot=float(rng.uniform(0.12, 0.3)) if rng.random() < 0.2 else 0.0,
            shade=float(rng.uniform(0.2, 0.4)) if rng.random() < (0.8 if hard else 0.4) else 0.0,
            exposure=float(rng.uniform(0.88, 1.1)),
            white_balance=tuple(float(v) for v in rng.uniform(0.9, 1.07, 3)),
            sharpen=float(rng.uniform(0.0, 0.5)),
            jpeg_quality=int(rng.integers(80, 96)),
            hand=hand,
            table_style=int(rng.integers(0, len(TABLE_STYLES))),
            seed=int(rng.integers(0, 2**31 - 1)),
        )
        if _markers_visible(cond) == 4:
            return cond
    return cond

