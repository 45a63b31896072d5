"""Stage 8: the tokens in each bank lane (two counters, :mod:`vision.tokens`)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.mat import COLOURS, Mat, load_mat
from vision.stages.locate import Frame, MatLocation, rectify
from vision.stages.overview import (Overview, channel_mean, deviation_from, floored,
                                    ratio_deviation)
from vision.tokens import LaneCount, count_lane, edge_rows, fill_holes


# --- 8. bank ------------------------------------------------------------------------------------

#: The lanes whose tokens are as neutral as the mat (no hue of their own).
NEUTRAL_TOKENS = ("white", "black")


def lane_background(lane: np.ndarray, overview_bg: np.ndarray, px_per_mm: float,
                    cfg: VisionConfig = DEFAULT_CONFIG, neutral: bool = True) -> np.ndarray:
    """The empty mat's colour over a rectified lane, from the lane's own edges.

    Above and below the lane (in its rectified margin) lies bare mat, column by column, on
    both sides of every token; a hand's soft shadow across the bank darkens it there as much as
    in the lane. So the mat under the tokens is read off those two strips (smoothed along the
    lane, blended linearly across it), not from a model of the whole mat, which is too smooth
    to follow a shadow's edge. A strip that doesn't look like the mat in light or shadow (the
    mat's hue, no darker or lighter than a shadow or a lamp makes it: a token leaning out,
    something lying there) gives way to the other one, or both to the whole-mat model.
    ``neutral``: the lane's tokens are white or black, whose grey middles keep the mat's hue.
    """
    return _background(lane, overview_bg, px_per_mm, cfg, neutral)[0]


def _background(lane: np.ndarray, overview_bg: np.ndarray, px_per_mm: float,
                cfg: VisionConfig, neutral: bool) -> tuple[np.ndarray, np.ndarray]:
    """:func:`lane_background`, and along the lane the brightness of the lit bare mat (the
    brighter margin strip within ``lane_lit_reach_mm``; float32, one value a column)."""
    h = lane.shape[0]
    rows = edge_rows(px_per_mm, cfg)
    img = lane.astype(np.float32)
    k = max(3, int(round(cfg.lane_edge_smooth_mm * px_per_mm)) | 1)
    strips = []
    for part, model in ((img[:rows], overview_bg[:rows]), (img[h - rows:], overview_bg[h - rows:])):
        mid = _strip_median(part)
        colour = cv2.blur(mid[None], (k, 1))[0]  # (W, 3)
        ratio = colour / np.maximum(model.mean(axis=0), 8.0)
        level = ratio.mean(axis=1)
        lo, hi = cfg.lane_edge_ratio
        mat_like = ((np.abs(ratio - level[:, None]).max(axis=1) < cfg.shadow_max_hue)
                    & (level > lo) & (level < hi))
        strips.append((colour, mat_like))
    (top, top_ok), (bottom, bottom_ok) = strips
    top = np.where(top_ok[:, None], top, bottom)
    bottom = np.where(bottom_ok[:, None], bottom, top)
    t = ((np.arange(h, dtype=np.float32) + 0.5 - rows / 2.0) / max(1.0, h - rows))
    t = np.clip(t, 0.0, 1.0)[:, None]
    # (Rows of W * 3 numbers: numpy broadcasts a trailing axis of 3 slowly.)
    w3 = top.size
    # (In place: a lane-sized array fewer to make and fill.)
    bg = top.reshape(1, w3) * (1.0 - t)
    bg += bottom.reshape(1, w3) * t
    bg = bg.reshape(h, -1, 3)
    either = top_ok | bottom_ok
    if not either.all():
        bg[:, ~either] = overview_bg[:, ~either]
    # A shadow's edge running along inside the lane is not a straight blend of the two
    # strips: follow it row by row from the bare mat beside the tokens (the mat's hue, as
    # bright as mat in light or shadow), blurred mostly along the lane; under a token, far
    # from any bare mat, the blend stands.
    # The light changes slowly along the lane: work on a copy a quarter as long (half as
    # tall), then scale the correction back.
    fx, fy = 0.25, 0.5
    small = cv2.resize(img, None, fx=fx, fy=fy, interpolation=cv2.INTER_AREA)
    level, hue = _against_mat(small, cv2.resize(bg, (small.shape[1], small.shape[0]),
                                                interpolation=cv2.INTER_AREA))
    lo, hi = cfg.lane_shade_ratio
    bare = (hue < cfg.shadow_max_hue) & (level > lo) & (level < hi)
    if not neutral and cfg.lane_shade_either_strip:
        # A shadow that lies on one strip and reaches only the lane's edge (a camera arm's
        # tip beside the gold lane) darkens the blend across the lane, and the lit mat there
        # is then too bright for it. Against either strip's own light it is the mat; a
        # coloured chip is off the mat's hue against both (a white or black one need not be:
        # those lanes keep the blend alone).
        for strip in (top, bottom):
            ref = cv2.resize(strip.astype(np.float32)[None], (small.shape[1], 1),
                             interpolation=cv2.INTER_AREA)
            l2, h2 = _against_mat(small, np.repeat(ref, small.shape[0], axis=0))
            bare |= (h2 < cfg.shadow_max_hue) & (l2 > lo) & (l2 < hi)
    bare = bare.astype(np.float32)
    sx, sy = cfg.lane_shade_sigma_mm
    kx, ky = sx * px_per_mm * fx, sy * px_per_mm * fy
    prior = cfg.lane_shade_prior

    def carried(bare: np.ndarray) -> np.ndarray:
        weight = cv2.GaussianBlur(bare, (0, 0), kx, sigmaY=ky)
        shade = cv2.GaussianBlur(level * bare, (0, 0), kx, sigmaY=ky)
        return cv2.resize((shade + prior) / (weight + prior), (img.shape[1], img.shape[0]),
                          interpolation=cv2.INTER_LINEAR)

    factor = carried(bare)
    # A black or white chip's grey middle has the mat's hue and a shadow's brightness, but it
    # is no mat in shadow: it lies inside the chip's ring. Carried over as shade it darkens the
    # mat between two close chips until the bare mat in the gap reads as a token and joins
    # them into one run. So outside the chips the light comes from the mat alone (inside, the
    # counters keep the model they were tuned with).
    # (A coloured chip's middle has its colour: never taken for the mat.)
    middles, chips = _chip_middles(img, bg, px_per_mm, (small.shape[1], small.shape[0]),
                                   cfg) if neutral else (None, None)
    if middles is not None and middles.any():
        around = carried(bare * (1.0 - middles))
        factor = chips * factor + (1.0 - chips) * around
    # Where a shadow's edge runs along the lane the straight blend is too dark on its lit side:
    # the mat there may be as bright as the brighter strip, never brighter (a white token is
    # not lit mat).
    # The lit side may be a little way along the lane: light between two fingers' shadows
    # reaches into the lane's middle while both its margins lie in their shadow.
    lit = np.maximum(top.mean(axis=1), bottom.mean(axis=1)).astype(np.float32)
    reach = max(1, int(round(cfg.lane_lit_reach_mm * px_per_mm)))
    lit = cv2.dilate(lit[None], np.ones((1, 2 * reach + 1), np.uint8))[0]
    cap = lit[None, :] / np.maximum(channel_mean(bg), 8.0)
    factor = np.minimum(factor, np.maximum(cap, 1.0))
    # (One pass: each channel a strided view was three.)
    return cv2.multiply(bg, cv2.merge([factor.astype(np.float32, copy=False)] * 3), dst=bg), lit


def _strip_median(part: np.ndarray) -> np.ndarray:
    """Column by column, the median of a margin strip's rows (float32 (rows, W, 3) holding
    whole numbers): the mean of its middle one or two values."""
    n = part.shape[0]
    if n in (3, 4):
        # The middle one or two are what is left when the smallest and largest are taken
        # out: a sum of whole numbers, exact in float32, as the sort's.
        return (part.sum(axis=0) - part.min(axis=0) - part.max(axis=0)) / np.float32(n - 2)
    # (A median without numpy's slow partition.)
    return np.sort(part, axis=0)[(n - 1) // 2:n // 2 + 1].mean(axis=0)


def _chip_middles(img: np.ndarray, bg: np.ndarray, px_per_mm: float, size: tuple[int, int],
                  cfg: VisionConfig) -> tuple[np.ndarray, np.ndarray]:
    """Chips' middles: the lane's mat-like pixels (the mat's hue, a shadow's brightness)
    enclosed by pixels that are not, in pieces no bigger than a chip's inner disc
    (``token_hole_mm2``), as a share of each pixel of a lane copy of ``size``; and the chips
    (what is not mat-like, with those middles) as a share of each pixel of the whole lane.
    Worked out at 1 px/mm: a chip's ring is millimetres wide."""
    f = min(1.0, 1.0 / px_per_mm)
    half = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    level, hue = _against_mat(half, cv2.resize(bg, (half.shape[1], half.shape[0]),
                                               interpolation=cv2.INTER_AREA))
    lo, hi = cfg.lane_shade_ratio
    bare = (hue < cfg.shadow_max_hue) & (level > lo) & (level < hi)
    chips = fill_holes(~bare, px_per_mm * f, cfg)
    middles = (chips & bare).astype(np.float32)
    return (cv2.resize(middles, size, interpolation=cv2.INTER_AREA),
            cv2.resize(chips.astype(np.float32), (img.shape[1], img.shape[0]),
                       interpolation=cv2.INTER_LINEAR))


