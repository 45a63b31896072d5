"""Stage 9a: what on the free mat is a thing (a hand, a sleeve, an object) and not the mat, its
light or a shadow (:func:`object_mask`); :mod:`vision.stages.busy` then asks which places the
things hide.

A shadow keeps the mat's hue (all three channels darkened alike) and has soft edges; skin, cloth
and objects change the hue, are lighter than the mat, far darker than a shadow, or have sharp
edges; a sleeve of nearly the mat's own colour shows by a faint tint that ends at its outline.
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.stages.busy_sleeve import mat_edge, over_bare_mat, own_speckles, white_by_skin
from vision.stages.mat_light import brightness_model, chroma_fit, mat_chromaticity
from vision.stages.overview import Overview, blurred, green_excess, hue_limit

#: A coloured pixel mutes the outline within 2 px of it.
_FRINGE = np.ones((5, 5), np.uint8)


def _components(mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    """8-connected components of a uint8 mask: count, labels, stats. Grana's algorithm: with
    stats, OpenCV's default takes three times as long for the same components."""
    n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(mask, 8, cv2.CV_32S,
                                                                         cv2.CCL_GRANA)
    return n, labels, stats


def object_mask(overview: Overview, cfg: VisionConfig = DEFAULT_CONFIG,
                free: np.ndarray | None = None, mat_hue: np.ndarray | None = None,
                stacks: np.ndarray | None = None,
                window: tuple[slice, slice] | None = None,
                doubt: list[np.ndarray] | None = None) -> np.ndarray:
    """uint8 255 where the overview shows something that is neither the mat nor its shadow.

    A coloured thing (skin, most cloth, cards) changes the mat's hue, judged against the mat's
    hue over the whole frame (light and shadow change the mat's brightness from place to
    place, not its hue). A neutral thing (a grey, white or black sleeve) is brighter or darker
    than the mat like a shadow or a lamp's hot spot, but its outline is sharp where theirs is
    soft: such a patch counts when most of its outline towards the mat is a step, or a long
    stretch of it is (a sleeve merged with its own soft shadow). A pale sleeve darkens towards
    its outline as it curves away, so its step may take 10-20 mm, still far less than a
    lamp's, which moreover keeps the mat's hue. A sleeve of nearly the mat's own colour,
    neither, shows by a faint tint that ends at its outline (:func:`_faint_things`).
    `mat_hue`: the mat's chromaticity (:func:`mat_chromaticity`), if already worked out.
    `stacks`: bool, the free mat a deck's own shadow may fall on (within its stack's reach):
    a shadow lying there alone is the stack's, however sharp (the stack stands on the mat).
    `window`: where to look for things (the rest is left out); the mat's light is still
    fitted over all of it (:mod:`vision.stages.busy_screen`).
    `doubt`: if given (with no `window`), gets bool masks of the large patches found not to
    be things: bright and dim ones too soft at their outline, faintly tinted ones whose tint
    does not end there. What an arm nothing else shows may be
    (:func:`vision.stages.anchor.missing_arm`).
    """
    img = cv2.add(blurred(overview), (1.0, 1.0, 1.0, 0.0), dtype=cv2.CV_32F)
    level = cv2.transform(img, np.full((1, 3), 1.0 / 3.0, np.float32))
    chroma = cv2.divide(img, cv2.merge([level, level, level]))
    free = free if free is not None else np.full(level.shape, 255, np.uint8)
    where = free > 0
    if mat_hue is None:
        mat_hue = mat_chromaticity(overview, free)
    # The mat's hue where each pixel is: a lamp of another tint shifts it slowly across the
    # mat (a warm lamp to one side, daylight from a window on the other); a thing changes it
    # at its outline.
    fit = chroma_fit(chroma, where, mat_hue, cfg)
    # Under one hue, divided by it as a scalar (a frame-sized array of it, or numpy's
    # broadcast division, took longer; the same float32 quotients).
    one = tuple(float(v) for v in np.asarray(mat_hue, np.float32)) + (1.0,)
    ratio = cv2.divide(chroma, one) if fit is None else cv2.divide(chroma, fit)
    rel = cv2.absdiff(ratio, (1.0, 1.0, 1.0, 0.0))
    b, g, r = cv2.split(rel)
    hue = cv2.max(cv2.max(b, g), r)
    limit = hue_limit(level, cfg)
    coloured = hue > limit
    model = brightness_model(level, free & ~(coloured.astype(np.uint8) * 255), cfg)
    lit = cv2.divide(level, model)  # (one quotient for both below)
    # Under two lights of different tints (a warm lamp and a cool ceiling) a shadow of the one
    # is lit by the other alone, so it takes that light's tint, the more the darker it is (a
    # warm lamp's full shadow, at 0.45 of the mat, was 0.16 off its hue; skin is twice that at
    # 0.9). Beside such a thing, though, its blurred outline mixes with its own shadow: the
    # plain limit holds there (a 2D render's fingertip lost its rim and with it its reach).
    dimness = cv2.max(1.0 - lit, 0.0)
    strong = hue > limit + cfg.busy_shadow_tint * dimness
    if cfg.busy_green_tint is not None:
        # Greener than the mat: no light's tint goes that way (config).
        strong |= green_excess(ratio) > cfg.busy_green_tint * limit
    strong = strong.astype(np.uint8)
    r = max(1, int(round(cfg.busy_fringe_mm * overview.px_per_mm)))
    beside_strong = cv2.dilate(strong, cv2.getStructuringElement(cv2.MORPH_ELLIPSE,
                                                                 (2 * r + 1, 2 * r + 1))) > 0
    coloured = (strong > 0) | (coloured & beside_strong)
    fringe = cv2.dilate(coloured.astype(np.uint8), _FRINGE) > 0
    # A faint tint in a shadow is the other light's (see above), not a thing's.
    faint = _faint_things(cv2.max(hue - cfg.busy_shadow_tint * dimness, 0.0), level,
                          where & ~fringe, overview.px_per_mm, cfg, doubt)
    if cfg.busy_faint_beyond_stacks and stacks is not None and faint.any():
        # A faint tint lying only beside a deck is the deck's (config).
        n, labels, _ = _components(faint.view(np.uint8))
        beyond = np.bincount(labels[faint & ~stacks], minlength=n) > 0
        beyond[0] = False
        faint = beyond[labels]
    if window is not None:
        hue, lit, coloured, where, fringe = (a[window] for a in (hue, lit, coloured, where,
                                                                  fringe))
        stacks = None if stacks is None else stacks[window]
    logk = cv2.log(lit)
    gx = cv2.Sobel(logk, cv2.CV_32F, 1, 0, ksize=3, scale=overview.px_per_mm / 8.0)
    gy = cv2.Sobel(logk, cv2.CV_32F, 0, 1, ksize=3, scale=overview.px_per_mm / 8.0)
    # The steepest slope within a pixel of each pixel (per mm).
    slope = cv2.dilate(cv2.magnitude(gx, gy), np.ones((3, 3), np.uint8))
    # A thing's outline where it is half there (as the eye places it): its blurred fringe,
    # where a little of its colour mixes into the mat's, stays out; otherwise a sleeve running
    # 2-3 mm off a slot's outline would seem to touch it.
    r = max(1, int(round(cfg.busy_fringe_mm * overview.px_per_mm)))
    peak = cv2.dilate(cv2.multiply(hue, coloured.astype(np.float32)),
                      cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1)))
    things = coloured & (hue >= cfg.busy_fringe_ratio * peak)
    if cfg.busy_stack_tinted_shadow is not None and stacks is not None and things.any():
        # A deck's own deep shadow lit by another light takes its tint (config).
        n, labels, stats = _components(things.view(np.uint8))
        beyond = np.bincount(labels[things & where & ~stacks], minlength=n) > 0
        light = np.bincount(labels.ravel(), weights=lit.ravel(), minlength=n) / np.maximum(
            stats[:, cv2.CC_STAT_AREA], 1)
        keep = beyond | (light >= cfg.busy_stack_tinted_shadow)
        keep[0] = False
        things &= keep[labels]
    # Outline pixels that say nothing: beside a coloured thing, or in a corner of the free mat.
    # Next to the end of the free mat (a card's edge, whose step the slope sees too) only the
    # slope along that end counts: regions are upright rectangles on the mat, so it is the
    # slope in y beside a region's left or right side and in x above or below one. A sleeve
    # crossing an 8 mm gap between two cards steps along the gap.
    ends = (~where).astype(np.uint8)
    beside = cv2.dilate(ends, np.ones((1, 5), np.uint8)) > 0
    above = cv2.dilate(ends, np.ones((5, 1), np.uint8)) > 0
    corners = beside & above
    mute = fringe | corners
    k3 = np.ones((3, 3), np.uint8)
    # (Written over in place: two frame-sized np.where temporaries took longer.)
    np.copyto(slope, cv2.dilate(np.abs(gx), k3), where=above)
    np.copyto(slope, cv2.dilate(np.abs(gy), k3), where=beside)
    lim = np.log(1.0 + cfg.deviation_ratio)
    bright, dim = logk > lim, logk < -lim
    d = max(1, int(round(cfg.busy_other_side_mm * overview.px_per_mm)))
    near_other = np.ones((2 * d + 1, 2 * d + 1), np.uint8)
    m = max(1, int(round(cfg.busy_print_mark_mm * overview.px_per_mm))) | 1
    mark = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (m, m))
    mark_px = cfg.busy_print_mark_mm2 * overview.px_per_mm ** 2
    at_end = cv2.dilate(ends, k3) > 0
    for patch, other, edge_mm, tinted in ((bright, dim, cfg.busy_bright_edge_mm, True),
                                          (dim, bright, cfg.shadow_edge_mm, False)):
        # A pale, faintly tinted sleeve is bright with speckles of its tint in it: one patch
        # (otherwise the speckles silence its outline and break it up).
        # (A bool array seen as 0/1 bytes: no copy.)
        patch = ((patch & where) if tinted else (patch & ~coloured & where)).view(np.uint8)
        n, labels, stats = _components(patch)
        if n <= 1:
            continue
        quiet = mute
        if tinted and cfg.busy_speckle_mm2 is not None:
            own = own_speckles(coloured, patch, cfg.busy_speckle_mm2 * overview.px_per_mm ** 2)
            if own is not None:
                quiet = (cv2.dilate((coloured & ~own).view(np.uint8), _FRINGE) > 0) | corners
        area = np.maximum(stats[:, cv2.CC_STAT_AREA], 1)
        # The step from the mat to the patch (log brightness), and its darkest part (none in
        # a bright one).
        inside = labels > 0
        own = labels[inside]
        step = np.abs(np.bincount(own, weights=logk[inside], minlength=n)) / area
        dark = np.zeros(n, np.int64) if tinted else np.bincount(
            labels[logk < np.log(cfg.shadow_min_ratio)], minlength=n)
        # Its outline on the free mat (where it goes on under a region is no outline).
        edge = patch & ~cv2.erode(patch | ends, np.ones((3, 3), np.uint8))
        edge_px = (edge > 0) & ~quiet
        tint = np.bincount(own, weights=hue[inside], minlength=n) / area
        # Nor does the outline near a patch of the other sign: where a pale sleeve casts its
        # shadow, the shadow's edge is the sleeve's (sharp), not the shadow's; the sleeve's
        # own there is its own (a tinted bright patch: busy_pale_beside_shadow).
        by = edge_px & (cv2.dilate(other.view(np.uint8), near_other) > 0)
        # A grey sleeve: faintly tinted and far brighter than the bare mat by it (config).
        over = over_bare_mat(labels, stats, tint, lit, where & ~bright & ~dim & ~coloured,
                             overview.px_per_mm, cfg) if tinted else np.zeros(n, bool)
        if tinted:
            by[by] = (tint[labels[by]] < cfg.busy_pale_beside_shadow) & ~over[labels[by]]
        edge_px &= ~by
        lab = labels[edge_px]
        total = np.bincount(lab, minlength=n)
        # Sharp: the step happens within edge_mm (a shadow's, a lamp's takes longer). Only a
        # patch off the mat's hue (a little: a lamp's light keeps it) gets a pale sleeve's
        # slack: the mat itself looks bright beside a sleeve the brightness model followed.
        # (Each outline pixel's step within the slack and within a shadow's, worked out once.)
        at = slope[edge_px].astype(np.float64)
        slack_px = at * edge_mm >= step[lab]
        pale = (tint >= cfg.busy_pale_hue) | over
        if tinted and cfg.busy_white_by_skin_mm is not None:
            # Looked for only where the slack would make a white patch a thing.
            would = _sharp_enough(np.bincount(lab, weights=slack_px.astype(np.float64),
                                              minlength=n),
                                  total, overview.px_per_mm, cfg) & ~pale
            would[0] = False
            if would.any():
                pale |= white_by_skin(labels, stats, would, coloured & where,
                                      mat_edge(level.shape, window, overview.px_per_mm, cfg),
                                      overview.px_per_mm, cfg)
        sharp_px = np.where(pale[lab], slack_px, at * cfg.shadow_edge_mm >= step[lab])
        sharp = np.bincount(lab, weights=sharp_px.astype(np.float64), minlength=n)
        solid = _sharp_enough(sharp, total, overview.px_per_mm, cfg)
        # Nor does the outline around a small printed mark the patch surrounds or notches (a
        # lane's dot in a shadow): its sharp edge is the print's. Looked for only round the
        # patches their outline makes things: it only takes that away.
        solid[0] = False
        if solid.any():
            sel = stats[solid]
            y0, x0 = (max(0, int(v) - m) for v in sel[:, [1, 0]].min(axis=0))
            y1 = min(patch.shape[0], int((sel[:, 1] + sel[:, 3]).max()) + m)
            x1 = min(patch.shape[1], int((sel[:, 0] + sel[:, 2]).max()) + m)
            box = (slice(y0, y1), slice(x0, x1))
            drop = edge_px[box] & _print_marks(patch[box], at_end[box], mark, mark_px)
            if drop.any():
                dl = labels[box][drop]
                sharp_at = np.zeros(patch.shape, bool)
                sharp_at[edge_px] = sharp_px
                was = sharp_at[box][drop]
                total = total - np.bincount(dl, minlength=n)
                sharp = sharp - np.bincount(dl, weights=was.astype(np.float64), minlength=n)
                solid &= _sharp_enough(sharp, total, overview.px_per_mm, cfg)
        solid |= dark > 0.5 * area
        if stacks is not None and not tinted and solid.any():
            # (However dark: a single low lamp's full shadow of a tall stack is 0.22 of the mat.)
            beyond = np.bincount(labels[inside & ~stacks], minlength=n)
            solid &= beyond > 0
        solid[0] = False
        if doubt is not None:
            soft = ~solid & (area >= cfg.busy_min_blob_mm2 * overview.px_per_mm ** 2)
            soft[0] = False
            doubt.append(soft[labels])
        if solid.any():
            # Only within the solid patches' box: a frame-sized lookup took longer.
            sel = stats[solid]
            y0, x0 = (int(v) for v in sel[:, [1, 0]].min(axis=0))
            y1 = int((sel[:, 1] + sel[:, 3]).max())
            x1 = int((sel[:, 0] + sel[:, 2]).max())
            things[y0:y1, x0:x1] |= solid[labels[y0:y1, x0:x1]]
    if window is not None:
        faint[window] |= things
        return faint.astype(np.uint8) * 255
    return (things | faint).astype(np.uint8) * 255


