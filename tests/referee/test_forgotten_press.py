"""A forgotten press (session.md version 2), through the real referee door and a real SQLite
journal: Ana ends her turn without pressing, Ben plays and presses. The turns are split at the
settled stills, accepted when only one sequence of turns explains the table, or asked about;
undo takes back one turn at a time; rejudge judges the session as the app did."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.i18n.files import english_note
from companion.i18n.verdicts import render_after
from companion.engine import EndTurn, ReserveCard, SimulatedTable, TakeGems
from companion.referee import Referee, rejudge
from companion.referee.door import RefereeDoor
from companion.referee.journal import Journal
from companion.referee.seen import expected_observation

WAIT = 60


class Table:
    """A seeded physical table: turns played on it, what the camera would report."""

    def __init__(self, players=2, seed=3, names=("Ana", "Ben", "Cleo", "Dan")):
        self.sim = SimulatedTable(players, seed=seed, names=names[:players])
        self.truth = self.sim.new_game()

    def play(self, *actions):
        """Play one whole turn of the active seat (ending it), as people do at the table."""
        p = self.truth.active
        for a in actions:
            self.truth.push(a(p) if callable(a) else a)
        for reveal in self.sim.reveals(self.truth):
            self.truth.push(reveal)
        self.truth.push(EndTurn(p))
        return p

    def seen(self):
        return expected_observation(self.truth)


def take(*colours):
    gems = [0] * 6
    for c in colours:
        gems["white blue green red black gold".split().index(c)] += 1
    return lambda p: TakeGems(p, tuple(gems))


@pytest.fixture
def door(tmp_path):
    doors = []

    def open_door(table):
        d = RefereeDoor(threaded=False)
        d.open(lambda: Referee.start(list(table.truth.names), first=table.sim.setup.first,
                                     data_dir=tmp_path))
        d.call(lambda ref: ref.confirm_setup(table.sim.setup,
                                             observation=expected_observation(
                                                 table.sim.new_game()))).result(WAIT)
        doors.append(d)
        return d
    yield open_door
    for d in doors:
        d.close()


def press(door, seat, observation):
    snap = door.press(seat, lambda ref: (ref.press(seat, observation=observation), None, {}))
    return snap.result(WAIT)


def still(door, observation):
    return door.call(lambda ref: ref.still(observation=observation), "still").result(WAIT)


def journal_record(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite")
    try:
        return journal.lines(journal.unfinished()["id"])
    finally:
        journal.close()


def session_of(tmp_path):
    return next((tmp_path / "sessions").iterdir())


def test_two_takes_without_a_still_are_asked_and_with_a_still_split_exactly(tmp_path, door):
    """Ana takes white, blue, green; Ben takes red, black, white. Without a still the table
    fits more than one way (Ana may have taken red, black, white): a turns question. A still
    after Ana's turn splits it: both turns recorded exactly."""
    table = Table()
    d = door(table)
    ana = table.play(take("white", "blue", "green"))
    after_ana = table.seen()
    ben = table.play(take("red", "black", "white"))
    snap = press(d, ben, table.seen())
    v = snap.verdict
    assert v.kind == "question" and v.question == "turns", v
    assert v.seat == ben and v.turns == (ana, ben)
    assert snap.game.turn == 0          # nothing recorded while it is asked
    # Every candidate is two turns (Ana's, then Ben's), each with its own end_turn.
    assert all(len(c) == 2 and c[0][-1] == {"type": "end_turn", "player": ana}
               for c in v.candidates)
    # Now with the still the camera took after Ana's turn: pressed again, split there.
    still(d, after_ana)
    snap = press(d, ben, table.seen())
    v = snap.verdict
    assert v.kind == "accepted" and v.turns == (ana, ben), v
    assert snap.game.snapshot() == table.truth.snapshot()
    assert "Ana's turn and Ben's turn are both recorded" in render_after(snap.game, v)
    assert journal_record(tmp_path)[2:] == [a.to_line() for a in table.truth.history]


def test_the_answer_to_a_turns_question_records_both_turns_and_undo_takes_one_back(
        tmp_path, door):
    table = Table()
    d = door(table)
    ana = table.play(take("white", "blue", "green"))
    ben = table.play(take("red", "black", "white"))
    v = press(d, ben, table.seen()).verdict
    assert v.question == "turns"
    truth = [a.to_line() for a in table.truth.history]
    chosen = next(i for i, c in enumerate(v.candidates)
                  if [line for turn in c for line in turn] == truth)
    snap = d.answer(chosen).result(WAIT)
    assert snap.verdict.kind == "accepted" and snap.verdict.asked == "turns"
    assert snap.game.snapshot() == table.truth.snapshot()
    # Undo takes back Ben's turn, then Ana's: one turn at a time.
    snap = d.undo().result(WAIT)
    assert [line["player"] for line in snap.result] == [ben, ben]
    assert snap.game.active == ben and snap.game.turn == 1
    snap = d.undo().result(WAIT)
    assert [line["player"] for line in snap.result] == [ana, ana]
    assert journal_record(tmp_path)[2:] == []
    # Rejudge reads the version 2 session and judges it as the app did.
    result = rejudge(session_of(tmp_path))
    assert [x["verdict"] for x in result["verdicts"]] == ["accepted"]
    assert result["verdicts"][0]["asked"] == "turns"
    assert result["verdicts"][0]["turns"] == [ana, ben]
    assert result["record"][2:] == []


