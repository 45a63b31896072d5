"""The table drawn like the real thing: market cards, nobles, gem badges, each player's tableau.

Every gem shows its colour and its letter (colour-blind players); black ones carry a light ring
so they read on the dark background. Widgets only draw what they are given (view dicts from
:mod:`companion.app.viewmodel`) and report touches; their rules are in ``widgets.kv``.
"""
from __future__ import annotations

from kivy.app import App
from kivy.core.text import Label as CoreLabel
from kivy.properties import (BooleanProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.app.viewmodel import GEM_LETTER, GEM_RGBA, GEM_TEXT_RGBA, card_view, noble_view
from companion.engine import COLOURS, GEMS
from companion.i18n import _

# The floor of the screens' widgets: companion.ui.widgets builds on these, never the reverse.
NO_COLOUR = (0.35, 0.35, 0.38, 1)
RING = (0.85, 0.85, 0.80, 1)     # the light ring of a dark gem
DARK_GEMS = ("black",)


class Tappable(ButtonBehavior):
    """Anything a finger can press; ``target`` names it for the tests and the demo."""

    target = StringProperty("")


DISC_MARGIN = 4           # px between a disc's text box and its edge (2 each side)
_BOX = {}                 # (text, font, bold) -> the text box's diagonal per px of font size


def disc_font(text: str, font_name: str, bold: bool, diameter: float) -> float:
    """The font size at which ``text``'s box, centred in a disc of ``diameter``, lies inside
    it with a margin (its diagonal within the disc): a gem token's text never touches its edge."""
    key = (text, font_name, bold)
    per_px = _BOX.get(key)
    if per_px is None:
        probe = CoreLabel(text=text, font_size=100, font_name=font_name, bold=bold)
        probe.refresh()
        w, h = probe.texture.size
        per_px = _BOX[key] = (w * w + h * h) ** 0.5 / 100.0
    return max(1.0, (diameter - DISC_MARGIN) / per_px)


def fit_in_disc(label, full: str, short: str, base: float, diameter: float,
                like: str = "") -> None:
    """Set ``label``'s text and font for a disc: ``full`` (count and letter) at up to ``base``
    when it fits at nearly that size, else ``short`` (the count) as large as fits. ``like``:
    the widest text of its kind (a "W" for any colour's letter), so a row of discs all show
    their letters, or none, at one size."""
    size = disc_font(like or full, label.font_name, label.bold, diameter)
    if size >= 0.8 * base or full == short:
        label.text = full
        label.font_size = min(base, size, disc_font(full, label.font_name, label.bold, diameter))
    else:
        label.text = short
        label.font_size = min(base, disc_font(short, label.font_name, label.bold, diameter))


class GemBadge(Label):
    """A gem with a count: a square for a bonus (cards owned), a disc for tokens. A disc too
    small for the count and the letter shows the count (the colour and the legend tell it)."""

    colour = StringProperty("white")
    count = NumericProperty(0)
    disc = BooleanProperty(False)
    fill = ListProperty(GEM_RGBA["white"])
    ring = ListProperty((0, 0, 0, 0))
    ink = ListProperty(GEM_TEXT_RGBA["white"])
    show_zero = BooleanProperty(True)
    dim = BooleanProperty(True)
    base_font = NumericProperty(12)     # the text's size when there is room (set in the kv)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.on_colour()   # the default colour fires no event: draw it once
        self.bind(size=self._text, base_font=self._text, disc=self._text)
        self._text()            # the size given to the constructor came before the binding

    def on_colour(self, *_):
        self.fill = GEM_RGBA.get(self.colour, NO_COLOUR)
        self.ink = GEM_TEXT_RGBA.get(self.colour, (1, 1, 1, 1))
        self.ring = RING if self.colour in DARK_GEMS else (0, 0, 0, 0)
        self._text()

    def on_count(self, *_):
        self._text()

    def _text(self, *_):
        full = f"{self.count}{GEM_LETTER.get(self.colour, '?')}"
        if self.disc:
            like = full if self.colour == "gold" else f"{self.count}W"
            fit_in_disc(self, full, str(self.count), self.base_font, min(self.size) - 4, like)
        else:
            self.text, self.font_size = full, self.base_font
        self.opacity = 1 if (self.count or self.show_zero) else 0
        self.dim = not self.count


class CostPip(GemBadge):
    """A cost or a requirement printed on a card or a noble: count and letter on the colour."""


class MiniCard(Label):
    """A reserved card in a player's hand: its bonus colour and points, or a card back."""

    card = ObjectProperty(None, allownone=True)   # (id or None, level)
    fill = ListProperty(NO_COLOUR)
    ink = ListProperty((1, 1, 1, 1))

    def on_card(self, *_):
        cid, level = self.card or (None, 0)
        if cid == "noble":
            self.fill, self.ink = (0.80, 0.70, 0.55, 1), (0.1, 0.1, 0.1, 1)
            self.text = "N"
            return
        if cid is None:
            self.fill, self.ink = (0.30, 0.22, 0.15, 1), (1, 1, 1, 1)
            self.text = f"L{level}"
            return
        c = card_view(cid)
        self.fill, self.ink = GEM_RGBA[c["bonus"]], GEM_TEXT_RGBA[c["bonus"]]
        self.text = f"{c['points'] or ''}{GEM_LETTER[c['bonus']]}"


class CardFace(BoxLayout):
    """A development card as printed: the bonus colour and letter, prestige, the cost pips.
    A picture only (inside a larger choice); :class:`CardTile` is the one a finger picks."""

    card = ObjectProperty(None, allownone=True)   # viewmodel.card_view dict
    hint = BooleanProperty(False)                 # affordable (hints on)
    band = ListProperty(NO_COLOUR)
    band_ink = ListProperty((1, 1, 1, 1))
    points = StringProperty("")
    letter = StringProperty("")

    def on_card(self, *_):
        c = self.card
        pips = self.ids.pips
        if c is None:
            self.band, self.points, self.letter = NO_COLOUR, "", ""
            pips.clear_widgets()
            return
        self.band = GEM_RGBA[c["bonus"]]
        self.band_ink = GEM_TEXT_RGBA[c["bonus"]]
        self.points = str(c["points"]) if c["points"] else ""
        self.letter = GEM_LETTER[c["bonus"]]
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
        for colour in GEMS:
            b = GemBadge(colour=colour)
            self.ids.bonuses.add_widget(b)
            self.bonus_badges.append(b)
        for colour in COLOURS:
            b = GemBadge(colour=colour, disc=True)
            self.ids.tokens.add_widget(b)
            self.token_badges.append(b)

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
            mini.card = card
        box = self.ids.nobles
        while len(box.children) > nobles:
            box.remove_widget(box.children[0])
        while len(box.children) < nobles:
            box.add_widget(MiniCard(card=("noble", 0)))


class TurnTile(Tappable, BoxLayout):
    """One turn the referee could not tell from another, drawn as what happened: a short
    word per action and its pieces (gem discs, the card as printed, a deck's back, the noble).
    ``parts`` come from :func:`companion.ui.play_view.turn_parts`."""

    def show(self, parts):
        self.clear_widgets()
        tall = self.height - 8
        for verb, kind, value in parts:
            self.add_widget(TurnWord(text=verb))
            if kind == "gems":
                for colour, n in value.items():
                    self.add_widget(GemBadge(colour=colour, count=n, disc=True, size_hint=(None, None),
                                             size=(tall * 0.6, tall * 0.6),
                                             pos_hint={"center_y": 0.5}))
            elif kind == "card":
                face = CardFace(size_hint=(None, 1), width=tall * 0.9)
                face.card = card_view(value)
                self.add_widget(face)
            elif kind == "deck":
                self.add_widget(MiniCard(card=(None, value)))
            elif kind == "noble":
                face = NobleFace(size_hint=(None, 1), width=tall * 1.1)
                face.noble = noble_view(value)
                self.add_widget(face)


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
