"""The look inside a region a thing reaches (:mod:`vision.stages.busy`): whether, seen from
outside, it goes on into the region (:func:`crosses`), and how much of it the thing goes on to
hide, from its own colour where it meets the region: in the overview, or from the frame
itself, closer (:func:`look_closer`).

Seen from outside alone, a fingertip ending 2 mm short of a card's edge and one ending 2 mm
inside it look alike; inside, the one shows skin or cloth beyond the outline, the other the
card's border, a token or the mat.
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.config import VisionConfig
from vision.stages.busy_speed import sum3
from vision.stages.locate import Rect
from vision.stages.overview import _grow, _off_mat_hue, hue_limit
from vision.stages.shadow import lit_mat, shadow_colour, tinted_shade


def reach_inside(image: np.ndarray, on: np.ndarray, freehere: np.ndarray, dist: np.ndarray,
                 s: float, mat_hue: np.ndarray, cfg: VisionConfig,
                 view: np.ndarray | None = None, wider=None, sleeve: bool = False) -> float:
    """How much of the region (mm^2) the thing (`on`: its pixels on the free mat around it) goes
    on to hide: its own colour, taken on the ring, followed from the outline into the region.

    All arrays are of the same box at `s` px/mm; `dist`: mm from the region's outline (0
    inside it); `view`: where the frame shows it (None: everywhere); `wider`: () -> the bare
    mat round the whole region (:func:`~vision.stages.shadow.lit_mat`, or None), when this is
    a closer look at part of it; `sleeve`: the region's outline showed the thing a sleeve.
    """
    # The closer look; in the overview a pixel is a mm, its outline one mixed pixel.
    closer = s > 1.5
    # Its colour where it is surely itself: not on its blurred outline.
    core = cv2.erode(on.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0 if closer else on
    ring = core & (dist <= cfg.busy_ring_mm + 2.0)
    if not ring.any():
        return 0.0
    sample = image[ring].astype(np.float32)
    seed = on & (dist <= cfg.busy_region_inner_mm + 2.5)
    if not seed.any():
        return 0.0
    # A thing well off the mat's hue (skin, a coloured sleeve): decided on the whole of it.
    off_hue = bool(_hue_off(sample.mean(axis=0)[None, None] + 1.0, mat_hue,
                            cfg.busy_inside_thing_hue, cfg)[0, 0])
    colours = _thing_colours(sample, cfg)
    thing = _followed(image, colours, off_hue, seed, freehere, mat_hue, view, cfg)
    bare = freehere & ~on
    own = own_colour(colours, image, bare, cfg, wider)
    if (own is None and off_hue and len(colours) == 2 and cfg.busy_inside_dark_not_shade
            and not (sleeve and cfg.busy_sleeve_not_shade)):
        thing = _no_shade(image, thing, colours, seed, freehere, bare, mat_hue, off_hue,
                          view, cfg)
    if own is not None:
        # A hand and its shadow: the shadow's colour counts only along the hand's own, as
        # its shaded rim (a hand's shadow hides nothing; further on, that colour is the
        # region's own mat in the shadow, a chip's rim, a card's dark art).
        mine = _followed(image, [own], off_hue, seed, freehere, mat_hue, view, cfg)
        r = int(round(cfg.busy_inside_rim_mm * s))
        # (Along its own colour inside the region: beside it, the rim is its cast shadow.)
        along = mine & (dist == 0) if cfg.busy_inside_rim_inside else mine
        thing = thing & ((cv2.dilate(along.astype(np.uint8), cv2.getStructuringElement(
            cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))) > 0) | mine) if r > 0 else mine
    if closer and cfg.busy_inside_neck_mm > 0:
        thing = _no_necks(thing, on, seed, ~freehere & (dist > 0), s, cfg)
    if not closer:
        area = np.count_nonzero(thing & (dist == 0))
        if len(colours) == 2 and area >= cfg.busy_inside_sure_mm2 * s * s:
            # The overview's pixels are mixed: taken as one, a sleeve and the hand (or its
            # shadow) take in the print and the mat between their colours; taken as two,
            # either may match a card's blurred print. Only what both find is sure.
            one = _followed(image, _thing_colours(sample, cfg, split=False), off_hue, seed,
                            freehere, mat_hue, view, cfg)
            area = min(area, np.count_nonzero(one & (dist == 0)))
        return float(area) / (s * s)
    img = image.astype(np.float32)
    inside = dist == 0
    if cfg.busy_inside_dark_rim_mm > 0 and thing.any():
        thing = thing | _dark_rim(img, thing, colours, inside, s, view, cfg)
    if len(colours) == 1:
        colour = colours[0][0]
    else:  # per pixel, the nearer of the two
        means = np.array([m for m, _ in colours], np.float32)
        colour = means[np.argmin([sum3((img - m) ** 2, cfg.busy_column_sum) for m in means],
                                   axis=0)]
    return _edge_area(img, thing, colour, inside, view, cfg) / (s * s)


def look_closer(detail, rect: Rect, box, on: np.ndarray, freehere: np.ndarray,
                 dist: np.ndarray, seen: np.ndarray | None, s: float, mat_hue: np.ndarray,
                 cfg: VisionConfig, wider=None, sleeve: bool = False) -> float:
    """How much of `rect` (mm^2) the thing `on` goes on to hide, seen closer (:func:`_closer`)
    near where it comes in (`box`: the region's box of the overview, at `s` px/mm; `wider`:
    the bare mat's colour in that box, :func:`reach_inside`)."""
    ys, xs = np.nonzero(on & (dist <= cfg.busy_ring_mm))
    m = int(np.ceil(cfg.busy_inside_around_mm * s))
    y0, y1 = max(0, ys.min() - m), min(on.shape[0], ys.max() + 1 + m)
    x0, x1 = max(0, xs.min() - m), min(on.shape[1], xs.max() + 1 + m)
    near = (slice(y0, y1), slice(x0, x1))
    box_mm = ((box[1].start + x0) / s, (box[0].start + y0) / s, (x1 - x0) / s,
              (y1 - y0) / s)
    image, on_, free_, dist_, view_ = _closer(
        detail, box_mm, rect, on[near], freehere[near],
        None if seen is None else seen[near], cfg)
    return reach_inside(image, on_, free_, dist_, cfg.busy_inside_px_per_mm, mat_hue, cfg,
                        view_, wider, sleeve)


def _outline_distance(rect: Rect, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Distance (mm) of the pixel centres at `xs` x `ys` (mm) from the rectangle (0 inside)."""
    dx = np.maximum(np.maximum(rect[0] - xs, xs - rect[0] - rect[2]), 0.0)
    dy = np.maximum(np.maximum(rect[1] - ys, ys - rect[1] - rect[3]), 0.0)
    return np.hypot(dx[None, :], dy[:, None])


def ring_box(rect: Rect, out_mm: float, s: float, shape: tuple[int, int]):
    """The box of an image of the mat at `s` px/mm (`shape`: its rows, columns) reaching
    `out_mm` round `rect` (rows, columns slices), and each pixel's distance (mm) from `rect`."""
    h, w = shape
    x, y, rw, rh = _grow(rect, out_mm)
    x0, y0 = max(0, int(np.floor(x * s))), max(0, int(np.floor(y * s)))
    x1, y1 = min(w, int(np.ceil((x + rw) * s))), min(h, int(np.ceil((y + rh) * s)))
    return ((slice(y0, y1), slice(x0, x1)),
            _outline_distance(rect, (np.arange(x0, x1) + 0.5) / s, (np.arange(y0, y1) + 0.5) / s))


def _closer(detail, box_mm: Rect, rect: Rect, on: np.ndarray, freehere: np.ndarray,
            view: np.ndarray | None, cfg: VisionConfig):
    """The same box seen `cfg.busy_inside_px_per_mm` from the frame itself (`detail`: mat mm
    rect, px/mm -> BGR image): the image, the thing and the free mat (scaled up from the
    overview's), the distance from the region's outline, and where the frame shows it."""
    f = cfg.busy_inside_px_per_mm
    image = detail(box_mm, f)
    h, w = image.shape[:2]

    def up(m: np.ndarray) -> np.ndarray:
        return cv2.resize(m.astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST) > 0

    return (image, up(on), up(freehere),
            _outline_distance(rect, box_mm[0] + (np.arange(w) + 0.5) / f,
                              box_mm[1] + (np.arange(h) + 0.5) / f),
            None if view is None else up(view))


def crosses(labels: np.ndarray, blobs: list[int], freehere: np.ndarray, dist: np.ndarray,
             cfg: VisionConfig) -> bool:
    """Does the hand (`blobs`: its labels) go on into the region, or end just short of it?

    Seen from the free mat, layer by layer towards the region: a hand that goes on into it is
    as wide at the region's edge as further out; a fingertip that stops at the edge (or a few
    mm inside it) narrows towards its rounded end. So the width on the innermost layer of free
    mat, against the widest layer within the profile, tells how far in it goes (for a
    finger; anything wider goes on into the region unless its innermost layers are nearly
    empty: an edge running along the outline a few mm off it).
    """
    on = np.isin(labels, blobs) & freehere
    near = dist[freehere]
    if near.size == 0:
        return False
    first = float(near.min())
    step = 1.0 / max(cfg.overview_px_per_mm, 1e-6)
    widths = []
    d = first
    while d < cfg.busy_profile_mm:
        layer = on & (dist >= d) & (dist < d + step)
        widths.append(np.count_nonzero(layer) * step)
        d += step
    if not widths:
        return False
    inner = float(np.mean(widths[:2]))
    if max(widths) > cfg.busy_cross_narrow_mm:
        # A palm, an arm, a hand over a corner: too wide for a fingertip's round end, but its
        # edge may run along the outline a few mm off it (then the innermost layers are
        # nearly empty).
        return inner >= cfg.busy_cross_min_mm and inner >= cfg.busy_cross_wide_ratio * max(widths)
    return inner >= cfg.busy_cross_min_mm and inner >= cfg.busy_cross_ratio * max(widths)


def own_colour(colours, image: np.ndarray, bare: np.ndarray, cfg: VisionConfig, wider=None):
    """Of the thing's two `colours` (:func:`_thing_colours`), its own (mean, spread) when the
    other is a shadow's, as :func:`shadow_colour` judges it against the bare mat `bare` (or,
    when it finds neither, against `wider()`: the bare mat round the whole region), or when the
    other is its shade, its own hue far darker (:func:`_shaded_by`); else None (one colour, or
    two of a thing: a sleeve and the hand; a grey sleeve darker than the mat is one colour,
    like a shadow's)."""
    if len(colours) != 2 or not bare.any():
        return None
    mat = lit_mat(image, bare)
    shade = [shadow_colour(mean, mat, cfg) for mean, _ in colours]
    wide = wider() if not any(shade) and wider is not None and cfg.busy_own_wider else None
    if wide is not None:
        # A closer look's box can lie all in the thing's shadow, its "lit" half shade too:
        # judged against the mat round the whole region, but darker than this box's lit
        # part still (a sleeve blurred with its shadow is not).
        lit = float(mat[0].mean())
        shade = [shadow_colour(mean, wide, cfg)
                 and float(np.mean(mean) + 1.0) * (1.0 + cfg.deviation_ratio) < lit
                 for mean, _ in colours]
    if shade[0] == shade[1]:
        return _shaded_by(colours, cfg)
    return colours[1] if shade[0] else colours[0]


def _shaded_by(colours, cfg: VisionConfig):
    """Of two `colours`, the brighter when the darker is its shade (config); else None."""
    if cfg.busy_own_shade_ratio is None:
        return None
    light = [float(np.mean(mean)) + 1.0 for mean, _ in colours]
    lit = int(np.argmax(light))
    if light[1 - lit] > cfg.busy_own_shade_ratio * light[lit]:
        return None
    share = [(np.asarray(mean, np.float64) + 1.0) / (3.0 * v)
             for (mean, _), v in zip(colours, light)]
    if float(np.abs(share[0] - share[1]).max()) > _shade_hue(light[1 - lit] / light[lit], cfg):
        return None
    return colours[lit]


def _shade_hue(ratio: float, cfg: VisionConfig) -> float:
    """How far off a thing's hue its shade at `ratio` of its light may be (config; only asked
    with busy_own_shade_ratio set)."""
    lit, deep, most = cfg.busy_own_shade_hue_lit, cfg.busy_own_shade_deep, cfg.busy_own_shade_ratio
    if lit is None or ratio <= deep or most <= deep:
        return cfg.busy_own_shade_hue
    f = min(1.0, (ratio - deep) / (most - deep))
    return cfg.busy_own_shade_hue + f * (lit - cfg.busy_own_shade_hue)


def _no_shade(image: np.ndarray, thing: np.ndarray, colours, seed: np.ndarray,
              freehere: np.ndarray, bare: np.ndarray, mat_hue: np.ndarray, off_hue: bool,
              view: np.ndarray | None, cfg: VisionConfig) -> np.ndarray:
    """`thing` without what, inside the region, only the darker of its two `colours` finds
    and is a shadow on the mat (:func:`~vision.stages.shadow.tinted_shade` against `bare`),
    and without what is then no longer joined to `seed`."""
    darker = int(np.argmin([float(np.mean(m)) for m, _ in colours]))
    brighter = _followed(image, [colours[1 - darker]], off_hue, seed, freehere, mat_hue,
                         view, cfg)
    maybe = thing & ~brighter & ~freehere
    if not maybe.any() or not bare.any():
        return thing
    keep = thing & ~(maybe & tinted_shade(image, bare, cfg, maybe))
    return keep & _joined(keep | seed, seed)


def _joined(mask: np.ndarray, seed: np.ndarray) -> np.ndarray:
    """bool: the parts of `mask` (4-connected) that hold a pixel of `seed`."""
    n, labels = cv2.connectedComponents(mask.astype(np.uint8), connectivity=4)
    joined = np.zeros(n, bool)
    joined[labels[seed]] = True
    joined[0] = False
    return joined[labels]


def _no_necks(thing: np.ndarray, on: np.ndarray, seed: np.ndarray, margin: np.ndarray,
              s: float, cfg: VisionConfig) -> np.ndarray:
    """`thing` (bool) without what is joined to the thing on the free mat (`on`) only through
    a neck or a sliver narrower than busy_inside_neck_mm: a hand is solid, as wide just
    inside the outline as where it crosses it, while a fingertip that stops short of a token
    touches it, if at all, by its rim, and what is followed from there is the token's own rim
    or shadow of a like colour round it. `margin`: the band between the free mat and the
    region (a sleeve's cuff of another colour may cross it: the thing on the free mat is
    taken to go on over it)."""
    k = max(3, int(round(cfg.busy_inside_neck_mm * s)) | 1)
    bridge = margin & (cv2.dilate(on.astype(np.uint8), np.ones((k, k), np.uint8)) > 0)
    body = (thing | on | bridge).astype(np.uint8)
    # (The speckles of its colour's far tail, a highlight on a sleeve, are holes in it, not
    # its outline.)
    body = cv2.morphologyEx(body, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    opened = cv2.morphologyEx(body, cv2.MORPH_OPEN,
                              cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return thing & _joined(opened, seed)


def _followed(image: np.ndarray, colours, off_hue: bool, seed: np.ndarray,
              freehere: np.ndarray, mat_hue: np.ndarray, view: np.ndarray | None,
              cfg: VisionConfig) -> np.ndarray:
    """bool: the thing's `colours` followed in `image` (BGR, uint8) from `seed` (its innermost
    layer on the free mat, through the band along the outline) inwards, over what is not free
    mat. `off_hue`: the thing is well off the mat's hue."""
    alike = np.zeros(image.shape[:2], bool)
    for mean, spread in colours:
        # Within busy_inside_z spreads of it in every channel: the pixels are whole numbers,
        # so strictly within is from the next one up to the next one down.
        lo = np.clip(np.floor(mean - cfg.busy_inside_z * spread) + 1, 0, 255)
        hi = np.clip(np.ceil(mean + cfg.busy_inside_z * spread) - 1, 0, 255)
        alike |= cv2.inRange(image, tuple(lo.tolist()), tuple(hi.tolist())) > 0
    if view is not None:
        alike &= view
    # A thing well off the mat's hue (`mat_hue`: its chromaticity) is not where the mat's hue
    # shows plainly (its shadow, the slot's margin round a card): dark enough, those can be
    # as near its colour as its own shading. Its blurred fringe, a little of its colour in
    # the mat's, stays.
    if off_hue:
        inside = alike & ~freehere  # the free mat is left to the mask
        if inside.any():  # (OpenCV refuses an empty array)
            alike[inside] = _hue_off(image[inside][None].astype(np.float32) + 1.0, mat_hue,
                                     cfg.busy_inside_mat_hue, cfg)[0]
    return _joined((alike & ~freehere) | seed, seed)


def _thing_colours(sample: np.ndarray, cfg: VisionConfig,
                   split: bool = True) -> list[tuple[np.ndarray, np.ndarray]]:
    """The thing's colours on the ring (`sample`: N x 3), each as (mean, spread per channel).

    One, unless it is two things (a sleeve and the hand, a sleeve and its shadow): their mean
    lies between them, and the spread around it takes in whatever colour a card has between
    them too. Then two, split by 2-means from the split across its widest spread."""
    spread = sample.std(axis=0)
    whole = [(sample.mean(axis=0), np.maximum(spread, cfg.busy_inside_spread))]
    too_few = len(sample) < 20  # (pixels: no two colours to tell apart)
    if not split or too_few or spread.max() <= cfg.busy_inside_split_spread:
        return whole
    centred = sample - whole[0][0]
    axis = np.linalg.eigh(centred.T @ centred)[1][:, -1]
    second = centred @ axis > 0
    for _ in range(cfg.busy_inside_split_steps):
        if second.all() or not second.any():
            return whole
        a, b = sample[~second].mean(axis=0), sample[second].mean(axis=0)
        was, second = second, (sum3((sample - b) ** 2, cfg.busy_column_sum)
                               < sum3((sample - a) ** 2, cfg.busy_column_sum))
        if np.array_equal(was, second):
            break  # (settled: every further step would split it the same)
    parts = [sample[~second], sample[second]]
    if min(len(p) for p in parts) < cfg.busy_inside_split_part * len(sample):
        return whole
    return [(p.mean(axis=0), np.maximum(p.std(axis=0), cfg.busy_inside_spread)) for p in parts]


def _dark_rim(img: np.ndarray, thing: np.ndarray, colours, inside: np.ndarray, s: float,
              view: np.ndarray | None, cfg: VisionConfig) -> np.ndarray:
    """bool: the thing's own shaded rim inside the region: within busy_inside_dark_rim_mm of
    what was followed, darker than busy_inside_dark_rim_ratio of its darker colour and than
    busy_inside_dark_rim_beyond of what lies as far again out. An arm or a sleeve is round:
    its edge turns from the light, far darker than its colour and no colour of it, and its
    outline as the camera sees it lies there."""
    r = max(1, int(round(cfg.busy_inside_dark_rim_mm * s)))
    t8 = thing.astype(np.uint8)
    grown = cv2.dilate(t8, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2)) > 0
    rim = grown & ~thing & inside
    if view is not None:
        rim &= view
    if not rim.any():
        return rim
    darkest = min(float(np.mean(m)) for m, _ in colours)
    lum = sum3(img, cfg.busy_column_sum)  # (three times the brightness)
    # What lies beyond it, as far again out: a dark card beside the thing is no rim of it.
    win = (4 * r + 1,) * 2
    beyond = (cv2.dilate(t8, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, win)) > 0) & ~grown
    if view is not None:
        beyond &= view
    weight = cv2.boxFilter(beyond.astype(np.float32), -1, win, normalize=False)
    back = cv2.boxFilter(lum * beyond, -1, win, normalize=False) / np.maximum(weight, 1.0)
    rim &= lum < 3.0 * cfg.busy_inside_dark_rim_ratio * darkest
    rim &= (weight == 0) | (lum < cfg.busy_inside_dark_rim_beyond * back)
    return rim


def _edge_area(img: np.ndarray, thing: np.ndarray, colour: np.ndarray, inside: np.ndarray,
               view: np.ndarray | None, cfg: VisionConfig) -> float:
    """Pixels of `inside` the thing covers, those along its outline counted in part.

    The camera blurs the thing's outline over a pixel or two: there each pixel is a mix of
    the thing's `colour` (one, or per pixel the nearer of its two) and what lies beyond it
    (taken a few pixels further out), and its share of the thing is how far along the way
    from the one to the other it is. Counted whole or not at all, a fingertip's end in front
    of a pale card loses more than one in front of the dark mat. Where the two are too alike
    to tell, the outline is counted as followed.
    """
    k = np.ones((3, 3), np.uint8)
    t8 = thing.astype(np.uint8)
    core = cv2.erode(t8, k) > 0
    near = cv2.dilate(t8, k, iterations=cfg.busy_edge_px) > 0
    band = near & ~core & inside
    beyond = (cv2.dilate(t8, k, iterations=2 * cfg.busy_edge_px) > 0) & ~near
    if view is not None:
        band &= view
        beyond &= view
    win = (2 * cfg.busy_edge_px + 3,) * 2
    weight = cv2.boxFilter(beyond.astype(np.float32), -1, win, normalize=False)
    back = cv2.boxFilter(img * beyond[..., None], -1, win, normalize=False)
    back /= np.maximum(weight, 1.0)[..., None]
    way = colour - back
    length2 = sum3(way * way, cfg.busy_column_sum)
    share = sum3((img - back) * way, cfg.busy_column_sum) / np.maximum(length2, 1e-6)
    clear = (weight > 0) & (length2 >= cfg.busy_edge_contrast ** 2)
    share = np.where(clear, np.clip(share, 0.0, 1.0), thing)
    return float(np.count_nonzero(core & inside)) + float(share[band].sum())


def _hue_off(image: np.ndarray, mat_hue: np.ndarray, part: float,
             cfg: VisionConfig) -> np.ndarray:
    """bool per pixel of `image` (float BGR, + 1): off the mat's hue further than `part` of
    what light and shadow may take it."""
    level, hue = _off_mat_hue(image, mat_hue.astype(np.float32)[None, None])
    return hue > part * hue_limit(level, cfg)