def test_a_unique_sequence_without_a_still_is_accepted(tmp_path, door):
    """Both took white, blue and green: only one way the turns can have gone."""
    table = Table()
    d = door(table)
    ana = table.play(take("white", "blue", "green"))
    ben = table.play(take("white", "blue", "green"))
    snap = press(d, ben, table.seen())
    assert snap.verdict.kind == "accepted" and snap.verdict.turns == (ana, ben)
    assert snap.game.snapshot() == table.truth.snapshot()
    lines = snap.verdict.to_dict(press=1)
    assert lines["turns"] == [ana, ben]
    assert [x["type"] for x in lines["lines"]] == ["take", "end_turn", "take", "end_turn"]


@pytest.mark.parametrize("where", ["before-the-split", "after-the-split"])
def test_a_still_taken_mid_turn_does_not_split_it(tmp_path, door, where):
    """A still of Ana's hand half done (two of three tokens taken) and one of Ben's: the
    latest still that splits the change is the one after Ana's whole turn."""
    table = Table()
    d = door(table)
    mid_ana = table.seen()
    mid_ana["bank"]["white"] -= 1     # white and blue taken, green not yet
    mid_ana["bank"]["blue"] -= 1
    ana = table.play(take("white", "blue", "green"))
    after_ana = table.seen()
    mid_ben = json.loads(json.dumps(after_ana))
    mid_ben["bank"]["red"] -= 1
    mid_ben["bank"]["black"] -= 1
    ben = table.play(take("red", "black", "white"))
    for obs in ([mid_ana, after_ana] if where == "before-the-split" else [after_ana, mid_ben]):
        still(d, obs)
    snap = press(d, ben, table.seen())
    assert snap.verdict.kind == "accepted" and snap.verdict.turns == (ana, ben), snap.verdict
    assert snap.game.snapshot() == table.truth.snapshot()


def test_two_seats_forgetting_in_a_row_at_four_players(tmp_path, door):
    table = Table(players=4, seed=5)
    d = door(table)
    stills = []
    seats = []
    card = table.truth.market[0][1].id
    seats.append(table.play(take("white", "blue", "green")))
    stills.append(table.seen())
    seats.append(table.play(lambda p: ReserveCard(p, card)))
    stills.append(table.seen())
    seats.append(table.play(take("white", "blue", "red")))
    for obs in stills:
        still(d, obs)
    snap = press(d, seats[-1], table.seen())
    assert snap.verdict.kind == "accepted" and snap.verdict.turns == tuple(seats), snap.verdict
    assert snap.game.snapshot() == table.truth.snapshot()
    assert ("The turns of Ana, Ben and Cleo are all recorded"
            in render_after(snap.game, snap.verdict))
    assert journal_record(tmp_path)[2:] == [a.to_line() for a in table.truth.history]
    result = rejudge(session_of(tmp_path))
    assert result["record"] == journal_record(tmp_path)
    assert result["verdicts"][0]["turns"] == seats


def test_a_press_by_a_wrong_seat_on_an_unchanged_table_stays_not_your_turn(tmp_path, door):
    table = Table()
    d = door(table)
    other = 1 - table.truth.active
    snap = press(d, other, table.seen())
    assert snap.verdict.kind == "rejected" and snap.verdict.rule == "not-your-turn"
    assert snap.game.turn == 0


def test_rejudge_of_a_version_2_session_with_a_still_that_cant_be_read(tmp_path, door):
    """A still that can't be read is no evidence: judged as without it (a question), both live
    (the app records it unread) and by rejudge; a broken event is exit 2 with a sentence."""
    table = Table()
    d = door(table)
    ana = table.play(take("white", "blue", "green"))
    ben = table.play(take("red", "black", "white"))
    folder = session_of(tmp_path)
    press(d, ben, table.seen())
    d.close()
    meta = json.loads((folder / "session.json").read_text())
    assert meta["version"] == 2
    # A still event whose image is a damaged JPEG, before the press.
    (folder / "0099.jpg").write_bytes(b"\xff\xd8 not really a jpeg")
    events = (folder / "events.jsonl").read_text().splitlines()
    events.insert(1, json.dumps({"type": "still", "t": 1.0, "image": "0099.jpg"}))
    (folder / "events.jsonl").write_text("\n".join(events) + "\n")
    result = rejudge(folder)
    assert [v["verdict"] for v in result["verdicts"]] == ["question"]
    assert result["verdicts"][0]["question"] == "turns"
    said = [english_note(w) for w in result["warnings"]]   # warnings are facts, said above
    assert any("0099.jpg" in w and "no evidence" in w for w in said)
    # A still event naming no image: the folder can't be judged (exit 2, one sentence).
    events.insert(1, json.dumps({"type": "still", "t": 1.0}))
    (folder / "events.jsonl").write_text("\n".join(events) + "\n")
    done = subprocess.run([sys.executable, "-m", "companion.cli.main", "rejudge", str(folder)],
                          capture_output=True, text=True)
    assert done.returncode == 2, done
    assert "settled still that names no image" in done.stderr
    assert "Traceback" not in done.stderr
    assert ana != ben


