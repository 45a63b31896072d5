"""Printed things for the synthetic table renderer: cards, nobles, decks, tokens, stickers, the mat.

Every sprite is drawn once per texture scale (px per mm) and cached: a frame only pastes them.
A sprite is BGRA uint8 (premultiplied when handed to the renderer); sprite-local millimetre q lies at px q * scale (OpenCV's convention:
integer coordinates are pixel centres, as cv2's drawing and warp functions use).
"""

from __future__ import annotations

import csv
import io
import math
import zlib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import cv2
import numpy as np
import segno

from vision.mat import COLOURS

CARD_W, CARD_H = 63.0, 88.0  # real Splendor card, in a 68 x 93 mm slot
NOBLE_SIDE = 60.0  # noble tile, in a 65 mm slot
QR_MM = 30.0  # the QR symbol (21 modules) without its quiet zone
QUIET_MM = 3.5  # sticker margin around the symbol (spec: at least 3 mm)
LABEL_MM = 5.5  # strip under the symbol with the id in text
STICKER_W = QR_MM + 2 * QUIET_MM
STICKER_H = QR_MM + QUIET_MM + LABEL_MM + 1.0
SS = 3  # supersampling factor for drawing sprites

# Gem colours (BGR) as printed on cards; token bodies are separate below.
GEM_BGR = {
    "white": (236, 236, 232),
    "blue": (190, 95, 25),
    "green": (70, 150, 35),
    "red": (45, 40, 200),
    "black": (45, 42, 40),
    "gold": (40, 185, 225),
}
# Token (chip) body, spot and centre colours (BGR).
TOKEN_BGR = {
    "white": ((228, 230, 232), (150, 150, 155), (246, 246, 246)),
    "blue": ((170, 75, 25), (245, 245, 245), (230, 150, 60)),
    "green": ((60, 140, 30), (240, 245, 240), (120, 200, 80)),
    "red": ((40, 35, 190), (240, 240, 245), (80, 80, 240)),
    "black": ((38, 36, 35), (225, 225, 225), (90, 88, 86)),
    "gold": ((30, 180, 225), (240, 250, 250), (110, 225, 250)),
}
LETTER = {"W": "white", "U": "blue", "G": "green", "R": "red", "K": "black"}
DECK_BGR = {1: (60, 135, 40), 2: (35, 165, 225), 3: (165, 80, 30)}


@dataclass(frozen=True)
class CardInfo:
    id: str
    level: int  # 0 for nobles
    bonus: str | None
    points: int
    cost: tuple[int, int, int, int, int]  # white, blue, green, red, black


def _read_csv(name: str) -> list[dict]:
    text = resources.files("companion").joinpath(f"engine/data/{name}").read_text("utf-8")
    return list(csv.DictReader(io.StringIO(text)))


@lru_cache(maxsize=1)
def catalogue() -> dict[str, CardInfo]:
    """Every card and noble id of the base game, with what is printed on it."""
    out: dict[str, CardInfo] = {}
    for row in _read_csv("cards.csv"):
        cost = tuple(int(row[c]) for c in COLOURS[:5])
        out[row["id"]] = CardInfo(row["id"], int(row["level"]), row["bonus"], int(row["points"]), cost)
    for row in _read_csv("nobles.csv"):
        cost = tuple(int(row[c]) for c in COLOURS[:5])
        out[row["id"]] = CardInfo(row["id"], 0, None, int(row["points"]), cost)
    return out


def id_rng(key: str) -> np.random.Generator:
    """A generator fixed by a name: the same physical card always looks the same."""
    return np.random.default_rng(zlib.crc32(key.encode("utf-8")))


# --------------------------------------------------------------------------- drawing helpers


def _pts(p, scale: float) -> np.ndarray:
    """mm points -> int32 px with 4 fractional bits (for cv2's ``shift=4``)."""
    return np.round(np.asarray(p, dtype=np.float64) * scale * 16).astype(np.int32)


def _fill_poly(img, pts_mm, colour, scale) -> None:
    cv2.fillPoly(img, [_pts(pts_mm, scale).reshape(-1, 1, 2)], colour, cv2.LINE_AA, 4)


