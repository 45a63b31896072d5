"""The referee's camera, setup and computer-seat refusals come up as facts (a ``key`` and its
values, or a rule code) and are said by companion.i18n in English, Polish and Korean; the
records' English is the referee's old sentence word for word (tags by their ids)."""
from __future__ import annotations

import copy

import pytest

from companion.engine import SimulatedTable
from companion.i18n import for_records, translator
from companion.i18n.camera import keyed
from companion.i18n.verdicts import english_verdict, render_verdict
from companion.referee import Referee, SetupError
from companion.referee.expectation import Expectation
from companion.referee.seen import expected_observation


def _say(data, lang):
    translator.set_language(lang)
    try:
        return keyed(data)
    finally:
        translator.set_language("en")


# (facts, en, pl, ko, records' English where it differs from the screen's)
SENTENCES = [
    ({"key": "not-a-tag", "place": "market.2.3"},
     "The camera's reading of level 2, slot 4 is not a tag id.",
     "Odczyt kamery dla miejsca „poziom 2, miejsce 4” nie jest kodem znacznika.",
     "카메라가 읽은 2레벨 4번 자리의 값이 태그 번호가 아닙니다.", None),
    ({"key": "changing"},
     "The table kept changing while the camera read it: keep hands off the mat, then press "
     "again.",
     "Stół zmieniał się, gdy kamera go odczytywała: zabierz ręce z maty, potem naciśnij "
     "ponownie.",
     "카메라가 읽는 동안 테이블이 계속 바뀌었습니다: 매트에서 손을 뗀 다음 다시 누르세요.", None),
    ({"key": "noble-slot-empty", "slot": 1, "players": 3},
     "Noble slot 1 is empty: a 3-player game reveals 4 nobles, in the first 4 slots from the "
     "left.",
     "Miejsce arystokraty 1 jest puste: w grze dla 3 graczy odkrywa się 4 płytki arystokratów, "
     "w pierwszych 4 miejscach od lewej.",
     "귀족 자리 1번이 비어 있습니다: 3인 게임에서는 귀족 타일 4개를 왼쪽부터 4개 자리에 펼쳐 "
     "놓습니다.", None),
    ({"key": "noble-slot-extra", "slot": 5, "players": 2},
     "Noble slot 5 should be empty: a 2-player game reveals only 3 nobles.",
     "Miejsce arystokraty 5 ma być puste: w grze dla 2 graczy odkrywa się tylko 3 płytki "
     "arystokratów.",
     "귀족 자리 5번은 비어 있어야 합니다: 2인 게임에서는 귀족 타일을 3개만 펼쳐 놓습니다.", None),
    ({"key": "noble-is-card", "slot": 2, "tag": "1W01"},
     "The level-1 white card with no points lies in noble slot 2: it is a card, not a noble.",
     "W miejscu arystokraty 2 leży karta, nie płytka arystokraty: karta rozwoju poziomu 1, "
     "bonus: biały, bez punktów prestiżu.",
     "귀족 자리 2번에 귀족 타일이 아니라 카드가 있습니다: 명성 점수가 없는 1레벨 흰색 개발 카드.",
     "The tag 1W01 in noble slot 2 is a card, not a noble."),
    ({"key": "market-slot-unread", "level": 3, "slot": 1},
     "The card in level 3, slot 1 can't be read: lay it flat with its tag facing the camera.",
     "Nie da się odczytać karty w miejscu 1 poziomu 3: połóż ją płasko, kodem do kamery.",
     "3레벨 1번 자리의 카드를 읽을 수 없습니다: 태그가 카메라를 향하도록 평평하게 놓으세요.", None),
    ({"key": "wrong-level", "tag": "1W01", "level": 2, "slot": 2},
     "The level-1 white card with no points in level 2, slot 2 is not a level 2 card.",
     "W miejscu 2 poziomu 2 leży coś, co nie jest kartą poziomu 2: karta rozwoju poziomu 1, "
     "bonus: biały, bez punktów prestiżu.",
     "2레벨 2번 자리에 2레벨 카드가 아닌 것이 있습니다: 명성 점수가 없는 1레벨 흰색 개발 카드.",
     "1W01 in level 2, slot 2 is not a level 2 card."),
    ({"key": "bank-start", "colour": 2, "full": 5, "seen": 4, "players": 3},
     "The bank should start with 5 green tokens for 3 players, but the camera counts 4.",
     "Na początku gry dla 3 graczy w skarbcu ma być: 5 zielonych znaczników, a kamera liczy 4.",
     "3인 게임의 은행은 초록색 토큰 5개로 시작해야 하는데, 카메라는 4개로 셉니다.", None),
]

