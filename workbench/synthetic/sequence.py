"""Rendered sequences of frames: the camera's video stream between presses, with its truth.

A sequence is a list of table states and a list of :class:`Shot` (one a frame): which state
lies on the table, where a hand is (or none), the room's light and a passing shadow. The
scene of each state is composed once; a frame is that scene seen through the camera with the
hand, the light and fresh sensor noise (so two frames of a still table differ as a real
camera's do). ``SequenceSource`` serves it as the camera layer does: ``stream()`` the small
frames the watcher measures, ``still()`` a full-size still of the frame now.

Scripts (:func:`scripted_turns`) play the moments the watcher must tell apart: a hand coming
in, moving tokens, pausing mid-turn, resting on the table, leaving; light flickering; a
shadow passing.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Optional

import cv2
import numpy as np

from vision.frames import FrameSource
from vision.mat import load_mat
from workbench.synthetic.compose import _compose, _degrade, _draw_hand, _maps, _texture_scale
from workbench.synthetic.hand import SKIN_BGR, Hand
from workbench.synthetic.scene import Conditions, TableState, _camera
from workbench.synthetic.sprites import TABLE_STYLES, table_texture
from workbench.synthetic.table import region_occlusion

#: Frames a second of the rendered stream (the Pi's low-resolution stream runs at 30; the
#: watcher looks at a few a second).
FPS = 5.0
STREAM_SIZE = (640, 360)


@dataclass(frozen=True)
class Shot:
    """One frame: the state on the table, a hand over it (or None), the light's gain and a
    passing shadow ``(x_mm, y_mm, radius_mm, strength)`` (or None)."""

    state: int
    hand: Optional[Hand] = None
    light: float = 1.0
    shadow: Optional[tuple] = None
    note: str = ""


class SequenceRenderer:
    """Frames of a sequence at any size (the scene composed once per state and size)."""

    def __init__(self, states, cond: Conditions = Conditions(jpeg_quality=None)):
        self.states = list(states)
        self.cond = cond
        self._bases: dict = {}

    def _base(self, state: int, size: tuple) -> tuple:
        key = (state, size)
        hit = self._bases.get(key)
        if hit is None:
            cond = replace(self.cond, width=size[0], height=size[1])
            cam = _camera(cond)
            scale = _texture_scale(cam)
            style = int(cond.table_style) % len(TABLE_STYLES)
            rng = np.random.default_rng(cond.seed)   # the same layout of tokens every frame
            scene, _tokens = _compose(self.states[state], rng, scale, style, cam,
                                      cond.printed_mat)
            hi, lo = _maps(cam, scale)
            img = cv2.remap(table_texture(style), lo[0], lo[1], cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_REFLECT)
            cv2.remap(scene.tex, hi[0], hi[1], cv2.INTER_LINEAR, dst=img,
                      borderMode=cv2.BORDER_TRANSPARENT)
            if len(self._bases) > 8:
                self._bases.pop(next(iter(self._bases)))
            hit = self._bases[key] = (img, cam, cond)
        return hit

    def frame(self, shot: Shot, index: int, size: tuple = STREAM_SIZE) -> tuple:
        """(BGR frame, truth): truth ``state``, ``hand`` and ``covered`` (the regions the
        hand hides, as read-table names them)."""
        base, cam, cond = self._base(shot.state, size)
        img = base.copy()
        covered: list = []
        if shot.hand is not None:
            mask = _draw_hand(img, cam, shot.hand)
            covered = sorted(region_occlusion(cam, mask))
        if shot.shadow is not None:
            img = _shadow(img, cam, shot.shadow)
        rng = np.random.default_rng([cond.seed, index, size[0]])
        img, _info = _degrade(img, replace(cond, exposure=cond.exposure * shot.light,
                                           shade=0.0, spot=0.0), rng)
        return img, {"state": shot.state, "hand": shot.hand is not None, "covered": covered,
                     "note": shot.note}


def _shadow(img: np.ndarray, cam, shadow: tuple) -> np.ndarray:
    x, y, r, strength = shadow
    h, w = img.shape[:2]
    c = cam.project(np.array([[x, y]], float))[0]
    edge = cam.project(np.array([[x + r, y]], float))[0]
    rad = max(2.0, float(np.hypot(*(edge - c))))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d2 = ((xx - c[0]) ** 2 + (yy - c[1]) ** 2) / (rad * rad)
    gain = 1.0 - strength * np.exp(-d2 * 2.0)
    return (img.astype(np.float32) * gain[..., None]).astype(np.uint8)


class SequenceSource(FrameSource):
    """A rendered sequence as the camera layer serves it: ``stream()`` the next small frame
    (``StopIteration`` at the end), ``still()`` a full-size still of the frame shown last."""

    name = "sequence"

    def __init__(self, renderer: SequenceRenderer, shots: list,
                 stream_size: tuple = STREAM_SIZE, still_size: tuple = (2304, 1296)):
        self.renderer = renderer
        self.shots = list(shots)
        self.stream_size = stream_size
        self.still_size = still_size
        self.index = -1
        self.truth: Optional[dict] = None
        self.stills_taken: list = []   # the frame index of every still taken

    def _stream_frame(self) -> np.ndarray:
        self.index += 1
        if self.index >= len(self.shots):
            raise StopIteration
        frame, self.truth = self.renderer.frame(self.shots[self.index], self.index,
                                                self.stream_size)
        return frame

    def read(self) -> np.ndarray:
        return self.stream()

    def _fresh(self) -> np.ndarray:
        i = max(self.index, 0)
        self.stills_taken.append(i)
        return self.renderer.frame(self.shots[i], i, self.still_size)[0]


# ----------------------------------------------------------------------------- scripts
def hand_at(tip_mm, side: str = "bottom", height: float = 40.0, skin: int = 1,
            kind: str = "over") -> Hand:
    base = {"bottom": -90.0, "top": 90.0, "left": 0.0, "right": 180.0}[side]
    return Hand(side=side, tip_mm=(float(tip_mm[0]), float(tip_mm[1])), angle_deg=base,
                height_mm=height, skin=SKIN_BGR[skin], sleeve=(90, 60, 40), pose="point",
                kind=kind)


def _lane_point(colour: str) -> tuple:
    x, y, w, h = load_mat().bank[colour]
    return (x + w * 0.5, y + h * 0.5)


def _reach(a, b, n: int) -> list:
    return [(a[0] + (b[0] - a[0]) * k / max(1, n - 1), a[1] + (b[1] - a[1]) * k / max(1, n - 1))
            for k in range(n)]


def scripted_turns(turns: int, settle_frames: int, rng: np.random.Generator,
                   extras: bool = True) -> tuple:
    """Shots of ``turns`` turns (state i -> i + 1 each), and the truth of the table's settled
    moments: the frame index at which each settled, changed table begins.

    Each turn: a hand comes in from the player's side, hovers, moves tokens (the state
    changes under it), sometimes pauses mid-turn with the hand resting on the bank, then
    leaves; the table then stays still for ``settle_frames + 1`` to ``settle_frames + 9``
    frames before the next hand. ``extras`` adds light flicker and a shadow passing over the
    unchanged table between turns."""
    mat = load_mat()
    W, H = mat.size
    shots: list = []
    settled: list = []
    state = 0
    for _ in range(settle_frames + 2):
        shots.append(Shot(state, note="quiet"))
    for turn in range(turns):
        side = str(rng.choice(["bottom", "top"]))
        edge = (float(rng.uniform(150, W - 150)), H + 60 if side == "bottom" else -60)
        target = _lane_point(str(rng.choice(["white", "blue", "green", "red", "black"])))
        path = _reach(edge, target, int(rng.integers(3, 6)))
        for p in path:                              # the hand comes in and hovers
            shots.append(Shot(state, hand_at(p, side, height=60.0), note="hand"))
        shots.append(Shot(state, hand_at(target, side, height=15.0), note="hand"))
        if rng.random() < 0.5:
            # A hand resting on the bank, thinking: still, but covering what matters.
            for _ in range(settle_frames + 3):
                shots.append(Shot(state, hand_at(target, side, height=10.0), note="resting"))
        state += 1                                  # tokens moved under the hand
        back = _reach(target, edge, int(rng.integers(3, 6)))
        for p in back:
            shots.append(Shot(state, hand_at(p, side, height=60.0), note="hand"))
        settled.append(len(shots))
        # The table stays as it is until the next hand reaches in: from just over the settle
        # time to a few seconds (a quick next player is the case a long settle time misses).
        for _ in range(settle_frames + 1 + int(rng.integers(0, 9))):
            shots.append(Shot(state, note="settled"))
        if extras and rng.random() < 0.5:
            # Light flicker (a lamp, clouds): the whole frame brighter and darker.
            for k in range(int(rng.integers(4, 9))):
                shots.append(Shot(state, light=1.0 + 0.06 * math.sin(k * 2.1), note="flicker"))
        if extras and rng.random() < 0.5:
            # A shadow passing over the mat (someone walking by, leaning over).
            y = float(rng.uniform(100, H - 100))
            for x in np.linspace(-100, W + 100, int(rng.integers(5, 9))):
                shots.append(Shot(state, shadow=(float(x), y, 160.0, 0.35), note="shadow"))
    for _ in range(settle_frames + 2):
        shots.append(Shot(state, note="quiet"))
    return shots, settled


def states_of_turns(first: TableState, rng: np.random.Generator, turns: int) -> list:
    """Table states, each one turn (a take of three tokens) after the one before."""
    states = [first]
    colours = ["white", "blue", "green", "red", "black"]
    for _ in range(turns):
        bank = dict(states[-1].bank)
        have = [c for c in colours if bank[c] > 0]
        for c in rng.permutation(have)[:3]:
            bank[str(c)] -= 1
        states.append(replace(states[-1], bank=bank))
    return states
