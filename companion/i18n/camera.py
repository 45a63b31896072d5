"""The camera's "can't judge this still" sentences in the current language, from the facts an
unreadable verdict carries (``Verdict.data``, ``ObservationError.data``):

- ``{"covered": [paths] | None, "again": "press" | "read"}``: a hand over regions;
- ``{"uncertain": [paths]}``: uncertain items that matter (changed since the last accepted
  turn, or a lane read as it was where another count of it would be judged otherwise);
- ``{"unsure": [paths]}``: uncertain items on a dealt table (the setup read);
- with either, ``"corner": True`` when a corner marker was missing too (the places may be
  beyond the frame's edge, or a hand is on a corner): a second sentence says where to look;
- ``{"twice": {"tag", "places": [paths]}}``: one tag seen in two places;
- ``{"overfull": {"colour", "seen", "players", "full"}}``: more tokens in a lane than the game has;
- ``{"unread_deal": {"level", "slot"}}``: the card dealt into a slot can't be read.
- ``{"key": code, ...}``: a fixed case of the referee, with its values (:func:`keyed`): the
  camera gave no reading (``no-reading``), can't see the mat (``no-mat``), gave an incomplete
  reading (``incomplete``) or something that is not a tag in a slot (``not-a-tag``, ``place``);
  the table kept changing (``changing``); no game set up (``not-set-up``); no still
  (``no-still``); and the dealt table's faults (``noble-slot-empty``, ``noble-slot-unread``,
  ``noble-slot-extra``, ``noble-is-card``, ``market-slot-empty``, ``market-slot-unread``,
  ``wrong-level``, ``deck-missing``, ``bank-start``; values ``slot``, ``level``, ``players``,
  ``tag``, ``colour``, ``full``, ``seen``) or a setup the engine can't read (``malformed``,
  ``problem``: the engine's facts).

Region paths are read-table's ("bank.red", "market.2.1", "nobles.3", "decks.1", "scan",
"markers.0"). English stays the referee's own sentence word for word: the templates are its
English, and the places are said in English exactly as the referee groups them
(``companion.i18n.covered``, ``_where_english``); Polish and Korean name each place on its own, as
a list after a colon (a list keeps every phrase in the nominative).
"""
from __future__ import annotations

from typing import Optional

from companion.i18n import covered as covered_text
from companion.i18n import DEFAULT, _, naming_ids, ngettext, pgettext, translator
from companion.i18n.files import image_sentence, reader_sentence
from companion.i18n.words import cap, card_phrase, join, lane, noble_phrase, tokens_of

_CORNERS = (
    lambda: pgettext("place", "the mat's top-left corner"),
    lambda: pgettext("place", "the mat's top-right corner"),
    lambda: pgettext("place", "the mat's bottom-right corner"),
    lambda: pgettext("place", "the mat's bottom-left corner"),
)
_ORDINALS = (
    lambda lv: pgettext("place", "the first card of level {level}").format(level=lv),
    lambda lv: pgettext("place", "the second card of level {level}").format(level=lv),
    lambda lv: pgettext("place", "the third card of level {level}").format(level=lv),
    lambda lv: pgettext("place", "the fourth card of level {level}").format(level=lv),
)


def _english() -> bool:
    return translator.lang == DEFAULT or naming_ids()


def _parsed(paths) -> list:
    """Region paths parsed and in mat order (covered_text's order), unknown paths left out."""
    parsed = {p for p in (covered_text._parse(str(x)) for x in paths or ()) if p is not None}
    return sorted(parsed, key=lambda p: (covered_text.KINDS.index(p[0]), p[1] or 0, p[2]))


def place(kind: str, level, i: int) -> str:
    """One region of the mat in the current language, standing alone (nominative)."""
    if kind == "bank":
        return lane(i)
    if kind == "nobles":
        return pgettext("place", "noble slot {slot}").format(slot=i + 1)
    if kind == "market":
        return _ORDINALS[i](level)
    if kind == "decks":
        return pgettext("place", "the level {level} deck").format(level=i)
    if kind == "scan":
        return pgettext("place", "the scan zone")
    return _CORNERS[i]()


def places(paths) -> list:
    """Each region of ``paths`` as its own phrase, in mat order."""
    return [place(*p) for p in _parsed(paths)]


def covered(data: dict) -> str:
    """A hand over regions: what to clear, then press again (or read the table again)."""
    paths = data.get("covered")
    read = data.get("again") == "read"
    named = covered_text.places(paths or ()) if _english() else places(paths)
    if not named:
        if read:
            return _("Something is covering the table (a hand or an arm): clear the mat, then "
                     "read the table again.")
        return _("Something is covering the table (a hand or an arm): clear the mat, then "
                 "press again.")
    n = len(named)
    what = covered_text.join(named) if _english() else join(named)
    if any(str(p).startswith("markers.") for p in paths):
        # (an arm over the corners, or the mat partly outside the frame: covered_text)
        if read:
            text = ngettext("The camera can't see {places}: move any hand off the mat and make "
                            "sure all of it is in the camera's view, then read the table again.",
                            "The camera can't see {places}: move any hand off the mat and make "
                            "sure all of it is in the camera's view, then read the table again.",
                            n)
        else:
            text = ngettext("The camera can't see {places}: move any hand off the mat and make "
                            "sure all of it is in the camera's view, then press again.",
                            "The camera can't see {places}: move any hand off the mat and make "
                            "sure all of it is in the camera's view, then press again.", n)
    elif read:
        text = ngettext("A hand is over {places}: move it, then read the table again.",
                        "A hand is over {places}: move it, then read the table again.", n)
    else:
        text = ngettext("A hand is over {places}: move it, then press again.",
                        "A hand is over {places}: move it, then press again.", n)
    return text.format(places=what)


