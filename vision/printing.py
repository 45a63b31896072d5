"""Printable things for the table: the mat and the tag sticker sheets.

Everything is drawn as vectors in millimetres on pages of exact size, so a
print at 100 % ("actual size") gives the geometry of ``mat.json`` and 30 mm QR
codes. The PDFs also ask viewers not to scale when printing.

- :func:`build_mat_pdf` draws the mat on one 800 x 460 mm page (for a print
  shop) or split over A4 tiles with overlap, alignment crosses and labels.
- :func:`~vision.print_tags.build_tag_pdf` (in :mod:`vision.print_tags`) draws A4
  sheets of stickers: a QR code (version 1, error correction H, payload
  ``SPL:<id>``) with the id in plain text under it. This module keeps what both
  share: the sizes (:class:`PrintConfig`), the codes, the page helpers and
  :func:`write_pdf`.

OpenCV (ArUco patterns) and segno (QR matrices) are imported lazily so the CLI
stays quick to start.
"""
from __future__ import annotations

import math
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from companion.engine.inputs import FileFacts
from vision import mat as mat_geometry
from vision.print_words import BANK_ORDER, ENGLISH, PrintWords, use_font

A4 = (210.0, 297.0)
TAG_PREFIX = "SPL:"


class PrintError(FileFacts):
    """A problem the user can fix, as a cause and its facts; ``companion.i18n.print_words``
    says it (vision says no sentence). Nothing was written.

    Causes: ``marker-dictionary`` (``dictionary``); ``payload-too-long`` (``payload``);
    ``payload-wrong-symbol`` (``payload``, ``version``, ``error``); ``unknown-ids`` (``ids``);
    ``sticker-too-big``; the output's ``no-folder``, ``cant-write-in`` (``folder``),
    ``out-is-folder``, ``cant-write`` (``out``), with ``reason`` (the operating system's
    words) when it refused; the mat file's (``print-mat --mat``) ``no-mat-file``,
    ``mat-unreadable`` (``reader``: the file or JSON reader's refusal as data),
    ``not-a-mat``, ``mat-size-not-a-number``, ``mat-size`` (``width``, ``height``,
    ``most``), ``mat-outside`` (``rect``: x, y, width, height; ``width``, ``height``),
    ``mat-impossible``, each with ``path``; ``font-missing`` (``language``)."""


@dataclass(frozen=True)
class PrintConfig:
    """Every size and shade used on the printed sheets, in one place.

    Grey levels are 0-255 on the RGB scale. The slot outlines sit only a few
    levels off the mat's grey so people can see them but the camera never
    takes one for a card or a token.
    """

    outline_grey: int = 112          # mat is 128: 16 levels darker
    outline_width: float = 0.5       # mm
    label_grey: int = 112
    label_size: float = 7.0          # pt, slot labels on the mat
    title_size: float = 8.0          # pt, the mat's own faint title
    tick_length: float = 5.0         # mm, token place separators in a bank lane
    # A4 tiles
    tile_margin: float = 10.0        # mm of white round the printed part (printers can't reach the edge)
    tile_min_overlap: float = 10.0   # mm printed on both neighbours, to lay one over the other
    cross_size: float = 6.0          # mm, alignment crosses in the overlap
    cross_grey: int = 40
    cross_width: float = 0.2
    crop_mark_length: float = 6.0
    crop_mark_gap: float = 1.0
    # stickers
    qr_size: float = 30.0            # mm, the code itself (21 modules)
    qr_quiet: float = 4.0            # mm of white round the code (the spec asks for >= 3 mm)
    tag_text_band: float = 5.0       # mm under the quiet zone for the id in plain text
    tag_text_size: float = 10.0      # pt
    sheet_margin: float = 10.0       # mm, A4 sticker sheets
    sheet_header: float = 8.0        # mm, title line at the top of each sheet
    sheet_footer: float = 10.0       # mm, scale bar at the bottom
    cut_grey: int = 170
    cut_width: float = 0.2
    scale_bar: float = 50.0          # mm, printed to check the print was not scaled

    @property
    def sticker_size(self) -> tuple[float, float]:
        """Width and height of one sticker in mm."""
        return (self.qr_size + 2 * self.qr_quiet,
                self.qr_size + 2 * self.qr_quiet + self.tag_text_band)


