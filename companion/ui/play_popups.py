"""The Play screen's popups: the gems' legend and the camera's last still with what was read.

They are opened from the Play screen's tools (:mod:`companion.ui.play`); the demo opens the
camera view too. Their words are in :mod:`companion.ui.play_view` and here.
"""
from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.engine import COLOURS
from companion.i18n import _
from companion.ui import play_view as V
from companion.ui.common import app, ctl
from companion.ui.widgets import BigButton, GemChip


class GemLegend(ModalView):
    """The gems' colours, shapes and names, one tap from the Play screen."""

    _anim_duration = 0

    def __init__(self, **kw):
        super().__init__(size_hint=(0.9, 0.9), **kw)
        tap = app().tap
        box = BoxLayout(orientation="vertical", padding=8, spacing=6)
        box.add_widget(Label(text=_(V.LEGEND_TITLE), bold=True, size_hint_y=None, height=tap * 0.8))
        for colour in COLOURS:
            row = BoxLayout(size_hint_y=None, height=tap * 0.68, spacing=8)
            chip = GemChip(colour=colour, show_count=False, size_hint_x=None, width=tap * 0.8,
                           disabled=True)
            chip.disabled_color = chip.color    # a picture here, not a button: no grey
            row.add_widget(chip)
            lab = Label(text=_(V.GEM_WORDS[colour]), halign="left",
                        valign="middle")
            lab.bind(size=lambda w, s: setattr(w, "text_size", s))
            row.add_widget(lab)
            box.add_widget(row)
        notes = Label(text=_(V.LEGEND_NOTES), font_size=app().fs_read, halign="left")
        notes.bind(width=lambda w, v: setattr(w, "text_size", (v, None)))
        box.add_widget(notes)
        b = BigButton(text=_("Close"), target="close")
        b.bind(on_release=lambda w: self.dismiss())
        box.add_widget(b)
        self.add_widget(box)


class RejectionDetails(ModalView):
    """A refusal's whole explanation, large (play_view.rejection_details): opened by a tap on
    the red banner, closed by its button. Its words shrink to fit (down to the 16 px floor of
    what is read during play) rather than scroll."""

    _anim_duration = 0

    def __init__(self, details, **kw):
        super().__init__(size_hint=(0.94, 0.94), **kw)
        from companion.ui.theme import REJECTED
        a = app()
        box = BoxLayout(orientation="vertical", padding=10, spacing=8)
        self.headline = Label(text=details.headline, bold=True, font_size=a.fs,
                              size_hint_y=None, halign="center", valign="middle")
        self.body = Label(text="\n\n".join(details.paragraphs), font_size=a.fs,
                          halign="left", valign="top")
        with self.headline.canvas.before:
            from kivy.graphics import Color, Rectangle
            Color(*REJECTED)
            back = Rectangle()
        self.headline.bind(pos=lambda w, v: setattr(back, "pos", v),
                           size=lambda w, v: setattr(back, "size", v))
        for lab in (self.headline, self.body):
            lab.bind(width=lambda w, v: self._fit())
        self.body.bind(height=lambda w, v: self._fit())
        box.add_widget(self.headline)
        box.add_widget(self.body)
        b = BigButton(text=details.close, target="close")
        b.bind(on_release=lambda w: self.dismiss())
        box.add_widget(b)
        self.add_widget(box)

    def _fit(self):
        """The words at the screen's large size, a point smaller until the headline and the
        rest fit the popup (not under fs_read)."""
        a, head, body = app(), self.headline, self.body
        size = a.fs
        while True:
            for lab in (head, body):
                lab.font_size = size
                lab.text_size = (lab.width - 16, None)
                lab.texture_update()
            head.height = head.texture_size[1] + 16
            room = body.parent.height - 2 * 10 - 2 * 8 - head.height - a.tap if body.parent \
                else body.height
            if body.texture_size[1] <= room or size <= a.fs_read:
                break
            size -= 1
        body.text_size = (body.width - 16, body.height)


