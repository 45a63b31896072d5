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
