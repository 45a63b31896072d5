"""Settings: the camera and its calibration, the seat panel's test, the house rule, hints."""
from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.togglebutton import ToggleButton

from companion.i18n import _, ngettext
from companion.ui.common import AppScreen, app, ctl


class SettingsScreen(AppScreen):
    calibration = StringProperty("")
    league_status = StringProperty("")
    panel_status = StringProperty("")
    busy = BooleanProperty(False)
    in_game = BooleanProperty(False)   # a game is on: its hands-free choice can change

    def refresh(self):
        c = ctl()
        self._choices(self.ids.cameras, "camera", c.settings.camera, self.set_camera,
                      (("none", _("No camera")), ("auto", _("Find the camera")),
                       ("0", _("Camera {n}").format(n=1)), ("1", _("Camera {n}").format(n=2))))
        self._choices(self.ids.short_take, "short_take", c.settings.short_take,
                      self.set_short_take,
                      (("never", _("Never")), ("when_scarce", _("When colours run out")),
                       ("always", _("Always"))))
        self.ids.league_url.text = c.settings.league_url
        self.ids.league_table.text = c.settings.league_table
        self.ids.league_token.text = c.settings.league_token
        self.ids.hints.active = c.settings.hints
        self.ids.move_hint.active = c.settings.move_hint
        self.in_game = c.game is not None and not c.game.finished
        self.ids.hands_free.active = self.in_game and c.watch.hands_free
        p = c.panel
        if p is None:
            self.panel_status = _("No seat panel.")
        else:
            if p.is_virtual:
                self.panel_status = ngettext(
                    "The {n} seat button is shown on the screen: no wired buttons were found.",
                    "The {n} seat buttons are shown on the screen: no wired buttons were found.",
                    p.seats).format(n=p.seats)
            else:
                self.panel_status = ngettext(
                    "The {n} wired seat button and its light are ready.",
                    "The {n} wired seat buttons and their lights are ready.",
                    p.seats).format(n=p.seats)
        if c.message and c.message == getattr(c, "button_note", None):
            self.panel_status = c.message
        if c.camera is None:
            self.calibration = _("No camera is in use: every turn is entered by touch.")

    @staticmethod
    def _choices(box, group, current, choose, options):
        """One toggle button per (value, label) in ``box``, the current value held down."""
        box.clear_widgets()
        for value, label in options:
            t = ToggleButton(text=label, group=group, font_size=app().fs * 0.8,
                             state="down" if current == value else "normal",
                             allow_no_selection=False, halign="center", valign="middle")
            # Wrapped inside the button: four labels side by side fit a portrait screen.
            t.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - 8, None)))
            t.target = f"{group}:{value}"
            t.bind(on_release=lambda w, v=value: choose(v))
            box.add_widget(t)

    def set_camera(self, value):
        c = ctl()
        c.settings.camera = value
        c.settings.save(c.data_dir)
        app().open_camera()
        self.refresh()

    def set_short_take(self, value):
        c = ctl()
        c.settings.short_take = value
        c.settings.save(c.data_dir)
        self.panel_status = self.panel_status  # the new rule applies from the next game

    def set_hints(self, on):
        c = ctl()
        if c.settings.hints != bool(on):
            c.settings.hints = bool(on)
            c.settings.save(c.data_dir)

    def set_move_hint(self, on):
        c = ctl()
        if c.settings.move_hint != bool(on):
            c.settings.move_hint = bool(on)
            c.settings.save(c.data_dir)

    def set_hands_free(self, on):
        c = ctl()
        if self.in_game and c.watch.hands_free != bool(on):
            c.set_hands_free(bool(on))

    def set_league(self):
        """Keep the league's address, this table's name and token (checked as settings.json
        is: a wrong value is not kept), and restart the sender with them."""
        from companion.app.settings import _CHECKS
        c = ctl()
        changed = False
        for name in ("league_url", "league_table", "league_token"):
            value = _CHECKS[name](self.ids[name].text.strip())
            if value is not None and value != getattr(c.settings, name):
                setattr(c.settings, name, value)
                changed = True
        if changed:
            c.settings.save(c.data_dir)
            c.league.apply(c.settings)

    def test_league(self):
        """Ask the league whether it answers and takes this table's token (off the UI
        thread; the answer in a sentence)."""
        from companion.app.league import check, config_of
        from companion.i18n.league import check_words
        self.set_league()
        c = ctl()
        config = config_of(c.settings)
        self.league_status = _("Asking the league...")
        self.busy = True

        def done(fact):
            self.busy = False
            self.league_status = check_words(fact)
        c._work(_("Asking the league..."), lambda: check(config), done)

    def calibrate(self):
        c = ctl()
        if c.camera is None:
            self.calibration = _("Choose a camera first.")
            return
        self.busy = True

        def work():
            from vision.pipeline import analyse
            image = c.camera.still()
            return image, analyse(image)

        def done(result):
            self.busy = False
            image, reading = result
            c.image, c.observation = image, reading.result
            obs = reading.result
            modules = []
            for code in reading.codes:
                (x0, y0), (x1, y1) = code.corners[0], code.corners[1]
                modules.append(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 / 21)
            px = f"{sum(modules) / len(modules):.1f}" if modules else _("no tag read")
            self.calibration = " ".join([
                _("Mat found: yes.") if obs.get("mat") else _("Mat found: no."),
                _("Markers: {markers}.").format(markers=obs.get("markers")),
                _("Pixels per module of the tags: {px} (3 or more reads well).").format(px=px)])
        c._work(_("Calibrating..."), work, done)

    def test_lights(self):
        c = ctl()
        p = c.panel
        if p is None:
            self.panel_status = _("No seat panel to test.")
            return
        lights = list(p.lights)
        from kivy.clock import Clock

        def step(i):
            if i >= len(lights):
                p.show_test_light(None)
                self.panel_status = _("Every LED was lit in turn. Press a seat button to test it.")
                return
            p.show_test_light(lights[i])
            self.panel_status = _("Lit: {light}.").format(light=lights[i].name)
            Clock.schedule_once(lambda dt: step(i + 1), 0.4)
        step(0)
