"""The arena: the pretrained cestpasphoto AlphaZero player seated in ``ai-match``'s games.

The opponent (github cestpasphoto/alpha-zero-general, folder ``splendor/``) is fetched and set
up outside this repository, with its own Python (torch, numba, onnxruntime): see the README's
``ai-match`` section. It runs in a subprocess (``workbench/cestpasphoto_server.py``) that speaks
JSON lines, so none of its code is imported here. This side does the translation:

- the position, as the opponent's seat sees it (the others' unscanned blind reserves replaced by
  a card drawn from the unseen ones, as a guess, never the true card), into the opponent's
  board of int8 rows;
- the full rules' legal moves (our engine's) into the opponent's 81 action numbers: its valid
  actions at the root are only those that are legal here and that its simplified rules can say
  (it never takes tokens and gives some back in one turn, so a take that would go over ten is not
  offered to it; its "give back" turns and its pass are never valid while a real move is);
- its answer back into a whole full-rules turn: the main action, a gold given back when a
  reserve at ten tokens brings it over, and a noble (the first qualifying in setup order).

Every turn it returns is pushed by the match with ``game.push``, so the engine checks each one;
:func:`translate` also checks its own result, so a bad translation fails loudly.

``expert-botvalue`` in the line-up is level 4's search with the opponent's network judging its
leaves (:class:`BotValueSearch`, a diagnostic, never a level).

Run: ``python -m workbench.arena L4 cestpasphoto --games 20 --azg /work/arena``. The bot's
model follows the line-up's size (``L4 cestpasphoto cestpasphoto``: its 3-player model, one
process for both of its seats; each move is searched afresh from the seat's view).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from typing import Optional

from companion.engine import (CARDS, NOBLES, BlindCard, BuyCard, ClaimNoble, PassTurn,
                              ReserveBlind, ReserveCard, ReturnGems, TakeGems)
from companion.ai import match
from companion.ai.baselines import greedy_turn
from companion.ai.heuristics import outcome_chances
from companion.ai.player import EXPERT, turn_lines
from companion.ai.prior import default_prior
from companion.ai.puct import puct_search
from companion.ai.view import position_from_game
from companion.engine.record import parse_event

ACTIONS = 81
SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cestpasphoto_server.py")


def _byte(v: int) -> int:
    """An unsigned byte as the opponent's int8 board holds it."""
    return v - 256 if v > 127 else v


class Tables:
    """The opponent's card and gem tables, matched to our card ids."""

    def __init__(self, tables: dict):
        self.takes = [tuple(t) for t in tables["takes"]]
        self.where = {}  # our card id -> (tier, group, index)
        free = {}
        for c in tables["cards"]:
            key = (c["tier"] + 1, c["bonus"], tuple(c["cost"]), c["points"])
            free.setdefault(key, []).append((c["tier"], c["group"], c["index"]))
        for cid in sorted(CARDS):
            card = CARDS[cid]
            spots = free.get((card.level, card.bonus, tuple(card.cost), card.points))
            if not spots:
                raise ValueError(f"card {cid} has no match in the opponent's tables")
            self.where[cid] = spots.pop(0)
        self.groups = 1 + max(g for _, g, _ in self.where.values())


def card_rows(cid: Optional[str]) -> list:
    if cid is None:
        return [[0] * 7, [0] * 7]
    card = CARDS[cid]
    gain = [0] * 7
    gain[card.bonus] = 1
    gain[6] = card.points
    return [list(card.cost) + [0, 0], gain]


