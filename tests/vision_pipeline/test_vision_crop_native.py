"""A slot the whole frame missed is first tried in the frame's own pixels around it
(``crop_native_smooth_mm``, vision/stages/codes.py: no warp, smoothed and evened out), before
any warped crop. It reads tags the warped crops and the matcher had to work for, a third of
the time a warped crop takes; it never reports a foreign code (a warped crop still looks for
one), and what it reads is what the other ways read."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.vision_pipeline.helpers import paste_sticker
from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.pipeline import analyse
from vision.stages.codes import _read_native, native_crop, read_slot_crops
from vision.stages.locate import prepare
from vision.tags import decode

DATA = Path(__file__).parent / "data"
ON = DEFAULT_CONFIG.with_(stage_threads=0)
OFF = ON.with_(crop_native_smooth_mm=None)
FAST = ("zxing", "zxing-histogram")


def _decoder(reading, path: str) -> str | None:
    ident = reading.tags.slots.get(path)
    found = [c.decoder for c in reading.codes if ident and c.text == f"SPL:{ident}"]
    return found[0] if found else None


def test_a_tag_only_the_matcher_read_is_decoded_in_the_frames_own_pixels():
    # Lamp and window (physically based): market.3.3's card 3W01. No warped crop's decoders
    # read it; the matcher did, after them. Its own pixels, evened out, decode.
    image = cv2.imread(str(DATA / "physical-lamp-and-window.jpg"))
    on, off = analyse(image, ON), analyse(image, OFF)
    assert off.tags.slots["market.3.3"] == on.tags.slots["market.3.3"] == "3W01"
    assert _decoder(off, "market.3.3") == "match"
    assert _decoder(on, "market.3.3") == "zxing"


def test_under_a_hand_a_noble_the_quick_look_missed_is_read():
    # A thumb between the decks: the frame is busy, its slots get one quick look. The noble in
    # nobles.2 (N01: four red, four black, as its tile shows) was unread; its own pixels read.
    image = cv2.imread(str(DATA / "physical-thumb-between-decks.jpg"))
    on, off = analyse(image, ON), analyse(image, OFF)
    assert on.result["busy"] and off.result["busy"]
    assert "nobles.2" not in off.tags.slots
    assert on.tags.slots["nobles.2"] == "N01"
    assert on.result["nobles"][2] == "N01"


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("physical-*.jpg")
                                        if "overview" not in p.name and "3ppmm" not in p.name))
def test_what_the_frames_own_pixels_read_is_what_the_other_ways_read(name):
    # Every slot read both ways holds the same id; the own pixels only add slots read.
    image = cv2.imread(str(DATA / name))
    on, off = analyse(image, ON), analyse(image, OFF)
    for path, ident in off.tags.slots.items():
        assert on.tags.slots.get(path) == ident, path
    assert set(on.result["tags"]) >= set(off.result["tags"])
    assert on.result["foreign"] == off.result["foreign"]


def test_a_foreign_code_is_left_to_the_warped_crops():
    image = cv2.imread(str(DATA / "physical-lamp-and-window.jpg"))
    reading = analyse(image, ON)
    loc, mat = reading.location, load_mat()
    x, y, w, h = rect = mat.slots()["scan"]
    doctored = paste_sticker(image, loc, (x + w / 2, y + h / 2), "hello")
    again = analyse(doctored, ON.with_(decoders=FAST, fast_decoders=FAST))
    crop, _ = native_crop(again.frame, loc, rect, ON.crop_native_smooth_mm, ON)
    # The own pixels hold the sticker (zxing reads it there), but say nothing of it...
    assert "hello" in {c.text for c in decode(crop, "zxing")}
    assert _read_native(again.frame, loc, rect, FAST, ON) == []
    # ...and the slot's crops, which start with them, still report it.
    assert "hello" in {c.text for c in read_slot_crops(again.frame, loc, {"scan": rect}, ON)}


def test_a_big_stills_box_is_made_grey_alone():
    # A 4608 x 2592 still: its box is the full frame's grey pixels, without making the whole
    # 12 Mpx grey (the warped crops avoid that too).
    image = cv2.imread(str(DATA / "physical-lamp-and-window.jpg"))
    big = cv2.resize(image, None, fx=4, fy=4, interpolation=cv2.INTER_CUBIC)
    loc = analyse(big, ON).location
    frame = prepare(big)
    rect = load_mat().slots()["market.1.1"]
    alone, at = native_crop(frame, loc, rect, ON.crop_native_smooth_mm, ON)
    assert frame.gray_full is None
    frame.full_gray()
    whole, at2 = native_crop(frame, loc, rect, ON.crop_native_smooth_mm, ON)
    assert at == at2 and np.array_equal(alone, whole)
