"""A table process for the power-cut test: queues turns in its journal's outbox (league on,
league unreachable), says how many, then waits to be killed."""
import sys
import time

from companion.referee.journal import Journal, Outbox
from league.simulated import turn_records


def main(path: str, turns: int) -> None:
    outbox = Outbox(path)
    outbox.enable(True)
    journal = Journal(path)
    records = turn_records(2, seed=31)
    gid = journal.new_game(records[0][0], records[0][1])
    done = 2
    for record in records[:turns]:
        journal.append(gid, record[done:])
        done = len(record)
    print(f"queued {outbox.count()}", flush=True)
    time.sleep(600)   # SIGKILLed here, with everything queued and nothing sent


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
