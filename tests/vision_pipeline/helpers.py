"""Doctoring real sample frames: stickers pasted onto the table, markers covered."""
from __future__ import annotations

import cv2
import numpy as np
import pytest
import segno


def sticker_image(payload: str, px_per_module: int = 12) -> np.ndarray:
    """A QR sticker (error correction H, 4-module quiet zone) as a grey image."""
    qr = segno.make_qr(payload, error="h", boost_error=False)
    m = np.array([list(row) for row in qr.matrix], np.uint8)
    m = np.pad(m, 4)
    img = np.where(m > 0, 20, 245).astype(np.uint8)
    return cv2.resize(img, None, fx=px_per_module, fy=px_per_module,
                      interpolation=cv2.INTER_NEAREST)


def paste_sticker(image: np.ndarray, loc, centre_mm, payload: str,
                  module_mm: float = 1.43) -> np.ndarray:
    """Paste a sticker lying flat on the mat, centred at `centre_mm`, into a BGR frame."""
    st = sticker_image(payload)
    modules = st.shape[0] / 12
    half = modules * module_mm / 2
    cx, cy = centre_mm
    quad_mm = [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half),
               (cx - half, cy + half)]
    quad_px = loc.to_image(quad_mm).astype(np.float32)
    n = st.shape[0]
    src = np.float32([(0, 0), (n, 0), (n, n), (0, n)])
    m = cv2.getPerspectiveTransform(src, quad_px)
    h, w = image.shape[:2]
    warped = cv2.warpPerspective(st, m, (w, h), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full_like(st, 255), m, (w, h), flags=cv2.INTER_NEAREST)
    out = image.copy()
    sel = mask > 0
    out[sel] = cv2.cvtColor(warped, cv2.COLOR_GRAY2BGR)[sel]
    return cv2.GaussianBlur(out, (0, 0), 0.6)


def tag_centre_mm(loc, truth: dict, ident: str):
    """The centre (mm) of a tag of the sample, from its ground-truth corners."""
    corners = np.array(truth["_gt"]["tag_corners_px"][ident], np.float64)
    return tuple(loc.to_mat([corners.mean(axis=0)])[0])


def cover_marker(image: np.ndarray, truth_loc, marker_id: int, colour=(128, 128, 128)) -> np.ndarray:
    """Paint over one ArUco marker (and its white square) with mat grey."""
    from vision.mat import load_mat

    mat = load_mat()
    x, y = mat.marker_corners[marker_id]
    b, s = mat.marker_border + 1, mat.marker_size
    quad = truth_loc.to_image([(x - b, y - b), (x + s + b, y - b), (x + s + b, y + s + b),
                               (x - b, y + s + b)])
    out = image.copy()
    cv2.fillConvexPoly(out, np.round(quad).astype(np.int32), colour)
    return out


def saved_overview(name: str):
    """A saved mat overview (1 px/mm) from ``data/``, as the busy stage reads it alone: no mat
    model, no closer look."""
    from pathlib import Path

    from vision.stages.overview import Overview
    image = cv2.imread(str(Path(__file__).parent / "data" / name))
    assert image is not None, name
    return Overview(image=image, background=None, px_per_mm=1.0)


def saved_look(name: str, crop_mm, overview: str = "jpg", crop: str = "jpg"):
    """A saved overview ``data/NAME-overview.jpg`` and the closer look from it and the frame's
    crop ``data/NAME-3ppmm.jpg`` (`crop_mm`: its mat mm rect): (Overview, detail).
    `overview`, `crop`: the files' extensions ("png" where JPEG moved a case over the line)."""
    from pathlib import Path
    seen = saved_overview(f"{name}-overview.{overview}")
    image = cv2.imread(str(Path(__file__).parent / "data" / f"{name}-3ppmm.{crop}"))
    assert image is not None, name
    return seen, saved_detail(seen.image, image, crop_mm)


def saved_detail(overview: np.ndarray, crop: np.ndarray, crop_mm):
    """The busy stage's closer look (mat mm rect, px/mm -> BGR image) from a saved overview
    (1 px/mm) and a saved crop of the frame at that scale (`crop_mm`: its mat mm rect): the
    crop where it has it, the overview scaled up elsewhere."""
    def detail(rect_mm, px_per_mm):
        x, y, w, h = rect_mm
        out_w, out_h = int(round(w * px_per_mm)), int(round(h * px_per_mm))
        m = np.float32([[1 / px_per_mm, 0, x + 0.5 / px_per_mm - 0.5],
                        [0, 1 / px_per_mm, y + 0.5 / px_per_mm - 0.5]])
        image = cv2.warpAffine(overview, m, (out_w, out_h),
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)
        cx, cy = (round((crop_mm[0] - x) * px_per_mm), round((crop_mm[1] - y) * px_per_mm))
        ch, cw = crop.shape[:2]
        u0, v0 = max(0, cx), max(0, cy)
        u1, v1 = min(out_w, cx + cw), min(out_h, cy + ch)
        if u1 > u0 and v1 > v0:
            image[v0:v1, u0:u1] = crop[v0 - cy:v1 - cy, u0 - cx:u1 - cx]
        return image

    return detail


