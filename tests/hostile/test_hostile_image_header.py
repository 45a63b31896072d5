"""The image size read from the header matches what OpenCV decodes, for every format read."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.image_file import ImageRefused, MAX_PIXELS, check_image, decode_image, image_size

from .builders import jpeg_header, png_bomb


@pytest.mark.parametrize("ext, fmt", [(".png", "PNG"), (".jpg", "JPEG"), (".bmp", "BMP"),
                                      (".webp", "WebP"), (".tiff", "TIFF"), (".ppm", "PNM"),
                                      (".pgm", "PNM")])
def test_header_size_matches_the_decoded_image(ext, fmt):
    image = np.zeros((301, 517, 3), np.uint8)
    cv2.circle(image, (150, 150), 80, (0, 200, 255), -1)
    if ext == ".pgm":
        image = image[:, :, 0]
    ok, data = cv2.imencode(ext, image)
    assert ok
    assert image_size(data.tobytes()) == (fmt, (517, 301))
    decoded = decode_image(data.tobytes(), f"x{ext}")
    assert decoded.shape[:2] == (301, 517)


def test_a_progressive_jpeg_is_read():
    image = np.full((400, 640, 3), 90, np.uint8)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])
    assert image_size(data.tobytes()) == ("JPEG", (640, 400))


@pytest.mark.parametrize("data, words", [
    (png_bomb(7072, 7072, rows=1), "megapixels"),   # 50.01 MP: just over the cap
    (jpeg_header(100, 100), "too small"),
    (png_bomb(0, 100, rows=0), "damaged"),
    (b"\x89PNG\r\n\x1a\n", "size can't be read"),
    (b"\xff\xd8\xff\xe0\x00\x10", "size can't be read"),
    (b"RIFF\x00\x00\x00\x00WEBPVP8Z", "size can't be read"),
])
def test_refused_from_the_header(data, words):
    from companion.i18n.files import english
    with pytest.raises(ImageRefused) as refused:
        check_image(data, "x")
    assert words in english(refused.value)


def test_the_cap_itself_is_admitted():
    assert check_image(png_bomb(7071, 7071, rows=1), "x") == (7071, 7071)
    assert 7071 * 7071 <= MAX_PIXELS < 7072 * 7072
