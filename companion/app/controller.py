"""The app's controller: what a screen asks of the referee, and what it shows back. No Kivy.

Every referee call goes through one :class:`~companion.referee.door.RefereeDoor` (one queue,
one worker thread). The screens read only the controller's properties, which come from the
door's immutable snapshots, taken in the UI thread (``dispatch``: Kivy's clock in the app,
direct in tests). One button press::

    seat button (panel, UI thread) -> Controller.press_button -> door queue
      -> worker: camera still, vision reader, Referee.press -> judge -> journal commit
      -> Snapshot -> dispatch -> Controller._take (UI thread) -> screens redraw, LEDs
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable, Optional, Sequence

from companion.app.computer import ComputerSeats, load_seats, save_seats
from companion.app.league import LeagueLink
from companion.app.reader import TableReader
from companion.app.lights import show_lights
from companion.app.settings import Settings
from companion.app.viewmodel import (SetupDraft, TableView, TurnEntry, referee_class,
                                     seat_problems)
from companion.engine import EndTurn, Game, RuleError, Rules
from companion.engine.record import write_record
from companion.i18n import _, ngettext
from companion.i18n.camera import unreadable
from companion.i18n.guide import check_step
from companion.i18n.notices import Notice, combine, os_cause, say
from companion.i18n.verdicts import question_message
from companion.referee.door import RefereeDoor, Snapshot
from companion.referee.recovery import JOURNAL_NAME
from companion.referee.session import data_dir as default_data_dir
from companion.i18n.verdicts import render_after

log = logging.getLogger(__name__)

__all__ = ["Controller"]

_UNDO = object()   # what waits is the undo, not a seat's press


def _direct(fn: Callable, *args) -> None:
    fn(*args)


class Controller:
    """The app's state and every action a screen can ask for; no Kivy.

    ``dispatch(fn, *args)`` runs a callback in the UI thread. Screens subscribe with
    :meth:`listen` and redraw from the properties (``game``, ``question``, ``verdict``,
    ``message``, ``busy``, ``notice``, ...), which change only in the UI thread.
    """

    def __init__(self, data_dir=None, dispatch: Callable = _direct, camera=None, panel=None,
                 referee_cls=None, threaded: bool = True, chooser=None):
        self.data_dir = Path(data_dir or default_data_dir())
        self.settings = Settings.load(self.data_dir)
        self.dispatch = dispatch
        self.camera = camera              # .still() -> BGR image, or None without a camera
        self.panel = None                 # hardware.panel.SeatPanel, or None
        self.referee_cls = referee_cls or referee_class()
        self.threaded = threaded
        self.ref = None                   # the referee (its identity only: it is the worker's)
        self.button_of: list = []         # player seat -> seat button (0..3)
        self.draft: Optional[SetupDraft] = None
        self.entry: Optional[TurnEntry] = None
        self.verdict = None               # the last Verdict
        self.message = ""                 # the last verdict (or notice) in words
        self.button_note = ""             # the last button test's sentence (Settings shows it)
        # Sentences for the Home screen: settings reset, the journal restored, the wiring...
        # (Notices: said in the screen's language with companion.i18n.notices.say.)
        self.notice = combine(*self.settings.notices) or ""
        self.busy = False
        self.busy_text = ""
        self.observation: Optional[dict] = None   # the last still read, for the camera view
        self.image = None                          # the last still (BGR), for the camera view
        self.overlay = None                        # that still marked with what was read
        self.last_undo: Optional[tuple] = None     # (game before, game after) the last undo
        self._snap = Snapshot(0, "start")
        self._listeners: list = []
        self._reading = TableReader()
        self.warm_reader()
        self._door = RefereeDoor(self._from_worker, threaded=threaded)
        # The computer's seats: it thinks in a thread of its own (computer.py).
        self.computer = ComputerSeats(dispatch, **({"chooser": chooser} if chooser else {}))
        self.computer.on_ready = lambda e: self._door.call(
            lambda ref: ref.set_expectation(e), "computer")
        self.computer.on_press = self.press_button
        # The league's sender (its own thread; the referee only writes the outbox).
        self.league = LeagueLink(self.data_dir / JOURNAL_NAME, self.settings)
        self.computer.on_change = self._computer_ready
        if panel is not None:
            self.attach_panel(panel)
        from companion.app.watcher import TableWatch
        self.watch = TableWatch(self)     # the camera between presses (issue 36)

    # -- observers
    def listen(self, fn: Callable[[], None]) -> None:
        self._listeners.append(fn)

    def changed(self) -> None:
        for fn in list(self._listeners):
            fn()

    def attach_panel(self, panel) -> None:
        """The one wiring of the seat panel: its presses and undo requests go to the door.
        (The panel hands them to the UI thread itself; the door is the only queue.)"""
        self.panel = panel
        if panel is not None:
            panel.when_turn_end = self.press_button
            panel.when_undo_request = lambda button: self.undo()

    # -- state for screens
    @property
    def game(self) -> Optional[Game]:
        """The last committed game (a snapshot copy: never change it)."""
        return self._snap.game

    @property
    def pending_question(self):
        """The referee's open question as a Verdict (its ``options`` included), or None."""
        return self._snap.question

    @property
    def message(self):
        """What the Play screen says: the last verdict in words (``verdict_said``), or a
        notice or sentence put here since."""
        return self._message

    @message.setter
    def message(self, text) -> None:
        self._message = text
        self.verdict_said = False

    def _say_verdict(self, verdict) -> None:
        """Show ``verdict``: said from its facts on the game as it now is (the screen says it
        again from them when the language changes: ``verdict_said``)."""
        self.verdict = verdict
        self._message = render_after(self.game, verdict) if self.game is not None else ""
        self.verdict_said = True

    @property
    def names(self) -> list:
        return list(self.game.names) if self.game is not None else []

    @property
    def question(self):
        """(kind, candidates, prompt) of the referee's open question, or None."""
        q = self._snap.question
        if q is None:
            return None
        # Said in the current language from what the question carries (the English of
        # q.message stays in the record and the logs).
        return q.question, list(q.candidates), question_message(self.game, q)

    def table(self) -> Optional[TableView]:
        if self.game is None:
            return None
        return TableView.of(self.game, hints=self.settings.hints, button_of=self.button_of)

    def button_seat(self, button: int) -> Optional[int]:
        return self.button_of.index(button) if button in self.button_of else None

    # -- home
    def resumable(self) -> Optional[dict]:
        """A summary of the unfinished game the referee can resume (players, ...), or None.
        Opening the journal reconciles it with the session records; what that restored, or
        why the data folder can't be used, is kept in ``notice`` for the Home screen."""
        try:
            row, notice = self._door.call(
                lambda _ref: self._journal_status(), "journal").result().result
        except OSError as err:   # the data folder can't be written: said plainly
            told = getattr(err, "notice", None)   # a DataFolderError's facts
            self.notice = Notice.of(told) if told else Notice(
                "folder-unusable", folder=str(self.data_dir), cause=os_cause(err))
            log.error("Home: %s (%r)", self.notice, err)
            return None
        except Exception as err:  # not hidden as "nothing to resume": said, and logged
            log.exception("Home: the game journal can't be read")
            self.notice = Notice("journal-unreadable", cause=os_cause(err))
            return None
        if notice:
            self.notice = combine(self.notice, notice)
        return row

    def _journal_status(self):
        status = getattr(self.referee_cls, "journal_status", None)
        if status is None:
            return self.referee_cls.unfinished(self.data_dir), None
        return status(self.data_dir)

    def resume(self) -> bool:
        """Continue the unfinished game exactly where it stopped; False when there is none."""
        try:
            snap = self._door.open(lambda: self.referee_cls.resume(self.data_dir,
                                                                   reader=self._reader()))
        except Exception as err:  # damaged beyond repair: say so (cause logged), keep going
            log.exception("Home: the unfinished game can't be resumed")
            self.message = Notice("resume-failed", cause=os_cause(err))
            self.changed()
            return False
        self._take(snap)
        ref = snap.result
        if ref is None or snap.game is None:
            return False
        self.ref = ref
        from companion.app.watcher import load_hands_free
        self.watch.hands_free = self._sync(lambda: load_hands_free(
            ref.session.folder if ref.session is not None else None))
        self.watch.start(self.camera)
        if ref.notice:
            self.notice = combine(ref.notice)
        self.computer.set_levels(self._sync(lambda: load_seats(
            ref.session.folder if ref.session is not None else None, snap.game.n)))
        names = list(snap.game.names)
        seats = self.settings.last_seats
        present = [n for n in seats if n]
        if present == names:
            self.button_of = [i for i, n in enumerate(seats) if n]
        else:
            self.button_of = list(range(len(names)))
        self._after_change(None)
        return True

    # -- players
    def new_game(self, seat_names: Sequence[Optional[str]], first: int,
                 computers: Optional[dict] = None, hands_free: bool = False) -> list:
        """Start a game from the names per seat button and who starts (an index among players).
        ``computers`` maps a seat button to the computer's level (1-4) for the seats it plays;
        ``hands_free``: this game's turns may end without a press (issue 36; off unless chosen).

        Returns problems as sentences; [] when the game was started (then set up the table).
        """
        names = [(n or "").strip() for n in seat_names]
        players = [n for n in names if n]
        problems = seat_problems(names, first)
        if problems:
            return problems
        try:
            snap = self._door.open(lambda: self.referee_cls.start(
                players=players, first=first, rules=Rules(short_take=self.settings.short_take),
                data_dir=self.data_dir, reader=self._reader()))
        except OSError as err:  # the data folder can't be written: one plain sentence
            log.error("New game: %r", err)
            told = getattr(err, "notice", None)   # a DataFolderError's facts
            return [say(Notice.of(told) if told else Notice(
                "folder-unwritable", folder=str(self.data_dir), cause=os_cause(err)))]
        self.button_of = [i for i, n in enumerate(names) if n]
        levels = {self.button_of.index(b): lv for b, lv in (computers or {}).items()
                  if b in self.button_of}
        self.computer.set_levels(levels)
        if levels:
            self._sync(lambda: save_seats(
                snap.result.session.folder if snap.result.session is not None else None,
                levels))
        self.settings.remember([p for i, p in enumerate(players) if i not in levels])
        self.settings.last_seats = names
        try:
            self.settings.save(self.data_dir)
        except OSError as err:  # the game goes on; the names are not remembered
            log.warning("Settings can't be saved: %r", err)
        self.ref = snap.result
        self.set_hands_free(hands_free)
        self.watch.start(self.camera)
        self._take(snap)
        self.draft = SetupDraft(len(players), first)
        self.entry = None
        self.verdict, self.message = None, combine(self.ref.notice) or ""
        if self.ref.notice:
            self.notice = combine(self.ref.notice)
        self.changed()
        return []

    def set_hands_free(self, on: bool) -> None:
        """This game's choice of hands-free turns (kept in its session folder for resume)."""
        from companion.app.watcher import save_hands_free
        self.watch.hands_free = bool(on)
        if not on:
            self.watch.touch()     # a countdown running stops
        ref = self.ref
        if ref is not None and getattr(ref, "session", None) is not None:
            try:
                self._sync(save_hands_free, ref.session.folder, bool(on))
            except OSError as err:   # the game goes on; a resume would start without it
                log.warning("The hands-free choice can't be saved: %r", err)

    def warm_reader(self) -> None:
        """With a camera, make the pipeline ready in the background (once a process)."""
        if self.camera is not None and self.threaded and self._reading.warming is None:
            self._reading.warm_in_background()

    def _reader(self):
        return self._reading if self.camera is not None else None

    # -- setup
    def check_setup_step(self, step: str, done: Callable[[list], None]) -> None:
        """Judge one setup step on a fresh still (worker thread); ``done(problems)`` in the UI."""
        n = len(self.draft.nobles) - 1 if self.draft else 2

        def work():
            image = self.camera.still()
            from vision.pipeline import read_table  # lazy: OpenCV only with a camera
            obs = read_table(image)
            return image, obs

        def finish(result):
            image, obs = result
            self.image, self.observation = image, obs
            self.overlay = None  # the reader draws it for this still, if it reads it
            if obs and obs.get("mat") and self.draft is not None:
                self.draft.take_reading(obs)
            done(check_step(step, obs, n))
        self._work(_("Looking at the table..."), work, finish)

    def confirm_setup(self) -> list:
        """The players confirm the dealt table; returns problems ([] = the game begins)."""
        d = self.draft
        if d is None:
            return [_("Start a new game first.")]
        if not d.complete:
            return [_("Some slots are still empty: enter every dealt card and noble.")]
        setup, image = d.to_setup(), self.image
        try:
            snap = self._door.call(lambda ref: ref.confirm_setup(setup, image=image),
                                   "setup").result()
        except (RuleError, ValueError) as err:  # the referee's SetupError carries facts
            log.warning("Setup refused: %r", err)
            return [_setup_problem(err)]
        self._take(snap)
        self.draft = None
        self._after_change(None)
        return []

    # -- play
    def send(self, line: dict):
        """Forward one touch-entered record line to the referee; returns its verdict."""
        snap = self._door.entry(line).result()
        self._take(snap)
        return snap.verdict

    def press_button(self, button: int) -> None:
        """A seat button (real or on screen): the turn-end signal of that seat. Queued at the
        door; a press while another is judged is delivered after it, and said so."""
        seat = self.button_seat(button)
        if self.ref is None or self.game is None or self.game.finished:
            # No game to judge: the press is a test of the button (Settings, seat panel).
            self.message = _("The button of seat {seat} works.").format(seat=button + 1)
            self.button_note = self.message   # Settings shows it as the panel's status
            self.changed()
            return
        if seat is None:
            self.message = _("Nobody sits at seat {seat} in this game.").format(seat=button + 1)
            self.changed()
            return
        camera, name = self.camera, self.names[seat]
        if self.computer.hold_press(button, seat):
            # Pressed while the computer still chooses: judged once its move is shown.
            self.message = _("{name}'s press waits until the computer has chosen its "
                             "move.").format(name=name)
            self.changed()
            return

        def work(ref):
            if ref.entering:
                # A turn entered by touch: the active seat's button is its end_turn line.
                return ref.finish_entered_turn(seat), None, {}
            if camera is None:
                return None, _("There is no camera: enter {name}'s turn on the screen, then "
                               "press the button again.").format(name=name), {}
            observe = getattr(camera, "observe", None)
            if observe is not None:
                # A camera that reports the read-table object itself (the demo's table).
                image, obs = observe()
                return ref.press(seat, observation=obs), None, {
                    "image": image, "observation": obs, "overlay": None}
            image = camera.still()
            self._reading.last = {}
            verdict = ref.press(seat, image=image)
            return verdict, None, {"image": image, **self._reading.last}
        judging, waiting = self._door.judging, self._door.waiting
        done = self._door.press(seat, work)
        if done is None:
            # The door is the one queue, and it takes one press per seat: this one waits.
            self.message = _("{name}'s press is already waiting; it counts once.").format(
                name=name)
            self.changed()
            return
        if not done.done():  # (done already when the door runs requests in this thread)
            self._busy(judging, also=name, waiting=waiting)
        if self.entry is not None and self.entry.lines:
            # Ending a turn entered by touch is quick (no still to read): the screen waits for
            # it, in its place in the queue, so the next touch sees the turn ended.
            self._take(done.result())

    def press_auto(self, seat: int, observation: dict) -> None:
        """Hands-free: the grace time of a complete turn is over; the turn ends as if ``seat``
        had pressed, judged on the settled still (recorded with ``"auto": true``)."""
        self._busy(self._door.judging)
        self._door.press(seat, lambda ref: (ref.press(seat, observation=observation,
                                                      auto=True), None, {}))

    def answer(self, value) -> None:
        """A player's answer to the referee's question (a touch on one of its choices)."""
        if self.ref is None or self._snap.question is None:
            return
        try:
            snap = self._door.answer(value).result()
        except ValueError as err:  # the question was settled meanwhile (a press came first)
            log.info("Answer %r not taken: %s", value, err)
            return
        self._take(snap)

    def undo(self) -> None:
        """Take back the turn being entered, or else the last accepted turn. Queued at the
        door like a press: after a press being judged, never instead of it."""
        if self.ref is None or self.game is None:
            return
        judging, waiting = self._door.judging, self._door.waiting
        if not self._door.undo().done():
            self._busy(judging, also=_UNDO, waiting=waiting)

    def export(self, path) -> Path:
        """Write the game record (record.md) of the current game to ``path``."""
        def write(ref):
            if getattr(ref, "game_id", None) is not None and ref.journal is not None:
                ref.journal.export(ref.game_id, path)
            else:
                write_record(ref.game, path)
        self._door.call(write, "export").result()
        return Path(path)

    # -- internals
    def _busy(self, judging: Optional[int], also=None, waiting: Sequence[int] = ()) -> None:
        """Something was queued behind ``waiting`` (the door's seats before it): the screen
        says what is being judged and what waits."""
        waiting = [_("{name}'s press").format(name=self.names[s]) for s in waiting
                   if s < len(self.names)]
        text = _("Judging the turn...")
        if judging is not None and also is not None:
            later = waiting + [_("the undo") if also is _UNDO
                               else _("{name}'s press").format(name=also)]
            text = ngettext("Judging {name}'s turn... {later} waits and is judged next.",
                            "Judging {name}'s turn... {later} wait and are judged next.",
                            len(later)).format(name=self.names[judging],
                                               later=_(" and ").join(later))
            self.message = text  # the Play screen's banner: the press is not lost
        self.busy, self.busy_text = True, text
        self.changed()

    def _work(self, text: str, fn: Callable, done: Callable) -> None:
        """Background work that must not overlap the referee (a still, a calibration);
        ``done(result)`` in the UI thread."""
        self.busy, self.busy_text = True, text
        self.changed()

        def finish(result, error):
            self.busy, self.busy_text = bool(self._door.waiting), ""
            if error is not None:
                log.error("Background work failed: %r", error)   # logs stay English
                self.message = Notice("work-failed", cause=os_cause(error))
                self.changed()
                return
            done(result)

        def complete(fut):
            err = fut.exception()
            self.dispatch(finish, None if err else fut.result().result, err)
        self._door.call(lambda _ref: fn(), "work").add_done_callback(complete)

    def game_lines(self) -> Optional[list]:
        """The record lines of the game in the journal, read in the referee's thread; None
        when the game has no journal."""
        ref = self.ref
        if getattr(ref, "journal", None) is None or getattr(ref, "game_id", None) is None:
            return None
        return self._sync(ref.journal.lines, ref.game_id)

    def _sync(self, fn: Callable, *args, **kwargs):
        """Run ``fn`` in the referee's thread and wait for it (a quick call)."""
        return self._door.call(lambda _ref: fn(*args, **kwargs)).result().result

    def close(self) -> None:
        """Close the referee's journal and stop the worker (the app is stopping)."""
        self.computer.stop()
        self.watch.stop()
        self.league.stop()
        self._door.close(timeout=30)

    def _from_worker(self, snap: Snapshot) -> None:
        """The worker's snapshot, handed to the UI thread."""
        if snap.kind in ("press", "undo"):
            self.league.wake()   # a turn or an undo may have queued a push: send it now
            self.dispatch(self._take, snap)

    def _take(self, snap: Snapshot) -> None:
        """A snapshot in the UI thread: an older one than shown is dropped (it was already
        overtaken by a call that waited for its own)."""
        if snap.seq <= self._snap.seq:
            return
        before, self._snap = self._snap, snap
        if snap.kind in ("press", "answer", "undo", "entry"):
            self.watch.judged()
        self.busy = bool(self._door.waiting) or self._door.judging is not None
        if not self.busy:
            self.busy_text = ""
        if snap.extras:
            self.image = snap.image
            self.observation = snap.observation
            self.overlay = snap.overlay
        if snap.error is not None:
            log.error("Judging failed: %r", snap.error)   # the OS's own words stay in the log
            self.message = Notice("judge-failed", cause=os_cause(snap.error))
            self.changed()
            return
        if snap.kind == "undo":
            # The games before and after (immutable snapshot copies): the Play screen says
            # what to put back on the table, whichever button or screen asked for the undo.
            self.last_undo = (before.game, snap.game) if snap.result else None
            self.verdict = None
            self._after_change(None)
            self.message = (_("The last turn was taken back.") if snap.result
                            else _("There is nothing to take back."))
            self.changed()
        elif snap.kind == "press" and snap.verdict is None and snap.result:
            self.verdict, self.message = None, snap.result
            self.changed()
        elif snap.kind in ("press", "answer"):
            self._after_change(snap.verdict)
        elif snap.kind == "entry":
            self._after_entry(snap)

    def _after_entry(self, snap: Snapshot) -> None:
        v = snap.verdict
        if v.kind == "entered" and self.entry is not None:
            line = v.lines[0] if v.lines else {}
            self.entry.apply(line)
            self._say_verdict(v)
            self.changed()
        elif v.kind == "rejected":
            # The turn entered so far stays; only this line was refused.
            self._say_verdict(v)
            self._show_lights(v)
            self.changed()
        else:
            self._after_change(v)

    def _after_change(self, verdict) -> None:
        """Take a verdict (or a resume/undo): rebuild the entry copy, lights and message."""
        g = self.game
        if verdict is not None:
            self._say_verdict(verdict)
        if g is not None:
            self.entry = TurnEntry(g) if not g.finished else None
            # Lines of a turn already in the referee's game (resume mid-turn) stay entered.
            if self.entry is not None and g.main is not None:
                self.entry.lines = [a.to_line() for a in _turn_actions(g)]
        self.computer.update(g)
        self._show_lights(verdict)
        self.changed()

    def _show_lights(self, verdict) -> None:
        if self.panel is not None and self.game is not None and self.button_of:
            show_lights(self.panel, self.game, verdict, self.button_of,
                        self.computer.is_thinking(self.game))

    def _computer_ready(self) -> None:
        """The computer's move is chosen (UI thread): its LED shines, the screen shows it."""
        self._show_lights(None)
        self.changed()


def _turn_actions(game: Game) -> list:
    """The actions of the turn in progress (after the last end_turn)."""
    out = []
    for action in reversed(game.history):
        if isinstance(action, EndTurn):
            break
        out.append(action)
    out.reverse()
    return out


def _setup_problem(err) -> str:
    """A refused setup in the player's language, said from the referee's facts (what the
    engine found wrong stays in the log)."""
    return unreadable(getattr(err, "data", None)) or _(
        "These cards and nobles can't start a game: check each slot, then confirm again.")
