"""Issue 32: a thumb over a deck's corner, cut off from its hand by the next place's corner.

Physically based seed 14500 frame 85 (an open hand from the mat's bottom edge over the market's
first column, 23 mm up): its thumb lies over the level-3 deck's bottom right corner (430 mm^2
of the deck hidden). On the free mat the thumb shows only in the 10 mm gap below the deck:
114 mm^2, a crumb by size (busy_min_blob_mm2, 120: a lane's printed dot, a deck's edge), and
it touches no second place's outline (the bridge of a finger between two places), missing the
level-2 deck's by half a millimetre. So nothing was looked for over the deck, and it was
missed. The thing is 2 mm from the hand's own on the free mat: a small thing that close to a
big one is that hand's (busy_crumb_by_hand).

The mat's overview (1 px/mm) and the frame at 3 px/mm round the deck, read by the stage alone
with the decks as the camera saw them (a tall stack leans out)."""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_look

NAME = "physical-thumb-over-deck-corner"
CROP_MM = (40.0, 80.0, 120.0, 140.0)
SEEN = {"decks.3": (57.0, 98.0, 71.0, 95.0), "decks.2": (55.0, 201.0, 73.0, 95.0),
        "decks.1": (54.0, 304.0, 74.0, 95.0)}
HIDDEN = ["market.1.0", "market.2.0", "market.3.0", "market.3.1", "decks.1", "decks.2",
          "decks.3"]


def test_the_deck_under_the_thumb_is_covered():
    overview, detail = saved_look(NAME, CROP_MM)
    assert detect_busy(overview, detail=detail, seen=SEEN).covered == HIDDEN


def test_the_thumb_taken_for_a_crumb_left_the_deck_out():
    overview, detail = saved_look(NAME, CROP_MM)
    off = DEFAULT_CONFIG.with_(busy_crumb_by_hand=False)
    assert detect_busy(overview, off, detail=detail, seen=SEEN).covered == HIDDEN[:-1]
