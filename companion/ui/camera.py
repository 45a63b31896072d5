"""Camera sources for the app: a still (BGR numpy array) on demand, taken in a worker thread.

OpenCV and picamera2 are imported lazily, only when a camera is chosen in the settings.
"""
from __future__ import annotations

import threading


class CameraError(RuntimeError):
    """The camera can't be opened or read; the message is a sentence for the players."""


class OpenCvCamera:
    """A USB camera through OpenCV (cv2.VideoCapture can't read a Pi CSI camera)."""

    def __init__(self, index: int = 0, width: int = 2304, height: int = 1296):
        import cv2
        self._cv2 = cv2
        self.cap = cv2.VideoCapture(index)
        if not self.cap.isOpened():
            raise CameraError(f"Camera device {index} can't be opened.")
        self.cap.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        self.cap.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        self._lock = threading.Lock()

    def still(self):
        with self._lock:
            for _ in range(2):  # drop a buffered frame: judge what is on the table now
                self.cap.grab()
            ok, frame = self.cap.read()
        if not ok:
            raise CameraError("The camera gave no picture.")
        return frame

    def close(self):
        self.cap.release()


class PiCamera:
    """The Pi camera (CSI) through picamera2, at the 2304 x 1296 still size the tags need."""

    def __init__(self, width: int = 2304, height: int = 1296):
        try:
            from picamera2 import Picamera2
        except ImportError as exc:
            raise CameraError("picamera2 is not installed (Debian's python3-picamera2).") from exc
        self.cam = Picamera2()
        config = self.cam.create_still_configuration(main={"size": (width, height),
                                                           "format": "BGR888"})
        self.cam.configure(config)
        self.cam.start()
        self._lock = threading.Lock()

    def still(self):
        with self._lock:
            # picamera2's "BGR888" is stored B,G,R... in memory as OpenCV expects.
            return self.cam.capture_array("main")

    def close(self):
        self.cam.stop()


class StillCamera:
    """Hands out stills from a callable (the demo's rendered table, tests' sample photos)."""

    def __init__(self, source):
        self.source = source

    def still(self):
        return self.source()

    def close(self):
        pass


def open_camera(choice: str):
    """The camera the settings name: "none" -> None, "auto" (Pi camera, else device 0), "0"..."""
    if choice in ("", "none"):
        return None
    if choice == "auto":
        try:
            return PiCamera()
        except CameraError:
            return OpenCvCamera(0)
    return OpenCvCamera(int(choice))
