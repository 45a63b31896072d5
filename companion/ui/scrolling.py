"""The bounce of every scrolling list in the app, stable however long a frame takes.

Kivy 2.3's ``DampedScrollEffect`` pulls an overscroll back by a force that does not scale with
the frame's time, then moves the content by ``velocity * dt``. After a frame of about a second
or more (a busy Pi while a still is judged; a loaded test machine) each step overshoots further
than the last and the content flies off for good: seen in a test run on a loaded machine, the
Play screen's prompt at ``scroll_y`` -17,976 and its Take button 1.8 million px below the window,
so every later tap on it missed. (Kivy replaced the effect after 2.3.1, kivy/kivy#9214.)

:class:`SteadyScrollEffect` gives the same bounce at 30 frames a second and more, and takes a
longer frame as if it were 1/30 s: the pull-back then settles whatever the frame times.
``widgets.kv`` makes it every ScrollView's effect.
"""
from __future__ import annotations

from kivy.effects.dampedscroll import DampedScrollEffect

# The longest frame the bounce integrates in one step (s). With Kivy's defaults the plain
# effect settles after frames of up to 0.3 s and flies off from 0.7 s on
# (tests/app/test_app_scrolling.py).
MAX_STEP_S = 1 / 30


class SteadyScrollEffect(DampedScrollEffect):
    """Kivy's damped bounce, each step at most :data:`MAX_STEP_S` long."""

    def update_velocity(self, dt):
        super().update_velocity(min(dt, MAX_STEP_S))


__all__ = ["SteadyScrollEffect", "MAX_STEP_S"]
