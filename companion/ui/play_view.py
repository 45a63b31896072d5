"""The Play screen's decisions in plain Python (no Kivy): what the prompt asks, which actions a
touch offers and why one is missing, what to put back after an undo, and the words of every
message the screen shows. The screen (:mod:`companion.ui.play`) only draws these.

Every sentence a player reads on the Play screen is written here, as a plain literal, so the
translations can wrap them in one place.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from companion.app.computer import level_name
from companion.engine import CARDS, COLOURS, NOBLES, RESERVE_LIMIT, RevealCard
from companion.i18n import N_, _, ngettext, pgettext
from companion.i18n.words import colour_name, describe_tokens

# The gems as the rulebook names them (the legend shows each beside its shape).
# Marked for the catalogs here, translated where shown (_(GEM_WORDS[c]), _(LEGEND_TITLE)).
GEM_WORDS = {"white": N_("white (diamond)"), "blue": N_("blue (sapphire)"),
             "green": N_("green (emerald)"), "red": N_("red (ruby)"), "black": N_("black (onyx)"),
             "gold": N_("gold (joker)")}
LEGEND_TITLE = N_("The gems and their shapes")
LEGEND_NOTES = N_("Every colour has its own shape. A gem on a card is a bonus (the cards a "
                  "player owns); a gem alone is tokens. Gold replaces any colour. Every noble "
                  "is worth 3 points.")


def gem_list(gems: dict, more: bool = False) -> str:
    """{"white": 2, "gold": 1} -> "2 white and 1 gold" (``more``: "2 more white ...")."""
    return describe_tokens([gems.get(c, 0) for c in COLOURS], more)


def card_words(cid: str) -> str:
    """A card as players see it: "the level 2 blue card worth 2 points (cost 3 red, 5 black)"."""
    c = CARDS[cid]
    colour = colour_name(c.bonus)
    cost = gem_list({COLOURS[i]: n for i, n in enumerate(c.cost)})
    if not c.points:
        return _("the level {level} {colour} card (cost {cost})").format(
            level=c.level, colour=colour, cost=cost)
    return ngettext("the level {level} {colour} card worth {n} point (cost {cost})",
                    "the level {level} {colour} card worth {n} points (cost {cost})",
                    c.points).format(level=c.level, colour=colour, n=c.points, cost=cost)


def noble_words(nid: str, case: str = "") -> str:
    """The noble by its requirements; ``case`` as words.noble_phrase's (a message per case)."""
    n = NOBLES[nid]
    bonuses = gem_list({COLOURS[i]: k for i, k in enumerate(n.requires)})
    if case == "accusative":
        return pgettext("accusative", "the noble needing {bonuses}").format(bonuses=bonuses)
    return _("the noble needing {bonuses}").format(bonuses=bonuses)


# ----------------------------------------------------------------------------- banner
def banner_text(game) -> str:
    """Whose turn, and the final round with who reached 15, in one short sentence."""
    if game.finished:
        return _("The game is over.")
    name = game.names[game.active]
    if game.final_round:
        leader = max(range(game.n), key=lambda i: game.points[i])
        return _("Final round ({leader} reached 15). {name} to play.").format(
            leader=game.names[leader], name=name)
    return _("{name} to play.").format(name=name)


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


def split_first_sentence(text: str) -> tuple:
    """(the first sentence, the rest): a refusal's headline for the banner, its details."""
    parts = re.split(r"(?<=[.!?])\s+", text.strip(), maxsplit=1)
    return parts[0], (parts[1] if len(parts) > 1 else "")


def refusal_banner(headline: str, cue_px: int) -> str:
    """The red banner's words (Kivy markup): the refusal's first sentence, and under it,
    smaller, that a touch opens its whole explanation (the banner is a button only then)."""
    def plain(text):    # a name's brackets are letters, not markup
        return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
    return (f"{plain(headline)}\n[size={cue_px}][color=ffdcdc]"
            f"{plain(_('Touch for details'))}[/color][/size]")


@dataclass
class Details:
    """A refusal's whole explanation, opened large by a tap on the red banner."""
    headline: str                   # what happened (the banner's words)
    paragraphs: list                # how to put it right, a sentence each; the rule broken
    close: str


# Refusals that are no rule of the game: their sentence is no explanation to add.
_NOT_RULES = ("malformed", "game-over", "not-your-turn", "computer-move", "computer-hand")