def lane_deviation(frame: Frame, loc: MatLocation, overview: Overview, colour: str,
                   cfg: VisionConfig = DEFAULT_CONFIG, mat: Mat | None = None) -> np.ndarray:
    """One bank lane rectified at ``lane_px_per_mm`` and its deviation from the mat colour."""
    lane, background, _ = _lane(frame, loc, overview, colour, cfg, mat)
    return deviation_from(lane, background)


def lane_light(lane: np.ndarray, background: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG,
               lit: np.ndarray | None = None) -> np.ndarray:
    """Where the lane keeps the mat's hue (bool): light or shadow the background missed, or a
    white or black token; never a blue, green, red or gold one. ``lit``: the lit bare mat's
    brightness along the lane (one value a column), if known: a shadow may then take the
    other light's tint (``lane_shadow_tint``)."""
    return _keeps_mat_hue(_ratio(lane, background), cfg, _dimness(lane, lit))


def _dimness(lane: np.ndarray, lit: np.ndarray | None) -> np.ndarray | None:
    """How much darker than the lit bare mat each pixel is (0 where it is as bright or
    brighter), or None without ``lit``."""
    if lit is None:
        return None
    level = channel_mean(lane.astype(np.float32, copy=False))
    return cv2.max(1.0 - level / np.maximum(lit, 8.0)[None, :], 0.0)


