"""The camera pipeline: a frame of the table in, the read-table object out.

Pure stages, each a function of an image (and what earlier stages found), every threshold in
:class:`vision.config.VisionConfig`:

1. :func:`prepare` - the frame at the sizes the stages need;
2. :func:`locate_mat` - the ArUco markers and the mat-to-image homography;
3. :func:`rectify` - any part of the mat warped to mat millimetres;
4. :func:`mat_deviation` - how far each overview pixel is from the mat's colour there;
5. :func:`slot_occupancy` - something in a slot or not (a card without a readable tag is "?");
6. :func:`read_codes` / :func:`read_slot_crops` - QR codes, whole frame first, then rectified
   crops of occupied slots that are still unread;
7. :func:`assign_tags` - tags to slots by their centre; duplicates and foreign codes reported;
8. :func:`count_bank` - tokens per lane by two counters (:mod:`vision.tokens`);
9. :func:`detect_busy` - a hand or arm over the mat.

:func:`read_table` runs them all and returns the object of ``spec/table.md``.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.mat import COLOURS, Mat, load_mat
from vision.tags import Code, decode, is_noble, parse_payload, usable_decoders
from vision.tokens import LaneCount, count_lane

Rect = tuple[float, float, float, float]


# --- 1. the frame at working sizes ---------------------------------------------------------------

@dataclass
class Frame:
    """A BGR frame and the smaller copies the stages work on.

    ``work`` is the frame, halved when wider than ``work_max_width``; ``small`` is the copy the
    markers are searched in. ``*_scale`` maps full-frame pixels to that copy's pixels.
    """

    full: np.ndarray
    work: np.ndarray
    work_scale: float
    small: np.ndarray
    small_scale: float
    gray_full: np.ndarray | None = None
    gray_work: np.ndarray | None = None

    def full_gray(self) -> np.ndarray:
        if self.gray_full is None:
            self.gray_full = cv2.cvtColor(self.full, cv2.COLOR_BGR2GRAY)
        return self.gray_full

    def work_gray(self) -> np.ndarray:
        if self.gray_work is None:
            if self.work is self.full:
                self.gray_work = self.full_gray()
            else:
                self.gray_work = cv2.cvtColor(self.work, cv2.COLOR_BGR2GRAY)
        return self.gray_work


def prepare(image_bgr: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> Frame:
    """Stage 1: the frame and its downscaled working copies."""
    if image_bgr is None or image_bgr.ndim not in (2, 3) or image_bgr.size == 0:
        raise ValueError("The frame is empty or is not an image.")
    if image_bgr.ndim == 2:
        image_bgr = cv2.cvtColor(image_bgr, cv2.COLOR_GRAY2BGR)
    elif image_bgr.shape[2] == 4:
        image_bgr = cv2.cvtColor(image_bgr, cv2.COLOR_BGRA2BGR)
    h, w = image_bgr.shape[:2]
    work, work_scale = image_bgr, 1.0
    while w * work_scale > cfg.work_max_width:
        work_scale *= 0.5
    if work_scale != 1.0:
        work = cv2.resize(image_bgr, None, fx=work_scale, fy=work_scale,
                          interpolation=cv2.INTER_AREA)
    small, small_scale = work, work_scale
    if w * work_scale > cfg.marker_search_width:
        # Halve first (cheap), then the remaining non-integer step.
        small = work
        while small.shape[1] >= 2 * cfg.marker_search_width:
            small = cv2.pyrDown(small)
        f = cfg.marker_search_width / float(small.shape[1])
        # pyrDown has already smoothed: a linear step is enough for the rest.
        small = cv2.resize(small, None, fx=f, fy=f, interpolation=cv2.INTER_LINEAR)
        small_scale = work_scale * small.shape[1] / float(work.shape[1])
    return Frame(full=image_bgr, work=work, work_scale=work_scale, small=small,
                 small_scale=small_scale)


# --- 2. locate the mat --------------------------------------------------------------------------

@dataclass
class MatLocation:
    """Where the mat is: the markers seen and the homography from mat mm to full-frame px."""

    markers: list[int]
    marker_corners_px: dict[int, np.ndarray]  # id -> 4x2, full-frame px
    homography: np.ndarray | None  # 3x3, mat mm -> full-frame px (None: fewer than 3 markers)
    error_mm: float = 0.0

    @property
    def found(self) -> bool:
        return self.homography is not None

    def to_mat(self, points_px) -> np.ndarray:
        """Full-frame pixel points (N x 2) to mat millimetres."""
        pts = np.asarray(points_px, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, np.linalg.inv(self.homography)).reshape(-1, 2)

    def to_image(self, points_mm) -> np.ndarray:
        """Mat millimetre points (N x 2) to full-frame pixels."""
        pts = np.asarray(points_mm, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.homography).reshape(-1, 2)


@lru_cache(maxsize=8)
def _aruco_detector(dictionary: str, thorough: bool = False):
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    # A marker in a corner of the frame may touch the edge: still take it.
    params.minDistanceToBorder = 0
    if thorough:
        # More threshold windows for dark corners and hard light (second pass only).
        params.adaptiveThreshWinSizeMin = 3
        params.adaptiveThreshWinSizeMax = 53
    else:
        # Two threshold windows instead of three: markers are 30-50 px in the search copy.
        params.adaptiveThreshWinSizeMin = 5
        params.adaptiveThreshWinSizeMax = 15
    params.adaptiveThreshWinSizeStep = 10
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    return cv2.aruco.ArucoDetector(d, params)


def _detect_markers(gray: np.ndarray, dictionary: str, wanted) -> dict[int, np.ndarray]:
    """Marker id -> corners (search-copy px); ids seen twice or not on the mat are dropped."""
    found: dict[int, np.ndarray] = {}
    for thorough in (False, True):
        corners, ids, _ = _aruco_detector(dictionary, thorough).detectMarkers(gray)
        seen: dict[int, list[np.ndarray]] = {}
        if ids is not None:
            for c, i in zip(corners, ids.ravel()):
                if int(i) in wanted:
                    seen.setdefault(int(i), []).append(c.reshape(4, 2).astype(np.float64))
        for i, cs in seen.items():
            if len(cs) == 1 and i not in found:
                found[i] = cs[0]
        if len(found) == len(wanted):
            break
    return found


def locate_mat(frame: Frame, cfg: VisionConfig = DEFAULT_CONFIG,
               mat: Mat | None = None) -> MatLocation:
    """Stage 2: find the mat's ArUco markers and fit the mat-to-image homography.

    Markers with ids outside the mat's, or seen twice, are ignored. With fewer than
    ``cfg.min_markers`` the location has no homography.
    """
    mat = mat or load_mat()
    gray = cv2.cvtColor(frame.small, cv2.COLOR_BGR2GRAY)
    found = _detect_markers(gray, mat.marker_dictionary, set(mat.marker_corners))
    # Back to full-frame pixels (pixel centres: +0.5 before scaling, -0.5 after).
    found = {i: (c + 0.5) / frame.small_scale - 0.5 for i, c in found.items()}
    if found:
        # Sharpen the corners on the working copy (2-3x finer than the search copy).
        pts = np.concatenate([found[i] for i in sorted(found)]).astype(np.float32)
        w = (pts + 0.5) * frame.work_scale - 0.5
        win = max(2, int(round(cfg.marker_refine_px * frame.work_scale / frame.small_scale / 2)))
        cv2.cornerSubPix(frame.work_gray(), w, (win, win), (-1, -1),
                         (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.03))
        full = (w.astype(np.float64) + 0.5) / frame.work_scale - 0.5
        for k, i in enumerate(sorted(found)):
            # Keep a refined corner only if it stayed near where the detector put it.
            moved = np.linalg.norm(full[4 * k:4 * k + 4] - found[i], axis=1)
            limit = 1.5 / frame.small_scale
            found[i] = np.where((moved <= limit)[:, None], full[4 * k:4 * k + 4], found[i])
    if len(found) < cfg.min_markers:
        return MatLocation(sorted(found), found, None)
    src = np.concatenate([np.asarray(mat.marker_square(i), np.float64) for i in sorted(found)])
    dst = np.concatenate([found[i] for i in sorted(found)])
    H, _ = cv2.findHomography(src, dst, 0)
    if H is None:
        return MatLocation(sorted(found), found, None)
    loc = MatLocation(sorted(found), found, H)
    back = loc.to_mat(dst)
    err = float(np.mean(np.linalg.norm(back - src, axis=1)))
    loc.error_mm = err
    if err > cfg.max_marker_error_mm:
        loc.homography = None
    return loc


# --- 3. rectify ---------------------------------------------------------------------------------

def rectify(image: np.ndarray, image_scale: float, loc: MatLocation, rect_mm: Rect,
            px_per_mm: float, interpolation: int = cv2.INTER_LINEAR) -> np.ndarray:
    """Stage 3: the part `rect_mm` of the mat, warped to `px_per_mm` pixels a millimetre.

    `image` is the frame scaled by `image_scale` (1.0 for the full frame).
    """
    x0, y0, w, h = rect_mm
    out_w, out_h = int(round(w * px_per_mm)), int(round(h * px_per_mm))
    # Output pixel centre (u, v) -> mat mm -> full px -> image px.
    t = np.array([[1.0 / px_per_mm, 0, x0 + 0.5 / px_per_mm],
                  [0, 1.0 / px_per_mm, y0 + 0.5 / px_per_mm],
                  [0, 0, 1.0]])
    k = np.array([[image_scale, 0, 0.5 * image_scale - 0.5],
                  [0, image_scale, 0.5 * image_scale - 0.5],
                  [0, 0, 1.0]])
    m = k @ loc.homography @ t
    return cv2.warpPerspective(image, m, (out_w, out_h),
                               flags=interpolation | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


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
    for i in mat.marker_corners:
        x, y = mat.marker_corners[i]
        b = mat.marker_border
        rects.append((x - b, y - b, mat.marker_size + 2 * b, mat.marker_size + 2 * b))
    return rects


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
    """The whole mat at ``px_per_mm``: the image, the mat-colour model, and the deviation."""

    image: np.ndarray  # BGR uint8
    background: np.ndarray  # float32 BGR, the mat's colour at every pixel
    deviation: np.ndarray  # float32, max over channels of |pixel / mat - 1|
    px_per_mm: float


def _normalised_blur(values: np.ndarray, weights: np.ndarray, sigma: float) -> np.ndarray:
    num = cv2.GaussianBlur(values * weights[..., None], (0, 0), sigma)
    den = cv2.GaussianBlur(weights, (0, 0), sigma)
    return num / np.maximum(den, 1e-3)[..., None]


def deviation_from(image: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Per pixel, the largest relative difference of a colour channel from the mat's."""
    img = image.astype(np.float32)
    ratio = cv2.divide(img, cv2.max(background, 8.0))
    dev = cv2.absdiff(ratio, (1.0, 1.0, 1.0, 0.0))
    b, g, r = cv2.split(dev)
    return cv2.max(cv2.max(b, g), r)


