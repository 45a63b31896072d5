"""The service unit, checked by systemd's own tools and against the installer."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "systemd" / "splendor-companion.service"
INSTALLER = REPO / "scripts" / "install-pi.sh"
CHECKER = REPO / "scripts" / "check-install-pi.sh"


def unit_entries(text: str) -> list[tuple[str, str, str]]:
    """(section, key, value) for every assignment, in order (keys may repeat)."""
    entries, section = [], ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        entries.append((section, key.strip(), value.strip()))
    return entries


def values(key: str, section: str = "Service") -> list[str]:
    return [v for s, k, v in unit_entries(UNIT.read_text()) if s == section and k == key]


def one(key: str, section: str = "Service") -> str:
    found = values(key, section)
    assert len(found) == 1, f"{key}= appears {len(found)} times in [{section}]"
    return found[0]


def installer_var(name: str) -> str:
    match = re.search(rf"^{name}=(\S+)", INSTALLER.read_text(), re.M)
    assert match, f"{name}= not found in install-pi.sh"
    value = match.group(1)
    return value.replace("$PREFIX", installer_var("PREFIX")) if name != "PREFIX" else value


def copy_with_exec_start(tmp_path: Path, text: str | None = None) -> Path:
    """The unit with ExecStart pointed at this checkout's own installed app.

    `systemd-analyze verify` fails when ExecStart's program does not exist,
    and /opt/splendor-companion exists only on the Pi; the program is the
    same one (`splendor-companion`), at the path where it is installed here.
    """
    app = Path(sys.executable).parent / "splendor-companion"
    assert app.exists(), f"{app} is missing: run `make install`"
    text = UNIT.read_text() if text is None else text
    text, count = re.subn(r"^ExecStart=\S+", f"ExecStart={app}", text, flags=re.M)
    assert count == 1
    copy = tmp_path / UNIT.name
    copy.write_text(text)
    return copy


def analyze(*args: str) -> subprocess.CompletedProcess:
    tool = shutil.which("systemd-analyze")
    assert tool, "systemd-analyze is missing: `make install` installs Debian's systemd package"
    return subprocess.run([tool, *args], capture_output=True, text=True, timeout=60)


def test_systemd_analyze_verify_is_clean(tmp_path):
    result = analyze("verify", str(copy_with_exec_start(tmp_path)))
    assert result.returncode == 0
    assert result.stderr == ""


def test_verify_would_catch_a_misspelt_key(tmp_path):
    # The check above can fail: verify warns (exit 0) about unknown keys.
    broken = UNIT.read_text().replace("WatchdogSec=", "WatchdogSecs=")
    result = analyze("verify", str(copy_with_exec_start(tmp_path, broken)))
    assert "WatchdogSecs" in result.stderr


def test_security_exposure_is_ok_or_better(tmp_path):
    result = analyze("security", "--offline=true", "--no-pager",
                     str(copy_with_exec_start(tmp_path)))
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d) (\w+)", result.stdout)
    assert match, result.stdout[-500:] + result.stderr
    score, level = float(match.group(1)), match.group(2)
    print(f"systemd-analyze security: {score} {level}")
    assert level in ("PERFECT", "SAFE", "OK"), f"{score} {level}"
    assert score < 5.0


def test_service_is_a_watched_notify_service_restarted_on_failure():
    assert one("Type") == "notify"
    assert one("NotifyAccess") == "main"
    assert one("WatchdogSec") == "30s"
    assert one("Restart") == "on-failure"
    assert one("KillMode") == "mixed"  # SIGTERM to the app, which stops in order
    assert one("StandardOutput") == "journal" and one("StandardError") == "journal"


def test_service_runs_the_installed_app_as_the_installed_user():
    assert one("ExecStart") == installer_var("VENV") + "/bin/splendor-companion"
    assert one("User") == installer_var("APP_USER") != "root"
    groups = set(one("SupplementaryGroups").split())
    assert groups == {"video", "render", "input", "gpio"}
    assert "/var/lib/" + one("StateDirectory") == installer_var("STATE_DIR")
    assert values("WantedBy", "Install") == ["multi-user.target"]


def test_installer_gives_the_user_the_units_groups():
    match = re.search(r'^APP_GROUPS="([^"]*)"', INSTALLER.read_text(), re.M)
    assert match
    assert set(match.group(1).split()) == set(one("SupplementaryGroups").split())


def test_service_reaches_the_pi_devices_and_nothing_else():
    assert one("DevicePolicy") == "closed"
    assert "PrivateDevices" not in [k for _, k, _ in unit_entries(UNIT.read_text())]
    allowed = {v.split()[0] for v in values("DeviceAllow")}
    assert allowed == {"char-drm", "char-input", "char-gpiochip",
                       "char-video4linux", "char-media", "char-dma_heap"}


def test_service_has_no_network_and_no_privileges():
    assert one("PrivateNetwork") == "yes"
    assert one("IPAddressDeny") == "any"
    assert set(one("RestrictAddressFamilies").split()) == {"AF_UNIX", "AF_NETLINK"}
    assert one("CapabilityBoundingSet") == ""
    assert one("NoNewPrivileges") == "yes"
    assert one("ProtectSystem") == "strict"
    assert one("ProtectHome") == "yes"
    assert one("PrivateTmp") == "yes"
    assert values("SystemCallFilter")[0] == "@system-service"


@pytest.mark.parametrize("script", [INSTALLER, CHECKER], ids=lambda p: p.name)
def test_scripts_parse_and_are_executable(script):
    assert os.access(script, os.X_OK)
    result = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_installer_refuses_to_run_without_root_and_changes_nothing():
    if os.geteuid() != 0 or not shutil.which("runuser"):
        pytest.skip("needs root to try it as an ordinary user")
    # The installer is tried from a copy in a folder anyone may enter: the checkout may lie
    # under a private folder (/root/..., any 0700 directory) that `nobody` can't enter, and
    # then bash can't even open the script (exit 126), which is not what this test asks.
    import tempfile
    with tempfile.TemporaryDirectory(dir="/tmp") as folder:
        os.chmod(folder, 0o755)
        (Path(folder) / "scripts").mkdir(mode=0o755)
        copy = Path(folder) / "scripts" / INSTALLER.name
        shutil.copyfile(INSTALLER, copy)
        os.chmod(copy, 0o644)
        before = sorted(p.name for p in Path(folder).rglob("*"))
        had_prefix = Path("/opt/splendor-companion").exists()
        result = subprocess.run(["runuser", "-u", "nobody", "--", "bash", str(copy)],
                                capture_output=True, text=True, timeout=30, cwd=folder)
        assert sorted(p.name for p in Path(folder).rglob("*")) == before
    assert Path("/opt/splendor-companion").exists() == had_prefix
    assert result.returncode == 1
    assert result.stderr.strip() == "ERROR: Run this as root, for example: sudo make install-pi"
    assert result.stdout == ""


def test_a_watchdog_kill_leaves_the_frozen_stack_in_the_log():
    """WatchdogSignal is SIGABRT: with the unit's environment, Python prints where it hung."""
    import signal

    env = dict(os.environ)
    for assignment in values("Environment"):
        key, _, value = assignment.partition("=")
        if key == "PYTHONFAULTHANDLER":
            env[key] = value
    frozen = "import time\ndef frozen_ui():\n    print('up', flush=True)\n    time.sleep(30)\nfrozen_ui()\n"
    proc = subprocess.Popen([sys.executable, "-c", frozen], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline() == "up\n"   # from here on the stack is in frozen_ui
    proc.send_signal(signal.SIGABRT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGABRT
    assert "Fatal Python error: Aborted" in err
    assert "frozen_ui" in err
