"""The setup guide: tokens, cards, nobles, then the players confirm the deal."""
from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.label import Label

from companion.engine import COLOURS, starting_bank
from companion.i18n import _, pgettext
from companion.i18n.guide import draft_words, setup_steps, step_title
from companion.ui.theme import BUTTON_OFF
from companion.ui.common import AppScreen, app, ctl, describe_card, describe_noble
from companion.ui.tableau import CardTile, NobleTile
from companion.ui.widgets import BigButton, GemChip, SearchPopup
from companion.app.viewmodel import DraftRefused, card_view, noble_view


class SetupScreen(AppScreen):
    title = StringProperty("")
    text = StringProperty("")
    status = StringProperty("")
    next_text = StringProperty("Done")
    busy = BooleanProperty(False)
    has_camera = BooleanProperty(False)
    index = 0
    _missing = None   # the step whose "enter every slot first" is showing

    def on_pre_enter(self, *args):
        self.index = 0
        self.status = ""
        self.refresh()

    def steps(self):
        d = ctl().draft
        return setup_steps(d.players if d else 2)

    def refresh(self):
        c = ctl()
        if c.draft is None:
            return
        self.has_camera = c.camera is not None
        self.busy = c.busy
        steps = self.steps()
        step = steps[self.index]
        self.title = step_title(self.index, len(steps), step.title)
        self.text = step.text
        if step.key == "cards" and not self.has_camera:
            self.text += " " + _("Then tap each slot below and enter the card dealt there.")
        if step.key == "nobles" and not self.has_camera:
            self.text += " " + _("Then tap each noble slot below and enter the noble.")
        self.next_text = _("Start the game") if step.key == "confirm" else _("Done")
        if self._missing == step.key and not self._empty(step.key):
            self.status, self._missing = "", None   # every slot is entered now
        self._slots(step.key)

    def _empty(self, key):
        d = ctl().draft
        if key == "cards":
            return any(d.value(s) is None for s in d.slots() if s[0] == "market")
        if key == "nobles":
            return any(n is None for n in d.nobles)
        return False

    def _slots(self, key):
        grid = self.ids.slots
        grid.clear_widgets()
        d = ctl().draft
        grid.cols = 6 if key == "tokens" else 5
        if key == "tokens":
            for colour, n in zip(COLOURS, starting_bank(d.players)):
                grid.add_widget(GemChip(colour=colour, count=n, target=f"lane:{colour}"))
        if key in ("cards", "confirm"):
            for level in (3, 2, 1):
                grid.add_widget(Label(text=pgettext("setup grid", "Level {level}").format(
                    level=level)))
                for i in range(4):
                    self._slot_button(grid, ("market", level, i), d)
        if key in ("nobles", "confirm"):
            grid.add_widget(Label(text=pgettext("setup grid", "Nobles")))
            for i in range(len(d.nobles)):
                self._slot_button(grid, ("noble", i), d)

    def _slot_button(self, grid, slot, d):
        """A dealt card or noble as it is printed (tap to change it), or an empty slot."""
        value = d.value(slot)
        noble = slot[0] == "noble"
        target = f"slot:noble:{slot[1]}" if noble else f"slot:{slot[1]}:{slot[2]}"
        if value:
            b = NobleTile(target=target) if noble else CardTile(target=target)
            if noble:
                b.noble = noble_view(value)
            else:
                b.card = card_view(value)
        else:
            text = (_("Noble {n}\nempty").format(n=slot[1] + 1) if noble
                    else _("Slot {n}\nempty").format(n=slot[2] + 1))
            b = BigButton(text=text, target=target, font_size=app().fs * 0.7,
                          size_hint_y=1, background_color=BUTTON_OFF)
        b.bind(on_release=lambda btn: self.enter_slot(slot))
        grid.add_widget(b)

    def enter_slot(self, slot):
        d = ctl().draft
        if slot[0] == "noble":
            title = _("Which noble is in noble slot {n}?").format(n=slot[1] + 1)
        else:
            title = _("Which card is in level {level}, slot {slot}?").format(level=slot[1],
                                                                             slot=slot[2] + 1)

        def pick(ident):
            try:
                d.put(slot, ident)
            except DraftRefused as err:
                self.status = f"[color=ff7766]{draft_words(err)}[/color]"
            self.refresh()
        describe = describe_noble if slot[0] == "noble" else describe_card
        kind = "noble" if slot[0] == "noble" else "card"
        SearchPopup(title,
                    lambda q: d.choices(slot, q), pick, describe, kind=kind).open()

    def check(self):
        step = self.steps()[self.index]
        self.busy = True

        def done(problems):
            self.busy = False
            if problems:
                self.status = "[color=ff7766]" + "\n".join(problems) + "[/color]"
            else:
                self.status = "[color=55dd66][b]{ok}[/b] - {right}[/color]".format(
                    ok=_("OK"), right=_("this step is right."))
            self.refresh()
        ctl().check_setup_step(step.key, done)

    def back(self):
        if self.index == 0:
            app().go("players")
            return
        self.index -= 1
        self.status = ""
        self.refresh()

    def next(self):
        steps = self.steps()
        step = steps[self.index]
        if step.key in ("cards", "nobles") and self._empty(step.key):
            self._missing = step.key
            self.status = "[color=ff7766]{}[/color]".format(
                _("Enter the card in every slot first.") if step.key == "cards" else
                _("Enter every revealed noble first."))
            return
        if step.key == "confirm":
            problems = ctl().confirm_setup()
            if problems:
                self.status = "[color=ff7766]" + " ".join(problems) + "[/color]"
                return
            app().go("play")
            return
        self.index += 1
        self.status = ""
        self.refresh()
