"""The camera after the lens: barrel distortion, auto exposure, sensor noise, auto white balance
that leaves part of a lamp's cast, the sRGB curve, sharpening and JPEG."""

from __future__ import annotations


import cv2
import numpy as np

#: Auto exposure puts the centre-weighted mean luminance here (linear; ~0.2 is the 8-bit 124).
AE_TARGET = 0.19
#: The scene luminance at which the sensor needs no analog gain (the look's brightest rooms);
#: below it the gain, and so the noise, rises.
BRIGHT_ROOM = 0.5


def distort(linear: np.ndarray, cam, padded: tuple[int, int]) -> np.ndarray:
    """The pinhole render (padded film, same focal length) seen through ``cam``'s radial lens."""
    W, H = cam.width, cam.height
    Wp, Hp = padded
    uu, vv = np.meshgrid(np.arange(W, dtype=np.float64), np.arange(H, dtype=np.float64))
    xd = (uu - W / 2.0 + 0.5) / cam.f
    yd = (vv - H / 2.0 + 0.5) / cam.f
    rd = np.hypot(xd, yd)
    tab_d, tab_u = cam._undistort_radius_table()
    ru = np.interp(rd, tab_d, tab_u)
    k = np.where(rd > 1e-12, ru / np.maximum(rd, 1e-12), 1.0)
    mx = (xd * k * cam.f + Wp / 2.0 - 0.5).astype(np.float32)
    my = (yd * k * cam.f + Hp / 2.0 - 0.5).astype(np.float32)
    return cv2.remap(linear, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _luma(img: np.ndarray) -> np.ndarray:
    return img[..., 0] * 0.2126 + img[..., 1] * 0.7152 + img[..., 2] * 0.0722


def _denoise(img: np.ndarray, gain: float) -> np.ndarray:
    """Chroma smoothed over ~2 px, luma by an edge-keeping filter, both stronger at high gain."""
    y = _luma(img)[..., None]
    chroma = img / np.maximum(y, 1e-4)
    chroma = cv2.GaussianBlur(chroma, (0, 0), 1.2 + 0.4 * gain)
    yd = cv2.bilateralFilter(y[..., 0].astype(np.float32), 5, 0.02 * gain, 2.0)[..., None]
    return np.clip(chroma * yd, 0.0, 1.0).astype(np.float32)


def develop(linear: np.ndarray, look, rng: np.random.Generator) -> tuple[np.ndarray, dict]:
    """Linear RGB (H, W, 3) -> 8-bit BGR as the camera would save it, and what it chose."""
    H, W = linear.shape[:2]
    img = cv2.GaussianBlur(linear, (0, 0), look.lens_sigma)
    # Auto exposure: centre-weighted mean luminance to the target, with the metering's error.
    yy, xx = np.mgrid[0:H:8, 0:W:8]
    wgt = np.exp(-(((xx - W / 2) / (0.45 * W)) ** 2 + ((yy - H / 2) / (0.45 * H)) ** 2))
    lum = _luma(img[0:H:8, 0:W:8])
    mean = float((lum * wgt).sum() / wgt.sum())
    exposure = AE_TARGET * look.exposure_bias / max(mean, 1e-6)
    raw = img * exposure
    # Sensor noise in raw: shot noise grows with the signal and with the analog gain a dim room
    # needs; read noise too. (Calibrated: a mid-grey patch shows 2-3 DN in a bright room, 6-9
    # DN in a dim one, as a Pi camera's stills do.)
    gain = float(np.clip(BRIGHT_ROOM / max(mean, 1e-6), 1.0, 16.0)) ** 0.5
    shot = 2.0e-4 * gain
    read = 0.002 * gain
    sigma = np.sqrt(np.clip(raw, 0, None) * shot + read * read)
    raw = raw + sigma * rng.standard_normal(raw.shape, dtype=np.float32)
    raw = np.clip(raw, 0.0, 1.0)
    # Auto white balance: grey world over the unclipped pixels, only ``awb_strength`` of the way
    # (cameras leave a warm lamp warm).
    ok = raw[0:H:4, 0:W:4].max(-1) < 0.98
    means = raw[0:H:4, 0:W:4][ok].mean(0) if ok.any() else raw.reshape(-1, 3).mean(0)
    gains = (means[1] / np.maximum(means, 1e-6)) ** look.awb_strength
    out = np.clip(raw * gains.astype(np.float32), 0.0, 1.0)
    # The camera's own denoising (a Pi camera's ISP does it on every still): colour noise
    # smoothed away, brightness noise softened where the image is flat, kept at edges.
    out = _denoise(out, gain)
    srgb = np.where(out <= 0.0031308, out * 12.92, 1.055 * np.power(out, 1 / 2.4) - 0.055)
    f = (srgb * 255.0).astype(np.float32)[..., ::-1]
    if look.sharpen > 0:
        f = cv2.addWeighted(f, 1.0 + look.sharpen, cv2.GaussianBlur(f, (0, 0), 1.2), -look.sharpen, 0.0)
    bgr = np.clip(f + 0.5, 0, 255).astype(np.uint8)
    info = {"exposure": round(exposure, 3), "metered": round(mean, 4), "gain": round(gain, 2),
            "awb_gains": [round(float(g), 3) for g in gains]}
    return bgr, info


def glare_burnt(img_bgr: np.ndarray, quad_px, modules: np.ndarray, search_px: int = 3) -> float:
    """The share of a QR symbol's dark modules that glare (a hot spot) has made read light: each
    module's centre is sampled through the symbol's corners (TL, TR, BR, BL, as the truth puts
    them on the mat's plane, so first moved by up to ``search_px`` to where the symbol shows
    best: a curled card or a 2 mm noble tile stands above that plane) and a dark module counts
    as burnt when it reads nearer the symbol's light modules than its dark ones (the midpoint
    of its light modules' median and its darkest dark modules' median)."""
    n = modules.shape[0]
    src = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
    Hm = cv2.getPerspectiveTransform(src, np.asarray(quad_px, np.float32))
    c = (np.stack(np.meshgrid(np.arange(n), np.arange(n)), -1).reshape(-1, 2) + 0.5).astype(np.float32)
    pts = cv2.perspectiveTransform(c[None], Hm)[0]
    gray = cv2.cvtColor(img_bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
    h, w = gray.shape
    dark = modules.astype(bool).ravel()
    if not dark.any() or dark.all():
        return 0.0
    best = None
    for dy in range(-search_px, search_px + 1):
        for dx in range(-search_px, search_px + 1):
            xi = np.clip(np.round(pts[:, 0] + dx).astype(int), 0, w - 1)
            yi = np.clip(np.round(pts[:, 1] + dy).astype(int), 0, h - 1)
            v = gray[yi, xi]
            score = float(np.median(v[~dark]) - np.median(v[dark]))
            if best is None or score > best[0]:
                best = (score, v)
    v = best[1]
    light_med = float(np.median(v[~dark]))
    dv = np.sort(v[dark])
    dark_ref = float(np.median(dv[: max(1, len(dv) // 2)]))
    thr = (light_med + dark_ref) / 2.0
    return float(np.mean(v[dark] > thr))
