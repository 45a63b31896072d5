"""The move picture: a turn drawn as gem tokens, a card tile, a card back, a noble tile."""
from kivy.uix.modalview import ModalView

from companion.app.move_view import move_parts, move_words
from companion.ui.movepicture import MovePicture
from tests.app.conftest import pump, walk


def _shown(parts):
    view = ModalView(size_hint=(0.9, 0.9))
    pic = MovePicture()
    view.add_widget(pic)
    view.open(animation=False)
    pic.show(parts)
    pump(0.05)
    return view, pic


def test_a_buy_with_a_noble_and_a_blind_reserve_are_drawn_as_their_pieces(ui):
    lines = [{"type": "buy", "player": 0, "card": "2R03", "pay": {"red": 1, "gold": 1}},
             {"type": "noble", "player": 0, "noble": "N07"}]
    view, pic = _shown(move_parts(lines))
    try:
        cards = [w for w in walk(pic) if type(w).__name__ == "PictureCard"]
        nobles = [w for w in walk(pic) if type(w).__name__ == "PictureNoble"]
        badges = [(w.colour, w.text) for w in walk(pic) if type(w).__name__ == "GemBadge"]
        verbs = [w.verb for w in pic.children]
        assert [c.card["id"] for c in cards] == ["2R03"]
        assert [n.noble["id"] for n in nobles] == ["N07"]
        assert sorted(badges) == [("gold", "1"), ("red", "1")]     # gems drawn, no letters
        assert sorted(verbs) == ["Buy", "Noble visit"]
        # Drawn only: nothing in the picture looks like or acts as a button.
        from tests.app.layout import is_target
        assert not [w for w in walk(pic) if is_target(w)]
        pic.show(move_parts([{"type": "reserve", "player": 0, "level": 2}], gold=False))
        pump(0.05)
        backs = [(w.colour, w.level, w.text) for w in walk(pic)
                 if type(w).__name__ == "MiniCard"]
        assert backs == [("back", 2, "")]        # a deck's back with its level's two dots
        assert not [w for w in walk(pic) if type(w).__name__ == "GemBadge"]
    finally:
        view.dismiss(animation=False)
        pump(0.05)


def test_the_words_come_from_the_translated_move_sentences(ui):
    lines = [{"type": "take", "player": 0, "gems": {"white": 1, "blue": 1, "red": 1}}]
    assert move_words(lines) == "Take 1 white, 1 blue, 1 red."
