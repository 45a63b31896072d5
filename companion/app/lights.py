"""What the seat panel's LEDs say after a verdict: whose turn it is, the computer thinking, a
noble's visit or choice, a forgotten press asked or recorded, a rejection (README: the LED
table). No Kivy; the panel is a :class:`hardware.panel.SeatPanel` (or the on-screen one)."""
from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def show_lights(p, g, verdict, button_of, thinking: bool) -> None:
    """Set the LEDs of panel ``p`` for game ``g`` after ``verdict`` (None: no new verdict);
    ``button_of``: each seat's button; ``thinking``: the computer chooses the active seat's
    move. A fault is logged, never raised: a light must never stop the referee."""
    try:
        if verdict is not None and verdict.kind == "question" and verdict.question == "noble":
            slots = [i for i, n in enumerate(g.nobles) if n in verdict.candidates]
            p.show_noble_choice(button_of[g.active], slots)
            return
        if verdict is not None and verdict.kind == "question" and verdict.question == "turns":
            # The seat that forgot its button touches its turn on the screen.
            p.show_turns_choice(button_of[g.active])
            return
        if verdict is not None and verdict.kind == "accepted" and len(verdict.turns) > 1:
            # A forgotten press judged: the seats whose turns were recorded, in turn.
            p.show_turns_recorded([button_of[s] for s in verdict.turns])
        if verdict is not None and verdict.kind == "accepted":
            for line in verdict.lines:
                if line.get("type") == "noble":
                    slot = g.setup.nobles.index(line["noble"])
                    p.show_noble_visit(button_of[line["player"]],
                                       [slot] if slot < len(p.noble_lights) else [])
        if g.finished:
            p.show_waiting()
        elif thinking:
            p.show_thinking(button_of[g.active])
        else:
            p.show_turn(button_of[g.active])
        if verdict is not None and verdict.kind == "rejected" and verdict.seat is not None:
            # After the steady state: show_turn would end the blink at once.
            p.show_rejected(button_of[verdict.seat])
    except Exception:  # a light must never stop the referee; the cause goes to the log
        log.exception("Seat panel: the lights could not be set")


__all__ = ["show_lights"]
