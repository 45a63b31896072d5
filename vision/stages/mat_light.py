"""The light on the mat, as smooth surfaces fitted to the free mat (stage 9's reference):
its brightness (:func:`brightness_model`) and its hue (:func:`mat_chromaticity`,
:func:`chroma_model`), against which a hand, a sleeve or a shadow is judged
(:mod:`vision.stages.busy`)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.stages.busy_speed import grid, max3
from vision.stages.overview import Overview, blurred, green_excess


def brightness_model(level: np.ndarray, free: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG
                     ) -> np.ndarray:
    """The mat's brightness everywhere: a smooth surface (a cubic in x and y, in log brightness)
    fitted to the free mat, dropping what doesn't fit (hands, sleeves, shadows) and refitting.

    Light changes slowly across a mat; a local blur would follow a big sleeve or shadow and
    take it for the mat.
    """
    h, w = level.shape
    step = 8  # the surface is smooth: a coarse grid fits and evaluates it
    shape, a = grid(h, w, step, True, cfg.busy_cached_grid)  # (terms up to cubic)
    keep = (free[step // 2::step, step // 2::step] > 0).ravel()
    v = np.log(cv2.resize(level, (shape[1], shape[0]), interpolation=cv2.INTER_AREA)).ravel()
    use = keep.copy()
    coef = np.zeros(a.shape[1])
    coef[0] = float(np.median(v[keep])) if keep.any() else 0.0
    for terms, window in cfg.busy_model_schedule:
        if use.sum() < 50:
            break
        m = a[use][:, :terms]
        # Normal equations: a 10 x 10 solve at most (lstsq's SVD costs far more here).
        coef = np.zeros(a.shape[1])
        coef[:terms] = np.linalg.solve(m.T @ m + 1e-6 * np.eye(terms), m.T @ v[use])
        use = keep & (np.abs(a @ coef - v) < window)
    coarse = np.exp(a @ coef).astype(np.float32).reshape(shape)
    return cv2.resize(coarse, (w, h), interpolation=cv2.INTER_LINEAR)


def mat_chromaticity(overview: Overview, free: np.ndarray) -> np.ndarray:
    """The mat's hue over the whole frame (light and shadow change its brightness from place to
    place, not its hue): the median chromaticity (B, G, R over their mean) of the free mat."""
    img = blurred(overview)[::3, ::3].astype(np.float32) + 1.0
    sample = img[free[::3, ::3] > 0]
    if not len(sample):
        return np.ones(3, np.float32)
    # Column by column: numpy's mean over rows of three and median down the columns of an
    # N x 3 array took a fifth longer, for the same float32 values (the mean's sum in its
    # own order, (b + g) + r).
    b, g, r = sample[:, 0], sample[:, 1], sample[:, 2]
    mean = ((b + g) + r) / np.float32(3)
    return np.array([np.median(c / mean) for c in (b, g, r)], np.float32)


def chroma_model(chroma: np.ndarray, free: np.ndarray, mat_hue: np.ndarray,
                 cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """The mat's chromaticity everywhere (float32 H x W x 3): a smooth surface per channel (a
    quadratic in x and y) fitted to the free mat, dropping what is far off it (skin, cloth,
    cards) and refitting; at first what is far off the mat's hue over the whole frame
    (`mat_hue`) is left out."""
    fit = chroma_fit(chroma, free, mat_hue, cfg)
    if fit is None:
        return np.full(free.shape + (3,), np.asarray(mat_hue, np.float64), np.float32)
    return fit


def chroma_fit(chroma: np.ndarray, free: np.ndarray, mat_hue: np.ndarray,
                cfg: VisionConfig) -> np.ndarray | None:
    """:func:`chroma_model`, or None where the mat's one hue `mat_hue` is the model."""
    h, w = free.shape
    step = 8
    shape, a = grid(h, w, step, False, cfg.busy_cached_grid)
    c = cv2.resize(chroma, (shape[1], shape[0]), interpolation=cv2.INTER_AREA
                   ).reshape(-1, 3).astype(np.float64)
    keep = (free[step // 2::step, step // 2::step] > 0).ravel()
    a = a[:, :cfg.busy_chroma_terms]
    one = np.tile(np.asarray(mat_hue, np.float64), (len(a), 1))

    def near(f: np.ndarray) -> int:  # free mat within busy_chroma_judge of a surface
        return int(np.count_nonzero(keep & (_off(c, f, cfg) < cfg.busy_chroma_judge)))

    schedule = tuple(cfg.busy_chroma_schedule)
    fit = _refit(a, c, keep, one, schedule, cfg)
    if cfg.busy_chroma_judge is not None:
        # A large arm along the free mat bends a fit into it, and the arm becomes "the mat":
        # the surface that leaves the most of the free mat close to it is the mat's light,
        # whether the fit started wide (a pale sleeve along the mat's edge), one started
        # narrower (a hand beside the scan zone under two lights) or the one hue.
        best = near(fit)
        for first in cfg.busy_chroma_judge_starts:
            other = _refit(a, c, keep, one, (first,) + schedule[1:], cfg)
            n = near(other)
            if n > best:
                fit, best = other, n
        if best <= near(one):
            return None
    # Under one light the mat's hue is one: the fit's small wobble would only move the
    # outlines of pale things (a washed-out hand in the 2D renders' gaps), so it is kept
    # only when a light's tint really changes the hue across the mat.
    tint = _off(fit, one, cfg)[keep]
    if not tint.size or np.percentile(tint, 95) < cfg.busy_chroma_min_tint:
        return None
    if cfg.busy_chroma_max_green is not None:
        fit = _no_greener(fit, one[0], cfg.busy_chroma_max_green)
    coarse = fit.astype(np.float32).reshape(shape[0], shape[1], 3)
    return cv2.resize(coarse, (w, h), interpolation=cv2.INTER_LINEAR)


def _refit(a: np.ndarray, c: np.ndarray, keep: np.ndarray, fit: np.ndarray,
           schedule: tuple[float, ...], cfg: VisionConfig) -> np.ndarray:
    """The surface (`a` @ coefficients) refitted to the free mat's chromaticity `c` (`keep`)
    within each window of `schedule` of the last fit, from `fit`."""
    for window in schedule:
        use = keep & (_off(c, fit, cfg) < window)
        if use.sum() < 50:
            break
        m = a[use]
        coef = np.linalg.solve(m.T @ m + 1e-6 * np.eye(a.shape[1]), m.T @ c[use])
        fit = a @ coef
    return fit


def _no_greener(fit: np.ndarray, one: np.ndarray, most: float) -> np.ndarray:
    """The fitted chromaticities `fit` (N x 3, BGR) with their green above the mean of blue
    and red, against the one hue `one`, cut down to `most`: green moved to blue and red so
    that the three still sum as before."""
    over = green_excess((fit / one).reshape(-1, 1, 3)).ravel() - most
    if not (over > 0).any():
        return fit
    x = np.maximum(over, 0.0)[:, None] / 1.5  # (green down by x, blue and red up by x / 2)
    return fit + x * np.array([0.5, -1.0, 0.5]) * one


def _off(c: np.ndarray, fit: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """How far each cell's chromaticity `c` is off the surface `fit`: the largest channel's
    ratio to it, minus 1."""
    return max3(np.abs(c / fit - 1.0), cfg.busy_column_max)
