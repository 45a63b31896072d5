"""The layout check: what a player at arm's length needs from every frame (issue 14).

:func:`problems` walks every widget shown in the window (the current screen and any open popup)
and returns one sentence per fault:

- a label's text does not fit its widget (its text laid out at the widget's wrap width is
  taller or wider than the widget: the lines past the edge are cut or spill onto neighbours);
- a label or touch target reaches outside the window;
- two touch targets overlap (a finger would press both);
- a touch target is smaller than 9 mm across (``app.tap`` pixels, from ``touch_px``).

:func:`player_problems` checks that the Play screen shows every player's name and points in
labels that fit and are inside the window.
"""
from __future__ import annotations

import re

SLACK = 1.5   # pixels of rounding allowed


def walk(widget, hidden=False, scrolled=None):
    """(widget, clip) for every widget drawn, skipping invisible subtrees; ``clip`` is the
    window box of the scroll view it scrolls in (None: not scrolled)."""
    from kivy.uix.scrollview import ScrollView
    if widget.opacity <= 0 or widget.width < 1 or widget.height < 1:
        return
    yield widget, scrolled
    inner = box(widget) if isinstance(widget, ScrollView) else scrolled
    for child in widget.children:
        yield from walk(child, hidden, inner)


def box(w):
    x0, y0 = w.to_window(w.x, w.y)
    return x0, y0, x0 + w.width, y0 + w.height


def is_target(w) -> bool:
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.textinput import TextInput
    return isinstance(w, (ButtonBehavior, TextInput)) or type(w).__name__ == "SeatKey"


def name(w) -> str:
    tag = getattr(w, "target", "") or ""
    text = (getattr(w, "text", "") or "").replace("\n", " ")
    text = re.sub(r"\[/?[a-z]+[^\]]*\]", "", text)
    return f"{type(w).__name__}({tag or text[:40]!r})"


def _probe(label):
    """A text layout of the label's own font and options, its text and size left to set."""
    core = label._label
    return type(core)(**{k: v for k, v in core.options.items() if k not in ("text", "text_size")})


def natural_size(label):
    """The size of the label's text laid out at its wrap width (None: one unwrapped line)."""
    probe = _probe(label)
    probe.text = label.text
    wrap = label.text_size[0] if label.text_size and label.text_size[0] else None
    probe.usersize = (wrap, None)
    probe.refresh()
    tw, th = probe.texture.size if probe.texture is not None else (0, 0)
    return tw, th


def widest_word(label) -> tuple[str, float]:
    """The label's widest word (markup left out) and its width on one line, in its font."""
    import re
    probe = _probe(label)
    text = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", label.text) if label.markup else label.text
    best = ("", 0.0)
    for word in set(text.split()):
        probe.text = word
        probe.usersize = (None, None)
        probe.refresh()
        width = probe.texture.size[0] if probe.texture is not None else 0
        if width > best[1]:
            best = (word, width)
    return best


def round_inside(label):
    """The diameter a round chip's text must fit in, or None: the text need only lie inside
    its widget. (Gems are drawn as shapes with an outlined numeral over them since issue 33:
    the numeral may cross the shape's edge, not the widget's.)"""
    return None


def label_fits(label) -> str | None:
    if not (label.text or "").strip() or label.texture is None:
        return None
    tw, th = natural_size(label)
    disc = round_inside(label)
    if disc is not None and (tw * tw + th * th) ** 0.5 > disc + SLACK:
        # The text's box, centred, must lie inside the circle: its diagonal within the disc.
        return (f"{name(label)} needs {tw:.0f}x{th:.0f} px but its disc is {disc:.0f} px "
                f"across (the text touches the edge)")
    wrap = label.text_size[0] if label.text_size and label.text_size[0] else None
    if wrap and not label.shorten:
        # Wrapped at its width, a word wider than that is broken inside ("Podpow / iedź").
        word, width = widest_word(label)
        if width > wrap + SLACK:
            return (f"{name(label)} breaks the word {word!r} ({width:.0f} px) at its "
                    f"{wrap:.0f} px width")
    if label.shorten and tw > label.width + SLACK:
        return f"{name(label)} is cut short ('...') at {label.width:.0f} px"
    if tw > label.width + SLACK or th > label.height + SLACK:
        return (f"{name(label)} needs {tw:.0f}x{th:.0f} px but has "
                f"{label.width:.0f}x{label.height:.0f}")
    return None


