"""Synthetic top-down photos of the table (mat v1), with the read-table answer they should get.

    from workbench.synthetic import TableState, Conditions, render_table
    image_bgr, truth = render_table(TableState(...), Conditions(seed=1))

The scene is pasted into a flat texture of the mat (cached sprites: cards with art and QR
stickers, nobles, decks, tokens, markers), seen once through a posed pinhole camera with radial
distortion (one cv2.remap), then lit, blurred, made noisy and JPEG-compressed. Everything random
comes from ``Conditions.seed``; the same state and conditions give the same bytes.

The truth has read-table's fields (``mat``, ``markers``, ``nobles``, ``market``, ``decks``,
``bank``, ``scan``, ``tags``, ``foreign``, ``busy``) and ``_gt`` like the provided samples
(/work/shared/samples/table-v1): ``px_per_module``, ``occluded``, ``tag_corners_px`` (TL, TR, BR,
BL of each QR symbol), ``tag_slots``, ``present_ids``, ``untagged``, ``tokens`` (count, mode and
centres in mat mm per lane), ``deck_cards``, ``hand``, ``camera``, ``degradation``,
``mat_corners_px``, plus ``marker_corners_px``, ``foreign_corners_px`` and per lane
``centres_px`` (the tokens' top faces in the image).

Rules: a slot whose card or noble has no sticker is ``"?"``; a slot under a hand still holds
what is physically there; ``tags``/``foreign``/``markers`` list only what is wholly in the frame
and not under a hand (less than ``VISIBLE_OCCLUSION`` covered, as in the samples, where a code
a third covered is not listed); with fewer than 3 markers in view the slots are null and the
bank empty, as read-table reports.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace

import cv2
import numpy as np

from vision.mat import COLOURS, load_mat
from workbench.synthetic.compose import (_compose, _degrade, _draw_hand, _maps, _texture_scale)
from workbench.synthetic.hand import (NEAR_KINDS, random_hand, random_markers_hand,
                                  random_near_hand)
from workbench.synthetic.scene import (LEVELS, Conditions, TableState, _camera, _in_frame,
                                    random_conditions, random_table_state)
from workbench.synthetic.sprites import TABLE_STYLES, TOKEN_THICKNESS, table_texture


__all__ = [
    "TableState",
    "Conditions",
    "render_table",
    "random_table_state",
    "random_conditions",
    "write_frames",
]

# --------------------------------------------------------------------------- truth


def _quad_occlusion(mask: np.ndarray | None, quad: np.ndarray) -> float:
    if mask is None:
        return 0.0
    x0, y0 = np.floor(quad.min(0)).astype(int)
    x1, y1 = np.ceil(quad.max(0)).astype(int) + 1
    H, W = mask.shape
    x0c, y0c, x1c, y1c = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
    if x1c <= x0c or y1c <= y0c:
        return 0.0
    poly = np.zeros((y1c - y0c, x1c - x0c), np.uint8)
    cv2.fillPoly(poly, [np.round((quad - [x0c, y0c]) * 16).astype(np.int32).reshape(-1, 1, 2)], 255, cv2.LINE_8, 4)
    area = int(np.count_nonzero(poly))
    if area == 0:
        return 0.0
    cov = np.count_nonzero((poly > 0) & (mask[y0c:y1c, x0c:x1c] > 127))
    return cov / area



VISIBLE_OCCLUSION = 0.01  # a tag counts as seen only if (almost) nothing of it is under a hand
#: A region (slot, deck, lane, scan zone) is covered when the hand hides at least this much of it
#: (mm^2, about a fingertip's last 4 mm): a card's corner, its sticker's edge, a token's rim -
#: enough that what the referee reads there (the card and its tag, the tokens in the lane) may
#: be hidden. Less, but not nothing, is "grazed": a reader may call it either way.
COVERED_MM2 = 40.0


def regions(mat) -> dict[str, tuple]:
    """Every place a turn can depend on, by its read-table path, as a mat mm rect."""
    out = dict(mat.slots())
    out.update({f"decks.{lv}": r for lv, r in mat.decks.items()})
    out.update({f"bank.{c}": mat.bank[c] for c in COLOURS})
    return out


#: A region the hand comes this close to (mm) without covering it is grazed too: where a
#: fingertip ends within a few millimetres of a slot's outline, either answer is right.
GRAZE_MM = 3.0


def region_occlusion(cam, hand_mask, grow_mm: float = 0.0) -> dict[str, float]:
    """Per region (grown by `grow_mm`), the fraction of it under the hand in the image."""
    if hand_mask is None:
        return {}
    out = {}
    for path, (x, y, w, h) in regions(load_mat()).items():
        x, y, w, h = x - grow_mm, y - grow_mm, w + 2 * grow_mm, h + 2 * grow_mm
        quad = cam.project(np.array([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], float))
        occ = _quad_occlusion(hand_mask, quad)
        if occ > 0:
            out[path] = occ
    return out


def hidden_mm2(cam, hand_mask) -> dict[str, float]:
    """Per region the hand overlaps, the area it hides (mat mm^2)."""
    regs = regions(load_mat())
    return {p: f * regs[p][2] * regs[p][3] for p, f in region_occlusion(cam, hand_mask).items()}


def hidden_markers(cam, hand_mask) -> list[int]:
    """The markers the hand hides (a code more than VISIBLE_OCCLUSION under it is unreadable)."""
    mat = load_mat()
    return [mid for mid in sorted(mat.marker_corners)
            if _quad_occlusion(hand_mask, cam.project(np.array(mat.marker_square(mid))))
            >= VISIBLE_OCCLUSION]


def _truth(state, cond, cam, scene, tokens, hand, hand_mask, light_info) -> dict:
    mat = load_mat()
    hidden = hidden_mm2(cam, hand_mask)
    order = list(regions(mat))
    covered = sorted((p for p, a in hidden.items() if a >= COVERED_MM2), key=order.index)
    W, H = cond.width, cond.height
    markers = []
    for mid in sorted(mat.marker_corners):
        q = cam.project(np.array(mat.marker_square(mid)))
        outer = cam.project(np.array(mat.marker_paper(mid)))
        if _in_frame(outer, W, H, 1.0) and _quad_occlusion(hand_mask, q) < VISIBLE_OCCLUSION:
            markers.append(mid)
    mat_ok = len(markers) >= 3
    if not mat_ok and hand is not None:
        # The mat can't be placed: what is hidden is the corners (spec: "so many markers that
        # the mat can't be placed"), named "markers.N"; no region can be named without the mat.
        covered = [f"markers.{m}" for m in hidden_markers(cam, hand_mask)]
    tags, foreign = set(), set()
    ppm, occl, corners_px, slots, foreign_px = {}, {}, {}, {}, {}
    for payload, kind, slot, cmm in scene.tags:
        quad = cam.project(np.array(cmm))
        occ = _quad_occlusion(hand_mask, quad)
        seen = _in_frame(quad, W, H) and occ < VISIBLE_OCCLUSION
        if kind == "game":
            tid = payload[4:]
            side = np.mean([np.linalg.norm(quad[i] - quad[(i + 1) % 4]) for i in range(4)])
            ppm[tid] = round(float(side) / 21.0, 3)
            occl[tid] = round(float(occ), 3)
            corners_px[tid] = [[round(float(u), 2), round(float(v), 2)] for u, v in quad]
            slots[tid] = slot
            if seen:
                tags.add(tid)
        else:
            foreign_px[payload] = [[round(float(u), 2), round(float(v), 2)] for u, v in quad]
            if seen:
                foreign.add(payload)

    def slot_value(cid):
        if cid is None:
            return None
        return "?" if cid in state.untagged else cid

    untagged_slots = []
    for i, n in enumerate(state.nobles):
        if n and n in state.untagged:
            untagged_slots.append(f"nobles.{i}")
    for lv in LEVELS:
        for i, c in enumerate(state.market[lv]):
            if c and c in state.untagged:
                untagged_slots.append(f"market.{lv}.{i}")
    if state.scan and state.scan in state.untagged:
        untagged_slots.append("scan")
    if mat_ok:
        nobles = [slot_value(n) for n in state.nobles]
        market = {str(lv): [slot_value(c) for c in state.market[lv]] for lv in LEVELS}
        decks = {str(lv): state.decks[lv] > 0 for lv in LEVELS}
        bank = {c: state.bank[c] for c in COLOURS}
        scan = slot_value(state.scan)
    else:  # spec: without the mat only tags and foreign are filled
        nobles = [None] * 5
        market = {str(lv): [None] * 4 for lv in LEVELS}
        decks = {str(lv): False for lv in LEVELS}
        bank = {}
        scan = None
    mat_corners = cam.project(np.array([(0, 0), (mat.size[0], 0), mat.size, (0, mat.size[1])], float))
    gt = {
        "category": "busy" if hand else ("hard" if cond.light_grad > 0.28 or cond.vignette > 0.3 or cond.blur_sigma > 1.0 else "normal"),
        "resolution": [W, H],
        "px_per_module": ppm,
        "occluded": occl,
        "present_ids": state.present_ids(),
        "untagged": untagged_slots[0] if len(untagged_slots) == 1 else (untagged_slots or None),
        "deck_cards": {str(lv): state.decks[lv] for lv in LEVELS},
        "hand": ({**hand.to_json(), "mat_covered": round(float(_quad_occlusion(hand_mask, mat_corners)), 4)} if hand else None),
        "grazed": sorted(p for p in region_occlusion(cam, hand_mask, GRAZE_MM)
                         if hidden.get(p, 0.0) < COVERED_MM2) if mat_ok else [],
        "hidden_mm2": {p: round(a, 1) for p, a in sorted(hidden.items(), key=lambda kv: order.index(kv[0]))},
        "px_per_mm_centre": round(float(cam.px_per_mm(np.array([[mat.size[0] / 2, mat.size[1] / 2]]))[0]), 3),
        "camera": cam.to_json(),
        "degradation": {
            "light_grad": round(cond.light_grad, 3), "vignette": round(cond.vignette, 3), **light_info,
            "blur_sigma": round(cond.blur_sigma, 3), "exposure": round(cond.exposure, 3),
            "wb": [round(v, 3) for v in cond.white_balance], "noise_gain": round(cond.noise_gain, 5),
            "noise_read_dn": round(cond.noise_read_dn, 2), "sharpen": round(cond.sharpen, 3),
            "jpeg_quality": cond.jpeg_quality,
        },
        "tokens": {
            colour: {**lane, "centres_px": [
                [round(float(u), 1), round(float(v), 1)]
                for u, v in (cam.project(np.array([[x, y, -TOKEN_THICKNESS] for x, y in lane["centres_mm"]]))
                             if lane["centres_mm"] else [])]}
            for colour, lane in tokens.items()
        },
        "mat_corners_px": [[round(float(u), 1), round(float(v), 1)] for u, v in mat_corners],
        "tag_corners_px": corners_px,
        "tag_slots": slots,
        "marker_corners_px": {str(mid): [[round(float(u), 2), round(float(v), 2)] for u, v in cam.project(np.array(mat.marker_square(mid)))] for mid in sorted(mat.marker_corners)},
        "foreign_corners_px": foreign_px,
        "seed": cond.seed,
    }
    return {
        "mat": mat_ok,
        "markers": markers,
        "nobles": nobles,
        "market": market,
        "decks": decks,
        "bank": bank,
        "scan": scan,
        "tags": sorted(tags),
        "foreign": sorted(foreign),
        "busy": bool(covered),
        "covered": covered,
        "_gt": gt,
    }


# --------------------------------------------------------------------------- entry points


def place_hand(img: np.ndarray, cond: Conditions, cam):
    """The hand ``cond`` asks for (none, over the mat, over two markers, or near the mat hiding
    nothing), drawn into ``img`` with its shadow. Returns (image, hand or None, its mask)."""
    mat = load_mat()
    hand = hand_mask = None
    hrng = np.random.default_rng([cond.seed, 7])
    if cond.hand and cond.hand_kind == "over":
        hand = random_hand(hrng, mat.size)
        hand_mask = _draw_hand(img, cam, hand)
    elif cond.hand and cond.hand_kind == "markers":
        # Over two corner markers: draw again until two are hidden.
        for _ in range(10):
            hand = random_markers_hand(hrng, mat.size)
            trial = img.copy()
            hand_mask = _draw_hand(trial, cam, hand)
            if len(hidden_markers(cam, hand_mask)) >= 2:
                break
        img = trial
    elif cond.hand:
        # A hand near the mat that hides nothing a turn depends on: draw again until so.
        clear = list(regions(mat).values())
        for _ in range(30):
            hand = random_near_hand(hrng, mat.size, cond.hand_kind, clear)
            trial = img.copy()
            hand_mask = _draw_hand(trial, cam, hand)
            if not region_occlusion(cam, hand_mask):
                break
        img = trial
    return img, hand, hand_mask


def _render(state: TableState, cond: Conditions) -> tuple[np.ndarray, dict, bytes | None]:
    rng = np.random.default_rng(cond.seed)
    cam = _camera(cond)
    scale = _texture_scale(cam)
    style = int(cond.table_style) % len(TABLE_STYLES)
    scene, tokens = _compose(state, rng, scale, style, cam, cond.printed_mat)
    hi, lo = _maps(cam, scale)
    img = cv2.remap(table_texture(style), lo[0], lo[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    cv2.remap(scene.tex, hi[0], hi[1], cv2.INTER_LINEAR, dst=img, borderMode=cv2.BORDER_TRANSPARENT)
    img, hand, hand_mask = place_hand(img, cond, cam)
    img, light_info = _degrade(img, cond, rng)
    data = None
    if cond.jpeg_quality:
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(cond.jpeg_quality)])
        data = buf.tobytes()
        img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    truth = _truth(state, cond, cam, scene, tokens, hand, hand_mask, light_info)
    return img, truth, data


def render_table(state: TableState, cond: Conditions | None = None) -> tuple[np.ndarray, dict]:
    """Render a photo of the table. Returns (BGR uint8 image, truth in read-table form + ``_gt``)."""
    img, truth, _ = _render(state, cond or Conditions())
    return img, truth




def render_frame(i: int, seed: int = 0, size: tuple[int, int] | None = None,
                 hands: str | None = None, printed_mat: str = ""):
    """Frame ``i`` (from 1) of :func:`write_frames`'s set for these arguments: (the BGR image,
    its truth, the JPEG bytes written for it or None when the image is written as it is)."""
    rng = np.random.default_rng([seed, i])
    players = int(rng.integers(2, 5))
    phase = str(rng.choice(["early", "mid", "late"]))
    state = random_table_state(rng, players=players, phase=phase)
    cond = random_conditions(rng, size=size, hand=True if hands else None)
    cond = replace(cond, printed_mat=printed_mat)
    if hands == "near":
        cond = replace(cond, hand_kind=NEAR_KINDS[i % len(NEAR_KINDS)])
    elif hands == "over" and i % 10 == 0:
        # Every tenth: an arm over two corner markers (the mat can't be placed).
        cond = replace(cond, hand_kind="markers")
    img, truth, data = _render(state, cond)
    truth["_gt"]["players"] = players
    truth["_gt"]["phase"] = phase
    return img, truth, data


def write_frames(out_dir: str | os.PathLike, n: int, seed: int = 0,
                 size: tuple[int, int] | None = None, hands: str | None = None,
                 printed_mat: str = "") -> list[str]:
    """Render ``n`` varied frames as ``sample-N.jpg`` with ``sample-N.json`` (the truth) beside
    each, like /work/shared/samples/table-v1 (``size`` pins the frame size; by default 70 %
    2304 x 1296, 20 % 1920 x 1080, 10 % 4608 x 2592). ``hands``: every frame has a hand,
    ``"over"`` the mat (every tenth an arm over two corner markers) or ``"near"`` it (beside,
    margin and sleeve in turn). ``printed_mat``: the mat as ``print-mat`` prints it, in
    that language ("en", "pl", "ko"), in the same scenes. Returns the image paths."""
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for i in range(1, n + 1):
        img, truth, data = render_frame(i, seed, size, hands, printed_mat)
        name = f"sample-{i}.jpg"
        path = os.path.join(out_dir, name)
        if data is None:
            cv2.imwrite(path, img, [cv2.IMWRITE_JPEG_QUALITY, 95])
        else:
            with open(path, "wb") as fh:
                fh.write(data)
        truth = {"image": name, **truth}
        with open(os.path.join(out_dir, f"sample-{i}.json"), "w", encoding="utf-8") as fh:
            json.dump(truth, fh)
        paths.append(path)
    return paths
