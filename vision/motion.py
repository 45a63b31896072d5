"""A cheap measure of motion in the camera's low-resolution stream (issue 36: the camera
watches the table between presses).

A frame is reduced to a coarse grid of brightness cells (grey, area-averaged, then divided by
its own mean so a lamp flickering or a cloud passing moves nothing), and two grids are compared
cell by cell: the share of cells that changed by more than ``CELL_CHANGE`` of the mean. A hand
over the mat changes many cells; a token taken changes a few; sensor noise, averaged over a
cell, changes none. About 0.2 ms a frame at 640 x 360 here.

>>> import numpy as np
>>> meter = MotionMeter()
>>> a = np.full((360, 640, 3), 120, np.uint8)
>>> b = a.copy(); b[100:140, 300:340] = 20          # something dark appeared
>>> meter.changed(meter.grid(a), meter.grid(a * 0 + 132))   # only the light changed
0.0
>>> meter.changed(meter.grid(a), meter.grid(b)) > 0
True
"""
from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

#: Cells across and down: a cell is about 15 mm of the mat at the usual camera height (a token
#: is 41 mm: two to six cells).
GRID = (64, 36)
#: A cell has changed when its brightness moved by more than this share of the frame's mean
#: (sensor noise averaged over a cell stays under 1 %; a token on the grey mat moves 10-40 %).
CELL_CHANGE = 0.06

__all__ = ["MotionMeter", "GRID", "CELL_CHANGE"]


class MotionMeter:
    """Grids of frames and the share of cells that changed between two of them.

    ``roi``: the part of the frame to watch, as a mask the size of the grid (the mat's area:
    a hand beside the mat moves nothing that matters), or None for the whole frame.
    """

    def __init__(self, grid: tuple = GRID, cell_change: float = CELL_CHANGE,
                 roi: Optional[np.ndarray] = None):
        self.size = (int(grid[0]), int(grid[1]))
        self.cell_change = float(cell_change)
        self.roi = None if roi is None else roi.astype(bool)

    def grid(self, frame: np.ndarray) -> np.ndarray:
        """The frame as a grid of brightness relative to its own mean (float32)."""
        grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        small = cv2.resize(grey, self.size, interpolation=cv2.INTER_AREA).astype(np.float32)
        mean = float(small.mean()) if self.roi is None else float(small[self.roi].mean())
        return small / max(mean, 1.0)

    def changed(self, a: np.ndarray, b: np.ndarray) -> float:
        """The share of watched cells whose brightness differs by more than ``cell_change``."""
        diff = np.abs(a - b) > self.cell_change
        if self.roi is not None:
            return float(diff[self.roi].mean())
        return float(diff.mean())

    @staticmethod
    def mat_roi(corners_px, frame_size: tuple, grid: tuple = GRID) -> np.ndarray:
        """The grid cells inside the mat's outline (its four corners in frame pixels)."""
        w, h = frame_size
        quad = np.array(corners_px, np.float32) * np.array([grid[0] / w, grid[1] / h],
                                                           np.float32)
        mask = np.zeros((grid[1], grid[0]), np.uint8)
        cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
        return mask.astype(bool)
