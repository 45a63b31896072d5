"""Stage 6c: a tag no decoder could read, matched against the codes the project prints.

Under a warm lamp, on a curled glossy card or through a sleeve, a 30 mm code at about 3 px a
module loses so much contrast to blur and sensor noise that a decoder's black-or-white guess
is wrong for too many modules, and error correction gives up. The module grid itself is
still there. There are only 100 codes (``SPL:`` + each card and noble id, version 1-H, drawn
by :func:`vision.printing.qr_matrix` exactly as the stickers are printed), so the grid is
compared with each of them, every module weighed by its measured grey instead of a guess:
the most likely code wins if it is far more alike than any other. That is decoding with the
whole code book as the error correction; a card whose tag does not match one code clearly
stays unread, never guessed.

1. the three finder patterns, by template matching in the slot's rectified crop;
2. the code's grid from their centres (14 modules apart, at a right angle);
3. the grey of each module's centre, the grid nudged by a fraction of a module and scaled by a
   few per cent (a curled card), and each time correlated with every code's data modules.

Thresholds are in :class:`vision.config.VisionConfig` (``match_*``).
"""
from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.stages.codes import even_out, slot_crop
from vision.stages.locate import Frame, MatLocation, Rect
from vision.tags import Code, known_ids

MODULES = 21
FINDER_SPAN = 14.0   # modules between the finder patterns' centres (3.5 to 17.5)


def _data_mask() -> np.ndarray:
    """The modules that differ between codes: all but the finders with their separators and
    format bits, and the timing lines (the same in every version 1 code)."""
    fixed = np.zeros((MODULES, MODULES), bool)
    fixed[:9, :9] = True
    fixed[:9, MODULES - 8:] = True
    fixed[MODULES - 8:, :9] = True
    fixed[6, :] = True
    fixed[:, 6] = True
    return ~fixed


DATA = _data_mask()


@lru_cache(maxsize=4)
def code_book(prefix: str = "SPL:") -> tuple[tuple[str, ...], np.ndarray]:
    """Every id and its code's data modules (dark = 1), each row centred and scaled to unit
    variance, so a row times a measured row, averaged, is their correlation."""
    from vision.printing import qr_matrix  # segno: only when a tag needs matching
    ids = tuple(sorted(known_ids()))
    rows = np.array([np.array(qr_matrix(prefix + i), bool)[DATA] for i in ids], np.float32)
    rows -= rows.mean(axis=1, keepdims=True)
    rows /= rows.std(axis=1, keepdims=True)
    return ids, rows


@lru_cache(maxsize=8)
def finder_template(px_per_module: float) -> np.ndarray:
    """A finder pattern (7 x 7 modules: dark ring, light ring, dark 3 x 3) in its light
    separator, at this scale."""
    size = int(round(9 * px_per_module)) | 1
    t = np.full((size, size), 255.0, np.float32)
    c = size / 2.0
    for half, grey in ((3.5, 0.0), (2.5, 255.0), (1.5, 0.0)):
        a, b = int(round(c - half * px_per_module)), int(round(c + half * px_per_module))
        t[a:b, a:b] = grey
    return t


