"""The Play screen: the table mirrored like the real cards, every player's tableau, the prompt.

What it asks and offers is decided in :mod:`companion.ui.play_view` (plain Python); here the
widgets are made once and updated in place, since building Kivy widgets is the slow part of a
redraw and the screen redraws after every touch and verdict.
"""
from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from companion.app.computer import RULE, RULE_HAND, rejection_words
from companion.engine import CARDS
from companion.i18n import _, translator
from companion.i18n.notices import say
from companion.i18n.verdicts import render_after
from companion.ui import play_view as V
from companion.ui.common import AppScreen, app, ctl, describe_card
from companion.app.move_view import move_parts, move_words
from companion.ui.movepicture import MovePicture
from companion.ui.hint import HintControl
from companion.ui.play_room import PromptRoom
from companion.ui.play_popups import CameraView, GemLegend, RejectionDetails
from companion.ui.tableau import (CardTile, DeckTile, NobleTile, PlayerPanel, Tappable,
                                  TilePopup, TurnTile)
from companion.ui.widgets import BigButton, ChoicePopup, GemChip, SearchPopup
from companion.app.viewmodel import card_view, noble_view

from companion.ui.theme import BUTTON_GO as GREEN  # noqa: E402 (the one theme)


def tr_lang():
    return translator.lang


class PlayBanner(Tappable, Label):
    """The Play screen's banner: whose turn, the final round, or a refusal (then a button)."""


