"""Compositing a synthetic photo: sprites pasted into the mat texture, the camera's view of
it, a hand and its shadow, then light, blur and noise."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.mat import COLOURS, load_mat
from workbench.synthetic.camera import Camera
from workbench.synthetic.hand import Hand, hand_sprite, hand_world_transform
from workbench.synthetic.mat_sheet import MAT_MARGIN, mat_texture
from workbench.synthetic.sprites import (
    CARD_H,
    CARD_THICKNESS,
    CARD_W,
    NOBLE_SIDE,
    TABLE_ORIGIN,
    TOKEN_THICKNESS,
    card_edge_sprite,
    card_sprite,
    deck_sprite,
    noble_sprite,
    premultiplied,
    sticker,
    token_side_sprite,
    token_sprite,
)
from workbench.synthetic.scene import LEVELS, TableState, Conditions, _in_frame

# --------------------------------------------------------------------------- compositing


@dataclass
class _Scene:
    """Per-frame bookkeeping while pasting."""

    tex: np.ndarray
    scale: float
    tags: list = field(default_factory=list)  # (payload, kind, slot, corners_mm)
    #: What was laid where (for renderers that build the same scene in 3D, workbench/physical):
    #: (kind, what, centre_mm, angle_deg, extra); kind "deck" (level, cards), "noble", "card"
    #: (id, tagged, slot), "token" (colour), "foreign" (payload, size_mm).
    placed: list = field(default_factory=list)


_SHADOWS: dict = {}


def _shadow_of(sprite: np.ndarray, blur_px: float) -> tuple[np.ndarray, int]:
    """The sprite's soft shadow (blurred alpha, padded); cached per sprite object."""
    key = (id(sprite), round(blur_px, 2))
    hit = _SHADOWS.get(key)
    if hit is not None and hit[0] is sprite:
        return hit[1], hit[2]
    pad = int(math.ceil(3 * blur_px)) + 1
    a = cv2.copyMakeBorder(sprite[..., 3], pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    sh = cv2.GaussianBlur(a, (0, 0), blur_px)
    if len(_SHADOWS) > 300:
        _SHADOWS.clear()
    _SHADOWS[key] = (sprite, sh, pad)  # holding the sprite keeps its id from being reused
    return sh, pad


def _paste(scene: _Scene, sprite: np.ndarray, local_mm: tuple[float, float], centre_mm, angle_deg: float,
           shadow: float = 0.35, shadow_mm: float = 1.2) -> np.ndarray:
    """Paste a BGRA sprite rotated by ``angle_deg`` so its local point ``local_mm`` lands on mat
    point ``centre_mm``, over a soft shadow. Returns the 2x3 affine from sprite mm to mat mm."""
    s = scene.scale
    m = MAT_MARGIN
    a = math.radians(angle_deg)
    R = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    c = np.asarray(centre_mm, float)
    # mat mm = R (q - local) + c ; texture px = (mm + m) * s ; sprite px = q * s
    t = (c + m) * s - R @ (np.asarray(local_mm) * s)
    h, w = sprite.shape[:2]
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], float) @ R.T + t
    pad = int(math.ceil(4 * shadow_mm * s)) + 2
    x0 = max(0, int(math.floor(corners[:, 0].min())) - pad)
    y0 = max(0, int(math.floor(corners[:, 1].min())) - pad)
    x1 = min(scene.tex.shape[1], int(math.ceil(corners[:, 0].max())) + pad)
    y1 = min(scene.tex.shape[0], int(math.ceil(corners[:, 1].max())) + pad)
    if x1 > x0 and y1 > y0:
        size = (x1 - x0, y1 - y0)
        roi = scene.tex[y0:y1, x0:x1]
        M = np.hstack([R, (t - [x0, y0])[:, None]])
        # Sprites are premultiplied: out = sprite + roi * (1 - alpha) * (1 - shadow).
        warped = cv2.warpAffine(sprite, M, size, flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
        keep = cv2.bitwise_not(cv2.extractChannel(warped, 3))
        if shadow > 0:
            # Light from the top left: the shadow falls a little down and right on the mat.
            sh, sp = _shadow_of(sprite, max(1.0, shadow_mm * s))
            off = np.array([0.5, 0.8]) * shadow_mm * s
            Ms = np.hstack([R, (t - [x0, y0] + off - R @ [sp, sp])[:, None]])
            shw = cv2.warpAffine(sh, Ms, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
            keep = cv2.multiply(keep, cv2.bitwise_not(cv2.multiply(shw, shadow)), scale=1 / 255.0)
        under = cv2.multiply(roi, cv2.merge([keep, keep, keep]), scale=1 / 255.0)
        cv2.add(under, cv2.cvtColor(warped, cv2.COLOR_BGRA2BGR), dst=roi)
    A = np.hstack([R, (c - R @ np.asarray(local_mm))[:, None]])
    return A


def _apply(A: np.ndarray, pts) -> list[tuple[float, float]]:
    p = np.asarray(pts, float)
    return [tuple(v) for v in (p @ A[:, :2].T + A[:, 2])]


def _rect_centre(r) -> tuple[float, float]:
    return (r[0] + r[2] / 2.0, r[1] + r[3] / 2.0)


def _token_centres(rng: np.random.Generator, rect, count: int, capacity: int, d: float) -> tuple[str | None, list]:
    """Where ``count`` tokens lie in a lane: on the printed places, pushed to one end, or loose."""
    if count == 0:
        return None, []
    x, y, w, h = rect
    cy = y + h / 2
    pitch = w / 7.0  # 41 mm places, also in the 5-place gold lane
    mode = str(rng.choice(["places", "pushed", "loose"]))
    if mode == "places":
        xs = [x + pitch * (i + 0.5) + rng.uniform(-0.4, 0.4) for i in range(count)]
    elif mode == "pushed":
        steps = np.concatenate([[0.0], np.cumsum(d + rng.uniform(0.1, 0.6, count - 1))])
        if rng.random() < 0.5:  # pushed to the right end
            xs = list(x + w - d / 2 - rng.uniform(0.0, 1.0) - steps[::-1])
        else:
            xs = list(x + d / 2 + rng.uniform(0.0, 1.0) + steps)
    else:
        span = (pitch * capacity if capacity < 7 else w) - count * d
        gaps = rng.dirichlet(np.ones(count + 1)) * max(0.0, span - 2.0) + 0.2
        xs, cur = [], x + 0.5
        for i in range(count):
            cur += gaps[i]
            xs.append(cur + d / 2)
            cur += d
    return mode, [(float(xx), float(cy + rng.uniform(-1.5, 1.5))) for xx in xs]


def _texture_scale(cam: Camera) -> float:
    """Texture px/mm: a little above the finest image scale on the mat, from a few fixed steps
    so cached sprites are reused."""
    mat = load_mat()
    W, H = mat.size
    pts = np.array([[x, y] for x in (0, W / 2, W) for y in (0, H / 2, H)], float)
    need = 1.15 * float(cam.px_per_mm(pts).max())
    for s in (3.5, 4.5, 6.0, 8.0):
        if s >= need:
            return s
    return 8.0


def _compose(state: TableState, rng: np.random.Generator, scale: float, style: int, cam: Camera | None = None,
             printed: str = ""):
    """The mat texture with everything on it; returns (scene, token truth, foreign placements)."""
    mat = load_mat()
    scene = _Scene(mat_texture(scale, style, printed).copy(), scale)
    j = lambda a: float(rng.uniform(-a, a))  # noqa: E731 - small placement jitter

    def parallax(p, height_mm):
        """Where the top of something ``height_mm`` tall standing at mat point ``p`` appears,
        as a mat point (it leans away from the point under the camera)."""
        if cam is None:
            return np.asarray(p, float)
        p = np.asarray(p, float)
        return p + height_mm * (p - cam.C[:2]) / (-cam.C[2] - height_mm)

    for level in LEVELS:
        n = state.decks[level]
        if n > 0:
            base = np.add(_rect_centre(mat.decks[level]), (j(1.5), j(1.5)))
            ang = j(2.0)
            top = parallax(base, n * CARD_THICKNESS)
            layers = max(1, min(8, n))
            for k in range(layers):  # the stack's sides, shadowed at the bottom
                f = k / layers
                edge = card_edge_sprite(scale, int(150 + 70 * f))
                _paste(scene, edge, (CARD_W / 2, CARD_H / 2), base + (top - base) * f, ang + j(0.6),
                       shadow=0.35 if k == 0 else 0.0)
            _paste(scene, deck_sprite(level, scale), (CARD_W / 2, CARD_H / 2), top, ang, shadow=0.0)
            scene.placed.append(("deck", level, tuple(base), ang, n))
    for i, nid in enumerate(state.nobles):
        if nid:
            tagged = nid not in state.untagged
            spr, qr = noble_sprite(nid, scale, tagged)
            centre, ang = np.add(_rect_centre(mat.nobles[i]), (j(1.5), j(1.5))), j(3.0)
            A = _paste(scene, spr, (NOBLE_SIDE / 2, NOBLE_SIDE / 2), centre, ang)
            scene.placed.append(("noble", nid, tuple(centre), ang, (tagged, f"nobles.{i}")))
            if qr:
                scene.tags.append(("SPL:" + nid, "game", f"nobles.{i}", _apply(A, qr)))
    for level in LEVELS:
        for i, cid in enumerate(state.market[level]):
            if cid:
                tagged = cid not in state.untagged
                spr, qr = card_sprite(cid, scale, tagged)
                centre = np.add(_rect_centre(mat.market[level][i]), (j(1.5), j(1.5)))
                ang = j(2.5)
                A = _paste(scene, spr, (CARD_W / 2, CARD_H / 2), centre, ang)
                scene.placed.append(("card", cid, tuple(centre), ang, (tagged, f"market.{level}.{i}")))
                if qr:
                    scene.tags.append(("SPL:" + cid, "game", f"market.{level}.{i}", _apply(A, qr)))
    if state.scan:
        tagged = state.scan not in state.untagged
        spr, qr = card_sprite(state.scan, scale, tagged)
        # Shown landscape in the 100 x 72 mm zone, either way round.
        ang = float(rng.choice([90.0, -90.0])) + j(8.0)
        centre = np.add(_rect_centre(mat.scan), (j(3.0), j(2.0)))
        A = _paste(scene, spr, (CARD_W / 2, CARD_H / 2), centre, ang)
        scene.placed.append(("card", state.scan, tuple(centre), ang, (tagged, "scan")))
        if qr:
            scene.tags.append(("SPL:" + state.scan, "game", "scan", _apply(A, qr)))

    tokens = {}
    d = mat.token_diameter
    for colour in COLOURS:
        mode, centres = _token_centres(rng, mat.bank[colour], state.bank[colour], mat.lane_capacity[colour], d)
        spr = token_sprite(colour, scale, d)
        side = token_side_sprite(colour, scale, d)
        for c in centres:
            ang = float(rng.uniform(0, 360))
            _paste(scene, side, (d / 2, d / 2), c, ang, shadow=0.3, shadow_mm=1.0)
            _paste(scene, spr, (d / 2, d / 2), parallax(c, TOKEN_THICKNESS), ang, shadow=0.0)
            scene.placed.append(("token", colour, tuple(c), ang, None))
        tokens[colour] = {"count": len(centres), "mode": mode, "centres_mm": [[round(x, 1), round(y, 1)] for x, y in centres]}

    # Foreign codes: on free parts of the mat, or on the table just off it, where the camera sees.
    spots = [(522.0, 50.0), (590.0, 432.0), (-30.0, 230.0), (400.0, 490.0), (830.0, 240.0), (22.0, 250.0)]
    order = [int(i) for i in rng.permutation(len(spots))]
    used = []
    for payload in state.foreign:
        size = float(rng.uniform(22, 28))
        spr, qr = sticker(payload, "", scale, False, size)
        spr = premultiplied(spr)
        h, w = spr.shape[:2]
        for k in order:
            if k in used:
                continue
            c = np.add(spots[k], (j(3.0), j(3.0)))
            half = math.hypot(w, h) / scale / 2
            ring = [(c[0] + dx, c[1] + dy) for dx in (-half, half) for dy in (-half, half)]
            if cam is None or _in_frame(cam.project(np.array(ring)), cam.width, cam.height, 8.0):
                used.append(k)
                break
        else:
            continue  # nowhere in view: the code stays in the player's pocket
        ang = float(rng.uniform(0, 360))
        A = _paste(scene, spr, (w / 2 / scale, h / 2 / scale), c, ang, shadow=0.2, shadow_mm=0.6)
        scene.placed.append(("foreign", payload, tuple(c), ang, size))
        scene.tags.append((payload, "foreign", None, _apply(A, qr)))
    return scene, tokens


# --------------------------------------------------------------------------- camera side


_MAP_CACHE: dict = {}


def _maps(cam: Camera, scale: float):
    """(texture maps, table maps) for cv2.remap; cached for a few recent cameras (the referee's
    tests render many stills with one camera; 2304 x 1296 maps take 36 MB)."""
    key = (cam.width, cam.height, cam.f, cam.R.tobytes(), cam.C.tobytes(), cam.k1, cam.k2, scale)
    hit = _MAP_CACHE.get(key)
    if hit is not None:
        return hit
    mx, my = cam.plane_maps((-MAT_MARGIN, -MAT_MARGIN), scale)
    # Table texture: 1 px/mm from TABLE_ORIGIN.
    tx = mx / scale + (-MAT_MARGIN - TABLE_ORIGIN[0])
    ty = my / scale + (-MAT_MARGIN - TABLE_ORIGIN[1])
    hi = cv2.convertMaps(mx, my, cv2.CV_16SC2)
    lo = cv2.convertMaps(tx, ty, cv2.CV_16SC2)
    if len(_MAP_CACHE) >= 2:
        _MAP_CACHE.pop(next(iter(_MAP_CACHE)))
    _MAP_CACHE[key] = (hi, lo)
    return hi, lo



def _draw_hand(img: np.ndarray, cam: Camera, hand: Hand) -> np.ndarray:
    """Composite the hand (and its shadow) into the image; returns its coverage mask (uint8)."""
    spr, A_sl = hand_sprite(hand)
    A_lw = hand_world_transform(hand)
    # Four points around the hand, sprite px -> world mm -> image px; a homography between them.
    local = np.array([[-250, -120], [40, -120], [40, 120], [-250, 120]], float)
    A_ls = np.linalg.inv(np.vstack([A_sl, [0, 0, 1]]))[:2]  # local mm -> sprite px
    src = (local @ A_ls[:, :2].T + A_ls[:, 2]).astype(np.float32)
    world = local @ A_lw[:, :2].T + A_lw[:, 2]
    H, W = img.shape[:2]
    out_mask = np.zeros((H, W), np.uint8)
    # Shadow on the mat: the hand's outline dropped to the table, offset away from the light.
    a = math.radians(hand.shadow_dir_deg)
    off = np.array([math.cos(a), math.sin(a)]) * hand.shadow_len * hand.height_mm
    for z, is_shadow in ((0.0, True), (-hand.height_mm, False)):
        wp = world + (off if is_shadow else 0)
        dst = cam.project(np.hstack([wp, np.full((4, 1), z)])).astype(np.float32)
        Hm = cv2.getPerspectiveTransform(src, dst)
        if is_shadow:
            a = cv2.warpPerspective(spr[..., 3], Hm, (W, H), flags=cv2.INTER_LINEAR)
            a = cv2.GaussianBlur(a, (0, 0), 6 + hand.height_mm * 0.25)
            f = 1.0 - hand.shadow_strength * a.astype(np.float32)[..., None] / 255.0
            img[:] = (img.astype(np.float32) * f).astype(np.uint8)
        else:
            # The hand is nearer than the mat the lens is focused on: a little out of focus.
            warped = cv2.warpPerspective(premultiplied(spr), Hm, (W, H), flags=cv2.INTER_LINEAR)
            warped = cv2.GaussianBlur(warped, (0, 0), 1.0 + hand.height_mm / 40.0)
            a = cv2.extractChannel(warped, 3)
            keep = cv2.bitwise_not(a)
            under = cv2.multiply(img, cv2.merge([keep, keep, keep]), scale=1 / 255.0)
            cv2.add(under, cv2.cvtColor(warped, cv2.COLOR_BGRA2BGR), dst=img)
            out_mask = a
    return out_mask


_NOISE: dict = {}
LENS_SOFTNESS_PX = 0.85


def _noise_field(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """Unit Gaussian noise (H, W, 3) float32: a random window of a cached field, for speed."""
    key = (h, w)
    base = _NOISE.get(key)
    if base is None:
        base = np.random.default_rng(12345).standard_normal((h + 64, w + 64, 3), dtype=np.float32)
        _NOISE.clear()
        _NOISE[key] = base
    dy, dx = (int(v) for v in rng.integers(0, 64, 2))
    return base[dy : dy + h, dx : dx + w]


def _degrade(img: np.ndarray, cond: Conditions, rng: np.random.Generator) -> tuple[np.ndarray, dict]:
    """Light, blur, noise, sharpening: the room and the camera. Returns the uint8 image and the
    random choices made (for ``_gt.degradation``)."""
    H, W = img.shape[:2]
    info: dict = {}
    # Lens, sensor and demosaicing soften even a focused image: LENS_SOFTNESS_PX adds to the
    # defocus in quadrature (calibrated so small codes decode about as often as in the samples).
    total = math.hypot(cond.blur_sigma, LENS_SOFTNESS_PX)
    info["blur_total_px"] = round(total, 3)
    img = cv2.GaussianBlur(img, (0, 0), total)
    # Smooth gain map at low resolution: light gradient, vignetting, a soft shadow.
    gh, gw = max(8, H // 16), max(8, W // 16)
    yy, xx = np.mgrid[0:gh, 0:gw].astype(np.float32)
    xn = (xx + 0.5) / gw * 2 - 1
    yn = (yy + 0.5) / gh * 2 - 1
    a = math.radians(cond.light_dir_deg)
    # Brightness varies by +-light_grad/2 around the exposure across the frame.
    grad = 1.0 + 0.5 * cond.light_grad * (xn * math.cos(a) + yn * math.sin(a)) / math.sqrt(2)
    r2 = (xn**2 + (yn * H / W) ** 2) / (1 + (H / W) ** 2)
    gain = grad * (1.0 + 0.3 * cond.vignette - cond.vignette * r2)
    if cond.shade > 0:
        sx, sy = rng.uniform(-1, 1, 2)
        sr = rng.uniform(0.3, 0.9)
        gain = gain * (1.0 - cond.shade * np.exp(-((xn - sx) ** 2 + ((yn - sy) * H / W) ** 2) / (2 * sr * sr)))
        info["shade"] = {"x": int((sx + 1) / 2 * W), "y": int((sy + 1) / 2 * H), "r": int(sr * W / 2), "amp": round(cond.shade, 3)}
    wb = np.array(cond.white_balance, np.float32) * cond.exposure
    gain3 = cv2.resize((gain[..., None] * wb).astype(np.float32), (W, H), interpolation=cv2.INTER_LINEAR)
    f = cv2.multiply(img, gain3, dtype=cv2.CV_32F)
    if cond.spot > 0:  # a lamp's hot spot: added light, washes colours out
        sx, sy = rng.uniform(-0.7, 0.7, 2)
        sr = rng.uniform(0.08, 0.25)
        spot = cond.spot * 255.0 * np.exp(-((xn - sx) ** 2 + ((yn - sy) * H / W) ** 2) / (2 * sr * sr))
        spot = cv2.resize(np.repeat(spot[..., None], 3, axis=2).astype(np.float32), (W, H), interpolation=cv2.INTER_LINEAR)
        f = cv2.add(f, spot)
        info["spot"] = {"x": int((sx + 1) / 2 * W), "y": int((sy + 1) / 2 * H), "r": int(sr * W / 2), "amp": round(cond.spot, 3)}
    # Sensor noise: shot noise grows with the signal, read noise does not (a lookup per level).
    # (0.6: calibrated so a flat mat patch shows the 3-4 DN of the provided samples.)
    lut = 0.6 * np.sqrt(cond.noise_gain * np.arange(256) / 255.0 + (cond.noise_read_dn / 255.0) ** 2) * 255.0
    if rng.random() < 0.5:
        lut = -lut
    sigma = cv2.LUT(cv2.convertScaleAbs(f), lut.astype(np.float32))
    f = cv2.add(f, cv2.multiply(sigma, _noise_field(H, W, rng)))
    if cond.sharpen > 0:  # the camera's own sharpening
        return cv2.addWeighted(f, 1.0 + cond.sharpen, cv2.GaussianBlur(f, (0, 0), 1.2), -cond.sharpen, 0.0, dtype=cv2.CV_8U), info
    return cv2.convertScaleAbs(f), info
    return np.clip(f, 0, 255).astype(np.uint8), info


