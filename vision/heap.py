"""The C heap's thresholds, pinned for the pipeline's large per-frame arrays.

glibc hands an allocation above its mmap threshold fresh pages from the kernel, and every one of
them faults when first touched. The threshold moves by itself (up to 32 MB) as large blocks are
freed, so which of a frame's arrays come back fresh depended on what happened to be allocated
and freed before: importing one more module at start-up cost ~8,000 page faults (~32 MB) and
~13 ms a frame here. Pinned, a frame's arrays are reused from the heap frame after frame.
"""
from __future__ import annotations

import ctypes
import sys

#: glibc's mallopt() parameter numbers (malloc.h).
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
#: Allocations up to this size come from the heap (glibc's most: 32 MB on 64-bit; a frame of
#: 2304 x 1296 is 9 MB, the largest working array ~32 MB).
HEAP_MMAP_THRESHOLD = 32 << 20
#: Free memory at the heap's top is given back to the system only beyond this much (a frame's
#: working set, kept for the next frame: the process's size stays at its peak, no more).
HEAP_TRIM_THRESHOLD = 256 << 20


def pin_heap() -> bool:
    """Pin the thresholds (glibc only; elsewhere nothing changes). True if both were taken."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc (musl has no mallopt)
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return bool(mallopt(M_MMAP_THRESHOLD, HEAP_MMAP_THRESHOLD)) and bool(
        mallopt(M_TRIM_THRESHOLD, HEAP_TRIM_THRESHOLD))
