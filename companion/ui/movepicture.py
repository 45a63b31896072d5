"""A turn drawn in pictures: gem tokens, the card as a card tile, the deck, the noble.

``MovePicture.show(parts)`` draws the parts from :func:`companion.ui.move_view.move_parts`
(plain Python): one step a part, its verb over its pictures, the steps wrapping onto more
lines when the space is narrow. It draws only; nothing in it answers a touch.
"""
from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.stacklayout import StackLayout

from companion.ui.tableau import CardTile, GemBadge, MiniCard, NobleTile
from companion.ui.widgets import NO_COLOUR
from companion.viewmodel import card_view, noble_view


class PictureCard(BoxLayout):
    """A card drawn as its tile (widgets.kv's CardTile rule), not a touch target."""

    card = ObjectProperty(None, allownone=True)
    hint = BooleanProperty(False)
    band = ListProperty(NO_COLOUR)
    band_ink = ListProperty((1, 1, 1, 1))
    points = StringProperty("")
    letter = StringProperty("")
    on_card = CardTile.on_card


class PictureNoble(BoxLayout):
    """A noble drawn as its tile (widgets.kv's NobleTile rule), not a touch target."""

    noble = ObjectProperty(None, allownone=True)
    chosen = BooleanProperty(False)
    on_noble = NobleTile.on_noble


class MoveStep(BoxLayout):
    """One part of the turn: its verb over its pictures."""

    verb = StringProperty("")


class MovePicture(StackLayout):
    """The whole turn, part after part."""

    def show(self, parts) -> None:
        self.clear_widgets()
        self.parts = tuple(parts)
        from kivy.app import App
        app = App.get_running_app()
        tap = app.tap * (0.85 if app.landscape else 0.8)   # the table keeps its room
        for part in self.parts:
            step = MoveStep(verb=part.verb)
            row = step.ids.row
            tall = tap * 0.8
            if part.card is not None and part.kind != "reserve-deck":
                tile = PictureCard(size_hint=(None, None), size=(tap * 1.15, tap * 1.5))
                tile.card = card_view(part.card)
                row.add_widget(tile)
                tall = tile.height
            elif part.kind == "reserve-deck":
                back = MiniCard(size_hint=(None, None), size=(tap * 1.15, tap * 1.5))
                back.card = (None, part.level)
                row.add_widget(back)
                tall = back.height
            if part.noble is not None:
                tile = PictureNoble(size_hint=(None, None), size=(tap * 1.5, tap * 1.15))
                tile.noble = noble_view(part.noble)
                row.add_widget(tile)
                tall = max(tall, tile.height)
            for colour, n in part.gems:
                badge = GemBadge(colour=colour, count=n, disc=True, size_hint=(None, None),
                                 size=(tap * 0.75, tap * 0.75))
                row.add_widget(badge)
            row.height = tall
            self.add_widget(step)
