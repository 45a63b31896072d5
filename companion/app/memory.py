"""Giving freed memory back to the system (the Pi has 1 GB for everything).

glibc keeps the heap pages a program frees for its next allocations; a Kivy app that makes and
drops many widgets and label textures ends up holding tens of MB it doesn't use (measured: a
demo game's main heap held 108 MB with 49 MB in use). ``malloc_trim(0)`` returns the free pages
of every arena; :func:`give_back` calls it, and the app calls it every few seconds.
"""
from __future__ import annotations

import ctypes
import ctypes.util

#: Seconds between two returns of freed memory while the app runs (a trim takes a few ms).
EVERY_SECONDS = 5.0

_libc = None


def give_back() -> bool:
    """Return freed heap pages to the system; False where the C library can't (not glibc)."""
    global _libc
    try:
        if _libc is None:
            _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return bool(_libc.malloc_trim(0))
    except (OSError, AttributeError):
        _libc = False
        return False


def finish_frames(window, driver: str | None = None) -> bool:
    """Wait for each frame to be drawn when the window is offscreen; True when it will.

    SDL's offscreen window draws into an EGL pbuffer, whose swap waits for nothing, so Mesa's
    threaded software renderer (llvmpipe) takes the next frames' draw commands while the
    earlier ones are still queued for rasterising. Measured on the demo: 388 MB max RSS, of
    which heaptrack showed about 200 MB held by queued draws; with ``glFinish`` after each
    flip, 236 MB and a third less CPU. A real display's swap waits for the screen and needs
    none of this, so it is bound for the offscreen driver only (the demo's stills, tests).
    """
    import os
    driver = os.environ.get("SDL_VIDEODRIVER", "") if driver is None else driver
    if driver != "offscreen":
        return False
    if id(window) not in _FINISHING:   # tests build many apps on one window: bind once
        from kivy.graphics.opengl import glFinish
        window.bind(on_flip=lambda *_: glFinish())
        _FINISHING.add(id(window))
    return True


_FINISHING: set[int] = set()
