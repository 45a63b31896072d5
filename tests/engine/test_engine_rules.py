"""Every ruling of rules.md and every rule code, each with a legal and an illegal case."""
from __future__ import annotations

import itertools

import pytest

from companion.engine import (BlindCard, BuyCard, ClaimNoble, EndTurn, IllegalActionError,
                              PassTurn, ReserveBlind, ReserveCard, ReturnGems, RevealCard, Rules,
                              TakeGems, starting_bank)

from .helpers import bon, new_game, position, tok


def rejects(game, action, rule):
    before = game.snapshot()
    with pytest.raises(IllegalActionError) as info:
        game.push(action)
    assert info.value.rule == rule, info.value
    assert game.snapshot() == before, "a rejected action must change nothing"
    return info.value   # the refusal: its reason and facts (companion.i18n says them)


def finish_turn(game, seat):
    for level, slot in game.slots_to_reveal():
        card = sorted(game.unseen[level - 1])[0]
        game.push(RevealCard(level, slot, card))
    game.push(EndTurn(seat))


# --------------------------------------------------------------------------- setup
@pytest.mark.parametrize("players,gems,nobles", [(2, 4, 3), (3, 5, 4), (4, 7, 5)])
def test_setup_bank_and_nobles_follow_player_count(players, gems, nobles):
    game = new_game(players)
    assert game.bank == (gems,) * 5 + (5,)
    assert starting_bank(players) == game.bank
    assert len(game.nobles) == nobles
    assert [game.deck_size(lv) for lv in (1, 2, 3)] == [36, 26, 16]


def test_setup_with_wrong_noble_count_is_malformed():
    from companion.engine import MalformedError
    with pytest.raises(MalformedError) as err:
        new_game(2, nobles=("N01", "N02"))
    assert (err.value.reason, err.value.facts) == ("nobles-count", {"players": 2, "count": 2})


# --------------------------------------------------------------------------- takes
def test_take_three_distinct_is_legal():
    game = new_game()
    game.push(TakeGems(0, tok(white=1, blue=1, red=1)))
    assert game.tokens[0] == tok(white=1, blue=1, red=1)
    assert game.bank == (3, 3, 4, 3, 4, 5)


def test_take_two_of_a_colour_needs_four_in_pile():
    game = new_game()
    game.push(TakeGems(0, tok(red=2)))  # 4 in the pile: legal
    finish_turn(game, 0)
    err = rejects(game, TakeGems(1, tok(red=2)), "take-two-needs-four")  # 2 left
    assert err.facts == {"colour": 3, "n": 2}


def test_take_two_from_empty_pile_is_still_take_two_needs_four():
    game = position(new_game(), 0, bank=(4, 4, 4, 0, 4, 5))
    rejects(game, TakeGems(0, tok(red=2)), "take-two-needs-four")


def test_take_gold_is_named_first():
    game = new_game()
    rejects(game, TakeGems(0, tok(gold=1, red=1, blue=1)), "take-gold")
    rejects(game, TakeGems(0, tok(gold=2)), "take-gold")


@pytest.mark.parametrize("gems", [tok(red=3), tok(red=2, blue=1), tok(1, 1, 1, 1, 0),
                                  tok(red=1, blue=1)])
def test_illegal_take_shapes(gems):
    game = new_game()
    rejects(game, TakeGems(0, gems), "take-three-distinct")


def test_bank_empty_colour():
    game = position(new_game(), 0, bank=(4, 4, 4, 0, 4, 5))
    game.push(TakeGems(0, tok(white=1, blue=1, green=1)))
    game.pop()
    rejects(game, TakeGems(0, tok(white=1, blue=1, red=1)), "bank-empty")


def test_short_take_when_scarce_default():
    game = position(new_game(), 0, bank=(0, 0, 0, 3, 4, 5))
    game.push(TakeGems(0, tok(red=1, black=1)))  # only 2 colours left: legal
    game.pop()
    game.push(TakeGems(0, tok(black=1)))
    game.pop()
    game = position(new_game(), 0, bank=(0, 0, 1, 3, 4, 5))  # 3 colours left
    rejects(game, TakeGems(0, tok(red=1, black=1)), "take-three-distinct")


