"""Frame sources behind one interface: the Pi camera, a USB camera, image files, the renderer.

Every source gives BGR ``numpy`` frames through :meth:`FrameSource.read` (one frame) or by
iterating over it (``(name, frame)`` pairs). A camera that is missing or unplugged raises
:class:`CameraUnavailable`, a cause and its facts (``companion.i18n.devices`` says the sentence);
the caller decides what to do and keeps running. Camera libraries are imported only when a camera is opened.
"""
from __future__ import annotations

import os
import threading
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Callable, Iterator, Sequence

import numpy as np

from companion.engine.inputs import FileFacts
from vision.image_file import ImageRefused, load_image_file

#: Still size of the Pi Camera Module 3 mode that reads 30 mm tags (see spec/table.md).
PI_STILL_SIZE = (2304, 1296)
#: The Pi camera's second, low-resolution stream, watched for motion between presses.
LORES_SIZE = (640, 360)
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp", ".ppm", ".pgm")


class CameraUnavailable(FileFacts, RuntimeError):
    """The camera is missing, unplugged or busy: a cause and its facts, said by
    ``companion.i18n.devices`` (vision says no sentence).

    Causes: the Pi camera's ``no-picamera2`` (the library is not installed),
    ``pi-not-queried``, ``pi-not-started``, ``pi-stopped`` (``reason``: the library's words),
    ``no-pi-camera``; a USB camera's ``no-usb-camera``, ``usb-stopped`` (``device``: its
    path); ``not-a-camera`` (``spec``: what was named instead of ``pi``/``usb``)."""


class NotAnImage(ImageRefused):
    """A file given as a picture of the table is not an image that can be read: the image
    reader's cause and facts (see ``ImageRefused``), said by ``companion.i18n.files``."""


class FrameSource(ABC):
    """Something that produces BGR frames of the table."""

    name = "frames"

    @abstractmethod
    def read(self) -> np.ndarray:
        """The next frame (BGR, uint8). Raises CameraUnavailable / StopIteration at the end."""

    def close(self) -> None:
        """Release the device (a no-op for files)."""

    def still(self) -> np.ndarray:
        """A still of the table now, for judging a turn (the app calls this from a worker
        thread; one still at a time)."""
        lock = self.__dict__.setdefault("_still_lock", threading.Lock())
        with lock:
            return self._fresh()

    def _fresh(self) -> np.ndarray:
        return self.read()

    def stream(self) -> np.ndarray:
        """The next frame of the low-resolution stream the app watches between presses (BGR
        or grey; issue 36), taken between stills (never while one is taken: the watcher's
        thread and the referee's share the device)."""
        lock = self.__dict__.setdefault("_still_lock", threading.Lock())
        with lock:
            return self._stream_frame()

    def _stream_frame(self) -> np.ndarray:
        return self.read()   # a source without a stream of its own serves its frames

    def __iter__(self) -> Iterator[tuple[str, np.ndarray]]:
        i = 0
        while True:
            try:
                frame = self.read()
            except StopIteration:
                return
            i += 1
            yield f"{self.name}-{i:04d}", frame

    def __enter__(self) -> "FrameSource":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# --- the Pi camera (picamera2) -------------------------------------------------------------------

class PiCamera(FrameSource):
    """A Raspberry Pi CSI camera through picamera2 (Debian's python3-picamera2).

    Takes stills at `size` (at least 2304 x 1296: 30 mm tags need it). OpenCV cannot open
    these cameras, so this is the only way to them.
    """

    name = "picamera"

    def __init__(self, camera_num: int = 0, size: tuple[int, int] = PI_STILL_SIZE,
                 _module_loader: Callable[[], object] | None = None):
        if size[0] < PI_STILL_SIZE[0] or size[1] < PI_STILL_SIZE[1]:
            raise ValueError(f"Pi camera stills must be at least {PI_STILL_SIZE[0]} x "
                             f"{PI_STILL_SIZE[1]} to read the tags, not {size[0]} x {size[1]}.")
        loader = _module_loader or _import_picamera2
        module = loader()
        try:
            cameras = module.Picamera2.global_camera_info()
        except Exception as exc:  # libcamera errors have no common base class
            raise CameraUnavailable("pi-not-queried", reason=str(exc)) from exc
        if camera_num >= len(cameras):
            raise CameraUnavailable("no-pi-camera")
        try:
            self._cam = module.Picamera2(camera_num)
            # "RGB888" in picamera2 is laid out B, G, R in memory: what OpenCV calls BGR.
            # Two streams (issue 36): the full still for judging, and a small one to watch
            # for motion between presses (YUV420: its first plane is the grey picture).
            config = self._cam.create_still_configuration(
                main={"size": tuple(size), "format": "RGB888"},
                lores={"size": LORES_SIZE, "format": "YUV420"})
            self._cam.configure(config)
            self._cam.start()
        except Exception as exc:
            raise CameraUnavailable("pi-not-started", reason=str(exc)) from exc
        self.size = tuple(size)

    def read(self) -> np.ndarray:
        try:
            frame = self._cam.capture_array("main")
        except Exception as exc:
            raise CameraUnavailable("pi-stopped", reason=str(exc)) from exc
        return np.ascontiguousarray(frame[:, :, :3])

    def _stream_frame(self) -> np.ndarray:
        try:
            yuv = self._cam.capture_array("lores")
        except Exception as exc:
            raise CameraUnavailable("pi-stopped", reason=str(exc)) from exc
        return np.ascontiguousarray(yuv[:LORES_SIZE[1], :LORES_SIZE[0]])

    def close(self) -> None:
        cam = getattr(self, "_cam", None)
        if cam is not None:
            try:
                cam.stop()
                cam.close()
            finally:
                self._cam = None


