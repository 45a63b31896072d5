"""Issue 32, the bank's CPU: the circle counter looks at a lane at 1 px/mm (a quarter of the
2 px/mm lane's pixels; its Hough transform was 12 ms of a frame's 188). On saved real lanes
(physically based frames, rectified at the pipeline's 2 px/mm with their bare mat's colour)
it finds every chip the runs count, so the lanes stay sure; with the 2 px/mm vote threshold
(25: the rims have half the pixels at 1 px/mm, so half the votes) it missed chips and the
right lanes went unsure."""
import pytest

from vision.config import DEFAULT_CONFIG

from .helpers import count_saved_lane

#: (saved lane, chips in it, a coloured lane)
LANES = [("physical-black-lane", 4, False),
         ("physical-gold-lane-chip-shadow", 4, True),
         ("physical-blue-lane-end-shadow", 1, True),
         ("physical-red-lane-end-shadow", 3, True)]


@pytest.mark.parametrize("name, chips, coloured", LANES)
def test_the_circles_at_1_px_per_mm_are_the_chips_the_runs_count(name, chips, coloured):
    assert DEFAULT_CONFIG.token_hough_px_per_mm == 1.0
    lane = count_saved_lane(name, DEFAULT_CONFIG, coloured)
    assert lane.count == chips
    assert lane.circle_count == lane.run_count
    assert lane.certain, lane.reason


def test_with_the_fine_scales_vote_threshold_the_coarse_circles_miss_chips():
    cfg = DEFAULT_CONFIG.with_(token_hough_param2=25.0)
    lanes = [count_saved_lane(name, cfg, coloured) for name, _, coloured in LANES]
    assert sum(lane.circle_count < lane.run_count for lane in lanes) >= 2
