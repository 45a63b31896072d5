"""The :class:`Referee`: judges presses against the last accepted state and keeps the record.

Order of writes for a press: the still (or observation) and the ``press`` event are written
and fsynced first; the verdict is computed; an accepted turn is committed to the SQLite
journal (WAL, synchronous=FULL) and to the session's ``record.jsonl`` mirror, and only then
returned to the caller, who tells the players. Not thread-safe: the app calls it only through
:class:`companion.referee.door.RefereeDoor`'s worker thread.
"""
from __future__ import annotations

import json
import logging
from dataclasses import replace
from pathlib import Path
from typing import Callable, Optional

from companion.engine import EndTurn, Game, MalformedError, RuleError, Rules, Setup
from companion.engine.values import MAX_PLAYERS, MIN_PLAYERS
from companion.engine.record import Header, parse_event
from companion.referee.dealt import SetupError, check_dealt, check_game
from companion.referee.journal import Journal, JournalError
from companion.referee.forgotten import answer_turns, judge_forgotten
from companion.referee.judge import answer_question, judge
from companion.referee.notice import NoticeFacts, gather
from companion.referee.recovery import (_DAMAGED_LINE, SESSIONS, DataFolderError,
                                        journal_lines, open_journal, session_folder, valid_prefix)
from companion.referee.verdict import Verdict
from companion.referee.session import SessionWriter, data_dir as _data_dir, read_record_mirror

log = logging.getLogger(__name__)
JPEG_QUALITY = 95
STABLE_READS = 4  # stills read at most, with a capture callable, until two agree

__all__ = ["Referee", "SetupError", "DataFolderError", "default_reader"]


def default_reader():
    """The camera pipeline (imported lazily: OpenCV only when a still is read)."""
    from vision.pipeline import read_table
    return read_table


# ----------------------------------------------------------------------------- helpers
def _encode_jpeg(image) -> bytes:
    import cv2
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise ValueError("The still could not be encoded as a JPEG image.")
    return buf.tobytes()


def _decode_jpeg(data: bytes):
    import cv2
    import numpy as np
    return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)


def _turn_fields(obs) -> tuple:
    """What two reads must agree on before a still is judged."""
    if not isinstance(obs, dict):
        return (None,)
    return tuple(json.dumps(obs.get(k), sort_keys=True) for k in
                 ("mat", "busy", "nobles", "market", "decks", "bank", "scan", "uncertain"))