class CameraView(ModalView):
    """The last still the referee judged, with what was read from it. A camera that draws its
    picture on demand (the demo's) draws it in a worker; the picture arrives by the clock."""

    _anim_duration = 0

    def __init__(self, **kw):
        super().__init__(size_hint=(0.95, 0.95), **kw)
        c = ctl()
        self.box = box = BoxLayout(orientation="vertical", padding=6, spacing=6)
        image = c.overlay if c.overlay is not None else c.image
        picture = getattr(c.camera, "picture", None) if image is None else None
        if image is not None:
            box.add_widget(Image(texture=texture_of(image), fit_mode="contain"))
        seen = image is not None or callable(picture)
        words = observation_text(c.observation) if seen else V.camera_missing()
        self.words = lab = Label(text=words, font_size=app().fs_read, halign="center",
                                 valign="middle")
        lab.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - 8, None)))
        if seen:
            lab.size_hint_y = 0.35
        box.add_widget(lab)
        bank = (c.observation or {}).get("bank") if seen else None
        if bank:
            box.add_widget(bank_row(bank))
        b = BigButton(text=_("Close"), target="close")
        b.bind(on_release=lambda w: self.dismiss())
        box.add_widget(b)
        self.add_widget(box)
        if image is None and callable(picture):
            self.drawing = Label(text=V.camera_drawing())
            box.add_widget(self.drawing, index=len(box.children))
            # Drawn at the size it is shown: the view's width and what the words leave of it.
            from kivy.core.window import Window
            w, h = Window.size
            self._draw(picture, (w * 0.95 - 12, (h * 0.95 - 12 - app().tap) * 0.6))

    def _draw(self, picture, box):
        import threading

        from kivy.clock import Clock

        def work():
            try:
                image = picture(box)
            except Exception:   # no picture is better than a stuck view
                from kivy.logger import Logger
                Logger.exception("Companion: the camera view's picture could not be drawn")
                image = None
            Clock.schedule_once(lambda dt: self._show(image), 0)
        threading.Thread(target=work, daemon=True, name="camera-picture").start()

    def _show(self, image):
        i = self.box.children.index(self.drawing)
        self.box.remove_widget(self.drawing)
        if image is None:
            self.words.text = V.camera_missing()
            return
        self.picture = Image(texture=texture_of(image), fit_mode="contain")
        self.box.add_widget(self.picture, index=i)


def observation_text(obs):
    if not obs:
        return _("Nothing was read from the picture yet.")
    if not obs.get("mat"):
        return _("The mat was not found in the picture.")
    # How many cards and nobles were read, not their sticker ids (which players never see):
    # the overlay on the picture shows which.
    market = obs.get("market") or {}
    rows = []
    for lv in (3, 2, 1):
        there = [x for x in market.get(str(lv), []) if x]
        rows.append(_("Level {level}: {read} of {slots} cards read").format(
            level=lv, read=sum(1 for x in there if x != "?"), slots=len(there)))
    there = [n for n in obs.get("nobles") or [] if n]
    nobles = _("{read} of {slots} read").format(read=sum(1 for n in there if n != "?"),
                                                 slots=len(there))
    extra = (_("Not sure about: {items}").format(items=unsure_words(obs.get("uncertain")))
             if obs.get("uncertain") else "")
    busy = _("A hand covers the mat.") if obs.get("busy") else ""
    return "\n".join([_("Nobles: {nobles}").format(nobles=nobles)] + rows
                     + [extra, busy]).strip()


def unsure_words(paths) -> str:
    """The places the camera is unsure of, in the player's words ("the red lane"), never the
    read-table region names ("bank.red")."""
    from companion.i18n import camera, translator
    from companion.i18n import covered as covered_text
    if translator.lang == "en":
        return covered_text.join(covered_text.places(paths or ()))
    return camera.join(camera.places(paths or ()))


def bank_row(bank: dict):
    """The bank as read: each colour's gem with its count (the words say no numbers of gems)."""
    from companion.ui.tableau import GemBadge
    tap = app().tap
    row = BoxLayout(size_hint_y=None, height=tap * 0.9, spacing=6)
    title = Label(text=_("Bank: {bank}").format(bank="").strip(), size_hint_x=None, bold=True)
    title.bind(texture_size=lambda w, s: setattr(w, "width", s[0] + 8))
    row.add_widget(title)
    for colour in COLOURS:
        row.add_widget(GemBadge(colour=colour, disc=True, count=int(bank.get(colour) or 0),
                                show_zero=True, faint_zero=False))
    return row


def texture_of(image):
    """A Kivy texture of a BGR image (a still, or a still with the overlay of what was read),
    or of a picture already in a texture's order (``width``, ``height``, ``rgb``: the demo's)."""
    from kivy.graphics.texture import Texture
    if hasattr(image, "rgb"):
        w, h, data = image.width, image.height, image.rgb
    else:
        import numpy as np
        img = np.ascontiguousarray(image[::-1, :, ::-1])  # BGR top-down -> RGB bottom-up
        h, w = img.shape[:2]
        data = img.tobytes()
    tex = Texture.create(size=(w, h), colorfmt="rgb")
    tex.blit_buffer(data, colorfmt="rgb", bufferfmt="ubyte")
    return tex
