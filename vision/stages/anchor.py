"""Part of stage 9: a hand comes from the mat's edge. What covers a place must be joined to
the world beyond the mat: through things on the free mat and through places already found
covered, to the mat's outer edge, a corner marker's square or the frame's edge.

A deck's stack seen leaning out of its slot, a yellow level-2 deck back, a curled card's lifted
edge, the cast shadows of chips beside their lanes: each is a thing on the free mat beside its
own place, and each stays there, an island. A hand or an arm crosses the margin from the table
(or from beyond the frame's edge); a finger that reaches a place deep in the mat does so over
other places, each of them covered in turn, so the chain of covered places leads back out.
"""
from __future__ import annotations

from itertools import combinations

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.mat import Mat


def outside_mask(shape: tuple[int, int], px_per_mm: float, mat: Mat, view: np.ndarray | None,
                 cfg: VisionConfig = DEFAULT_CONFIG, image: np.ndarray | None = None
                 ) -> np.ndarray:
    """bool per overview pixel: the mat's outer band, the corner markers' squares something
    lies over and where the frame ends: what a hand's arm crosses on its way in. ``image``:
    the overview (BGR); without it every marker's square counts."""
    h, w = shape
    s = px_per_mm
    out = np.zeros((h, w), bool)
    e = max(1, int(round(cfg.busy_anchor_edge_mm * s)))
    out[:e], out[-e:], out[:, :e], out[:, -e:] = True, True, True, True
    g = cfg.busy_anchor_marker_mm
    for i in mat.marker_corners:
        if image is not None and not _marker_overlaid(image, mat, i, s, cfg):
            continue
        x, y, mw, mh = mat.marker_paper_rect(i)
        x0, y0 = max(0, int((x - g) * s)), max(0, int((y - g) * s))
        out[y0:int(np.ceil((y + mh + g) * s)), x0:int(np.ceil((x + mw + g) * s))] = True
    if view is not None:
        k = np.ones((2 * e + 1, 2 * e + 1), np.uint8)
        out |= cv2.dilate((~view).astype(np.uint8), k) > 0
    return out


def _marker_overlaid(image: np.ndarray, mat: Mat, marker_id: int, s: float,
                     cfg: VisionConfig) -> bool:
    """Does something lie over the marker's white border (a hand, a sleeve crossing the
    corner)? Its border is paper all round: a part of it far darker than the rest is. A
    marker whose border is clean all round is crossed by no arm, and a deck's stack or a
    shadow lying up to it stays an island."""
    x, y, mw, mh = mat.marker_paper_rect(marker_id)
    b = mat.marker_border
    x0, y0 = int(round(x * s)), int(round(y * s))
    x1, y1 = int(round((x + mw) * s)), int(round((y + mh) * s))
    patch = image[max(0, y0):y1, max(0, x0):x1]
    if patch.size == 0:
        return True
    level = patch.astype(np.float32).mean(axis=2)
    ring = np.ones(level.shape, bool)
    m = max(1, int(round((b - 0.5) * s)))
    ring[m:-m, m:-m] = False
    vals = level[ring]
    if vals.size < 8:
        return True
    dark = level < cfg.busy_anchor_marker_dark * float(np.percentile(vals, 90))

    def overlaid(part: np.ndarray) -> bool:
        return np.count_nonzero(dark[part]) > cfg.busy_anchor_marker_share * np.count_nonzero(part)

    if not overlaid(ring):
        return False
    if not cfg.busy_anchor_marker_outer:
        return True
    # An arm reaches the corner over the mat's edge: over the border's outer sides too. A
    # deck's or a hand's shadow falling on it from the mat lies on its inner sides alone.
    outer = np.zeros(level.shape, bool)
    cx, cy = x + mw / 2.0, y + mh / 2.0
    if cx < mat.size[0] / 2.0:
        outer[:, :m] = True
    else:
        outer[:, -m:] = True
    if cy < mat.size[1] / 2.0:
        outer[:m, :] = True
    else:
        outer[-m:, :] = True
    return overlaid(outer & ring)


