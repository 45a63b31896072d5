"""The Play screen's words and decisions (companion.ui.play_view), and their place on screen."""
from companion.engine import CARDS, SimulatedTable
from companion.engine.actions import EndTurn, TakeGems
from companion.ui import play_view as V
from companion.app.viewmodel import TurnEntry
from tests.app.conftest import pump, tap_target, texts, wait_until
from tests.app.tablestates import find_state, start_in_app
from tests.app.touchplay import three_gems_picked


class Verdict:
    def __init__(self, kind):
        self.kind = kind


def test_messages_carry_no_rule_codes_or_record_names():
    said = V.verdict_text(Verdict("rejected"),
                          "(take-three-distinct): Take three tokens of different colours.")
    assert said == "Not accepted: Take three tokens of different colours."
    said = V.plain("Noted. Press the seat's button or enter end_turn to finish the turn.")
    assert "end_turn" not in said and "tap End turn" in said


def test_an_unaffordable_card_says_why_buy_is_missing():
    game = SimulatedTable(2, seed=3).new_game()
    cid = next(c.id for c in game.market[2] if c is not None)      # level 3: never at start
    choice = V.card_choices(game, game.active, cid)
    assert [t for _, _, t in choice.choices] == ["reserve", "cancel"]
    need = V.shortfall(game, game.active, cid)
    assert sum(need.values()) == sum(CARDS[cid].cost)
    assert f"can't buy it yet: it needs {V.gem_list(need, more=True)}" in choice.title
    assert "(" not in choice.title.split("\n")[1]        # no codes, no ids in the reason


def test_one_qualifying_noble_is_not_a_choice():
    for players, state, words in ((2, "noble-1", "tap the noble to take it"),
                                  (2, "noble-2", "could visit")):
        table, lines = find_state(players, state)
        game = table.new_game()
        from companion.engine.record import parse_event
        for line in lines:
            game.push(parse_event(line, game.n))
        p = V.prompt(TurnEntry(game), None, False, game.names, {})
        assert words in p.hint and "choose one" not in p.hint
        assert len(p.nobles) == 1 if state == "noble-1" else len(p.nobles) >= 2


def test_undo_says_what_to_put_back_on_the_table():
    game = SimulatedTable(2, seed=3).new_game()
    before = V.table_facts(game)
    game.push(TakeGems(game.active, (1, 1, 1, 0, 0, 0)))
    game.push(EndTurn(0))
    after = V.table_facts(game)
    game.undo_turn()
    said = V.undo_words(after, V.table_facts(game))
    assert said == f"Taken back. {game.names[0]} puts 1 white, 1 blue and 1 green back in the bank."
    assert V.undo_words(before, V.table_facts(game)) == "There is nothing to take back."


def test_undo_on_screen_names_the_tokens_to_put_back(ui):
    table = three_gems_picked(ui)
    tap_target("take")
    tap_target("end")
    wait_until(lambda: ui.ctl.game.turn == 1, what="the turn to be accepted")
    tap_target("undo")
    # The undo is queued at the referee's door like a press: wait for its snapshot.
    wait_until(lambda: ui.ctl.game.turn == 0, what="the turn to be taken back")
    pump(frames=2)
    name = table.names[table.setup.first]
    assert f"{name} puts 1 white, 1 blue and 1 green back in the bank." in texts()


def test_room_for_the_computers_move_comes_from_the_players_panels_first():
    # No move shown: nothing changes.
    assert V.computer_room(False, True, 4, 54, 31, 2, True, 400, 100) == V.Room()
    # Landscape: the panels fold only when the prompt is taller than the room under them.
    assert V.computer_room(True, True, 4, 54, 31, 2, True, 140, 142) == V.Room()
    assert V.computer_room(True, True, 4, 54, 31, 2, True, 270, 142) == V.Room(True, 2)
    assert V.computer_room(True, True, 4, 54, 31, 2, False, 270, 142) == V.Room(True, 1)
    # Three players whose folded panels fit three to a row: one row (a quarter-height card
    # with Polish words needs that row's room).
    assert V.computer_room(True, True, 3, 54, 31, 2, True, 270, 142, trio=True) == \
        V.Room(True, 3)
    # Portrait: the prompt gets the room the folded panels free on top of its usual room,
    # or what it needs when that is more (the market gives only the rest).
    four = 4 * 81 + 3 * 2 - (2 * 48 + 2)              # 4 panels open, 2 rows folded: 232 px
    assert V.computer_room(True, False, 4, 81, 48, 2, True, 200, 0, 48) == \
        V.Room(True, 2, 48 + four)
    assert V.computer_room(True, False, 4, 81, 48, 2, True, 330, 0, 48) == V.Room(True, 2, 330)
    assert V.computer_room(True, False, 3, 92, 48, 2, False, 330, 0, 48) == \
        V.Room(True, 1, 330)
    assert V.computer_room(True, False, 2, 104, 48, 2, True, 40, 0, 48) == V.Room(prompt=48)


