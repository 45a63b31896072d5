"""The camera pipeline as the app runs it: in the referee's worker, its overlay drawn there too,
and made ready in the background when the app starts so that the first still waits for
nothing but its own reading."""
from __future__ import annotations

import logging
import threading

log = logging.getLogger(__name__)


class TableReader:
    """Reads a still for the referee, run in the worker. What it read last (the observation and
    its overlay) stays here until the press's snapshot carries it out."""

    def __init__(self):
        self.last: dict = {}
        self.warming: threading.Thread | None = None

    def __call__(self, image):
        # Lazy: OpenCV only with a camera. The overlay (markers, slots, ids, counts, unsure
        # items) is drawn here, in the worker, so the camera view never waits for it.
        from vision.observation import draw_overlay
        from vision.pipeline import analyse
        reading = analyse(image)
        self.last = {"observation": reading.result, "overlay": draw_overlay(reading)}
        return reading.result

    def warm_in_background(self) -> threading.Thread:
        """Import the pipeline and build what its first reading would (OpenCV, the printed
        codes' book: about 1 s here, 3 s on a Pi) in a thread of its own, while the players
        are still choosing seats. A failure here is only logged: the reading tries again."""
        def warm():
            try:
                from vision.pipeline import warm_up
                warm_up()
            except Exception:  # noqa: BLE001 - the first reading will say what is wrong
                log.exception("The camera pipeline could not be made ready in advance.")

        self.warming = threading.Thread(target=warm, name="warm-reader", daemon=True)
        self.warming.start()
        return self.warming
