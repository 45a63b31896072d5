"""`print-mat`: the full-size mat and its A4 tiles, rasterized and measured like a user with a ruler."""
from __future__ import annotations

import numpy as np
import pytest

from .pdf_raster import find_markers, rasterize, side_lengths, text_in_rects

DPI = 150          # 0.17 mm a pixel: enough for +-0.5 mm, quick to render
TILE_DPI = 100


@pytest.fixture(scope="module")
def full_mat(tmp_path_factory, run_cli):
    out = tmp_path_factory.mktemp("mat") / "mat.pdf"
    assert run_cli("print-mat", out) == 0
    pages = rasterize(out, DPI)
    assert len(pages) == 1
    return pages[0]


@pytest.fixture(scope="module")
def tiles(tmp_path_factory, run_cli):
    out = tmp_path_factory.mktemp("tiles") / "tiles.pdf"
    assert run_cli("print-mat", out, "--tiles") == 0
    return rasterize(out, TILE_DPI)


def test_full_mat_page_is_800_by_460_mm(full_mat):
    width, height = full_mat.size_mm
    assert width == pytest.approx(800, abs=0.1)
    assert height == pytest.approx(460, abs=0.1)
    assert full_mat.image.shape[1] == pytest.approx(full_mat.px(800), abs=1)
    assert full_mat.image.shape[0] == pytest.approx(full_mat.px(460), abs=1)


def test_full_mat_markers_are_40_mm_with_their_ids_at_the_spec_corners(full_mat, mat_geometry):
    markers = find_markers(full_mat.image)
    assert sorted(markers) == [0, 1, 2, 3]
    for marker_id, quad in markers.items():
        sides_mm = [full_mat.mm(s) for s in side_lengths(quad)]
        print(f"marker {marker_id}: sides {', '.join(f'{s:.2f}' for s in sides_mm)} mm")
        for side in sides_mm:
            assert side == pytest.approx(40, abs=0.5)
        # A second, detector-free measure: the ink across the marker's black top border row and
        # down its left border column (anti-aliased edge pixels count by their darkness).
        x, y = mat_geometry.marker_corners[marker_id]
        cell = 40 / 6
        row = full_mat.image[round(full_mat.px(y + cell / 2)),
                             round(full_mat.px(x - 3)):round(full_mat.px(x + 43)), 0]
        col = full_mat.image[round(full_mat.px(y - 3)):round(full_mat.px(y + 43)),
                             round(full_mat.px(x + cell / 2)), 0]
        for line in (row, col):
            ink_mm = full_mat.mm(float(np.sum(255 - line.astype(float)) / 255))
            print(f"marker {marker_id}: black border {ink_mm:.3f} mm")
            assert ink_mm == pytest.approx(40, abs=0.2)
        # Printed upright: the detector's first corner is the marker's top-left one.
        top_left_mm = [full_mat.mm(v) for v in quad[0]]
        expected = mat_geometry.marker_corners[marker_id]
        assert top_left_mm == pytest.approx(list(expected), abs=0.5)


def test_full_mat_markers_sit_on_white_squares_5_mm_wider(full_mat, mat_geometry):
    image = full_mat.image
    for marker_id, (x, y) in mat_geometry.marker_corners.items():
        # The white ring: between 0.5 mm and 4.5 mm outside the black square on every side.
        outer = image[round(full_mat.px(y - 4.5)):round(full_mat.px(y + 44.5)),
                      round(full_mat.px(x - 4.5)):round(full_mat.px(x + 44.5))]
        ring = np.ones(outer.shape[:2], bool)
        inset = round(full_mat.px(4.0))
        ring[inset:-inset, inset:-inset] = False
        assert outer[ring].min() >= 250, f"marker {marker_id}'s white border is not white"
        # Just outside the white square (5.5 mm out) the mat is grey again.
        outside = image[round(full_mat.px(y + 20)), round(full_mat.px(x - 5.5))]
        assert list(outside) == [128, 128, 128]


def test_full_mat_background_is_mid_grey_and_everything_but_markers_is_faint(full_mat, mat_geometry):
    image = full_mat.image.astype(np.int16)
    grey = np.abs(image - 128).max(axis=2)
    # Mask out the markers with their white squares.
    mask = np.ones(grey.shape, bool)
    for x, y in mat_geometry.marker_corners.values():
        mask[round(full_mat.px(y - 5)) - 1:round(full_mat.px(y + 45)) + 1,
             round(full_mat.px(x - 5)) - 1:round(full_mat.px(x + 45)) + 1] = False
    # Most of the mat is exactly the background colour...
    assert np.mean(grey[mask] == 0) > 0.9
    assert np.median(image[mask], axis=0).tolist() == [128, 128, 128]
    # ...and no outline, tick or label strays more than 30 grey levels from it.
    assert grey[mask].max() <= 30
    # Every pixel off the background is neutral grey (no colour that could look like a gem).
    off = mask & (grey > 0)
    assert np.ptp(image[off], axis=1).max() <= 1


