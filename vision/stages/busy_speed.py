"""Speed tricks of stage 9 (:mod:`vision.stages.busy`, :mod:`vision.stages.mat_light`): each
behind its switch in VisionConfig, each giving exactly the plain way's answer
(tests/vision_pipeline/test_vision_busy_speed.py runs both)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np


def fit_grid(h: int, w: int, step: int, cubic: bool) -> tuple[tuple[int, int], np.ndarray]:
    """The coarse grid the mat's light is fitted on (every `step`-th pixel of an h x w
    overview): its shape, and per grid point the terms of the surface (float64; x and y from
    -1 to 1): 1, x, y, x², xy, y² and, `cubic`, x³, x²y, xy², y³."""
    ys, xs = np.mgrid[step // 2:h:step, step // 2:w:step].astype(np.float32)
    x = (xs / w * 2 - 1).ravel()
    y = (ys / h * 2 - 1).ravel()
    terms = [np.ones_like(x), x, y, x * x, x * y, y * y]
    if cubic:
        terms += [x ** 3, x * x * y, x * y * y, y ** 3]
    return xs.shape, np.stack(terms, axis=1).astype(np.float64)


@lru_cache(maxsize=8)
def _cached_grid(h: int, w: int, step: int, cubic: bool) -> tuple[tuple[int, int], np.ndarray]:
    shape, a = fit_grid(h, w, step, cubic)
    a.setflags(write=False)  # shared by every frame of that size
    return shape, a


def grid(h: int, w: int, step: int, cubic: bool, cached: bool):
    """:func:`fit_grid`, made once per overview size when `cached` (busy_cached_grid): it
    depends on nothing else, and building its terms took a tenth of the light models."""
    return _cached_grid(h, w, step, cubic) if cached else fit_grid(h, w, step, cubic)


def max3(q: np.ndarray, columns: bool) -> np.ndarray:
    """Per row of an N x 3 array, its largest value: three columns compared two by two
    (`columns`, busy_column_max; numpy's reduction over a row of three took four times as
    long), else numpy's max over the rows."""
    if not columns:
        return q.max(axis=1)
    return np.maximum(np.maximum(q[:, 0], q[:, 1]), q[:, 2])


def sum3(q: np.ndarray, columns: bool) -> np.ndarray:
    """Per row of an ... x 3 array, the sum of its three values: added column by column in
    numpy's own order, (q0 + q1) + q2 (`columns`, busy_column_sum; numpy's reduction over
    the last axis of three took three times as long), else numpy's sum."""
    if not columns:
        return q.sum(axis=-1)
    return (q[..., 0] + q[..., 1]) + q[..., 2]


def kept_mask(things: np.ndarray, labels: np.ndarray, stats: np.ndarray, keep: np.ndarray,
              by_drop: bool) -> np.ndarray:
    """uint8 255 on the blobs kept (`keep`, per label of `things`' components `labels`,
    `stats`). `by_drop` (busy_mask_by_drop): `things` with the few blobs dropped cleared in
    their own boxes (nothing kept: all clear), not a lookup of every pixel's label."""
    if not by_drop:
        return (keep.astype(np.uint8) * np.uint8(255))[labels]
    if not keep[1:].any():
        return np.zeros(labels.shape, np.uint8)
    mask = things.copy()
    for i in np.nonzero(~keep[1:])[0] + 1:
        x, y, w, h = (int(v) for v in stats[i, :4])
        box = mask[y:y + h, x:x + w]
        box[labels[y:y + h, x:x + w] == i] = 0
    return mask