def test_a_version_1_session_is_judged_as_before(tmp_path, door):
    """Version 1 knew no forgotten press: rejudged, Ben's press stays not-your-turn; the
    same events in a version 2 folder are Ana's and Ben's turns."""
    table = Table()
    d = door(table)
    table.play(take("white", "blue", "green"))
    ben = table.play(take("white", "blue", "green"))
    assert press(d, ben, table.seen()).verdict.kind == "accepted"
    d.close()
    folder = session_of(tmp_path)
    assert rejudge(folder)["verdicts"][0]["verdict"] == "accepted"
    meta = json.loads((folder / "session.json").read_text())
    (folder / "session.json").write_text(json.dumps({**meta, "version": 1}))
    v = rejudge(folder)["verdicts"][0]
    assert (v["verdict"], v["rule"]) == ("rejected", "not-your-turn")


def test_a_card_in_the_scan_zone_is_a_change_when_no_gold_is_left(tmp_path, door):
    """The bank's gold is gone; Ben reserves blind and forgets his button; Cleo reserves blind
    too and shows her card in the scan zone. Nothing else moved on the mat, but the card in
    the scan zone is a change: Cleo's press is judged as Ben's and Cleo's turns (before, it was
    'not your turn', as if nothing had been played)."""
    from companion.engine import ReserveBlind
    table = Table(players=4)
    d = door(table)
    for _ in range(5):                    # five reserves empty the bank's gold
        card = next(c.id for row in table.truth.market for c in row if c is not None)
        seat = table.play(lambda p, card=card: ReserveCard(p, card))
        assert press(d, seat, table.seen()).verdict.kind == "accepted"
    assert table.truth.bank[5] == 0
    ben = table.play(lambda p: table.sim.blind_reserve(ReserveBlind(p, 1), False))
    cleo_card = []

    def cleo_reserves(p):
        action = table.sim.blind_reserve(ReserveBlind(p, 2), True)
        cleo_card.append(action.card)
        return action
    cleo = table.play(cleo_reserves)
    seen = expected_observation(table.truth, scan=cleo_card[0])
    v = press(d, cleo, seen).verdict
    assert v.rule != "not-your-turn", v
    assert v.kind in ("accepted", "question") and v.seat == cleo, v
    assert ben != cleo


def _three_turns_unseen():
    """Seed 7310's slip at 3 players: a take, then two reserves, no still between; the same
    three turns by other seats in another order explain the table too."""
    table = Table(players=3, seed=7310)
    game = table.sim.new_game()
    first = table.truth.market[0][3].id
    third = table.truth.market[2][0].id
    table.play(take("white", "blue", "black"))
    table.play(lambda p: ReserveCard(p, first))
    last = table.play(lambda p: ReserveCard(p, third))
    return table, game, last


def test_a_forgotten_press_past_the_search_budget_leaves_the_game_as_it_was(monkeypatch):
    """The search is pure even when it gives up: the referee's game is the one it judges next."""
    import companion.referee.forgotten as forgotten
    table, game, last = _three_turns_unseen()
    before = (game.snapshot(), game.main, len(game.history))
    monkeypatch.setattr(forgotten, "SEARCH_BUDGET", 40)
    v = forgotten.judge_forgotten(game, [], table.seen(), last)
    assert v.kind == "rejected" and v.rule == "not-your-turn"
    assert (game.snapshot(), game.main, len(game.history)) == before


def test_three_turns_without_a_still_are_found_within_the_budget():
    """Seed 7310 of the session bench: two seats forgot at 3 players; the search (default
    budget) finds every order of the three turns and asks, the turns played among them."""
    import companion.referee.forgotten as forgotten
    table, game, last = _three_turns_unseen()
    v = forgotten.judge_forgotten(game, [], table.seen(), last)
    assert v.kind == "question" and v.question == "turns", v
    truth = [a.to_line() for a in table.truth.history]
    assert any([line for turn in c for line in turn] == truth for c in v.candidates)
    assert len(v.candidates) == 6   # which seat took and which reserved which card
