"""A hand comes from the mat's edge (vision/stages/anchor.py): a thing lying on the mat beside a
place, joined to nothing beyond the mat, hides nothing; a hand reaching in from the table
still does. Real renders: the table renderer's frames with a level-2 deck (its back yellow, as
in the game) pushed half out of its slot, and with a hand over it."""
from __future__ import annotations

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG
from vision.mat import load_mat
from vision.pipeline import read_table
from vision.stages.busy import detect_busy
from workbench.synthetic import Conditions, TableState
from workbench.synthetic.compose import _compose, _degrade, _maps, _paste, _texture_scale
from workbench.synthetic.scene import _camera
from workbench.synthetic.sprites import CARD_H, CARD_W, deck_sprite, table_texture

from .helpers import saved_overview

STATE = TableState(market={1: ["1W01", "1R02"], 2: ["2G01"], 3: ["3U01"]},
                   decks={1: 20, 2: 20, 3: 20}, bank={"red": 3, "black": 2})


def _frame(push_mm: tuple[float, float], hand: bool = False, arm=None) -> np.ndarray:
    """A frame with one more level-2 deck back lying ``push_mm`` off its slot's centre."""
    cond = Conditions(seed=5, jpeg_quality=None, hand=hand, hand_kind="over")
    rng = np.random.default_rng(cond.seed)
    mat = load_mat()
    cam = _camera(cond)
    scale = _texture_scale(cam)
    scene, _ = _compose(STATE, rng, scale, 0, cam)
    x, y, w, h = mat.decks[2]
    _paste(scene, deck_sprite(2, scale), (CARD_W / 2, CARD_H / 2),
           (x + w / 2 + push_mm[0], y + h / 2 + push_mm[1]), 4.0)
    hi, lo = _maps(cam, scale)
    img = cv2.remap(table_texture(0), lo[0], lo[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    cv2.remap(scene.tex, hi[0], hi[1], cv2.INTER_LINEAR, dst=img, borderMode=cv2.BORDER_TRANSPARENT)
    if arm is not None:
        from workbench.synthetic.compose import _draw_hand
        _draw_hand(img, cam, arm)
    if hand:
        from workbench.synthetic.hand import Hand
        # From the left edge of the table over the level-2 deck.
        h_ = Hand(side="left", tip_mm=(x + w / 2 + 10, y + h / 2), angle_deg=0.0, height_mm=40.0,
                  skin=(120, 155, 205), sleeve=(60, 60, 150), pose="point")
        from workbench.synthetic.compose import _draw_hand
        _draw_hand(img, cam, h_)
    img, _ = _degrade(img, cond, rng)
    return img


def test_a_deck_pushed_out_of_its_slot_hides_nothing():
    # Half out of its slot towards the market: yellow, off the mat's hue, sharp-edged, on the
    # free mat beside the deck and the market slot - but an island, joined to nothing outside.
    result = read_table(_frame((40.0, 0.0)))
    assert result["covered"] == [], result["covered"]
    assert result["busy"] is False


def test_without_the_edge_rule_the_pushed_deck_was_a_hand():
    # The same frame with the rule off (everything joined to the outside): the guard is real.
    cfg = DEFAULT_CONFIG.with_(busy_anchor_edge_mm=1000.0)
    result = read_table(_frame((40.0, 0.0)), cfg)
    assert result["busy"] is True


def test_a_hand_from_the_table_over_the_deck_is_still_a_hand():
    result = read_table(_frame((40.0, 0.0), hand=True))
    assert result["busy"] is True
    assert "decks.2" in result["covered"]


def test_a_long_arm_across_the_mat_from_its_left_edge_is_a_hand():
    # bench-vision's over-hand seed 3234 frame 28: an arm from the left edge to the scan zone,
    # low over the mat. The overview leaves the mat's last millimetres out of the free mat, so
    # the arm shows from 8 mm in: a 4 mm edge band missed it and the still was not busy.
    from workbench.synthetic.hand import Hand
    arm = Hand(side="left", tip_mm=(696.1, 106.8), angle_deg=-20.5, height_mm=21.4,
               skin=(150, 180, 225), sleeve=(40, 100, 110), pose="point")
    img = _frame((0.0, 0.0), arm=arm)
    assert read_table(img)["busy"] is True
    # (With the rule for a thing over several places off: the arm covers several.)
    assert read_table(img, DEFAULT_CONFIG.with_(busy_anchor_edge_mm=4.0,
                                                busy_anchor_island_places=99))["busy"] is False


def test_a_deck_pushed_out_far_from_a_hand_over_the_bank_hides_nothing():
    # A hand from the right over the bank while the level-2 deck lies half out of its slot
    # towards the mat's left edge, 450 mm away: the deck is still an island. Before, once a
    # hand came in from the edge, every place found covered stayed (band seed 5757 frame 7,
    # seed 9900 frame 124: a level-1 deck's dark stack side named with a hand over the market).
    from workbench.synthetic.hand import Hand
    arm = Hand(side="right", tip_mm=(560.0, 230.0), angle_deg=180.0, height_mm=40.0,
               skin=(120, 155, 205), sleeve=(60, 60, 150), pose="point")
    img = _frame((-35.0, 0.0), arm=arm)
    assert read_table(img)["covered"] == ["bank.blue", "bank.green", "bank.red"]
    # However far from the hand (the rule off), the deck was a hand's too.
    anywhere = DEFAULT_CONFIG.with_(busy_anchor_island_far_mm=1e9)
    assert read_table(img, anywhere)["covered"] == ["decks.2", "bank.blue", "bank.green",
                                                     "bank.red"]


def _physical(name: str) -> np.ndarray:
    from pathlib import Path
    img = cv2.imread(str(Path(__file__).parent / "data" / name))
    assert img is not None, name
    return img


def test_a_deck_stack_running_up_to_a_clean_marker_hides_nothing():
    # A physically based frame (workbench.physical, seed 4242 frame 17, halved, no hand over
    # the mat): the level-1 and level-2 decks' stack sides and their shadow run down to 5 mm
    # from the bottom-left marker's white border. That border is clean all round, so no arm
    # crosses it: the stack sides are islands. Before, every marker's square (grown 10 mm)
    # joined the outside and decks.1 and decks.2 were covered.
    img = _physical("physical-deck-by-marker.jpg")
    result = read_table(img)
    assert result["busy"] is False, result["covered"]
    # Every marker counted (the rule off), and a deck's own shadow judged like any other dark
    # patch (busy_stack_shadow_mm 0): the stack sides reach the outside and are a hand (in the
    # full look: the first look leaves them to the deck, within its reach; they reach 40-55
    # mm^2 into it, so the look inside asks for 40 as it used to).
    # (And a shadow with no coloured part judged as a thing, and the decks where they stand,
    # as it was then.)
    every = DEFAULT_CONFIG.with_(busy_anchor_marker_share=-1.0, busy_stack_shadow_mm=0.0,
                                 busy_screen_px_per_mm=0.0, busy_inside_min_mm2=40.0,
                                 busy_uncast_shadow=False, busy_deck_card_mm=None)
    assert "decks.1" in read_table(img, every)["covered"]


def test_a_hand_over_several_places_whose_pale_sleeve_shows_nowhere_is_a_hand():
    # Tune seed 7200 frame 24 (workbench.physical, JPEG 50), a window's light: an open hand
    # over the market's last column and the bank from the right, in a pale grey sleeve of
    # nearly the mat's colour that the overview sees only by the cuff. The hand, joined to
    # nothing beyond the mat, was an island: the still was not busy at all. An island lies
    # beside its own place; the hand covers six.
    result = read_table(_physical("physical-pale-sleeve-unseen.jpg"))
    assert result["busy"] is True
    # Every place it names the renderer's truth has hidden (nobles.3 only grazed, 5.6 mm^2).
    hidden = {"nobles.3", "nobles.4", "market.2.3", "market.3.2", "market.3.3", "scan",
              "bank.white", "bank.blue"}
    assert set(result["covered"]) <= hidden
    assert {"market.3.3", "bank.white"} <= set(result["covered"])


def test_each_things_group_is_the_one_its_pixels_lie_in():
    # The hand mask of a saved frame (seed 4343, an arm's shadow cut off from it), its things
    # joined across gaps: per thing its group in one pass, as the plain lookup of each
    # thing's pixels finds it (a place's things: the groups the places are joined through).
    from vision.stages.anchor import group_of_things, join_things
    from vision.stages.things import _components, object_mask

    from .helpers import saved_overview

    overview = saved_overview("physical-arm-shadow-cut-off-overview.jpg")
    n, labels, _ = _components(object_mask(overview))
    assert n > 3
    _, _, groups = join_things(labels, 1.0)
    of = group_of_things(labels, groups)
    for i in range(1, n):
        assert set(np.unique(groups[np.isin(labels, [i])]).tolist()) == {of[i]}
    # Two things a gap of 3 mm apart are one group; 20 mm apart, two.
    things = np.zeros((60, 80), np.int32)
    things[10:30, 10:20], things[10:30, 23:30], things[10:30, 50:60] = 1, 2, 3
    of = group_of_things(things, join_things(things, 1.0)[2])
    assert of[1] == of[2] != of[3]


def test_a_decks_shadow_on_a_markers_inner_sides_is_no_arm_over_it():
    # Seed 11400 frame 34 (workbench.physical, a desk lamp alone; the mat's overview at 1
    # px/mm, JPEG 90): a hand over the bank; the level-1 deck's stack side and its shadow
    # run to the bottom-left marker and darken its border's inner sides. Taken for an arm
    # over the corner, the marker joined the stack side to the outside, and the deck was
    # covered. An arm comes over the mat's edge, over the border's outer sides too.
    overview = saved_overview("physical-deck-shadow-on-marker-overview.jpg")
    truth = ["bank.white", "bank.blue", "bank.green", "bank.red"]
    assert detect_busy(overview).covered == truth
    # (With the rule off, and a deck's own shadow looked for within 15 mm as then: the 25 mm
    # of session 36 find the stack side's shadow the deck's too.)
    whole = DEFAULT_CONFIG.with_(busy_anchor_marker_outer=False, busy_stack_shadow_mm=15.0)
    assert detect_busy(overview, whole).covered == ["decks.1"] + truth
