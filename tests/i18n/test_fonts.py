"""The app's font draws every character of every catalog and of names in Latin, Polish and
Hangul script: in its cmap (fontTools), and a real Kivy label of each is not the missing-glyph
box. Kivy's own Roboto is the control: it must fail the same check on Hangul.
"""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from companion.i18n import Translator, extract, fontbuild
from companion.i18n.fontbuild import _roboto

NAMES = ["Zażółć Gęślą", "김민준", "Łukasz 김", "ĄĆĘŁŃÓŚŹŻ ąćęłńóśźż", "박서연 Kowalska",
         "Ana", "Ben"]
HERE = Path(__file__).parent


def catalog_text() -> str:
    """Every translated string in every language (all plural forms), and the English."""
    parts = []
    for lang in ("en", "pl", "ko"):
        t = Translator(lang)
        for (ctx, msgid), e in extract.extract().items():
            if e.plural:
                parts += [t.ngettext(msgid, e.plural, n) for n in (1, 2, 5)]
            elif ctx is not None:
                parts.append(t.pgettext(ctx, msgid))
            else:
                parts.append(t.gettext(msgid))
    return "".join(parts)


def characters() -> list:
    text = catalog_text() + "".join(NAMES)
    return sorted({c for c in text if not c.isspace()})


@pytest.fixture(scope="module")
def fonts():
    paths = [fontbuild.font_paths(w) for w in fontbuild.WEIGHTS]
    missing = [str(p) for p in paths if not p.exists()]
    assert not missing, f"run `make install` (builds the font): {missing}"
    return paths


def test_the_catalogs_really_hold_hangul_and_polish_letters():
    chars = set(characters())
    assert {"ą", "ć", "ę", "ł", "ń", "ó", "ś", "ź", "ż"} <= chars
    assert sum(1 for c in chars if "\uac00" <= c <= "\ud7a3") > 200


def test_every_character_is_in_the_cmap_of_both_weights(fonts):
    chars = characters()
    for path in fonts:
        cmap = TTFont(str(path)).getBestCmap()
        lacking = [c for c in chars if ord(c) not in cmap]
        assert not lacking, f"{path.name} lacks {''.join(lacking)}"


def test_neither_source_font_alone_would_do():
    """Why the fonts are merged: Roboto lacks Hangul, NanumGothic some Polish letters."""
    roboto = TTFont(str(_roboto("Roboto-Regular.ttf"))).getBestCmap()
    nanum = TTFont(str(fontbuild._nanum("NanumGothic.ttf"))).getBestCmap()
    assert ord("김") not in roboto
    assert any(ord(c) not in nanum for c in "ąćęńśźż")


def _render(font: Path, tmp_path) -> dict:
    src, dst = tmp_path / "in.json", tmp_path / "out.json"
    src.write_text(json.dumps({"chars": characters(), "names": NAMES}), encoding="utf-8")
    res = subprocess.run([sys.executable, str(HERE / "render_glyphs.py"), str(font), str(src),
                          str(dst)], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    return json.loads(dst.read_text(encoding="utf-8"))


def test_a_rendered_label_of_each_character_and_name_is_not_the_missing_glyph(fonts, tmp_path):
    out = _render(fonts[0], tmp_path)
    assert out["box_ink"] > 0            # the missing glyph is a visible box
    assert out["tofu"] == [], f"drawn as empty boxes: {''.join(out['tofu'])}"
    for name, r in out["names"].items():
        assert r["ink"] > 0 and not r["same_as_boxes"], name


def test_the_check_catches_a_font_without_hangul(tmp_path):
    """The control: Kivy's Roboto draws Hangul as boxes, and the same check says so."""
    out = _render(_roboto("Roboto-Regular.ttf"), tmp_path)
    assert "김" in out["tofu"] and "민" in out["tofu"]
    assert out["names"]["김민준"]["same_as_boxes"]
    assert not out["names"]["Zażółć Gęślą"]["same_as_boxes"]


def test_the_hangul_outlines_are_scaled_as_fonttools_scales_a_whole_font():
    # The build scales only the two tables it copies (glyf, hmtx): the same points, bounds,
    # components and metrics as fontTools' scale_upem, which visits every table (slower).
    from fontTools.subset import Options, Subsetter
    from fontTools.ttLib.scaleUpem import scale_upem
    fonts = []
    for scale in (scale_upem, fontbuild.scale_outlines):
        font = TTFont(str(fontbuild._nanum(fontbuild.WEIGHTS["Regular"][1])))
        sub = Subsetter(Options(hinting=False, notdef_outline=True))
        sub.populate(unicodes=[ord(c) for c in "김박이최정한글점수귀족보석"])
        sub.subset(font)
        scale(font, 2048)
        fonts.append(font)
    theirs, ours = fonts

    def shape(font, name):
        g = font["glyf"][name]
        parts = ([(c.glyphName, c.x, c.y) for c in g.components] if g.isComposite()
                 else list(getattr(g, "coordinates", [])))
        return [getattr(g, a, None) for a in ("xMin", "yMin", "xMax", "yMax")], parts
    names = theirs.getGlyphOrder()
    assert len(names) > 10 and any(shape(theirs, n)[1] for n in names)
    assert [shape(ours, n) for n in names] == [shape(theirs, n) for n in names]
    assert ours["hmtx"].metrics == theirs["hmtx"].metrics
    assert ours["head"].unitsPerEm == 2048
