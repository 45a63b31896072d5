"""The table drawn like the real thing: market cards, nobles, gem badges, each player's tableau.

Every gem is drawn in its colour and its shape (colour-blind players; companion.ui.gems) with
one large numeral; no letters. Widgets only draw what they are given (view dicts from
:mod:`companion.app.viewmodel`) and report touches; their rules are in ``widgets.kv``.
"""
from __future__ import annotations

from kivy.app import App
from kivy.properties import (BooleanProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.app.viewmodel import GEM_RGBA, GEM_TEXT_RGBA, card_view, noble_view
from companion.engine import COLOURS, GEMS
from companion.i18n import _
from companion.ui.gems import GemPicture

# The floor of the screens' widgets: companion.ui.widgets builds on these, never the reverse.
NO_COLOUR = (0.35, 0.35, 0.38, 1)


class Tappable(ButtonBehavior):
    """Anything a finger can press; ``target`` names it for the tests and the demo."""

    target = StringProperty("")


class GemBadge(GemPicture):
    """A gem with a count: a bonus (``disc`` False: cards owned, a card with the gem's shape)
    or tokens (``disc`` True: the gem's shape). One large numeral; zero is drawn faint."""

    disc = BooleanProperty(False)

    def __init__(self, **kw):
        kw.setdefault("card", not kw.get("disc", False))
        super().__init__(**kw)

    def on_disc(self, *_):
        self.card = not self.disc


class CostPip(GemBadge):
    """A cost printed on a card (the gem) or a noble's requirement (the bonus card): the
    numeral fills more of it (a card's costs are what a player reads from across the table)."""

    share = 0.77


CARD_BACK = "back"      # draw_card's colour of a deck's back (no gem on it)


class MiniCard(GemPicture):
    """A small picture of a card: a reserved card (its bonus colour and shape), a hidden
    reserved card (its back, its level as dots, as printed on the real backs) or a noble
    (its tile). No text: too small to read from a chair (the player's points count them)."""

    card_id = ObjectProperty(None, allownone=True)   # (id or None, level)

    def __init__(self, card=None, **kw):
        kw.setdefault("faint_zero", False)
        super().__init__(**kw)
        self.card = True
        self.bind(card_id=self._show)
        self.card_id = card

    def _show(self, *_):
        cid, level = self.card_id or (None, 0)
        self.show_count = False
        if cid == "noble":
            self.colour, self.level = "noble", 0
        elif cid is None:
            self.colour, self.level = CARD_BACK, level
        else:
            self.colour, self.level = card_view(cid)["bonus"], 0


class CardFace(BoxLayout):
    """A development card as printed: the bonus colour and letter, prestige, the cost pips.
    A picture only (inside a larger choice); :class:`CardTile` is the one a finger picks."""

    card = ObjectProperty(None, allownone=True)   # viewmodel.card_view dict
    hint = BooleanProperty(False)                 # affordable (hints on)
    band = ListProperty(NO_COLOUR)
    band_ink = ListProperty((1, 1, 1, 1))
    points = StringProperty("")
    bonus = StringProperty("")                    # its bonus colour, drawn as the gem

    def on_card(self, *_):
        c = self.card
        pips = self.ids.pips
        if c is None:
            self.band, self.points, self.bonus = NO_COLOUR, "", ""
            pips.clear_widgets()
            return
        self.band = GEM_RGBA[c["bonus"]]
        self.band_ink = GEM_TEXT_RGBA[c["bonus"]]
        self.points = str(c["points"]) if c["points"] else ""
        self.bonus = c["bonus"]
        _fill_pips(pips, c["cost"], disc=True)


class CardTile(Tappable, CardFace):
    """A card to pick by touch (market, reserved cards, the referee's questions)."""


class NobleFace(BoxLayout):
    """A noble tile: the bonuses it requires (every noble is worth 3 points)."""

    noble = ObjectProperty(None, allownone=True)
    chosen = BooleanProperty(False)

    def on_noble(self, *args):
        n = self.noble
        _fill_pips(self.ids.pips, n["requires"] if n else [])
        self.ids.taken.text = "" if n else _("taken")


class NobleTile(Tappable, NobleFace):
    """A noble to pick by touch."""


def _fill_pips(box, cost, disc=False):
    """Cost pips: discs on a card (as printed), squares (the cards required) on a noble."""
    while len(box.children) > len(cost):
        box.remove_widget(box.children[0])
    while len(box.children) < len(cost):
        box.add_widget(CostPip(disc=disc))
    for pip, (colour, n) in zip(reversed(box.children), cost):
        pip.colour, pip.count = colour, n


class DeckTile(Tappable, Label):
    level = NumericProperty(1)
    count = NumericProperty(0)


class PlayerPanel(BoxLayout):
    """One player at a glance: name and points large; bonuses, tokens, reserved cards, nobles.
    Folded (while the computer's move is shown, when room is short), only name and points."""

    player = ObjectProperty(None, allownone=True)   # a TableView player dict
    active = BooleanProperty(False)
    folded = BooleanProperty(False)
    name = StringProperty("")
    points = StringProperty("")
    extra = StringProperty("")

    def folded_width(self) -> float:
        """The width the folded panel needs: its name and its points on one line."""
        name, points, row = self.ids.name, self.ids.points, self.ids.top
        need = name._label.get_extents(self.name)[0] + max(
            points._label.get_extents(self.points)[0] + 6, App.get_running_app().fs * 1.6)
        return need + self.padding[0] + self.padding[2] + row.spacing * (len(row.children) - 1)

    def on_kv_post(self, base):
        self.bonus_badges = []
        self.token_badges = []
        for colour in COLOURS:
            column = BoxLayout(spacing=1, size_hint_x=0.55 if colour == "gold" else 1)
            if colour in GEMS:
                b = GemBadge(colour=colour)
                column.add_widget(b)
                self.bonus_badges.append(b)
            b = GemBadge(colour=colour, disc=True)
            column.add_widget(b)
            self.token_badges.append(b)
            self.ids.holdings.add_widget(column)

    def show(self, player, reserved, nobles):
        self.player = player
        self.active = player["active"]
        self.name = player["name"]
        self.points = str(player["points"])
        for badge, (_colour, n) in zip(self.bonus_badges, player["bonuses"]):
            badge.count = n
        for badge, (_colour, n) in zip(self.token_badges, player["tokens"]):
            badge.count = n
        box = self.ids.reserved
        while len(box.children) > len(reserved):
            box.remove_widget(box.children[0])
        while len(box.children) < len(reserved):
            box.add_widget(MiniCard())
        for mini, card in zip(reversed(box.children), reserved):
            mini.card_id = card
        box = self.ids.nobles
        while len(box.children) > nobles:
            box.remove_widget(box.children[0])
        while len(box.children) < nobles:
            box.add_widget(MiniCard(card=("noble", 0)))


class TurnTile(Tappable, BoxLayout):
    """One turn the referee could not tell from another, drawn as what happened: a short
    word per action and its pieces (gem discs, the card as printed, a deck's back, the noble).
    ``parts`` come from :func:`companion.ui.play_view.turn_parts`. The pieces keep the line's
    height (a card a quarter of the screen's) and wrap onto more lines when the tile is too
    narrow for them (a 4-player turn that reserves, takes gold and gives back: what is given
    back was drawn past the window's edge)."""

    _parts = ()
    _line = 0.0

    def show(self, parts):
        self._parts = tuple(parts)
        if not self._line:
            self._line = self.height - 8       # as tall as the caller made the tile
        self.unbind(width=self._pack)
        self.bind(width=self._pack)
        self._pack()

    def _pieces(self, tall):
        out = []
        for verb, kind, value in self._parts:
            word = TurnWord(text=verb, size_hint_y=None, height=tall)
            word.texture_update()
            out.append(word)
            if kind == "gems":
                for colour, n in value.items():
                    out.append(GemBadge(colour=colour, count=n, disc=True, size_hint=(None, None),
                                        size=(tall * 0.6, tall * 0.6),
                                        pos_hint={"center_y": 0.5}))
            elif kind == "card":
                face = CardFace(size_hint=(None, None), size=(tall * 0.9, tall))
                face.card = card_view(value)
                out.append(face)
            elif kind == "deck":
                out.append(MiniCard(card=(None, value), size_hint=(None, None),
                                    size=(tall * 0.78, tall)))
            elif kind == "noble":
                face = NobleFace(size_hint=(None, None), size=(tall * 1.1, tall))
                face.noble = noble_view(value)
                out.append(face)
        return out

    def _pack(self, *_):
        self.clear_widgets()
        tall, gap = self._line, 5
        room = self.width - 12
        lines, used = [[]], 0.0
        for piece in self._pieces(tall):
            w = piece.texture_size[0] + 4 if isinstance(piece, TurnWord) else piece.width
            # A word starts a new line with its pieces when the line is full (never alone
            # at a line's end: a word stays with what it names when it can).
            if lines[-1] and used + gap + w > room:
                if isinstance(lines[-1][-1], TurnWord):
                    lines.append([lines[-1].pop()])
                    used = lines[-1][0].width
                else:
                    lines.append([])
                    used = 0.0
            used += (gap if lines[-1] else 0) + w
            lines[-1].append(piece)
        self.orientation = "vertical"
        for line in lines:
            row = BoxLayout(orientation="horizontal", spacing=gap, size_hint_y=None,
                            height=tall)
            for piece in line:
                row.add_widget(piece)
            row.add_widget(Widget())              # the pieces from the left
            self.add_widget(row)
        self.height = len(lines) * tall + (len(lines) - 1) * self.spacing + 8


class TurnWord(Label):
    """The word before a turn's pieces ("Takes", "Buys", ...)."""


class TilePopup(ModalView):
    """A question answered by touching a picture: a short sentence, the tiles, Cancel."""

    _anim_duration = 0
    title = StringProperty("")

    def __init__(self, title, tiles, on_pick, **kw):
        """``tiles``: (widget, value) pairs; touching one closes the popup with its value."""
        super().__init__(**kw)
        self.title = title
        for tile, value in tiles:
            tile.bind(on_release=lambda w, v=value: self.pick(on_pick, v))
            self.ids.tiles.add_widget(tile)

    def pick(self, on_pick, value):
        self.dismiss()
        on_pick(value)
