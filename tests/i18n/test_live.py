"""Switching the language re-renders every kv-bound label at once, without a restart; the
default comes from the system locale, a choice is kept; the default font draws Hangul."""
import json
import subprocess
import sys
from pathlib import Path

from companion import i18n

HERE = Path(__file__).parent


def test_kv_labels_follow_the_language_at_once(tmp_path):
    out_file = tmp_path / "out.json"
    res = subprocess.run([sys.executable, str(HERE / "live_check.py"), str(tmp_path / "data"),
                          str(out_file)], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    out = json.loads(out_file.read_text(encoding="utf-8"))
    assert out["start"] == "ko"                       # LANG=ko_KR.UTF-8, nothing stored
    assert out["ko"] == ["설정", "5점", "Splendor"]
    assert out["pl"] == ["Ustawienia", "5 punktów", "Splendor"]
    assert out["pl22"] == "22 punkty"
    assert out["en"] == ["Settings", "22 points", "Splendor"]
    assert out["heard"] == ["pl", "en", "ko", "pl", "ko", "en"]
    assert out["default_font_draws_hangul"]
    before, after = out["observers"]
    assert after <= before + 2, out["observers"]       # the 20 discarded trees are dropped
    assert out["first_start_before"] is True and out["first_start_set"] is False
    assert out["factory"]           # usable as ``LanguageChoice:`` in a kv rule
    assert out["chooser"] == ["ko", "설정", {"en": "normal", "pl": "normal", "ko": "down"}]
    assert out["chooser_follows"] == {"en": "down", "pl": "normal", "ko": "normal"}
    assert i18n.stored_language(tmp_path / "data") == "en"
