"""The table as a 3D scene for Mitsuba 3: the same cards, tags, tokens, decks, nobles, hand and
mat as the 2D renderer lays out (``workbench.synthetic``'s ``_compose`` with the same seed, so the
truth is the same), built as geometry with materials and lit by a room's lights.

Cards are curled sheets (up to 4 mm) with a glossy coat, some in clear sleeves (a smooth coat
that mirrors a lamp as a hot spot); decks are stacks of cards with the game's backs; chips are
40 x 3.3 mm cylinders; nobles 2 mm tiles; the hand a cut-out at its height (so it casts a real
shadow); a camera arm above the camera casts its shadow too."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from vision.mat import load_mat
from workbench.synthetic.compose import _compose, _texture_scale
from workbench.synthetic.hand import hand_sprite, hand_world_transform
from workbench.synthetic.mat_sheet import MAT_MARGIN, mat_texture
from workbench.synthetic.sprites import (CARD_H, CARD_THICKNESS, CARD_W, NOBLE_SIDE, TABLE_ORIGIN,
                                      TABLE_STYLES, TOKEN_BGR, TOKEN_THICKNESS, card_sprite,
                                      deck_sprite, noble_sprite, premultiplied, sticker,
                                      table_texture, token_sprite)
from workbench.physical import meshes
from workbench.physical.lights import Light, emitters, random_lights

#: Texture px per mm of decks and chips (finer than the camera's 2.3-3.2 px/mm on the mat).
#: Cards, tiles and stickers are drawn at the 2D renderer's own texture scale: where a card's
#: sticker lies depends on the scale its art is drawn at, and the truth is the 2D layout's.
CARD_TEX = 6.0
NOBLE_THICKNESS = 2.0


@dataclass(frozen=True)
class Look:
    """What the physically based frame adds to the 2D scene: the room's light, the cards'
    finish, the camera's processing. Random per frame from its seed (:func:`random_look`)."""

    rig: str
    lights: tuple[Light, ...]
    ambient: float
    sleeved: float  # share of the cards in clear sleeves
    curl_mm: float  # the most a card curls
    gloss: float  # the coat's roughness (Beckmann alpha) of unsleeved cards
    arm: bool  # a camera arm casting its shadow
    spp: int = 4
    awb_strength: float = 0.7  # how much of the light's cast auto white balance takes away
    exposure_bias: float = 1.0  # auto exposure's error (x)
    lens_sigma: float = 0.6  # px
    sharpen: float = 0.3
    jpeg_quality: int = 90
    seed: int = 1

    def to_json(self) -> dict:
        return {"rig": self.rig, "lights": [L.to_json() for L in self.lights],
                "ambient": round(self.ambient, 3), "sleeved": round(self.sleeved, 2),
                "curl_mm": round(self.curl_mm, 2), "gloss": round(self.gloss, 3), "arm": self.arm,
                "spp": self.spp, "awb_strength": round(self.awb_strength, 2),
                "exposure_bias": round(self.exposure_bias, 2), "lens_sigma": round(self.lens_sigma, 2),
                "sharpen": round(self.sharpen, 2), "jpeg_quality": self.jpeg_quality}


def random_look(rng: np.random.Generator, spp: int = 4, rig: str | None = None) -> Look:
    rig, lights, ambient = random_lights(rng, rig)
    return Look(rig=rig, lights=tuple(lights), ambient=ambient,
                sleeved=float(rng.choice([0.0, 0.0, 0.5, 1.0])),
                curl_mm=float(rng.uniform(0.5, 4.0)), gloss=float(rng.uniform(0.06, 0.2)),
                arm=bool(rng.random() < 0.7), spp=spp,
                awb_strength=float(rng.uniform(0.55, 0.85)),
                exposure_bias=float(np.exp(rng.normal(0, 0.15))),
                lens_sigma=float(rng.uniform(0.45, 0.85)), sharpen=float(rng.uniform(0.1, 0.5)),
                jpeg_quality=int(rng.integers(82, 96)), seed=int(rng.integers(0, 2**31 - 1)))


