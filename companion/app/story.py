"""A game's story in numbers, for the pictures at its end (issue 33): each player's points
after every round, the rounds in which nobles visited, the winners. Plain Python (no Kivy):
:class:`companion.ui.chart.PointsChart` draws it."""
from __future__ import annotations

from dataclasses import dataclass

from companion.engine import Game
from companion.engine.actions import ClaimNoble, EndTurn


@dataclass(frozen=True)
class Story:
    names: tuple
    points: tuple       # per seat: its points at the start and after each round
    nobles: tuple       # (seat, round): a noble visited that seat in that round
    winners: tuple      # the winning seats (none while the game goes on)

    @property
    def rounds(self) -> int:
        return len(self.points[0]) - 1 if self.points else 0


def game_story(game) -> Story:
    """The story of ``game`` (finished or not), replayed from its history."""
    replay = Game(game.names, game.setup, game.rules)
    rounds = [tuple(replay.points)]
    nobles = []
    ends = 0
    for action in game.history:
        replay.push_unchecked(action)
        if isinstance(action, ClaimNoble):
            nobles.append((action.player, ends // game.n + 1))
        if isinstance(action, EndTurn):
            ends += 1
            if ends % game.n == 0:
                rounds.append(tuple(replay.points))
    if ends % game.n:
        rounds.append(tuple(replay.points))        # the last round, not played out
    winners = tuple(game.outcome.winners) if game.outcome is not None else ()
    return Story(tuple(game.names), tuple(tuple(r[s] for r in rounds) for s in range(game.n)),
                 tuple(nobles), winners)


@dataclass(frozen=True)
class PlayerStats:
    """One player across the finished games in the journal."""
    name: str
    games: int
    wins: int
    average: float       # points a game
    best: int
    favourite: str       # the bonus colour of most of the cards they bought ("" if none)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def player_statistics(journal) -> list:
    """Every player's statistics, most wins first (then by name): games, wins,
    average and best points, and the colour of the cards they bought most."""
    from companion.engine import CARDS, GEMS
    seen: dict = {}
    for g in journal.history():
        lines = None
        for seat, name in enumerate(g.get("players") or []):
            s = seen.setdefault(name, {"games": 0, "wins": 0, "points": [], "colours": {}})
            s["games"] += 1
            s["wins"] += seat in (g.get("winners") or [])
            pts = g.get("points") or []
            if seat < len(pts):
                s["points"].append(pts[seat])
            if lines is None:
                try:
                    lines = journal.lines(g["id"])
                except Exception:       # a damaged game: its colours are left out
                    lines = []
            for line in lines:
                if line.get("type") == "buy" and line.get("player") == seat and \
                        line.get("card") in CARDS:
                    colour = GEMS[CARDS[line["card"]].bonus]
                    s["colours"][colour] = s["colours"].get(colour, 0) + 1
    out = []
    for name, s in seen.items():
        pts = s["points"]
        favourite = max(sorted(s["colours"]), key=lambda c: s["colours"][c]) \
            if s["colours"] else ""
        out.append(PlayerStats(name, s["games"], s["wins"],
                               sum(pts) / len(pts) if pts else 0.0, max(pts, default=0),
                               favourite))
    out.sort(key=lambda p: (-p.wins, p.name))      # the order of viewmodel.stats_rows
    return out
