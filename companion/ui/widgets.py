"""Small Kivy widgets: gem chips, the on-screen seat panel, popups, a spinner (the cards,
nobles and players' tableaux are in :mod:`companion.ui.tableau`).

They only draw what they are given and report touches; the rules live in the engine and the
referee, the state in :mod:`companion.app.viewmodel`.
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.properties import (BooleanProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.vkeyboard import VKeyboard
from kivy.uix.widget import Widget

from companion.app.viewmodel import (GEM_RGBA, LETTER_GEM, card_view,
                                     noble_view, page_of, query_pictures)
from companion.engine import CARDS, GEMS
from companion.i18n import _, translator
from companion.ui.gems import GemPicture, draw_gem
from companion.ui.tableau import CardTile, NobleTile, Tappable

# The on-screen keyboard's families of layouts, each most columns first (see TableKeyboard):
# a field asks for one with a ``keyboard_family`` attribute; names are the default.
KEYBOARDS_DIR = Path(__file__).parent / "keyboards"
KEYBOARD_FAMILIES = {family: tuple(str(KEYBOARDS_DIR / f"{family}_{kind}.json")
                                   for kind in ("wide", "narrow"))
                     for family in ("names", "hangul", "cards")}
# The names keyboards a player switches between with the layout key (한 / A): QWERTY with the
# Polish letters, and Korean's two-set layout (syllables composed as typed: ui.nameinput).
NAME_FAMILIES = ("names", "hangul")
SHIFT_HELD = -2   # TableKeyboard.active_keys slot of a held shift (Kivy's capslock uses -1)


def app():
    return App.get_running_app()


class GemChip(Tappable, GemPicture):
    """A gem token to touch: its shape in its colour and its count as one large numeral
    (``show_count`` False: the gem alone, a filter; colour "none": every colour, "All").
    Picked ones are ringed and show how many ("+1"); ``marked`` rings the chosen filter."""

    selected = NumericProperty(0)
    marked = BooleanProperty(False)     # ringed: the chosen filter

    def __init__(self, **kw):
        kw.setdefault("show_zero", True)
        super().__init__(**kw)
        self.bind(selected=self._update_text, marked=self._update_text,
                  colour=self._update_text, show_count=self._update_text)
        self._update_text()

    def _update_text(self, *args):
        self.ring = PICKED if (self.selected or self.marked) else (0, 0, 0, 0)
        if self.selected:
            self.label = f"+{self.selected}"
        elif self.colour not in GEM_RGBA:
            self.label = _("All")
        else:
            self.label = ""


PICKED = (1, 0.85, 0.1, 1)      # the ring of a gem picked or a filter chosen


class FitButton(Button):
    """A button whose label wraps between words (``text_size`` its width less 8 px, in its
    .kv). A word wider than the button ("Podpowiedź", "되돌리기" in a bar of five,
    "Najsilniejszy" beside a name) would be broken inside or run over its edges, so the font
    is made just small enough for the widest word, down to MIN_FIT of the size asked for
    (``font_size``, from the .kv)."""

    MIN_FIT = 0.6
    _wanted = 0.0     # the font size asked for; font_size itself may be smaller
    _fitting = False

    def on_font_size(self, _widget, value):
        if not self._fitting:
            self._wanted = value
            # Not set again inside this dispatch: the label's own observers, called after
            # this one, would still take the size asked for and draw the text at it.
            Clock.schedule_once(lambda _dt: self._fit(), -1)

    def on_text(self, *_args):
        self._fit()

    def on_size(self, *_args):
        self._fit()

    def _fit(self):
        wanted = self._wanted or self.font_size
        room = self.width - 8 - 2  # its text_size, and a pixel each side
        size = wanted
        widest = _widest_word(self.text, wanted, self.font_name, self.bold, self.markup)
        if widest > room > 0:
            least = wanted * self.MIN_FIT
            size = max(least, math.floor(wanted * room / widest))
            # (hinting: a word's width is not quite in proportion to the size)
            while size - 1 >= least and _widest_word(self.text, size, self.font_name, self.bold,
                                                     self.markup) > room:
                size -= 1
        if size != self.font_size:
            self._fitting = True
            try:
                self.font_size = size
            finally:
                self._fitting = False


class BigButton(FitButton):
    """A button at least one touch target tall, with a readable label."""

    target = StringProperty("")


def share_by_words(row) -> None:
    """The buttons of a row as wide as their widest words need, in proportion (each its word,
    8 px of text margin and a little air): in a bar of five a long word ("Podpowiedź") gets
    the room that a short one ("Start") leaves, instead of shrinking under 16 px."""
    for b in row.children:
        if isinstance(b, FitButton):
            wanted = b._wanted or b.font_size
            b.size_hint_x = _widest_word(b.text, wanted, b.font_name, b.bold, b.markup) + 14


def _widest_word(text: str, font_size: float, font_name: str, bold: bool, markup: bool) -> float:
    """The width (px) of the widest word of ``text`` on one line."""
    if markup:
        text = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", text)
    words = set(text.split())
    if not words:
        return 0.0
    probe = CoreLabel(font_size=font_size, font_name=font_name, bold=bold)
    return max(probe.get_extents(word)[0] for word in words)


class LedDot(Widget):
    """One LED of the on-screen seat panel; blinks like the real one."""

    lit = BooleanProperty(False)
    light = ObjectProperty(None, allownone=True)
    _ev = None

    def follow(self, light):
        """Show a hardware.panel Light's pattern (called in the UI thread when it changes)."""
        self.light = light
        if self._ev is not None:
            self._ev.cancel()
            self._ev = None
        pattern = getattr(light.pattern, "value", str(light.pattern))
        if pattern == "on":
            self.lit = True
        elif pattern == "off":
            self.lit = False
        else:
            self.lit = True
            self._ev = Clock.schedule_interval(self._toggle, light.blink_seconds or 0.5)

    def _toggle(self, dt):
        self.lit = not self.lit


