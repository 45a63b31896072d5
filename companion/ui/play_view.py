"""The Play screen's decisions in plain Python (no Kivy): what the prompt asks, which actions a
touch offers and why one is missing, what to put back after an undo, and the words of every
message the screen shows. The screen (:mod:`companion.ui.play`) only draws these.

Every sentence a player reads on the Play screen is written here, as a plain literal, so the
translations can wrap them in one place.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from companion.engine import CARDS, COLOURS, NOBLES

# The gems as the rulebook names them, with the letter each is marked by on screen.
GEM_WORDS = {"white": "white (diamond)", "blue": "blue (sapphire)", "green": "green (emerald)",
             "red": "red (ruby)", "black": "black (onyx)", "gold": "gold (joker)"}
LEGEND_TITLE = "The gems and their letters"
LEGEND_NOTES = ("Squares are the bonuses of the cards a player owns; discs are tokens. "
                "Gold replaces any colour. Every noble is worth 3 points.")


def gem_list(gems: dict, more: bool = False) -> str:
    """{"white": 2, "gold": 1} -> "2 white and 1 gold" (``more``: "2 more white ...")."""
    parts = [f"{n} {'more ' if more else ''}{c}" for c in COLOURS if (n := gems.get(c, 0))]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def card_words(cid: str) -> str:
    """A card as players see it: "the level 2 blue card worth 2 points (cost 3 red, 5 black)"."""
    c = CARDS[cid]
    colour = COLOURS[c.bonus]
    pts = f" worth {c.points} point{'s' if c.points != 1 else ''}" if c.points else ""
    cost = gem_list({COLOURS[i]: n for i, n in enumerate(c.cost)})
    return f"the level {c.level} {colour} card{pts} (cost {cost})"


def noble_words(nid: str) -> str:
    n = NOBLES[nid]
    return "the noble needing " + gem_list({COLOURS[i]: k for i, k in enumerate(n.requires)})


# ----------------------------------------------------------------------------- banner
def banner_text(game) -> str:
    """Whose turn, and the final round with who reached 15, in one short sentence."""
    if game.finished:
        return "The game is over."
    name = game.names[game.active]
    if game.final_round:
        leader = max(range(game.n), key=lambda i: game.points[i])
        return f"Final round ({game.names[leader]} reached 15). {name} to play."
    return f"{name} to play."


# ----------------------------------------------------------------------------- messages
# The referee's and the engine's sentences, with the names of the record's fields replaced by
# the buttons and words players use. Rule codes stay in the logs and the record.
_PLAIN = (
    (re.compile(r"\s*or enter end_turn"), " or tap End turn"),
    (re.compile(r"\bend_turn\b"), "End turn"),
    (re.compile(r"\(([a-z]+-)+[a-z]+\):?\s*"), ""),   # "(take-three-distinct): "
    (re.compile(r"\[|\]"), ""),                       # no markup from outside
)


def plain(message: str) -> str:
    text = message or ""
    for pattern, repl in _PLAIN:
        text = pattern.sub(repl, text)
    return text.strip()


def verdict_text(verdict, message: str) -> str:
    """The message under the players: a refusal starts with what happened, never a code."""
    text = plain(message)
    if verdict is not None and verdict.kind == "rejected" and text and \
            not text.lower().startswith("not accepted"):
        text = "Not accepted: " + text
    return text


# ----------------------------------------------------------------------------- a card's choices
def shortfall(game, seat: int, cid: str) -> dict:
    """colour -> how many more the seat needs to buy the card (after bonuses; gold counts)."""
    card = CARDS[cid]
    tokens, bonuses = game.tokens[seat], game.bonuses[seat]
    missing = {COLOURS[i]: max(0, n - bonuses[i] - tokens[i]) for i, n in enumerate(card.cost)}
    gold = tokens[5]
    short = sum(missing.values()) - gold
    return {c: n for c, n in missing.items() if n} if short > 0 else {}


@dataclass
class CardChoice:
    title: str
    choices: list            # (label, value, target)
    note: str = ""           # why an action is missing


def card_choices(game, seat: int, cid: str, on_market: bool = True) -> CardChoice:
    name = game.names[seat]
    choices = []
    pay = game.payment(seat, CARDS[cid])
    note = ""
    if pay is not None:
        paid = gem_list({COLOURS[i]: n for i, n in enumerate(pay)})
        choices.append((f"Buy it (pay {paid})", "buy", "buy"))
    else:
        need = shortfall(game, seat, cid)
        gold = game.tokens[seat][5]
        extra = f" even with {gold} gold" if gold else ""
        note = (f"{name} can't buy it yet: it needs {gem_list(need, more=True)}{extra}."
                if need else f"{name} can't buy it now.")
    if on_market:
        if len(game.reserved[seat]) < 3:
            choices.append(("Reserve it", "reserve", "reserve"))
        else:
            note = (note + " " if note else "") + f"{name} already holds 3 reserved cards."
    choices.append(("Cancel", None, "cancel"))
    title = card_words(cid)
    title = title[0].upper() + title[1:] + "."
    if note:
        title += "\n" + note
    return CardChoice(title, choices, note)


# ----------------------------------------------------------------------------- the prompt
@dataclass
class Action:
    label: str
    target: str
    key: str                 # the screen's handler: take, clear, reserved, hidden, pass, ...
    arg: object = None
    primary: bool = False
    wide: bool = False


@dataclass
class Prompt:
    hint: str = ""
    actions: list = field(default_factory=list)
    chips: list = field(default_factory=list)     # (colour, held, selected): the return step
    nobles: list = field(default_factory=list)    # noble ids to choose from


def prompt(entry, question, busy: bool, names, selection: dict) -> Prompt:
    """What the prompt shows for the turn being entered (``entry``: viewmodel.TurnEntry)."""
    if question is not None:
        return _question(question, names)
    if entry is None or busy:
        return Prompt()
    step = entry.step()
    if step is None:
        return Prompt()
    game = entry.game
    name = game.names[game.active]
    kind = step[0]
    if kind == "main":
        if selection:
            return Prompt(f"{name} takes {gem_list(selection)}.",
                          [Action("Take", "take", "take", primary=True),
                           Action("Clear", "clear", "clear")])
        p = Prompt(f"{name}: tap gems to take, a card to buy or reserve, or a deck.")
        if any(w == "reserved" for _, w in entry.buyable()):
            p.actions.append(Action("Reserved cards", "reserved", "reserved", wide=True))
        if entry.hidden_reserves():
            p.actions.append(Action("Buy a hidden reserve", "hidden", "hidden", wide=True))
        if any(type(a).__name__ == "PassTurn" for a in game.legal_main_actions()):
            p.actions.append(Action("Pass", "pass", "pass"))
        return p
    if kind == "reveal":
        _, level, slot = step
        return Prompt(f"Deal the top card of the level {level} deck into slot {slot + 1}, "
                      "then enter it.",
                      [Action("Enter the dealt card", "reveal", "reveal", (level, slot),
                              primary=True, wide=True)])
    if kind == "return":
        over = step[1]
        held = game.tokens[game.active]
        chosen = sum(selection.values())
        p = Prompt(f"{name} has {sum(held)} tokens: tap {over} to give back "
                   f"({chosen} chosen).")
        p.chips = [(c, held[i], selection.get(c, 0)) for i, c in enumerate(COLOURS) if held[i]]
        if chosen == over:
            p.actions.append(Action("Give back", "return", "return", primary=True))
        if chosen:
            p.actions.append(Action("Clear", "clear", "clear"))
        return p
    if kind == "noble":
        nobles = list(step[1])
        if len(nobles) == 1:
            hint = f"A noble visits {name}: tap the noble to take it."
        else:
            hint = f"{len(nobles)} nobles could visit {name}: tap the one {name} takes."
        return Prompt(hint, nobles=nobles)
    return Prompt(f"{name}: press your seat button to end the turn.",
                  [Action("End turn", "end", "end", primary=True)])


def _question(question, names) -> Prompt:
    kind, cands, message = question
    p = Prompt(plain(message) or "The referee asks a question:")
    for i, value in enumerate(cands or []):
        if kind == "noble" and value in NOBLES:
            p.nobles.append(value)
            continue
        if kind == "deck":
            text = "No card was reserved" if value == 0 else f"From the level {value} deck"
        elif kind == "turn":
            from companion.viewmodel import describe_line
            lines = value if isinstance(value, list) else [value]
            text = " ".join(describe_line(x, names) for x in lines if isinstance(x, dict))
            text = plain(text) or f"Choice {i + 1}"
            value = i
        elif value in CARDS:
            text = card_words(value)
        else:
            text = str(value)
        p.actions.append(Action(text, f"answer:{value}", "answer", value, wide=True))
    return p


# ----------------------------------------------------------------------------- undo
def table_facts(game) -> dict:
    """What an undo may change on the table (taken before and after it)."""
    return {"turn": game.turn, "history": len(game.history), "names": list(game.names),
            "tokens": [list(t) for t in game.tokens],
            "market": [[c.id if c is not None else None for c in row] for row in game.market],
            "nobles": [n for n in game.nobles if n is not None],
            "reserved": [[r.id for r in rs] for rs in game.reserved]}


def undo_words(before: dict, after: dict) -> str:
    """What the players put back on the table to match the game after an undo."""
    if before["history"] == after["history"] and before["turn"] == after["turn"]:
        return "There is nothing to take back."
    out = []
    names = after["names"]
    for lv in (3, 2, 1):
        for i, (b, a) in enumerate(zip(before["market"][lv - 1], after["market"][lv - 1])):
            if a == b:
                continue
            if b is not None and a is not None:
                out.append(f"Put {card_words(b)} from level {lv}, slot {i + 1} back on top "
                           f"of its deck, and {card_words(a)} back in that slot.")
            elif b is not None:
                out.append(f"Put {card_words(b)} from level {lv}, slot {i + 1} back on top "
                           "of its deck.")
            else:
                out.append(f"Put {card_words(a)} back in level {lv}, slot {i + 1}.")
    for seat, (tb, ta) in enumerate(zip(before["tokens"], after["tokens"])):
        gets = {c: ta[i] - tb[i] for i, c in enumerate(COLOURS) if ta[i] > tb[i]}
        gives = {c: tb[i] - ta[i] for i, c in enumerate(COLOURS) if tb[i] > ta[i]}
        if gives:
            out.append(f"{names[seat]} puts {gem_list(gives)} back in the bank.")
        if gets:
            out.append(f"{names[seat]} takes {gem_list(gets)} back from the bank.")
    for seat, (rb, ra) in enumerate(zip(before["reserved"], after["reserved"])):
        if len(rb) > len(ra):
            out.append(f"{names[seat]}'s last reserved card goes back where it came from.")
    for nid in after["nobles"]:
        if nid not in before["nobles"]:
            out.append(f"Put {noble_words(nid)} back on the table.")
    head = "Taken back."
    return " ".join([head] + out) if out else head + " Nothing on the table changes."


def reserved_title(name: str) -> str:
    return f"Which of {name}'s reserved cards is bought?"


def deck_title(level: int) -> str:
    return f"Reserve the top card of the level {level} deck?"


def reveal_title(level: int, slot: int) -> str:
    return f"Which card was dealt into level {level}, slot {slot + 1}?"


def hidden_title() -> str:
    return "Which reserved card is bought? (it was reserved face down)"


def camera_missing() -> str:
    return "No picture yet: there is no camera, or no turn was judged with it."


def camera_drawing() -> str:
    return "Drawing the table as the camera saw it..."
