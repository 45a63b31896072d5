"""The app in Polish and Korean (issue 15): a touch on a language switches every screen at
once, no restart; the first start offers the choice; the layout check of every screen in
every state passes in each language at both display sizes (slow); screenshots of the Play
screen and a rejection in each language.
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import i18n
from companion.engine import CARDS
from companion.i18n import live

from tests.app.conftest import WINDOW, grab_pixels, pump, save_png, tap_target, texts
from tests.app.tablestates import find_state, replay, start_in_app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def lang_ui(ui):
    yield ui
    live.tr.switch("en")        # the shared window goes back to English for the other tests
    pump(frames=2)


def test_a_touch_in_settings_switches_every_screen_at_once(lang_ui):
    ui = lang_ui
    ui.go("settings")
    pump(frames=2)
    tap_target("language:pl")
    shown = texts()
    assert "Język" in shown and "Kamera" in shown and "Nigdy" in shown     # kv and Python
    assert "Camera" not in shown.split("\n")
    ui.go("home")
    pump(frames=2)
    shown = texts()
    assert "Nowa gra" in shown and "Historia" in shown and "Ustawienia" in shown
    assert "Zacznij nową grę albo przejrzyj poprzednie." in shown           # built in Python
    ui.go("settings")
    pump(frames=2)
    tap_target("language:ko")
    ui.go("home")
    pump(frames=2)
    assert "새 게임" in texts() and "설정" in texts()
    assert i18n.stored_language(ui.ctl.data_dir) == "ko"                  # kept for next start


def test_the_first_start_offers_the_languages_on_home(lang_ui, monkeypatch):
    ui = lang_ui
    monkeypatch.delenv("SPLENDOR_LANG", raising=False)
    ui.go("home")
    ui.sm.current_screen.refresh()
    pump(frames=2)
    shown = texts()
    assert "English" in shown and "Polski" in shown and "한국어" in shown
    tap_target("language:pl")
    pump(frames=2)
    assert "Nowa gra" in texts()
    assert not ui.sm.current_screen.first_start         # chosen: the row goes away
    assert i18n.stored_language(ui.ctl.data_dir) == "pl"


@pytest.mark.parametrize("lang", ["en", "pl", "ko"])
def test_play_screen_and_a_rejection_in(lang, lang_ui, tmp_path_factory):
    """Screenshots for the report (SPLENDOR_SHOTS), and what a player reads there."""
    ui = lang_ui
    live.tr.switch(lang)
    folder = Path(os.environ.get("SPLENDOR_SHOTS") or tmp_path_factory.mktemp("lang-shots"))
    folder.mkdir(parents=True, exist_ok=True)
    size = f"{WINDOW[0]}x{WINDOW[1]}"
    ctl = ui.ctl
    table, lines = find_state(3, "start")
    start_in_app(ctl, table)
    replay(ctl, lines)
    ui.go("play")
    pump(0.05, frames=3)
    save_png(grab_pixels(), folder / f"play-{lang}-{size}.png")
    level3 = next(c.id for c in ctl.game.market[2] if c is not None)
    assert CARDS[level3].level == 3
    v = ctl.send({"type": "buy", "player": ctl.game.active, "card": level3, "pay": {}})
    assert v.kind == "rejected"
    pump(0.05, frames=3)
    save_png(grab_pixels(), folder / f"rejection-{lang}-{size}.png")
    shown = texts()
    head = {"en": "Not accepted: ", "pl": "Nie przyjęto: ", "ko": "받아들이지 않음: "}[lang]
    assert head in shown, shown
    assert "payment-mismatch" not in shown and "card-not-available" not in shown
    # The card is named by what is printed on it, not by its sticker id (fails on old code).
    from tests.i18n.idwords import has_id
    assert level3 not in shown and not has_id(shown), shown
    # The red banner says it opens: a line in the language under its words, at least 16 px,
    # inside the banner (its text fits its box, the box in the window; no text over it).
    import re
    from kivy.core.window import Window
    from tests.app import layout
    banner = ui.sm.get_screen("play").head.ids.banner
    cue = {"en": "Touch for details", "pl": "Dotknij, aby zobaczyć szczegóły",
           "ko": "눌러서 자세히 보기"}[lang]
    assert banner.markup and cue in banner.text.splitlines()[-1], banner.text
    cue_px = re.search(r"\[size=(\d+)\](?:\[[^\]]*\])*" + re.escape(cue), banner.text)
    assert cue_px and int(cue_px.group(1)) >= 16, banner.text
    assert layout.label_fits(banner) is None, layout.label_fits(banner)
    x0, y0, x1, y1 = layout.box(banner)
    assert 0 <= x0 and x1 <= Window.width and 0 <= y0 and y1 <= Window.height
    assert not [f for f in layout.text_overlaps(ui) if "banner" in f]
    # Details on tap (issue 33): a tap on the red banner opens the refusal's whole explanation,
    # large and in the language (what was wrong, the rule broken), inside its popup; Close.
    from companion.ui.play_popups import RejectionDetails
    tap_target("banner")
    views = [w for w in Window.children if isinstance(w, RejectionDetails)]
    assert len(views) == 1, "no explanation opened by a tap on the red banner"
    pump(0.05, frames=3)
    save_png(grab_pixels(), folder / f"rejection-details-{lang}-{size}.png")
    view = views[0]
    rule = {"en": "The rule: ", "pl": "Zasada: ", "ko": "규칙: "}[lang]
    assert view.headline.text.startswith(head), view.headline.text
    assert rule in view.body.text, view.body.text
    assert "payment-mismatch" not in view.body.text and not has_id(view.body.text)
    for label in (view.headline, view.body):
        assert label.font_size >= ui.fs_read, (label.text, label.font_size)
        assert layout.label_fits(label) is None, layout.label_fits(label)
        x0, y0, x1, y1 = layout.box(label)
        assert 0 <= x0 and x1 <= Window.width and 0 <= y0 and y1 <= Window.height
    tap_target("close")
    pump(frames=2)
    assert not [w for w in Window.children if isinstance(w, RejectionDetails)]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["pl", "ko"])
@pytest.mark.parametrize("size", ["800x480", "720x1280"])
def test_the_layout_check_passes_in(lang, size, tmp_path):
    """tests/app/test_app_layout.py's walk of every screen in every state, in its own process
    (one window size per process), with the app in ``lang``."""
    shots = tmp_path / "shots"
    env = dict(os.environ, SPLENDOR_LANG=lang, SPLENDOR_TEST_LANG=lang, SPLENDOR_TEST_SIZE=size,
               SPLENDOR_LAYOUT_SHOTS=str(shots))
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "tests/app/test_app_layout.py::"
         "test_every_screen_in_every_state_fits_at_this_window_size"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    # The walk ran in that language (it ran in English for a while and checked nothing).
    summary = (shots / f"faults-{size}.txt").read_text(encoding="utf-8").splitlines()[0]
    assert f"language {lang})" in summary, summary