def join_things(things: np.ndarray, px_per_mm: float, cfg: VisionConfig = DEFAULT_CONFIG
                ) -> tuple[np.ndarray, int, np.ndarray]:
    """Things closer than ``busy_anchor_gap_mm`` as one: (the grown mask, the number of groups
    with the background, each pixel's group). ``things``: nonzero where a thing is."""
    k = max(1, int(round(cfg.busy_anchor_gap_mm * px_per_mm))) | 1
    joined = cv2.dilate((things > 0).astype(np.uint8), cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (k, k)))
    n, groups = cv2.connectedComponents(joined, connectivity=8)
    return joined, n, groups


def group_of_things(things: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """Per label of ``things`` (uint8 or int label image), its group in ``groups`` (0: no
    such thing): a thing lies whole in one group (the grown mask joins, never splits), so one
    pass over its pixels says which, not a lookup of the whole overview per place."""
    on = things > 0
    out = np.zeros(int(things.max()) + 1, np.int64)
    out[things[on]] = groups[on]
    return out


def anchored(covered: list[str], touching: dict[str, np.ndarray], things: np.ndarray,
             outside: np.ndarray, px_per_mm: float, cfg: VisionConfig = DEFAULT_CONFIG,
             joined: tuple[np.ndarray, int, np.ndarray] | None = None) -> list[str]:
    """The covered places if any of them is joined to ``outside`` (then those whose thing lies
    within ``busy_anchor_island_far_mm`` of what is, or between two places), else none:
    ``things`` (uint8 label image of the things on the free mat), ``touching[path]`` the labels
    of the things at each covered place's outline.
    Things closer than ``busy_anchor_gap_mm`` count as one (a sleeve's faint part, the gap a
    knuckle's shadow leaves); ``joined``: :func:`join_things` of ``things``, if already made."""
    if not covered:
        return []
    joined, n, groups = joined or join_things(things, px_per_mm, cfg)
    out_groups = np.zeros(n, bool)
    out_groups[np.unique(groups[outside & (joined > 0)])] = True
    out_groups[0] = False
    of = group_of_things(things, groups)
    group_of = {}
    for path in covered:
        labels = np.asarray(touching.get(path, []), np.int64)
        group_of[path] = set(of[labels[labels < len(of)]].tolist()) - {0}
    # An island lies beside its own place; a thing over several places crosses the mat, as a
    # hand does whose pale sleeve, of nearly the mat's colour, shows nowhere on the way in, and
    # so do things each over two places, linked by the places they share (a hand over the
    # lanes seen only in the gaps between them, its arm's dark sleeve taken for its shadow).
    places = np.zeros(n, int)
    for path in covered:
        for g in group_of[path]:
            places[g] += 1
    linked = {p: {p} for p in covered}
    for a, b in combinations(covered, 2):
        if group_of[a] & group_of[b] and linked[a] is not linked[b]:
            merged = linked[a] | linked[b]
            for p in merged:
                linked[p] = merged
    for path in covered:
        if len(linked[path]) >= cfg.busy_anchor_island_places:
            out_groups[list(group_of[path])] = True
    reached: set[str] = set()
    changed = True
    while changed:
        changed = False
        for path in covered:
            if path in reached:
                continue
            if any(out_groups[g] for g in group_of[path]):
                reached.add(path)
                for g in group_of[path]:
                    out_groups[g] = True
                changed = True
    # Where a hand does come in from the edge, every place found covered near it, or by a
    # thing between two places, stays (a pale sleeve may show only in the gaps between the
    # slots it crosses, and the still is busy anyway); but a deck's stack side across the mat
    # from the hand, beside its own deck alone, is still that deck's island. Where nothing
    # comes in, all were islands.
    if not reached:
        return []
    if len(reached) == len(covered):
        return list(covered)
    while True:
        # (Group 0, the mat between things, is never the hand's nor any place's.)
        hand = out_groups[groups]
        near = cv2.distanceTransform((~hand).astype(np.uint8), cv2.DIST_L2, 3) <= (
            cfg.busy_anchor_island_far_mm * px_per_mm)
        near_groups = np.zeros(n, bool)
        near_groups[np.unique(groups[near])] = True
        more = {p for p in covered if p not in reached
                and any(near_groups[g] or places[g] >= 2 for g in group_of[p])}
        if not more:
            return [p for p in covered if p in reached]
        reached |= more
        for p in more:
            for g in group_of[p]:
                out_groups[g] = True


def missing_arm(covered: list[str], touching: dict[str, np.ndarray], things: np.ndarray,
                outside: np.ndarray, doubt: np.ndarray, px_per_mm: float,
                cfg: VisionConfig = DEFAULT_CONFIG,
                joined: tuple[np.ndarray, int, np.ndarray] | None = None) -> np.ndarray | None:
    """The arm of a hand that nothing on the free mat joins to ``outside``: the patches of
    ``doubt`` (bool: what looked like light or shadow, not a thing) that join the things over
    the ``covered`` places (``things``: uint8 label image, ``touching`` as :func:`anchored`
    takes it) to the mat's edge, as a uint8 mask; None when those things reach it themselves
    or no such patch does. A shadow joins its caster, but the caster's own arm then shows.
    ``joined``: :func:`join_things` of ``things``, if already made."""
    near = cut_off_hand(covered, touching, things, outside, px_per_mm, cfg, joined)
    return None if near is None else arm_of(near, outside, doubt)


def cut_off_hand(covered: list[str], touching: dict[str, np.ndarray], things: np.ndarray,
                 outside: np.ndarray, px_per_mm: float, cfg: VisionConfig = DEFAULT_CONFIG,
                 joined: tuple[np.ndarray, int, np.ndarray] | None = None
                 ) -> np.ndarray | None:
    """bool: the things joined to those over the ``covered`` places, when they do not reach
    ``outside`` (their arm went unseen); None when they do, or when no thing is over them.
    Arguments as :func:`missing_arm` takes them."""
    joined, n, groups = joined or join_things(things, px_per_mm, cfg)
    of = group_of_things(things, groups)
    hand: set[int] = set()
    for path in covered:
        labels = np.asarray(touching.get(path, []), np.int64)
        hand |= set(of[labels[labels < len(of)]].tolist()) - {0}
    if not hand:
        return None
    near = np.isin(groups, list(hand)) & (joined > 0)
    return None if (near & outside).any() else near


def arm_of(near: np.ndarray, outside: np.ndarray, doubt: np.ndarray) -> np.ndarray | None:
    """The patches of ``doubt`` that join ``near`` (:func:`cut_off_hand`) to ``outside``, as
    a uint8 mask, or None."""
    _, patches = cv2.connectedComponents(doubt.astype(np.uint8), connectivity=8)
    arm = np.intersect1d(patches[near & (patches > 0)], patches[outside & (patches > 0)])
    if not arm.size:
        return None
    return np.isin(patches, arm).astype(np.uint8) * 255


def across_places(doubt: np.ndarray, image: np.ndarray, places: list[tuple], px_per_mm: float,
                  cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """``doubt`` (bool) with the places an arm crosses filled in. An arm lying over a place
    hides what is in it and shows itself, so on the free mat it shows only on the place's two
    sides: where patches lie just beyond both (``places``: mat mm rects, grown as the free
    mat leaves them out), the pixels between them that look like those patches
    (``image``: the overview, BGR; each channel within ``busy_arm_across_places`` of theirs).
    A card's art between two patches of a dim mat looks like neither."""
    out = doubt.copy()
    k = max(1, int(round(cfg.busy_arm_across_mm * px_per_mm)))
    tol = cfg.busy_arm_across_places
    for x, y, w, h in places:
        y0, y1, x0, x1 = (int(round(v * px_per_mm)) for v in (y, y + h, x, x + w))
        # Across from above to below, then (the arrays seen transposed) from left to right.
        for d, im, o, (a0, a1, b0, b1) in (
                (doubt, image, out, (y0, y1, x0, x1)),
                (doubt.T, image.transpose(1, 0, 2), out.T, (x0, x1, y0, y1))):
            if a0 - k < 0 or a1 + k > d.shape[0]:
                continue
            near, far = d[a0 - k:a0, b0:b1], d[a1:a1 + k, b0:b1]
            both = near.any(axis=0) & far.any(axis=0)
            if not both.any():
                continue
            ends = np.concatenate([im[a0 - k:a0, b0:b1][near & both],
                                   im[a1:a1 + k, b0:b1][far & both]]).astype(np.float32) + 1.0
            look = ends.mean(axis=0)
            off = np.abs(im[a0:a1, b0:b1].astype(np.float32) + 1.0 - look) / look
            o[a0:a1, b0:b1] |= (off.max(axis=2) < tol) & both
    return out
