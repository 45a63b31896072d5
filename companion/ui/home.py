"""Home: start a new game, resume an unfinished one, history and settings."""
from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty

from companion.i18n import _
from companion.i18n.notices import say
from companion.i18n.chooser import first_start
from companion.ui.common import AppScreen, app, ctl
from companion.ui.widgets import ChoicePopup


class HomeScreen(AppScreen):
    info = StringProperty("")
    resume_text = StringProperty("")
    first_start = BooleanProperty(False)

    def refresh(self):
        c = ctl()
        self.first_start = first_start(c.data_dir)
        if c.game is not None and not c.game.finished:
            g = c.game
            self.resume_text = _("Back to the game of {names}").format(names=_(", ").join(g.names))
            self.info = _("A game is in progress: turn {turn}, {name} to play.").format(
                turn=g.turn + 1, name=g.names[g.active])
            return
        row = c.resumable()
        # The journal restored, a folder unwritable: said in the current language.
        notice = f"{say(c.notice)} " if c.notice else ""
        if row is not None:
            names = _(", ").join(row.get("players") or [])
            self.resume_text = _("Resume the game of {names}").format(names=names)
            self.info = notice + _("An unfinished game was found. Resume it, or start a new one.")
        else:
            self.resume_text = ""
            self.info = notice + _("Start a new game, or look at past games.")

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
        title = _("The game of {names} is not finished. Start a new game? The unfinished game "
                  "stays saved: once the new game ends, it can be resumed from here.").format(
                      names=_(", ").join(names))
        choices = [(_("Start a new game"), "new", "confirm-new"),
                   (_("Back to the unfinished game"), "resume", "resume-instead"),
                   (_("Cancel"), None, "cancel")]

        def pick(what):
            if what == "new":
                app().go("players")
            elif what == "resume":
                self.resume()
        ChoicePopup(title, choices, pick).open()