def _rrect_pts(x, y, w, h, r, n=6):
    """Rounded rectangle outline in mm."""
    pts = []
    for cx, cy, a0 in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)):
        for k in range(n + 1):
            a = math.radians(a0 + 90 * k / n)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _circle(img, c_mm, r_mm, colour, scale, thickness=-1):
    c = tuple(int(v) for v in _pts(c_mm, scale))
    th = thickness if thickness < 0 else max(1, int(round(thickness * scale)))
    cv2.circle(img, c, int(round(r_mm * scale * 16)), colour, th, cv2.LINE_AA, 4)


def _ellipse(img, c_mm, axes_mm, angle, colour, scale, thickness=-1):
    c = tuple(int(v) for v in _pts(c_mm, scale))
    ax = tuple(int(round(a * scale * 16)) for a in axes_mm)
    th = thickness if thickness < 0 else max(1, int(round(thickness * scale)))
    cv2.ellipse(img, c, ax, angle, 0, 360, colour, th, cv2.LINE_AA, 4)


def _line(img, a_mm, b_mm, colour, width_mm, scale):
    a = tuple(int(v) for v in _pts(a_mm, scale))
    b = tuple(int(v) for v in _pts(b_mm, scale))
    cv2.line(img, a, b, colour, max(1, int(round(width_mm * scale))), cv2.LINE_AA, 4)


def _text(img, text, centre_mm, height_mm, colour, scale, bold=2.0, font=cv2.FONT_HERSHEY_SIMPLEX):
    """Text centred at a point, its capital height about ``height_mm``."""
    base = 22.0  # cap height of HERSHEY_SIMPLEX at fontScale 1
    fs = height_mm * scale / base
    th = max(1, int(round(fs * bold)))
    (tw, tht), _ = cv2.getTextSize(text, font, fs, th)
    x = int(round(centre_mm[0] * scale - tw / 2))
    y = int(round(centre_mm[1] * scale + tht / 2))
    cv2.putText(img, text, (x, y), font, fs, colour, th, cv2.LINE_AA)


def _finish(img_ss: np.ndarray, w_mm: float, h_mm: float, scale: float) -> np.ndarray:
    """Supersampled drawing -> sprite at ``scale`` px/mm (area-averaged, edge convention)."""
    w = int(round(w_mm * scale))
    h = int(round(h_mm * scale))
    return cv2.resize(img_ss, (w, h), interpolation=cv2.INTER_AREA)


def _canvas(w_mm, h_mm, scale, colour=(0, 0, 0, 0)) -> np.ndarray:
    w = int(round(w_mm * scale))
    h = int(round(h_mm * scale))
    img = np.zeros((h, w, 4), np.uint8)
    img[:] = colour
    return img


# --------------------------------------------------------------------------- QR and stickers


@lru_cache(maxsize=512)
def qr_matrix(payload: str, tag: bool = True) -> np.ndarray:
    """The QR symbol's modules (1 = dark), no quiet zone. Game tags: version 1, level H."""
    if tag:
        q = segno.make_qr(payload, version=1, error="h", boost_error=False)
    else:
        q = segno.make_qr(payload, error="m")
    return np.array([list(row) for row in q.matrix], dtype=np.uint8)


def draw_qr(img, modules: np.ndarray, x_mm, y_mm, size_mm, scale, colour=(20, 20, 20, 255)):
    """Dark modules as exact (sub-pixel, anti-aliased) squares; runs merged per row."""
    n = modules.shape[0]
    m = size_mm / n
    polys = []
    for r in range(n):
        row = modules[r]
        c = 0
        while c < n:
            if row[c]:
                c0 = c
                while c < n and row[c]:
                    c += 1
                x0, x1 = x_mm + c0 * m, x_mm + c * m
                y0, y1 = y_mm + r * m, y_mm + (r + 1) * m
                polys.append(_pts([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], scale).reshape(-1, 1, 2))
            else:
                c += 1
    cv2.fillPoly(img, polys, colour, cv2.LINE_8, 4)