def encode(game, seat: int, tables: Tables, rng: random.Random) -> tuple:
    """The opponent's board of ``game`` (``seat``'s view) and the seat's index on it.

    The opponent numbers players from the game's first player (its round counter ends the game
    when player 0 is about to move), so seat s is at (s - first) mod n.
    """
    n = game.n
    order = [(game.first + i) % n for i in range(n)]
    unseen = {lv: sorted(ids) for lv, ids in zip((1, 2, 3), game.unseen)}
    hands = []
    for q in order:
        hand = []
        for card in game.reserved[q]:
            if type(card) is BlindCard:  # not seen by this seat: a guess from the unseen cards
                pool = unseen[card.level]
                hand.append(pool.pop(rng.randrange(len(pool))))
            else:
                hand.append(card.id)
        hands.append(hand)
    board = [list(game.bank) + [_byte(game.turn)]]
    for row in game.market:
        for card in row:
            board += card_rows(card.id if card is not None else None)
    for lv in (1, 2, 3):
        counts = [0] * 7
        bits = [0] * 7
        for cid in unseen[lv]:
            _, group, index = tables.where[cid]
            counts[group] += 1
            bits[group] |= 128 >> index
        board += [counts, [_byte(b) for b in bits]]
    slots = list(game.setup.nobles)
    for nid in game.nobles:
        board.append(list(NOBLES[nid].requires) + [0, 3] if nid else [0] * 7)
    for q in order:
        board.append(list(game.tokens[q]) + [0])
    for q in order:
        for nid in slots:
            board.append(list(NOBLES[nid].requires) + [0, 3] if nid in game.nobles_won[q]
                         else [0] * 7)
    for q in order:
        points = sum(CARDS[c].points for c in game.cards[q])
        board.append(list(game.bonuses[q]) + [0, points])
    for hand in hands:
        for k in range(3):
            board += card_rows(hand[k] if k < len(hand) else None)
    return board, order.index(seat)


def main_moves(game, tables: Tables) -> list:
    """For each of the opponent's 81 action numbers, our main action, or None (not offered)."""
    p = game.active
    legal = set(game.legal_main_actions())
    out: list = [None] * ACTIONS
    slots = [c for row in game.market for c in row]
    buys = {a.card: a for a in legal if type(a) is BuyCard}
    for k, card in enumerate(slots):
        if card is None:
            continue
        out[k] = buys.get(card.id)
        reserve = ReserveCard(p, card.id)
        out[12 + k] = reserve if reserve in legal else None
    for lv in (1, 2, 3):
        blind = ReserveBlind(p, lv)
        out[23 + lv] = blind if blind in legal else None
    for k, card in enumerate(game.reserved[p]):
        if type(card) is not BlindCard:
            out[27 + k] = buys.get(card.id)
    held = sum(game.tokens[p])
    for j, gems in enumerate(tables.takes + [tuple(2 if i == c else 0 for i in range(5))
                                             for c in range(5)]):
        take = TakeGems(p, gems + (0,))
        if take in legal and held + sum(gems) <= 10:
            out[30 + j] = take
    if legal == {PassTurn(p)}:
        out[80] = PassTurn(p)
    return out


def translate(game, main) -> list:
    """The whole turn for this main action: a gold back if a reserve goes over ten, a noble.

    Every step is pushed (checked by the engine) and popped again.
    """
    p = game.active
    turn = [main]
    game.push(main)
    try:
        if sum(game.tokens[p]) > 10:
            back = (0, 0, 0, 0, 0, 1) if type(main) in (ReserveCard, ReserveBlind) else None
            if back is None or game.tokens[p][5] < 1:
                raise ValueError(f"the opponent's move {main} would go over ten tokens")
            turn.append(ReturnGems(p, back))
            game.push(turn[-1])
        nobles = game.qualifying_nobles(p)
        if nobles:
            first = min(nobles, key=game.setup.nobles.index)
            turn.append(ClaimNoble(p, first))
            game.push(turn[-1])
    finally:
        for _ in turn:
            game.pop()
    return turn


class CestpasphotoPlayer:
    """A match player ``(game, rng) -> actions`` backed by the opponent's subprocess."""

    def __init__(self, azg: str, python: Optional[str] = None, sims: int = 400, players: int = 2,
                 seed: int = 0, command: Optional[list] = None):
        env = dict(os.environ)
        shim = os.path.join(azg, "shim")
        if os.path.isdir(shim):  # the arena's stand-in for torchvision's one helper
            env["PYTHONPATH"] = shim
        python = python or os.path.join(azg, "venv", "bin", "python")
        self.command = command or [python, SERVER, "--azg", azg, "--players", str(players),
                                   "--sims", str(sims), "--seed", str(seed)]
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=env)
        self.tables = Tables(self.ask({"op": "tables"}))
        self.players = players
        self.fallbacks = 0  # turns where no move its rules can say was legal
        self.seconds = 0.0
        self.moves = 0

    def ask(self, request: dict) -> dict:
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the cestpasphoto player stopped")
        return json.loads(line)

    def __call__(self, game, rng: random.Random) -> list:
        if game.n != self.players:
            raise ValueError(f"this opponent was loaded for {self.players} players")
        p = game.active
        view = position_from_game(game, p).game
        moves = main_moves(view, self.tables)
        valid = [m is not None for m in moves]
        if not any(valid):
            self.fallbacks += 1
            return greedy_turn(game, rng)
        board, index = encode(view, p, self.tables, rng)
        answer = self.ask({"op": "move", "board": board, "seat": index, "valid": valid})
        self.seconds += answer["seconds"]
        self.moves += 1
        main = moves[answer["action"]]
        if main is None:
            raise ValueError(f"the opponent chose action {answer['action']}, not offered")
        return translate(game, main)

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)


