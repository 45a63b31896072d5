"""Rendering a physically based frame of the table and writing frames with their truth."""

from __future__ import annotations

import json
import os
import time
from dataclasses import replace

import cv2
import numpy as np

from workbench.synthetic.hand import NEAR_KINDS
from workbench.synthetic.scene import _camera, random_conditions, random_table_state
from workbench.synthetic.sprites import qr_matrix
from workbench.synthetic.table import _truth, place_hand
from workbench.physical.camera import develop, distort, glare_burnt
from workbench.physical.scene import Look, build_scene, random_look

#: A code counts as burnt out by glare when a hot spot has made this share of its dark modules
#: read light (its error correction (level H) can restore up to 30 % of its codewords, but a
#: burnt patch takes whole codewords and the finder patterns with it).
BURNT_SHARE = 0.10
LLVM_PATHS = ("/usr/lib/x86_64-linux-gnu/libLLVM.so.19.1", "/usr/lib/x86_64-linux-gnu/libLLVM-19.so.1",
              "/usr/lib/aarch64-linux-gnu/libLLVM.so.19.1")


def mitsuba(threads: int = 1):
    """Mitsuba 3 on its LLVM back end, on ``threads`` cores (the optional extra ``render``)."""
    if "DRJIT_LIBLLVM_PATH" not in os.environ:
        for p in LLVM_PATHS:
            if os.path.exists(p):
                os.environ["DRJIT_LIBLLVM_PATH"] = p
                break
    import drjit as dr
    import mitsuba as mi
    mi.set_variant("llvm_ad_rgb")
    dr.set_thread_count(threads)
    return mi


def render_physical(state, cond, look: Look, mi=None) -> tuple[np.ndarray, dict, bytes]:
    """One frame: (BGR image as the camera saves it, truth as the 2D renderer's, JPEG bytes)."""
    mi = mi or mitsuba()
    cam = _camera(cond)
    blank = np.zeros((cond.height, cond.width, 3), np.uint8)
    _, hand, hand_mask = place_hand(blank, cond, cam)
    t0 = time.process_time()
    built = build_scene(mi, state, cond, look, cam, hand)
    linear = np.array(mi.render(built.scene, seed=look.seed % 100000), dtype=np.float32)
    cpu = time.process_time() - t0
    linear = distort(linear, cam, built.padded)
    rng = np.random.default_rng([look.seed, 13])
    img, info = develop(linear, look, rng)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(look.jpeg_quality)])
    data = buf.tobytes()
    img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    truth = _truth(state, cond, cam, built.compose, built.tokens, hand, hand_mask, {})
    gt = truth["_gt"]
    gt["degradation"] = {"physical": look.to_json(), "camera": info,
                         "render_cpu_s": round(cpu, 1)}
    burnt = {}
    for tid, quad in gt["tag_corners_px"].items():
        burnt[tid] = round(glare_burnt(img, quad, qr_matrix("SPL:" + tid)), 3)
    gt["glare_burnt"] = burnt
    gt["burnt"] = sorted(t for t, v in burnt.items() if v >= BURNT_SHARE)
    gt["renderer"] = "physical"
    return img, truth, data


def frame_inputs(seed: int, i: int, hands: str | None, spp: int):
    """The i-th frame of a seed: table, pose and hand (as the 2D renderer's write_frames draws
    them, at 2304 x 1296), and the physical look."""
    if hands == "mix":  # in turn: no hand, a hand over the mat, a hand near it
        hands = (None, "over", "near")[i % 3]
        i_over = i // 3 + 1  # every tenth over-the-mat frame an arm over two markers
    else:
        i_over = i
    rng = np.random.default_rng([seed, i])
    players = int(rng.integers(2, 5))
    phase = str(rng.choice(["early", "mid", "late"]))
    state = random_table_state(rng, players=players, phase=phase)
    cond = random_conditions(rng, size=(2304, 1296), hand=bool(hands))
    if hands == "near":
        cond = replace(cond, hand_kind=NEAR_KINDS[i % len(NEAR_KINDS)])
    elif hands == "over" and i_over % 10 == 0:
        cond = replace(cond, hand_kind="markers")
    look = random_look(np.random.default_rng([seed, i, 99]), spp=spp)
    return state, cond, look, players, phase, hands


def write_frames(out_dir: str, n: int, seed: int, hands: str | None = None, spp: int = 4,
                 first: int = 1, log=print) -> list[str]:
    """Render frames ``first``..``first+n-1`` of ``seed`` into ``out_dir`` (sample-N.jpg and its
    truth sample-N.json); frames already there are kept (a stopped batch resumes)."""
    os.makedirs(out_dir, exist_ok=True)
    mi = mitsuba()
    paths = []
    for i in range(first, first + n):
        path = os.path.join(out_dir, f"sample-{i}.jpg")
        js = os.path.join(out_dir, f"sample-{i}.json")
        if os.path.exists(path) and os.path.exists(js):
            paths.append(path)
            continue
        state, cond, look, players, phase, kind = frame_inputs(seed, i, hands, spp)
        t0 = time.time()
        img, truth, data = render_physical(state, cond, look, mi)
        truth = {"image": os.path.basename(path), **truth}
        truth["_gt"].update(players=players, phase=phase, frame_seed=[seed, i], hands=kind or "")
        with open(path + ".tmp", "wb") as fh:
            fh.write(data)
        with open(js, "w", encoding="utf-8") as fh:
            json.dump(truth, fh)
        os.replace(path + ".tmp", path)
        log(f"{path}: {look.rig}, {time.time() - t0:.1f} s wall, "
            f"{truth['_gt']['degradation']['render_cpu_s']} CPU-s render")
        paths.append(path)
    return paths