def mat_deviation(frame: Frame, loc: MatLocation, cfg: VisionConfig = DEFAULT_CONFIG,
                  mat: Mat | None = None) -> Overview:
    """Stage 4: rectify the whole mat and model its colour from the free mat around objects.

    The model is a normalised Gaussian blur of the free-mat pixels, computed three times: the
    later passes leave out the pixels found off-colour (a hand, a stray card), so neither a hand
    nor uneven light passes for the mat.
    """
    mat = mat or load_mat()
    s = cfg.overview_px_per_mm
    image = rectify(frame.small, frame.small_scale, loc, (0, 0, mat.size[0], mat.size[1]), s)
    # The model works on a coarse grid: light changes slowly.
    g = 1.0 / cfg.background_cell_mm
    coarse = cv2.resize(image, None, fx=g / s, fy=g / s,
                        interpolation=cv2.INTER_AREA).astype(np.float32)
    free = free_mask(mat, g, 1.0, 1.0).astype(np.float32) / 255.0
    sigma = cfg.background_sigma_mm * g
    bg = _normalised_blur(coarse, free, sigma)
    for _ in range(2):
        keep = free * (deviation_from(coarse, bg) < cfg.deviation_ratio * 0.7)
        bg = _normalised_blur(coarse, keep.astype(np.float32), sigma)
    background = cv2.resize(bg, (image.shape[1], image.shape[0]), interpolation=cv2.INTER_LINEAR)
    return Overview(image=image, background=background,
                    deviation=deviation_from(image, background), px_per_mm=s)