def bot_chances(bot: "CestpasphotoPlayer", game, rng: random.Random) -> list:
    """Each seat's chance to win by the opponent's network alone (no search of its own), the
    position seen from the seat to move: a diagnostic of what its value is worth in our search.

    The network's values (in [-1, 1], one a player on its board) become chances as (v + 1) / 2,
    scaled to add up to one; a finished game is its outcome.
    """
    finished = outcome_chances(game)
    if finished is not None:
        return finished
    board, index = encode(game, game.active, bot.tables, rng)
    answer = bot.ask({"op": "evaluate", "board": board, "seat": index})
    n = game.n
    chances = [0.0] * n
    for i, v in enumerate(answer["values"]):  # board player i is seat (first + i) mod n
        chances[(game.first + i) % n] = max(1e-6, (v + 1.0) / 2.0)
    total = sum(chances)
    return [c / total for c in chances]


class BotValueSearch:
    """Level 4's search (PUCT with its learned prior) with the opponent's network judging the
    leaves instead of ours: the line-up's ``expert-botvalue``. Never a level: it measures how far
    a stronger value alone would take our search (README, the arena)."""

    def __init__(self, bot: "CestpasphotoPlayer", iterations: int = EXPERT.iterations):
        self.bot = bot
        self.iterations = iterations
        self.guess = random.Random(0)  # the others' blind reserves as the opponent's board guesses

    def __call__(self, game, rng: random.Random) -> list:
        view = position_from_game(game, game.active).game
        result = puct_search(view, iterations=self.iterations,
                             rng=random.Random(rng.randrange(1 << 31)), prior_net=default_prior(),
                             evaluate=lambda g: bot_chances(self.bot, g, self.guess))
        return [parse_event(line, game.n) for line in turn_lines(view, result.best)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m workbench.arena",
                                     description="ai-match with the cestpasphoto player seated")
    parser.add_argument("players", nargs="+",
                        help="specs as ai-match takes, cestpasphoto and expert-botvalue")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--azg", default="/work/arena", help="the opponent's checkout")
    parser.add_argument("--python", help="the opponent's Python (default AZG/venv/bin/python)")
    parser.add_argument("--sims", type=int, default=400, help="its MCTS simulations a move")
    parser.add_argument("--botvalue-iterations", type=int, default=EXPERT.iterations,
                        help="expert-botvalue's iterations a move (level 4's by default)")
    parser.add_argument("--out", help="append each game's result to this file (JSON Lines)")
    parser.add_argument("--turns", action="store_true",
                        help="keep each turn's facts in the results (see workbench.arena_turns)")
    parser.add_argument("--wait-for", metavar="FILE",
                        help="start the games only once FILE exists (a weights file in training)")
    args = parser.parse_args(argv)
    player = CestpasphotoPlayer(args.azg, args.python, args.sims, len(args.players), args.seed)
    while args.wait_for and not os.path.exists(args.wait_for):
        time.sleep(5)

    def progress(res):
        print(json.dumps(res), flush=True)
        if args.out:
            with open(args.out, "a") as f:
                f.write(json.dumps(res) + "\n")

    seated = {"cestpasphoto": player,
              "expert-botvalue": BotValueSearch(player, args.botvalue_iterations)}
    try:
        summary = match.run_match(args.players, args.games, seed=args.seed, progress=progress,
                                  players=seated, log_turns=args.turns)
    finally:
        player.close()
    print(match.format_summary(summary))
    print(f"cestpasphoto: {player.moves} moves, {player.seconds / max(1, player.moves):.2f} s "
          f"CPU a move in its process, {player.fallbacks} "
          f"{'turn' if player.fallbacks == 1 else 'turns'} with no move its rules can say.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