# ----------------------------------------------------------------------------- the referee
class Referee:
    """Judges presses against the last accepted state and keeps the record safe.

    Use :meth:`start` for a new game or :meth:`resume` for the unfinished one. ``game`` is the
    engine state (read-only for callers), ``pending_question`` the question waiting for an
    answer, ``notice`` what to tell the players once (e.g. the journal was rebuilt): a tuple of
    :class:`~companion.referee.notice.NoticeFacts`, said by companion.i18n.notices.
    """

    def __init__(self, players, first: int = 0, rules: Rules = Rules(), *,
                 journal: Optional[Journal] = None, session: Optional[SessionWriter] = None,
                 reader: Optional[Callable] = None, capture: Optional[Callable] = None):
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"A game needs 2 to 4 players, not {len(players)}.")
        if not isinstance(first, int) or not 0 <= first < len(players):
            raise ValueError(f"The first player must be a seat from 0 to {len(players) - 1}.")
        self.names = tuple(players)
        self.first = first
        self.rules = rules
        self.journal = journal
        self.session = session
        self.reader = reader
        self.capture = capture
        self.game: Optional[Game] = None
        self.game_id: Optional[int] = None
        self.pending_question: Optional[Verdict] = None
        self.notice: tuple = ()
        self._pending_obs: Optional[dict] = None
        self._entries: list = []  # record lines of a turn being entered by touch
        # Settled stills (read-table objects) since the last accepted state: evidence for a
        # forgotten press (session.md version 2), never judged by themselves.
        self.stills: list = []
        # Whether a press by a later seat may be the turns of every seat up to it (version 2);
        # rejudge turns it off for a version 1 session, judged as before.
        self.forgotten_presses = True
        # The computer's move for the turn in progress (companion.referee.expectation.Expectation), set
        # through the door: a turn or line of that seat that differs from it is rejected.
        self.expect = None

    # ----------------------------------------------------------------- starting
    @classmethod
    def start(cls, players, first: int = 0, rules: Rules = Rules(), data_dir=None,
              reader: Optional[Callable] = None, capture: Optional[Callable] = None
              ) -> "Referee":
        """A new game: a new session folder and journal entry (the game row is written when
        the setup is confirmed). An unfinished game left in the journal stays resumable: the
        newest unfinished game is the one offered, so it is offered again once this one ends
        (or when this one's setup is never confirmed)."""
        root = Path(data_dir) if data_dir is not None else _data_dir()
        journal, notice = open_journal(root)
        session = SessionWriter.create(root / SESSIONS, players, first, rules.to_dict())
        ref = cls(players, first, rules, journal=journal, session=session, reader=reader,
                  capture=capture)
        ref.notice = notice
        return ref

    @staticmethod
    def setup_from_observation(obs: dict, players, first: int = 0) -> Setup:
        """The dealt table as the camera sees it (:func:`companion.referee.dealt.check_dealt`);
        raises :class:`SetupError` with its facts."""
        return check_dealt(obs, players, first)

    def confirm_setup(self, setup: Setup, image=None, observation: Optional[dict] = None,
                      _event: bool = True) -> None:
        """Start the game from the dealt table the players confirmed. The first player is
        the one given to :meth:`start`."""
        if self.game is not None:
            raise ValueError("The game is already set up.")
        setup = Setup(self.first, tuple(setup.nobles), tuple(tuple(r) for r in setup.market))
        game = check_game(self.names, setup, self.rules)
        if self.session is not None and _event:
            if image is not None:
                name = self.session.save_jpeg(_encode_jpeg(image))
                self.session.add({"type": "setup", "image": name})
            elif observation is not None:
                name = self.session.save_observation(observation)
                self.session.add({"type": "setup", "image": name})
            else:
                self.session.add({"type": "entry", "line": setup.to_line()})
        header = Header(self.names, self.rules).to_line()
        if self.journal is not None:
            self.game_id = self.journal.new_game(
                header, setup.to_line(),
                session=self.session.folder.name if self.session else None)
        if self.session is not None:
            self.session.record_rewrite([header, setup.to_line()])
        self.game = game

    # ----------------------------------------------------------------- judging
    def _read(self, image) -> tuple:
        """(jpeg bytes, observation, stable) for a still; with a capture callable, more
        stills are taken until two reads agree."""
        reader = self.reader or default_reader()
        data = _encode_jpeg(image)
        obs = reader(_decode_jpeg(data))
        if self.capture is None:
            return data, obs, True
        for _ in range(STABLE_READS - 1):
            data2 = _encode_jpeg(self.capture())
            obs2 = reader(_decode_jpeg(data2))
            if _turn_fields(obs2) == _turn_fields(obs):
                return data2, obs2, True
            data, obs = data2, obs2
        return data, obs, False

    def press(self, seat: int, image=None, observation: Optional[dict] = None,
              auto: bool = False) -> Verdict:
        """A seat's turn-end button: judge the table (a BGR still read by the reader, or a
        ready observation; given both, the observation is judged and the still is kept)
        against the last accepted state. Calls must not overlap (one worker thread).
        ``auto``: hands-free, nobody pressed (recorded with ``"auto": true``)."""
        if not isinstance(seat, int) or not 0 <= seat < len(self.names):
            raise ValueError(f"Seat {seat!r} is not at this table.")
        if image is None and observation is None:
            if self.capture is None:
                raise ValueError("press() needs a still or an observation.")
            image = self.capture()
        stable = True
        if observation is not None:
            # A ready observation is what is judged (and what the press event names, so
            # rejudge reads the same); a still given with it is kept beside it for people.
            if self.session is not None:
                if image is not None:
                    self.session.save_jpeg(_encode_jpeg(image))
                name = self.session.save_observation(observation)
                self.session.add(_press_event(seat, name, auto))
        elif self.session is not None:
            data, observation, stable = self._read(image)
            name = self.session.save_jpeg(data)
            self.session.add(_press_event(seat, name, auto))
        else:
            _, observation, stable = self._read(image)
        if not stable:
            return Verdict("unreadable", seat, data={"key": "changing"})
        return self.judge_press(seat, observation)

    def still(self, image=None, observation: Optional[dict] = None) -> Optional[dict]:
        """A settled still between presses (session.md version 2), recorded as a ``still``
        event and kept as evidence for a forgotten press; never judged by itself. A still in
        which something covers what matters (``busy``) or the mat can't be placed is not
        recorded, nor one before the game is set up. Returns the reading when it was recorded,
        else None."""
        if self.game is None:
            return None
        data = None
        if observation is None:
            if image is None:
                raise ValueError("still() needs a still or an observation.")
            reader = self.reader or default_reader()
            data = _encode_jpeg(image)
            observation = reader(_decode_jpeg(data))
        if not isinstance(observation, dict) or observation.get("busy") \
                or observation.get("mat") is False:
            return None
        if self.session is not None:
            if data is not None:
                name = self.session.save_jpeg(data)
            else:
                if image is not None:
                    self.session.save_jpeg(_encode_jpeg(image))
                name = self.session.save_observation(observation)
            self.session.add({"type": "still", "image": name})
        self.apply_still(observation)
        return observation

    def apply_still(self, observation) -> None:
        """Keep a settled still's reading (None: a still that can't be read, no evidence)."""
        if observation is not None and self.game is not None:
            self.stills.append(observation)

    def set_expectation(self, expectation) -> None:
        """The computer's move for the turn in progress (``companion.referee.expectation.Expectation``),
        noted in the session folder so that rejudge judges that turn as the app does."""
        self.expect = expectation
        if expectation is not None and self.session is not None:
            try:
                self.session.note_computer_move(expectation.seat, expectation.turn_start,
                                                expectation.lines)
            except OSError as err:   # the game goes on; only a later rejudge lacks the move
                log.warning("The computer's move could not be noted in the session: %s", err)

    def judge_press(self, seat: int, observation: Optional[dict]) -> Verdict:
        """Judge a press whose observation is known (the recorded part is done)."""
        if self.game is None:
            return Verdict("unreadable", seat, data={"key": "not-set-up"})
        if seat != self.game.active and not self.game.finished:
            # Another seat's button: the active turn (seen or entered by touch) stays pending,
            # unless the table shows the turns of every seat up to this one (a forgotten press).
            asked = self.pending_question
            if self.game.main is not None or (asked is not None and asked.seat != seat) \
                    or not self.forgotten_presses:
                return Verdict("rejected", seat, rule="not-your-turn")
            self.pending_question = self._pending_obs = None
            return self._settle(judge_forgotten(self.game, self.stills, observation, seat),
                                observation)
        taken_back = self._drop_entries()
        had_pending = bool(taken_back) or self.pending_question is not None
        self.pending_question = None
        self._pending_obs = None
        if observation is None:
            return Verdict("unreadable", seat, data={"key": "no-still"})
        verdict = judge(self.game, observation, seat)
        if self.expect is not None:
            verdict = self.expect.judge_turn(self.game, verdict)
        if taken_back and verdict.kind == "accepted":
            verdict = replace(verdict, data={**verdict.data, "replaced_entries": True})
        return self._settle(verdict, observation, save=had_pending)

    def _settle(self, verdict: Verdict, observation, save: bool = False) -> Verdict:
        """A press's verdict taken: an accepted turn committed, a question kept with its still
        until it is answered; anything else saves what is pending only when ``save``."""
        if verdict.kind == "accepted":
            self._commit(verdict)
        elif verdict.kind == "question":
            self.pending_question = verdict
            self._pending_obs = observation
            self._save_pending()
        elif save:
            self._save_pending()
        return verdict

    @property
    def entering(self) -> bool:
        """Whether a turn is being entered by touch (lines checked, no ``end_turn`` yet)."""
        return bool(self._entries)

    def finish_entered_turn(self, seat: int) -> Verdict:
        """A seat's button while a turn is entered by touch: the active seat's button is the
        turn's ``end_turn`` line; another seat's is ``not-your-turn``, the turn stays pending."""
        if self.game is None or not self._entries:
            raise ValueError("No turn is being entered by touch.")
        if seat != self.game.active:
            return Verdict("rejected", seat, rule="not-your-turn")
        return self.entry({"type": "end_turn", "player": seat})

    def answer(self, value) -> Verdict:
        """A player's answer to the pending question; returns the final verdict (or the
        question again, with a sentence, when the value is not one of its choices)."""
        question = self.pending_question
        if question is None:
            raise ValueError("There is no question waiting for an answer.")
        if self.session is not None:
            self.session.add({"type": "answer", "question": question.question, "value": value})
        if question.question == "turns":   # a forgotten press (session.md version 2)
            verdict = answer_turns(self.game, question, value)
        else:
            verdict = answer_question(self.game, question, value)
        if self.expect is not None:
            verdict = self.expect.judge_turn(self.game, verdict)
        if verdict.kind == "question":
            self.pending_question = verdict
            return verdict
        self.pending_question = None
        self._pending_obs = None
        if verdict.kind == "accepted":
            self._commit(verdict)
        else:
            self._save_pending()
        return verdict

    def entry(self, line: dict) -> Verdict:
        """One record line entered by touch (record.md). Lines of a turn are checked one by
        one (``entered``); the turn is accepted, and journalled, at its ``end_turn`` line."""
        if self.session is not None:
            self.session.add({"type": "entry", "line": line})
        return self.apply_entry(line)

    def apply_entry(self, line: dict) -> Verdict:
        seat = line.get("player") if isinstance(line, dict) else None
        try:
            if not isinstance(line, dict):
                raise MalformedError("entry-not-an-object")
            if line.get("type") == "setup" and self.game is None:
                event = parse_event(line, len(self.names))
                self._confirm_without_event(event)
                return Verdict("accepted", None, lines=(self.game.setup.to_line(),))
            if self.game is None:
                raise MalformedError("entry-before-setup")
            event = parse_event(line, self.game.n)
            if isinstance(event, Setup):
                raise MalformedError("entry-setup-twice")
        except RuleError as err:   # malformed: what is wrong with it is for the records
            return Verdict("rejected", seat, rule=err.rule, data={"problem": err.as_data()})
        if self.expect is not None:
            refused = self.expect.judge_line(self.game, line)
            if refused is not None:
                return refused
        self.pending_question = None
        self._pending_obs = None
        try:
            self.game.push(event)
        except RuleError as err:
            return Verdict("rejected", seat, rule=err.rule, data={"problem": err.as_data()})
        self._entries.append(event.to_line())
        if type(event) is EndTurn:
            lines = tuple(self._entries)
            self._entries = []
            self.stills = []
            try:
                self._journal_turn(lines)
            except BaseException:
                self._entries = list(lines)
                raise
            return Verdict("accepted", event.player, lines=lines)
        self._save_pending()
        return Verdict("entered", getattr(event, "player", None), lines=(event.to_line(),))

    def _confirm_without_event(self, setup: Setup) -> None:
        # The entry event is already in the session; the journal row still names the session.
        self.confirm_setup(setup, _event=False)

    def undo(self) -> list:
        """Take back the turn being entered, or else the last accepted turn. Returns the
        record lines taken back (empty when there is nothing to undo)."""
        if self.game is None:
            return []
        if self.session is not None:
            self.session.add({"type": "undo"})
        return self.apply_undo()

    def apply_undo(self) -> list:
        self.pending_question = None
        self._pending_obs = None
        self.stills = []
        if self._entries:
            undone = list(self._entries)
            self._drop_entries()
            self._save_pending()
            return undone
        if not self.game.history:
            return []
        undone = [a.to_line() for a in self.game.undo_turn()]
        # The mirror first: a crash between the two writes leaves the journal longer than the
        # mirror, and reconciling never brings an undone turn back.
        if self.session is not None:
            self.session.record_rewrite(self.record())
        if self.journal is not None:
            self.journal.truncate(self.game_id, self.journal.count(self.game_id) - len(undone))
        return undone

    # ----------------------------------------------------------------- record keeping
    def record(self) -> list:
        """The accepted game record: header, setup and every accepted turn."""
        if self.game is None:
            return []
        lines = [Header(self.names, self.rules).to_line(), self.game.setup.to_line()]
        history = self.game.history
        if self._entries:
            history = history[:len(history) - len(self._entries)]
        return lines + [a.to_line() for a in history]

    def _drop_entries(self) -> list:
        dropped = []
        while self._entries:
            dropped.append(self.game.pop().to_line())
            self._entries.pop()
        dropped.reverse()
        return dropped

    def _commit(self, verdict: Verdict) -> None:
        """Apply an accepted turn and journal it; returns only after the commit."""
        pushed = 0
        try:
            for line in verdict.lines:
                self.game.push(parse_event(line, self.game.n))
                pushed += 1
            self._journal_turn(verdict.lines)
        except BaseException:
            for _ in range(pushed):
                self.game.pop()
            raise
        self.stills = []   # a new last accepted state: the stills before it are spent

    def _journal_turn(self, lines) -> None:
        outcome = self.game.outcome.to_dict() if self.game.outcome else None
        if self.journal is not None:
            self.journal.append(self.game_id, list(lines), outcome=outcome)
        if self.session is not None:
            self.session.record_append(list(lines))

    def _save_pending(self) -> None:
        if self.journal is None or self.game_id is None:
            return
        pending = None
        if self.pending_question is not None:
            pending = {"question": {"seat": self.pending_question.seat,
                                    "observation": self._pending_obs}}
            if self.pending_question.question == "turns":
                pending["question"]["stills"] = list(self.stills)
        elif self._entries:
            pending = {"entries": list(self._entries)}
        self.journal.set_pending(self.game_id, pending)

    # ----------------------------------------------------------------- resuming
    @staticmethod
    def unfinished(data_dir=None) -> Optional[dict]:
        """A summary of the game :meth:`resume` would continue, or None."""
        return Referee.journal_status(data_dir)[0]

    @staticmethod
    def journal_status(data_dir=None) -> tuple:
        """(the unfinished game's summary or None, the notices): opening the journal
        reconciles it with the session records, and the notices (a tuple of NoticeFacts, empty
        when there are none) say what was restored.
        Raises :class:`DataFolderError` when the data folder can't be written."""
        root = Path(data_dir) if data_dir is not None else _data_dir()
        journal, notice = open_journal(root)
        try:
            return journal.unfinished(), notice
        finally:
            journal.close()

    @classmethod
    def resume(cls, data_dir=None, reader: Optional[Callable] = None,
               capture: Optional[Callable] = None) -> Optional["Referee"]:
        """The unfinished game, exactly where it stopped (a pending question or a turn being
        entered included), or None when there is none."""
        root = Path(data_dir) if data_dir is not None else _data_dir()
        journal, notice = open_journal(root)
        try:
            return cls._resume_from(journal, root, notice, reader, capture)
        except BaseException:
            journal.close()
            raise

    @classmethod
    def _resume_from(cls, journal, root: Path, notice, reader, capture) -> Optional["Referee"]:
        row = journal.unfinished()
        if row is None:
            journal.close()
            return None
        folder = session_folder(root, row["session"])
        if row["session"] and folder is None:
            log.warning("Journal: game %s names the session %r, which is not a folder inside "
                        "%s; the game goes on without a session.", row["id"], row["session"],
                        root / SESSIONS)
        lines, game = valid_prefix(journal_lines(journal, row["id"]))
        if game is None:
            # The journal's copy of this game is damaged: fall back on the session's copy.
            mirror, _ = read_record_mirror(folder) if folder else ([], [])
            lines, game = valid_prefix(mirror)
            if game is None:
                raise JournalError("unrecoverable", game=row["id"])
            journal.replace_lines(row["id"], lines)
            log.warning("Journal: game %s was damaged and was restored from its session "
                        "record.", row["id"])
            notice = gather(notice, NoticeFacts.of("game-restored"))
        header = lines[0]
        rules = Rules(**(header.get("rules") or {}))
        session = SessionWriter(folder) if folder is not None else None
        ref = cls(list(header["players"]), game.first, rules, journal=journal, session=session,
                  reader=reader, capture=capture)
        ref.game = game
        ref.game_id = row["id"]
        ref.notice = notice
        if session is not None:
            session.record_rewrite(lines)
        ref._restore_pending(row["pending"] or {})
        return ref

    def _restore_pending(self, pending: dict) -> None:
        """The question or touch-entered lines a game stopped at (skipped when damaged)."""
        game = self.game
        if "question" in pending and isinstance(pending["question"], dict):
            q = pending["question"]
            seat = q.get("seat")
            if isinstance(seat, int) and 0 <= seat < game.n:
                stills = q.get("stills") if isinstance(q.get("stills"), list) else []
                verdict = (judge(game, q.get("observation"), seat) if seat == game.active
                           else judge_forgotten(game, stills, q.get("observation"), seat))
                self.stills = list(stills)
                if verdict.kind == "question":
                    self.pending_question = verdict
                    self._pending_obs = q.get("observation")
        elif isinstance(pending.get("entries"), list):
            for line in pending["entries"]:
                try:
                    event = parse_event(line, game.n)
                    game.push(event)
                except _DAMAGED_LINE as err:
                    log.warning("Journal: a touch-entered line can't be restored (%r).", err)
                    break
                self._entries.append(event.to_line())

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()
            self.journal = None


def _press_event(seat: int, image: str, auto: bool) -> dict:
    event = {"type": "press", "seat": seat, "image": image}
    if auto:
        event["auto"] = True
    return event
