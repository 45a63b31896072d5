"""Judging single presses: what the players are told, and that nothing changes on a refusal."""
from __future__ import annotations

import copy

import pytest

from companion.engine import (EndTurn, Game, ReserveBlind, ReserveCard, Setup, SimulatedTable,
                              TakeGems)
from companion.referee import Referee
from companion.referee import expected_observation, judge
from tests.referee.table_play import TablePlay

from .referee_helpers import fast_dir, said

SETUP = Setup(first=0, nobles=("N03", "N07", "N01"),
              market=(("1W01", "1U04", "1R02", "1K07"), ("2G01", "2W05", "2R03", "2K02"),
                      ("3U02", "3W01", "3G04", "3R03")))


def game_after(*actions) -> Game:
    game = Game(["Ana", "Ben"], SETUP)
    for a in actions:
        game.push(a)
    return game


def table_after_take(game: Game, gems) -> dict:
    after = copy.deepcopy(expected_observation(game))
    for c, n in gems.items():
        after["bank"][c] -= n
    return after


def test_two_from_a_pile_of_three_is_refused_with_what_to_put_back():
    # Ana takes red, blue, green; Ben takes something else; Ana then takes 2 red from 3.
    game = game_after(TakeGems(0, (0, 1, 1, 1, 0, 0)), EndTurn(0),
                      TakeGems(1, (1, 1, 0, 0, 1, 0)), EndTurn(1))
    before = game.snapshot()
    v = judge(game, table_after_take(game, {"red": 2}), 0)
    assert (v.kind, v.rule) == ("rejected", "take-two-needs-four")
    assert "Only 3 red tokens" in said(game, v)
    assert "Put the 2 red back in the bank" in said(game, v)
    assert "2 of one colour from a pile of 4 or more" in said(game, v)
    assert game.snapshot() == before


def test_a_legal_take_is_accepted_with_a_sentence():
    game = game_after()
    v = judge(game, table_after_take(game, {"white": 1, "blue": 1, "black": 1}), 0)
    assert v.kind == "accepted"
    assert v.lines == ({"type": "take", "player": 0, "gems": {"white": 1, "blue": 1,
                                                                "black": 1}},
                       {"type": "end_turn", "player": 0})
    assert said(game, v) == "Ana took 1 white, 1 blue and 1 black."


def test_wrong_seat_and_finished_game():
    game = game_after()
    v = judge(game, table_after_take(game, {"white": 1, "blue": 1, "black": 1}), 1)
    assert (v.kind, v.rule) == ("rejected", "not-your-turn")
    assert said(game, v).startswith("It is Ana's turn, not Ben's")


@pytest.mark.parametrize("change, words", [
    ({"busy": True}, "covering the table"),
    ({"mat": False}, "can't see the mat"),
    ({"bank": {"white": 4}}, "incomplete"),
])
def test_unreadable_tables_say_what_to_clear(change, words):
    game = game_after()
    obs = table_after_take(game, {"white": 1, "blue": 1, "black": 1})
    obs.update(change)
    v = judge(game, obs, 0)
    assert v.kind == "unreadable" and words in said(game, v)


def test_uncertain_lane_matters_only_when_it_changed():
    game = game_after()
    obs = table_after_take(game, {"white": 1, "blue": 1, "black": 1})
    obs["uncertain"] = ["bank.blue"]
    v = judge(game, obs, 0)
    assert v.kind == "unreadable" and "the blue lane of the bank" in said(game, v)
    obs["uncertain"] = ["bank.red"]  # unchanged lane: the turn doesn't depend on it
    assert judge(game, obs, 0).kind == "accepted"


def test_an_uncertain_lane_read_as_it_was_matters_when_another_count_explains_the_turn():
    """The camera's guess for an uncertain lane can equal the old count though the player took
    from it. Ana takes 2 green from 4; the green lane is uncertain and read as 4: judged as
    read it is no action, but 2 green would be a legal take, so the camera must look again
    (a whole game with hands near the mat rejected such a press: "no main action yet")."""
    game = game_after()
    obs = table_after_take(game, {"green": 2})
    obs["bank"]["green"] = 4
    obs["uncertain"] = ["bank.green"]
    v = judge(game, obs, 0)
    assert v.kind == "unreadable" and "the green lane of the bank" in said(game, v)
    assert v.data == {"uncertain": ["bank.green"]}
    # Ana takes white, blue, green; green read as it was: as read, a take of two colours
    # where three are there (refused), but one green fewer is a legal take of three.
    obs = table_after_take(game, {"white": 1, "blue": 1, "green": 1})
    obs["bank"]["green"] = 4
    obs["uncertain"] = ["bank.green"]
    v = judge(game, obs, 0)
    assert v.kind == "unreadable" and "the green lane of the bank" in said(game, v)
    # Told the truth, the same presses are judged.
    obs["bank"]["green"] = 3
    obs["uncertain"] = []
    assert judge(game, obs, 0).kind == "accepted"


def test_an_uncertain_lane_no_other_count_of_which_changes_the_verdict_does_not_matter():
    # A refusal that no count of the uncertain (untouched) red lane would make legal stands.
    game = game_after(TakeGems(0, (0, 1, 1, 1, 0, 0)), EndTurn(0),
                      TakeGems(1, (1, 1, 0, 0, 1, 0)), EndTurn(1))
    obs = table_after_take(game, {"white": 2})
    obs["uncertain"] = ["bank.black"]
    v = judge(game, obs, 0)
    assert (v.kind, v.rule) == ("rejected", "take-two-needs-four")


