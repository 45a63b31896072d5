"""Stages 4-5: the whole mat rectified, its colour modelled, and how full each slot is."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.mat import Mat, load_mat
from vision.stages.locate import Frame, MatLocation, Rect, rectify


def _grow(r: Rect, d: float) -> Rect:
    return (r[0] - d, r[1] - d, r[2] + 2 * d, r[3] + 2 * d)


def _fill(mask: np.ndarray, r: Rect, s: float, value: int) -> None:
    x0 = max(0, int(np.floor(r[0] * s)))
    y0 = max(0, int(np.floor(r[1] * s)))
    x1 = min(mask.shape[1], int(np.ceil((r[0] + r[2]) * s)))
    y1 = min(mask.shape[0], int(np.ceil((r[1] + r[3]) * s)))
    if x1 > x0 and y1 > y0:
        mask[y0:y1, x0:x1] = value


def object_rects(mat: Mat) -> list[Rect]:
    """Every printed place where a game object may lie (slots, decks, lanes, markers)."""
    rects = list(mat.slots().values()) + list(mat.decks.values()) + list(mat.bank.values())
    return rects + [mat.marker_paper_rect(i) for i in mat.marker_corners]


_FREE_MASKS: dict[tuple, np.ndarray] = {}


def free_mask(mat: Mat, px_per_mm: float, margin_mm: float, scan_margin_mm: float) -> np.ndarray:
    """Mat pixels (uint8 255) where nothing belongs: gaps, borders. A hand shows there."""
    key = (id(mat), px_per_mm, margin_mm, scan_margin_mm)
    if key not in _FREE_MASKS:
        _FREE_MASKS[key] = _free_mask(mat, px_per_mm, margin_mm, scan_margin_mm)
    return _FREE_MASKS[key]


def _free_mask(mat: Mat, px_per_mm: float, margin_mm: float, scan_margin_mm: float) -> np.ndarray:
    w, h = int(round(mat.size[0] * px_per_mm)), int(round(mat.size[1] * px_per_mm))
    mask = np.full((h, w), 255, np.uint8)
    for r in object_rects(mat):
        _fill(mask, _grow(r, margin_mm), px_per_mm, 0)
    # A card shown to the camera may stick out of the scan zone in any direction.
    _fill(mask, _grow(mat.scan, scan_margin_mm), px_per_mm, 0)
    # The outermost millimetres are the mat's edge, often blurred into the table.
    edge = max(1, int(round(3 * px_per_mm)))
    mask[:edge, :] = 0
    mask[-edge:, :] = 0
    mask[:, :edge] = 0
    mask[:, -edge:] = 0
    return mask


# --- 4. deviation from the mat colour -----------------------------------------------------------

@dataclass
class Overview:
    """The whole mat at ``px_per_mm``: the image and the mat-colour model. (How far a pixel is
    off the model, :func:`deviation_from`, is worked out only where a stage looks: the slots.)"""

    image: np.ndarray  # BGR uint8
    background: np.ndarray  # float32 BGR, the mat's colour at every pixel
    px_per_mm: float
    brightest: float | None = None  # the bare mat's brightness in the strongest light
    #: bool per pixel: the frame shows it (None: all of the mat is in the frame). Beyond the
    #: frame's edge the rectified image only repeats the edge's pixels.
    in_view: np.ndarray | None = None
    #: The image under a 3 x 3 box blur (:func:`blurred`), made once for the stages that ask.
    blur3: np.ndarray | None = field(default=None, repr=False, compare=False)


def blurred(overview: Overview) -> np.ndarray:
    """The overview's image under a 3 x 3 box blur (uint8): the mat's hue and the hands' mask
    both start from it."""
    if overview.blur3 is None:
        overview.blur3 = cv2.blur(overview.image, (3, 3))
    return overview.blur3


#: Points along each side of the frame's outline (a lens's bend of a side is a smooth arc).
VIEW_OUTLINE_STEPS = 16


def _outline(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    """Points along a rectangle's sides, VIEW_OUTLINE_STEPS a side, clockwise from (x0, y0)."""
    corners = np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    t = np.linspace(0.0, 1.0, VIEW_OUTLINE_STEPS, endpoint=False)[:, None]
    return np.concatenate([a + t * (b - a) for a, b in zip(corners, np.roll(corners, -1, axis=0))])