def test_short_take_never_and_always():
    never = position(new_game(rules=Rules("never")), 0, bank=(0, 0, 0, 3, 4, 5))
    err = rejects(never, TakeGems(0, tok(red=1, black=1)), "take-three-distinct")
    assert err.reason == "take-short-never"
    always = new_game(rules=Rules("always"))
    always.push(TakeGems(0, tok(red=1, black=1)))
    with pytest.raises(ValueError):
        Rules("sometimes")


def test_gold_never_generated_in_takes():
    game = new_game()
    takes = [a for a in game.legal_main_actions() if type(a) is TakeGems]
    assert len(takes) == 10 + 5  # 3 distinct and 2 of one colour; no short takes
    assert all(a.gems[5] == 0 for a in takes)


# --------------------------------------------------------------------------- turn structure
def test_one_main_action_per_turn():
    game = new_game()
    game.push(TakeGems(0, tok(white=1, blue=1, red=1)))
    rejects(game, TakeGems(0, tok(white=1, blue=1, green=1)), "one-action-per-turn")
    rejects(game, ReserveCard(0, "1W01"), "one-action-per-turn")


def test_end_turn_without_main_action():
    game = new_game()
    rejects(game, EndTurn(0), "no-action")
    rejects(game, ReturnGems(0, tok(red=1)), "no-action")
    rejects(game, ClaimNoble(0, "N03"), "no-action")
    rejects(game, RevealCard(1, 0, "1W02"), "no-action")


def test_not_your_turn_before_anything_else():
    game = new_game()
    rejects(game, TakeGems(1, tok(gold=1)), "not-your-turn")
    rejects(game, EndTurn(1), "not-your-turn")


def test_pass_only_without_a_legal_action():
    game = new_game()
    rejects(game, PassTurn(0), "no-action")
    # No tokens in the bank, 3 reserved cards, nothing affordable: pass is the only move.
    game = position(new_game(), 0, bank=(0, 0, 0, 0, 0, 0), tokens=tok(),
                    reserved=["3U02", "3W01", "3G04"])
    assert list(game.legal_main_actions()) == [PassTurn(0)]
    game.push(PassTurn(0))
    game.push(EndTurn(0))


def test_hidden_blind_reserve_never_makes_pass_illegal():
    game = position(new_game(), 0, bank=(0, 0, 0, 0, 0, 0), tokens=tok(),
                    reserved=[BlindCard(1), BlindCard(1), BlindCard(1)])
    # Level 1 cards can cost little, but the engine can't see which these are.
    game.push(PassTurn(0))


def test_all_players_pass_ends_the_game():
    game = position(new_game(), 0, bank=(0, 0, 0, 0, 0, 0), tokens=tok(),
                    reserved=["3U02", "3W01", "3G04"])
    position(game, 1, tokens=tok(), reserved=["3R03", "2R03", "2W05"])
    game.push(PassTurn(0))
    game.push(EndTurn(0))
    assert not game.finished
    game.push(PassTurn(1))
    game.push(EndTurn(1))
    assert game.finished and game.outcome.reason == "all-passed"
    rejects(game, EndTurn(0), "game-over")


# --------------------------------------------------------------------------- reserve
def test_reserve_face_up_takes_gold_and_needs_reveal():
    game = new_game()
    game.push(ReserveCard(0, "2R03"))
    assert game.tokens[0] == tok(gold=1) and game.bank[5] == 4
    assert game.slots_to_reveal() == [(2, 2)]
    rejects(game, EndTurn(0), "reveal-missing")
    game.push(RevealCard(2, 2, "2U06"))
    game.push(EndTurn(0))


def test_reserve_with_no_gold_left_still_reserves():
    game = position(new_game(), 0, bank=(4, 4, 4, 4, 4, 0))
    game.push(ReserveCard(0, "1W01"))
    assert game.tokens[0] == tok() and len(game.reserved[0]) == 1