DEFAULT_CONFIG = PrintConfig()


# --------------------------------------------------------------------------- inputs

def load_mat():
    """The mat geometry to draw: the packaged mat v1 (``vision.mat``). (A ``mat.json`` the
    user gives is read and checked by ``print-mat --mat``.)"""
    return mat_geometry.load_mat()


# --------------------------------------------------------------------------- patterns

def aruco_cells(marker_id: int, dictionary: str = "DICT_4X4_50") -> list[list[bool]]:
    """The marker as a square grid of cells, True where black, including its black border."""
    import cv2  # lazy: only printing needs it here

    try:
        dict_id = getattr(cv2.aruco, dictionary)
    except AttributeError as exc:
        raise PrintError("marker-dictionary", dictionary=dictionary) from exc
    aruco_dict = cv2.aruco.getPredefinedDictionary(dict_id)
    cells = aruco_dict.markerSize + 2
    image = cv2.aruco.generateImageMarker(aruco_dict, int(marker_id), cells)
    return [[bool(v < 128) for v in row] for row in image]


def qr_matrix(payload: str) -> list[list[bool]]:
    """The QR code for ``payload`` as 21 x 21 modules (True = dark), version 1, error correction H.

    Raises PrintError if the payload doesn't fit a version 1-H code.
    """
    import segno  # lazy: only the tag sheets need it (the CLI stays quick to start)

    try:
        code = segno.make_qr(payload, version=1, error="H", boost_error=False)
    except segno.DataOverflowError as exc:
        raise PrintError("payload-too-long", payload=payload) from exc
    if code.version != 1 or code.error != "H":  # never silently print a different symbol
        raise PrintError("payload-wrong-symbol", payload=payload, version=code.version,
                         error=code.error)
    matrix = [[bool(v) for v in row] for row in code.matrix]
    assert len(matrix) == 21 and all(len(r) == 21 for r in matrix)
    return matrix


# --------------------------------------------------------------------------- drawing helpers

def _new_pdf(width: float, height: float):
    from fpdf import FPDF  # lazy: fpdf2 only when a PDF is drawn (the CLI stays quick)
    from fpdf.prefs import ViewerPreferences

    pdf = FPDF(orientation="P", unit="mm", format=(width, height))
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.set_creator("splendor-companion")
    # Ask viewers to print at 100 %: every size on these pages matters.
    pdf.viewer_preferences = ViewerPreferences(print_scaling="None")
    return pdf


def _fill_cells(pdf, cells: list[list[bool]], x: float, y: float, cell: float, rgb) -> None:
    """Fill the True cells of a grid as one path (one fill, so no seams between cells)."""
    from fpdf.drawing import DeviceRGB  # lazy, as in _new_pdf

    runs = []
    for r, row in enumerate(cells):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                runs.append((r, start, c - start))
            else:
                c += 1
    if not runs:
        return
    with pdf.new_path() as path:
        path.style.fill_color = DeviceRGB(*(v / 255 for v in rgb))
        path.style.stroke_color = None
        path.style.auto_close = True
        for r, c, n in runs:
            path.rectangle(x + c * cell, y + r * cell, n * cell, cell)


def _grey(value: int) -> tuple[int, int, int]:
    return (value, value, value)


def _text_centered(pdf, text: str, cx: float, baseline: float) -> None:
    pdf.text(cx - pdf.get_string_width(text) / 2, baseline, text)


def _scale_bar(pdf, x: float, y: float, length: float, words: PrintWords = ENGLISH) -> None:
    """A bar of known length with a note, so the user can check the print wasn't scaled."""
    pdf.set_draw_color(0, 0, 0)
    pdf.set_fill_color(0, 0, 0)
    pdf.set_line_width(0.2)
    pdf.rect(x, y, length, 1.5, style="F")
    for tick in (0, length):
        pdf.line(x + tick, y - 1.0, x + tick, y + 2.5)
    pdf.set_text_color(0, 0, 0)
    use_font(pdf, words, size=7)
    pdf.text(x + length + 3, y + 1.6, words.scale_bar.format(length=f"{length:g}"))


