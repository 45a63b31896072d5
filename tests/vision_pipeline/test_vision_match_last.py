"""The order of a slot's crop tries (issue 32, less CPU).

A calm frame's full slot whose tag the fast decoders miss on its first crop is matched against
the printed codes, then the fast decoders try its first sharpened crop, and that is all: on
326 tune frames the other crops and pyzbar read none of the 45 tags the matcher missed, at
28 ms a slot.

The slot here is a real physically based crop (4 px/mm) of a card without a sticker, laid out as
a frame of its own: the mat's millimetres map to its pixels at 4 px/mm. A busy frame's slot
gets one quick look, at the smoothed crop."""
from __future__ import annotations

import vision.stages.codes as codes
from vision.config import DEFAULT_CONFIG
from vision.pipeline import _read_or_match, quick_look
from vision.stages.codes import fast_decoders, read_slot_crops
from vision.stages.lens import Lens

from .helpers import saved_patch

PX_PER_MM = 4.0


def _untagged_card():
    # Mat mm -> px: pixel centres at (mm + 0.5 / 4) * 4 (as stages.locate.rectify makes crops).
    H = [[PX_PER_MM, 0.0, -0.5], [0.0, PX_PER_MM, -0.5], [0.0, 0.0, 1.0]]
    frame, loc = saved_patch("physical-nomatch-untagged-card-4ppmm.png", H, None, DEFAULT_CONFIG)
    h, w = frame.full.shape[:2]
    m = DEFAULT_CONFIG.crop_margin_mm
    # The slot: the crop less the margin slot_crop grows it by.
    return frame, loc, (m, m, w / PX_PER_MM - 2 * m, h / PX_PER_MM - 2 * m)


def test_a_full_slot_the_matcher_misses_gets_one_more_crop_and_no_pyzbar(monkeypatch):
    frame, loc, rect = _untagged_card()
    asked = []
    decode = codes.decode

    def counted(gray, name, *args, **kwargs):
        asked.append((name, gray.shape))
        return decode(gray, name, *args, **kwargs)

    monkeypatch.setattr(codes, "decode", counted)
    cfg = DEFAULT_CONFIG.with_(stage_threads=0)
    tried: set[str] = set()
    found = _read_or_match(frame, loc, {"market.1.0": rect}, cfg,
                           matchable=frozenset({"market.1.0"}), tried=tried)
    assert found == []
    assert tried == {"market.1.0"}  # the matcher had it (and found no code)
    # The fast decoders in the slot's own pixels (test_vision_crop_native.py), on the first
    # (smoothed) crop and on the first sharpened one, no slow decoder.
    assert [name for name, _ in asked] == ["zxing", "zxing-histogram"] * 3


def test_a_slot_the_matcher_may_not_have_still_gets_every_crop_and_decoder(monkeypatch):
    frame, loc, rect = _untagged_card()
    asked = []
    decode = codes.decode

    def counted(gray, name, *args, **kwargs):
        asked.append(name)
        return decode(gray, name, *args, **kwargs)

    monkeypatch.setattr(codes, "decode", counted)
    cfg = DEFAULT_CONFIG.with_(stage_threads=0)
    tried: set[str] = set()
    assert _read_or_match(frame, loc, {"market.1.0": rect}, cfg, matchable=frozenset(),
                          tried=tried) == []
    assert tried == set()
    assert "pyzbar" in asked
    # (And once in the slot's own pixels first.)
    assert asked.count("zxing") == len(cfg.crop_variants) + len(cfg.crop_smooth_variants) + 1


# A busy frame's quick look at a slot (tune seed 5454 frame 8, market.1.0, a hand beside it):
# the full frame's pixels about the slot, as grey, and the mat's place in them.
BUSY_SLOT = "physical-busy-slot-1R02.png"
BUSY_H = [[2.1719691707150344, 0.028728857398344042, -294.48994822145613],
          [-0.06325484878736726, 2.1867583614316017, -632.7206548337442],
          [-2.0000468634820747e-05, -6.0577157185892374e-05, 1.0]]
BUSY_LENS = Lens(592.0, -133.0, 1843.5853774552902, -0.061117614641960985)
BUSY_RECT = (140.0, 306.0, 68.0, 93.0)


def test_a_busy_frames_quick_look_reads_the_tag_in_the_smoothed_crop():
    frame, loc = saved_patch(BUSY_SLOT, BUSY_H, BUSY_LENS, DEFAULT_CONFIG)
    cfg = DEFAULT_CONFIG.with_(stage_threads=0)
    read = read_slot_crops(frame, loc, {"market.1.0": BUSY_RECT}, quick_look(cfg))
    assert [c.text for c in read] == ["SPL:1R02"]
    # The quick look before (the sharpened crop) read nothing here.
    sharp = cfg.with_(crop_variants=cfg.crop_variants[:1], crop_smooth_variants=(),
                      decoders=fast_decoders(cfg), crop_native_smooth_mm=None)
    frame.crops = {}
    assert read_slot_crops(frame, loc, {"market.1.0": BUSY_RECT}, sharp) == []
