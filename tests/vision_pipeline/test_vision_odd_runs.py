"""Issue 32: a run of token columns that is not a whole number of tokens long is counted by the
circles in it when they are exactly one fewer (vision.tokens.settle_odd_runs).

Seed 10000 frame 198 (physically based, a low lamp to the right): five black chips, each
casting its shadow to its left, as dark as a black chip. The shadows bridge the gaps between
the last three chips, whose run reached the length of four: the lane read 6 (flagged).
Seed 10100 frame 137: one gold chip, and a 14 mm blot at the lane's far end, a part of a
chip by its length: 2 (flagged). The circle counter found 5 and 1. Both lanes stay flagged
uncertain: their runs are still odd.

Each lane rectified at 2 px/mm with its margin (PNG) and the whole-mat colour model over it
(1 px/mm), counted as count_bank_lane counts it.
"""
from __future__ import annotations

from vision.config import DEFAULT_CONFIG
from vision.tokens import settle_odd_runs

from .helpers import count_lane_on_model

OFF = DEFAULT_CONFIG.with_(token_odd_runs_by_circles=False)


def test_shadows_bridging_black_chips_are_no_chip():
    lane = count_lane_on_model("physical-black-lane-shadows-bridging", DEFAULT_CONFIG)
    assert lane.count == 5 and not lane.certain
    assert count_lane_on_model("physical-black-lane-shadows-bridging", OFF).count == 6


def test_a_blot_past_the_last_gold_chip_is_no_chip():
    kw = dict(neutral=False, coloured=True)
    lane = count_lane_on_model("physical-gold-lane-lone-shadow", DEFAULT_CONFIG, **kw)
    assert lane.count == 1 and not lane.certain
    assert count_lane_on_model("physical-gold-lane-lone-shadow", OFF, **kw).count == 2


def test_a_run_split_at_its_last_chips_centre_keeps_that_chip():
    # Seed 10100 frame 23: seven black chips; the run broke a mm from the last one's centre
    # (its circle's), so that circle lay just past the long run's end: taken as the run's
    # (within half its radius), the seven stand.
    lane = count_lane_on_model("physical-black-lane-last-chip-split", DEFAULT_CONFIG)
    assert lane.count == 7 and not lane.certain


def test_only_one_circle_short_settles_an_odd_run():
    cfg = DEFAULT_CONFIG
    pitch = cfg.token_pitch_mm
    # A run the length of four chips (mm), odd by a shadow's few mm.
    run = (10.0, 10.0 + 4 * pitch - 1.1 - cfg.token_run_slack_mm - 1.0)
    three = [(10.0 + 20.0 + i * 45.0, 25.0, 19.5) for i in range(3)]
    assert settle_odd_runs([run], three, cfg) == 3
    # Two circles: the circle counter missed chips; the run's length stands.
    assert settle_odd_runs([run], three[:2], cfg) == 4
    # A whole run is never touched, whatever the circles.
    whole = (10.0, 10.0 + 3 * pitch - 1.1)
    assert settle_odd_runs([whole], three[:2], cfg) == 3


def test_a_chip_split_around_its_centre_keeps_its_pieces():
    # The two pieces of one faint chip, neither holding its centre: the chip's centre is
    # within half its radius of both, so neither is dropped (the pieces' joining is another
    # rule's).
    cfg = DEFAULT_CONFIG
    pieces = [(10.0, 26.0), (31.0, 48.0)]
    chip = [(29.0, 25.0, 19.5)]
    assert settle_odd_runs(pieces, chip, cfg) == 2