def _import_picamera2():
    try:
        import picamera2  # noqa: PLC0415 - only on a Pi
    except ImportError as exc:
        raise CameraUnavailable("no-picamera2") from exc
    return picamera2


# --- a USB camera (OpenCV) ------------------------------------------------------------------------

class UsbCamera(FrameSource):
    """A USB (UVC) camera through OpenCV's VideoCapture."""

    name = "usb"

    def __init__(self, index: int | str = 0, size: tuple[int, int] | None = PI_STILL_SIZE,
                 _capture_factory: Callable[[int | str], object] | None = None):
        import cv2

        factory = _capture_factory or cv2.VideoCapture
        self.index = index
        self._cap = factory(index)
        if not self._cap.isOpened():
            self._cap.release()
            raise CameraUnavailable("no-usb-camera", device=_describe(index))
        if size:
            self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])

    def read(self) -> np.ndarray:
        ok, frame = self._cap.read() if self._cap is not None else (False, None)
        if not ok or frame is None:
            raise CameraUnavailable("usb-stopped", device=_describe(self.index))
        return frame

    def _fresh(self) -> np.ndarray:
        # Drop the frames the driver buffered: judge what is on the table now.
        for _ in range(2):
            if self._cap is not None:
                self._cap.grab()
        return self.read()

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None


def _describe(index: int | str) -> str:
    return f"/dev/video{index}" if isinstance(index, int) else str(index)


# --- image files and folders -----------------------------------------------------------------------

def load_image(path: str | os.PathLike) -> np.ndarray:
    """Read one image file as BGR; NotAnImage (its cause and facts) when it can't be. The
    pixel count is checked from the header before decoding (``vision.image_file``)."""
    try:
        return load_image_file(path)
    except ImageRefused as exc:
        raise NotAnImage(exc.cause, **exc.facts) from None


def expand_paths(paths: Sequence[str | os.PathLike]) -> list[Path]:
    """Files as given; folders replaced by the images in them, sorted by name."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend(sorted(q for q in p.iterdir()
                              if q.is_file() and q.suffix.lower() in IMAGE_SUFFIXES))
        else:
            out.append(p)
    return out


class ImageFiles(FrameSource):
    """Image files and folders of images, in order."""

    name = "files"

    def __init__(self, paths: Sequence[str | os.PathLike]):
        self.paths = expand_paths(paths)
        self._next = 0

    def read(self) -> np.ndarray:
        if self._next >= len(self.paths):
            raise StopIteration
        path = self.paths[self._next]
        self._next += 1
        return load_image(path)

    def __iter__(self) -> Iterator[tuple[str, np.ndarray]]:
        for path in self.paths[self._next:]:
            self._next += 1
            yield path.name, load_image(path)


def open_camera(choice: str) -> FrameSource | None:
    """The camera the app's settings name: ``"none"`` (or empty) -> None; ``"auto"`` -> the Pi
    camera, else the first USB camera; ``"0"``, ``"1"``... -> that USB camera. Raises
    CameraUnavailable (a cause and its facts) when it can't be opened."""
    choice = (choice or "").strip()
    if choice in ("", "none"):
        return None
    if choice == "auto":
        try:
            return PiCamera()
        except CameraUnavailable:
            return UsbCamera(0)
    if choice.isdigit():
        return UsbCamera(int(choice))
    return open_source(choice)


def open_source(spec: str) -> FrameSource:
    """A source from a short description: ``pi``, ``pi:1``, ``usb``, ``usb:2``, or a path to
    an image or a folder. (Rendered frames come from ``workbench.synthetic.source``: the
    runtime never imports the workbench.)"""
    kind, _, arg = spec.partition(":")
    if kind == "pi":
        return PiCamera(int(arg or 0))
    if kind == "usb":
        return UsbCamera(int(arg) if arg.isdigit() else (arg or 0))
    return ImageFiles([spec])
