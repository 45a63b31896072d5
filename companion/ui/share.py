"""Sharing from the touchscreen: the BG Stats QR code in a popup, and the export of every game.

Game over and History call :func:`open_game_over_code`, :func:`choose_game_code` and
:func:`choose_export_folder` (one ``on_release`` line each in their ``.kv``). The QR code is
drawn at a whole number of pixels per module, as large as the popup allows, on white with its
4-module quiet zone, so a phone reads it from arm's length. Layout in ``share.kv``.
"""
from __future__ import annotations

import threading
import time
from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.lang import Builder
from kivy.logger import Logger
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.share import bgstats as share
from companion.i18n import _, ngettext
from companion.i18n.notices import cause_text
from companion.i18n.sharing import say as say_refusal
from companion.ui.widgets import ResultButton

T = share.TEXT
QUIET_ZONE = 2          # modules of white around the code at the least (a screen: no smudges)
MEDIA_ROOT = "/media"   # where Raspberry Pi OS mounts USB sticks
MOUNTS = "/proc/mounts"

_loaded = False


def _load_kv() -> None:
    global _loaded
    if not _loaded:
        Builder.load_file(str(Path(__file__).with_name("share.kv")))
        _loaded = True


class QrCode(Widget):
    """A QR code drawn crisp: one texel per module, scaled by a whole number of pixels, on a
    white square as large as the widget's short side (the white around the modules is the
    quiet zone: at least ``QUIET_ZONE`` modules, more when the square has room)."""

    link = StringProperty("")
    module_px = NumericProperty(0)   # pixels per module as drawn
    modules = NumericProperty(0)     # modules across the code itself

    def __init__(self, **kw):
        super().__init__(**kw)
        self._texture = None
        self.bind(link=self._encode, pos=self._draw, size=self._draw)
        self._encode()

    def _encode(self, *_):
        if not self.link:
            self._texture = None
            self.modules = 0
            return self._draw()
        matrix = list(share.qr_code(self.link).matrix)
        n = len(matrix)
        rows = [b"".join(b"\x00\x00\x00" if m else b"\xff\xff\xff" for m in row)
                for row in matrix]
        tex = Texture.create(size=(n, n), colorfmt="rgb")
        tex.mag_filter = tex.min_filter = "nearest"
        # Texture rows go bottom-up; the code's first row is its top.
        tex.blit_buffer(b"".join(reversed(rows)), colorfmt="rgb", bufferfmt="ubyte")
        self._texture, self.modules = tex, n
        self._draw()

    def _square(self) -> tuple:
        # From x and width, not center_x: that alias may not be updated yet when pos changes.
        side = int(min(self.width, self.height))
        return int(self.x + (self.width - side) / 2), int(self.y + (self.height - side) / 2), side

    def _draw(self, *_):
        self.canvas.clear()
        if self._texture is None or not self.modules:
            return
        x, y, side = self._square()
        self.module_px = max(1, side // (self.modules + 2 * QUIET_ZONE))
        code = self.module_px * self.modules
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(pos=(x, y), size=(side, side))
            Rectangle(texture=self._texture, pos=(x + (side - code) // 2, y + (side - code) // 2),
                      size=(code, code))

    @property
    def drawn(self) -> tuple:
        """(x, y, side) of the white square in window pixels: the code and its quiet zone."""
        x, y, side = self._square()
        wx, wy = self.to_window(x, y)
        return int(wx), int(wy), side

    @property
    def quiet_modules(self) -> float:
        """The white around the code, in modules (the narrowest side)."""
        side = self._square()[2]
        return (side - self.module_px * self.modules) // 2 / self.module_px


class QrPopup(ModalView):
    """The QR code of a BG Stats link, as large as the screen allows, with a Close button."""

    _anim_duration = 0
    title = StringProperty("")
    hint = StringProperty("")
    link = StringProperty("")

    def __init__(self, link: str, title: str = "", **kw):
        _load_kv()
        super().__init__(**kw)
        self.title = title or _(T["qr_title"])
        self.hint = _(T["qr_hint"])
        self.link = link


class PickPopup(ModalView):
    """A title, a scrolling column of touch-sized choices, and Close. ``on_pick(value)`` may
    return a sentence: the popup then shows it in place of the choices."""

    _anim_duration = 0
    title = StringProperty("")
    result = StringProperty("")

    def __init__(self, title: str, choices, on_pick, **kw):
        _load_kv()
        super().__init__(**kw)
        self.title = title
        for label, value, target in choices:
            b = ResultButton(text=label, target=target)
            b.bind(on_release=lambda w, v=value: self.pick(on_pick, v))
            self.ids.choices.add_widget(b)

    def pick(self, on_pick, value) -> None:
        said = on_pick(value)
        if said:
            self.ids.choices.clear_widgets()
            self.result = said
        else:
            self.dismiss()


def export_to(data_dir, folder) -> str:
    """Export every finished game to ``folder``; the sentence that says how it went."""
    from companion.app.viewmodel import journal_for
    try:
        j = journal_for(data_dir)
        try:
            path, count = share.export_history(j, folder, data_dir)
        finally:
            j.close()
    except share.ShareError as err:
        return say_refusal(err)
    except Exception as err:  # a damaged journal is reported, never a crash
        Logger.error(f"Share: the history can't be read: {err!r}")
        return _(T["history_unreadable"]).format(cause=cause_text(err))
    return ngettext("{games} game exported to {folder}: the table {csv} and its record.",
                    "{games} games exported to {folder}: the table {csv} and each game's record.",
                    count).format(games=count, folder=path.parent, csv=path.name)


def export_choices(data_dir) -> list:
    """(label, folder, target) of every place to export to: USB sticks first."""
    out = [(_(T["usb_folder"]).format(label=p.name), p / "splendor-companion", f"usb-{k}")
           for k, p in enumerate(share.media_folders(MEDIA_ROOT, MOUNTS))]
    out.append((_(T["data_folder"]), Path(data_dir) / "exports", "data-folder"))
    return out


def _message(text: str):
    popup = PickPopup(text, [], lambda v: None)
    popup.open()
    return popup


# ---------------------------------------------------------------------------- screen hooks
def game_over_link(ctl) -> str:
    """The link of the controller's finished game: its journal lines (the same id as from
    History), its session's time; the game in memory when it has no journal."""
    from companion.engine.record import record_lines
    ref = ctl.ref
    lines = ctl.game_lines()
    if not lines:
        lines = list(record_lines(ctl.game))
    play = share.finished_game_of(lines)
    session = getattr(ref, "session", None)
    when = share.session_time(session.folder) if session is not None else None
    if when is None:
        when = share.PlayTime(share.utc_of(time.time()), None, "now")
    return share.play_link(share.play_data(play, when))


def open_game_over_code(app=None):
    """Game over's "Log in BG Stats": the popup with this game's code."""
    app = app or App.get_running_app()
    try:
        link = game_over_link(app.ctl)
    except share.ShareError as err:
        return _message(_(T["cant_share"]).format(error=say_refusal(err)))
    popup = QrPopup(link)
    popup.open()
    return popup


def choose_game_code(app=None):
    """History's "Log a game in BG Stats": pick a finished game, then its code."""
    from companion.app.viewmodel import journal_for
    app = app or App.get_running_app()
    data_dir = app.ctl.data_dir
    try:
        j = journal_for(data_dir)
        try:
            games = share.journal_games(j, data_dir)
        finally:
            j.close()
    except Exception as err:  # a damaged journal is reported, never a crash
        Logger.error(f"Share: the history can't be read: {err!r}")
        return _message(_(T["history_unreadable"]).format(cause=cause_text(err)))
    if not games:
        return _message(_(T["no_games"]))
    choices = []
    for g in games:
        date = g.when.end.astimezone().strftime("%Y-%m-%d %H:%M") if g.when else ""
        scores = ", ".join(f"{n} {p}" for n, p in zip(g.play.names, g.play.points))
        choices.append((_(T["game_choice"]).format(id=g.id, date=date, scores=scores), g,
                        f"game-{g.id}"))

    def show(game):
        QrPopup(share.journal_link(game), _(T["qr_title_game"]).format(id=game.id)).open()

    popup = PickPopup(_(T["choose_game"]), choices, show)
    popup.open()
    return popup


def choose_export_folder(app=None):
    """History's "Export to a USB stick": the folder picker, then the export."""
    app = app or App.get_running_app()
    data_dir = app.ctl.data_dir

    def pick(folder):
        # Writing to a USB stick (synced) can take seconds: off the UI thread; the sentence
        # comes back through the clock.
        def work():
            said = export_to(data_dir, folder)
            Clock.schedule_once(lambda dt: setattr(popup, "result", said), 0)
        threading.Thread(target=work, name="export", daemon=True).start()
        return _(T["exporting"])

    popup = PickPopup(_(T["choose_folder"]), export_choices(data_dir), pick)
    popup.open()
    return popup
