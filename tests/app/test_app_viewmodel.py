"""The view-model without Kivy: setup guide checks, card search, a game entered line by line.
(The setup guide and the outcome are the ones the screens call, in English.)"""
import random

import pytest

from companion.engine import ReserveBlind, ReturnGems, SimulatedTable
from companion.engine.record import game_from_lines, record_lines
from companion.i18n.guide import check_step, draft_words, setup_steps
from companion.i18n.table import outcome_text
from companion.ui.play_view import banner_text
from companion.app.controller import Controller
from companion.app.viewmodel import DraftRefused, SetupDraft, TableView, ranking, search_cards


def test_setup_steps_name_the_tokens_to_put_back():
    two = {s.key: s.text for s in setup_steps(2)}
    assert "Keep 4 tokens of each gem colour and all 5 gold" in two["tokens"]
    assert "Put 3 of each gem colour back" in two["tokens"]
    assert "reveal 3 of them" in two["nobles"]
    four = {s.key: s.text for s in setup_steps(4)}
    assert "Keep 7" in four["tokens"] and "back in the box" not in four["tokens"]
    assert "reveal 5 of them" in four["nobles"]


def _observation(bank=None, market=None, nobles=None):
    return {"mat": True, "busy": False, "uncertain": [],
            "bank": bank or {"white": 4, "blue": 4, "green": 4, "red": 4, "black": 4, "gold": 5},
            "decks": {"1": True, "2": True, "3": True},
            "market": market or {"1": ["1W01", "1U04", "1R02", "1K07"],
                                 "2": ["2G01", "2W05", "2R03", "2K02"],
                                 "3": ["3U02", "3W01", "3G04", "3R03"]},
            "nobles": nobles or ["N03", "N07", "N01", None, None]}


def test_camera_check_ticks_a_right_table_and_says_what_is_wrong():
    obs = _observation()
    assert check_step("tokens", obs, 2) == []
    assert check_step("cards", obs, 2) == []
    assert check_step("nobles", obs, 2) == []
    wrong = _observation(bank={"white": 5, "blue": 4, "green": 4, "red": 4, "black": 4, "gold": 5},
                         market={"1": ["1W01", "?", "2R02", None], "2": ["2G01", "2W05", "2R03",
                                                                       "2K02"],
                                 "3": ["3U02", "3W01", "3G04", "3R03"]},
                         nobles=["N03", None, "N01", "N02", None])
    assert check_step("tokens", wrong, 2) == ["The white lane holds 5; it needs 4."]
    cards = check_step("cards", wrong, 2)
    assert "Level 1, slot 2: the card's tag can't be read; straighten the card." in cards
    # Named by what is printed on the card, not by its sticker id 2R02.
    assert ("Level 1, slot 3 holds the level-2 red card worth 1 point that costs 2 white, "
            "2 red and 3 black, which is not a level 1 card.") in cards, cards
    assert "Level 1, slot 4 is empty: deal a card there." in cards
    assert check_step("nobles", wrong, 2) == [
        "Noble slot 2 is empty: reveal a noble there.",
        "Noble slot 4 should stay empty with 2 players."]
    assert "can't find the mat" in check_step("tokens", {"mat": False}, 2)[0]
    # Two corner markers that look covered: an arm over them, or the frame's edge across them
    # while the camera is being set up; the sentence sends the player to both.
    corners = {"mat": False, "busy": True, "covered": ["markers.1", "markers.2"]}
    assert check_step("tokens", corners, 2) == [
        "The camera can't see the mat's top-right and bottom-right corners: move any hand off "
        "the mat and make sure all of it is in the camera's view, then read the table again."]
    # A hand over places: those places, as the referee names them.
    assert check_step("tokens", {"mat": True, "busy": True, "covered": ["bank.red"]}, 2) == [
        "A hand is over the red lane: move it, then read the table again."]


def test_card_search_by_id_and_by_cost():
    assert search_cards("2r0")[:1] == ["2R01"]
    assert all(c.startswith("2R0") for c in search_cards("2r0"))
    by_cost = search_cards("6w 3u 3k", level=3)
    assert by_cost == ["3U02"]
    assert search_cards("3u6w3k", level=3) == ["3U02"]
    assert search_cards("zz") == []


def test_a_noble_is_found_by_the_bonuses_it_asks_for():
    """The noble's search field says "by the bonuses it asks for" and its keys are the gems:
    what they type finds the nobles (it found only ids, which are not on screen)."""
    from companion.app.viewmodel import search_nobles
    assert search_nobles("4r 4k") == ["N01"]
    assert search_nobles("4K4R") == ["N01"]
    assert search_nobles("3g") == ["N06", "N07", "N10"]
    assert search_nobles("n03") == ["N03"]          # a physical keyboard's shortcut
    assert search_nobles("5r") == [] and search_nobles("4x") == [] and search_nobles("4") == []
    d = SetupDraft(2, first=0)
    d.put(("noble", 0), "N06")
    assert d.choices(("noble", 1), "3g") == ["N07", "N10"]   # one noble is on the table already


