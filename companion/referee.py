"""The referee: from a seat's button press to a verdict, journalled so nothing is ever lost.

Plain Python (no Kivy): the app, the tests and ``splendor-companion rejudge`` run this code.

>>> import tempfile
>>> from companion.engine import SimulatedTable, TakeGems, EndTurn
>>> from companion.referee_judge import expected_observation
>>> table = SimulatedTable(players=2, seed=3)
>>> ref = Referee.start(["Ana", "Ben"], first=table.setup.first, data_dir=tempfile.mkdtemp())
>>> ref.confirm_setup(table.setup)
>>> truth = table.new_game(); p = truth.active
>>> truth.push(TakeGems(p, (1, 1, 1, 0, 0, 0))); truth.push(EndTurn(p))
>>> ref.press(p, observation=expected_observation(truth)).kind
'accepted'
>>> ref.game.snapshot() == truth.snapshot()
True

Order of writes for a press: the still (or observation) and the ``press`` event are written
and fsynced first; the verdict is computed; an accepted turn is committed to the SQLite
journal (WAL, synchronous=FULL) and only then returned to the caller, who tells the players.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable, Optional

from companion.engine import (EndTurn, Game, MalformedError, RuleError, Rules, Setup,
                              starting_bank)
from companion.engine.cards import CARDS, COLOURS, NOBLES
from companion.engine.record import Header, game_from_lines, parse_event
from companion.journal import Journal, JournalError
from companion.referee_judge import (ObservationError, Verdict, answer_question, judge,
                                     read_seen)
from companion.session import (Session, SessionError, SessionWriter, data_dir as _data_dir,
                               read_record_mirror, read_session)

JOURNAL_NAME = "journal.sqlite"
SESSIONS = "sessions"
JPEG_QUALITY = 95
STABLE_READS = 4  # stills read at most, with a capture callable, until two agree

__all__ = ["Referee", "Verdict", "SetupError", "rejudge", "default_reader", "open_journal"]


class SetupError(ValueError):
    """The dealt table can't be used to start a game; ``message`` says what to fix."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def default_reader():
    """The camera pipeline (imported lazily: OpenCV only when a still is read)."""
    from vision.pipeline import read_table
    return read_table


# ----------------------------------------------------------------------------- journal files
def open_journal(root: Path) -> tuple:
    """The journal of a data directory, and a notice when it had to be rebuilt.

    A damaged journal file is set aside (never deleted) and the games are rebuilt from the
    ``record.jsonl`` copy every session folder keeps, so no confirmed turn is lost.
    """
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    path = root / JOURNAL_NAME
    try:
        return Journal(path), None
    except JournalError as err:
        n = 1
        while (root / f"{JOURNAL_NAME}.damaged-{n}").exists():
            n += 1
        aside = root / f"{JOURNAL_NAME}.damaged-{n}"
        os.replace(path, aside)
        for suffix in ("-wal", "-shm"):
            if (root / (JOURNAL_NAME + suffix)).exists():
                os.replace(root / (JOURNAL_NAME + suffix), root / f"{aside.name}{suffix}")
        journal = Journal(path)
        rebuilt = _rebuild(journal, root)
        notice = (f"{err.message} It was set aside as {aside.name}, and {rebuilt} "
                  f"{'game was' if rebuilt == 1 else 'games were'} rebuilt from the session "
                  "records.")
        return journal, notice


def _valid_prefix(lines: list) -> tuple:
    """The longest prefix of record lines that replays legally, cut at a whole turn."""
    if len(lines) < 2:
        return [], None
    keep = 2
    game = None
    try:
        game = game_from_lines(lines[:2])
    except (RuleError, StopIteration, ValueError, Exception):
        return [], None
    for i in range(2, len(lines)):
        try:
            game.push(parse_event(lines[i], game.n))
        except RuleError:
            break
        if game.main is None:
            keep = i + 1
    game = game_from_lines(lines[:keep])
    return lines[:keep], game


