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