class SeatKey(Label):
    """An on-screen seat button: touch down/up drive the virtual panel's pin."""

    button = NumericProperty(0)
    target = StringProperty("")
    pressed = BooleanProperty(False)
    panel = ObjectProperty(None, allownone=True)

    def on_touch_down(self, touch):
        if self.collide_point(*touch.pos) and self.panel is not None:
            touch.grab(self)
            self.pressed = True
            self.panel.virtual_press(self.button)
            return True
        return super().on_touch_down(touch)

    def on_touch_up(self, touch):
        if touch.grab_current is self:
            touch.ungrab(self)
            self.pressed = False
            self.panel.virtual_release(self.button)
            return True
        return super().on_touch_up(touch)


class SeatPanelBar(BoxLayout):
    """The seat panel on screen: one button and one LED per seat (no GPIO on this machine)."""

    panel = ObjectProperty(None, allownone=True)

    def bind_panel(self, panel, names_by_button):
        self.clear_widgets()
        self.panel = panel
        self.leds = {}
        if panel is None:
            return
        for b in range(panel.seats):
            if names_by_button and b not in names_by_button:
                continue      # no control for a seat nobody plays at
            box = BoxLayout(orientation="horizontal", spacing=4)
            led = LedDot(size_hint_x=None)
            key = SeatKey(button=b, panel=panel, target=f"seat:{b}",
                          text=(_("Seat {n}").format(n=b + 1) + "\n"
                                + names_by_button.get(b, "")).strip())
            box.add_widget(led)
            box.add_widget(key)
            self.add_widget(box)
            self.leds[("seat", b)] = led
            led.follow(panel.seat_lights[b])

    def light_changed(self, light):
        led = getattr(self, "leds", {}).get((light.kind, light.index))
        if led is not None:
            led.follow(light)


class BusySpinner(Widget):
    """A turning arc shown while the camera or the referee is working."""

    angle = NumericProperty(0)
    active = BooleanProperty(False)
    _anim = None

    def on_active(self, *_):
        if self.active:
            self._anim = Animation(angle=-360, duration=1.0)
            self._anim.repeat = True
            self.angle = 0
            self._anim.start(self)
        elif self._anim is not None:
            self._anim.cancel(self)
            self._anim = None


class ResultButton(BigButton):
    """A search result or a large choice: its text wraps inside the button and the row grows
    to fit the lines (at least a touch target tall), so a long card description never spills
    onto the next row."""


#: Search tiles made once and shown again by every later search (setup enters 16 slots, each
#: search shows up to 40 tiles: building them anew took about half a second a slot here, so
#: about 1.5 s on a Pi 5). Keyed by what they look like; at most the 90 cards and 10 nobles
#: for each size and language.
_SEARCH_TILES: dict = {}


def _search_tile(kind, ident, tap):
    key = (kind, ident, tap, translator.lang)
    tile = _SEARCH_TILES.get(key)
    if tile is None:
        if kind == "card":
            tile = CardTile(target=f"pick:{ident}", size_hint_y=None, height=tap * 1.9)
            tile.card = card_view(ident)
        else:
            tile = NobleTile(target=f"pick:{ident}", size_hint_y=None, height=tap * 1.3)
            tile.noble = noble_view(ident)
        # The popup showing it now picks (set each time it is shown).
        tile.bind(on_release=lambda w, i=ident: w.picker(i))
        _SEARCH_TILES[key] = tile
    return tile


