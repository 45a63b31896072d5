"""Kiosk settings for the table screen: full screen, no cursor, no way out.

Plain functions the Kivy app calls at start-up, before the first Kivy window
exists (Kivy reads these settings when ``kivy.core.window`` is imported):

    from companion.app import kiosk
    kiosk.configure_kivy_for_kiosk()          # Kivy Config + SDL environment
    kiosk.inhibit_blanking()                  # keep the screen on during a game
    kiosk.install_sigterm_handler(lambda: Clock.schedule_once(lambda dt: app.stop()))

No Kivy import at module level; :func:`configure_kivy_for_kiosk` imports
``kivy.config`` only when it is not handed a Config object.

Screen blanking on the Pi, what applies: the app runs on SDL's KMSDRM
backend with no desktop, so there is no X or Wayland screensaver and no DPMS
timer from a compositor. The one blanker left is the kernel's console blanker
(``consoleblank=`` seconds, ``/sys/module/kernel/parameters/consoleblank``),
which blanks the text console after that long without keyboard input. It
does not touch the screen while the app holds the display (DRM master), but
it blanks the console between an app restart and the next frame, so
``make install-pi`` adds ``consoleblank=0`` to the kernel command line
(``/boot/firmware/cmdline.txt``), and :func:`inhibit_blanking` sets it to 0 at
run time when it may (root only). SDL's own screensaver inhibit is asked for
with ``SDL_VIDEO_ALLOW_SCREENSAVER=0`` and Kivy's ``allow_screensaver = 0``.
"""
from __future__ import annotations

import os
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, MutableMapping

CONSOLEBLANK = Path("/sys/module/kernel/parameters/consoleblank")

# (section, option, value): the Kivy Config values a table appliance needs.
KIOSK_SETTINGS = (
    ("graphics", "fullscreen", "auto"),      # the display's own resolution
    ("graphics", "borderless", "1"),
    ("graphics", "show_cursor", "0"),        # a touchscreen: no mouse arrow
    ("graphics", "allow_screensaver", "0"),  # never blank during a game
    ("kivy", "exit_on_escape", "0"),         # a stray keyboard can't quit the referee
    ("kivy", "pause_on_minimize", "0"),
    # No keyboard at the table: an on-screen one docks at the bottom when a name field is
    # touched (a plugged-in keyboard still works).
    ("kivy", "keyboard_mode", "systemanddock"),
)


def configure_kivy_for_kiosk(config: Any = None,
                             environ: MutableMapping[str, str] | None = None) -> Any:
    """Set Kivy's Config and SDL's environment for a full-screen kiosk.

    ``config`` is a Kivy ``ConfigParser`` (``kivy.config.Config`` when None,
    imported here). ``environ`` defaults to ``os.environ``. Values already in
    the environment win: the service unit or a developer may override them.
    Call before ``kivy.core.window`` is imported. Returns the config.
    """
    env = os.environ if environ is None else environ
    env.setdefault("SDL_VIDEO_ALLOW_SCREENSAVER", "0")
    if _on_bare_console(env):
        # No X or Wayland: draw straight to the display through KMS/DRM.
        env.setdefault("KIVY_WINDOW", "sdl2")
        env.setdefault("SDL_VIDEODRIVER", "kmsdrm")
    if config is None:
        from kivy.config import Config  # lazy: keep `splendor-companion replay` fast

        config = Config
    for section, option, value in KIOSK_SETTINGS:
        if not config.has_section(section):
            config.add_section(section)
        config.set(section, option, value)
    if env.get("JOURNAL_STREAM"):
        # Under systemd, stderr is the journal: no log files in KIVY_HOME as well.
        config.set("kivy", "log_enable", "0")
    return config


def _on_bare_console(env: MutableMapping[str, str]) -> bool:
    return not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY")


@dataclass(frozen=True)
class Blanking:
    """What :func:`inhibit_blanking` found and did."""

    consoleblank: int | None   # seconds; 0 = never; None = unknown
    changed: bool              # True if this call set it to 0
    message: str               # a sentence for the log


def inhibit_blanking(environ: MutableMapping[str, str] | None = None,
                     consoleblank: Path = CONSOLEBLANK) -> Blanking:
    """Keep the screen on: SDL's screensaver off, the console blanker off.

    Writing ``consoleblank`` needs root, which the service does not have;
    then the kernel command line (``consoleblank=0``, set by
    ``make install-pi``) is what keeps it at 0. Never raises.
    """
    env = os.environ if environ is None else environ
    env["SDL_VIDEO_ALLOW_SCREENSAVER"] = "0"
    try:
        seconds = int(consoleblank.read_text().strip())
    except (OSError, ValueError):
        return Blanking(None, False, "The console blanker setting could not be read; "
                                     "nothing was changed.")
    if seconds == 0:
        return Blanking(0, False, "The console blanker is off.")
    try:
        consoleblank.write_text("0\n")
    except OSError:
        return Blanking(seconds, False,
                        f"The console blanks after {seconds} seconds and this user may not "
                        "change it; add consoleblank=0 to the kernel command line.")
    return Blanking(0, True, f"The console blanker was turned off (it was {seconds} seconds).")


def keep_window_awake(window: Any) -> None:
    """Set a Kivy window's own screensaver switch off (call once the window exists)."""
    window.allow_screensaver = False


def install_sigterm_handler(on_stop: Callable[[], Any]) -> Any:
    """Turn SIGTERM (``systemctl stop``, shutdown) into an orderly stop.

    ``on_stop()`` runs once, in the main thread, when the first SIGTERM
    arrives; it should ask the app to stop (e.g. schedule ``App.stop()`` on
    the Clock) so the journal is flushed and closed and ``main`` returns 0.
    Further SIGTERMs are ignored: systemd sends SIGKILL after
    ``TimeoutStopSec=`` if the stop hangs. Returns the previous handler.
    """
    stopped = False

    def handle(signum: int, frame: Any) -> None:
        nonlocal stopped
        if stopped:
            return
        stopped = True
        on_stop()

    return signal.signal(signal.SIGTERM, handle)
