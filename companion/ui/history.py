"""History: past games and each player's statistics, from the journal."""
from __future__ import annotations

from kivy.properties import StringProperty

from companion.ui.common import AppScreen, ctl
from companion.i18n import _
from companion.app.viewmodel import history_rows, journal_for, stats_rows


class HistoryScreen(AppScreen):
    games = StringProperty("")
    stats = StringProperty("")

    def refresh(self):
        try:
            j = journal_for(ctl().data_dir)
            try:
                games, stats = history_rows(j, ctl().data_dir), stats_rows(j)
            finally:
                j.close()
        except Exception as err:  # a damaged journal is reported, not fatal
            self.games, self.stats = _("The history can't be read: {error}").format(error=err), ""
            return
        self.games = "\n".join(games) or _("No finished games yet.")
        self.stats = "\n".join(stats) or _("No statistics yet.")