# --------------------------------------------------------------------------- the mat

def _rects(mat, words: PrintWords = ENGLISH) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every card and noble slot outline on the mat as (label, (x, y, w, h)). Numbered from 1
    as the referee names them ("the second card of level 2" is the one labelled "level 2 · 2"),
    not from 0 as read-table's paths."""
    out = [(words.noble.format(slot=i + 1), r) for i, r in enumerate(mat.nobles)]
    out.append((words.scan, mat.scan))
    for level in sorted(mat.decks, reverse=True):
        out.append((words.deck.format(level=level), mat.decks[level]))
    for level in sorted(mat.market, reverse=True):
        out += [(words.market.format(level=level, slot=i + 1), r)
                for i, r in enumerate(mat.market[level])]
    return out


def _marker_squares(mat) -> list[tuple[int, tuple[float, float, float, float]]]:
    """Each marker's white square as (id, (x, y, w, h))."""
    size, border = mat.marker_size, mat.marker_border
    return [(i, (x - border, y - border, size + 2 * border, size + 2 * border))
            for i, (x, y) in sorted(mat.marker_corners.items())]


def draw_mat(pdf, mat, ox: float = 0.0, oy: float = 0.0, config: PrintConfig = DEFAULT_CONFIG,
             words: PrintWords = ENGLISH) -> None:
    """Draw the whole mat (a ``vision.mat.Mat``) with its top-left corner at page position (ox, oy),
    mm, labelled in ``words``."""
    width, height = mat.size
    pdf.set_fill_color(*mat.background_rgb)
    pdf.rect(ox, oy, width, height, style="F")

    # Slot outlines and labels: faint, thin.
    pdf.set_draw_color(*_grey(config.outline_grey))
    pdf.set_line_width(config.outline_width)
    pdf.set_text_color(*_grey(config.label_grey))
    use_font(pdf, words, size=config.label_size)
    inset = config.outline_width / 2  # keep the stroke inside the slot rectangle
    for label, (x, y, w, h) in _rects(mat, words):
        pdf.rect(ox + x + inset, oy + y + inset, w - 2 * inset, h - 2 * inset, style="D")
        pdf.text(ox + x + 2.0, oy + y + 4.5, label)

    # Bank lanes: outline, separators between token places, colour name above the lane.
    for colour in BANK_ORDER:
        x, y, w, h = mat.bank[colour]
        places = mat.lane_capacity[colour]
        place = w / 7  # a lane holds 7 token places (41 mm); gold uses the first 5
        pdf.rect(ox + x + inset, oy + y + inset, w - 2 * inset, h - 2 * inset, style="D")
        # Short ticks at the lane edges only: full lines or circles could read as a token edge.
        for k in range(1, places + (1 if places < 7 else 0)):
            tx = ox + x + k * place
            pdf.line(tx, oy + y, tx, oy + y + config.tick_length)
            pdf.line(tx, oy + y + h - config.tick_length, tx, oy + y + h)
        pdf.text(ox + x + 1.0, oy + y - 1.5, words.lane.format(colour=words.colour(colour),
                                                               places=places))

    # Markers: white square, black square, then the white cells of the pattern.
    size = mat.marker_size
    for marker_id, (sx, sy, sw, sh) in _marker_squares(mat):
        pdf.set_fill_color(255, 255, 255)
        pdf.rect(ox + sx, oy + sy, sw, sh, style="F")
        cells = aruco_cells(marker_id, mat.marker_dictionary)
        cell = size / len(cells)
        mx, my = mat.marker_corners[marker_id]
        pdf.set_fill_color(0, 0, 0)
        pdf.rect(ox + mx, oy + my, size, size, style="F")
        white = [[not v for v in row] for row in cells]
        _fill_cells(pdf, white, ox + mx, oy + my, cell, (255, 255, 255))

    # The mat's own name, faint, bottom centre between the lower markers.
    use_font(pdf, words, size=config.title_size)
    _text_centered(pdf, f"{mat.name} v{mat.version}  {width:g} x {height:g} mm",
                   ox + width / 2, oy + height - 6.0)


