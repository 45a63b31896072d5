"""An illegal turn is explained as the attempt that breaks the fewest rules (issue 36): a
legal take with its returns and a noble tile taken that was not earned is a noble fault, not
"Taking only 1 white and 1 blue is not a legal take"."""
from __future__ import annotations

from companion.engine import EndTurn, ReserveCard, ReturnGems, SimulatedTable, TakeGems
from companion.referee import Referee
from companion.referee.seen import expected_observation

W, U, G, R, K = range(5)


def gems(*colours):
    out = [0] * 6
    for c in colours:
        out[c] += 1
    return tuple(out)


def ten_tokens_table():
    """Four players; the first holds 10 tokens, green and black among them, no bonus."""
    table = SimulatedTable(4, seed=2, names=("Ana", "Ben", "Cleo", "Dan"))
    game = table.new_game()
    ana = game.active
    plan = [gems(W, U, G), gems(R, K, W), gems(U, G, R)]
    for i in range(3):
        for _ in range(4):
            p = game.active
            if p == ana:
                game.push(TakeGems(p, plan[i]))
            else:   # the others reserve cards: the bank keeps its gems
                game.push(ReserveCard(p, game.market[0][0].id))
                for reveal in table.reveals(game):
                    game.push(reveal)
            game.push(EndTurn(p))
    game.push(TakeGems(ana, gems(K)[:3] + (2, 0, 0)))   # 2 black: 11 tokens
    game.push(ReturnGems(ana, gems(R)))
    game.push(EndTurn(ana))
    for _ in range(3):
        p = game.active
        game.push(TakeGems(p, gems(W, U, G)))
        game.push(EndTurn(p))
    assert game.active == ana and sum(game.tokens[ana]) == 10
    return table, game, ana


def test_a_legal_take_with_returns_and_an_unearned_noble_is_a_noble_fault(tmp_path):
    table, game, ana = ten_tokens_table()
    after = table.new_game()
    for a in game.history:
        after.push(a)
    # Took white, blue and black (13), gave back green and two black (10).
    after.push(TakeGems(ana, gems(W, U, K)))
    after.push(ReturnGems(ana, (0, 0, 1, 0, 2, 0)))
    obs = expected_observation(after)
    noble = obs["nobles"][0]
    obs["nobles"][0] = None            # and took a noble tile not earned
    ref = Referee(list(game.names), game.first)
    ref.game = game
    v = ref.press(ana, observation=obs)
    assert (v.kind, v.rule) == ("rejected", "noble-not-earned"), v
    from companion.i18n.verdicts import english_verdict
    message = english_verdict(game, v)     # the records' English, made from the facts
    assert "Put the noble tile back on the mat" in message
    assert "white and 1 blue" not in message
    assert noble
    # Said in the player's language from its facts: the noble, not the tokens.
    from companion.i18n.verdicts import render_verdict
    said = render_verdict(game, v)
    assert "noble" in said.lower() and "1 white and 1 blue" not in said, said
