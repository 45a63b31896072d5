"""Pinhole camera with radial distortion over the mat plane, for the synthetic table renderer.

World frame: the mat's, in millimetres (x right, y down, z into the table; the mat is z = 0 and
the camera hangs above it at negative z). Camera frame: x right, y down, z forward (OpenCV).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Camera:
    """A posed camera: intrinsics, pose and radial distortion (k1, k2 on normalised radius)."""

    width: int
    height: int
    f: float  # focal length in px (square pixels)
    R: np.ndarray  # 3x3, columns are the camera axes in world coordinates (camera-to-world)
    C: np.ndarray  # camera centre in world mm
    k1: float
    k2: float

    @property
    def K(self) -> np.ndarray:
        return np.array(
            [[self.f, 0.0, self.width / 2.0], [0.0, self.f, self.height / 2.0], [0.0, 0.0, 1.0]]
        )

    def project(self, pts: np.ndarray) -> np.ndarray:
        """Image px (N,2) of world points (N,2 on the mat plane, or N,3)."""
        p = np.asarray(pts, dtype=np.float64)
        if p.ndim == 1:
            p = p[None]
        if p.shape[1] == 2:
            p = np.hstack([p, np.zeros((len(p), 1))])
        pc = (p - self.C) @ self.R  # R^T (p - C), row-wise
        x = pc[:, 0] / pc[:, 2]
        y = pc[:, 1] / pc[:, 2]
        r2 = x * x + y * y
        d = 1.0 + self.k1 * r2 + self.k2 * r2 * r2
        u = self.f * x * d + self.width / 2.0
        v = self.f * y * d + self.height / 2.0
        return np.stack([u, v], axis=1)

    def px_per_mm(self, pts: np.ndarray) -> np.ndarray:
        """Local image scale (px per mm, geometric mean of the two axes) at mat points (N,2)."""
        p = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        e = 0.5
        a = self.project(p)
        bx = self.project(p + [e, 0.0])
        by = self.project(p + [0.0, e])
        jx = (bx - a) / e
        jy = (by - a) / e
        det = np.abs(jx[:, 0] * jy[:, 1] - jx[:, 1] * jy[:, 0])
        return np.sqrt(det)

    def _undistort_radius_table(self) -> tuple[np.ndarray, np.ndarray]:
        """(distorted radius, undistorted radius) samples for inverting the lens by lookup."""
        r = np.linspace(0.0, 1.6, 4001)
        rd = r * (1.0 + self.k1 * r * r + self.k2 * r**4)
        # Keep only the monotonic part so np.interp inverts it.
        ok = np.concatenate([[True], np.diff(rd) > 0])
        stop = np.argmin(ok) if not ok.all() else len(r)
        return rd[:stop], r[:stop]

    def plane_maps(
        self, origin_mm: tuple[float, float], scale: float, step: int = 8, z_mm: float = 0.0
    ) -> tuple[np.ndarray, np.ndarray]:
        """cv2.remap maps from image px to texture px of a plane z = z_mm.

        The texture has ``scale`` px per mm and its pixel (0, 0) centre at ``origin_mm``. The
        mapping is computed on a grid every ``step`` px and interpolated (it is smooth).
        """
        gw = -(-self.width // step)
        gh = -(-self.height // step)
        us = (np.arange(gw, dtype=np.float64) + 0.5) * step - 0.5
        vs = (np.arange(gh, dtype=np.float64) + 0.5) * step - 0.5
        uu, vv = np.meshgrid(us, vs)
        xd = (uu - self.width / 2.0) / self.f
        yd = (vv - self.height / 2.0) / self.f
        rd = np.hypot(xd, yd)
        tab_d, tab_u = self._undistort_radius_table()
        ru = np.interp(rd, tab_d, tab_u, right=np.nan)
        with np.errstate(invalid="ignore", divide="ignore"):
            k = np.where(rd > 1e-12, ru / rd, 1.0)
        x = xd * k
        y = yd * k
        R = self.R
        dx = R[0, 0] * x + R[0, 1] * y + R[0, 2]
        dy = R[1, 0] * x + R[1, 1] * y + R[1, 2]
        dz = R[2, 0] * x + R[2, 1] * y + R[2, 2]
        with np.errstate(invalid="ignore", divide="ignore"):
            t = (z_mm - self.C[2]) / dz
        X = self.C[0] + t * dx
        Y = self.C[1] + t * dy
        mx = ((X - origin_mm[0]) * scale).astype(np.float32)
        my = ((Y - origin_mm[1]) * scale).astype(np.float32)
        bad = ~np.isfinite(mx) | ~np.isfinite(my) | (t <= 0)
        mx[bad] = -1e5
        my[bad] = -1e5
        size = (gw * step, gh * step)
        mx = cv2.resize(mx, size, interpolation=cv2.INTER_LINEAR)[: self.height, : self.width]
        my = cv2.resize(my, size, interpolation=cv2.INTER_LINEAR)[: self.height, : self.width]
        return mx, my

    def to_json(self) -> dict:
        """The camera as recorded in ``_gt.camera`` (same fields as the provided samples)."""
        z = self.R[:, 2]
        tilt = math.degrees(math.acos(max(-1.0, min(1.0, z[2]))))
        x = self.R[:, 0]
        yaw = math.degrees(math.atan2(x[1], x[0]))
        return {
            "K": [[round(float(v), 3) for v in row] for row in self.K],
            "R_cam_to_world": [[round(float(v), 6) for v in row] for row in self.R],
            "centre_mm": [round(float(v), 2) for v in self.C],
            "height_mm": round(float(-self.C[2]), 1),
            "tilt_deg": round(tilt, 2),
            "yaw_deg": round(yaw, 2),
            "hfov_deg": round(math.degrees(2 * math.atan(self.width / 2.0 / self.f)), 2),
            "k1": round(self.k1, 4),
            "k2": round(self.k2, 4),
        }


def make_camera(
    width: int,
    height: int,
    *,
    distance_mm: float,
    tilt_deg: float,
    tilt_dir_deg: float,
    roll_deg: float,
    hfov_deg: float,
    k1: float,
    k2: float,
    aim_mm: tuple[float, float],
) -> Camera:
    """A camera ``distance_mm`` above the mat, moved sideways so it looks at ``aim_mm`` tilted
    ``tilt_deg`` from vertical (towards ``tilt_dir_deg``, 0 = from +x), turned ``roll_deg``
    about its axis (0: image x along mat x, 180: upside down)."""
    f = (width / 2.0) / math.tan(math.radians(hfov_deg) / 2.0)
    t = math.radians(tilt_deg)
    a = math.radians(tilt_dir_deg)
    off = distance_mm * math.tan(t)
    C = np.array(
        [aim_mm[0] + off * math.cos(a), aim_mm[1] + off * math.sin(a), -distance_mm], dtype=float
    )
    z = np.array([aim_mm[0], aim_mm[1], 0.0]) - C
    z /= np.linalg.norm(z)
    x0 = np.array([1.0, 0.0, 0.0])
    x0 = x0 - z * (x0 @ z)
    x0 /= np.linalg.norm(x0)
    y0 = np.cross(z, x0)
    r = math.radians(roll_deg)
    x = math.cos(r) * x0 + math.sin(r) * y0
    y = np.cross(z, x)
    R = np.stack([x, y, z], axis=1)
    return Camera(width, height, f, R, C, float(k1), float(k2))
