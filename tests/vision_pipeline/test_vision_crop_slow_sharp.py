"""``crop_slow_variants`` (issue 32, less CPU): pyzbar (the slow decoder) tries one crop of a
slot or a spot, the 4.5 px/mm one, not every sharpened crop (3-7 ms each). On 326 tune frames
and eval-9700 it read nothing but two foreign stickers in busy frames' spots, both in that
crop. Here: one of them, and a frame where pyzbar on every crop read tags."""
from __future__ import annotations

from pathlib import Path

import cv2

from vision.config import DEFAULT_CONFIG
from vision.pipeline import analyse
from vision.stages.codes import read_slot_crops
from vision.stages.lens import Lens

from .helpers import saved_patch

DATA = Path(__file__).parent / "data"
# A slot the matcher may have never reaches pyzbar (test_vision_match_last.py): matched last.
FAST = DEFAULT_CONFIG.with_(stage_threads=0, match_after_crops=None)
EVERY = FAST.with_(crop_slow_variants=FAST.crop_variants)

# A busy frame's spot by the mat's edge (tune seed 4343 frame 6): the full frame's pixels about
# it, as grey, and the mat's place in them (the mat upside down in that frame).
SPOT = "physical-spot-foreign-sticker.png"
SPOT_H = [[-2.8864767108782483, 0.13027721906929285, 145.04326362554934],
          [-0.12420738029629143, -2.714376294208621, 780.3723809907408],
          [0.00020537379171896915, 3.5322838151365835e-05, 0.9999999999999999]]
SPOT_LENS = Lens(-939.0, 138.0, 1843.5853774552902, -0.03720025489046781)
SPOT_RECT = (-4.0, 226.0, 51.0, 50.0)


def _result(reading) -> dict:
    result = dict(reading.result)
    result.pop("ms")
    return result


def test_a_foreign_sticker_only_pyzbar_reads_is_read_in_its_one_crop():
    frame, loc = saved_patch(SPOT, SPOT_H, SPOT_LENS, DEFAULT_CONFIG)
    read = read_slot_crops(frame, loc, {"spot.0": SPOT_RECT}, FAST)
    assert [(c.text, c.decoder) for c in read] == [("http://example.com", "pyzbar")]
    # Not in the first sharpened crop (4 px/mm): pyzbar tried there would miss it.
    frame.crops = {}
    first = FAST.with_(crop_slow_variants=FAST.crop_variants[:1])
    assert read_slot_crops(frame, loc, {"spot.0": SPOT_RECT}, first) == []


def test_a_frame_pyzbar_read_tags_in_is_read_the_same():
    # The plain path (every crop, pyzbar on each sharpened one, the matcher last) read two tags
    # here with pyzbar; the quick one reads them otherwise (the matcher, or pyzbar's one crop).
    image = cv2.imread(str(DATA / "physical-lamp-and-window.jpg"))
    quick = analyse(image, DEFAULT_CONFIG.with_(stage_threads=0))
    every = analyse(image, EVERY)
    assert any(c.decoder == "pyzbar" for c in every.codes), "pyzbar no longer reads a tag here"
    assert _result(quick) == _result(every)
