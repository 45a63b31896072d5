"""Benchmark of issue 36 on rendered version-2 sessions (workbench.synthetic.sessions).

    nice -n 15 python -m workbench.session_bench [--sessions 20] [--seed 7300] [--turns 14]
                                                 [--out FILE]

Each session is a seeded game at 2, 3 or 4 players (in turn; every fourth hands-free) played
on the 2D renderer's table: the stream between presses rendered and fed to the app's watcher,
its stills and the presses read by the real pipeline inside the real referee (a real SQLite
journal), the session folder written by the referee itself, then judged again by ``rejudge``.
Seeds start at ``--seed`` (7300 and up were never used to tune anything).

Measured, live (as the app judged) and by rejudge (from the folder): presses judged right
(accepted, and the game after them the game as played), forgotten presses judged right (with
and without a splitting still, two seats in a row), questions asked; settled stills taken
versus the stream's real settled moments (taken, missed, extra) and stills refused; the CPU
share of one core the watcher takes at the stream's 5 frames a second (rendering and reading
the stills excluded: they are the camera's and the referee's work).
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time

from workbench.synthetic.sequence import FPS


def _stills(session) -> dict:
    hit, extra = set(), 0
    for i in session.stills:
        inside = [k for k, (a, b) in enumerate(session.settled) if a <= i < b]
        if inside and inside[0] not in hit:
            hit.add(inside[0])
        else:
            extra += 1
    return {"settled": len(session.settled), "taken": len(hit),
            "missed": len(session.settled) - len(hit), "extra": extra,
            "refused": session.refused}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=7300)
    ap.add_argument("--turns", type=int, default=14)
    ap.add_argument("--out", default=None, help="also write the summary (JSON) here")
    args = ap.parse_args(argv)
    from workbench.synthetic.sessions import judge_again, render_session
    root = tempfile.mkdtemp(prefix="session-bench-")
    total = {k: 0 for k in ("presses", "live_right", "rejudged_right", "forgotten",
                            "forgotten_live_right", "forgotten_rejudged_right", "split",
                            "split_right", "unsplit", "unsplit_right", "two_forgot",
                            "two_forgot_right", "auto", "asked_turns", "asked_other",
                            "stopped", "settled", "taken", "missed", "extra", "refused",
                            "frames")}
    cpu, wall0 = 0.0, time.time()
    rows = []
    for n in range(args.sessions):
        players = 2 + n % 3
        hands_free = n % 4 == 3
        seed = args.seed + n
        t0 = time.time()
        s = render_session(root, players, seed, turns=args.turns, hands_free=hands_free)
        again = judge_again(s)
        st = _stills(s)
        for k, v in st.items():
            total[k] += v
        total["frames"] += s.frames
        cpu += s.watch_cpu
        total["stopped"] += bool(s.stopped)
        for p, (_n, kind, right) in zip(s.presses, again):
            total["presses"] += 1
            total["live_right"] += p.live_right
            total["rejudged_right"] += right
            total["auto"] += p.auto
            if p.asked == "turns":
                total["asked_turns"] += 1
            elif p.asked:
                total["asked_other"] += 1
            if len(p.seats) > 1:
                ok = p.live_right and right
                total["forgotten"] += 1
                total["forgotten_live_right"] += p.live_right
                total["forgotten_rejudged_right"] += right
                key = "split" if p.split else "unsplit"
                total[key] += 1
                total[key + "_right"] += ok
                if len(p.seats) > 2:
                    total["two_forgot"] += 1
                    total["two_forgot_right"] += ok
        row = {"session": n, "seed": seed, "players": players, "hands_free": hands_free,
               "presses": len(s.presses), "forgotten": sum(len(p.seats) > 1 for p in s.presses),
               "live_wrong": [p.number for p in s.presses if not p.live_right],
               "rejudged_wrong": [x[0] for x in again if not x[2]],
               "stopped": s.stopped, **st,
               "cpu_share": round(s.watch_cpu / max(s.frames / FPS, 1e-9), 4),
               "seconds": round(time.time() - t0, 1), "folder": str(s.folder)}
        rows.append(row)
        print(json.dumps(row), flush=True)
    summary = {**total, "sessions": args.sessions, "seed": args.seed, "turns": args.turns,
               "cpu_share": round(cpu / max(total["frames"] / FPS, 1e-9), 4),
               "wall_seconds": round(time.time() - wall0, 1)}
    print(json.dumps(summary, indent=1), flush=True)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"summary": summary, "sessions": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
