"""Counting bank tokens in one rectified lane, twice, by two independent counters.

The lane image is the lane rectangle warped to ``px_per_mm`` pixels a millimetre, and
``deviation`` is, per pixel, how far its colour is from the mat's (0 = mat). Tokens lie flat in
one row, so:

* the *run* counter thresholds the deviation (smoothed first when the bare mat beside the lane
  is noisy), measures along the lane how long each run of token columns is, and divides by the
  token pitch;
* the *circle* counter finds token rims (a Hough transform on the continuous deviation, no
  threshold shared with the run counter) and counts circles on the lane's centre line.

A lane is certain only when both agree and every run has the length of a whole number of tokens.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.config import VisionConfig


@dataclass
class LaneCount:
    """The count for one lane and why it may not be trusted."""

    count: int
    certain: bool
    runs: list[tuple[float, float]] = field(default_factory=list)  # (start, end) mm along the lane
    circles: list[tuple[float, float, float]] = field(default_factory=list)  # (x, y, r) mm
    run_count: int = 0
    circle_count: int = 0
    reason: str = ""


def count_by_runs(deviation: np.ndarray, px_per_mm: float, cfg: VisionConfig,
                  span: tuple[float, float] | None = None, light: np.ndarray | None = None,
                  shade: Callable[[], np.ndarray] | None = None,
                  circles: list[tuple[float, float, float]] | None = None,
                  shade_beside_circles: bool = False, dashes: bool = False
                  ) -> tuple[int, bool, list[tuple[float, float]]]:
    """Count tokens from the lengths of runs of token columns.

    ``span`` (mm along the image) is the printed lane inside its margin: a run centred beyond
    it is not a token (a token lies in its lane), but a marker's white square or a shadow.
    ``light`` (bool, like ``deviation``): where the lane keeps the mat's hue. A crumb that is
    mostly that is light the background missed, not a token's rim.
    ``shade`` (the white lane's): works out where a pixel is darker than the mat and keeps its
    hue (bool, like ``deviation``), as the mat in a shadow does. A white chip is brighter than
    the mat, so a column whose token pixels are all that is a chip's shadow, not a chip.
    ``circles``: the circle counter's tokens (x, y, r mm), if found: pieces too short for a
    token lying in one circle's disc are that chip's.
    ``shade_beside_circles`` (the black lane's): only ``shade`` outside the circles' discs is
    a shadow (a black chip is as dark as one); without circles none is.
    ``dashes`` (the black lane's): crumbs alone join as a faint chip's dashes
    (``token_crumb_gap_mm``).
    Returns (count, every run had a whole-token length, runs in mm).
    """
    if noise_share(deviation, px_per_mm, cfg) > cfg.token_noise_share:
        # A noisy camera's speckle on the bare mat crosses the threshold pixel by pixel, and
        # filling the holes between the specks grows them into blobs a chord deep: threshold
        # the deviation smoothed over the specks' size instead (a token's is broad).
        deviation = cv2.GaussianBlur(deviation, (0, 0), cfg.token_noise_blur_mm * px_per_mm)
    token = deviation > cfg.deviation_ratio
    if light is not None and cfg.token_off_hue_counts:
        # A coloured chip washed out by a lamp close by is near the mat's brightness in every
        # channel, but still off its hue, which no shadow or lamp does to the mat.
        off_hue = ~light
        if _margin_share(off_hue, px_per_mm, cfg) > cfg.token_noise_share:
            # A camera's colour noise: the specks off the mat's hue smoothed away as above
            # (a pixel stays off it where most of its neighbourhood is).
            off_hue = cv2.GaussianBlur(off_hue.astype(np.float32), (0, 0),
                                       cfg.token_noise_blur_mm * px_per_mm) > 0.5
        token |= off_hue
    mask = fill_holes(token, px_per_mm, cfg)
    width = deviation.shape[1] / px_per_mm
    total, whole, runs = _count_runs(mask, px_per_mm, width, cfg, span, light, None, circles,
                                     dashes)
    if whole:
        return total, whole, runs
    # Runs that are not each a whole number of chips may hold a white chip's shadow or a faint
    # chip's broken ring: looked for only then (a few lanes in a hundred), and counted again.
    again = False
    if light is None and cfg.token_broken_ring_gap_mm > 0:
        # (White and black chips' rings are faint where their dark band or white dashes meet
        # the mat; a coloured chip's keeps its colour.)
        filled = fill_middles(token, mask, px_per_mm, cfg)
        again, mask = filled is not mask, filled
    lit = None
    if shade is not None and (circles or not shade_beside_circles):
        # A low lamp casts each white chip's shadow beside it, a crescent as dark as a token
        # differs: it lengthened the chip's run, and joined chips a few mm apart into one run
        # a token too long (issue 32, seed 9900 frame 87). The shadow is no chip's column.
        shadow = token & shade()
        if shade_beside_circles:
            # A black chip is as dark as a shadow in the mat's hue: only the shade beside
            # the circles found is a shadow (seed 10000 frame 198, 10300/156, 10500/71).
            shadow &= ~_discs(shadow.shape, circles, px_per_mm, cfg.token_shadow_disc_grow_mm)
        lit = column_counts(mask & ~shadow) / px_per_mm >= cfg.token_min_lit_chord_mm
        if shade_beside_circles and cfg.token_whole_runs_stay:
            # A run that was already whole chips, one found by the circle counter, had no
            # shadow lengthening it: a black chip the circle counter missed is as dark as a
            # shadow (14400/191: its first 10 mm taken for one, five chips read four).
            gap = 2.0 * cfg.token_pitch_mm - cfg.token_run_slack_mm
            for a, b in runs:
                if _whole_chips(b - a, cfg) and any(a <= x <= b for x, _, _ in circles):
                    lit[int(round(a * px_per_mm)):int(round(b * px_per_mm))] = True
                elif cfg.token_missed_between_circles:
                    # So is one between two circles a place or more apart within one run:
                    # no chip's shadow is that long (14900/189: five chips pushed together,
                    # the second's circle missed, its body taken for shade, read four).
                    inside = sorted((x, r) for x, _, r in circles if a <= x <= b)
                    for (x0, r0), (x1, r1) in zip(inside, inside[1:]):
                        if x1 - x0 >= gap:
                            lit[int(round((x0 + r0) * px_per_mm)):
                                int(round((x1 - r1) * px_per_mm))] = True
        again = True
    if again:
        total, whole, runs = _count_runs(mask, px_per_mm, width, cfg, span, light, lit, circles,
                                         dashes)
    return total, whole, runs


def _count_runs(mask: np.ndarray, px_per_mm: float, width: float, cfg: VisionConfig,
                span: tuple[float, float] | None, light: np.ndarray | None,
                lit: np.ndarray | None = None,
                circles: list[tuple[float, float, float]] | None = None,
                dashes: bool = False) -> tuple[int, bool, list[tuple[float, float]]]:
    """:func:`count_by_runs` from the token mask with its holes filled (``lit``: the columns
    not a white chip's shadow alone, or None; ``dashes``: the black lane's, whose faint chips
    may show only their dashes)."""
    chord_mm = column_counts(mask) / px_per_mm
    on = chord_mm >= cfg.token_min_chord_mm
    if light is not None:
        # In a coloured lane a column of the mat's hue alone is mat the background got wrong
        # (a chip's own shadow cast beside it by a low lamp darkens the mat's model there) or
        # a shadow (something's beyond the lane's end), not a token: a token's column has its
        # colour for a chord, a lamp's sheen or its white dashes never all of it.
        coloured_mm = column_counts(mask & ~light) / px_per_mm
        on &= coloured_mm >= cfg.token_min_colour_chord_mm
    if lit is not None:
        on &= lit
    diameter = _diameter(cfg)
    crumb = diameter * 0.3
    part = diameter - cfg.token_run_slack_mm  # shorter than this: part of a token at most
    reach = cfg.token_run_slack_mm / 2.0
    # Pieces (start, end, the length of their own columns, made of crumbs alone), mm.
    pieces: list[tuple[float, float, float, bool]] = []
    padded = np.concatenate([[False], on, [False]])
    edges = np.flatnonzero(padded[1:] != padded[:-1])
    for start, end in zip(edges[::2], edges[1::2]):
        a, b = start / px_per_mm, end / px_per_mm
        own, alone = b - a, b - a < crumb
        if pieces and a - pieces[-1][1] <= cfg.token_run_join_mm:
            shorter, longer = sorted((b - a, pieces[-1][1] - pieces[-1][0]))
            # Only a piece too short for a whole token joins (two whole ones apart are two
            # runs: a chip's shadow between them would lengthen them as one).
            if shorter >= crumb and shorter < diameter - cfg.token_run_slack_mm:
                a, own, alone = _joined(pieces.pop(), own, False)
        if (pieces and a - pieces[-1][1] <= cfg.token_piece_gap_mm
                and crumb <= max(b - a, pieces[-1][1] - pieces[-1][0]) < part
                and b - pieces[-1][0] <= diameter + cfg.token_run_slack_mm):
            # Pieces too short for a token that together fit in one are one chip whose ring
            # broke into its dashes (a faint black chip): each is no token of its own.
            a, own, alone = _joined(pieces.pop(), own, False)
        elif (dashes and pieces and cfg.token_crumb_gap_mm is not None
              and a - pieces[-1][1] <= cfg.token_crumb_gap_mm
              and max(b - a, pieces[-1][1] - pieces[-1][0]) < crumb
              and b - pieces[-1][0] <= diameter + cfg.token_run_slack_mm):
            # ...and in the black lane, so are crumbs alone, a little further apart: a black
            # chip whose body is the mat's grey under a window shows only a few of its dashes
            # (seed 13600 frame 171: five crumbs over 36 mm, 7 mm between two of them).
            a, own, alone = _joined(pieces.pop(), own, alone)
        elif (pieces and circles and cfg.token_pieces_in_circle
              and max(b - a, pieces[-1][1] - pieces[-1][0]) < part
              and any(x - r - reach <= pieces[-1][0] and b <= x + r + reach
                      for x, _, r in circles)):
            # ...and so are pieces lying in one circle's disc, give or take half a run's
            # slack either side (its shadow's edge), however far apart: a faint black chip's
            # dashes alone, 4-12 mm each (seed 9800 frame 134 read three of four); a white
            # chip half in a deep shadow, its lit part and its far rim 7 mm apart.
            a, own, alone = _joined(pieces.pop(), own, False)
        elif (pieces and circles and cfg.token_pieces_in_circle and b - a < part
              and any(x <= pieces[-1][1] and x - r - reach <= a and b <= x + r + reach
                      for x, _, r in circles)):
            # ...and a short piece in the disc of a circle whose middle the run before has
            # already passed is that chip's far rim broken off (seed 10300 frame 156: a black
            # chip's last 15 mm, 1.5 mm from its run, read as a sixth chip).
            a, own, alone = _joined(pieces.pop(), own, False)
        pieces.append((a, b, own, alone))
    # (A run of crumbs alone covering too little of itself: sparse specks.)
    kept = [(a, b, alone and (own < cfg.token_dash_cover * (b - a)
                              or b - a < cfg.token_dash_span * diameter))
            for a, b, own, alone in pieces
            if span is None or span[0] <= _run_centre(a, b, width, diameter, cfg) <= span[1]]
    runs = [(a, b) for a, b, _ in kept]
    total = 0
    whole = True
    for start, end, sparse in kept:
        length = end - start
        if sparse and length >= crumb:
            # Specks too sparse for a chip's dashes: no chip, but not nothing either.
            whole = False
            continue
        if length < crumb:
            # A crumb (a printed mark, a token rim poking in); too small to be a token, but
            # not nothing either when it is half a token.
            if length >= diameter * 0.15 and not _light(mask, light, start, end, px_per_mm, cfg):
                whole = False
            continue
        n, expected = _chips(length, cfg)
        if abs(length - expected) > cfg.token_run_slack_mm:
            whole = False
            if length < expected and circles:
                inside = sum(1 for x, _, _ in circles if start <= x <= end)
                if (not inside and n == 1 and light is None and not dashes
                        and cfg.token_short_run_needs_circle):
                    continue
                if inside and cfg.token_short_run_by_circles:
                    n = min(n, inside)
        total += n
    return total, whole, runs


def _diameter(cfg: VisionConfig) -> float:
    """A lone token's run (mm): a touch shorter than the pitch."""
    return cfg.token_pitch_mm - 1.1


def _chips(length: float, cfg: VisionConfig) -> tuple[int, float]:
    """The chips (at least one) a run `length` mm long is rounded to, and the length they
    would make."""
    diameter = _diameter(cfg)
    n = max(1, int(round((length - diameter) / cfg.token_pitch_mm)) + 1)
    return n, diameter + (n - 1) * cfg.token_pitch_mm


def _whole_chips(length: float, cfg: VisionConfig) -> bool:
    """Is a run `length` mm long one or more whole chips (within the slack)?"""
    return abs(length - _chips(length, cfg)[1]) <= cfg.token_run_slack_mm


def _joined(before: tuple[float, float, float, bool], own: float, alone: bool
            ) -> tuple[float, float, bool]:
    """A piece joined to the one `before` it: its start, its own columns' length, and made of
    crumbs alone (`alone`: joined as crumbs, both being crumbs)."""
    return before[0], own + before[2], alone and before[3]


def _discs(shape: tuple[int, ...], circles: list[tuple[float, float, float]],
           px_per_mm: float, grow_mm: float) -> np.ndarray:
    """The circles' discs (x, y, r mm), each grown by `grow_mm`, as a bool mask of `shape`."""
    discs = np.zeros(shape[:2], np.uint8)
    for x, y, r in circles:
        cv2.circle(discs, (int(round(x * px_per_mm)), int(round(y * px_per_mm))),
                   int(round((r + grow_mm) * px_per_mm)), 1, -1)
    return discs.view(bool)


def column_counts(mask: np.ndarray) -> np.ndarray:
    """How many pixels of each column a bool mask marks (OpenCV's one pass; numpy's sum
    along the rows took several times as long)."""
    return cv2.reduce(np.ascontiguousarray(mask).view(np.uint8), 0, cv2.REDUCE_SUM,
                      dtype=cv2.CV_32S)[0]


def _run_centre(a: float, b: float, width: float, diameter: float, cfg: VisionConfig) -> float:
    """Where a run of token columns from `a` to `b` (mm) has its token's centre. A run cut off by
    the end of the lane's image is a token's part at most: its centre lies where a whole token
    beginning at the run's inner end would have it (a shadow's edge cast in past the lane's end
    shows as 20 mm at the margin's far end: its middle lies in the lane, a token's would not)."""
    middle = (a + b) / 2.0
    if not cfg.token_end_runs_whole:
        return middle
    edge = 0.5  # mm: the run reaches the image's first or last column
    half = diameter / 2.0 - cfg.token_end_run_reach_mm
    if b >= width - edge and a > edge:
        return max(middle, a + half)
    if a <= edge and b < width - edge:
        return min(middle, b - half)
    return middle


def edge_rows(px_per_mm: float, cfg: VisionConfig) -> int:
    """The rows of a rectified lane's margin, above and below it, that show its bare mat: the
    margin's outer part, where a token's rim (off-centre, leaning) never reaches."""
    return max(1, int(round((cfg.lane_margin_mm[1] - cfg.lane_edge_clear_mm) * px_per_mm)))


def noise_share(deviation: np.ndarray, px_per_mm: float, cfg: VisionConfig) -> float:
    """The share of the bare mat's pixels that differ from the mat as a token does: the
    camera's noise, read in the outer rows of the lane's margin (the strips its background is
    taken from, so bare mat by construction), the quieter of the two (a leaning token's rim
    may reach into one)."""
    return _margin_share(deviation > cfg.deviation_ratio, px_per_mm, cfg)


def _margin_share(mask: np.ndarray, px_per_mm: float, cfg: VisionConfig) -> float:
    """The share of the lane's outer margin rows (bare mat) that ``mask`` marks, the quieter
    of the two margins."""
    rows = edge_rows(px_per_mm, cfg)
    top, bottom = mask[:rows], mask[-rows:]
    return float(min(np.count_nonzero(top) / max(1, top.size),
                     np.count_nonzero(bottom) / max(1, bottom.size)))


def fill_holes(mask: np.ndarray, px_per_mm: float, cfg: VisionConfig) -> np.ndarray:
    """The token mask with the holes inside tokens filled: a black chip's centre, grey like
    the mat under a warm lamp or glossed by a lamp's sheen, is still the chip (its columns
    would otherwise break into crumbs). A hole is mat enclosed by token pixels, smaller than
    ``token_hole_mm2`` (its ring's gaps up to ``token_ring_gap_mm`` closed)."""
    # A chip's ring has gaps (noise, its spots' edges): closed over a few millimetres first.
    k = max(3, int(round(cfg.token_ring_gap_mm * px_per_mm)) | 1)
    ring = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    limit = cfg.token_hole_mm2 * px_per_mm * px_per_mm
    if not cfg.token_fill_by_flood:
        return _fill_labelled(mask, ring > 0, limit)
    holes = _enclosed(ring)
    n = np.count_nonzero(holes)
    if n == 0:
        return mask
    if n <= limit:
        return mask | holes  # all of them together no bigger than one may be
    _, labels, stats, _ = cv2.connectedComponentsWithStats(holes.view(np.uint8), connectivity=8)
    small = stats[:, cv2.CC_STAT_AREA] <= limit
    small[0] = False  # (label 0: not a hole)
    return mask | small[labels]


def fill_middles(token: np.ndarray, mask: np.ndarray, px_per_mm: float, cfg: VisionConfig
                 ) -> np.ndarray:
    """``mask`` (``token`` with its holes filled) with the middles of chips whose ring is broken
    wider than ``token_ring_gap_mm`` filled too: a faint black chip's ring shows gaps of a few
    millimetres where its dark band and the mat meet, and its middle, open to the mat beside
    it, left only the ring's two arcs in each column, a chord too short for a chip (issue 32,
    seed 9900 frame 35: three chips read two). Closed over ``token_broken_ring_gap_mm``, a
    chip's middle is enclosed again: a pocket of at least ``token_middle_min_mm2``. A noisy
    camera's specks closed as wide enclose pockets of mat too, but small ones: left open."""
    k = max(3, int(round(cfg.token_broken_ring_gap_mm * px_per_mm)) | 1)
    ring = cv2.morphologyEx(token.astype(np.uint8), cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    holes = _enclosed(ring) & ~mask
    if np.count_nonzero(holes) < cfg.token_middle_min_mm2 * px_per_mm * px_per_mm:
        return mask  # (not even one middle's worth: no labelling)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(holes.view(np.uint8), connectivity=8)
    area = stats[:, cv2.CC_STAT_AREA] / (px_per_mm * px_per_mm)
    middle = (area >= cfg.token_middle_min_mm2) & (area <= cfg.token_hole_mm2)
    middle[0] = False  # (label 0: not a hole)
    if not middle.any():
        return mask
    return mask | middle[labels]


def _enclosed(ring: np.ndarray) -> np.ndarray:
    """The mat (0) of a uint8 mask that the outside can't reach."""
    # The mat reachable from outside the lane (8-connected, as the labelling is) is no hole:
    # flooded from a frame of mat one pixel wide around the image.
    h, w = ring.shape
    outside = np.zeros((h + 2, w + 2), np.uint8)
    outside[1:-1, 1:-1] = ring
    cv2.floodFill(outside, np.zeros((h + 4, w + 4), np.uint8), (0, 0), 2, flags=8)
    return outside[1:-1, 1:-1] == 0


def _fill_labelled(mask: np.ndarray, ring: np.ndarray, limit: float) -> np.ndarray:
    """:func:`fill_holes` the plain way: every piece of mat labelled, those that touch the
    image's edge or are bigger than ``limit`` px kept."""
    inv = (~ring).astype(np.uint8)
    # (The 4 goes to the labels argument: the pieces are 8-connected, OpenCV's default.)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(inv, 4)
    h, w = mask.shape
    x, y = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    inside = (x > 0) & (y > 0) & (x + stats[:, cv2.CC_STAT_WIDTH] < w) & (
        y + stats[:, cv2.CC_STAT_HEIGHT] < h)
    small = stats[:, cv2.CC_STAT_AREA] <= limit
    fill = inside & small
    fill[0] = fill[0] and inv[labels == 0].size == 0
    if not fill.any():
        return mask
    return mask | (fill[labels] & (inv > 0))


def _light(mask: np.ndarray, light: np.ndarray | None, start: float, end: float,
           px_per_mm: float, cfg: VisionConfig) -> bool:
    """Is the run from `start` to `end` (mm) mostly of the mat's hue?"""
    if light is None:
        return False
    cols = slice(int(round(start * px_per_mm)), int(round(end * px_per_mm)))
    part = mask[:, cols]
    return np.count_nonzero(part & light[:, cols]) >= cfg.token_crumb_light * max(
        1, np.count_nonzero(part))


def count_by_circles(deviation: np.ndarray, px_per_mm: float, cfg: VisionConfig
                     ) -> list[tuple[float, float, float]]:
    """Token circles (x, y, r in mm) found by a Hough transform on the deviation map."""
    if cfg.token_hough_px_per_mm < px_per_mm:
        # (The transform's cost grows with the pixels and the radii it tries.)
        f = cfg.token_hough_px_per_mm / px_per_mm
        deviation = cv2.resize(deviation, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        px_per_mm = cfg.token_hough_px_per_mm
    img = np.clip(deviation * (255.0 * cfg.token_hough_gain), 0, 255).astype(np.uint8)
    img = cv2.GaussianBlur(img, (0, 0), 0.5 * px_per_mm)
    rmin, rmax = cfg.token_radius_mm
    circles = cv2.HoughCircles(
        img, cv2.HOUGH_GRADIENT, dp=1.0,
        minDist=cfg.token_pitch_mm * 0.8 * px_per_mm,
        param1=cfg.token_hough_param1, param2=cfg.token_hough_param2,
        minRadius=int(rmin * px_per_mm), maxRadius=int(round(rmax * px_per_mm)))
    if circles is None:
        return []
    h = deviation.shape[0] / px_per_mm
    out = []
    for x, y, r in circles.reshape(-1, 3):
        if abs(y / px_per_mm - h / 2.0) > cfg.token_centre_band_mm:
            continue
        # A ring in the mat's printing or in noise is not a token: a token fills its circle.
        # (Worked out in the disc's box: a lane-sized mask per circle took longer than the
        # transform.)
        cx, cy, rr = int(round(x)), int(round(y)), int(round(0.8 * r))
        x0, y0 = max(0, cx - rr), max(0, cy - rr)
        x1 = min(deviation.shape[1], cx + rr + 1)
        y1 = min(deviation.shape[0], cy + rr + 1)
        disc = np.zeros((max(0, y1 - y0), max(0, x1 - x0)), np.uint8)
        if disc.size:
            cv2.circle(disc, (cx - x0, cy - y0), rr, 255, -1)
        if not disc.size or cv2.mean(deviation[y0:y1, x0:x1], mask=disc)[0] < cfg.token_fill_min:
            continue
        out.append((float(x / px_per_mm), float(y / px_per_mm), float(r / px_per_mm)))
    # Two circles closer than most of a token are one token seen twice.
    out.sort()
    merged: list[tuple[float, float, float]] = []
    for c in out:
        if merged and c[0] - merged[-1][0] < cfg.token_pitch_mm * 0.7:
            continue
        merged.append(c)
    return merged


def count_lane(deviation: np.ndarray, px_per_mm: float, capacity: int,
               cfg: VisionConfig, span: tuple[float, float] | None = None,
               light: np.ndarray | None = None, shade: Callable[[], np.ndarray] | None = None,
               shade_beside_circles: bool = False, dashes: bool = False) -> LaneCount:
    """Count the tokens in one lane with both counters and say whether the count is certain
    (the options as :func:`count_by_runs` has them)."""
    circles = count_by_circles(deviation, px_per_mm, cfg)
    runs_n, whole, runs = count_by_runs(deviation, px_per_mm, cfg, span, light, shade, circles,
                                        shade_beside_circles, dashes)
    reasons = []
    if not whole:
        reasons.append("a run of tokens has an odd length")
    if len(circles) != runs_n:
        reasons.append(f"the counters disagree ({runs_n} by runs, {len(circles)} by circles)")
    if runs_n > capacity:
        reasons.append(f"more tokens than the lane holds ({runs_n} > {capacity})")
    return LaneCount(count=min(runs_n, capacity), certain=not reasons, runs=runs,
                     circles=circles, run_count=runs_n, circle_count=len(circles),
                     reason="; ".join(reasons))