def _rebuild(journal: Journal, root: Path) -> int:
    folder = root / SESSIONS
    count = 0
    if not folder.is_dir():
        return 0
    for name in sorted(os.listdir(folder)):
        lines, _ = read_record_mirror(folder / name)
        lines, game = _valid_prefix(lines)
        if game is None:
            continue
        gid = journal.new_game(lines[0], lines[1], session=name)
        outcome = game.outcome.to_dict() if game.outcome else None
        journal.append(gid, lines[2:], outcome=outcome)
        count += 1
    return count


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


def _outcome_sentence(game: Game) -> str:
    o = game.outcome
    names = [game.names[i] for i in o.winners]
    return f"{' and '.join(names)} {'wins' if len(names) == 1 else 'share the victory'}."


# ----------------------------------------------------------------------------- the referee
class Referee:
    """Judges presses against the last accepted state and keeps the record safe.

    Use :meth:`start` for a new game or :meth:`resume` for the unfinished one. ``game`` is the
    engine state (read-only for callers), ``pending_question`` the question waiting for an
    answer, ``notice`` a sentence to show once (e.g. the journal was rebuilt).
    """

    def __init__(self, players, first: int = 0, rules: Rules = Rules(), *,
                 journal: Optional[Journal] = None, session: Optional[SessionWriter] = None,
                 reader: Optional[Callable] = None, capture: Optional[Callable] = None):
        if not 2 <= len(players) <= 4:
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
        self.notice: Optional[str] = None
        self._pending_obs: Optional[dict] = None
        self._entries: list = []  # record lines of a turn being entered by touch

    # ----------------------------------------------------------------- starting
    @classmethod
    def start(cls, players, first: int = 0, rules: Rules = Rules(), data_dir=None,
              reader: Optional[Callable] = None, capture: Optional[Callable] = None
              ) -> "Referee":
        """A new game: a new session folder and journal entry (the game row is written when
        the setup is confirmed). An unfinished game left in the journal is kept but no longer
        offered for resume."""
        root = Path(data_dir) if data_dir is not None else _data_dir()
        journal, notice = open_journal(root)
        old = journal.unfinished()
        if old is not None:
            journal.abandon(old["id"])
        session = SessionWriter.create(root / SESSIONS, players, first, rules.to_dict())
        ref = cls(players, first, rules, journal=journal, session=session, reader=reader,
                  capture=capture)
        ref.notice = notice
        return ref

    @staticmethod
    def setup_from_observation(obs: dict, players, first: int = 0) -> Setup:
        """The dealt table as the camera sees it; raises :class:`SetupError` with a sentence."""
        n = len(players)
        if isinstance(obs, dict) and obs.get("mat") is not False and obs.get("busy"):
            from companion.covered_text import covered_sentence
            covered = obs.get("covered")
            raise SetupError(covered_sentence(covered if isinstance(covered, list) else None,
                                              again="read the table again"))
        try:
            seen = read_seen(obs)
        except ObservationError as err:
            raise SetupError(err.message)
        if seen.uncertain:
            from companion.covered_text import unsure_sentence
            raise SetupError(unsure_sentence(seen.uncertain))
        nobles = seen.nobles
        for i in range(5):
            v = nobles[i]
            if i <= n and v in (None, "?"):
                what = "is empty" if v is None else "has a tile whose tag can't be read"
                raise SetupError(f"Noble slot {i + 1} {what}: a {n}-player game reveals "
                                 f"{n + 1} nobles, in the first {n + 1} slots from the left.")
            if i > n and v is not None:
                raise SetupError(f"Noble slot {i + 1} should be empty: a {n}-player game "
                                 f"reveals only {n + 1} nobles.")
            if v is not None and v not in NOBLES:
                raise SetupError(f"The tag {v} in noble slot {i + 1} is a card, not a noble.")
        for li, row in enumerate(seen.market):
            for s, c in enumerate(row):
                if c is None:
                    raise SetupError(f"Level {li + 1}, slot {s + 1} is empty: deal 4 face-up "
                                     "cards of each level.")
                if c == "?":
                    raise SetupError(f"The card in level {li + 1}, slot {s + 1} can't be read: "
                                     "lay it flat with its tag facing the camera.")
                if c not in CARDS or CARDS[c].level != li + 1:
                    raise SetupError(f"{c} in level {li + 1}, slot {s + 1} is not a level "
                                     f"{li + 1} card.")
        for li in range(3):
            if not seen.decks[li]:
                raise SetupError(f"The level {li + 1} deck is not in its slot.")
        full = starting_bank(n)
        for i, c in enumerate(COLOURS):
            if seen.bank[i] != full[i]:
                raise SetupError(f"The bank should start with {full[i]} {c} tokens for {n} "
                                 f"players, but the camera counts {seen.bank[i]}.")
        setup = Setup(first, tuple(nobles[:n + 1]), tuple(tuple(r) for r in seen.market))
        try:
            Game(players, setup)
        except MalformedError as err:
            raise SetupError(err.message)
        return setup

    def confirm_setup(self, setup: Setup, image=None, observation: Optional[dict] = None
                      ) -> None:
        """Start the game from the dealt table the players confirmed. The first player is
        the one given to :meth:`start`."""
        if self.game is not None:
            raise ValueError("The game is already set up.")
        setup = Setup(self.first, tuple(setup.nobles), tuple(tuple(r) for r in setup.market))
        try:
            game = Game(self.names, setup, self.rules)
        except MalformedError as err:
            raise SetupError(err.message)
        if self.session is not None:
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

    def press(self, seat: int, image=None, observation: Optional[dict] = None) -> Verdict:
        """A seat's turn-end button: judge the table (a BGR still read by the reader, or a
        ready observation; given both, the observation is judged and the still is kept)
        against the last accepted state. Calls must not overlap (one worker thread)."""
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
                self.session.add({"type": "press", "seat": seat, "image": name})
        elif self.session is not None:
            data, observation, stable = self._read(image)
            name = self.session.save_jpeg(data)
            self.session.add({"type": "press", "seat": seat, "image": name})
        else:
            _, observation, stable = self._read(image)
        if not stable:
            return Verdict("unreadable", seat,
                           message=("The table kept changing while the camera read it: keep "
                                    "hands off the mat, then press again."))
        return self.judge_press(seat, observation)

    def judge_press(self, seat: int, observation: Optional[dict]) -> Verdict:
        """Judge a press whose observation is known (the recorded part is done)."""
        if self.game is None:
            return Verdict("unreadable", seat, message="The game is not set up yet: confirm "
                           "the dealt table first.")
        taken_back = self._drop_entries()
        had_pending = bool(taken_back) or self.pending_question is not None
        self.pending_question = None
        self._pending_obs = None
        if observation is None:
            return Verdict("unreadable", seat, message="There is no still for this press: "
                           "press again.")
        verdict = judge(self.game, observation, seat)
        if taken_back and verdict.kind == "accepted":
            verdict = _with_message(verdict, "The lines entered on the screen for this turn "
                                    "were replaced by what the camera sees. " + verdict.message)
        if verdict.kind == "accepted":
            self._commit(verdict)
        elif verdict.kind == "question":
            self.pending_question = verdict
            self._pending_obs = observation
            self._save_pending()
        elif had_pending:
            self._save_pending()
        return verdict

    def answer(self, value) -> Verdict:
        """A player's answer to the pending question; returns the final verdict (or the
        question again, with a sentence, when the value is not one of its choices)."""
        question = self.pending_question
        if question is None:
            raise ValueError("There is no question waiting for an answer.")
        if self.session is not None:
            self.session.add({"type": "answer", "question": question.question, "value": value})
        verdict = answer_question(self.game, question, value)
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
                raise MalformedError("An entry must be one record line (a JSON object).")
            if line.get("type") == "setup" and self.game is None:
                event = parse_event(line, len(self.names))
                self._confirm_without_event(event)
                return Verdict("accepted", None, lines=(self.game.setup.to_line(),),
                               message="The game is set up.")
            if self.game is None:
                raise MalformedError("The game is not set up yet: enter or confirm the dealt "
                                     "table first.")
            event = parse_event(line, self.game.n)
            if isinstance(event, Setup):
                raise MalformedError("The game is already set up; a game has one setup.")
        except RuleError as err:
            return Verdict("rejected", seat, rule=err.rule, message=err.message)
        self.pending_question = None
        self._pending_obs = None
        try:
            self.game.push(event)
        except RuleError as err:
            return Verdict("rejected", seat, rule=err.rule, message=err.message)
        self._entries.append(event.to_line())
        if type(event) is EndTurn:
            lines = tuple(self._entries)
            self._entries = []
            try:
                self._journal_turn(lines)
            except BaseException:
                self._entries = list(lines)
                raise
            return Verdict("accepted", event.player, lines=lines,
                           message=self._after_turn_sentence(
                               f"{self.game.names[event.player]}'s turn is recorded."))
        self._save_pending()
        return Verdict("entered", getattr(event, "player", None), lines=(event.to_line(),),
                       message="Noted. Press the seat's button or enter end_turn to finish "
                               "the turn.")

    def _confirm_without_event(self, setup: Setup) -> None:
        session, self.session = self.session, None
        try:
            self.confirm_setup(setup)
        finally:
            self.session = session
        if self.session is not None:
            header = Header(self.names, self.rules).to_line()
            self.session.record_rewrite([header, self.game.setup.to_line()])

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
        if self._entries:
            undone = list(self._entries)
            self._drop_entries()
            self._save_pending()
            return undone
        if not self.game.history:
            return []
        undone = [a.to_line() for a in self.game.undo_turn()]
        if self.journal is not None:
            self.journal.truncate(self.game_id, self.journal.count(self.game_id) - len(undone))
        if self.session is not None:
            self.session.record_rewrite(self.record())
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
        elif self._entries:
            pending = {"entries": list(self._entries)}
        self.journal.set_pending(self.game_id, pending)

    def _after_turn_sentence(self, text: str) -> str:
        if self.game.outcome is not None:
            return f"{text} The game is over: {_outcome_sentence(self.game)}"
        return text

    # ----------------------------------------------------------------- resuming
    @staticmethod
    def unfinished(data_dir=None) -> Optional[dict]:
        """A summary of the game :meth:`resume` would continue, or None."""
        root = Path(data_dir) if data_dir is not None else _data_dir()
        if not (root / JOURNAL_NAME).exists():
            return None
        journal, _ = open_journal(root)
        try:
            return journal.unfinished()
        finally:
            journal.close()

    @classmethod
    def resume(cls, data_dir=None, reader: Optional[Callable] = None,
               capture: Optional[Callable] = None) -> Optional["Referee"]:
        """The unfinished game, exactly where it stopped (a pending question or a turn being
        entered included), or None when there is none."""
        root = Path(data_dir) if data_dir is not None else _data_dir()
        journal, notice = open_journal(root)
        row = journal.unfinished()
        if row is None:
            journal.close()
            return None
        folder = root / SESSIONS / row["session"] if row["session"] else None
        try:
            lines = journal.lines(row["id"])
            game = game_from_lines(lines)
        except (JournalError, RuleError) as err:
            # The journal's copy of this game is damaged: fall back on the session's copy.
            mirror, _ = read_record_mirror(folder) if folder else ([], [])
            lines, game = _valid_prefix(mirror)
            if game is None:
                raise JournalError(f"Game {row['id']} in the journal can't be read "
                                   f"({getattr(err, 'message', err)}), and its session has no "
                                   "usable copy.")
            journal.truncate(row["id"], 0)
            journal.append(row["id"], lines)
            notice = (notice or "") + (f" Game {row['id']} was damaged in the journal and "
                                       "was restored from its session record.")
        header = lines[0]
        rules = Rules(**(header.get("rules") or {}))
        if game.main is not None:  # never journalled mid-turn; be safe anyway
            game.undo_turn()
        session = SessionWriter(folder) if folder and folder.is_dir() else None
        ref = cls(list(header["players"]), game.first, rules, journal=journal, session=session,
                  reader=reader, capture=capture)
        ref.game = game
        ref.game_id = row["id"]
        ref.notice = notice.strip() if notice else None
        if session is not None:
            session.record_rewrite(lines)
        pending = row["pending"] or {}
        if "question" in pending:
            q = pending["question"]
            verdict = judge(game, q.get("observation"), q.get("seat"))
            if verdict.kind == "question":
                ref.pending_question = verdict
                ref._pending_obs = q.get("observation")
        elif "entries" in pending:
            for line in pending["entries"]:
                try:
                    event = parse_event(line, game.n)
                    game.push(event)
                except RuleError:
                    break
                ref._entries.append(event.to_line())
        return ref

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()
            self.journal = None


