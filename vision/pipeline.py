"""The camera pipeline: a frame of the table in, the read-table object out.

Pure stages, each a function of an image (and what earlier stages found), every threshold in
:class:`vision.config.VisionConfig`, each in its module under :mod:`vision.stages`:

1. :func:`prepare` - the frame at the sizes the stages need (``stages.locate``);
2. :func:`locate_mat` - the ArUco markers, the mat-to-image homography and the lens's barrel
   distortion fitted to them (``stages.locate``, ``stages.lens``);
3. :func:`rectify` - any part of the mat warped to mat millimetres, through the lens
   (``stages.locate``);
4. :func:`mat_deviation` - how far each overview pixel is from the mat's colour there, and
   which part of the mat the frame shows (``stages.overview``);
5. :func:`slot_occupancy` - something in a slot or not (``stages.overview``);
6. :func:`read_codes` / :func:`read_slot_crops` - QR codes, whole frame first, then rectified
   crops of occupied slots that are still unread (``stages.codes``); a tag no decoder read in
   a frame without a hand is matched against the printed codes (``stages.match``);
7. :func:`assign_tags` - tags to slots by their centre; duplicates and foreign codes reported
   (``stages.codes``);
8. :func:`count_bank` - tokens per lane by two counters (``stages.bank``);
9. :func:`detect_busy` - the places a hand, an arm or an object hides (``stages.busy``); without
   the mat, :func:`hidden_markers` - the corner markers a hand hides (``stages.corners``).

:func:`read_table` runs them all and returns the object of ``spec/table.md``.
"""
from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache, partial

import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.heap import pin_heap
from vision.mat import COLOURS, load_mat
from vision.stages.bank import count_bank, count_bank_lane, lane_deviation
from vision.stages.busy import BusyReading, detect_busy, region_order, regions
from vision.stages.codes import (TagReading, assign_tags, fast_decoders, read_codes,
                                 read_slot_crops, slot_crop, slot_of)
from vision.stages.corners import hidden_markers
from vision.stages.lean import camera_centre, seen_decks
from vision.stages.locate import (Frame, MatLocation, Rect, _aruco_detector, locate_mat, prepare,
                                  rectify)
from vision.stages.match import match_tags
from vision.stages.overview import (Overview, deviation_from, free_mask, mat_deviation,
                                    object_rects, out_of_view, slot_fill, slot_occupancy)
from vision.stages.things import object_mask
from vision.stills import (TableMemory, full_bank, learn_light, light_changed, recall_cards,
                           relearn_light, remember_cards)
from vision.tags import Code, parse_payload
from vision.tokens import LaneCount

# Before any frame: every frame then reuses the heap (vision/heap.py says why).
pin_heap()

__all__ = [
    "BusyReading", "Frame", "MatLocation", "Overview", "Rect", "TableMemory", "TableReading",
    "TagReading",
    "analyse", "assign_tags", "count_bank", "detect_busy", "deviation_from", "empty_result",
    "free_mask", "hidden_markers", "lane_deviation", "locate_mat", "mat_deviation",
    "object_mask", "object_rects", "prepare", "read_codes", "read_slot_crops", "read_table",
    "rectify", "region_order", "regions", "slot_crop", "slot_fill", "slot_occupancy", "slot_of",
    "warm_up",
    "_aruco_detector",
]


# --- all stages ---------------------------------------------------------------------------------

@dataclass
class TableReading:
    """Everything the stages found for one frame (the read-table object is :attr:`result`)."""

    result: dict
    frame: Frame
    location: MatLocation
    overview: Overview | None = None
    fills: dict[str, float] = field(default_factory=dict)
    tags: TagReading | None = None
    bank: dict[str, LaneCount] = field(default_factory=dict)
    busy: BusyReading | None = None
    codes: list[Code] = field(default_factory=list)


def empty_result(image_name: str | None = None) -> dict:
    """The read-table object for a frame where no mat was found."""
    mat = load_mat()
    return {
        "image": image_name,
        "mat": False,
        "markers": [],
        "nobles": [None] * len(mat.nobles),
        "market": {str(l): [None] * len(mat.market[l]) for l in sorted(mat.market)},
        "decks": {str(l): False for l in sorted(mat.decks)},
        "bank": {},
        "scan": None,
        "tags": [],
        "foreign": [],
        "uncertain": [],
        "busy": False,
        "covered": [],
        "ms": 0.0,
    }


