"""Stage 9 without the mat: the corner markers a hand or an arm hides.

With fewer than three markers found the mat can't be placed, and nothing on it is read. If two
are found, the frame is still busy when the missing ones lie in view and something lies over
them: then the referee asks to move the hand off the mat's corners, not to find the mat.
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.mat import Mat, load_mat
from vision.stages.locate import rough_placement


def _sides(quads: np.ndarray) -> np.ndarray:
    """The mean side (px) of each quad (N x 4 x 2)."""
    return np.linalg.norm(quads - np.roll(quads, 1, axis=1), axis=2).mean(axis=1)


def hidden_markers(frame, loc, cfg: VisionConfig = DEFAULT_CONFIG,
                   mat: Mat | None = None) -> list[int]:
    """Without the mat: the corner markers something lies over, so that the mat can't be placed.

    Two markers found still place the mat roughly
    (:func:`~vision.stages.locate.rough_placement`); a missing marker whose square then lies
    at least half in the frame, yet shows neither its white square nor its black code there,
    is hidden (a hand, an arm), not out of view. With fewer than two markers nothing can be
    said: the frame is only "mat not found".
    """
    mat = mat or load_mat()
    found = loc.marker_corners_px
    if len(found) < 2 or loc.found:
        return []
    gray = frame.work_gray()
    s = frame.work_scale
    h, w = gray.shape
    place = rough_placement(found, mat, frame.full.shape[1::-1], cfg)
    b, size = mat.marker_border, mat.marker_size

    def square(mid: int, inner: bool) -> np.ndarray:
        """The marker's white square (or its black code), as placed, in working-copy px."""
        q = np.array(mat.marker_square(mid) if inner else mat.marker_paper(mid), np.float64)
        return place(q) * s

    # The frame padded (with -1: not in the picture) so that a square may be slid off it; a
    # square placed more than twice the size of those seen is not looked at (see below).
    seen_side = float(_sides(np.stack(list(found.values()))).mean()) * (size + 2 * b) / size
    pad = int(np.ceil(2.0 * seen_side * (1.0 + cfg.marker_place_slack))) + 4
    padded = cv2.copyMakeBorder(gray.astype(np.int16), pad, pad, pad, pad,
                                cv2.BORDER_CONSTANT, value=-1)

    def looks(mid: int, shifts) -> list[tuple[float, float] | None]:
        """Per shift (dx, dy px) of the square as placed: (white square's lower-quartile grey,
        fraction of the code that is dark), or None where less than cfg.marker_in_view of the
        square is in the frame (a marker near the frame's edge may be hidden too: it is judged
        by its part in the frame)."""
        outer, inner = square(mid, False), square(mid, True)
        x0, y0 = np.floor(outer.min(axis=0)).astype(int) - 2
        x1, y1 = np.ceil(outer.max(axis=0)).astype(int) + 3
        if x1 + pad <= 0 or y1 + pad <= 0 or x0 >= w + pad or y0 >= h + pad \
                or max(x1 - x0, y1 - y0) > pad:
            return [None] * len(shifts)
        ring = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.fillConvexPoly(ring, np.round(outer - (x0, y0)).astype(np.int32), 255)
        code = np.zeros_like(ring)
        cv2.fillConvexPoly(code, np.round(inner - (x0, y0)).astype(np.int32), 255)
        # The white square without the code and a pixel of slack either side.
        band = (cv2.erode(ring, np.ones((3, 3), np.uint8))
                & ~cv2.dilate(code, np.ones((5, 5), np.uint8))) > 0
        code = cv2.erode(code, np.ones((3, 3), np.uint8)) > 0
        ring = ring > 0
        area = np.count_nonzero(ring)
        rh, rw = ring.shape
        out = []
        for dx, dy in shifts:
            ya, xa = y0 + dy + pad, x0 + dx + pad
            if ya < 0 or xa < 0 or ya + rh > padded.shape[0] or xa + rw > padded.shape[1]:
                out.append(None)
                continue
            part = padded[ya:ya + rh, xa:xa + rw]
            if pad <= ya and pad <= xa and ya + rh <= pad + h and xa + rw <= pad + w:
                paper, inside = part[band], part[code]  # wholly in the frame
            else:
                seen_here = part >= 0
                if np.count_nonzero(ring & seen_here) < cfg.marker_in_view * area:
                    out.append(None)
                    continue
                paper, inside = part[band & seen_here], part[code & seen_here]
            # A quarter of the square darker than paper: something lies over part of it.
            white = float(np.partition(paper, paper.size // 4)[paper.size // 4]) \
                if paper.size else 0.0
            dark = float(np.count_nonzero(inside < 0.5 * white)) / max(inside.size, 1)
            out.append((white, dark))
        return out

    seen = [v for v in (looks(i, [(0, 0)])[0] for i in sorted(found)) if v]
    if not seen:
        return []
    ref_white = float(np.median([v[0] for v in seen]))
    hidden, in_view = [], []
    for mid in sorted(set(mat.marker_corners) - set(found)):
        # The placement may be out by a third of the square: hidden only if it looks covered
        # wherever it may be (a marker the frame's edge cuts shows paper and code somewhere).
        outer = square(mid, False)
        reach = cfg.marker_place_slack * float(np.linalg.norm(outer[1] - outer[0]))
        steps = np.unique(np.round(np.linspace(-reach, reach, 2 * cfg.marker_place_steps + 1)))
        shifts = [(0, 0)] + [(int(dx), int(dy)) for dx in steps for dy in steps if dx or dy]
        views = looks(mid, shifts)
        if any(v is None for v in views):
            continue  # out of view, or may be: less than marker_in_view in the frame somewhere
        in_view.append(mid)
        if all(white < cfg.marker_hidden_white * ref_white or dark < cfg.marker_hidden_dark
               for white, dark in filter(None, views)):
            hidden.append(mid)
    if hidden and cfg.marker_hidden_beside_hand:
        # A marker in view that was not found, while a hand lies over another corner: a
        # fingertip on its edge (too little of it to darken the square) spoilt its code.
        return in_view
    return hidden
