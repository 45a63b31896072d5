"""The physical bench over several folders: the figures pooled, each folder's own beside them,
and every rate an aim is set on with its 95 % interval (a pooled figure is judged with it)."""
from __future__ import annotations

import copy
import json

import cv2
import numpy as np
import pytest

from workbench.physical.bench import score_frames
from workbench.vision_bench import load_truth_frames


def _truth(k: int) -> dict:
    """A frame's truth as the physical renderer writes it: every other frame has a hand over
    the market (busy), the rest a calm table with a full bank."""
    busy = k % 2 == 1
    return {"mat": True, "markers": [0, 1, 2, 3], "nobles": [None] * 5,
            "market": {lv: [None] * 4 for lv in "123"}, "decks": {lv: True for lv in "123"},
            "bank": {"white": 4, "blue": 4, "green": 4, "red": 4, "black": 4, "gold": 5},
            "scan": None, "tags": [], "foreign": [], "busy": busy,
            "covered": ["market.1.0"] if busy else [],
            "_gt": {"resolution": [64, 36], "hidden_mm2": {"market.1.0": 900.0} if busy else {}}}


@pytest.fixture
def two_sets(tmp_path, monkeypatch):
    """Two folders of four frames; the reader answers the truth, but in the second folder it
    reads one black chip too many in every calm frame."""
    folders = []
    for name in ("a", "b"):
        d = tmp_path / name
        d.mkdir()
        for k in range(4):
            cv2.imwrite(str(d / f"sample-{k}.jpg"), np.zeros((36, 64, 3), np.uint8))
            (d / f"sample-{k}.json").write_text(json.dumps(_truth(k)), encoding="utf-8")
        folders.append(d)
    pairs = [pair for d in folders for pair in load_truth_frames(d)]
    order = list(pairs)

    def read(img, image_name=None):
        # (The bench names a frame by its file's name only: the folder is the call's order.)
        path, truth = order.pop(0)
        result = copy.deepcopy(truth)
        if path.parent.name == "b" and not truth["busy"]:
            result["bank"]["black"] += 1
        result["ms"] = 1.0
        return result

    monkeypatch.setattr("vision.pipeline.read_table", read)
    monkeypatch.setattr("vision.pipeline.warm_up", lambda: None)
    return folders, pairs


def test_each_folder_is_scored_on_its_own_beside_the_pool(two_sets):
    folders, pairs = two_sets
    s = score_frames(pairs)
    calm = sum(not t["busy"] for _, t in pairs) // 2
    a, b = (s["by_set"][str(d)] for d in folders)
    assert a["lanes_by_colour"]["black"] == f"{calm}/{calm}"
    assert b["lanes_by_colour"]["black"] == f"0/{calm}"
    assert b["lanes_by_colour"]["white"] == f"{calm}/{calm}"
    assert s["lanes_by_colour"]["black"] == f"{calm}/{2 * calm}"
    assert a["false_busy"] == f"0/{calm}"
    assert a["busy_recall"] == b["covered_band"] == "2/2"
    json.dumps(s)  # (the bench prints it as JSON)


def test_the_pooled_rates_carry_their_95_percent_interval(two_sets):
    _, pairs = two_sets
    s = score_frames(pairs)
    low, high = s["intervals"]["lanes_black"]
    assert low < 50.0 < high  # half of the black lanes right
    assert s["intervals"]["lanes_white"][1] == 100.0
    assert s["intervals"]["lanes_white"][0] < 100.0  # a handful of lanes proves no 100 %
    assert s["intervals"]["false_busy"][0] == 0.0


def test_one_folder_has_no_breakdown(two_sets):
    folders, pairs = two_sets
    s = score_frames([p for p in pairs if p[0].parent == folders[0]])
    assert "by_set" not in s
    assert s["intervals"]["lanes_black"][1] == 100.0
