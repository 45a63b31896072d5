"""A first look at stage 9 (:mod:`vision.stages.busy`) on a coarser copy of the overview: is
anything near a place at all?

Half the frames of a game have no hand near the places a turn depends on. The hand mask at
busy_screen_px_per_mm (a quarter of the overview's pixels at 0.5) still shows any hand, arm or
sleeve that reaches a place (they are tens of mm across). A place is covered only by a thing
on its ring that comes from beyond its own card's or token's reach and is big enough to be
kept: when no such thing lies within busy_screen_margin_mm of any place's ring, the frame is
calm without the full look. Anything else near a place, however faint, gets the full look.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import lru_cache

import cv2
import numpy as np

from vision.config import VisionConfig
from vision.mat import Mat
from vision.stages.locate import Rect
from vision.stages.mat_light import mat_chromaticity
from vision.stages.overview import Overview, blurred


def coarse(overview: Overview, size: tuple[int, int]) -> Overview:
    """The overview resampled to `size` (w, h): each pixel the mean of those it covers. Its
    blurred image is the overview's own, resampled: blurred again 3 x 3 at this scale, a
    dark sleeve's sharp outline took 6 mm, as soft as a shadow's. Its image is that blurred
    one too: the first look reads no other (the sharp one resampled cost 0.35 ms a frame)."""
    s = overview.px_per_mm * size[0] / overview.image.shape[1]
    view = overview.in_view
    if view is not None:
        # A coarse pixel is seen only when all it covers is.
        view = cv2.resize(view.astype(np.uint8) * np.uint8(255), size,
                          interpolation=cv2.INTER_AREA) == 255
    blur3 = cv2.resize(blurred(overview), size, interpolation=cv2.INTER_AREA)
    return dataclasses.replace(overview, image=blur3, px_per_mm=s, in_view=view, blur3=blur3)


@lru_cache(maxsize=4)
def _ring_pixels(layout: Callable, mat_id: int, s: float, inner_mm: float, ring_mm: float,
                 profile_mm: float, stack_mm: float, near_mm: float):
    free, rings = layout(mat_id, s, inner_mm, ring_mm, profile_mm, stack_mm)[:2]
    w = free.shape[1]
    idx, place = [], []
    for k, (box, freehere, dist) in enumerate(rings.values()):
        ys, xs = np.nonzero(freehere & (dist <= near_mm))
        idx.append((ys + box[0].start) * w + xs + box[1].start)
        place.append(np.full(len(ys), k, np.int64))
    out = np.concatenate(idx), np.concatenate(place), tuple(rings)
    for a in out[:2]:
        a.setflags(write=False)  # shared by every frame
    return out


def ring_pixels(layout: Callable, mat_id: int, s: float, cfg: VisionConfig):
    """The free mat within busy_ring_mm + busy_screen_margin_mm of each place's outline at
    `s` px/mm (stage 9's `layout`), all places' in one list, made once per scale: each
    pixel's flat index in the mat's image, its place's index, and the places' paths in that
    order. (Looked up place by place in their boxes, the rings took 0.5 ms of the first
    look's 12.)"""
    return _ring_pixels(layout, mat_id, s, cfg.busy_region_inner_mm, cfg.busy_ring_mm,
                        cfg.busy_profile_mm, cfg.busy_stack_shadow_mm,
                        cfg.busy_ring_mm + cfg.busy_screen_margin_mm)


def reaches(regs: dict[str, Rect], paths: tuple[str, ...], cfg: VisionConfig, slack: float):
    """Per place of `paths`: its rect (x, y, w, h arrays, mm) and how far beyond it its own
    card or token could reach, less `slack` (the tall ones: busy_tall_regions)."""
    x, y, w, h = np.array([regs[p] for p in paths], np.float64).T
    reach = np.array([cfg.busy_tall_reach_mm if p.startswith(cfg.busy_tall_regions)
                      else cfg.busy_reach_mm for p in paths], np.float64) - slack
    return x, y, w, h, reach


def first_look(overview: Overview, cfg: VisionConfig, mat: Mat, regs: dict[str, Rect],
               layout: Callable, object_mask: Callable) -> tuple[slice, slice] | None:
    """None when, seen at busy_screen_px_per_mm, no hand-like thing big enough to be kept lies
    within busy_screen_margin_mm of any place's ring and comes from beyond what the place's
    own card or token could reach (the frame is then calm). Otherwise the part of the
    overview (rows, columns) the full look needs: every thing seen here, and
    busy_screen_window_mm around (a thing is whole in it, its outline's mat beside it).
    `regs`: the places (mat mm); `layout`, `object_mask`: stage 9's own (its free mat and
    rings at a scale, its mask)."""
    w, h = (int(round(v * cfg.busy_screen_px_per_mm)) for v in mat.size)
    small = coarse(overview, (w, h))
    s = small.px_per_mm
    free, _, _, stacks = layout(id(mat), s, cfg.busy_region_inner_mm, cfg.busy_ring_mm,
                                cfg.busy_profile_mm, cfg.busy_stack_shadow_mm)
    if small.in_view is not None:
        free = np.where(small.in_view, free, np.uint8(0))
    things = object_mask(small, cfg, free, mat_chromaticity(small, free), stacks) & free
    if not things.any():
        return None
    # (Grana's algorithm: OpenCV's default with stats took three times as long.)
    n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(things, 8, cv2.CV_32S,
                                                                         cv2.CCL_GRANA)
    area = stats[:, cv2.CC_STAT_AREA] / (s * s)
    boxes = stats[:, :4].astype(np.float64) / s  # left, top, width, height (mm)
    # Per place, the things near its ring (each pair once: the rings' pixels, all places' in
    # one lookup, are those ring_pixels() listed once per layout).
    idx, place, paths = ring_pixels(layout, id(mat), s, cfg)
    lab = labels.ravel()[idx]
    ok = area[lab] >= cfg.busy_min_bridge_mm2
    ok &= lab > 0
    pairs = np.unique(lab[ok].astype(np.int64) * len(paths) + place[ok])
    if not pairs.size:
        return None
    here, at = pairs // len(paths), pairs % len(paths)
    places = np.bincount(here, minlength=n)  # per thing, the places it is near
    # A place's own card or token sticking out of it is no hand: what covers it comes from
    # beyond what that could reach (as stage 9 judges it). A coarse pixel's slack: what
    # reaches beyond a place's reach here may look a pixel short.
    x, y, rw, rh, reach = reaches(regs, paths, cfg, 1.0 / s)
    b = boxes[here]
    x, y, rw, rh, reach = x[at], y[at], rw[at], rh[at], reach[at]
    far = here[(b[:, 0] < x - reach) | (b[:, 1] < y - reach)
               | (b[:, 0] + b[:, 2] > x + rw + reach)
               | (b[:, 1] + b[:, 3] > y + rh + reach)]
    # Big enough to be kept (a lane's printed dot is not), or a finger bridging the gap
    # between two places.
    kept = (area >= cfg.busy_screen_min_mm2) | (places >= 2)
    if not kept[far].any():
        return None
    f = overview.px_per_mm / s
    m = cfg.busy_screen_window_mm * overview.px_per_mm
    h, w = overview.image.shape[:2]
    st = stats[1:]
    x0, y0 = (max(0, int(np.floor(v * f - m))) for v in st[:, :2].min(axis=0))
    x1 = min(w, int(np.ceil((st[:, 0] + st[:, 2]).max() * f + m)))
    y1 = min(h, int(np.ceil((st[:, 1] + st[:, 3]).max() * f + m)))
    return slice(y0, y1), slice(x0, x1)
