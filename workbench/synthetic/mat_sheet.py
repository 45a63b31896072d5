"""The mat sheet on the table, for the renderer: as in the shared samples, or as the project
prints it (``print-mat``).

The shared samples show a mat with a colour dot beside each lane and "I/II/III" and "SCAN"
beside the decks and in the scan zone; the renderer draws that one by default. What a player
lays on the table is the mat ``print-mat`` makes: a label in every slot and the colour's name
over each lane, in faint grey. That one is rendered from the very PDF, so what the camera sees
in a measurement is what is printed.
"""
from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.mat import load_mat
from workbench.synthetic.sprites import (
    GEM_BGR,
    TABLE_ORIGIN,
    _circle,
    _fill_poly,
    _line,
    _pts,
    _rrect_pts,
    _text,
    draw_qr,
    table_texture,
)

MM_PER_PT = 25.4 / 72
MAT_MARGIN = 60.0  # mm of table kept around the mat in the high-resolution texture
LINE_GREY = 108  # printed slot outlines: low contrast on the 128 grey


@lru_cache(maxsize=8)  # 20-30 MB each at 3.5-4.5 px/mm (130 MB at 8): 4 tables x 2 common scales
def mat_texture(scale: float, style: int, printed: str = "") -> np.ndarray:
    """The printed mat on the table at ``scale`` px/mm, with ``MAT_MARGIN`` of table around it.
    Texture px (centre convention) u = (x_mm + MAT_MARGIN) * scale. ``printed``: the mat as
    ``print-mat`` prints it in that language (:func:`printed_ink`); "": as in the shared
    samples."""
    mat = load_mat()
    W, H = mat.size
    m = MAT_MARGIN
    tw, th = int(round((W + 2 * m) * scale)), int(round((H + 2 * m) * scale))
    # Table around the mat, resampled from the 1 px/mm table so the two layers join seamlessly.
    tab = table_texture(style)
    ox, oy = TABLE_ORIGIN
    M = np.array([[1 / scale, 0, -m - ox], [0, 1 / scale, -m - oy]], np.float64)
    img = cv2.warpAffine(tab, M, (tw, th), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REFLECT)
    # The mat sheet's shadow on the table, then the sheet itself.
    mask = np.zeros((th, tw), np.uint8)
    _fill_poly(mask, [(m, m), (m + W, m), (m + W, m + H), (m, m + H)], 255, scale)
    sh = cv2.GaussianBlur(np.roll(mask, (int(1.5 * scale), int(1.5 * scale)), (0, 1)), (0, 0), 2.0 * scale)
    # Grey sheet with a faint blotchy and grainy print.
    grey = float(mat.background_rgb[0])
    rng = np.random.default_rng(77)
    sheet = cv2.resize(rng.normal(0, 1.5, (24, 40)).astype(np.float32), (tw, th), interpolation=cv2.INTER_CUBIC)
    fine = np.empty((th, tw), np.float32)
    cv2.setRNGSeed(77)
    cv2.randn(fine, 0.0, 1.2)
    sheet += fine
    sheet += grey
    del fine
    if printed:
        ink = printed_ink(scale, printed)
        o = int(round(m * scale))
        rows, cols = min(ink.shape[0], th - o), min(ink.shape[1], tw - o)
        sheet[o:o + rows, o:o + cols] += ink[:rows, :cols]
    # Shadow and sheet composited in float32 a band of rows at a time: whole-texture float
    # copies of three channels took the first still's memory to 700 MB.
    for y in range(0, th, 256):
        rows = slice(y, y + 256)
        shf = (1.0 - (0.35 / 255.0) * sh[rows].astype(np.float32))[..., None]
        a = (mask[rows].astype(np.float32) * (1.0 / 255.0))[..., None]
        band = sheet[rows][..., None] * a + (img[rows].astype(np.float32) * shf) * (1.0 - a)
        img[rows] = np.clip(band, 0, 255).astype(np.uint8)
    del sheet
    if not printed:
        _sample_marks(img, mat, scale)
    # ArUco markers on their white squares, exact to the sub-pixel.
    aruco = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, mat.marker_dictionary))
    b = mat.marker_border
    s = mat.marker_size
    for mid, (x, y) in mat.marker_corners.items():
        _fill_poly(img, [(x + m - b, y + m - b), (x + m + s + b, y + m - b), (x + m + s + b, y + m + s + b), (x + m - b, y + m + s + b)], (245, 245, 245), scale)
        bits = cv2.aruco.generateImageMarker(aruco, mid, 6) < 128
        draw_qr(img, bits.astype(np.uint8), x + m, y + m, s, scale, colour=(18, 18, 18))
    img.setflags(write=False)
    return img


