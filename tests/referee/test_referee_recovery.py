"""A journal that can't lose a confirmed turn: a real SQLite file, a real process killed with
SIGKILL at a known turn, then the file damaged the ways a power cut or a bad card damages it.
Each case ends with a resume that holds every confirmed turn exactly once and a next press
that is accepted."""
from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from companion.app.controller import Controller
from companion.engine.record import record_lines
from companion.referee import Referee
from tests.referee.table_play import TablePlay

from .referee_helpers import normal_turn, turns_of

CHILD = Path(__file__).with_name("journal_child.py")
ROOT = Path(__file__).resolve().parents[2]
SEED = 31
JOURNAL = "journal.sqlite"


def _truth(seed: int = SEED) -> tuple:
    play = TablePlay(2, seed, scan_probability=1.0)
    turns = []
    while not play.finished:
        turns.append(play.play_turn())
    return play, turns


class Child:
    """The referee in its own process, one turn per line sent."""

    def __init__(self, data_dir: Path, seed: int = SEED):
        self.proc = subprocess.Popen(
            [sys.executable, str(CHILD), str(data_dir), str(seed)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=dict(os.environ, PYTHONPATH=str(ROOT)))
        self.confirmed = 0

    def turns(self, n: int) -> None:
        """Let the child play until ``n`` turns are confirmed (it waits after each)."""
        while self.confirmed < n:
            if self.confirmed:  # the child waits after each confirmed turn
                self.proc.stdin.write("go\n")
                self.proc.stdin.flush()
            line = self.proc.stdout.readline()
            assert line.strip().isdigit(), line + self.proc.stderr.read()
            self.confirmed = int(line)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.proc.stdout.close()
        self.proc.stdin.close()
        self.proc.stderr.close()


def _check_resume(data_dir: Path, confirmed: int) -> Referee:
    """The resumed game holds every confirmed turn exactly once, and the next press counts."""
    play, turns = _truth()
    normal = [normal_turn(t) for t in turns_of(list(record_lines(play.truth)))]
    ref = Referee.resume(data_dir)
    assert ref is not None, "no game offered for resume"
    have = [normal_turn(t) for t in turns_of(ref.record())]
    assert len(have) >= confirmed
    assert have == normal[:len(have)]  # in order, none twice, none invented
    assert ref.game.snapshot() == turns[len(have) - 1].state
    nxt = turns[len(have)]
    v = ref.press(nxt.seat, observation=nxt.observation)
    while v.kind == "question":
        v = ref.answer(play.answer_for(v, ref.game, nxt))
    assert v.kind == "accepted", v
    ref.close()
    again = Referee.resume(data_dir)
    assert [normal_turn(t) for t in turns_of(again.record())] == normal[:len(have) + 1]
    again.close()
    return ref


def _damage(data_dir: Path, how: str) -> None:
    path = data_dir / JOURNAL
    if how == "wal-deleted":
        (data_dir / (JOURNAL + "-wal")).unlink()
    elif how == "truncated":
        path.write_bytes(b"")
    elif how == "deleted":
        for suffix in ("", "-wal", "-shm"):
            if (data_dir / (JOURNAL + suffix)).exists():
                (data_dir / (JOURNAL + suffix)).unlink()
    elif how == "random-bytes":
        db = sqlite3.connect(path)  # fold the WAL in, so the damage hits the turns
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()
        data = bytearray(path.read_bytes())
        rng = random.Random(5)
        mid = len(data) // 2
        data[mid - 700:mid + 700] = bytes(rng.randrange(256) for _ in range(1400))
        path.write_bytes(bytes(data))
    elif how in ("bad-json-line", "bad-json-players"):
        db = sqlite3.connect(path)
        if how == "bad-json-line":
            db.execute("UPDATE lines SET text = '{\"type\": \"take\", ' WHERE seq = 4")
        else:
            db.execute("UPDATE games SET players = 'Ana, Ben' ")
        db.commit()
        db.close()
    else:
        raise ValueError(how)


@pytest.mark.parametrize("how", ["wal-deleted", "truncated", "deleted", "random-bytes",
                                 "bad-json-line", "bad-json-players"])
def test_a_crash_then_a_damaged_journal_loses_no_confirmed_turn(tmp_path, how):
    child = Child(tmp_path)
    child.turns(9)
    child.kill()
    _damage(tmp_path, how)
    # The Home screen offers the game and says in a sentence what was restored.
    ctl = Controller(tmp_path, threaded=False)
    row = ctl.resumable()
    assert row is not None and row["players"] == list(_truth()[0].names)
    if how != "bad-json-players":
        assert "restored from the session records" in ctl.notice or \
            "rebuilt from the session records" in ctl.notice, ctl.notice
    assert ctl.resume() and ctl.game.turn >= 9
    ctl.close()
    _check_resume(tmp_path, child.confirmed)


def test_the_wal_deleted_while_running_then_a_crash_loses_no_confirmed_turn(tmp_path):
    child = Child(tmp_path)
    child.turns(5)
    (tmp_path / (JOURNAL + "-wal")).unlink()  # the referee goes on writing to a lost file
    child.turns(12)
    child.kill()
    _check_resume(tmp_path, child.confirmed)


def test_a_journal_row_naming_a_session_outside_the_data_folder_is_not_followed(tmp_path):
    child = Child(tmp_path)
    child.turns(3)
    child.kill()
    outside = Path(tempfile.mkdtemp())
    db = sqlite3.connect(tmp_path / JOURNAL)
    db.execute("UPDATE games SET session = ?", (f"../../{outside.name}",))
    db.commit()
    db.close()
    ref = Referee.resume(tmp_path)
    assert ref is not None and ref.session is not None
    assert Path(ref.session.folder).resolve().parent == (tmp_path / "sessions").resolve()
    ref.close()
    assert list(outside.iterdir()) == []


def _lock(folder: Path, locked: bool) -> None:
    """Make a folder unwritable: by its mode for a user; root writes through modes, so for
    root the folder is made immutable (chattr), which stops root too."""
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i" if locked else "-i", str(folder)], check=True)
    else:
        os.chmod(folder, 0o555 if locked else 0o755)


def test_a_data_folder_that_cant_be_written_is_said_plainly_and_nothing_is_renamed(tmp_path):
    child = Child(tmp_path)
    child.turns(4)
    child.kill()
    _damage(tmp_path, "bad-json-line")  # damaged, too: still not renamed while unwritable
    before = sorted((p.relative_to(tmp_path), p.stat().st_size) for p in tmp_path.rglob("*"))
    _lock(tmp_path, True)
    try:
        ctl = Controller(tmp_path, threaded=False)
        assert ctl.resumable() is None
        assert ctl.notice.startswith(f"The data folder {tmp_path} can't be written: "), ctl.notice
        assert "damaged" not in ctl.notice
        problems = ctl.new_game(["Ana", "Ben", None, None], 0)
        assert len(problems) == 1 and problems[0].startswith(
            f"The data folder {tmp_path} can't be written: ")
        ctl.close()
        after = sorted((p.relative_to(tmp_path), p.stat().st_size)
                       for p in tmp_path.rglob("*"))
        assert after == before
    finally:
        _lock(tmp_path, False)
    _check_resume(tmp_path, child.confirmed)  # writable again: nothing was lost
