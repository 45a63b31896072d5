"""The commands' own sentences (``python -m companion.cli.main ...``): a wrong argument, or a
record a command can't work on, said from its fact (``cause``) and facts, in the English the
commands print (:func:`english`) or the player's language (:func:`words`). Floor 3: the
commands pass their values in."""
from __future__ import annotations

from companion.i18n import _, in_records, ngettext
from companion.i18n.files import with_reason


def words(cause: str, **f) -> str:
    f = with_reason(f)
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
    if cause == "bench-seconds":
        return _("--seconds must be a number of seconds from more than 0 to {most}.").format(**f)
    if cause == "all-legal":
        return _("Every line is legal. {summary}").format(summary=_summary(**f))
    if cause == "before-that-line":
        return _("Before that line: {summary}").format(summary=_summary(**f))
    if cause == "rejudged-over":
        return _("The game is over after {turns} turns; winners: {seats}.").format(
            turns=f["turns"], seats=", ".join(str(s) for s in f["winners"]))
    if cause == "rejudged-in-progress":
        return ngettext("The game is in progress after {turns} accepted turn.",
                        "The game is in progress after {turns} accepted turns.",
                        f["turns"]).format(**f)
    if cause == "mat-written":
        return _("Wrote {out}: the mat on one {width:g} x {height:g} mm page. Print at 100 % "
                 "(actual size).").format(**f)
    if cause == "mat-tiles-written":
        if f["orientation"] == "landscape":
            said = _("Wrote {out}: the mat on {pages} A4 landscape pages ({rows} rows x {cols} "
                     "columns). Print at 100 % (actual size).")
        else:
            said = _("Wrote {out}: the mat on {pages} A4 portrait pages ({rows} rows x {cols} "
                     "columns). Print at 100 % (actual size).")
        return said.format(**f)
    if cause == "tags-written":
        stickers = ngettext("{n} tag sticker", "{n} tag stickers", f["stickers"]).format(
            n=f["stickers"])
        pages = ngettext("{n} A4 page", "{n} A4 pages", f["pages"]).format(n=f["pages"])
        return _("Wrote {out}: {stickers} on {pages}. Print at 100 % (actual size).").format(
            out=f["out"], stickers=stickers, pages=pages)
    if cause == "qr-unwritable":
        return _("The QR code can't be written to {path}: {reason}.").format(**f)
    if cause == "no-images":
        return _("No images were given (or the folders hold none); name an image, a folder or "
                 "--camera.")
    if cause == "overlay-folder-is-a-file":
        return _("{folder} is a file, so overlays can't be written into it; give a "
                 "folder.").format(**f)
    if cause == "overlay-folder-unwritable":
        return _("Overlays can't be written into {folder} ({reason}); nothing was "
                 "read.").format(**f)
    if cause == "overlay-unwritable":
        return _("The overlay {path} could not be written ({reason}).").format(**f)
    if cause == "output-unwritable":
        if f.get("reason") is None:
            return _("The output could not be written (the output was closed); it is "
                     "incomplete.")
        return _("The output could not be written ({reason}); it is incomplete.").format(**f)
    if cause == "app-not-built":
        return _("The touchscreen app is not built yet. Available commands:")
    if cause == "coached-seat":
        return ngettext("{name} (seat {seat}): {points} turning point in {turns} turns "
                        "({seconds:.1f} s)",
                        "{name} (seat {seat}): {points} turning points in {turns} turns "
                        "({seconds:.1f} s)", f["points"]).format(**f)
    if cause == "turning-point":
        # The two chances are of one moment, after one move or the other: said as a
        # comparison, never as a fall ("43% -> 40%" read as one).
        return _("Round {round}: played \"{made}\" (chance of winning about {chance_made:.0%}); "
                 "\"{better}\" would have been better (about {chance_better:.0%}).").format(**f)
    if cause == "why":
        return _("Why: {why}").format(**f)
    if cause == "coached":
        return ngettext("Coached {seats} seat of a {players}-player game of {rounds} rounds: "
                        "{judged} turns judged at {iterations} iterations in {cpu:.1f} s of CPU "
                        "({a_turn:.3f} s a turn); about {pi5:.0f} s on a Raspberry Pi 5.",
                        "Coached {seats} seats of a {players}-player game of {rounds} rounds: "
                        "{judged} turns judged at {iterations} iterations in {cpu:.1f} s of CPU "
                        "({a_turn:.3f} s a turn); about {pi5:.0f} s on a Raspberry Pi 5.",
                        f["seats"]).format(**f)
    raise ValueError(f"no sentence for the command fact {cause!r}")


def _summary(turns=None, winners=None, tie_break=None, scores=(), to_play=None, seat=None):
    """Where a replayed game stands: never set up (``turns`` None), over (``winners``: names,
    ``scores``: a tuple of (name, points), one per seat) or in progress (``to_play`` at
    ``seat``)."""
    if turns is None:
        return _("The game has not been set up yet.")
    if winners:
        names = winners[0]
        for name in winners[1:]:
            names = _("{names} and {name}").format(names=names, name=name)
        points = ", ".join(_("{name} {points}").format(name=n, points=p) for n, p in scores)
        if tie_break == "fewest-cards":
            said = ngettext("The game is over after {turns} turns: {names} wins (tie broken by "
                            "fewest purchased cards). Points: {points}.",
                            "The game is over after {turns} turns: {names} win (tie broken by "
                            "fewest purchased cards). Points: {points}.", len(winners))
        elif tie_break == "shared":
            said = ngettext("The game is over after {turns} turns: {names} wins (a shared "
                            "victory: tied on points and cards). Points: {points}.",
                            "The game is over after {turns} turns: {names} win (a shared "
                            "victory: tied on points and cards). Points: {points}.",
                            len(winners))
        else:
            said = ngettext("The game is over after {turns} turns: {names} wins. "
                            "Points: {points}.",
                            "The game is over after {turns} turns: {names} win. "
                            "Points: {points}.", len(winners))
        return said.format(turns=turns, names=names, points=points)
    return ngettext("The game is in progress: {turns} turn played, {name} (seat {seat}) to play.",
                    "The game is in progress: {turns} turns played, {name} (seat {seat}) to "
                    "play.", turns).format(turns=turns, name=to_play, seat=seat)


english = in_records(words, """The same in the English the commands print.""")
