"""Run by test_live.py in its own process: a real Kivy window with kv rules bound to ``tr``;
switch the language and report what each label says and whether it draws real glyphs.

argv: DATA_DIR JSON_OUT.
"""
import gc
import json
import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="kivy-home-")
os.environ["KIVY_NO_FILELOG"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ.pop("LANGUAGE", None)
os.environ.pop("SPLENDOR_LANG", None)
os.environ["LANG"] = "ko_KR.UTF-8"     # the system locale: Korean until a choice is stored

from kivy.core.text import Label as CoreLabel  # noqa: E402
from kivy.core.window import Window  # noqa: E402,F401 (opens the window)
from kivy.lang import Builder  # noqa: E402

from companion.i18n import live  # noqa: E402

KV = '''
BoxLayout:
    orientation: "vertical"
    Label:
        id: title
        text: tr._("Settings")
    Label:
        id: points
        n: 5
        text: tr.ngettext("{n} point", "{n} points", self.n).format(n=self.n)
    Label:
        id: plain
        text: "Splendor"
'''


def main():
    data_dir, dst = sys.argv[1:3]
    out = {}
    tr = live.setup(data_dir)
    out["start"] = tr.lang
    root = Builder.load_string(KV)
    ids = root.ids
    heard = []
    tr.bind(lang=lambda _i, v: heard.append(v))

    def texts():
        return [ids.title.text, ids.points.text, ids.plain.text]

    out["ko"] = texts()
    live.choose_language(data_dir, "pl")
    out["pl"] = texts()
    ids.points.n = 22
    out["pl22"] = ids.points.text
    live.choose_language(data_dir, "en")
    out["en"] = texts()
    live.choose_language(data_dir, "ko")
    out["heard"] = heard
    # A label drawn with the default font after setup: Hangul, not boxes.
    box = CoreLabel(text="\ue000", font_size=32)
    box.refresh()
    ko = CoreLabel(text=ids.title.text + " 김민준 Zażółć", font_size=32)
    ko.refresh()
    out["default_font_draws_hangul"] = bytes(ko.texture.pixels) != bytes(box.texture.pixels) \
        and ko.texture.size[0] > 5 * box.texture.size[0]
    # Rules of widgets that are gone are dropped at the next switch (no leak, no error).
    before = tr.observers
    for _ in range(20):
        Builder.load_string(KV)
    gc.collect()
    live.choose_language(data_dir, "pl")
    out["observers"] = [before, tr.observers]
    # The chooser: a tap on "한국어" switches the app and keeps the choice; its toggles follow.
    from companion.i18n.chooser import LanguageChoice, first_start
    out["first_start_before"] = first_start(os.path.join(data_dir, "fresh"), {})
    out["first_start_set"] = first_start(os.path.join(data_dir, "fresh"), {"SPLENDOR_LANG": "ko"})
    from kivy.factory import Factory
    out["factory"] = Factory.LanguageChoice is LanguageChoice
    choice = LanguageChoice(data_dir=data_dir)
    choice.buttons["ko"].trigger_action(0)
    out["chooser"] = [tr.lang, ids.title.text,
                      {c: b.state for c, b in choice.buttons.items()}]
    live.choose_language(data_dir, "en")
    out["chooser_follows"] = {c: b.state for c, b in choice.buttons.items()}
    json.dump(out, open(dst, "w", encoding="utf-8"), ensure_ascii=False)


if __name__ == "__main__":
    main()
