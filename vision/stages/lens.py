"""The camera's lens: its barrel distortion, fitted on each frame from the mat's markers.

A homography alone places the mat's middle 1-4 mm off on a lens like the Pi camera's (the
markers sit at its corners, where the lens pulls the picture in most): enough to put a card's
edge on the free mat beside its slot, or a fingertip on the wrong side of a slot's outline.
One radial term, ``k1`` of OpenCV's model about the frame's centre, takes most of it away; the
focal length only scales it (a nominal one from ``lens_hfov_deg``).
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

#: Golden-section steps of the k1 search: the bracket shrinks to 0.618^n of
#: ``lens_k1_range`` (0.2 -> 1e-4), far finer than the markers' corners can tell.
K1_STEPS = 16
#: Newton steps inverting the lens: from r = rd each squares the error (1e-12 px after 6
#: for any k1 the range allows, out to the frame's corners).
UNDISTORT_STEPS = 6


@dataclass(frozen=True)
class Lens:
    """OpenCV's camera model with one radial term: full-frame px about (cx, cy), focal f px."""

    cx: float
    cy: float
    f: float
    k1: float

    @classmethod
    def nominal(cls, width: int, height: int, hfov_deg: float, k1: float = 0.0) -> "Lens":
        """The lens of a `width` x `height` frame (px centres at integers) seeing `hfov_deg`."""
        return cls(width / 2.0, height / 2.0, width / 2.0 / np.tan(np.radians(hfov_deg) / 2.0),
                   float(k1))

    @property
    def matrix(self) -> np.ndarray:
        return np.array([[self.f, 0.0, self.cx], [0.0, self.f, self.cy], [0.0, 0.0, 1.0]])

    @property
    def coefficients(self) -> np.ndarray:
        return np.array([self.k1, 0.0, 0.0, 0.0])

    def distort(self, points: np.ndarray) -> np.ndarray:
        """Where the lens shows points (N x 2 px) a pinhole camera would show at `points`.

        >>> lens = Lens(100.0, 50.0, 100.0, -0.1)
        >>> lens.distort(np.array([[200.0, 50.0], [100.0, 50.0]])).tolist()
        [[190.0, 50.0], [100.0, 50.0]]
        """
        p = np.asarray(points, np.float64).reshape(-1, 2)
        x = (p - (self.cx, self.cy)) / self.f
        d = 1.0 + self.k1 * (x * x).sum(axis=1, keepdims=True)
        return x * d * self.f + (self.cx, self.cy)

    def undistort(self, points: np.ndarray) -> np.ndarray:
        """The inverse of :meth:`distort`.

        >>> lens = Lens(100.0, 50.0, 100.0, -0.1)
        >>> np.round(lens.undistort(np.array([[190.0, 50.0]])), 6).tolist()
        [[200.0, 50.0]]
        """
        p = np.asarray(points, np.float64).reshape(-1, 2)
        x = (p - (self.cx, self.cy)) / self.f
        rd = np.sqrt((x * x).sum(axis=1, keepdims=True))
        r = rd.copy()
        for _ in range(UNDISTORT_STEPS):  # Newton on r + k1 r^3 = rd
            r -= (r + self.k1 * r ** 3 - rd) / (1.0 + 3.0 * self.k1 * r * r)
        scale = np.divide(r, rd, out=np.ones_like(rd), where=rd > 0)
        return x * scale * self.f + (self.cx, self.cy)


def fit_lens(src_mm: np.ndarray, dst_px: np.ndarray, width: int, height: int,
             hfov_deg: float, k1_range: tuple[float, float]) -> tuple[Lens, np.ndarray | None]:
    """The lens and the homography (mat mm -> undistorted full px) that best map the markers'
    corners `src_mm` onto where they were seen, `dst_px` (least squares in px).

    The markers' own squares tell the lens from the camera's slant: the lens squeezes a marker
    near the frame's corner along the radius more than across it, a homography can't.
    """
    base = Lens.nominal(width, height, hfov_deg)

    def cost(k1: float) -> tuple[float, np.ndarray | None]:
        lens = Lens(base.cx, base.cy, base.f, k1)
        u = lens.undistort(dst_px)
        hom, _ = cv2.findHomography(src_mm, u, 0)
        if hom is None:
            return float("inf"), None
        back = cv2.perspectiveTransform(src_mm.reshape(-1, 1, 2), hom).reshape(-1, 2)
        return float(np.square(back - u).sum()), hom

    lo, hi = k1_range
    g = (np.sqrt(5.0) - 1.0) / 2.0
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    ca, cb = cost(a)[0], cost(b)[0]
    for _ in range(K1_STEPS):
        if ca <= cb:
            hi, b, cb = b, a, ca
            a = hi - g * (hi - lo)
            ca = cost(a)[0]
        else:
            lo, a, ca = a, b, cb
            b = lo + g * (hi - lo)
            cb = cost(b)[0]
    k1 = (lo + hi) / 2.0
    return Lens(base.cx, base.cy, base.f, k1), cost(k1)[1]
