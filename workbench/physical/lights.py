"""The room's light for the physically based renderer: a ceiling panel, a desk lamp to one
side, a window, a café's pendants; each at a colour temperature (2,800-7,000 K) and a
brightness from dim to bright, plus the room's bounce light as a faint ambient."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

RIGS = ("ceiling", "lamp", "window", "cafe", "lamp+ceiling", "window+lamp")


def kelvin_rgb(kelvin: float) -> tuple[float, float, float]:
    """Linear sRGB of a black body at ``kelvin`` (Planck's law through the CIE 1931 observer,
    approximated by a fit good to about 1 % over 1,500-10,000 K), normalised to green 1."""
    t = kelvin / 100.0
    # Tanner Helland's fit of blackbody sRGB (gamma-encoded), then linearised.
    r = 255.0 if t <= 66 else 329.698727446 * (t - 60) ** -0.1332047592
    g = (99.4708025861 * math.log(t) - 161.1195681661 if t <= 66
         else 288.1221695283 * (t - 60) ** -0.0755148492)
    b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.5177312231 * math.log(t - 10) - 305.0447927307)
    lin = []
    for v in (r, g, b):
        v = min(255.0, max(0.0, v)) / 255.0
        lin.append(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)
    return (lin[0] / lin[1], 1.0, lin[2] / lin[1])


@dataclass(frozen=True)
class Light:
    """One light: ``kind`` "panel" (a ceiling rectangle facing down), "lamp" (a small bulb),
    "window" (a tall rectangle facing the table), at ``pos`` (world mm, z up is negative),
    ``size`` mm, ``kelvin``, and ``power`` (radiance scale)."""

    kind: str
    pos: tuple[float, float, float]
    size: tuple[float, float]
    kelvin: float
    power: float

    def to_json(self) -> dict:
        return {"kind": self.kind, "pos": [round(v) for v in self.pos],
                "size": [round(v) for v in self.size], "kelvin": round(self.kelvin),
                "power": round(self.power, 3)}


def random_lights(rng: np.random.Generator, rig: str | None = None) -> tuple[str, list[Light], float]:
    """A room's lights: (rig name, lights, ambient fraction)."""
    rig = rig or str(rng.choice(RIGS, p=[0.25, 0.2, 0.15, 0.15, 0.15, 0.1]))
    lights: list[Light] = []
    dim = float(rng.uniform(0.25, 1.0))  # dim to bright: the camera's gain (noise) follows
    if "ceiling" in rig:
        lights.append(Light("panel", (float(rng.uniform(-300, 1100)), float(rng.uniform(-500, 900)),
                                      -float(rng.uniform(1500, 1900))),
                            (float(rng.uniform(300, 1200)), float(rng.uniform(300, 600))),
                            float(rng.uniform(3000, 6500)), 1.0 * dim))
    if "lamp" in rig:
        side = rng.choice(["left", "right", "top", "bottom"])
        off = float(rng.uniform(150, 450))
        x, y = {"left": (-off, rng.uniform(0, 460)), "right": (800 + off, rng.uniform(0, 460)),
                "top": (rng.uniform(0, 800), -off), "bottom": (rng.uniform(0, 800), 460 + off)}[side]
        lights.append(Light("lamp", (float(x), float(y), -float(rng.uniform(350, 650))),
                            (float(rng.uniform(25, 50)),) * 2, float(rng.uniform(2800, 3300)),
                            (0.45 if "ceiling" in rig else 1.0) * dim))
    if "window" in rig:
        side = rng.choice(["left", "top", "right"])
        d = float(rng.uniform(700, 1500))
        x, y = {"left": (-d, 230.0), "right": (800 + d, 230.0), "top": (400.0, -d)}[side]
        lights.append(Light("window", (float(x), float(y), -float(rng.uniform(700, 1100))),
                            (float(rng.uniform(900, 1600)), float(rng.uniform(900, 1300))),
                            float(rng.uniform(5200, 7000)), 1.0 * dim))
    if rig == "cafe":
        k = float(rng.uniform(2800, 3600))
        for _ in range(int(rng.integers(2, 4))):
            lights.append(Light("lamp", (float(rng.uniform(-200, 1000)), float(rng.uniform(-300, 760)),
                                         -float(rng.uniform(900, 1300))),
                                (float(rng.uniform(40, 80)),) * 2, k, 0.6 * dim))
    # The room's walls and ceiling send back a share of the light: a hand's shadow is never black.
    ambient = float(rng.uniform(0.12, 0.35))
    return rig, lights, ambient


def _look_down(pos, towards) -> np.ndarray:
    """4x4 transform taking Mitsuba's unit rectangle (normal +z) to face from pos towards."""
    p = np.asarray(pos, float)
    n = np.asarray(towards, float) - p
    n /= np.linalg.norm(n)
    a = np.array([0.0, 0.0, 1.0]) if abs(n[2]) < 0.9 else np.array([1.0, 0.0, 0.0])
    u = np.cross(a, n)
    u /= np.linalg.norm(u)
    v = np.cross(n, u)
    M = np.eye(4)
    M[:3, 0], M[:3, 1], M[:3, 2], M[:3, 3] = u, v, n, p
    return M


# Radiance of each kind at power 1 (linear units; the camera's auto exposure sets the level, so
# only the ratios between lights matter): a panel is broad and soft, a lamp small and bright.
_RADIANCE = {"panel": 6.0, "lamp": 900.0, "window": 4.0}


def emitters(mi, lights: list[Light], ambient: float) -> dict:
    """Mitsuba scene entries for the lights and the room's ambient bounce (``ambient`` of the
    direct light's irradiance at the mat's centre, in the lights' mixed colour)."""
    out: dict = {}
    centre = np.array([400.0, 230.0, 0.0])
    irradiance = np.zeros(3)
    for i, L in enumerate(lights):
        rgb = np.array(kelvin_rgb(L.kelvin)) * L.power * _RADIANCE[L.kind]
        d = np.asarray(L.pos) - centre
        dist2 = float(d @ d)
        cos_mat = abs(d[2]) / math.sqrt(dist2)
        if L.kind == "lamp":
            rgb = rgb * (35.0 / L.size[0]) ** 2  # the same flux whatever the bulb's radius
            M = np.eye(4)
            M[:3, 3] = L.pos
            M[0, 0] = M[1, 1] = M[2, 2] = L.size[0]
            out[f"light{i}"] = {"type": "sphere", "to_world": mi.ScalarTransform4f(M.tolist()),
                                "emitter": {"type": "area", "radiance": {"type": "rgb", "value": rgb.tolist()}}}
            irradiance += rgb * math.pi * L.size[0] ** 2 / dist2 * cos_mat
        else:
            target = (400.0, 230.0, 0.0) if L.kind == "window" else (L.pos[0], L.pos[1], 0.0)
            M = _look_down(L.pos, target)
            cos_light = abs(float(M[:3, 2] @ d)) / math.sqrt(dist2)
            M[:3, 0] *= L.size[0] / 2
            M[:3, 1] *= L.size[1] / 2
            out[f"light{i}"] = {"type": "rectangle", "to_world": mi.ScalarTransform4f(M.tolist()),
                                "emitter": {"type": "area", "radiance": {"type": "rgb", "value": rgb.tolist()}}}
            irradiance += rgb * L.size[0] * L.size[1] * cos_light * cos_mat / dist2
    amb = irradiance * ambient / math.pi
    out["ambient"] = {"type": "constant", "radiance": {"type": "rgb", "value": amb.tolist()}}
    return out