@lru_cache(maxsize=256)
def sticker(payload: str, label: str, scale: float, tag: bool = True, size_mm: float = QR_MM):
    """A white sticker with a QR code and its label under it.

    Returns (BGRA sprite, QR symbol corners TL, TR, BR, BL in sprite-local mm)."""
    quiet = QUIET_MM if size_mm <= QR_MM else max(QUIET_MM, size_mm * 0.1)
    w = size_mm + 2 * quiet
    h = size_mm + quiet + (LABEL_MM + 1.0 if label else quiet)
    sc = scale * SS
    img = _canvas(w, h, sc)
    rng = id_rng("sticker:" + payload)
    paper = int(rng.integers(238, 250))
    _fill_poly(img, _rrect_pts(0, 0, w, h, 1.5), (paper, paper, paper - 2, 255), sc)
    draw_qr(img, qr_matrix(payload, tag), quiet, quiet, size_mm, sc)
    if label:
        _text(img, label, (w / 2, quiet + size_mm + 0.4 + LABEL_MM / 2), 2.6, (25, 25, 25, 255), sc, bold=2.2)
    # Supersampled centre-convention px map to (q * scale - (SS - 1) / (2 SS)) after INTER_AREA.
    d = -(SS - 1) / (2.0 * SS) / scale
    q0, q1 = quiet + d, quiet + size_mm + d
    corners = ((q0, q0), (q1, q0), (q1, q1), (q0, q1))
    return _finish(img, w, h, scale), corners


# --------------------------------------------------------------------------- art


def _art(rng: np.random.Generator, w_mm: float, h_mm: float, scale: float, tint) -> np.ndarray:
    """A soft painted-looking background: blotches and strokes, drawn coarse then smoothed."""
    lo = 1.5  # px/mm for the blotches
    w, h = max(4, int(w_mm * lo)), max(4, int(h_mm * lo))
    tint = np.array(tint[:3], np.float32)
    base = np.empty((h, w, 3), np.float32)
    c0 = np.clip(tint * rng.uniform(0.6, 1.1) + rng.uniform(-40, 40, 3), 0, 255)
    c1 = np.clip(rng.uniform(40, 230, 3), 0, 255)
    t = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    base[:] = c0 * (1 - t) + c1 * t
    for _ in range(int(rng.integers(5, 10))):
        col = np.clip(tint * rng.uniform(0.4, 1.3) + rng.uniform(-90, 90, 3), 0, 255)
        c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        ax = (int(rng.uniform(w * 0.1, w * 0.6)), int(rng.uniform(h * 0.1, h * 0.5)))
        cv2.ellipse(base, c, ax, float(rng.uniform(0, 180)), 0, 360, col.tolist(), -1, cv2.LINE_AA)
    base = cv2.GaussianBlur(base, (0, 0), 2.0)
    big = cv2.resize(base, (int(round(w_mm * scale)), int(round(h_mm * scale))), interpolation=cv2.INTER_CUBIC)
    # Crisp shapes and strokes on top, at full resolution.
    for _ in range(int(rng.integers(1, 3))):
        col = np.clip(rng.uniform(30, 240, 3), 0, 255).tolist()
        cx, cy = rng.uniform(0.1, 0.9) * w_mm, rng.uniform(0.3, 0.9) * h_mm
        rr = rng.uniform(0.1, 0.25) * w_mm
        pts = [(cx + rr * math.cos(a) * rng.uniform(0.7, 1.2), cy + rr * math.sin(a) * rng.uniform(0.7, 1.2))
               for a in np.linspace(0, 2 * math.pi, int(rng.integers(3, 7)), endpoint=False)]
        _fill_poly(big, pts, col, scale)
    for _ in range(int(rng.integers(3, 8))):
        v = float(rng.choice([30.0, 230.0]))
        a = (rng.uniform(0, w_mm), rng.uniform(0, h_mm))
        ang = rng.uniform(0, math.pi)
        ln = rng.uniform(5, 25)
        b = (a[0] + ln * math.cos(ang), a[1] + ln * math.sin(ang))
        _line(big, a, b, (v, v, v), rng.uniform(0.2, 0.6), scale)
    # Printed card art is pastel next to a screen: pull towards a light grey.
    wash = float(rng.uniform(0.25, 0.45))
    big = big * (1 - wash) + 205.0 * wash
    grain = rng.normal(0, 4.0, big.shape[:2]).astype(np.float32)[..., None]
    return np.clip(big + grain, 0, 255).astype(np.uint8)