# --- 5. slot occupancy --------------------------------------------------------------------------

def _inner(overview_map: np.ndarray, r: Rect, s: float, inset: float) -> np.ndarray:
    x, y, w, h = _grow(r, -inset)
    return overview_map[int(round(y * s)):int(round((y + h) * s)),
                        int(round(x * s)):int(round((x + w) * s))]


def slot_fill(overview: Overview, rect: Rect, cfg: VisionConfig = DEFAULT_CONFIG) -> float:
    """The fraction of a slot's interior that is not the mat's colour."""
    inner = _inner(overview.deviation, rect, overview.px_per_mm, cfg.slot_inset_mm)
    if inner.size == 0:
        return 0.0
    return float(np.mean(inner > cfg.deviation_ratio))


def slot_occupancy(overview: Overview, cfg: VisionConfig = DEFAULT_CONFIG,
                   mat: Mat | None = None) -> dict[str, float]:
    """Stage 5: per slot path ("nobles.0", "market.1.3", "scan", "decks.2"), its filled fraction."""
    mat = mat or load_mat()
    fills = {path: slot_fill(overview, r, cfg) for path, r in mat.slots().items()}
    for level, r in mat.decks.items():
        fills[f"decks.{level}"] = slot_fill(overview, r, cfg)
    return fills


