"""History: past games and each player's statistics, from the journal."""
from __future__ import annotations

from kivy.properties import StringProperty

from companion.ui.common import AppScreen, ctl
from companion.viewmodel import history_rows, journal_for, stats_rows


class HistoryScreen(AppScreen):
    games = StringProperty("")
    stats = StringProperty("")

    def refresh(self):
        try:
            j = journal_for(ctl().data_dir)
            try:
                games, stats = history_rows(j), stats_rows(j)
            finally:
                j.close()
        except Exception as err:  # a damaged journal is reported, not fatal
            self.games, self.stats = f"The history can't be read: {err}", ""
            return
        self.games = "\n".join(games) or "No finished games yet."
        self.stats = "\n".join(stats) or "No statistics yet."
