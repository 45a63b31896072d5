"""Part of stage 9 (:mod:`vision.stages.busy`): is what touches a region a coloured hand's shadow?

A hand beside the mat, or over another part of it, casts a shadow that may reach a region the
hand is nowhere near: it keeps the mat's hue and is darker than the bare mat, while the hand
casting it, near the region or further off (a low lamp throws a raised arm's shadow 50 mm and
more), is skin or cloth.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vision.config import VisionConfig
from vision.stages.overview import _off_mat_hue, hue_limit


def shadow_contact(image: np.ndarray, on: np.ndarray, contact: np.ndarray, bare: np.ndarray,
                   mat_hue: np.ndarray, cfg: VisionConfig,
                   whole: Callable[[], float] | None = None,
                   beyond: Callable[[np.ndarray], float] | None = None,
                   px_per_mm: float = 1.0) -> bool:
    """Is what touches the region only a coloured hand's shadow? `on`: the thing on the free
    mat around the region; `contact`: its pixels on the ring; `bare`: the free mat there.

    A hand beside the mat (skin, a coloured sleeve: off the mat's hue) whose shadow or soft
    penumbra reaches a region hides nothing: the thing has a coloured part, yet where it
    touches the region it is mostly the mat's own hue, darker than the bare mat around. Skin
    and sleeves over a region are off the mat's hue where they touch it (every region a hand
    hid on the tune frames: at most 0.37 of the contact mat-hued and darker; the shadows 0.57
    up). A thing with no coloured part (a grey sleeve) is judged as before, by its outline.
    `whole`: the coloured share of the whole thing, near the region or not: a lamp low to
    one side throws a raised arm's shadow 50 mm and more from it, and an arm along the mat's
    edge lies mostly beyond the region's box (its shadow alone reaches the region).
    `beyond`: part of `on` -> how much of the region it goes on to hide (mm^2, the overview's
    look): a hand over a card whose shadow fills the gaps round it touches the region mostly
    by its shadow too, yet its own colour crosses the outline and goes on over the card.
    """
    if not bare.any():
        return False
    level, dev = _off_mat_hue(image.astype(np.float32) + 1.0,
                              np.asarray(mat_hue, np.float32)[None, None])
    mat_hued = dev < hue_limit(level, cfg)
    shade = mat_hued & (level < np.median(level[bare]))
    if float(shade[contact].mean()) < cfg.busy_shadow_contact:
        return False
    if not (float((~mat_hued[on]).mean()) >= cfg.busy_shadow_caster
            or (whole is not None and whole() >= cfg.busy_shadow_far_caster)):
        return False
    own = on & ~mat_hued
    if beyond is None or (np.count_nonzero(own & contact)
                          < cfg.busy_min_contact_mm2 * px_per_mm * px_per_mm):
        return True
    return beyond(own) < cfg.busy_inside_sure_mm2


def coloured_share(image: np.ndarray, labels: np.ndarray, stats: np.ndarray,
                   blobs: list[int], mat_hue: np.ndarray, cfg: VisionConfig) -> float:
    """The share of the things `blobs` (labels of the overview's things) off the mat's hue,
    over the whole of them (worked out in their bounding box only)."""
    sel = stats[blobs]
    x0, y0 = sel[:, 0].min(), sel[:, 1].min()
    x1, y1 = (sel[:, 0] + sel[:, 2]).max(), (sel[:, 1] + sel[:, 3]).max()
    box = (slice(y0, y1), slice(x0, x1))
    mine = np.isin(labels[box], blobs)
    level, dev = _off_mat_hue(image[box].astype(np.float32) + 1.0,
                              np.asarray(mat_hue, np.float32)[None, None])
    return float((dev >= hue_limit(level, cfg))[mine].mean())
