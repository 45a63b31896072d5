"""Issue 32: a deck's top card, seen leaning out beside it, is the deck's.

A deck is a stack standing on the mat, 5-12 mm high. Its top card is nearer the camera, so the
camera sees it shifted away from the point under it: up to 7 mm for the level-1 deck by the
mat's edge. Its white border then lay on the free mat beside the deck, and a sleeve's shadow
touching that border, or a green sleeve beside the green card's edge, covered a deck nothing
hid (seed 11900 frames 80 and 137, no hand over the mat: "busy" at the table). The camera's
place over the mat comes from the homography (stages/lean.py); the mat the deck's top hides at
its full height is the deck's, and its ring lies round what is seen.

The mats' overviews (1 px/mm) and, for the first, the frame at 3 px/mm round the decks, kept
lossless, read by the stage alone with the camera centre the pipeline found in each frame.
"""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.stages.busy import detect_busy
from vision.stages.lean import camera_centre, seen_decks

from .helpers import saved_look, saved_overview, with_image


def test_the_camera_is_found_over_the_mat_as_the_renderer_placed_it(sample, analysed):
    # On the six shared samples: 1.3 mm across (median; at most 6.7) and 8 mm in height
    # (at most 31 of 770-820), through the nominal lens.
    for n in range(1, 7):
        image, truth = sample(n)
        h, w = image.shape[:2]
        found = camera_centre(analysed(n).location, w, h, DEFAULT_CONFIG.lens_hfov_deg)
        placed = truth["_gt"]["camera"]
        assert np.hypot(*(found[:2] - placed["centre_mm"][:2])) < 15.0, n
        assert abs(found[2] - placed["height_mm"]) < 50.0, n


@pytest.mark.parametrize("name, crop_mm, camera", [
    # A lamp and a sleeve left of the mat: the sleeve's shadow touches the top card's border.
    ("physical-deck-lean-by-sleeve-shadow", (40.0, 95.0, 95.0, 315.0), (400.0, 240.0, 697.0)),
    # A lamp and the ceiling: a green sleeve's edge beside the green card's.
    ("physical-deck-lean-by-green-sleeve", None, (551.0, 147.0, 740.0)),
], ids=["sleeve's shadow", "green sleeve"])
def test_a_decks_top_card_leaning_onto_the_mat_hides_nothing(name, crop_mm, camera):
    if crop_mm is None:
        overview, detail = saved_overview(f"{name}-overview.png"), None
    else:
        overview, detail = saved_look(name, crop_mm, "png", "png")
    seen = seen_decks(load_mat(), np.array(camera), DEFAULT_CONFIG)
    assert detect_busy(overview, detail=detail, seen=seen).covered == []
    # Taken where it stands, the deck's border is a thing on the mat beside it.
    assert "decks.1" in detect_busy(overview, detail=detail).covered


def test_a_finger_into_a_leaning_deck_still_covers_it(sample_overview):
    # The same lean on the sample's mat (the camera 300 mm right of the deck, 700 mm up: the
    # deck is seen 6 mm further left): a finger from the mat's edge 12 mm into the deck.
    x, y, w, h = load_mat().decks[1]
    seen = seen_decks(load_mat(), np.array([x + w / 2 + 300.0, y + h / 2, 700.0]),
                      DEFAULT_CONFIG)
    img = sample_overview.image.copy()
    cv2.line(img, (0, int(y + h / 2)), (int(x + 12), int(y + h / 2)), (120, 155, 205), 18)
    assert detect_busy(with_image(sample_overview, img), seen=seen).covered == ["decks.1"]


def test_a_camera_placed_far_off_leans_no_deck_beyond_the_cap():
    # A placement gone wrong may put the camera metres away: the decks lean 12 mm at most.
    mat = load_mat()
    for camera in ([5000.0, -3000.0, 700.0], [60.0, 300.0, 30.0]):
        for path, (x, y, w, h) in seen_decks(mat, np.array(camera), DEFAULT_CONFIG).items():
            fx, fy, fw, fh = mat.decks[int(path[-1])]
            assert fx - 12.0 <= x <= fx and fy - 12.0 <= y <= fy, (camera, path)
            assert x + w <= fx + fw + 12.0 and y + h <= fy + fh + 12.0, (camera, path)


def test_the_pipeline_reads_the_decks_where_its_camera_sees_them():
    # The whole frame of seed 11900 frame 137 (halved, JPEG 90): read_table finds the camera
    # itself and passes the decks as it sees them to the busy stage.
    from pathlib import Path

    from vision.pipeline import read_table
    img = cv2.imread(str(Path(__file__).parent / "data" / "physical-deck-lean-frame.jpg"))
    assert img is not None
    assert read_table(img)["busy"] is False
    where_they_stand = DEFAULT_CONFIG.with_(busy_deck_card_mm=None)
    assert read_table(img, where_they_stand)["covered"] == ["decks.1"]
