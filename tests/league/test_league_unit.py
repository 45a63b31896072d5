"""The league server's systemd unit, checked by systemd's own tools like the table's."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "systemd" / "splendor-league.service"


def _copy(tmp_path, text=None) -> Path:
    """The unit with ExecStart's program at this checkout's installed path (verify needs it
    to exist; /opt/splendor-companion exists only where it is installed)."""
    exe = Path(sys.executable).parent / "splendor-league"
    text, n = re.subn(r"^ExecStart=\S+", f"ExecStart={exe}", text or UNIT.read_text(),
                      flags=re.M)
    assert n == 1
    copy = tmp_path / UNIT.name
    copy.write_text(text)
    return copy


def _analyze(*args) -> subprocess.CompletedProcess:
    tool = shutil.which("systemd-analyze")
    assert tool, "systemd-analyze is missing: `make install` installs Debian's systemd package"
    return subprocess.run([tool, *args], capture_output=True, text=True, timeout=60)


def test_the_league_unit_verifies_clean_and_would_catch_a_misspelt_key(tmp_path):
    good = _analyze("verify", str(_copy(tmp_path)))
    assert good.returncode == 0 and good.stderr == ""
    bad = _analyze("verify", str(_copy(tmp_path, UNIT.read_text().replace(
        "ProtectSystem=", "ProtectSystems="))))
    assert "ProtectSystems" in bad.stderr


def test_the_league_unit_is_hardened_and_listens_on_loopback_by_default(tmp_path):
    result = _analyze("security", "--offline=true", "--no-pager", str(_copy(tmp_path)))
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d) (\w+)", result.stdout)
    assert match, result.stdout[-500:] + result.stderr
    assert float(match.group(1)) < 2.0, match.group(0)
    text = UNIT.read_text()
    assert "Environment=LEAGUE_LISTEN=127.0.0.1:8750" in text
    assert re.search(r"^User=splendor-league$", text, re.M)