# --- 6. QR codes --------------------------------------------------------------------------------

def read_codes(frame: Frame, cfg: VisionConfig = DEFAULT_CONFIG,
               decoder: str | None = None) -> list[Code]:
    """Stage 6a: QR codes in the whole frame (the working copy), corners in full-frame px."""
    decoders = usable_decoders(cfg.decoders) if decoder is None else (decoder,)
    if not decoders:
        return []
    codes = decode(frame.work_gray(), decoders[0], whole_frame=True)
    if frame.work_scale == 1.0:
        return codes
    f = 1.0 / frame.work_scale
    return [Code(c.text, tuple(((x + 0.5) * f - 0.5, (y + 0.5) * f - 0.5) for x, y in c.corners),
                 c.decoder) for c in codes]


def slot_crop(frame: Frame, loc: MatLocation, rect: Rect, px_per_mm: float,
              sharpen: float = 0.0, cfg: VisionConfig = DEFAULT_CONFIG) -> tuple[np.ndarray, Rect]:
    """A slot (with a margin) rectified from the full frame in grey, for the QR decoders.

    `sharpen` is the amount of unsharp masking: it restores module edges softened by the
    lens and by resampling.
    """
    r = _grow(rect, cfg.crop_margin_mm)
    if frame.gray_full is None and frame.work is not frame.full:
        # A big still: warping the colour crop beats converting 12 Mpx to grey first.
        crop = cv2.cvtColor(rectify(frame.full, 1.0, loc, r, px_per_mm, cv2.INTER_CUBIC),
                            cv2.COLOR_BGR2GRAY)
    else:
        crop = rectify(frame.full_gray(), 1.0, loc, r, px_per_mm, cv2.INTER_CUBIC)
    if sharpen > 0:
        blur = cv2.GaussianBlur(crop, (0, 0), cfg.crop_sharpen_sigma_mm * px_per_mm)
        crop = cv2.addWeighted(crop, 1.0 + sharpen, blur, -sharpen, 0)
    return crop, r


def read_slot_crops(frame: Frame, loc: MatLocation, rects: dict[str, Rect],
                    cfg: VisionConfig = DEFAULT_CONFIG,
                    decoders: tuple[str, ...] | None = None) -> list[Code]:
    """Stage 6b: decode rectified crops of the given slots; corners come back in full-frame px.

    Each slot tries the crop variants of ``cfg.crop_variants`` in order, each with every
    decoder in order, and stops at the first code our payload format accepts (a foreign code
    alone does not stop it: a card's own tag may still be found).
    """
    decoders = usable_decoders(cfg.decoders if decoders is None else decoders)
    out: list[Code] = []
    for path, rect in rects.items():
        found: list[Code] = []
        for px_per_mm, sharpen in cfg.crop_variants:
            crop, r = slot_crop(frame, loc, rect, px_per_mm, sharpen, cfg)
            for name in decoders:
                for c in decode(crop, name):
                    mm = [(r[0] + (x + 0.5) / px_per_mm, r[1] + (y + 0.5) / px_per_mm)
                          for x, y in c.corners]
                    px = loc.to_image(mm)
                    found.append(Code(c.text, tuple((float(a), float(b)) for a, b in px),
                                      c.decoder))
                if any(parse_payload(c.text, cfg.tag_prefix) for c in found):
                    break
            if any(parse_payload(c.text, cfg.tag_prefix) for c in found):
                break
        # One reading per distinct text is enough.
        seen: set[str] = set()
        for c in found:
            if c.text not in seen:
                seen.add(c.text)
                out.append(c)
    return out


