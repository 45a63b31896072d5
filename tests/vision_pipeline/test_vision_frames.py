"""Frame sources: files and folders, and cameras that are missing or unplugged."""
from __future__ import annotations

import importlib.util

import cv2
import numpy as np
import pytest

from companion.i18n.devices import english
from vision.frames import (CameraUnavailable, ImageFiles, NotAnImage, PiCamera, UsbCamera,
                           expand_paths, load_image, open_source)

from .conftest import samples_dir


def test_a_missing_usb_camera_is_reported_as_facts():
    with pytest.raises(CameraUnavailable) as info:
        UsbCamera(63)
    assert (info.value.cause, info.value.facts) == ("no-usb-camera", {"device": "/dev/video63"})
    assert english(info.value) == ("No USB camera answers at /dev/video63: check that it is "
                                   "plugged in.")


def test_a_camera_that_stops_sending_is_reported(tmp_path):
    # A short clip stands in for a camera that is unplugged after two frames.
    clip = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(clip), cv2.VideoWriter_fourcc(*"MJPG"), 5, (320, 240))
    assert writer.isOpened()
    for i in range(2):
        writer.write(np.full((240, 320, 3), 60 * i, np.uint8))
    writer.release()
    cam = UsbCamera(str(clip), size=None)
    assert cam.read().shape == (240, 320, 3)
    cam.read()
    with pytest.raises(CameraUnavailable) as info:
        cam.read()
    assert (info.value.cause, info.value.facts) == ("usb-stopped", {"device": str(clip)})
    cam.close()


@pytest.mark.skipif(importlib.util.find_spec("picamera2") is not None,
                    reason="a real picamera2 is installed here")
def test_pi_camera_without_picamera2_is_reported():
    with pytest.raises(CameraUnavailable) as info:
        PiCamera()
    assert info.value.cause == "no-picamera2" and "picamera2" in english(info.value)
    with pytest.raises(CameraUnavailable):
        open_source("pi")


def test_pi_camera_refuses_stills_too_small_for_tags():
    with pytest.raises(ValueError, match="at least 2304 x 1296"):
        PiCamera(size=(1280, 960))


def test_image_files_and_folders(tmp_path):
    d = samples_dir()
    paths = expand_paths([d])
    assert [p.name for p in paths][:2] == ["sample-1.jpg", "sample-2.jpg"] and len(paths) == 6
    frames = list(ImageFiles([d / "sample-4.jpg"]))
    assert frames[0][0] == "sample-4.jpg" and frames[0][1].shape == (1080, 1920, 3)
    bad = tmp_path / "x.png"
    bad.write_bytes(b"\x89PNG not really")
    with pytest.raises(NotAnImage) as refused:
        load_image(bad)
    assert refused.value.cause == "not-an-image"
    with pytest.raises(NotAnImage) as refused:
        load_image(tmp_path)
    # A folder is the file reader's refusal, kept as facts; the words are made in i18n.
    from companion.i18n.files import english
    facts = refused.value.facts["input"]
    assert (refused.value.cause, facts["cause"], facts["kind"]) == ("unreadable", "not-a-file",
                                                                    "folder")
    assert "is a folder" in english(refused.value)


def test_synthetic_frames_come_with_their_truth():
    from workbench.synthetic.source import SyntheticTable
    from vision.pipeline import read_table

    source = SyntheticTable(seed=4, count=1, size=(2304, 1296), hand=False)
    frames = list(source)
    assert len(frames) == 1
    name, frame = frames[0]
    assert name == "synthetic-0001" and frame.shape == (1296, 2304, 3)
    truth = source.last_truth
    result = read_table(frame)
    assert result["mat"] is True and result["busy"] is False
    assert result["market"] == truth["market"] and result["bank"] == truth["bank"]