def uncertain(data: dict) -> str:
    """Uncertain items that matter: how to lay them so that the camera can read them."""
    paths = data.get("uncertain") or []
    if _english():
        named = [_where_english(str(u)) for u in paths]
        what = ", ".join(named)
    else:
        named = places(paths)
        what = join(named)
    text = ngettext("The camera is not sure of {what}: lay tokens flat in one row in their "
                    "lane and cards flat with their tags facing up, then press again.",
                    "The camera is not sure of {what}: lay tokens flat in one row in their "
                    "lane and cards flat with their tags facing up, then press again.",
                    max(1, len(named))).format(what=what)
    return _with_corner(text, data)


def _where_english(path: str) -> str:
    """An uncertain item in the English the referee grouped them in (records, English
    screens): 'the red lane of the bank', 'the card in level 2, slot 1'."""
    parts = path.split(".")
    if parts[0] == "bank" and len(parts) == 2:
        return f"the {parts[1]} lane of the bank"
    if parts[0] == "market" and len(parts) == 3:
        return f"the card in level {parts[1]}, slot {int(parts[2]) + 1}"
    if parts[0] == "nobles" and len(parts) == 2:
        return f"noble slot {int(parts[1]) + 1}"
    if parts[0] == "decks" and len(parts) == 2:
        return f"the level {parts[1]} deck"
    return path


def _with_corner(text: str, data: dict) -> str:
    """`text`, and when a corner marker was missing too, where else to look."""
    if not data.get("corner"):
        return text
    return text + " " + _("One of the mat's corner markers can't be seen either: make sure the "
                          "whole mat is in the camera's view and nothing lies on its corners.")


def unsure(data: dict) -> str:
    """Uncertain items on a dealt table (the setup read)."""
    paths = data.get("unsure") or []
    named = covered_text.places(paths) if _english() else places(paths)
    if not named:
        return _with_corner(_("The camera is not sure of part of the table: lay every card and "
                              "noble flat with its tag facing up, and every token flat in its "
                              "lane."), data)
    what = covered_text.join(named) if _english() else join(named)
    return _with_corner(ngettext(
        "The camera is not sure of {what}: lay every card and noble flat with its tag facing up, "
        "and every token flat in its lane.",
        "The camera is not sure of {what}: lay every card and noble flat with its tag facing up, "
        "and every token flat in its lane.", len(named)).format(what=what), data)


def _slot(path: str) -> str:
    """A slot where a tag lies ('level 1, slot 2', 'noble slot 3', 'the scan zone')."""
    p = covered_text._parse(path)
    if p is None:
        return path
    kind, level, i = p
    if kind == "market":
        return pgettext("place", "level {level}, slot {slot}").format(level=level, slot=i + 1)
    return place(kind, level, i)


def twice(data: dict, game=None) -> str:
    """One tag seen in two places: take away the copy that does not belong there."""
    from companion.engine import NOBLES
    tag = data["tag"]
    slots = [_slot(str(p)) for p in data.get("places") or ()]
    where = " and ".join(slots) if _english() else join(slots)
    thing = noble_phrase(tag) if tag in NOBLES else card_phrase(tag, game)
    return cap(_("{thing} is seen in two places ({places}): each tag is on one card only. Take "
                 "away the copy that does not belong there, then press again.").format(
                     thing=thing, places=where))


def overfull(data: dict) -> str:
    """More tokens in a lane than the game has: one of another colour is in it."""
    i, n = data["colour"], data["seen"]
    return cap(ngettext("{lane} holds {n} token, but a {players}-player game has only {tokens}: "
                        "a token of another colour is in {lane}. Put every token in its own "
                        "colour's lane, then press again.",
                        "{lane} holds {n} tokens, but a {players}-player game has only "
                        "{tokens}: a token of another colour is in {lane}. Put every token in "
                        "its own colour's lane, then press again.", n).format(
                            lane=lane(i), n=n, players=data["players"],
                            tokens=tokens_of(i, data["full"])))


def unread_deal(data: dict) -> str:
    return _("The card dealt into level {level}, slot {slot} can't be read: lay it flat with "
             "its tag facing the camera, then press again.").format(level=data["level"],
                                                                     slot=data["slot"])


def _tag(tag: str) -> str:
    """A tag found where it does not belong: by its id in records, else by what it is."""
    from companion.engine import CARDS, NOBLES
    if naming_ids() or tag not in CARDS and tag not in NOBLES:
        return tag
    return card_phrase(tag) if tag in CARDS else noble_phrase(tag)


