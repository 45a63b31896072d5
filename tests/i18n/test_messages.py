"""The message layer: the engine's refusals, worked out again and said in every language.

In English the rendered sentence must be the engine's own, word for word, for every refused
action met in simulated games: that proves the values the layer passes to the translations
are the ones the engine used. Polish and Korean must give a sentence for each, with every
placeholder filled.
"""
import itertools
import random

import pytest

from companion.engine import (CARDS, NOBLES, BuyCard, ClaimNoble, EndTurn, PassTurn,
                              ReserveBlind, ReserveCard, ReturnGems, RevealCard, RuleError,
                              SimulatedTable, TakeGems)
from companion.engine.game import Rules
from companion.engine.simulate import play_random_game
from companion.i18n import Translator, translator
from companion.i18n.messages import explain, render

from tests.i18n.idwords import has_id, screen_english

TAKES = sorted({t for t in itertools.product(range(3), repeat=5) if 0 < sum(t) <= 4}
               | {(0, 0, 0, 0, 0)})


def _attempts(game, rng):
    """Actions worth trying on this state, legal or not (a sample, seeded)."""
    n = game.n
    p = game.active
    other = (p + 1) % n
    out = []
    for gems in rng.sample(TAKES, 12):
        out.append(TakeGems(p, gems + (0,)))
    out.append(TakeGems(p, (1, 1, 0, 0, 0, 1)))
    out.append(TakeGems(other, (1, 1, 1, 0, 0, 0)))
    face_up = [c.id for row in game.market for c in row if c is not None]
    for cid in rng.sample(sorted(CARDS), 4) + face_up[:4]:
        pay = tuple(rng.randrange(3) for _ in range(6))
        out.append(BuyCard(p, cid, pay))
        payment = game.payment(p, CARDS[cid])
        if payment is not None:
            out.append(BuyCard(p, cid, payment))
        out.append(ReserveCard(p, cid))
        out.append(ReserveBlind(p, CARDS[cid].level, cid))
    for lv in (1, 2, 3):
        out.append(ReserveBlind(p, lv))
    out.append(PassTurn(p))
    out.append(EndTurn(p))
    out.append(ReturnGems(p, (1, 0, 0, 0, 0, 0)))
    for nid in rng.sample(sorted(NOBLES), 3):
        out.append(ClaimNoble(p, nid))
    cid = rng.choice(sorted(CARDS))
    out.append(RevealCard(CARDS[cid].level, rng.randrange(4), cid))
    out.append(RevealCard(1 + CARDS[cid].level % 3, rng.randrange(4), cid))
    return out


def _after_main(game, rng):
    """Step attempts after a main action: returns, nobles, reveals, end of turn."""
    p = game.active
    out = [EndTurn(p), ReturnGems(p, tuple(rng.randrange(3) for _ in range(6))),
           ReturnGems(p, (0, 0, 0, 0, 0, 1)), PassTurn(p), TakeGems(p, (1, 1, 1, 0, 0, 0))]
    for nid in sorted(NOBLES)[:4] + list(game.qualifying_nobles(p)):
        out.append(ClaimNoble(p, nid))
    for level, slot in game.slots_to_reveal()[:1]:
        for cid in rng.sample(sorted(CARDS), 3):
            out.append(RevealCard(level, slot, cid))
    return out


def test_english_is_the_engines_sentence_word_for_word():
    translator.set_language("en")
    seen_rules = set()
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        table = SimulatedTable(players=2 + seed % 3, seed=seed,
                               rules=Rules(short_take=("never", "when_scarce", "always")[seed % 3]))
        game = table.new_game()
        for _turn in range(40):
            if game.outcome is not None:
                break
            for action in _attempts(game, rng):
                checked += _compare(game, action, seen_rules)
            main = rng.choice(game._main_actions())
            game.push(main if type(main) is not ReserveBlind else table.blind_reserve(main, True))
            for action in _after_main(game, rng):
                checked += _compare(game, action, seen_rules)
            for reveal in table.reveals(game):
                game.push(reveal)
            while True:
                steps = game._end_steps()
                step = steps[-1] if len(steps) == 1 else rng.choice(steps[:-1])
                game.push(step)
                if type(step) is EndTurn:
                    break
    # The games met most of the rule codes, so most branches were compared.
    assert checked > 500
    assert {"take-three-distinct", "take-two-needs-four", "take-gold", "not-your-turn",
            "card-not-available", "payment-mismatch", "no-action",
            "return-not-allowed", "noble-not-earned", "reveal-mismatch",
            "one-action-per-turn"} <= seen_rules, seen_rules


def _compare(game, action, seen_rules) -> int:
    try:
        game.check(action)
    except RuleError as err:
        if err.rule == "malformed":
            return 0
        problem = explain(game, action)
        assert problem is not None, (action, err)
        assert problem.rule == err.rule, (action, err, problem)
        # Word for word, but for the sticker ids: the screen names a card by what is printed
        # on it (the engine's "holds 1 tokens" is fixed, so no other difference is allowed).
        said = render(problem, game)
        assert said == screen_english(err.message, game), (action, problem)
        assert not has_id(said), said
        seen_rules.add(err.rule)
        return 1
    assert explain(game, action) is None
    return 0


def test_game_over_and_end_of_game_states():
    translator.set_language("en")
    result = play_random_game(players=2, seed=3)
    game = result.game
    action = TakeGems(game.active, (1, 1, 1, 0, 0, 0))
    with pytest.raises(RuleError) as err:
        game.check(action)
    assert render(explain(game, action), game) == err.value.message


@pytest.mark.parametrize("lang", ["pl", "ko"])
def test_every_refusal_has_a_whole_sentence_in(lang):
    tr = Translator(lang)
    translator.set_language(lang)
    try:
        table = SimulatedTable(players=3, seed=11, names=("Zażółć Gęślą", "김민준", "Łukasz 김"))
        game = table.new_game()
        rng = random.Random(4)
        keys = set()
        for _turn in range(30):
            if game.outcome is not None:
                break
            for action in _attempts(game, rng):
                problem = explain(game, action)
                if problem is None:
                    continue
                text = render(problem)
                keys.add(problem.key)
                assert "{" not in text and "}" not in text, text
                assert text.strip() and text[-1] in ".?!", text
                # Not left in English: the catalog has the sentence.
                assert text != _english(problem), (lang, text)
            main = rng.choice(game._main_actions())
            game.push(main if type(main) is not ReserveBlind else table.blind_reserve(main, True))
            for reveal in table.reveals(game):
                game.push(reveal)
            while True:
                steps = game._end_steps()
                step = steps[-1] if len(steps) == 1 else rng.choice(steps[:-1])
                game.push(step)
                if type(step) is EndTurn:
                    break
        assert len(keys) >= 8
        assert tr.lang == lang
    finally:
        translator.set_language("en")


def _english(problem):
    current = translator.lang
    translator.set_language("en")
    try:
        return render(problem)
    finally:
        translator.set_language(current)