# --- 7. tags to slots ---------------------------------------------------------------------------

def slot_of(point_mm, mat: Mat, cfg: VisionConfig = DEFAULT_CONFIG) -> str | None:
    """The slot path holding a point (mm), allowing ``slot_tolerance_mm`` outside its outline."""
    x, y = float(point_mm[0]), float(point_mm[1])
    best, best_d = None, cfg.slot_tolerance_mm
    for path, (rx, ry, rw, rh) in mat.slots().items():
        dx = max(rx - x, 0.0, x - (rx + rw))
        dy = max(ry - y, 0.0, y - (ry + rh))
        d = float(np.hypot(dx, dy))
        if d == 0.0:
            return path
        if d <= best_d:
            best, best_d = path, d
    return best


@dataclass
class TagReading:
    """What the codes say: ids per slot, every id, foreign texts, and what is doubtful."""

    slots: dict[str, str]  # path -> id (only slots with exactly one id read)
    ids: list[str]
    foreign: list[str]
    uncertain: list[str]
    placed: dict[str, tuple[str, ...]] = field(default_factory=dict)  # id -> slots it was seen in
    centres_mm: dict[str, tuple[float, float]] = field(default_factory=dict)


def assign_tags(codes: list[Code], loc: MatLocation | None, cfg: VisionConfig = DEFAULT_CONFIG,
                mat: Mat | None = None) -> TagReading:
    """Stage 7: map each code's centre to a slot; never guess.

    * a foreign payload (not ``SPL:`` + a known id) goes to ``foreign``; if it lies in a slot,
      that slot is doubtful;
    * an id seen in two slots leaves both unread and doubtful;
    * two different ids in one slot leave it unread and doubtful.
    """
    mat = mat or load_mat()
    by_slot: dict[str, set[str]] = {}
    id_slots: dict[str, set[str | None]] = {}
    foreign: list[str] = []
    doubtful: set[str] = set()
    centres: dict[str, tuple[float, float]] = {}
    for code in codes:
        ident = parse_payload(code.text, cfg.tag_prefix)
        slot = None
        if loc is not None and loc.found:
            c_mm = loc.to_mat([code.centre])[0]
            slot = slot_of(c_mm, mat, cfg)
            if ident:
                centres[ident] = (float(c_mm[0]), float(c_mm[1]))
        if ident is None:
            if code.text not in foreign:
                foreign.append(code.text)
            if slot:
                doubtful.add(slot)
            continue
        id_slots.setdefault(ident, set()).add(slot)
        if slot:
            by_slot.setdefault(slot, set()).add(ident)
    slots: dict[str, str] = {}
    for ident, where in id_slots.items():
        real = {s for s in where if s}
        if len(real) > 1:
            doubtful.update(real)
    for slot, ids in by_slot.items():
        if len(ids) > 1:
            doubtful.add(slot)
        elif slot not in doubtful:
            slots[slot] = next(iter(ids))
    # A noble in a card slot or a card in a noble slot is read, but flagged.
    for slot, ident in list(slots.items()):
        if slot.startswith("nobles.") != is_noble(ident):
            doubtful.add(slot)
    return TagReading(slots=slots, ids=sorted(id_slots), foreign=foreign,
                      uncertain=sorted(doubtful),
                      placed={i: tuple(sorted(s for s in w if s)) for i, w in id_slots.items()},
                      centres_mm=centres)


# --- 8. bank ------------------------------------------------------------------------------------

def lane_deviation(frame: Frame, loc: MatLocation, overview: Overview, colour: str,
                   cfg: VisionConfig = DEFAULT_CONFIG, mat: Mat | None = None) -> np.ndarray:
    """One bank lane rectified at ``lane_px_per_mm`` and its deviation from the mat colour."""
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
    return deviation_from(lane, bg)


