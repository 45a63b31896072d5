"""Home: start a new game, resume an unfinished one, history and settings."""
from __future__ import annotations

from kivy.properties import StringProperty

from companion.ui.common import AppScreen, app, ctl
from companion.ui.widgets import ChoicePopup


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
        notice = f"{c.notice} " if c.notice else ""  # the journal restored, a folder unwritable
        if row is not None:
            names = ", ".join(row.get("players") or [])
            self.resume_text = f"Resume the game of {names}"
            self.info = notice + "An unfinished game was found. Resume it, or start a new one."
        else:
            self.resume_text = ""
            self.info = notice + "Start a new game, or look at past games."

    def resume(self):
        c = ctl()
        if (c.game is not None and not c.game.finished) or c.resume():
            app().go("play")
        else:
            self.refresh()

    def unfinished_names(self):
        """The players of the game in progress or the unfinished game, or None."""
        c = ctl()
        if c.game is not None and not c.game.finished:
            return list(c.game.names)
        row = c.resumable()
        return list(row.get("players") or []) if row is not None else None

    def new_game(self):
        """A new game; while a game is unfinished, ask first (it stays saved either way)."""
        names = self.unfinished_names()
        if names is None:
            app().go("players")
            return
        title = (f"The game of {', '.join(names)} is not finished. Start a new game? "
                 "The unfinished game stays saved: once the new game ends, it can be resumed "
                 "from here.")
        choices = [("Start a new game", "new", "confirm-new"),
                   ("Back to the unfinished game", "resume", "resume-instead"),
                   ("Cancel", None, "cancel")]

        def pick(what):
            if what == "new":
                app().go("players")
            elif what == "resume":
                self.resume()
        ChoicePopup(title, choices, pick).open()
