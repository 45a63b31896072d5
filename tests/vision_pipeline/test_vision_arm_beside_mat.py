"""Issue 32: an arm lying beside the mat's edge, mostly beyond it, casts a shadow, not a hand.

Seed 9900 frame 149 (physically based, a low lamp): a hand in a green sleeve rests on the
table left of the mat, its cuff just over the mat's margin (the renderer's truth: no place
hidden). Its deep shadow fills the margin up to the level-3 deck and the first noble. The
shadow touching those places keeps the mat's hue and is darker than the bare mat: a shadow,
if the thing it belongs to is a coloured hand. Of the whole thing the overview shows, the
coloured part was 0.25 (the arm itself lies mostly beyond the mat, where the overview does
not look), under the 0.3 asked: the deck and the noble were called covered, the frame busy.

The mat's overview (1 px/mm, JPEG 90), read by the stage alone.
"""
from __future__ import annotations

from pathlib import Path

import cv2

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy
from vision.stages.overview import Overview

DATA = Path(__file__).parent / "data"


def test_an_arm_beside_the_mat_hides_nothing_by_its_shadow():
    image = cv2.imread(str(DATA / "physical-arm-beside-mat-deep-shadow-overview.jpg"))
    assert image is not None
    overview = Overview(image=image, background=None, px_per_mm=1.0)
    assert detect_busy(overview).covered == []
    # Asking 0.3 of the thing to be coloured, its shadow was the hand.
    old = DEFAULT_CONFIG.with_(busy_shadow_far_caster=0.3)
    assert "decks.3" in detect_busy(overview, old).covered
