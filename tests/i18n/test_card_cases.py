"""Polish card phrases in the case each sentence needs (issue 33): what is bought or reserved
is in the accusative ("Kup kartę rozwoju ..."), what stands as a subject in the nominative
("... trafia karta rozwoju ..."); never a noun glued twice ("kupuje kartę karta rozwoju")."""
import pytest

from companion.i18n import translator
from companion.i18n.moves import describe_move
from companion.i18n.verdicts import describe_line
from companion.i18n.words import card_phrase

NAMES = ["Ania", "Bartek"]
# 1W01: a level-1 white card with no points; 3U03 a level-3 blue card worth points.


@pytest.fixture
def polish():
    translator.set_language("pl")
    yield
    translator.set_language("en")


def test_card_phrases_in_the_nominative_and_the_accusative(polish):
    from companion.engine import CARDS
    card = next(c for c in CARDS.values() if c.level == 3 and c.points == 4)
    free = next(c for c in CARDS.values() if c.level == 1 and c.points == 0)
    assert card_phrase(card.id).startswith("karta rozwoju poziomu 3, bonus: ")
    assert card_phrase(card.id).endswith(", 4 punkty prestiżu")
    assert card_phrase(card.id, case="accusative").startswith("kartę rozwoju poziomu 3, bonus: ")
    assert card_phrase(free.id, case="accusative").endswith(", bez punktów prestiżu")
    assert card_phrase(free.id, case="accusative").startswith("kartę rozwoju poziomu 1")


def test_sentences_put_the_card_in_the_case_they_need(polish):
    from companion.engine import CARDS
    card = next(c for c in CARDS.values() if c.level == 2 and c.points == 2)
    buy = {"type": "buy", "player": 0, "card": card.id, "pay": {"red": 2}}
    said = describe_move([buy], NAMES, printed=True)
    assert said.startswith("Ania: kup kartę rozwoju poziomu 2, bonus: "), said
    said = describe_move([{"type": "reserve", "player": 0, "card": card.id}], NAMES,
                         printed=True)
    assert said.startswith("Ania: zarezerwuj kartę rozwoju poziomu 2"), said
    said = describe_line(buy, NAMES)
    assert said.startswith("Ania kupuje kartę rozwoju poziomu 2, bonus: "), said
    said = describe_line({"type": "reserve", "player": 1, "card": card.id}, NAMES)
    assert said == f"Bartek rezerwuje {card_phrase(card.id, case='accusative')}.", said
    said = describe_line({"type": "reveal", "level": 2, "slot": 0, "card": card.id}, NAMES)
    assert said.startswith("Na poziom 2, miejsce 1 trafia karta rozwoju poziomu 2"), said
    for wrong in ("kartę karta", "karta karta", "Kup karta", "Karta karta"):
        assert wrong not in said


def test_english_is_the_same_in_every_case():
    from companion.engine import CARDS
    for cid in list(CARDS)[:20]:
        assert card_phrase(cid) == card_phrase(cid, case="accusative")


def test_noble_phrases_in_the_case_each_sentence_needs(polish):
    """A noble who visits is the subject (nominative: "odwiedza ... arystokrata"); one to take
    or put back the object (accusative: "weź arystokratę"); one missing after "nie ma" the
    genitive ("nie ma arystokraty"). The rulebook's word: płytka arystokraty, arystokrata."""
    from companion.engine import NOBLES
    from companion.engine.errors import RuleError
    from companion.i18n.messages import render
    from companion.i18n.words import noble_phrase
    nid = sorted(NOBLES)[0]
    assert noble_phrase(nid).startswith("arystokrata wymagający bonusów: ")
    assert noble_phrase(nid, case="accusative").startswith("arystokratę wymagającego bonusów: ")
    assert noble_phrase(nid, case="genitive").startswith("arystokraty wymagającego bonusów: ")
    said = describe_line({"type": "noble", "player": 0, "noble": nid}, NAMES)
    assert said == f"Gracza Ania odwiedza {noble_phrase(nid)}.", said
    said = describe_move([{"type": "take", "player": 0, "gems": {"red": 1, "blue": 1,
                                                                 "green": 1}},
                          {"type": "noble", "player": 0, "noble": nid}], NAMES, printed=True)
    assert f"Potem weź {noble_phrase(nid, case='accusative')}." in said, said
    said = render(RuleError("noble-not-earned", "noble-not-on-table", {"noble": nid}), None)
    assert said == f"Na stole nie ma {noble_phrase(nid, case='genitive')}.", said
    for wrong in ("weź arystokrata", "weź płytkę: arystokrata", "nie ma arystokrata",
                  "stole: arystokrata"):
        assert wrong not in said


def test_a_noble_put_back_by_undo_is_in_the_accusative(polish):
    from companion.engine import NOBLES
    from companion.i18n.words import noble_phrase
    from companion.ui.play_view import noble_words
    nid = sorted(NOBLES)[1]
    assert noble_words(nid, case="accusative").startswith("arystokratę wymagającego bonusów: ")
    assert noble_words(nid).startswith("arystokrata wymagający bonusów: ")
    assert noble_phrase(nid, case="accusative").split(":")[0] == \
        noble_words(nid, case="accusative").split(":")[0]
