"""Simulated games judged from rendered 2304x1296 stills through the real camera pipeline.

Also a benchmark: ``python -m tests.referee.still_games GAMES`` prints the press-to-verdict
times (JPEG encode/decode of the still, read-table, judging and the journal commit; rendering
excluded) on one core, and the verdict counts.
"""
from __future__ import annotations

import collections
import os
import random
import statistics
import sys
import tempfile
import time

from companion.referee import Referee
from companion.referee_sim import TABLE_CODES, TablePlay, illegal_observation


def table_state(obs: dict, play: TablePlay):
    from vision.synthetic import TableState
    decks = {}
    for lv in (1, 2, 3):
        n = len(play.table.decks[lv])
        decks[lv] = n if obs["decks"][str(lv)] else 0
    return TableState(nobles=obs["nobles"], market=obs["market"], decks=decks,
                      bank=obs["bank"], scan=obs["scan"])


def render(obs: dict, play: TablePlay, seed: int):
    from vision.synthetic import Conditions, render_table
    image, _ = render_table(table_state(obs, play), Conditions(seed=seed))
    return image


def play_still_game(players: int, seed: int, data_dir: str, max_turns: int | None = None,
                    inject: float = 0.1) -> dict:
    from vision.pipeline import read_table
    play = TablePlay(players, seed)
    ref = Referee.start(list(play.names), first=play.setup.first, data_dir=data_dir,
                        reader=read_table)
    image = render(play.setup_observation(), play, seed)
    setup = Referee.setup_from_observation(read_table(image), play.names, play.setup.first)
    assert setup == play.setup
    ref.confirm_setup(setup, image=image)
    rng = random.Random(seed)
    out = {"times": [], "verdicts": collections.Counter(), "questions": collections.Counter(),
           "retries": 0, "injected": collections.Counter(), "turns": 0}
    render_seed = seed * 1000
    while not play.finished and (max_turns is None or out["turns"] < max_turns):
        if rng.random() < inject:
            code = rng.choice(TABLE_CODES)
            made = illegal_observation(play, code, rng)
            if made is not None:
                before = ref.game.snapshot()
                render_seed += 1
                v = ref.press(made[0], image=render(made[1], play, render_seed))
                if v.kind == "question":
                    v = ref.answer(0)
                assert ref.game.snapshot() == before
                assert (v.kind, v.rule) in (("rejected", code), ("unreadable", None)), (code, v)
                out["injected"][code if v.kind == "rejected" else "unreadable"] += 1
        turn = play.play_turn()
        for attempt in range(3):
            render_seed += 1
            image = render(turn.observation, play, render_seed)
            t0 = time.perf_counter()
            v = ref.press(turn.seat, image=image)
            out["times"].append(time.perf_counter() - t0)
            out["verdicts"][v.kind] += 1
            if v.kind != "unreadable":
                break
            out["retries"] += 1  # the players straighten the table and press again
        if v.kind == "question":
            out["questions"][v.question] += 1
        while v.kind == "question":
            v = ref.answer(play.answer_for(v, ref.game, turn))
        assert v.kind == "accepted", (v, turn.actions)
        assert ref.game.snapshot() == turn.state
        out["turns"] += 1
    if play.finished:
        assert ref.game.outcome == play.truth.outcome
    ref.close()
    return out


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 3
    max_turns = int(argv[1]) if len(argv) > 1 else None
    times: list = []
    verdicts: collections.Counter = collections.Counter()
    questions: collections.Counter = collections.Counter()
    injected: collections.Counter = collections.Counter()
    turns = retries = 0
    for g in range(games):
        players = 2 + g % 3
        with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR")) as d:
            r = play_still_game(players, 9000 + g, d, max_turns=max_turns)
        times += r["times"]
        verdicts.update(r["verdicts"])
        questions.update(r["questions"])
        injected.update(r["injected"])
        turns += r["turns"]
        retries += r["retries"]
        print(f"game {g + 1}: {players} players, {r['turns']} turns", flush=True)
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"{games} games, {turns} turns, {len(times)} presses judged from 2304x1296 stills: "
          f"median {statistics.median(times) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms "
          f"press to verdict; verdicts {dict(verdicts)}; questions {dict(questions)}; "
          f"re-presses after unreadable {retries}; injected {dict(injected)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
