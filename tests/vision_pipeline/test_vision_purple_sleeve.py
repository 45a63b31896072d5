"""Issue 32: a dark purple sleeve is no shadow.

Seeds 12100 frame 187 (a ceiling light) and 12500 frame 100 (a desk lamp), physically based: an
arm in a dark purple sleeve over the empty level-1 deck slot (515 mm^2 of it hidden, the
renderer's truth) and over a market card (2,226 mm^2). Dark, and off the mat's hue by no more
than a shadow lit by a light of another tint may be, the sleeve was taken for the hand's shadow
and the place said free. A light's tint runs from warm to cool, red against blue, and keeps
green about midway: none is purple (busy_magenta_tint), as none is green. The mats' overviews
(1 px/mm, JPEG 95), read by the stage alone.
"""
from __future__ import annotations

import pytest

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_overview

WAS = DEFAULT_CONFIG.with_(busy_magenta_tint=None)


@pytest.mark.parametrize(("name", "place"), [
    ("physical-purple-sleeve-over-deck-slot-overview.jpg", "decks.1"),
    ("physical-purple-sleeve-over-card-overview.jpg", "market.2.1"),
])
def test_a_purple_sleeve_is_no_shadow(name, place):
    overview = saved_overview(name)
    now = detect_busy(overview).covered
    assert place in now
    # Taken for the hand's shadow, as before: the place under the sleeve is missed, and
    # nothing else changes.
    was = detect_busy(overview, WAS).covered
    assert place not in was
    assert set(now) - set(was) == {place}
