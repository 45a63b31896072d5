"""The commands' own sentences (``python -m companion.cli.main ...``): a wrong argument, or a
record a command can't work on, said from its fact (``cause``) and facts, in the English the
commands print (:func:`english`) or the player's language (:func:`words`). Floor 3: the
commands pass their values in."""
from __future__ import annotations

from companion.i18n import _, for_records


def words(cause: str, **f) -> str:
    if cause == "seconds-above-0":
        return _("--seconds must be more than 0.")
    if cause == "iterations":
        return _("--iterations must be at least 1.")
    if cause == "match-players":
        return _("A match needs {least} to {most} players.").format(**f)
    if cause == "games-jobs":
        return _("--games and --jobs must be at least 1.")
    if cause == "breaks-a-rule":
        return _("Line {line} breaks a rule: {said}").format(**f)
    if cause == "no-setup-to-coach":
        return _("The record stops before its setup: there is no game to coach.")
    if cause == "seat":
        return _("--seat must be 1 to {players} for this {players}-player game.").format(**f)
    if cause == "panel-timeout":
        return _("The timeout must be a number of seconds above 0 and at most {most}, not "
                 "{timeout:g}.").format(**f)
    if cause == "no-gpio":
        return _("This machine has no GPIO pins, so the seat buttons and LEDs can't be checked "
                 "here. Run `splendor-companion test-panel --mock` to walk through the check "
                 "on a virtual panel instead.")
    if cause == "panel-busy":
        return _("The seat panel could not be opened ({reason}). If the app is running it "
                 "holds the pins: stop it and run the check again.").format(**f)
    if cause == "check-stopped":
        return _("The wiring check was stopped before the end; nothing was changed.")
    raise ValueError(f"no sentence for the command fact {cause!r}")


def english(cause: str, **facts) -> str:
    """The same in the English the commands print."""
    with for_records():
        return words(cause, **facts)
