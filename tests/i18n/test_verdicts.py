"""The referee's verdicts said again in each language from what a Verdict carries.

English must be the judge's own sentence where the verdict carries the values (accepted turns,
questions, not-your-turn, game-over); Polish and Korean a whole sentence, never the English.
"""
import random

import pytest

from companion.engine import EndTurn, ReserveBlind, SimulatedTable
from companion.i18n import translator
from companion.i18n.verdicts import FIXED, RULES, fix, render_verdict
try:
    from companion.referee_judge import Verdict, expected_observation, judge
except ImportError:     # the referee as a package
    from companion.referee import Verdict, expected_observation, judge


def _replay(seed: int):
    """Yield (game at the press, verdict) with the game in the state the verdict was judged."""
    rng = random.Random(seed)
    table = SimulatedTable(players=2 + seed % 3, seed=seed)
    game = table.new_game()
    for _ in range(60):
        if game.outcome is not None:
            yield game, judge(game, expected_observation(game), game.active)
            return
        seat = game.active
        main = rng.choice(game._main_actions())
        pushed = [main if type(main) is not ReserveBlind else table.blind_reserve(main, True)]
        game.push(pushed[0])
        for reveal in table.reveals(game):
            game.push(reveal)
            pushed.append(reveal)
        while True:
            steps = game._end_steps()
            step = steps[-1] if len(steps) == 1 else rng.choice(steps[:-1])
            game.push(step)
            pushed.append(step)
            if type(step) is EndTurn:
                break
        obs = expected_observation(game)
        for _a in pushed:
            game.pop()
        yield game, judge(game, obs, seat)
        yield game, judge(game, obs, (seat + 1) % game.n)
        for a in pushed:
            game.push(a)


def test_english_is_the_judges_sentence_when_the_verdict_carries_the_values():
    translator.set_language("en")
    kinds = set()
    compared = 0
    for seed in range(4):
        for game, v in _replay(seed):
            if v.kind == "rejected" and v.rule not in ("not-your-turn", "game-over"):
                continue          # said from the rule code: see MISSING
            if v.kind == "unreadable":
                continue
            assert render_verdict(game, v) == v.message, (v.kind, v.message)
            kinds.add(v.kind if v.kind != "rejected" else v.rule)
            compared += 1
    assert compared > 100
    assert {"accepted", "not-your-turn"} <= kinds, kinds


@pytest.mark.parametrize("lang", ["pl", "ko"])
def test_every_verdict_is_said_in(lang):
    translator.set_language(lang)
    try:
        said = 0
        for game, v in _replay(1):
            text = render_verdict(game, v)
            translator.set_language("en")
            english = render_verdict(game, v)
            translator.set_language(lang)
            assert text and text != english and "{" not in text, text
            said += 1
        # Rejections said from the rule code alone, with the generic fix.
        game = SimulatedTable(players=2, seed=0).new_game()
        for rule in RULES:
            v = Verdict("rejected", game.active, rule=rule, message="(English)")
            text = render_verdict(game, v)
            translator.set_language("en")
            english = render_verdict(game, v)
            translator.set_language(lang)
            assert text != english and text.count(".") >= 1, (rule, text)
        for sentence in FIXED:
            v = Verdict("unreadable", 0, message=sentence)
            assert render_verdict(game, v) not in (sentence, ""), sentence
        assert said > 20
    finally:
        translator.set_language("en")


def test_fixes_name_the_tokens_to_put_back():
    translator.set_language("pl")
    try:
        text = fix("take-two-needs-four", {"out": (2, 0, 0, 0, 0, 0)})
        assert text.startswith("Odłóż do skarbca: 2 białe,")
        translator.set_language("ko")
        assert fix("payment-mismatch", {"into": (0, 1, 0, 0, 0, 1)}).startswith(
            "은행에 낸 파란색 1개, 황금 1개를")
    finally:
        translator.set_language("en")


def test_touch_entered_lines_are_described_as_the_view_model_does():
    from companion import viewmodel
    from companion.i18n.verdicts import describe_line
    names = ("Ana", "김민준", "Łukasz")
    lines = [{"type": "take", "player": 0, "gems": {"white": 1, "blue": 1, "red": 1}},
             {"type": "buy", "player": 1, "card": "1W01", "pay": {"gold": 1, "blue": 2}},
             {"type": "reserve", "player": 2, "level": 3},
             {"type": "reserve", "player": 2, "card": "2R03"},
             {"type": "reveal", "level": 1, "slot": 2, "card": "1K02"},
             {"type": "return", "player": 0, "gems": {"gold": 1}},
             {"type": "noble", "player": 1, "noble": "N04"},
             {"type": "pass", "player": 2}, {"type": "end_turn", "player": 0}]
    translator.set_language("en")
    assert [describe_line(x, names) for x in lines] == [
        viewmodel.describe_line(x, names) for x in lines]
    translator.set_language("ko")
    try:
        assert describe_line(lines[1], names) == "김민준 님이 1W01 카드 구매: 파란색 2개, 황금 1개."
    finally:
        translator.set_language("en")


@pytest.mark.parametrize("lang", ["en", "pl", "ko"])
def test_a_verdict_said_from_the_game_after_it(lang):
    """What a screen holds after an accepted turn: the game after it."""
    from companion.i18n.verdicts import render_after
    translator.set_language(lang)
    try:
        n = 0
        for game, v in _replay(2):
            if v.kind != "accepted":
                continue
            for line in v.lines:
                game.push(__import__("companion.engine.record", fromlist=["parse_event"])
                          .parse_event(dict(line), game.n))
            text = render_after(game, v)
            for _line in v.lines:
                game.pop()
            assert text and "{" not in text
            n += 1
        assert n > 10
    finally:
        translator.set_language("en")