def _sharp_enough(sharp: np.ndarray, total: np.ndarray, px_per_mm: float,
                  cfg: VisionConfig) -> np.ndarray:
    """Per patch, from its outline pixels that say something (`total`) and the sharp ones
    among them: a thing's outline, not light's or shadow's?"""
    solid = (sharp >= cfg.busy_sharp_outline * np.maximum(total, 1)) & (total > 0)
    # A sleeve merged with its own soft shadow: a long sharp stretch of outline.
    return solid | ((sharp >= cfg.busy_sharp_run_mm * px_per_mm) & (
        sharp >= cfg.busy_sharp_part * total))


def _print_marks(patch: np.ndarray, at_end: np.ndarray, mark: np.ndarray,
                 mark_px: float) -> np.ndarray:
    """bool: beside a small printed mark the patch (uint8) surrounds or notches: a gap the
    closing with `mark` fills, no larger than `mark_px`. Not a corner between the patch and a
    region's edge (`at_end`): a pale hand seen only in the gaps between slots has its outline
    there."""
    gaps = (cv2.morphologyEx(patch, cv2.MORPH_CLOSE, mark) > 0) & (patch == 0)
    n, labels, stats = _components(gaps.astype(np.uint8))
    small = (stats[:, cv2.CC_STAT_AREA] <= mark_px) & (
        np.bincount(labels[at_end], minlength=n) == 0)
    small[0] = False
    return cv2.dilate(small[labels].astype(np.uint8), np.ones((3, 3), np.uint8)) > 0


