"""Synthetic top-down photos of the table (mat v1), with the read-table answer they should get.

    from vision.render import TableState, Conditions, render_table
    image_bgr, truth = render_table(TableState(...), Conditions(seed=1))

The scene is pasted into a flat texture of the mat (cached sprites: cards with art and QR
stickers, nobles, decks, tokens, markers), seen once through a posed pinhole camera with radial
distortion (one cv2.remap), then lit, blurred, made noisy and JPEG-compressed. Everything random
comes from ``Conditions.seed``; the same state and conditions give the same bytes.

The truth has read-table's fields (``mat``, ``markers``, ``nobles``, ``market``, ``decks``,
``bank``, ``scan``, ``tags``, ``foreign``, ``busy``) and ``_gt`` like the provided samples
(/work/shared/samples/table-v1): ``px_per_module``, ``occluded``, ``tag_corners_px`` (TL, TR, BR,
BL of each QR symbol), ``tag_slots``, ``present_ids``, ``untagged``, ``tokens`` (count, mode and
centres in mat mm per lane), ``deck_cards``, ``hand``, ``camera``, ``degradation``,
``mat_corners_px``, plus ``marker_corners_px``, ``foreign_corners_px`` and per lane
``centres_px`` (the tokens' top faces in the image).

Rules: a slot whose card or noble has no sticker is ``"?"``; a slot under a hand still holds
what is physically there; ``tags``/``foreign``/``markers`` list only what is wholly in the frame
and not under a hand (less than ``VISIBLE_OCCLUSION`` covered, as in the samples, where a code
a third covered is not listed); with fewer than 3 markers in view the slots are null and the
bank empty, as read-table reports.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from collections.abc import Iterable, Mapping, Sequence

import cv2
import numpy as np

from vision.mat import COLOURS, load_mat
from vision.render_camera import Camera, make_camera
from vision.render_hand import Hand, hand_sprite, hand_world_transform, random_hand
from vision.render_sprites import (
    CARD_H,
    CARD_THICKNESS,
    CARD_W,
    MAT_MARGIN,
    NOBLE_SIDE,
    TABLE_ORIGIN,
    TABLE_STYLES,
    TOKEN_THICKNESS,
    card_edge_sprite,
    catalogue,
    card_sprite,
    deck_sprite,
    mat_texture,
    noble_sprite,
    premultiplied,
    sticker,
    table_texture,
    token_side_sprite,
    token_sprite,
)

__all__ = [
    "TableState",
    "Conditions",
    "render_table",
    "random_table_state",
    "random_conditions",
    "write_frames",
]

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
    table_style: int = 0
    seed: int = 1

    def __post_init__(self) -> None:
        if self.width < 320 or self.height < 240:
            raise ValueError(f"A {self.width} x {self.height} frame is too small to render the table.")
        if not 300 <= self.distance_mm <= 2000:
            raise ValueError(f"A camera {self.distance_mm} mm above the mat is outside 300-2000 mm.")
        if not 0 <= self.tilt_deg <= 45:
            raise ValueError(f"A tilt of {self.tilt_deg} degrees is outside 0-45.")


# --------------------------------------------------------------------------- compositing


@dataclass
class _Scene:
    """Per-frame bookkeeping while pasting."""

    tex: np.ndarray
    scale: float
    tags: list = field(default_factory=list)  # (payload, kind, slot, corners_mm)


_SHADOWS: dict = {}


def _shadow_of(sprite: np.ndarray, blur_px: float) -> tuple[np.ndarray, int]:
    """The sprite's soft shadow (blurred alpha, padded); cached per sprite object."""
    key = (id(sprite), round(blur_px, 2))
    hit = _SHADOWS.get(key)
    if hit is not None and hit[0] is sprite:
        return hit[1], hit[2]
    pad = int(math.ceil(3 * blur_px)) + 1
    a = cv2.copyMakeBorder(sprite[..., 3], pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    sh = cv2.GaussianBlur(a, (0, 0), blur_px)
    if len(_SHADOWS) > 300:
        _SHADOWS.clear()
    _SHADOWS[key] = (sprite, sh, pad)  # holding the sprite keeps its id from being reused
    return sh, pad


def _paste(scene: _Scene, sprite: np.ndarray, local_mm: tuple[float, float], centre_mm, angle_deg: float,
           shadow: float = 0.35, shadow_mm: float = 1.2) -> np.ndarray:
    """Paste a BGRA sprite rotated by ``angle_deg`` so its local point ``local_mm`` lands on mat
    point ``centre_mm``, over a soft shadow. Returns the 2x3 affine from sprite mm to mat mm."""
    s = scene.scale
    m = MAT_MARGIN
    a = math.radians(angle_deg)
    R = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    c = np.asarray(centre_mm, float)
    # mat mm = R (q - local) + c ; texture px = (mm + m) * s ; sprite px = q * s
    t = (c + m) * s - R @ (np.asarray(local_mm) * s)
    h, w = sprite.shape[:2]
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], float) @ R.T + t
    pad = int(math.ceil(4 * shadow_mm * s)) + 2
    x0 = max(0, int(math.floor(corners[:, 0].min())) - pad)
    y0 = max(0, int(math.floor(corners[:, 1].min())) - pad)
    x1 = min(scene.tex.shape[1], int(math.ceil(corners[:, 0].max())) + pad)
    y1 = min(scene.tex.shape[0], int(math.ceil(corners[:, 1].max())) + pad)
    if x1 > x0 and y1 > y0:
        size = (x1 - x0, y1 - y0)
        roi = scene.tex[y0:y1, x0:x1]
        M = np.hstack([R, (t - [x0, y0])[:, None]])
        # Sprites are premultiplied: out = sprite + roi * (1 - alpha) * (1 - shadow).
        warped = cv2.warpAffine(sprite, M, size, flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
        keep = cv2.bitwise_not(cv2.extractChannel(warped, 3))
        if shadow > 0:
            # Light from the top left: the shadow falls a little down and right on the mat.
            sh, sp = _shadow_of(sprite, max(1.0, shadow_mm * s))
            off = np.array([0.5, 0.8]) * shadow_mm * s
            Ms = np.hstack([R, (t - [x0, y0] + off - R @ [sp, sp])[:, None]])
            shw = cv2.warpAffine(sh, Ms, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
            keep = cv2.multiply(keep, cv2.bitwise_not(cv2.multiply(shw, shadow)), scale=1 / 255.0)
        under = cv2.multiply(roi, cv2.merge([keep, keep, keep]), scale=1 / 255.0)
        cv2.add(under, cv2.cvtColor(warped, cv2.COLOR_BGRA2BGR), dst=roi)
    A = np.hstack([R, (c - R @ np.asarray(local_mm))[:, None]])
    return A


def _apply(A: np.ndarray, pts) -> list[tuple[float, float]]:
    p = np.asarray(pts, float)
    return [tuple(v) for v in (p @ A[:, :2].T + A[:, 2])]


def _rect_centre(r) -> tuple[float, float]:
    return (r[0] + r[2] / 2.0, r[1] + r[3] / 2.0)


def _token_centres(rng: np.random.Generator, rect, count: int, capacity: int, d: float) -> tuple[str | None, list]:
    """Where ``count`` tokens lie in a lane: on the printed places, pushed to one end, or loose."""
    if count == 0:
        return None, []
    x, y, w, h = rect
    cy = y + h / 2
    pitch = w / 7.0  # 41 mm places, also in the 5-place gold lane
    mode = str(rng.choice(["places", "pushed", "loose"]))
    if mode == "places":
        xs = [x + pitch * (i + 0.5) + rng.uniform(-0.4, 0.4) for i in range(count)]
    elif mode == "pushed":
        steps = np.concatenate([[0.0], np.cumsum(d + rng.uniform(0.1, 0.6, count - 1))])
        if rng.random() < 0.5:  # pushed to the right end
            xs = list(x + w - d / 2 - rng.uniform(0.0, 1.0) - steps[::-1])
        else:
            xs = list(x + d / 2 + rng.uniform(0.0, 1.0) + steps)
    else:
        span = (pitch * capacity if capacity < 7 else w) - count * d
        gaps = rng.dirichlet(np.ones(count + 1)) * max(0.0, span - 2.0) + 0.2
        xs, cur = [], x + 0.5
        for i in range(count):
            cur += gaps[i]
            xs.append(cur + d / 2)
            cur += d
    return mode, [(float(xx), float(cy + rng.uniform(-1.5, 1.5))) for xx in xs]


def _texture_scale(cam: Camera) -> float:
    """Texture px/mm: a little above the finest image scale on the mat, from a few fixed steps
    so cached sprites are reused."""
    mat = load_mat()
    W, H = mat.size
    pts = np.array([[x, y] for x in (0, W / 2, W) for y in (0, H / 2, H)], float)
    need = 1.15 * float(cam.px_per_mm(pts).max())
    for s in (3.5, 4.5, 6.0, 8.0):
        if s >= need:
            return s
    return 8.0


def _compose(state: TableState, rng: np.random.Generator, scale: float, style: int, cam: Camera | None = None):
    """The mat texture with everything on it; returns (scene, token truth, foreign placements)."""
    mat = load_mat()
    scene = _Scene(mat_texture(scale, style).copy(), scale)
    j = lambda a: float(rng.uniform(-a, a))  # noqa: E731 - small placement jitter

    def parallax(p, height_mm):
        """Where the top of something ``height_mm`` tall standing at mat point ``p`` appears,
        as a mat point (it leans away from the point under the camera)."""
        if cam is None:
            return np.asarray(p, float)
        p = np.asarray(p, float)
        return p + height_mm * (p - cam.C[:2]) / (-cam.C[2] - height_mm)

    for level in LEVELS:
        n = state.decks[level]
        if n > 0:
            base = np.add(_rect_centre(mat.decks[level]), (j(1.5), j(1.5)))
            ang = j(2.0)
            top = parallax(base, n * CARD_THICKNESS)
            layers = max(1, min(8, n))
            for k in range(layers):  # the stack's sides, shadowed at the bottom
                f = k / layers
                edge = card_edge_sprite(scale, int(150 + 70 * f))
                _paste(scene, edge, (CARD_W / 2, CARD_H / 2), base + (top - base) * f, ang + j(0.6),
                       shadow=0.35 if k == 0 else 0.0)
            _paste(scene, deck_sprite(level, scale), (CARD_W / 2, CARD_H / 2), top, ang, shadow=0.0)
    for i, nid in enumerate(state.nobles):
        if nid:
            tagged = nid not in state.untagged
            spr, qr = noble_sprite(nid, scale, tagged)
            A = _paste(scene, spr, (NOBLE_SIDE / 2, NOBLE_SIDE / 2), np.add(_rect_centre(mat.nobles[i]), (j(1.5), j(1.5))), j(3.0))
            if qr:
                scene.tags.append(("SPL:" + nid, "game", f"nobles.{i}", _apply(A, qr)))
    for level in LEVELS:
        for i, cid in enumerate(state.market[level]):
            if cid:
                tagged = cid not in state.untagged
                spr, qr = card_sprite(cid, scale, tagged)
                A = _paste(scene, spr, (CARD_W / 2, CARD_H / 2), np.add(_rect_centre(mat.market[level][i]), (j(1.5), j(1.5))), j(2.5))
                if qr:
                    scene.tags.append(("SPL:" + cid, "game", f"market.{level}.{i}", _apply(A, qr)))
    if state.scan:
        tagged = state.scan not in state.untagged
        spr, qr = card_sprite(state.scan, scale, tagged)
        # Shown landscape in the 100 x 72 mm zone, either way round.
        ang = float(rng.choice([90.0, -90.0])) + j(8.0)
        A = _paste(scene, spr, (CARD_W / 2, CARD_H / 2), np.add(_rect_centre(mat.scan), (j(3.0), j(2.0))), ang)
        if qr:
            scene.tags.append(("SPL:" + state.scan, "game", "scan", _apply(A, qr)))

    tokens = {}
    d = mat.token_diameter
    for colour in COLOURS:
        mode, centres = _token_centres(rng, mat.bank[colour], state.bank[colour], mat.lane_capacity[colour], d)
        spr = token_sprite(colour, scale, d)
        side = token_side_sprite(colour, scale, d)
        for c in centres:
            ang = float(rng.uniform(0, 360))
            _paste(scene, side, (d / 2, d / 2), c, ang, shadow=0.3, shadow_mm=1.0)
            _paste(scene, spr, (d / 2, d / 2), parallax(c, TOKEN_THICKNESS), ang, shadow=0.0)
        tokens[colour] = {"count": len(centres), "mode": mode, "centres_mm": [[round(x, 1), round(y, 1)] for x, y in centres]}

    # Foreign codes: on free parts of the mat, or on the table just off it, where the camera sees.
    spots = [(522.0, 50.0), (590.0, 432.0), (-30.0, 230.0), (400.0, 490.0), (830.0, 240.0), (22.0, 250.0)]
    order = [int(i) for i in rng.permutation(len(spots))]
    used = []
    for payload in state.foreign:
        size = float(rng.uniform(22, 28))
        spr, qr = sticker(payload, "", scale, False, size)
        spr = premultiplied(spr)
        h, w = spr.shape[:2]
        for k in order:
            if k in used:
                continue
            c = np.add(spots[k], (j(3.0), j(3.0)))
            half = math.hypot(w, h) / scale / 2
            ring = [(c[0] + dx, c[1] + dy) for dx in (-half, half) for dy in (-half, half)]
            if cam is None or _in_frame(cam.project(np.array(ring)), cam.width, cam.height, 8.0):
                used.append(k)
                break
        else:
            continue  # nowhere in view: the code stays in the player's pocket
        A = _paste(scene, spr, (w / 2 / scale, h / 2 / scale), c, float(rng.uniform(0, 360)), shadow=0.2, shadow_mm=0.6)
        scene.tags.append((payload, "foreign", None, _apply(A, qr)))
    return scene, tokens


# --------------------------------------------------------------------------- camera side


_MAP_CACHE: dict = {}


def _maps(cam: Camera, scale: float):
    """(texture maps, table maps) for cv2.remap; cached for a few recent cameras (the referee's
    tests render many stills with one camera; 2304 x 1296 maps take 36 MB)."""
    key = (cam.width, cam.height, cam.f, cam.R.tobytes(), cam.C.tobytes(), cam.k1, cam.k2, scale)
    hit = _MAP_CACHE.get(key)
    if hit is not None:
        return hit
    mx, my = cam.plane_maps((-MAT_MARGIN, -MAT_MARGIN), scale)
    # Table texture: 1 px/mm from TABLE_ORIGIN.
    tx = mx / scale + (-MAT_MARGIN - TABLE_ORIGIN[0])
    ty = my / scale + (-MAT_MARGIN - TABLE_ORIGIN[1])
    hi = cv2.convertMaps(mx, my, cv2.CV_16SC2)
    lo = cv2.convertMaps(tx, ty, cv2.CV_16SC2)
    if len(_MAP_CACHE) >= 2:
        _MAP_CACHE.pop(next(iter(_MAP_CACHE)))
    _MAP_CACHE[key] = (hi, lo)
    return hi, lo


def _camera(cond: Conditions) -> Camera:
    return make_camera(
        cond.width, cond.height, distance_mm=cond.distance_mm, tilt_deg=cond.tilt_deg,
        tilt_dir_deg=cond.tilt_dir_deg, roll_deg=cond.roll_deg, hfov_deg=cond.hfov_deg,
        k1=cond.k1, k2=cond.k2, aim_mm=tuple(cond.aim_mm),
    )


def _draw_hand(img: np.ndarray, cam: Camera, hand: Hand) -> np.ndarray:
    """Composite the hand (and its shadow) into the image; returns its coverage mask (uint8)."""
    spr, A_sl = hand_sprite(hand)
    A_lw = hand_world_transform(hand)
    # Four points around the hand, sprite px -> world mm -> image px; a homography between them.
    local = np.array([[-250, -120], [40, -120], [40, 120], [-250, 120]], float)
    A_ls = np.linalg.inv(np.vstack([A_sl, [0, 0, 1]]))[:2]  # local mm -> sprite px
    src = (local @ A_ls[:, :2].T + A_ls[:, 2]).astype(np.float32)
    world = local @ A_lw[:, :2].T + A_lw[:, 2]
    H, W = img.shape[:2]
    out_mask = np.zeros((H, W), np.uint8)
    # Shadow on the mat: the hand's outline dropped to the table, offset away from the light.
    off = np.array([0.35, 0.5]) * hand.height_mm
    for z, is_shadow in ((0.0, True), (-hand.height_mm, False)):
        wp = world + (off if is_shadow else 0)
        dst = cam.project(np.hstack([wp, np.full((4, 1), z)])).astype(np.float32)
        Hm = cv2.getPerspectiveTransform(src, dst)
        if is_shadow:
            a = cv2.warpPerspective(spr[..., 3], Hm, (W, H), flags=cv2.INTER_LINEAR)
            a = cv2.GaussianBlur(a, (0, 0), 6 + hand.height_mm * 0.25)
            f = 1.0 - 0.45 * a.astype(np.float32)[..., None] / 255.0
            img[:] = (img.astype(np.float32) * f).astype(np.uint8)
        else:
            # The hand is nearer than the mat the lens is focused on: a little out of focus.
            warped = cv2.warpPerspective(premultiplied(spr), Hm, (W, H), flags=cv2.INTER_LINEAR)
            warped = cv2.GaussianBlur(warped, (0, 0), 1.0 + hand.height_mm / 40.0)
            a = cv2.extractChannel(warped, 3)
            keep = cv2.bitwise_not(a)
            under = cv2.multiply(img, cv2.merge([keep, keep, keep]), scale=1 / 255.0)
            cv2.add(under, cv2.cvtColor(warped, cv2.COLOR_BGRA2BGR), dst=img)
            out_mask = a
    return out_mask


_NOISE: dict = {}
LENS_SOFTNESS_PX = 0.85


def _noise_field(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """Unit Gaussian noise (H, W, 3) float32: a random window of a cached field, for speed."""
    key = (h, w)
    base = _NOISE.get(key)
    if base is None:
        base = np.random.default_rng(12345).standard_normal((h + 64, w + 64, 3), dtype=np.float32)
        _NOISE.clear()
        _NOISE[key] = base
    dy, dx = (int(v) for v in rng.integers(0, 64, 2))
    return base[dy : dy + h, dx : dx + w]


def _degrade(img: np.ndarray, cond: Conditions, rng: np.random.Generator) -> tuple[np.ndarray, dict]:
    """Light, blur, noise, sharpening: the room and the camera. Returns the uint8 image and the
    random choices made (for ``_gt.degradation``)."""
    H, W = img.shape[:2]
    info: dict = {}
    # Lens, sensor and demosaicing soften even a focused image: LENS_SOFTNESS_PX adds to the
    # defocus in quadrature (calibrated so small codes decode about as often as in the samples).
    total = math.hypot(cond.blur_sigma, LENS_SOFTNESS_PX)
    info["blur_total_px"] = round(total, 3)
    img = cv2.GaussianBlur(img, (0, 0), total)
    # Smooth gain map at low resolution: light gradient, vignetting, a soft shadow.
    gh, gw = max(8, H // 16), max(8, W // 16)
    yy, xx = np.mgrid[0:gh, 0:gw].astype(np.float32)
    xn = (xx + 0.5) / gw * 2 - 1
    yn = (yy + 0.5) / gh * 2 - 1
    a = math.radians(cond.light_dir_deg)
    # Brightness varies by +-light_grad/2 around the exposure across the frame.
    grad = 1.0 + 0.5 * cond.light_grad * (xn * math.cos(a) + yn * math.sin(a)) / math.sqrt(2)
    r2 = (xn**2 + (yn * H / W) ** 2) / (1 + (H / W) ** 2)
    gain = grad * (1.0 + 0.3 * cond.vignette - cond.vignette * r2)
    if cond.shade > 0:
        sx, sy = rng.uniform(-1, 1, 2)
        sr = rng.uniform(0.3, 0.9)
        gain = gain * (1.0 - cond.shade * np.exp(-((xn - sx) ** 2 + ((yn - sy) * H / W) ** 2) / (2 * sr * sr)))
        info["shade"] = {"x": int((sx + 1) / 2 * W), "y": int((sy + 1) / 2 * H), "r": int(sr * W / 2), "amp": round(cond.shade, 3)}
    wb = np.array(cond.white_balance, np.float32) * cond.exposure
    gain3 = cv2.resize((gain[..., None] * wb).astype(np.float32), (W, H), interpolation=cv2.INTER_LINEAR)
    f = cv2.multiply(img, gain3, dtype=cv2.CV_32F)
    if cond.spot > 0:  # a lamp's hot spot: added light, washes colours out
        sx, sy = rng.uniform(-0.7, 0.7, 2)
        sr = rng.uniform(0.08, 0.25)
        spot = cond.spot * 255.0 * np.exp(-((xn - sx) ** 2 + ((yn - sy) * H / W) ** 2) / (2 * sr * sr))
        spot = cv2.resize(np.repeat(spot[..., None], 3, axis=2).astype(np.float32), (W, H), interpolation=cv2.INTER_LINEAR)
        f = cv2.add(f, spot)
        info["spot"] = {"x": int((sx + 1) / 2 * W), "y": int((sy + 1) / 2 * H), "r": int(sr * W / 2), "amp": round(cond.spot, 3)}
    # Sensor noise: shot noise grows with the signal, read noise does not (a lookup per level).
    # (0.6: calibrated so a flat mat patch shows the 3-4 DN of the provided samples.)
    lut = 0.6 * np.sqrt(cond.noise_gain * np.arange(256) / 255.0 + (cond.noise_read_dn / 255.0) ** 2) * 255.0
    if rng.random() < 0.5:
        lut = -lut
    sigma = cv2.LUT(cv2.convertScaleAbs(f), lut.astype(np.float32))
    f = cv2.add(f, cv2.multiply(sigma, _noise_field(H, W, rng)))
    if cond.sharpen > 0:  # the camera's own sharpening
        return cv2.addWeighted(f, 1.0 + cond.sharpen, cv2.GaussianBlur(f, (0, 0), 1.2), -cond.sharpen, 0.0, dtype=cv2.CV_8U), info
    return cv2.convertScaleAbs(f), info
    return np.clip(f, 0, 255).astype(np.uint8), info


# --------------------------------------------------------------------------- truth


def _quad_occlusion(mask: np.ndarray | None, quad: np.ndarray) -> float:
    if mask is None:
        return 0.0
    x0, y0 = np.floor(quad.min(0)).astype(int)
    x1, y1 = np.ceil(quad.max(0)).astype(int) + 1
    H, W = mask.shape
    x0c, y0c, x1c, y1c = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
    if x1c <= x0c or y1c <= y0c:
        return 0.0
    poly = np.zeros((y1c - y0c, x1c - x0c), np.uint8)
    cv2.fillPoly(poly, [np.round((quad - [x0c, y0c]) * 16).astype(np.int32).reshape(-1, 1, 2)], 255, cv2.LINE_8, 4)
    area = int(np.count_nonzero(poly))
    if area == 0:
        return 0.0
    cov = np.count_nonzero((poly > 0) & (mask[y0c:y1c, x0c:x1c] > 127))
    return cov / area


def _in_frame(quad: np.ndarray, w: int, h: int, margin: float = 2.0) -> bool:
    return bool((quad[:, 0] >= margin).all() and (quad[:, 0] <= w - 1 - margin).all()
                and (quad[:, 1] >= margin).all() and (quad[:, 1] <= h - 1 - margin).all())


VISIBLE_OCCLUSION = 0.01  # a tag counts as seen only if (almost) nothing of it is under a hand


def _truth(state, cond, cam, scene, tokens, hand, hand_mask, light_info) -> dict:
    mat = load_mat()
    W, H = cond.width, cond.height
    markers = []
    for mid in sorted(mat.marker_corners):
        q = cam.project(np.array(mat.marker_square(mid)))
        b = mat.marker_border
        x, y = mat.marker_corners[mid]
        s = mat.marker_size
        outer = cam.project(np.array([(x - b, y - b), (x + s + b, y - b), (x + s + b, y + s + b), (x - b, y + s + b)]))
        if _in_frame(outer, W, H, 1.0) and _quad_occlusion(hand_mask, q) < VISIBLE_OCCLUSION:
            markers.append(mid)
    mat_ok = len(markers) >= 3
    tags, foreign = set(), set()
    ppm, occl, corners_px, slots, foreign_px = {}, {}, {}, {}, {}
    for payload, kind, slot, cmm in scene.tags:
        quad = cam.project(np.array(cmm))
        occ = _quad_occlusion(hand_mask, quad)
        seen = _in_frame(quad, W, H) and occ < VISIBLE_OCCLUSION
        if kind == "game":
            tid = payload[4:]
            side = np.mean([np.linalg.norm(quad[i] - quad[(i + 1) % 4]) for i in range(4)])
            ppm[tid] = round(float(side) / 21.0, 3)
            occl[tid] = round(float(occ), 3)
            corners_px[tid] = [[round(float(u), 2), round(float(v), 2)] for u, v in quad]
            slots[tid] = slot
            if seen:
                tags.add(tid)
        else:
            foreign_px[payload] = [[round(float(u), 2), round(float(v), 2)] for u, v in quad]
            if seen:
                foreign.add(payload)

    def slot_value(cid):
        if cid is None:
            return None
        return "?" if cid in state.untagged else cid

    untagged_slots = []
    for i, n in enumerate(state.nobles):
        if n and n in state.untagged:
            untagged_slots.append(f"nobles.{i}")
    for lv in LEVELS:
        for i, c in enumerate(state.market[lv]):
            if c and c in state.untagged:
                untagged_slots.append(f"market.{lv}.{i}")
    if state.scan and state.scan in state.untagged:
        untagged_slots.append("scan")
    if mat_ok:
        nobles = [slot_value(n) for n in state.nobles]
        market = {str(lv): [slot_value(c) for c in state.market[lv]] for lv in LEVELS}
        decks = {str(lv): state.decks[lv] > 0 for lv in LEVELS}
        bank = {c: state.bank[c] for c in COLOURS}
        scan = slot_value(state.scan)
    else:  # spec: without the mat only tags and foreign are filled
        nobles = [None] * 5
        market = {str(lv): [None] * 4 for lv in LEVELS}
        decks = {str(lv): False for lv in LEVELS}
        bank = {}
        scan = None
    mat_corners = cam.project(np.array([(0, 0), (mat.size[0], 0), mat.size, (0, mat.size[1])], float))
    gt = {
        "category": "busy" if hand else ("hard" if cond.light_grad > 0.28 or cond.vignette > 0.3 or cond.blur_sigma > 1.0 else "normal"),
        "resolution": [W, H],
        "px_per_module": ppm,
        "occluded": occl,
        "present_ids": state.present_ids(),
        "untagged": untagged_slots[0] if len(untagged_slots) == 1 else (untagged_slots or None),
        "deck_cards": {str(lv): state.decks[lv] for lv in LEVELS},
        "hand": ({**hand.to_json(), "mat_covered": round(float(_quad_occlusion(hand_mask, mat_corners)), 4)} if hand else None),
        "px_per_mm_centre": round(float(cam.px_per_mm(np.array([[mat.size[0] / 2, mat.size[1] / 2]]))[0]), 3),
        "camera": cam.to_json(),
        "degradation": {
            "light_grad": round(cond.light_grad, 3), "vignette": round(cond.vignette, 3), **light_info,
            "blur_sigma": round(cond.blur_sigma, 3), "exposure": round(cond.exposure, 3),
            "wb": [round(v, 3) for v in cond.white_balance], "noise_gain": round(cond.noise_gain, 5),
            "noise_read_dn": round(cond.noise_read_dn, 2), "sharpen": round(cond.sharpen, 3),
            "jpeg_quality": cond.jpeg_quality,
        },
        "tokens": {
            colour: {**lane, "centres_px": [
                [round(float(u), 1), round(float(v), 1)]
                for u, v in (cam.project(np.array([[x, y, -TOKEN_THICKNESS] for x, y in lane["centres_mm"]]))
                             if lane["centres_mm"] else [])]}
            for colour, lane in tokens.items()
        },
        "mat_corners_px": [[round(float(u), 1), round(float(v), 1)] for u, v in mat_corners],
        "tag_corners_px": corners_px,
        "tag_slots": slots,
        "marker_corners_px": {str(mid): [[round(float(u), 2), round(float(v), 2)] for u, v in cam.project(np.array(mat.marker_square(mid)))] for mid in sorted(mat.marker_corners)},
        "foreign_corners_px": foreign_px,
        "seed": cond.seed,
    }
    return {
        "mat": mat_ok,
        "markers": markers,
        "nobles": nobles,
        "market": market,
        "decks": decks,
        "bank": bank,
        "scan": scan,
        "tags": sorted(tags),
        "foreign": sorted(foreign),
        "busy": hand is not None,
        "_gt": gt,
    }


# --------------------------------------------------------------------------- entry points


def _render(state: TableState, cond: Conditions) -> tuple[np.ndarray, dict, bytes | None]:
    rng = np.random.default_rng(cond.seed)
    mat = load_mat()
    cam = _camera(cond)
    scale = _texture_scale(cam)
    style = int(cond.table_style) % len(TABLE_STYLES)
    scene, tokens = _compose(state, rng, scale, style, cam)
    hi, lo = _maps(cam, scale)
    img = cv2.remap(table_texture(style), lo[0], lo[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    cv2.remap(scene.tex, hi[0], hi[1], cv2.INTER_LINEAR, dst=img, borderMode=cv2.BORDER_TRANSPARENT)
    hand = hand_mask = None
    hrng = np.random.default_rng([cond.seed, 7])
    if cond.hand:
        hand = random_hand(hrng, mat.size)
        hand_mask = _draw_hand(img, cam, hand)
    img, light_info = _degrade(img, cond, rng)
    data = None
    if cond.jpeg_quality:
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(cond.jpeg_quality)])
        data = buf.tobytes()
        img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    truth = _truth(state, cond, cam, scene, tokens, hand, hand_mask, light_info)
    return img, truth, data


def render_table(state: TableState, cond: Conditions | None = None) -> tuple[np.ndarray, dict]:
    """Render a photo of the table. Returns (BGR uint8 image, truth in read-table form + ``_gt``)."""
    img, truth, _ = _render(state, cond or Conditions())
    return img, truth


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
    b = mat.marker_border
    for mid, (x, y) in mat.marker_corners.items():
        s = mat.marker_size
        q = cam.project(np.array([(x - b, y - b), (x + s + b, y - b), (x + s + b, y + s + b), (x - b, y + s + b)]))
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


def write_frames(out_dir: str | os.PathLike, n: int, seed: int = 0,
                 size: tuple[int, int] | None = None) -> list[str]:
    """Render ``n`` varied frames as ``sample-N.jpg`` with ``sample-N.json`` (the truth) beside
    each, like /work/shared/samples/table-v1 (``size`` pins the frame size; by default 70 %
    2304 x 1296, 20 % 1920 x 1080, 10 % 4608 x 2592). Returns the image paths."""
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for i in range(1, n + 1):
        rng = np.random.default_rng([seed, i])
        players = int(rng.integers(2, 5))
        phase = str(rng.choice(["early", "mid", "late"]))
        state = random_table_state(rng, players=players, phase=phase)
        cond = random_conditions(rng, size=size)
        img, truth, data = _render(state, cond)
        name = f"sample-{i}.jpg"
        path = os.path.join(out_dir, name)
        if data is None:
            cv2.imwrite(path, img, [cv2.IMWRITE_JPEG_QUALITY, 95])
        else:
            with open(path, "wb") as fh:
                fh.write(data)
        truth = {"image": name, **truth}
        truth["_gt"]["players"] = players
        truth["_gt"]["phase"] = phase
        with open(os.path.join(out_dir, f"sample-{i}.json"), "w", encoding="utf-8") as fh:
            json.dump(truth, fh)
        paths.append(path)
    return paths
