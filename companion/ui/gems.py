"""Gems drawn, not spelled (issue 33): each colour in its own shape, so a colour-blind player
tells them apart by shape alone, filled with its colour, and one large numeral over it.

    white: diamond   blue: circle   green: square   red: triangle   black: hexagon   gold: star

A token (the bank, a player's tokens, a cost printed on a card) is the shape; a bonus (a card a
player owns, a noble's requirement) is a card in the colour with the shape on it. The numeral is
white with a dark outline: it reads on every colour and may cross the shape's edge. No letter
stands for a gem anywhere on screen.
"""
from __future__ import annotations

import math

from kivy.graphics import Color, Ellipse, Line, Mesh, RoundedRectangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.label import Label

from companion.app.viewmodel import GEM_RGBA

GEM_SHAPE = {"white": "diamond", "blue": "circle", "green": "square", "red": "triangle",
             "black": "hexagon", "gold": "star"}
NUMERAL = (1, 1, 1, 1)
NUMERAL_OUTLINE = (0.05, 0.05, 0.05)
EDGE_DARK = (0.05, 0.05, 0.05, 1)        # the edge of a light shape
EDGE_LIGHT = (0.85, 0.85, 0.80, 1)       # the edge of the black gem on the dark table
CARD_EDGE = (0.93, 0.91, 0.86, 1)
NUMERAL_SHARE = 0.7                     # the numeral's size per px of the gem's height


def outline(shape: str, cx: float, cy: float, r: float) -> list:
    """The shape's corners (x, y, x, y, ...) around (cx, cy), inside a circle of ``r``."""
    if shape == "circle":
        n, turn, radii = 36, 0.0, (r * 0.92,)
    elif shape == "diamond":
        n, turn, radii = 4, 90.0, (r,)
    elif shape == "square":
        n, turn, radii = 4, 45.0, (r * 1.12,)
    elif shape == "triangle":
        n, turn, radii = 3, 90.0, (r * 1.1,)
        cy -= r * 0.2                     # its centre of area, not its top, at the middle
    elif shape == "hexagon":
        n, turn, radii = 6, 0.0, (r,)
    else:                                 # star
        n, turn, radii = 10, 90.0, (r, r * 0.55)
    points = []
    for i in range(n):
        a = math.radians(turn + 360.0 * i / n)
        rad = radii[i % len(radii)]
        points += [cx + rad * math.cos(a), cy + rad * math.sin(a)]
    return points