def rejection_details(message: str, rule: str | None = None) -> Details:
    """The popup of a refusal: its first sentence as the headline, each later sentence a
    paragraph of its own, then the rule that was broken in the rulebook's words, unless the
    message already says it (``rule``: the verdict's rule code, never shown itself)."""
    from companion.i18n.verdicts import RULES, rule_sentence
    head, rest = split_first_sentence(message)
    paragraphs = [p for p in re.split(r"(?<=[.!?])\s+", rest.strip()) if p] if rest else []
    if rule in RULES and rule not in _NOT_RULES:
        sentence = rule_sentence(rule)
        if sentence not in message:
            paragraphs.append(_("The rule: {rule}").format(rule=sentence))
    return Details(head, paragraphs, _("Close"))


def verdict_text(verdict, message: str) -> str:
    """The message under the players: a refusal starts with what happened, never a code."""
    text = plain(message)
    if verdict is not None and verdict.kind == "rejected" and text and \
            not text.lower().startswith("not accepted"):
        text = _("Not accepted: {reason}").format(reason=text)
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
        choices.append((_("Buy it (pay {tokens})").format(tokens=paid), "buy", "buy"))
    else:
        need = shortfall(game, seat, cid)
        gold = game.tokens[seat][5]
        if need and gold:
            note = ngettext("{name} can't buy it yet: it needs {tokens} even with {n} gold.",
                            "{name} can't buy it yet: it needs {tokens} even with {n} gold.",
                            gold).format(name=name, tokens=gem_list(need, more=True), n=gold)
        elif need:
            note = _("{name} can't buy it yet: it needs {tokens}.").format(
                name=name, tokens=gem_list(need, more=True))
        else:
            note = _("{name} can't buy it now.").format(name=name)
    if on_market:
        if len(game.reserved[seat]) < RESERVE_LIMIT:
            choices.append((_("Reserve it"), "reserve", "reserve"))
        else:
            note = (note + " " if note else "") + _(
                "{name} already holds 3 reserved cards.").format(name=name)
    choices.append((_("Cancel"), None, "cancel"))
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
    snug: bool = False       # as wide as its words (at most wide): it may fit beside a picture


@dataclass
class Prompt:
    hint: str = ""
    actions: list = field(default_factory=list)
    chips: list = field(default_factory=list)     # (colour, held, selected): the return step
    nobles: list = field(default_factory=list)    # noble ids to choose from
    cards: list = field(default_factory=list)     # card ids to choose from (shown as cards)
    decks: list = field(default_factory=list)     # deck levels to choose from
    turns: list = field(default_factory=list)     # turn_parts() of each turn to choose from


def prompt(entry, question, busy: bool, names, selection: dict, asked=None,
           game=None, chosen=()) -> Prompt:
    """What the prompt shows for the turn being entered (``entry``: viewmodel.TurnEntry), or
    the referee's question (``asked``: its Verdict; ``game``: the game it was asked on;
    ``chosen``: the turns touched so far in a ``turns`` question asked seat by seat)."""
    if question is not None:
        return _question(question, names, asked, game, chosen)
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
            return Prompt(_("{name} takes {tokens}.").format(name=name,
                                                             tokens=gem_list(selection)),
                          [Action(_("Take"), "take", "take", primary=True),
                           Action(_("Clear"), "clear", "clear")])
        p = Prompt(_("{name}: tap gems to take, a card to buy or reserve, or a deck.").format(
            name=name))
        if any(w == "reserved" for _c, w in entry.buyable()):
            p.actions.append(Action(_("Reserved cards"), "reserved", "reserved", wide=True))
        if entry.hidden_reserves():
            p.actions.append(Action(_("Buy a hidden reserve"), "hidden", "hidden", wide=True))
        if any(type(a).__name__ == "PassTurn" for a in game.legal_main_actions()):
            p.actions.append(Action(_("Pass"), "pass", "pass"))
        return p
    if kind == "reveal":
        level, slot = step[1], step[2]
        return Prompt(_("Deal the top card of the level {level} deck into slot {slot}, then "
                        "enter it.").format(level=level, slot=slot + 1),
                      [Action(_("Enter the dealt card"), "reveal", "reveal", (level, slot),
                              primary=True, wide=True)])
    if kind == "return":
        over = step[1]
        held = game.tokens[game.active]
        chosen = sum(selection.values())
        p = Prompt(ngettext("{name} has {held} tokens: tap {n} to give back ({chosen} chosen).",
                            "{name} has {held} tokens: tap {n} to give back ({chosen} chosen).",
                            over).format(name=name, held=sum(held), n=over, chosen=chosen))
        p.chips = [(c, held[i], selection.get(c, 0)) for i, c in enumerate(COLOURS) if held[i]]
        if chosen == over:
            p.actions.append(Action(_("Give back"), "return", "return", primary=True))
        if chosen:
            p.actions.append(Action(_("Clear"), "clear", "clear"))
        return p
    if kind == "noble":
        nobles = list(step[1])
        if len(nobles) == 1:
            hint = _("A noble visits {name}: tap the noble to take it.").format(name=name)
        else:
            hint = ngettext("{n} nobles could visit {name}: tap the one {name} takes.",
                            "{n} nobles could visit {name}: tap the one {name} takes.",
                            len(nobles)).format(n=len(nobles), name=name)
        return Prompt(hint, nobles=nobles)
    return Prompt(_("{name}: press your seat button to end the turn.").format(name=name),
                  [Action(_("End turn"), "end", "end", primary=True)])