def count_bank(frame: Frame, loc: MatLocation, overview: Overview,
               cfg: VisionConfig = DEFAULT_CONFIG, mat: Mat | None = None) -> dict[str, LaneCount]:
    """Stage 8: tokens per lane, each with whether the two counters agreed."""
    mat = mat or load_mat()
    mx, my = cfg.lane_margin_mm
    out = {}
    for c in COLOURS:
        lane = count_lane(lane_deviation(frame, loc, overview, c, cfg, mat),
                          cfg.lane_px_per_mm, mat.lane_capacity[c], cfg)
        # Positions relative to the printed lane, not to its rectified margin.
        lane.runs = [(a - mx, b - mx) for a, b in lane.runs]
        lane.circles = [(x - mx, y - my, r) for x, y, r in lane.circles]
        out[c] = lane
    return out


# --- 9. busy ------------------------------------------------------------------------------------

@dataclass
class BusyReading:
    busy: bool
    area_mm2: float  # off-colour area on free mat
    edge_mm: float  # longest covered stretch of the edge and lane-gap strips
    mask: np.ndarray  # uint8, overview px: off-colour blobs on free mat
    #: Sticker-sized places (mat mm rects) behind the verdict: if a QR code is found there,
    #: it was a sticker, not a hand.
    spots: list[Rect] = field(default_factory=list)