def _sample_marks(img: np.ndarray, mat, scale: float) -> None:
    """The slot outlines and marks of the shared samples' mat: a colour dot beside each lane,
    "I/II/III" beside the decks, "SCAN" in the scan zone."""
    m = MAT_MARGIN
    line = (LINE_GREY, LINE_GREY, LINE_GREY)

    def rect(r, pad=0.0, width=0.6):
        x, y, w, h = r
        pts = _rrect_pts(x + m - pad, y + m - pad, w + 2 * pad, h + 2 * pad, 2.0)
        cv2.polylines(img, [_pts(pts, scale).reshape(-1, 1, 2)], True, line, max(1, int(round(width * scale))), cv2.LINE_AA, 4)

    for r in mat.nobles:
        rect(r)
    for level, r in mat.decks.items():
        rect(r)
        _text(img, "I" * level, (r[0] + m - 9, r[1] + m + r[3] / 2), 4.0, line, scale, bold=1.5)
    for slots in mat.market.values():
        for r in slots:
            rect(r)
    sx, sy, sw, shh = mat.scan
    rect(mat.scan)
    _text(img, "SCAN", (sx + m + sw / 2, sy + m + shh / 2), 4.0, line, scale, bold=1.5)
    d = mat.token_diameter
    for colour, r in mat.bank.items():
        x, y, w, h = r
        rect(r, width=0.5)
        for k in range(1, mat.lane_capacity[colour]):
            xx = x + m + k * (d + 1.0)
            _line(img, (xx, y + m), (xx, y + m + 3), line, 0.5, scale)
            _line(img, (xx, y + m + h - 3), (xx, y + m + h), line, 0.5, scale)
        _circle(img, (x + m - 8, y + m + h / 2), 2.2, GEM_BGR[colour], scale)


@lru_cache(maxsize=4)
def printed_ink(scale: float, language: str = "en") -> np.ndarray:
    """float32 (rows, cols) at ``scale`` px/mm over the mat: the print's grey minus the mat's
    own, 0 on bare mat and under the markers (the renderer draws those itself, to the sub-pixel).
    ``language``: of the labels ("en", "pl", "ko"; ``print-mat --language``).

    Pixel i covers mat mm [i, i + 1) / scale (the PDF's convention): half a pixel off the
    renderer's centre convention, 0.06-0.14 mm at its texture scales, which no measurement
    here can see.
    """
    import pypdfium2 as pdfium

    from companion.i18n.print_words import print_words
    from vision.printing import build_mat_pdf

    mat = load_mat()
    doc = pdfium.PdfDocument(bytes(build_mat_pdf(mat, words=print_words(language)).output()))
    try:
        page = doc[0]
        bitmap = page.render(scale=scale * MM_PER_PT, grayscale=True)
        grey = np.array(bitmap.to_numpy(), np.float32, copy=True)
        bitmap.close()  # (else PDFium's objects are closed, with a warning, at exit)
        page.close()
    finally:
        doc.close()
    if grey.ndim == 3:
        grey = grey[..., 0]
    ink = grey - float(mat.background_rgb[0])
    for mid in mat.marker_corners:
        x, y, w, h = mat.marker_paper_rect(mid)
        x, y, w, h = x - 1.0, y - 1.0, w + 2.0, h + 2.0  # and a millimetre round the paper
        x0, y0 = int(x * scale), int(y * scale)
        x1, y1 = int(np.ceil((x + w) * scale)), int(np.ceil((y + h) * scale))
        ink[max(0, y0):y1, max(0, x0):x1] = 0.0
    ink.setflags(write=False)
    return ink
