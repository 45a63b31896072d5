"""``python -m workbench.physical.bench DIR [--json]``: the pipeline on physically based frames
(rendered by ``python -m workbench.physical``) against their truth, scored as bench-vision
scores (``vision.bench.Score``) plus what the physical frames add: tags counted apart when the
code is burnt out by glare (``_gt.burnt``), and the bank lanes exact per colour. One core,
as bench-vision runs; a benchmark, never a timed test."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2

from companion.ai.match import wilson
from workbench.vision_bench import Score, load_truth_frames, pin_one_core, slot_values
from vision.mat import COLOURS


def score_frames(pairs, log=None, repeat: int = 1) -> dict:
    """The frames read and scored; with ``repeat`` > 1 every frame is read that many
    times, in passes over all of them, and its time is its fastest read (wall and CPU alike).
    A read slowed by other work on the machine only ever comes out slower, so the fastest of
    a few is the code's own cost (as ``timeit`` takes the minimum); passes, rather than one
    frame read again at once, keep each read's frame out of the caches as the camera's is.
    A frame whose last read differs from the one before is counted in ``repeat_differs``.
    Frames from more than one folder are scored pooled, with each folder's own figures in
    ``by_set``; ``intervals`` holds the pooled rates' 95 % intervals (Wilson)."""
    from vision.pipeline import read_table, warm_up

    # What the app builds when the camera opens (the tag matcher's code book), not a frame's.
    warm_up()
    earlier = _fastest_reads(pairs, read_table, repeat) if repeat > 1 else None
    differs = 0
    score = Score()
    burnt = {"slots": 0, "read": 0, "wrong": 0}
    sets: dict[str, dict] = {}  # per folder: its Score and its lanes' [count, exact]
    by_kind: dict[str, dict] = {}
    rigs: dict[str, list] = {}
    for i, (path, truth) in enumerate(pairs):
        img = cv2.imread(str(path))
        t0 = time.process_time()
        result = read_table(img, image_name=path.name)
        cpu = (time.process_time() - t0) * 1000.0
        if earlier:
            differs += _without_ms(result) != _without_ms(earlier["results"][i])
            wall, cpu = min(result["ms"], earlier["wall"][i]), min(cpu, earlier["cpu"][i])
            result = dict(result, ms=wall)
        score.add(path.name, result, truth, cpu)
        one = sets.setdefault(str(path.parent),
                              {"score": Score(), "lanes": {c: [0, 0] for c in COLOURS}})
        one["score"].add(path.name, result, truth, cpu)
        gt = truth["_gt"]
        kind = gt.get("hands") or "none"
        k = by_kind.setdefault(kind, {"frames": 0, "busy": 0, "truth_busy": 0})
        k["frames"] += 1
        k["busy"] += bool(result["busy"])
        k["truth_busy"] += bool(truth["busy"])
        rig = gt.get("degradation", {}).get("physical", {}).get("rig", "?")
        rigs.setdefault(rig, []).append(bool(result["busy"]) != bool(truth["busy"]))
        if not truth["busy"]:
            got, want = slot_values(result), slot_values(truth)
            for p, w in want.items():
                if isinstance(w, str) and w != "?" and w in gt.get("burnt", []):
                    burnt["slots"] += 1
                    burnt["read"] += got.get(p) == w
            for c, n in truth["bank"].items():
                one["lanes"][c][0] += 1
                one["lanes"][c][1] += result["bank"].get(c) == n
        if log:
            log(f"{path.name}: busy {result['busy']} (truth {truth['busy']}) "
                f"covered {result['covered']} (truth {truth['covered']}) {result['ms']} ms")
    s = score.summary()
    lanes = {c: [sum(one["lanes"][c][k] for one in sets.values()) for k in (0, 1)]
             for c in COLOURS}
    tagged = s["tagged_slots"] - burnt["slots"]
    read = s["tagged_read"] - burnt["read"]
    s["tags_not_burnt"] = {"slots": tagged, "read": read,
                           "pct": round(100.0 * read / tagged, 2) if tagged else None}
    s["tags_burnt"] = burnt
    s["lanes_by_colour"] = {c: f"{v[1]}/{v[0]}" for c, v in lanes.items()}
    s["frames_by_hand"] = by_kind
    s["busy_wrong_by_light"] = {r: f"{sum(v)}/{len(v)}" for r, v in sorted(rigs.items())}
    s["intervals"] = _intervals(score, s, lanes)
    if len(sets) > 1:
        s["by_set"] = {name: _set_figures(one["score"], one["lanes"])
                       for name, one in sorted(sets.items())}
    if earlier:
        s["repeat"] = repeat
        s["repeat_differs"] = differs
    return s


