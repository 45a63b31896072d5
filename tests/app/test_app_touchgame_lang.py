"""A whole game by touch in Polish (fast suite) and in Korean (slow): the language switched by a
touch in Settings, then Home to Game over by touches only, with the real referee and journal.
Every screen met on the way shows no English sentence of the catalogs, and the winner is right.
"""
import random
import re

import pytest

from companion.engine import Game
from companion.engine.record import parse_event
from companion.i18n import Translator, live
from tests.app.conftest import pump, tap_target, texts, wait_until
from tests.app.touchplay import greedy, play_turn, start_game_by_touch

PLACEHOLDER = re.compile(r"\{[^}]*\}")


def english_fragments(lang: str) -> list:
    """Pieces of the catalogs' English (between placeholders, 12 characters or more, with a
    space) whose translation does not keep them: none of them may show on a screen."""
    import gettext
    from companion.i18n import LOCALE_DIR
    catalog = gettext.translation("companion", str(LOCALE_DIR), languages=[lang])
    out = set()
    for msgid, msgstr in catalog._catalog.items():
        if isinstance(msgid, tuple):            # a plural form: (msgid, index)
            msgid = msgid[0]
        if not msgid or "\x04" in msgid:
            msgid = msgid.split("\x04")[-1] if msgid else msgid
        if not msgid:
            continue
        for piece in PLACEHOLDER.split(msgid):
            piece = piece.strip(" .,:;()\n")
            if len(piece) >= 12 and " " in piece and piece not in msgstr:
                out.add(piece)
    return sorted(out)


def assert_in_language(lang: str, fragments: list, where: str) -> None:
    from tests.i18n.idwords import has_id
    shown = texts()
    english = [f for f in fragments if f in shown]
    assert not english, f"English on the {where} screen in {lang}: {english[:5]}\n{shown}"
    # Cards and nobles by what is printed on them (the old verdicts said "kupuje kartę 1W01").
    assert not has_id(shown), f"A sticker id on the {where} screen in {lang}:\n{shown}"


def _whole_game(ui, lang, seed, rng_seed):
    fragments = english_fragments(lang)
    assert len(fragments) > 300
    ui.go("settings")
    pump(frames=2)
    tap_target(f"language:{lang}")              # the player's touch switches the whole app
    ui.go("home")
    pump(frames=2)
    assert_in_language(lang, fragments, "home")
    table = start_game_by_touch(ui, players=2, seed=seed)
    ctl = ui.ctl
    truth = Game(table.names, table.setup)
    rng = random.Random(rng_seed)
    turns = 0
    while not ctl.game.finished:
        for line in play_turn(ui, table, rng, use_seat_button=turns % 3 != 2, pick=greedy):
            truth.push(parse_event(line, truth.n))
        if turns % 4 == 0:                       # the Play screen with the verdict said
            assert_in_language(lang, fragments, "play")
        turns += 1
        assert turns < 200
    wait_until(lambda: ui.sm.current == "gameover", what="the Game over screen")
    assert truth.outcome == ctl.game.outcome and truth.snapshot() == ctl.game.snapshot()
    assert_in_language(lang, fragments, "game over")
    t = Translator(lang)
    shown = texts()
    winner = truth.names[truth.outcome.winners[0]]
    assert t.gettext("{name} (winner)").format(name=winner) in shown.split("\n"), shown
    assert f"{winner} (winner)" not in shown           # the old Game over screen's English
    loser = truth.names[1 - truth.outcome.winners[0]]
    assert t.gettext("{name} (winner)").format(name=loser) not in shown
    return turns


@pytest.fixture
def lang_ui(ui):
    yield ui
    live.tr.switch("en")        # the shared window goes back to English for the other tests
    pump(frames=2)


@pytest.mark.slow
def test_a_whole_game_by_touch_in_polish(lang_ui):
    turns = _whole_game(lang_ui, "pl", seed=43, rng_seed=6)     # 46 turns
    assert turns >= 20


@pytest.mark.slow
def test_a_whole_game_by_touch_in_korean(lang_ui):
    turns = _whole_game(lang_ui, "ko", seed=57, rng_seed=2)     # 48 turns
    assert turns >= 20
