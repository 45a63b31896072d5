"""The app's screens: each draws the controller's state and forwards touches to it.

Layouts are in ``<screen>.kv``; here only the parts built from the game (tiles, rows, prompts).
"""
from __future__ import annotations

import time

from kivy.app import App
from kivy.graphics.texture import Texture
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
from kivy.uix.togglebutton import ToggleButton

from companion.engine import CARDS, COLOURS, NOBLES, starting_bank
from companion.viewmodel import (GEM_LETTER, GEM_RGBA, card_view, cost_text, describe_line,
                                 history_rows, journal_for, noble_view, outcome_text, ranking,
                                 setup_steps, stats_rows)
from companion.ui.widgets import (BigButton, CardTile, ChoicePopup, DeckTile, GemChip,
                                  NobleTile, SearchPopup)


def app():
    return App.get_running_app()


def ctl():
    return App.get_running_app().ctl


def _hex(rgba):
    r, g, b = (int(255 * x) for x in rgba[:3])
    # Black letters would vanish on the dark background: draw them light grey.
    if r + g + b < 120:
        return "aaaaaa"
    return f"{r:02x}{g:02x}{b:02x}"


def tokens_markup(pairs, skip_zero=False):
    """"W2 U1 ..." with each letter in its colour (the letter is there for colour-blind eyes)."""
    parts = []
    for colour, n in pairs:
        if skip_zero and not n:
            continue
        parts.append(f"[color={_hex(GEM_RGBA[colour])}]{GEM_LETTER[colour]}{n}[/color]")
    return " ".join(parts) or "-"


def points_text(n):
    """"1 point", "3 points": prestige as a player says it."""
    return f"{n} point" if n == 1 else f"{n} points"


def describe_card(cid):
    c = card_view(cid)
    pts = f", {points_text(c['points'])}" if c["points"] else ""
    return f"{cid}: {GEM_LETTER[c['bonus']]} bonus{pts}\ncost {cost_text(c['cost'])}"


def short_card(cid):
    c = card_view(cid)
    pts = f" {c['points']}P" if c["points"] else ""
    return f"{cid} {GEM_LETTER[c['bonus']]}{pts}\n{cost_text(c['cost'])}"


def describe_noble(nid):
    n = noble_view(nid)
    return f"{nid}: needs {cost_text(n['requires'])}"


class AppScreen(Screen):
    def refresh(self):
        """Redraw from the controller (called when it changes while this screen shows)."""

    def on_pre_enter(self, *args):
        self.refresh()


# --------------------------------------------------------------------------------- home
class HomeScreen(AppScreen):
    info = StringProperty("")
    resume_text = StringProperty("")

    def refresh(self):
        c = ctl()
        if c.game is not None and not c.game.finished:
            g = c.game
            self.resume_text = f"Back to the game of {', '.join(g.names)}"
            self.info = f"A game is in progress: turn {g.turn + 1}, {g.names[g.active]} to play."
            return
        row = c.resumable()
        notice = f"{c.notice} " if c.notice else ""  # the journal restored, a folder unwritable
        if row is not None:
            names = ", ".join(row.get("players") or [])
            self.resume_text = f"Resume the game of {names}"
            self.info = notice + "An unfinished game was found. Resume it, or start a new one."
        else:
            self.resume_text = ""
            self.info = notice + "Start a new game, or look at past games."

    def resume(self):
        c = ctl()
        if (c.game is not None and not c.game.finished) or c.resume():
            app().go("play")
        else:
            self.refresh()


# --------------------------------------------------------------------------------- players
class SeatRow(BoxLayout):
    """One seat button's row: the player's name and whether they start."""

    seat = NumericProperty(0)


