"""The Hint (a setting, off by default): the computer's choice for the player whose turn it is.

:class:`HintControl` is the Play screen's one hook: it puts a "Hint" button in the screen's
tool row while the setting is on and a person is to play. The button opens :class:`HintView`,
which thinks on a worker thread (:class:`companion.ui.coach_view.OffThread`) and shows the
choice in words and in a picture when it arrives by the clock; it can be closed at any time.
The choice is made from the record as the active player saw it (``choose_move`` hides the decks
and the other players' blind reserves). Layout in ``hint.kv``.
"""
from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion.i18n import _
from companion.ui import coach_view as CV
from companion.app.move_view import move_parts
from companion.ui.movepicture import MovePicture  # noqa: F401 (registered for hint.kv)
from companion.ui.widgets import BigButton, share_by_words

_loaded = False


def _load_kv() -> None:
    global _loaded
    if not _loaded:
        Builder.load_file(str(Path(__file__).with_name("hint.kv")))
        _loaded = True


def _on_ui_thread(fn, *args):
    Clock.schedule_once(lambda dt: fn(*args), 0)


def hint_wanted(ctl) -> bool:
    """The Hint button shows: the setting is on and a person plays the turn."""
    game = ctl.game
    return bool(getattr(ctl.settings, "move_hint", False) and game is not None
                and not game.finished and game.active in CV.human_seats(ctl))


class HintControl:
    """The Hint button in the Play screen's tool row, there only when it is wanted."""

    def __init__(self, row, ctl_of):
        self.row = row
        self.ctl_of = ctl_of
        self.chooser = CV.default_chooser   # tests put a gated chooser here
        self.button = BigButton(target="hint")
        self.button.bind(on_release=lambda w: self.open())
        self.view = None

    def update(self) -> None:
        want = hint_wanted(self.ctl_of())
        self.button.text = _("Hint")
        if want and self.button.parent is None:
            self.row.add_widget(self.button, index=len(self.row.children) - 1)  # after Undo
        elif not want and self.button.parent is not None:
            self.row.remove_widget(self.button)
        share_by_words(self.row)
        game = self.ctl_of().game
        if self.view is not None and (game is None or game.turn != self.view.turn):
            self.view.dismiss()   # the turn is over: its hint no longer applies

    def open(self) -> "HintView":
        c = self.ctl_of()
        game = c.game
        view = self.view = HintView(game, game.active, self.chooser)
        view.bind(on_dismiss=lambda v: setattr(self, "view", None) if self.view is v else None)
        view.open()
        return view


class HintView(ModalView):
    """The computer's choice for one turn: thinking, then the words and the picture."""

    _anim_duration = 0
    title = StringProperty("")
    words = StringProperty("")
    thinking = BooleanProperty(True)

    def __init__(self, game, seat: int, chooser, **kw):
        _load_kv()
        super().__init__(**kw)
        self.turn = game.turn
        self.title = CV.hint_title(game.names[seat])
        self.words = CV.hint_thinking()
        self.snapshot = None
        self.worker = CV.OffThread(_on_ui_thread, "hint")
        self.worker.start(lambda publish, stop: publish(CV.hint_for(game, seat, chooser, stop)),
                          self._take)

    def _take(self, snap) -> None:
        self.worker.stop()
        self.thinking = False
        if snap is None:
            self.words = _("The computer could not find a move here.")
            return
        self.snapshot = snap
        self.words = CV.hint_words(snap)
        self.ids.picture.show(move_parts(snap.choice(), gold=snap.gold))

    def on_dismiss(self):
        self.worker.stop()   # nobody waits for the answer any more