def saved_patch(name: str, homography, lens, cfg):
    """A saved patch of a real frame from ``data/`` (the pixels about one slot or spot) as the
    stages get it: the prepared frame, and the mat's place in it (that frame's homography and
    lens)."""
    from pathlib import Path

    from vision.stages.locate import MatLocation, prepare
    image = cv2.imread(str(Path(__file__).parent / "data" / name))
    assert image is not None, name
    return prepare(image, cfg), MatLocation([0, 1, 2, 3], {}, np.array(homography), lens=lens)


def with_image(ov, image: np.ndarray):
    """The overview `ov` with its image replaced (a hand, a shadow painted in), its mat model
    kept: what the busy stage would see in that frame."""
    from vision.stages.overview import Overview

    return Overview(image=image, background=ov.background, px_per_mm=ov.px_per_mm)


def rendered_over_hand(seed: int, i: int, printed: str = ""):
    """Frame i of bench-vision's over-hand frames of `seed` (as write_frames renders it);
    `printed`: on the mat print-mat prints (bench-vision --printed-mat)."""
    from dataclasses import replace

    from workbench.synthetic import random_conditions, random_table_state
    from workbench.synthetic.table import _render

    rng = np.random.default_rng([seed, i])
    players = int(rng.integers(2, 5))
    phase = str(rng.choice(["early", "mid", "late"]))
    state = random_table_state(rng, players=players, phase=phase)
    cond = replace(random_conditions(rng, size=(2304, 1296), hand=True), printed_mat=printed)
    if i % 10 == 0:  # every tenth: an arm over two corner markers
        cond = replace(cond, hand_kind="markers")
    image, truth, data = _render(state, cond)
    if data is not None:  # the JPEG as the camera gives it
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    return image, truth


def slow_after(*cases, default: int) -> list:
    """Parametrize cases: the first `default` in the default suite, the rest behind `slow`.

    A rendered frame and its read cost about 2-3 s of CPU a case; the default suite keeps one
    case of each kind and `make test-slow` runs them all (issue 35: the suite's time)."""
    return [c if n < default
            else pytest.param(*(c if isinstance(c, tuple) else (c,)), marks=pytest.mark.slow)
            for n, c in enumerate(cases)]


def count_saved_lane(name: str, cfg, coloured: bool):
    """A lane saved under tests/.../data as `name`.png (rectified at the pipeline's 2 px/mm with
    its margin) and `name`-mat.png (its bare mat's colour), counted as count_bank_lane counts
    it: a coloured lane with its light mask (the mat's hue), a white or black one without (the
    white lane, named physical-white-lane-..., with its shade mask)."""
    from pathlib import Path

    from vision.stages.bank import lane_light
    data = Path(__file__).parent / "data"
    lane = cv2.imread(str(data / f"{name}.png"))
    mat = cv2.imread(str(data / f"{name}-mat.png")).astype(np.float32)
    return _count_on(lane, mat, cfg, lane_light(lane, mat, cfg) if coloured else None,
                     _shade_for(name, lane, mat, cfg), "black-lane" in name)


def _shade_for(name, lane, background, cfg):
    """The white or black lane's shade mask, as count_bank_lane works it out (the lane's
    colour is in the saved image's name), and whether only its part beside the chips' circles
    counts (the black lane's); None for the others."""
    from vision.stages.bank import lane_shade
    black = "black-lane" in name and cfg.token_black_shadow
    if "white-lane" in name or black:
        return (lambda: lane_shade(lane, background, cfg)), black
    return None, False


def _count_on(lane, background, cfg, light=None, shade=(None, False), dashes=False):
    """`lane` counted against its bare mat's colour `background`, over the lane's 287 mm
    (``dashes``: the black lane's, as count_bank_lane counts it)."""
    from vision.stages.overview import deviation_from
    from vision.tokens import count_lane
    margin = cfg.lane_margin_mm[0]
    return count_lane(deviation_from(lane, background), cfg.lane_px_per_mm, 7, cfg,
                      span=(margin, margin + 287.0), light=light, shade=shade[0],
                      shade_beside_circles=shade[1], dashes=dashes)


def saved_lane_on_model(name: str):
    """A lane saved under tests/.../data as `name`.png and `name`-model.png (see
    :func:`count_lane_on_model`): the lane, and the model resized over it (float32)."""
    from pathlib import Path
    data = Path(__file__).parent / "data"
    lane = cv2.imread(str(data / f"{name}.png"))
    model = cv2.imread(str(data / f"{name}-model.png")).astype(np.float32)
    return lane, cv2.resize(model, (lane.shape[1], lane.shape[0]),
                            interpolation=cv2.INTER_LINEAR)


def count_lane_on_model(name: str, cfg, neutral: bool = True, coloured: bool = False):
    """A lane saved under tests/.../data as `name`.png (rectified at the pipeline's 2 px/mm with
    its margin) and `name`-model.png (the whole-mat colour model over it at the overview's 1
    px/mm), counted as count_bank_lane counts it: its bare mat read by bank.lane_background
    (``neutral``: a white or black lane, without the light mask of a coloured one;
    ``coloured``: a blue, green, red or gold lane, with its light mask; the white lane, named
    physical-white-lane-..., with its shade mask)."""
    from vision.stages.bank import _background, lane_light
    lane, model = saved_lane_on_model(name)
    background, lit = _background(lane, model, cfg.lane_px_per_mm, cfg,
                                  neutral=neutral and not coloured)
    return _count_on(lane, background, cfg,
                     lane_light(lane, background, cfg, lit) if coloured else None,
                     _shade_for(name, lane, background, cfg),
                     "black-lane" in name)
