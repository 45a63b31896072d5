"""Part of stage 9 (:mod:`vision.stages.busy`): a dark sleeve is not the hand's shadow.

What touches a region may keep the mat's hue and be darker than the bare mat around, as a
hand's shadow does, and yet be a black or maroon sleeve in dim light: neither how dark it is
nor how sharp its edge is tells the two apart (a hand's shadow under one lamp is as dark as a
black sleeve). What does: a shadow only darkens what lies beneath, so the region's own outline
(the mat's printed line, a card's edge, a chip's rim) goes on under it with the same contrast
in log brightness; a sleeve hides it, flat.

And a white sleeve is not a lamp's hot spot: both keep the mat's hue and are brighter, and a
sleeve curving away softens its outline as a lamp's light does; but a lamp's hot spot has no
hand in it, and a sleeve is worn round the skin (:func:`white_by_skin`).
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.config import VisionConfig
from vision.stages.locate import Rect


def _detail_energy(profile: np.ndarray, sigma: float) -> float:
    """RMS of a profile (log brightness across the outline) less its Gaussian-smoothed self
    (`sigma` in samples): what is sharper than a shadow's penumbra, the print and the edges."""
    r = int(np.ceil(3 * sigma))
    k = np.exp(-0.5 * (np.arange(-r, r + 1) / sigma) ** 2)
    k /= k.sum()
    smooth = np.convolve(np.pad(profile, r, mode="edge"), k, mode="valid")
    return float(np.sqrt(np.mean((profile - smooth) ** 2)))


def flat_outline_mm(image: np.ndarray, box_mm: Rect, px_per_mm: float, rect: Rect,
                    contact: np.ndarray, cfg: VisionConfig) -> float:
    """How much of the region's outline (mm), where the thing touches it, shows no outline
    at all: a sleeve over it, not a shadow.

    `image`: BGR, the mat's part `box_mm` at `px_per_mm` (it must hold the region and
    busy_sleeve_outside_mm around it); `rect`: the region (mat mm); `contact`: bool, the same
    size, the thing on the ring of free mat around the region. Each side of the region,
    its ends left out (rounded corners), is cut into stretches of about busy_sleeve_stretch_mm;
    a stretch the thing touches along most of its length (busy_sleeve_touch, just outside the
    outline) is flat when its mean profile across the outline (from busy_sleeve_inside_mm in
    to busy_sleeve_outside_mm out, log brightness, averaged along the stretch: the camera's
    noise averages out) keeps less detail than busy_sleeve_flat (:func:`_detail_energy`) and
    than busy_sleeve_flat_part of the outline's median detail where the thing does not touch it.
    """
    f = px_per_mm
    h, w = image.shape[:2]
    level = np.log(image.astype(np.float32).mean(axis=2) + 1.0)
    xs = box_mm[0] + (np.arange(w) + 0.5) / f
    ys = box_mm[1] + (np.arange(h) + 0.5) / f
    x, y, rw, rh = rect
    inside, outside = cfg.busy_sleeve_inside_mm, cfg.busy_sleeve_outside_mm
    ring = 0.5 * (cfg.busy_region_inner_mm + cfg.busy_ring_mm)  # where the contact is looked up
    step = 1.0 / f
    bins = np.arange(-inside, outside + step, step)
    under: list[tuple[float, float]] = []  # (detail, length mm) of the stretches it touches
    free: list[tuple[float, float]] = []  # ...and of those it does not touch
    # Per side: the outline's position on the normal axis, outward sign, and the along axis.
    for normal_x, edge, sign in ((True, x, -1.0), (True, x + rw, 1.0),
                                 (False, y, -1.0), (False, y + rh, 1.0)):
        across, along = (xs, ys) if normal_x else (ys, xs)
        lo, hi = (y, y + rh) if normal_x else (x, x + rw)
        t = sign * (across - edge)  # mm from the outline, + outside
        cols = (t > -inside) & (t < outside)
        # Which row (along) the thing touches, just outside the outline.
        at = int(np.floor((edge + sign * ring - (box_mm[0] if normal_x else box_mm[1])) * f))
        if not cols.any() or not 0 <= at < (w if normal_x else h):
            continue
        touch = contact[:, at] if normal_x else contact[at, :]
        strip = level[:, cols] if normal_x else level[cols, :].T  # (along, across)
        idx = np.digitize(t[cols], bins)
        count = np.bincount(idx, minlength=len(bins) + 1)[1:len(bins)]
        n = max(1, int(round((hi - lo - 2 * cfg.busy_sleeve_end_mm) / cfg.busy_sleeve_stretch_mm)))
        ends = np.linspace(lo + cfg.busy_sleeve_end_mm, hi - cfg.busy_sleeve_end_mm, n + 1)
        for a0, a1 in zip(ends[:-1], ends[1:]):
            rows = (along >= a0) & (along < a1)
            touched = touch[rows].mean() if rows.any() else 0.0
            if rows.sum() < 0.8 * (a1 - a0) * f or 0 < touched < cfg.busy_sleeve_touch:
                continue
            mean_row = strip[rows].mean(axis=0)
            profile = np.bincount(idx, weights=mean_row, minlength=len(bins) + 1)[1:len(bins)]
            profile = profile[count > 0] / count[count > 0]
            energy = _detail_energy(profile, cfg.busy_sleeve_smooth_mm * f)
            (under if touched else free).append((energy, a1 - a0))
    # Flat: as flat as no outline under a shadow is, and than the outline away from the thing
    # (a blurred frame's outline is fainter everywhere).
    limit = cfg.busy_sleeve_flat
    if free:
        limit = min(limit, cfg.busy_sleeve_flat_part * float(np.median([e for e, _ in free])))
    return sum(length for energy, length in under if energy < limit)


