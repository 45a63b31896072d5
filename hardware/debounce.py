"""Turning one button's raw edges into turn ends and undo requests.

Mechanical buttons bounce: one press makes a burst of press/release edges in
the first few milliseconds, and so does the release. gpiozero's
``bounce_time`` filters this on a Pi, but mock pins ignore it, and the filter
must hold either way, so the panel runs every edge through a
:class:`PressFilter` as well.

The rules (``debounce`` is 50 ms by default):

- An edge counts at once only if the contact was quiet (no edge) for
  ``debounce`` before it: the first edge of a press or release is read
  without delay, and the bounces that follow it are not.
- An edge that did not count asks for a *settle* check ``debounce`` after the
  last edge: the button's real level then wins. So a burst of bounces counts
  once however long it lasts (as long as no gap reaches ``debounce``), and a
  tap shorter than ``debounce`` is not lost: it is read when the contact has
  settled.
- The turn ends when a counted press is released, unless the press was held
  (``hold``, from gpiozero's ``when_held``): a held press is an undo request
  and its release does nothing else. Exactly one of the two per press.

The filter is plain Python with times passed in, so it is tested with exact
timestamps; the panel feeds it a monotonic clock and a lock.
"""
from __future__ import annotations

TURN_END = "turn-end"
UNDO_REQUEST = "undo-request"


class PressFilter:
    """The debounced state of one button; see the module docstring for the rules."""

    def __init__(self, debounce: float = 0.05):
        self.debounce = debounce
        self.down = False                   # the debounced state: is the button pressed?
        self.down_at: float | None = None   # when the counted press began
        self.held = False                   # the counted press became an undo request
        self._last_edge = float("-inf")

    def edge(self, pressed: bool, t: float) -> tuple[list[str], bool]:
        """Take a raw edge at time ``t``; return (events, whether a settle check is needed)."""
        quiet = t - self._last_edge >= self.debounce
        self._last_edge = t
        if pressed == self.down or not quiet:
            # A bounce (or a bounce coming back): the level after the quiet time decides.
            return [], True
        return (self._press(t) if pressed else self._release()), False

    def settle(self, pressed: bool, t: float) -> list[str]:
        """The contact has been quiet for ``debounce``: its level at ``t`` is the truth."""
        if pressed == self.down:
            return []
        return self._press(t) if pressed else self._release()

    def hold(self) -> list[str]:
        """gpiozero says the button has been held for the hold time."""
        if self.down and not self.held:
            self.held = True
            return [UNDO_REQUEST]
        return []

    def _press(self, t: float) -> list[str]:
        self.down, self.down_at, self.held = True, t, False
        return []

    def _release(self) -> list[str]:
        self.down = False
        return [] if self.held else [TURN_END]