# --------------------------------------------------------------------------- textures


def _linear(bgr: np.ndarray) -> np.ndarray:
    """8-bit sRGB BGR -> linear RGB float32."""
    v = bgr[..., ::-1].astype(np.float32) / 255.0
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4).astype(np.float32)


def _unpremultiply(bgra: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(linear RGB, alpha 0..1) of a premultiplied BGRA sprite."""
    a = bgra[..., 3:4].astype(np.float32) / 255.0
    bgr = np.where(a > 0, bgra[..., :3].astype(np.float32) / np.maximum(a, 1e-3), 0.0)
    return _linear(np.clip(bgr, 0, 255).astype(np.uint8)), a[..., 0].copy()


class _Builder:
    """Collects Mitsuba shapes; textures made once per sprite."""

    def __init__(self, mi):
        self.mi = mi
        self.shapes: dict = {}
        self._n = 0

    def bitmap(self, rgb: np.ndarray) -> dict:
        return {"type": "bitmap", "bitmap": self.mi.Bitmap(np.ascontiguousarray(rgb)), "raw": True,
                "filter_type": "bilinear", "wrap_mode": "clamp"}

    def add(self, part, bsdf: dict, name: str = "shape") -> None:
        mi = self.mi
        V, UV, F = part
        mesh = mi.Mesh(f"{name}{self._n}", len(V), len(F), has_vertex_normals=False,
                       has_vertex_texcoords=True)
        p = mi.traverse(mesh)
        p["vertex_positions"] = mi.Float(np.ascontiguousarray(V, np.float32).ravel())
        p["vertex_texcoords"] = mi.Float(np.ascontiguousarray(UV, np.float32).ravel())
        p["faces"] = mi.UInt(np.ascontiguousarray(F, np.uint32).ravel())
        p.update()
        mesh.set_bsdf(mi.load_dict(bsdf))
        self.shapes[f"{name}{self._n}"] = mesh
        self._n += 1


def _coat(reflectance: dict, sleeved: bool, gloss: float) -> dict:
    """A printed card's finish: a clear sleeve is a smooth coat (mirrors a lamp), the card's own
    varnish a rough one."""
    if sleeved:
        inner = {"type": "plastic", "diffuse_reflectance": reflectance, "int_ior": 1.49}
    else:
        inner = {"type": "roughplastic", "distribution": "ggx", "alpha": gloss,
                 "diffuse_reflectance": reflectance, "int_ior": 1.5}
    return {"type": "twosided", "bsdf": inner}


def _masked(bsdf: dict, alpha: np.ndarray, b: _Builder) -> dict:
    return {"type": "mask", "opacity": b.bitmap(alpha[..., None].repeat(1, -1)), "bsdf": bsdf}


# --------------------------------------------------------------------------- the scene


@dataclass
class Built:
    """The Mitsuba scene and the 2D composition it was built from (for the truth)."""

    scene: object
    compose: object
    tokens: dict
    padded: tuple[int, int]
    extras: dict = field(default_factory=dict)


def sensor_dict(mi, cam, spp: int, pad: float = 1.09) -> tuple[dict, tuple[int, int]]:
    """A pinhole camera at the 2D camera's pose and focal length, on a film ``pad`` larger than
    the frame so the lens's barrel distortion can be applied afterwards."""
    Wp = int(math.ceil(cam.width * pad / 2)) * 2
    Hp = int(math.ceil(cam.height * pad / 2)) * 2
    M = np.eye(4)
    M[:3, 0], M[:3, 1], M[:3, 2], M[:3, 3] = -cam.R[:, 0], -cam.R[:, 1], cam.R[:, 2], cam.C
    fov = math.degrees(2 * math.atan(Wp / 2.0 / cam.f))
    return ({"type": "perspective", "fov": fov, "fov_axis": "x", "near_clip": 10.0,
             "far_clip": 10000.0, "to_world": mi.ScalarTransform4f(M.tolist()),
             "film": {"type": "hdrfilm", "width": Wp, "height": Hp, "pixel_format": "rgb",
                      "rfilter": {"type": "gaussian", "stddev": 0.45}},
             "sampler": {"type": "independent", "sample_count": int(spp)}}, (Wp, Hp))


def build_scene(mi, state, cond, look: Look, cam, hand) -> Built:
    """The Mitsuba scene of ``state`` photographed with ``cond`` (pose, hand) under ``look``."""
    rng = np.random.default_rng(cond.seed)
    mat = load_mat()
    scale = _texture_scale(cam)
    style = int(cond.table_style) % len(TABLE_STYLES)
    comp, tokens = _compose(state, rng, scale, style, cam, cond.printed_mat)
    prng = np.random.default_rng([look.seed, 11])
    b = _Builder(mi)
    m = MAT_MARGIN
    W, H = mat.size
    # The table (1 px/mm wood) a hair under the mat's sheet, and the sheet with its margin.
    tab = table_texture(style)
    ox, oy = TABLE_ORIGIN
    th, tw = tab.shape[:2]
    b.add(meshes.quad([(ox, oy, 0.3), (ox + tw, oy, 0.3), (ox + tw, oy + th, 0.3), (ox, oy + th, 0.3)]),
          {"type": "roughplastic", "alpha": 0.25, "diffuse_reflectance": b.bitmap(_linear(tab))}, "table")
    sheet = mat_texture(scale, style, cond.printed_mat)
    b.add(meshes.quad([(-m, -m, 0.0), (W + m, -m, 0.0), (W + m, H + m, 0.0), (-m, H + m, 0.0)]),
          {"type": "diffuse", "reflectance": b.bitmap(_linear(sheet))}, "mat")
    # Decks: stacks of cards with the game's backs (level 1 green, 2 yellow, 3 blue).
    edge = np.full((8, 64, 3), 0.0, np.float32)
    stripes = 0.55 + 0.15 * (np.arange(8)[:, None] % 2)
    edge[...] = stripes[..., None]
    for kind, what, centre, ang, extra in comp.placed:
        if kind == "deck":
            top_z = -extra * CARD_THICKNESS
            rgb, alpha = _unpremultiply(deck_sprite(what, CARD_TEX))
            b.add(meshes.sheet(centre, ang, CARD_W, CARD_H, top_z, curl=0.6, dome=True),
                  _masked(_coat(b.bitmap(rgb), False, look.gloss), alpha, b), "deck")
            b.add(meshes.box_sides(np.asarray(centre), ang, CARD_W - 1.0, CARD_H - 1.0, 0.0, top_z + 0.3),
                  {"type": "twosided", "bsdf": {"type": "diffuse", "reflectance": b.bitmap(edge)}}, "deckside")
        elif kind in ("card", "noble"):
            tagged = extra[0]
            if kind == "card":
                spr, _ = card_sprite(what, scale, tagged)
                w, h, z = CARD_W, CARD_H, -CARD_THICKNESS
            else:
                spr, _ = noble_sprite(what, scale, tagged)
                w = h = NOBLE_SIDE
                z = -NOBLE_THICKNESS
            rgb, alpha = _unpremultiply(spr)
            sleeved = kind == "card" and prng.random() < look.sleeved
            curl = float(prng.uniform(0, look.curl_mm)) if kind == "card" else 0.0
            part = meshes.sheet(centre, ang, w, h, z, curl=curl, curl_axis=int(prng.integers(0, 2)),
                                dome=bool(prng.random() < 0.3))
            b.add(part, _masked(_coat(b.bitmap(rgb), sleeved, look.gloss), alpha, b), kind)
            if kind == "noble":
                b.add(meshes.box_sides(np.asarray(centre), ang, w - 1.0, h - 1.0, 0.0, z),
                      {"type": "twosided", "bsdf": {"type": "diffuse", "reflectance": {"type": "rgb", "value": [0.35, 0.3, 0.25]}}}, "nobleside")
        elif kind == "token":
            r = mat.token_diameter / 2.0
            rgb, alpha = _unpremultiply(token_sprite(what, CARD_TEX, mat.token_diameter))
            chip = {"type": "twosided", "bsdf": {"type": "roughplastic", "alpha": 0.3,
                                                  "diffuse_reflectance": b.bitmap(rgb)}}
            b.add(meshes.disc(centre, ang, r, -TOKEN_THICKNESS), chip, "chip")
            body = np.array(TOKEN_BGR[what][0][::-1], np.float32)[None, None] * 0.85
            b.add(meshes.rim(centre, r, 0.0, -TOKEN_THICKNESS),
                  {"type": "twosided", "bsdf": {"type": "roughplastic", "alpha": 0.3,
                                                "diffuse_reflectance": b.bitmap(_linear(body.astype(np.uint8)[..., ::-1]))}}, "rim")
        elif kind == "foreign":
            spr, _ = sticker(what, "", scale, False, extra)
            rgb, alpha = _unpremultiply(premultiplied(spr))
            h, w = rgb.shape[:2]
            part = meshes.sheet(centre, ang, w / scale, h / scale, -0.1, n=2)
            b.add(part, _masked({"type": "twosided", "bsdf": {"type": "diffuse", "reflectance": b.bitmap(rgb)}}, alpha, b), "foreign")
    if hand is not None:
        spr, A_sl = hand_sprite(hand)
        A_lw = hand_world_transform(hand)
        A_ls = np.vstack([A_sl, [0, 0, 1]])

        def to_world(px):
            local = np.column_stack([px, np.ones(len(px))]) @ A_ls.T
            return local[:, :2] @ A_lw[:, :2].T + A_lw[:, 2]

        rgb, alpha = _unpremultiply(premultiplied(spr))
        part = meshes.cutout(spr[..., 3], to_world, -hand.height_mm)
        b.add(part, _masked({"type": "twosided", "bsdf": {"type": "diffuse", "reflectance": b.bitmap(rgb)}}, alpha, b), "hand")
    if look.arm:
        # A pole beyond the mat's top edge and an arm over to the camera, above it.
        px = float(prng.uniform(200, 600))
        top = cam.C[2] - 40.0
        pole = (px, -260.0)
        for part in (meshes.box_sides(np.array(pole), 0.0, 25.0, 25.0, 0.0, top),
                     meshes.box_sides(np.array([(pole[0] + cam.C[0]) / 2, (pole[1] + cam.C[1]) / 2]),
                                      math.degrees(math.atan2(cam.C[1] - pole[1], cam.C[0] - pole[0])),
                                      float(np.hypot(cam.C[0] - pole[0], cam.C[1] - pole[1])) + 40.0, 25.0,
                                      top + 25.0, top)):
            b.add(part, {"type": "twosided", "bsdf": {"type": "diffuse", "reflectance": {"type": "rgb", "value": [0.05, 0.05, 0.05]}}}, "arm")
        arm_top = meshes.quad([(cam.C[0] - 40, cam.C[1] - 30, top), (cam.C[0] + 40, cam.C[1] - 30, top),
                               (cam.C[0] + 40, cam.C[1] + 30, top), (cam.C[0] - 40, cam.C[1] + 30, top)])
        b.add(arm_top, {"type": "twosided", "bsdf": {"type": "diffuse", "reflectance": {"type": "rgb", "value": [0.05, 0.05, 0.05]}}}, "camera")
    sensor, padded = sensor_dict(mi, cam, look.spp)
    scene = {"type": "scene", "integrator": {"type": "direct", "emitter_samples": 1, "bsdf_samples": 1},
             "sensor": sensor, **b.shapes, **emitters(mi, list(look.lights), look.ambient)}
    return Built(mi.load_dict(scene), comp, tokens, padded)
