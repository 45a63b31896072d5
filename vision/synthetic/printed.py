"""The mat as the project prints it (``print-mat``), for the renderer.

The shared samples show a mat with a colour dot beside each lane and "I/II/III" and "SCAN"
beside the decks and in the scan zone; the renderer draws that one by default. What a player
lays on the table is the mat ``print-mat`` makes: a label inside every slot and the colour's
name above each lane, in faint grey. Rendered from the very PDF, so what the camera sees in
a measurement is what is printed.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from vision.mat import load_mat

MM_PER_PT = 25.4 / 72


@lru_cache(maxsize=4)
def printed_ink(scale: float) -> np.ndarray:
    """float32 (rows, cols) at ``scale`` px/mm over the mat: the print's grey minus the mat's
    own, 0 on bare mat and under the markers (the renderer draws those itself, to the sub-pixel).

    Pixel i covers mat mm [i, i + 1) / scale (the PDF's convention): half a pixel off the
    renderer's centre convention, 0.06-0.14 mm at its texture scales, which no measurement
    here can see.
    """
    import pypdfium2 as pdfium

    from vision.printing import build_mat_pdf

    mat = load_mat()
    doc = pdfium.PdfDocument(bytes(build_mat_pdf(mat).output()))
    try:
        page = doc[0]
        bitmap = page.render(scale=scale * MM_PER_PT, grayscale=True)
        grey = np.array(bitmap.to_numpy(), np.float32, copy=True)
        page.close()
    finally:
        doc.close()
    if grey.ndim == 3:
        grey = grey[..., 0]
    ink = grey - float(mat.background_rgb[0])
    for x, y in mat.marker_corners.values():
        b = mat.marker_border + 1.0  # and a millimetre round the white paper
        x0, y0 = int((x - b) * scale), int((y - b) * scale)
        x1 = int(np.ceil((x + mat.marker_size + b) * scale))
        y1 = int(np.ceil((y + mat.marker_size + b) * scale))
        ink[max(0, y0):y1, max(0, x0):x1] = 0.0
    ink.setflags(write=False)
    return ink
