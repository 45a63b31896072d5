"""Shared helpers of the referee tests: play a simulated game through the real Referee."""
from __future__ import annotations

import copy

import collections
import json
import os
import random
import tempfile
from dataclasses import dataclass, field

from companion.engine.record import record_lines as _record_lines
from companion.referee.journal import Journal
from companion.referee import Referee
from tests.referee.table_play import TABLE_CODES, TablePlay, illegal_observation


def fast_dir(prefix: str = "referee-") -> str:
    """A data directory on tmpfs when there is one: real SQLite files, cheap fsyncs."""
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    return tempfile.mkdtemp(prefix=prefix, dir=base)


@dataclass
class GameStats:
    verdicts: collections.Counter = field(default_factory=collections.Counter)
    questions: collections.Counter = field(default_factory=collections.Counter)
    injected: collections.Counter = field(default_factory=collections.Counter)
    turns: int = 0
    equivalent_turns: int = 0  # turns recorded differently but leading to the same state


def turns_of(lines: list) -> list:
    """Record lines after header and setup, split into turns."""
    turns, cur = [], []
    for line in lines[2:]:
        cur.append(line)
        if line["type"] == "end_turn":
            turns.append(cur)
            cur = []
    return turns


def _net(gems: dict, minus: dict) -> dict:
    out = dict(gems)
    for c, n in minus.items():
        out[c] = out.get(c, 0) - n
    return {c: n for c, n in out.items() if n}


def normal_turn(turn: list):
    """A turn up to the choices that give the same state: a take with its returns as the net
    change, returns merged, steps in a fixed order."""
    back: dict = {}
    for line in turn:
        if line["type"] == "return":
            for c, n in line["gems"].items():
                back[c] = back.get(c, 0) + n
    main = turn[0]
    key = [json.dumps(main, sort_keys=True)]
    if main["type"] == "take":
        key = ["take", json.dumps(_net(main["gems"], back), sort_keys=True)]
    else:
        key.append(json.dumps(back, sort_keys=True))
    key.append(sorted(json.dumps(line, sort_keys=True) for line in turn
                      if line["type"] in ("reveal", "noble", "end_turn")))
    return key


def play_game(players: int, seed: int, data_dir: str, inject: float = 0.3,
              check_every_turn: bool = True) -> GameStats:
    """Play one seeded simulated game through the Referee, pressing each turn's table (and an
    injected illegal table before some turns); assert what a player at the table would."""
    play = TablePlay(players, seed)
    ref = Referee.start(list(play.names), first=play.setup.first, data_dir=data_dir)
    setup = Referee.setup_from_observation(play.setup_observation(), play.names,
                                           play.setup.first)
    ref.confirm_setup(setup, observation=play.setup_observation())
    rng = random.Random(seed * 31 + 7)
    stats = GameStats()
    while True:
        if play.finished or rng.random() < inject:
            code = "game-over" if play.finished else rng.choice(TABLE_CODES)
            made = illegal_observation(play, code, rng)
            if made is not None:
                seat, obs = made
                before = ref.game.snapshot()
                before_game = copy.deepcopy(ref.game)
                v = ref.press(seat, observation=obs)
                if v.kind == "question" and v.question == "deck":
                    assert 0 in v.candidates
                    v = ref.answer(0)
                assert (v.kind, v.rule) == ("rejected", code), (code, v)
                text = said(before_game, v)
                assert text and text.endswith("."), text
                assert ref.game.snapshot() == before
                stats.injected[code] += 1
        if play.finished:
            break
        turn = play.play_turn()
        v = ref.press(turn.seat, observation=turn.observation)
        stats.verdicts[v.kind] += 1
        if v.kind == "question":
            stats.questions[v.question] += 1
        while v.kind == "question":
            v = ref.answer(play.answer_for(v, ref.game, turn))
        assert v.kind == "accepted", (v, turn.actions)
        stats.turns += 1
        if check_every_turn:
            assert ref.game.snapshot() == turn.state, (v, turn.actions)
    # The record the referee journalled against the simulator's.
    journal = Journal(os.path.join(data_dir, "journal.sqlite"))
    try:
        game_row = journal.history()[0]
        journalled = journal.lines(game_row["id"])
    finally:
        journal.close()
    truth = list(_record_lines(play.truth))
    assert journalled[:2] == truth[:2]
    mine, theirs = turns_of(journalled), turns_of(truth)
    assert len(mine) == len(theirs) == play.truth.turn
    for a, b in zip(mine, theirs):
        assert normal_turn(a) == normal_turn(b), (a, b)
        if a != b:
            stats.equivalent_turns += 1
    assert ref.game.snapshot() == play.truth.snapshot()
    assert ref.game.outcome == play.truth.outcome
    assert game_row["winners"] == list(play.truth.outcome.winners)
    assert game_row["points"] == list(play.truth.outcome.points)
    ref.close()
    return stats


def said(game, verdict) -> str:
    """The verdict in the records' English (companion.i18n says what the referee hands up);
    ``game``: the state it was judged on."""
    from companion.i18n.verdicts import english_verdict
    return english_verdict(game, verdict)
