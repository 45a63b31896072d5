"""Typing a name on the touchscreen's docked on-screen keyboard (the kiosk's keyboard mode).

Run at both display sizes: this process's window (800 x 480 unless SPLENDOR_TEST_SIZE says
otherwise) and, from the last test, the whole file again in a 720 x 1280 window of its own.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import (WINDOW, find, grab_pixels, pump, run_in_portrait, save_png, tap,
                       tap_target, type_into, wait_until, walk)

SHOTS = Path(os.environ["SPLENDOR_SHOTS"]) if os.environ.get("SPLENDOR_SHOTS") else None


@pytest.fixture
def docked_keyboard(ui):
    """The keyboard mode the kiosk sets (kivy.keyboard_mode = systemanddock), for one test."""
    from kivy.config import Config
    from kivy.core.window import Window

    from companion.app import kiosk
    mode = dict(((s, o), v) for s, o, v in kiosk.KIOSK_SETTINGS)[("kivy", "keyboard_mode")]
    old = Config.get("kivy", "keyboard_mode")
    Config.set("kivy", "keyboard_mode", mode)
    Window.configure_keyboards()
    yield Window
    Window.release_all_keyboards()
    Config.set("kivy", "keyboard_mode", old)
    Window.configure_keyboards()
    pump(0.6)  # the keyboard's slide-out animation


def _vkeyboard(window):
    from kivy.uix.vkeyboard import VKeyboard
    return next((w for w in window.children if isinstance(w, VKeyboard)), None)


def _keys(vk):
    """Every key shown: (label, keycode, (x, y, w, h) in window pixels as the screen shows it)."""
    from kivy.core.window import Window
    layout = vk.available_layouts[vk.layout]
    out = []
    for line in range(1, layout["rows"] + 1):
        keys = layout[f"{vk.layout_mode}_{line}"]
        boxes = vk.layout_geometry[f"LINE_{line}"]  # in the keyboard's own (scaled) space
        assert len(keys) == len(boxes)
        for key, ((x, y), (w, h)) in zip(keys, boxes):
            x0, y0 = vk.to_parent(x, y)
            x1, y1 = vk.to_parent(x + w, y + h)
            lift = Window.keyboard_height
            out.append((key[0], key[2], (x0, y0 + lift, x1 - x0, y1 - y0)))
    return out


def _touch_key(vk, char: str):
    """A finger down on the key that types ``char`` (or has that keycode) in the current mode."""
    from kivy.base import EventLoop
    from kivy.tests.common import UnitTestTouch
    layout = vk.available_layouts[vk.layout]
    for line in range(1, layout["rows"] + 1):
        for i, key in enumerate(layout[f"{vk.layout_mode}_{line}"]):
            if key[1] == char or key[2] == char:
                (x, y), (w, h) = vk.layout_geometry[f"LINE_HINT_{line}"][i]
                # The keyboard is a Scatter in the window: its local space goes through
                # to_parent; the screen is lifted by keyboard_height while it shows.
                wx, wy = vk.to_parent((x + w / 2) * vk.width, (y + h / 2) * vk.height)
                from kivy.core.window import Window
                touch = UnitTestTouch(wx, wy + Window.keyboard_height)
                touch.touch_down()
                EventLoop.idle()
                return touch
    return None


def _tap_key(vk, char: str) -> None:
    """One finger taps the key that types ``char``: for a capital, shift first, then the letter
    (unless a key types that capital, as the search's gem letters do)."""
    from kivy.base import EventLoop
    layout = vk.available_layouts[vk.layout]
    shown = {key[1] for line in range(1, layout["rows"] + 1)
             for key in layout[f"{vk.layout_mode}_{line}"]}
    if char != char.lower() and char not in shown:
        _tap_key(vk, "shift")
        assert vk.layout_mode == "shift", "shift tapped on its own holds for the next letter"
    touch = _touch_key(vk, char)
    assert touch is not None, f"no key types {char!r}"
    touch.touch_up()
    EventLoop.idle()
    pump(frames=2)


def _type(vk, text: str) -> None:
    for char in text:
        _tap_key(vk, char)


def _shot(name: str) -> None:
    """A screenshot for a person to look at (SPLENDOR_SHOTS=folder), e.g. labels cut off."""
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        save_png(grab_pixels(), SHOTS / f"{name}-{WINDOW[0]}x{WINDOW[1]}.png")


def _tap_px() -> float:
    from kivy.app import App
    return App.get_running_app().tap


def test_every_key_is_a_touch_target_wide_and_tall_and_the_letters_are_qwerty_and_polish(
        docked_keyboard):
    window = docked_keyboard
    tap_target("new")
    tap(find("name:3"))
    wait_until(lambda: _vkeyboard(window) is not None, 3, "the on-screen keyboard")
    vk = _vkeyboard(window)
    pump(0.8)  # the lift's animation
    _shot("keyboard")
    assert round(vk.width * vk.scale) == window.width  # across the whole width
    for mode in ("normal", "shift"):
        vk.have_shift = mode == "shift"
        pump(frames=2)
        assert vk.layout_mode == mode
        keys = _keys(vk)
        for label, _, (x, y, w, h) in keys:
            # At least a 9 mm touch target both ways, and all of it on the screen.
            assert w >= _tap_px() and h >= _tap_px(), f"key {label!r} is {w:.0f} x {h:.0f} px"
            assert 0 <= x and x + w <= window.width and 0 <= y and y + h <= window.height
        letters = "".join(label for label, code, _ in keys if len(code) == 1 and code.isalpha())
        # QWERTY (its rows in order, wrapped on a narrow screen), then Poland's letters.
        qwerty = "qwertyuiop" + "asdfghjkl" + "zxcvbnm"
        assert [c for c in letters.lower() if c in qwerty] == list(qwerty)
        assert set("ąćęłńóśźż") <= set(letters.lower())
        assert letters == (letters.upper() if mode == "shift" else letters.lower())
        codes = {code for _, code, _ in keys}
        assert {"spacebar", "-", "'", "backspace", "shift", "escape", "layout"} <= codes
        assert "Done" in {label for label, _, _ in keys}
    vk.have_shift = False
    pump(frames=2)


def test_names_are_typed_on_the_docked_keyboard_under_the_field(docked_keyboard):
    window = docked_keyboard
    tap_target("new")
    field = find("name:3")  # the lowest seat: the keyboard would cover it where it docks
    tap(field)
    wait_until(lambda: _vkeyboard(window) is not None, 3, "the on-screen keyboard")
    vk = _vkeyboard(window)
    pump(0.3)
    # One finger: shift, then a capital, then small letters again; a wrong letter taken back.
    _type(vk, "Zoex")
    _tap_key(vk, "backspace")
    assert field.text == "Zoe"
    # Docked right under the field; the screen is lifted (the viewport's offset, animated) so
    # that neither the field nor the keyboard is off screen.
    pump(0.8)
    lift = window._kheight
    field_bottom = field.to_window(field.x, field.y)[1] + lift
    keyboard_top = vk.y + vk.height * vk.scale + lift
    assert keyboard_top == pytest.approx(field_bottom, abs=1)
    assert vk.y + lift >= -1 and field_bottom + field.height <= window.height
    # Done closes the keyboard, and the lift goes with it.
    _tap_key(vk, "escape")
    pump(0.8)
    assert _vkeyboard(window) is None and window._kheight == 0
    assert not field.focus and field.text == "Zoe"
    # Hyphen, space and apostrophe, in another field: the keyboard comes back.
    field = find("name:0")
    tap(field)
    wait_until(lambda: _vkeyboard(window) is not None, 3, "the on-screen keyboard")
    pump(0.3)
    _type(_vkeyboard(window), "Anne-Marie O'Dea")
    assert field.text == "Anne-Marie O'Dea"


def _type_name(window, target: str, text: str, korean: bool = False):
    field = find(target)
    tap(field)
    wait_until(lambda: _vkeyboard(window) is not None, 3, "the on-screen keyboard")
    pump(0.3)
    vk = _vkeyboard(window)
    if korean:
        _tap_key(vk, "layout")          # 한: the two-set keyboard
        pump(frames=3)
    _type(vk, text)
    _tap_key(vk, "escape")              # Done
    pump(0.8)
    return field


def test_polish_and_korean_names_are_typed_and_shown_on_the_play_screen(docked_keyboard):
    """Issue 33: "Łukasz Żółć" on QWERTY with the Polish letters, and "김민준" on the two-set
    keyboard (jamo composed into syllables as typed), end up on the Play screen."""
    from kivy.app import App

    from tests.app.conftest import texts
    window = docked_keyboard
    tap_target("new")
    assert _type_name(window, "name:0", "Łukasz Żółć").text == "Łukasz Żółć"
    field = _type_name(window, "name:1", "ㄱㅣㅁㅁㅣㄴㅈㅜㄴ", korean=True)
    assert field.text == "김민준"
    # Backspace takes back the last jamo, not the whole syllable; typed again, it composes.
    tap(field)
    wait_until(lambda: _vkeyboard(window) is not None, 3, "the on-screen keyboard")
    pump(0.3)
    vk = _vkeyboard(window)
    assert vk.layout.endswith(("hangul_wide.json", "hangul_narrow.json"))   # kept for it
    _type(vk, "ㅂ")
    _tap_key(vk, "backspace")
    _tap_key(vk, "escape")
    pump(0.8)
    assert field.text == "김민준"
    tap_target("first:0")
    tap_target("start")
    ctl = App.get_running_app().ctl
    from tests.app.tablestates import find_state
    table, _lines = find_state(2, "start")
    for slot in ctl.draft.slots():
        ctl.draft.put(slot, table.setup.nobles[slot[1]] if slot[0] == "noble"
                      else table.setup.market[slot[1] - 1][slot[2]])
    assert ctl.confirm_setup() == []
    App.get_running_app().go("play")
    pump(0.2, frames=4)
    _shot("play-typed-names")
    shown = texts()
    assert "Łukasz Żółć" in shown and "김민준" in shown, shown


def test_every_key_is_drawn_in_a_font_that_has_its_letters(ui):
    """The keys' labels of every layout (names with the Polish letters, Korean's two-set,
    the search) are in the cmap of the font the keyboard draws them with: no missing-glyph
    box on a key (Kivy's DejaVu Sans has no Hangul; the app's font had no U+232B)."""
    from fontTools.ttLib import TTFont
    from kivy.core.text import LabelBase
    from kivy.resources import resource_find

    from companion.ui.widgets import KEYBOARD_FAMILIES, TableKeyboard
    vk = TableKeyboard()
    fonts = getattr(LabelBase, "_fonts", {})
    path = fonts[vk.font_name][0] if vk.font_name in fonts else resource_find(vk.font_name)
    cmap = TTFont(path).getBestCmap()
    lacking = set()
    for layout in (p for paths in KEYBOARD_FAMILIES.values() for p in paths):
        rows = vk.available_layouts[layout]
        for key, keys in rows.items():
            if isinstance(keys, list):
                lacking |= {(layout.rsplit("/", 1)[-1], c) for k in keys for c in k[0]
                            if not c.isspace() and ord(c) not in cmap}
    assert not lacking, sorted(lacking)


def _open_card_search(slot: str):
    """As a player does: a new game, two names, the setup guide, then an empty slot's search."""
    from kivy.core.window import Window

    from companion.ui.widgets import SearchPopup
    tap_target("new")
    type_into("name:0", "Ana")
    type_into("name:1", "Ben")
    tap_target("first:0")
    tap_target("start")
    tap_target("next")                  # the tokens are put back
    if slot.startswith("slot:noble"):
        # The market dealt (its twelve searches by touch are test_a_card_is_found_by_id's and
        # touchplay's), then the guide's next step: the nobles.
        from kivy.app import App

        from companion.app.viewmodel import CARDS_BY_LEVEL
        draft = App.get_running_app().ctl.draft
        for level in (3, 2, 1):
            for i in range(4):
                draft.put(("market", level, i), sorted(CARDS_BY_LEVEL[level])[i])
        pump(frames=2)
        tap_target("next")
    tap_target(slot)
    popups = [w for w in Window.children if isinstance(w, SearchPopup)]
    assert popups, "tapping an empty slot opens the search"
    return popups[-1]


def test_the_card_search_says_how_to_search_without_gem_letters(ui):
    """The search field's placeholder is read before anything is typed: it says how to search
    in words (a number, then the gem's coloured key), never with gem letters ("3W 2U")."""
    from companion.i18n import translator
    from tests.app.layout import gem_letters
    popup = _open_card_search("slot:1:0")
    field = popup.ids.query
    assert field.text == "" and field.hint_text.strip()
    assert gem_letters(ui) == []
    _shot(f"search-placeholder-{translator.lang}")


def test_a_card_shown_by_an_earlier_search_goes_to_the_slot_searched_now(ui):
    """Search tiles are made once and shown again (setup's 16 searches were half a second
    each): a tile tapped in a later search fills that search's slot, never the earlier one."""
    from companion.app.viewmodel import CARDS_BY_LEVEL
    first, second = sorted(CARDS_BY_LEVEL[1])[:2]
    popup = _open_card_search("slot:1:0")
    tile = find(f"pick:{second}")
    assert tile.parent == popup.ids.results      # shown by the first search, not picked
    tap_target(f"pick:{first}")
    tap_target("slot:1:1")
    assert find(f"pick:{second}") is tile        # the same tile, shown again
    tap_target(f"pick:{second}")
    assert find("slot:1:0").card["id"] == first
    assert find("slot:1:1").card["id"] == second


def _search_keyboard(window, popup):
    tap(popup.ids.query)
    wait_until(lambda: _vkeyboard(window) is not None, 3, "the on-screen keyboard")
    pump(0.8)  # the lift's animation
    return _vkeyboard(window)


def test_the_card_search_docks_digits_and_gems_a_touch_target_wide(docked_keyboard):
    from companion.ui.widgets import KEYBOARD_FAMILIES
    from kivy.uix.label import Label
    from companion.app.viewmodel import GEM_RGBA, LETTER_GEM
    window = docked_keyboard
    popup = _open_card_search("slot:1:0")
    field = popup.ids.query
    vk = _search_keyboard(window, popup)
    _shot("search-keyboard")
    assert vk.layout in KEYBOARD_FAMILIES["cards"]
    assert round(vk.width * vk.scale) == window.width
    keys = _keys(vk)
    # Only what a card search takes: digits, the five gems, space, back, Done (no N: that is
    # a noble's id).
    assert sorted(code for _, code, _ in keys) == sorted(
        list("0123456789wugrk") + ["spacebar", "backspace", "escape"])
    for label, _, (x, y, w, h) in keys:
        assert w >= _tap_px() and h >= _tap_px(), f"key {label!r} is {w:.0f} x {h:.0f} px"
        assert 0 <= x and x + w <= window.width and 0 <= y and y + h <= window.height
    # A gem key shows its gem (drawn in its colour, in the middle of the key), no letter: no
    # gem letter anywhere on the keyboard (issue 33).
    shown = [w.text for w in walk(vk) if isinstance(w, Label)]
    assert not any(t.strip() in ("W", "U", "G", "R", "K") for t in shown), shown
    # No English word on a key either: a digit, Done (in the player's language), the back
    # arrow, or nothing (the gems, the space bar: it said "space" in Polish and Korean too).
    words = {label for label, code, _ in keys
             if code not in {"escape", *"wugrk"} and not label.isdigit()}
    assert words <= {"", "⇦"}, words
    img = grab_pixels()
    for _, code, (x, y, w, h) in keys:
        if code in "wugrk":
            px = img[window.height - int(y + h * 0.5), int(x + w * 0.5)]
            want = [round(c * 255) for c in GEM_RGBA[LETTER_GEM[code.upper()]][:3]]
            assert all(abs(int(a) - b) <= 40 for a, b in zip(px, want)), (code, px, want)
    # The field stays on screen, above the keyboard.
    lift = window._kheight
    field_bottom = field.to_window(field.x, field.y)[1] + lift
    keyboard_top = vk.y + vk.height * vk.scale + lift
    assert field_bottom >= keyboard_top - 1 and field_bottom + field.height <= window.height


def test_a_card_is_found_by_id_and_by_cost_with_touches(docked_keyboard):
    from kivy.uix.label import Label
    from companion.app.viewmodel import CARDS, COLOUR_INDEX
    from companion.ui.gems import GemPicture
    window = docked_keyboard
    popup = _open_card_search("slot:1:0")
    field = popup.ids.query
    vk = _search_keyboard(window, popup)

    def shown():
        return [w.target[len("pick:"):] for w in walk(popup.ids.results)
                if getattr(w, "target", "").startswith("pick:")]
    # By cost: 1W01 costs 2 red and 1 black; a wrong digit taken back.
    _type(vk, "2R 1")
    _tap_key(vk, "backspace")
    _type(vk, "1K")
    assert field.text == "2R 1K"
    # The player sees the cost as gems with numerals: a red 2 and a black 1, no letters.
    row = popup.ids.query_gems
    assert [(g.colour, g.numeral()) for g in reversed(row.children)
            if isinstance(g, GemPicture)] == [("red", "2"), ("black", "1")]
    assert not [w.text for w in reversed(row.children)
                if isinstance(w, Label) and not isinstance(w, GemPicture) and w.text]
    assert tuple(field.foreground_color)[3] == 0, "the letters typed are not shown"
    found = shown()
    assert "1W01" in found and sorted(found) == sorted(
        c for c in CARDS if CARDS[c].level == 1 and CARDS[c].cost[COLOUR_INDEX["red"]] == 2
        and CARDS[c].cost[COLOUR_INDEX["black"]] == 1)
    for _ in range(len(field.text)):
        _tap_key(vk, "backspace")
    assert field.text == ""
    # By id: only that card is left, shown under the keyboard while it is up, and a tap on it
    # puts it into the slot.
    _type(vk, "1W01")
    _shot("search-typed")
    assert field.text == "1W01" and shown() == ["1W01"]
    pick = find("pick:1W01")
    lift = window._kheight
    x, y = pick.to_window(pick.x, pick.y)
    assert y + pick.height + lift <= vk.y + lift + 1, "the card found is under the keyboard"
    assert y + lift >= 0 and x >= 0 and x + pick.width <= window.width
    tap(pick)
    pump(0.8)
    assert find("slot:1:0").card["id"] == "1W01"   # the slot shows the card as printed
    assert _vkeyboard(window) is None, "the keyboard goes with the search"


def test_a_noble_is_found_by_the_bonuses_it_asks_for_with_touches(docked_keyboard):
    window = docked_keyboard
    popup = _open_card_search("slot:noble:0")
    field = popup.ids.query
    assert "bonuses" in field.hint_text
    vk = _search_keyboard(window, popup)
    # The same keys as the card search: digits and the gems, no N for an id (not on screen).
    codes = {code for _, code, _ in _keys(vk)}
    assert set("wugrk") <= codes and "n" not in codes, codes
    _type(vk, "4R 4K")
    _shot("noble-search-typed")
    assert field.text == "4R 4K"
    assert [w.target for w in walk(popup.ids.results)
            if getattr(w, "target", "").startswith("pick:")] == ["pick:N01"]


def _results(popup):
    """The result buttons shown, in reading order."""
    return [w for w in reversed(popup.ids.results.children)
            if getattr(w, "target", "").startswith("pick:")]


def test_search_results_keep_their_text_inside_their_tiles(docked_keyboard):
    from tests.app.layout import label_fits
    from kivy.uix.label import Label
    window = docked_keyboard
    popup = _open_card_search("slot:1:0")
    vk = _search_keyboard(window, popup)
    for query, point_card in (("4K", "1G08"), ("1K", "1K08")):
        for _ in range(len(popup.ids.query.text)):
            _tap_key(vk, "backspace")
        _type(vk, query)
        found = []
        while True:     # the cards found come a page at a time (as many as show whole)
            pump(frames=4)  # the labels' textures, then the rows sized to them
            buttons = _results(popup)
            found += [b.target[len("pick:"):] for b in buttons]
            for b in buttons:
                # Every text printed on the card tile (points, bonus letter, cost pips) fits
                # its place, and the tile is still a touch target tall.
                faults = [label_fits(w) for w in walk(b) if isinstance(w, Label)]
                assert not any(faults), faults
                assert b.height >= _tap_px() - 0.5
            boxes = [(b.x, b.y, b.right, b.top) for b in buttons]
            for i, (x0, y0, x1, y1) in enumerate(boxes):
                for (u0, v0, u1, v1) in boxes[i + 1:]:
                    assert x1 <= u0 or u1 <= x0 or y1 <= v0 or v1 <= y0, "two results overlap"
            if popup.page >= popup.pages - 1:
                break
            tap_target("page:next")
        assert point_card in found
        card = find(f"pick:{point_card}")
        assert card.points == "1" and card.card["cost"]
    _shot("search-results-keyboard")
    _tap_key(vk, "escape")      # Done: the keyboard goes, the results fill the popup
    pump(0.8)
    _shot("search-results")
    assert [b.target for b in _results(popup)] == [f"pick:1K0{i}" for i in range(1, 9)]


@pytest.mark.slow
def test_the_keyboard_in_portrait_on_touch_display_2(tmp_path):
    """The same tests in a 720 x 1280 window of their own (a second process)."""
    out = run_in_portrait("tests/app/test_app_keyboard.py")
    # Every other test of this file ran there (this one skips itself): counted, not written
    # down, so that a test added to the file is not taken for a failure in portrait.
    others = sum(1 for n, f in globals().items() if n.startswith("test_") and callable(f)) - 1
    assert f"{others} passed, 1 skipped" in out, out[-3000:]


def test_the_card_search_with_its_keyboard_and_a_cost_typed_shows_no_gem_letters(
        docked_keyboard):
    """The layout walk's issue-33 checks on the card search, its keyboard docked and a cost
    typed: no gem letters on the keys or in the field, no text outside its widget or the
    window, nothing over anything (failed on the old keyboard: keys W U G R K, field '2R 1K')."""
    from tests.app.layout import gem_letters, problems, text_overlaps
    from kivy.app import App
    window = docked_keyboard
    popup = _open_card_search("slot:1:0")
    vk = _search_keyboard(window, popup)
    _type(vk, "2R 1K")
    pump(frames=3)
    _shot("search-cost-typed")
    app = App.get_running_app()
    assert popup.ids.query.text == "2R 1K"
    assert gem_letters(app) == []
    assert problems(app) == []
    assert text_overlaps(app) == []
