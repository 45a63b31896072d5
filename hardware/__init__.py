"""The table's physical controls: a button and an LED per seat, optional noble LEDs (gpiozero).

- :mod:`hardware.config`: the wiring and timings from TOML (``PanelConfigError`` on bad pins).
- :mod:`hardware.panel`: ``SeatPanel`` (presses in, patterns out; no game logic) and
  ``open_panel`` (real pins on a Pi, a virtual panel on ``MockFactory`` elsewhere).
- :mod:`hardware.lights`: ``Light`` and ``Pattern``, the LEDs the panel drives.
- :mod:`hardware.debounce`: the press filter behind every button.
- :mod:`hardware.timers`: where every delay runs (one thread in the app; ``ManualTimers``,
  moved by hand, in tests).
- :mod:`companion.cli.panel`: ``splendor-companion test-panel``, the wiring check.

Importing this package imports nothing heavy; gpiozero loads with :mod:`hardware.panel`.
"""
