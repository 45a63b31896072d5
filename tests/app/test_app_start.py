"""A clean start: the app's own start-up logs no ERROR or CRITICAL line (issue 14)."""
import os
import subprocess
import sys


def test_the_app_starts_without_error_lines_in_its_log(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SPLENDOR_EXIT_AFTER_FIRST_FRAME="1",
               SPLENDOR_DATA_DIR=str(tmp_path / "data"), KIVY_HOME=str(tmp_path / "kivy"))
    for key in ("KIVY_NO_CONSOLELOG", "KIVY_CLIPBOARD", "SPLENDOR_TEST_SIZE"):
        env.pop(key, None)   # the log as journalctl on the Pi shows it
    run = subprocess.run([sys.executable, "-c", "from companion.ui.window import main; main()"],
                         env=env, capture_output=True, text=True, timeout=120)
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-3000:]
    assert "First frame drawn" in log
    bad = [line for line in log.splitlines()
           if "ERROR" in line or "CRITICAL" in line or "Traceback" in line]
    assert not bad, "\n".join(bad)


def test_importing_the_screens_widgets_makes_no_window(tmp_path):
    """Importing a screen's module (the shared widgets, the table, sharing, the keyboards)
    makes no window: Kivy makes it at the first import of kivy.core.window, at the size
    configured then, so a module that imports it too early (TextInput does) gives Kivy's
    default 800x600 to whatever configures the window after (tests/share drew its QR code
    600 px tall in a test of 800x480). Only the Players screen, built after the window is
    configured, imports the name field."""
    modules = ["widgets", "tableau", "gems", "share", "movepicture", "chart", "play", "setup",
               "gameover", "history", "home", "settings", "window"]
    code = ("import sys\n" + "".join(f"import companion.ui.{m}\n" for m in modules)
            + "print('window made' if 'kivy.core.window' in sys.modules else 'no window')")
    env = dict(os.environ, KIVY_HOME=str(tmp_path / "kivy"), KIVY_NO_ARGS="1")
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip().splitlines()[-1] == "no window", run.stderr[-2000:]
