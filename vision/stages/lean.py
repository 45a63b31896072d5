"""Where the decks are seen: a deck is a stack standing on the mat, and its top card, nearer the
camera, is seen shifted away from the point under the camera (up to 7 mm at a mat's edge).

The camera's place comes from the homography through the lens (its focal length, or the nominal
one); the deck's height is at most its cards after the deal. The mat the top card hides in the
picture is the deck's, not free mat: a thing's edge there is the deck's own, and a hand crossing
into the deck shows beyond it.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from vision.config import VisionConfig
from vision.mat import Mat
from vision.stages.inside import ring_box
from vision.stages.lens import Lens
from vision.stages.locate import MatLocation, Rect
from vision.stages.overview import _fill, _grow

#: The most a deck is taken to lean (mm): a full level-1 deck 400 mm from the point under a
#: camera 450 mm up leans 10.5 mm.
LEAN_MAX_MM = 12.0


def camera_centre(loc: MatLocation, width: int, height: int, hfov_deg: float
                  ) -> np.ndarray | None:
    """The camera's centre over the mat: x, y (mat mm) and its height above it (mm), from the
    homography of a `width` x `height` frame (None: no homography, or a degenerate one).

    >>> from vision.stages.lens import Lens
    >>> K = Lens.nominal(2000, 1000, 60.0).matrix
    >>> # A camera 700 mm over the mat's point (300, 200), looking straight down.
    >>> H = K @ np.array([[1.0, 0, -300], [0, 1.0, -200], [0, 0, 700]])
    >>> loc = MatLocation([], {}, H)
    >>> [round(float(v), 3) for v in camera_centre(loc, 2000, 1000, 60.0)]
    [300.0, 200.0, 700.0]
    """
    if loc.homography is None:
        return None
    lens = loc.lens or Lens.nominal(width, height, hfov_deg)
    m = np.linalg.inv(lens.matrix) @ loc.homography
    n1, n2 = np.linalg.norm(m[:, 0]), np.linalg.norm(m[:, 1])
    if n1 <= 0 or n2 <= 0:
        return None
    lam = 2.0 / (n1 + n2)
    r1, r2, t = lam * m[:, 0], lam * m[:, 1], lam * m[:, 2]
    if t[2] < 0:  # (the mat is in front of the camera: the homography's sign is free)
        r1, r2, t = -r1, -r2, -t
    rot = np.column_stack([r1, r2, np.cross(r1, r2)])
    c = -rot.T @ t
    return np.array([c[0], c[1], abs(c[2])])


def seen_decks(mat: Mat, camera: np.ndarray | None, cfg: VisionConfig,
               empty: Iterable[int] = ()) -> dict[str, Rect]:
    """Per deck (``decks.N``) the mat rectangle its stack covers in the picture: its footprint
    and its top card's, as high as the deck is at most (``cfg.busy_deck_cards``), seen from
    `camera` (:func:`camera_centre`). Without a camera, or one too low to trust, the footprints;
    likewise for the levels in `empty`, whose slots are seen bare (no stack leans out of them).

    >>> from vision.mat import load_mat
    >>> from vision.config import DEFAULT_CONFIG
    >>> mat = load_mat()
    >>> x, y, w, h = mat.decks[1]
    >>> camera = np.array([x + w / 2 + 300.0, y + h / 2, 700.0])
    >>> sx, sy, sw, sh = seen_decks(mat, camera, DEFAULT_CONFIG)["decks.1"]
    >>> # The camera 300 mm to its right: it leans left, and its ends spread a little.
    >>> (round(x - sx, 1), round(sx + sw - x - w, 1), round(y - sy, 1), round(sh - h, 1))
    (6.0, 0.0, 1.0, 2.0)
    >>> seen_decks(mat, camera, DEFAULT_CONFIG, empty=[1])["decks.1"] == (x, y, w, h)
    True
    """
    out = {}
    empty = frozenset(empty)
    for level, (x, y, w, h) in mat.decks.items():
        out[f"decks.{level}"] = (x, y, w, h)
        if camera is None or cfg.busy_deck_card_mm is None or level in empty:
            continue
        tall = cfg.busy_deck_card_mm * cfg.busy_deck_cards[level - 1]
        if camera[2] <= 2.0 * tall:
            continue
        # Each corner's top seen from the camera: moved away from the point under it.
        k = tall / (camera[2] - tall)
        xs = np.array([x, x + w])
        ys = np.array([y, y + h])
        # (No further than LEAN_MAX_MM: a placement gone wrong can put the camera far off.)
        tx = np.clip(xs + (xs - camera[0]) * k, x - LEAN_MAX_MM, x + w + LEAN_MAX_MM)
        ty = np.clip(ys + (ys - camera[1]) * k, y - LEAN_MAX_MM, y + h + LEAN_MAX_MM)
        # (In whole mm, as the footprints are: the ring round it keeps its width in px.)
        x0, x1 = min(x, np.round(tx.min())), max(x + w, np.round(tx.max()))
        y0, y1 = min(y, np.round(ty.min())), max(y + h, np.round(ty.max()))
        out[f"decks.{level}"] = (float(x0), float(y0), float(x1 - x0), float(y1 - y0))
    return out


def lean_layout(free: np.ndarray, rings: dict, stacks: np.ndarray, regs: dict[str, Rect],
                seen: dict[str, Rect], s: float, cfg: VisionConfig):
    """Stage 9's layout (``busy._layout``: the free mat, per region its box, free mat there and
    distance from its outline; the decks' shadow reach) and regions, with each deck as `seen`:
    what its top card hides is no free mat, and its ring lies round what is seen. New arrays;
    the cached layout is left as it is."""
    moved = {p: r for p, r in seen.items() if r != regs[p]}
    if not moved:
        return free, rings, stacks, regs
    free = free.copy()
    for r in moved.values():
        _fill(free, _grow(r, cfg.busy_region_inner_mm), s, 0)
    regs = dict(regs)
    out = {}
    for path, (box, _, dist) in rings.items():
        if path in moved:
            regs[path] = moved[path]
            box, dist = ring_box(moved[path], max(cfg.busy_ring_mm, cfg.busy_profile_mm), s,
                                 free.shape)
        out[path] = (box, free[box] > 0, dist)
    return free, out, stacks & (free > 0), regs