def _with_message(verdict: Verdict, message: str) -> Verdict:
    from dataclasses import replace
    return replace(verdict, message=message)


# ----------------------------------------------------------------------------- rejudge
def _load_observation(folder: Path, name, reader) -> tuple:
    """(observation or None, reason) for an image named by an event."""
    if not isinstance(name, str) or not name or "/" in name or "\\" in name:
        return None, "The press names no still."
    path = folder / name
    if not path.exists():
        return None, f"The still {name} is missing from the session folder."
    if name.endswith(".json"):
        from companion.engine.inputs import (MAX_SMALL_BYTES, InputError, JSONInputError,
                                             read_json)
        try:
            obs = read_json(path, "reading", MAX_SMALL_BYTES)
        except (InputError, JSONInputError) as err:
            return None, f"The reading {name} is damaged: {err.message}"
        if not isinstance(obs, dict):
            return None, f"The reading {name} holds no table reading (it is not a JSON object)."
        return obs, None
    from vision.image_file import ImageRefused, load_image_file
    try:
        image = load_image_file(path)
    except ImageRefused as exc:
        return None, f"The still {name} can't be judged: {exc}"
    return (reader or default_reader())(image), None


def rejudge(folder, reader: Optional[Callable] = None) -> dict:
    """Judge a session folder again, as the app judged it live (session.md).

    Raises :class:`SessionError` when the folder can't be read. The result holds
    ``verdicts``, ``record``, ``finished``, ``winners`` and ``warnings``.
    """
    session: Session = read_session(folder)
    try:
        rules = Rules(**session.rules)
    except (TypeError, ValueError):
        raise SessionError("The session's house rules can't be read.")
    ref = Referee(session.players, session.first, rules, reader=reader)
    verdicts: list = []
    presses = 0
    last_press = None
    warnings = list(session.warnings)
    folder = Path(folder)
    for number, ev in enumerate(session.events, start=1):
        kind = ev.get("type")
        if kind == "setup":
            if ref.game is not None:
                warnings.append(f"Event {number} sets up a game already set up; it was "
                                "ignored.")
                continue
            obs, why = _load_observation(folder, ev.get("image"), reader)
            try:
                if obs is None:
                    raise SetupError(why)
                ref.confirm_setup(Referee.setup_from_observation(obs, session.players,
                                                                 session.first))
            except SetupError as err:
                # As in the app: the table is not confirmed, the players fix it and read again.
                # Presses until a readable setup are unreadable ("not set up yet").
                verdicts.append({"setup": number, **Verdict("unreadable", None,
                                                            message=err.message).to_dict()})
        elif kind == "press":
            presses += 1
            seat = ev.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < len(session.players):
                raise SessionError(f"Event {number} is a press by {seat!r}, which is not a seat.")
            obs, why = _load_observation(folder, ev.get("image"), reader)
            if obs is None and ref.game is not None:
                ref.pending_question = None
                verdict = Verdict("unreadable", seat, message=why)
            else:
                verdict = ref.judge_press(seat, obs)
            verdicts.append(verdict.to_dict(press=presses))
            last_press = len(verdicts) - 1
        elif kind == "answer":
            if ref.pending_question is None:
                warnings.append(f"Event {number} answers a question that was not asked; it "
                                "was ignored.")
                continue
            verdict = ref.answer(ev.get("value"))
            if last_press is not None:
                prev = verdicts[last_press]
                verdicts[last_press] = verdict.to_dict(press=prev["press"])
        elif kind == "entry":
            ref.apply_entry(ev.get("line"))
        elif kind == "undo":
            if ref.game is None:
                warnings.append(f"Event {number} undoes a turn before the game was set up; it "
                                "was ignored.")
                continue
            ref.apply_undo()
        else:
            warnings.append(f"Event {number} has an unknown type {kind!r}; it was ignored.")
    game = ref.game
    return {"verdicts": verdicts, "record": ref.record(),
            "finished": bool(game and game.finished),
            "winners": list(game.outcome.winners) if game and game.outcome else [],
            "warnings": warnings}
