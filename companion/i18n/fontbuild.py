"""Build the app's one font at install time: Kivy's Roboto with Debian's NanumGothic Hangul.

Roboto (bundled with Kivy) draws Latin and every Polish letter but no Hangul; NanumGothic
(Debian ``fonts-nanum``) draws Hangul but lacks ą ć ę ń ś ź ż. A player's name may mix
scripts ("Łukasz 김"), and Kivy draws a label with one font, so the two are merged into one
TrueType font per weight: every glyph of Roboto, plus the glyphs of NanumGothic for the
characters Roboto lacks (Hangul, CJK punctuation, arrows...), scaled from Nanum's 1000 units
per em to Roboto's 2048. Han ideographs are left out (no string of ours uses them; they would
double the file). Nothing is downloaded: both inputs are on the machine.

``python -m companion.i18n.fontbuild [OUT_DIR]`` (``make install`` and ``scripts/install-pi.sh``
run it) writes ``CompanionSans-Regular.ttf`` and ``CompanionSans-Bold.ttf``.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

FAMILY = "CompanionSans"
FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
NANUM_DIRS = ("/usr/share/fonts/truetype/nanum",)
WEIGHTS = {"Regular": ("Roboto-Regular.ttf", "NanumGothic.ttf"),
           "Bold": ("Roboto-Bold.ttf", "NanumGothicBold.ttf")}
# Taken from Nanum when Roboto lacks them: Hangul (Jamo, compatibility Jamo, syllables,
# extensions), CJK symbols and punctuation, half/full-width forms, arrows, shapes, symbols.
NANUM_RANGES = ((0x1100, 0x11FF), (0x3000, 0x303F), (0x3130, 0x318F), (0x3200, 0x32FF),
                (0xA960, 0xA97F), (0xAC00, 0xD7AF), (0xFF00, 0xFFEF), (0x2000, 0x2BFF))


def font_paths(weight: str = "Regular") -> Path:
    return FONT_DIR / f"{FAMILY}-{weight}.ttf"


def _roboto(name: str) -> Path:
    # Found without importing kivy (which would read the command line and start logging).
    import importlib.util
    spec = importlib.util.find_spec("kivy")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("Kivy is not installed, so its Roboto font can't be found.")
    return Path(list(spec.submodule_search_locations)[0]) / "data" / "fonts" / name


def _nanum(name: str) -> Path:
    for d in NANUM_DIRS:
        p = Path(d) / name
        if p.exists():
            return p
    raise SystemExit(f"{name} was not found in {', '.join(NANUM_DIRS)}: install Debian's "
                     "fonts-nanum package (make install does).")


def merge(latin: Path, hangul: Path, out: Path, weight: str) -> dict:
    """Write ``out``: ``latin`` plus ``hangul``'s glyphs for what ``latin`` lacks."""
    from fontTools.subset import Options, Subsetter
    from fontTools.ttLib import TTFont

    base = TTFont(str(latin))
    have = set(base.getBestCmap())
    add = TTFont(str(hangul))
    wanted = sorted(cp for cp in add.getBestCmap()
                    if cp not in have and any(lo <= cp <= hi for lo, hi in NANUM_RANGES))
    opts = Options()
    opts.hinting = False            # Nanum's hints are for its own size grid, not scaled ones
    opts.layout_features = []
    opts.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "TSI0", "TSI1", "TSI2", "TSI3", "TSI5"]
    opts.notdef_outline = True
    sub = Subsetter(opts)
    sub.populate(unicodes=wanted)
    sub.subset(add)
    scale_outlines(add, base["head"].unitsPerEm)

    # Copy the glyphs in by hand (fontTools.merge would also rename and merge every table).
    order = base.getGlyphOrder()
    names = set(order)
    glyf, hmtx = base["glyf"], base["hmtx"]
    rename = {}
    for g in add.getGlyphOrder():
        if g == ".notdef":
            continue
        new = g if g not in names else f"{g}.hangul"
        rename[g] = new
        names.add(new)
        order.append(new)
        glyph = add["glyf"][g]
        if glyph.isComposite():
            for comp in glyph.components:
                comp.glyphName = rename.get(comp.glyphName, comp.glyphName)
        glyf.glyphs[new] = glyph
        hmtx.metrics[new] = add["hmtx"].metrics[g]
    # Components may name glyphs that come later in the order: fix them after the loop.
    for g, new in rename.items():
        glyph = glyf.glyphs[new]
        if glyph.isComposite():
            for comp in glyph.components:
                comp.glyphName = rename.get(comp.glyphName, comp.glyphName)
    base.setGlyphOrder(order)
    glyf.glyphOrder = order
    cmap_add = {cp: rename[g] for cp, g in add.getBestCmap().items() if g in rename}
    for table in base["cmap"].tables:
        if table.isUnicode():
            if table.format == 4:   # BMP only: everything we add is in the BMP
                table.cmap.update(cmap_add)
            elif table.format == 12:
                table.cmap.update(cmap_add)
    base["maxp"].numGlyphs = len(order)
    if "post" in base:
        base["post"].formatType = 3.0   # no glyph names: smaller, and none can clash
    if "hdmx" in base:
        del base["hdmx"]                # per-size widths of Roboto's glyphs only
    for rec in base["name"].names:
        if rec.nameID in (1, 16):
            rec.string = FAMILY
        elif rec.nameID in (4,):
            rec.string = f"{FAMILY} {weight}"
        elif rec.nameID == 6:
            rec.string = f"{FAMILY}-{weight}"
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    base.save(str(tmp))
    os.replace(tmp, out)
    return {"glyphs": len(order), "added": len(cmap_add), "bytes": out.stat().st_size}


