"""The app's one theme (issue 33): one palette, one button style, one type scale, shared by
every screen and popup. The .kv files read it with ``#:import THEME companion.ui.theme``.

The type scale is the app's (``app.fs`` body text, ``app.fs_read`` the smallest text a player
reads during play, 16 px at 800x480); sizes are multiples of those, never smaller.
"""
from __future__ import annotations

BACKGROUND = (0.07, 0.08, 0.10, 1)     # the window
PANEL = (0.11, 0.12, 0.15, 1)          # a player's panel, a popup's ground
BANNER = (0.12, 0.16, 0.22, 1)         # the banner: whose turn
FINAL = (0.72, 0.42, 0.05, 1)          # the banner in the final round (amber)
REJECTED = (0.78, 0.10, 0.10, 1)       # the banner when a move is not accepted (red)
ACCENT = (0.95, 0.75, 0.15, 1)         # the active player, a gem picked
BUTTON = (0.22, 0.30, 0.42, 1)         # every button
BUTTON_GO = (0.15, 0.50, 0.25, 1)      # the button that moves the game on (Start, Done)
BUTTON_OFF = (0.30, 0.30, 0.32, 1)     # a button not chosen (one of a set)
TEXT = (1, 1, 1, 1)
TEXT_SOFT = (0.78, 0.80, 0.85, 1)