def draw_alignment_cross(pdf, x: float, y: float, config: PrintConfig = DEFAULT_CONFIG) -> None:
    """A thin + centred on (x, y) with a small circle, to lay two tiles on top of each other."""
    half = config.cross_size / 2
    pdf.set_draw_color(*_grey(config.cross_grey))
    pdf.set_line_width(config.cross_width)
    pdf.line(x - half, y, x + half, y)
    pdf.line(x, y - half, x, y + half)
    pdf.circle(x=x, y=y, radius=half * 0.5, style="D")


@dataclass(frozen=True)
class Tile:
    """One A4 page of the tiled mat: which part of the mat (mm) it prints and where."""

    row: int
    col: int
    x0: float      # mat coordinates of the printed part's top-left corner
    y0: float
    width: float   # size of the printed part (mm)
    height: float


@dataclass(frozen=True)
class TileLayout:
    """How the mat is split over A4 pages."""

    page: tuple[float, float]          # page width, height in mm
    margin: float                      # white border round the printed part on each page
    rows: int
    cols: int
    tiles: list[Tile] = field(default_factory=list)
    crosses: list[tuple[float, float]] = field(default_factory=list)  # mat coordinates

    @property
    def orientation(self) -> str:
        return "landscape" if self.page[0] > self.page[1] else "portrait"


def _tile_count(length: float, content: float, min_overlap: float) -> int:
    """How many tiles cover ``length`` when each prints ``content`` and neighbours overlap."""
    if length <= content:
        return 1
    return math.ceil((length - content) / (content - min_overlap)) + 1


def _cut_cost(mat, at: float, vertical: bool) -> float:
    """How much harm a tile edge (a paper edge on the finished mat) at ``at`` does.

    An edge across a bank lane, where tokens lie, is worst; across a card slot or a marker it
    is bad; running within 3 mm of a slot outline it blurs the outline a little.
    """
    weighted = [(r, 3.0) for r in mat.bank.values()] + [(r, 1.0) for _, r in _rects(mat)]
    weighted += [(r, 5.0) for _, r in _marker_squares(mat)]
    cost = 0.0
    for (x, y, w, h), weight in weighted:
        lo, size, span = (x, w, h) if vertical else (y, h, w)
        if lo < at < lo + size:
            cost += weight * span
        else:
            gap = min(abs(at - lo), abs(at - lo - size))
            if gap < 3.0:
                cost += 0.2 * span * (3.0 - gap) / 3.0
    return cost


def _starts(mat, length: float, content: float, min_overlap: float, vertical: bool) -> list[float]:
    """Where the tiles start along one axis (mm, whole mm), as few tiles as possible.

    Every overlap is at least ``min_overlap``; within that, the cuts (the visible paper edges)
    are put where they cross the fewest slots and bank lanes, evenly spread on a tie.
    """
    n = _tile_count(length, content, min_overlap)
    if n == 1:
        return [0.0]
    longest = int(content - min_overlap)       # furthest one tile may start after the last
    first_last = math.ceil(length - content)    # the last tile must reach the mat's end
    ideal = (length - content) / (n - 1)
    positions = range(1, int(length))
    cost = {p: _cut_cost(mat, p, vertical) for p in positions}
    # best[p] = (total cost, starts) for a tile starting at p after i cuts; s_0 = 0.
    best = {0: (0.0, [0.0])}
    for i in range(1, n):
        nxt: dict[int, tuple[float, list[float]]] = {}
        for p in positions:
            if i == n - 1 and p < first_last:
                continue
            options = [(c + cost[p] + 0.001 * abs(p - q - ideal), starts)
                       for q, (c, starts) in best.items() if 0 < p - q <= longest]
            if options:
                total, starts = min(options, key=lambda o: o[0])
                nxt[p] = (total, starts + [float(p)])
        best = nxt
    return min(best.values(), key=lambda o: o[0])[1]


