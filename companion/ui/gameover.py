"""Game over: the ranking with the tie-break, the record exported."""
from __future__ import annotations

import time

from kivy.logger import Logger
from kivy.properties import StringProperty
from kivy.uix.label import Label

from companion.i18n import _, pgettext
from companion.i18n.notices import os_cause
from companion.i18n.table import outcome_text
from companion.ui.common import AppScreen, ctl
from companion.viewmodel import ranking


class GameOverScreen(AppScreen):
    outcome = StringProperty("")
    saved = StringProperty("")

    def refresh(self):
        g = ctl().game
        grid = self.ids.ranking
        grid.clear_widgets()
        if g is None or not g.finished:
            return
        self.outcome = outcome_text(g)
        self.saved = _("The game is saved to the history.")
        # The player's column is the wide one: a name and "(winner)" fit on one line.
        widths = (1, 3.2, 1.2, 1.2, 1.2)
        heads = (pgettext("ranking header", "Place"), pgettext("ranking header", "Player"),
                 pgettext("ranking header", "Points"), pgettext("ranking header", "Cards"),
                 pgettext("ranking header", "Nobles"))
        for head, w in zip(heads, widths):
            grid.add_widget(Label(text=f"[b]{head}[/b]", markup=True, size_hint_x=w))
        for r in ranking(g):
            name = _("{name} (winner)").format(name=r["name"]) if r["winner"] else r["name"]
            for text, w in zip((str(r["place"]), name, str(r["points"]),
                                str(r["cards"]), str(r["nobles"])), widths):
                grid.add_widget(Label(text=text, size_hint_x=w))

    def export(self):
        c = ctl()
        out = c.data_dir / "exports"
        path = out / f"game-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
        try:  # a full card or an "exports" file in the way: say so, keep the app running
            out.mkdir(exist_ok=True)
            c.export(path)
        except Exception as err:
            # Said by its cause (full, read-only, ...); the OS's own words go to the log.
            Logger.error(f"Companion: the export to {path} failed: {err!r}")
            from companion.i18n.notices import Notice, say
            self.saved = say(Notice("export-failed", cause=os_cause(err)))
            return
        self.saved = _("The game record is exported to {path}.").format(path=path)
