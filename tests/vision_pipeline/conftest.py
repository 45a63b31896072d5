"""Fixtures for the camera pipeline tests: the six sample frames with their full ground truth.

The samples live in the shared folder beside the repository (``../shared/samples/table-v1``;
CI has it there too). They are required: a missing folder fails the tests loudly instead of
skipping them.
"""
from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

REPO = Path(__file__).resolve().parents[2]
CANDIDATES = (REPO.parent / "shared" / "samples" / "table-v1", Path("/work/shared/samples/table-v1"))
FIELDS = ("mat", "markers", "nobles", "market", "decks", "bank", "scan", "tags", "foreign", "busy")


def samples_dir() -> Path:
    for cand in CANDIDATES:
        if (cand / "sample-1.jpg").exists():
            return cand
    pytest.fail("The sample frames are missing: expected shared/samples/table-v1 beside the "
                f"repository ({CANDIDATES[0]}).")


@pytest.fixture(scope="session")
def sample_dir() -> Path:
    return samples_dir()


_CACHE: dict[int, tuple] = {}


@pytest.fixture(scope="session")
def sample():
    """sample(n) -> (BGR image, expected read-table object with ``_gt``), cached."""
    def load(n: int):
        if n not in _CACHE:
            d = samples_dir()
            image = cv2.imread(str(d / f"sample-{n}.jpg"))
            assert image is not None, f"sample-{n}.jpg could not be read"
            truth = json.loads((d / f"sample-{n}.json").read_text(encoding="utf-8"))
            _CACHE[n] = (image, truth)
        image, truth = _CACHE[n]
        return image.copy(), truth
    return load


@pytest.fixture(scope="session")
def analysed(sample):
    """analysed(n) -> TableReading of sample n (cached: the pipeline is deterministic)."""
    from vision.pipeline import analyse

    cache: dict[int, object] = {}

    def run(n: int):
        if n not in cache:
            image, _ = sample(n)
            cache[n] = analyse(image, image_name=f"sample-{n}.jpg")
        return cache[n]
    return run


@pytest.fixture(scope="session")
def sample_overview(sample):
    """The rectified overview of sample 1 (no hand): the canvas busy-stage cases paint on."""
    from vision.pipeline import locate_mat, mat_deviation, prepare

    image, _ = sample(1)
    frame = prepare(image)
    return mat_deviation(frame, locate_mat(frame))
