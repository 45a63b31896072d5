"""Issue 32: an empty deck slot has no stack whose top leans out of it.

A full deck is 5-12 mm high, so the camera sees its top card shifted away from the point under
it, and the busy stage takes the mat that top hides as the deck's (vision/stages/lean.py). A
slot with no deck is flat. 2D seed 5502 frame 38 (held out in session 44): an arm in a mustard
sleeve passes left of the empty level-1 slot, its edge over the 6 mm where a full deck's top
would lean (the renderer's truth: 9 mm^2 of the slot hidden). Taken as a full deck's, the slot
read covered. The pipeline now gives seen_decks the slots not seen full.
"""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG as cfg
from vision.mat import load_mat
from vision.pipeline import _codes_mm, analyse
from vision.stages.busy import detect_busy
from vision.stages.lean import camera_centre, seen_decks

from .helpers import rendered_over_hand


def test_an_empty_deck_slot_beside_a_sleeve_is_not_covered():
    image, truth = rendered_over_hand(5502, 38)
    assert truth["decks"]["1"] is False and truth["_gt"]["hidden_mm2"]["decks.1"] < 20
    reading = analyse(image)
    assert reading.result["decks"] == {"1": False, "2": True, "3": True}
    assert set(reading.result["covered"]) == {"decks.2", "decks.3"}
    # The slot as a full deck's, leaning out towards the sleeve: read covered, as before.
    mat = load_mat()
    h, w = image.shape[:2]
    camera = camera_centre(reading.location, w, h, cfg.lens_hfov_deg)
    leaning = seen_decks(mat, camera, cfg)
    assert leaning["decks.1"][0] < mat.decks[1][0] - 3  # leans left, towards the sleeve
    busy = detect_busy(reading.overview, cfg, mat, _codes_mm(reading.location, reading.codes),
                       None, leaning)
    assert "decks.1" in busy.covered
    assert seen_decks(mat, camera, cfg, empty=[1])["decks.1"] == mat.decks[1]