# One fact swapped for another of the same kind: the sentence must change with it.
SWAPS = {"place": "market.3.2", "slot": 3, "players": 4, "tag": "2W01", "level": 1,
         "colour": 3, "seen": 6, "full": 7}


@pytest.mark.parametrize("facts,en,pl,ko,records", SENTENCES,
                         ids=[f"{s[0]['key']}" for s in SENTENCES])
def test_each_sentence_is_said_from_its_facts_in_three_languages(facts, en, pl, ko, records):
    assert [_say(facts, lang) for lang in ("en", "pl", "ko")] == [en, pl, ko]
    with for_records():
        assert keyed(facts) == (records or en)
    for name, value in facts.items():
        if name == "key":
            continue
        assert SWAPS[name] != value
        swapped = {**facts, name: SWAPS[name]}
        for lang in ("en", "pl", "ko"):
            assert _say(swapped, lang) != _say(facts, lang), (name, lang)


def test_the_referee_hands_up_no_english_for_these():
    """The verdicts and setup refusals carry facts only; the records' English is made by
    english_verdict (the same words as before the sentences moved)."""
    table = SimulatedTable(players=3, seed=3)
    game = table.new_game()
    ref = Referee(list(game.names), game.first)
    v = ref.judge_press(0, expected_observation(game))
    assert v.message == "" and v.data == {"key": "not-set-up"}
    assert english_verdict(None, v) == "The game is not set up yet: confirm the dealt table first."
    obs = copy.deepcopy(expected_observation(game))
    obs["market"]["1"][2] = None
    with pytest.raises(SetupError) as err:
        Referee.setup_from_observation(obs, list(game.names), game.first)
    assert err.value.data == {"key": "market-slot-empty", "level": 1, "slot": 3}
    ref.confirm_setup(game.setup)
    seat = ref.game.active
    bad = expected_observation(ref.game)
    bad["nobles"][1] = 5
    v = ref.judge_press(seat, bad)
    assert v.message == "" and v.data == {"key": "not-a-tag", "place": "nobles.1"}
    assert english_verdict(ref.game, v) == "The camera's reading of noble slot 2 is not a tag id."


@pytest.mark.parametrize("lang, hand, move", [
    ("en", "The computer reserved from a deck", "That is not the computer's move."),
    ("pl", "Komputer zarezerwował kartę ze stosu", "To nie jest ruch komputera."),
    ("ko", "컴퓨터가 덱에서 카드를 예약했습니다", "컴퓨터의 수가 아닙니다."),
])
def test_a_turn_that_is_not_the_computers_is_said_from_its_rule_code(lang, hand, move):
    game = SimulatedTable(players=2, seed=5).new_game()
    a = game.active
    other = Expectation(a, 0, ({"type": "pass", "player": a},)).judge_line(
        game, {"type": "take", "player": a, "gems": {"white": 1, "blue": 1, "green": 1}})
    blind = Expectation(a, 0, ({"type": "reserve", "player": a, "level": 1},)).judge_line(
        game, {"type": "reserve", "player": a, "level": 1})
    assert (other.rule, other.message, blind.rule, blind.message) == (
        "computer-move", "", "computer-hand", "")
    translator.set_language(lang)
    try:
        said = render_verdict(game, other), render_verdict(game, blind)
    finally:
        translator.set_language("en")
    assert said[0] == move and said[1].startswith(hand)
    assert english_verdict(game, blind).startswith("The computer reserved from a deck: show the "
                                                   "card drawn in the camera's scan zone")


@pytest.mark.parametrize("facts,said", [
    ({"key": "no-still-named"}, "The press names no still."),
    ({"key": "still-missing", "name": "0007.jpg"},
     "The still 0007.jpg is missing from the session folder."),
    ({"key": "reading-damaged", "name": "0003.json", "detail": "The text is not valid JSON."},
     "The reading 0003.json is damaged: The text is not valid JSON."),
    ({"key": "reading-not-an-object", "name": "0003.json"},
     "The reading 0003.json holds no table reading (it is not a JSON object)."),
    ({"key": "still-refused", "name": "0099.jpg", "detail": "It is not an image."},
     "The still 0099.jpg can't be judged: It is not an image."),
])
def test_rejudges_reasons_a_still_cant_be_read_are_said_from_their_facts(facts, said):
    """Only rejudge says these, in the records' English (what it printed before)."""
    with for_records():
        assert keyed(facts) == said
        if "name" in facts:
            assert keyed({**facts, "name": "other.jpg"}) == said.replace(facts["name"],
                                                                         "other.jpg")
