"""The engine's English with its sticker ids replaced by what is printed on the cards and nobles.

The screens say a card as "the level-2 blue card worth 1 point" where the engine (records,
logs) says "card 2U03": that is the only difference the English-equality tests allow.
"""
import re

from companion.i18n.words import card_phrase, noble_phrase

CARD = r"[123][WUGRK]\d\d"
NOBLE = r"N\d\d"


def screen_english(text: str, game=None) -> str:
    """``text`` (the engine's English) as the screen must say it."""
    def card(m):
        phrase = card_phrase(m.group(2), game)
        return phrase[:1].upper() + phrase[1:] if m.group(1) == "Card " else phrase

    def nobles(m):
        ids = re.findall(NOBLE, m.group(2))
        sep = " or " if " or " in m.group(2) else " and "
        phrase = sep.join(noble_phrase(n) for n in ids)
        return phrase[:1].upper() + phrase[1:] if m.group(1)[0] == "N" else phrase

    text = re.sub(rf"\b(Card |card )({CARD})\b", card, text)
    text = re.sub(rf"\(({CARD})\)", lambda m: f"({card_phrase(m.group(1), game)})", text)
    text = re.sub(rf"\b(Nobles? |noble )({NOBLE}(?: (?:or|and) {NOBLE})*)\b", nobles, text)
    return text


def has_id(text: str) -> bool:
    """Whether a sticker id shows in ``text``."""
    return re.search(rf"\b({CARD}|{NOBLE})\b", text) is not None