def _darkest_across(raster, x0, y0, x1, y1):
    """Darkest grey level inside a band given in mm."""
    patch = raster.image[round(raster.px(y0)):round(raster.px(y1)), round(raster.px(x0)):round(raster.px(x1))]
    return int(patch.min())


def test_full_mat_slot_outlines_are_visible_but_faint(full_mat, mat_geometry):
    rects = list(mat_geometry.slots().values()) + list(mat_geometry.decks.values())
    rects += list(mat_geometry.bank.values())
    assert len(rects) == 5 + 12 + 1 + 3 + 6
    for x, y, w, h in rects:
        # A band across the left edge, halfway down; and one across the top edge, a quarter along.
        for darkest in (_darkest_across(full_mat, x - 1, y + h / 2 - 1, x + 1.5, y + h / 2 + 1),
                        _darkest_across(full_mat, x + w / 4 - 1, y - 1, x + w / 4 + 1, y + 1.5)):
            assert 128 - 30 <= darkest <= 128 - 5, (x, y, w, h, darkest)
        # The middle of an empty slot is plain mat.
        centre = full_mat.image[round(full_mat.px(y + h / 2)), round(full_mat.px(x + w / 2))]
        assert list(centre) == [128, 128, 128]


@pytest.mark.parametrize("colour, places", [("white", 7), ("blue", 7), ("green", 7), ("red", 7),
                                            ("black", 7), ("gold", 5)])
def test_full_mat_bank_lanes_mark_their_token_places(full_mat, mat_geometry, colour, places):
    x, y, w, h = mat_geometry.bank[colour]
    assert (w, h) == (287, 44)
    # Walk along the lane 2 mm inside its top edge: the two lane ends and the short separators
    # between token places (every 41 mm; gold's last one closes its 5th place) show as dark runs.
    left = round(full_mat.px(x - 3))
    row = full_mat.image[round(full_mat.px(y + 2)), left:round(full_mat.px(x + w + 3)), 0].astype(int)
    dark = (row < 124).astype(int)
    starts_mm = [full_mat.mm(s + left) for s in np.flatnonzero(np.diff(np.concatenate([[0], dark])) == 1)]
    separators = 6 if places == 7 else places
    expected = [x] + [x + k * 41 - 0.25 for k in range(1, separators + 1)] + [x + w - 0.5]
    assert starts_mm == pytest.approx(expected, abs=0.4)


def test_tiles_are_a4_and_fewest_pages(tiles):
    # Landscape A4 minus 10 mm margins prints 277 x 190 mm: 3 columns x 3 rows cover 800 x 460 with
    # >= 10 mm overlap (9 pages); portrait (190 x 277) would need 5 x 2 = 10.
    assert len(tiles) == 9
    for page in tiles:
        assert page.size_mm == pytest.approx((297, 210), abs=0.1)


def test_tiles_keep_markers_at_40_mm(tiles):
    seen = {}
    for n, page in enumerate(tiles):
        for marker_id, quad in find_markers(page.image).items():
            assert marker_id not in seen, f"marker {marker_id} printed on tiles {seen[marker_id]} and {n}"
            seen[marker_id] = n
            for side in side_lengths(quad):
                assert page.mm(side) == pytest.approx(40, abs=0.5)
    assert sorted(seen) == [0, 1, 2, 3]


def _content(page):
    """The printed part of a tile: the rows and columns that are mostly mat grey.

    (Anti-aliased text in the margins has a few grey pixels too; whole rows of it don't.)
    """
    grey = np.all(np.abs(page.image.astype(np.int16) - 128) <= 2, axis=2)
    rows = np.flatnonzero(grey.mean(axis=1) > 0.3)
    cols = np.flatnonzero(grey.mean(axis=0) > 0.3)
    return page.image[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]


def _offset(base, tile, strip_px, horizontal):
    """Where ``tile`` lies on ``base`` when its leading strip (left or top) is laid over it.

    As a person would, look for the match in the trailing half of the neighbour (an overlap is a
    margin, never half a tile): the mat repeats slots, so the whole tile has look-alike strips.
    The strip is trimmed by a tenth at both ends so it can also slide along the seam.
    """
    import cv2

    base_grey = cv2.cvtColor(base, cv2.COLOR_RGB2GRAY)
    tile_grey = cv2.cvtColor(tile, cv2.COLOR_RGB2GRAY)
    if horizontal:
        trim, half = tile.shape[0] // 10, base.shape[1] // 2
        template, shift = tile_grey[trim:-trim, :strip_px], (-half, trim)
        area = base_grey[:, half:]
    else:
        trim, half = tile.shape[1] // 10, base.shape[0] // 2
        template, shift = tile_grey[:strip_px, trim:-trim], (trim, -half)
        area = base_grey[half:]
    result = cv2.matchTemplate(area, template, cv2.TM_CCOEFF_NORMED)
    _, score, _, (mx, my) = cv2.minMaxLoc(result)
    return score, (mx - shift[0], my - shift[1])


