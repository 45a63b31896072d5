"""Rendered frames of random tables as a frame source (the vision bench and tests' camera)."""
from __future__ import annotations

import numpy as np

from vision.frames import FrameSource
from workbench import synthetic as render


class SyntheticTable(FrameSource):
    """Rendered frames of random tables (workbench.synthetic), with their truth in :attr:`last_truth`."""

    name = "synthetic"

    def __init__(self, seed: int = 0, count: int | None = None, **conditions):
        self._render = render
        self._rng = np.random.default_rng(seed)
        self._conditions = conditions
        self.count = count
        self._done = 0
        self.last_truth: dict | None = None

    def read(self) -> np.ndarray:
        if self.count is not None and self._done >= self.count:
            raise StopIteration
        r = self._render
        state = r.random_table_state(self._rng, players=int(self._rng.integers(2, 5)))
        cond = r.random_conditions(self._rng, **self._conditions)
        frame, truth = r.render_table(state, cond)
        self._done += 1
        self.last_truth = truth
        return frame


