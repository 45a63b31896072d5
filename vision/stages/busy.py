"""Stage 9: which places a turn depends on are hidden by a hand, an arm or an object.

A turn can depend on the noble slots, the market slots, the deck slots, the bank lanes and the
scan zone (the *regions*). A hand beside the mat, a finger over its empty margin, a sleeve along
its edge or any shadow hides none of them, so none of these makes a still busy.

How: on the mat around the regions (the free mat), a pixel belongs to a hand, a sleeve or an
object when it is off the mat's colour *and* is not a darker copy of the mat: a shadow keeps the
mat's hue (all three channels darkened alike) and has soft edges; skin, cloth and objects change
the hue, are lighter than the mat, far darker than a shadow, or have sharp edges. A region is
covered when such a thing reaches into the ring of free mat around it from further away than the
region's own card or token could stick out (a hand is opaque and continuous: to hide part of a
slot it must cross the slot's outline, and the outline lies on free mat), and when its own
colour, followed from the outline inwards, goes on over enough of the region: a thing ending just
short of the outline looks, from outside, like one going on into it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.mat import COLOURS, Mat, load_mat
from vision.stages.anchor import anchored, join_things, missing_arm, outside_mask
from vision.stages.busy_screen import first_look
from vision.stages.busy_sleeve import (mat_edge, over_bare_mat, own_speckles, sleeve_not_shadow,
                                       white_by_skin)
from vision.stages.busy_speed import kept_mask
from vision.stages.inside import crosses, look_closer, reach_inside, ring_box
from vision.stages.lean import lean_layout
from vision.stages.locate import Rect
from vision.stages.mat_light import brightness_model, chroma_fit, mat_chromaticity
from vision.stages.overview import Overview, _fill, _grow, blurred, green_excess, hue_limit
from vision.stages.shadow import coloured_share, lit_mat, shadow_contact

REGION_ORDER = ("nobles", "market", "decks", "scan", "bank")


#: A coloured pixel mutes the outline within 2 px of it.
_FRINGE = np.ones((5, 5), np.uint8)


def regions(mat: Mat) -> dict[str, Rect]:
    """Every place a turn can depend on, by its read-table path ("market.2.1", "bank.red")."""
    out = dict(mat.slots())
    out.update({f"decks.{level}": r for level, r in sorted(mat.decks.items())})
    out.update({f"bank.{c}": mat.bank[c] for c in COLOURS})
    return out


def region_order(path: str):
    """Sort key: nobles, market (level 1 first), decks, scan, bank (lane order)."""
    head, _, rest = path.partition(".")
    rank = REGION_ORDER.index(head) if head in REGION_ORDER else len(REGION_ORDER)
    if head == "bank":
        return (rank, (COLOURS.index(rest) if rest in COLOURS else 9, 0))
    parts = tuple(int(p) for p in rest.split(".") if p.isdigit())
    return (rank, parts + (0,) * (2 - len(parts)))


@dataclass
class BusyReading:
    """What hides the regions: the paths covered, and the evidence."""

    covered: list[str]
    area_mm2: float  # hand-like area on free mat (after the opening)
    mask: np.ndarray  # uint8, overview px: hand-like pixels on free mat
    #: Sticker-sized hand-like blobs (mat mm rects): if a QR code is found there, it was a
    #: sticker, not a hand.
    spots: list[Rect] = field(default_factory=list)

    @property
    def busy(self) -> bool:
        return bool(self.covered)


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


@lru_cache(maxsize=4)
def _layout(mat_id: int, s: float, inner_mm: float, ring_mm: float, profile_mm: float,
            stack_mm: float):
    """The free mat mask, and per region around it: (bbox slices, free mat there, distance from
    the region's outline in mm there). The ring is the free mat within ring_mm of the outline;
    the profile (what the hand looks like further out) reaches profile_mm. And the free mat
    within stack_mm of a deck (where its own shadow may fall)."""
    mat = load_mat()
    w, h = int(round(mat.size[0] * s)), int(round(mat.size[1] * s))
    free = np.full((h, w), 255, np.uint8)
    regs = regions(mat)
    for r in regs.values():
        _fill(free, _grow(r, inner_mm), s, 0)
    # The markers' white squares are not free mat.
    for i in mat.marker_corners:
        _fill(free, _grow(mat.marker_paper_rect(i), 1.0), s, 0)
    # The innermost layer of free mat along each region's outline, by region (index + 1): a
    # thing touching two of these crosses the gap between two regions.
    edge_of = np.zeros((h, w), np.int16)
    rings = {}
    for k, (path, r) in enumerate(regs.items()):
        box, dist = ring_box(r, max(ring_mm, profile_mm), s, (h, w))
        rings[path] = (box, free[box] > 0, dist)
        band = (free[box] > 0) & (dist <= inner_mm + 1.5 / s)
        edge_of[box][band] = k + 1
    # Where a deck's own stack may cast its shadow: the free mat within its reach.
    stacks = np.zeros((h, w), np.uint8)
    for r in mat.decks.values():
        _fill(stacks, _grow(r, stack_mm), s, 255)
    stacks = (stacks > 0) & (free > 0)
    return free, rings, edge_of, stacks


def _hidden(overview: Overview, detail, rect: Rect, box, far: list[int], here: np.ndarray,
            freehere: np.ndarray, dist: np.ndarray, seen: np.ndarray | None,
            mat_hue: np.ndarray, cfg: VisionConfig,
            whole: Callable[[list[int]], float] | None = None) -> bool:
    """Does the thing (`far`: its labels in `here`, the region's box of the overview) hide
    enough of the region `rect`? `freehere`, `dist`, `seen`: the free mat, the distance from
    the outline and what the frame shows, in that box; `whole`: labels -> the coloured share
    of those things over the whole overview."""
    s = overview.px_per_mm
    on = np.isin(here, far) & freehere
    contact = on & (dist <= cfg.busy_ring_mm)
    if np.count_nonzero(contact) / (s * s) < cfg.busy_min_contact_mm2:
        return False

    bare = freehere & (here == 0)
    wide: list = []

    def wider() -> tuple[np.ndarray, float] | None:
        # The bare mat round the whole region, for a closer look that sees little of it lit
        # (worked out only then, and once however many closer looks ask).
        if not wide:
            wide.append(lit_mat(overview.image[box], bare) if bare.any() else None)
        return wide[0]

    def goes_on(part: np.ndarray, closer: bool) -> bool:
        # Does this part of the thing go on over the region: surely, as the overview sees it,
        # or (`closer`) in doubt there and then seen closer.
        area = reach_inside(overview.image[box], part, freehere, dist, s, mat_hue, cfg, seen)
        if area >= cfg.busy_inside_sure_mm2:
            return True
        if not closer or detail is None or area < cfg.busy_inside_min_mm2:
            return False
        return look_closer(detail, rect, box, part, freehere, dist, seen, s, mat_hue,
                            cfg, wider) >= cfg.busy_inside_min_mm2

    if shadow_contact(overview.image[box], on, contact, bare, mat_hue, cfg,
                      None if whole is None else lambda: whole(far), goes_on, s,
                      cfg.busy_uncast_shadow and detail is not None) and (
            detail is None or not sleeve_not_shadow(detail, rect, contact, box, s, cfg, seen)):
        return False
    # Seen from outside it goes on into the region: a coarse look inside may settle it.
    # If not (a hand over a slot's corner from the gap beside it narrows there, as a
    # fingertip does that stops short), only the closer look can tell.
    crossed = any(crosses(here, [i], freehere, dist, cfg) for i in far)
    if not crossed and detail is None:
        return False
    inside = reach_inside(overview.image[box], on, freehere, dist, s, mat_hue, cfg,
                           seen) if crossed else 0.0
    if detail is not None and inside < cfg.busy_inside_sure_mm2:
        # In doubt: a closer look, near where it comes in.
        inside = look_closer(detail, rect, box, on, freehere, dist, seen, s, mat_hue, cfg,
                             wider)
    return inside >= cfg.busy_inside_min_mm2


def detect_busy(overview: Overview, cfg: VisionConfig = DEFAULT_CONFIG,
                mat: Mat | None = None, codes_mm: list[np.ndarray] | None = None,
                detail: Callable[[Rect, float], np.ndarray] | None = None,
                seen: dict[str, Rect] | None = None) -> BusyReading:
    """Stage 9: the regions a hand, an arm or an object hides (empty: the still can be judged).

    A QR sticker lying on the mat (`codes_mm`: decoded codes' corners in mat mm) is not a hand.
    `detail` (a part of the mat in mm, px/mm -> BGR image from the frame) gives a closer look
    into a region a thing reaches; without it the overview's pixels are used. `seen`: the
    decks as the camera sees them (:func:`vision.stages.lean.seen_decks`).
    """
    mat = mat or load_mat()
    window = first_look(overview, cfg, mat, regions(mat), _layout, object_mask) if (
        cfg.busy_screen_px_per_mm) else (slice(None), slice(None))
    if window is None:
        return BusyReading(covered=[], area_mm2=0.0, mask=np.zeros(overview.image.shape[:2],
                                                                    np.uint8))
    s = overview.px_per_mm
    free, rings, edge_of, stacks = _layout(id(mat), s, cfg.busy_region_inner_mm,
                                           cfg.busy_ring_mm, cfg.busy_profile_mm,
                                           cfg.busy_stack_shadow_mm)
    regs = regions(mat)
    if seen:
        free, rings, stacks, regs = lean_layout(free, rings, stacks, regs, seen, s, cfg)
    view = overview.in_view
    if view is not None:
        # Part of the mat is out of the frame: what is not seen hides nothing (and beyond the
        # edge the overview only repeats the edge's pixels).
        free = np.where(view, free, np.uint8(0))
    mat_hue = mat_chromaticity(overview, free)
    bare = free
    if codes_mm:
        # A sticker lying on the free mat is no hand, nor is its sharp edge the outline of
        # a shadow falling across it: it is left out like a region.
        bare = free.copy()
        for quad in codes_mm:
            q = np.asarray(quad, np.float64).reshape(-1, 2)
            c = q.mean(axis=0)
            # The sticker: the symbol, its quiet zone and the printed id under it.
            grown = c + (q - c) * cfg.busy_code_grow + np.sign(q - c) * 4.0
            cv2.fillConvexPoly(bare, np.round(grown * s).astype(np.int32), 0)
    things = object_mask(overview, cfg, bare, mat_hue, stacks, window) & bare
    # An odd kernel: an even one shifts the mask by a pixel (the anchor is off-centre).
    k = max(1, int(round(cfg.busy_open_mm * s))) | 1
    things = cv2.morphologyEx(things, cv2.MORPH_OPEN,
                              cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    outside = None
    for attempt in (0, 1):
        n, labels, stats = _components(things)
        keep = np.zeros(n, bool)
        spots: list[Rect] = []
        total = 0.0
        # Small blobs that touch the outlines of two regions: a finger crossing the 8 mm gap
        # between two lanes (or slots) on its way into one of them, not a crumb.
        small = (stats[:, cv2.CC_STAT_AREA] < cfg.busy_min_blob_mm2 * s * s)
        small[0] = False
        bridges = np.zeros(n, bool)
        if small.any():
            # (Looked up on the outlines' thin band alone, not over the whole overview.)
            band = edge_of > 0
            lab, reg = labels[band], edge_of[band]
            sel = small[lab]
            pairs = np.unique(lab[sel].astype(np.int64) * 1024 + reg[sel])
            owners = np.bincount(pairs // 1024, minlength=n)
            bridges = owners >= 2
        for i in range(1, n):
            area = float(stats[i, cv2.CC_STAT_AREA]) / (s * s)
            if area < cfg.busy_min_blob_mm2 and not (
                    bridges[i] and area >= cfg.busy_min_bridge_mm2):
                continue
            keep[i] = True
            total += area
            x, y, bw, bh = (float(stats[i, j]) / s for j in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP,
                                                       cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
            if max(bw, bh) <= cfg.busy_sticker_mm:
                spots.append(_grow((x, y, bw, bh), 8.0))
        mask = kept_mask(things, labels, stats, keep, cfg.busy_mask_by_drop)
        if cfg.busy_skip_calm and not keep.any():
            return BusyReading(covered=[], area_mm2=total, mask=mask)  # (no thing touches a place)
        boxes = stats[:, :4].astype(np.float64) / s  # left, top, width, height (mm)
        covered = []

        joins: list[tuple[np.ndarray, int, np.ndarray]] = []  # join_things(), made at most once

        def whole(blobs: list[int]) -> float:
            share = coloured_share(overview.image, labels, stats, blobs, mat_hue, cfg)
            if share >= cfg.busy_shadow_far_caster:
                return share
            # A deep shadow cut off from the arm casting it by the arm's own pale rim or a gap
            # of a few mm: the things that close together, as anchored() joins them.
            if not joins:
                joins.append(join_things(keep[labels], s, cfg))
            g = joins[0][2]
            mine = np.unique(g[np.isin(labels, blobs)])
            near = np.unique(labels[np.isin(g, mine[mine > 0]) & (labels > 0)])
            near = [int(i) for i in near if keep[i]]
            return coloured_share(overview.image, labels, stats, near, mat_hue, cfg)

        # Per region the things on its ring, and its box's labels, free mat and view.
        touched: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]] = {}
        near_own: list[str] = []
        for path, (box, freehere, dist) in rings.items():
            seen = None if view is None else view[box]
            if seen is not None:
                freehere = freehere & seen
            ring = freehere & (dist <= cfg.busy_ring_mm)
            here = labels[box]
            touching = np.unique(here[ring & (here > 0)])
            touching = touching[keep[touching]]
            if touching.size == 0:
                continue
            touched[path] = (touching, here, freehere, seen)
            # It must come from beyond what the region's own card or token could reach.
            tall = path.startswith(cfg.busy_tall_regions)
            reach = cfg.busy_tall_reach_mm if tall else cfg.busy_reach_mm
            rx, ry, rw, rh = _grow(regs[path], reach)
            far = [i for i in touching
                   if boxes[i, 0] < rx or boxes[i, 1] < ry or boxes[i, 0] + boxes[i, 2] > rx + rw
                   or boxes[i, 1] + boxes[i, 3] > ry + rh]
            if far and _hidden(overview, detail, regs[path], box, far, here, freehere, dist, seen,
                               mat_hue, cfg, whole):
                covered.append(path)
            elif len(far) < touching.size:
                # (Whatever else touches it, a thing within its reach may be a hand too: below.)
                near_own.append(path)
        # What lies in the gap between two regions, within a card's reach of the one, is still a
        # hand when it goes on over the other: a finger over a deck seen on the free mat only in
        # the gap to the deck below, which the hand covers.
        over = set().union(*(touched[p][0].tolist() for p in covered))
        for path in near_own:
            touching, here, freehere, seen = touched[path]
            far = [i for i in touching if i in over]
            box, _, dist = rings[path]
            if far and _hidden(overview, detail, regs[path], box, far, here, freehere, dist, seen,
                               mat_hue, cfg, whole):
                covered.append(path)
        # A hand whose arm nothing on the free mat shows: the soft patch that joins it to the
        # mat's edge is that arm (config), and every place is judged again with it.
        if attempt or not covered or not cfg.busy_arm_from_doubt:
            break
        outside = outside_mask(labels.shape, s, mat, view, cfg, overview.image)
        doubt: list[np.ndarray] = []
        object_mask(overview, cfg, bare, mat_hue, stacks, None, doubt)
        arm = None if not doubt else missing_arm(
            covered, {p: touched[p][0] for p in covered}, np.where(keep[labels], labels, 0),
            outside, np.logical_or.reduce(doubt) & (bare > 0), s, cfg,
            joins[0] if joins else None)
        if arm is None:
            break
        # (A faint patch is found at a coarser scale, without the free mat's last mm by a
        # place: grown back over the ring.)
        r = max(1, int(round(cfg.busy_ring_mm * s)))
        things = things | (cv2.dilate(arm, cv2.getStructuringElement(
            cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))) & bare)
    # A hand comes from the mat's edge: what covers a place joins the world beyond the mat.
    if covered:
        if outside is None:
            outside = outside_mask(labels.shape, s, mat, view, cfg, overview.image)
        things = np.where(keep[labels], labels, 0)
        touching = {p: touched[p][0] for p in covered}
        covered = anchored(covered, touching, things, outside, s, cfg,
                           joins[0] if joins else None)
    covered.sort(key=region_order)
    return BusyReading(covered=covered, area_mm2=total, mask=mask,
                       spots=spots if covered else [])
