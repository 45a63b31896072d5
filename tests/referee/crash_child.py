"""Child process of the crash test: plays simulated games through the Referee and prints
each confirmed turn ("SEED TURN") after the journal commit returned.

Usage: python crash_child.py DATA_DIR PLAYERS BASE_SEED GAMES
"""
from __future__ import annotations

import sys

from companion.referee.journal import Journal
from companion.referee import Referee
from tests.referee.table_play import TablePlay


def turns_for(players: int, seed: int) -> tuple:
    play = TablePlay(players, seed)
    turns = []
    while not play.finished:
        turns.append(play.play_turn())
    return play, turns


def main() -> int:
    data_dir, players, base, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), \
        int(sys.argv[4])
    while True:
        ref = Referee.resume(data_dir)
        if ref is None:
            journal = Journal(f"{data_dir}/journal.sqlite")
            done = len(journal.history())
            journal.close()
            if done >= games:
                print("all done", flush=True)
                return 0
            seed = base + done
            play, turns = turns_for(players, seed)
            ref = Referee.start(list(play.names), first=play.setup.first, data_dir=data_dir)
            ref.confirm_setup(play.setup)
        else:
            journal = ref.journal
            done = len(journal.history())
            seed = base + done
            play, turns = turns_for(players, seed)
        k = ref.game.turn
        if ref.pending_question is not None:
            v = ref.answer(play.answer_for(ref.pending_question, ref.game, turns[k]))
            assert v.kind == "accepted", v
            print(seed, k + 1, flush=True)
            k += 1
        for i in range(k, len(turns)):
            turn = turns[i]
            v = ref.press(turn.seat, observation=turn.observation)
            while v.kind == "question":
                v = ref.answer(play.answer_for(v, ref.game, turn))
            assert v.kind == "accepted", v
            print(seed, i + 1, flush=True)
        ref.close()


if __name__ == "__main__":
    sys.exit(main())
