"""`splendor-companion share`: the link on stdout, exit 1 / 2 with one sentence, --qr."""
from __future__ import annotations

import subprocess
import sys

import cv2
import zxingcpp

from companion.share import bgstats as share
from tests.share.helpers import AWKWARD_NAMES, finished_lines, write_record


def _run(*args):
    return subprocess.run([sys.executable, "-m", "companion", "share", *map(str, args)],
                          capture_output=True, text=True, timeout=60)


def _one_sentence(stderr: str) -> None:
    assert "Traceback" not in stderr
    text = stderr.strip()
    assert text and "\n" not in text and text.endswith("."), stderr


def test_prints_the_link_and_writes_a_qr_code_that_decodes_to_it(tmp_path):
    record = tmp_path / "game.jsonl"
    write_record(record, finished_lines(4, names=AWKWARD_NAMES))
    png = tmp_path / "play.png"
    run = _run(record, "--qr", png, "--location", "Dom, Kraków")
    assert run.returncode == 0, run.stderr
    link = run.stdout.strip()
    assert "\n" not in link
    data = share.decode_link(link)
    assert data["location"] == "Dom, Kraków"
    assert [p["name"] for p in data["players"]] == AWKWARD_NAMES
    assert data["durationMin"] == 0          # a loose record: no session, so no duration
    found = zxingcpp.read_barcodes(cv2.imread(str(png), cv2.IMREAD_GRAYSCALE))
    assert [f.text for f in found] == [link]


def test_a_game_not_finished_is_exit_1_with_a_sentence(tmp_path):
    record = tmp_path / "game.jsonl"
    write_record(record, finished_lines(2)[:-3])
    png = tmp_path / "play.png"
    run = _run(record, "--qr", png)
    assert run.returncode == 1 and run.stdout == ""
    _one_sentence(run.stderr)
    assert "not finished" in run.stderr
    assert not png.exists()                  # nothing written


def test_a_line_that_breaks_a_rule_is_exit_1_with_a_sentence(tmp_path):
    lines = finished_lines(2)
    lines[3] = {"type": "take", "player": 1, "gems": {"red": 3}}
    record = tmp_path / "game.jsonl"
    write_record(record, lines)
    run = _run(record)
    assert run.returncode == 1 and run.stdout == ""
    assert "Line 4 of this record breaks a rule" in run.stderr and "Traceback" not in run.stderr


def test_a_file_that_is_not_a_record_is_exit_2_with_a_sentence(tmp_path):
    cases = {"missing.jsonl": None, "empty.jsonl": b"", "latin1.jsonl": "Żaba".encode("utf-16"),
             "other.jsonl": b'{"format": "something-else", "version": 1}\n'}
    for name, data in cases.items():
        path = tmp_path / name
        if data is not None:
            path.write_bytes(data)
        run = _run(path)
        assert run.returncode == 2, (name, run.stderr)
        assert run.stdout == ""
        _one_sentence(run.stderr)
    run = _run(tmp_path)                     # a folder
    assert run.returncode == 2
    _one_sentence(run.stderr)
