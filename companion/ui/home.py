"""Home: start a new game, resume an unfinished one, history and settings."""
from __future__ import annotations

from companion.ui.common import AppScreen, app, ctl
from kivy.properties import StringProperty


class HomeScreen(AppScreen):
    info = StringProperty("")
    resume_text = StringProperty("")

    def refresh(self):
        c = ctl()
        if c.game is not None and not c.game.finished:
            g = c.game
            self.resume_text = f"Back to the game of {', '.join(g.names)}"
            self.info = f"A game is in progress: turn {g.turn + 1}, {g.names[g.active]} to play."
            return
        row = c.resumable()
        if row is not None:
            names = ", ".join(row.get("players") or [])
            self.resume_text = f"Resume the game of {names}"
            self.info = "An unfinished game was found. Resume it, or start a new one."
        else:
            self.resume_text = ""
            self.info = "Start a new game, or look at past games."

    def resume(self):
        c = ctl()
        if (c.game is not None and not c.game.finished) or c.resume():
            app().go("play")
        else:
            self.refresh()
