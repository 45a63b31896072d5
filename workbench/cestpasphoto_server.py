"""The cestpasphoto AlphaZero Splendor player behind a pipe of JSON lines (the arena's far side).

Run with the arena's own Python, the one that has the opponent's dependencies (torch, numba,
onnxruntime), never the app's: it imports the fetched repository given by ``--azg`` and plays
its pretrained model through its own MCTS, so none of that code enters this repository.
``workbench/arena.py`` starts it and speaks to it; one request a line on stdin, one answer a line
on stdout:

- ``{"op": "tables"}``: the opponent's card, noble and gem-combination tables, so the other side
  can translate its action numbers (answer: ``{"cards": ..., "nobles": ..., "takes": ...}``);
- ``{"op": "move", "board": [[...]], "seat": s, "valid": [81 booleans]}``: the action number
  its search picks for the board seen from ``seat``, among ``valid`` only (answer:
  ``{"action": k, "seconds": t}``).

The valid actions at the root are the ones the full rules allow (the other side works them out
with the project's engine); inside its tree the model plays by its own simplified rules.
"""
import argparse
import json
import os
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--azg", required=True, help="checkout of cestpasphoto/alpha-zero-general")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--sims", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    # The answers get their own copy of stdout; anything the opponent's code prints (its ONNX
    # export talks) goes to stderr instead of into the pipe.
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    os.chdir(args.azg)
    sys.path.insert(0, args.azg)
    import numpy as np
    import splendor.SplendorGame as game_module
    game_module.NUMBER_PLAYERS = args.players
    from MCTS import MCTS
    from splendor.NNet import NNetWrapper
    from splendor import SplendorLogic as logic
    from utils import dotdict

    np.random.seed(args.seed)
    game = game_module.SplendorGame()
    net = NNetWrapper(game, dict(lr=None, dropout=0., epochs=None, batch_size=None,
                                 nn_version=-1))
    extra = net.load_checkpoint(os.path.join(args.azg, "splendor"),
                                f"pretrained_{args.players}players.pt")
    cpuct = extra.get("cpuct")
    cpuct = float(cpuct[0]) if isinstance(cpuct, list) else cpuct
    mcts_args = dotdict({
        "numMCTSSims": args.sims, "fpu": extra.get("fpu", 0.), "universes": extra.get("universes", 1),
        "cpuct": cpuct, "prob_fullMCTS": 1., "forced_playouts": extra.get("forced_playouts", False),
        "no_mem_optim": False,
    })

    class RootRules(type(game)):
        """The opponent's game, but at the root only the moves the full rules allow."""
        root = None
        root_valid = None

        def getValidMoves(self, board, player):
            valid = super().getValidMoves(board, player)
            if self.root is not None and board.tobytes() == self.root:
                return self.root_valid.copy()
            return valid

    game.__class__ = RootRules
    log = sys.stderr
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        req = json.loads(line)
        quiet = req["op"] == "evaluate"  # hundreds a move: not logged
        if not quiet:
            print(f"cestpasphoto: request {req['op']}", file=log, flush=True)
        if req["op"] == "tables":
            cards = []
            for tier, table in enumerate((logic.np_all_cards_1, logic.np_all_cards_2,
                                          logic.np_all_cards_3)):
                for group in range(table.shape[0]):
                    for index in range(table.shape[1]):
                        cost, gain = table[group][index]
                        if cost[:5].sum() == 0:
                            continue
                        cards.append({"tier": tier, "group": group, "index": index,
                                      "cost": cost[:5].tolist(), "bonus": int(gain[:5].argmax()),
                                      "points": int(gain[6])})
            answer = {"cards": cards,
                      "nobles": [n[:5].tolist() for n in logic.np_all_nobles],
                      "takes": logic.np_different_gems_up_to_3[:, :5].tolist()}
        elif req["op"] == "move":
            start = time.process_time()
            board = np.array(req["board"], dtype=np.int8)
            canonical = game.getCanonicalForm(board, req["seat"])
            game.root = canonical.tobytes()
            game.root_valid = np.array(req["valid"], dtype=np.bool_)
            mcts = MCTS(game, net, mcts_args)  # a fresh tree: no node keeps other root rules
            probs = mcts.getActionProb(canonical, temp=0, force_full_search=True)[0]
            action = int(np.argmax(probs))
            if not game.root_valid[action]:
                action = int(np.flatnonzero(game.root_valid)[0])
            game.root = None
            answer = {"action": action, "seconds": time.process_time() - start}
        elif req["op"] == "evaluate":
            # The network alone (no search) on a board seen from ``seat``: each board player's
            # value in [-1, 1] (board order, not rolled to the seat) and its 81 move shares.
            board = np.array(req["board"], dtype=np.int8)
            seat = req["seat"]
            canonical = game.getCanonicalForm(board, seat)
            valid = game.getValidMoves(canonical, 0)
            pi, v = net.predict(canonical, valid)
            n = len(v)
            answer = {"values": [float(v[(i - seat) % n]) for i in range(n)],
                      "policy": [round(float(x), 5) for x in pi]}
        else:
            answer = {"error": f"unknown op {req['op']!r}"}
        out.write(json.dumps(answer) + "\n")
        out.flush()
        if not quiet:
            print(f"cestpasphoto: answered {answer.get('action', '')}", file=log, flush=True)


if __name__ == "__main__":
    main()
