"""`splendor-companion read-table` as a user runs it: a subprocess."""
from __future__ import annotations

import pytest

import json
import subprocess
import sys

import cv2

from .conftest import FIELDS, samples_dir

CLI = [sys.executable, "-m", "companion.cli.main"]


def run(*args, cwd=None):
    return subprocess.run(CLI + [str(a) for a in args], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


def test_json_line_per_image_matches_the_samples():
    d = samples_dir()
    proc = run("read-table", "--json", d / "sample-1.jpg", d / "sample-5.jpg")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 2
    for line, n in zip(lines, (1, 5)):
        got = json.loads(line)
        want = json.loads((d / f"sample-{n}.json").read_text())
        assert got["image"] == f"sample-{n}.jpg"
        assert {k: got[k] for k in FIELDS} == {k: want[k] for k in FIELDS}
        assert set(got) == set(FIELDS) | {"image", "uncertain", "covered", "ms"}
        assert got["covered"] == [] and got["busy"] is False


def test_text_output_reads_like_sentences():
    d = samples_dir()
    proc = run("read-table", d / "sample-6.jpg")
    assert proc.returncode == 0, proc.stderr
    assert "A hand or arm is over the mat" in proc.stdout
    assert "Bank: white 5, blue 7, green 6, red 7, black 7, gold 1." in proc.stdout


def test_a_file_that_is_not_an_image_exits_2_with_a_message(tmp_path):
    bad = tmp_path / "notes.jpg"
    bad.write_text("this is not a picture")
    proc = run("read-table", "--json", bad, samples_dir() / "sample-2.jpg")
    assert proc.returncode == 2
    assert f"{bad} is not an image that can be read" in proc.stderr
    # The good image is still read.
    assert json.loads(proc.stdout.strip())["image"] == "sample-2.jpg"


def test_a_missing_file_exits_2(tmp_path):
    proc = run("read-table", tmp_path / "nope.jpg")
    assert proc.returncode == 2
    assert "does not exist" in proc.stderr


def test_overlay_writes_an_annotated_copy(tmp_path):
    d = samples_dir()
    out = tmp_path / "overlays"
    proc = run("read-table", d / "sample-3.jpg", "--overlay", out)
    assert proc.returncode == 0, proc.stderr
    written = out / "sample-3-overlay.jpg"
    img = cv2.imread(str(written))
    original = cv2.imread(str(d / "sample-3.jpg"))
    assert img is not None and img.shape == original.shape
    # Annotations changed the picture (outlines and labels drawn on it).
    assert (cv2.absdiff(img, original).max(axis=2) > 60).mean() > 0.005


@pytest.mark.slow  # 8 s, a smoke run of a benchmark (issue 35: the suite's time)
def test_bench_vision_reports_every_figure(tmp_path):
    # One rendered frame and the samples: a smoke run of the benchmark, not a measurement.
    proc = run("bench-vision", "--frames", "1", "--seed", "5", "--json",
               "--cache", tmp_path)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert "setNumThreads(1)" in report["threads"]
    for label in ("rendered", "samples"):
        r = report[label]
        for key in ("tags_read_pct", "wrong_ids", "lanes_exact_pct", "lanes_wrong_unflagged",
                    "busy_recall_pct", "false_busy_pct", "time"):
            assert key in r
    assert report["samples"]["frames"] == 6 and report["samples"]["wrong_ids"] == 0
    assert set(report["decoders"]) == {"zxing", "pyzbar", "zxing+pyzbar",
                                       "zxing+zxing-histogram+pyzbar"}
    assert report["decoders"]["zxing"]["slots"] > 0


def test_bench_scores_covered_strictly_and_within_the_band():
    from workbench.vision_bench import Score

    def frame(got: list[str]) -> dict:
        return {"mat": True, "busy": bool(got), "covered": got, "nobles": [None] * 5,
                "market": {lv: [None] * 4 for lv in "123"}, "scan": None, "tags": [],
                "bank": {}, "decks": {}, "uncertain": [], "ms": 1.0}

    truth = frame(["market.1.2", "bank.red"])
    truth["_gt"] = {"hidden_mm2": {"market.1.2": 45.0, "bank.red": 900.0, "market.1.3": 10.0},
                    "grazed": ["market.1.3"]}
    score = Score()
    score.add("a", frame(["bank.red"]), truth)  # misses a region hidden 45 mm^2: in the band
    score.add("b", frame(["market.1.2", "bank.red", "market.1.3"]), truth)  # 10 mm^2: grazed
    score.add("c", frame(["market.1.2"]), truth)  # misses one hidden 900 mm^2
    score.add("d", frame(["market.1.2", "bank.red"]), truth)
    s = score.summary()
    assert s["covered_frames"] == 4
    assert s["covered_strict_pct"] == 25.0  # d
    assert s["covered_exact_pct"] == 50.0  # b, d (lenient: grazed may be reported)
    assert s["covered_band_pct"] == 50.0  # a, d


def test_bench_judges_ids_where_the_truth_cant_place_the_mat_by_where_the_cards_lie():
    """A hand over two corner markers: the truth can't place the mat (its slots are null), but
    the pipeline read 3 markers and placed it. An id read in the slot where that card lies is
    not wrong; one read in another slot, or a card not on the table, is."""
    from workbench.vision_bench import Score

    def frame(mat: bool, market1: list) -> dict:
        return {"mat": mat, "busy": True, "covered": [], "nobles": [None] * 5,
                "market": {"1": market1, "2": [None] * 4, "3": [None] * 4}, "scan": None,
                "tags": [i for i in market1 if i], "bank": {}, "decks": {}, "uncertain": [],
                "ms": 1.0}

    truth = frame(False, [None] * 4)
    truth["tags"] = []
    truth["_gt"] = {"tag_slots": {"1G08": "market.1.0", "1W03": "market.1.1"},
                    "present_ids": ["1G08", "1W03"]}
    score = Score()
    score.add("right", frame(True, ["1G08", "1W03", None, None]), truth)
    assert score.wrong_ids == 0
    score.add("swapped", frame(True, ["1W03", "1G08", None, None]), truth)
    assert score.wrong_ids == 2
    score.add("absent", frame(True, [None, None, "1K08", None]), truth)
    assert score.wrong_ids == 4  # in a slot it isn't in, and not on the table at all


def test_a_mat_the_truth_cant_place_either_is_not_missed():
    """Markers under a hand: no mat by the truth, none found is right (counted apart); a mat
    in view by the truth and not found is missed."""
    from workbench.vision_bench import Score

    def frame(mat: bool) -> dict:
        return {"mat": mat, "busy": True, "covered": [], "nobles": [None] * 5,
                "market": {lv: [None] * 4 for lv in "123"}, "scan": None, "tags": [],
                "bank": {}, "decks": {}, "uncertain": [], "ms": 1.0}

    score = Score()
    score.add("hidden", frame(False), frame(False))
    score.add("missed", frame(False), frame(True))
    score.add("found", frame(True), frame(True))
    s = score.summary()
    assert (s["mat_missed"], s["mat_hidden"]) == (1, 1)


def test_a_missing_camera_is_a_message_not_a_crash():
    proc = run("read-table", "--camera", "usb:63")
    assert proc.returncode == 1
    assert "No USB camera answers at /dev/video63: check that it is plugged in." in proc.stderr
    assert "Traceback" not in proc.stderr