def problems(app) -> list:
    from kivy.core.window import Window
    from kivy.uix.label import Label
    from kivy.uix.modalview import ModalView
    out = []
    W, H = Window.size
    roots = list(Window.children)
    modal = [r for r in roots if isinstance(r, ModalView)]
    touchable_root = modal[0] if modal else roots[-1]   # children[0] is the top-most view
    targets = []
    for root in roots:
        for w, scrolled in walk(root):
            x0, y0, x1, y1 = box(w)
            if isinstance(w, Label):
                fault = label_fits(w)
                if fault:
                    out.append(fault)
                if w.text.strip() and not scrolled and not isinstance(w, ModalView) and (
                        x0 < -SLACK or y0 < -SLACK or x1 > W + SLACK or y1 > H + SLACK):
                    out.append(f"{name(w)} reaches outside the window "
                               f"({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f})")
            if is_target(w) and root is touchable_root and not w.disabled:
                if scrolled:   # only the part inside the scroll view can be touched
                    if min(x1, scrolled[2]) - max(x0, scrolled[0]) < 1 or \
                            min(y1, scrolled[3]) - max(y0, scrolled[1]) < 1:
                        continue
                    if y0 < scrolled[1] or y1 > scrolled[3]:
                        targets.append((w, (max(x0, scrolled[0]), max(y0, scrolled[1]),
                                            min(x1, scrolled[2]), min(y1, scrolled[3])), "cut"))
                        continue
                targets.append((w, (x0, y0, x1, y1), scrolled))
    tap = app.tap
    for w, (x0, y0, x1, y1), scrolled in targets:
        if scrolled != "cut" and min(x1 - x0, y1 - y0) < tap - SLACK:
            out.append(f"{name(w)} is {x1 - x0:.0f}x{y1 - y0:.0f} px, under the 9 mm touch "
                       f"target ({tap} px)")
        if not scrolled and (x0 < -SLACK or y0 < -SLACK or x1 > W + SLACK or y1 > H + SLACK):
            out.append(f"{name(w)} reaches outside the window")
    for i, (a, ba, _) in enumerate(targets):
        for b, bb, _ in targets[i + 1:]:
            if _related(a, b):
                continue
            dx = min(ba[2], bb[2]) - max(ba[0], bb[0])
            dy = min(ba[3], bb[3]) - max(ba[1], bb[1])
            if dx > SLACK and dy > SLACK:
                out.append(f"{name(a)} and {name(b)} overlap by {dx:.0f}x{dy:.0f} px")
    return out


def _related(a, b) -> bool:
    """One inside the other (a tile's own label is part of the tile's touch target)."""
    for x, y in ((a, b), (b, a)):
        p = x.parent
        while p is not None and p is not p.parent:
            if p is y:
                return True
            p = p.parent
    return False


def player_problems(game) -> list:
    """Every player's name and points shown in full in a label inside the window."""
    from kivy.core.window import Window
    from kivy.uix.label import Label
    W, H = Window.size
    labels = [w for root in Window.children for w, scrolled in walk(root)
              if isinstance(w, Label) and not scrolled]

    def visible(w):
        x0, y0, x1, y1 = box(w)
        return (label_fits(w) is None and x0 >= -SLACK and y0 >= -SLACK and
                x1 <= W + SLACK and y1 <= H + SLACK)

    out = []
    for seat, player in enumerate(game.names):
        named = [w for w in labels if player in w.text and visible(w)]
        if not named:
            out.append(f"{player}'s name is not shown in full")
            continue
        points = rf"(^|[^\d]){game.points[seat]}([^\d]|$)"
        ok = False
        for w in named:
            scope = w
            for _ in range(3):  # the name's label, or its player box
                if any(re.search(points, re.sub(r"\[/?[a-z]+[^\]]*\]", "", x.text).replace(
                        player, "")) and visible(x) for x, _s in walk(scope)
                        if isinstance(x, Label)):
                    ok = True
                    break
                scope = scope.parent
            if ok:
                break
        if not ok:
            out.append(f"{player}'s points ({game.points[seat]}) are not shown next to the name")
    return out


