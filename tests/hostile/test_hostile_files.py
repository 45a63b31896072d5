"""Hostile and clumsy input files for replay, rejudge, read-table, print-mat and print-tags: the
documented exit code, one sentence, no traceback, memory under 1 GB, no hang, nothing left."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest

from .builders import jpeg_header, png_bomb
from .conftest import ROOT, assert_one_sentence, run_command

HEADER = {"format": "splendor-record", "version": 1, "players": ["Ana", "Ben"]}
SETUP = ('{"type": "setup", "first": 0, "nobles": ["N03", "N07", "N01"], "market": '
         '[["1W01", "1U04", "1R02", "1K07"], ["2G01", "2W05", "2R03", "2K02"], '
         '["3U02", "3W01", "3G04", "3R03"]]}')
DEEP = "[" * 100_000 + "]" * 100_000


def record(tmp, *lines: str, header: str | None = None):
    path = tmp / "game.jsonl"
    path.write_text("\n".join([header or json.dumps(HEADER), *lines]) + "\n", encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- replay
@pytest.mark.parametrize("make, words", [
    (lambda t: os.mkfifo(t / "game.jsonl"), ("pipe",)),
    (lambda t: os.symlink("/dev/zero", t / "game.jsonl"), ("device",)),
    (lambda t: (t / "game.jsonl").mkdir(), ("folder",)),
    (lambda t: (t / "game.jsonl").write_bytes(b"\xff\xfe{\x00"), ("UTF-8",)),
    (lambda t: record(t, header='{"format": "splendor-record", "version": 1' + "0" * 5000
                      + ', "players": ["A", "B"]}'), ("digits",)),
    (lambda t: record(t, header='{"format": "splendor-record", "version": 1, "version": 1, '
                      '"players": ["A", "B"]}'), ("twice",)),
    (lambda t: record(t, header=DEEP), ("nested",)),
    (lambda t: record(t, header='{"format": "splendor-record", "version": 1, '
                      '"players": ["A\\ud800", "B"]}'), ("surrogate",)),
    (lambda t: os.truncate(record(t), 64 * 1024 * 1024), ("larger than",)),
], ids=["fifo", "dev-zero", "folder", "not-utf8", "5000-digits", "duplicate-key", "deep",
        "lone-surrogate", "64MB"])
def test_replay_refuses_what_is_not_a_record(work, make, words):
    make(work)
    run = run_command(["replay", "game.jsonl"], work)
    assert_one_sentence(run, 2, *words)
    run = run_command(["replay", "game.jsonl", "--json"], work)
    assert run.code == 2 and json.loads(run.stdout)["error"]["rule"] == "malformed"


@pytest.mark.parametrize("line, words", [
    ('{"type": "take", "player": 0, "gems": {"red": 1, "blue": 1, "red": 2}}', "twice"),
    ('{"type": "take", "player": 0, "gems": {"red": 1' + "0" * 5000 + "}}", "digits"),
    ('{"type": "take", "player": 0, "gems": ' + DEEP + "}", "nested"),
    ('{"type": "take", "player": 0, "gems": {"red": 1e999}}', "too large"),
    ('{"type": "take", "player": 0, "gems": {"red": NaN}}', "NaN"),
], ids=["duplicate-key", "5000-digits", "deep", "1e999", "nan"])
def test_a_bad_line_is_malformed_exit_1(work, line, words):
    record(work, SETUP, line)
    run = run_command(["replay", "game.jsonl"], work)
    assert run.code == 1 and "Traceback" not in run.stderr
    assert "Line 3 breaks a rule" in run.stdout and "malformed" in run.stdout
    assert words in run.stdout
    run = run_command(["replay", "game.jsonl", "--json"], work)
    out = json.loads(run.stdout)
    assert run.code == 1 and out["error"]["rule"] == "malformed" and out["error"]["line"] == 3


def test_control_characters_in_names_are_shown_escaped(work):
    header = json.dumps({**HEADER, "players": ["An\x1b[2Ja\x00", "B\x9bc\r"]})
    record(work, SETUP, header=header)
    run = run_command(["replay", "game.jsonl"], work)
    assert run.code == 0, run.stderr
    assert "\x1b" not in run.stdout and "\x00" not in run.stdout and "\x9b" not in run.stdout
    assert "An\\u001b[2Ja\\u0000 (seat 0)" in run.stdout
    run = run_command(["replay", "game.jsonl", "--json"], work)
    raw = run.raw
    assert b"\x1b" not in raw and b"\xc2\x9b" not in raw
    assert json.loads(raw.decode("utf-8"))["players"][0]["name"] == "An\x1b[2Ja\x00"


@pytest.mark.parametrize("args", [["replay", "game.jsonl"], ["replay", "game.jsonl", "--json"],
                                  ["bench", "--seconds", "0.2"]])
def test_a_full_stdout_is_one_sentence_and_exit_1(work, args):
    record(work, SETUP)
    run = run_command(args, work, stdout="/dev/full")
    assert_one_sentence(run, 1, "could not be written")


def test_a_closed_stdout_is_one_sentence_and_exit_1(work):
    # `splendor-companion bench >&-`: Python starts with no sys.stdout at all (it was a
    # traceback, AttributeError on None.flush).
    done = subprocess.run([sys.executable, "-m", "companion", "bench", "--seconds", "0.2"],
                          cwd=work, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          stdin=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          preexec_fn=lambda: os.close(1), timeout=120)
    err = done.stderr.decode()
    assert done.returncode == 1 and "Traceback" not in err, err
    assert err.strip().count("\n") == 0 and "could not be written" in err


@pytest.mark.parametrize("seconds", ["inf", "nan", "-1", "0", "1e9"])
def test_bench_refuses_impossible_seconds(work, seconds):
    assert_one_sentence(run_command(["bench", "--seconds", seconds], work), 2, "--seconds")


# ----------------------------------------------------------------------------- rejudge
def _events(session):
    path = session / "events.jsonl"
    return path, [json.loads(l) for l in path.read_text().splitlines()]


def _write_events(path, events):
    path.write_text("".join(json.dumps(e) + "\n" for e in events))


@pytest.mark.parametrize("spoil, words", [
    (lambda s: (os.unlink(s / "events.jsonl"), os.mkfifo(s / "events.jsonl")), ("pipe",)),
    (lambda s: (os.unlink(s / "session.json"), os.mkfifo(s / "session.json")), ("pipe",)),
    (lambda s: (os.unlink(s / "events.jsonl"), os.symlink("/dev/zero", s / "events.jsonl")),
     ("device",)),
    (lambda s: (s / "session.json").write_text(
        '{"format": "splendor-session", "version": 1' + "0" * 5000 + "}"), ("digits",)),
    (lambda s: (s / "session.json").write_text(DEEP), ("nested",)),
    (lambda s: (s / "session.json").write_text(
        '{"format": "splendor-session", "format": "x"}'), ("twice",)),
], ids=["events-fifo", "session-fifo", "events-dev-zero", "5000-digits", "deep",
        "duplicate-key"])
def test_rejudge_refuses_a_folder_that_is_not_a_session(work, session, spoil, words):
    spoil(session)
    assert_one_sentence(run_command(["rejudge", session], work), 2, *words)


def test_rejudge_ignores_impossible_events_with_a_sentence(work, session):
    """An undo before the setup and a second setup are ignored with a warning; the turns
    judged are the same as without them (nothing accepted is lost)."""
    path, events = _events(session)
    plain = json.loads(run_command(["rejudge", session, "--json"], work).stdout)
    setup = next(e for e in events if e["type"] == "setup")
    _write_events(path, [{"type": "undo", "t": 0}] + events)
    run = run_command(["rejudge", session, "--json"], work)
    assert_one_sentence(run, 0, "Event 1 undoes a turn before the game was set up")
    assert json.loads(run.stdout) == plain
    _write_events(path, events + [setup])
    run = run_command(["rejudge", session, "--json"], work)
    assert_one_sentence(run, 0, "sets up a game already set up")
    assert json.loads(run.stdout) == plain


def test_rejudge_refuses_a_press_by_true(work, session):
    path, events = _events(session)
    press = next(e for e in events if e["type"] == "press")
    _write_events(path, events + [{**press, "seat": True}])
    assert_one_sentence(run_command(["rejudge", session], work), 2, "true", "not a seat")


@pytest.mark.parametrize("content, words", [
    (b"null", "not a JSON object"),
    (b'{"markers": [0, 1, 2], "markers": []}', "twice"),
    (DEEP.encode(), "nested"),
], ids=["null", "duplicate-key", "deep"])
def test_a_bad_reading_makes_that_press_unreadable_with_a_sentence(work, session, content,
                                                                    words):
    path, events = _events(session)
    press = next(e for e in events if e["type"] == "press")
    (session / press["image"]).write_bytes(content)
    run = run_command(["rejudge", session, "--json"], work)
    assert run.code == 0, run.stderr
    first = json.loads(run.stdout)["verdicts"][0]
    assert first["verdict"] == "unreadable" and words in first["message"]


@pytest.mark.parametrize("image, words", [
    (lambda: png_bomb(32000, 32000), "megapixels"),
    (lambda: png_bomb(5000, 1), "too small"),
    (lambda: b"\xff\xd8\xff\xe0 this is not a JPEG", "damaged"),
], ids=["32000x32000", "5000x1", "damaged"])
def test_a_bad_still_makes_that_press_unreadable(work, session, image, words):
    path, events = _events(session)
    press = next(e for e in events if e["type"] == "press")
    (session / "bad.jpg").write_bytes(image())
    events[events.index(press)] = {**press, "image": "bad.jpg"}
    _write_events(path, events)
    run = run_command(["rejudge", session, "--json"], work)
    assert run.code == 0, run.stderr
    first = json.loads(run.stdout)["verdicts"][0]
    assert first["verdict"] == "unreadable" and words in first["message"], first


# ----------------------------------------------------------------------------- read-table
@pytest.mark.parametrize("make, words", [
    (lambda p: p.write_bytes(png_bomb(32000, 32000)), ("1024 megapixels",)),
    (lambda p: p.write_bytes(jpeg_header(65000, 65000)), ("megapixels",)),
    (lambda p: p.write_bytes(png_bomb(5000, 1)), ("too small",)),
    (lambda p: p.write_bytes(png_bomb(4000, 300)), ("too thin",)),
    (lambda p: p.write_bytes(png_bomb(2000, 1000, rows=10)[:-12]), ("damaged",)),
    (lambda p: p.write_bytes(b"GIF89a not really"), ("not an image",)),
    (lambda p: os.mkfifo(p), ("pipe",)),
    (lambda p: os.symlink("/dev/zero", p), ("device",)),
], ids=["32000x32000", "65000x65000-jpeg", "5000x1", "4000x300", "truncated", "gif", "fifo",
        "dev-zero"])
def test_read_table_refuses_images_before_decoding(work, make, words):
    make(work / "table.png")
    assert_one_sentence(run_command(["read-table", "table.png"], work), 2, *words)


def _grey_png(path, w=640, h=360):
    import cv2
    import numpy as np
    cv2.imwrite(str(path), np.full((h, w, 3), 128, np.uint8))


def test_overlay_into_a_folder_that_cant_be_made(work):
    _grey_png(work / "table.png")
    (work / "file").write_text("x")
    run = run_command(["read-table", "table.png", "--overlay", "file/sub"], work)
    assert_one_sentence(run, 2, "can't be written")


def test_overlay_into_a_full_disk_says_so(work):
    _grey_png(work / "table.png")
    (work / "out").mkdir()
    run = run_command(["read-table", "table.png", "--overlay", "out"], work, fsize=1024)
    assert run.code == 1 and "Traceback" not in run.stderr
    assert "could not be written" in run.stderr
    assert os.listdir(work / "out") == []  # no half-written overlay left behind


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_overlay_into_a_read_only_folder(work):
    _grey_png(work / "table.png")
    (work / "out").mkdir(mode=0o555)
    run = run_command(["read-table", "table.png", "--overlay", "out"], work)
    assert_one_sentence(run, 2, "can't be written")


# ----------------------------------------------------------------------------- print-mat
def _mat(work, **change):
    from importlib import resources
    data = json.loads(resources.files("vision").joinpath("data/mat.json").read_text())
    data.update(change)
    (work / "mat.json").write_text(json.dumps(data))


@pytest.mark.parametrize("size, words", [([0, 0], "0 x 0"), ([-800, 460], "-800"),
                                         ([1e9, 1e9], "1e+09")], ids=["0x0", "negative", "1e9"])
def test_print_mat_refuses_impossible_sizes_and_leaves_no_file(work, size, words):
    _mat(work, size=size)
    run = run_command(["print-mat", "out.pdf", "--mat", "mat.json"], work)
    assert_one_sentence(run, 2, words)
    assert sorted(os.listdir(work)) == ["home", "mat.json"]


def test_print_mat_refuses_deep_or_special_mat_files(work):
    (work / "mat.json").write_text(DEEP)
    assert_one_sentence(run_command(["print-mat", "out.pdf", "--mat", "mat.json"], work), 2,
                        "nested")
    os.mkfifo(work / "fifo.json")
    assert_one_sentence(run_command(["print-mat", "out.pdf", "--mat", "fifo.json"], work), 2,
                        "pipe")


@pytest.mark.parametrize("command", [["print-mat"], ["print-tags", "--ids", "1W01"]])
def test_print_never_writes_over_a_fifo_or_device(work, command):
    os.mkfifo(work / "out.pdf")
    run = run_command([command[0], "out.pdf", *command[1:]], work)
    assert_one_sentence(run, 2, "not a file")
    assert stat.S_ISFIFO(os.stat(work / "out.pdf").st_mode)
    if os.geteuid() == 0:
        os.mknod(work / "null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        run = run_command([command[0], "null", *command[1:]], work)
        assert_one_sentence(run, 2, "device")
        assert stat.S_ISCHR(os.stat(work / "null").st_mode)


# ----------------------------------------------------------------------------- exports
def test_an_export_never_replaces_a_fifo_and_leaves_no_temporary_file(base_session, work):
    import shutil

    from companion.engine.inputs import InputError
    from companion.referee.journal import Journal

    shutil.copy(base_session.parents[1] / "journal.sqlite", work / "journal.sqlite")
    journal = Journal(work / "journal.sqlite")
    try:
        game_id = journal.unfinished()["id"]
        os.mkfifo(work / "out.jsonl")
        with pytest.raises(InputError) as refused:
            journal.export(game_id, work / "out.jsonl")
        assert refused.value.cause == "not-a-file-to-write" and refused.value.facts["kind"] == "pipe"
        assert stat.S_ISFIFO(os.stat(work / "out.jsonl").st_mode)
        journal.export(game_id, work / "good.jsonl")
        assert sorted(p.name for p in work.iterdir() if "jsonl" in p.name) == ["good.jsonl",
                                                                                "out.jsonl"]
    finally:
        journal.close()