def test_reserve_limit():
    game = position(new_game(), 0, reserved=["3U02", "3W01", "3G04"])
    rejects(game, ReserveCard(0, "1W01"), "reserve-limit")
    rejects(game, ReserveBlind(0, 1), "reserve-limit")


def test_reserve_at_ten_tokens_then_return():
    game = position(new_game(), 0, tokens=tok(2, 2, 2, 2, 2, 0))
    game.push(ReserveCard(0, "1W01"))  # 11 tokens now: legal, then return one
    game.push(RevealCard(1, 0, "1W02"))
    rejects(game, EndTurn(0), "tokens-over-ten")
    game.push(ReturnGems(0, tok(gold=1)))  # the just-taken gold may go back
    game.push(EndTurn(0))
    assert sum(game.tokens[0]) == 10


def test_reserve_unavailable_card():
    game = new_game()
    rejects(game, ReserveCard(0, "1W02"), "card-not-available")


def test_blind_reserve_and_empty_deck():
    game = new_game()
    game.push(ReserveBlind(0, 3))
    assert game.deck_size(3) == 15 and game.reserved[0] == (BlindCard(3),)
    game.push(EndTurn(0))
    game = new_game()
    game.decks = (36, 26, 0)
    rejects(game, ReserveBlind(0, 3), "reserve-empty-deck")


def test_blind_reserve_with_private_scan_must_be_unseen():
    game = new_game()
    rejects(game, ReserveBlind(0, 3, "3U02"), "card-not-available")  # face-up, so seen
    rejects(game, ReserveBlind(0, 3, "2U06"), "card-not-available")  # wrong level
    game.push(ReserveBlind(0, 3, "3U01"))
    assert "3U01" not in game.unseen[2]


def test_blind_card_bound_when_bought_only_to_unseen_card():
    game = position(new_game(), 0, reserved=[BlindCard(1)], tokens=tok(2, 2, 2, 2, 2, 0))
    rejects(game, BuyCard(0, "2W01", tok()), "card-not-available")  # no level 2 blind
    game.push(BuyCard(0, "1W03", tok(blue=1, green=2, red=1, black=1)))
    assert game.reserved[0] == () and "1W03" not in game.unseen[0]
    assert game.cards[0] == ("1W03",)


def test_blind_card_seen_elsewhere_is_impossible():
    game = position(new_game(), 0, reserved=[BlindCard(1)], tokens=tok(1, 1, 1, 0, 0, 0))
    game.push(TakeGems(0, tok(white=1, blue=1, green=1)))
    game.push(EndTurn(0))
    game.push(ReserveCard(1, "1W01"))
    game.push(RevealCard(1, 0, "1W03"))  # 1W03 came up, so the blind card can't be it
    game.push(EndTurn(1))
    game.push(TakeGems(0, tok(green=1, red=1, black=1)))
    game.push(EndTurn(0))
    game.push(ReserveCard(1, "1W03"))  # now in Ben's hand, not on the table
    game.push(RevealCard(1, 0, "1W04"))
    game.push(EndTurn(1))
    rejects(game, BuyCard(0, "1W03", tok(blue=1, green=2, red=1, black=1)),
            "card-not-available")
    # 1W02 was never seen, so the hidden reserve may be it.
    game.push(BuyCard(0, "1W02", tok(blue=1, green=1, red=1, black=1)))
    assert game.reserved[0] == () and game.cards[0] == ("1W02",)


# --------------------------------------------------------------------------- buy
def test_buy_pays_after_bonuses():
    # 3U02: 6 white, 3 blue, 3 black, 4 points. With bonuses 2 white 1 blue 1 black.
    game = position(new_game(), 0, bonuses=bon(white=2, blue=1, black=1),
                    tokens=tok(white=4, blue=2, black=2, gold=1))
    game.push(BuyCard(0, "3U02", tok(white=4, blue=2, black=2)))
    assert game.points[0] == 4 and game.bonuses[0] == bon(2, 2, 0, 0, 1)
    assert game.tokens[0] == tok(gold=1)


def test_gold_may_stand_in_even_when_holding_the_colour():
    game = position(new_game(), 0, tokens=tok(red=2, black=1, gold=1))
    game.push(BuyCard(0, "1W01", tok(red=1, black=1, gold=1)))
    assert game.tokens[0] == tok(red=1)


