"""A lean still of the table for people to look at (the demo's camera view).

:func:`render_preview` draws the same scene as :func:`workbench.synthetic.render_table` (the mat,
cards, nobles, decks and tokens seen through the default camera, light and sensor noise) at
the size it is shown at, with the mat's sprites at a low resolution (1-2 px/mm instead of
3.5-8, :func:`preview_scale`), no hand, no JPEG round trip and no truth. A still at full detail
(2304 x 1296, or 1152 x 648 for the demo before) took the demo from about 254 MB to over
400 MB while it was drawn; this one is meant to fit in a few tens of MB. Not for the vision
tests: their stills need the full detail (readable QR stickers).
"""

from __future__ import annotations

import numpy as np

from workbench.synthetic.scene import Conditions, TableState, _camera

#: Texture px per mm the preview's mat may be drawn at (``_texture_scale`` draws 3.5-8 for
#: readable stickers): the smallest a little above the picture's own px per mm is used.
PREVIEW_SCALES = (1.0, 1.5, 2.0, 3.5)


def preview_scale(cam) -> float:
    """Texture px per mm for a preview through ``cam``: 15 % above its finest px per mm."""
    from vision.mat import load_mat
    W, H = load_mat().size
    pts = np.array([[x, y] for x in (0, W / 2, W) for y in (0, H / 2, H)], float)
    need = 1.15 * float(cam.px_per_mm(pts).max())
    return next((s for s in PREVIEW_SCALES if s >= need), PREVIEW_SCALES[-1])


def render_preview(state: TableState, size: tuple[int, int] = (768, 432), seed: int = 1,
                   table_style: int = 0) -> np.ndarray:
    """A BGR uint8 photo of ``state`` at ``size`` (width, height), drawn lean (see module)."""
    import cv2

    from workbench.synthetic.compose import _compose, _degrade, _maps
    from workbench.synthetic.sprites import table_texture

    cond = Conditions(width=int(size[0]), height=int(size[1]), seed=seed,
                      table_style=table_style, jpeg_quality=None)
    rng = np.random.default_rng(cond.seed)
    cam = _camera(cond)
    style = int(cond.table_style) % 4
    scale = preview_scale(cam)
    scene, _tokens = _compose(state, rng, scale, style, cam)
    hi, lo = _maps(cam, scale)
    img = cv2.remap(table_texture(style), lo[0], lo[1], cv2.INTER_LINEAR,
                    borderMode=cv2.BORDER_REFLECT)
    cv2.remap(scene.tex, hi[0], hi[1], cv2.INTER_LINEAR, dst=img,
              borderMode=cv2.BORDER_TRANSPARENT)
    del scene, hi, lo
    img, _info = _degrade(img, cond, rng)
    return img


def _peak_kb() -> int:
    """This process's own peak resident memory in kB (VmHWM; getrusage would count the app's
    memory too, as the process started as its copy), or 0 where unknown."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            return next((int(line.split()[1]) for line in f if line.startswith("VmHWM:")), 0)
    except (OSError, ValueError):
        return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m workbench.synthetic.preview WIDTH HEIGHT`` < table state JSON > picture.

    The state is a :class:`TableState`'s fields as JSON on stdin; the picture goes to stdout
    as a line ``WIDTH HEIGHT PEAK_KB`` (PEAK_KB: this process's peak memory) and then its
    RGB bytes, bottom row first (a texture's order).
    The demo's camera view runs it in a process of its own: OpenCV, NumPy and the renderer's
    memory come and go with it, instead of staying in the app (see ``workbench.demo``).
    Exit 2 with one sentence on stderr when the input can't be used.
    """
    import json
    import sys

    args = sys.argv[1:] if argv is None else argv
    try:
        width, height = (int(a) for a in args)
        state = TableState(**json.load(sys.stdin))
        img = render_preview(state, (width, height))
    except (ValueError, TypeError) as err:
        print(f"The table can't be drawn: {err}", file=sys.stderr)
        return 2
    rgb = np.ascontiguousarray(img[::-1, :, ::-1])
    out = sys.stdout.buffer
    out.write(f"{rgb.shape[1]} {rgb.shape[0]} {_peak_kb()}\n".encode())
    out.write(rgb.tobytes())
    out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
