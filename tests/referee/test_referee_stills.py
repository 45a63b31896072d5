"""End to end through the camera: each press's still is rendered (vision.render) and read by
the real pipeline (vision.pipeline.read_table) inside the Referee."""
from __future__ import annotations

import pytest

from .still_games import play_still_game

pytest.importorskip("cv2")


def test_first_turns_of_a_game_judged_from_stills(tmp_path):
    out = play_still_game(3, 4242, str(tmp_path), max_turns=6, inject=0.0)
    assert out["turns"] == 6
    assert out["verdicts"]["accepted"] + out["verdicts"]["question"] >= 6
    # The session keeps every still it judged, and rejudging it gives the same record.
    from companion.referee import rejudge
    from companion.journal import Journal
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