def _paste_rgba(dst: np.ndarray, src: np.ndarray, x: int, y: int) -> None:
    """Alpha-blend an axis-aligned BGRA sprite into a BGR or BGRA image at integer px."""
    h, w = src.shape[:2]
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(dst.shape[1], x + w), min(dst.shape[0], y + h)
    if x1 <= x0 or y1 <= y0:
        return
    s = src[y0 - y : y1 - y, x0 - x : x1 - x]
    a = s[..., 3:4].astype(np.float32) / 255.0
    d = dst[y0:y1, x0:x1]
    d[..., :3] = (s[..., :3] * a + d[..., :3] * (1 - a)).astype(np.uint8)
    if dst.shape[2] == 4:
        d[..., 3] = np.maximum(d[..., 3], s[..., 3])


def _rotated_sticker(payload, label, scale, angle_deg, tag=True):
    """Sticker rotated about its centre; returns sprite, QR corners in its local mm, size mm."""
    spr, corners = sticker(payload, label, scale, tag)
    h, w = spr.shape[:2]
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    W = int(math.ceil(abs(w * ca) + abs(h * sa))) + 2
    H = int(math.ceil(abs(w * sa) + abs(h * ca))) + 2
    M = np.array([[ca, -sa, 0.0], [sa, ca, 0.0]])
    M[:, 2] = np.array([W / 2, H / 2]) - M[:, :2] @ np.array([w / 2, h / 2])
    out = cv2.warpAffine(spr, M, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    cmm = [tuple((M[:, :2] @ (np.array(p) * scale) + M[:, 2]) / scale) for p in corners]
    return out, cmm


def _stick(img, payload, label, scale, centre_mm, angle, tag=True):
    """Put a sticker centred at ``centre_mm`` on a sprite; QR corners in sprite mm."""
    spr, cmm = _rotated_sticker(payload, label, scale, angle, tag)
    h, w = spr.shape[:2]
    x = int(round(centre_mm[0] * scale - w / 2))
    y = int(round(centre_mm[1] * scale - h / 2))
    _paste_rgba(img, spr, x, y)
    return [(px + x / scale, py + y / scale) for px, py in cmm]


def premultiplied(img: np.ndarray) -> np.ndarray:
    """BGRA with colour multiplied by alpha: what the renderer pastes (no dark fringes when
    a sprite is resampled)."""
    a = cv2.extractChannel(img, 3)
    bgr = cv2.multiply(cv2.cvtColor(img, cv2.COLOR_BGRA2BGR), cv2.merge([a, a, a]), scale=1 / 255.0)
    return cv2.merge([*cv2.split(bgr), a])


def _alpha_shape(img, pts_mm, scale):
    """Alpha = 255 inside a shape (anti-aliased) on a BGRA canvas."""
    m = np.zeros(img.shape[:2], np.uint8)
    _fill_poly(m, pts_mm, 255, scale)
    img[..., 3] = m


# --------------------------------------------------------------------------- cards, nobles, decks


def _gem_icon(img, c, r, colour, scale):
    pts = [(c[0] + r * math.cos(math.radians(30 + 60 * k)), c[1] + r * math.sin(math.radians(30 + 60 * k))) for k in range(6)]
    _fill_poly(img, pts, (40, 40, 40), scale)
    pts2 = [(c[0] + 0.8 * r * math.cos(math.radians(30 + 60 * k)), c[1] + 0.8 * r * math.sin(math.radians(30 + 60 * k))) for k in range(6)]
    _fill_poly(img, pts2, colour, scale)


@lru_cache(maxsize=256)
def card_sprite(card_id: str, scale: float, tagged: bool = True):
    """A face-up development card (63 x 88 mm). Returns (BGRA, QR corners in card mm or None)."""
    info = catalogue()[card_id]
    rng = id_rng("card:" + card_id)
    tint = GEM_BGR[info.bonus]
    art = _art(rng, CARD_W, CARD_H, scale, tint)
    img = np.dstack([art, np.zeros(art.shape[:2], np.uint8)])
    # Top band with prestige points and the bonus gem.
    band = img[: int(15 * scale), :, :3].astype(np.float32)
    img[: int(15 * scale), :, :3] = (band * 0.45 + 255 * 0.55).astype(np.uint8)
    if info.points:
        _text(img, str(info.points), (7.0, 7.5), 6.5, (30, 30, 30, 255), scale, bold=2.6)
    _gem_icon(img, (CARD_W - 8.0, 7.5), 4.2, GEM_BGR[info.bonus], scale)
    # Cost circles, bottom left, from the bottom up.
    y = CARD_H - 6.0
    for colour, n in zip(COLOURS[:5], info.cost):
        if n:
            _circle(img, (6.0, y), 4.1, (250, 250, 250), scale)
            _circle(img, (6.0, y), 3.5, GEM_BGR[colour], scale)
            tc = (30, 30, 30) if colour == "white" else (250, 250, 250)
            _text(img, str(n), (6.0, y), 3.2, tc, scale, bold=2.4)
            y -= 9.0
    corners = None
    if tagged:
        cx = CARD_W / 2 + rng.uniform(-5, 5)
        cy = rng.choice([CARD_H * 0.38, CARD_H * 0.5, CARD_H * 0.6]) + rng.uniform(-3, 3)
        corners = _stick(img, "SPL:" + card_id, card_id, scale, (cx, cy), rng.uniform(-4, 4))
    # White card edge and rounded corners.
    outline = _rrect_pts(0.3, 0.3, CARD_W - 0.6, CARD_H - 0.6, 3.0)
    cv2.polylines(img, [_pts(outline, scale).reshape(-1, 1, 2)], True, (235, 235, 235, 255), max(1, int(round(1.0 * scale))), cv2.LINE_AA, 4)
    _alpha_shape(img, _rrect_pts(0, 0, CARD_W, CARD_H, 3.0), scale)
    return premultiplied(img), corners


@lru_cache(maxsize=64)
def noble_sprite(noble_id: str, scale: float, tagged: bool = True):
    """A noble tile (60 x 60 mm). Returns (BGRA, QR corners in tile mm or None)."""
    info = catalogue()[noble_id]
    rng = id_rng("noble:" + noble_id)
    art = _art(rng, NOBLE_SIDE, NOBLE_SIDE, scale, (120, 140, 160))
    img = np.dstack([art, np.zeros(art.shape[:2], np.uint8)])
    # A portrait: face and shoulders.
    skin = tuple(float(v) for v in rng.uniform([90, 130, 180], [160, 190, 240]))
    body = tuple(float(v) for v in rng.uniform(30, 220, 3))
    _fill_poly(img, [(22, 60), (26, 44), (54, 44), (58, 60)], body, scale)
    _ellipse(img, (40, 32), (8.5, 11), 0, skin, scale)
    w = int(14 * scale)
    img[:, :w, :3] = (img[:, :w, :3].astype(np.float32) * 0.4 + 0.6 * 235).astype(np.uint8)
    _text(img, str(info.points), (7.0, 7.5), 6.0, (30, 30, 30, 255), scale, bold=2.6)
    y = 19.0
    for colour, n in zip(COLOURS[:5], info.cost):
        if n:
            _fill_poly(img, [(2.5, y - 4), (11.5, y - 4), (11.5, y + 4), (2.5, y + 4)], GEM_BGR[colour], scale)
            tc = (30, 30, 30) if colour == "white" else (250, 250, 250)
            _text(img, str(n), (7.0, y), 4.5, tc, scale, bold=2.4)
            y += 10.0
    corners = None
    if tagged:
        c = (NOBLE_SIDE / 2 + 3 + rng.uniform(-3, 3), NOBLE_SIDE / 2 + rng.uniform(-4, 2))
        corners = _stick(img, "SPL:" + noble_id, noble_id, scale, c, rng.uniform(-4, 4))
    _alpha_shape(img, _rrect_pts(0, 0, NOBLE_SIDE, NOBLE_SIDE, 1.5), scale)
    return premultiplied(img), corners


CARD_THICKNESS = 0.32  # mm per card in a deck
TOKEN_THICKNESS = 3.3  # mm


@lru_cache(maxsize=16)
def deck_sprite(level: int, scale: float):
    """The back of a deck's top card."""
    back = np.zeros((int(round(CARD_H * scale)), int(round(CARD_W * scale)), 4), np.uint8)
    base = np.array(DECK_BGR[level], np.float32)
    rng = id_rng(f"deck:{level}")
    lo = cv2.resize(rng.normal(0, 10, (12, 9)).astype(np.float32), (back.shape[1], back.shape[0]), interpolation=cv2.INTER_CUBIC)
    back[..., :3] = np.clip(base + lo[..., None] + rng.normal(0, 3, back.shape[:2] + (1,)), 0, 255).astype(np.uint8)
    light = (235, 240, 245, 255)
    _ellipse(back, (CARD_W / 2, CARD_H / 2 - 3), (22, 33), 0, light, scale, thickness=1.0)
    cx, cy = CARD_W / 2, CARD_H / 2 - 3
    _fill_poly(back, [(cx, cy - 16), (cx + 10, cy), (cx, cy + 16), (cx - 10, cy)], (200, 215, 225, 255), scale)
    for k in range(level):
        _circle(back, (cx + (k - (level - 1) / 2) * 4.5, CARD_H - 11), 1.6, light, scale)
    outline = _rrect_pts(0.3, 0.3, CARD_W - 0.6, CARD_H - 0.6, 3.0)
    cv2.polylines(back, [_pts(outline, scale).reshape(-1, 1, 2)], True, (225, 225, 225, 255), max(1, int(round(0.9 * scale))), cv2.LINE_AA, 4)
    _alpha_shape(back, _rrect_pts(0, 0, CARD_W, CARD_H, 3.0), scale)
    return premultiplied(back)


@lru_cache(maxsize=16)
def card_edge_sprite(scale: float, grey: int):
    """A card seen edge-on in a stack: a plain light card shape (for the sides of a deck)."""
    img = _canvas(CARD_W, CARD_H, scale)
    _fill_poly(img, _rrect_pts(0, 0, CARD_W, CARD_H, 3.0), (grey, grey, grey + 4, 255), scale)
    return premultiplied(img)


@lru_cache(maxsize=16)
def token_side_sprite(colour: str, scale: float, diameter: float = 40.0):
    """The rim of a token (seen when the camera looks at it slightly from the side)."""
    body, spot, _ = TOKEN_BGR[colour]
    sc = scale * SS
    img = _canvas(diameter, diameter, sc)
    c, r = (diameter / 2, diameter / 2), diameter / 2
    _circle(img, c, r, tuple(int(v * 0.72) for v in body) + (255,), sc)
    for k in range(8):
        a = math.radians(45 * k)
        _circle(img, (c[0] + r * 0.9 * math.cos(a), c[1] + r * 0.9 * math.sin(a)), r * 0.12, tuple(int(v * 0.8) for v in spot) + (255,), sc)
    _circle(img, c, r * 0.85, tuple(int(v * 0.72) for v in body) + (255,), sc)
    return premultiplied(_finish(img, diameter, diameter, scale))


@lru_cache(maxsize=64)
def token_sprite(colour: str, scale: float, diameter: float = 40.0):
    """A gem token: a clay chip with edge spots, an inner ring and a gem in the middle."""
    body, spot, centre = TOKEN_BGR[colour]
    sc = scale * SS
    d = diameter
    img = _canvas(d, d, sc)
    c = (d / 2, d / 2)
    r = d / 2
    _circle(img, c, r, body + (255,), sc)
    for k in range(8):  # edge spots
        a0 = math.radians(45 * k - 9)
        a1 = math.radians(45 * k + 9)
        pts = [(c[0] + r * 0.97 * math.cos(a), c[1] + r * 0.97 * math.sin(a)) for a in np.linspace(a0, a1, 5)]
        pts += [(c[0] + r * 0.80 * math.cos(a), c[1] + r * 0.80 * math.sin(a)) for a in np.linspace(a1, a0, 5)]
        _fill_poly(img, pts, spot + (255,), sc)
    _circle(img, c, r * 0.74, (200, 200, 200, 255) if colour != "white" else (170, 170, 170, 255), sc, thickness=0.5)
    inner = tuple(int(0.45 * v + 0.55 * w) for v, w in zip(body, centre))
    _circle(img, c, r * 0.70, inner + (255,), sc)
    for k in range(12):  # radial moulding on the inner disc
        if k % 2:
            a0, a1 = math.radians(30 * k), math.radians(30 * k + 30)
            pts = [c] + [(c[0] + r * 0.69 * math.cos(a), c[1] + r * 0.69 * math.sin(a)) for a in np.linspace(a0, a1, 4)]
            _fill_poly(img, pts, tuple(int(0.9 * v) for v in inner) + (255,), sc)
    g = [(c[0] + r * 0.42 * math.cos(math.radians(22.5 + 45 * k)), c[1] + r * 0.42 * math.sin(math.radians(22.5 + 45 * k))) for k in range(8)]
    _fill_poly(img, g, (45, 45, 45, 255) if colour != "black" else (25, 25, 25, 255), sc)
    g2 = [(c[0] + r * 0.37 * math.cos(math.radians(22.5 + 45 * k)), c[1] + r * 0.37 * math.sin(math.radians(22.5 + 45 * k))) for k in range(8)]
    gem = GEM_BGR[colour] if colour not in ("white", "black") else centre
    _fill_poly(img, g2, gem + (255,), sc)
    g3 = [(c[0] + r * 0.2 * math.cos(math.radians(22.5 + 45 * k)), c[1] + r * 0.2 * math.sin(math.radians(22.5 + 45 * k))) for k in range(8)]
    _fill_poly(img, g3, tuple(min(255, int(v * 0.6 + 255 * 0.4)) for v in gem) + (255,), sc)
    return premultiplied(_finish(img, d, d, scale))


# --------------------------------------------------------------------------- table and mat


TABLE_ORIGIN = (-700.0, -500.0)  # table texture covers x -700..1500, y -500..960 mm at 1 px/mm
TABLE_SIZE = (2200, 1460)
TABLE_STYLES = (
    ((55, 95, 165), (30, 60, 120)),  # orange-brown oak
    ((45, 55, 110), (25, 30, 70)),  # red-brown
    ((60, 85, 120), (35, 50, 75)),  # walnut
    ((95, 140, 180), (60, 100, 140)),  # light beech
)


@lru_cache(maxsize=4)
def table_texture(style: int) -> np.ndarray:
    """Wood-grained table top, 1 px per mm, long grain along x."""
    rng = np.random.default_rng(1000 + style)
    w, h = TABLE_SIZE
    light, dark = (np.array(c, np.float32) for c in TABLE_STYLES[style % len(TABLE_STYLES)])
    # The same arithmetic as 0.5 + 0.5 sin(0.09 y + 2.5 n), 0.8 band + 0.25 fine and
    # light (1 - t) + dark t, done in place and a band of rows at a time: the whole-table float
    # temporaries took a first still's memory 140 MB up (the bytes are unchanged).
    band = cv2.resize(rng.normal(0, 1, (h // 6, w // 120)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    band *= 2.5
    band += np.arange(h, dtype=np.float32)[:, None] * 0.09
    np.sin(band, out=band)
    band *= 0.5
    band += 0.5
    fine = np.empty((h, w), np.float32)
    for y in range(0, h, 256):  # the same normal draws as one (h, w) call, in float64 a band at a time
        fine[y : y + 256] = rng.normal(0, 1, (min(256, h - y), w))
    band *= 0.8
    # Blurred a band of rows at a time, each with 8 rows of context above and below (the
    # vertical kernel reaches 3): the same values as blurring the whole field at once.
    for y in range(0, h, 256):
        y0, y1 = max(0, y - 8), min(h, y + 256 + 8)
        blurred = cv2.GaussianBlur(fine[y0:y1], (0, 0), sigmaX=6, sigmaY=0.7)
        blurred = blurred[y - y0 : y - y0 + min(256, h - y)]
        blurred *= 0.25
        band[y : y + 256] += blurred
    del fine, blurred
    t = np.clip(band, 0, 1, out=band)
    img = np.empty((h, w, 3), np.uint8)
    for y in range(0, h, 128):
        ty = t[y : y + 128, :, None]
        img[y : y + 128] = np.clip(light * (1 - ty) + dark * ty, 0, 255).astype(np.uint8)
    return img
