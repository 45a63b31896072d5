"""The BG Stats link: every documented field with its documented type, ranks by the rules'
tie-break, the date in UTC, and a QR code that decodes back to the exact link."""
from __future__ import annotations

import json
import os
import re
import urllib.parse
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest
import zxingcpp

from companion.i18n import sharing
from companion.share import bgstats as share
from companion.engine.simulate import play_random_game
from companion.engine.record import dumps, record_lines
from tests.share.helpers import AWKWARD_NAMES, finished_lines, text_lines

WHEN = share.PlayTime(datetime(2026, 11, 24, 21, 5, 9, tzinfo=timezone.utc), 47)

# The documented fields and their JSON types (bool is checked apart from int: True is an int).
PLAY_FIELDS = {"sourceName": str, "sourcePlayId": str, "playDate": str, "durationMin": int,
               "location": str, "comments": str, "game": dict, "players": list}
GAME_FIELDS = {"bggId": int, "name": str, "highestWins": bool, "noPoints": bool,
               "sourceGameId": str}
PLAYER_FIELDS = {"name": str, "score": int, "winner": bool, "startPlayer": bool, "rank": int,
                 "sourcePlayerId": str}


def _check_types(obj: dict, fields: dict) -> None:
    assert set(obj) == set(fields), f"fields {sorted(obj)} are not {sorted(fields)}"
    for key, kind in fields.items():
        value = obj[key]
        if kind is int:
            assert type(value) is int, f"{key} is {value!r}, not a JSON number"
        else:
            assert type(value) is kind, f"{key} is {value!r}, not {kind.__name__}"


def _link_of(lines, location="", when=WHEN) -> str:
    return share.play_link(share.play_data(share.finished_game(text_lines(lines)), when,
                                           location))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_json_has_every_documented_field_with_its_type(players):
    lines = finished_lines(players, names=AWKWARD_NAMES)
    link = _link_of(lines, location="Kraków")
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    # Only the data parameter, and it is percent-encoded: nothing in it a URL would cut at.
    assert "&" not in link and "#" not in link and " " not in link and '"' not in link
    data = share.decode_link(link)
    _check_types(data, PLAY_FIELDS)
    _check_types(data["game"], GAME_FIELDS)
    assert len(data["players"]) == players
    for p in data["players"]:
        _check_types(p, PLAYER_FIELDS)
    # The raw JSON in the link: bggId is a number, never a string (iOS fails on a string).
    raw = urllib.parse.unquote(link.split("?data=", 1)[1])
    assert '"bggId":148228' in raw and '"bggId":"' not in raw
    assert data["game"] == {"bggId": 148228, "name": "Splendor", "highestWins": True,
                            "noPoints": False, "sourceGameId": "splendor-base-game"}
    assert data["sourceName"] == "Splendor Companion"
    assert data["location"] == "Kraków"
    assert [p["name"] for p in data["players"]] == AWKWARD_NAMES[:players]


def test_scores_winners_start_player_and_ranks_come_from_the_game():
    for seed in range(12):
        for players in (2, 3, 4):
            game = play_random_game(players, seed=seed).game
            if game.outcome is None:
                continue
            lines = [json.loads(dumps(x)) for x in record_lines(game)]
            data = share.decode_link(_link_of(lines))
            out = game.outcome
            assert [p["score"] for p in data["players"]] == list(out.points)
            assert [p["winner"] for p in data["players"]] == [
                i in out.winners for i in range(players)]
            assert [p["startPlayer"] for p in data["players"]] == [
                i == game.first for i in range(players)]
            # Rank 1 is exactly the engine's winners (the tie-break included).
            assert [p["rank"] == 1 for p in data["players"]] == [
                i in out.winners for i in range(players)]


def test_ranks_follow_the_tie_break_of_the_rules():
    # Most points first; tied on points, fewer purchased cards is better; tied on both: shared.
    assert share.ranks([15, 15, 12, 9], [10, 12, 8, 5]) == (1, 2, 3, 4)
    assert share.ranks([15, 15, 12, 12], [10, 10, 8, 8]) == (1, 1, 3, 3)
    assert share.ranks([16, 15, 15, 15], [20, 9, 9, 7]) == (1, 3, 3, 2)


def _play(points, cards, winners, tie_break, first=0):
    names = tuple("ABCD"[: len(points)])
    return share.FinishedGame(names, tuple(points), tuple(cards), tuple(winners), first,
                              4 * len(points), tie_break, "points", "splendor-test")


def test_a_shared_victory_makes_two_winners_of_rank_one_and_says_so():
    data = share.play_data(_play([15, 15, 12], [10, 10, 8], (0, 1), "shared"), WHEN)
    assert [(p["winner"], p["rank"]) for p in data["players"]] == [
        (True, 1), (True, 1), (False, 3)]
    assert "shared victory" in data["comments"]
    data = share.play_data(_play([15, 15, 12], [10, 9, 8], (1,), "fewest-cards"), WHEN)
    assert [(p["winner"], p["rank"]) for p in data["players"]] == [
        (False, 2), (True, 1), (False, 3)]
    assert "fewest purchased cards" in data["comments"]