def _blocked(mat, x: float, y: float, half: float) -> bool:
    """Whether a cross of half-size ``half`` at (x, y) would touch a slot or a marker."""
    boxes = [r for _, r in _rects(mat)] + list(mat.bank.values())
    boxes += [r for _, r in _marker_squares(mat)]
    width, height = mat.size
    if not (half + 2 <= x <= width - half - 2 and half + 2 <= y <= height - half - 2):
        return True
    pad = half + 1.0
    return any(bx - pad < x < bx + bw + pad and by - pad < y < by + bh + pad for bx, by, bw, bh in boxes)


def _seam_crosses(mat, at: float, span: tuple[float, float],
                  vertical: bool, half: float) -> list[tuple[float, float]]:
    """Up to three crosses centred on a cut line, spread along it, clear of slots and markers.

    The cut line is the edge of the tile laid on top: that tile keeps half of each cross, the
    tile underneath shows the other half, so the crosses are whole only when the tiles line up.
    """
    a0, a1 = span[0] + half + 1, span[1] - half - 1
    chosen: list[tuple[float, float]] = []
    for target in (a0, (a0 + a1) / 2, a1):
        best = None
        for dist in range(0, int(a1 - a0) + 1):
            for along in (target + dist, target - dist):
                x, y = (at, along) if vertical else (along, at)
                if a0 <= along <= a1 and not _blocked(mat, x, y, half):
                    best = (round(x, 2), round(y, 2))
                    break
            if best:
                break
        if best and _far(best, chosen, 4 * half):
            chosen.append(best)
    return chosen


def _far(point: tuple[float, float], others: list[tuple[float, float]], distance: float) -> bool:
    """Whether ``point`` is at least ``distance`` from every point in ``others``."""
    return all(math.dist(point, o) >= distance for o in others)


def tile_layout(mat, config: PrintConfig = DEFAULT_CONFIG) -> TileLayout:
    """Split the mat over A4 pages, portrait or landscape, whichever needs fewer pages."""
    width, height = mat.size
    best = None
    for page in ((A4[1], A4[0]), A4):  # landscape first: it wins a tie
        cw, ch = page[0] - 2 * config.tile_margin, page[1] - 2 * config.tile_margin
        count = (_tile_count(width, cw, config.tile_min_overlap)
                 * _tile_count(height, ch, config.tile_min_overlap))
        if best is None or count < best[1]:
            best = (page, count, cw, ch)
    page, _, cw, ch = best
    xs = _starts(mat, width, cw, config.tile_min_overlap, vertical=True)
    ys = _starts(mat, height, ch, config.tile_min_overlap, vertical=False)
    tiles = [Tile(r, c, x, y, min(cw, width - x), min(ch, height - y))
             for r, y in enumerate(ys) for c, x in enumerate(xs)]
    half = config.cross_size / 2
    crosses: list[tuple[float, float]] = []
    for r, y in enumerate(ys):          # seams between columns
        for c in range(len(xs) - 1):
            span = (y, min(y + ch, height))
            crosses += [p for p in _seam_crosses(mat, xs[c + 1], span, True, half) if _far(p, crosses, 4 * half)]
    for c, x in enumerate(xs):          # seams between rows
        for r in range(len(ys) - 1):
            span = (x, min(x + cw, width))
            crosses += [p for p in _seam_crosses(mat, ys[r + 1], span, False, half) if _far(p, crosses, 4 * half)]
    return TileLayout(page=page, margin=config.tile_margin, rows=len(ys), cols=len(xs),
                      tiles=tiles, crosses=crosses)


def _crop_marks(pdf, x: float, y: float, w: float, h: float, config: PrintConfig) -> None:
    """Corner marks just outside the printed part, to trim the white margin."""
    gap, length = config.crop_mark_gap, config.crop_mark_length
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            pdf.line(cx + sx * gap, cy, cx + sx * (gap + length), cy)
            pdf.line(cx, cy + sy * gap, cx, cy + sy * (gap + length))


