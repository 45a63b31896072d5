"""Weights files judged on the positions of arena games (``arena --turns --out FILE``).

Self-play's held-out games come from one family of search, and three files that judged them
better did not beat the public bot more often (issue 37). This scores each weights file where it
matters: on the positions of games played against the bot. For each file:

- the value's Brier score from mid-game on (seat 0's chance against whether seat 0 won, from the
  moving seat's view at the start of every turn of the game's second half), by player count;
- how often the prior's first choice is the move each player made (the bot's moves: how often
  the prior plays like the stronger player).

The games are rebuilt from their records (kept with ``--turns``); evaluation only, nothing here
trains on them.

Run: ``python -m workbench.arena_judge FILE.jsonl... --weights A.npz [B.npz ...] [--json]``.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

import numpy as np

from companion.ai.match import turn_facts
from companion.ai.prior import PriorNet, move_features
from companion.ai.search import _key
from companion.ai.value import ValueNet, seat_features
from companion.ai.view import position_from_game
from companion.engine import BuyCard, EndTurn, PassTurn, ReserveBlind, ReserveCard, TakeGems
from companion.engine.record import game_from_lines, parse_event, parse_header
from workbench.arena_turns import turn_kind
from workbench.train_value import reliability

MAIN_ACTIONS = (TakeGems, BuyCard, ReserveCard, ReserveBlind, PassTurn)


def turn_starts(record: list):
    """(the moving seat's view, its legal main actions, the main action played) at the start
    of every turn of a game's record (decoded lines)."""
    header = parse_header(json.dumps(record[0]))
    n = len(header.players)
    game = game_from_lines(record[:2])
    start = True
    for obj in record[2:]:
        event = parse_event(obj, n)
        if start and isinstance(event, MAIN_ACTIONS):
            view = position_from_game(game, game.active).game
            yield view, list(view.legal_main_actions()), event
            start = False
        game.push(event)
        if isinstance(event, EndTurn):
            start = True


def game_positions(result: dict) -> dict:
    """One arena result's positions: seat features, move features and the index of the move
    played, the mover's spec, and who won (seat 0's share)."""
    record = result.get("record")
    if record is None:
        raise ValueError(f"game {result['seed']} has no record: play it with --turns")
    rows, moves, played, movers, kinds = [], [], [], [], []
    for view, legal, main in turn_starts(record):
        rows.append(seat_features(view))
        keys = [_key(m) for m in legal]
        moves.append(move_features(view, view.active, legal))
        played.append(keys.index(_key(main)) if _key(main) in keys else -1)
        movers.append(result["specs"][view.active])
        # (Named as workbench.arena_turns names a turn: "take 3", "buy L1 reserved", ...)
        kinds.append([turn_kind(turn_facts(view, [m])) for m in legal])
    won = result["winners"]
    return {"n": len(result["specs"]), "rows": rows, "moves": moves, "played": played,
            "movers": movers, "kinds": kinds, "target0": (1.0 / len(won)) if 0 in won else 0.0}


def judge(weights: str, games: list) -> dict:
    """The figures of one weights file on the games' positions (:func:`game_positions`)."""
    with np.load(weights) as data:
        params = {k: data[k] for k in data.files}
    value, prior = ValueNet(params), PriorNet(params)
    out: dict = {"weights": weights}
    for n in (2, 3, 4):
        pairs = [(float(value.chances(r)[0]), g["target0"])
                 for g in games if g["n"] == n for r in g["rows"][len(g["rows"]) // 2:]]
        if pairs:
            out[f"brier_{n}p_midgame"] = round(reliability(pairs)[0], 4)
            out[f"positions_{n}p_midgame"] = len(pairs)
    hits, quick, count = Counter(), Counter(), Counter()
    kinds: dict = {}
    for g in games:
        for x, k, spec, kind in zip(g["moves"], g["played"], g["movers"], g["kinds"]):
            if k < 0 or len(x) < 2:
                continue
            top = int(np.argmax(prior.scores(x)))
            count[spec] += 1
            hits[spec] += top == k
            quick[spec] += bool(x[k, 3] == 1.0)  # the quick judgement's first choice: move feature 3
            kinds.setdefault(spec, Counter())[f"{kind[k]} / {kind[top]}"] += 1
    out["prior_top_is_played"] = {s: round(hits[s] / count[s], 4) for s in sorted(count)}
    out["quick_top_is_played"] = {s: round(quick[s] / count[s], 4) for s in sorted(count)}
    # What each player played against what the prior put first, by kind of move (a share of
    # that player's moves): where the two play differently.
    out["played_vs_prior"] = {s: {pair: round(v / count[s], 3) for pair, v in pairs.most_common()}
                              for s, pairs in sorted(kinds.items())}
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m workbench.arena_judge")
    parser.add_argument("files", nargs="+", help="arena results (JSON Lines, played with --turns)")
    parser.add_argument("--weights", nargs="+", required=True, help="weights files to judge")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    games = []
    try:
        for path in args.files:
            with open(path, encoding="utf-8") as f:
                games += [game_positions(json.loads(line)) for line in f if line.strip()]
        figures = [judge(w, games) for w in args.weights]
    except (OSError, ValueError, KeyError) as exc:
        print(f"Cannot judge: {exc}.", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    print(f"{len(games)} games, {sum(len(g['rows']) for g in games)} positions")
    for f in figures:
        briers = ", ".join(f"{k[6:8]} {v}" for k, v in f.items() if k.startswith("brier_"))
        agree = ", ".join(f"{s} {v} (quick judgement {f['quick_top_is_played'][s]})"
                          for s, v in f["prior_top_is_played"].items())
        print(f"{f['weights']}: Brier from mid-game on {briers}; prior's first choice played: {agree}")
        for spec, pairs in f["played_vs_prior"].items():
            top = ", ".join(f"{k} {v}" for k, v in list(pairs.items())[:8])
            print(f"  {spec}, played / prior's first: {top}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
