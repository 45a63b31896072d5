"""The controller's own notices and the History rows follow the app's language (logs stay
English); counts take the language's plural forms."""
from __future__ import annotations

import contextlib

from companion.share import bgstats as share
from companion.app.controller import Controller
from companion.i18n import translator
from companion.referee.journal import Journal
from companion.app.viewmodel import history_rows, stats_rows
from tests.share.helpers import finished_lines


@contextlib.contextmanager
def language(code):
    before = translator.lang
    translator.set_language(code)
    try:
        yield
    finally:
        translator.set_language(before)


def test_a_button_test_and_new_game_problems_are_said_in_polish_and_korean(tmp_path):
    ctl = Controller(tmp_path, threaded=False)
    try:
        with language("pl"):
            ctl.press_button(2)
            assert ctl.message == "Przycisk miejsca 3 działa."
            assert ctl.button_note == ctl.message
            assert ctl.new_game(["Ana", None, None, None], 0) == [
                "Gra potrzebuje od 2 do 4 graczy: wpisz imię przy każdym zajętym miejscu."]
            assert ctl.confirm_setup() == ["Najpierw rozpocznij nową grę."]
        with language("ko"):
            ctl.press_button(0)
            assert ctl.message == "1번 자리의 버튼이 작동합니다."
            assert "같습니다" in ctl.new_game(["Ana", "ana", None, None], 0)[0]
        ctl.press_button(1)
        assert ctl.message == "The button of seat 2 works."
    finally:
        ctl.close()


def _journal(tmp_path, games):
    j = Journal(tmp_path / "journal.sqlite")
    for k in range(games):
        lines = finished_lines(2, seed=5 * k + 1, names=["Ana", "Łukasz 김"])
        play = share.finished_game_of(lines)
        gid = j.new_game(lines[0], lines[1], session=None)
        j.append(gid, lines[2:], outcome={
            "winners": list(play.winners), "points": list(play.points),
            "cards": list(play.cards), "reason": play.reason, "tie_break": play.tie_break})
    return j


def test_history_rows_and_statistics_in_polish_with_three_plural_forms(tmp_path):
    j = _journal(tmp_path, 5)
    try:
        with language("pl"):
            rows, stats = history_rows(j), stats_rows(j)
        with language("ko"):
            ko_rows, ko_stats = history_rows(j), stats_rows(j)
        en_stats = stats_rows(j)
    finally:
        j.close()
    assert len(rows) == 5 and all(r.startswith("Gra ") and "wygrana:" in r for r in rows)
    assert all(s.split(": ")[1].startswith("5 gier, ") for s in stats), stats
    wins = sorted(int(s.split(", ")[1].split()[0]) for s in stats)
    forms = {0: "wygranych", 1: "wygrana", 2: "wygrane", 3: "wygrane", 4: "wygrane",
             5: "wygranych"}
    for s in stats:
        n = int(s.split(", ")[1].split()[0])
        assert f"{n} {forms[n]}" in s, s
    assert sum(wins) >= 5
    assert all("번 게임" in r and "승자:" in r for r in ko_rows)
    assert all("5게임, " in s and "승" in s for s in ko_stats)
    assert all("5 games, " in s for s in en_stats)


def test_a_wrong_slot_entry_is_refused_in_the_apps_language():
    import pytest
    from companion.app.viewmodel import DraftRefused, SetupDraft
    from companion.i18n.guide import draft_words
    draft = SetupDraft(2, 0)
    with pytest.raises(DraftRefused) as err:
        draft.put(("market", 1, 0), "2R02")
    with language("pl"):
        said = draft_words(err.value)
    # Named by what is printed on it, not by its sticker id (fails on old code: "2R02 ...").
    assert "to nie karta rozwoju poziomu 1" in said.lower(), said
    assert "2R02" not in said and "poziomu 2" in said
    with pytest.raises(DraftRefused) as err:
        draft.put(("noble", 0), "1K01")
    with language("ko"):
        assert "귀족 타일이 아닙니다" in draft_words(err.value)