def test_overpaying_is_a_payment_mismatch():
    game = position(new_game(), 0, tokens=tok(red=3, black=1, gold=1))
    err = rejects(game, BuyCard(0, "1W01", tok(red=3, black=1)), "payment-mismatch")
    assert err.reason == "payment-mismatch" and err.facts["owed"] == tok(red=2, black=1)
    rejects(game, BuyCard(0, "1W01", tok(red=2, black=1, gold=1)), "payment-mismatch")
    rejects(game, BuyCard(0, "1W01", tok(red=1)), "payment-mismatch")  # too little


def test_paying_tokens_not_held():
    game = position(new_game(), 0, tokens=tok(red=1, black=1))
    err = rejects(game, BuyCard(0, "1W01", tok(red=2, black=1)), "payment-mismatch")
    assert err.reason == "paid-more-than-held" and err.facts["held"] == 1


def test_buy_card_not_available_before_payment():
    game = new_game()
    rejects(game, BuyCard(0, "1W02", tok(gold=5)), "card-not-available")
    rejects(game, BuyCard(0, "3U02", tok(gold=9)), "payment-mismatch")


def test_buy_own_reserved_card_not_someone_elses():
    game = position(new_game(), 1, reserved=["2U06"], tokens=tok(blue=6))
    position(game, 0, tokens=tok(blue=4, gold=2))
    rejects(game, BuyCard(0, "2U06", tok(blue=4, gold=2)), "card-not-available")
    game.push(TakeGems(0, tok(white=1, green=1, red=1)))
    game.push(EndTurn(0))
    game.push(BuyCard(1, "2U06", tok(blue=6)))
    assert game.reserved[1] == () and game.points[1] == 3


def test_all_payments_generated():
    game = position(new_game(), 0, tokens=tok(red=2, black=1, gold=2))
    pays = set(game.payments(0, game.market[0][0]))  # 1W01: 2 red, 1 black
    assert pays == {tok(red=2, black=1), tok(red=1, black=1, gold=1), tok(red=2, gold=1),
                    tok(black=1, gold=2), tok(red=1, gold=2)}
    for pay in pays:
        assert game.is_legal(BuyCard(0, "1W01", pay))


# --------------------------------------------------------------------------- reveal
def test_reveal_mismatch_cases():
    game = new_game()
    game.push(ReserveCard(0, "1W01"))
    rejects(game, RevealCard(1, 1, "1W02"), "reveal-mismatch")  # slot not empty
    rejects(game, RevealCard(1, 0, "1U04"), "reveal-mismatch")  # already seen
    rejects(game, RevealCard(1, 0, "2W01"), "reveal-mismatch")  # wrong level
    from companion.engine import MalformedError
    before = game.snapshot()
    for slot in (4, -1):  # not a slot of the row: never read as a slot of another row
        with pytest.raises(MalformedError) as err:
            game.push(RevealCard(1, slot, "1W02"))
        assert (err.value.reason, err.value.facts) == ("not-a-slot", {"slot": slot})
    assert game.snapshot() == before
    game.push(RevealCard(1, 0, "1W02"))
    assert game.market[0][0].id == "1W02" and not game.is_unseen("1W02")


def test_empty_deck_leaves_the_slot_empty():
    game = new_game()
    game.decks = (0, 26, 16)
    game.unseen = (frozenset(), game.unseen[1], game.unseen[2])
    game.push(ReserveCard(0, "1W01"))
    assert game.slots_to_reveal() == []
    game.push(EndTurn(0))
    assert game.market[0][0] is None


# --------------------------------------------------------------------------- returns
def test_return_rules():
    game = position(new_game(), 0, tokens=tok(2, 2, 2, 2, 1, 0))
    game.push(TakeGems(0, tok(white=1, blue=1, green=1)))  # 12 tokens
    rejects(game, ReturnGems(0, tok(red=3)), "return-not-allowed")  # below 10
    rejects(game, ReturnGems(0, tok(gold=1)), "return-not-allowed")  # not held
    game.push(ReturnGems(0, tok(white=1)))  # one line...
    game.push(ReturnGems(0, tok(white=1)))  # ...then another, the just-taken ones included
    rejects(game, ReturnGems(0, tok(red=1)), "return-not-allowed")  # now at 10
    game.push(EndTurn(0))


