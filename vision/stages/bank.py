"""Stage 8: the tokens in each bank lane (two counters, :mod:`vision.tokens`)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.mat import COLOURS, Mat, load_mat
from vision.stages.locate import Frame, MatLocation, rectify
from vision.stages.overview import Overview, deviation_from
from vision.tokens import LaneCount, count_lane


# --- 8. bank ------------------------------------------------------------------------------------

def lane_deviation(frame: Frame, loc: MatLocation, overview: Overview, colour: str,
                   cfg: VisionConfig = DEFAULT_CONFIG, mat: Mat | None = None) -> np.ndarray:
    """One bank lane rectified at ``lane_px_per_mm`` and its deviation from the mat colour."""
    mat = mat or load_mat()
    x, y, w, h = mat.bank[colour]
    # A margin all round: a token pushed against the end of its lane stays a whole circle.
    mx, my = cfg.lane_margin_mm
    rect = (x - mx, y - my, w + 2 * mx, h + 2 * my)
    s = cfg.lane_px_per_mm
    lane = rectify(frame.work, frame.work_scale, loc, rect, s)
    so = overview.px_per_mm
    x, y, w, h = rect
    bg = overview.background[int(round(y * so)):int(round((y + h) * so)),
                             int(round(x * so)):int(round((x + w) * so))]
    bg = cv2.resize(bg, (lane.shape[1], lane.shape[0]), interpolation=cv2.INTER_LINEAR)
    return deviation_from(lane, bg)


def count_bank(frame: Frame, loc: MatLocation, overview: Overview,
               cfg: VisionConfig = DEFAULT_CONFIG, mat: Mat | None = None) -> dict[str, LaneCount]:
    """Stage 8: tokens per lane, each with whether the two counters agreed."""
    mat = mat or load_mat()
    mx, my = cfg.lane_margin_mm
    out = {}
    for c in COLOURS:
        lane = count_lane(lane_deviation(frame, loc, overview, c, cfg, mat),
                          cfg.lane_px_per_mm, mat.lane_capacity[c], cfg)
        # Positions relative to the printed lane, not to its rectified margin.
        lane.runs = [(a - mx, b - mx) for a, b in lane.runs]
        lane.circles = [(x - mx, y - my, r) for x, y, r in lane.circles]
        out[c] = lane
    return out