def build_mat_pdf(mat, tiles: bool = False, config: PrintConfig = DEFAULT_CONFIG,
                  words: PrintWords = ENGLISH):
    """The mat as an FPDF document: one full-size page, or A4 tiles when ``tiles`` is true,
    labelled in ``words`` (English by default)."""
    width, height = mat.size
    if not tiles:
        pdf = _new_pdf(width, height)
        pdf.set_title(f"Splendor Companion mat v{mat.version}, full size {width:g} x {height:g} mm")
        pdf.add_page()
        draw_mat(pdf, mat, 0, 0, config, words)
        return pdf

    layout = tile_layout(mat, config)
    pdf = _new_pdf(*A4)
    pdf.set_title(f"Splendor Companion mat v{mat.version} on {len(layout.tiles)} A4 tiles")
    m = layout.margin
    for n, tile in enumerate(layout.tiles, start=1):
        pdf.add_page(orientation="L" if layout.orientation == "landscape" else "P")
        ox, oy = m - tile.x0, m - tile.y0
        with pdf.rect_clip(m, m, tile.width, tile.height):
            draw_mat(pdf, mat, ox, oy, config, words)
            for cx, cy in layout.crosses:
                draw_alignment_cross(pdf, ox + cx, oy + cy, config)
        _crop_marks(pdf, m, m, tile.width, tile.height, config)
        # Top margin: which tile this is and how to join it; bottom margin: the scale check.
        # Text starts right of the crop marks and stays 5 mm from the paper's edge.
        pdf.set_text_color(0, 0, 0)
        use_font(pdf, words, bold=True, size=9)
        label = words.tile.format(row=tile.row + 1, col=tile.col + 1, n=n, total=len(layout.tiles))
        pdf.text(m + 3.0, m - 3.5, label)
        label_end = m + 3.0 + pdf.get_string_width(label)
        note = words.tile_note.format(rows=layout.rows, cols=layout.cols)
        room = layout.page[0] - m - 3.0 - (label_end + 4.0)
        size = 6.5
        use_font(pdf, words, size=size)
        while pdf.get_string_width(note) > room and size > 4.5:  # keep clear of the crop marks
            size -= 0.25
            use_font(pdf, words, size=size)
        pdf.text(label_end + 4.0, m - 3.5, note)
        _scale_bar(pdf, m + 3.0, m + tile.height + 1.8, config.scale_bar, words)
        _overlap_marks(pdf, layout, tile, words)
    return pdf


def _overlap_marks(pdf, layout: TileLayout, tile: Tile, words: PrintWords = ENGLISH) -> None:
    """Marks in the margin where the next tile's edge will lie, so the overlap is easy to find."""
    m = layout.margin
    by_place = {(t.row, t.col): t for t in layout.tiles}
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.3)
    pdf.set_text_color(0, 0, 0)
    use_font(pdf, words, size=5.5)
    right = by_place.get((tile.row, tile.col + 1))
    if right is not None:  # a tick under the content, at the right-hand tile's left edge
        x = m + right.x0 - tile.x0
        y = m + tile.height
        pdf.line(x, y + 1.0, x, y + 4.0)
        pdf.text(x - 1.0 - pdf.get_string_width(words.next_edge), y + 3.5, words.next_edge)
    below = by_place.get((tile.row + 1, tile.col))
    if below is not None:  # a tick right of the content, at the lower tile's top edge
        y = m + below.y0 - tile.y0
        x = m + tile.width
        pdf.line(x + 1.0, y, x + 5.0, y)  # (no room for a label in the side margin)


# --------------------------------------------------------------------------- output

def write_pdf(pdf, out: str | os.PathLike) -> Path:
    """Write the document to ``out`` in one step (a temporary file renamed), never half a file."""
    out = Path(out)
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise PrintError("no-folder", folder=str(folder))
    if out.is_dir():
        raise PrintError("out-is-folder", out=str(out))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".print-", suffix=".pdf", dir=folder)
    except OSError as exc:
        raise PrintError("cant-write-in", folder=str(folder), reason=exc.strerror) from exc
    os.close(fd)
    try:
        pdf.output(tmp)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; a PDF is an ordinary file
        os.replace(tmp, out)
    except OSError as exc:
        raise PrintError("cant-write", out=str(out), reason=exc.strerror) from exc
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return out