def _codes_mm(loc: MatLocation, codes: list[Code]) -> list[np.ndarray]:
    """Each code's corners in mat mm (all through the lens at once)."""
    if not codes:
        return []
    return list(loc.to_mat([p for c in codes for p in c.corners]).reshape(-1, 4, 2))


@lru_cache(maxsize=2)
def _pool(workers: int) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(workers, thread_name_prefix="read-table")


def stage_workers(cfg: VisionConfig) -> int:
    """The worker threads for a frame's stages (``cfg.stage_threads``; None: one fewer than the
    cores this process may run on, at most 3)."""
    if cfg.stage_threads is not None:
        return max(0, cfg.stage_threads)
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # no affinity on this system
        cores = os.cpu_count() or 1
    return min(3, cores - 1)


def _start(pool: ThreadPoolExecutor | None, fn, *args):
    """Run `fn(*args)` in `pool` (None: here and now); returns what waits for its result."""
    if pool is None:
        value = fn(*args)
        return lambda: value
    future = pool.submit(fn, *args)

    def result():
        # No worker has started it yet: the calling thread runs it rather than wait idle.
        return fn(*args) if future.cancel() else future.result()
    return result


def _per_slot(pool: ThreadPoolExecutor | None, stage, frame: Frame, loc: MatLocation,
              rects: dict[str, Rect], cfg: VisionConfig) -> list[Code]:
    """`stage` (:func:`read_slot_crops`, :func:`match_tags`), each slot a job of its own (each
    slot's work is its own: the codes come back in the same order as from one call)."""
    if pool is None or len(rects) < 2:
        return stage(frame, loc, rects, cfg)
    jobs = [_start(pool, stage, frame, loc, {p: r}, cfg) for p, r in rects.items()]
    # Waited for from the last: the workers take the first ones, the calling thread the rest.
    found = [job() for job in reversed(jobs)][::-1]
    return [c for codes in found for c in codes]


def quick_look(cfg: VisionConfig) -> VisionConfig:
    """The crop tries for a slot of a busy frame: the first smoothed crop with the fast
    decoders. It reads most tags in a calm frame too, and under hands it read 295 more on the
    tune frames (49 fewer) than the sharpened crop tried before, at a cheaper warp."""
    return cfg.with_(crop_variants=(), crop_smooth_variants=cfg.crop_smooth_variants[:1],
                     decoders=fast_decoders(cfg))


def _read_or_match(frame: Frame, loc: MatLocation, rects: dict[str, Rect], cfg: VisionConfig,
                   matchable: frozenset[str], tried: set[str]) -> list[Code]:
    """:func:`read_slot_crops`, but a slot of `matchable` the fast decoders miss on its first
    ``cfg.match_after_crops`` crops is matched against the printed codes (:func:`match_tags`,
    its crop the first of them); if no code is clear, the fast decoders try the first
    ``cfg.crops_after_match`` sharpened crops, and that is all (``crops_after_match`` says
    why). The slots matched go into `tried`."""
    fast = fast_decoders(cfg)
    n = cfg.match_after_crops or 0
    smooth, sharp = cfg.crop_smooth_variants, cfg.crop_variants
    # The crop tries (smoothed ones first, as read_slot_crops makes them) before and after it.
    k = max(0, n - len(smooth))
    first = cfg.with_(crop_smooth_variants=smooth[:n], crop_variants=sharp[:k])
    after = cfg.with_(crop_smooth_variants=(), crop_variants=sharp[k:k + cfg.crops_after_match],
                      crop_native_smooth_mm=None)
    out: list[Code] = []
    for path, rect in rects.items():
        one = {path: rect}
        if path not in matchable:
            out += read_slot_crops(frame, loc, one, cfg)
            continue
        codes = read_slot_crops(frame, loc, one, first, fast)
        if not any(parse_payload(c.text, cfg.tag_prefix) for c in codes):
            tried.add(path)
            codes += (match_tags(frame, loc, one, cfg)
                      or read_slot_crops(frame, loc, one, after, fast))
        out += codes
    return out


