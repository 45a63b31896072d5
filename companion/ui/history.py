"""History: past games and each player's statistics, from the journal."""
from __future__ import annotations

from kivy.graphics import Color, Rectangle
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app.story import player_statistics
from companion.ui.common import AppScreen, app, ctl
from companion.ui.gems import GemPicture
from companion.ui.theme import ACCENT, PANEL
from companion.i18n import _, translator
from companion.app.viewmodel import history_rows, journal_for, stats_rows


class RateBar(Widget):
    """A player's win rate as a bar (the whole width: every game won)."""

    rate = NumericProperty(0)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.bind(pos=self._draw, size=self._draw, rate=self._draw)

    def _draw(self, *_):
        self.canvas.clear()
        with self.canvas:
            Color(*PANEL)
            Rectangle(pos=self.pos, size=self.size)
            Color(*ACCENT)
            Rectangle(pos=self.pos, size=(self.width * self.rate, self.height))


def stats_row(stats, sentence: str) -> BoxLayout:
    """One player's statistics in pictures: their sentence (games, wins, win rate), the win
    rate as a bar, average and best points, and the colour they bought most as its gem."""
    tap, fs = app().tap, app().fs_read
    row = BoxLayout(orientation="vertical", size_hint_y=None, height=tap * 1.9, spacing=2)
    words = Label(text=sentence, bold=True, halign="left", valign="middle", font_size=fs)
    words.bind(size=lambda w, size: setattr(w, "text_size", size))
    row.add_widget(words)
    row.add_widget(RateBar(rate=stats.rate, size_hint_y=None, height=fs * 0.6))
    line = BoxLayout(spacing=6)
    average = f"{stats.average:.1f}"
    if translator.lang == "pl":
        average = average.replace(".", ",")
    more = Label(text=_("Average {average} points a game, best {best}.").format(
        average=average, best=stats.best), halign="left", valign="middle", font_size=fs)
    more.bind(size=lambda w, size: setattr(w, "text_size", size))
    line.add_widget(more)
    if stats.favourite:
        line.add_widget(GemPicture(colour=stats.favourite, show_count=False,
                                   size_hint_x=None, width=tap * 0.8))
    row.add_widget(line)
    return row


class HistoryScreen(AppScreen):
    games = StringProperty("")
    stats = StringProperty("")

    def refresh(self):
        try:
            j = journal_for(ctl().data_dir)
            try:
                games, stats = history_rows(j, ctl().data_dir), stats_rows(j)
                players = player_statistics(j)
            finally:
                j.close()
        except Exception as err:  # a damaged journal is reported, not fatal
            self.games, self.stats = _("The history can't be read: {error}").format(error=err), ""
            return
        self.games = "\n".join(games) or _("No finished games yet.")
        self.stats = "" if stats else _("No statistics yet.")
        box = self.ids.players
        box.clear_widgets()
        for player, sentence in zip(players, stats):
            box.add_widget(stats_row(player, sentence))