def _keeps_mat_hue(ratio: np.ndarray, cfg: VisionConfig, dimness: np.ndarray | None = None
                   ) -> np.ndarray:
    """:func:`lane_light` from the lane's ratio to the mat already made."""
    if dimness is None or not cfg.lane_shadow_tint:
        return _hue(ratio) < cfg.shadow_max_hue
    # A shadow of one light lit by another of another tint takes that one's tint, the more
    # the darker it is (as in stage 9, vision/busy_config.py busy_shadow_tint): a purple
    # sleeve's shadow across the gold lane under a lamp and a window read as a fourth chip
    # (issue 32, seed 13500 frame 92). A coloured chip is further off the mat's hue than that.
    return _hue(ratio) < cfg.shadow_max_hue + cfg.lane_shadow_tint * dimness


def lane_shade(lane: np.ndarray, background: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG
               ) -> np.ndarray:
    """Where the lane is darker than the mat and keeps its hue (bool), as the mat in a shadow
    is: in the white lane no chip, whose tokens are brighter than the mat."""
    return _shade(_ratio(lane, background), cfg)


def _shade(ratio: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """:func:`lane_shade` from the lane's ratio to the mat already made."""
    level = _level(ratio)
    return (level < 1.0) & (_hue(ratio, level) < cfg.shadow_max_hue)


def _against_mat(image: np.ndarray, background: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel (float32 BGR both): its brightness against the mat's (the mean of the channel
    ratios), and how far its hue is off the mat's (the largest channel's step from that)."""
    ratio = _ratio(image, background)
    level = _level(ratio)
    return level, _hue(ratio, level)


def _ratio(image: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Each channel's ratio to the mat's (float32)."""
    # (A uint8 image is taken as it is: converting it first was a pass of its own.)
    return cv2.divide(image, floored(background), dtype=cv2.CV_32F)


def _level(ratio: np.ndarray) -> np.ndarray:
    return cv2.transform(ratio, np.full((1, 3), 1.0 / 3.0, np.float32))


def _hue(ratio: np.ndarray, level: np.ndarray | None = None) -> np.ndarray:
    """How far a pixel's hue is off the mat's: its largest channel's step from their mean."""
    level = _level(ratio) if level is None else level
    # (Each channel a strided view: splitting the channels first was a pass of its own.)
    b, g, r = ratio[..., 0], ratio[..., 1], ratio[..., 2]
    return np.maximum(np.maximum(np.abs(b - level), np.abs(g - level)), np.abs(r - level))