def draw_gem(canvas, colour: str, cx: float, cy: float, r: float, alpha: float = 1.0) -> None:
    """Add the gem of ``colour`` (its shape, filled, with an edge that shows on any ground)."""
    pts = outline(GEM_SHAPE.get(colour, "circle"), cx, cy, r)
    fill = GEM_RGBA.get(colour, (0.35, 0.35, 0.38, 1))
    verts = [cx, cy, 0, 0]
    for i in range(0, len(pts), 2):
        verts += [pts[i], pts[i + 1], 0, 0]
    verts += [pts[0], pts[1], 0, 0]
    with canvas:
        Color(fill[0], fill[1], fill[2], alpha)
        Mesh(vertices=verts, indices=list(range(len(verts) // 4)), mode="triangle_fan")
        edge = EDGE_LIGHT if colour == "black" else EDGE_DARK
        Color(edge[0], edge[1], edge[2], alpha)
        Line(points=pts, close=True, width=1.3)


# Cards that are not a gem's: a deck's back, a noble's tile.
TILE_RGBA = {"back": (0.30, 0.22, 0.15, 1), "noble": (0.80, 0.70, 0.55, 1)}


def draw_card(canvas, colour: str, x: float, y: float, w: float, h: float,
              alpha: float = 1.0, level: int = 0) -> None:
    """A small card in ``colour`` with its gem's shape on it (a bonus: cards owned); a deck's
    back ("back") with ``level`` dots as printed on the real backs; a noble ("noble") with a
    noble's bust."""
    fill = GEM_RGBA.get(colour) or TILE_RGBA.get(colour, (0.35, 0.35, 0.38, 1))
    with canvas:
        Color(CARD_EDGE[0], CARD_EDGE[1], CARD_EDGE[2], alpha)
        RoundedRectangle(pos=(x, y), size=(w, h), radius=[4])
        Color(fill[0], fill[1], fill[2], alpha)
        RoundedRectangle(pos=(x + 2, y + 2), size=(w - 4, h - 4), radius=[3])
        if colour == "back":
            d = min(w / (level + 1.5), h * 0.3)
            Color(0.93, 0.91, 0.86, alpha)
            for i in range(level):
                Ellipse(pos=(x + w / 2 + (i - level / 2) * d * 1.1 + d * 0.05, y + h / 2 - d / 2),
                        size=(d, d))
        elif colour == "noble":
            Color(0.25, 0.18, 0.10, alpha)
            head = min(w, h) * 0.3
            Ellipse(pos=(x + w / 2 - head / 2, y + h * 0.52), size=(head, head))
            RoundedRectangle(pos=(x + w * 0.22, y + h * 0.14), size=(w * 0.56, h * 0.34),
                             radius=[head / 2, head / 2, 2, 2])
    if colour not in GEM_SHAPE:
        return
    r = min(w, h) * 0.36
    draw_gem(canvas, colour, x + w / 2, y + h / 2, r, alpha * (0.9 if colour != "black" else 1))


def numeral_font(width: float, height: float, text: str, share: float = NUMERAL_SHARE) -> float:
    """The numeral's size: most of the height, narrower for two digits."""
    digits = max(1, len(text))
    return max(1.0, min(height * share, width * 1.15 / (0.62 * digits + 0.3)))


class GemPicture(Label):
    """A gem (``card`` False: a token, its shape) or a bonus (``card`` True: a card with the
    shape) in ``colour``, with ``count`` as one large numeral. Zero: the gem faint, no numeral
    (``show_zero``: its "0"). ``label`` replaces the numeral (a "+1" picked, a "?")."""

    colour = StringProperty("white")
    count = NumericProperty(0)
    card = BooleanProperty(False)
    show_zero = BooleanProperty(False)
    faint_zero = BooleanProperty(True)
    show_count = BooleanProperty(True)
    label = StringProperty("")
    level = NumericProperty(0)            # a deck's back: its level's dots
    ring = ListProperty((0, 0, 0, 0))     # a ring around it (the gem picked, a filter chosen)

    def __init__(self, **kw):
        kw.setdefault("bold", True)
        kw.setdefault("halign", "center")
        kw.setdefault("valign", "middle")
        super().__init__(**kw)
        self.color = NUMERAL
        self.outline_color = NUMERAL_OUTLINE
        self.bind(pos=self.redraw, size=self.redraw, colour=self.redraw, count=self.redraw,
                  card=self.redraw, show_zero=self.redraw, show_count=self.redraw,
                  label=self.redraw, ring=self.redraw, level=self.redraw, faint_zero=self.redraw)
        self.redraw()

    def numeral(self) -> str:
        if self.label:
            return self.label
        if not self.show_count or (not self.count and not self.show_zero):
            return ""
        return str(self.count)

    share = NUMERAL_SHARE     # the numeral's size per px of height (a cost gem's is larger)

    def redraw(self, *_):
        text = self.numeral()
        self.text = text
        w, h = self.size
        self.font_size = numeral_font(w - 4, h - 4, text, self.share) if text else 12
        self.outline_width = max(1, round(self.font_size / 11))
        faint = 0.3 if (self.faint_zero and not self.count and not self.label
                        and self.show_count) else 1.0
        self.canvas.before.clear()
        s = min(w, h)
        if self.ring[3]:
            with self.canvas.before:
                Color(*self.ring)
                Ellipse(pos=(self.center_x - s / 2, self.center_y - s / 2), size=(s, s))
        if self.card:
            cw = min(w, h * 0.78)
            draw_card(self.canvas.before, self.colour, self.center_x - cw / 2, self.y, cw, h,
                      faint, self.level)
        else:
            draw_gem(self.canvas.before, self.colour, self.center_x, self.center_y,
                     s / 2 - (4 if self.ring[3] else 1.5), faint)
