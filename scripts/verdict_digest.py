"""Every verdict the referee gives, as one JSON line each: to compare two versions of the code.

    PYTHONPATH=CHECKOUT python scripts/verdict_digest.py sim GAMES [--seed S]   > a.jsonl
    PYTHONPATH=CHECKOUT python scripts/verdict_digest.py sessions OUT GAMES [--seed S]
    PYTHONPATH=CHECKOUT splendor-companion rejudge OUT/<folder> --json (per folder)

``sim``: seeded games on the simulated table seen through a perfect camera, with illegal tables
of every kind a person can make pressed before a third of the turns; each press's verdict (kind,
rule, question, English sentence, facts) and each game's final record are printed. The same
seeds give the same games in any version that keeps the referee's behaviour, so two digests
from two checkouts compare line by line. ``sessions``: session folders judged from rendered
stills (hands near and over the mat, illegal tables), kept in OUT for `rejudge` to read again.
Only the referee's public door is used (Referee, expected_observation), which every version has.
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import random
import sys
import tempfile


def _english(game, v) -> str:
    """The verdict's English: made by companion.i18n from its facts where that exists (the
    referee hands up facts only since issue 35), else the referee's own ``message``."""
    try:
        from companion.i18n.verdicts import english_verdict
    except ImportError:
        return v.message
    return english_verdict(game, v)


def _verdict(v, game=None) -> dict:
    """``game``: a copy of the game the verdict was judged on."""
    out = {"kind": v.kind, "seat": v.seat, "rule": v.rule,
           "question": getattr(v, "question", None), "message": _english(game, v)}
    data = getattr(v, "data", None)
    if data:
        out["data"] = data
    return out


def sim(games: int, seed: int) -> int:
    from companion.referee import Referee
    from tests.referee.table_play import TABLE_CODES, TablePlay, illegal_observation
    for g in range(games):
        players = 2 + g % 3
        play = TablePlay(players, seed + g)
        rng = random.Random(seed + g)
        with tempfile.TemporaryDirectory() as d:
            ref = Referee.start(list(play.names), first=play.setup.first, data_dir=d)
            ref.confirm_setup(play.setup)
            if hasattr(ref, "forgotten_presses") and os.environ.get("DIGEST_VERSION1"):
                # Judge as version 1 did (a press out of turn is refused), to compare the
                # refactoring with the code before forgotten presses (issue 36) existed.
                ref.forgotten_presses = False
            n = 0
            while not play.finished:
                if rng.random() < 0.33:
                    code = rng.choice(TABLE_CODES)
                    made = illegal_observation(play, code, rng)
                    if made is not None:
                        before = copy.deepcopy(ref.game)
                        v = ref.press(made[0], observation=made[1])
                        print(json.dumps({"game": g, "n": n, "injected": code,
                                          **_verdict(v, before)},
                                         sort_keys=True, default=str))
                        while v.kind == "question":
                            before = copy.deepcopy(ref.game)
                            v = ref.answer(0)
                            print(json.dumps({"game": g, "n": n, "answer": 0,
                                              **_verdict(v, before)},
                                             sort_keys=True, default=str))
                        if v.kind == "accepted":   # an illegal table read as legal: undo it
                            ref.undo()
                turn = play.play_turn()
                before = copy.deepcopy(ref.game)
                v = ref.press(turn.seat, observation=turn.observation)
                print(json.dumps({"game": g, "n": n, **_verdict(v, before)}, sort_keys=True,
                                 default=str))
                while v.kind == "question":
                    before = copy.deepcopy(ref.game)
                    v = ref.answer(play.answer_for(v, ref.game, turn))
                    print(json.dumps({"game": g, "n": n, "answered": True,
                                      **_verdict(v, before)},
                                     sort_keys=True, default=str))
                n += 1
            print(json.dumps({"game": g, "record": [str(x) for x in ref.game.history],
                              "outcome": str(ref.game.outcome)}, sort_keys=True))
            ref.close()
    return 0


def sessions(out: str, games: int, seed: int) -> int:
    from tests.referee.still_games import play_still_game
    import os
    for g in range(games):
        d = os.path.join(out, f"game-{seed + g}")
        os.makedirs(d, exist_ok=True)
        r = play_still_game(2 + g % 3, seed + g, d, inject=0.3, near=0.3, over=0.2)
        print(f"game {g}: {r['turns']} turns {dict(r['verdicts'])}", file=sys.stderr)
    return 0


def main(argv) -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("sim")
    a.add_argument("games", type=int)
    a.add_argument("--seed", type=int, default=50000)
    b = sub.add_parser("sessions")
    b.add_argument("out")
    b.add_argument("games", type=int)
    b.add_argument("--seed", type=int, default=60000)
    args = ap.parse_args(argv)
    if args.cmd == "sim":
        return sim(args.games, args.seed)
    return sessions(args.out, args.games, args.seed)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
