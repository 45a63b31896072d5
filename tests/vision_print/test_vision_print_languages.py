"""`print-mat` and `print-tags` in the players' language: the labels a Polish or Korean player
reads on the mat match what the referee tells them, every letter is drawn, and nothing printed
runs into anything else or off the paper."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

from companion.i18n.print_words import print_words

from .pdf_raster import rasterize, text_in_rects

PT = 72 / 25.4   # PDF points per mm
LANGS = ("en", "pl", "ko")


def _open(path):
    import pypdfium2 as pdfium
    return pdfium.PdfDocument(str(path))


def _boxes(page, text, needle: str) -> list:
    """(left, top, right, bottom) in mm of each place ``needle`` is printed."""
    searcher = text.search(needle, match_case=True)
    height = page.get_size()[1]
    out = []
    while (found := searcher.get_next()) is not None:
        index, count = found
        boxes = [text.get_charbox(i) for i in range(index, index + count)]
        boxes = [b for b in boxes if b[2] > b[0]]  # (spaces have no box)
        out.append((min(b[0] for b in boxes) / PT, (height - max(b[3] for b in boxes)) / PT,
                    max(b[2] for b in boxes) / PT, (height - min(b[1] for b in boxes)) / PT))
    return out


def _box(page, text, needle: str):
    """The first place ``needle`` is printed (as :func:`_boxes`), or None."""
    found = _boxes(page, text, needle)
    return found[0] if found else None


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.fixture(scope="module")
def printed(tmp_path_factory, run_cli):
    """Every language's full mat, tiles and a tag sheet; no font warning while writing them
    (fpdf2 warns when a letter is missing from the font and prints nothing for it)."""
    folder = tmp_path_factory.mktemp("languages")
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for lang in LANGS:
            out[lang] = {kind: folder / f"{kind}-{lang}.pdf" for kind in ("mat", "tiles", "tags")}
            assert run_cli("print-mat", out[lang]["mat"], "--language", lang) == 0
            assert run_cli("print-mat", out[lang]["tiles"], "--tiles", "--language", lang) == 0
            assert run_cli("print-tags", out[lang]["tags"], "--ids", "1W01", "N07",
                           "--language", lang) == 0
    return out


@pytest.mark.parametrize("lang, noble, market, deck, scan, white, gold", [
    ("en", "noble 1", "level 2 \u00b7 2", "deck 3", "scan", "white (7)", "gold (5)"),
    ("pl", "arystokrata 1", "poziom 2 \u00b7 2", "stos 3", "skan", "bia\u0142y (7)",
     "z\u0142oto (5)"),
    ("ko", "\uadc0\uc871 1", "2\ub808\ubca8 \u00b7 2", "3\ub808\ubca8 \ub371", "\uc2a4\uce94",
     "\ud770\uc0c9 (7)", "\ud669\uae08 (5)"),
])
def test_each_slot_and_lane_is_labelled_in_the_players_language(printed, mat_geometry, lang,
                                                                   noble, market, deck, scan,
                                                                   white, gold):
    mat = mat_geometry
    words = print_words(lang)
    # A lane's name stands in the 5 mm above it, within the lane's width.
    above = {f"above.{c}": (x, y - 5.0, w, 5.0) for c, (x, y, w, _) in mat.bank.items()}
    labels = text_in_rects(printed[lang]["mat"], {**mat.slots(), "decks.3": mat.decks[3],
                                                  **above})
    # Each slot holds its own label and nothing else.
    assert labels["nobles.0"] == noble
    assert labels["market.2.1"] == market
    assert labels["decks.3"] == deck
    assert labels["scan"] == scan
    for level, slots in mat.market.items():
        for i in range(len(slots)):
            assert labels[f"market.{level}.{i}"] == words.market.format(level=level, slot=i + 1)
    for i in range(len(mat.nobles)):
        assert labels[f"nobles.{i}"] == words.noble.format(slot=i + 1)
    assert (labels["above.white"], labels["above.gold"]) == (white, gold)


@pytest.mark.parametrize("lang", ("pl", "ko"))
def test_every_letter_of_a_label_is_drawn(printed, mat_geometry, lang):
    # The text layer can name a letter the page never draws: look at the ink. Each slot's
    # label is drawn wider than English's narrowest and in as many strokes as its letters ask.
    mat = mat_geometry
    page = rasterize(printed[lang]["mat"], 300, grey=True)[0]
    background = int(np.median(page.image))
    for label_rect in (mat.nobles[0], mat.market[2][1], mat.scan):
        x, y, w, _ = label_rect
        box = page.image[int(page.px(y + 1.0)):int(page.px(y + 5.5)),
                         int(page.px(x + 1.0)):int(page.px(x + w - 1.0))]
        ink = np.abs(box.astype(int) - background) > 6
        columns = np.flatnonzero(ink.any(axis=0))
        assert len(columns), f"no label drawn in {label_rect} ({lang})"
        width_mm = page.mm(columns[-1] - columns[0] + 1)
        assert width_mm > 4.0


@pytest.mark.parametrize("lang", LANGS)
def test_tile_notes_stay_on_the_paper_and_clear_of_each_other(printed, mat_geometry, lang):
    from vision.printing import tile_layout

    words = print_words(lang)
    layout = tile_layout(mat_geometry)
    note = words.tile_note.format(rows=layout.rows, cols=layout.cols)
    doc = _open(printed[lang]["tiles"])
    try:
        for n, (page, tile) in enumerate(zip(doc, layout.tiles), start=1):
            width, height = (v / PT for v in page.get_size())
            text = page.get_textpage()
            label = words.tile.format(row=tile.row + 1, col=tile.col + 1, n=n,
                                      total=len(layout.tiles))
            boxes = {"tile": _box(page, text, label),
                     "note": _box(page, text, " ".join(note.split()[:3])),
                     "note end": _box(page, text, " ".join(note.split()[-3:])),
                     "scale": _box(page, text, words.scale_bar.format(length="50"))}
            # (the note names the next tile's edge too; the mark's own label is below the print)
            edge = [box for box in _boxes(page, text, words.next_edge) if box[1] > height / 2]
            if any((t.row, t.col) == (tile.row, tile.col + 1) for t in layout.tiles):
                assert len(edge) == 1, f"the next tile's edge is not marked on tile {n}"
                boxes["edge"] = edge[0]
            for name, box in boxes.items():
                assert box is not None, f"{name} not printed on tile {n} ({lang})"
                # 10 mm of white round the print; text keeps 3 mm from the paper's edge and
                # clear of the crop marks at the print's corners.
                assert box[0] >= 3.0 and box[1] >= 3.0, (name, box)
                assert box[2] <= width - 10.0 - 1.0 and box[3] <= height - 3.0, (name, box)
            names = sorted(boxes)
            for i, a in enumerate(names):
                for b in names[i + 1:]:
                    assert not _overlap(boxes[a], boxes[b]), (lang, n, a, b)
            text.close()
            page.close()
    finally:
        doc.close()


@pytest.mark.parametrize("lang", LANGS)
def test_tag_sheet_notes_stay_on_the_paper(printed, lang):
    words = print_words(lang)
    doc = _open(printed[lang]["tags"])
    try:
        page = doc[0]
        width, height = (v / PT for v in page.get_size())
        text = page.get_textpage()
        head = _box(page, text, words.sheet.format(n=1, total=1))
        scale = _box(page, text, words.scale_bar.format(length="50"))
        assert head is not None and scale is not None
        for box in (head, scale):
            assert box[0] >= 3.0 and box[1] >= 3.0
            assert box[2] <= width - 5.0 and box[3] <= height - 3.0
        text.close()
        page.close()
    finally:
        doc.close()


def test_the_mat_comes_in_the_language_chosen_on_the_apps_screen(tmp_path, run_cli, monkeypatch,
                                                                 mat_geometry):
    from companion.i18n import store_language

    data = tmp_path / "data"
    data.mkdir()
    store_language(data, "pl")
    for name in ("SPLENDOR_LANG", "STATE_DIRECTORY", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SPLENDOR_DATA_DIR", str(data))
    monkeypatch.setenv("LANG", "C.UTF-8")
    out = tmp_path / "mat.pdf"
    assert run_cli("print-mat", out) == 0
    assert text_in_rects(out, {"noble": mat_geometry.nobles[0]}) == {"noble": "arystokrata 1"}


def test_without_the_apps_font_polish_is_refused_in_one_sentence(tmp_path, run_cli, capsys,
                                                                  monkeypatch):
    import companion.i18n.print_words as words_module

    monkeypatch.setattr(words_module, "font_paths", lambda weight: tmp_path / f"none-{weight}.ttf")
    out = tmp_path / "mat.pdf"
    assert run_cli("print-mat", out, "--language", "pl") == 2
    err = capsys.readouterr().err.strip()
    assert err == ("The font for printing in Polish is not installed yet (run make install); "
                   "nothing was written.")
    assert not out.exists()
    # English needs no font of the app's.
    assert run_cli("print-mat", out, "--language", "en") == 0


def test_english_words_are_the_catalogs_msgids():
    # The catalog's English and vision's defaults are one text: a label changed in one place
    # only would print one thing and be translated from another.
    from vision.print_words import ENGLISH

    assert print_words("en") == ENGLISH


def test_the_words_modules_docstrings_run():
    import doctest

    import companion.i18n.print_words as translated
    import vision.print_words as english

    for module in (english, translated):
        assert doctest.testmod(module).failed == 0
