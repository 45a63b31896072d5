"""A player's hand and forearm reaching over the mat, for busy frames of the table renderer."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

SPRITE_SCALE = 1.5  # px per mm of the hand sprite: hands are soft, this is plenty
SKIN_BGR = ((150, 180, 225), (120, 155, 205), (90, 125, 175), (60, 90, 140), (45, 65, 100))


@dataclass(frozen=True)
class Hand:
    """Where the hand is: fingertip at ``tip_mm`` on the mat, arm coming in from ``side``."""

    side: str  # "bottom", "top", "left" or "right": the edge of the table the player sits at
    tip_mm: tuple[float, float]
    angle_deg: float  # direction the arm points, in the mat frame (towards the fingertip)
    height_mm: float  # height of the hand above the mat
    skin: tuple[int, int, int]
    sleeve: tuple[int, int, int]
    pose: str  # "point" (index finger out) or "open"
    #: "over" (reaching over the mat), "beside" (resting on the table beside the mat), "margin"
    #: (a finger over the mat's empty margin), "sleeve" (a forearm along the mat's edge) or
    #: "markers" (an arm along a side over two corner markers).
    kind: str = "over"
    #: Where the hand's shadow falls (mat frame, degrees) and how far per mm of height.
    shadow_dir_deg: float = 55.0
    shadow_len: float = 0.61
    shadow_strength: float = 0.45

    def to_json(self) -> dict:
        return {
            "kind": "onmat" if self.kind == "over" else self.kind,
            "shadow": [round(self.shadow_dir_deg, 1), round(self.shadow_len, 2),
                       round(self.shadow_strength, 2)],
            "side": self.side,
            "tip_mm": [round(self.tip_mm[0], 1), round(self.tip_mm[1], 1)],
            "angle_deg": round(self.angle_deg, 1),
            "height_mm": round(self.height_mm, 1),
            "pose": self.pose,
        }


def random_hand(rng: np.random.Generator, mat_size: tuple[float, float]) -> Hand:
    """A plausible reach: from one side of the table towards a card, the bank or a noble."""
    W, H = mat_size
    side = str(rng.choice(["bottom", "bottom", "top", "left", "right"]))
    # The fingertip reaches well into the mat from the player's side (the frame must be busy).
    x0, x1, y0, y1 = 90.0, W - 60.0, 60.0, H - 40.0
    if side == "bottom":
        y1 = H - 140.0
    elif side == "top":
        y0 = 150.0
    elif side == "left":
        x0 = 200.0
    else:
        x1 = W - 200.0
    tip = (float(rng.uniform(x0, x1)), float(rng.uniform(y0, y1)))
    base = {"bottom": -90.0, "top": 90.0, "left": 0.0, "right": 180.0}[side]
    return Hand(
        side=side,
        tip_mm=tip,
        angle_deg=base + float(rng.uniform(-35, 35)),
        height_mm=float(rng.uniform(20, 90)),
        skin=tuple(int(v) for v in SKIN_BGR[int(rng.integers(len(SKIN_BGR)))]),
        sleeve=tuple(int(v) for v in rng.integers(30, 230, 3)),
        pose=str(rng.choice(["point", "open"])),
    )


NEAR_KINDS = ("beside", "margin", "sleeve")
_INWARD = {"bottom": -90.0, "top": 90.0, "left": 0.0, "right": 180.0}


def random_near_hand(rng: np.random.Generator, mat_size: tuple[float, float], kind: str,
                     keep_clear: list[tuple[float, float, float, float]] = ()) -> Hand:
    """A hand near the mat that covers nothing a turn depends on (the caller checks what the
    camera sees and draws again if it does):

    * ``beside``: resting on the table, fingertips 0-30 mm from the mat's edge, its soft shadow
      thrown across the mat's margin;
    * ``margin``: a finger pointing over the mat's empty margin, at least 12 mm from any place
      in ``keep_clear`` (mat mm rects);
    * ``sleeve``: a forearm lying along the mat's edge, the sleeve over the margin.
    """
    W, H = mat_size
    side = str(rng.choice(["bottom", "bottom", "left", "right", "top"]
                          if kind != "margin" else ["bottom", "bottom", "left", "right"]))
    inward = _INWARD[side]
    along = {"bottom": (0, 1), "top": (0, 1), "left": (1, 0), "right": (1, 0)}[side]

    def edge_point(out_mm: float) -> tuple[float, float]:
        t = float(rng.uniform(60, (W if along[0] == 0 else H) - 60))
        if side == "bottom":
            return (t, H + out_mm)
        if side == "top":
            return (t, -out_mm)
        if side == "left":
            return (-out_mm, t)
        return (W + out_mm, t)

    if kind == "beside":
        tip = edge_point(float(rng.uniform(0, 30)))
        angle = inward + float(rng.uniform(-40, 40))
        height = float(rng.uniform(15, 60))
    elif kind == "sleeve":
        # The arm's axis 15-45 mm outside the edge, running along it (either way).
        tip = edge_point(float(rng.uniform(15, 45)))
        angle = inward + float(rng.choice([-90.0, 90.0])) + float(rng.uniform(-12, 12))
        height = float(rng.uniform(10, 40))
    else:
        for _ in range(200):
            tip = edge_point(-float(rng.uniform(5, 50)))
            clear = min((max(r[0] - tip[0], 0.0, tip[0] - r[0] - r[2]) ** 2
                         + max(r[1] - tip[1], 0.0, tip[1] - r[1] - r[3]) ** 2) ** 0.5
                        for r in keep_clear) if keep_clear else 99.0
            if clear >= 12.0:
                break
        angle = inward + float(rng.uniform(-30, 30))
        height = float(rng.uniform(15, 60))
    # The light comes from beyond the mat: the shadow falls onto it.
    return Hand(
        side=side, tip_mm=tip, angle_deg=angle, height_mm=height,
        skin=tuple(int(v) for v in SKIN_BGR[int(rng.integers(len(SKIN_BGR)))]),
        sleeve=tuple(int(v) for v in rng.integers(30, 230, 3)),
        pose=str(rng.choice(["point", "open"])) if kind != "margin" else "point",
        kind=kind,
        shadow_dir_deg=inward + float(rng.uniform(-50, 50)),
        shadow_len=float(rng.uniform(0.6, 1.6)),
        shadow_strength=float(rng.uniform(0.3, 0.6)),
    )


def random_markers_hand(rng: np.random.Generator, mat_size: tuple[float, float]) -> Hand:
    """A forearm lying along the mat's left or right edge, the open hand over one corner
    marker and the arm over the other: two markers hidden, so the mat can't be placed."""
    W, H = mat_size
    side = str(rng.choice(["left", "right"]))
    x = 30.0 if side == "left" else W - 30.0
    top = bool(rng.random() < 0.5)  # the hand at the top corner (arm down) or the bottom one
    tip = (x + float(rng.uniform(-6, 6)),
           float(rng.uniform(4, 14)) if top else H - float(rng.uniform(4, 14)))
    return Hand(
        side=side, tip_mm=tip,
        angle_deg=(-90.0 if top else 90.0) + float(rng.uniform(-3, 3)),
        height_mm=float(rng.uniform(10, 40)),
        skin=tuple(int(v) for v in SKIN_BGR[int(rng.integers(len(SKIN_BGR)))]),
        sleeve=tuple(int(v) for v in rng.integers(30, 230, 3)),
        pose="open", kind="markers",
        shadow_dir_deg=float(rng.uniform(0, 360)), shadow_len=float(rng.uniform(0.4, 1.0)),
        shadow_strength=float(rng.uniform(0.3, 0.5)),
    )