def _lane(frame: Frame, loc: MatLocation, overview: Overview, colour: str,
          cfg: VisionConfig, mat: Mat | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The lane rectified with its margin, the bare mat's colour over it, and the lit bare
    mat's brightness along it (:func:`_background`)."""
    mat = mat or load_mat()
    x, y, w, h = mat.bank[colour]
    # A margin all round: a token pushed against the end of its lane stays a whole circle.
    mx, my = cfg.lane_margin_mm
    rect = (x - mx, y - my, w + 2 * mx, h + 2 * my)
    s = cfg.lane_px_per_mm
    lane = rectify(frame.work, frame.work_scale, loc, rect, s)
    so = overview.px_per_mm
    x, y, w, h = rect
    bg = overview.background[int(round(y * so)):int(round((y + h) * so)),
                             int(round(x * so)):int(round((x + w) * so))]
    bg = cv2.resize(bg, (lane.shape[1], lane.shape[0]), interpolation=cv2.INTER_LINEAR)
    return (lane,) + _background(lane, bg, s, cfg, neutral=colour in NEUTRAL_TOKENS)


def learnt_tokens(image: np.ndarray, background: np.ndarray, body, cfg: VisionConfig
                  ) -> np.ndarray | None:
    """Where a lane's pixels look like its tokens' body as learnt under this table's light
    (``body``: BGR ratio to the mat, vision/stills.py), as a deviation that counts (float32);
    None when the learnt body is too like the mat to tell apart."""
    t = np.log(np.maximum(np.asarray(body, np.float32), 1e-3))
    tol = np.log(1.0 + cfg.light_token_tolerance)
    if np.abs(t).max() < 2.0 * tol:
        return None
    ratio = cv2.divide(image.astype(np.float32), floored(background))
    d = np.abs(np.log(np.maximum(ratio, 1e-3)) - t).max(axis=2)
    near = cv2.GaussianBlur((d < tol).astype(np.float32), (0, 0), 1.0)
    return near * (2.0 * cfg.deviation_ratio)


def count_bank(frame: Frame, loc: MatLocation, overview: Overview,
               cfg: VisionConfig = DEFAULT_CONFIG, mat: Mat | None = None,
               table_light=None) -> dict[str, LaneCount]:
    """Stage 8: tokens per lane, each with whether the two counters agreed. ``table_light``: the
    table's light learnt at setup (vision/stills.py): a pixel that looks like its lane's
    tokens under it counts as a token's even where it is near the mat's colour (a black chip
    under a warm lamp)."""
    mat = mat or load_mat()
    return {c: count_bank_lane(frame, loc, overview, c, cfg, mat, table_light) for c in COLOURS}


def count_bank_lane(frame: Frame, loc: MatLocation, overview: Overview, c: str,
                    cfg: VisionConfig = DEFAULT_CONFIG, mat: Mat | None = None,
                    table_light=None) -> LaneCount:
    """:func:`count_bank` for the lane of colour `c` alone (each lane is its own)."""
    mat = mat or load_mat()
    mx, my = cfg.lane_margin_mm
    image, background, lit = _lane(frame, loc, overview, c, cfg, mat)
    # A crumb of the mat's hue in a coloured lane is light, not a token's rim; white and
    # black tokens keep the mat's hue too, so there it still counts.
    # One ratio to the mat serves both (the same numbers as lane_light and deviation_from).
    ratio = _ratio(image, background)
    light = None if c in NEUTRAL_TOKENS else _keeps_mat_hue(ratio, cfg, _dimness(image, lit))
    deviation = ratio_deviation(ratio)
    body = table_light.tokens.get(c) if table_light is not None else None
    if body is not None:
        extra = learnt_tokens(image, background, body, cfg)
        if extra is not None:
            deviation = np.maximum(deviation, extra)
    # In the white lane, what is darker than the mat in its hue is a shadow, not a chip; in
    # the black lane, only beside the chips' circles (worked out only if the runs ask).
    beside = c == "black" and cfg.token_black_shadow
    shade = (lambda: _shade(ratio, cfg)) if c == "white" or beside else None
    lane = count_lane(deviation, cfg.lane_px_per_mm,
                      mat.lane_capacity[c], cfg, span=(mx, mx + mat.bank[c][2]),
                      light=light, shade=shade, shade_beside_circles=beside,
                      dashes=c == "black")
    # Positions relative to the printed lane, not to its rectified margin.
    lane.runs = [(a - mx, b - mx) for a, b in lane.runs]
    lane.circles = [(x - mx, y - my, r) for x, y, r in lane.circles]
    return lane