def in_view_mask(frame: Frame, loc: MatLocation, mat: Mat, px_per_mm: float,
                 edge_mm: float) -> np.ndarray | None:
    """bool per overview pixel: at least `edge_mm` inside the frame (None: the whole mat is)."""
    h, w = frame.full.shape[:2]
    # The frame's outline on the mat: through the lens its sides are curves there.
    frame_mm = loc.to_mat(_outline(-0.5, -0.5, w - 0.5, h - 0.5))
    inside = frame_mm.astype(np.float32).reshape(-1, 1, 2)
    if all(cv2.pointPolygonTest(inside, (float(x), float(y)), True) >= edge_mm
           for x, y in _outline(0.0, 0.0, mat.size[0], mat.size[1])):
        return None
    size = (int(round(mat.size[0] * px_per_mm)), int(round(mat.size[1] * px_per_mm)))
    mask = np.zeros((size[1], size[0]), np.uint8)
    cv2.fillPoly(mask, [np.round(frame_mm * px_per_mm * 16).astype(np.int32)], 255,
                 cv2.LINE_8, 4)
    r = int(round(edge_mm * px_per_mm))
    if r > 0:
        mask = cv2.erode(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2))
    # The mat's edge may come that near the frame's yet every pixel of it be seen.
    return None if mask.all() else mask > 0


def out_of_view(overview: Overview, rects: dict[str, Rect]) -> list[str]:
    """The paths of `rects` (mat mm) not wholly in the frame."""
    if overview.in_view is None:
        return []
    s = overview.px_per_mm
    out = []
    for path, r in rects.items():
        part = _inner(overview.in_view, r, s, 0.0)
        if part.size and not part.all():
            out.append(path)
    return out


