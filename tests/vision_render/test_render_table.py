"""The synthetic table renderer: deterministic, truthful, and readable by real OpenCV and zxing."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest
import zxingcpp

from vision.mat import COLOURS, load_mat
from workbench.synthetic import (
    Conditions,
    TableState,
    random_conditions,
    random_table_state,
    render_table,
    write_frames,
)

# A clean, sharp frame: what "the stickers decode" is checked on.
CLEAN = dict(blur_sigma=0.3, noise_gain=0.0002, noise_read_dn=0.8, light_grad=0.05, vignette=0.0,
             sharpen=0.0, jpeg_quality=95)


def early_table() -> TableState:
    return TableState(
        nobles=["N03", "N07", "N01", "N10"],
        market={1: ["1W01", "1U02", "1G03", "1R04"], 2: ["2W01", "2U02", "2G03", "2K04"],
                3: ["3W01", "3U02", "3G03", "3R04"]},
        decks={1: 36, 2: 26, 3: 16},
        bank={"white": 5, "blue": 4, "green": 3, "red": 2, "black": 1, "gold": 5},
        scan="1K05",
    )


def detect_markers(img):
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                  cv2.aruco.DetectorParameters())
    corners, ids, _ = det.detectMarkers(img)
    if ids is None:
        return {}
    return {int(i): c.reshape(4, 2) for c, i in zip(corners, ids.ravel())}


def test_same_seed_same_frame_and_new_seed_new_frame():
    state = early_table()
    a, ta = render_table(state, Conditions(seed=11, hand=True))
    b, tb = render_table(state, Conditions(seed=11, hand=True))
    c, _ = render_table(state, Conditions(seed=12, hand=True))
    assert a.shape == (1296, 2304, 3) and a.dtype == np.uint8
    assert np.array_equal(a, b)
    assert json.dumps(ta, sort_keys=True) == json.dumps(tb, sort_keys=True)
    assert not np.array_equal(a, c)


def test_random_tables_and_conditions_are_reproducible():
    s1 = random_table_state(np.random.default_rng(4), players=3)
    s2 = random_table_state(np.random.default_rng(4), players=3)
    assert s1 == s2
    assert random_conditions(np.random.default_rng(4)) == random_conditions(np.random.default_rng(4))


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_truth_follows_the_table_state(seed):
    rng = np.random.default_rng(seed)
    state = random_table_state(rng, players=2 + seed % 3)
    cand = [n for n in state.nobles if n] + [c for lv in (1, 2, 3) for c in state.market[lv] if c]
    state = TableState(nobles=state.nobles, market=state.market, decks=state.decks, bank=state.bank,
                       scan=state.scan, untagged=frozenset(cand[:1]), foreign=("http://example.com",))
    _, truth = render_table(state, Conditions(seed=seed, roll_deg=180.0 if seed % 2 else 0.0))
    assert truth["mat"] is True and truth["markers"] == [0, 1, 2, 3]
    assert truth["busy"] is False
    untagged = cand[0]

    def expect(x):
        return None if x is None else ("?" if x == untagged else x)

    assert truth["nobles"] == [expect(n) for n in state.nobles]
    for lv in (1, 2, 3):
        assert truth["market"][str(lv)] == [expect(c) for c in state.market[lv]]
        assert truth["decks"][str(lv)] == (state.decks[lv] > 0)
    assert truth["bank"] == {c: state.bank[c] for c in COLOURS}
    assert truth["scan"] == expect(state.scan)
    assert truth["tags"] == sorted(i for i in state.present_ids() if i != untagged)
    assert truth["foreign"] == ["http://example.com"]
    assert set(truth["_gt"]["px_per_module"]) == set(truth["tags"])
    assert all(2.0 < v < 4.5 for v in truth["_gt"]["px_per_module"].values())


def test_token_truth_counts_every_lane_and_tokens_fit_their_lane():
    mat = load_mat()
    state = early_table()
    for seed in range(5):
        _, truth = render_table(state, Conditions(seed=seed))
        tokens = truth["_gt"]["tokens"]
        for colour in COLOURS:
            lane = tokens[colour]
            assert lane["count"] == state.bank[colour] == len(lane["centres_mm"])
            x, y, w, h = mat.bank[colour]
            xs = sorted(c[0] for c in lane["centres_mm"])
            for cx, cy in lane["centres_mm"]:
                assert x + 19.5 <= cx <= x + w - 19.5 and y + 15 <= cy <= y + h - 15
            # One row, touching allowed, never stacked.
            assert all(b - a >= 39.8 for a, b in zip(xs, xs[1:]))


@pytest.mark.parametrize("roll", [0.0, 180.0])
def test_markers_are_found_by_aruco_where_the_truth_says(roll):
    state = early_table()
    img, truth = render_table(state, Conditions(seed=3, roll_deg=roll, tilt_deg=10, tilt_dir_deg=60,
                                                distance_mm=820))
    # The mat only carries ids 0-3; ArUco may fire on some tiny pattern elsewhere (so may a real
    # photo), which is the reader's business to drop.
    found = {k: v for k, v in detect_markers(img).items() if k < 4}
    assert sorted(found) == truth["markers"] == [0, 1, 2, 3]
    for mid, got in found.items():
        want = np.array(truth["_gt"]["marker_corners_px"][str(mid)])
        assert np.abs(got - want).max() < 1.5


@pytest.mark.slow  # a 4608x2592 render: about 11 CPU-s; the default size's decode stays below
def test_stickers_decode_to_their_payload_in_a_clean_high_res_frame():
    state = early_table()
    state = TableState(nobles=state.nobles, market=state.market, decks=state.decks,
                       bank=state.bank, scan=state.scan, foreign=("hello",))
    img, truth = render_table(state, Conditions(seed=5, width=4608, height=2592, **CLEAN))
    got = {}
    for r in zxingcpp.read_barcodes(img):
        p = r.position
        got[r.text] = np.array([[p.top_left.x, p.top_left.y], [p.top_right.x, p.top_right.y],
                                [p.bottom_left.x, p.bottom_left.y]], float)
    assert set(got) == {"SPL:" + t for t in truth["tags"]} | {"hello"}
    assert len(truth["tags"]) == 17
    for tid in truth["tags"]:
        want = np.array(truth["_gt"]["tag_corners_px"][tid])[[0, 1, 3]]
        # zxing's finder-pattern corners sit within a module of the symbol's true corners.
        assert np.abs(got["SPL:" + tid] - want).max() < truth["_gt"]["px_per_module"][tid]


def test_stickers_decode_in_a_clean_frame_at_the_default_size():
    img, truth = render_table(early_table(), Conditions(seed=6, distance_mm=700, **CLEAN))
    texts = {r.text for r in zxingcpp.read_barcodes(img)}
    assert {"SPL:" + t for t in truth["tags"]} <= texts


def test_a_hand_over_the_mat_makes_the_frame_busy():
    state = early_table()
    plain, t0 = render_table(state, Conditions(seed=21))
    img, truth = render_table(state, Conditions(seed=21, hand=True))
    assert t0["busy"] is False and t0["_gt"]["hand"] is None
    assert truth["busy"] is True and truth["_gt"]["hand"] is not None
    # Slots still say what is physically there; tags covered by the hand are not listed.
    assert truth["market"] == t0["market"] and truth["nobles"] == t0["nobles"]
    covered = {t for t, f in truth["_gt"]["occluded"].items() if f >= 0.01}
    assert set(truth["tags"]) == set(t0["tags"]) - covered
    diff = np.abs(img.astype(int) - plain.astype(int)).max(axis=2) > 40
    assert diff.mean() > 0.01  # the hand is really drawn


def test_the_three_frame_sizes():
    state = early_table()
    for w, h in ((1920, 1080), (2304, 1296)):
        img, truth = render_table(state, Conditions(seed=1, width=w, height=h))
        assert img.shape == (h, w, 3)
        assert truth["_gt"]["resolution"] == [w, h]


def test_bad_tables_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="not a card or noble"):
        TableState(market={1: ["1X99"]})
    with pytest.raises(ValueError, match="lane holds 0 to 5"):
        TableState(bank={"gold": 6})
    with pytest.raises(ValueError, match="twice"):
        TableState(market={1: ["1W01", "1W01"]})
    with pytest.raises(ValueError, match="no 'purple' lane"):
        TableState(bank={"purple": 1})


def test_a_card_in_the_wrong_row_is_drawn_where_it_lies():
    # Players can put a level 1 card into a level 2 slot; the camera must be shown it.
    state = TableState(market={1: ["1W02", None, None, None], 2: ["1W01", None, None, None]},
                       bank={"red": 2})
    img, truth = render_table(state, Conditions(seed=5))
    assert truth["market"]["2"][0] == "1W01"
    from vision.pipeline import read_table
    assert read_table(img)["market"]["2"][0] == "1W01"


def test_write_frames_writes_images_with_their_truth(tmp_path):
    paths = write_frames(tmp_path, 2, seed=3)
    assert [p.rsplit("/", 1)[-1] for p in paths] == ["sample-1.jpg", "sample-2.jpg"]
    for i in (1, 2):
        img = cv2.imread(str(tmp_path / f"sample-{i}.jpg"))
        truth = json.loads((tmp_path / f"sample-{i}.json").read_text())
        assert truth["image"] == f"sample-{i}.jpg"
        assert list(img.shape[1::-1]) == truth["_gt"]["resolution"]
        for key in ("mat", "markers", "nobles", "market", "decks", "bank", "scan", "tags", "foreign", "busy"):
            assert key in truth


def test_a_table_is_built_straight_from_the_engines_game():
    from companion.engine import Game, Setup

    setup = Setup(first=0, nobles=("N03", "N07", "N01"),
                  market=(("1W01", "1U04", "1R02", "1K07"), ("2G01", "2W05", "2R03", "2K02"),
                          ("3U02", "3W01", "3G04", "3R03")))
    game = Game(["Ana", "Ben"], setup)
    state = TableState.from_game(game)
    assert state.market[1] == ("1W01", "1U04", "1R02", "1K07")
    assert state.nobles == ("N03", "N07", "N01", None, None)
    assert state.bank == {"white": 4, "blue": 4, "green": 4, "red": 4, "black": 4, "gold": 5}
    assert state.decks == {1: 36, 2: 26, 3: 16}
    _, truth = render_table(state, Conditions(seed=1))
    assert truth["market"]["3"] == ["3U02", "3W01", "3G04", "3R03"]
    assert truth["bank"]["gold"] == 5


def test_random_conditions_stay_within_the_spec():
    rng = np.random.default_rng(17)
    conds = [random_conditions(rng) for _ in range(60)]
    for c in conds:
        assert 650 <= c.distance_mm <= 850 and 0 <= c.tilt_deg <= 15 and 62 <= c.hfov_deg <= 66
        assert (c.width, c.height) in {(2304, 1296), (4608, 2592), (1920, 1080)}
        assert 80 <= c.jpeg_quality <= 95
    assert any(abs(abs(c.roll_deg) - 180) < 10 for c in conds)  # camera turned round sometimes
    assert any(c.hand for c in conds) and not all(c.hand for c in conds)
    assert len({c.seed for c in conds}) == len(conds)


def test_without_three_markers_in_view_only_tags_are_reported():
    # The camera looks at the left part of the mat: markers 1 and 2 are out of frame.
    img, truth = render_table(early_table(), Conditions(seed=2, distance_mm=720, aim_mm=(150.0, 230.0)))
    assert truth["markers"] == [0, 3] and truth["mat"] is False
    assert truth["nobles"] == [None] * 5 and truth["bank"] == {} and truth["scan"] is None
    assert all(v == [None] * 4 for v in truth["market"].values())
    assert "1W01" in truth["tags"] and "1K05" not in truth["tags"]  # scan zone is off to the right
    found = {k for k in detect_markers(img) if k < 4}
    assert found == {0, 3}
