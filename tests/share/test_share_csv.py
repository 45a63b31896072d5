"""The CSV of every finished game, and each game's record, exported to a chosen folder: read
back with the csv module it gives the same values, whatever the players' names hold."""
from __future__ import annotations

import csv
import json
import os
from datetime import datetime, timezone

import pytest

from companion.i18n import sharing
from companion.share import bgstats as share
from companion.engine.record import replay
from companion.referee.journal import Journal
from tests.share.helpers import AWKWARD_NAMES, finished_lines

MORE_NAMES = ['"Quoted"', "semi;colon", "tab\there", "한글 이름"]


def _journal(tmp_path):
    j = Journal(tmp_path / "journal.sqlite")
    games = []
    for k, (players, names) in enumerate([(4, AWKWARD_NAMES), (2, MORE_NAMES),
                                          (3, MORE_NAMES[1:] + AWKWARD_NAMES)]):
        lines = finished_lines(players, seed=3 * k + 1, names=names)
        play = share.finished_game_of(lines)
        gid = j.new_game(lines[0], lines[1], session=None)
        outcome = {"winners": list(play.winners), "points": list(play.points),
                   "cards": list(play.cards), "reason": play.reason,
                   "tie_break": play.tie_break}
        j.append(gid, lines[2:], outcome=outcome)
        games.append((gid, lines, play))
    # An unfinished game is not exported.
    lines = finished_lines(2, seed=20)
    j.new_game(lines[0], lines[1])
    return j, games


def test_the_csv_round_trips(tmp_path):
    j, games = _journal(tmp_path)
    usb = tmp_path / "media" / "STICK"
    path, count = share.export_history(j, usb)
    assert count == 3 and path == usb / "splendor-games.csv"
    with open(path, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == share.CSV_COLUMNS
    by_game = {int(r["game"]): r for r in rows}
    assert sorted(by_game) == sorted(g for g, _, _ in games)
    for gid, lines, play in games:
        row = by_game[gid]
        names = lines[0]["players"]
        n = len(names)
        assert [row[f"player_{k + 1}"] for k in range(n)] == names
        assert [int(row[f"score_{k + 1}"]) for k in range(n)] == list(play.points)
        assert [int(row[f"cards_{k + 1}"]) for k in range(n)] == list(play.cards)
        assert all(row[f"player_{k + 1}"] == "" for k in range(n, 4))
        assert [int(s) - 1 for s in row["winner_seats"].split()] == list(play.winners)
        assert row["winner"] == " and ".join(names[i] for i in play.winners)
        assert int(row["players"]) == n and int(row["rounds"]) == play.rounds
        assert row["date"]                   # the journal's start time, in UTC
        assert row["duration_min"] == ""     # no session folder: not known
        # Every value read back is the value written.
        when = next(g.when for g in share.journal_games(j) if g.id == gid)
        assert row == share.csv_row(gid, play, when)
        # And the game's record beside it, which replays to the same game.
        result = replay(usb / f"splendor-game-{gid}.jsonl")
        assert result.ok and list(result.game.outcome.points) == list(play.points)
    assert not list(usb.glob("*.tmp"))


def test_a_folder_that_cant_be_written_is_a_sentence(tmp_path):
    j, _ = _journal(tmp_path)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    with pytest.raises(share.ShareError) as err:
        share.export_history(j, blocker / "inside")
    said = sharing.say(err.value)
    assert said.startswith("The folder ") and said.endswith(".")
    # Said by its cause; the OS's own words ("Not a directory") go to the log only.
    assert "directory" not in said, said
    assert "does not exist" in said


def test_times_come_from_the_session_folder_when_the_game_has_one(tmp_path):
    j = Journal(tmp_path / "journal.sqlite")
    lines = finished_lines(2)
    play = share.finished_game_of(lines)
    gid = j.new_game(lines[0], lines[1], session="20261124-200000")
    j.append(gid, lines[2:], outcome={"winners": list(play.winners),
                                      "points": list(play.points)})
    folder = tmp_path / "sessions" / "20261124-200000"
    folder.mkdir(parents=True)
    (folder / "session.json").write_text(json.dumps(
        {"format": "splendor-session", "version": 1, "players": lines[0]["players"],
         "first": 0}))
    (folder / "events.jsonl").write_text(json.dumps({"type": "setup", "t": 5, "image": "0000.jpg"})
                                         + "\n" + json.dumps({"type": "press", "t": 1805,
                                                               "seat": 0, "image": "0001.jpg"})
                                         + "\n")
    os.utime(folder / "events.jsonl", (1795000000, 1795000000))
    [game] = share.journal_games(j, data_dir=tmp_path)
    assert game.when.minutes == 30 and game.when.source == "session"
    row = share.csv_row(game.id, game.play, game.when)
    end = datetime.fromtimestamp(1795000000, timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
    assert row["duration_min"] == "30" and row["date"] == end == "2026-11-18 11:06:40"
    data = share.decode_link(share.journal_link(game, location="Home"))
    assert data["durationMin"] == 30 and data["playDate"] == end


def test_usb_sticks_are_the_mounts_under_media(tmp_path):
    media = tmp_path / "media"
    for d in ("pi/MY STICK", "pi/CARD", "stale"):
        (media / d).mkdir(parents=True)
    mounts = tmp_path / "mounts"
    mounts.write_text(
        "proc /proc proc rw 0 0\n"
        f"/dev/sda1 {media}/pi/MY\\040STICK vfat rw,nosuid 0 0\n"
        f"/dev/mmcblk1p1 {media}/pi/CARD exfat rw 0 0\n"
        f"/dev/sdb1 {tmp_path}/mnt/other vfat rw 0 0\n"
        f"/dev/sdc1 {media}/pi/GONE vfat rw 0 0\n")   # listed, but the folder is gone
    assert share.media_folders(media, mounts) == [media / "pi" / "CARD",
                                                  media / "pi" / "MY STICK"]
    assert share.media_folders(media, tmp_path / "no-such-file") == []