class PlayersScreen(AppScreen):
    known = BooleanProperty(False)

    def on_kv_post(self, base):
        self.rows = []
        for seat in range(4):
            row = SeatRow(seat=seat)
            row.ids.name.target = f"name:{seat}"
            row.ids.first.target = f"first:{seat}"
            self.ids.seats.add_widget(row)
            self.rows.append(row)

    def refresh(self):
        c = ctl()
        last = list(c.settings.last_seats) + [""] * 4
        for seat, row in enumerate(self.rows):
            row.ids.name.text = last[seat] or ""
            row.ids.first.state = "normal"
        self.ids.problems.text = ""
        self.ids.known.clear_widgets()
        self.known = bool(c.settings.names)
        for name in c.settings.names[:8]:
            b = BigButton(text=name, size_hint=(None, None), width=app().tap * 2.6,
                          target=f"known:{name}")
            b.bind(on_release=lambda btn, n=name: self.seat_name(n))
            self.ids.known.add_widget(b)

    def seat_name(self, name):
        names = [r.ids.name.text.strip() for r in self.rows]
        if name in names:
            return
        for row in self.rows:
            if not row.ids.name.text.strip():
                row.ids.name.text = name
                return

    def start(self):
        names = [r.ids.name.text for r in self.rows]
        starter = [i for i, r in enumerate(self.rows) if r.ids.first.state == "down"]
        players = [i for i, n in enumerate(names) if n.strip()]
        first = players.index(starter[0]) if starter and starter[0] in players else -1
        problems = ctl().new_game(names, first)
        if problems:
            self.ids.problems.text = " ".join(problems)
            return
        app().go("setup")


# --------------------------------------------------------------------------------- setup
class SetupScreen(AppScreen):
    title = StringProperty("")
    text = StringProperty("")
    status = StringProperty("")
    next_text = StringProperty("Done")
    busy = BooleanProperty(False)
    has_camera = BooleanProperty(False)
    index = 0

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
        self.title = f"Step {self.index + 1} of {len(steps)}: {step.title}"
        self.text = step.text
        if step.key == "cards" and not self.has_camera:
            self.text += " Then tap each slot below and enter the card dealt there."
        if step.key == "nobles" and not self.has_camera:
            self.text += " Then tap each noble slot below and enter the noble."
        self.next_text = "Start the game" if step.key == "confirm" else "Done"
        self._slots(step.key)

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
                grid.add_widget(Label(text=f"Level {level}"))
                for i in range(4):
                    self._slot_button(grid, ("market", level, i), d)
        if key in ("nobles", "confirm"):
            grid.add_widget(Label(text="Nobles"))
            for i in range(len(d.nobles)):
                self._slot_button(grid, ("noble", i), d)

    def _slot_button(self, grid, slot, d):
        value = d.value(slot)
        if slot[0] == "noble":
            target = f"slot:noble:{slot[1]}"
            text = (f"{value}\n{cost_text(noble_view(value)['requires'])}" if value
                    else f"Noble {slot[1] + 1}\ntap to enter")
        else:
            target = f"slot:{slot[1]}:{slot[2]}"
            text = short_card(value) if value else f"Slot {slot[2] + 1}\ntap to enter"
        b = BigButton(text=text, target=target, font_size=app().fs * 0.66,
                      background_color=(0.2, 0.35, 0.25, 1) if value else (0.3, 0.3, 0.32, 1))
        b.bind(on_release=lambda btn: self.enter_slot(slot))
        grid.add_widget(b)

    def enter_slot(self, slot):
        d = ctl().draft
        where = (f"noble slot {slot[1] + 1}" if slot[0] == "noble"
                 else f"level {slot[1]}, slot {slot[2] + 1}")

        def pick(ident):
            try:
                d.put(slot, ident)
            except ValueError as err:
                self.status = f"[color=ff7766]{err}[/color]"
            self.refresh()
        describe = describe_noble if slot[0] == "noble" else describe_card
        SearchPopup(f"Which {'noble' if slot[0] == 'noble' else 'card'} is in {where}?",
                    lambda q: d.choices(slot, q), pick, describe).open()

    def check(self):
        step = self.steps()[self.index]
        self.busy = True

        def done(problems):
            self.busy = False
            if problems:
                self.status = "[color=ff7766]" + "\n".join(problems) + "[/color]"
            else:
                self.status = "[color=55dd66][b]OK[/b] - this step is right.[/color]"
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
        d = ctl().draft
        if step.key == "cards" and any(d.value(s) is None for s in d.slots() if s[0] == "market"):
            self.status = "[color=ff7766]Enter the card in every slot first.[/color]"
            return
        if step.key == "nobles" and any(n is None for n in d.nobles):
            self.status = "[color=ff7766]Enter every revealed noble first.[/color]"
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