# The words before a turn's pieces in the referee's "which turn?" question (TurnTile).
TURN_WORDS = {"take": N_("Takes"), "return": N_("Gives back"), "buy": N_("Buys"),
              "pay": N_("Pays"), "reserve": N_("Reserves"), "noble": N_("Noble"),
              "pass": N_("Passes")}


def turn_parts(game, turn) -> list:
    """A candidate turn as (word, kind, value) pieces to draw: kind "gems" (colour -> count),
    "card" (an id, drawn as the printed card), "deck" (a level) or "noble"; never an id in
    words. ``game`` is the state the turn starts from (a reserve takes a gold if there is one)."""
    out = []

    def gems(counts):
        return {c: n for c, n in zip(COLOURS, counts) if n}
    for a in turn:
        kind = type(a).__name__
        if kind == "TakeGems":
            out.append((_(TURN_WORDS["take"]), "gems", gems(a.gems)))
        elif kind == "ReturnGems":
            out.append((_(TURN_WORDS["return"]), "gems", gems(a.gems)))
        elif kind == "BuyCard":
            out.append((_(TURN_WORDS["buy"]), "card", a.card))
            if any(a.pay):
                out.append((_(TURN_WORDS["pay"]), "gems", gems(a.pay)))
        elif kind in ("ReserveCard", "ReserveBlind"):
            card = getattr(a, "card", None)
            out.append((_(TURN_WORDS["reserve"]), "card", card) if card in CARDS
                       else (_(TURN_WORDS["reserve"]), "deck", a.level))
            if game is not None and game.reserve_gold:
                out.append((_(TURN_WORDS["take"]), "gems", {"gold": 1}))
        elif kind == "ClaimNoble":
            out.append((_(TURN_WORDS["noble"]), "noble", a.noble))
        elif kind == "PassTurn":
            out.append((_(TURN_WORDS["pass"]), None, None))
    return out


#: A forgotten press's ``turns`` question shows up to this many sequences at once (the later
#: seats' turns drawn beside the first); with more (three seats' turns with a card dealt and
#: reserved between two stills: 123 at seed 7308), each seat touches its own turn in order.
TURNS_AT_ONCE = 6


def _keys(turns) -> tuple:
    """Turns as the players tell them apart: a card dealt into the market is not part of it
    (the camera saw where it went, or a later turn reserved it)."""
    return tuple(tuple(a for a in turn if type(a) is not RevealCard) for turn in turns)


def turns_choices(game, options, chosen=()) -> list:
    """The next seat's turns among the sequences that begin with the turns ``chosen`` so far,
    one per turn as the players tell them apart: ``(value, parts)``, value the index of the
    sequence when the touch settles it, else ``("narrow", key)`` (the turn chosen: the next
    seat's turn is asked next)."""
    depth = len(chosen)
    groups: dict = {}
    for i, seq in enumerate(options):
        if len(seq) > depth and _keys(seq[:depth]) == tuple(chosen):
            groups.setdefault(_keys(seq[depth:depth + 1])[0], []).append(i)
    out = []
    for key, members in groups.items():
        seq = options[members[0]]
        # Sequences the same to the players' eyes to the end are one (the first stands).
        settled = len(members) == 1 or depth + 1 >= len(seq)
        out.append((members[0] if settled else ("narrow", key),
                    turn_parts(game if depth == 0 else None, seq[depth])))
    return out


