"""`splendor-league bench`: the league under a club's or a tournament's load, on loopback.

200 simulated tables (by default) each push their game's record after every turn, one turn
every 10 s, starting at random offsets; halfway through, all of them push at once (a burst);
meanwhile a few phones poll ``/live.json`` and a wall screen polls one table's picture, as
the pages do. Against a fresh SQLite file, or a throwaway PostgreSQL cluster (Debian's
server, started and stopped here), with one or more real `splendor-league serve` processes.
Bounded: ``--seconds`` of load (at most 600), then everything is stopped.

Prints pushes per second held, median and 99th-percentile latency (steady and burst), errors,
and pages served with their latency. Not a test: figures for the report.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from league.errors import UsageError

MAX_SECONDS = 600


def register(sub) -> None:
    b = sub.add_parser("bench", help="load benchmark on loopback (bounded; prints figures)",
                       description=__doc__.split("\n\n")[1])
    b.add_argument("--db", default="sqlite",
                   help="sqlite (a fresh file), postgresql (a throwaway local cluster), or a "
                        "database URL to use as it is")
    b.add_argument("--processes", type=int, default=1, choices=range(1, 9),
                   help="server processes sharing the database (default 1)")
    b.add_argument("--tables", type=int, default=200, choices=range(1, 1001),
                   metavar="1-1000")
    b.add_argument("--interval", type=float, default=10.0, help="seconds between a table's "
                   "turns (default 10)")
    b.add_argument("--seconds", type=float, default=60.0, help=f"load duration (at most "
                   f"{MAX_SECONDS})")
    b.add_argument("--phones", type=int, default=5, help="page readers polling / every 2 s")
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--json", action="store_true")
    b.set_defaults(func=run_bench)


def _pg_bin(name: str) -> str:
    import glob
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise UsageError("no-postgres")
    return found[-1]


class Cluster:
    """A throwaway PostgreSQL cluster on a unix socket in a temporary folder."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="league-bench-pg-")
        self.user = {"user": "postgres", "group": "postgres"} if os.geteuid() == 0 else {}
        if self.user:
            shutil.chown(self.folder, "postgres", "postgres")
        self.data = os.path.join(self.folder, "data")
        run = dict(check=True, capture_output=True, timeout=120, **self.user)
        subprocess.run([_pg_bin("initdb"), "-D", self.data, "-U", "postgres", "--auth=trust",
                        "-E", "UTF8", "--locale=C"], **run)
        # Durable as a real server would be (fsync on): the figures must not flatter.
        subprocess.run([_pg_bin("pg_ctl"), "-D", self.data, "-l",
                        os.path.join(self.folder, "log"), "-w", "start", "-o",
                        f"-k {self.folder} -p 5498 -c listen_addresses='' "
                        "-c max_connections=300"], **run)
        subprocess.run([_pg_bin("createdb"), "-h", self.folder, "-p", "5498", "-U",
                        "postgres", "league"], **run)
        self.url = f"postgresql://postgres@/league?host={self.folder}&port=5498"

    def stop(self) -> None:
        subprocess.run([_pg_bin("pg_ctl"), "-D", self.data, "-m", "fast", "-w", "stop"],
                       capture_output=True, timeout=60, **self.user)
        shutil.rmtree(self.folder, ignore_errors=True)


