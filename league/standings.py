"""The standings over finished games, and one live table as ``/api/v1/tables`` lists it.

A player is their name as typed at the tables (the same name at two tables is one player).
A shared victory counts 1/k of a win for each of its k winners.
"""
from __future__ import annotations

from datetime import datetime, timezone
from fractions import Fraction


def standings(summaries) -> list:
    """``[{"name", "games", "wins", "points", "average_points"}]``, best first: most wins,
    then the higher average, then the name."""
    table: dict = {}
    for s in summaries:
        winners = s.get("winners") or []
        for seat, name in enumerate(s["players"]):
            row = table.setdefault(name, {"games": 0, "wins": Fraction(0), "points": 0})
            row["games"] += 1
            row["points"] += s["points"][seat]
            if seat in winners:
                row["wins"] += Fraction(1, len(winners))
    out = [{"name": name, "games": r["games"], "wins": _number(r["wins"]),
            "points": r["points"], "average_points": round(r["points"] / r["games"], 2)}
           for name, r in table.items()]
    out.sort(key=lambda r: (-r["wins"], -r["average_points"], r["name"]))
    return out


def _number(f: Fraction):
    return int(f) if f.denominator == 1 else round(float(f), 3)


def table_entry(row: dict) -> dict:
    s = row["summary"]
    return {"table": row["table"], "game": row["game"], "players": s["players"],
            "points": s["points"], "turn": s["turn"], "active": s["active"],
            "finished": s["finished"], "winners": s["winners"],
            "updated": iso_time(row["updated"]), "revision": row["revision"]}


def iso_time(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="seconds")
