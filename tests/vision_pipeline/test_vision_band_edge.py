"""Issue 32: a place hidden just over the band's 60 mm^2 is covered; a graze is not.

The renderer's truth counts 40 mm^2 (a fingertip's last 4 mm), and the band lets a place hidden
20-60 go either way. The look inside a place finds what is hidden to within about 10 mm^2: on
the tune sets the worst graze (16 hidden) read 45.1, and places hidden 60-74 read 48-50, so
at the line of 50 those were missed. 2D over-hand frames, made again from their seeds.
"""
from __future__ import annotations

import pytest

from vision.config import DEFAULT_CONFIG
from vision.pipeline import read_table
from workbench.vision_bench import covered_in_band

from .helpers import rendered_over_hand, slow_after


@pytest.mark.parametrize("seed,i,path", slow_after(
    (5402, 93, "bank.green"), (5202, 57, "market.2.3"), (5402, 54, "bank.green"), default=1))
def test_a_place_hidden_just_over_the_band_is_covered(seed, i, path):
    # Hidden: 61 mm^2 of the green lane (5402/93), 69 of market.2.3 (5202/57), 74 of the
    # green lane (5402/54).
    image, truth = rendered_over_hand(seed, i)
    assert 60.0 <= truth["_gt"]["hidden_mm2"][path] < 80.0
    got = read_table(image)["covered"]
    assert path in got and covered_in_band(got, truth)
    assert path not in read_table(image, DEFAULT_CONFIG.with_(busy_inside_min_mm2=50.0))[
        "covered"]
