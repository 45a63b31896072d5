"""The BG Stats sharing sentences follow the app's language; the CLI stays English."""
from __future__ import annotations

import contextlib
import os
import subprocess
import sys

import pytest

from companion.i18n import sharing
from companion.share import bgstats as share
from companion.i18n import translator
from tests.share.helpers import finished_lines, text_lines, write_record


@contextlib.contextmanager
def language(code):
    before = translator.lang
    translator.set_language(code)
    try:
        yield
    finally:
        translator.set_language(before)


def _play(points, cards, winners, tie_break, turns):
    names = ("Ana", "Ben", "Cyd")[: len(points)]
    return share.FinishedGame(names, tuple(points), tuple(cards), tuple(winners), 0,
                              turns, tie_break, "points", "splendor-test")


@pytest.mark.parametrize("rounds, polish", [(1, "1 runda."), (3, "3 rundy."), (5, "5 rund."),
                                            (22, "22 rundy.")])
def test_the_links_comments_are_polish_with_polish_plurals(rounds, polish):
    play = _play([15, 12], [9, 8], (0,), None, 2 * rounds)
    with language("pl"):
        text = share.comments(play)
    assert text == "Splendor Companion: " + polish


def test_the_links_comments_say_a_tie_in_korean_and_in_polish():
    play = _play([15, 15, 12], [10, 10, 8], (0, 1), "shared", 12)
    with language("ko"):
        ko = share.comments(play)
    with language("pl"):
        pl = share.comments(play)
    assert ko == "Splendor Companion: 4라운드. Ana, Ben 님이 명성 점수와 구매한 개발 카드 수까지 같아 공동 승리입니다."
    assert "Ana i Ben" in pl and "wspólne zwycięstwo" in pl
    # English, the app's default and the CLI's, is unchanged
    assert share.comments(play) == ("Splendor Companion: 4 rounds. Ana and Ben tied on points "
                                    "and purchased cards: a shared victory.")


def test_an_unfinished_game_is_refused_in_the_apps_language():
    lines = text_lines(finished_lines(2))[:-1]
    with pytest.raises(share.ShareError) as err:
        share.finished_game(lines)
    with language("pl"):
        said = sharing.say(err.value)   # the facts, said in the player's language
    assert said.startswith("Ta gra jeszcze się nie skończyła")
    assert "teraz gra" in said


def test_the_cli_stays_english_whatever_the_environment(tmp_path):
    path = tmp_path / "game.jsonl"
    write_record(path, finished_lines(2)[:-1])
    env = dict(os.environ, SPLENDOR_LANG="pl", LANG="pl_PL.UTF-8", LANGUAGE="pl")
    done = subprocess.run([sys.executable, "-m", "companion", "share", str(path)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 1
    assert done.stderr.startswith("This game is not finished yet"), done.stderr
