"""A stand-in for the cestpasphoto player's subprocess (tests only): the same JSON-lines
protocol, its own tables built from the engine's cards, a random valid action, or, with
``--bad``, an action it was not offered (to show a bad answer is refused); ``--players N``
checks the board's size for N players; ``evaluate`` says the leaders win."""
import itertools
import json
import random
import sys

sys.path.insert(0, sys.argv[1])
from companion.engine import CARDS  # noqa: E402

bad = "--bad" in sys.argv
n = int(sys.argv[sys.argv.index("--players") + 1]) if "--players" in sys.argv else 2
rng = random.Random(3)
groups = {}
cards = []
for cid in sorted(CARDS):
    c = CARDS[cid]
    index = groups.setdefault((c.level, c.bonus), 0)
    groups[c.level, c.bonus] = index + 1
    cards.append({"tier": c.level - 1, "group": c.bonus, "index": index, "cost": list(c.cost),
                  "bonus": c.bonus, "points": c.points})
takes = [[1 if i in combo else 0 for i in range(5)]
         for k in (1, 2, 3) for combo in itertools.combinations(range(5), k)]
for line in sys.stdin:
    req = json.loads(line)
    if req["op"] == "tables":
        answer = {"cards": cards, "nobles": [], "takes": takes}
    elif req["op"] == "evaluate":
        # like the real network's values, in its board's player order: here +1 for the
        # players with the most points (their bonus rows' last column), else -1
        board = req["board"]
        assert len(board) == 32 + 10 * n + n * n and 0 <= req["seat"] < n
        points = [board[32 + 3 * n + n * n + i][6] for i in range(n)]
        answer = {"values": [1.0 if p == max(points) else -1.0 for p in points],
                  "policy": [1.0 / 81] * 81}
    else:
        valid = [k for k, v in enumerate(req["valid"]) if v]
        # the opponent's board for n players: 32 + 10 n + n * n rows of 7
        assert len(req["board"]) == 32 + 10 * n + n * n and all(len(r) == 7 for r in req["board"])
        assert 0 <= req["seat"] < n
        invalid = [k for k, v in enumerate(req["valid"]) if not v]
        answer = {"action": rng.choice(invalid if bad else valid), "seconds": 0.0}
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
