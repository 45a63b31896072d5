"""The app's environment checked at start: every variable, the data folder and the display.

A wrong value stops the app before any window opens with one sentence naming the variable and
the values it accepts (exit 2); a missing display, with a sentence saying so (exit 1), instead
of SDL's "Couldn't connect to X server". The check says facts (:class:`StartupError`);
``companion.i18n.startup`` words them. Nothing here imports Kivy.
"""
from __future__ import annotations

import math
import os
import socket
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Optional

from companion.engine.inputs import FileFacts

BAD_SETTING = 2
NO_DISPLAY = 1

FLAGS = ("SPLENDOR_KIOSK", "SPLENDOR_DEMO_EXIT", "SPLENDOR_MOCK_GPIO",
         "SPLENDOR_EXIT_AFTER_FIRST_FRAME", "SPLENDOR_DEMO_RENDER")
ON, OFF = ("1", "true", "yes", "on"), ("0", "false", "no", "off")
MIN_SIZE, MAX_SIZE = 200, 8192       # window pixels each way
MIN_DPI, MAX_DPI = 50.0, 1000.0
MAX_DEMO_DELAY = 60.0                # seconds between demo steps


class StartupError(FileFacts):
    """The app can't start: a cause and its facts (``companion.i18n.startup`` says the
    sentence), ``code`` the exit code.

    Causes: a variable's (``name``; ``value``: its first 40 characters) ``flag``, ``number``
    (``least``, ``most``: what it accepts), ``computers``, ``size`` (``least``, ``most``:
    pixels each way); the data folder's (``path``) ``data-dir-cant-make``,
    ``data-dir-unusable`` (``reason``: the operating system's words), ``data-dir-is-file``,
    ``data-dir-not-writable``; the display's (exit 1) ``no-x`` (``display``), ``no-wayland``
    (``display``), ``no-screen``."""

    def __init__(self, cause: str, code: int = BAD_SETTING, **facts):
        super().__init__(cause, **facts)
        self.code = code


@dataclass(frozen=True)
class Environment:
    """The app's variables, checked."""

    kiosk: bool = False
    size: tuple = (800, 480)
    dpi: Optional[float] = None
    data_dir: Optional[Path] = None
    demo: dict = field(default_factory=dict)


def _flag(env: Mapping[str, str], name: str) -> bool:
    value = env.get(name, "").strip().lower()
    if value not in ("", *ON, *OFF):
        raise StartupError("flag", name=name, value=env[name][:40])
    return value in ON


def _number(env, name: str, lo: float, hi: float, integer: bool = False):
    raw = env.get(name, "")
    if raw == "":
        return None
    try:
        value = int(raw) if integer else float(raw)
    except ValueError:
        value = None
    if value is None or not math.isfinite(value) or not lo <= value <= hi:
        raise StartupError("number", name=name, value=raw[:40], least=lo, most=hi)
    return value


def _computers(env) -> dict:
    """SPLENDOR_DEMO_COMPUTERS: a level a seat, from seat 1 (0: a person), e.g. ``0,2``."""
    raw = env.get("SPLENDOR_DEMO_COMPUTERS", "").strip()
    if raw == "":
        return {}
    parts = [x.strip() for x in raw.split(",")]
    if len(parts) > 4 or not all(x in ("0", "1", "2", "3", "4") for x in parts):
        raise StartupError("computers", name="SPLENDOR_DEMO_COMPUTERS", value=raw[:40])
    return {seat: int(x) for seat, x in enumerate(parts) if x != "0"}


def _size(env) -> tuple:
    raw = env.get("SPLENDOR_SIZE", "")
    if raw == "":
        return (800, 480)
    parts = raw.lower().split("x")
    if (len(parts) == 2 and all(p.isdigit() and len(p) <= 5 for p in parts)
            and all(MIN_SIZE <= int(p) <= MAX_SIZE for p in parts)):
        return (int(parts[0]), int(parts[1]))
    raise StartupError("size", name="SPLENDOR_SIZE", value=raw[:40], least=MIN_SIZE,
                       most=MAX_SIZE)