def test_card_in_two_places_and_token_in_wrong_lane_are_said_plainly():
    game = game_after()
    obs = table_after_take(game, {"white": 1, "blue": 1, "black": 1})
    obs["scan"] = "1W01"
    v = judge(game, obs, 0)
    assert v.kind == "unreadable"
    assert "Card 1W01 is seen in two places (level 1, slot 1 and the scan zone)" in said(game, v)
    obs = table_after_take(game, {"white": 1, "blue": 1, "black": 1})
    obs["bank"]["red"] = 5
    v = judge(game, obs, 0)
    assert v.kind == "unreadable"
    assert "The red lane holds 5 tokens, but a 2-player game has only 4" in said(game, v)


def test_unrefilled_slot_and_unreadable_new_card():
    table = SimulatedTable(players=2, seed=5)
    game = table.new_game()
    p = game.active
    card = game.market[0][2].id
    obs = expected_observation(game)
    obs["market"]["1"][2] = None
    obs["bank"]["gold"] -= 1
    v = judge(game, obs, p)
    assert (v.kind, v.rule) == ("rejected", "reveal-missing")
    assert "Slot 3 of level 1 is empty" in said(game, v)
    obs["market"]["1"][2] = "?"
    v = judge(game, obs, p)
    assert v.kind == "unreadable" and "level 1, slot 3 can't be read" in said(game, v)
    obs["market"]["1"][2] = table.decks[1][-1]
    v = judge(game, obs, p)
    assert v.kind == "accepted"
    assert v.lines[0] == ReserveCard(p, card).to_line()
    assert v.lines[1] == {"type": "reveal", "level": 1, "slot": 2, "card": table.decks[1][-1]}


def test_blind_reserve_asks_which_deck_unless_the_card_is_shown():
    table = SimulatedTable(players=3, seed=8)
    game = table.new_game()
    p = game.active
    obs = expected_observation(game)
    obs["bank"]["gold"] -= 1
    v = judge(game, obs, p)
    assert (v.kind, v.question, v.candidates) == ("question", "deck", (1, 2, 3))
    ref = Referee(list(game.names), game.first)
    ref.game = game
    ref.pending_question = v
    bad = ref.answer(7)
    assert bad.kind == "question" and "7 is not one of the choices" in said(game, bad)
    final = ref.answer(2)
    assert final.kind == "accepted" and final.asked == "deck"
    assert final.lines[0] == ReserveBlind(p, 2).to_line()
    assert game.decks[1] == table.new_game().decks[1] - 1
    # Shown in the scan zone: no question, the card is recorded.
    game2 = table.new_game()
    obs["scan"] = table.decks[3][-1]
    v = judge(game2, obs, p)
    assert v.kind == "accepted"
    assert v.lines[0] == {"type": "reserve", "player": p, "level": 3,
                          "card": table.decks[3][-1]}


def test_noble_question_and_forgotten_tile():
    """Search seeded games (tiles never taken) for both noble cases."""
    asked = told = False
    for seed in range(60):
        play = TablePlay(4, seed, take_tile_probability=0.0)
        ref = Referee(list(play.names), play.setup.first)
        ref.confirm_setup(play.setup)
        while not play.finished and not (asked and told):
            turn = play.play_turn()
            v = ref.press(turn.seat, observation=turn.observation)
            if v.kind == "question" and v.question == "noble":
                assert len(v.candidates) >= 2 and "which one visits" in said(ref.game, v)
                v = ref.answer(play.answer_for(v, ref.game, turn))
                assert v.kind == "accepted" and v.asked == "noble"
                asked = True
            while v.kind == "question":
                v = ref.answer(play.answer_for(v, ref.game, turn))
            if any(line["type"] == "noble" for line in v.lines) and v.asked != "noble":
                # said of the game before the turn (the referee has applied it)
                before = copy.deepcopy(ref.game)
                for _line in v.lines:
                    before.pop()
                assert v.data.get("noble_tile") and "take the tile of noble" in said(before, v)
                told = True
            assert v.kind == "accepted"
            assert ref.game.snapshot() == turn.state
        if asked and told:
            break
    assert asked and told


def test_unchanged_table_is_no_action():
    game = game_after()
    v = judge(game, expected_observation(game), 0)
    assert (v.kind, v.rule) == ("rejected", "no-action")
    assert "Make one action" in said(game, v)


def test_touch_entry_referees_a_game_without_camera():
    d = fast_dir()
    ref = Referee.start(["Ana", "Ben"], first=0, data_dir=d)
    v = ref.entry(SETUP.to_line())
    assert v.kind == "accepted" and ref.game is not None
    assert ref.entry({"type": "take", "player": 0, "gems": {"gold": 1}}).rule == "take-gold"
    assert ref.entry({"type": "take", "player": 0, "gems": {"pink": 1}}).rule == "malformed"
    v = ref.entry({"type": "take", "player": 0, "gems": {"red": 1, "blue": 1, "green": 1}})
    assert v.kind == "entered" and ref.game.turn == 0
    v = ref.entry({"type": "end_turn", "player": 0})
    assert v.kind == "accepted" and ref.game.turn == 1
    assert [line["type"] for line in v.lines] == ["take", "end_turn"]
    # A turn half entered survives a restart, then is taken back by undo.
    ref.entry({"type": "reserve", "player": 1, "card": "2R03"})
    ref.close()
    again = Referee.resume(d)
    assert again.game.main is not None and again.game.turn == 1
    assert again.undo() == [{"type": "reserve", "player": 1, "card": "2R03"}]
    assert again.game.main is None
    undone = again.undo()
    assert [line["type"] for line in undone] == ["take", "end_turn"]
    assert again.game.turn == 0
    again.close()
    again = Referee.resume(d)
    assert again.game.turn == 0 and len(again.record()) == 2
    again.close()