def test_a_flow_of_buttons_wraps_as_the_screen_lays_them_out():
    assert V.flow_height([], 700, 74, 4) == 0
    assert V.flow_height([326, 326], 700, 74, 4) == 74            # 326 + 4 + 326 fit
    assert V.flow_height([326, 326, 178], 700, 74, 4) == 74 * 2 + 4
    assert V.flow_height([400, 400], 700, 74, 4) == 74 * 2 + 4


def test_a_turns_question_of_many_ways_is_narrowed_seat_by_seat_to_the_turns_played():
    """123 ways (a card reserved, the card dealt in its place reserved, a take): the first seat
    sees its handful of turns, the next seat the cards that could have been dealt, and two
    touches give the index of the sequence played. Small questions stay one tap."""
    from companion.engine import ReserveCard
    from companion.referee.forgotten import judge_forgotten
    from companion.ui.play_view import TURNS_AT_ONCE, _keys, turns_choices
    from tests.referee.test_forgotten_press import Table, take
    table = Table(players=4, seed=3)
    game = table.sim.new_game()
    first = table.truth.market[0][2].id
    table.play(lambda p: ReserveCard(p, first))
    dealt = table.truth.market[0][2].id
    table.play(lambda p: ReserveCard(p, dealt))
    last = table.play(take("white", "blue", "green"))
    v = judge_forgotten(game, [], table.seen(), last)
    truth = [a.to_line() for a in table.truth.history]
    played = next(i for i, seq in enumerate(v.candidates)
                  if [x for t in seq for x in t] == truth)
    assert len(v.options) == 123
    chosen, sizes = (), []
    while True:
        choices = turns_choices(game, v.options, chosen)
        sizes.append(len(choices))
        want = _keys(v.options[played])[len(chosen)]
        value = next(val for val, _parts in choices
                     if val == played or (isinstance(val, tuple) and val[1] == want))
        if not isinstance(value, tuple):
            break
        chosen += (value[1],)
    assert value == played and len(sizes) == 2
    assert sizes[0] <= TURNS_AT_ONCE      # Ana's own turns: no card dealt among them
    assert all(isinstance(val, tuple) for val, _p in turns_choices(game, v.options))


def test_a_refusals_details_are_its_sentences_and_the_rule_broken_said_once():
    """The popup a tap on the red banner opens (issue 33: details on tap): the first sentence
    heads it, each later sentence is a paragraph, then the rule broken in the rulebook's words
    (not when the message says it already, and never its code)."""
    d = V.rejection_details("Not accepted: nothing was paid. Pay the exact cost. Then press "
                            "again.", "payment-mismatch")
    assert d.headline == "Not accepted: nothing was paid."
    assert d.paragraphs == ["Pay the exact cost.", "Then press again.",
                            "The rule: The payment does not match the card's cost after "
                            "bonuses."]
    assert d.close == "Close"
    said = "Not accepted: The payment does not match the card's cost after bonuses."
    assert V.rejection_details(said, "payment-mismatch").paragraphs == []
    # Not a rule of the game (the computer's move): no rule to add.
    assert V.rejection_details("Not accepted: take 3 gems.", "computer-move").paragraphs == []


def test_the_reveals_picker_shows_its_cards_page_by_page_with_nothing_to_scroll(ui):
    """Issue 33, nothing scrolls in ordinary play: the level-1 deck's cards (36 and more) come
    a page at a time, as many as the picker shows whole, with More cards and Back between the
    pages; every card is on one page, and one on the last page is dealt with a tap."""
    from kivy.core.window import Window
    from companion.ui.widgets import SearchPopup
    from tests.app import layout
    from tests.app.tablestates import replay
    ctl = ui.ctl
    table, lines = find_state(2, "reveal")
    start_in_app(ctl, table)
    replay(ctl, lines)
    ui.go("play")
    pump(frames=3)
    tap_target("reveal")
    popup = next(w for w in Window.children if isinstance(w, SearchPopup))
    level = int(popup.title.split("level ")[1][0])
    choices = ctl.entry.reveal_choices(level, "")
    assert len(choices) > 12
    pages = []
    while True:
        pump(frames=2)
        assert not layout.scrolling(ui), layout.scrolling(ui)
        assert not layout.problems(ui), layout.problems(ui)
        pages.append([w.target[len("pick:"):] for w in reversed(popup.ids.results.children)])
        if popup.page == popup.pages - 1:
            break
        tap_target("page:next")
    assert len(pages) == popup.pages > 1
    seen = [c for page in pages for c in page]
    assert sorted(seen) == sorted(choices) and len(set(seen)) == len(seen)
    tap_target("page:back")
    pump(frames=2)
    assert [w.target for w in reversed(popup.ids.results.children)] == [
        f"pick:{c}" for c in pages[-2]]
    tap_target("page:next")
    card = pages[-1][-1]
    tap_target(f"pick:{card}")
    pump(frames=2)
    assert any(c is not None and c.id == card for c in ctl.entry.game.market[level - 1])