def test_legal_returns_are_exactly_those_accepted():
    game = position(new_game(), 0, tokens=tok(2, 2, 2, 2, 1, 0))
    game.push(TakeGems(0, tok(white=1, blue=1, green=1)))
    returns = {a for a in game.legal_end_steps() if type(a) is ReturnGems}
    every = itertools.product(range(3), repeat=6)
    accepted = {ReturnGems(0, g) for g in every if sum(g) and game.is_legal(ReturnGems(0, g))}
    assert returns == accepted
    assert len(returns) == 19  # 1 of 5 colours, or 2 of them (not 2 black: only 1 is held)
    assert EndTurn(0) not in list(game.legal_end_steps())


# --------------------------------------------------------------------------- nobles
def test_noble_must_visit_and_can_be_chosen():
    # N03 needs 4 blue 4 green; N07 needs 3 blue 3 green 3 red.
    game = position(new_game(), 0, bonuses=bon(blue=4, green=4, red=3))
    game.push(TakeGems(0, tok(white=1, blue=1, green=1)))
    assert sorted(game.qualifying_nobles()) == ["N03", "N07"]
    err = rejects(game, EndTurn(0), "noble-must-visit")
    assert err.facts["nobles"] == ("N03", "N07")
    rejects(game, ClaimNoble(0, "N01"), "noble-not-earned")
    game.push(ClaimNoble(0, "N07"))  # the player chooses
    rejects(game, ClaimNoble(0, "N03"), "one-noble-per-turn")
    game.push(EndTurn(0))
    assert game.points[0] == 3 and game.nobles_won[0] == ("N07",)
    assert game.nobles == ("N03", None, "N01")


def test_qualifying_noble_left_is_checked_next_turn():
    game = position(new_game(), 0, bonuses=bon(blue=4, green=4, red=3))
    game.push(TakeGems(0, tok(white=1, blue=1, green=1)))
    game.push(ClaimNoble(0, "N07"))
    game.push(EndTurn(0))
    game.push(TakeGems(1, tok(white=1, blue=1, green=1)))
    game.push(EndTurn(1))
    game.push(TakeGems(0, tok(white=1, blue=1, red=1)))
    rejects(game, EndTurn(0), "noble-must-visit")
    game.push(ClaimNoble(0, "N03"))
    game.push(EndTurn(0))


def test_noble_not_on_table():
    game = position(new_game(), 0, bonuses=bon(white=4, blue=4))
    game.push(TakeGems(0, tok(white=1, blue=1, green=1)))
    err = rejects(game, ClaimNoble(0, "N05"), "noble-not-earned")
    assert err.reason == "noble-not-on-table"


def test_end_of_turn_order_of_codes():
    game = position(new_game(), 0, tokens=tok(2, 2, 2, 2, 2, 0), bonuses=bon(blue=4, green=4))
    game.push(ReserveCard(0, "1W01"))
    rejects(game, EndTurn(0), "reveal-missing")
    game.push(RevealCard(1, 0, "1W02"))
    rejects(game, EndTurn(0), "tokens-over-ten")
    game.push(ReturnGems(0, tok(red=1)))
    rejects(game, EndTurn(0), "noble-must-visit")
    game.push(ClaimNoble(0, "N03"))
    game.push(EndTurn(0))


# --------------------------------------------------------------------------- game end
def play_round(game):
    """Both seats of a 2-player game take three gems and end their turn."""
    game.push(TakeGems(0, tok(white=1, blue=1, green=1)))
    game.push(EndTurn(0))
    game.push(TakeGems(1, tok(white=1, blue=1, red=1)))
    game.push(EndTurn(1))


def _score(game, seat, points, cards):
    game.points = game.points[:seat] + (points,) + game.points[seat + 1:]
    game.cards = game.cards[:seat] + (("1W01",) * cards,) + game.cards[seat + 1:]