def scale_outlines(font, upem: int) -> None:
    """Scale ``font``'s glyf outlines and hmtx metrics to ``upem`` units per em, rounded as
    fontTools' ``scale_upem`` rounds them: the only two tables :func:`merge` copies. (That
    function visits every table of the font and took two thirds of the build's time.)"""
    from fontTools.misc.roundTools import otRound

    factor = upem / font["head"].unitsPerEm
    glyf = font["glyf"]
    for name in font.getGlyphOrder():
        g = glyf[name]  # decompiled here: the bounds and points below are then the glyph's
        for attr in ("xMin", "xMax", "yMin", "yMax"):
            v = getattr(g, attr, None)
            if v is not None:
                setattr(g, attr, otRound(v * factor))
        if g.isComposite():
            for comp in g.components:
                comp.x, comp.y = otRound(comp.x * factor), otRound(comp.y * factor)
        elif hasattr(g, "coordinates"):
            g.coordinates.array[:] = type(g.coordinates.array)(
                "d", [otRound(v * factor) for v in g.coordinates.array])
    metrics = font["hmtx"].metrics
    for name, (advance, lsb) in metrics.items():
        metrics[name] = otRound(advance * factor), otRound(lsb * factor)
    font["head"].unitsPerEm = upem


def build(out_dir: Path = FONT_DIR, force: bool = False) -> list:
    """Build both weights into ``out_dir`` (skipped when present unless ``force``)."""
    done = []
    for weight, (latin, hangul) in WEIGHTS.items():
        out = Path(out_dir) / f"{FAMILY}-{weight}.ttf"
        if out.exists() and not force:
            continue
        info = merge(_roboto(latin), _nanum(hangul), out, weight)
        done.append((out, info))
    return done


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    force = "--force" in argv
    argv = [a for a in argv if a != "--force"]
    out_dir = Path(argv[0]) if argv else FONT_DIR
    for out, info in build(out_dir, force=force):
        print(f"{out}: {info['glyphs']} glyphs ({info['added']} characters from NanumGothic), "
              f"{info['bytes'] / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