# --------------------------------------------------------------------------------- play
class PlayScreen(AppScreen):
    banner = StringProperty("")
    message = StringProperty("")
    final_round = BooleanProperty(False)
    rejected = BooleanProperty(False)
    busy = BooleanProperty(False)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.selection = {}      # colour -> count picked in the bank (take) or hand (return)

    def refresh(self):
        c = ctl()
        view = c.table()
        if view is None:
            return
        self.busy = c.busy
        self.banner = view.banner
        self.final_round = view.final_round
        v = c.verdict
        self.rejected = bool(v is not None and v.kind in ("rejected", "unreadable"))
        msg = c.message or ""
        if v is not None and v.kind == "rejected" and getattr(v, "rule", None):
            msg = f"Not accepted ({v.rule}): {msg}"
        self.message = msg.replace("[", "(").replace("]", ")")
        self._nobles(view)
        self._market(view)
        self._bank(view)
        self._players(view)
        self._prompt(view)
        if view.finished:
            app().go("gameover")

    # The mirror's widgets are made once and updated in place: building Kivy widgets is the
    # slow part of a redraw, and the Play screen redraws after every touch and verdict.
    def _nobles(self, view):
        box = self.ids.nobles
        if len(box.children) != len(view.nobles):
            box.clear_widgets()
            for i in range(len(view.nobles)):
                box.add_widget(NobleTile(target=f"noble-tile:{i}"))
        for tile, n in zip(reversed(box.children), view.nobles):
            tile.noble = n

    def _market(self, view):
        grid = self.ids.market
        if len(grid.children) != 15:
            grid.clear_widgets()
            for _ in range(3):
                deck = DeckTile()
                deck.bind(on_release=lambda w: self.tap_deck(w.level))
                grid.add_widget(deck)
                for _ in range(4):
                    tile = CardTile()
                    tile.bind(on_release=lambda w: w.card and self.tap_card(w.card["id"]))
                    grid.add_widget(tile)
        widgets = list(reversed(grid.children))
        for r, row in enumerate(view.rows):
            deck = widgets[r * 5]
            deck.level, deck.count = row["level"], row["deck"]
            deck.target = f"deck:{row['level']}"
            for i, card in enumerate(row["cards"]):
                tile = widgets[r * 5 + 1 + i]
                tile.card = card
                tile.target = f"card:{card['id']}" if card else "card:empty"
                tile.hint = bool(card and card["id"] in view.affordable)

    def _bank(self, view):
        box = self.ids.bank
        if len(box.children) != len(view.bank):
            box.clear_widgets()
            for colour, _ in view.bank:
                chip = GemChip(colour=colour, target=f"gem:{colour}")
                chip.bind(on_release=lambda w: self.tap_gem(w.colour))
                box.add_widget(chip)
        main = self._step() == ("main",)
        for chip, (colour, n) in zip(reversed(box.children), view.bank):
            chip.count = n
            chip.selected = self.selection.get(colour, 0) if main else 0

    def _players(self, view):
        grid = self.ids.players
        if len(grid.children) != len(view.players):
            grid.clear_widgets()
            for _ in view.players:
                lab = Label(markup=True, font_size=app().fs * 0.62, halign="left",
                            valign="middle")
                lab.bind(size=lambda w, s: setattr(w, "text_size", s))
                from kivy.graphics import Color, Rectangle
                with lab.canvas.before:
                    lab.shade = Color(0.18, 0.28, 0.20, 0)
                    rect = Rectangle(pos=lab.pos, size=lab.size)
                lab.bind(pos=lambda w, v, r=rect: setattr(r, "pos", v),
                         size=lambda w, v, r=rect: setattr(r, "size", v))
                grid.add_widget(lab)
        for lab, p in zip(reversed(grid.children), view.players):
            mark = ">> " if p["active"] else ""
            head = (f"[b]{mark}{p['name']}  {points_text(p['points'])}[/b]  "
                    f"(seat {p['button']})  cards {p['cards']}  nobles {p['nobles']}  "
                    f"reserved {p['reserved']}")
            body = (f"bonus {tokens_markup(p['bonuses'])}\n"
                    f"tokens {tokens_markup(p['tokens'])}  = {p['token_total']}")
            lab.text = f"{head}\n{body}"
            lab.shade.a = 1 if p["active"] else 0

    # -- prompts: what the turn needs next
    def _step(self):
        c = ctl()
        if c.entry is None or c.question is not None:
            return None
        return c.entry.step()

    def _button(self, text, target, fn, width=2.8, colour=None):
        b = BigButton(text=text, target=target, size_hint=(None, None),
                      width=app().tap * width)
        if colour:
            b.background_color = colour
        b.bind(on_release=lambda w: fn())
        self.ids.prompt.add_widget(b)
        return b

    def _hint(self, text):
        lab = Label(text=text, size_hint=(1, None), font_size=app().fs * 0.8, halign="left")
        lab.bind(width=lambda w, v: setattr(w, "text_size", (v, None)),
                 texture_size=lambda w, v: setattr(w, "height", v[1] + 4))
        self.ids.prompt.add_widget(lab)

    def _prompt(self, view):
        box = self.ids.prompt
        c = ctl()
        q = c.question
        e = c.entry
        key = (id(c.ref), q and (q[0], tuple(q[1]), q[2]), c.busy, view.turn,
               e and len(e.lines), e and e.step(), tuple(sorted(self.selection.items())))
        if key == getattr(self, "_prompt_key", None):
            return  # unchanged: keep the widgets (re-rendering text is the slow part)
        self._prompt_key = key
        box.clear_widgets()
        if q is not None:
            self._question(q)
            return
        step = self._step()
        if step is None or c.busy:
            return
        name = c.game.names[c.game.active]
        kind = step[0]
        if kind == "main":
            if self.selection:
                picked = " ".join(f"{n}{GEM_LETTER[col]}" for col, n in self.selection.items())
                self._hint(f"{name} takes {picked}.")
                self._button("Take", "take", self.take, colour=(0.15, 0.5, 0.25, 1))
                self._button("Clear", "clear", self.clear, width=2)
            else:
                self._hint(f"{name}: tap gems to take, a card to buy or reserve, a deck to "
                           "reserve its top card.")
                if c.entry.buyable() and any(w == "reserved" for _, w in c.entry.buyable()):
                    self._button("Reserved cards", "reserved", self.reserved_cards)
                if c.entry.hidden_reserves():
                    self._button("Buy a hidden reserve", "hidden", self.hidden_buy, width=3.6)
                if any(type(a).__name__ == "PassTurn" for a in c.entry.game.legal_main_actions()):
                    self._button("Pass", "pass", lambda: c.send(c.entry.pass_line()))
        elif kind == "reveal":
            _, level, slot = step
            self._hint(f"Deal the top card of the level {level} deck into slot {slot + 1}.")
            self._button("Enter the dealt card", "reveal", lambda: self.reveal(level, slot),
                         width=4, colour=(0.15, 0.5, 0.25, 1))
        elif kind == "return":
            over = step[1]
            p = c.entry.game.active
            held = c.entry.game.tokens[p]
            chosen = sum(self.selection.values())
            self._hint(f"{name} holds more than 10 tokens: tap {over} to give back "
                       f"({chosen} chosen).")
            for i, colour in enumerate(COLOURS):
                if held[i]:
                    chip = GemChip(colour=colour, count=held[i], target=f"return:{colour}",
                                   selected=self.selection.get(colour, 0),
                                   size_hint=(None, None), size=(app().tap, app().tap))
                    chip.bind(on_release=lambda w, col=colour, k=held[i]: self.pick_return(col, k))
                    box.add_widget(chip)
            if chosen == over:
                self._button("Return", "return", self.give_back, colour=(0.15, 0.5, 0.25, 1))
            if chosen:
                self._button("Clear", "clear", self.clear, width=2)
        elif kind == "noble":
            self._hint(f"Nobles visit {name}: choose one.")
            for nid in step[1]:
                self._button(describe_noble(nid), f"noble:{nid}",
                             lambda n=nid: c.send(c.entry.noble_line(n)), width=4.5)
        elif kind == "end":
            self._hint(f"{name}: press your seat button to end the turn.")
            self._button("End turn", "end", self.end_turn, colour=(0.15, 0.5, 0.25, 1))

    def _question(self, q):
        kind, cands, message = q
        c = ctl()
        labels = {"noble": describe_noble, "reserved-card": describe_card}
        self._hint(message or "The referee asks:")
        for i, value in enumerate(cands or []):
            if kind == "deck":
                text = "No card was reserved" if value == 0 else f"From the level {value} deck"
            elif kind == "turn":
                lines = value if isinstance(value, list) else [value]
                text = " ".join(describe_line(x, c.names) for x in lines if isinstance(x, dict))
                text = text or f"Choice {i + 1}"
                value = i
            else:
                text = labels.get(kind, str)(value) if value in CARDS or value in NOBLES \
                    else str(value)
            self._button(text, f"answer:{value}", lambda v=value: c.answer(v), width=4.5)

    # -- touches
    def tap_gem(self, colour):
        if self._step() != ("main",) or colour == "gold":
            return
        n = self.selection.get(colour, 0)
        self.selection[colour] = 1 if n == 0 and sum(self.selection.values()) < 3 else (
            2 if n == 1 and len(self.selection) == 1 else 0)
        if self.selection[colour] == 0:
            del self.selection[colour]
        self.refresh()

    def clear(self):
        self.selection = {}
        self.refresh()

    def take(self):
        c = ctl()
        gems, self.selection = dict(self.selection), {}
        c.send(c.entry.take_line(gems))

    def pick_return(self, colour, held):
        n = self.selection.get(colour, 0)
        self.selection[colour] = n + 1 if n < held else 0
        if not self.selection[colour]:
            del self.selection[colour]
        self.refresh()

    def give_back(self):
        c = ctl()
        gems, self.selection = dict(self.selection), {}
        c.send(c.entry.return_line(gems))

    def end_turn(self):
        c = ctl()
        c.press_button(c.button_of[c.game.active])

    def tap_card(self, cid):
        c = ctl()
        if self._step() != ("main",):
            return
        e = c.entry
        pay = e.game.payment(e.seat, CARDS[cid])
        choices = []
        if pay is not None:
            words = ", ".join(f"{n} {COLOURS[i]}" for i, n in enumerate(pay) if n) or "nothing"
            choices.append((f"Buy (pay {words})", "buy", "buy"))
        choices.append(("Reserve", "reserve", "reserve"))
        choices.append(("Cancel", None, "cancel"))

        def pick(what):
            if what == "buy":
                c.send(e.buy_line(cid))
            elif what == "reserve":
                c.send(e.reserve_line(cid))
        ChoicePopup(describe_card(cid), choices, pick).open()

    def tap_deck(self, level):
        c = ctl()
        if self._step() != ("main",):
            return
        ChoicePopup(f"Reserve the top card of the level {level} deck?",
                    [("Reserve it", True, "reserve-deck"), ("Cancel", False, "cancel")],
                    lambda ok: ok and c.send(c.entry.reserve_line(level=level))).open()

    def reserved_cards(self):
        c = ctl()
        e = c.entry
        cards = [cid for cid, w in e.buyable() if w == "reserved"]
        choices = [(describe_card(cid), cid, f"buy:{cid}") for cid in cards]
        choices.append(("Cancel", None, "cancel"))
        ChoicePopup("Buy which reserved card?", choices,
                    lambda cid: cid and c.send(e.buy_line(cid))).open()

    def hidden_buy(self):
        c = ctl()
        e = c.entry
        levels = e.hidden_reserves()
        pool = [cid for lv in set(levels) for cid in e.game.unseen[lv - 1]]
        SearchPopup("Which reserved card is bought? (it was reserved face down)",
                    lambda q: [x for x in sorted(pool) if x.lower().startswith(q.lower())]
                    if q else sorted(pool), lambda cid: c.send(e.buy_line(cid)),
                    describe_card).open()

    def reveal(self, level, slot):
        c = ctl()
        e = c.entry
        SearchPopup(f"Which card was dealt into level {level}, slot {slot + 1}?",
                    lambda q: e.reveal_choices(level, q),
                    lambda cid: c.send(e.reveal_line(level, slot, cid)), describe_card).open()

    def undo(self):
        self.selection = {}
        ctl().undo()

    def camera(self):
        CameraView().open()


