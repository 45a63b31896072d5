"""The slot-crop chain (vision/stages/codes.py): the fast decoders look at every crop of a slot
before pyzbar (ten times slower) looks at any, so a tag is read by pyzbar only when no fast
decoder reads it in any crop. A physically based frame (workbench.physical, a lamp beside a
window, halved): on the earlier chain (each crop with every decoder in turn) pyzbar read six of
its tags at the first crop that zxing read in a later one."""
from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from vision.config import DEFAULT_CONFIG
from vision.pipeline import analyse
from vision.stages.codes import fast_decoders, slot_crop, slot_of
from vision.mat import load_mat
from vision.tags import decode


@pytest.fixture(scope="module")
def reading():
    img = cv2.imread(str(Path(__file__).parent / "data" / "physical-lamp-and-window.jpg"))
    assert img is not None
    return analyse(img)


def test_pyzbar_reads_only_what_no_fast_decoder_reads_in_any_crop(reading):
    cfg = DEFAULT_CONFIG
    mat = load_mat()
    slots = mat.slots()
    tries = [(f, 0.0, m) for f, m in cfg.crop_smooth_variants]
    tries += [(f, a, 0.0) for f, a in cfg.crop_variants]
    by_pyzbar = [c for c in reading.codes if c.decoder == "pyzbar"]
    for code in by_pyzbar:
        path = slot_of(reading.location.to_mat([code.centre])[0], mat, cfg)
        assert path is not None
        for px_per_mm, sharpen, smooth in tries:
            crop, _ = slot_crop(reading.frame, reading.location, slots[path], px_per_mm,
                                sharpen, cfg, smooth)
            for name in fast_decoders(cfg):
                assert code.text not in [c.text for c in decode(crop, name)], (
                    f"{code.text} in {path}: {name} reads it at {px_per_mm} px/mm, yet "
                    "pyzbar was asked")


def test_the_frame_is_still_read_whole_and_mostly_by_the_fast_decoders(reading):
    result = reading.result
    assert result["mat"] and not result["busy"]
    read = [c for c in reading.codes if c.text.startswith("SPL:")]
    assert len({c.text for c in read}) == len(result["tags"]) >= 12
    assert sum(c.decoder == "pyzbar" for c in read) <= 2
