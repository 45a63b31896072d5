"""One camera layer (vision.frames) for the app and the tools, checked against a fake picamera2.

picamera2 names its formats after the libcamera/DRM convention: "RGB888" is laid out B, G, R in
memory (what OpenCV calls BGR) and "BGR888" is R, G, B. The fake below stores pixels the way
picamera2 does for the format it was configured with, so a camera layer that asks for the wrong
format gets red and blue swapped, as on a real Pi.
"""
from __future__ import annotations

import sys
import types

import cv2
import numpy as np
import pytest

from vision.frames import CameraUnavailable, PiCamera, open_camera

# The table the fake sensor sees, as (R, G, B) light: grey mat, a pure red patch, a blue one.
SCENE_RGB = np.full((1296, 2304, 3), 128, np.uint8)
SCENE_RGB[100:300, 200:400] = (255, 0, 0)
SCENE_RGB[100:300, 600:800] = (0, 0, 255)


def fake_picamera2(scene_rgb: np.ndarray = SCENE_RGB, cameras: int = 1):
    """A stand-in for the picamera2 module, recording what it was asked for."""
    asked: dict = {}

    class Picamera2:
        @staticmethod
        def global_camera_info():
            return [{"Model": "imx708"}] * cameras

        def __init__(self, num=0):
            asked["camera"] = num

        def create_still_configuration(self, main=None, **_):
            return {"main": dict(main or {})}

        def configure(self, config):
            asked["format"] = config["main"].get("format")
            asked["size"] = tuple(config["main"].get("size"))

        def start(self):
            asked["started"] = True

        def capture_array(self, stream="main"):
            fmt = asked["format"]
            # picamera2's memory layouts: "RGB888" -> B, G, R; "BGR888" -> R, G, B;
            # the X/A variants carry a fourth byte.
            if fmt == "RGB888":
                return np.ascontiguousarray(scene_rgb[:, :, ::-1])
            if fmt == "BGR888":
                return np.ascontiguousarray(scene_rgb)
            if fmt == "XRGB8888":
                return np.dstack([scene_rgb[:, :, ::-1], np.full(scene_rgb.shape[:2], 255, np.uint8)])
            raise AssertionError(f"unexpected format {fmt!r}")

        def stop(self):
            asked["stopped"] = True

        def close(self):
            asked["closed"] = True

    module = types.ModuleType("picamera2")
    module.Picamera2 = Picamera2
    return module, asked


def test_pi_camera_asks_for_the_layout_opencv_reads_and_red_arrives_red():
    module, asked = fake_picamera2()
    cam = PiCamera(_module_loader=lambda: module)
    still = cam.still()
    assert asked["format"] == "RGB888" and asked["size"] == (2304, 1296)
    assert still.shape == (1296, 2304, 3) and still.dtype == np.uint8
    # OpenCV's BGR: the red patch has its third channel full, the blue patch its first.
    assert tuple(still[200, 300]) == (0, 0, 255)
    assert tuple(still[200, 700]) == (255, 0, 0)
    # And as the pipeline sees it: hue of the red patch is red (OpenCV hue 0 or 180).
    hsv = cv2.cvtColor(still[150:250, 250:350], cv2.COLOR_BGR2HSV)
    assert int(np.median(hsv[..., 0])) in (0, 180) and int(np.median(hsv[..., 1])) > 200
    cam.close()
    assert asked.get("stopped") and asked.get("closed")


def test_the_app_camera_comes_from_vision_frames(monkeypatch):
    module, asked = fake_picamera2()
    monkeypatch.setitem(sys.modules, "picamera2", module)
    cam = open_camera("auto")
    assert isinstance(cam, PiCamera)
    still = cam.still()
    assert tuple(still[200, 300]) == (0, 0, 255)
    cam.close()
    assert open_camera("none") is None and open_camera("") is None


def test_the_old_app_camera_is_gone():
    # companion/ui/camera.py asked picamera2 for "BGR888" (R, G, B in memory): red and blue
    # swapped. There is one camera layer now.
    with pytest.raises(ImportError):
        __import__("companion.ui.camera")


def test_no_pi_camera_connected_is_a_fact():
    module, _ = fake_picamera2(cameras=0)
    with pytest.raises(CameraUnavailable) as info:
        PiCamera(_module_loader=lambda: module)
    assert (info.value.cause, info.value.facts) == ("no-pi-camera", {})


def test_a_still_read_through_the_fake_camera_reads_like_the_file(sample):
    """The whole way: what picamera2 delivers is what the pipeline reads from a file."""
    from vision.pipeline import read_table

    image, truth = sample(1)
    module, _ = fake_picamera2(scene_rgb=cv2.cvtColor(image, cv2.COLOR_BGR2RGB))
    cam = PiCamera(size=(image.shape[1], image.shape[0]), _module_loader=lambda: module)
    result = read_table(cam.still())
    assert result["bank"] == truth["bank"] and result["market"] == truth["market"]
