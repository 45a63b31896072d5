"""Triangle meshes for the physically based renderer, in world mm (x right, y down, z into
the table: up is negative z), with texture coordinates (0, 0) at a texture's top-left pixel."""

from __future__ import annotations

import math

import numpy as np


def _grid_faces(nu: int, nv: int) -> np.ndarray:
    i = np.arange(nu - 1)
    j = np.arange(nv - 1)
    a = (j[:, None] * nu + i[None, :]).ravel()
    b, c, d = a + 1, a + nu + 1, a + nu
    return np.concatenate([np.stack([a, c, b], 1), np.stack([a, d, c], 1)]).astype(np.uint32)


def sheet(centre, angle_deg: float, w: float, h: float, z: float, curl: float = 0.0,
          curl_axis: int = 0, dome: bool = False, n: int = 9):
    """A card or tile ``w`` x ``h`` mm lying at height ``-z``, turned ``angle_deg``, curled by up to
    ``curl`` mm across ``curl_axis`` (0: across its width, 1: its length): its edges lift (a cup)
    or its middle (``dome``). Returns (vertices, uv, faces)."""
    nu, nv = n, int(round(n * h / w)) | 1
    u, v = np.meshgrid(np.linspace(0, 1, nu), np.linspace(0, 1, nv))
    s = (2 * (u if curl_axis == 0 else v) - 1) ** 2
    lift = curl * ((1 - s) if dome else s)
    lx, ly = (u - 0.5) * w, (v - 0.5) * h
    a = math.radians(angle_deg)
    x = centre[0] + lx * math.cos(a) - ly * math.sin(a)
    y = centre[1] + lx * math.sin(a) + ly * math.cos(a)
    V = np.stack([x, y, z - lift], -1).reshape(-1, 3)
    UV = np.stack([u, v], -1).reshape(-1, 2)
    return V.astype(np.float32), UV.astype(np.float32), _grid_faces(nu, nv)


def quad(corners, uv=((0, 0), (1, 0), (1, 1), (0, 1))):
    """Four corners (TL, TR, BR, BL as seen from above) as two triangles."""
    V = np.asarray(corners, np.float32).reshape(4, 3)
    return V, np.asarray(uv, np.float32), np.array([[0, 2, 1], [0, 3, 2]], np.uint32)


def box_sides(centre, angle_deg: float, w: float, h: float, z0: float, z1: float):
    """The four sides of a box (a deck's stack) between heights -z0 (bottom) and -z1 (top); uv v
    runs bottom to top."""
    a = math.radians(angle_deg)
    R = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    c = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]]) @ R.T + centre
    Vs, UVs, Fs = [], [], []
    for k in range(4):
        p, q = c[k], c[(k + 1) % 4]
        V = np.array([[*p, z1], [*q, z1], [*q, z0], [*p, z0]], np.float32)
        Vs.append(V)
        UVs.append(np.array([[0, 1], [1, 1], [1, 0], [0, 0]], np.float32))
        Fs.append(np.array([[0, 2, 1], [0, 3, 2]], np.uint32) + 4 * k)
    return np.concatenate(Vs), np.concatenate(UVs), np.concatenate(Fs)


def disc(centre, angle_deg: float, r: float, z: float, n: int = 48):
    """A flat disc of radius ``r`` at height -z (a chip's face), its texture's square inscribed."""
    t = np.linspace(0, 2 * math.pi, n, endpoint=False) + math.radians(angle_deg)
    ring = np.stack([centre[0] + r * np.cos(t), centre[1] + r * np.sin(t), np.full(n, z)], 1)
    V = np.vstack([[centre[0], centre[1], z], ring]).astype(np.float32)
    tl = t - math.radians(angle_deg)
    UV = np.vstack([[0.5, 0.5], np.stack([0.5 + 0.5 * np.cos(tl), 0.5 + 0.5 * np.sin(tl)], 1)]).astype(np.float32)
    i = np.arange(n)
    F = np.stack([np.zeros(n, int), 1 + (i + 1) % n, 1 + i], 1).astype(np.uint32)
    return V, UV, F


def rim(centre, r: float, z0: float, z1: float, n: int = 48):
    """A chip's edge: an open cylinder of radius ``r`` from height -z0 to -z1."""
    t = np.linspace(0, 2 * math.pi, n, endpoint=False)
    x, y = centre[0] + r * np.cos(t), centre[1] + r * np.sin(t)
    V = np.concatenate([np.stack([x, y, np.full(n, z0)], 1), np.stack([x, y, np.full(n, z1)], 1)]).astype(np.float32)
    UV = np.concatenate([np.stack([t / (2 * math.pi), np.zeros(n)], 1), np.stack([t / (2 * math.pi), np.ones(n)], 1)]).astype(np.float32)
    i = np.arange(n)
    j = (i + 1) % n
    F = np.concatenate([np.stack([i, j, n + j], 1), np.stack([i, n + j, n + i], 1)]).astype(np.uint32)
    return V, UV, F


def merge(*parts):
    """One mesh of several (vertices, uv, faces)."""
    Vs, UVs, Fs, off = [], [], [], 0
    for V, UV, F in parts:
        Vs.append(V)
        UVs.append(UV)
        Fs.append(F + off)
        off += len(V)
    return np.concatenate(Vs), np.concatenate(UVs), np.concatenate(Fs)


def cutout(alpha: np.ndarray, to_world, z: float, cell_px: int = 3):
    """A flat cut-out (a hand) as the cells of a ``cell_px`` grid over its sprite where its
    alpha shows, so that it casts the shadow of its own shape (Mitsuba's shadow rays see no
    opacity mask: a masked rectangle would shadow as a rectangle). ``to_world`` maps sprite
    px (x, y) to world mm (x, y); uv address the sprite."""
    h, w = alpha.shape
    gh, gw = -(-h // cell_px), -(-w // cell_px)
    pad = np.zeros((gh * cell_px, gw * cell_px), alpha.dtype)
    pad[:h, :w] = alpha
    on = pad.reshape(gh, cell_px, gw, cell_px).max(axis=(1, 3)) > 0
    ys, xs = np.nonzero(on)
    x0, y0 = xs * cell_px, ys * cell_px
    x1, y1 = np.minimum(x0 + cell_px, w), np.minimum(y0 + cell_px, h)
    px = np.stack([np.stack([x0, y0], 1), np.stack([x1, y0], 1), np.stack([x1, y1], 1),
                   np.stack([x0, y1], 1)], 1).reshape(-1, 2).astype(np.float64)
    world = to_world(px)
    V = np.column_stack([world, np.full(len(px), z)]).astype(np.float32)
    UV = (px / [w, h]).astype(np.float32)
    base = np.arange(len(xs))[:, None] * 4
    F = np.concatenate([base + [0, 2, 1], base + [0, 3, 2]]).astype(np.uint32)
    return V, UV, F