def _question(question, names, asked=None, game=None, chosen=()) -> Prompt:
    """The referee's question as pictures to touch, under a short sentence of our own: the
    referee's sentence names cards and nobles by their sticker ids, so it is not shown."""
    kind, cands, _message = question
    seat = getattr(asked, "seat", None)
    name = names[seat] if seat is not None and seat < len(names) else ""
    p = Prompt()
    if kind == "noble":
        p.nobles = [n for n in cands if n in NOBLES]
        p.hint = ngettext("{n} nobles could visit {name}: tap the one {name} takes.",
                          "{n} nobles could visit {name}: tap the one {name} takes.",
                          len(p.nobles)).format(n=len(p.nobles), name=name)
    elif kind == "deck":
        p.hint = _("Which deck did {name} reserve a card from?").format(name=name)
        p.decks = [lv for lv in cands if lv in (1, 2, 3)]
        if 0 in cands:
            p.actions.append(Action(_("No card was reserved"), "answer:0", "answer", 0,
                                    wide=True))
    elif kind == "reserved-card":
        p.hint = _("Which of {name}'s reserved cards was bought?").format(name=name)
        p.cards = [c for c in cands if c in CARDS]
    elif kind == "turns" and game is not None and (
            chosen or len(getattr(asked, "options", ()) or ()) > TURNS_AT_ONCE):
        # Too many ways to show at once: each seat touches its own turn in turn order.
        from companion.i18n.forgotten import turns_hint, turns_hint_next
        options = asked.options
        p.turns = turns_choices(game, options, chosen)
        if chosen:
            seat = next(seq[len(chosen)][0].player for seq in options
                        if _keys(seq[:len(chosen)]) == tuple(chosen))
            p.hint = turns_hint_next(names[seat])
            p.actions.append(Action(_("Back"), "turns-back", "turns-back"))
        else:
            p.hint = turns_hint(game, asked)
    elif kind == "turns" and game is not None:
        # A forgotten press: the seat that forgot touches its own turn; where two sequences
        # share it, the later seats' turns are drawn after it (named).
        from companion.i18n.forgotten import turns_hint
        p.hint = turns_hint(game, asked)
        options = getattr(asked, "options", ()) or ()
        firsts = [tuple(seq[0]) for seq in options]
        for i, seq in enumerate(options):
            parts = turn_parts(game, seq[0])
            if firsts.count(tuple(seq[0])) > 1:
                for turn in seq[1:]:
                    parts += [(names[turn[0].player], None, None)] + turn_parts(None, turn)
            p.turns.append((i, parts))
    else:
        p.hint = _("The table fits more than one turn. Which was it?")
        options = getattr(asked, "options", ()) or ()
        p.turns = [(i, turn_parts(game, t)) for i, t in enumerate(options)]
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
        return _("There is nothing to take back.")
    out = []
    names = after["names"]
    for lv in (3, 2, 1):
        for i, (b, a) in enumerate(zip(before["market"][lv - 1], after["market"][lv - 1])):
            if a == b:
                continue
            if b is not None and a is not None:
                out.append(_("Put {card} from level {level}, slot {slot} back on top of its "
                             "deck, and {other} back in that slot.").format(
                                 card=card_words(b), level=lv, slot=i + 1, other=card_words(a)))
            elif b is not None:
                out.append(_("Put {card} from level {level}, slot {slot} back on top of its "
                             "deck.").format(card=card_words(b), level=lv, slot=i + 1))
            else:
                out.append(_("Put {card} back in level {level}, slot {slot}.").format(
                    card=card_words(a), level=lv, slot=i + 1))
    for seat, (tb, ta) in enumerate(zip(before["tokens"], after["tokens"])):
        gets = {c: ta[i] - tb[i] for i, c in enumerate(COLOURS) if ta[i] > tb[i]}
        gives = {c: tb[i] - ta[i] for i, c in enumerate(COLOURS) if tb[i] > ta[i]}
        if gives:
            out.append(_("{name} puts {tokens} back in the bank.").format(
                name=names[seat], tokens=gem_list(gives)))
        if gets:
            out.append(_("{name} takes {tokens} back from the bank.").format(
                name=names[seat], tokens=gem_list(gets)))
    for seat, (rb, ra) in enumerate(zip(before["reserved"], after["reserved"])):
        if len(rb) > len(ra):
            out.append(_("{name}'s last reserved card goes back where it came from.").format(
                name=names[seat]))
    for nid in after["nobles"]:
        if nid not in before["nobles"]:
            out.append(_("Put {noble} back on the table.").format(noble=noble_words(nid, case="accusative")))
    head = _("Taken back.")
    return " ".join([head] + out) if out else head + " " + _("Nothing on the table changes.")


