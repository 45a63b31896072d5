"""Run by test_fonts.py in its own process (one Kivy window per process, its own size):
render each character and sample name with a font through Kivy's CoreLabel and tell which
draw the same pixels as a character the font lacks (the "tofu" box).

argv: FONT_PATH JSON_IN JSON_OUT. JSON_IN: {"chars": [...], "names": [...]}.
"""
import json
import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="kivy-home-")
os.environ["KIVY_NO_FILELOG"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"

from kivy.core.text import Label as CoreLabel  # noqa: E402
from kivy.core.window import Window  # noqa: E402,F401  (the GL context for textures)

MISSING = "\ue000"      # a private-use character no font of ours has: drawn as .notdef


def pixels(text: str, font: str) -> tuple:
    label = CoreLabel(text=text, font_name=font, font_size=32)
    label.refresh()
    tex = label.texture
    return tex.size, bytes(tex.pixels)


def main():
    font, src, dst = sys.argv[1:4]
    data = json.load(open(src, encoding="utf-8"))
    box = pixels(MISSING, font)
    ink = sum(box[1][3::4])
    tofu = [c for c in data["chars"] if pixels(c, font) == box]
    names = {}
    for name in data["names"]:
        size, px = pixels(name, font)
        boxes = "".join(MISSING if not c.isspace() else c for c in name)
        names[name] = {"size": size, "ink": sum(px[3::4]),
                       "same_as_boxes": (size, px) == pixels(boxes, font)}
    json.dump({"box_ink": ink, "tofu": tofu, "names": names}, open(dst, "w", encoding="utf-8"))


if __name__ == "__main__":
    main()