def prompt_problems(app, button="computer-done") -> list:
    """What a player checks of the Play screen's prompt (the computer's move and its button):
    the button, every text and the move's picture lie wholly in the window and in the part of
    the prompt's scroll view that shows (nothing to scroll to: the prompt is no taller than its
    view), each text inside its widget, the button's label inside the button, and no two of
    them, nor the button and any other touch target, overlapping."""
    from kivy.core.window import Window
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView
    W, H = Window.size
    ask = app.sm.get_screen("play").ask
    found = [w for w, _s in walk(ask) if getattr(w, "target", "") == button]
    if not found:
        return [f"no {button!r} button in the prompt"]
    btn = found[0]
    view = ask.parent if isinstance(ask.parent, ScrollView) else None
    out = []
    if view is not None and ask.height > view.height + SLACK:
        out.append(f"the prompt is {ask.height:.0f} px tall in a view of {view.height:.0f} px: "
                   f"{ask.height - view.height:.0f} px must be scrolled to")
    clip = box(view) if view is not None else (0, 0, W, H)
    ids = {k: v.__ref__() for k, v in ask.ids.items()}   # the widgets, not weak proxies
    pieces = [ids[k] for k in ("computer_title", "computer_words", "message", "hint")
              if ids[k].text.strip() and ids[k].height >= 1]
    pieces += [w for w, _s in walk(ask) if type(w).__name__ == "MovePicture" and w.children]
    pieces += [w for w in ids["prompt"].children if w.opacity > 0 and w not in pieces]
    for w in pieces:
        x0, y0, x1, y1 = box(w)
        if x0 < -SLACK or y0 < -SLACK or x1 > W + SLACK or y1 > H + SLACK:
            out.append(f"{name(w)} reaches outside the window ({x0:.0f},{y0:.0f})-"
                       f"({x1:.0f},{y1:.0f}) of {W}x{H}")
        if x0 < clip[0] - SLACK or y0 < clip[1] - SLACK or x1 > clip[2] + SLACK or \
                y1 > clip[3] + SLACK:
            out.append(f"{name(w)} at ({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f}) is not wholly in "
                       f"the prompt's visible part ({clip[0]:.0f},{clip[1]:.0f})-"
                       f"({clip[2]:.0f},{clip[3]:.0f})")
    for w, _s in walk(ask):
        if isinstance(w, Label) and w.text.strip():
            fault = label_fits(w)
            if fault:
                out.append(fault)
    for i, a in enumerate(pieces):
        for b in pieces[i + 1:]:
            ba, bb = box(a), box(b)
            dx = min(ba[2], bb[2]) - max(ba[0], bb[0])
            dy = min(ba[3], bb[3]) - max(ba[1], bb[1])
            if dx > SLACK and dy > SLACK:
                out.append(f"{name(a)} and {name(b)} overlap by {dx:.0f}x{dy:.0f} px")
    bb = box(btn)
    for root in Window.children:
        for w, _s in walk(root):
            if w is btn or not is_target(w) or w.disabled or _related(w, btn):
                continue
            bw = box(w)
            dx = min(bw[2], bb[2]) - max(bw[0], bb[0])
            dy = min(bw[3], bb[3]) - max(bw[1], bb[1])
            if dx > SLACK and dy > SLACK:
                out.append(f"{name(w)} lies over {name(btn)} by {dx:.0f}x{dy:.0f} px")
    return out


def market_row(app) -> float:
    """The height of one row of the Play screen's market (a deck and its four cards)."""
    grid = app.sm.get_screen("play").table.ids.market
    return max(w.height for w in grid.children)


# ------------------------------------------------------------------ issue 33: arm's length
# What a player reads during play, from a chair at the 800x480 display: no text under 16 px,
# no gem letters (gems are drawn, with a numeral), no text over other text, nothing to scroll.
MIN_READ_PX = 16
_MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")
_GEM = r"(?:W|U|G|R|K|Au)"
# "3U", "W3", "Au1", "L3" (a deck), "W: white" (a legend line), or a line that is only a gem
# letter or "N" (a noble): the letter codes of the old screens. A Polish "W" opening a
# sentence is a word with more after it, so a line of one letter is never a sentence.
GEM_CODE = re.compile(rf"(?<![\w]){_GEM}\d+(?![\w])|(?<![\w])\d+{_GEM}(?![\w])|(?<![\w])L[123]"
                      rf"(?![\w])|^{_GEM}:|^(?:{_GEM}|N)$", re.M)


def shown_labels(app, clips=False, top=False):
    """(label, text) of every label with visible text in the window (markup left out);
    ``clips``: (label, text, the box of the scroll view it shows in, or None); ``top``: only
    the top-most view's (an open popup's, not the dimmed screen under it)."""
    from kivy.core.window import Window
    from kivy.uix.label import Label
    from kivy.uix.modalview import ModalView
    roots = list(Window.children)
    if top and any(isinstance(r, ModalView) for r in roots):
        roots = [next(r for r in roots if isinstance(r, ModalView))]
    for root in roots:
        for w, scrolled in walk(root):
            if isinstance(w, Label) and w.texture is not None:
                text = _MARKUP.sub("", w.text) if w.markup else w.text
                if text.strip():
                    yield (w, text, scrolled) if clips else (w, text)


def smallest_text(app):
    """(font size in px, name) of the smallest text shown, or (None, '') with none."""
    sizes = [(float(w.font_size), name(w)) for w, _t in shown_labels(app)]
    return min(sizes) if sizes else (None, "")


def small_text(app, least: float = MIN_READ_PX) -> list:
    """Every text shown under ``least`` px (what a player reads during play)."""
    return [f"{name(w)} is {float(w.font_size):.1f} px, under {least} px"
            for w, _t in shown_labels(app) if float(w.font_size) < least - 0.05]


