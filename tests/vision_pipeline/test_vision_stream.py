"""The camera layer serves two streams (issue 36): the full still for judging and a small
stream to watch for motion between presses (picamera2's main and lores streams)."""
from __future__ import annotations

import types

import numpy as np

from vision.frames import LORES_SIZE, PiCamera


def test_the_pi_camera_serves_its_lores_stream_in_grey_and_full_stills():
    asked = {}
    w, h = LORES_SIZE

    class Picamera2:
        @staticmethod
        def global_camera_info():
            return [{"Model": "imx708"}]

        def __init__(self, num=0):
            pass

        def create_still_configuration(self, main=None, lores=None, **_):
            return {"main": dict(main or {}), "lores": dict(lores or {})}

        def configure(self, config):
            asked.update(config)

        def start(self):
            pass

        def capture_array(self, stream="main"):
            asked.setdefault("streams", []).append(stream)
            if stream == "lores":   # YUV420: the Y plane, then U and V at quarter size
                yuv = np.full((h * 3 // 2, w), 128, np.uint8)
                yuv[:h] = 60
                yuv[10:20, 30:40] = 200
                return yuv
            return np.full((1296, 2304, 3), 90, np.uint8)

        def stop(self):
            pass

        def close(self):
            pass

    module = types.ModuleType("picamera2")
    module.Picamera2 = Picamera2
    cam = PiCamera(_module_loader=lambda: module)
    assert asked["lores"] == {"size": LORES_SIZE, "format": "YUV420"}
    frame = cam.stream()
    assert frame.shape == (h, w) and frame[15, 35] == 200 and frame[h - 1, w - 1] == 60
    assert cam.still().shape == (1296, 2304, 3)
    assert asked["streams"] == ["lores", "main"]
    cam.close()
