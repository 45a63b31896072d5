"""The hostile-input suite: each input is built at test time in the test's folder, and the real
command runs in a subprocess under a 1 GB address-space limit (``RLIMIT_AS``), with a timeout as
a safety net (not a timing assertion)."""
from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MEMORY_LIMIT = 1 << 30   # 1 GB of address space for the command
SAFETY_TIMEOUT = int(os.environ.get("HOSTILE_TIMEOUT", "180"))  # s; a hang ends the test


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    raw: bytes = b""   # stdout as written

    @property
    def sentence(self) -> str:
        return self.stderr.strip()


def _limits(fsize: int | None):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
        if fsize is not None:  # a disk that fills up after ``fsize`` bytes a file
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
    return apply


def run_command(args, cwd: Path, env: dict | None = None, stdout=None,
                fsize: int | None = None) -> Run:
    """``splendor-companion ARGS`` in a subprocess, confined to ``cwd`` (HOME and the data
    folder inside it)."""
    home = cwd / "home"
    home.mkdir(exist_ok=True)
    full_env = dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(home),
                    XDG_DATA_HOME=str(home / "data"), SPLENDOR_DATA_DIR=str(home / "data"),
                    KIVY_HOME=str(home / "kivy"), KIVY_NO_ARGS="1")
    full_env.update(env or {})
    full_env = {k: v for k, v in full_env.items() if v is not None}
    with (open(stdout, "w") if isinstance(stdout, (str, Path)) else _pipe()) as out:
        done = subprocess.run([sys.executable, "-m", "companion", *map(str, args)], cwd=cwd,
                              env=full_env, stdout=out if out is not None else subprocess.PIPE,
                              stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                              preexec_fn=_limits(fsize), timeout=SAFETY_TIMEOUT)
    return Run(done.returncode,
               done.stdout.decode("utf-8", "replace") if done.stdout is not None else "",
               done.stderr.decode("utf-8", "replace"), done.stdout or b"")


class _pipe:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def assert_one_sentence(run: Run, code: int, *words: str) -> None:
    """The documented exit code and one sentence on stderr: no traceback, no Python noise."""
    text = run.sentence
    assert run.code == code, (run.code, run.stderr[-2000:])
    assert "Traceback" not in run.stderr and "Exception ignored" not in run.stderr, run.stderr
    assert text and len(text.splitlines()) == 1, run.stderr
    assert text.endswith((".", ")")), text  # may start with a file name
    for word in words:
        assert word in text, (word, text)


@pytest.fixture(scope="session")
def repo_unchanged():
    """Nothing outside the test folders is changed: the repository's files stay as they were."""
    def status() -> str:
        return subprocess.run(["git", "status", "--porcelain", "--ignored", "--untracked-files=all",
                               "--", ".", ":!.venv", ":!**/__pycache__", ":!.pytest_cache",
                               ":!.hypothesis"], cwd=ROOT, capture_output=True, text=True).stdout
    before = status()
    yield
    assert status() == before


@pytest.fixture
def work(tmp_path, repo_unchanged) -> Path:
    return tmp_path


@pytest.fixture(scope="session")
def base_session(tmp_path_factory) -> Path:
    """A short live session with readings (not images): setup and a few pressed turns."""
    try:
        from companion.referee_sim import TablePlay
    except ImportError:  # the referee package moves the simulated table under tests/
        from tests.referee.table_play import TablePlay
    from companion.referee import Referee

    d = tmp_path_factory.mktemp("live")
    play = TablePlay(2, 3)
    ref = Referee.start(list(play.names), first=play.setup.first, data_dir=d)
    ref.confirm_setup(play.setup, observation=play.setup_observation())
    for _ in range(4):
        turn = play.play_turn()
        v = ref.press(turn.seat, observation=turn.observation)
        while v.kind == "question":
            v = ref.answer(play.answer_for(v, ref.game, turn))
    ref.close()
    return next((d / "sessions").iterdir())


@pytest.fixture
def session(base_session, tmp_path) -> Path:
    """A copy of the live session to spoil."""
    folder = tmp_path / "session"
    shutil.copytree(base_session, folder)
    return folder