class CameraView(ModalView):
    """The last still the referee judged, with what was read from it."""

    def __init__(self, **kw):
        super().__init__(size_hint=(0.95, 0.95), **kw)
        c = ctl()
        box = BoxLayout(orientation="vertical", padding=6, spacing=6)
        image = c.overlay if c.overlay is not None else c.image
        if image is not None:
            box.add_widget(Image(texture=texture_of(image), fit_mode="contain"))
        else:
            box.add_widget(Label(text="No still yet: there is no camera, or no turn was judged "
                                      "with it."))
        box.add_widget(Label(text=observation_text(c.observation), size_hint_y=0.35,
                             font_size=app().fs * 0.7, markup=True))
        b = BigButton(text="Close", target="close")
        b.bind(on_release=lambda w: self.dismiss())
        box.add_widget(b)
        self.add_widget(box)


def observation_text(obs):
    if not obs:
        return "Nothing read yet."
    if not obs.get("mat"):
        return "The mat was not found."
    market = obs.get("market") or {}
    rows = [f"L{lv}: " + " ".join(x or "-" for x in market.get(str(lv), [])) for lv in (3, 2, 1)]
    bank = " ".join(f"{GEM_LETTER[c]}{n}" for c, n in (obs.get("bank") or {}).items())
    nobles = " ".join(n or "-" for n in obs.get("nobles") or [])
    extra = f"uncertain: {', '.join(obs.get('uncertain') or [])}" if obs.get("uncertain") else ""
    return "\n".join([f"nobles {nobles}"] + rows + [f"bank {bank}", extra,
                                                    "busy: a hand covers the mat" if obs.get(
                                                        "busy") else ""]).strip()