def test_the_play_date_is_utc_in_the_documented_format():
    lines = finished_lines(2)
    warsaw = timezone(timedelta(hours=1))
    when = share.PlayTime(datetime(2026, 11, 24, 22, 5, 9, tzinfo=warsaw), 61)
    data = share.decode_link(_link_of(lines, when=when))
    assert data["playDate"] == "2026-11-24 21:05:09"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", data["playDate"])
    assert data["durationMin"] == 61


def test_ids_are_stable_for_the_same_game_and_differ_between_games():
    a = finished_lines(2, seed=1)
    b = finished_lines(2, seed=7)
    # The journal's decoded lines and a file's text with other spacing give the same id.
    spaced = [json.dumps(line, indent=None, separators=(" , ", " : ")) for line in a]
    assert share.finished_game(spaced).play_id == share.finished_game(text_lines(a)).play_id
    assert share.finished_game_of(a).play_id != share.finished_game_of(b).play_id
    # A player is matched by name, whatever its case or edge spaces.
    assert share.player_id(" Ana ") == share.player_id("ana") == "ana"
    # Two seats with names that differ only in case stay two players.
    lines = finished_lines(2, names=["Ana", "ANA"])
    data = share.decode_link(_link_of(lines))
    assert [p["sourcePlayerId"] for p in data["players"]] == ["ana#1", "ana#2"]


def _decode_png(path) -> str:
    import cv2
    img = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
    found = zxingcpp.read_barcodes(img)
    assert len(found) == 1, f"{len(found)} codes read from {path}"
    assert found[0].format == zxingcpp.BarcodeFormat.QRCode
    return found[0].text


@pytest.mark.parametrize("players", [2, 4])
def test_the_qr_code_decodes_back_to_the_exact_link(tmp_path, players):
    link = _link_of(finished_lines(players, names=AWKWARD_NAMES), location="Łódź")
    out = tmp_path / "play.png"
    share.write_qr_png(link, out, scale=3)
    assert _decode_png(out) == link
    assert share.decode_link(_decode_png(out))["players"][1]["name"] == AWKWARD_NAMES[1]


def test_the_date_and_duration_come_from_the_session_folder(tmp_path):
    folder = tmp_path / "20261124-210000"
    folder.mkdir()
    (folder / "session.json").write_text(json.dumps(
        {"format": "splendor-session", "version": 1, "players": ["Ana", "Ben"], "first": 0}))
    events = [{"type": "setup", "t": 12.0, "image": "0000.jpg"},
              {"type": "press", "t": 300.5, "seat": 0, "image": "0001.jpg"},
              {"type": "press", "t": 12.0 + 47 * 60 + 10, "seat": 1, "image": "0002.jpg"}]
    (folder / "events.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events))
    end = datetime(2026, 11, 24, 21, 48, 3, tzinfo=timezone.utc).timestamp()
    os.utime(folder / "events.jsonl", (end, end))
    when = share.session_time(folder)
    assert when.end == datetime(2026, 11, 24, 21, 48, 3, tzinfo=timezone.utc)
    assert when.minutes == 47 and when.source == "session"
    # A record in that folder takes its time from it; a record elsewhere from its file.
    record = folder / "record.jsonl"
    record.write_text("{}\n")
    assert share.record_time(record) == when
    loose = tmp_path / "loose.jsonl"
    loose.write_text("{}\n")
    os.utime(loose, (end - 3600, end - 3600))
    assert share.record_time(loose) == share.PlayTime(
        datetime(2026, 11, 24, 20, 48, 3, tzinfo=timezone.utc), None, "file")
    assert share.record_time(loose, session=folder) == when


def test_an_unfinished_game_is_refused_with_a_sentence():
    lines = finished_lines(2)
    with pytest.raises(share.ShareError) as err:
        share.finished_game(text_lines(lines[:-1]))
    assert err.value.code == 1
    said = sharing.say(err.value)
    assert "not finished" in said and "to play" in said
    with pytest.raises(share.ShareError) as err:
        share.finished_game(["not json"])
    assert err.value.code == 2


def test_the_qr_code_module_grid_is_what_the_screen_draws():
    link = _link_of(finished_lines(4, names=AWKWARD_NAMES), location="Kraków")
    qr = share.qr_code(link)
    grid = np.array(list(qr.matrix), dtype=np.uint8)
    assert grid.shape[0] == grid.shape[1] == qr.symbol_size(scale=1, border=0)[0]
    assert qr.error == "L" and qr.mode == "byte"
