"""Refusals said from their facts: the engine rejects with a value (rule, reason, facts), and
companion.i18n.messages is the one place that says it, in each language.

``refusal_sentences.json`` holds, for every reason the engine gives, representative facts and
the sentence each language says for them (and the records' English, cards and nobles by id).
"""
import itertools
import json
import random
from pathlib import Path

import pytest

from companion.engine import (CARDS, NOBLES, BuyCard, ClaimNoble, EndTurn, PassTurn,
                              ReserveBlind, ReserveCard, ReturnGems, RevealCard,
                              SimulatedTable, TakeGems)
from companion.engine.game import Rules
from companion.engine.simulate import play_random_game
from companion.i18n import translator
from companion.i18n.messages import Problem, english, refusal, render

from tests.i18n.idwords import has_id

SENTENCES = json.loads((Path(__file__).parent / "refusal_sentences.json").read_text("utf-8"))
REASONS = {s["reason"]: (s["rule"], set(s["facts"])) for s in SENTENCES}

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



def _games(seeds, names=None):
    """(game, refusal) for every refused attempt met in simulated games (malformed aside)."""
    for seed in seeds:
        rng = random.Random(seed)
        players = len(names) if names else 2 + seed % 3
        table = SimulatedTable(players=players, seed=seed, names=names,
                               rules=Rules(short_take=("never", "when_scarce", "always")[seed % 3]))
        game = table.new_game()
        for _turn in range(40):
            if game.outcome is not None:
                break
            for action in _attempts(game, rng):
                err = _refused(game, action)
                if err is not None:
                    yield game, err
            main = rng.choice(game._main_actions())
            game.push(main if type(main) is not ReserveBlind else table.blind_reserve(main, True))
            for action in _after_main(game, rng):
                err = _refused(game, action)
                if err is not None:
                    yield game, err
            for reveal in table.reveals(game):
                game.push(reveal)
            while True:
                steps = game._end_steps()
                step = steps[-1] if len(steps) == 1 else rng.choice(steps[:-1])
                game.push(step)
                if type(step) is EndTurn:
                    break


def _refused(game, action):
    err = refusal(game, action)
    return None if err is None or err.rule == "malformed" else err


@pytest.mark.parametrize("lang", ["en", "pl", "ko"])
def test_each_reason_is_said_from_its_facts_in(lang):
    """Every sentence from its facts, word for word; fails when a value goes to the wrong
    placeholder or a form of the count is wrong (Polish has three)."""
    translator.set_language(lang)
    try:
        for s in SENTENCES:
            said = render(Problem(s["rule"], s["reason"], s["facts"]))
            assert said == s["said"][lang], (s["reason"], said)
            assert "{" not in said and not has_id(said), said
            if lang != "en":
                assert said != s["said"]["en"], (lang, s["reason"])
    finally:
        translator.set_language("en")


def test_the_records_english_names_cards_and_nobles_by_id_whatever_the_language():
    translator.set_language("pl")
    try:
        for s in SENTENCES:
            assert english(Problem(s["rule"], s["reason"], s["facts"])) == s["records"]
    finally:
        translator.set_language("en")
    card = next(s for s in SENTENCES if s["reason"] == "card-not-available")
    assert card["records"].startswith("Card 1W01 is not face-up")


def test_the_engine_refuses_with_a_rule_a_reason_and_facts_only():
    """Every refusal met in simulated games is a known reason of its rule, with exactly that
    reason's facts as plain data: no sentence travels up from the engine."""
    seen = set()
    n = 0
    for game, err in _games(range(6)):
        rule, facts = REASONS[err.reason]
        assert err.rule == rule, err
        assert set(err.facts) == facts, err
        data = err.as_data()
        assert json.loads(json.dumps(data)) == data
        assert not hasattr(err, "message")
        seen.add(err.reason)
        n += 1
    assert n > 500
    assert {"take-illegal", "take-two-needs-four", "take-gold", "not-your-turn",
            "card-not-available", "payment-mismatch", "end-before-main", "return-not-over",
            "noble-not-earned", "reveal-wrong-level", "one-action-per-turn"} <= seen, seen


@pytest.mark.parametrize("lang", ["pl", "ko"])
def test_every_refusal_met_is_a_whole_sentence_in(lang):
    names = ("Zażółć Gęślą", "김민준", "Łukasz 김")
    n = 0
    for game, err in _games([11], names=names):
        translator.set_language("en")
        english_said = render(err, game)
        translator.set_language(lang)
        try:
            said = render(err, game)
        finally:
            translator.set_language("en")
        assert "{" not in said and said.strip() and said[-1] in ".?!", said
        assert said != english_said and not has_id(said), (lang, said)
        n += 1
    assert n > 100


def test_game_over_is_said_from_its_code():
    translator.set_language("en")
    game = play_random_game(players=2, seed=3).game
    err = refusal(game, TakeGems(game.active, (1, 1, 1, 0, 0, 0)))
    assert (err.rule, err.facts) == ("game-over", {})
    assert render(err, game) == "The game is over: no more moves can be made."
