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
    monkeypatch.setattr(bench, "score_frames", lambda pairs, log=None: {"frames": len(pairs)})
    cv2.imwrite(str(tmp_path / "sample-1.jpg"), np.zeros((8, 8, 3), np.uint8))
    (tmp_path / "sample-1.json").write_text("{}")
    assert bench.main([str(tmp_path), "--json", *flags]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["frames"] == 1
    assert bool(calls) == pinned
    assert out["cpu"] == ("pinned" if pinned else "every core, as the app runs")
