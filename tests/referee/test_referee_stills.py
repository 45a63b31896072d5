"""End to end through the camera: each press's still is rendered (workbench.synthetic) and read by
the real pipeline (vision.pipeline.read_table) inside the Referee."""
from __future__ import annotations

import pytest

from companion.i18n.verdicts import english_verdict

from .still_games import play_still_game

pytest.importorskip("cv2")


def test_first_turns_of_a_game_judged_from_stills(tmp_path):
    out = play_still_game(3, 4242, str(tmp_path), max_turns=6, inject=0.0)
    assert out["turns"] == 6
    assert out["verdicts"]["accepted"] + out["verdicts"]["question"] >= 6
    # The session keeps every still it judged, and rejudging it gives the same record.
    from companion.referee import rejudge
    from companion.referee.journal import Journal
    session = next((tmp_path / "sessions").iterdir())
    stills = sorted(p.name for p in session.iterdir() if p.suffix == ".jpg")
    assert len(stills) == 1 + sum(out["verdicts"].values())
    result = rejudge(session)
    journal = Journal(tmp_path / "journal.sqlite")
    try:
        game = journal.unfinished()
        assert result["record"] == journal.lines(game["id"])
    finally:
        journal.close()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_judged_from_stills(tmp_path, players):
    out = play_still_game(players, 8800 + players, str(tmp_path), inject=0.1)
    assert out["turns"] > 20


@pytest.mark.slow  # 11 s; the vision busy tests keep hands beside and over the mat in the default suite (issue 35: the suite's time)
def test_hands_beside_the_mat_are_judged_and_hands_over_it_are_not(tmp_path):
    """The issue's scene: every still has a hand beside the mat, a finger over its margin or a
    sleeve at its edge, and every turn is first pressed with a hand over the mat. Those are
    never judged when the hand hides something (they say what to clear); the ones beside it
    are judged like any other, and rejudging the session gives the same record."""
    out = play_still_game(2, 4343, str(tmp_path), max_turns=4, inject=0.0, near=1.0, over=1.0)
    assert out["turns"] == 4
    assert (out["over_stills"], out["over_judged"]) == (4, 0)
    assert out["near_stills"] == 4 and out["near_unreadable"] == 0
    from companion.referee import rejudge
    from companion.referee.journal import Journal
    session = next((tmp_path / "sessions").iterdir())
    result = rejudge(session)
    journal = Journal(tmp_path / "journal.sqlite")
    try:
        assert result["record"] == journal.lines(journal.unfinished()["id"])
    finally:
        journal.close()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_with_hands_near_and_over_the_mat(tmp_path, players):
    """Whole games, half the stills with a hand near the mat and a third of the turns first
    pressed under a hand: every turn is judged right (play_still_game checks each against the
    truth), no still under a hand is judged, and few of those beside it are unreadable (a
    lane the camera is unsure of: the players press again). The pipeline from before issue 18
    found most near-hand stills unreadable; the rate over six games is the bench's figure
    (python -m tests.referee.still_games 6 --near 0.5 --over 0.3)."""
    out = play_still_game(players, 8900 + players, str(tmp_path), inject=0.05, near=0.5,
                          over=0.3)
    assert out["turns"] > 20 and out["over_judged"] == 0
    assert out["near_unreadable"] <= 0.05 * out["near_stills"]


def test_stills_are_read_until_two_reads_agree(tmp_path):
    """With a camera to take more stills, a table caught mid-move is not judged: the referee
    reads again until two stills agree on everything the turn depends on."""
    import copy

    from vision.pipeline import read_table

    from companion.referee import Referee
    from tests.referee.table_play import TablePlay

    from .still_games import render

    play = TablePlay(2, 77)
    ref = Referee.start(list(play.names), first=play.setup.first, data_dir=tmp_path,
                        reader=read_table)
    ref.confirm_setup(play.setup)
    turn = play.play_turn()
    moving = copy.deepcopy(turn.observation)
    colour = next(c for c, n in moving["bank"].items() if 0 < n)
    moving["bank"][colour] -= 1  # a token still in the player's hand
    final = render(turn.observation, play, 2)
    stills = iter([final, render(turn.observation, play, 3)])
    ref.capture = lambda: next(stills)
    v = ref.press(turn.seat, image=render(moving, play, 1))
    assert v.kind in ("accepted", "question")
    while v.kind == "question":
        v = ref.answer(play.answer_for(v, ref.game, turn))
    assert ref.game.snapshot() == turn.state
    # A table that never settles is unreadable, and nothing changes.
    turn2 = play.play_turn()
    before = ref.game.snapshot()
    a, b = render(turn2.observation, play, 4), render(turn.observation, play, 5)
    flip = iter([b, a, b])
    ref.capture = lambda: next(flip)
    v = ref.press(turn2.seat, image=a)
    assert v.kind == "unreadable" and v.data == {"key": "changing"}
    assert "kept changing" in english_verdict(ref.game, v)
    assert ref.game.snapshot() == before
    ref.close()
