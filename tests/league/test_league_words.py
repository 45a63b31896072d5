"""The standings' arithmetic and the pages' words, without a server."""
from __future__ import annotations

from league.standings import standings
from league.words import choose, move_words


def test_a_shared_win_counts_one_kth_for_each_of_k_winners():
    games = [{"players": ["Ana", "Ben"], "points": [15, 15], "winners": [0, 1]},
             {"players": ["Ana", "Kim", "Ben"], "points": [16, 3, 9], "winners": [0]}]
    rows = {r["name"]: r for r in standings(games)}
    assert rows["Ana"] == {"name": "Ana", "games": 2, "wins": 1.5, "points": 31,
                           "average_points": 15.5}
    assert rows["Ben"]["wins"] == 0.5 and rows["Kim"]["wins"] == 0
    assert [r["name"] for r in standings(games)] == ["Ana", "Ben", "Kim"]


def test_the_language_is_the_query_then_accept_language_then_english():
    assert choose("ko", "pl") == "ko"
    assert choose(None, "de-DE,pl;q=0.8,en;q=0.9") == "en"
    assert choose(None, "de-DE,pl;q=0.9,en;q=0.8") == "pl"
    assert choose("xx", "ko-KR") == "ko"
    assert choose(None, None) == "en" and choose(None, "pl;q=0") == "en"


def test_the_last_move_in_words_in_each_language():
    turn = [{"type": "take", "player": 1, "gems": {"red": 1, "blue": 1, "green": 1}}]
    assert move_words("en", turn, ["Ana", "Ben"]) == "Ben took red ×1, blue ×1, green ×1."
    assert move_words("pl", turn, ["Ana", "Ben"]) == \
        "Ben bierze czerwony ×1, niebieski ×1, zielony ×1."
    assert move_words("ko", turn, ["Ana", "Ben"]) == "Ben: 토큰 빨강 ×1, 파랑 ×1, 초록 ×1 가져감."
    blind = [{"type": "reserve", "player": 0, "level": 3}]
    assert move_words("en", blind, ["Ana", "Ben"]) == \
        "Ana reserved the top card of the level 3 deck."