def texture_of(image):
    """A Kivy texture of a BGR image (a still, or a still with the overlay of what was read)."""
    import numpy as np
    img = np.ascontiguousarray(image[::-1, :, ::-1])  # BGR top-down -> RGB bottom-up
    h, w = img.shape[:2]
    tex = Texture.create(size=(w, h), colorfmt="rgb")
    tex.blit_buffer(img.tobytes(), colorfmt="rgb", bufferfmt="ubyte")
    return tex


# --------------------------------------------------------------------------------- game over
class GameOverScreen(AppScreen):
    outcome = StringProperty("")
    saved = StringProperty("")

    def refresh(self):
        g = ctl().game
        grid = self.ids.ranking
        grid.clear_widgets()
        if g is None or not g.finished:
            return
        self.outcome = outcome_text(g)
        self.saved = "The game is saved to the history."
        for head in ("Place", "Player", "Points", "Cards", "Nobles"):
            grid.add_widget(Label(text=f"[b]{head}[/b]", markup=True))
        for r in ranking(g):
            star = " (winner)" if r["winner"] else ""
            for text in (str(r["place"]), r["name"] + star, str(r["points"]), str(r["cards"]),
                         str(r["nobles"])):
                grid.add_widget(Label(text=text))

    def export(self):
        c = ctl()
        out = c.data_dir / "exports"
        path = out / f"game-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
        try:  # a full card or an "exports" file in the way: say so, keep the app running
            out.mkdir(exist_ok=True)
            c.export(path)
        except Exception as err:
            reason = getattr(err, "message", None) or getattr(err, "strerror", None) or err
            self.saved = f"The game record could not be exported ({reason})."
            return
        self.saved = f"The game record is exported to {path}."


