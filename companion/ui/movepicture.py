"""A turn drawn in pictures: gem tokens, the card as a card tile, the deck, the noble.

``MovePicture.show(parts)`` draws the parts from :func:`companion.app.move_view.move_parts`
(plain Python): one step a part, its verb over its pictures, the steps wrapping onto more
lines when the space is narrow. It draws only; nothing in it answers a touch.
"""
from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.stacklayout import StackLayout

from companion.ui.tableau import CardFace, GemBadge, MiniCard, NobleFace
from companion.app.viewmodel import card_view, noble_view


def _verb_wrap(verb: str, pictures: float, font_size: float) -> float:
    """The verb's line width: 0 (one line) when it is no wider than its pictures, else their
    width, or its widest word's when that is wider."""
    from kivy.core.text import Label as CoreLabel
    probe = CoreLabel(font_size=font_size, bold=True)
    if probe.get_extents(verb)[0] + 8 <= pictures:
        return 0
    return max(pictures - 8, max(probe.get_extents(w)[0] for w in verb.split()) + 2)


class PictureCard(CardFace):
    """A card drawn as printed (widgets.kv's CardFace rule), not a touch target."""


class PictureNoble(NobleFace):
    """A noble drawn as its tile (widgets.kv's NobleFace rule), not a touch target."""


class MoveStep(BoxLayout):
    """One part of the turn: its verb over its pictures."""

    verb = StringProperty("")
    wrap = NumericProperty(0)      # the verb's line width when it wraps (0: one line)


class MovePicture(StackLayout):
    """The whole turn, part after part. With ``one_line`` (and no size_hint_x) it is as wide
    as its steps on one line when its parent has the room, so that a button can follow it in
    the parent's flow; else as wide as the parent, its steps wrapping."""

    one_line = BooleanProperty(False)
    card_height = NumericProperty(0)     # a card's height (0: a quarter of the screen's)
    parts = ()
    _parent = None

    def on_parent(self, _widget, parent):
        if self._parent is not None:
            self._parent.unbind(width=self._fit)
        self._parent = parent
        if parent is not None and self.one_line:
            parent.bind(width=self._fit)
            self._fit()

    def _fit(self, *_):
        if not self.one_line or self.parent is None:
            return
        steps = self.children
        line = sum(s.width for s in steps) + self.spacing[0] * max(0, len(steps) - 1) + \
            self.padding[0] + self.padding[2]
        self.width = min(line, self.parent.width)

    def show(self, parts) -> None:
        self.clear_widgets()
        self.parts = tuple(parts)
        from kivy.app import App
        app = App.get_running_app()
        tap = app.tap * (0.85 if app.landscape else 0.8)   # the table keeps its room
        from kivy.core.window import Window
        # A card at least a quarter of the screen's height: its costs read from a chair.
        card_h = max(tap * 1.5, self.card_height or Window.height * 0.25)
        card_w = card_h * 0.77
        for part in self.parts:
            step = MoveStep(verb=part.verb)
            row = step.ids.row
            tall = tap * 0.8
            if part.card is not None and part.kind != "reserve-deck":
                tile = PictureCard(size_hint=(None, None), size=(card_w, card_h))
                tile.card = card_view(part.card)
                row.add_widget(tile)
                tall = tile.height
            elif part.kind == "reserve-deck":
                # A deck's back has no text to read (its level's dots): half a face, so that
                # the move's words and button keep their room (Polish, 4 players, final round).
                back = MiniCard(size_hint=(None, None), size=(card_w * 0.5, card_h * 0.5))
                back.card_id = (None, part.level)
                row.add_widget(back)
                tall = back.height
            if part.noble is not None:
                tile = PictureNoble(size_hint=(None, None), size=(tap * 1.5, tap * 1.15))
                tile.noble = noble_view(part.noble)
                row.add_widget(tile)
                tall = max(tall, tile.height)
            gems = list(part.gems)
            side = tap * 0.75
            # Beside a card, its payment in a column of rows of two (the step stays narrow,
            # so that the turn's steps keep to one line); alone, in a row.
            per_row = 2 if len(gems) > 2 and tall >= side * 2 else max(1, len(gems))
            if gems:
                from kivy.uix.gridlayout import GridLayout
                grid = GridLayout(cols=per_row, spacing=3, size_hint=(None, None),
                                  width=per_row * side + 3 * (per_row - 1),
                                  pos_hint={"center_y": 0.5})
                rows = -(-len(gems) // per_row)
                grid.height = rows * side + 3 * (rows - 1)
                for colour, n in gems:
                    grid.add_widget(GemBadge(colour=colour, count=n, disc=True,
                                             size_hint=(None, None), size=(side, side)))
                row.add_widget(grid)
                tall = max(tall, grid.height)
            row.height = tall
            widths = [w.width for w in row.children]
            step.wrap = _verb_wrap(part.verb, sum(widths) + row.spacing * (len(widths) - 1),
                                   app.fs_read if app.landscape else app.fs * 0.7)
            step.bind(width=self._fit)
            self.add_widget(step)
        self._fit()