def sleeve_not_shadow(detail, rect: Rect, contact: np.ndarray, box: tuple[slice, slice],
                      px_per_mm: float, cfg: VisionConfig, seen: np.ndarray | None = None) -> bool:
    """Is what :func:`shadow_contact` took for the hand's shadow a sleeve over the region,
    seen closer (`detail`: mat mm rect, px/mm -> BGR image from the frame)? `contact`: bool,
    the thing on the ring, in the overview's box `box` (`px_per_mm`) round the region `rect`.
    `seen`: bool, what the frame shows of that box (None: all of it); a region partly out of
    the frame is left as it was (the frame's edge repeated beyond it would look flat).
    """
    if seen is not None and not seen.all():
        return False
    f = cfg.busy_inside_px_per_mm
    g = max(cfg.busy_sleeve_outside_mm, cfg.busy_ring_mm) + 1.0
    box_mm = (rect[0] - g, rect[1] - g, rect[2] + 2 * g, rect[3] + 2 * g)
    image = detail(box_mm, f)
    h, w = image.shape[:2]
    # The overview's pixel under each of the closer look's (the contact scaled up).
    u = np.floor((box_mm[0] + (np.arange(w) + 0.5) / f) * px_per_mm).astype(int) - box[1].start
    v = np.floor((box_mm[1] + (np.arange(h) + 0.5) / f) * px_per_mm).astype(int) - box[0].start
    ok_u = (u >= 0) & (u < contact.shape[1])
    ok_v = (v >= 0) & (v < contact.shape[0])
    near = np.zeros((h, w), bool)
    near[np.ix_(ok_v, ok_u)] = contact[np.ix_(v[ok_v], u[ok_u])]
    return flat_outline_mm(image, box_mm, f, rect, near, cfg) >= cfg.busy_sleeve_flat_mm


def white_by_skin(labels: np.ndarray, stats: np.ndarray, which: np.ndarray,
                  coloured: np.ndarray, edge: tuple[int, int, int, int], px_per_mm: float,
                  cfg: VisionConfig) -> np.ndarray:
    """Per bright patch (`labels`, `stats`), whether it is one of `which` touching along
    busy_white_by_skin_mm a coloured thing on the free mat (`coloured`) of at least
    busy_min_blob_mm2 that is not itself mostly bright: a white sleeve round a hand's skin.
    `edge`: rows and columns (top, bottom, left, right) along the mat's edge, whose coloured
    pixels are the table showing past it, no skin."""
    sel = stats[which]
    g = int(round(cfg.busy_white_skin_look_mm * px_per_mm))
    h, w = labels.shape
    y0, x0 = (max(0, int(v) - g) for v in sel[:, [1, 0]].min(axis=0))
    y1 = min(h, int((sel[:, 1] + sel[:, 3]).max()) + g)
    x1 = min(w, int((sel[:, 0] + sel[:, 2]).max()) + g)
    box = (slice(y0, y1), slice(x0, x1))
    top, bottom, left, right = edge
    col = coloured.copy()
    col[:top], col[h - bottom:], col[:, :left], col[:, w - right:] = False, False, False, False
    lab = labels[box]
    inside = lab > 0
    cn, cl, cs, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
        col[box].view(np.uint8), 8, cv2.CV_32S, cv2.CCL_GRANA)
    area = cs[:, cv2.CC_STAT_AREA]
    skin = (area >= cfg.busy_min_blob_mm2 * px_per_mm ** 2) & (
        np.bincount(cl[inside], minlength=cn) < cfg.busy_white_skin_bright * area)
    skin[0] = False
    out = np.zeros(len(stats), bool)
    if skin.any():
        held = cv2.dilate(skin[cl].view(np.uint8), np.ones((3, 3), np.uint8)) > 0
        shared = np.bincount(lab[held & inside], minlength=len(stats))
        out = which & (shared >= cfg.busy_white_by_skin_mm * px_per_mm)
    return out