def shown_fields(app):
    """(text input, what it shows) of every text field in the window: its text, or while it
    is empty its placeholder (``hint_text``, grey in the field: read as much as a label)."""
    from kivy.core.window import Window
    from kivy.uix.textinput import TextInput
    for root in list(Window.children):
        for w, _scrolled in walk(root):
            if isinstance(w, TextInput):
                # Its text drawn transparent (the search field, its query shown as gems
                # over it): what the player reads is the placeholder or nothing.
                text = (w.text if w.foreground_color[3] > 0 else "") or \
                    ("" if w.text else w.hint_text)
                if text.strip():
                    yield w, text


def gem_letters(app) -> list:
    """Every text showing a gem as a letter code ("3U", "Au1", "L3", a lone "W"): labels,
    and text fields and their placeholders."""
    out = []
    for w, text in list(shown_labels(app)) + list(shown_fields(app)):
        found = GEM_CODE.findall(text.strip())
        if found:
            out.append(f"{name(w)} shows gem letters {sorted(set(found))} in "
                       f"{text.strip()[:40]!r}")
    return out


def text_box(label):
    """The window box the label's text is drawn in (its lines, aligned as the label says)."""
    tw, th = natural_size(label)
    x0, y0, x1, y1 = box(label)
    tex_w, tex_h = label.texture_size
    # Kivy draws the texture centred on the widget; the lines sit in it by halign/valign.
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    left, bottom = cx - tex_w / 2, cy - tex_h / 2
    tw, th = min(tw, tex_w), min(th, tex_h)
    if label.halign in ("right",):
        left += tex_w - tw
    elif label.halign in ("center", "justify") or not label.text_size[0]:
        left += (tex_w - tw) / 2
    if label.valign == "bottom":
        pass
    elif label.valign in ("middle", "center") or not label.text_size[1]:
        bottom += (tex_h - th) / 2
    else:
        bottom += tex_h - th
    return left, bottom, left + tw, bottom + th


def text_overlaps(app) -> list:
    """Two texts drawn over each other (neither inside the other's widget), in the top-most
    view (a popup's texts over the dimmed screen under it are not read together)."""
    shown = []
    for w, _t, clip in shown_labels(app, clips=True, top=True):
        x0, y0, x1, y1 = text_box(w)
        if clip is not None:      # only the part showing in its scroll view is drawn
            x0, y0, x1, y1 = max(x0, clip[0]), max(y0, clip[1]), min(x1, clip[2]), min(y1, clip[3])
            if x1 <= x0 or y1 <= y0:
                continue
        shown.append((w, (x0, y0, x1, y1)))
    out = []
    for i, (a, ba) in enumerate(shown):
        for b, bb in shown[i + 1:]:
            dx = min(ba[2], bb[2]) - max(ba[0], bb[0])
            dy = min(ba[3], bb[3]) - max(ba[1], bb[1])
            if dx > 2 and dy > 2 and not _related(a, b):
                out.append(f"the text of {name(a)} and of {name(b)} overlap by "
                           f"{dx:.0f}x{dy:.0f} px")
    return out


def scrolling(app) -> list:
    """Every scroll view in the window whose content is taller (or wider) than its view."""
    from kivy.core.window import Window
    from kivy.uix.scrollview import ScrollView
    out = []
    for root in list(Window.children):
        for w, _s in walk(root):
            if isinstance(w, ScrollView) and w.children:
                inner = w.children[0]
                if inner.height > w.height + SLACK and w.do_scroll_y:
                    out.append(f"{name(w)} of {type(inner).__name__} needs "
                               f"{inner.height - w.height:.0f} px of scrolling")
    return out


def small_pictures(app) -> list:
    """Every card drawn in the Play screen's prompt (the computer's move, a question's
    candidates) shorter than a quarter of the screen's height (120 px at 800x480; in portrait,
    whose display's size is not known, the same 120 px), or with a text on it under 16 px."""
    from kivy.core.window import Window
    from kivy.uix.label import Label
    from companion.ui.tableau import CardFace
    W, H = Window.size
    least = H / 4 if W > H else 120
    out = []
    for w, _s in walk(app.sm.get_screen("play").ask):
        if isinstance(w, CardFace) and w.card:
            if w.height < least - SLACK:
                out.append(f"{name(w)} is {w.height:.0f} px tall, under {least:.0f} px")
            small = [float(x.font_size) for x, _s in walk(w)
                     if isinstance(x, Label) and x.text.strip()
                     and float(x.font_size) < MIN_READ_PX - 0.05]
            if small:
                out.append(f"{name(w)} has text of {min(small):.1f} px, under {MIN_READ_PX} px")
    return out
