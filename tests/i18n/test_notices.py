"""The app's own notices (journal restored, settings reset, a data folder that can't be written)
are said in the screen's language; an operating-system error by its cause, never by the OS's
English text, which stays in the log."""
from __future__ import annotations

import errno
import json
import logging

import pytest

from companion.i18n import translator
from companion.i18n.notices import Notice, combine, os_cause, say
from companion.referee.notice import NoticeFacts


@pytest.fixture
def polish():
    translator.set_language("pl")
    yield
    translator.set_language("en")


@pytest.mark.parametrize("code, cause", [
    (errno.ENOSPC, "no-space"), (errno.EROFS, "read-only"), (errno.EACCES, "permission"),
    (errno.ENOENT, "missing"), (errno.EIO, "other")])
def test_an_os_error_is_said_by_its_cause(code, cause):
    err = OSError(code, "English words of the OS")
    assert os_cause(err) == cause
    wrapped = RuntimeError("wrapped")
    wrapped.__cause__ = err
    assert os_cause(wrapped) == cause
    n = Notice("folder-unwritable", folder="/data", cause=cause)
    for lang in ("en", "pl", "ko"):
        translator.set_language(lang)
        said = say(n)
        assert "English words of the OS" not in said and "{" not in said
        assert "/data" in said
    translator.set_language("en")


def test_an_unwritable_data_folder_in_polish_and_korean(tmp_path, caplog):
    """Fails on old code: the sentence held the OS's strerror ("Not a directory") in English."""
    from companion.referee.recovery import DataFolderError, check_writable
    (tmp_path / "file").write_text("x")
    with caplog.at_level(logging.ERROR), pytest.raises(DataFolderError) as err:
        check_writable(tmp_path / "file" / "data")
    notice = Notice.of(err.value.notice)   # the referee's facts, said here
    assert str(notice).startswith(f"The data folder {tmp_path}/file/data can't be written: ")
    assert "Not a directory" in caplog.text             # the OS's words, in the log only
    try:
        translator.set_language("pl")
        said = say(notice)
        assert said.startswith("Nie można zapisać w folderze danych") and "directory" not in said
        translator.set_language("ko")
        assert "데이터 폴더" in say(notice) and "directory" not in say(notice)
    finally:
        translator.set_language("en")


def test_a_damaged_journal_notice_in_polish(tmp_path, polish):
    """Fails on old code: open_journal's notice was an English sentence."""
    from companion.referee.recovery import open_journal
    (tmp_path / "journal.sqlite").write_bytes(b"not a database at all" * 100)
    journal, notice = open_journal(tmp_path)
    journal.close()
    assert notice == (NoticeFacts.of("journal-set-aside", name="journal.sqlite.damaged-1"),)
    assert "set aside as journal.sqlite.damaged-1" in str(combine(notice))   # English, for logs
    assert say(notice) == ("Dziennik gier był uszkodzony: odłożono go jako "
                           "journal.sqlite.damaged-1 i odbudowano z zapisów sesji.")


def test_settings_reset_notice_names_the_settings_in_korean(tmp_path):
    from companion.app.settings import Settings
    (tmp_path / "settings.json").write_text(json.dumps({"hints": 3, "camera": ["x"]}))
    s = Settings.load(tmp_path)
    assert "the hints and the camera" in " ".join(s.notices)
    translator.set_language("ko")
    try:
        said = say(combine(*s.notices))
    finally:
        translator.set_language("en")
    assert "힌트" in said and "카메라" in said and "hints" not in said


def test_notices_combine_without_repeating_and_survive_a_copy():
    import copy
    a, b = Notice("games-restored", n=1), Notice("game-restored")
    both = combine(a, "", None, combine(a, b))
    assert both.items == (a, b)
    assert str(both) == f"{a} {b}"
    again = copy.deepcopy(both)
    assert [i.key for i in again.items] == ["games-restored", "game-restored"]
    assert str(a) == ("1 game was missing turns in the journal and was restored from the session "
                      "records: no confirmed turn was lost.")


def test_a_failed_export_is_said_by_its_cause_in_korean():
    """Fails on old code: the Game over screen put the OS's strerror ("No space left on
    device") inside the sentence."""
    err = OSError(errno.ENOSPC, "No space left on device")
    translator.set_language("ko")
    try:
        said = say(Notice("export-failed", cause=os_cause(err)))
    finally:
        translator.set_language("en")
    assert "No space" not in said and "저장 공간이 가득 찼습니다" in said


@pytest.mark.parametrize("lang, facts, said", [
    ("en", NoticeFacts.of("games-restored", n=3),
     "3 games were missing turns in the journal and were restored from the session records: "
     "no confirmed turn was lost."),
    ("pl", NoticeFacts.of("games-restored", n=3), None),
    ("ko", NoticeFacts.of("games-restored", n=3), None),
    ("en", NoticeFacts.of("folder-unwritable", folder="/srv/games", cause="read-only"),
     "The data folder /srv/games can't be written: the storage is read-only. Games can't be "
     "kept until it can."),
    ("pl", NoticeFacts.of("folder-unwritable", folder="/srv/games", cause="read-only"), None),
    ("ko", NoticeFacts.of("folder-unwritable", folder="/srv/games", cause="read-only"), None),
])
def test_the_referees_notice_facts_are_said_in_each_language(lang, facts, said):
    """The referee hands a notice up as a code and its facts (no words); companion.i18n says
    it, each fact where it belongs: the count, the folder, the cause (a swapped cause or count
    reads differently)."""
    translator.set_language(lang)
    try:
        text = say(facts)
        swapped = say(NoticeFacts.of(facts.code, **{**facts.data, **(
            {"n": 1} if "n" in facts.data else {"cause": "no-space"})}))
        plain = say(combine(facts, (facts,)))   # a notice repeated is said once
    finally:
        translator.set_language("en")
    if said is not None:
        assert text == said
    assert text == plain and "{" not in text and text != swapped
    assert ("3" in text) if "n" in facts.data else ("/srv/games" in text)
    if lang != "en":
        assert "games" not in text.replace("/srv/games", "") and "storage" not in text