def analyse(image_bgr: np.ndarray, config: VisionConfig | None = None,
            image_name: str | None = None, memory: TableMemory | None = None,
            players: int | None = None) -> TableReading:
    """Run every stage on one frame and keep the intermediate results (for overlays, tests).

    ``memory``: what earlier stills of the same game told (:mod:`vision.stills`): the table's
    light, learnt from the first still that shows the full bank of ``players``, and the cards
    read before (a tag burnt out by glare now is known by its card's look). Updated in place."""
    cfg = config or DEFAULT_CONFIG
    mat = load_mat()
    t0 = time.perf_counter()
    # Independent stages run side by side (cfg.stage_threads): same result, less waiting.
    workers = stage_workers(cfg)
    pool = _pool(workers) if workers > 0 else None
    frame = prepare(image_bgr, cfg)
    # The grey copy both the markers and the codes use, made once before either asks.
    frame.work_gray()
    codes_job = _start(pool, read_codes, frame, cfg)
    loc = locate_mat(frame, cfg, mat)
    result = empty_result(image_name)
    result["markers"] = list(loc.markers)
    overview = None
    if loc.found:
        # The slot crops kept for this location (stages.codes.slot_crop), set before any
        # thread crops a slot.
        frame.crops, frame.crops_loc = {}, loc
        # (Before the codes are waited for: the overview needs none, and the whole-frame
        # codes take longer than the markers.)
        overview = mat_deviation(frame, loc, cfg, mat)
    codes = codes_job()
    reading = TableReading(result=result, frame=frame, location=loc, codes=codes)
    if not loc.found:
        tags = assign_tags(codes, None, cfg, mat)
        result["tags"], result["foreign"] = tags.ids, tags.foreign
        reading.tags = tags
        # A hand over the corners: busy, and what to clear is the markers (not "no mat").
        hidden = hidden_markers(frame, loc, cfg, mat)
        result["covered"] = [f"markers.{m}" for m in hidden]
        result["busy"] = bool(hidden)
        result["ms"] = round((time.perf_counter() - t0) * 1000.0, 1)
        return reading

    result["mat"] = True
    light = memory.light if memory is not None else None
    changed = light is not None and light_changed(light, overview, cfg)
    # A big change of light (a lamp switched on): what was learnt no longer holds.
    lane_jobs = {c: _start(pool, count_bank_lane, frame, loc, overview, c, cfg, mat,
                           None if changed else light) for c in COLOURS}
    fills_job = _start(pool, slot_occupancy, overview, cfg, mat)
    first = assign_tags(codes, loc, cfg, mat)
    slots = mat.slots()
    # Crops only where something lies but no tag was read yet.
    def detail(rect_mm, px_per_mm):
        return rectify(frame.work, frame.work_scale, loc, rect_mm, px_per_mm)

    # The decks as the camera sees them: a tall stack's top leans out (stages/lean.py). A slot
    # not seen full has no stack to lean out: its footprint alone (a sleeve's edge over the mat
    # where an empty slot's deck would have leant was taken for a hand over that deck).
    h, w = frame.full.shape[:2]
    fills = fills_job()
    # (One fact for the busy stage and the result's "decks".)
    full = {l: fills[f"decks.{l}"] >= cfg.occupied_fraction for l in sorted(mat.decks)}
    decks = seen_decks(mat, camera_centre(loc, w, h, cfg.lens_hfov_deg), cfg,
                       [l for l, f in full.items() if not f])
    busy = detect_busy(overview, cfg, mat, _codes_mm(loc, codes), detail, decks)
    if busy.busy and busy.spots:
        # Maybe not a hand but a sticker too small or blurred for the whole-frame pass.
        # Every crop and decoder: a quick look (one crop, the fast decoders) missed a foreign
        # sticker beside a deck that the decoders read only in later crops, and called that
        # frame busy.
        found = _per_slot(pool, read_slot_crops, frame, loc,
                          {f"spot.{i}": r for i, r in enumerate(busy.spots)}, cfg)
        if found:
            codes = codes + found
            busy = detect_busy(overview, cfg, mat, _codes_mm(loc, codes), detail, decks)
    tried: set[str] = set()  # slots the matcher has had
    todo = {p: slots[p] for p in slots
            if p not in first.slots and fills[p] >= cfg.empty_fraction}
    if todo:
        # Under a hand, one quick try: the frame will not be used to judge a turn anyway.
        crop_cfg = quick_look(cfg) if busy.busy else cfg
        # A calm frame's full slots: matched early (cfg.match_after_crops).
        matchable = frozenset(
            p for p in todo if fills[p] >= cfg.occupied_fraction and p not in first.uncertain
        ) if cfg.match_after_crops is not None and not busy.busy else frozenset()
        codes = codes + _per_slot(pool, partial(_read_or_match, matchable=matchable,
                                                tried=tried), frame, loc, todo, crop_cfg)
    tags = assign_tags(codes, loc, cfg, mat)
    unread = {p: slots[p] for p in todo if p not in tags.slots and p not in tags.uncertain
              and fills[p] >= cfg.occupied_fraction and p not in tried}
    if unread and not busy.busy:
        # A tag too faint for every decoder: matched against the printed codes.
        matched = _per_slot(pool, match_tags, frame, loc, unread, cfg)
        if matched:
            codes = codes + matched
            tags = assign_tags(codes, loc, cfg, mat)
    bank = {c: job() for c, job in lane_jobs.items()}

    uncertain = set(tags.uncertain)

    def slot_value(path: str):
        if path in tags.slots:
            return tags.slots[path]
        fill = fills[path]
        if path in tags.uncertain or fill >= cfg.occupied_fraction:
            return "?"
        if fill >= cfg.empty_fraction:
            uncertain.add(path)
            return "?"
        return None

    result["nobles"] = [slot_value(f"nobles.{i}") for i in range(len(mat.nobles))]
    result["market"] = {str(l): [slot_value(f"market.{l}.{i}") for i in range(len(mat.market[l]))]
                        for l in sorted(mat.market)}
    result["scan"] = slot_value("scan")
    for l, f in full.items():
        if not f and fills[f"decks.{l}"] >= cfg.empty_fraction:
            uncertain.add(f"decks.{l}")
    result["decks"] = {str(l): f for l, f in full.items()}
    result["bank"] = {c: bank[c].count for c in COLOURS}
    for c in COLOURS:
        if not bank[c].certain:
            uncertain.add(f"bank.{c}")
    # What is hidden can't be known, nor what lies beyond the frame's edge (a camera knocked
    # aside), unless its tag was read.
    uncertain.update(busy.covered)
    uncertain.update(p for p in out_of_view(overview, regions(mat)) if p not in tags.slots)
    result["tags"] = tags.ids
    result["foreign"] = tags.foreign
    result["uncertain"] = sorted(uncertain, key=region_order)
    result["busy"] = busy.busy
    result["covered"] = list(busy.covered)
    reading.overview, reading.fills, reading.tags = overview, fills, tags
    if memory is not None:
        recalled = recall_cards(result, overview, memory, set(busy.covered), cfg, mat)
        result["uncertain"] = [p for p in result["uncertain"] if p not in recalled]
        remember_cards(result, overview, memory, recalled, cfg, mat)
        if players is not None:
            memory.players = players
        if memory.light is None and memory.players and not busy.busy:
            memory.light = learn_light(reading, full_bank(memory.players), cfg)
        elif changed and not busy.busy:
            memory.light = relearn_light(memory.light, reading, cfg)
            memory.relearnt += 1
    result["ms"] = round((time.perf_counter() - t0) * 1000.0, 1)
    reading.bank, reading.busy, reading.codes = bank, busy, codes
    return reading


def read_table(image_bgr: np.ndarray, config: VisionConfig | None = None,
               image_name: str | None = None, memory: TableMemory | None = None,
               players: int | None = None) -> dict:
    """The read-table object (``spec/table.md``) for one BGR frame of the table."""
    return analyse(image_bgr, config, image_name, memory, players).result


def warm_up() -> None:
    """Build once what a process's first reading would otherwise build in its wait: the mat's
    geometry and the printed codes' book the tag matcher compares with (segno encodes 100
    codes: about half a second here)."""
    from vision.stages.match import code_book
    load_mat()
    # Asked for as the matcher asks (lru_cache keys code_book() and code_book("SPL:") apart:
    # a book built without the prefix given was built again on the first frame that matched).
    code_book(DEFAULT_CONFIG.tag_prefix)
