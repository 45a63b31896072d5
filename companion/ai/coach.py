"""The coach: the turns where a player's move fell furthest below the computer's choice.

For each turn the seat played, the computer searches the position as that seat saw it, then
judges the move made and its own choice on the same sampled worlds (common random numbers, so
the difference is not luck of the draw): each move is played in each world and the value network
(:mod:`companion.ai.value`, calibrated on held-out games) says the seat's chance of winning
after it. A turning point is a turn where the move made lost the most chance of winning.

>>> from companion.engine import play_random_game
>>> from companion.engine.record import record_lines
>>> game = play_random_game(players=2, seed=4).game
>>> points = turning_points(list(record_lines(game)), seat=0, iterations=20, samples=8,
...                         max_turns=6, seed=1)
>>> len(points) <= 3 and all(p.loss > 0 for p in points)
True
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Optional

from companion.engine import BuyCard, ReserveBlind
from companion.engine.record import dumps, parse_event

from .player import describe_move, turn_lines
from .reasons import why_better
from .search import search
from .value import net_chances
from .view import read_position
from .world import HiddenCards, World, play_turn

JUDGE_SAMPLES = 48     # sampled worlds each of the two moves is judged on
MIN_LOSS = 0.02        # a smaller loss in win chance is not worth showing
# The app's coach at game over (companion/ui/coach_view.py): a budget a judged turn measured
# with `splendor-companion coach` (a 4-player game in about 11 s here, about 33 s on a Pi 5),
# and a fixed seed, so the same game shows the same turning points each time.
APP_ITERATIONS = 200
APP_SEED = 17


@dataclass
class TurningPoint:
    turn: int            # the turn's number in the game (0 = the first turn)
    line: int            # the record line (1-based) of the move made
    made: list           # the move made, as record lines
    better: list         # the computer's choice, as record lines
    loss: float          # win chance the move made gave away, 0..1
    sentence: str        # the better move in words
    chance_better: float = 0.0   # the seat's win chance after the better move, 0..1
    chance_made: float = 0.0     # ... after the move made (loss = the difference)
    reasons: tuple = ()          # why the better move was better (reasons.Reason facts)

    def to_dict(self) -> dict:
        return {"turn": self.turn, "line": self.line, "made": self.made, "better": self.better,
                "loss": round(self.loss, 3), "sentence": self.sentence,
                "chance_better": round(self.chance_better, 3),
                "chance_made": round(self.chance_made, 3),
                "reasons": [r.to_dict() for r in self.reasons]}


def _returned(lines) -> int:
    """The tokens a turn's record lines give back to the bank."""
    return sum(sum(line["gems"].values()) for line in lines if line.get("type") == "return")


def judge(game, moves, samples: int, rng: random.Random) -> list:
    """Each move's mean win chance for the seat to move, over the same sampled worlds.

    The chance after a move is the value network's, in a world where the cards the move
    draws are sampled from the unseen ones (never the true ones).
    """
    seat = game.active
    hidden = HiddenCards(game)
    totals = [0.0] * len(moves)
    for _ in range(samples):
        state = rng.getstate()
        for i, move in enumerate(moves):
            rng.setstate(state)  # the same world for every move
            world = World(hidden, rng)
            pushes = play_turn(game, world, move, strong_end=True)
            totals[i] += net_chances(game)[seat]
            for _ in range(pushes):
                game.pop()
    return [t / samples for t in totals]


def _turn_of(lines: list, start: int) -> list:
    """The record lines of the turn starting at ``start`` (without reveals and end_turn)."""
    out = []
    for text in lines[start:]:
        obj = json.loads(text)
        if obj["type"] == "end_turn":
            break
        if obj["type"] != "reveal":
            out.append(obj)
    return out


def turning_points(record_lines, seat: int, iterations: int = 200,
                   samples: int = JUDGE_SAMPLES, top: int = 3, seed: Optional[int] = None,
                   max_turns: Optional[int] = None, stop_event=None) -> list:
    """Up to ``top`` turns of ``seat`` where the move made was worth most below the computer's.

    ``record_lines`` is a record (text or objects), finished or not. Turns the computer can't
    judge fairly (buying a blind reserve its owner never scanned) are skipped.
    """
    text = [ln if isinstance(ln, str) else dumps(ln) for ln in record_lines]
    rng = random.Random(seed)
    starts = [2] + [i + 1 for i, ln in enumerate(text)
                    if json.loads(ln).get("type") == "end_turn"]
    found = []
    judged = 0
    for turn_no, start in enumerate(starts):
        if start >= len(text) or (max_turns is not None and judged >= max_turns):
            break
        if stop_event is not None and stop_event.is_set():
            break
        made_lines = _turn_of(text, start)
        if not made_lines or made_lines[0].get("player") != seat:
            continue
        position = read_position(text[:start], seat)
        game = position.game
        made = parse_event(made_lines[0], game.n)
        if type(made) is ReserveBlind:
            made = ReserveBlind(made.player, made.level)  # the card was not known when chosen
        if type(made) is BuyCard and not any(r.id == made.card for r in game.reserved[seat]) \
                and made.card not in [c.id for row in game.market for c in row if c]:
            continue
        judged += 1
        result = search(game, iterations=iterations, rng=rng, stop_event=stop_event)
        best = result.best
        if best == made:
            continue
        value_best, value_made = judge(game, [best, made], samples, rng)
        loss = value_best - value_made
        if loss >= MIN_LOSS:
            better = turn_lines(game, best)
            why = why_better(game, best, made, _returned(made_lines), _returned(better))
            found.append(TurningPoint(turn_no, start + 1, made_lines, better, loss,
                                      describe_move(better, game=game), value_best,
                                      value_made, why))
    found.sort(key=lambda p: -p.loss)
    return found[:top]


__all__ = ["TurningPoint", "turning_points", "judge"]