def test_tiles_laid_over_each_other_rebuild_the_mat_at_scale(tiles, mat_geometry):
    """Lay every tile over its neighbours where their overlaps match, then measure the markers."""
    contents = [_content(page) for page in tiles]
    rows = cols = 3
    grid = {(r, c): contents[r * cols + c] for r in range(rows) for c in range(cols)}
    strip = round(tiles[0].px(8))
    origin = {(0, 0): (0, 0)}
    for r in range(rows):
        for c in range(cols):
            if (r, c) == (0, 0):
                continue
            ref = (r, c - 1) if c else (r - 1, c)
            score, (dx, dy) = _offset(grid[ref], grid[(r, c)], strip, horizontal=c > 0)
            assert score > 0.9, f"tile row {r + 1} column {c + 1} doesn't match its neighbour"
            origin[(r, c)] = (origin[ref][0] + dx, origin[ref][1] + dy)
    height = max(origin[k][1] + grid[k].shape[0] for k in grid)
    width = max(origin[k][0] + grid[k].shape[1] for k in grid)
    canvas = np.full((height, width, 3), 255, np.uint8)
    for key in sorted(grid):  # later tiles on top, as they are laid
        x, y = origin[key]
        h, w = grid[key].shape[:2]
        canvas[y:y + h, x:x + w] = grid[key]
    page = tiles[0]
    assert page.mm(width) == pytest.approx(800, abs=1.0)
    assert page.mm(height) == pytest.approx(460, abs=1.0)
    markers = find_markers(canvas)
    assert sorted(markers) == [0, 1, 2, 3]
    for marker_id, quad in markers.items():
        assert [page.mm(v) for v in quad[0]] == pytest.approx(list(mat_geometry.marker_corners[marker_id]), abs=1.0)
        for side in side_lengths(quad):
            assert page.mm(side) == pytest.approx(40, abs=0.5)
    # The paper edges of rows 2 and 3 run across the mat: never along a bank lane, where tokens lie.
    for r in range(1, rows):
        cut_mm = page.mm(origin[(r, 0)][1])
        for colour, (_, y, _, h) in mat_geometry.bank.items():
            assert not (y - 1 < cut_mm < y + h + 1), f"row {r + 1}'s edge runs along the {colour} lane"
    # Centre to centre, the markers are as far apart as on the full-size mat.
    centres = {i: q.mean(axis=0) for i, q in markers.items()}
    assert page.mm(centres[1][0] - centres[0][0]) == pytest.approx(740, abs=1.0)
    assert page.mm(centres[3][1] - centres[0][1]) == pytest.approx(400, abs=1.0)


def test_print_mat_into_a_missing_folder_says_so(tmp_path, run_cli, capsys):
    out = tmp_path / "no-such-folder" / "mat.pdf"
    assert run_cli("print-mat", out) == 2
    assert "does not exist" in capsys.readouterr().err
    assert not out.parent.exists()


def test_each_slots_label_names_it_as_the_referee_does(tmp_path, run_cli, mat_geometry):
    # "A hand is over the second card of level 2": the player looks for the slot printed
    # "level 2 · 2", not "level 2 · 1"; "the first noble" is the one printed "noble 1".
    from companion.i18n.covered import ORDINALS, places

    out = tmp_path / "mat.pdf"
    assert run_cli("print-mat", out) == 0
    mat = mat_geometry
    labels = text_in_rects(out, {**mat.slots(), **{f"decks.{lv}": r for lv, r in mat.decks.items()}})
    for i in range(len(mat.nobles)):
        assert places([f"nobles.{i}"]) == [f"the {ORDINALS[i]} noble"]
        assert labels[f"nobles.{i}"] == f"noble {i + 1}"
    for level, slots in mat.market.items():
        for i in range(len(slots)):
            assert places([f"market.{level}.{i}"]) == [f"the {ORDINALS[i]} card of level {level}"]
            assert labels[f"market.{level}.{i}"] == f"level {level} \u00b7 {i + 1}"
    for level in mat.decks:
        assert labels[f"decks.{level}"] == f"deck {level}"
        assert str(level) in places([f"decks.{level}"])[0]