def test_round_is_completed_after_fifteen_points():
    game = new_game(3, first=1)  # seats play 1, 2, 0: seat 0 is the last of a round
    _score(game, 1, 15, 5)
    game.active = 1
    game.push(TakeGems(1, tok(white=1, blue=1, green=1)))
    game.push(EndTurn(1))
    assert game.final_round and not game.finished
    game.push(TakeGems(2, tok(white=1, blue=1, green=1)))
    game.push(EndTurn(2))
    assert not game.finished
    game.push(TakeGems(0, tok(white=1, blue=1, red=1)))
    game.push(EndTurn(0))
    assert game.finished and game.outcome.winners == (1,) and game.outcome.tie_break is None
    assert game.to_dict()["active"] is None and game.to_dict()["winners"] == [1]


def test_tie_goes_to_fewest_purchased_cards():
    game = new_game(2)
    _score(game, 0, 16, 9)
    _score(game, 1, 16, 8)
    play_round(game)
    assert game.outcome.winners == (1,) and game.outcome.tie_break == "fewest-cards"


def test_tie_on_cards_too_is_shared_victory():
    game = new_game(2)
    _score(game, 0, 15, 8)
    _score(game, 1, 15, 8)
    play_round(game)
    assert game.outcome.winners == (0, 1) and game.outcome.tie_break == "shared"


def test_game_over_rejects_everything():
    game = new_game(2)
    _score(game, 1, 15, 3)
    play_round(game)
    assert game.finished
    rejects(game, TakeGems(0, tok(white=1, blue=1, green=1)), "game-over")
    rejects(game, RevealCard(1, 0, "1W02"), "game-over")
    assert list(game.legal_actions()) == []


# --------------------------------------------------------------------------- undo
def test_undo_step_and_whole_turn():
    game = new_game()
    start = game.snapshot()
    game.push(ReserveCard(0, "2R03"))
    game.push(RevealCard(2, 2, "2U06"))
    mid = game.snapshot()
    game.push(EndTurn(0))
    after_turn = game.snapshot()
    game.push(TakeGems(1, tok(white=1, blue=1, green=1)))
    assert game.undo_turn() == [TakeGems(1, tok(white=1, blue=1, green=1))]
    assert game.snapshot() == after_turn
    assert game.pop() == EndTurn(0)
    assert game.snapshot() == mid
    game.push(EndTurn(0))
    assert [type(a).__name__ for a in game.undo_turn()] == ["ReserveCard", "RevealCard",
                                                            "EndTurn"]
    assert game.snapshot() == start
    assert game.undo_turn() == []


def test_every_kind_of_step_is_taken_back_exactly():
    # A push keeps only the fields its kind of action changes: each kind, popped, must give
    # back the very same state (random games rarely pass or bind a blind reserve).
    def taken_back(game, action):
        before = game.snapshot()
        game.push(action)
        assert game.snapshot() != before
        assert game.pop() == action and game.snapshot() == before
        game.push(action)

    game = position(new_game(), 0, bank=(0, 0, 0, 0, 0, 0), tokens=tok(),
                    reserved=["3U02", "3W01", "3G04"])
    taken_back(game, PassTurn(0))
    taken_back(game, EndTurn(0))
    game = position(new_game(), 0, reserved=[BlindCard(1)], tokens=tok(2, 2, 2, 2, 2, 0))
    taken_back(game, BuyCard(0, "1W03", tok(blue=1, green=2, red=1, black=1)))  # binds it
    game = position(new_game(), 0, bonuses=bon(blue=4, green=4, red=3), tokens=tok(3, 3, 2, 2))
    taken_back(game, TakeGems(0, tok(white=1, blue=1, green=1)))
    taken_back(game, ReturnGems(0, tok(white=1)))
    taken_back(game, ClaimNoble(0, "N07"))
    game = new_game()
    taken_back(game, ReserveBlind(0, 2, "2U06"))
    game = new_game()
    taken_back(game, ReserveCard(0, "2R03"))
    taken_back(game, RevealCard(2, 2, "2U06"))
