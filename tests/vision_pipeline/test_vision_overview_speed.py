"""Issue 32, the overview's CPU: what a slot's fill is worked out from (its interior's
deviation from the mat model, made only there) is the same as the plain way's (the whole
mat's deviation, then the slot's interior cut out of it)."""
import numpy as np

from vision.config import DEFAULT_CONFIG as cfg
from vision.mat import load_mat
from vision.stages.overview import _inner, _unlike_shaded_mat, brightest_mat, deviation_from, \
    slot_fill

from .helpers import with_image


def _plain_fill(ov, rect):
    s = ov.px_per_mm
    deviation = deviation_from(ov.image, ov.background)  # the whole mat's
    fill = float(np.mean(_inner(deviation, rect, s, cfg.slot_inset_mm) > cfg.deviation_ratio))
    if fill < cfg.empty_fraction:
        return fill
    unlike = _unlike_shaded_mat(_inner(ov.image, rect, s, cfg.slot_inset_mm),
                                _inner(ov.background, rect, s, cfg.slot_inset_mm), s,
                                lambda: brightest_mat(ov, cfg), cfg)
    rest = float(np.mean(unlike))
    return rest if rest <= 1.0 - cfg.empty_shade_share else fill


def test_every_slots_fill_is_the_plain_ways(sample_overview):
    mat = load_mat()
    ov = sample_overview
    # Two of the sample's slots emptied (the mat model's colour painted in), one of them in a
    # shadow: an empty slot, one that is empty only in other light, and full ones compared.
    image = ov.image.copy()
    s = ov.px_per_mm
    for r, k in ((mat.slots()["nobles.0"], 1.0), (mat.slots()["nobles.1"], 0.6)):
        x0, y0 = int(round(r[0] * s)), int(round(r[1] * s))
        x1, y1 = int(round((r[0] + r[2]) * s)), int(round((r[1] + r[3]) * s))
        image[y0:y1, x0:x1] = np.clip(ov.background[y0:y1, x0:x1] * k, 0, 255).astype(np.uint8)
    ov = with_image(ov, image)
    rects = list(mat.slots().values()) + list(mat.decks.values())
    fills = [slot_fill(ov, r) for r in rects]
    assert fills == [_plain_fill(ov, r) for r in rects]
    assert fills[0] < cfg.empty_fraction and fills[1] < cfg.empty_fraction
    assert min(fills[2:]) > cfg.occupied_fraction


def test_the_mat_models_blur_is_the_plain_ways(sample_overview):
    """The normalised blur in OpenCV's per-pixel arithmetic is numpy's, to the last bit (on the
    sample's coarse grid, weighted by the free mat with some of it left out)."""
    import cv2

    from vision.stages.overview import _normalised_blur

    values = cv2.resize(sample_overview.image, None, fx=1 / 3, fy=1 / 3,
                        interpolation=cv2.INTER_AREA).astype(np.float32)
    weights = (values[..., 1] > values[..., 1].mean()).astype(np.float32)
    plain_num = cv2.GaussianBlur(values * weights[..., None], (0, 0), 4.7)
    plain = plain_num / np.maximum(cv2.GaussianBlur(weights, (0, 0), 4.7), 1e-3)[..., None]
    assert np.array_equal(_normalised_blur(values, weights, 4.7), plain)


def _plain_models(frame, loc, image):
    """mat_deviation's colour model as first written, each of its three passes (the coarse
    grid): the free mat's weights and their blur made afresh for each frame."""
    import cv2

    from vision.stages.overview import free_mask, in_view_mask

    mat = load_mat()
    g = 1.0 / cfg.background_cell_mm
    coarse = cv2.resize(image, None, fx=g, fy=g, interpolation=cv2.INTER_AREA).astype(np.float32)
    free = free_mask(mat, g, 1.0, 1.0).astype(np.float32) / 255.0
    in_view = in_view_mask(frame, loc, mat, 1.0, cfg.view_edge_mm)
    if in_view is not None:
        free = free * cv2.resize(in_view.astype(np.float32), (free.shape[1], free.shape[0]),
                                 interpolation=cv2.INTER_AREA)
    sigma = cfg.background_sigma_mm * g

    def blur(values, weights):
        num = cv2.GaussianBlur(values * weights[..., None], (0, 0), sigma)
        return num / np.maximum(cv2.GaussianBlur(weights, (0, 0), sigma), 1e-3)[..., None]

    models = [blur(coarse, free)]
    for _ in range(2):
        keep = free * (deviation_from(coarse, models[-1]) < cfg.deviation_ratio * 0.7)
        models.append(blur(coarse, keep.astype(np.float32)))
    return models


def test_the_mat_model_with_the_free_mats_spread_made_once_is_the_plain_ways(sample,
                                                                               monkeypatch):
    """The free mat's weights and their blur are made once for every frame showing the whole
    mat: each of the model's three passes is the plain way's to the last bit, on frames one
    after the other, one of them cut across the nobles (part of the mat out of view: the
    weights made afresh there)."""
    import cv2

    from vision.pipeline import locate_mat, mat_deviation, prepare
    from vision.stages import overview

    passes = []
    blur = overview._normalised_blur
    monkeypatch.setattr(overview, "_normalised_blur",
                        lambda *a, **k: passes.append(blur(*a, **k)) or passes[-1])
    # Sample 5 cut just below marker 0's centre: the frame ends across the nobles' row.
    image5, _ = sample(5)
    y = float(locate_mat(prepare(image5)).marker_corners_px[0][:, 1].mean())
    cut = np.ascontiguousarray(image5[int(y + 40):])
    for image, whole in ((sample(1)[0], True), (sample(3)[0], True), (cut, False),
                         (sample(2)[0], True)):
        frame = prepare(image)
        loc = locate_mat(frame)
        assert loc.found
        passes.clear()
        # (As first written: without leaving out free mat far off its hue, which makes the
        # weights afresh anyway, background_first_hue.)
        ov = mat_deviation(frame, loc, cfg.with_(background_first_hue=None))
        assert (ov.in_view is None) == whole
        plain = _plain_models(frame, loc, ov.image)
        assert len(passes) == len(plain) == 3
        for got, want in zip(passes, plain):
            assert np.array_equal(got, want)
        assert np.array_equal(ov.background, cv2.resize(plain[-1], ov.image.shape[1::-1],
                                                        interpolation=cv2.INTER_LINEAR))
