"""The stages run side by side (``stage_threads``) give what they give one after the other.

Real frames that take every threaded path: the whole-frame codes beside the markers, the bank
beside the hands, a busy frame's sticker-sized spots and its unread slots cropped slot by slot
(the arm's shadow over the cards), a calm frame's 14 unread slots (lamp and window), and a
tag only matching reads (the finger's shadow by a lane).
"""
from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from vision.config import DEFAULT_CONFIG
from vision.pipeline import analyse, stage_workers

DATA = Path(__file__).parent / "data"


def _everything(reading) -> dict:
    """The read-table object without its time, and what the stages found on the way (the codes
    in the order they were found, each lane's runs and circles)."""
    result = dict(reading.result)
    result.pop("ms")
    return {
        "result": result,
        "codes": [(c.text, c.corners, c.decoder) for c in reading.codes],
        "bank": {c: (lane.count, lane.certain, lane.runs, lane.circles)
                 for c, lane in reading.bank.items()},
        "covered": reading.busy.covered,
        "area": reading.busy.area_mm2,
    }


@pytest.mark.parametrize("name", ["physical-arm-shadow-over-cards.jpg",
                                  "physical-lamp-and-window.jpg",
                                  "physical-finger-shadow-by-lane.jpg"])
def test_stages_in_threads_read_the_frame_as_one_thread_does(name):
    image = cv2.imread(str(DATA / name))
    plain = _everything(analyse(image, DEFAULT_CONFIG.with_(stage_threads=0)))
    # One worker: the calling thread runs most jobs no worker has started; three: few.
    for workers in (1, 3):
        threaded = _everything(analyse(image, DEFAULT_CONFIG.with_(stage_threads=workers)))
        assert threaded == plain
    # The frame took the paths the threads change: slots cropped, lanes counted.
    assert len(plain["codes"]) > 0 and sum(v[0] for v in plain["bank"].values()) > 0


def test_threads_by_default_only_beside_other_cores(monkeypatch):
    """On one core threads would only add their switching: none; a Pi's 4 cores: 3."""
    for cores, workers in ((1, 0), (2, 1), (4, 3), (8, 3)):
        monkeypatch.setattr("os.sched_getaffinity", lambda pid, n=cores: set(range(n)))
        assert stage_workers(DEFAULT_CONFIG) == workers
    assert stage_workers(DEFAULT_CONFIG.with_(stage_threads=0)) == 0