def test_the_camera_fills_the_draft_with_the_cards_and_nobles_it_read():
    """What read-table saw goes into its slots, over what was typed there (the camera sees
    the real table); a slot it could not read keeps its entry; a card of the wrong level or an
    id shown twice stays out."""
    d = SetupDraft(2, first=0)
    d.put(("market", 3, 0), "3W01")           # typed by a player before the camera looked
    d.put(("market", 1, 2), "1U04")
    d.take_reading(_observation(market={"1": ["1W01", "2G01", None, "1K07"],
                                        "2": ["2G01", "2W05", "2R03", "2K02"],
                                        "3": ["3U02", "3W01", "3G04", "3R03"]},
                                nobles=["N03", "N03", "N99", None, None]))
    assert d.market[0] == ["1W01", None, "1U04", "1K07"]
    assert d.market[1] == ["2G01", "2W05", "2R03", "2K02"]
    assert d.market[2] == ["3U02", "3W01", "3G04", "3R03"]
    assert d.nobles == ["N03", None, None]
    assert not d.complete


def test_view_model_docstring_examples_run():
    import doctest
    import companion.app.viewmodel as vm
    assert doctest.testmod(vm, optionflags=doctest.ELLIPSIS).failed == 0


def test_setup_draft_refuses_a_card_twice_and_a_wrong_level():
    d = SetupDraft(2, first=1)
    d.put(("market", 1, 0), "1W01")
    with pytest.raises(DraftRefused) as twice:
        d.put(("market", 1, 1), "1W01")
    assert (twice.value.cause, twice.value.facts) == ("already-on-table",
                                                      {"ident": "1W01", "kind": "card"})
    assert "already on the table" in draft_words(twice.value)
    with pytest.raises(DraftRefused) as level:
        d.put(("market", 2, 0), "1U04")
    assert "not a level 2 card" in draft_words(level.value)
    assert "1W01" not in d.choices(("market", 1, 1))
    assert not d.complete


def _play_by_entry(ctl, table, rng):
    """Random legal play entered line by line through the controller (like touches)."""
    while not ctl.game.finished:
        e = ctl.entry
        options = list(e.game.legal_main_actions())
        action = rng.choice(options)
        if type(action) is ReserveBlind:
            action = table.blind_reserve(action, scan=True)
        assert ctl.send(action.to_line()).kind == "entered"
        while True:
            step = e.step()
            if step[0] == "reveal":
                card = table.draw(step[1])
                ctl.send(e.reveal_line(step[1], step[2], card))
            elif step[0] == "return":
                ends = [a for a in e.game.legal_end_steps() if type(a) is ReturnGems
                        and sum(a.gems) == step[1]]
                ctl.send(ends[0].to_line())
            elif step[0] == "noble":
                ctl.send(e.noble_line(step[1][0]))
            else:
                break
        ctl.press_button(ctl.button_of[ctl.game.active])


def test_a_whole_game_entered_by_touch_lines_matches_the_engine(tmp_path):
    ctl = Controller(tmp_path, threaded=False)
    table = SimulatedTable(players=3, seed=5)
    assert ctl.new_game(["Ana", None, "Ben", "Cleo"], first=table.setup.first) == []
    assert ctl.button_of == [0, 2, 3]
    d = ctl.draft
    for slot in d.slots():
        d.put(slot, (table.setup.nobles[slot[1]] if slot[0] == "noble"
                     else table.setup.market[slot[1] - 1][slot[2]]))
    assert ctl.confirm_setup() == []
    _play_by_entry(ctl, table, random.Random(3))
    game = ctl.game
    replayed = game_from_lines(list(record_lines(game)))
    assert replayed.outcome == game.outcome
    rows = ranking(game)
    assert [r["points"] for r in rows] == sorted(game.outcome.points, reverse=True)
    assert rows[0]["winner"]
    assert "wins" in outcome_text(game) or "shared victory" in outcome_text(game)
    view = TableView.of(game)
    assert view.finished and banner_text(game) == "The game is over."


def test_new_game_problems_are_sentences(tmp_path):
    ctl = Controller(tmp_path, threaded=False)
    assert ctl.new_game(["Ana", None, None, None], 0) == [
        "A game needs 2 to 4 players: type a name at each occupied seat."]
    assert "same name" in ctl.new_game(["Ana", "ana", None, None], 0)[0]
    assert ctl.ref is None


def test_a_still_read_through_the_camera_keeps_its_overlay(tmp_path):
    # The camera view shows what was read: the reader the referee uses draws the overlay.
    import pathlib

    import cv2
    sample = pathlib.Path(__file__).resolve().parents[3] / "shared" / "samples" / "table-v1"
    if not sample.exists():
        sample = pathlib.Path("/work/shared/samples/table-v1")
    image = cv2.imread(str(sample / "sample-1.jpg"))

    class Still:
        def still(self):
            return image

        def close(self):
            pass

    ctl = Controller(tmp_path, camera=Still(), threaded=False)
    reader = ctl._reader()
    obs = reader(image)
    assert obs["mat"] is True and reader.last["observation"] is obs
    overlay = reader.last["overlay"]
    assert overlay.shape == image.shape
    changed = (overlay != image).any(axis=2).mean()
    assert 0.001 < changed < 0.5  # marks drawn on the still, the still itself kept
