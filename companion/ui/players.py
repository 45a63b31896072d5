"""Players: 2-4 names at the seat buttons (remembered), and who starts."""
from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout

from companion.ui.common import AppScreen, app, ctl
from companion.ui.nameinput import NameInput  # noqa: F401 (registered for players.kv)
from companion.ui.widgets import BigButton


class SeatRow(BoxLayout):
    """One seat button's row: the player's name, person or computer (and its level), and
    whether they start."""

    seat = NumericProperty(0)
    level = NumericProperty(0)     # 0: a person; 1-4: the computer at that level

    def cycle(self):
        """Person -> Computer (Beginner ... Strongest) -> Person, one tap a step."""
        self.level = (self.level + 1) % 5
        name = self.ids.name
        auto = computer_name(self.seat)
        if self.level and not name.text.strip():
            name.text = auto
        elif not self.level and name.text == auto:
            name.text = ""


def computer_name(seat: int) -> str:
    from companion.i18n import _
    return _("Computer {n}").format(n=seat + 1)


class PlayersScreen(AppScreen):
    known = BooleanProperty(False)

    def on_kv_post(self, base):
        self.rows = []
        for seat in range(4):
            row = SeatRow(seat=seat)
            row.ids.name.target = f"name:{seat}"
            row.ids.first.target = f"first:{seat}"
            row.ids.who.target = f"computer:{seat}"
            self.ids.seats.add_widget(row)
            self.rows.append(row)

    def refresh(self):
        c = ctl()
        last = list(c.settings.last_seats) + [""] * 4
        for seat, row in enumerate(self.rows):
            row.ids.name.text = last[seat] or ""
            row.ids.first.state = "normal"
            row.level = 0
        self.ids.hands_free.active = False    # a choice per game: off unless ticked again
        self.ids.problems.text = ""
        self.ids.known.clear_widgets()
        self.known = bool(c.settings.names)
        for name in c.settings.names[:8]:
            b = BigButton(text=name, size_hint=(None, None), width=app().tap * 2.6,
                          target=f"known:{name}")
            b.bind(on_release=lambda btn, n=name: self.seat_name(n))
            self.ids.known.add_widget(b)

    def seat_name(self, name):
        names = [r.ids.name.text.strip() for r in self.rows]
        if name in names:
            return
        for row in self.rows:
            if not row.ids.name.text.strip():
                row.ids.name.text = name
                return

    def start(self):
        names = [r.ids.name.text for r in self.rows]
        starter = [i for i, r in enumerate(self.rows) if r.ids.first.state == "down"]
        players = [i for i, n in enumerate(names) if n.strip()]
        first = players.index(starter[0]) if starter and starter[0] in players else -1
        computers = {i: r.level for i, r in enumerate(self.rows) if r.level and names[i].strip()}
        problems = ctl().new_game(names, first, computers=computers,
                                  hands_free=self.ids.hands_free.active)
        if problems:
            self.ids.problems.text = " ".join(problems)
            return
        app().go("setup")
