"""``crop_zxing_extra_passes`` (issue 32, less CPU): zxing-cpp on a slot crop no longer also
tries the inverted crop and smaller copies of it. Real frames read as with those passes, and
each zxing decoder keeps its own binarizer (the option only drops passes)."""
from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from vision.config import DEFAULT_CONFIG
from vision.pipeline import analyse
from vision.tags import decode
from vision.printing import qr_matrix

DATA = Path(__file__).parent / "data"
FAST = DEFAULT_CONFIG.with_(stage_threads=0, crop_zxing_extra_passes=False)
PLAIN = FAST.with_(crop_zxing_extra_passes=True)


def _result(reading) -> dict:
    result = dict(reading.result)
    result.pop("ms")
    return result


@pytest.mark.parametrize("name", ["physical-lamp-and-window.jpg",
                                  "physical-finger-shadow-by-lane.jpg",
                                  "physical-arm-shadow-over-cards.jpg"])
def test_crops_without_zxing_extra_passes_read_the_frame_as_with_them(name):
    image = cv2.imread(str(DATA / name))
    fast, plain = analyse(image, FAST), analyse(image, PLAIN)
    assert _result(fast) == _result(plain)
    assert {c.text for c in fast.codes} == {c.text for c in plain.codes}


@pytest.mark.parametrize("decoder", ["zxing", "zxing-histogram"])
def test_a_tag_in_a_crop_is_read_alike_with_or_without_the_extra_passes(decoder):
    import numpy as np
    modules = np.array(qr_matrix("SPL:1K06"), bool)
    code = np.where(modules, 0, 255).astype(np.uint8)
    crop = np.pad(cv2.resize(code, None, fx=6, fy=6, interpolation=cv2.INTER_NEAREST), 40,
                  constant_values=255)
    fast, plain = decode(crop, decoder, extra_passes=False), decode(crop, decoder)
    assert [c.text for c in fast] == [c.text for c in plain] == ["SPL:1K06"]
    assert fast == plain and fast[0].decoder == decoder