def _normalised_blur(values: np.ndarray, weights: np.ndarray, sigma: float,
                     spread: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """`values` (float BGR) blurred, each pixel weighted by `weights`. `spread`: the weights
    and their blur (:func:`_weights_blurred`), already made."""
    # (OpenCV's per-pixel arithmetic, the same numbers: numpy broadcasts a trailing axis of 3
    # slowly.)
    weights3, den3 = spread if spread is not None else _weights_blurred(weights, sigma)
    num = cv2.GaussianBlur(cv2.multiply(values, weights3), (0, 0), sigma)
    return cv2.divide(num, den3)


def _weights_blurred(weights: np.ndarray, sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """The weights of :func:`_normalised_blur` and their blur (kept off zero), three
    channels each."""
    den = cv2.max(cv2.GaussianBlur(weights, (0, 0), sigma), 1e-3)
    return cv2.merge([weights] * 3), cv2.merge([den] * 3)


# (Each entry keeps its mat: while it is cached no other mat can take its id.)
_FREE_SPREAD: dict[tuple, tuple[Mat, np.ndarray, np.ndarray, np.ndarray]] = {}


def _free_spread(mat: Mat, g: float, sigma: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The free mat's weights (0-1) at `g` px a mm, and their spread for
    :func:`_normalised_blur`: the same for every frame that shows the whole mat, so made once
    (about a quarter of the colour model's first pass)."""
    key = (id(mat), g, sigma)
    if key not in _FREE_SPREAD:
        free = free_mask(mat, g, 1.0, 1.0).astype(np.float32) / 255.0
        _FREE_SPREAD[key] = (mat, free) + _weights_blurred(free, sigma)
    return _FREE_SPREAD[key][1:]


#: The darkest the mat's colour model is taken to be, each channel, when a pixel is divided
#: by it: where a hand's shadow made the model black, a ratio stays finite. Four numbers:
#: OpenCV reads a bare 8.0 as (8, 0, 0, 0), a floor for the blue channel alone (14200/82's
#: lanes divided by a green and red of 0).
MODEL_FLOOR = (8.0, 8.0, 8.0, 8.0)


def floored(background: np.ndarray) -> np.ndarray:
    """The mat's colour model (float32 BGR) with each channel at least :data:`MODEL_FLOOR`."""
    return cv2.max(background, MODEL_FLOOR)


def deviation_from(image: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Per pixel, the largest relative difference of a colour channel from the mat's."""
    # (A uint8 image is taken as it is: converting it first was a pass of its own.)
    return ratio_deviation(cv2.divide(image, floored(background), dtype=cv2.CV_32F))


def ratio_deviation(ratio: np.ndarray) -> np.ndarray:
    """:func:`deviation_from`, from each channel's ratio to the mat's (float32) already made."""
    dev = cv2.absdiff(ratio, (1.0, 1.0, 1.0, 0.0))
    # (Each channel a strided view: cv2.split was a slower pass of its own.)
    return np.maximum(np.maximum(dev[..., 0], dev[..., 1]), dev[..., 2])


def mat_deviation(frame: Frame, loc: MatLocation, cfg: VisionConfig = DEFAULT_CONFIG,
                  mat: Mat | None = None) -> Overview:
    """Stage 4: rectify the whole mat and model its colour from the free mat around objects.

    The model is a normalised Gaussian blur of the free-mat pixels, computed three times: the
    later passes leave out the pixels found off-colour (a hand, a stray card), so neither a hand
    nor uneven light passes for the mat; the first already all but leaves out those far off the
    free mat's hue (a sleeve beside the mat, ``background_first_hue``).
    """
    mat = mat or load_mat()
    s = cfg.overview_px_per_mm
    image = rectify(frame.small, frame.small_scale, loc, (0, 0, mat.size[0], mat.size[1]), s)
    # The model works on a coarse grid: light changes slowly.
    g = 1.0 / cfg.background_cell_mm
    coarse = cv2.resize(image, None, fx=g / s, fy=g / s,
                        interpolation=cv2.INTER_AREA).astype(np.float32)
    sigma = cfg.background_sigma_mm * g
    free, *spread = _free_spread(mat, g, sigma)
    in_view = in_view_mask(frame, loc, mat, s, cfg.view_edge_mm)
    if in_view is not None:
        free = free * cv2.resize(in_view.astype(np.float32), (free.shape[1], free.shape[0]),
                                 interpolation=cv2.INTER_AREA)
        spread = None
    hue = cfg.background_first_hue
    if hue is not None:
        # A sleeve or an arm far off the mat's hue, filling a stretch of the mat's edge where
        # little free mat lies, would pass for the mat's light there in the first blur and stay
        # in the later ones: all but left out from the start (the light's tints stay well
        # inside). (A little weight stays: where nothing else is near, the model is as before.)
        chroma = coarse / (coarse.mean(axis=2, keepdims=True) + 1.0)
        on = free > 0.5
        if on.any():
            off = np.abs(chroma / np.median(chroma[on], axis=0) - 1.0).max(axis=2) >= hue
            if (off & on).any():
                free = free * np.where(off, np.float32(cfg.background_off_weight),
                                       np.float32(1.0))
                spread = None
    bg = _normalised_blur(coarse, free, sigma, spread)
    for _ in range(2):
        keep = free * (deviation_from(coarse, bg) < cfg.deviation_ratio * 0.7)
        bg = _normalised_blur(coarse, keep.astype(np.float32), sigma)
    background = cv2.resize(bg, (image.shape[1], image.shape[0]), interpolation=cv2.INTER_LINEAR)
    return Overview(image=image, background=background, px_per_mm=s, in_view=in_view)


# --- 5. slot occupancy --------------------------------------------------------------------------

def _inner(overview_map: np.ndarray, r: Rect, s: float, inset: float) -> np.ndarray:
    x, y, w, h = _grow(r, -inset)
    return overview_map[int(round(y * s)):int(round((y + h) * s)),
                        int(round(x * s)):int(round((x + w) * s))]


def hue_limit(level: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """How far a pixel's hue may stray from the mat's and still be the mat in light or shadow
    (dark pixels carry little hue, so more is allowed there)."""
    return cv2.max(cv2.divide(40.0 * cfg.shadow_max_hue, level), cfg.shadow_max_hue)


def _off_mat_hue(image: np.ndarray, background: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel (float BGR + 1 both): its brightness, and how far its hue is from the mat
    model's there (the largest channel of the ratio of the two chromaticities, minus 1)."""
    # OpenCV's per-pixel arithmetic: numpy's reductions over the 3 channels took a tenth of
    # the frame's time.
    if background.shape != image.shape:  # one colour for all (broadcast)
        background = np.ascontiguousarray(np.broadcast_to(background, image.shape), np.float32)
    level = channel_mean(image)
    chroma = cv2.divide(image, cv2.merge([level] * 3))
    mat_chroma = cv2.divide(background, cv2.merge([channel_mean(background)] * 3))
    b, g, r = cv2.split(cv2.absdiff(cv2.divide(chroma, mat_chroma), (1.0, 1.0, 1.0, 0.0)))
    return level, cv2.max(cv2.max(b, g), r)


def green_excess(ratio: np.ndarray) -> np.ndarray:
    """Per pixel of a chromaticity ratio to the mat's (BGR): how far its green stands above
    the mean of its blue and red. Light's tints go from warm to cool, blue against red; no
    light's tint goes green (config: busy_green_tint)."""
    b, g, r = cv2.split(ratio)
    return cv2.subtract(g, cv2.addWeighted(b, 0.5, r, 0.5, 0.0))


def channel_mean(image: np.ndarray) -> np.ndarray:
    """The mean of a float BGR image's three channels, per pixel."""
    return cv2.transform(image, np.full((1, 3), 1.0 / 3.0, np.float32))


def brightest_mat(overview: Overview, cfg: VisionConfig = DEFAULT_CONFIG) -> float:
    """How bright the bare mat is where the light is strongest (the free mat's 99th
    percentile of brightness among pixels of the mat's hue), worked out once per overview."""
    if overview.brightest is None:
        mat = load_mat()
        free = free_mask(mat, overview.px_per_mm, 1.0, 1.0)[::3, ::3] > 0
        level, hue = _off_mat_hue(overview.image[::3, ::3].astype(np.float32) + 1.0,
                                  overview.background[::3, ::3] + 1.0)
        mat_like = free & (hue <= hue_limit(level, cfg))
        overview.brightest = float(np.percentile(level[mat_like], 99)) if mat_like.any() \
            else float(level.max())
    return overview.brightest


def _unlike_shaded_mat(image: np.ndarray, background: np.ndarray, px_per_mm: float,
                       brightest: Callable[[], float], cfg: VisionConfig,
                       enough: float | None = None) -> np.ndarray:
    """bool per pixel: not the mat as light or a shadow shows it.

    The mat in a shadow or a lamp's light keeps its hue, stays within the shadow's and the
    light's range of brightness (never brighter than the bare mat where the light is strongest,
    what `brightest` works out, only when needed: the colour model may have followed a shadow
    beside it), and changes brightness no faster than a shadow's soft edge.
    `enough`: when more than this share of the pixels is off the mat's hue or darker than any
    shadow, those alone are returned (the rest could only add to a share already too big).
    """
    bg = background + 1.0
    level, hue = _off_mat_hue(image.astype(np.float32) + 1.0, bg)
    ratio = level / channel_mean(bg)
    unlike = (hue > hue_limit(level, cfg)) | (ratio < cfg.shadow_min_ratio)
    if enough is not None and np.mean(unlike) > enough:
        # (A card: its gradients and the mat's brightest light, 2 ms a frame, not needed.)
        return unlike
    logl = np.log(cv2.blur(level, (3, 3)))
    gx = cv2.Sobel(logl, cv2.CV_32F, 1, 0, ksize=3, scale=px_per_mm / 8.0)
    gy = cv2.Sobel(logl, cv2.CV_32F, 0, 1, ksize=3, scale=px_per_mm / 8.0)
    steepest = -np.log(cfg.shadow_min_ratio) / cfg.shadow_edge_mm  # per mm
    too_bright = (ratio > cfg.shadow_max_ratio) & (level > cfg.empty_lit_slack * brightest())
    return unlike | too_bright | (cv2.magnitude(gx, gy) > steepest)


def slot_fill(overview: Overview, rect: Rect, cfg: VisionConfig = DEFAULT_CONFIG) -> float:
    """The fraction of a slot's interior that is not the mat's colour.

    An empty slot in a hand's shadow (or lit where the mat-colour model followed a shadow
    beside it) is off the model's colour, but it is the mat in other light: when nearly all
    of it is (`empty_shade_share`), only what is not counts. Cards and nobles never are: their
    art, coloured headers and tags keep at most about 93 % of a slot like the mat.
    """
    s = overview.px_per_mm
    image = _inner(overview.image, rect, s, cfg.slot_inset_mm)
    if image.size == 0:
        return 0.0
    # (The deviation of the slot's interior alone: over the whole mat it took 7 ms a frame
    # that nothing else used.)
    background = _inner(overview.background, rect, s, cfg.slot_inset_mm)
    fill = float(np.mean(deviation_from(image, background) > cfg.deviation_ratio))
    if fill < cfg.empty_fraction:
        return fill
    most = 1.0 - cfg.empty_shade_share
    unlike = _unlike_shaded_mat(image, background, s, lambda: brightest_mat(overview, cfg), cfg,
                                enough=most)
    rest = float(np.mean(unlike))
    return rest if rest <= most else fill


def slot_occupancy(overview: Overview, cfg: VisionConfig = DEFAULT_CONFIG,
                   mat: Mat | None = None) -> dict[str, float]:
    """Stage 5: per slot path ("nobles.0", "market.1.3", "scan", "decks.2"), its filled fraction."""
    mat = mat or load_mat()
    fills = {path: slot_fill(overview, r, cfg) for path, r in mat.slots().items()}
    for level, r in mat.decks.items():
        fills[f"decks.{level}"] = slot_fill(overview, r, cfg)
    return fills


