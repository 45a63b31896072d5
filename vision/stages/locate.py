"""Stages 1-3: the frame at working sizes, the mat's markers, homography and lens, rectification."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.mat import Mat, load_mat
from vision.stages.lens import Lens, fit_lens

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
    #: Slot crops made for this frame and ``crops_loc`` (``stages.codes.slot_crop``, when
    #: ``cfg.crop_cache``): the decoders' passes and the tag matcher share them.
    crops: dict = field(default_factory=dict, repr=False)
    crops_loc: object = field(default=None, repr=False)

    def full_gray(self) -> np.ndarray:
        if self.gray_full is None:
            self.gray_full = cv2.cvtColor(self.full, cv2.COLOR_BGR2GRAY)
        return self.gray_full

    @property
    def full_gray_costly(self) -> bool:
        """Whether the full frame's grey copy is not made yet and is a big still's (bigger than
        the working copy): then a crop of it is best made grey alone."""
        return self.gray_full is None and self.work is not self.full

    def work_gray(self) -> np.ndarray:
        if self.gray_work is None:
            if self.work is self.full:
                self.gray_work = self.full_gray()
            else:
                self.gray_work = cv2.cvtColor(self.work, cv2.COLOR_BGR2GRAY)
        return self.gray_work


def pyr_down(image: np.ndarray) -> np.ndarray:
    """cv2.pyrDown, a channel at a time: the same pixels, but OpenCV halves one grey plane
    several times faster than an interleaved BGR image (2304 x 1296: 3.7 ms against 5.4 here,
    split and merge included)."""
    if image.ndim == 2:
        return cv2.pyrDown(image)
    return cv2.merge([cv2.pyrDown(plane) for plane in cv2.split(image)])


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
            small = pyr_down(small)
        f = cfg.marker_search_width / float(small.shape[1])
        # pyrDown has already smoothed: a linear step is enough for the rest.
        small = cv2.resize(small, None, fx=f, fy=f, interpolation=cv2.INTER_LINEAR)
        small_scale = work_scale * small.shape[1] / float(work.shape[1])
    return Frame(full=image_bgr, work=work, work_scale=work_scale, small=small,
                 small_scale=small_scale)


# --- 2. locate the mat --------------------------------------------------------------------------

@dataclass
class MatLocation:
    """Where the mat is: the markers seen, the homography from mat mm to full-frame px as a
    pinhole camera would see them, and the lens that bends that picture (None: none)."""

    markers: list[int]
    marker_corners_px: dict[int, np.ndarray]  # id -> 4x2, full-frame px
    homography: np.ndarray | None  # 3x3, mat mm -> full-frame px (None: fewer than 3 markers)
    error_mm: float = 0.0
    lens: Lens | None = None

    @property
    def found(self) -> bool:
        return self.homography is not None

    def to_mat(self, points_px) -> np.ndarray:
        """Full-frame pixel points (N x 2) to mat millimetres."""
        pts = np.asarray(points_px, np.float64).reshape(-1, 2)
        if self.lens is not None:
            pts = self.lens.undistort(pts)
        return cv2.perspectiveTransform(pts.reshape(-1, 1, 2),
                                        np.linalg.inv(self.homography)).reshape(-1, 2)

    def to_image(self, points_mm) -> np.ndarray:
        """Mat millimetre points (N x 2) to full-frame pixels."""
        pts = np.asarray(points_mm, np.float64).reshape(-1, 1, 2)
        px = cv2.perspectiveTransform(pts, self.homography).reshape(-1, 2)
        return px if self.lens is None else self.lens.distort(px)


@lru_cache(maxsize=8)
def _aruco_detector(dictionary: str, thorough: bool = False,
                    min_perimeter_rate: float | None = None):
    params = cv2.aruco.DetectorParameters()
    if min_perimeter_rate is not None:
        params.minMarkerPerimeterRate = min_perimeter_rate
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    # A marker in a corner of the frame may touch the edge: still take it.
    params.minDistanceToBorder = 0
    if thorough:
        # More threshold windows for dark corners and hard light (second pass only).
        params.adaptiveThreshWinSizeMin = 3
        params.adaptiveThreshWinSizeMax = 53
    else:
        # One threshold window (5 px) instead of three: markers are 30-50 px in the search
        # copy, and the 5 px window alone found every marker the 5 and 15 px ones found on
        # 646 tune and 2D frames, corners within 0.01 px (the 15 px one took 40 % of the time).
        params.adaptiveThreshWinSizeMin = 5
        params.adaptiveThreshWinSizeMax = 5
    params.adaptiveThreshWinSizeStep = 10
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    return cv2.aruco.ArucoDetector(d, params)


def _detect_markers(gray: np.ndarray, dictionary: str, wanted,
                    squares: dict | None = None, enough: int = 3,
                    window: float = 1.0,
                    min_perimeter_rate: float | None = None) -> dict[int, np.ndarray]:
    """Marker id -> corners (search-copy px); ids seen twice or not on the mat are dropped.

    A marker the first pass misses is looked for again with more threshold windows (a dark
    corner, hard light). With `enough` markers found and `squares` (id -> its square in mat
    mm), only where each missing one should be (its square placed by the found ones, grown by
    `window` of its size each way, inside the frame): searching the whole copy again took a
    quarter of a frame's time, and the missing marker is most often under a hand or out of
    the picture. `min_perimeter_rate`: the first pass's smallest candidate (None: OpenCV's).
    """
    found = _markers_in(gray, dictionary, wanted, False, min_perimeter_rate)
    if len(found) == len(wanted):
        return found
    if squares is None or len(found) < enough:
        for i, c in _markers_in(gray, dictionary, wanted, True).items():
            found.setdefault(i, c)
        return found
    src = np.concatenate([np.asarray(squares[i], np.float64) for i in sorted(found)])
    dst = np.concatenate([found[i] for i in sorted(found)])
    H, _ = cv2.findHomography(src, dst)
    if H is None:
        return found
    for i in sorted(set(wanted) - set(found)):
        sq = cv2.perspectiveTransform(np.asarray(squares[i], np.float64).reshape(-1, 1, 2),
                                      H).reshape(-1, 2)
        corners = _marker_near(gray, dictionary, i, sq, window)
        if corners is not None:
            found[i] = corners
    return found


def _marker_near(gray: np.ndarray, dictionary: str, i: int, square: np.ndarray,
                 window: float) -> np.ndarray | None:
    """Marker `i`'s corners (px of `gray`), searched thoroughly only round where it is placed
    (`square`: 4 x 2 px), grown by `window` of its size each way; None: not found there, or
    the place lies out of the picture."""
    h, w = gray.shape[:2]
    size = float(np.max(square.max(axis=0) - square.min(axis=0)))
    x0, y0 = np.floor(square.min(axis=0) - window * size).astype(int)
    x1, y1 = np.ceil(square.max(axis=0) + window * size).astype(int)
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None  # out of the picture
    part = np.ascontiguousarray(gray[y0:y1, x0:x1])
    again = _markers_in(part, dictionary, {i}, True)
    return again[i] + np.array([x0, y0], np.float64) if i in again else None


def _markers_in(gray: np.ndarray, dictionary: str, wanted, thorough: bool,
                min_perimeter_rate: float | None = None) -> dict[int, np.ndarray]:
    corners, ids, _ = _aruco_detector(dictionary, thorough,
                                      min_perimeter_rate).detectMarkers(gray)
    seen: dict[int, list[np.ndarray]] = {}
    if ids is not None:
        for c, i in zip(corners, ids.ravel()):
            if int(i) in wanted:
                seen.setdefault(int(i), []).append(c.reshape(4, 2).astype(np.float64))
    return {i: cs[0] for i, cs in seen.items() if len(cs) == 1}


def rough_placement(found: dict[int, np.ndarray], mat: Mat, size: tuple[int, int],
                    cfg: VisionConfig = DEFAULT_CONFIG) -> Callable[[np.ndarray], np.ndarray]:
    """Mat mm -> full-frame px (a function of N x 2 points) from two markers (`found`: id ->
    4 x 2 corners) in a frame `size` = (width, height) px.

    The camera's pose fitted to the two markers' corners through the nominal lens
    (``cfg.lens_hfov_deg``, ``cfg.marker_lens_k1``). A homography fitted to them bends wildly
    across the mat (it has two freedoms more than a camera's pose, and the eight corners lie
    along one side), and the cards' tags, each somewhere in its slot, pulled it as often
    wrong as right: 20-410 px out on the far side. The pose places the far markers within
    40 px (median 11) on frames of both renderers; most of what is left is the lens.
    """
    w, h = size
    lens = Lens.nominal(w, h, cfg.lens_hfov_deg, cfg.marker_lens_k1)
    src = np.concatenate([np.asarray(mat.marker_square(i), np.float64) for i in sorted(found)])
    dst = np.concatenate([found[i] for i in sorted(found)]).astype(np.float64)
    flat = np.hstack([src, np.zeros((len(src), 1))])
    ok, rvec, tvec = cv2.solvePnP(flat, dst, lens.matrix, lens.coefficients,
                                  flags=cv2.SOLVEPNP_IPPE)
    if not ok:
        return lambda points: np.full((len(points), 2), np.nan)
    rot = cv2.Rodrigues(rvec)[0]
    hom = lens.matrix @ np.column_stack([rot[:, 0], rot[:, 1], tvec.ravel()])

    def place(points_mm: np.ndarray) -> np.ndarray:
        pin = cv2.perspectiveTransform(np.asarray(points_mm, np.float64).reshape(-1, 1, 2),
                                       hom).reshape(-1, 2)
        return lens.distort(pin)
    return place


def _placed_markers(frame: Frame, found: dict[int, np.ndarray], cfg: VisionConfig,
                    mat: Mat) -> dict[int, np.ndarray]:
    """The markers missing from `found` (id -> full-frame px corners) searched for again in
    the working copy, where the found ones place them (:func:`rough_placement`), grown by
    marker_search_window of their size each way: id -> corners.

    The search copy is 2-3x coarser: a marker 30 px wide there, in a lamp's sensor noise,
    was missed (seed 11400 frame 152; found whole in the working copy), and with two
    markers the mat can't be placed.
    """
    h, w = frame.full.shape[:2]
    place = rough_placement(found, mat, (w, h), cfg)
    gray = frame.work_gray()
    s = frame.work_scale
    out = {}
    for i in sorted(set(mat.marker_corners) - set(found)):
        sq = (place(np.asarray(mat.marker_square(i), np.float64)) + 0.5) * s - 0.5
        if not np.all(np.isfinite(sq)) or np.ptp(sq, axis=0).max() > max(gray.shape):
            continue  # placed wildly
        corners = _marker_near(gray, mat.marker_dictionary, i, sq, cfg.marker_search_window)
        if corners is not None:
            out[i] = (corners + 0.5) / s - 0.5
    return out


def locate_mat(frame: Frame, cfg: VisionConfig = DEFAULT_CONFIG,
               mat: Mat | None = None) -> MatLocation:
    """Stage 2: find the mat's ArUco markers and fit the mat-to-image homography.

    Markers with ids outside the mat's, or seen twice, are ignored. With fewer than
    ``cfg.min_markers`` the location has no homography.
    """
    mat = mat or load_mat()
    gray = cv2.cvtColor(frame.small, cv2.COLOR_BGR2GRAY)
    found = _detect_markers(gray, mat.marker_dictionary, set(mat.marker_corners),
                            {i: mat.marker_square(i) for i in mat.marker_corners},
                            cfg.min_markers, cfg.marker_search_window,
                            cfg.marker_min_perimeter_rate)
    # Back to full-frame pixels (pixel centres: +0.5 before scaling, -0.5 after).
    found = {i: (c + 0.5) / frame.small_scale - 0.5 for i, c in found.items()}
    if 2 <= len(found) < cfg.min_markers:
        found.update(_placed_markers(frame, found, cfg, mat))
    if found:
        # Sharpen the corners on the working copy (2-3x finer than the search copy).
        pts = np.concatenate([found[i] for i in sorted(found)]).astype(np.float32)
        w = (pts + 0.5) * frame.work_scale - 0.5
        win = max(2, int(round(cfg.marker_refine_px * frame.work_scale / frame.small_scale / 2)))
        gray = frame.work_gray()
        # A marker the frame's edge cuts may have a corner put beyond it: OpenCV refuses to
        # refine such a corner (it raises), so it keeps the detector's.
        inside = np.all((w >= 0) & (w <= np.array(gray.shape[::-1]) - 1), axis=1)
        if inside.any():
            part = np.ascontiguousarray(w[inside])
            cv2.cornerSubPix(gray, part, (win, win), (-1, -1),
                             (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.03))
            w[inside] = part
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
    h, w = frame.full.shape[:2]
    lens, H = fit_lens(src, dst, w, h, cfg.lens_hfov_deg, cfg.lens_k1_range)
    if H is None:
        return MatLocation(sorted(found), found, None)
    loc = MatLocation(sorted(found), found, H, lens=lens if lens.k1 != 0.0 else None)
    back = loc.to_mat(dst)
    err = float(np.mean(np.linalg.norm(back - src, axis=1)))
    loc.error_mm = err
    if err > cfg.max_marker_error_mm:
        loc.homography = None
    return loc


# --- 3. rectify ---------------------------------------------------------------------------------

def rectify(image: np.ndarray, image_scale: float, loc: MatLocation, rect_mm: Rect,
            px_per_mm: float, interpolation: int = cv2.INTER_LINEAR,
            map_step: int = 1) -> np.ndarray:
    """Stage 3: the part `rect_mm` of the mat, warped to `px_per_mm` pixels a millimetre.

    `image` is the frame scaled by `image_scale` (1.0 for the full frame). `map_step`: the
    lens's map worked out every so many output px and interpolated between (1: exact; the
    QR crops and the overview pass ``rectify_map_step``).
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
    if loc.lens is None:
        m = k @ loc.homography @ t
        return cv2.warpPerspective(image, m, (out_w, out_h),
                                   flags=interpolation | cv2.WARP_INVERSE_MAP,
                                   borderMode=cv2.BORDER_REPLICATE)
    # Through the lens: OpenCV's undistortion maps take an output pixel through any 3x3 (here
    # to mat mm, then to the pinhole picture, normalised by the lens's matrix), then the lens,
    # then a camera matrix (here the lens's, scaled to `image`).
    lens = loc.lens
    inner = np.linalg.inv(lens.matrix) @ loc.homography @ t
    step = max(1, int(map_step))
    if step == 1 or min(out_w, out_h) < 2 * step:
        m1, m2 = cv2.initUndistortRectifyMap(k @ lens.matrix, lens.coefficients,
                                             np.linalg.inv(inner), np.eye(3), (out_w, out_h),
                                             cv2.CV_16SC2)
        return cv2.remap(image, m1, m2, interpolation, borderMode=cv2.BORDER_REPLICATE)
    mx, my = _coarse_map(k @ lens.matrix, lens.coefficients, inner, out_w, out_h, step)
    # Fixed point, as the exact map: remap takes it faster than float maps.
    m1, m2 = cv2.convertMaps(mx, my, cv2.CV_16SC2)
    return cv2.remap(image, m1, m2, interpolation, borderMode=cv2.BORDER_REPLICATE)


