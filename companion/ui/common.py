"""What every screen shares: the running app and controller, the base screen, card words."""
from __future__ import annotations

from kivy.app import App
from kivy.uix.screenmanager import Screen

from companion.viewmodel import GEM_LETTER, card_view, cost_text, noble_view


def app():
    return App.get_running_app()


def ctl():
    return App.get_running_app().ctl


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
    return f"Noble needing {cost_text(n['requires'])} (3 points)"


class AppScreen(Screen):
    def refresh(self):
        """Redraw from the controller (called when it changes while this screen shows)."""

    def on_pre_enter(self, *args):
        self.refresh()