def _nobles_dealt(n: int) -> str:
    return ngettext("a {players}-player game reveals {nobles} nobles, in the first {nobles} "
                    "slots from the left.",
                    "a {players}-player game reveals {nobles} nobles, in the first {nobles} "
                    "slots from the left.", n).format(players=n, nobles=n + 1)


def keyed(data: dict) -> Optional[str]:
    """A fixed case of the referee (``data["key"]``) said with its values; None if unknown."""
    key = data.get("key")
    if key == "no-reading":
        return _("The camera gave no reading of the table: press again.")
    if key == "no-mat":
        return _("The camera can't see the mat: at least 3 of its 4 corner markers must be in "
                 "view. Move whatever covers a corner, then press again.")
    if key == "incomplete":
        return _("The camera's reading is incomplete (the nobles, market, decks or bank is "
                 "missing): press again.")
    if key == "not-a-tag":
        return _("The camera's reading of {place} is not a tag id.").format(
            place=_slot(str(data.get("place"))))
    if key == "changing":
        return _("The table kept changing while the camera read it: keep hands off the mat, "
                 "then press again.")
    if key == "not-set-up":
        return _("The game is not set up yet: confirm the dealt table first.")
    if key == "no-still":
        return _("There is no still for this press: press again.")
    # rejudge: a session's still that can't be read. Only rejudge says these, in the records'
    # English (so not translated); ``detail``: the JSON or the image reader's refusal as data
    # (said by companion.i18n.files).
    if key == "no-still-named":
        return "The press names no still."
    if key == "still-missing":
        return f"The still {data['name']} is missing from the session folder."
    if key == "reading-damaged":
        return f"The reading {data['name']} is damaged: {reader_sentence(data['detail'])}"
    if key == "reading-not-an-object":
        return (f"The reading {data['name']} holds no table reading (it is not a JSON "
                "object).")
    if key == "still-refused":
        return f"The still {data['name']} can't be judged: {image_sentence(data['detail'])}"
    if key == "noble-slot-empty":
        return _("Noble slot {slot} is empty: {dealt}").format(
            slot=data["slot"], dealt=_nobles_dealt(data["players"]))
    if key == "noble-slot-unread":
        return _("Noble slot {slot} has a tile whose tag can't be read: {dealt}").format(
            slot=data["slot"], dealt=_nobles_dealt(data["players"]))
    if key == "noble-slot-extra":
        n = data["players"]
        return ngettext("Noble slot {slot} should be empty: a {players}-player game reveals "
                        "only {nobles} nobles.",
                        "Noble slot {slot} should be empty: a {players}-player game reveals "
                        "only {nobles} nobles.", n).format(slot=data["slot"], players=n,
                                                           nobles=n + 1)
    if key == "noble-is-card":
        if naming_ids():
            return _("The tag {tag} in noble slot {slot} is a card, not a noble.").format(
                tag=data["tag"], slot=data["slot"])
        return cap(_("{card} lies in noble slot {slot}: it is a card, not a noble.").format(
            card=_tag(data["tag"]), slot=data["slot"]))
    if key == "market-slot-empty":
        return _("Level {level}, slot {slot} is empty: deal 4 face-up cards of each "
                 "level.").format(level=data["level"], slot=data["slot"])
    if key == "market-slot-unread":
        return _("The card in level {level}, slot {slot} can't be read: lay it flat with its "
                 "tag facing the camera.").format(level=data["level"], slot=data["slot"])
    if key == "wrong-level":
        return cap(_("{card} in level {level}, slot {slot} is not a level {level} card.").format(
            card=_tag(data["tag"]), level=data["level"], slot=data["slot"]))
    if key == "deck-missing":
        return _("The level {level} deck is not in its slot.").format(level=data["level"])
    if key == "bank-start":
        n = data["players"]
        return ngettext("The bank should start with {tokens} for {players} player, but the "
                        "camera counts {seen}.",
                        "The bank should start with {tokens} for {players} players, but the "
                        "camera counts {seen}.", n).format(
                            tokens=tokens_of(data["colour"], data["full"]), players=n,
                            seen=data["seen"])
    if key == "malformed":   # the engine's reason, for the records; players check the slots
        if naming_ids() and data.get("problem"):
            from companion.i18n.messages import render
            return render(data["problem"])
        return _("These cards and nobles can't start a game: check each slot, then confirm "
                 "again.")
    return None


def unreadable(data: Optional[dict], game=None) -> Optional[str]:
    """The sentence for an unreadable verdict's ``data`` (None when it carries none)."""
    data = data or {}
    if "key" in data:
        return keyed(data)
    if "twice" in data:
        return twice(data["twice"], game)
    if "overfull" in data:
        return overfull(data["overfull"])
    if "unread_deal" in data:
        return unread_deal(data["unread_deal"])
    if "covered" in data:
        return covered(data)
    if "uncertain" in data:
        return uncertain(data)
    if "unsure" in data:
        return unsure(data)
    return None


__all__ = ["place", "places", "covered", "uncertain", "unsure", "twice", "overfull",
           "unread_deal", "keyed", "unreadable"]