class PlayScreen(PromptRoom, AppScreen):
    final_round = BooleanProperty(False)
    rejected = BooleanProperty(False)
    busy = BooleanProperty(False)
    # (Set before __init__ ends: the kv's on_kv_post arranges the screen.)
    _usual = V.Prompt()      # the prompt this turn would have without the computer's move
    _tall = 0                # an open player's panel's height
    _column = _scroll = None  # the players' column (landscape) and the prompt's scroll view

    def __init__(self, **kw):
        super().__init__(**kw)
        self.selection = {}      # colour -> count picked in the bank (take) or hand (return)
        self.turns_chosen = ()   # a forgotten press asked seat by seat: the turns touched
        self._undo_note = None   # (words, (verdict, message) when the undo was made)
        self._undo_seen = None   # the controller's last undo already said

    def on_enter(self, *args):
        # Hands-free turns: the countdown is counted down (and ended) by Kivy's clock.
        from kivy.clock import Clock
        self._ticking = Clock.schedule_interval(self._tick, 0.5)
        return super().on_enter(*args) if hasattr(super(), "on_enter") else None

    def on_leave(self, *args):
        if getattr(self, "_ticking", None) is not None:
            self._ticking.cancel()
            self._ticking = None
        return super().on_leave(*args) if hasattr(super(), "on_leave") else None

    def _tick(self, _dt):
        c = ctl()
        if c.watch.countdown is not None:
            c.watch.tick()
            self.refresh()

    def on_touch_down(self, touch):
        ctl().watch.touch()    # a touch stops a hands-free countdown
        return super().on_touch_down(touch)

    def on_kv_post(self, base):
        self.table = Factory.PlayTable()
        self.head = Factory.PlayHeader()
        self.ask = Factory.PlayPrompt()
        # The computer's move in pictures, first in the prompt's flow (_place_picture).
        self.picture = MovePicture(one_line=True, size_hint_x=None)
        self._done = None      # the button that enters the computer's move (_size_done)
        self.picture.bind(size=self._size_done)
        self.ask.ids.prompt.bind(width=self._size_done)
        self.tools = Factory.PlayTools()
        t = self.tools.ids
        t.undo.bind(on_release=lambda w: self.undo())
        t.camera.bind(on_release=lambda w: self.camera())
        t.legend.bind(on_release=lambda w: GemLegend().open())
        t.menu.bind(on_release=lambda w: app().go("home"))
        self._details = None     # a refusal's whole explanation (refresh), opened by a tap
        self.head.ids.banner.bind(on_release=lambda w: self.rejection_details())
        self.hint = HintControl(self.tools, ctl)   # the Hint button, when the setting is on
        self._arranged = None
        app().bind(landscape=lambda *_: self._arrange())
        from kivy.core.window import Window  # lazy: importing it opens the window
        for widget in (self.ask, self.head.ids.banner, Window):
            widget.bind(height=self._fit)
        self._arrange()

    def _arrange(self):
        landscape = app().landscape
        if self._arranged == landscape:
            return
        self._arranged = landscape
        frame = self.ids.frame
        frame.clear_widgets()
        for w in (self.table, self.head, self.ask, self.tools):
            if w.parent is not None:
                w.parent.remove_widget(w)
        # The prompt scrolls when it is taller than its room (a question's pictures), except
        # the computer's move: _fit makes room for it.
        self._scroll = ScrollView(do_scroll_x=False, bar_width=6)
        self._scroll.add_widget(self.ask)
        if landscape:
            frame.orientation = "horizontal"
            left = BoxLayout(orientation="vertical", spacing=4, size_hint_x=0.53)
            left.add_widget(self.table)
            left.add_widget(self.tools)
            self._column = BoxLayout(orientation="vertical", spacing=4, size_hint_x=0.47)
            self._column.add_widget(self.head)
            self._column.add_widget(self._scroll)   # under the players, in the room left
            self._column.bind(height=self._fit)
            frame.add_widget(left)
            frame.add_widget(self._column)
        else:
            frame.orientation = "vertical"
            self._column = None
            self._scroll.size_hint_y = None         # its height is set by _fit
            for w in (self.head, self.table, self._scroll, self.tools):
                frame.add_widget(w)
        self._fit()

    # -- drawing
    def refresh(self):
        c = ctl()
        view = c.table()
        if view is None:
            return
        g = c.game
        if c.ref is not getattr(self, "_ref", None):
            self._ref, self.selection = c.ref, {}    # another game: nothing is picked in it
        self.busy = c.busy
        self.final_round = view.final_round
        self.head.final = view.final_round
        self.head.ids.banner.text = V.banner_text(g)
        v = c.verdict
        self.rejected = bool(v is not None and v.kind in ("rejected", "unreadable"))
        self.ask.rejected = self.rejected
        # The verdict said in the current language; other notices as the controller put them.
        said = render_after(g, v) if v is not None and c.verdict_said else say(c.message)
        if v is not None and v.rule in (RULE, RULE_HAND) and c.verdict_said:
            said = rejection_words(g, c.computer.expectation, v)   # what the computer wants
        msg = V.verdict_text(v, said or "")
        if v is not None and v.kind == "question" and c.question is not None:
            msg = ""    # the prompt asks it, in pictures (the referee's words name sticker ids)
        left = c.watch.seconds_left()
        if left is not None and g is not None:   # hands-free: the turn ends unless touched
            from companion.i18n.forgotten import countdown
            msg = countdown(g, left)
        undo = c.last_undo
        if undo is not None and undo is not self._undo_seen:
            # A new undo (from the screen or a held seat button): say what to put back.
            self._undo_seen = undo
            before, after = undo
            if before is not None and after is not None:
                self._undo_note = (V.undo_words(V.table_facts(before), V.table_facts(after)),
                                   (id(v), c.message))
        if self._undo_note is not None:
            words, mark = self._undo_note
            if mark == (id(v), c.message):
                msg = words
            else:
                self._undo_note = None
        self.head.rejected = bool(self.rejected and msg)
        self._details = V.rejection_details(
            msg, v.rule if v.kind == "rejected" else None) if self.head.rejected else None
        if self.head.rejected:
            # One banner: a refusal replaces whose turn it is, in red, its first words "Not
            # accepted"; its first sentence there, the rest (how to put it right) under it.
            first, msg = V.split_first_sentence(msg)
            self.head.ids.banner.text = V.refusal_banner(first, max(16, round(app().fs_read)))
        self._message = msg
        self._nobles(view)
        self._market(view)
        self._bank(view)
        self._players(view, g)
        self._computer(g)
        self._prompt(view)
        self._fit()
        self.hint.update()
        # A turn line noted is said by the prompt's next step; a refusal or a verdict stays.
        noted = v is not None and v.kind == "entered" and self.ask.ids.hint.text
        if c.computer.move_for(g) is not None and not self.rejected and c.entry is not None \
                and not c.entry.lines and self._undo_note is None:
            noted = True   # the computer's move is shown: the turn before it is on the table
        self.ask.ids.message.text = "" if noted and self._undo_note is None else self._message
        if view.finished:
            app().go("gameover")

    def _nobles(self, view):
        box = self.table.ids.nobles
        if len(box.children) != len(view.nobles):
            box.clear_widgets()
            for i in range(len(view.nobles)):
                tile = NobleTile(target=f"noble-tile:{i}")
                tile.bind(on_release=lambda w: self.tap_noble(w))
                box.add_widget(tile)
        step = self._step()
        choosing = step[1] if step and step[0] == "noble" else ()
        for tile, n in zip(reversed(box.children), view.nobles):
            tile.noble = n
            tile.chosen = bool(n and n["id"] in choosing)

    def _market(self, view):
        grid = self.table.ids.market
        if len(grid.children) != 15:
            grid.clear_widgets()
            for _row in range(3):
                deck = DeckTile()
                deck.bind(on_release=lambda w: self.tap_deck(w.level))
                grid.add_widget(deck)
                for _slot in range(4):
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
                tile.target = f"card:{card['id']}" if card else f"card:empty:{row['level']}:{i}"
                tile.hint = bool(card and card["id"] in view.affordable)

    def _bank(self, view):
        box = self.table.ids.bank
        if len(box.children) != len(view.bank):
            box.clear_widgets()
            for colour, _count in view.bank:
                chip = GemChip(colour=colour, target=f"gem:{colour}")
                chip.bind(on_release=lambda w: self.tap_gem(w.colour))
                box.add_widget(chip)
        main = self._step() == ("main",)
        for chip, (colour, n) in zip(reversed(box.children), view.bank):
            chip.count = n
            chip.selected = self.selection.get(colour, 0) if main else 0

    def _players(self, view, game):
        grid = self.head.ids.players
        n = len(view.players)
        tall = app().tap * ({2: 1.5, 3: 1.4}.get(n, 1.23) if app().landscape
                            else {2: 1.4, 3: 1.25}.get(n, 1.1))
        self._tall = tall    # folded or not: _fit
        if len(grid.children) != len(view.players):
            grid.clear_widgets()
            for _player in view.players:
                grid.add_widget(PlayerPanel(size_hint_y=None, height=tall))
        for panel, p in zip(reversed(grid.children), view.players):
            reserved = [(r.id, r.level) for r in game.reserved[p["seat"]]]
            panel.show(p, reserved, p["nobles"])

    # -- the prompt: what the turn needs next
    def _step(self):
        c = ctl()
        if c.entry is None or c.question is not None or c.computer.is_thinking(c.game):
            return None    # (nothing to enter while the computer chooses its move)
        return c.entry.step()

    def _computer(self, g):
        """The computer's turn: who thinks, then its move in pictures and plain words."""
        comp = ctl().computer
        ids = self.ask.ids
        choice = comp.move_for(g)
        thinking = comp.is_thinking(g)
        key = (id(choice), thinking, comp.plays(g) and g.active, tr_lang(), self.rejected)
        if key == getattr(self, "_computer_key", None):
            return
        self._computer_key = key
        if not comp.plays(g) or (choice is None and not thinking):
            ids.computer_title.text = ids.computer_words.text = ""
            self.picture.show(())
        elif choice is None:
            ids.computer_title.text = V.computer_title(g.names[g.active],
                                                       comp.seat_level(g.active), True)
            self.picture.show(())
            ids.computer_words.text = ""
        else:
            # Who plays and the move in words (the rejection's sentence says them), then the
            # pictures.
            title = V.computer_title(g.names[g.active], comp.seat_level(g.active), False)
            ids.computer_title.text = ""
            from kivy.core.window import Window
            # A quarter of the screen's height in landscape (120 px at 800x480: its costs and
            # points 16 px and more; the players' panels fold to make room, _fit, and the
            # button that enters the move stands beside the picture, _size_done); in portrait
            # 141 px (the market keeps three quarters of its rows).
            self.picture.card_height = Window.height * (0.25 if app().landscape else 0.11)
            self.picture.show(move_parts(choice.lines, gold=bool(g.reserve_gold)))
            ids.computer_words.text = title if self.rejected else (
                f"{title} {move_words(choice.lines, game=g)}")
        self._place_picture()

    def _prompt(self, view):
        c = ctl()
        q = c.question
        e = c.entry
        # The objects themselves, not their ids: a new game's may reuse an old one's address.
        choice = c.computer.move_for(c.game)
        asked = q and (q[0], tuple(q[1]), q[2])
        if asked != getattr(self, "_turns_asked", None):
            self._turns_asked, self.turns_chosen = asked, ()   # a new question: from its start
        key = (c.ref, e, asked, c.busy, view.turn,
               e and len(e.lines), e and e.step(), tuple(sorted(self.selection.items())),
               id(choice), c.computer.is_thinking(c.game), self.turns_chosen)
        if key == getattr(self, "_prompt_key", None):
            return  # unchanged: keep the widgets (re-rendering text is the slow part)
        self._prompt_key = key
        p = self._usual = V.prompt(e, q, c.busy, c.names, self.selection, c.pending_question,
                                   c.game, self.turns_chosen)
        if c.computer.plays(c.game) and q is None and e is not None and not e.lines \
                and not self.selection and e.step() == ("main",):
            if choice is not None:
                p = V.computer_prompt(e.game, choice.lines)
            elif c.computer.is_thinking(c.game):
                p = V.Prompt()   # the title says it thinks; nothing to do yet
        self.ask.ids.hint.text = p.hint
        box = self.ask.ids.prompt
        box.clear_widgets()
        self._done = None
        tap = app().tap
        for colour, held, chosen in p.chips:
            chip = GemChip(colour=colour, count=held, target=f"return:{colour}",
                           selected=chosen, size_hint=(None, None), size=(tap, tap))
            chip.bind(on_release=lambda w, col=colour, k=held: self.pick_return(col, k))
            box.add_widget(chip)
        for nid in p.nobles:
            tile = NobleTile(target=f"noble:{nid}", size_hint=(None, None),
                             size=(tap * 2.2, tap * 1.1))
            tile.noble = noble_view(nid)
            tile.bind(on_release=lambda w, n=nid: self.choose_noble(n))
            box.add_widget(tile)
        from kivy.core.window import Window
        # A candidate at least a quarter of the screen's height, its costs read from a chair.
        quarter = max(tap * 2, Window.height * (0.25 if app().landscape else 0.15))
        for cid in p.cards:         # the referee asks which reserved card was bought
            tile = CardTile(target=f"answer:{cid}", size_hint=(None, None),
                            size=(quarter * 0.77, quarter))
            tile.card = card_view(cid)
            tile.bind(on_release=lambda w, v=cid: ctl().answer(v))
            box.add_widget(tile)
        decks = {row["level"]: row["deck"] for row in view.rows}
        for level in p.decks:       # ... or from which deck a card was reserved
            deck = DeckTile(level=level, count=decks.get(level, 0), target=f"answer:{level}",
                            size_hint=(None, None), size=(tap * 1.9, tap * 1.3))
            deck.bind(on_release=lambda w, v=level: ctl().answer(v))
            box.add_widget(deck)
        def add_action(a):
            b = BigButton(text=a.label, target=a.target, size_hint=(None, None),
                          width=tap * (4.4 if a.wide else 2.4))
            if a.wide and a.key == "answer":
                b.size_hint_x = 1
            if a.snug:
                b.width = min(b.width, max(tap * 2.4, b._label.get_extents(a.label)[0] + tap))
            if a.primary:
                b.background_color = GREEN
            b.bind(on_release=lambda w, a=a: self._act(a))
            box.add_widget(b)
            if a.key == "computer":
                self._done, self._done_width = b, b.width
        # Back to the earlier seat's turns comes first: the turns may be many (scrolled).
        for a in p.actions:
            if a.key == "turns-back":
                add_action(a)
        for n, (i, parts) in enumerate(p.turns):    # ... or which of a few turns was played
            narrow = isinstance(i, tuple)
            tile = TurnTile(target=f"turn:{n}" if narrow else f"answer:{i}", size_hint_x=1)
            if any(kind == "card" for _v, kind, _x in parts):
                tile.height = quarter + 8   # a card its costs can be read on
            tile.show(parts)
            tile.bind(on_release=lambda w, v=i: self.choose_turn(v))
            box.add_widget(tile)
        for a in p.actions:
            if a.key != "turns-back":
                add_action(a)
        self._place_picture()
        self._size_done()

    def choose_turn(self, value):
        """A touch on a turn of a forgotten press: the answer, or (asked seat by seat) the
        turn of this seat, the next seat's turns shown next."""
        if isinstance(value, tuple):
            self._turns_step(self.turns_chosen + (value[1],))
        else:
            ctl().answer(value)

    def turns_back(self):
        self._turns_step(self.turns_chosen[:-1])

    def _turns_step(self, chosen):
        self.turns_chosen = chosen
        self.refresh()
        self._scroll.scroll_y = 1    # the next seat's turns from their top (Back is there)
        self._scroll._update_effect_bounds()   # else the scroll effect puts the old place back

    def _act(self, a):
        c = ctl()
        e = c.entry
        {"take": self.take, "clear": self.clear, "reserved": self.reserved_cards,
         "turns-back": self.turns_back,
         "hidden": self.hidden_buy, "pass": lambda: c.send(e.pass_line()),
         "reveal": lambda: self.reveal(*a.arg), "return": self.give_back,
         "end": self.end_turn, "answer": lambda: c.answer(a.arg),
         "computer": self.done_as_shown}[a.key]()

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

    def tap_noble(self, tile):
        c = ctl()
        q = c.question
        if tile.noble is None:
            return
        nid = tile.noble["id"]
        if q is not None and q[0] == "noble" and nid in q[1]:
            c.answer(nid)
            return
        step = self._step()
        if step and step[0] == "noble" and nid in step[1]:
            self.choose_noble(nid)

    def choose_noble(self, nid):
        c = ctl()
        q = c.question
        if q is not None and q[0] == "noble":
            c.answer(nid)
        else:
            c.send(c.entry.noble_line(nid))

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
        choice = V.card_choices(e.game, e.seat, cid)

        def pick(what):
            if what == "buy":
                c.send(e.buy_line(cid))
            elif what == "reserve":
                c.send(e.reserve_line(cid))
        from companion.ui.movepicture import PictureCard
        card = PictureCard()       # the card itself, large, beside what it costs the player
        card.card = card_view(cid)
        ChoicePopup(choice.title, choice.choices, pick, picture=card).open()

    def tap_deck(self, level):
        c = ctl()
        if self._step() != ("main",):
            return
        ChoicePopup(V.deck_title(level),
                    [(_("Reserve it"), True, "reserve-deck"), (_("Cancel"), False, "cancel")],
                    lambda ok: ok and c.send(c.entry.reserve_line(level=level))).open()

    def reserved_cards(self):
        c = ctl()
        e = c.entry
        tap = app().tap
        tiles = []
        for cid in (cid for cid, w in e.buyable() if w == "reserved"):
            tile = CardTile(target=f"buy:{cid}", size_hint=(None, None),
                            size=(tap * 1.7, tap * 2.3))
            tile.card = card_view(cid)
            tiles.append((tile, cid))
        TilePopup(V.reserved_title(e.game.names[e.seat]), tiles,
                  lambda cid: c.send(e.buy_line(cid))).open()

    def hidden_buy(self):
        c = ctl()
        e = c.entry
        levels = e.hidden_reserves()
        pool = [cid for lv in set(levels) for cid in e.game.unseen[lv - 1]]
        SearchPopup(V.hidden_title(),
                    lambda q: [x for x in sorted(pool) if x.lower().startswith(q.lower())]
                    if q else sorted(pool), lambda cid: c.send(e.buy_line(cid)),
                    describe_card, kind="card").open()

    def reveal(self, level, slot):
        c = ctl()
        e = c.entry
        SearchPopup(V.reveal_title(level, slot),
                    lambda q: e.reveal_choices(level, q),
                    lambda cid: c.send(e.reveal_line(level, slot, cid)), describe_card,
                    kind="card").open()

    def done_as_shown(self):
        """Enter exactly the computer's move by touch (a blind reserve: its card chosen)."""
        c = ctl()
        choice = c.computer.move_for(c.game)
        if choice is None:
            return
        lines = [dict(x) for x in choice.lines]
        main = lines[0]

        def send(lines):
            for line in lines:
                if c.send(line).kind == "rejected":
                    return
        if main.get("type") == "reserve" and "level" in main and "card" not in main:
            e = c.entry
            level = main["level"]

            def picked(cid):
                send([dict(main, card=cid)] + lines[1:])
            SearchPopup(V.blind_title(e.game.names[e.seat], level),
                        lambda q: e.reveal_choices(level, q), picked, describe_card,
                        kind="card").open()
            return
        send(lines)

    def rejection_details(self):
        """A tap on the red banner: the refusal's whole explanation, large, in the player's
        language, with a Close button."""
        if self._details is not None:
            RejectionDetails(self._details).open()

    def undo(self):
        c = ctl()
        self.selection = {}
        if c.game is None:
            return
        c.undo()    # queued at the referee's door; its words come with the undo's snapshot
        self.refresh()

    def camera(self):
        CameraView().open()


__all__ = ["PlayScreen", "CARDS"]
