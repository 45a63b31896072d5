"""Offscreen frames are finished one by one (issue 14: the demo within 300 MB).

SDL's offscreen window swaps into a pbuffer that waits for nothing, and Mesa's threaded
llvmpipe then queued whole frames of draw commands: the demo peaked at 388 MB instead of 236.
The figure is the demo benchmark's (README); these tests guard the wiring that keeps it.
"""
from kivy.event import EventDispatcher

from companion.app import memory


class _Window(EventDispatcher):
    __events__ = ("on_flip",)

    def on_flip(self, *_):
        pass


def test_the_apps_offscreen_window_finishes_each_frame(kivy_app):
    from kivy.core.window import Window
    assert id(Window) in memory._FINISHING, "the app did not ask for its frames to be finished"


def test_a_real_display_is_left_to_its_own_swap():
    win = _Window()
    assert memory.finish_frames(win, driver="kmsdrm") is False
    assert id(win) not in memory._FINISHING


def test_an_offscreen_window_is_bound_once(monkeypatch):
    finished = []
    import kivy.graphics.opengl as gl
    monkeypatch.setattr(gl, "glFinish", lambda: finished.append(1))
    win = _Window()
    assert memory.finish_frames(win, driver="offscreen") is True
    assert memory.finish_frames(win, driver="offscreen") is True
    win.dispatch("on_flip")
    assert finished == [1]          # one glFinish per flip, not one per call
    memory._FINISHING.discard(id(win))
