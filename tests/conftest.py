"""Shared by every test folder.

Sentence tests switch the language thousands of times; a Kivy window that an earlier test of
the same worker left open listens to every switch and redraws all its screens (a refusal said
in Polish took 70 ms instead of 2). A test without the app's window (no ``ui`` fixture) runs
with those listeners set aside, and they are given back after it.

One thread a test process: ``make test`` runs two workers on two cores, so the threads that
OpenCV, OpenBLAS and Mesa's llvmpipe start for themselves find no free core, and under a busy
machine they wait on each other (set before any of them is loaded; subprocesses inherit it)."""
import os

ONE_THREAD = {"OPENCV_FOR_THREADS_NUM": "1", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
              "LP_NUM_THREADS": "0"}      # llvmpipe: 0 draws in the calling thread
for _name, _value in ONE_THREAD.items():
    os.environ.setdefault(_name, _value)

import pytest  # noqa: E402

from companion.i18n import translator  # noqa: E402


@pytest.fixture(autouse=True)
def no_window_listens_unless_shown(request):
    if "ui" in request.fixturenames:     # the window's tests see its language follow
        yield
        return
    listening = list(translator._listeners)   # the app's own, bound when it started
    for fn in listening:
        translator.unbind(fn)
    try:
        yield
    finally:
        for fn in listening:
            translator.bind(fn)
