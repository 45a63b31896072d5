"""The physical bench times frames, not the process's start: the tag matcher's code book (built
on first use, ~0.4 s here) is built before the first frame's clock starts, as the app builds it
when the camera opens (vision.pipeline.warm_up)."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.stages import match
from workbench.physical.bench import score_frames


class _Stop(Exception):
    pass


def test_the_code_book_is_built_before_the_first_frame(monkeypatch, tmp_path):
    match.code_book.cache_clear()
    books = []

    def first_frame(*args, **kwargs):
        books.append(match.code_book.cache_info().currsize)
        raise _Stop

    monkeypatch.setattr("vision.pipeline.read_table", first_frame)
    image = tmp_path / "frame.jpg"
    cv2.imwrite(str(image), np.zeros((8, 8, 3), np.uint8))
    with pytest.raises(_Stop):
        score_frames([(image, {})])
    assert books == [1]


def test_the_matcher_finds_the_book_the_warm_up_built():
    """The book is the one the matcher asks for: none is built on a frame's clock after it."""
    from vision.config import DEFAULT_CONFIG
    from vision.pipeline import warm_up

    match.code_book.cache_clear()
    warm_up()
    built = match.code_book.cache_info().misses
    match.code_book(DEFAULT_CONFIG.tag_prefix)  # as match_tags asks
    assert match.code_book.cache_info().misses == built


@pytest.mark.parametrize("flags, pinned", (([], True), (["--as-app"], False)))
def test_the_bench_pins_one_core_unless_asked_to_time_as_the_app(monkeypatch, tmp_path,
                                                                  capsys, flags, pinned):
    """One core by default (the CPU figure of issue 32's aim); --as-app leaves every core,
    OpenCV's threads and the stage threads to it, as the app reads a frame."""
    import json

    from workbench.physical import bench
    calls = []
    monkeypatch.setattr(bench, "pin_one_core", lambda: calls.append(1) or "pinned")
    monkeypatch.setattr(bench, "score_frames", lambda pairs, log=None, repeat=1: {"frames": len(pairs)})
    cv2.imwrite(str(tmp_path / "sample-1.jpg"), np.zeros((8, 8, 3), np.uint8))
    (tmp_path / "sample-1.json").write_text("{}")
    assert bench.main([str(tmp_path), "--json", *flags]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["frames"] == 1
    assert bool(calls) == pinned
    assert out["cpu"] == ("pinned" if pinned else "every core, as the app runs")


class _Clock:
    """process_time() stepping by each read's scripted CPU seconds (start, then end)."""

    def __init__(self, steps):
        self.now, self.steps, self.at_start = 0.0, list(steps), True

    def process_time(self):
        if not self.at_start:
            self.now += self.steps.pop(0)
        self.at_start = not self.at_start
        return self.now


def _scripted_reads(monkeypatch, walls, change_last=False):
    """read_table reading the real frame, its ``ms`` the next of `walls`; with `change_last`
    the last read also calls the frame busy."""
    from vision import pipeline

    real = pipeline.read_table(cv2.imread(str(_FRAME)))
    left = list(walls)

    def read(image, image_name=None):
        out = dict(real, ms=left.pop(0))
        if change_last and not left:
            out["busy"] = not real["busy"]
        return out

    monkeypatch.setattr("vision.pipeline.read_table", read)
    return real


_FRAME = (__import__("pathlib").Path(__file__).parents[1] / "vision_pipeline" / "data"
          / "physical-lamp-and-window.jpg")


def test_repeated_reads_time_each_frame_by_its_fastest(monkeypatch):
    """Three passes over two frames: a frame's time is its fastest read, wall and CPU alike,
    whichever pass it came in (a read slowed by other work is never the figure)."""
    from workbench.physical import bench

    real = _scripted_reads(monkeypatch, walls=[90.0, 70.0, 60.0, 95.0, 80.0, 75.0])
    # CPU ms per read, in the same order: frame 1 then 2, pass after pass.
    monkeypatch.setattr(bench, "time", _Clock([0.085, 0.072, 0.061, 0.093, 0.079, 0.074]))
    truth = dict(real, _gt={})
    s = score_frames([(_FRAME, truth), (_FRAME, truth)], repeat=3)
    (t,) = s["time"].values()
    # Frame 1 fastest on pass 2 (60 ms wall, 61 CPU), frame 2 on pass 1 (70, 72).
    assert t["median_ms"] == 65.0 and t["cpu_median_ms"] == 66.5
    assert s["repeat"] == 3 and s["repeat_differs"] == 0
    assert s["frames"] == 2


def test_a_frame_read_otherwise_on_a_later_pass_is_counted(monkeypatch):
    from workbench.physical import bench

    real = _scripted_reads(monkeypatch, walls=[90.0, 70.0], change_last=True)
    monkeypatch.setattr(bench, "time", _Clock([0.09, 0.07]))
    s = score_frames([(_FRAME, dict(real, _gt={}))], repeat=2)
    assert s["repeat_differs"] == 1


def test_a_repeat_below_one_is_turned_away(tmp_path, capsys):
    from workbench.physical import bench

    cv2.imwrite(str(tmp_path / "sample-1.jpg"), np.zeros((8, 8, 3), np.uint8))
    (tmp_path / "sample-1.json").write_text("{}")
    assert bench.main([str(tmp_path), "--repeat", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "--repeat takes a whole number of reads, 1 or more."
