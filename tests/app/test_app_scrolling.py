"""Every scrolling list keeps its place after a long frame (companion/ui/scrolling.py).

Seen on a loaded machine: one frame of over a second sent the Play screen's prompt flying
(Kivy 2.3's DampedScrollEffect diverges), its Take button 1.8 million px below the window,
and every later tap on it missed. The frames' times are handed to the effect here, no clock."""
import pytest
from kivy.effects.dampedscroll import DampedScrollEffect
from kivy.uix.scrollview import ScrollView

from companion.ui.scrolling import SteadyScrollEffect
from tests.app.conftest import find, pump, tap_target, walk
from tests.app.touchplay import three_gems_picked


def _bounce(cls, frame_s: float, steps: int = 200):
    """A list pulled 60 px past its top, let go, and drawn ``steps`` frames of ``frame_s``."""
    effect = cls()
    effect.min, effect.max = -300, 0
    effect.value = 60
    for _ in range(steps):
        effect.update_velocity(frame_s)
    return effect


@pytest.mark.parametrize("frame_s", [1 / 60, 1 / 30, 0.3, 0.7, 1.5, 5.0])
def test_the_bounce_settles_inside_the_list_whatever_the_frame_time(frame_s):
    effect = _bounce(SteadyScrollEffect, frame_s)
    assert effect.velocity == 0 and -300 <= effect.value <= 0, (effect.value, effect.velocity)


def test_kivys_own_bounce_still_flies_off_after_long_frames():
    """Why SteadyScrollEffect exists: when this fails, Kivy's effect is stable (kivy/kivy#9214
    replaced it after 2.3.1) and SteadyScrollEffect can go."""
    assert abs(_bounce(DampedScrollEffect, 0.3).value) <= 1
    assert abs(_bounce(DampedScrollEffect, 1.5).value) > 1e6


def test_the_play_prompt_keeps_its_buttons_after_a_long_frame(ui):
    three_gems_picked(ui)
    # Every list of every screen bounces with the steady effect.
    views = [w for screen in ui.sm.screens for w in walk(screen) if isinstance(w, ScrollView)]
    assert len(views) >= 5 and all(isinstance(v.effect_y, SteadyScrollEffect) for v in views)
    prompt = ui.sm.get_screen("play").ask.parent      # the prompt's scroll view
    assert find("take").parent.parent is prompt.children[0]
    # The prompt pulled 60 px past its end, then a stall: frames of 1.5 s (a still being judged
    # on a busy Pi) while it bounces back.
    effect = prompt.effect_y
    effect.value = max(effect.min, effect.max) + 60
    for _ in range(30):
        effect.update_velocity(1.5)
    pump(frames=3)
    assert -0.01 <= prompt.scroll_y <= 1.01, prompt.scroll_y
    take = find("take")
    x, y = take.to_window(*take.center)
    assert 0 <= y <= ui.root_window.height, y
    tap_target("take")
    assert ui.ctl.verdict is not None and ui.ctl.verdict.kind == "entered", ui.ctl.message