def _capsule(img, a, b, r, colour):
    a = tuple(int(round(v * 16)) for v in a)
    b = tuple(int(round(v * 16)) for v in b)
    cv2.line(img, a, b, colour, max(1, int(round(2 * r))), cv2.LINE_AA, 4)


def hand_sprite(hand: Hand) -> tuple[np.ndarray, np.ndarray]:
    """BGRA hand drawn along +x with the fingertip at the sprite's right edge.

    Returns (sprite, 2x3 affine from sprite px to hand-local mm); local mm have the fingertip at
    (0, 0) and the arm along -x."""
    s = SPRITE_SCALE
    L, Wd = 700.0, 200.0  # arm + hand length, width (mm)
    w, h = int(L * s), int(Wd * s)
    col = np.zeros((h, w, 3), np.uint8)
    alpha = np.zeros((h, w), np.uint8)
    cy = h / 2.0

    def P(x_mm, y_mm):  # local mm (tip at 0,0) -> sprite px
        return ((x_mm + L - 5) * s, cy + y_mm * s)

    skin = hand.skin
    # Forearm and sleeve.
    _capsule(col, P(-700, 0), P(-150, 0), 38 * s, hand.sleeve)
    _capsule(alpha, P(-700, 0), P(-150, 0), 38 * s, 255)
    _capsule(col, P(-230, 0), P(-105, 0), 32 * s, skin)
    _capsule(alpha, P(-230, 0), P(-105, 0), 32 * s, 255)
    _capsule(col, P(-700, 0), P(-230, 0), 39 * s, hand.sleeve)
    # Palm.
    for img, c in ((col, skin), (alpha, 255)):
        cv2.ellipse(img, tuple(int(round(v * 16)) for v in P(-80, 0)), (int(52 * s * 16), int(44 * s * 16)), 0, 0, 360, c, -1, cv2.LINE_AA, 4)
    if hand.pose == "point":
        fingers = [((-45, -22), (0, -14), 9.5)]  # index finger to the tip
        fingers += [((-45, y), (-22, y + 4), 10.0) for y in (-2, 15, 30)]  # curled
        fingers += [((-95, -38), (-48, -52), 11.0)]  # thumb
    else:
        fingers = [((-45, y), (0 - abs(y) * 0.4, y * 1.4), 9.0) for y in (-26, -9, 8, 25)]
        fingers += [((-95, -38), (-55, -70), 11.0)]
    for a, b, r in fingers:
        _capsule(col, P(*a), P(*b), r * s, skin)
        _capsule(alpha, P(*a), P(*b), r * s, 255)
    # Rounded look: darker towards the outline (distance to the edge of the silhouette), a
    # little light from one side, and a faint skin texture.
    dist = cv2.distanceTransform((alpha > 127).astype(np.uint8), cv2.DIST_L2, 5) / s  # mm
    yy = (np.arange(h, dtype=np.float32) - cy) / (h / 2.0)
    shade = (0.72 + 0.28 * np.clip(dist / 14.0, 0, 1)) * (1.0 + 0.08 * yy)[:, None]
    rng = np.random.default_rng(list(hand.skin))
    tex = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 3.0) * 6.0
    colf = col.astype(np.float32) * shade[..., None] + tex[..., None]
    colf = cv2.GaussianBlur(colf, (0, 0), 1.0)
    sprite = np.dstack([np.clip(colf, 0, 255).astype(np.uint8), alpha])
    # sprite px -> local mm
    A = np.array([[1 / s, 0, -(L - 5)], [0, 1 / s, -cy / s]])
    return sprite, A


def hand_world_transform(hand: Hand) -> np.ndarray:
    """2x3 affine from hand-local mm to mat mm."""
    a = math.radians(hand.angle_deg)
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, hand.tip_mm[0]], [s, c, hand.tip_mm[1]]])