def mat_edge(shape: tuple[int, ...], window: tuple[slice, slice] | None, px_per_mm: float,
             cfg: VisionConfig) -> tuple[int, int, int, int]:
    """How many rows and columns (top, bottom, left, right) of an image of `shape`, the part
    `window` of the mat's overview (None: all of it), lie within busy_white_skin_edge_mm of
    the mat's edge."""
    m = int(round(cfg.busy_white_skin_edge_mm * px_per_mm))
    h, w = shape[:2]
    ys, xs = window if window is not None else (slice(0, h), slice(0, w))
    y0, y1, _ = ys.indices(h)
    x0, x1, _ = xs.indices(w)
    return (max(0, m - y0), max(0, y1 - (h - m)), max(0, m - x0), max(0, x1 - (w - m)))


def over_bare_mat(labels: np.ndarray, stats: np.ndarray, tint: np.ndarray, lit: np.ndarray,
                  bare: np.ndarray, px_per_mm: float, cfg: VisionConfig) -> np.ndarray:
    """bool per bright patch (`labels`, `stats`; `tint`: each one's mean hue off the mat's):
    a grey sleeve's? At least busy_min_blob_mm2 and busy_over_bare_hue off the mat's hue, and
    busy_over_bare_mat times as bright (median, `lit`: the frame over the mat's light) as the
    bare mat within busy_over_bare_mm of it (`bare`: free mat neither bright, dim nor coloured).

    The mat looks bright beside a shadow the brightness model dips under, but no brighter
    than the bare mat just beyond it; a sleeve of the mat's grey is brighter than that."""
    out = np.zeros(len(stats), bool)
    if cfg.busy_over_bare_mat is None:
        return out
    ids = np.nonzero((stats[:, cv2.CC_STAT_AREA] >= cfg.busy_min_blob_mm2 * px_per_mm ** 2)
                     & (tint >= cfg.busy_over_bare_hue))[0]
    d = max(1, int(round(cfg.busy_over_bare_mm * px_per_mm)))
    h, w = labels.shape
    for i in ids[ids > 0]:
        x, y, bw, bh = (int(v) for v in stats[i, :4])
        box = (slice(max(0, y - d), min(h, y + bh + d)), slice(max(0, x - d), min(w, x + bw + d)))
        mine = (labels[box] == i).view(np.uint8)
        near = cv2.dilate(mine, np.ones((2 * d + 1, 2 * d + 1), np.uint8)) > 0
        ref = lit[box][near & bare[box]]
        if ref.size < cfg.busy_min_contact_mm2 * px_per_mm * px_per_mm:
            continue  # too little bare mat near it to say
        own = float(np.median(lit[box][mine > 0]))
        # (Brighter than shadow_max_ratio: the model dips under a wide shadow, or a lamp.)
        out[i] = cfg.busy_over_bare_mat * float(np.median(ref)) <= own <= cfg.shadow_max_ratio
    return out


def own_speckles(coloured: np.ndarray, patch: np.ndarray,
                 speckle_px: float) -> np.ndarray | None:
    """bool: the small coloured speckles (up to `speckle_px` each) lying wholly inside a bright
    patch (uint8), None where no coloured pixel is in it: a pale sleeve's own tint shows in
    speckles along its outline, and they are no thing beside it."""
    spots = (coloured & (patch > 0)).view(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(spots, 8, cv2.CV_32S,
                                                                         cv2.CCL_GRANA)
    if n <= 1:
        return None
    small = stats[:, cv2.CC_STAT_AREA] <= speckle_px
    # Wholly inside: none of its pixels' neighbours a coloured pixel outside the patch.
    outside = cv2.dilate((coloured & (patch == 0)).view(np.uint8), np.ones((3, 3), np.uint8))
    small &= np.bincount(labels[(outside > 0) & (spots > 0)], minlength=n) == 0
    small[0] = False
    return small[labels]
