"""The setup guide and its camera checks: in English the words of the English-only guide they
replaced (``english_words.json``, taken from it before it was removed; its one sentence naming
a card by sticker id now names it by what is printed on it), and whole sentences in Polish and
Korean."""
import json
from pathlib import Path

import pytest

from companion.engine.simulate import SimulatedTable
from companion.i18n import guide, translator
try:
    from companion.referee_judge import expected_observation
except ImportError:     # the referee as a package
    from companion.referee import expected_observation

ENGLISH = json.loads((Path(__file__).parent / "english_words.json").read_text(encoding="utf-8"))


def _observations(players):
    game = SimulatedTable(players=players, seed=players).new_game()
    good = expected_observation(game)
    bad = expected_observation(game)
    bad["bank"]["white"] = 9
    bad["bank"]["gold"] = 1
    bad["uncertain"] = ["bank.red"]
    bad["decks"]["2"] = False
    bad["market"]["1"][0] = None
    bad["market"]["2"][1] = "?"
    bad["market"]["3"][2] = "1W01"
    bad["nobles"] = [None, "?"] + bad["nobles"][2:4] + ["N01"]
    return [None, {"mat": False}, {"mat": True, "busy": True}, good, bad]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_english_is_the_guides_words(players):
    translator.set_language("en")
    assert [list(vars(s).values()) for s in guide.setup_steps(players)] == \
        ENGLISH["setup_steps"][str(players)]
    observations = _observations(players)
    for i, step, words in ENGLISH["check_step"][str(players)]:
        assert guide.check_step(step, observations[i], players) == words, (i, step)


@pytest.mark.parametrize("lang", ["pl", "ko"])
def test_the_guide_in(lang):
    translator.set_language(lang)
    try:
        for players in (2, 3, 4):
            steps = guide.setup_steps(players)
            assert [s.key for s in steps] == ["tokens", "cards", "nobles", "confirm"]
            for s in steps:
                assert s.text and "{" not in s.text
            for obs in _observations(players):
                for step in ("tokens", "cards", "nobles"):
                    for sentence in guide.check_step(step, obs, players):
                        assert "{" not in sentence and sentence[-1] in ".?!", sentence
        if lang == "pl":
            assert guide.setup_steps(2)[0].text.startswith(
                "Zostaw w skarbcu po 4 znaczniki klejnotów każdego koloru")
            assert guide.setup_steps(4)[0].text.startswith(
                "Zostaw w skarbcu po 7 znaczników klejnotów")
    finally:
        translator.set_language("en")


def test_banner_and_outcome_in_english():
    """The outcome: the English-only twin's words (english_words.json); the banner: what the
    Play screen shows (its only copy now)."""
    from companion.engine.simulate import play_random_game
    from companion.i18n import table
    from companion.ui.play_view import banner_text
    translator.set_language("en")
    for seed in range(12):
        game = play_random_game(players=2 + seed % 3, seed=seed).game
        assert table.outcome_text(game) == ENGLISH["outcome_text"][str(seed)]
        assert banner_text(game) == "The game is over."
    fresh = SimulatedTable(players=3, seed=1).new_game()
    assert banner_text(fresh) == f"{fresh.names[fresh.active]} to play."
    translator.set_language("pl")
    try:
        assert banner_text(fresh) != f"{fresh.names[fresh.active]} to play."
        assert fresh.names[fresh.active] in banner_text(fresh)
    finally:
        translator.set_language("en")