def _start_server(db: str) -> tuple:
    exe = str(Path(sys.executable).parent / "splendor-league")
    proc = subprocess.Popen([exe, "serve", "--db", db, "--listen", "127.0.0.1:0"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    first = proc.stdout.readline()
    if "listening on" not in first:
        proc.kill()
        raise RuntimeError("a league server did not start")
    return proc, first.strip().rsplit(" ", 1)[-1].rstrip("/")


def _games(tables: int, seed: int) -> list:
    """Per table, a list of games, each its list of records after every turn."""
    from league.simulated import turn_records
    rng = random.Random(seed)
    out = []
    for t in range(tables):
        games = [turn_records(rng.choice((2, 3, 4)), seed=seed * 100000 + t * 10 + k)
                 for k in range(2)]
        out.append(games)
    return out


async def _load(urls, tokens, games, args) -> dict:
    import httpx
    rng = random.Random(args.seed)
    start = time.monotonic()
    end = start + args.seconds
    burst_at = start + args.seconds / 2
    push_lat, burst_lat, page_lat = [], [], []
    errors: dict = {}
    limits = httpx.Limits(max_connections=args.tables + 50, max_keepalive_connections=args.tables)
    async with httpx.AsyncClient(timeout=30.0, limits=limits) as client:

        async def put(t, game_no, turn, sink):
            table = f"t{t:04d}"
            record = games[t][game_no % len(games[t])][turn]
            url = f"{urls[t % len(urls)]}/api/v1/tables/{table}/games/g{game_no}"
            body = json.dumps({"revision": turn + 1, "record": record})
            t0 = time.monotonic()
            try:
                r = await client.put(url, content=body, headers={
                    "Authorization": f"Bearer {tokens[table]}",
                    "Content-Type": "application/json"})
                status = r.status_code
            except httpx.HTTPError as err:
                status = type(err).__name__
            sink.append(time.monotonic() - t0)
            if status != 200:
                errors[str(status)] = errors.get(str(status), 0) + 1

        async def table_loop(t):
            game_no, turn = 0, 0
            await asyncio.sleep(rng.uniform(0, args.interval))
            while time.monotonic() < end:
                await put(t, game_no, turn, push_lat)
                turn += 1
                if turn >= len(games[t][game_no % len(games[t])]):
                    game_no, turn = game_no + 1, 0
                await asyncio.sleep(args.interval)

        async def burst():
            await asyncio.sleep(max(0.0, burst_at - time.monotonic()))
            t0 = time.monotonic()
            # Every table at once: a repeat of its first record as a new game (always legal).
            await asyncio.gather(*(put(t, 1000 + t, 0, burst_lat)
                                   for t in range(args.tables)))
            return time.monotonic() - t0

        async def phone(k):
            await asyncio.sleep(rng.uniform(0, 2))
            while time.monotonic() < end:
                path = "/live.json?lang=en" if k else "/tables/t0000/live.json?lang=en"
                t0 = time.monotonic()
                try:
                    r = await client.get(urls[k % len(urls)] + path)
                    ok = r.status_code == 200
                except httpx.HTTPError:
                    ok = False
                page_lat.append(time.monotonic() - t0)
                if not ok:
                    errors["page"] = errors.get("page", 0) + 1
                await asyncio.sleep(2.0)

        results = await asyncio.gather(burst(), *(table_loop(t) for t in range(args.tables)),
                                       *(phone(k) for k in range(args.phones + 1)))
    elapsed = time.monotonic() - start
    return {"seconds": round(elapsed, 1), "pushes": len(push_lat) + len(burst_lat),
            "pushes_per_s": round((len(push_lat) + len(burst_lat)) / elapsed, 1),
            "push_median_ms": _ms(statistics.median(push_lat)) if push_lat else None,
            "push_p99_ms": _ms(_p99(push_lat)) if push_lat else None,
            "burst_pushes": len(burst_lat), "burst_seconds": round(results[0], 2),
            "burst_median_ms": _ms(statistics.median(burst_lat)),
            "burst_p99_ms": _ms(_p99(burst_lat)),
            "errors": errors, "pages": len(page_lat),
            "page_median_ms": _ms(statistics.median(page_lat)) if page_lat else None,
            "page_p99_ms": _ms(_p99(page_lat)) if page_lat else None}


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (Linux /proc): the servers' cost per push, a
    figure that doesn't depend on how busy the rest of the machine is."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def _ms(s: float) -> float:
    return round(s * 1000, 1)


def _p99(values: list) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(len(v) * 0.99))]


def run_bench(args) -> int:
    from league.store import Store
    if not 0 < args.seconds <= MAX_SECONDS or not 0.5 <= args.interval <= 600:
        raise UsageError("bench-seconds", most=MAX_SECONDS, interval=[0.5, 600])
    if not 0 <= args.phones <= 50:
        raise UsageError("bench-phones", least=0, most=50)
    cluster, folder, procs = None, None, []
    try:
        if args.db == "sqlite":
            folder = tempfile.mkdtemp(prefix="league-bench-")
            db = f"sqlite:///{folder}/league.sqlite"
        elif args.db == "postgresql":
            cluster = Cluster()
            db = cluster.url
        else:
            db = args.db
        store = Store(db)
        store.migrate()
        tokens = {f"t{t:04d}": store.add_table(f"t{t:04d}") for t in range(args.tables)}
        store.close()
        games = _games(args.tables, args.seed)
        urls = []
        for _ in range(args.processes):
            proc, url = _start_server(db)
            procs.append(proc)
            urls.append(url)
        cpu0 = sum(_cpu_seconds(p.pid) for p in procs)
        load0 = os.getloadavg()[0]
        result = asyncio.run(_load(urls, tokens, games, args))
        cpu = sum(_cpu_seconds(p.pid) for p in procs) - cpu0
        result["server_cpu_ms_per_push"] = _ms(cpu / max(1, result["pushes"]))
        result["load_average"] = round(max(load0, os.getloadavg()[0]), 1)
        result.update({"db": "sqlite" if args.db == "sqlite" else "postgresql",
                       "processes": args.processes, "tables": args.tables,
                       "interval": args.interval})
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()
        if cluster:
            cluster.stop()
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        print(json.dumps(result))
    else:
        r = result
        print(f"{r['db']}, {r['processes']} server process(es), {r['tables']} tables, a turn "
              f"every {r['interval']:g} s each, {r['seconds']} s: {r['pushes']} pushes, "
              f"{r['pushes_per_s']} pushes/s held; latency median {r['push_median_ms']} ms, "
              f"p99 {r['push_p99_ms']} ms. Burst of {r['burst_pushes']} at once: all answered "
              f"in {r['burst_seconds']} s (median {r['burst_median_ms']} ms, p99 "
              f"{r['burst_p99_ms']} ms). Errors: {r['errors'] or 'none'}. Pages served under "
              f"load: {r['pages']} (median {r['page_median_ms']} ms, p99 {r['page_p99_ms']} ms). "
              f"Server CPU: {r['server_cpu_ms_per_push']} ms a push (pages included). Machine "
              f"load average: {r['load_average']}.")
    return 0
