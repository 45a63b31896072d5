"""A malformed line is refused with facts (the cause and its values), never an English
string; companion.i18n.messages makes the records' one clear sentence from them, word for word
what the reader said before (record.md), and players read "That entry can't be read."."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import MalformedError, RuleError
from companion.engine.record import parse_event, parse_json_line
from companion.i18n import translator
from companion.i18n.messages import MALFORMED, english, render

ENGINE = Path(__file__).resolve().parents[2] / "companion"


def _refusal(fn, *args) -> RuleError:
    with pytest.raises(MalformedError) as err:
        fn(*args)
    return err.value


# (what the reader is given, its cause and facts, the records' sentence)
CASES = [
    ((parse_event, {"type": "take", "player": 5, "gems": {"red": 1}}, 2), "player-not-a-seat",
     {"player": 5, "players": 2}, "Player 5 is not a seat at this table (seats 0 to 1)."),
    ((parse_event, {"type": "buy", "player": 0, "card": "9Z99", "pay": {}}, 2), "not-a-card",
     {"card": "9Z99"}, "'9Z99' is not a card id (1W01 to 3K04)."),
    ((parse_event, {"type": "take", "player": 0, "gems": {"pink": 1}}, 2), "not-a-colour",
     {"colour": "pink"}, "'pink' is not a colour (white, blue, green, red, black, gold)."),
    ((parse_event, {"type": "take", "player": 0, "gems": {"red": 1}, "x": 1, "a": 2}, 2),
     "unknown-fields", {"event": "take", "fields": ["a", "x"]},
     'A "take" line has no field a, x.'),
    ((parse_event, {"type": "buy", "player": 0, "card": "1W01"}, 3), "field-missing",
     {"event": "buy", "field": "pay"}, 'A "buy" line needs a "pay" field.'),
    ((parse_json_line, "[1, 2]"), "not-an-object", {}, "This line is not a JSON object."),
]


@pytest.mark.parametrize("call,cause,facts,records", CASES, ids=[c[1] for c in CASES])
def test_a_malformed_line_is_refused_with_its_cause_and_facts(call, cause, facts, records):
    err = _refusal(*call)
    assert (err.rule, err.reason, err.facts) == ("malformed", cause, facts)
    assert not hasattr(err, "message")            # no English travels up from the engine
    assert english(err) == records                # the records' one sentence, made in i18n
    for lang, said in (("en", "That entry can't be read."), ("pl", "Tego wpisu nie da się "
                       "odczytać."), ("ko", "그 입력을 읽을 수 없습니다.")):
        translator.set_language(lang)
        try:
            assert render(err) == said            # the screen: no field names, no ids
        finally:
            translator.set_language("en")


def test_a_swapped_fact_changes_the_records_sentence():
    err = _refusal(parse_event, {"type": "take", "player": 5, "gems": {"red": 1}}, 3)
    assert english(err) == "Player 5 is not a seat at this table (seats 0 to 2)."
    swapped = MalformedError(err.reason, player=err.facts["players"], players=err.facts["player"])
    assert english(swapped) == "Player 3 is not a seat at this table (seats 0 to 4)."


def test_every_cause_the_code_raises_has_its_sentence():
    """A new cause without a sentence in MALFORMED fails here (it would be said only as
    "That entry can't be read." in the records)."""
    raised = set()
    for path in ENGINE.rglob("*.py"):
        raised |= set(re.findall(r'MalformedError\(\s*"([a-z0-9-]+)"', path.read_text("utf-8")))
    assert len(raised) > 30
    assert raised <= set(MALFORMED), sorted(raised - set(MALFORMED))
