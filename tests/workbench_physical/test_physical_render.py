"""The physically based renderer (workbench/physical): its light colours, its camera's glare
truth, and (slow, with Mitsuba installed: `make render`) a real render whose markers and tags
lie where its truth says."""
from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from workbench.synthetic import Conditions, TableState, render_table
from workbench.synthetic.sprites import qr_matrix
from workbench.physical.camera import glare_burnt
from workbench.physical.lights import kelvin_rgb


def test_a_warm_lamp_is_red_and_daylight_near_neutral():
    r, g, b = kelvin_rgb(2800)
    assert r > 1.5 and b < 0.5
    r, g, b = kelvin_rgb(6500)
    assert abs(r - 1) < 0.1 and abs(b - 1) < 0.15
    assert kelvin_rgb(7000)[2] > 1.0


def _tagged_frame():
    state = TableState(market={1: ["1W01", "1R02"]}, nobles=["N03"])
    return render_table(state, Conditions(seed=3, jpeg_quality=None))


def test_a_hot_spot_over_a_tag_burns_it_out_and_a_clean_tag_is_not():
    img, truth = _tagged_frame()
    quads = truth["_gt"]["tag_corners_px"]
    for tid, quad in quads.items():
        assert glare_burnt(img, quad, qr_matrix("SPL:" + tid)) < 0.05, tid
    quad = np.array(quads["1W01"], np.float32)
    hot = img.copy()
    c = quad.mean(0)
    r = 0.3 * np.linalg.norm(quad[0] - quad[1])
    cv2.circle(hot, (int(c[0]), int(c[1])), int(r), (255, 255, 255), -1)
    assert glare_burnt(hot, quads["1W01"], qr_matrix("SPL:1W01")) > 0.1
    assert glare_burnt(hot, quads["N03"], qr_matrix("SPL:N03")) < 0.05


@pytest.mark.slow
def test_a_physical_frame_puts_markers_and_tags_where_its_truth_says(tmp_path):
    pytest.importorskip("mitsuba")
    from workbench.physical.render import write_frames
    import zxingcpp

    [path] = write_frames(str(tmp_path), 1, seed=31, spp=1, log=lambda s: None)
    img = cv2.imread(path)
    truth = json.loads((tmp_path / "sample-1.json").read_text())
    assert img.shape == (1296, 2304, 3)
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = det.detectMarkers(img)
    assert ids is not None and len(ids) >= 3
    for c, i in zip(corners, ids.ravel()):
        want = np.array(truth["_gt"]["marker_corners_px"][str(i)])
        assert np.abs(c[0] - want).max() < 3.0, i
    read = {r.text[4:]: r for r in zxingcpp.read_barcodes(img) if r.text.startswith("SPL:")}
    assert read, "no tag read in the physical frame"
    for tid, r in read.items():
        p = r.position
        got = np.array([[p.top_left.x, p.top_left.y], [p.bottom_right.x, p.bottom_right.y]])
        want = np.array(truth["_gt"]["tag_corners_px"][tid])[[0, 2]]
        assert np.abs(got - want).max() < 8.0, tid