class SearchPopup(ModalView):
    """Pick one card or noble. With ``kind`` "card" or "noble" the candidates show as they are
    printed (tiles: bonus colour, points, cost pips) and a row of gem colours narrows the
    cards to one bonus colour: a few taps, no ids needed. The search field finds a card by its
    cost ("3w 2u"); its sticker id still works but isn't offered (no ids on screen)."""

    _anim_duration = 0  # a touch screen answers at once

    title = StringProperty("")
    kind = StringProperty("")
    bonus = StringProperty("")      # the colour filter ("" = every colour)
    page = NumericProperty(0)       # cards and nobles: the page shown (from 0) ...
    pages = NumericProperty(1)      # ... of these

    def __init__(self, title, choices, on_pick, describe=None, kind="", **kw):
        super().__init__(**kw)
        self.title = title
        self.kind = kind
        self._choices = choices       # query -> list of ids
        self._on_pick = on_pick
        self._describe = describe or (lambda i: i)
        # Costs and a noble's requirements: digits and the gems (keyboards/cards_*.json), not
        # the names keys; ids only from a physical keyboard (no ids on screen).
        self.ids.query.keyboard_family = "cards"
        self.ids.query.bind(text=lambda *_: self.turn_page(-self.page))
        self.ids.query.bind(text=self.show_query)
        self.ids.query.bind(focus=lambda *_: Clock.schedule_once(self._make_room, 0))
        if kind == "card":
            for colour in ("",) + tuple(GEMS):
                chip = GemChip(colour=colour or "none", show_count=False,
                               target=f"bonus:{colour or 'all'}")
                chip.bind(on_release=lambda w, c=colour: self.filter(c))
                self.ids.filters.add_widget(chip)
        self.refresh()

    def show_query(self, field, text):
        """The query as gems with numerals (view-model query_pictures), never as letters."""
        row = self.ids.query_gems
        row.clear_widgets()
        hidden = (0, 0, 0, 0) if text else (0, 0, 0, 1)
        field.foreground_color = field.cursor_color = hidden
        side = row.height
        for colour, numeral in query_pictures(text):
            if colour:
                row.add_widget(GemPicture(colour=colour, label=numeral, show_count=bool(numeral),
                                          size_hint_x=None, width=side))
            else:
                row.add_widget(Label(text=numeral, font_size=side * 0.7, bold=True,
                                     color=(0, 0, 0, 1), size_hint_x=None,
                                     width=side * 0.5 * len(numeral) + 4))
        row.add_widget(Widget())      # the pictures start at the field's left

    def filter(self, colour):
        self.bonus = colour
        self.page = 0
        for chip in self.ids.filters.children:
            chip.marked = chip.target == f"bonus:{colour or 'all'}"
        self.refresh()

    def _make_room(self, *_):
        """Results start under the docked keyboard (it docks right under the field), so the
        cards found show while the player types."""
        win = self.get_parent_window()
        vk = next((w for w in win.children if isinstance(w, TableKeyboard)),
                  None) if win is not None and self.ids.query.focus else None
        self.ids.keyboard_room.height = vk.height * vk.scale if vk is not None else 0

    def turn_page(self, step: int):
        self.page += step
        self.refresh()

    def refresh_soon(self, *_):
        """The view's height changed (laid out, or the keyboard docked): the page again."""
        Clock.unschedule(self._refresh_once)
        Clock.schedule_once(self._refresh_once, -1)

    def _refresh_once(self, _dt):
        self.refresh()

    def refresh(self):
        grid = self.ids.results
        grid.clear_widgets()
        found = self._choices(self.ids.query.text)
        if self.kind == "card":
            if self.bonus:
                found = [i for i in found if GEMS[CARDS[i].bonus] == self.bonus]
            found.sort()      # an id starts with its level and bonus letter: colours grouped
        if self.kind in ("card", "noble"):
            tap = app().tap
            grid.cols = (6 if app().landscape else 4) if self.kind == "card" else 3
            # As many rows as the view shows: a page of them, the rest one tap away.
            tall = tap * (1.9 if self.kind == "card" else 1.3) + grid.spacing[1]
            rows = int((self.ids.view.height + grid.spacing[1]) // tall)
            p = page_of(len(found[:40]), self.page, grid.cols * max(1, rows))
            self.page, self.pages = p.page, p.pages
            for ident in found[p.start:p.stop]:
                tile = _search_tile(self.kind, ident, tap)
                tile.picker = self.pick
                if tile.parent is not None:      # still in an earlier popup's grid
                    tile.parent.remove_widget(tile)
                grid.add_widget(tile)
            return
        for ident in found[:24]:
            b = ResultButton(text=self._describe(ident), target=f"pick:{ident}")
            b.bind(on_release=lambda btn, i=ident: self.pick(i))
            grid.add_widget(b)

    def pick(self, ident):
        self.dismiss()
        self._on_pick(ident)


class ChoicePopup(ModalView):
    """A question with large choices."""

    _anim_duration = 0

    title = StringProperty("")

    def __init__(self, title, choices, on_pick, picture=None, **kw):
        """``picture``: a widget drawn beside the question (the card asked about, shown
        large: its costs read, not described)."""
        super().__init__(**kw)
        self.title = title
        if picture is not None:
            title_label = self.ids.title.__self__     # the widget, not a weak proxy
            row = self.ids.head
            row.remove_widget(title_label)
            from kivy.core.window import Window
            tall = Window.height * (0.45 if app().landscape else 0.25)
            picture.size_hint = (None, None)
            picture.size = (tall * 0.77, tall)
            picture.pos_hint = {"center_y": 0.5}
            row.add_widget(picture)
            row.add_widget(title_label)
        for label, value, target in choices:
            # Rows grow to fit wrapped text, as search results do (a card's description is long).
            b = ResultButton(text=label, target=target)
            b.bind(on_release=lambda btn, v=value: self.pick(on_pick, v))
            self.ids.choices.add_widget(b)

    def pick(self, on_pick, value):
        self.dismiss()
        on_pick(value)


class TableKeyboard(VKeyboard):
    """The docked on-screen keyboard (kiosk): keys at least a 9 mm touch target wide and tall.

    Kivy's QWERTY has 15 columns: about 8 mm keys on the 7" display and 5 mm in portrait on
    Touch Display 2. Names need only A-Z (alphabetical: easy to find for people who rarely
    type), space, hyphen and apostrophe, so the names layout with the most columns whose keys
    are still a touch target wide is docked (``keyboards/names_*.json``): 13 columns and 3 rows
    in landscape (the screen is short), 8 columns and 5 rows in portrait. A field can ask for
    another family of layouts (or one of Kivy's layouts by name) with a ``keyboard_family``
    attribute: the card and noble searches ask for "cards" (digits, the gems drawn as
    everywhere, no letter). Shift tapped on its own holds for the next letter: one finger types
    a capital.
    """

    def __init__(self, **kw):
        kw.setdefault("margin_hint", [0.05, 0.02, 0.05, 0.02])  # narrow sides: wider keys
        # The app's font (registered as Kivy's default name, companion.i18n.live): Kivy's
        # keyboard draws its keys in DejaVu Sans, which has no Hangul (the two-set layout's
        # keys and the 한 key were missing-glyph boxes).
        kw.setdefault("font_name", "Roboto")
        super().__init__(**kw)
        for path in (p for paths in KEYBOARD_FAMILIES.values() for p in paths):
            if path not in self.available_layouts:
                with open(path, encoding="utf-8") as f:
                    self.available_layouts[path] = json.load(f)
        self._shift_held = False      # shift was tapped on its own: the next letter is capital
        self._shift_used = False      # a letter was typed while a finger held shift
        self._shift_release = False   # this touch on shift takes a held shift off

    def setup_mode(self, *largs):
        self._hold_shift(None)
        self.have_shift = self.have_capslock = False  # not every layout has a shift mode
        win = self.get_parent_window()
        wanted = getattr(self.target, "keyboard_family", None) or "names"
        if wanted == "names":       # a name: the keyboard chosen for it, else the language's
            wanted = getattr(self.target, "names_family", None) or self.names_default()
        if wanted in KEYBOARD_FAMILIES:
            wanted = self.family_layout(wanted, win.width) if win is not None else None
        if wanted and wanted != self.layout and wanted in self.available_layouts:
            self.layout = wanted
        super().setup_mode(*largs)

    @staticmethod
    def names_default() -> str:
        return "hangul" if translator.lang == "ko" else "names"

    def change_layout(self):
        """The layout key (한 / A): a name's other keyboard, kept for that field."""
        if self.target is None:
            return
        now = getattr(self.target, "names_family", None) or self.names_default()
        self.target.names_family = NAME_FAMILIES[1 - NAME_FAMILIES.index(now)] \
            if now in NAME_FAMILIES else "names"
        Clock.schedule_once(lambda dt: self.setup_mode(), 0)

    def _say_done(self):
        """The keys' words in the player's language ("Done": Gotowe, 완료)."""
        lay = self.available_layouts.get(self.layout)
        if not isinstance(lay, dict):
            return
        done = _("Done")
        for line in range(1, lay.get("rows", 0) + 1):
            for mode in ("normal", "shift"):
                for key in lay.get(f"{mode}_{line}", ()):
                    if key[2] == "escape":
                        key[0] = done

    def family_layout(self, family: str, width: float) -> str:
        """The layout of ``family`` with the most columns whose keys are a touch target wide."""
        paths = KEYBOARD_FAMILIES[family]
        for path in paths:            # most columns first: fewer rows on a short screen
            if self.narrowest_key(path, width) >= app().tap:
                return path
        return paths[-1]

    def narrowest_key(self, layout: str, width: float) -> float:
        """Window pixels across the narrowest key of ``layout`` docked at ``width``."""
        lay = self.available_layouts[layout]
        _, right, _, left = self.margin_hint
        unit = (1.0 - left - right) / lay["cols"] * self.width
        units = min(key[3] for line in range(1, lay["rows"] + 1)
                    for key in lay[f"normal_{line}"])
        # As VKeyboard.refresh_keys draws it: whole pixels inside the key margins, then scaled.
        return int(units * unit - self.key_margin[1] - self.key_margin[3]) * width / self.width

    def setup_mode_dock(self, *largs):
        win = self.get_parent_window()
        rows = self.available_layouts[self.layout]["rows"]
        top, _, bottom, _ = self.margin_hint
        scale = win.width / float(self.width)  # docking scales the keyboard to the width
        # Whole pixels: VKeyboard rounds each key down.
        key = math.ceil(app().tap / scale) + 1 + self.key_margin[0] + self.key_margin[2]
        self.height = math.ceil(key * rows / (1.0 - top - bottom))
        self.font_size = app().tap * 0.5 / scale
        super().setup_mode_dock(*largs)
        self.refresh(True)            # a new height or layout: Kivy redraws only on a new layout

    def draw_keys(self):
        self._say_done()
        super().draw_keys()
        layout = self.available_layouts[self.layout]
        if not layout.get("gem_colours"):
            return
        # A gem key is the gem as drawn everywhere else (its colour and shape), no letter
        # (issue 33: no gem letters on screen); the letter is only what the key types.
        labels = {tuple(w.pos): w for w in self.children if isinstance(w, Label)}
        for line in range(1, layout["rows"] + 1):
            keys = layout[f"{self.layout_mode}_{line}"]
            for key, (pos, size) in zip(keys, self.layout_geometry[f"LINE_{line}"]):
                gem = LETTER_GEM.get(key[0])
                if gem is None or gem == "gold":
                    continue
                draw_gem(self.background_key_layer, gem, pos[0] + size[0] / 2,
                         pos[1] + size[1] / 2, min(size) * 0.42)
                if tuple(pos) in labels:
                    labels[tuple(pos)].text = ""

    def process_key_on(self, touch):
        held = self._shift_held
        super().process_key_on(touch)
        key = self._key_of(touch)
        if key is None:
            return
        if key[0][2] == "shift":
            self._shift_used = False
            self._shift_release = held
        elif key[0][1] is not None:
            self._shift_used = True

    def process_key_up(self, touch):
        key = self._key_of(touch)
        super().process_key_up(touch)
        if key is None:
            return
        if key[0][2] == "shift":
            if self._shift_release:
                self._hold_shift(None)
            elif not self._shift_used:
                self._hold_shift(key[1])
        elif key[0][1] is not None and self._shift_held:
            self._hold_shift(None)      # one capital, then small letters again

    def _key_of(self, touch):
        return touch.ud.get(self.uid, {}).get("key") if touch is not None else None

    def _hold_shift(self, where):
        """Hold shift down (drawn pressed) at key position ``where``, or let it go (None)."""
        self._shift_held = where is not None
        if where is not None:
            self.active_keys[SHIFT_HELD] = where
        elif self.active_keys.pop(SHIFT_HELD, None) is None:
            return
        self.have_shift = self._shift_held
        self.refresh_active_keys_layer()

    def on_parent(self, instance, parent):
        # Kivy works out how far to lift the screen (Window.keyboard_height, softinput_mode
        # "below_target") only on mobile platforms' own keyboards: ask for it when this one
        # shows and when it goes, so a low field is never typed into under the keyboard.
        from kivy.core.window import Window  # lazy: importing it opens the window
        Clock.schedule_once(lambda dt: Window._upd_kbd_height(), 0)
