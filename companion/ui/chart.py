"""The game's story as a chart (issue 33): each player's points by round, one line a player
in the seat's colour, a noble's visit marked by a noble's tile on the line, the coach's turning
points by a ring, the winner's line thick with a star at its end. Draws what it is given."""
from __future__ import annotations

from kivy.graphics import Color, Line, Rectangle
from kivy.properties import ListProperty, ObjectProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.ui.gems import draw_gem
from companion.ui.theme import ACCENT

# One colour a seat, told apart without the gem colours (those mean gems on this screen).
SEAT_RGBA = ((0.40, 0.75, 1.00, 1), (1.00, 0.55, 0.30, 1), (0.70, 0.90, 0.35, 1),
             (0.90, 0.50, 0.95, 1))
NOBLE_RGBA = (0.80, 0.70, 0.55, 1)


class PointsChart(Widget):
    """``story``: a :class:`companion.app.story.Story`; ``turning``: (seat, round) pairs."""

    story = ObjectProperty(None, allownone=True)
    turning = ListProperty([])

    def __init__(self, **kw):
        super().__init__(**kw)
        self._labels = []
        self.bind(pos=self.redraw, size=self.redraw, story=self.redraw, turning=self.redraw)

    def _label(self, text, font_size, **kw):
        lab = Label(text=text, font_size=font_size, size_hint=(None, None), bold=True, **kw)
        lab.texture_update()
        lab.size = lab.texture_size
        self.add_widget(lab)
        self._labels.append(lab)
        return lab

    def redraw(self, *_):
        from kivy.app import App
        self.canvas.before.clear()
        for lab in self._labels:
            self.remove_widget(lab)
        self._labels = []
        s = self.story
        if s is None or not s.points or self.width < 40 or self.height < 40:
            return
        fs = App.get_running_app().fs_read
        top = max(15, max(max(p) for p in s.points))
        left, bottom = self.x + fs * 2.2, self.y + fs * 1.6
        w, h = self.right - left - fs * 1.2, self.top - bottom - fs * 0.8
        rounds = max(1, s.rounds)

        def at(rnd, pts):
            return left + w * rnd / rounds, bottom + h * pts / top

        with self.canvas.before:
            Color(0.16, 0.18, 0.22, 1)
            Rectangle(pos=(left, bottom), size=(w, h))
            Color(0.95, 0.75, 0.15, 0.5)          # the 15 points that end the game
            Line(points=[left, at(0, 15)[1], left + w, at(0, 15)[1]], width=1, dash_length=6,
                 dash_offset=4)
        for pts in (0, 15):
            lab = self._label(str(pts), fs)
            lab.pos = (left - lab.width - 4, at(0, pts)[1] - lab.height / 2)
        for rnd in sorted({1, rounds}):
            lab = self._label(str(rnd), fs)
            lab.pos = (at(rnd, 0)[0] - lab.width / 2, bottom - lab.height - 2)
        for seat, line in enumerate(s.points):
            with self.canvas.before:
                Color(*SEAT_RGBA[seat % len(SEAT_RGBA)])
                Line(points=[c for r, p in enumerate(line) for c in at(r, p)],
                     width=3.5 if seat in s.winners else 1.8)
        for seat, line in enumerate(s.points):       # the marks over every line
            won = seat in s.winners
            for who, rnd in s.nobles:
                if who == seat:
                    x, y = at(min(rnd, rounds), line[min(rnd, rounds)])
                    d = fs * 0.8
                    with self.canvas.before:
                        Color(*NOBLE_RGBA)
                        Rectangle(pos=(x - d / 2, y - d / 2), size=(d, d))
            for who, rnd in self.turning:
                if who == seat and rnd <= rounds:
                    x, y = at(rnd - 1, line[rnd - 1])
                    d = fs * 1.1
                    with self.canvas.before:
                        Color(*ACCENT)
                        Line(ellipse=(x - d / 2, y - d / 2, d, d), width=2)
            if won:
                x, y = at(rounds, line[-1])
                draw_gem(self.canvas.before, "gold", x, y, fs * 0.8)
