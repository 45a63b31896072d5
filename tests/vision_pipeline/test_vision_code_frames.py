"""The tag matcher's finder triples (``code_frames``) look at only the pairs of finders about a
leg apart (issue 32: the triple loop over every three of eight finders took 2 ms a slot). The
frames are those of the plain loop over every triple, in the same order, on the finders of real
crops and of made-up ones (legs just inside and just outside the tolerance)."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG as CFG
from vision.stages.codes import even_out
from vision.stages.match import code_frames, find_finders

DATA = Path(__file__).parent / "data"
PPM = CFG.tag_module_mm * 4.0  # px a module in the 4 px/mm crops


def _every_triple(finders, px_per_module, cfg=CFG) -> list:
    """The plain loop: every corner with every two others."""
    leg = 14.0 * px_per_module
    lo, hi = (1.0 - cfg.match_leg_tolerance) * leg, (1.0 + cfg.match_leg_tolerance) * leg
    frames = []
    for i, a in enumerate(finders):
        corner = np.array(a[:2])
        for j, b in enumerate(finders):
            for k in range(j + 1, len(finders)):
                if i in (j, k):
                    continue
                c = finders[k]
                ab, ac = np.array(b[:2]) - corner, np.array(c[:2]) - corner
                nab, nac = float(np.hypot(*ab)), float(np.hypot(*ac))
                if not (lo < nab < hi and lo < nac < hi):
                    continue
                if abs(float(ab @ ac)) / (nab * nac) > cfg.match_right_angle_cos:
                    continue
                right, down = (ab, ac) if ab[0] * ac[1] - ab[1] * ac[0] > 0 else (ac, ab)
                frames.append((a[2] + b[2] + c[2], corner, corner + right, corner + down))
    frames.sort(key=lambda f: -f[0])
    return frames


def _same(got, want) -> bool:
    return len(got) == len(want) and all(
        g[0] == w[0] and all(np.array_equal(x, y) for x, y in zip(g[1:], w[1:]))
        for g, w in zip(got, want))


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("physical-*4ppmm.png")))
def test_real_crops_give_the_frames_of_every_triple(name):
    crop = even_out(cv2.imread(str(DATA / name), cv2.IMREAD_GRAYSCALE), 4.0, CFG.match_smooth_mm)
    finders = find_finders(crop.astype(np.float32), PPM)
    assert _same(code_frames(finders, PPM), _every_triple(finders, PPM))


def test_legs_at_the_tolerance_give_the_frames_of_every_triple():
    rng = np.random.default_rng(32)
    leg = 14.0 * PPM
    found = 0
    for _ in range(200):
        x, y = rng.uniform(60.0, 200.0, 2)
        # Legs straddling both ends of the tolerance, and some finders anywhere.
        s = rng.choice([0.8499, 0.8501, 1.0, 1.1499, 1.1501], 3)
        finders = [(x, y, 0.9), (x + s[0] * leg, y, 0.8), (x, y + s[1] * leg, 0.7),
                   (x + s[2] * leg, y + s[2] * leg, 0.6)]
        finders += [(float(a), float(b), float(v)) for a, b, v in rng.uniform(0, 300, (4, 3))]
        got, want = code_frames(finders, PPM), _every_triple(finders, PPM)
        assert _same(got, want)
        found += len(want)
    assert found > 0
