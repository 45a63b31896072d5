"""Kiosk settings: a real Kivy Config, a real SIGTERM, a real settings file."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

from companion.app import kiosk

REPO = Path(__file__).resolve().parents[2]


def run_python(code: str, env_extra: dict, tmp_path: Path, **kwargs) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "JOURNAL_STREAM", "SDL_VIDEODRIVER",
                        "KIVY_WINDOW", "SDL_VIDEO_ALLOW_SCREENSAVER", "NOTIFY_SOCKET")}
    env.update({"KIVY_NO_ARGS": "1", "KIVY_HOME": str(tmp_path / "kivy"),
                "PYTHONPATH": str(REPO)})
    env.update(env_extra)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env,
                          capture_output=True, text=True, timeout=60, **kwargs)


KIVY_CHECK = """
    import json, os, sys
    import companion.app.kiosk as kiosk
    assert "kivy" not in sys.modules, "importing companion.app.kiosk must not import Kivy"
    kiosk.configure_kivy_for_kiosk()
    from kivy.config import Config
    print(json.dumps({
        "settings": {f"{s}.{o}": Config.get(s, o) for s, o, _ in kiosk.KIOSK_SETTINGS},
        "log_enable": Config.get("kivy", "log_enable"),
        "env": {k: os.environ.get(k) for k in
                ("SDL_VIDEODRIVER", "KIVY_WINDOW", "SDL_VIDEO_ALLOW_SCREENSAVER")},
    }))
"""


def test_kivy_config_is_set_for_a_kiosk_on_a_bare_console(tmp_path):
    result = run_python(KIVY_CHECK, {"KIVY_LOG_MODE": "PYTHON"}, tmp_path)
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout.strip().splitlines()[-1])
    assert got["settings"] == {
        "graphics.fullscreen": "auto", "graphics.borderless": "1",
        "graphics.show_cursor": "0", "graphics.allow_screensaver": "0",
        "kivy.exit_on_escape": "0", "kivy.pause_on_minimize": "0",
        "kivy.keyboard_mode": "systemanddock",
    }
    assert got["env"] == {"SDL_VIDEODRIVER": "kmsdrm", "KIVY_WINDOW": "sdl2",
                          "SDL_VIDEO_ALLOW_SCREENSAVER": "0"}
    assert got["log_enable"] == "1"  # not under systemd: Kivy keeps its log files


def test_under_systemd_logs_go_to_the_journal_only(tmp_path):
    result = run_python(KIVY_CHECK, {"JOURNAL_STREAM": "8:12345"}, tmp_path)
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout.strip().splitlines()[-1])
    assert got["log_enable"] == "0"


def test_on_a_desktop_sdl_picks_its_own_video_driver(tmp_path):
    result = run_python(KIVY_CHECK, {"DISPLAY": ":0", "SDL_VIDEODRIVER": "x11"}, tmp_path)
    got = json.loads(result.stdout.strip().splitlines()[-1])
    assert got["env"]["SDL_VIDEODRIVER"] == "x11"
    assert got["env"]["KIVY_WINDOW"] is None


def test_config_object_is_used_as_given():
    class Config:  # a stand-in with Kivy ConfigParser's methods
        def __init__(self):
            self.data = {}

        def has_section(self, s):
            return s in self.data

        def add_section(self, s):
            self.data[s] = {}

        def set(self, s, o, v):
            self.data[s][o] = v

    env = {"SDL_VIDEODRIVER": "dummy"}
    config = kiosk.configure_kivy_for_kiosk(Config(), environ=env)
    assert config.data["kivy"]["exit_on_escape"] == "0"
    assert config.data["graphics"]["show_cursor"] == "0"
    assert env["SDL_VIDEODRIVER"] == "dummy"  # an explicit choice wins


def test_inhibit_blanking_turns_the_console_blanker_off_when_it_may(tmp_path):
    setting = tmp_path / "consoleblank"
    setting.write_text("600\n")
    env = {}
    result = kiosk.inhibit_blanking(environ=env, consoleblank=setting)
    assert result.changed and result.consoleblank == 0
    assert setting.read_text().strip() == "0"
    assert env["SDL_VIDEO_ALLOW_SCREENSAVER"] == "0"
    again = kiosk.inhibit_blanking(environ=env, consoleblank=setting)
    assert not again.changed and again.message == "The console blanker is off."


def test_inhibit_blanking_says_what_to_do_when_it_may_not(tmp_path, monkeypatch):
    setting = tmp_path / "consoleblank"
    setting.write_text("600\n")

    def refuse(self, *args, **kwargs):  # what an unprivileged user gets from sysfs
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "write_text", refuse)
    result = kiosk.inhibit_blanking(environ={}, consoleblank=setting)
    assert result.consoleblank == 600 and not result.changed
    assert "consoleblank=0" in result.message
    assert setting.read_text() == "600\n"


def test_inhibit_blanking_with_no_setting_changes_nothing(tmp_path):
    result = kiosk.inhibit_blanking(environ={}, consoleblank=tmp_path / "absent")
    assert result.consoleblank is None and not result.changed
    assert not (tmp_path / "absent").exists()


def test_keep_window_awake():
    class Window:
        allow_screensaver = True

    window = Window()
    kiosk.keep_window_awake(window)
    assert window.allow_screensaver is False


SIGTERM_APP = """
    import select
    import signal
    import socket
    import sys
    from companion.app.kiosk import install_sigterm_handler
    from companion.app.watchdog import Watchdog

    dog = Watchdog()
    calls = []

    def on_stop():
        calls.append("stop")
        dog.stopping("Saving the game")
        print("stopping", flush=True)

    install_sigterm_handler(on_stop)
    # The app's main loop (Kivy's) wakes for a signal; so does this one. A plain blocking read
    # of stdin would not: a SIGTERM landing after the last bytecode and before read() leaves
    # its Python handler pending while read() blocks for ever (seen: the suite hung here).
    # The wakeup fd makes select() return for a signal whenever it lands.
    wake_r, wake_w = socket.socketpair()
    wake_w.setblocking(False)
    signal.set_wakeup_fd(wake_w.fileno())
    dog.ready()
    print("ready", flush=True)
    # The app's main loop, then its orderly stop (closing the journal), which lasts until
    # the test says "closed": a second SIGTERM surely arrives during the stop. Signals are
    # handled in the main thread, between the waits.
    while True:
        ready, _, _ = select.select([sys.stdin, wake_r], [], [])
        if wake_r in ready:
            wake_r.recv(64)
        if sys.stdin in ready and sys.stdin.readline() in ("closed\\n", ""):
            break
    with open(sys.argv[1], "w") as journal:
        journal.write("closed after %d stop call(s)\\n" % len(calls))
    sys.exit(0 if calls else 3)
