"""A lean still of the table for people to look at (the demo's camera view).

:func:`render_preview` draws the same scene as :func:`vision.synthetic.render_table` (the mat,
cards, nobles, decks and tokens seen through the default camera, light and sensor noise) at
the size it is shown at, with the mat's sprites at a low resolution (``PREVIEW_SCALE`` px/mm
instead of 3.5-8), no hand, no JPEG round trip and no truth. A still at full detail
(2304 x 1296, or 1152 x 648 for the demo before) took the demo from about 254 MB to over
400 MB while it was drawn; this one is meant to fit in a few tens of MB. Not for the vision
tests: their stills need the full detail (readable QR stickers).
"""

from __future__ import annotations

import numpy as np

from vision.synthetic.scene import Conditions, TableState, _camera

#: Texture px per mm of the preview's mat: a 63 mm card is 126 px wide before the camera
#: shrinks it, enough for a picture a few hundred pixels across.
PREVIEW_SCALE = 2.0
#: The largest preview drawn (the camera's 16:9 frame).
MAX_SIZE = (1152, 648)


def preview_size(box: tuple[float, float]) -> tuple[int, int]:
    """The 16:9 size (even pixels) that fills a ``box`` (width, height) shown on screen."""
    bw, bh = max(32.0, float(box[0])), max(18.0, float(box[1]))
    w = min(bw, bh * 16 / 9, MAX_SIZE[0])
    w = int(w) // 16 * 16 or 32
    return w, w * 9 // 16


def render_preview(state: TableState, size: tuple[int, int] = (768, 432), seed: int = 1,
                   table_style: int = 0) -> np.ndarray:
    """A BGR uint8 photo of ``state`` at ``size`` (width, height), drawn lean (see module)."""
    import cv2

    from vision.synthetic.compose import _compose, _degrade, _maps
    from vision.synthetic.sprites import table_texture

    cond = Conditions(width=int(size[0]), height=int(size[1]), seed=seed,
                      table_style=table_style, jpeg_quality=None)
    rng = np.random.default_rng(cond.seed)
    cam = _camera(cond)
    style = int(cond.table_style) % 4
    scene, _tokens = _compose(state, rng, PREVIEW_SCALE, style, cam)
    hi, lo = _maps(cam, PREVIEW_SCALE)
    img = cv2.remap(table_texture(style), lo[0], lo[1], cv2.INTER_LINEAR,
                    borderMode=cv2.BORDER_REFLECT)
    cv2.remap(scene.tex, hi[0], hi[1], cv2.INTER_LINEAR, dst=img,
              borderMode=cv2.BORDER_TRANSPARENT)
    del scene, hi, lo
    img, _info = _degrade(img, cond, rng)
    return img
