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

from companion.i18n.verdicts import english_verdict
from companion.referee import Referee
from tests.referee.table_play import TABLE_CODES, TablePlay, illegal_observation


def table_state(obs: dict, play: TablePlay):
    from workbench.synthetic import TableState
    decks = {}
    for lv in (1, 2, 3):
        n = len(play.table.decks[lv])
        decks[lv] = n if obs["decks"][str(lv)] else 0
    return TableState(nobles=obs["nobles"], market=obs["market"], decks=decks,
                      bank=obs["bank"], scan=obs["scan"])


def render(obs: dict, play: TablePlay, seed: int, hand: str | None = None,
           printed: str = ""):
    """The still of the table `obs`: the default camera and light; with `hand` ("over", or near
    the mat: "beside", "margin", "sleeve"), a random hand and random everyday light;
    `printed`: on the mat print-mat prints, not the shared samples'."""
    return render_with_truth(obs, play, seed, hand, printed)[0]


def render_with_truth(obs: dict, play: TablePlay, seed: int, hand: str | None = None,
                      printed: str = ""):
    """(the still, the renderer's truth: read-table's fields, ``busy`` whether the hand hides
    anything a turn depends on)."""
    from dataclasses import replace

    import numpy as np

    from workbench.synthetic import Conditions, render_table
    from workbench.synthetic.scene import random_conditions
    cond = Conditions(seed=seed, printed_mat=printed)
    if hand:
        rng = np.random.default_rng([seed, 18])
        cond = replace(random_conditions(rng, size=(2304, 1296), hand=True, hard=False),
                       hand_kind=hand, seed=seed, printed_mat=printed)
    return render_table(table_state(obs, play), cond)


def play_still_game(players: int, seed: int, data_dir: str, max_turns: int | None = None,
                    inject: float = 0.1, near: float = 0.0, over: float = 0.0,
                    printed: str = "") -> dict:
    """Play a simulated game, each press judged from its rendered still. `near`: the share of
    stills with a hand beside the mat, a finger over its margin or a sleeve at its edge (they
    must be judged like any other); `over`: the share of turns first pressed with a hand over
    the mat (never judged: unreadable, naming what to clear), then pressed again without it.
    `printed`: every still on the mat print-mat prints."""
    from vision.pipeline import read_table

    from workbench.synthetic.hand import NEAR_KINDS
    play = TablePlay(players, seed)
    ref = Referee.start(list(play.names), first=play.setup.first, data_dir=data_dir,
                        reader=read_table)
    image = render(play.setup_observation(), play, seed, printed=printed)
    setup = Referee.setup_from_observation(read_table(image), play.names, play.setup.first)
    assert setup == play.setup
    ref.confirm_setup(setup, image=image)
    rng = random.Random(seed)
    out = {"times": [], "verdicts": collections.Counter(), "questions": collections.Counter(),
           "retries": 0, "injected": collections.Counter(), "turns": 0,
           "near_stills": 0, "near_unreadable": 0, "over_stills": 0, "over_judged": 0,
           "over_bare": 0}
    render_seed = seed * 1000
    while not play.finished and (max_turns is None or out["turns"] < max_turns):
        if rng.random() < inject:
            code = rng.choice(TABLE_CODES)
            made = illegal_observation(play, code, rng)
            if made is not None:
                before = ref.game.snapshot()
                render_seed += 1
                v = ref.press(made[0], image=render(made[1], play, render_seed, printed=printed))
                if v.kind == "question":
                    v = ref.answer(0)
                assert ref.game.snapshot() == before
                assert (v.kind, v.rule) in (("rejected", code), ("unreadable", None)), (code, v)
                out["injected"][code if v.kind == "rejected" else "unreadable"] += 1
        turn = play.play_turn()
        judged = False
        if rng.random() < over:
            render_seed += 1
            before = ref.game.snapshot()
            image, truth = render_with_truth(turn.observation, play, render_seed, "over", printed)
            v = ref.press(turn.seat, image=image)
            out["over_stills"] += 1
            if v.kind != "unreadable":
                if truth["busy"]:
                    out["over_judged"] += 1
                    break  # judged under a hand: the game is out of step from here
                # The hand came down on bare mat and hides nothing: judged like any still.
                out["over_bare"] += 1
                out["verdicts"][v.kind] += 1
                judged = True
            else:
                assert ref.game.snapshot() == before
        for attempt in range(0 if judged else 3):
            render_seed += 1
            hand = None
            if rng.random() < near:
                hand = NEAR_KINDS[out["near_stills"] % len(NEAR_KINDS)]
                out["near_stills"] += 1
            image = render(turn.observation, play, render_seed, hand, printed)
            t0 = time.perf_counter()
            v = ref.press(turn.seat, image=image)
            out["times"].append(time.perf_counter() - t0)
            out["verdicts"][v.kind] += 1
            if v.kind != "unreadable":
                break
            if hand is not None:
                out["near_unreadable"] += 1
                out.setdefault("near_messages", []).append((render_seed, hand, english_verdict(ref.game, v)))
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
    import argparse
    ap = argparse.ArgumentParser(prog="python -m tests.referee.still_games")
    ap.add_argument("games", type=int, nargs="?", default=3)
    ap.add_argument("max_turns", type=int, nargs="?", default=None)
    ap.add_argument("--near", type=float, default=0.0,
                    help="share of stills with a hand near the mat (hiding nothing)")
    ap.add_argument("--over", type=float, default=0.0,
                    help="share of turns first pressed with a hand over the mat")
    ap.add_argument("--seed", type=int, default=9000, help="seed of the first game")
    ap.add_argument("--printed-mat", nargs="?", const="en", default="", metavar="LANG",
                    choices=("en", "pl", "ko"),
                    help="render the mat print-mat prints (in English, or LANG), not the "
                         "shared samples'")
    args = ap.parse_args(argv)
    times: list = []
    totals: collections.Counter = collections.Counter()
    verdicts: collections.Counter = collections.Counter()
    questions: collections.Counter = collections.Counter()
    injected: collections.Counter = collections.Counter()
    for g in range(args.games):
        players = 2 + g % 3
        with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR")) as d:
            r = play_still_game(players, args.seed + g, d, max_turns=args.max_turns,
                                near=args.near, over=args.over, printed=args.printed_mat)
        times += r["times"]
        verdicts.update(r["verdicts"])
        questions.update(r["questions"])
        injected.update(r["injected"])
        totals.update({k: r[k] for k in ("turns", "retries", "near_stills", "near_unreadable",
                                         "over_stills", "over_judged", "over_bare")})
        print(f"game {g + 1}: {players} players, {r['turns']} turns", flush=True)
        for seed, hand, message in r.get("near_messages", []):
            print(f"  unreadable with a hand near the mat ({hand}, still seed {seed}): {message}",
                  flush=True)
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"{args.games} games, {totals['turns']} turns, {len(times)} presses judged from "
          f"2304x1296 stills: median {statistics.median(times) * 1000:.0f} ms, p90 "
          f"{p90 * 1000:.0f} ms press to verdict; verdicts {dict(verdicts)}; questions "
          f"{dict(questions)}; re-presses after unreadable {totals['retries']}; injected "
          f"{dict(injected)}")
    if args.near or args.over:
        print(f"hands near the mat: {totals['near_unreadable']} of {totals['near_stills']} "
              f"stills unreadable; hands over it: {totals['over_judged']} of "
              f"{totals['over_stills']} stills judged (besides {totals['over_bare']} whose "
              f"hand came down on bare mat, hiding nothing, and which were judged)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
