"""Child process of the journal tests: plays one simulated game through the Referee, prints
each confirmed turn ("TURN") after the journal commit returned, then waits for a line on
stdin before the next turn (so the test kills it at a known point, without timing).

Usage: python journal_child.py DATA_DIR SEED
"""
from __future__ import annotations

import sys

from companion.referee import Referee
from tests.referee.table_play import TablePlay


def main() -> int:
    data_dir, seed = sys.argv[1], int(sys.argv[2])
    play = TablePlay(2, seed, scan_probability=1.0)
    ref = Referee.start(list(play.names), first=play.setup.first, data_dir=data_dir)
    ref.confirm_setup(play.setup)
    while not play.finished:
        turn = play.play_turn()
        v = ref.press(turn.seat, observation=turn.observation)
        while v.kind == "question":
            v = ref.answer(play.answer_for(v, ref.game, turn))
        assert v.kind == "accepted", v
        print(ref.game.turn, flush=True)
        if not sys.stdin.readline():
            return 0
    print("over", flush=True)
    sys.stdin.readline()
    return 0


if __name__ == "__main__":
    sys.exit(main())
