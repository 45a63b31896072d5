"""The app's screens, one module (and one ``.kv``) each; this module lists them for the app.

Each screen draws the controller's state and forwards touches to it; decisions live in plain
Python view-models (:mod:`companion.ui.play_view` for the Play screen).
"""
from companion.ui.common import describe_card, describe_noble  # noqa: F401 (tests use them)
from companion.ui.gameover import GameOverScreen
from companion.ui.history import HistoryScreen
from companion.ui.home import HomeScreen
from companion.ui.play import PlayScreen
from companion.ui.play_popups import CameraView  # noqa: F401
from companion.ui.players import PlayersScreen
from companion.ui.settings import SettingsScreen
from companion.ui.setup import SetupScreen

__all__ = ["SCREEN_CLASSES", "CameraView", "describe_card", "describe_noble"]

SCREEN_CLASSES = (HomeScreen, PlayersScreen, SetupScreen, PlayScreen, GameOverScreen,
                  HistoryScreen, SettingsScreen)
