"""What every screen shares: the running app and controller, the base screen, card words."""
from __future__ import annotations

from kivy.app import App
from kivy.uix.screenmanager import Screen

from companion.app.viewmodel import GEM_LETTER, card_view, cost_text, noble_view


def app():
    return App.get_running_app()


def ctl():
    return App.get_running_app().ctl


def points_text(n):
    """"1 point", "3 points": prestige as a player says it."""
    from companion.i18n.words import points
    return points(n)


def describe_card(cid):
    """A card as printed on it (level, bonus, points, cost): players don't see sticker ids."""
    c = card_view(cid)
    pts = f", {points_text(c['points'])}" if c["points"] else ""
    from companion.i18n import _
    return _("Level {level}: {letter} bonus{points}\ncost {cost}").format(
        level=c["level"], letter=GEM_LETTER[c["bonus"]], points=pts, cost=cost_text(c["cost"]))


def describe_noble(nid):
    n = noble_view(nid)
    from companion.i18n import _
    return _("Noble needing {bonuses} (3 points)").format(bonuses=cost_text(n["requires"]))


class AppScreen(Screen):
    def refresh(self):
        """Redraw from the controller (called when it changes while this screen shows)."""

    def on_pre_enter(self, *args):
        self.refresh()
