"""Game over: the ranking with the tie-break, the record exported, and the coach.

The coach (:mod:`companion.ui.coach_view`) starts judging the human players' turns as soon as
the screen shows, on a worker thread; its findings arrive by the clock and are drawn in
:class:`CoachView`, a popup the "coach" button opens at any time (while it is still thinking
too). Every other button works meanwhile.
"""
from __future__ import annotations

import time

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.logger import Logger
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.i18n import _, pgettext
from companion.i18n.notices import os_cause
from companion.i18n.table import outcome_text
from companion.ui import coach_view as CV
from companion.ui.common import AppScreen, ctl
from companion.ui.movepicture import MovePicture  # noqa: F401 (registered for gameover.kv)
from companion.app.story import game_story
from companion.app.viewmodel import ranking
from companion.ui.chart import SEAT_RGBA, PointsChart  # noqa: F401 (registered for gameover.kv)


def _on_ui_thread(fn, *args):
    Clock.schedule_once(lambda dt: fn(*args), 0)


class GameOverScreen(AppScreen):
    outcome = StringProperty("")
    saved = StringProperty("")
    coach_label = StringProperty("")

    def __init__(self, **kw):
        super().__init__(**kw)
        self.coach = CV.Coach(_on_ui_thread)   # tests replace coach.coach (the judging)
        self.coach_snapshot = None
        self.humans = []
        self.view = None

    def refresh(self):
        g = ctl().game
        grid = self.ids.ranking
        grid.clear_widgets()
        if g is None or not g.finished:
            return
        self.humans = CV.human_seats(ctl())
        self._coached(self.coach.start(ctl().ref, g, self.humans, self._coached))
        self.outcome = outcome_text(g)
        self.saved = _("The game is saved to the history.")
        # The player's column is the wide one: a name and "(winner)" fit on one line.
        widths = (1, 3.2, 1.2, 1.2, 1.2)
        heads = (pgettext("ranking header", "Place"), pgettext("ranking header", "Player"),
                 pgettext("ranking header", "Points"), pgettext("ranking header", "Cards"),
                 pgettext("ranking header", "Nobles"))
        for head, w in zip(heads, widths):
            grid.add_widget(Label(text=f"[b]{head}[/b]", markup=True, size_hint_x=w))
        self.ids.chart.story = game_story(g)
        self._turning()
        for r in ranking(g):
            name = _("{name} (winner)").format(name=r["name"]) if r["winner"] else r["name"]
            for k, (text, w) in enumerate(zip((str(r["place"]), name, str(r["points"]),
                                               str(r["cards"]), str(r["nobles"])), widths)):
                # Wrapped between words where a long name and its "(zwycięstwo)" don't fit,
                # the row growing to hold it.
                cell = Label(text=text, size_hint_x=w, halign="center", valign="middle",
                             size_hint_y=None, height=grid.row_default_height)
                if k == 1:       # the name in its line's colour: the chart's legend
                    cell.color = SEAT_RGBA[r["seat"] % len(SEAT_RGBA)]
                cell.bind(width=lambda c, width: setattr(c, "text_size", (width - 4, None)),
                          texture_size=lambda c, size: setattr(
                              c, "height", max(grid.row_default_height, size[1] + 8)))
                grid.add_widget(cell)

    def on_leave(self, *args):
        self.coach.stop()   # a new game needs the machine; seats judged so far are kept

    def _coached(self, snap):
        """A coach snapshot (on the UI thread): the button's words and the open popup."""
        self.coach_snapshot = snap
        self._turning()
        thinking = snap is None or not snap.done
        self.coach_label = (_("The coach is thinking…") if thinking and self.humans
                            else _("The coach's advice"))
        if self.view is not None:
            self.view.show(snap, len(self.humans))

    def _turning(self):
        """The coach's turning points on the chart, as it finds them."""
        snap = self.coach_snapshot
        self.ids.chart.turning = [(seat.seat, p.round) for seat in (snap.seats if snap else ())
                                  for p in seat.points]

    def open_coach(self):
        self.view = CoachView()
        self.view.bind(on_dismiss=lambda v: setattr(self, "view", None))
        self.view.show(self.coach_snapshot, len(self.humans))
        self.view.open()

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


class CoachView(ModalView):
    """The coach's findings: for each human player up to three turns, the better move in words
    and in a picture, and how much it mattered."""

    _anim_duration = 0
    status = StringProperty("")
    thinking = BooleanProperty(True)

    def show(self, snap, humans: int) -> None:
        self.thinking = humans > 0 and (snap is None or not snap.done)
        self.status = CV.coach_status(snap, humans)
        seats = snap.seats if snap is not None else ()
        box = self.ids.found
        if getattr(self, "_drawn", None) == seats:
            return
        self._drawn = seats
        box.clear_widgets()
        for seat in seats:
            box.add_widget(Factory.CoachLabel(text=CV.seat_heading(seat), bold=True))
            summary = CV.seat_summary(seat)
            if summary:
                box.add_widget(Factory.CoachLabel(text=summary))
            for point in seat.points:
                box.add_widget(CoachPointBox(CV.point_view(point), seat.seat))


class CoachPointBox(BoxLayout):
    """One turning point: the round, the move made, the better move and its picture, the cost."""

    def __init__(self, view: "CV.PointView", seat: int, **kw):
        super().__init__(**kw)
        ids = self.ids
        ids.heading.text = view.heading
        ids.made.text = view.made
        ids.better.text = view.better
        ids.mattered.text = view.mattered
        ids.picture.show(view.parts)
        self.view = view
