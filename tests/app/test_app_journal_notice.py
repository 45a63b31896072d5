"""The Home screen says in a sentence that the journal lost turns and they were restored from
the session records, and still offers the game; the data folder is the one the app uses."""
from tests.app.conftest import pump, texts
from tests.referee.table_play import TablePlay

from companion.referee import Referee


def test_a_lost_journal_is_restored_and_the_home_screen_says_so(ui, tmp_path):
    data = tmp_path / "games"
    play = TablePlay(2, seed=12, scan_probability=1.0)
    ref = Referee.start(list(play.names), first=play.setup.first, data_dir=data)
    ref.confirm_setup(play.setup)
    for _ in range(6):
        turn = play.play_turn()
        assert ref.press(turn.seat, observation=turn.observation).kind == "accepted"
    ref.close()
    for name in ("journal.sqlite", "journal.sqlite-wal", "journal.sqlite-shm"):
        if (data / name).exists():
            (data / name).unlink()
    ui.reset(data)
    ui.sm.current_screen.refresh()
    pump(frames=2)
    shown = texts()
    assert "restored from the session records" in shown, shown
    assert f"Resume the game of {', '.join(play.names)}" in shown
    assert ui.ctl.resume() and ui.ctl.game.turn == 6
