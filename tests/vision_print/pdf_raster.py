"""Rasterize the printed PDFs and measure them: page size, ArUco markers."""
from __future__ import annotations

import numpy as np

MM_PER_INCH = 25.4


class Raster:
    """A rendered PDF page and the scale it was rendered at."""

    def __init__(self, image: np.ndarray, dpi: float, size_mm: tuple[float, float]):
        self.image = image          # RGB (or grey) uint8, rows = y
        self.dpi = dpi
        self.size_mm = size_mm      # page size from the PDF itself

    def px(self, mm: float) -> float:
        """A length on paper in pixels (pixel edges at whole numbers)."""
        return mm * self.dpi / MM_PER_INCH

    def mm(self, px: float) -> float:
        return px * MM_PER_INCH / self.dpi


def rasterize(path, dpi: float, grey: bool = False) -> list[Raster]:
    """Every page of a PDF rendered at ``dpi`` with PDFium, plus its size in mm."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        pages = []
        for page in doc:
            w_pt, h_pt = page.get_size()
            bitmap = page.render(scale=dpi / 72, grayscale=grey, rev_byteorder=not grey)  # RGB order
            image = np.array(bitmap.to_numpy(), copy=True)
            if image.ndim == 3:
                image = image[:, :, :3]
            size_mm = (w_pt / 72 * MM_PER_INCH, h_pt / 72 * MM_PER_INCH)
            pages.append(Raster(np.ascontiguousarray(image), dpi, size_mm))
            page.close()
        return pages
    finally:
        doc.close()


def text_in_rects(path, rects: dict) -> dict:
    """The text printed inside each rectangle (name -> (x, y, w, h) mm from the top-left) of the
    PDF's first page, its runs of white space made one space."""
    import pypdfium2 as pdfium

    pt = 72 / MM_PER_INCH
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[0]
        height = page.get_size()[1]
        text = page.get_textpage()
        out = {}
        for name, (x, y, w, h) in rects.items():
            out[name] = " ".join(text.get_text_bounded(
                left=x * pt, bottom=height - (y + h) * pt, right=(x + w) * pt,
                top=height - y * pt).split())
        text.close()
        page.close()
        return out
    finally:
        doc.close()


def find_markers(image: np.ndarray) -> dict[int, np.ndarray]:
    """ArUco DICT_4X4_50 markers in an image: id -> 4 corners (TL, TR, BR, BL) in pixel-edge coordinates."""
    import cv2

    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)
    corners, ids, _ = detector.detectMarkers(grey)
    found: dict[int, np.ndarray] = {}
    if ids is None:
        return found
    for quad, marker_id in zip(corners, ids.ravel()):
        assert int(marker_id) not in found, f"marker {marker_id} found twice"
        # OpenCV puts pixel centres at whole numbers; PDF geometry has pixel edges there.
        found[int(marker_id)] = quad.reshape(4, 2).astype(float) + 0.5
    return found


def side_lengths(quad: np.ndarray) -> list[float]:
    return [float(np.linalg.norm(quad[i] - quad[(i + 1) % 4])) for i in range(4)]