# --------------------------------------------------------------------------------- history
class HistoryScreen(AppScreen):
    games = StringProperty("")
    stats = StringProperty("")

    def refresh(self):
        try:
            j = journal_for(ctl().data_dir)
            try:
                games, stats = history_rows(j), stats_rows(j)
            finally:
                j.close()
        except Exception as err:  # a damaged journal is reported, not fatal
            self.games, self.stats = f"The history can't be read: {err}", ""
            return
        self.games = "\n".join(games) or "No finished games yet."
        self.stats = "\n".join(stats) or "No statistics yet."


# --------------------------------------------------------------------------------- settings
class SettingsScreen(AppScreen):
    calibration = StringProperty("")
    panel_status = StringProperty("")
    busy = BooleanProperty(False)

    def refresh(self):
        c = ctl()
        self._choices(self.ids.cameras, "camera", c.settings.camera, self.set_camera,
                      (("none", "No camera"), ("auto", "Camera (auto)"), ("0", "Device 0"),
                       ("1", "Device 1")))
        self._choices(self.ids.short_take, "short_take", c.settings.short_take,
                      self.set_short_take,
                      (("never", "Never"), ("when_scarce", "When colours run out"),
                       ("always", "Always")))
        self.ids.hints.active = c.settings.hints
        p = c.panel
        if p is None:
            self.panel_status = "No seat panel."
        else:
            kind = "on screen (no GPIO here)" if p.is_virtual else "wired to the GPIO pins"
            self.panel_status = f"The seat panel is {kind}: {p.seats} seats."
        if c.message.startswith("The button of seat"):
            self.panel_status = c.message
        if c.camera is None:
            self.calibration = "No camera is in use: every turn is entered by touch."

    @staticmethod
    def _choices(box, group, current, choose, options):
        """One toggle button per (value, label) in ``box``, the current value held down."""
        box.clear_widgets()
        for value, label in options:
            t = ToggleButton(text=label, group=group, font_size=app().fs * 0.8,
                             state="down" if current == value else "normal",
                             allow_no_selection=False)
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

    def calibrate(self):
        c = ctl()
        if c.camera is None:
            self.calibration = "Choose a camera first."
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
            px = f"{sum(modules) / len(modules):.1f}" if modules else "no tag read"
            self.calibration = (f"Mat found: {'yes' if obs.get('mat') else 'no'}. "
                                f"Markers: {obs.get('markers')}. "
                                f"Pixels per module of the tags: {px} (3 or more reads well).")
        c._work("Calibrating...", work, done)

    def test_lights(self):
        c = ctl()
        p = c.panel
        if p is None:
            self.panel_status = "No seat panel to test."
            return
        lights = list(p.lights)
        from kivy.clock import Clock

        def step(i):
            if i >= len(lights):
                p.show_test_light(None)
                self.panel_status = "Every LED was lit in turn. Press a seat button to test it."
                return
            p.show_test_light(lights[i])
            self.panel_status = f"Lit: {lights[i].name}."
            Clock.schedule_once(lambda dt: step(i + 1), 0.4)
        step(0)