def reserved_title(name: str) -> str:
    return _("Which of {name}'s reserved cards is bought?").format(name=name)


def deck_title(level: int) -> str:
    return _("Reserve the top card of the level {level} deck?").format(level=level)


def reveal_title(level: int, slot: int) -> str:
    return _("Which card was dealt into level {level}, slot {slot}?").format(level=level,
                                                                             slot=slot + 1)


def hidden_title() -> str:
    return _("Which reserved card is bought? (it was reserved face down)")


def camera_missing() -> str:
    return _("No picture yet: there is no camera, or no turn was judged with it.")


def camera_drawing() -> str:
    return _("Drawing the table as the camera saw it...")


# ----------------------------------------------------------------------------- the computer
def computer_title(name: str, level: int, thinking: bool) -> str:
    if thinking:
        return _("{name} (the computer, {level}) is thinking...").format(
            name=name, level=level_name(level))
    return _("{name} (the computer, {level}) plays:").format(name=name,
                                                            level=level_name(level))


def computer_prompt(game, lines) -> Prompt:
    """The prompt of the computer's turn before anything is entered: carry the move out and
    press the seat's button, or enter exactly this move with one tap."""
    name = game.names[game.active]
    main = next((x for x in lines if x.get("type") in ("take", "buy", "reserve", "pass")), {})
    if main.get("type") == "reserve" and "level" in main:
        hint = _("Show the card drawn from the level {level} deck in the camera's scan zone, "
                 "then press {name}'s button: the computer must know its hand.").format(
                     level=main["level"], name=name)
    else:
        hint = _("Do it on the table, then press {name}'s button.").format(name=name)
    return Prompt(hint, [Action(_("Done as shown"), "computer-done", "computer",
                                primary=True, wide=True, snug=True)])


def blind_title(name: str, level: int) -> str:
    return _("Which card did {name} draw from the level {level} deck? Choose it, so that the "
             "computer knows its hand.").format(name=name, level=level)


# ----------------------------------------------------------------------------- room for the move
@dataclass
class Room:
    """How the Play screen lays out the players and the prompt (:func:`computer_room`)."""
    folded: bool = False            # the players' panels show only names and points
    columns: int = 1                # folded panels side by side
    prompt: float | None = None     # portrait: the prompt's height (None: as usual)


def computer_room(move_shown: bool, landscape: bool, players: int, panel: float, folded: float,
                  gap: float, pair: bool, prompt: float, room: float = 0.0,
                  usual: float = 0.0, trio: bool = False) -> Room:
    """Room for the computer's move, whose words, picture and button are never scrolled to.

    ``panel`` and ``folded`` are a player's panel's heights open and folded, ``gap`` the space
    between panels, ``pair`` whether two folded panels fit side by side, ``prompt`` the move's
    prompt's height. Landscape: ``room`` is what the prompt has under the open panels (the
    market is in the other column); the panels fold when the prompt needs more. Portrait:
    ``trio``: three folded panels fit side by side (3 players: one row, the room of a row more
    for a card a quarter of the screen tall in Polish and Korean).
    ``usual`` is the prompt's height on this turn without the computer's move, when the market
    has its usual rows; the panels fold when the move needs more, and the prompt gets the room
    they free or what it needs, whichever is more: the market keeps its rows unless even the
    folded panels leave too little.
    """
    if not move_shown:
        return Room()
    columns = 3 if trio and players == 3 else 2 if pair and players > 1 else 1
    rows = -(-players // columns)
    freed = players * panel + (players - 1) * gap - rows * folded - (rows - 1) * gap
    if landscape:
        fold = prompt > room
        return Room(folded=fold, columns=columns if fold else 1)
    if prompt <= usual:
        return Room(prompt=usual)
    return Room(folded=True, columns=columns, prompt=max(prompt, usual + freed))


def flow_height(widths, width: float, height: float, spacing: float) -> float:
    """The height of a row-by-row flow (a Kivy StackLayout, left to right) of pieces of one
    ``height`` and these ``widths`` in ``width``."""
    rows, x = 0, None
    for w in widths:
        if x is None or x + spacing + w > width:
            rows, x = rows + 1, w
        else:
            x += spacing + w
    return rows * height + max(0, rows - 1) * spacing
