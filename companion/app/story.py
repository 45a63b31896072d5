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
