"""Part of stage 9 (:mod:`vision.stages.busy`): is what touches a region a coloured hand's shadow?

A hand beside the mat, or over another part of it, casts a shadow that may reach a region the
hand is nowhere near: it keeps the mat's hue and is darker than the bare mat, while the hand
casting it, near the region or further off (a low lamp throws a raised arm's shadow 50 mm and
more), is skin or cloth.
"""
from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from vision.config import VisionConfig
from vision.stages.overview import _off_mat_hue, channel_mean, green_excess, hue_limit


def shadow_contact(image: np.ndarray, on: np.ndarray, contact: np.ndarray, bare: np.ndarray,
                   mat_hue: np.ndarray, cfg: VisionConfig,
                   whole: Callable[[], float] | None = None,
                   beyond: Callable[[np.ndarray, bool], bool] | None = None,
                   px_per_mm: float = 1.0, uncast: bool = False) -> bool:
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
    `uncast`: a shadow with no coloured part near or far is a shadow too (unless its lit part
    goes on, as below), to be told from a dark sleeve by the caller's closer look.
    `beyond`: (part of `on`, whether a closer look may settle a doubt) -> does that part go on
    to hide the region: a hand over a card whose shadow fills the gaps round it touches the
    region mostly by its shadow too, yet its own colour crosses the outline and goes on over
    the card.
    """
    if not bare.any():
        return False
    level, dev = _off_mat_hue(image.astype(np.float32) + 1.0,
                              np.asarray(mat_hue, np.float32)[None, None])
    mat_hued = dev < hue_limit(level, cfg)
    # Under two lights of different tints a shadow takes the other light's tint: judged
    # against the lit mat beside it, it is a shadow all the same. (busy_tinted_not_own
    # False: its colour stays the thing's own below, and must not surely go on over the
    # region; True: a shadow over an empty slot goes on as the mat there does, and a pale
    # sleeve a little darker than the mat, which may look as tinted, is told by its outline.)
    tinted = tinted_shade(image, bare, cfg, on if cfg.busy_tinted_not_own else contact)
    shade = (mat_hued & (level < np.median(level[bare]))) | tinted
    if float(shade[contact].mean()) < cfg.busy_shadow_contact:
        return False
    cast = (float((~mat_hued[on]).mean()) >= cfg.busy_shadow_caster
            or (whole is not None and whole() >= cfg.busy_shadow_far_caster))
    if not (cast or uncast):
        return False
    if beyond is None:
        return True
    own = on & ~mat_hued
    if cfg.busy_tinted_not_own:
        own &= ~tinted
    need = cfg.busy_min_contact_mm2 * px_per_mm * px_per_mm
    if cast and np.count_nonzero(own & contact) >= need:
        if beyond(own, False):
            return False
        if cfg.busy_shadow_own_closer:
            # In doubt, a closer look at its solid part alone: within a shadow, the camera's
            # noise takes speckles over the hue limit (a hand's shadow over a card).
            solid = cv2.morphologyEx(own.astype(np.uint8), cv2.MORPH_OPEN,
                                     np.ones((3, 3), np.uint8)) > 0
            if np.count_nonzero(solid & contact) >= need and beyond(solid, True):
                return False
    # A grey or pale sleeve keeps the mat's hue yet is no shadow where it is lit: what of the
    # thing is neither its coloured part nor the shadow's may go on over the region too (a
    # pale sleeve over a noble beside its own shadow; a hand over a card's corner whose
    # shadow fills the gap), looked at closer when the overview is in doubt.
    lit = on & ~shade
    least = cfg.busy_shadow_lit_contact_mm2
    return least is None or not (
        np.count_nonzero(lit & contact) >= least * px_per_mm * px_per_mm and beyond(lit, True))


def lit_mat(image: np.ndarray, bare: np.ndarray) -> tuple[np.ndarray, float]:
    """The bare mat's colour where it is lit (BGR + 1: the brighter half of `bare`, which a
    shadow across part of the box leaves out), and the median brightness of all of it."""
    px = image[bare].astype(np.float32) + 1.0  # (only the bare mat's pixels: cheaper)
    level = px.mean(axis=1)
    median = float(np.median(level))
    return np.median(px[level >= median], axis=0).astype(np.float32), median


def tinted_shade(image: np.ndarray, bare: np.ndarray, cfg: VisionConfig,
                 at: np.ndarray | None = None) -> np.ndarray:
    """bool per pixel of `image` (BGR): a shadow on the mat, judged against the bare mat
    (`bare`) beside it: darker than the bare mat, and than its lit part by deviation_ratio,
    and off the lit mat's hue by no more than a shadow lit by another light of another tint
    may be (`busy_contact_tint`; None: the mask's, `busy_shadow_tint`). Smoothed over 3 px:
    the camera's noise alone takes a deep tinted shadow's pixels over that limit here and
    there. `at`: bool, the pixels wanted (None: all; False elsewhere)."""
    out = np.zeros(bare.shape, bool)
    at = np.ones(bare.shape, bool) if at is None else at
    if not bare.any() or not at.any():
        return out
    colour, median = lit_mat(image, bare)
    lit = float(colour.mean())
    px = cv2.blur(image, (3, 3))[at][None].astype(np.float32) + 1.0
    level, dev = _off_mat_hue(px, colour[None, None])
    out[at] = _shadow_like(level, dev, lit, median, cfg, _greener(px, colour))[0]
    return out


def _shadow_like(level: np.ndarray, dev: np.ndarray, lit: float, median: float,
                 cfg: VisionConfig, green: np.ndarray | None = None) -> np.ndarray:
    """bool per pixel of brightness `level` and hue deviation `dev` (from the lit mat, whose
    brightness is `lit`; `median`: the bare mat's): a shadow's, tinted or not. `green`: how
    much greener than the lit mat (:func:`_greener`)."""
    dim = cv2.max(1.0 - level / lit, 0.0)
    # Dark as the mask's shadows are (deviation_ratio): a pale sleeve of nearly the mat's
    # hue, a little darker than the mat, is as far off its hue as a faint shadow's tint.
    dark = (level < median) & (level * (1.0 + cfg.deviation_ratio) < lit)
    limit = hue_limit(level, cfg)
    tint = cfg.busy_shadow_tint if cfg.busy_contact_tint is None else cfg.busy_contact_tint
    like = dark & (dev < limit + tint * dim)
    if green is not None and cfg.busy_green_tint is not None:
        # No light's tint goes greener than the mat, as the mask has it (config): a green
        # sleeve over a lane's edge was taken for the hand's shadow. Where the hue is mostly
        # noise, not: a deep shadow beside a green sleeve, blurred with it, looked as green.
        like &= (green <= cfg.busy_green_tint * limit) | (level < cfg.busy_green_min_level)
    if green is not None and cfg.busy_magenta_tint is not None:
        # Nor less green, by more (config): a dark purple sleeve.
        like &= (-green <= cfg.busy_magenta_tint * limit) | (level < cfg.busy_green_min_level)
    return like


def _greener(px: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """Per pixel of `px` (float BGR + 1): how far its green stands above the mean of its blue
    and red, against the colour `ref` (BGR + 1), as chromaticity ratios (the mask's test)."""
    chroma = cv2.divide(px, cv2.merge([channel_mean(px)] * 3))
    ref = np.asarray(ref, np.float32).reshape(3)
    ref_chroma = ref / float(ref.mean())
    return green_excess(cv2.divide(chroma, tuple(float(v) for v in ref_chroma) + (1.0,)))


def shadow_colour(colour: np.ndarray, mat: tuple[np.ndarray, float], cfg: VisionConfig) -> bool:
    """Is `colour` (BGR mean of a thing's part) the mat's shadow, as :func:`tinted_shade`
    judges a pixel? `mat`: :func:`lit_mat` of the bare mat around."""
    ref, median = mat
    c = np.asarray(colour, np.float32).reshape(1, 1, 3) + 1.0
    level, dev = _off_mat_hue(c, ref[None, None])
    return bool(_shadow_like(level, dev, float(ref.mean()), median, cfg,
                             _greener(c, ref))[0, 0])


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
