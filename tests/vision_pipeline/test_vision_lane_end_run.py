"""Issue 32, the red lanes: the edge of a shadow cast in past a lane's end is no chip.

Tune seed 5353 frame 14 (hands beside the mat, a camera's noise added as a dim room's): a
shadow falls across the far end of the red lane's margin, and its edge, tinted by the other
light, shows as a run of 21 mm of token columns from 276 mm to the end of the lane's image
(297 mm, 10 mm past the printed lane). Its middle (286.5 mm) lies inside the lane, so it was
counted a chip: 4 read for 3 (flagged). A run cut off by the image's end is a token's part at
most; a whole token beginning where it begins would have its centre at 295.6 mm, past the
lane's end. The lane is rectified at the pipeline's 2 px/mm with its margin, with its bare
mat's colour (``-mat``)."""
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.tokens import count_lane

from .helpers import count_saved_lane

NAME = "physical-red-lane-end-shadow"


def test_shadow_edge_past_the_lane_end_is_no_chip():
    lane = count_saved_lane(NAME, DEFAULT_CONFIG, coloured=True)
    assert lane.count == 3 and lane.certain


def test_the_same_lane_judged_by_the_run_middle_reads_a_chip_too_many():
    lane = count_saved_lane(NAME, DEFAULT_CONFIG.with_(token_end_runs_whole=False),
                            coloured=True)
    assert lane.count == 4 and not lane.certain


@pytest.mark.parametrize("centre_mm", (285.0, 2.0))  # the printed lane's far and near ends
def test_a_chip_pushed_past_the_lane_end_still_counts(centre_mm):
    """A chip centred inside the lane but sticking out past the lane's image (pushed against
    its end) is cut off there too: its centre, from its inner edge, is in the lane."""
    s, margin = DEFAULT_CONFIG.lane_px_per_mm, DEFAULT_CONFIG.lane_margin_mm
    h, w = int(round((44 + 2 * margin[1]) * s)), int(round((287 + 2 * margin[0]) * s))
    yy, xx = np.mgrid[0:h, 0:w]
    cx, cy, r = (centre_mm + margin[0]) * s, h / 2.0, 19.6 * s
    deviation = np.where((xx - cx) ** 2 + (yy - cy) ** 2 <= r * r, 0.6, 0.0).astype(np.float32)
    lane = count_lane(deviation, s, 7, DEFAULT_CONFIG, span=(margin[0], margin[0] + 287.0))
    assert lane.run_count == 1