"""


def test_sigterm_runs_the_stop_callback_once_and_exits_0(tmp_path):
    notify = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(notify))
    sock.settimeout(60)  # a safety net: the datagrams are sent before the lines are read
    journal = tmp_path / "journal.txt"
    env = {k: v for k, v in os.environ.items()}
    env.update({"NOTIFY_SOCKET": str(notify), "PYTHONPATH": str(REPO)})
    proc = subprocess.Popen([sys.executable, "-c", textwrap.dedent(SIGTERM_APP), str(journal)],
                            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        assert sock.recv(4096) == b"READY=1"
        proc.send_signal(signal.SIGTERM)
        assert proc.stdout.readline().strip() == "stopping"   # the stop has begun
        proc.send_signal(signal.SIGTERM)  # during the stop: must not run the callback again
        proc.stdin.write("closed\n")
        proc.stdin.flush()
        assert proc.wait(timeout=60) == 0
        assert sock.recv(4096).decode().split("\n") == ["STOPPING=1", "STATUS=Saving the game"]
        assert journal.read_text() == "closed after 1 stop call(s)\n"
        assert proc.stdout.read() == ""                      # no second "stopping"
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdin.close()
        proc.stdout.close()
        sock.close()


def test_install_sigterm_handler_returns_the_previous_handler():
    before = signal.getsignal(signal.SIGTERM)
    try:
        previous = kiosk.install_sigterm_handler(lambda: None)
        assert previous == before
        assert signal.getsignal(signal.SIGTERM) is not before
    finally:
        signal.signal(signal.SIGTERM, before)
