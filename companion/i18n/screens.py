"""Sentences of the screens, in the catalogs ahead of the screens themselves.

The screens (``companion/ui``) are being rebuilt; until each is wrapped (``tr._("...")`` in its
``.kv``, ``_()`` in its ``.py``), its words are listed here so the catalogs already hold them
translated. A sentence moves out of this list when its screen uses it; the extraction test
keeps the two in step (a sentence in neither place is not in the catalogs).
"""
from companion.i18n import N_

HOME = (N_("Splendor Companion"), N_("New game"), N_("History"), N_("Settings"),
        N_("An unfinished game was found. Resume it, or start a new one."),
        N_("Start a new game, or look at past games."),
        N_("Resume the game of {names}"), N_("Back to the game of {names}"))
PLAYERS = (N_("Who plays? Type a name at each seat with a player; tap who starts (the "
              "youngest)."),
           N_("Seat {n}"), N_("empty seat"), N_("Starts"), N_("Back"),
           N_("Names from earlier games (tap to seat):"), N_("Set up the table"))
SETUP = (N_("Check with the camera"), N_("Start the game"), N_("Done"),
         N_("Noble {n}\ntap to enter"), N_("Slot {n}\ntap to enter"),
         N_("Which noble is in {where}?"), N_("Which card is in {where}?"))
PLAY = (N_("Undo"), N_("Camera"), N_("Home"), N_("Reserved cards"), N_("Buy a hidden reserve"),
        N_("Enter the dealt card"), N_("Nobles visit {name}: choose one."),
        N_("The referee asks:"), N_("No card was reserved"), N_("From the level {n} deck"),
        N_("Choice {n}"), N_("Buy which reserved card?"),
        N_("Which reserved card is bought? (it was reserved face down)"),
        N_("Reserve the top card of the level {level} deck?"),
        N_("Which card was dealt into level {level}, slot {slot}?"),
        N_("No still yet: there is no camera, or no turn was judged yet."),
        N_("Nothing read yet."), N_("The mat was not found."),
        N_("The last turn was taken back."), N_("Cancel"),
        N_("Search: id (2R0) or cost (3W 2U)"))
GAMEOVER = (N_("Game over"), N_("Export the record"), N_("The game is saved to the history."),
            N_("The game record is exported to {path}."))
HISTORY = (N_("Past games"), N_("Players"), N_("No finished games yet."),
           N_("No statistics yet."))
SETTINGS = (N_("Camera"), N_("Calibrate: take a still"), N_("Seat panel"),
            N_("Test the lights (each LED in turn)"),
            N_("House rule: a take of fewer than 3 colours is allowed"),
            N_("Never"), N_("When colours run out"), N_("Always"),
            N_("Hints: show what the active player can afford"), N_("No seat panel."),
            N_("No camera is in use: every turn is entered by touch."),
            N_("Choose a camera first."), N_("Calibrating..."), N_("No seat panel to test."),
            N_("Every LED was lit in turn. Press a seat button to test it."),
            N_("Language"), N_("Choose your language"))
