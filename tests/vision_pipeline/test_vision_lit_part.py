"""Issue 32: what touches a place mostly as a shadow: a hand's lit part may still go on over
it, and a shadow with no coloured part to cast it is told from a dark sleeve by the outline.

A thing whose contact with a place is mostly the mat's hue and darker than the bare mat, with
a coloured part (skin) near, was taken for a coloured hand's shadow unless that coloured part
went on over the place. Two hands from the physically based tune frames went unseen so:

- Seed 9800 frame 109, a ceiling panel: a pale grey sleeve down from the mat's top edge lies
  over nobles.4, an empty slot, the whole of it (the renderer's truth: 4,225 mm^2 hidden). Its
  own shadow runs down the slot's left side, so the contact is mostly shadow; the sleeve is
  the mat's grey hue and brighter than the mat, neither coloured nor shadow, and was never
  asked whether it goes on.
- Seed 10000 frame 112, a ceiling panel: a pointing hand from the top over the market's first
  column; its side crosses market.3.1's top left corner (157 mm^2 hidden), its shadow filling
  the gap beside it. The coloured part reached in 142 mm^2 as the overview saw it: short of
  sure, so taken for the shadow's, and no closer look was taken.

Now the lit part (neither coloured nor shadow) that touches the place over
busy_shadow_lit_contact_mm2 is asked too, with a closer look when the overview is in doubt.

The mats' overviews (1 px/mm, JPEG 90); for the second, the frame at 3 px/mm round the card
(mat mm 195-310 x 80-210, JPEG 95). Read by the stage alone.
"""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG
from vision.stages.busy import detect_busy

from .helpers import saved_look, saved_overview

# (Nor the closer look at its coloured part, busy_shadow_own_closer, which finds the
# card's corner too.)
WITHOUT = DEFAULT_CONFIG.with_(busy_shadow_lit_contact_mm2=None, busy_shadow_own_closer=False)


def test_a_pale_sleeve_beside_its_own_shadow_covers_the_noble_under_it():
    overview = saved_overview("physical-grey-sleeve-over-noble-overview.jpg")
    covered = detect_busy(overview).covered
    assert covered == ["nobles.4", "market.2.3", "market.3.3", "bank.blue", "bank.green"]
    # Asked of its coloured part alone (the hand far below), the sleeve was the shadow.
    assert "nobles.4" not in detect_busy(overview, WITHOUT).covered


def test_a_hand_over_a_cards_corner_by_its_shadow_is_looked_at_closer():
    overview, detail = saved_look("physical-hand-over-card-corner-by-shadow", (195.0, 80.0, 115.0, 130.0))
    truth = ["nobles.0", "nobles.1", "market.2.0", "market.3.0", "market.3.1", "decks.3"]
    assert detect_busy(overview, detail=detail).covered == truth
    # Without the lit part's closer look the corner was the hand's shadow's.
    assert "market.3.1" not in detect_busy(overview, WITHOUT, detail=detail).covered
    # The overview alone is in doubt: only the closer look settles it.
    assert "market.3.1" not in detect_busy(overview).covered


def test_a_hands_shadow_from_the_mats_edge_is_told_by_the_outline_under_it():
    # Seed 10000 frame 179, a desk lamp: fingers rest on the mat's bottom margin, no place
    # hidden (the renderer's truth: not busy). The lamp throws the hand's shadow up over
    # market.1.3's lower left corner, a thing of its own with no coloured part to cast it, so
    # it was judged as a thing: the card was covered and a still with no hand over the mat
    # was busy. Looked at closer, the card's edge and the mat's printed line go on under it:
    # a shadow, not a dark sleeve. (Frame at 3 px/mm: mat mm 360-456 x 292-413.)
    overview, detail = saved_look("physical-uncast-shadow-on-card", (360.0, 292.0, 96.0, 121.0))
    assert detect_busy(overview, detail=detail).covered == []
    # Judged as a thing, as it was before.
    judged = DEFAULT_CONFIG.with_(busy_uncast_shadow=False)
    assert detect_busy(overview, judged, detail=detail).covered == ["market.1.3"]
    # With no closer look the outline can't be seen: still a thing.
    assert detect_busy(overview).covered == ["market.1.3"]


def test_an_arm_whose_skin_goes_on_over_a_noble_covers_it_whatever_its_shadow():
    # Seed 13700 frame 142, a desk lamp: an arm from the mat's left edge over the decks, its
    # side across nobles.0's lower left corner (the renderer's truth: 139 mm^2 hidden), its
    # deep shadow all round. The contact is mostly shadow; its skin, seen closer, goes on over
    # the noble (157 mm^2), so it is no shadow. Then asked again as one thing with the
    # shadow, the shadow's colour counted only along the skin's rim: 32 mm^2, and the noble
    # was missed. (Frame at 3 px/mm: mat mm 40-170 x 0-110.)
    overview, detail = saved_look("physical-arm-by-noble-in-own-shadow", (40.0, 0.0, 130.0, 110.0))
    truth = ["nobles.0", "market.2.0", "market.3.0", "decks.2", "decks.3"]
    assert detect_busy(overview, detail=detail).covered == truth
    again = DEFAULT_CONFIG.with_(busy_part_goes_on=False)
    assert detect_busy(overview, again, detail=detail).covered == truth[1:]
