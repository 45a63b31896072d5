"""The camera watches the table between presses (issue 36): rendered sequences of frames (a
hand coming in, moving tokens, resting on the bank, leaving; light flickering; a shadow
passing) fed to the watcher with made-up times (no clock, no sleep). The stills it takes are
read by the real pipeline inside the real referee (through its door, on a real SQLite
journal), and recorded only when nothing that matters is covered."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from companion.app.watcher import Watcher
from companion.engine import SimulatedTable
from companion.referee import Referee
from companion.referee.door import RefereeDoor

pytest.importorskip("cv2")

WAIT = 120


def _sequence(seed: int, turns: int, settle_frames: int, extras: bool = True):
    from workbench.synthetic import Conditions
    from workbench.synthetic.scene import random_table_state
    from workbench.synthetic.sequence import (SequenceRenderer, SequenceSource,
                                              scripted_turns, states_of_turns)
    rng = np.random.default_rng(seed)
    first = replace(random_table_state(rng, players=3, phase="early"), scan=None,
                    untagged=frozenset(), foreign=())
    states = states_of_turns(first, rng, turns)
    shots, settled = scripted_turns(turns, settle_frames, rng, extras=extras)
    renderer = SequenceRenderer(states, Conditions(jpeg_quality=None, seed=seed))
    return SequenceSource(renderer, shots), shots, settled


def _door(tmp_path):
    table = SimulatedTable(3, seed=1)
    door = RefereeDoor(threaded=False)
    door.open(lambda: Referee.start(list(table.names), first=table.setup.first,
                                    data_dir=tmp_path))
    door.call(lambda ref: ref.confirm_setup(table.setup)).result(WAIT)
    return door


def test_stills_are_taken_at_the_settled_tables_and_never_under_a_hand(tmp_path):
    from workbench.synthetic.sequence import FPS
    source, shots, settled = _sequence(seed=11, turns=2, settle_frames=5)
    assert any(s.note == "resting" for s in shots), "the script rests a hand on the bank"
    assert any(s.note == "shadow" for s in shots) and any(s.note == "flicker" for s in shots)
    door = _door(tmp_path)
    results = []

    def take_still():
        image = source.still()
        return door.call(lambda ref: ref.still(image=image), "still").result(WAIT).result is not None

    watcher = Watcher(take_still, settle_s=5 / FPS)
    try:
        for i in range(len(shots)):
            frame = source.stream()
            results.append((i, watcher.feed(frame, i / FPS)))
    finally:
        stills = door.call(lambda ref: list(ref.stills)).result(WAIT).result
        door.close()
    taken = [i for i, r in results if r == "still"]
    # One still per turn, each in the settled stretch that follows it.
    assert len(taken) == len(settled) == 2, (taken, settled)
    for at, start in zip(taken, settled):
        assert shots[at].note == "settled" and start <= at, (at, start)
    # Every attempt under a hand was refused by the reading (busy), never recorded.
    refused = [i for i, r in results if r == "refused"]
    assert refused, "the hand resting on the bank was still long enough to be tried"
    assert all(shots[i].hand is not None for i in refused)
    assert len(stills) == 2 and not any(o.get("busy") for o in stills)
    # The stills show the tables after each turn (the bank the renderer put there).
    for obs, state in zip(stills, source.renderer.states[1:]):
        assert obs["bank"] == dict(state.bank), (obs["bank"], state.bank)
    session = next((tmp_path / "sessions").iterdir())
    events = (session / "events.jsonl").read_text().splitlines()
    assert sum('"still"' in e for e in events) == 2


def test_light_flicker_and_a_passing_shadow_take_no_still():
    """A table nobody touches: the lamp flickers, a shadow crosses it. Nothing changed, so the
    watcher never asks for a still (cheap: no full still is taken)."""
    from workbench.synthetic.sequence import FPS, Shot
    source, _shots, _settled = _sequence(seed=12, turns=0, settle_frames=3)
    source.shots = ([Shot(0, note="quiet")] * 4
                    + [Shot(0, light=1.0 + 0.07 * ((k % 2) * 2 - 1)) for k in range(8)]
                    + [Shot(0, shadow=(float(x), 230.0, 160.0, 0.35))
                       for x in np.linspace(-100, 900, 8)]
                    + [Shot(0, note="quiet")] * 8)
    asked = []
    watcher = Watcher(lambda: asked.append(1) or True, settle_s=3 / FPS)
    for i in range(len(source.shots)):
        watcher.feed(source.stream(), i / FPS)
    assert asked == []
