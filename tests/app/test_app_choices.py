"""The large choices of a question (ChoicePopup): long card descriptions stay inside their buttons."""
from __future__ import annotations

import pytest

from tests.app.conftest import find, pump, run_in_portrait, tap


def _longest_card_descriptions(n: int) -> list:
    from companion.engine import CARDS
    from companion.ui.screens import describe_card
    return sorted(CARDS, key=lambda cid: (len(describe_card(cid)), cid))[-n:]


def test_choice_labels_stay_inside_their_buttons(ui):
    """The reserved-card question with the three longest card descriptions there are."""
    from kivy.app import App

    from companion.ui.screens import describe_card
    from companion.ui.widgets import ChoicePopup
    picked = []
    cards = _longest_card_descriptions(3)
    choices = [(describe_card(cid), cid, f"buy:{cid}") for cid in cards]
    choices.append(("Cancel", None, "cancel"))
    ChoicePopup("Buy which reserved card?", choices, picked.append).open()
    pump(frames=6)  # the labels' textures, then the rows sized to them
    tap_px = App.get_running_app().tap
    buttons = [find(target) for _, _, target in choices]
    for b in buttons:
        tw, th = b.texture_size
        assert tw <= b.width - 8 and th <= b.height - 8, (
            f"{b.text!r}: text {tw:.0f} x {th:.0f} px in a {b.width:.0f} x {b.height:.0f} px button")
        assert b.height >= tap_px - 0.5 and b.width >= tap_px
        assert b.y >= 0 and b.top <= b.get_root_window().height
    boxes = [(b.x, b.y, b.right, b.top) for b in buttons]
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        for (u0, v0, u1, v1) in boxes[i + 1:]:
            assert x1 <= u0 or u1 <= x0 or y1 <= v0 or v1 <= y0, "two choices overlap"
    tap(find(f"buy:{cards[0]}"))
    assert picked == [cards[0]]


@pytest.mark.slow  # 6 s; the choices in landscape stay in the default suite (issue 35: the suite's time)
def test_choices_in_portrait_on_touch_display_2():
    """The same in a 720 x 1280 window of its own (a second process)."""
    out = run_in_portrait("tests/app/test_app_choices.py::test_choice_labels_stay_inside_their_buttons")
    assert "1 passed" in out, out[-3000:]
