"""``crop_zxing_extra_passes`` (issue 32, less CPU): zxing-cpp on a slot crop no longer also
tries the inverted crop and smaller copies of it. Each zxing decoder keeps its own binarizer
(the option only drops passes); that real frames read as with those passes is checked in
test_vision_crop_reuse.py."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.printing import qr_matrix
from vision.tags import decode


@pytest.mark.parametrize("decoder", ["zxing", "zxing-histogram"])
def test_a_tag_in_a_crop_is_read_alike_with_or_without_the_extra_passes(decoder):
    modules = np.array(qr_matrix("SPL:1K06"), bool)
    code = np.where(modules, 0, 255).astype(np.uint8)
    crop = np.pad(cv2.resize(code, None, fx=6, fy=6, interpolation=cv2.INTER_NEAREST), 40,
                  constant_values=255)
    fast, plain = decode(crop, decoder, extra_passes=False), decode(crop, decoder)
    assert [c.text for c in fast] == [c.text for c in plain] == ["SPL:1K06"]
    assert fast == plain and fast[0].decoder == decoder