def _runs(covered: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) of every run of True."""
    padded = np.concatenate([[False], covered, [False]])
    edges = np.flatnonzero(padded[1:] != padded[:-1])
    return list(zip(edges[::2].tolist(), edges[1::2].tolist()))


def detect_busy(overview: Overview, cfg: VisionConfig = DEFAULT_CONFIG,
                mat: Mat | None = None, codes_mm: list[np.ndarray] | None = None) -> BusyReading:
    """Stage 9: is a hand or an arm over the mat?

    Two tests on the mat where nothing of the game belongs:

    * free mat (gaps and borders): blobs off the mat's colour that survive an opening wider
      than a card's edge or a token's rim;
    * the strip along the mat's edge (an arm reaching in has to cross it) and the strips along
      the gaps between bank lanes: a covered stretch wider than a finger means a hand (the
      marker corners and the scan zone, where a card may stick out, are left out).

    A QR sticker lying on the mat (`codes_mm`: decoded codes' corners in mat mm) is not a hand:
    its square is left out of both.
    """
    mat = mat or load_mat()
    s = overview.px_per_mm
    free = free_mask(mat, s, cfg.free_margin_mm, 14.0)
    stickers = np.zeros_like(free)
    for quad in codes_mm or ():
        q = np.asarray(quad, np.float64).reshape(-1, 2)
        c = q.mean(axis=0)
        # The sticker: the symbol, its quiet zone and the printed id under it.
        grown = c + (q - c) * cfg.busy_code_grow + np.sign(q - c) * 4.0
        cv2.fillConvexPoly(stickers, np.round(grown * s).astype(np.int32), 255)
    off_colour = (overview.deviation > cfg.deviation_ratio).astype(np.uint8) * 255
    off_colour &= ~stickers
    off = off_colour & free
    k = max(1, int(round(cfg.busy_open_mm * s)))
    off = cv2.morphologyEx(off, cv2.MORPH_OPEN,
                           cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(off, connectivity=8)
    spots: list[Rect] = []
    total = 0.0
    for i in range(1, n):
        area = float(stats[i, cv2.CC_STAT_AREA]) / (s * s)
        if area < cfg.busy_min_blob_mm2:
            continue
        total += area
        x, y, bw, bh = (float(stats[i, j]) / s for j in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP,
                                                   cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
        if max(bw, bh) <= cfg.busy_sticker_mm:
            spots.append(_grow((x, y, bw, bh), 8.0))

    # Strips, unrolled: (pixels across x along, ignore mask, maps a run to a mat rect).
    a, b = (int(round(v * s)) for v in cfg.busy_edge_strip_mm)
    h, w = off_colour.shape
    W, H = mat.size
    ignore_x = _edge_ignore(w, s, [(mat.marker_corners[i][0], mat.marker_size) for i in (0, 1)],
                            mat.marker_border, [(mat.scan[0], mat.scan[2])], 14.0)
    ignore_x_bottom = _edge_ignore(w, s, [(mat.marker_corners[i][0], mat.marker_size)
                                          for i in (2, 3)], mat.marker_border, [], 0.0)
    ignore_y = _edge_ignore(h, s, [(mat.marker_corners[i][1], mat.marker_size) for i in (0, 3)],
                            mat.marker_border, [], 0.0)
    # A sticker across a strip may lie at any angle: look a sticker's width around the run.
    d = cfg.busy_sticker_mm / 2.0
    strips = [
        (off_colour[a:b, :], ignore_x, lambda u, v: (u - d, -d, v - u + 2 * d, 2 * d)),
        (off_colour[h - b:h - a, :], ignore_x_bottom,
         lambda u, v: (u - d, H - d, v - u + 2 * d, 2 * d)),
        (off_colour[:, a:b].T, ignore_y, lambda u, v: (-d, u - d, 2 * d, v - u + 2 * d)),
        (off_colour[:, w - b:w - a].T, ignore_y, lambda u, v: (W - d, u - d, 2 * d, v - u + 2 * d)),
    ]
    # The gaps between bank lanes: the free-mat test can't see into them (too narrow), and an
    # arm reaching over the bank from the top crosses them.
    half = cfg.busy_lane_gap_strip_mm / 2.0
    lanes = [mat.bank[c] for c in COLOURS]
    for upper, lower in zip(lanes, lanes[1:]):
        mid = (upper[1] + upper[3] + lower[1]) / 2.0
        y0, y1 = int(round((mid - half) * s)), int(round((mid + half) * s))
        x0, x1 = int(round(upper[0] * s)), int(round((upper[0] + upper[2]) * s))
        strips.append((off_colour[y0:y1, x0:x1], np.zeros(x1 - x0, bool),
                       lambda u, v, x0=upper[0], m=mid: (x0 + u - d, m - d, v - u + 2 * d, 2 * d)))
    longest = 0.0
    for strip, ignore, to_rect in strips:
        covered = (strip > 0).mean(axis=0) >= 0.5
        covered &= ~ignore
        for u, v in _runs(covered):
            length = (v - u) / s
            longest = max(longest, length)
            if cfg.busy_edge_min_mm <= length <= cfg.busy_sticker_mm:
                spots.append(to_rect(u / s, v / s))
    busy = bool(total >= cfg.busy_min_area_mm2 or longest >= cfg.busy_edge_min_mm)
    return BusyReading(busy=busy, area_mm2=float(total), edge_mm=float(longest), mask=off,
                       spots=spots if busy else [])


def _edge_ignore(n: int, s: float, markers, border: float, spans, margin: float) -> np.ndarray:
    """Positions along an edge strip to leave out: marker squares and the given spans."""
    ignore = np.zeros(n, bool)
    for start, size in markers:
        ignore[max(0, int((start - border - 2) * s)):int((start + size + border + 2) * s)] = True
    for start, size in spans:
        ignore[max(0, int((start - margin) * s)):int((start + size + margin) * s)] = True
    return ignore


# --- all stages ---------------------------------------------------------------------------------

@dataclass
class TableReading:
    """Everything the stages found for one frame (the read-table object is :attr:`result`)."""

    result: dict
    frame: Frame
    location: MatLocation
    overview: Overview | None = None
    fills: dict[str, float] = field(default_factory=dict)
    tags: TagReading | None = None
    bank: dict[str, LaneCount] = field(default_factory=dict)
    busy: BusyReading | None = None
    codes: list[Code] = field(default_factory=list)


def empty_result(image_name: str | None = None) -> dict:
    """The read-table object for a frame where no mat was found."""
    mat = load_mat()
    return {
        "image": image_name,
        "mat": False,
        "markers": [],
        "nobles": [None] * len(mat.nobles),
        "market": {str(l): [None] * len(mat.market[l]) for l in sorted(mat.market)},
        "decks": {str(l): False for l in sorted(mat.decks)},
        "bank": {},
        "scan": None,
        "tags": [],
        "foreign": [],
        "uncertain": [],
        "busy": False,
        "ms": 0.0,
    }


def analyse(image_bgr: np.ndarray, config: VisionConfig | None = None,
            image_name: str | None = None) -> TableReading:
    """Run every stage on one frame and keep the intermediate results (for overlays, tests)."""
    cfg = config or DEFAULT_CONFIG
    mat = load_mat()
    t0 = time.perf_counter()
    frame = prepare(image_bgr, cfg)
    loc = locate_mat(frame, cfg, mat)
    result = empty_result(image_name)
    result["markers"] = list(loc.markers)
    codes = read_codes(frame, cfg)
    reading = TableReading(result=result, frame=frame, location=loc, codes=codes)
    if not loc.found:
        tags = assign_tags(codes, None, cfg, mat)
        result["tags"], result["foreign"] = tags.ids, tags.foreign
        reading.tags = tags
        result["ms"] = round((time.perf_counter() - t0) * 1000.0, 1)
        return reading

    result["mat"] = True
    overview = mat_deviation(frame, loc, cfg, mat)
    fills = slot_occupancy(overview, cfg, mat)
    first = assign_tags(codes, loc, cfg, mat)
    slots = mat.slots()
    # Crops only where something lies but no tag was read yet.
    busy = detect_busy(overview, cfg, mat, [loc.to_mat(c.corners) for c in codes])
    if busy.busy and busy.spots:
        # Maybe not a hand but a sticker too small or blurred for the whole-frame pass.
        found = read_slot_crops(frame, loc, {f"spot.{i}": r for i, r in enumerate(busy.spots)},
                                cfg)
        if found:
            codes = codes + found
            busy = detect_busy(overview, cfg, mat, [loc.to_mat(c.corners) for c in codes])
    todo = {p: slots[p] for p in slots
            if p not in first.slots and fills[p] >= cfg.empty_fraction}
    if todo:
        # Under a hand, one quick try: the frame will not be used to judge a turn anyway.
        crop_cfg = cfg.with_(crop_variants=cfg.crop_variants[:1],
                             decoders=cfg.decoders[:1]) if busy.busy else cfg
        codes = codes + read_slot_crops(frame, loc, todo, crop_cfg)
    tags = assign_tags(codes, loc, cfg, mat)
    bank = count_bank(frame, loc, overview, cfg, mat)

    uncertain = set(tags.uncertain)

    def slot_value(path: str):
        if path in tags.slots:
            return tags.slots[path]
        fill = fills[path]
        if path in tags.uncertain or fill >= cfg.occupied_fraction:
            return "?"
        if fill >= cfg.empty_fraction:
            uncertain.add(path)
            return "?"
        return None

    result["nobles"] = [slot_value(f"nobles.{i}") for i in range(len(mat.nobles))]
    result["market"] = {str(l): [slot_value(f"market.{l}.{i}") for i in range(len(mat.market[l]))]
                        for l in sorted(mat.market)}
    result["scan"] = slot_value("scan")
    decks = {}
    for l in sorted(mat.decks):
        fill = fills[f"decks.{l}"]
        decks[str(l)] = fill >= cfg.occupied_fraction
        if cfg.empty_fraction <= fill < cfg.occupied_fraction:
            uncertain.add(f"decks.{l}")
    result["decks"] = decks
    result["bank"] = {c: bank[c].count for c in COLOURS}
    for c in COLOURS:
        if not bank[c].certain or busy.busy:
            uncertain.add(f"bank.{c}")
    result["tags"] = tags.ids
    result["foreign"] = tags.foreign
    result["uncertain"] = sorted(uncertain, key=_path_order)
    result["busy"] = busy.busy
    result["ms"] = round((time.perf_counter() - t0) * 1000.0, 1)
    reading.overview, reading.fills, reading.tags = overview, fills, tags
    reading.bank, reading.busy, reading.codes = bank, busy, codes
    return reading


def _path_order(path: str):
    head = path.split(".")[0]
    order = {"nobles": 0, "market": 1, "decks": 2, "scan": 3, "bank": 4}.get(head, 5)
    if head == "bank":
        rest = COLOURS.index(path.split(".")[1]) if path.split(".")[1] in COLOURS else 9
        return (order, str(rest))
    return (order, path)


def read_table(image_bgr: np.ndarray, config: VisionConfig | None = None,
               image_name: str | None = None) -> dict:
    """The read-table object (``spec/table.md``) for one BGR frame of the table."""
    return analyse(image_bgr, config, image_name).result