def _faint_things(hue: np.ndarray, level: np.ndarray, where: np.ndarray, px_per_mm: float,
                  cfg: VisionConfig, doubt: list[np.ndarray] | None = None) -> np.ndarray:
    """bool per pixel: a thing of nearly the mat's colour (a grey or grey-green sleeve, neither
    much brighter nor darker than the mat): faintly off the mat's hue, which light and shadow
    keep, and the mat around it is back to its own hue a few mm out (a lamp of another tint
    washes the hue out over 40 mm or more). `hue`: off the mat's; `where`: free mat, not
    beside a coloured thing; `doubt`: if given, gets the large patches that are not things."""
    # Worked out coarser (a sleeve is large): at the overview's scale, the fresh memory for
    # its temporaries cost more than the work. The hue is averaged over the free mat.
    full = where
    k = cfg.busy_faint_px_per_mm / px_per_mm

    def at(a: np.ndarray) -> np.ndarray:
        # (Already at that scale, as in the first look: resize would only copy it.)
        return a if k == 1.0 else cv2.resize(a, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)

    share = at(where.astype(np.float32))
    hue = at(hue * where)
    level = at(level)
    where = share > 0.5
    px_per_mm = cfg.busy_faint_px_per_mm
    # Smoothed over the free mat: the camera's noise in hue is as large as such a tint.
    sigma = cfg.busy_faint_smooth_mm * px_per_mm
    hue = cv2.GaussianBlur(hue, (0, 0), sigma) / np.maximum(
        cv2.GaussianBlur(share, (0, 0), sigma), 1e-3)
    # Not the mat's outermost millimetres: the table shows through its blurred edge.
    rim = max(1, int(round(3 * px_per_mm)))
    where[:rim, :] = where[-rim:, :] = False
    where[:, :rim] = where[:, -rim:] = False
    base = float(np.median(hue[::6, ::6][where[::6, ::6]])) if where.any() else 0.0
    limit = cfg.busy_faint_hue_ratio * hue_limit(level, cfg)
    faint = ((hue > limit) & where).astype(np.uint8)
    n, labels, stats = _components(faint)
    big = stats[:, cv2.CC_STAT_AREA] >= cfg.busy_min_blob_mm2 * px_per_mm * px_per_mm
    big[0] = False
    if not big.any():
        return np.zeros(full.shape, bool)
    # Per patch, the free mat 3-6 mm outside it: is it back to the mat's hue there?
    r0, r1 = (max(1, int(round(m * px_per_mm))) for m in cfg.busy_faint_around_mm)
    solid = np.zeros(n, bool)
    h, w = faint.shape
    for i in np.nonzero(big)[0]:
        x, y, bw, bh = (int(v) for v in stats[i, :4])
        box = (slice(max(0, y - r1), min(h, y + bh + r1)),
               slice(max(0, x - r1), min(w, x + bw + r1)))
        mine = labels[box] == i
        away = cv2.distanceTransform((~mine).astype(np.uint8), cv2.DIST_L2, 3)
        around = (away >= r0) & (away <= r1) & where[box]
        # Too little mat around it to say (a strip hemmed in a gap between cards): no thing.
        if np.count_nonzero(around) < cfg.busy_faint_around_min_mm2 * px_per_mm * px_per_mm:
            continue
        # Still tinted there: at least half as far off the mat's hue as the limit.
        still = hue[box][around] - base > 0.5 * (limit[box][around] - base)
        solid[i] = np.mean(still) <= cfg.busy_faint_tinted_around
        if solid[i] and cfg.busy_faint_not_darker:
            # Darker than the mat round it and tinted: a shadow lit by another light.
            solid[i] = float(np.mean(level[box][mine])) >= float(np.mean(level[box][around]))
    def full_size(sel: np.ndarray) -> np.ndarray:
        out = sel[labels]
        if out.shape != full.shape:
            out = cv2.resize(out.astype(np.uint8), (full.shape[1], full.shape[0]),
                             interpolation=cv2.INTER_NEAREST) > 0
        return out & full

    if doubt is not None:
        doubt.append(full_size(big & ~solid))
    return full_size(solid)