def check_data_dir(path: Path) -> Path:
    """The data folder exists (or is made) and is a writable folder; a StartupError if not."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StartupError("data-dir-cant-make", path=str(path),
                               reason=exc.strerror) from None
        return path
    except OSError as exc:
        raise StartupError("data-dir-unusable", path=str(path), reason=exc.strerror) from None
    if not stat.S_ISDIR(st.st_mode):
        raise StartupError("data-dir-is-file", path=str(path))
    if not os.access(path, os.W_OK | os.X_OK):
        raise StartupError("data-dir-not-writable", path=str(path))
    return path


def read_environment(env: Optional[Mapping[str, str]] = None,
                     default_data_dir=None) -> Environment:
    """Check every variable the app reads; :class:`StartupError` at the first wrong one."""
    env = os.environ if env is None else env
    for name in FLAGS:
        _flag(env, name)
    demo = {}
    delay = _number(env, "SPLENDOR_DEMO_DELAY", 0.0, MAX_DEMO_DELAY)
    if delay is not None:
        demo["delay"] = delay
    players = _number(env, "SPLENDOR_DEMO_PLAYERS", 2, 4, integer=True)
    if players is not None:
        demo["players"] = players
    seed = _number(env, "SPLENDOR_DEMO_SEED", 0, 2**63 - 1, integer=True)
    if seed is not None:
        demo["seed"] = seed
    computers = _computers(env)
    if computers:
        demo["computers"] = computers
    views = _number(env, "SPLENDOR_DEMO_CAMERA_VIEW", 0, 1000, integer=True)
    if views:
        demo["camera_view"] = views
    if _flag(env, "SPLENDOR_DEMO_EXIT"):
        demo["exit_at_end"] = True
    if env.get("SPLENDOR_DEMO_RENDER", "").strip().lower() in OFF:
        demo["render"] = False
    dpi = _number(env, "SPLENDOR_DPI", MIN_DPI, MAX_DPI)
    data_dir = None if default_data_dir is None else check_data_dir(Path(default_data_dir))
    return Environment(kiosk=_flag(env, "SPLENDOR_KIOSK"), size=_size(env), dpi=dpi,
                       data_dir=data_dir, demo=demo)


def check_display(env: Optional[Mapping[str, str]] = None, dev: Path = Path("/dev/dri")) -> None:
    """A StartupError (exit 1) when there is no screen for the window: the X server, Wayland
    compositor or DRM display that SDL would use is not there."""
    env = os.environ if env is None else env
    driver = env.get("SDL_VIDEODRIVER", "")
    if driver in ("offscreen", "dummy", "evdev") or not sys.platform.startswith("linux"):
        return  # (macOS and Windows draw without X, Wayland or DRM)
    display, wayland = env.get("DISPLAY", ""), env.get("WAYLAND_DISPLAY", "")
    if driver in ("", "x11") and display:
        if _x_server_reachable(display):
            return
        if not wayland:
            raise StartupError("no-x", NO_DISPLAY, display=display)
    if driver in ("", "wayland") and wayland:
        runtime = env.get("XDG_RUNTIME_DIR", "")
        sock = Path(wayland) if wayland.startswith("/") else Path(runtime) / wayland
        if sock.exists():
            return
        raise StartupError("no-wayland", NO_DISPLAY, display=wayland)
    if driver in ("", "kmsdrm") and not display and not wayland:
        if any(dev.glob("card*")):
            return
        raise StartupError("no-screen", NO_DISPLAY)


def _x_server_reachable(display: str) -> bool:
    host, _, rest = display.rpartition(":")
    number = rest.split(".")[0]
    if not number.isdigit():
        return False
    try:
        if host in ("", "unix"):
            with socket.socket(socket.AF_UNIX) as s:
                s.settimeout(2)
                try:
                    s.connect(f"/tmp/.X11-unix/X{number}")
                    return True
                except OSError:
                    s2 = socket.socket(socket.AF_UNIX)  # Linux's abstract socket
                    with s2:
                        s2.settimeout(2)
                        s2.connect(f"\0/tmp/.X11-unix/X{number}")
                        return True
        with socket.create_connection((host, 6000 + int(number)), timeout=2):
            return True
    except OSError:
        return False