def _counts(score: Score) -> dict[str, tuple[int, int]]:
    """The score's rates as (count, out of): busy recall, false busy, the covered band."""
    return {"busy_recall": (score.busy_found, score.busy_frames),
            "false_busy": (score.false_busy, score.calm_frames),
            "covered_band": (score.covered_band, score.covered_frames)}


def _intervals(score: Score, s: dict, lanes: dict) -> dict:
    """The 95 % Wilson interval (per cent) of every rate an aim is set on: pooled over many
    sets, a rate's interval says how sure the figure is."""
    rates = {f"lanes_{c}": (v[1], v[0]) for c, v in lanes.items()}
    rates["tags_not_burnt"] = (s["tags_not_burnt"]["read"], s["tags_not_burnt"]["slots"])
    rates.update(_counts(score))
    return {k: [round(100.0 * x, 2) for x in wilson(a, n)] for k, (a, n) in rates.items()
            if n}


def _set_figures(score: Score, lanes: dict) -> dict:
    """One folder's figures an aim is set on, as counts."""
    out = {k: f"{a}/{n}" for k, (a, n) in _counts(score).items()}
    out["lanes_by_colour"] = {c: f"{v[1]}/{v[0]}" for c, v in lanes.items()}
    out["wrong_ids"] = score.wrong_ids
    cpu = [t["cpu_median_ms"] for t in score.summary()["time"].values()
           if t["cpu_median_ms"] is not None]
    out["cpu_median_ms"] = cpu[0] if len(cpu) == 1 else cpu
    return out


def _without_ms(result: dict) -> dict:
    return {k: v for k, v in result.items() if k != "ms"}


def _fastest_reads(pairs, read_table, repeat: int) -> dict:
    """Each frame's fastest wall and CPU ms over ``repeat - 1`` passes (the scoring pass is
    the last), and what the last of those passes read."""
    wall = [float("inf")] * len(pairs)
    cpu = [float("inf")] * len(pairs)
    results: list = [None] * len(pairs)
    for _ in range(repeat - 1):
        for i, (path, _truth) in enumerate(pairs):
            img = cv2.imread(str(path))
            t0 = time.process_time()
            results[i] = read_table(img, image_name=path.name)
            cpu[i] = min(cpu[i], (time.process_time() - t0) * 1000.0)
            wall[i] = min(wall[i], float(results[i]["ms"]))
    return {"wall": wall, "cpu": cpu, "results": results}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m workbench.physical.bench")
    p.add_argument("folders", nargs="+")
    p.add_argument("--json", action="store_true")
    p.add_argument("--verbose", action="store_true")
    p.add_argument("--as-app", action="store_true",
                   help="time frames as the app reads them: every core, OpenCV's threads and "
                        "the stage threads (median_ms: wall; cpu_median_ms: all threads' CPU)")
    p.add_argument("--repeat", type=int, default=1,
                   help="read every frame this many times (in passes) and time each by its "
                        "fastest read: the code's own cost on a machine doing other work too")
    args = p.parse_args(argv)
    pairs = []
    for f in args.folders:
        pairs += load_truth_frames(Path(f))
    if not pairs:
        print("No rendered frames with their truth were found there.", file=sys.stderr)
        return 2
    if args.repeat < 1:
        print("--repeat takes a whole number of reads, 1 or more.", file=sys.stderr)
        return 2
    how = "every core, as the app runs" if args.as_app else pin_one_core()
    s = score_frames(pairs, log=(lambda m: print(m, file=sys.stderr)) if args.verbose else None,
                     repeat=args.repeat)
    s["cpu"] = how
    if args.json:
        print(json.dumps(s))
    else:
        for k, v in s.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
