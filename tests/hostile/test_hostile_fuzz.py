"""Hypothesis fuzzing of the record, session and settings readers: random bytes and random JSON
values in every field. Every outcome is a verdict or a sentence, never another exception."""
from __future__ import annotations

import json
import shutil

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.engine.errors import RecordError, RuleError
from companion.engine.inputs import JSONInputError, loads
from companion.engine.record import read_lines, replay_lines
from companion.session import SessionError
from companion.settings import SHORT_TAKE, Settings

from .test_hostile_files import HEADER, SETUP

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
           | st.text(max_size=12))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=12)

RECORD = [json.dumps(HEADER), SETUP,
          '{"type": "take", "player": 0, "gems": {"red": 1, "blue": 1, "green": 1}}',
          '{"type": "end_turn", "player": 0}',
          '{"type": "reserve", "player": 1, "card": "2R03"}',
          '{"type": "reveal", "level": 2, "slot": 2, "card": "2U06"}',
          '{"type": "end_turn", "player": 1}']


def _sentence(text: str) -> None:
    assert isinstance(text, str) and text.strip() and "Traceback" not in text


def _replay(lines):
    try:
        result = replay_lines(lines)
    except RecordError as err:
        _sentence(err.message)
        return
    if result.error is not None:
        assert isinstance(result.error, RuleError) and result.error.rule
        _sentence(result.error.message)
    json.dumps(result.to_dict(), ensure_ascii=False).encode("utf-8")  # --json stays UTF-8


@FUZZ
@given(data=st.binary(max_size=400))
def test_record_reader_on_random_bytes(tmp_path, data):
    path = tmp_path / "r.jsonl"
    path.write_bytes(data)
    try:
        lines = read_lines(path)
    except RecordError as err:
        _sentence(err.message)
        return
    _replay(lines)


@FUZZ
@given(line=st.integers(0, len(RECORD) - 1), key=st.text(max_size=8), value=json_values,
       replace=st.booleans())
def test_record_with_a_random_value_in_any_field(line, key, value, replace):
    lines = list(RECORD)
    obj = json.loads(lines[line])
    if replace and obj:
        key = sorted(obj)[hash(key) % len(obj)]
    obj[key] = value
    lines[line] = json.dumps(obj)
    _replay(lines)


@FUZZ
@given(text=st.text(max_size=200))
def test_json_reader_on_random_text(text):
    try:
        loads(text)
    except JSONInputError as err:
        _sentence(err.message)


EVENT_FIELDS = ("type", "t", "seat", "image", "question", "value", "line")


@FUZZ
@given(index=st.integers(0, 40), field=st.sampled_from(EVENT_FIELDS), value=json_values,
       reading=st.none() | json_values, meta_field=st.sampled_from(
           ("format", "version", "players", "first", "rules", None)), meta_value=json_values)
def test_session_with_random_values_in_any_field(base_session, tmp_path, index, field, value,
                                                 reading, meta_field, meta_value):
    from companion.referee import rejudge

    folder = tmp_path / "s"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(base_session, folder)
    events = [json.loads(l) for l in (folder / "events.jsonl").read_text().splitlines()]
    ev = events[index % len(events)]
    ev[field] = value
    if reading is not None:  # a random reading in place of one of the stills
        named = [e["image"] for e in events if isinstance(e.get("image"), str)
                 and (folder / e["image"]).is_file()]
        if named:
            (folder / named[index % len(named)]).write_text(json.dumps(reading))
    (folder / "events.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events))
    if meta_field is not None:
        meta = json.loads((folder / "session.json").read_text())
        meta[meta_field] = meta_value
        (folder / "session.json").write_text(json.dumps(meta))
    try:
        result = rejudge(folder)
    except SessionError as err:
        _sentence(err.message)
        return
    for v in result["verdicts"]:
        assert v["verdict"] in ("accepted", "rejected", "question", "unreadable")
        if v["verdict"] in ("rejected", "unreadable"):
            _sentence(v.get("message") or "")
    json.dumps(result, ensure_ascii=False).encode("utf-8")


@FUZZ
@given(obj=json_values | st.dictionaries(st.sampled_from(
    ("names", "hints", "short_take", "camera", "last_seats", "other")), json_values))
def test_settings_with_random_values(tmp_path, obj):
    (tmp_path / "settings.json").write_text(json.dumps(obj))
    s = Settings.load(tmp_path)
    assert isinstance(s.names, list) and all(isinstance(n, str) for n in s.names)
    assert isinstance(s.last_seats, list) and all(isinstance(n, str) for n in s.last_seats)
    assert isinstance(s.hints, bool) and s.short_take in SHORT_TAKE
    assert s.camera in ("none", "auto") or s.camera.isdigit()
    if not isinstance(obj, dict):
        assert s.notices
    s.remember(["Ana"])
    s.save(tmp_path)  # what was loaded can be saved and read back without a notice
    assert Settings.load(tmp_path).notices == []


@FUZZ
@given(data=st.binary(max_size=200))
def test_settings_from_random_bytes(tmp_path, data):
    (tmp_path / "settings.json").write_bytes(data)
    s = Settings.load(tmp_path)
    assert s.short_take in SHORT_TAKE
    for notice in s.notices:
        _sentence(notice)
