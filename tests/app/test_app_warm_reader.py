"""The camera pipeline is made ready while the players choose seats: a process's first reading
would otherwise wait for OpenCV and the printed codes' book the tag matcher compares with
(segno encodes 100 codes: about half a second here, over a second on a Pi), and the first
setup check is that reading."""
from __future__ import annotations

import numpy as np

from companion.app.controller import Controller
from vision.stages.match import code_book


class Still:
    def still(self):
        return np.zeros((8, 8, 3), np.uint8)


def test_a_controller_with_a_camera_builds_the_code_book_in_the_background(tmp_path):
    code_book.cache_clear()
    ctl = Controller(tmp_path, camera=Still(), threaded=True)
    try:
        _check_warmed_once(ctl)
    finally:
        ctl.close()


def _check_warmed_once(ctl):
    warming = ctl._reading.warming
    assert warming is not None and warming.name == "warm-reader"
    warming.join(timeout=60)
    assert not warming.is_alive()
    assert code_book.cache_info().currsize == 1
    # Once a process: a camera opened again (Settings) starts nothing more.
    ctl.warm_reader()
    assert ctl._reading.warming is warming


def test_no_camera_no_warming(tmp_path):
    ctl = Controller(tmp_path, threaded=True)
    try:
        assert ctl._reading.warming is None
        ctl.camera = Still()      # the window opens the camera after making the controller
        ctl.warm_reader()
        assert ctl._reading.warming is not None
        ctl._reading.warming.join(timeout=60)
    finally:
        ctl.close()
