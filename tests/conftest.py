"""Shared by every test folder.

Sentence tests switch the language thousands of times; a Kivy window that an earlier test of
the same worker left open listens to every switch and redraws all its screens (a refusal said
in Polish took 70 ms instead of 2). A test without the app's window (no ``ui`` fixture) runs
with those listeners set aside, and they are given back after it."""
import pytest

from companion.i18n import translator


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
