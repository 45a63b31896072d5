"""`splendor-companion bench-vision`: how well and how fast the pipeline reads the table.

Frames come from the synthetic renderer (``workbench.synthetic.write_frames``, each with its truth)
and, when present, the sample frames of ``shared/samples/table-v1``. Everything runs on one
core (OpenCV's thread pool off, the process pinned to one CPU), so the times are what one core
of the Pi-class machine does.

Scoring (per the task):
* tags: in a frame without a hand, a slot holding a tagged card or noble counts as read when its
  id is reported; a card without a sticker is right when reported ``"?"``;
* wrong ids: any id reported in a slot that holds something else, or any id in ``tags`` that
  is not on the table - counted in every frame, busy or not;
* bank: a lane is exact when its count is right; a wrong lane must be listed in ``uncertain``;
* busy: recall over frames with a hand on the mat, false busy over the others;
* covered (``--hands N``): N frames with a hand near the mat hiding nothing a turn depends on
  (resting beside it, a finger over its margin, a sleeve along its edge; false busy there) and
  N with a hand over slots, lanes or the scan zone, every tenth an arm over two corner markers
  (busy recall, and the covered regions exact). The truth: a region is covered when the hand
  hides at least 40 mm^2 of it (about a fingertip's last 4 mm: a card's corner, a sticker's
  edge, a token's rim - enough that what the referee reads there may be hidden); with fewer
  than 3 markers in view the covered places are the hidden markers ("markers.N"). ``strict``:
  the reported set equals the truth; ``lenient`` also lets pass a region the hand only grazes
  (hides less than 40 mm^2 of it, or ends within 3 mm of it). Misses are also counted per
  kind of place (nobles, market, decks, scan, bank, markers). ``band``: a region hidden
  40 +- 20 mm^2 may be reported either way (at the pipeline's 1 px/mm, a fingertip's last
  2 mm), one hidden more must be reported and one hidden less must not (even if grazed).
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

SLOT_LEVELS = ("1", "2", "3")
#: The tolerance (mm^2) of the "band" figure around the renderer's covered truth
#: (``workbench.synthetic.table.COVERED_MM2``, imported where frames are scored: the renderer
#: stays out of this module's import).
BAND_MM2 = 20.0


def covered_in_band(covered, truth: dict) -> bool:
    """The band figure of one frame whose truth has covered places: every place hidden
    COVERED_MM2 + BAND_MM2 or more is in `covered`, and none hidden less than COVERED_MM2 -
    BAND_MM2 (at the pipeline's 1 px/mm the band is a fingertip's last 2 mm either way).
    With corner markers covered (no mat to place the rest on) it must be exact."""
    from workbench.synthetic.table import COVERED_MM2
    got, want = set(covered), set(truth.get("covered") or [])
    if any(p.startswith("markers.") for p in want):
        return got == want
    hidden = truth.get("_gt", {}).get("hidden_mm2") or {}
    must = {p for p, a in hidden.items() if a >= COVERED_MM2 + BAND_MM2}
    maybe = {p for p, a in hidden.items() if a >= COVERED_MM2 - BAND_MM2}
    return must <= got <= maybe


def slot_values(result: dict) -> dict[str, object]:
    """Every slot of a read-table object by its path."""
    out: dict[str, object] = {f"nobles.{i}": v for i, v in enumerate(result["nobles"])}
    for level, row in result["market"].items():
        for i, v in enumerate(row):
            out[f"market.{level}.{i}"] = v
    out["scan"] = result["scan"]
    return out


@dataclass
class Score:
    """Counts accumulated over frames."""

    frames: int = 0
    tagged_slots: int = 0
    tagged_read: int = 0
    untagged_slots: int = 0
    untagged_right: int = 0
    wrong_ids: int = 0
    wrong_examples: list = field(default_factory=list)
    empty_slots: int = 0
    empty_right: int = 0
    lanes: int = 0
    lanes_exact: int = 0
    lanes_uncertain: int = 0
    lanes_wrong_unflagged: int = 0
    decks: int = 0
    decks_right: int = 0
    busy_frames: int = 0
    busy_found: int = 0
    calm_frames: int = 0
    false_busy: int = 0
    mat_missed: int = 0   # the mat in view by the truth, not found
    mat_hidden: int = 0   # not placeable by the truth either (a hand over its markers)
    covered_frames: int = 0
    covered_exact: int = 0
    covered_strict: int = 0
    covered_band: int = 0
    regions_missed: int = 0
    regions_extra: int = 0
    covered_misses: list = field(default_factory=list)
    #: kind of place ("bank", "market", ...) -> [missed, reported beyond the truth (strict)]
    covered_by_kind: dict = field(default_factory=dict)
    misses: list = field(default_factory=list)
    ms: dict = field(default_factory=dict)  # "WxH" -> [wall ms, ...]
    cpu_ms: dict = field(default_factory=dict)  # "WxH" -> [CPU ms, ...]

    def add(self, name: str, result: dict, truth: dict, cpu_ms: float | None = None) -> None:
        self.frames += 1
        size = truth.get("_gt", {}).get("resolution")
        key = f"{size[0]}x{size[1]}" if size else "?"
        self.ms.setdefault(key, []).append(float(result["ms"]))
        if cpu_ms is not None:
            self.cpu_ms.setdefault(key, []).append(cpu_ms)
        busy_truth = bool(truth["busy"])
        if busy_truth:
            self.busy_frames += 1
            self.busy_found += bool(result["busy"])
        else:
            self.calm_frames += 1
            self.false_busy += bool(result["busy"])
        if not truth.get("mat", True):
            self.mat_hidden += 1
        elif not result["mat"]:
            self.mat_missed += 1
        if truth.get("covered"):
            self.covered_frames += 1
            want_c, got_c = set(truth["covered"]), set(result.get("covered", []))
            grazed = set(truth.get("_gt", {}).get("grazed") or [])
            missed, extra = want_c - got_c, got_c - want_c - grazed
            self.regions_missed += len(missed)
            self.regions_extra += len(extra)
            self.covered_exact += not missed and not extra
            self.covered_strict += got_c == want_c
            self.covered_band += covered_in_band(got_c, truth)
            for path in want_c ^ got_c:
                kind = self.covered_by_kind.setdefault(path.split(".")[0], [0, 0])
                kind[path in got_c] += 1
            if missed or extra:
                self.covered_misses.append((name, sorted(missed), sorted(extra)))
        got, want = slot_values(result), slot_values(truth)
        present = set(truth.get("_gt", {}).get("present_ids") or truth["tags"])
        # Wrong ids count everywhere, busy frames included. Where the truth can't place the mat
        # (a hand over corner markers) its slots are null, yet the pipeline may still read 3
        # markers (a fingertip on a code's edge) and place it: an id is then wrong only if its
        # card or noble lies elsewhere.
        where = truth.get("_gt", {}).get("tag_slots") if not truth["mat"] else None
        for path, w in want.items():
            g = got.get(path)
            if isinstance(g, str) and g != "?" and (
                    g != w if where is None else where.get(g) != path):
                self.wrong_ids += 1
                self.wrong_examples.append((name, path, g, w))
        for ident in result["tags"]:
            if ident not in present:
                self.wrong_ids += 1
                self.wrong_examples.append((name, "tags", ident, None))
        if busy_truth:
            return
        for path, w in want.items():
            g = got.get(path)
            if w is None:
                self.empty_slots += 1
                self.empty_right += g is None
            elif w == "?":
                self.untagged_slots += 1
                self.untagged_right += g == "?"
            else:
                self.tagged_slots += 1
                self.tagged_read += g == w
                if g != w:
                    self.misses.append((name, path, g, w))
        uncertain = set(result.get("uncertain", []))
        for colour, n in truth["bank"].items():
            self.lanes += 1
            exact = result["bank"].get(colour) == n
            self.lanes_exact += exact
            flagged = f"bank.{colour}" in uncertain
            self.lanes_uncertain += flagged
            if not exact and not flagged:
                self.lanes_wrong_unflagged += 1
                self.misses.append((name, f"bank.{colour}", result["bank"].get(colour), n))
        for level, has in truth["decks"].items():
            self.decks += 1
            self.decks_right += result["decks"].get(level) == has

    def summary(self) -> dict:
        def pct(a, b):
            return round(100.0 * a / b, 2) if b else None

        times = {k: {"frames": len(v), "median_ms": round(statistics.median(v), 1),
                     "p90_ms": round(sorted(v)[int(0.9 * (len(v) - 1))], 1),
                     "cpu_median_ms": (round(statistics.median(self.cpu_ms[k]), 1)
                                       if self.cpu_ms.get(k) else None),
                     "cpu_p90_ms": (round(sorted(self.cpu_ms[k])[int(0.9 * (len(self.cpu_ms[k])
                                                                    - 1))], 1)
                                    if self.cpu_ms.get(k) else None)}
                 for k, v in sorted(self.ms.items())}
        return {
            "frames": self.frames,
            "tags_read_pct": pct(self.tagged_read + self.untagged_right,
                                 self.tagged_slots + self.untagged_slots),
            "tagged_slots": self.tagged_slots, "tagged_read": self.tagged_read,
            "untagged_slots": self.untagged_slots, "untagged_right": self.untagged_right,
            "wrong_ids": self.wrong_ids,
            "empty_slots_right_pct": pct(self.empty_right, self.empty_slots),
            "lanes": self.lanes, "lanes_exact_pct": pct(self.lanes_exact, self.lanes),
            "lanes_uncertain": self.lanes_uncertain,
            "lanes_wrong_unflagged": self.lanes_wrong_unflagged,
            "decks_right_pct": pct(self.decks_right, self.decks),
            "busy_frames": self.busy_frames, "busy_recall_pct": pct(self.busy_found, self.busy_frames),
            "calm_frames": self.calm_frames, "false_busy_pct": pct(self.false_busy, self.calm_frames),
            "mat_missed": self.mat_missed, "mat_hidden": self.mat_hidden,
            "covered_frames": self.covered_frames,
            "covered_exact_pct": pct(self.covered_exact, self.covered_frames),
            "covered_strict_pct": pct(self.covered_strict, self.covered_frames),
            "covered_band_pct": pct(self.covered_band, self.covered_frames),
            "regions_missed": self.regions_missed, "regions_extra": self.regions_extra,
            "covered_by_kind": {k: {"missed": v[0], "extra_strict": v[1]}
                                for k, v in sorted(self.covered_by_kind.items())},
            "covered_examples": self.covered_misses[:10],
            "time": times,
            "wrong_examples": self.wrong_examples[:10],
            "miss_examples": self.misses[:15],
        }


def _idlest_cpu(cpus: list[int], seconds: float = 0.5) -> int:
    """The CPU of `cpus` with the most idle time over a short look at /proc/stat (Linux)."""
    def idle() -> dict[int, int]:
        out = {}
        with open("/proc/stat", encoding="ascii") as fh:
            for line in fh:
                name, *fields = line.split()
                if name.startswith("cpu") and name != "cpu":
                    out[int(name[3:])] = int(fields[3]) + int(fields[4])  # idle + iowait
        return out
    try:
        before = idle()
        time.sleep(seconds)
        after = idle()
        return max(cpus, key=lambda c: after.get(c, 0) - before.get(c, 0))
    except (OSError, ValueError, IndexError):
        return cpus[-1]


def pin_one_core() -> str:
    """Run on one core: OpenCV's pool off and the process tied to one CPU (the idlest one,
    so that other work on the machine disturbs the times as little as possible)."""
    import cv2

    cv2.setNumThreads(1)
    try:
        cpus = sorted(os.sched_getaffinity(0))
        cpu = _idlest_cpu(cpus)
        os.sched_setaffinity(0, {cpu})
        return f"cv2.setNumThreads(1), process pinned to CPU {cpu} of {len(cpus)}"
    except (AttributeError, OSError):
        return "cv2.setNumThreads(1) (this system can't pin a process to a CPU)"


def load_truth_frames(folder: Path) -> list[tuple[Path, dict]]:
    """(image, truth) pairs from a folder of sample-N.jpg + sample-N.json."""
    out = []
    for js in sorted(folder.glob("*.json"), key=lambda p: (len(p.stem), p.stem)):
        img = js.with_suffix(".jpg")
        if img.exists():
            out.append((img, json.loads(js.read_text(encoding="utf-8"))))
    return out


def decoder_comparison(pairs, chains) -> dict:
    """Tag read rate and tag-stage time per decoder chain, on the same frames (no hands)."""
    import cv2

    from vision.config import DEFAULT_CONFIG
    from vision.mat import load_mat
    from vision.pipeline import (assign_tags, locate_mat, mat_deviation, prepare, read_codes,
                                 read_slot_crops, slot_occupancy)
    from vision.tags import decoder_available

    mat = load_mat()
    slots = mat.slots()
    stats = {"+".join(c): {"slots": 0, "read": 0, "whole_read": 0, "wrong": 0, "ms": [],
                           "whole_ms": [], "by_size": {}}
             for c in chains}
    for path, truth in pairs:
        if truth["busy"]:
            continue
        image = cv2.imread(str(path))
        frame = prepare(image)
        loc = locate_mat(frame)
        if not loc.found:
            continue
        fills = slot_occupancy(mat_deviation(frame, loc))
        want = slot_values(truth)
        for chain in chains:
            s = stats["+".join(chain)]
            if not all(decoder_available(d) for d in chain):
                continue
            cfg = DEFAULT_CONFIG.with_(decoders=tuple(chain))
            t0 = time.perf_counter()
            codes = read_codes(frame, cfg)
            t1 = time.perf_counter()
            first = assign_tags(codes, loc, cfg, mat)
            todo = {p: slots[p] for p in slots
                    if p not in first.slots and fills[p] >= cfg.empty_fraction}
            if todo:
                codes = codes + read_slot_crops(frame, loc, todo, cfg)
            tags = assign_tags(codes, loc, cfg, mat)
            t2 = time.perf_counter()
            s["ms"].append((t2 - t0) * 1000.0)
            s["whole_ms"].append((t1 - t0) * 1000.0)
            size = "x".join(map(str, truth.get("_gt", {}).get("resolution", ["?", "?"])))
            per = s["by_size"].setdefault(size, {"slots": 0, "read": 0, "ms": []})
            per["ms"].append((t2 - t0) * 1000.0)
            for p, w in want.items():
                if isinstance(w, str) and w != "?":
                    s["slots"] += 1
                    per["slots"] += 1
                    got = tags.slots.get(p)
                    s["whole_read"] += first.slots.get(p) == w
                    s["read"] += got == w
                    per["read"] += got == w
                    s["wrong"] += got is not None and got != w
    out = {}
    for name, s in stats.items():
        if not s["ms"]:
            out[name] = {"available": False}
            continue
        out[name] = {"available": True, "slots": s["slots"],
                     "read_pct": round(100.0 * s["read"] / max(1, s["slots"]), 2),
                     "whole_frame_read_pct": round(100.0 * s["whole_read"] / max(1, s["slots"]), 2),
                     "wrong": s["wrong"],
                     "median_ms": round(statistics.median(s["ms"]), 1),
                     "whole_frame_median_ms": round(statistics.median(s["whole_ms"]), 1),
                     "by_size": {k: {"slots": v["slots"],
                                     "read_pct": round(100.0 * v["read"] / max(1, v["slots"]), 2),
                                     "median_ms": round(statistics.median(v["ms"]), 1)}
                                 for k, v in sorted(s["by_size"].items())}}
    return out


def _default_samples() -> Path | None:
    here = Path(__file__).resolve().parent.parent
    for cand in (here.parent / "shared" / "samples" / "table-v1",
                 Path("/work/shared/samples/table-v1")):
        if cand.is_dir():
            return cand
    return None


def run_bench(args) -> int:
    import cv2

    from vision.pipeline import read_table, warm_up

    pinned = pin_one_core()
    report: dict = {"threads": pinned}
    cache = Path(args.cache) if args.cache else None
    printed = getattr(args, "printed_mat", "") or ""  # the printed mat's language, or ""
    # Cached frames of each mat kept apart (the English printed mat's as they always were).
    mat_tag = "" if not printed else "-printed" if printed == "en" else f"-printed-{printed}"
    tmp = None
    if args.frames > 0:
        if cache is None:
            tmp = tempfile.TemporaryDirectory(prefix="bench-vision-")
            folder = Path(tmp.name)
        else:
            folder = cache / f"seed-{args.seed}-n-{args.frames}{mat_tag}"
        if not (folder / f"sample-{args.frames}.json").exists():
            from workbench.synthetic import write_frames

            print(f"Rendering {args.frames} frames (seed {args.seed})...", file=sys.stderr)
            t = time.perf_counter()
            write_frames(folder, args.frames, seed=args.seed, printed_mat=printed)
            print(f"  rendered in {time.perf_counter() - t:.0f} s.", file=sys.stderr)
        rendered = load_truth_frames(folder)
    else:
        rendered = []
    hand_sets = []
    hands = getattr(args, "hands", 0) or 0
    if hands > 0:
        base = cache or Path(tempfile.mkdtemp(prefix="bench-vision-hands-"))
        for k, kind in enumerate(("near", "over")):
            seed = args.hand_seed + k
            folder = base / f"hands-{kind}-seed-{seed}-n-{hands}{mat_tag}"
            if not (folder / f"sample-{hands}.json").exists():
                from workbench.synthetic import write_frames

                print(f"Rendering {hands} frames with a hand {kind} the mat (seed {seed})...",
                      file=sys.stderr)
                write_frames(folder, hands, seed=seed, size=(2304, 1296), hands=kind,
                             printed_mat=printed)
            hand_sets.append((f"hands_{kind}", load_truth_frames(folder)))
    sample_dir = Path(args.samples) if args.samples else _default_samples()
    samples = load_truth_frames(sample_dir) if sample_dir and sample_dir.is_dir() else []

    # What the app builds when the camera opens (the tag matcher's code book), not a frame's.
    warm_up()
    for label, pairs in [("rendered", rendered), ("samples", samples)] + hand_sets:
        if not pairs:
            continue
        score = Score()
        for path, truth in pairs:
            image = cv2.imread(str(path))
            # CPU time too: other processes on the machine stretch the wall time.
            c0 = time.thread_time()
            result = read_table(image, image_name=path.name)
            score.add(path.name, result, truth, (time.thread_time() - c0) * 1000.0)
        report[label] = score.summary()
        print(f"Scored {len(pairs)} {label} frames.", file=sys.stderr)

    hard = getattr(args, "hard", 0) or 0
    if hard > 0:
        # Hard light (strong gradients, shadows, vignetting, more blur and noise), rendered in
        # memory: not a spec target, a look at the margins.
        import numpy as np

        from workbench import synthetic as render

        score = Score()
        for i in range(1, hard + 1):
            rng = np.random.default_rng([args.seed, 7919, i])
            state = render.random_table_state(rng, players=int(rng.integers(2, 5)))
            cond = replace(render.random_conditions(rng, hard=True), printed_mat=printed)
            image, truth = render.render_table(state, cond)
            c0 = time.thread_time()
            result = read_table(image, image_name=f"hard-{i}")
            score.add(f"hard-{i}", result, truth, (time.thread_time() - c0) * 1000.0)
        report["hard"] = score.summary()
        print(f"Scored {hard} hard-light frames.", file=sys.stderr)

    if not args.no_decoders:
        pairs = rendered + samples
        report["decoders"] = decoder_comparison(
            pairs, [("zxing",), ("pyzbar",), ("zxing", "pyzbar"),
                    ("zxing", "zxing-histogram", "pyzbar")])
    if tmp is not None:
        tmp.cleanup()
    if args.json:
        print(json.dumps(report))
    else:
        print(format_report(report))
    return 0


def format_report(report: dict) -> str:
    lines = [f"Threads: {report['threads']}."]
    for label in ("rendered", "samples", "hard", "hands_near", "hands_over"):
        r = report.get(label)
        if not r:
            continue
        lines.append(f"{label.capitalize()} frames: {r['frames']}")
        lines.append(f"  tags read: {r['tags_read_pct']}% of {r['tagged_slots'] + r['untagged_slots']}"
                     f" slots holding a card or noble ({r['untagged_right']}/{r['untagged_slots']}"
                     f" untagged reported '?'); wrong ids: {r['wrong_ids']}")
        lines.append(f"  empty slots right: {r['empty_slots_right_pct']}%; decks right: "
                     f"{r['decks_right_pct']}%")
        lines.append(f"  bank lanes exact: {r['lanes_exact_pct']}% of {r['lanes']}; flagged "
                     f"uncertain: {r['lanes_uncertain']}; wrong and not flagged: "
                     f"{r['lanes_wrong_unflagged']}")
        lines.append(f"  busy recall: {r['busy_recall_pct']}% of {r['busy_frames']}; false busy: "
                     f"{r['false_busy_pct']}% of {r['calm_frames']}; mat not found: {r['mat_missed']}"
                     f" (and {r['mat_hidden']} frames whose markers a hand hides)")
        if r.get("covered_frames"):
            lines.append(f"  covered regions exact: {r['covered_exact_pct']}% of "
                         f"{r['covered_frames']} frames with something covered (strict, no "
                         f"grazed allowance: {r['covered_strict_pct']}%); regions missed: "
                         f"{r['regions_missed']}, reported beyond the grazed: "
                         f"{r['regions_extra']}")
            from workbench.synthetic.table import COVERED_MM2
            lines.append(f"  covered within the band (a region hidden {COVERED_MM2:g} +- "
                         f"{BAND_MM2:g} mm^2 may be reported either way, any other exactly as "
                         f"the truth): {r['covered_band_pct']}%")
            lines.append(f"  covered: a region is covered when the hand hides >= {COVERED_MM2:g}"
                         " mm^2 of it (fewer than 3 markers in view: the hidden markers); per "
                         "kind (missed, reported beyond the truth): " + ", ".join(
                             f"{k} {v['missed']}/{v['extra_strict']}"
                             for k, v in r["covered_by_kind"].items()))
            for ex in r["covered_examples"]:
                lines.append(f"  covered miss {ex}")
        for size, t in r["time"].items():
            lines.append(f"  {size}: median {t['median_ms']} ms, p90 {t['p90_ms']} ms, "
                         f"median CPU {t['cpu_median_ms']} ms ({t['frames']} frames)")
        for ex in r["wrong_examples"]:
            lines.append(f"  WRONG ID {ex}")
        for ex in r["miss_examples"]:
            lines.append(f"  miss {ex}")
    for name, d in report.get("decoders", {}).items():
        if not d.get("available"):
            lines.append(f"Decoder {name}: not installed here.")
            continue
        lines.append(f"Decoder {name}: {d['read_pct']}% of {d['slots']} tagged slots, "
                     f"{d['wrong']} wrong; tag stage median {d['median_ms']} ms "
                     f"(whole frame alone: {d['whole_frame_read_pct']}% in "
                     f"{d['whole_frame_median_ms']} ms)")
        for size, v in d["by_size"].items():
            lines.append(f"  {size}: {v['read_pct']}% of {v['slots']}, median {v['median_ms']} ms")
    return "\n".join(lines)
