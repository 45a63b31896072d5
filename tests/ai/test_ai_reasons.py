"""The coach's reasons: each one found on positions of played games is checked against the
table itself (the move pushed on the engine and the facts read off it), and the sentences are
pinned in English, Polish and Korean from their facts."""
from __future__ import annotations

import doctest
import random

import pytest

from companion.ai import reasons as R
from companion.ai.reasons import Reason, why_better
from companion.engine import CARDS, BuyCard, ReserveCard, TakeGems
from companion.engine.record import dumps, record_lines, replay_lines
from companion.engine.simulate import play_random_game
from companion.i18n import translator
from companion.i18n.advice import reason_sentence, reasons_sentence


def positions(games=25, players=2):
    """Every turn's starting position of some random games (seeded)."""
    for seed in range(games):
        game = play_random_game(players=players, seed=seed).game
        text = [dumps(line) for line in record_lines(game)]
        starts = [2] + [i + 1 for i, ln in enumerate(text) if '"end_turn"' in ln]
        for start in starts[:-1]:
            yield replay_lines(text[:start]).game


def main_moves(game):
    return [a for a in game.legal_actions() if getattr(a, "main", False)]


def test_docstring_examples():
    assert doctest.testmod(R).failed == 0


def test_reasons_leave_the_position_as_found_and_say_at_most_two_in_order():
    rng = random.Random(3)
    seen = set()
    for game in positions(10):
        moves = main_moves(game)
        if len(moves) < 2:
            continue
        better, made = rng.sample(moves, 2)
        before = game.snapshot()
        found = why_better(game, better, made)
        assert game.snapshot() == before
        assert len(found) <= R.SAID
        assert [R.ORDER.index(r.code) for r in found] == sorted(R.ORDER.index(r.code)
                                                              for r in found)
        seen.update(r.code for r in found)
    assert {R.POINTS, R.AFFORD, R.CLOSER} <= seen


def test_each_reason_is_true_on_the_table():
    """Every reason given is checked with the plain engine: push the move and look."""
    rng = random.Random(5)
    checked = {}
    for game in positions(25):
        moves = main_moves(game)
        takes = [m for m in moves if type(m) is TakeGems]
        if not takes:
            continue
        made = rng.choice(takes)
        for better in moves:
            if better == made:
                continue
            for reason in why_better(game, better, made):
                seat = game.active
                if reason.code == R.POINTS:
                    assert type(better) is BuyCard and CARDS[better.card].points == reason.value
                elif reason.code == R.NOBLE:
                    before = set(game.qualifying_nobles())
                    game.push(better)
                    assert set(game.qualifying_nobles()) - before
                    game.pop()
                elif reason.code == R.DENY:
                    card = CARDS[better.card]
                    assert type(better) in (BuyCard, ReserveCard) and card.points == reason.value
                    assert reason.seat != seat and game.payment(reason.seat, card) is not None
                    on_market = [c.id for row in game.market for c in row if c is not None]
                    assert card.id in on_market
                elif reason.code == R.AFFORD:
                    view = [c for row in game.market for c in row if c is not None]
                    view += [c for c in game.reserved[seat] if getattr(c, "id", None) in CARDS]
                    game.push(better)
                    now = [c.points for c in view
                           if game.payment(seat, c) is not None]
                    game.pop()
                    assert type(better) is TakeGems and reason.value in now
                elif reason.code == R.CLOSER:
                    card = CARDS[better.card]
                    have = game.bonuses[seat][card.bonus]
                    from companion.engine import NOBLES
                    assert any(n and NOBLES[n].requires[card.bonus] > have for n in game.nobles)
                checked[reason.code] = checked.get(reason.code, 0) + 1
    assert all(checked.get(code, 0) >= 3 for code in (R.POINTS, R.DENY, R.AFFORD, R.CLOSER,
                                                       R.NOBLE)), checked


def test_the_move_made_giving_tokens_back_is_a_reason():
    game = next(positions(1))
    take = next(m for m in main_moves(game) if type(m) is TakeGems)
    assert why_better(game, take, take, returned_made=2) == (Reason(R.RETURNED, 2),)
    assert why_better(game, take, take, returned_made=1, returned_better=1) == ()


SENTENCES = {
    Reason(R.NOBLE, 3): {
        "en": "A noble would have visited you at the end of that turn.",
        "pl": "Na koniec tamtej tury odwiedziłby Cię arystokrata.",
        "ko": "그 차례가 끝날 때 귀족이 방문했을 거예요."},
    Reason(R.POINTS, 1): {
        "en": "It would have scored 1 point at once.",
        "pl": "Lepszy ruch dałby od razu 1 punkt.",
        "ko": "바로 1점을 얻었을 거예요."},
    Reason(R.POINTS, 3): {
        "en": "It would have scored 3 points at once.",
        "pl": "Lepszy ruch dałby od razu 3 punkty.",
        "ko": "바로 3점을 얻었을 거예요."},
    Reason(R.DENY, 2, seat=1): {
        "en": "Ben could pay for that card on their next turn: the better move takes it first.",
        "pl": "W swojej następnej turze gracz Ben może zapłacić za tę kartę: lepszy ruch zabiera "
              "ją wcześniej.",
        "ko": "Ben 님은 다음 차례에 그 카드의 값을 치를 수 있어요. 더 나은 수는 그 카드를 먼저 "
              "가져가요."},
    Reason(R.AFFORD, 5): {
        "en": "After it you could have paid for a card worth 5 points on your next turn.",
        "pl": "Po nim w następnej turze stać by Cię było na kartę wartą 5 punktów.",
        "ko": "그 수를 두었다면 다음 차례에 5점짜리 카드의 값을 치를 수 있었을 거예요."},
    Reason(R.CLOSER): {
        "en": "That card's bonus is one a noble on the table still needs from you.",
        "pl": "Arystokrata na stole wciąż potrzebuje od Ciebie bonusu w kolorze tej karty.",
        "ko": "테이블의 귀족이 아직 그 카드 색의 보너스를 필요로 해요."},
    Reason(R.RETURNED, 2): {
        "en": "Your move made you give back 2 tokens.",
        "pl": "Przez Twój ruch trzeba było oddać 2 znaczniki.",
        "ko": "실제로 둔 수 때문에 토큰 2개를 돌려놓아야 했어요."},
}


@pytest.mark.parametrize("lang", ["en", "pl", "ko"])
def test_each_reason_is_a_sentence_from_its_facts(lang):
    names = ["Ana", "Ben"]
    translator.set_language(lang)
    try:
        for reason, said in SENTENCES.items():
            assert reason_sentence(reason, names) == said[lang]
        both = (Reason(R.POINTS, 3), Reason(R.DENY, 2, seat=1))
        assert reasons_sentence(both, names) == " ".join(SENTENCES[r][lang] for r in both)
    finally:
        translator.set_language("en")


def test_every_code_has_a_sentence():
    for code in R.ORDER:
        assert reason_sentence(Reason(code, 2, seat=0), ["Ana", "Ben"]).endswith(".")
