"""The computer player's move instructions in each language (companion.i18n.moves)."""
import pytest

from companion.engine import CARDS
from companion.i18n import translator
from companion.i18n.moves import card_words, describe_move

MOVE = [{"type": "buy", "player": 1, "card": "1W01", "pay": {}},
        {"type": "noble", "player": 1, "noble": "N07"}]


def test_english_matches_the_computer_players_own_words():
    translator.set_language("en")
    # The doctests of companion.ai.player (describe_move, card_words).
    assert card_words("2R03") == "the level 2 red card worth 2 points (2R03)"
    assert describe_move(MOVE, names=["Ana", "Ben"]) == (
        "Ben: buy the level 1 white card with no points (1W01); your bonuses pay for it. "
        "Then take noble N07.")
    try:
        from companion.ai.player import card_words as ai_card_words
        from companion.ai.player import describe_move as ai_describe_move
    except ImportError:
        return
    for cid in sorted(CARDS):
        assert card_words(cid) == ai_card_words(cid)
    lines = [{"type": "take", "player": 0, "gems": {"white": 1, "red": 1, "black": 1}},
             {"type": "reserve", "player": 0, "level": 2},
             {"type": "reserve", "player": 0, "card": "3G02"},
             {"type": "buy", "player": 0, "card": "2U01", "pay": {"blue": 2, "gold": 1}},
             {"type": "return", "player": 0, "gems": {"gold": 1}},
             {"type": "pass", "player": 0}]
    for line in lines:
        assert describe_move([line], names=["Ana"]) == ai_describe_move([line], names=["Ana"])


@pytest.mark.parametrize("lang,expected", [
    ("pl", "Ben: kup białą kartę rozwoju poziomu 1 bez punktów prestiżu (1W01); twoje bonusy "
           "pokrywają cały koszt. Potem weź płytkę arystokraty N07."),
    ("ko", "Ben 님: 1레벨 흰색 개발 카드(명성 점수 없음, 1W01)를 구매하세요. 보너스만으로 비용이 "
           "충분합니다. 그다음 N07 귀족 타일을 가져가세요."),
])
def test_the_move_in(lang, expected):
    translator.set_language(lang)
    try:
        assert describe_move(MOVE, names=["Ana", "Ben"]) == expected
        assert card_words("2R03") in ("czerwoną kartę rozwoju poziomu 2 za 2 punkty prestiżu "
                                      "(2R03)", "2레벨 빨간색 개발 카드(명성 점수 2점, 2R03)")
    finally:
        translator.set_language("en")


def test_on_screen_the_move_names_cards_and_nobles_as_printed_not_by_sticker_id():
    translator.set_language("en")
    said = describe_move(MOVE, names=["Ana", "Ben"], printed=True)
    assert said == ("Ben: buy the level-1 white card with no points; your bonuses pay for it. "
                    "Then take the noble needing 3 blue, 3 green and 3 red.")
