"""``python -m workbench.same_readings``: a speed change is checked by saving every frame's
reading before and after and listing the frames that differ. It must see a real change in a
real frame's reading, see none between two runs of the same code, and turn bad input away
with one sentence."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import cv2

from vision.config import DEFAULT_CONFIG
from vision.pipeline import read_table
from workbench.same_readings import differences, main

FRAME = Path(__file__).parents[1] / "vision_pipeline" / "data" / "physical-lamp-and-window.jpg"


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "frames"
    folder.mkdir()
    shutil.copy(FRAME, folder / "sample-1.jpg")
    return folder


def test_two_runs_of_the_same_code_read_the_same(tmp_path, capsys):
    folder = _folder(tmp_path)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["save", str(a), str(folder)]) == 0
    assert main(["save", str(b), str(folder)]) == 0
    saved = json.loads(a.read_text())
    frame = str(folder / "sample-1.jpg")
    assert list(saved) == [frame] and "ms" not in saved[frame]
    capsys.readouterr()
    assert main(["diff", str(a), str(b)]) == 0
    assert capsys.readouterr().out.strip() == "0 of 1 frames differ"


def test_a_changed_reading_is_named_by_frame_and_key(tmp_path, capsys):
    image = cv2.imread(str(FRAME))
    plain = read_table(image, DEFAULT_CONFIG)
    # A pipeline that calls a slot full only when a card covers all of it reads this frame
    # differently: the comparison must say where.
    other = read_table(image, DEFAULT_CONFIG.with_(occupied_fraction=1.01, empty_fraction=1.0))
    for r in (plain, other):
        r.pop("ms")
    diffs = differences({"f.jpg": plain}, {"f.jpg": other})
    assert list(diffs) == ["f.jpg"] and diffs["f.jpg"]
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps({"f.jpg": plain}))
    b.write_text(json.dumps({"f.jpg": other}))
    assert main(["diff", str(a), str(b)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("f.jpg ") and out[-1] == "1 of 1 frames differ"
    assert set(json.loads(out[0][len("f.jpg "):])) == set(diffs["f.jpg"])


def test_bad_input_gets_one_sentence_and_exit_2(tmp_path, capsys):
    not_json = tmp_path / "x.json"
    not_json.write_text("not readings")
    assert main(["diff", str(not_json), str(not_json)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].endswith(".") and "Traceback" not in err[0]
    assert main(["save", str(tmp_path / "o.json"), str(tmp_path / "nowhere")]) == 2
    assert capsys.readouterr().err.strip() == f"There is no folder {tmp_path / 'nowhere'}."
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["save", str(tmp_path / "o.json"), str(empty)]) == 2
    assert not (tmp_path / "o.json").exists()
