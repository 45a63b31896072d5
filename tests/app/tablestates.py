"""Games brought to the states a table screen must show, as record lines fed to the app.

A state is found by random legal play on the engine (fast, no referee), then replayed through
the app's controller line by line, exactly as touches would send them. Deterministic: the same
players and state give the same game every time.
"""
from __future__ import annotations

import random

from companion.engine import SimulatedTable
from companion.engine.actions import BuyCard, ReserveBlind, TakeGems

# The Play screen's states the layout check walks (issue 14).
PLAY_STATES = ("start", "gems-picked", "end-pending", "rejection", "reveal", "return",
               "noble-1", "noble-2", "final-round", "game-over")
NAMES = ("Annabelle", "Bartholomew", "Cleopatra", "Dev")   # long names on purpose


def _choose(game, rng, want):
    options = [a for a in game._main_actions() if type(a) is not ReserveBlind]
    buys = [a for a in options if type(a) is BuyCard]
    takes = [a for a in options if type(a) is TakeGems]
    if want == "return" and takes and rng.random() < 0.9:
        return rng.choice(takes)
    if buys and rng.random() < (0.95 if want.startswith("noble") else 0.7):
        # Buy the card that most helps toward a noble: cheap bonuses pile up.
        return rng.choice(buys)
    return rng.choice(takes or options)


def find_state(players: int, state: str, tries: int = 4000):
    """(table, lines, stop) of a game reaching ``state``; ``lines`` are sent in order."""
    for seed in range(tries):
        found = _play(players, state, seed)
        if found is not None:
            return found
    raise LookupError(f"no game of {players} reaches {state}")


def _play(players, state, seed):
    table = SimulatedTable(players, seed=seed, names=NAMES[:players])
    rng = random.Random(seed * 7 + 1)
    game = table.new_game()
    lines = []
    want = state
    if state in ("start", "gems-picked", "rejection"):
        return table, lines
    while game.outcome is None and game.turn < 400:
        if state == "final-round" and game.final_round and game.main is None:
            return table, lines
        action = _choose(game, rng, want)
        game.push(action)
        lines.append(action.to_line())
        if isinstance(action, BuyCard):
            pass
        if state == "reveal" and game.slots_to_reveal() and game.turn > players:
            return table, lines
        if state == "end-pending" and type(action) is TakeGems and \
                sum(game.tokens[game.active]) <= 10 and not game.qualifying_nobles():
            return table, lines
        for reveal in table.reveals(game):
            game.push(reveal)
            lines.append(reveal.to_line())
        while True:
            steps = game._end_steps()
            over = sum(game.tokens[game.active]) - 10
            if state == "return" and over > 0 and not game.qualifying_nobles():
                return table, lines
            q = [] if game.noble_taken else game.qualifying_nobles()
            if over <= 0 and state == "noble-1" and len(q) == 1:
                return table, lines
            if over <= 0 and state == "noble-2" and len(q) >= 2:
                return table, lines
            step = rng.choice(steps)
            game.push(step)
            lines.append(step.to_line())
            if type(step).__name__ == "EndTurn":
                break
    if state == "game-over" and game.outcome is not None:
        return table, lines
    return None


def start_in_app(ctl, table):
    """A new game in the app at ``table``'s deal, the setup entered and confirmed."""
    names = list(table.names) + [None] * (4 - len(table.names))
    assert ctl.new_game(names, table.setup.first) == []
    for slot in ctl.draft.slots():
        ctl.draft.put(slot, table.setup.nobles[slot[1]] if slot[0] == "noble"
                      else table.setup.market[slot[1] - 1][slot[2]])
    assert ctl.confirm_setup() == []


def replay(ctl, lines):
    for line in lines:
        v = ctl.send(line)
        assert v.kind in ("entered", "accepted"), (line, v.kind, v.message)


# ----------------------------------------------------------------------------- referee questions
# The referee's questions (a camera still that fits more than one turn), for the layout check:
# (players, kind) -> the seed of a TablePlay game that asks it (found by search; pinned here so
# the check replays one game, not a search). ``find_question`` searches on if a seed stops
# asking (the simulated table changed).
QUESTION_SEEDS = {(2, "deck"): 0, (3, "deck"): 0, (4, "deck"): 0,
                  (2, "reserved-card"): 0, (3, "reserved-card"): 0, (4, "reserved-card"): 2,
                  (2, "noble"): 2, (3, "noble"): 2, (4, "noble"): 10,
                  (2, "turn"): 32, (3, "turn"): 21, (4, "turn"): 87}
QUESTIONS = ("deck", "reserved-card", "turn", "noble")
# The ones the layout check walks: every kind, every player count, the 4-player table (the
# least room) with the largest pictures; not all twelve (each is a game replayed to its turn).
QUESTION_STATES = ((2, "turn"), (2, "noble"), (3, "deck"), (3, "reserved-card"),
                   (4, "reserved-card"), (4, "turn"))


def find_question(players: int, kind: str, tries: int = 300):
    """(table, lines, seat, observation): a game whose ``lines`` lead to the press of ``seat``
    on ``observation`` that the referee answers with a ``kind`` question. ``table`` has the
    ``names`` and ``setup`` that :func:`start_in_app` needs."""
    first = QUESTION_SEEDS.get((players, kind), 0)
    for seed in [first] + [s for s in range(tries) if s != first]:
        found = _ask(players, kind, seed)
        if found is not None:
            return found
    raise LookupError(f"no game of {players} asks a {kind} question")


def _ask(players, kind, seed):
    from companion.referee import Referee
    from tests.referee.table_play import TablePlay
    play = TablePlay(players, seed, take_tile_probability=0.5)
    ref = Referee(list(play.names), play.setup.first)
    ref.confirm_setup(play.setup)
    while not play.finished:
        lines = [a.to_line() for a in ref.game.history]
        turn = play.play_turn()
        v = ref.press(turn.seat, observation=turn.observation)
        if v.kind == "question" and v.question == kind:
            return play, lines, turn.seat, turn.observation
        while v.kind == "question":
            v = ref.answer(play.answer_for(v, ref.game, turn))
        if v.kind != "accepted":
            return None
    return None


class LiveCamera:
    """A camera that reports the reading of ``table`` now (``table.seen()``), as the demo's
    table does: the players change the table between presses."""

    def __init__(self, table):
        self.table = table

    def observe(self):
        return None, self.table.seen()

    def still(self):
        raise AssertionError("this camera reports readings")


class StillCamera:
    """A camera that reports one read table (as the demo's camera does): the referee judges it."""

    def __init__(self, observation):
        self.observation = observation

    def observe(self):
        return None, self.observation

    def still(self):
        return None
