"""Stage 9: which places a turn depends on are hidden by a hand, an arm or an object.

A turn can depend on the noble slots, the market slots, the deck slots, the bank lanes and the
scan zone (the *regions*). A hand beside the mat, a finger over its empty margin, a sleeve along
its edge or any shadow hides none of them, so none of these makes a still busy.

How: on the mat around the regions (the free mat), a pixel belongs to a hand, a sleeve or an
object when it is off the mat's colour *and* is not a darker copy of the mat: a shadow keeps the
mat's hue (all three channels darkened alike) and has soft edges; skin, cloth and objects change
the hue, are lighter than the mat, far darker than a shadow, or have sharp edges. A region is
covered when such a thing reaches into the ring of free mat around it from further away than the
region's own card or token could stick out (a hand is opaque and continuous: to hide part of a
slot it must cross the slot's outline, and the outline lies on free mat), and when its own
colour, followed from the outline inwards, goes on over enough of the region: a thing ending just
short of the outline looks, from outside, like one going on into it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.mat import COLOURS, Mat, load_mat
from vision.stages.anchor import (across_places, anchored, arm_of, cut_off_hand,
                                  group_of_things, join_things, outside_mask)
from vision.stages.busy_screen import first_look
from vision.stages.busy_sleeve import sleeve_not_shadow
from vision.stages.busy_speed import kept_mask
from vision.stages.inside import crosses, look_closer, reach_inside, ring_box
from vision.stages.lean import lean_layout
from vision.stages.locate import Rect
from vision.stages.mat_light import mat_chromaticity
from vision.stages.overview import Overview, _fill, _grow, blurred
from vision.stages.shadow import coloured_share, lit_mat, shadow_contact
from vision.stages.things import _components, object_mask

REGION_ORDER = ("nobles", "market", "decks", "scan", "bank")


def regions(mat: Mat) -> dict[str, Rect]:
    """Every place a turn can depend on, by its read-table path ("market.2.1", "bank.red")."""
    out = dict(mat.slots())
    out.update({f"decks.{level}": r for level, r in sorted(mat.decks.items())})
    out.update({f"bank.{c}": mat.bank[c] for c in COLOURS})
    return out


def region_order(path: str):
    """Sort key: nobles, market (level 1 first), decks, scan, bank (lane order)."""
    head, _, rest = path.partition(".")
    rank = REGION_ORDER.index(head) if head in REGION_ORDER else len(REGION_ORDER)
    if head == "bank":
        return (rank, (COLOURS.index(rest) if rest in COLOURS else 9, 0))
    parts = tuple(int(p) for p in rest.split(".") if p.isdigit())
    return (rank, parts + (0,) * (2 - len(parts)))


@dataclass
class BusyReading:
    """What hides the regions: the paths covered, and the evidence."""

    covered: list[str]
    area_mm2: float  # hand-like area on free mat (after the opening)
    mask: np.ndarray  # uint8, overview px: hand-like pixels on free mat
    #: Sticker-sized hand-like blobs (mat mm rects): if a QR code is found there, it was a
    #: sticker, not a hand.
    spots: list[Rect] = field(default_factory=list)

    @property
    def busy(self) -> bool:
        return bool(self.covered)


@lru_cache(maxsize=4)
def _layout(mat_id: int, s: float, inner_mm: float, ring_mm: float, profile_mm: float,
            stack_mm: float):
    """The free mat mask, and per region around it: (bbox slices, free mat there, distance from
    the region's outline in mm there). The ring is the free mat within ring_mm of the outline;
    the profile (what the hand looks like further out) reaches profile_mm. And the free mat
    within stack_mm of a deck (where its own shadow may fall)."""
    mat = load_mat()
    w, h = int(round(mat.size[0] * s)), int(round(mat.size[1] * s))
    free = np.full((h, w), 255, np.uint8)
    regs = regions(mat)
    for r in regs.values():
        _fill(free, _grow(r, inner_mm), s, 0)
    # The markers' white squares are not free mat.
    for i in mat.marker_corners:
        _fill(free, _grow(mat.marker_paper_rect(i), 1.0), s, 0)
    # The innermost layer of free mat along each region's outline, by region (index + 1): a
    # thing touching two of these crosses the gap between two regions.
    edge_of = np.zeros((h, w), np.int16)
    rings = {}
    for k, (path, r) in enumerate(regs.items()):
        box, dist = ring_box(r, max(ring_mm, profile_mm), s, (h, w))
        rings[path] = (box, free[box] > 0, dist)
        band = (free[box] > 0) & (dist <= inner_mm + 1.5 / s)
        edge_of[box][band] = k + 1
    # Where a deck's own stack may cast its shadow: the free mat within its reach.
    stacks = np.zeros((h, w), np.uint8)
    for r in mat.decks.values():
        _fill(stacks, _grow(r, stack_mm), s, 255)
    stacks = (stacks > 0) & (free > 0)
    return free, rings, edge_of, stacks


def _hidden(overview: Overview, detail, rect: Rect, box, far: list[int], here: np.ndarray,
            freehere: np.ndarray, dist: np.ndarray, seen: np.ndarray | None,
            mat_hue: np.ndarray, cfg: VisionConfig,
            whole: Callable[[list[int]], float] | None = None) -> bool:
    """Does the thing (`far`: its labels in `here`, the region's box of the overview) hide
    enough of the region `rect`? `freehere`, `dist`, `seen`: the free mat, the distance from
    the outline and what the frame shows, in that box; `whole`: labels -> the coloured share
    of those things over the whole overview."""
    s = overview.px_per_mm
    on = np.isin(here, far) & freehere
    contact = on & (dist <= cfg.busy_ring_mm)
    if np.count_nonzero(contact) / (s * s) < cfg.busy_min_contact_mm2:
        return False

    bare = freehere & (here == 0)
    wide: list = []

    def wider() -> tuple[np.ndarray, float] | None:
        # The bare mat round the whole region, for a closer look that sees little of it lit
        # (worked out only then, and once however many closer looks ask).
        if not wide:
            wide.append(lit_mat(overview.image[box], bare) if bare.any() else None)
        return wide[0]

    went_on: list = []  # a part found going on over the region (then it is covered)

    def goes_on(part: np.ndarray, closer: bool) -> bool:
        # Does this part of the thing go on over the region: surely, as the overview sees it,
        # or (`closer`) in doubt there and then seen closer.
        area = reach_inside(overview.image[box], part, freehere, dist, s, mat_hue, cfg, seen)
        found = area >= cfg.busy_inside_sure_mm2 or (
            closer and detail is not None and area >= cfg.busy_inside_min_mm2
            and look_closer(detail, rect, box, part, freehere, dist, seen, s, mat_hue, cfg,
                            wider) >= cfg.busy_inside_min_mm2)
        if found:
            went_on.append(True)
        return found

    shade = shadow_contact(overview.image[box], on, contact, bare, mat_hue, cfg,
                           None if whole is None else lambda: whole(far), goes_on, s,
                           cfg.busy_uncast_shadow and detail is not None)
    # (A sleeve by the outline it hides: then its dark colour inside is no shadow either.)
    sleeve = shade and detail is not None and sleeve_not_shadow(detail, rect, contact, box, s,
                                                                cfg, seen)
    if shade and not sleeve:
        return False
    if went_on and cfg.busy_part_goes_on:
        return True
    # Seen from outside it goes on into the region: a coarse look inside may settle it.
    # If not (a hand over a slot's corner from the gap beside it narrows there, as a
    # fingertip does that stops short), only the closer look can tell.
    crossed = any(crosses(here, [i], freehere, dist, cfg) for i in far)
    if not crossed and detail is None:
        return False
    inside = reach_inside(overview.image[box], on, freehere, dist, s, mat_hue, cfg,
                           seen, sleeve=sleeve) if crossed else 0.0
    if detail is not None and inside < cfg.busy_inside_sure_mm2:
        # In doubt: a closer look, near where it comes in.
        inside = look_closer(detail, rect, box, on, freehere, dist, seen, s, mat_hue, cfg,
                             wider, sleeve)
    return inside >= cfg.busy_inside_min_mm2


def _crumbs_by_hand(labels: np.ndarray, small: np.ndarray, s: float, cfg: VisionConfig
                    ) -> np.ndarray:
    """Per label: a small thing lying within ``busy_anchor_gap_mm`` of a big one, a part of
    the same hand cut off by a place's corner (14500/85: a thumb over the level-3 deck's
    corner, seen on the free mat only in the 10 mm gap below the deck, 114 mm^2)."""
    big = ~small
    big[0] = False
    out = np.zeros(small.shape, bool)
    if not big.any():
        return out
    group = group_of_things(labels, join_things(labels > 0, s, cfg)[2])
    hands = np.unique(group[big])
    out[1:] = small[1:] & np.isin(group[1:], hands[hands > 0])
    return out


def detect_busy(overview: Overview, cfg: VisionConfig = DEFAULT_CONFIG,
                mat: Mat | None = None, codes_mm: list[np.ndarray] | None = None,
                detail: Callable[[Rect, float], np.ndarray] | None = None,
                seen: dict[str, Rect] | None = None) -> BusyReading:
    """Stage 9: the regions a hand, an arm or an object hides (empty: the still can be judged).

    A QR sticker lying on the mat (`codes_mm`: decoded codes' corners in mat mm) is not a hand.
    `detail` (a part of the mat in mm, px/mm -> BGR image from the frame) gives a closer look
    into a region a thing reaches; without it the overview's pixels are used. `seen`: the
    decks as the camera sees them (:func:`vision.stages.lean.seen_decks`).
    """
    mat = mat or load_mat()
    window = first_look(overview, cfg, mat, regions(mat), _layout, object_mask) if (
        cfg.busy_screen_px_per_mm) else (slice(None), slice(None))
    if window is None:
        return BusyReading(covered=[], area_mm2=0.0, mask=np.zeros(overview.image.shape[:2],
                                                                    np.uint8))
    s = overview.px_per_mm
    free, rings, edge_of, stacks = _layout(id(mat), s, cfg.busy_region_inner_mm,
                                           cfg.busy_ring_mm, cfg.busy_profile_mm,
                                           cfg.busy_stack_shadow_mm)
    regs = regions(mat)
    if seen:
        free, rings, stacks, regs = lean_layout(free, rings, stacks, regs, seen, s, cfg)
    view = overview.in_view
    if view is not None:
        # Part of the mat is out of the frame: what is not seen hides nothing (and beyond the
        # edge the overview only repeats the edge's pixels).
        free = np.where(view, free, np.uint8(0))
    mat_hue = mat_chromaticity(overview, free)
    bare = free
    if codes_mm:
        # A sticker lying on the free mat is no hand, nor is its sharp edge the outline of
        # a shadow falling across it: it is left out like a region.
        bare = free.copy()
        for quad in codes_mm:
            q = np.asarray(quad, np.float64).reshape(-1, 2)
            c = q.mean(axis=0)
            # The sticker: the symbol, its quiet zone and the printed id under it.
            grown = c + (q - c) * cfg.busy_code_grow + np.sign(q - c) * 4.0
            cv2.fillConvexPoly(bare, np.round(grown * s).astype(np.int32), 0)
    things = object_mask(overview, cfg, bare, mat_hue, stacks, window) & bare
    # An odd kernel: an even one shifts the mask by a pixel (the anchor is off-centre).
    k = max(1, int(round(cfg.busy_open_mm * s))) | 1
    things = cv2.morphologyEx(things, cv2.MORPH_OPEN,
                              cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    outside = None
    for attempt in (0, 1):
        n, labels, stats = _components(things)
        keep = np.zeros(n, bool)
        spots: list[Rect] = []
        total = 0.0
        # Small blobs that touch the outlines of two regions: a finger crossing the 8 mm gap
        # between two lanes (or slots) on its way into one of them, not a crumb.
        small = (stats[:, cv2.CC_STAT_AREA] < cfg.busy_min_blob_mm2 * s * s)
        small[0] = False
        bridges = np.zeros(n, bool)
        by_hand = bridges  # (small things kept for the hand beside them)
        if small.any():
            # (Looked up on the outlines' thin band alone, not over the whole overview.)
            band = edge_of > 0
            lab, reg = labels[band], edge_of[band]
            sel = small[lab]
            pairs = np.unique(lab[sel].astype(np.int64) * 1024 + reg[sel])
            owners = np.bincount(pairs // 1024, minlength=n)
            bridges = owners >= 2
            # (One place's outline: a hand's part cut off by that place's corner.)
            lone = ~bridges & (owners >= 1)
            if cfg.busy_crumb_by_hand and lone.any():
                by_hand = lone & _crumbs_by_hand(labels, small, s, cfg)
                bridges = bridges | by_hand
        for i in range(1, n):
            area = float(stats[i, cv2.CC_STAT_AREA]) / (s * s)
            if area < cfg.busy_min_blob_mm2 and not (
                    bridges[i] and area >= cfg.busy_min_bridge_mm2):
                continue
            keep[i] = True
            total += area
            x, y, bw, bh = (float(stats[i, j]) / s for j in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP,
                                                       cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
            if max(bw, bh) <= cfg.busy_sticker_mm:
                spots.append(_grow((x, y, bw, bh), 8.0))
        mask = kept_mask(things, labels, stats, keep, cfg.busy_mask_by_drop)
        if cfg.busy_skip_calm and not keep.any():
            return BusyReading(covered=[], area_mm2=total, mask=mask)  # (no thing touches a place)
        boxes = stats[:, :4].astype(np.float64) / s  # left, top, width, height (mm)
        covered = []

        joins: list[tuple[np.ndarray, int, np.ndarray]] = []  # join_things(), made at most once

        def whole(blobs: list[int]) -> float:
            share = coloured_share(overview.image, labels, stats, blobs, mat_hue, cfg)
            if share >= cfg.busy_shadow_far_caster:
                return share
            # A deep shadow cut off from the arm casting it by the arm's own pale rim or a gap
            # of a few mm: the things that close together, as anchored() joins them.
            if not joins:
                joins.append(join_things(keep[labels], s, cfg))
            g = joins[0][2]
            mine = np.unique(g[np.isin(labels, blobs)])
            near = np.unique(labels[np.isin(g, mine[mine > 0]) & (labels > 0)])
            near = [int(i) for i in near if keep[i]]
            return coloured_share(overview.image, labels, stats, near, mat_hue, cfg)

        # Per region the things on its ring, and its box's labels, free mat and view.
        touched: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]] = {}
        near_own: list[str] = []
        for path, (box, freehere, dist) in rings.items():
            seen = None if view is None else view[box]
            if seen is not None:
                freehere = freehere & seen
            ring = freehere & (dist <= cfg.busy_ring_mm)
            here = labels[box]
            touching = np.unique(here[ring & (here > 0)])
            touching = touching[keep[touching]]
            if touching.size == 0:
                continue
            touched[path] = (touching, here, freehere, seen)
            # It must come from beyond what the region's own card or token could reach.
            tall = path.startswith(cfg.busy_tall_regions)
            reach = cfg.busy_tall_reach_mm if tall else cfg.busy_reach_mm
            rx, ry, rw, rh = _grow(regs[path], reach)
            far = [i for i in touching
                   if boxes[i, 0] < rx or boxes[i, 1] < ry or boxes[i, 0] + boxes[i, 2] > rx + rw
                   or boxes[i, 1] + boxes[i, 3] > ry + rh]
            if not all(by_hand[i] for i in far):
                # (A hand's cut-off part counts only where nothing bigger comes in.)
                far = [i for i in far if not by_hand[i]]
            if far and _hidden(overview, detail, regs[path], box, far, here, freehere, dist, seen,
                               mat_hue, cfg, whole):
                covered.append(path)
            elif len(far) < touching.size:
                # (Whatever else touches it, a thing within its reach may be a hand too: below.)
                near_own.append(path)
        # What lies in the gap between two regions, within a card's reach of the one, is still a
        # hand when it goes on over the other: a finger over a deck seen on the free mat only in
        # the gap to the deck below, which the hand covers.
        over = set().union(*(touched[p][0].tolist() for p in covered))
        for path in near_own:
            touching, here, freehere, seen = touched[path]
            far = [i for i in touching if i in over]
            box, _, dist = rings[path]
            if far and _hidden(overview, detail, regs[path], box, far, here, freehere, dist, seen,
                               mat_hue, cfg, whole):
                covered.append(path)
        # A hand whose arm nothing on the free mat shows: the soft patch that joins it to the
        # mat's edge is that arm (config), and every place is judged again with it.
        if attempt or not covered or not cfg.busy_arm_from_doubt:
            break
        outside = outside_mask(labels.shape, s, mat, view, cfg, overview.image)
        # (The whole overview is looked at again only for a hand cut off from the mat's edge.)
        near = cut_off_hand(covered, {p: touched[p][0] for p in covered},
                            np.where(keep[labels], labels, 0), outside, s, cfg,
                            joins[0] if joins else None)
        if near is None:
            break
        doubt: list[np.ndarray] = []
        object_mask(overview, cfg, bare, mat_hue, stacks, None, doubt)
        arm = None
        if doubt:
            ground = np.logical_or.reduce(doubt) & (bare > 0)
            arm = arm_of(near, outside, ground)
            if arm is None and cfg.busy_arm_across_places is not None:
                # Over places of its own colour an arm shows only between them (config).
                arm = arm_of(near, outside, across_places(ground, blurred(overview), [
                    _grow(r, cfg.busy_region_inner_mm) for r in regs.values()], s, cfg))
        if arm is None:
            break
        # (A faint patch is found at a coarser scale, without the free mat's last mm by a
        # place: grown back over the ring.)
        r = max(1, int(round(cfg.busy_ring_mm * s)))
        things = things | (cv2.dilate(arm, cv2.getStructuringElement(
            cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))) & bare)
    # A hand comes from the mat's edge: what covers a place joins the world beyond the mat.
    if covered:
        if outside is None:
            outside = outside_mask(labels.shape, s, mat, view, cfg, overview.image)
        things = np.where(keep[labels], labels, 0)
        touching = {p: touched[p][0] for p in covered}
        covered = anchored(covered, touching, things, outside, s, cfg,
                           joins[0] if joins else None)
    covered.sort(key=region_order)
    return BusyReading(covered=covered, area_mm2=total, mask=mask,
                       spots=spots if covered else [])
