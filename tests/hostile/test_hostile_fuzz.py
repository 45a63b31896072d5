"""Hypothesis fuzzing of the record, session and settings readers: random bytes and random JSON
values in every field. Every outcome is a verdict or a sentence, never another exception."""
from __future__ import annotations

import json
import shutil

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.i18n.files import english as said_file
from companion.i18n.messages import english
from companion.i18n.verdicts import english_verdict
from companion.engine.errors import RecordError, RuleError
from companion.engine.inputs import JSONInputError, loads
from companion.engine.record import read_lines, replay_lines
from companion.referee.session import SessionError
from companion.app.settings import SHORT_TAKE, Settings

from .test_hostile_files import HEADER, SETUP

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
           | st.text(max_size=12))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=12)

# JSON texts that json.dumps never writes: what a hostile file holds.
HOSTILE_TEXTS = ("1" * 5000, "[" * 5000 + "]" * 5000, '"\\ud800"', "NaN", "1e999", "-Infinity",
                 '{"red": 1, "red": 2}', "true", "null", '"\\u001b[2J\\u0000"')
value_texts = st.one_of(json_values.map(json.dumps), st.sampled_from(HOSTILE_TEXTS))
PLACEHOLDER = "\u2603 fuzz \u2603"

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
        _sentence(said_file(err))   # the reader's facts, said by companion.i18n
        return
    if result.error is not None:
        assert isinstance(result.error, RuleError) and result.error.rule
        said = english(result.error, result.game)   # the records' one sentence, from facts
        _sentence(said)
        assert said != "That entry can't be read.", result.error   # every cause has its own
    json.dumps(result.to_dict(), ensure_ascii=False).encode("utf-8")  # --json stays UTF-8


@FUZZ
@given(data=st.binary(max_size=400))
def test_record_reader_on_random_bytes(tmp_path, data):
    path = tmp_path / "r.jsonl"
    path.write_bytes(data)
    try:
        lines = read_lines(path)
    except RecordError as err:
        _sentence(said_file(err))   # the reader's facts, said by companion.i18n
        return
    _replay(lines)


def _with_value(obj: dict, key: str, text: str) -> str:
    """``obj`` as JSON with the raw JSON ``text`` as the value of ``key``."""
    return json.dumps({**obj, key: PLACEHOLDER}).replace(json.dumps(PLACEHOLDER), text)


@FUZZ
@given(line=st.integers(0, len(RECORD) - 1), key=st.text(max_size=8), pick=st.integers(0, 9),
       text=value_texts, replace=st.booleans())
def test_record_with_a_random_value_in_any_field(line, key, pick, text, replace):
    lines = list(RECORD)
    obj = json.loads(lines[line])
    if replace and obj:
        key = sorted(obj)[pick % len(obj)]
    lines[line] = _with_value(obj, key, text)
    _replay(lines)


@FUZZ
@given(text=st.text(max_size=200))
def test_json_reader_on_random_text(text):
    try:
        loads(text)
    except JSONInputError as err:
        _sentence(said_file(err))   # the reader's facts, said by companion.i18n


EVENT_FIELDS = ("type", "t", "seat", "image", "question", "value", "line")
EVENT_TYPES = ("setup", "press", "answer", "entry", "undo", "other")


@FUZZ
@given(index=st.integers(0, 40), insert=st.booleans(), kind=st.sampled_from(EVENT_TYPES),
       field=st.sampled_from(EVENT_FIELDS), text=value_texts, reading=st.none() | value_texts,
       meta_field=st.sampled_from(("format", "version", "players", "first", "rules", None)),
       meta_text=value_texts)
def test_session_with_random_values_in_any_field(base_session, tmp_path, index, insert, kind,
                                                 field, text, reading, meta_field, meta_text):
    """One event changed (or a new one inserted anywhere), one reading replaced, one field of
    session.json changed: a verdict for every press, or a sentence for the whole folder."""
    from companion.referee import rejudge

    folder = tmp_path / "s"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(base_session, folder)
    lines = (folder / "events.jsonl").read_text().splitlines()
    at = index % (len(lines) + 1 if insert else len(lines))
    if insert:
        lines.insert(at, _with_value({"type": kind, "t": 1.0}, field, text))
    else:
        lines[at] = _with_value(json.loads(lines[at]), field, text)
    if reading is not None:  # a random reading in place of one of the stills
        named = sorted(p for p in folder.iterdir() if p.suffix == ".json" and p.stem.isdigit())
        if named:
            named[index % len(named)].write_text(reading)
    (folder / "events.jsonl").write_text("".join(line + "\n" for line in lines))
    if meta_field is not None:
        meta = json.loads((folder / "session.json").read_text())
        (folder / "session.json").write_text(_with_value(meta, meta_field, meta_text))
    try:
        result = rejudge(folder, say=english_verdict)   # as the command says them
    except SessionError as err:
        _sentence(said_file(err))   # the reader's facts, said by companion.i18n
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
