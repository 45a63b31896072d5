"""The physical bench over several folders: the figures pooled, each folder's own beside them,
and every rate an aim is set on with its 95 % interval (a pooled figure is judged with it)."""
from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest

from workbench.physical.bench import score_frames
from workbench.vision_bench import load_truth_frames

SAMPLES = Path(__file__).resolve().parents[2].parent / "shared" / "samples" / "table-v1"


@pytest.fixture
def two_sets(tmp_path, monkeypatch):
    """Two folders of the shared samples' frames; the reader answers the truth, but in the
    second folder it reads one black chip too many in every calm frame."""
    if not SAMPLES.is_dir():
        pytest.skip("the shared samples are not beside the repository")
    names = sorted(p.stem for p in SAMPLES.glob("sample-*.json"))[:4]
    folders = []
    for k in ("a", "b"):
        d = tmp_path / k
        d.mkdir()
        for n in names:
            shutil.copy(SAMPLES / f"{n}.jpg", d / f"{n}.jpg")
            shutil.copy(SAMPLES / f"{n}.json", d / f"{n}.json")
        folders.append(d)
    truths = {str(p): t for d in folders for p, t in load_truth_frames(d)}

    def read(img, image_name=None):
        # (The bench names frames by file name only: the folder comes from the call order.)
        path, truth = order.pop(0)
        result = copy.deepcopy(truth)
        if path.parent.name == "b" and not truth["busy"]:
            result["bank"]["black"] += 1
        result["ms"] = 1.0
        return result

    order: list = []
    monkeypatch.setattr("vision.pipeline.read_table", read)
    monkeypatch.setattr("vision.pipeline.warm_up", lambda: None)
    pairs = [(p, truths[str(p)]) for d in folders for p, _ in load_truth_frames(d)]
    order.extend(pairs)
    return folders, pairs


def test_each_folder_is_scored_on_its_own_beside_the_pool(two_sets):
    folders, pairs = two_sets
    s = score_frames(pairs)
    calm = sum(not t["busy"] for _, t in pairs) // 2
    assert calm  # (the samples chosen have calm frames)
    a, b = (s["by_set"][str(d)] for d in folders)
    assert a["lanes_by_colour"]["black"] == f"{calm}/{calm}"
    assert b["lanes_by_colour"]["black"] == f"0/{calm}"
    assert b["lanes_by_colour"]["white"] == f"{calm}/{calm}"
    assert s["lanes_by_colour"]["black"] == f"{calm}/{2 * calm}"
    assert a["false_busy"] == f"0/{calm}"
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