def _coarse_map(camera: np.ndarray, coefficients: np.ndarray, inner: np.ndarray,
                out_w: int, out_h: int, step: int) -> tuple[np.ndarray, np.ndarray]:
    """OpenCV's undistortion map (float32 x and y) of an `out_w` x `out_h` crop, worked out
    only at nodes `step` px apart and filled in by cv2.resize (bilinear between nodes).

    cv2.resize to `step` times a grid's size takes node j to output x = j*step + step/2 - 1/2;
    the nodes are placed there, shifted by `pad` px so that the crop's first and last pixels
    lie between nodes (resize holds the edge nodes' values beyond them)."""
    pad = step // 2
    # Nodes at output px j*step + step/2 - 1/2 - pad (the same in y).
    start = step / 2.0 - 0.5 - pad
    gw = -(-(out_w + 2 * pad) // step)
    gh = -(-(out_h + 2 * pad) // step)
    to_nodes = np.array([[step, 0.0, start], [0.0, step, start], [0.0, 0.0, 1.0]])
    gx, gy = cv2.initUndistortRectifyMap(camera, coefficients,
                                         np.linalg.inv(inner @ to_nodes), np.eye(3),
                                         (gw, gh), cv2.CV_32FC1)
    size = (gw * step, gh * step)
    mx = cv2.resize(gx, size, interpolation=cv2.INTER_LINEAR)[pad:pad + out_h, pad:pad + out_w]
    my = cv2.resize(gy, size, interpolation=cv2.INTER_LINEAR)[pad:pad + out_h, pad:pad + out_w]
    return mx, my