def find_finders(crop: np.ndarray, px_per_module: float,
                 cfg: VisionConfig = DEFAULT_CONFIG) -> list[tuple[float, float, float]]:
    """The best finder-like places in a grey crop: (x, y, likeness), best first, at least
    four modules apart.

    Searched first in a copy ``cfg.match_finder_step`` times smaller (a finder is 7 modules,
    20 px wide there), then each place found there again at full size in a window about it:
    the full-size search over the whole crop took two thirds of the matcher's time."""
    t = finder_template(px_per_module)
    if crop.shape[0] < t.shape[0] or crop.shape[1] < t.shape[1]:
        return []
    crop = crop.astype(np.float32, copy=False)
    half, gap = t.shape[0] // 2, int(4 * px_per_module)
    f = max(1, int(cfg.match_finder_step))
    if f == 1:
        places = _best(cv2.matchTemplate(crop, t, cv2.TM_CCOEFF_NORMED), 0, 0,
                       cfg.match_finders, cfg.match_finder_min, gap)
        return [(float(x + half), float(y + half), v) for x, y, v in places]
    h, w = crop.shape[:2]
    small = cv2.resize(crop, (w // f, h // f), interpolation=cv2.INTER_AREA)
    ts = finder_template(px_per_module / f)
    if small.shape[0] < ts.shape[0] or small.shape[1] < ts.shape[1]:
        return []
    rs = cv2.matchTemplate(small, ts, cv2.TM_CCOEFF_NORMED)
    hs, reach = ts.shape[0] // 2, 2 * f
    rough = _best(rs, 0, 0, 2 * cfg.match_finders, cfg.match_finder_min - cfg.match_finder_slack,
                  max(1, gap // f))
    rh, rw = h - t.shape[0] + 1, w - t.shape[1] + 1  # the full-size response's shape
    fine = []
    for x, y, _ in rough:
        # The small copy's place back at full size (top-left of the template).
        cx = int(round(f * (x + hs) + (f - 1) / 2.0)) - half
        cy = int(round(f * (y + hs) + (f - 1) / 2.0)) - half
        x0, y0 = max(0, cx - reach), max(0, cy - reach)
        x1, y1 = min(rw, cx + reach + 1), min(rh, cy + reach + 1)
        if x1 <= x0 or y1 <= y0:
            continue
        part = crop[y0:y1 + t.shape[0] - 1, x0:x1 + t.shape[1] - 1]
        fine += _best(cv2.matchTemplate(part, t, cv2.TM_CCOEFF_NORMED), x0, y0, 1,
                      cfg.match_finder_min, 0)
    fine.sort(key=lambda p: -p[2])
    found: list[tuple[float, float, float]] = []
    kept: list[tuple[int, int]] = []
    for x, y, v in fine:
        if len(found) >= cfg.match_finders:
            break
        # Four modules from a better one: the full-size search's suppression.
        if any(ky - gap <= y < ky + gap and kx - gap <= x < kx + gap for kx, ky in kept):
            continue
        kept.append((x, y))
        found.append((float(x + half), float(y + half), v))
    return found


def _best(r: np.ndarray, x0: int, y0: int, n: int, least: float,
          gap: int) -> list[tuple[int, int, float]]:
    """Up to `n` maxima of a response (at least `least`), each blanking `gap` about it:
    (x + x0, y + y0, value)."""
    r = r.copy()
    out = []
    for _ in range(n):
        _, v, _, (x, y) = cv2.minMaxLoc(r)
        if v < least:
            break
        out.append((x + x0, y + y0, float(v)))
        r[max(0, y - gap):y + gap, max(0, x - gap):x + gap] = -1.0
    return out


def code_frames(finders: list, px_per_module: float, cfg: VisionConfig = DEFAULT_CONFIG) -> list:
    """Three finders placed as a code's are (two legs of 14 modules at a right angle), best
    first: (likeness, top-left, top-right, bottom-left centres as arrays). The turn of the
    right angle tells the code's top-right from its bottom-left, whatever way the card lies."""
    leg = FINDER_SPAN * px_per_module
    lo, hi = (1.0 - cfg.match_leg_tolerance) * leg, (1.0 + cfg.match_leg_tolerance) * leg
    # Every two finders' distance at once: only pairs about a leg apart (a hair wider than
    # the test below, which still decides) are looked at one by one.
    xy = np.array([f[:2] for f in finders], np.float64).reshape(-1, 2)
    d = xy[None, :, :] - xy[:, None, :]
    dist = np.hypot(d[..., 0], d[..., 1])
    legs = ((dist > 0.999 * lo) & (dist < 1.001 * hi)).tolist()
    frames = []
    for i, a in enumerate(finders):
        corner = np.array(a[:2])
        for j, b in enumerate(finders):
            if not legs[i][j]:
                continue
            for k in range(j + 1, len(finders)):
                if i in (j, k) or not legs[i][k]:
                    continue
                c = finders[k]
                ab, ac = np.array(b[:2]) - corner, np.array(c[:2]) - corner
                nab, nac = float(np.hypot(*ab)), float(np.hypot(*ac))
                if not (lo < nab < hi and lo < nac < hi):
                    continue
                if abs(float(ab @ ac)) / (nab * nac) > cfg.match_right_angle_cos:
                    continue
                right, down = (ab, ac) if ab[0] * ac[1] - ab[1] * ac[0] > 0 else (ac, ab)
                frames.append((a[2] + b[2] + c[2], corner, corner + right, corner + down))
    frames.sort(key=lambda f: -f[0])
    return frames


def module_greys(crop: np.ndarray, top_left, top_right, bottom_left, k: int = 6) -> np.ndarray:
    """The mean grey of each module's middle half, the grid set by the three finders'
    centres (modules 3.5 from the code's edges)."""
    src = np.float32([top_left, top_right, bottom_left])
    dst = np.float32([[3.5, 3.5], [17.5, 3.5], [3.5, 17.5]]) * k
    warp = cv2.warpAffine(crop.astype(np.float32, copy=False), cv2.getAffineTransform(src, dst),
                          (MODULES * k, MODULES * k), flags=cv2.INTER_LINEAR)
    m = k // 4
    return warp.reshape(MODULES, k, MODULES, k)[:, m:k - m, :, m:k - m].mean(axis=(1, 3))


def likeness(greys: np.ndarray, book: np.ndarray) -> np.ndarray:
    """Each code's correlation with the measured modules (dark counts as 1)."""
    x = -greys[DATA].astype(np.float32)
    x = (x - x.mean()) / (x.std() + 1e-6)
    return book @ x / x.size


def match_crop(crop: np.ndarray, px_per_mm: float, cfg: VisionConfig = DEFAULT_CONFIG,
               evened: bool = False):
    """The code in a slot's grey crop (rectified at ``px_per_mm``), if one of the book's is
    clearly it: (id, likeness, next best likeness, its four corners in crop px) or None. The
    crop is smoothed and evened out first (``match_smooth_mm``: sensor noise, a hot spot),
    unless `evened` says it already was (:func:`vision.stages.codes.slot_crop`)."""
    ids, book = code_book(cfg.tag_prefix)
    if not evened:
        crop = even_out(crop, px_per_mm, cfg.match_smooth_mm, cfg)
    # Float once: the finders and every nudged grid read it.
    crop = crop.astype(np.float32)
    ppm = cfg.tag_module_mm * px_per_mm
    best = None

    def clear(found) -> bool:
        return (found is not None and found[1] >= cfg.match_min
                and found[1] - found[2] >= cfg.match_margin)

    # The grid as the finders place it first; nudged and scaled only while no code is clear.
    shifts = sorted(((dx, dy, s) for dx in cfg.match_nudges for dy in cfg.match_nudges
                     for s in cfg.match_scales),
                    key=lambda t: (abs(t[0]) + abs(t[1]), abs(t[2] - 1)))
    for _, tl, tr, bl in code_frames(find_finders(crop, ppm, cfg), ppm, cfg)[:cfg.match_frames]:
        right, down = (tr - tl) / FINDER_SPAN, (bl - tl) / FINDER_SPAN
        for n, (dx, dy, s) in enumerate(shifts):
            o = tl + dx * right + dy * down
            score = likeness(module_greys(crop, o, o + (tr - tl) * s, o + (bl - tl) * s), book)
            top = int(np.argmax(score))
            if best is None or score[top] > best[1]:
                second = float(np.partition(score, -2)[-2])
                corners = [o + (-3.5 * right - 3.5 * down) * s + (u * right + v * down)
                           * MODULES * s for u, v in ((0, 0), (1, 0), (1, 1), (0, 1))]
                best = (ids[top], float(score[top]), second, corners)
            if clear(best):
                return best
            if n == 0 and score[top] < cfg.match_hopeless:
                break   # nothing like a code where the finders put it: nudging won't make one
    return None


def match_tags(frame: Frame, loc: MatLocation, rects: dict[str, Rect],
               cfg: VisionConfig = DEFAULT_CONFIG) -> list[Code]:
    """Stage 6c: each given slot's tag matched in its smoothed crop (``match_px_per_mm``);
    a clear match is a :class:`Code` like a decoder's (decoder ``"match"``), corners in
    full-frame px."""
    out = []
    px, smooth = cfg.match_px_per_mm, cfg.match_smooth_mm
    for rect in rects.values():
        # Smoothed as the decoders' first crop is: with cfg.crop_cache, that very crop (no
        # warp of its own). If no code is clear there and it was warped bilinearly, the
        # bicubic crop (match_bicubic: a half-burnt tag was matched only in that one).
        crop, r = slot_crop(frame, loc, rect, px, 0.0, cfg, smooth)
        found = match_crop(crop, px, cfg, evened=True)
        if found is None and cfg.match_bicubic and cfg.crop_smooth_linear:
            crop, r = slot_crop(frame, loc, rect, px, 0.0, cfg, smooth, bicubic=True)
            found = match_crop(crop, px, cfg, evened=True)
        if found is None:
            continue
        ident, _, _, corners = found
        mm = [(r[0] + (x + 0.5) / px, r[1] + (y + 0.5) / px) for x, y in corners]
        at = loc.to_image(mm)
        out.append(Code(cfg.tag_prefix + ident, tuple((float(a), float(b)) for a, b in at),
                        "match"))
    return out
