"""``python -m workbench.same_readings``: does a change read the table the same?

A speed change to the camera pipeline should leave every reading as it was. This keeps each
frame's whole read-table object (``spec/table.md``, without its ``ms``) and compares two runs:

    python -m workbench.same_readings save OUT.json DIR [DIR ...]   # every *.jpg, one core
    python -m workbench.same_readings diff BEFORE.json AFTER.json   # the frames that differ

Run ``save`` with the code before the change (a worktree of that commit) and after it, on the
same folders. ``diff`` prints one line a frame that differs (the keys that changed, before and
after) and how many differ; it exits 0 when none does, 1 when some do, 2 on bad input. The
readings are deterministic: two runs of the same code differ in no frame. ``save`` prints the
CPU median a frame too, but times from a shared machine say little: compare CPU with the
benches, alternated.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path


def save(out: Path, folders: list[Path]) -> tuple[int, float]:
    """Read every ``*.jpg`` of `folders` (sorted) and write their read-table objects to `out`,
    keyed by path; returns the frames read and their CPU median (ms)."""
    import cv2

    from vision.pipeline import read_table, warm_up
    from workbench.vision_bench import pin_one_core

    pin_one_core()
    warm_up()
    readings, cpu = {}, []
    for folder in folders:
        for path in sorted(folder.glob("*.jpg")):
            image = cv2.imread(str(path))
            if image is None:
                continue  # not a picture OpenCV reads: no reading to compare
            t0 = time.process_time()
            result = read_table(image)
            cpu.append((time.process_time() - t0) * 1000.0)
            result.pop("ms", None)
            readings[str(path)] = result
    if readings:  # (nothing read: nothing written)
        out.write_text(json.dumps(readings, sort_keys=True))
    return len(readings), statistics.median(cpu) if cpu else 0.0


def differences(before: dict, after: dict) -> dict[str, dict[str, tuple]]:
    """Per frame whose reading differs (or that only one run read): each key that changed,
    as (before, after)."""
    out = {}
    for frame in sorted(set(before) | set(after)):
        a, b = before.get(frame), after.get(frame)
        if a == b:
            continue
        a, b = a or {}, b or {}
        out[frame] = {k: (a.get(k), b.get(k)) for k in sorted(set(a) | set(b))
                      if a.get(k) != b.get(k)}
    return out


def _load(path: str) -> dict | None:
    """The readings `save` wrote to `path`, or None (said why) when it holds none."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError:
        _bad(f"The file {path} can't be read.")
        return None
    except ValueError:
        data = None
    if not isinstance(data, dict):
        _bad(f"{path} is not a readings file saved by this command.")
        return None
    return data


def _bad(sentence: str) -> int:
    """Bad input: one sentence on stderr, exit code 2."""
    print(sentence, file=sys.stderr)
    return 2


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m workbench.same_readings")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("save", help="read every frame and keep its reading")
    s.add_argument("out")
    s.add_argument("folders", nargs="+")
    d = sub.add_parser("diff", help="the frames whose readings differ")
    d.add_argument("before")
    d.add_argument("after")
    args = p.parse_args(argv)
    if args.command == "save":
        missing = [f for f in args.folders if not Path(f).is_dir()]
        if missing:
            return _bad(f"There is no folder {missing[0]}.")
        n, median = save(Path(args.out), [Path(f) for f in args.folders])
        if n == 0:
            return _bad("No frames (*.jpg) were found in those folders.")
        print(f"{n} frames read, CPU median {median:.1f} ms a frame; readings in {args.out}")
        return 0
    before = _load(args.before)
    after = _load(args.after) if before is not None else None
    if before is None or after is None:
        return 2
    diffs = differences(before, after)
    for frame, changed in diffs.items():
        print(frame, json.dumps(changed))
    print(f"{len(diffs)} of {len(set(before) | set(after))} frames differ")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
