"""``python -m workbench.physical OUT_DIR --frames N --seed S [--hands over|near] [--spp N]
[--background]``: render frames of a seed into a cache folder, one core, nice'd."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m workbench.physical", description=__doc__)
    p.add_argument("out_dir")
    p.add_argument("--frames", type=int, default=10)
    p.add_argument("--first", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hands", choices=["over", "near", "mix"], default=None)
    p.add_argument("--spp", type=int, default=4)
    p.add_argument("--background", action="store_true",
                   help="start the batch nice'd in the background, its log in OUT_DIR/render.log")
    args = p.parse_args(argv)
    if args.frames < 1 or args.spp < 1:
        print("The number of frames and of samples per pixel must be at least 1.", file=sys.stderr)
        return 2
    if args.background:
        os.makedirs(args.out_dir, exist_ok=True)
        rest = [a for a in (argv if argv is not None else sys.argv[1:]) if a != "--background"]
        log = open(os.path.join(args.out_dir, "render.log"), "a")
        proc = subprocess.Popen(["nice", "-n", "15", sys.executable, "-m", "workbench.physical", *rest],
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        print(f"Rendering in the background (process {proc.pid}); log: {log.name}")
        return 0
    try:
        from workbench.physical.render import write_frames
        write_frames(args.out_dir, args.frames, args.seed, args.hands, args.spp, args.first,
                     log=lambda s: print(s, flush=True))
    except ImportError as e:
        print(f"The physical renderer needs the optional extra 'render' ({e}).", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
