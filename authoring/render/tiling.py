"""Tiling: one drawing bigger than the paper, cut into sheets that are glued edge to edge.

The art is drawn once, at full size, into a PDF form (XObject) and every sheet shows its own
window of it, clipped and shifted. The file holds the art once however many sheets show it:
a 430 x 460 mm game board on six A4 sheets is 62 KB this way and 153 KB with the art drawn
again, clipped, on every sheet.

Neighbouring sheets repeat a strip of the art, the overlap. The sheet on the left (or above)
keeps it as a glue strip; the sheet on the right (or below) is trimmed at the edge of its
window and laid over it. Crosshair targets sit in each strip at the same place in the art on
both sheets, so they coincide when the sheets line up, and the band round each window names
the neighbours: "A1 → glue under B1" beside a glue strip, "B1: trim here, lay over A1" beside
an edge to trim, with trim marks at its ends, and dotted marks where a glue strip ends. Sheets
are named by column (A, B, ...) and row (1 at the top); each says which it is, how many there
are, and the kit's line convention.

The first page is the assembly map: the whole art scaled down, with each sheet's window and
name on it. Everything printed stays inside the paper's printable margin.

A sheet is cut where its art stops: at the edges of its window, or at the drawing's own edge
where that lies inside the window (an outer sheet's blank margin is cut off), so that part of
the window is both its TrimBox and its BleedBox. The map is not cut.

A Tabletop Simulator export wants the board whole, one image, not sheets
(`authoring.render.tts`). The games call `write_tiled` alone for their boards, so the switch
is here, as `impose`'s is for pieces: while an `ArtWriter` is set with `writing_art` (the
build sets one around each component's write), `write_tiled` hands it the drawing and its
size and writes no sheets.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from authoring.files import write_atomically
from authoring.render.document import new_canvas, set_page_boxes
from authoring.render.fonts import BODY, BODY_BOLD
from authoring.render.imposition import Rect
from authoring.render.lines import GLUE, line, plain_line
from authoring.render.paper import LINE_CONVENTION, PRINTABLE_MARGIN, Paper

OVERLAP = 10 * mm
"""The strip of art two neighbouring sheets share: the glue strip under the next sheet."""
BAND = 4 * mm
"""Between the printable area and the window: the neighbour labels and trim marks."""
HEADER = 5 * mm
"""Above the top band: the sheet's name."""
TARGET_RADIUS: float = 2.4 * mm
TARGET_SPACING = 70 * mm
"""Targets along a shared edge are at most about this far apart, and at least two."""
TRIM_MARK = 3 * mm
GLUE_MARK_WIDTH = 0.6
"""Thick enough for the round dots of a glue line to show at arm's length."""
LABEL_SIZE = 6.5
HEADER_SIZE = 8.5
MAP_FRAME = Color(0.16, 0.4, 0.75)
"""The frames of the sheets on the assembly map."""
MAP_TEXT = 40 * mm
"""The assembly map's room under the picture for the instructions."""
INSTRUCTION_SIZE = 9.0
INSTRUCTION_LEADING = 12.0

ART = "tiled-art"
TARGET = "tiled-target"

Draw = Callable[[Canvas], None]


@dataclass(frozen=True)
class Tile:
    """One sheet: `window` on the page shows the part `source` of the art (the same size)."""

    column: int
    row: int
    """Counted from the top: row 0 is printed as 1."""
    window: Rect
    source: Rect

    @property
    def name(self) -> str:
        return f"{chr(ord('A') + self.column)}{self.row + 1}"


@dataclass(frozen=True)
class TilePlan:
    """How a drawing of `width` x `height` points is cut into sheets of `paper`."""

    paper: Paper
    width: float
    height: float
    columns: int
    rows: int
    overlap: float
    tiles: tuple[Tile, ...]
    """Row by row from the top left."""

    def at(self, column: int, row: int) -> Tile | None:
        inside = 0 <= column < self.columns and 0 <= row < self.rows
        return self.tiles[row * self.columns + column] if inside else None

    def targets(self) -> tuple[tuple[float, float], ...]:
        """Every alignment target, in the art's coordinates: along each shared strip."""
        found: list[tuple[float, float]] = []
        for tile in self.tiles:
            right = self.at(tile.column + 1, tile.row)
            if right is not None:
                x = (right.source.x + tile.source.x + tile.source.width) / 2
                found += [(x, y) for y in _spread(tile.source.y, tile.source.height)]
            below = self.at(tile.column, tile.row + 1)
            if below is not None:
                y = (tile.source.y + below.source.y + below.source.height) / 2
                found += [(x, y) for x in _spread(tile.source.x, tile.source.width)]
        return tuple(found)

    def targets_on(self, tile: Tile) -> list[tuple[float, float]]:
        """The targets the sheet shows: those in the strips along its edges."""
        return [point for point in self.targets() if _shows(tile.source, point)]


def _spread(start: float, length: float) -> list[float]:
    """Evenly spaced points along a shared edge, clear of the corners where strips cross."""
    count = max(2, math.ceil(length / TARGET_SPACING))
    inner = length - 2 * OVERLAP
    return [start + OVERLAP + inner * (index + 0.5) / count for index in range(count)]


def _shows(source: Rect, point: tuple[float, float]) -> bool:
    x, y = point
    return (
        source.x + TARGET_RADIUS <= x <= source.x + source.width - TARGET_RADIUS
        and source.y + TARGET_RADIUS <= y <= source.y + source.height - TARGET_RADIUS
    )


def _window(paper: Paper) -> Rect:
    """Where a sheet shows its part of the art: the printable area less the bands."""
    inset = PRINTABLE_MARGIN + BAND
    return Rect(inset, inset, paper.width - 2 * inset, paper.height - 2 * inset - HEADER)


def _count(length: float, window: float, overlap: float) -> int:
    return max(1, math.ceil((length - overlap) / (window - overlap) - 1e-9))


def plan_tiles(paper: Paper, width: float, height: float, *, overlap: float = OVERLAP) -> TilePlan:
    """The fewest sheets that show the whole drawing, the paper upright or turned (upright
    on a tie); the art is centred on the sheets' combined windows."""
    plans = [_plan(sheet, width, height, overlap) for sheet in (paper, paper.landscape())]
    return min(plans, key=lambda plan: len(plan.tiles))


def _plan(paper: Paper, width: float, height: float, overlap: float) -> TilePlan:
    window = _window(paper)
    columns = _count(width, window.width, overlap)
    rows = _count(height, window.height, overlap)
    step_x, step_y = window.width - overlap, window.height - overlap
    left = (columns * step_x + overlap - width) / 2
    top = height + (rows * step_y + overlap - height) / 2
    tiles = tuple(
        Tile(
            column,
            row,
            window,
            Rect(
                column * step_x - left,
                top - row * step_y - window.height,
                window.width,
                window.height,
            ),
        )
        for row in range(rows)
        for column in range(columns)
    )
    return TilePlan(paper, width, height, columns, rows, overlap, tiles)


class ArtWriter(Protocol):
    """What takes a component's board whole instead of `write_tiled`'s sheets."""

    def write_art(self, width: float, height: float, draw: Draw) -> None: ...


_art_writer: ContextVar[ArtWriter | None] = ContextVar("art_writer", default=None)


@contextmanager
def writing_art(writer: ArtWriter) -> Iterator[None]:
    """Inside the block, `write_tiled` sends its drawing to `writer` and writes no sheets."""
    token = _art_writer.set(writer)
    try:
        yield
    finally:
        _art_writer.reset(token)


def write_tiled(
    path: Path,
    paper: Paper,
    width: float,
    height: float,
    draw: Draw,
    *,
    title: str,
    author: str,
    subject: str,
    overlap: float = OVERLAP,
) -> TilePlan:
    """Draw the art once (`draw` paints the rectangle 0, 0, width, height) and write it as an
    assembly map followed by its sheets; return the plan. Inside `writing_art`, the drawing
    goes to its writer instead and `path` is not written; the plan is still the sheets'."""
    plan = plan_tiles(paper, width, height, overlap=overlap)
    art_writer = _art_writer.get()
    if art_writer is not None:
        art_writer.write_art(width, height, draw)
        return plan

    def write(temporary: Path) -> None:
        canvas = new_canvas(temporary, plan.paper, title=title, author=author, subject=subject)
        _define_forms(canvas, width, height, draw)
        _assembly_map(canvas, plan, title)
        canvas.showPage()
        page = (plan.paper.width, plan.paper.height)
        for number, tile in enumerate(plan.tiles, start=1):
            _sheet(canvas, plan, tile, title, number)
            cut = _cut(tile, width, height)
            set_page_boxes(canvas, page, trim=cut, bleed=cut)
            canvas.showPage()
        canvas.save()

    write_atomically(path, write)
    return plan


def _cut(tile: Tile, width: float, height: float) -> Rect:
    """Where the sheet is cut: its window, less any of it beyond the drawing's edge."""
    window, source = tile.window, tile.source
    left = max(window.x, window.x - source.x)
    bottom = max(window.y, window.y - source.y)
    right = min(window.x + window.width, window.x - source.x + width)
    top = min(window.y + window.height, window.y - source.y + height)
    return Rect(left, bottom, right - left, top - bottom)


def _define_forms(canvas: Canvas, width: float, height: float, draw: Draw) -> None:
    canvas.beginForm(ART, 0, 0, width, height)
    draw(canvas)
    canvas.endForm()
    canvas.beginForm(TARGET, -TARGET_RADIUS, -TARGET_RADIUS, TARGET_RADIUS, TARGET_RADIUS)
    canvas.setFillGray(1)
    canvas.circle(0, 0, TARGET_RADIUS * 0.75, stroke=0, fill=1)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.35)
    canvas.circle(0, 0, TARGET_RADIUS * 0.55, stroke=1, fill=0)
    canvas.line(-TARGET_RADIUS, 0, TARGET_RADIUS, 0)
    canvas.line(0, -TARGET_RADIUS, 0, TARGET_RADIUS)
    canvas.endForm()


# --- a sheet ------------------------------------------------------------------------------


def _sheet(canvas: Canvas, plan: TilePlan, tile: Tile, title: str, number: int) -> None:
    window, source = tile.window, tile.source
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(*window)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.translate(window.x - source.x, window.y - source.y)
    canvas.doForm(ART)
    for x, y in plan.targets_on(tile):
        canvas.saveState()
        canvas.translate(x, y)
        canvas.doForm(TARGET)
        canvas.restoreState()
    canvas.restoreState()
    _header(
        canvas,
        plan.paper,
        f"{title}: sheet {tile.name} (column {tile.name[0]}, row {tile.row + 1}), "
        f"sheet {number} of {len(plan.tiles)}",
    )
    _convention(canvas, plan.paper)
    for edge, placing, text in _edge_labels(plan, tile):
        _edge_label(canvas, window, edge, text)
        if placing == "over":
            _trim_marks(canvas, window, edge)
        else:
            _glue_marks(canvas, window, edge)


def _edge_labels(plan: TilePlan, tile: Tile) -> Iterator[tuple[str, str, str]]:
    """(edge, "under" or "over", label) for each side with a neighbouring sheet."""
    name = tile.name
    for edge, column, row in (
        ("right", tile.column + 1, tile.row),
        ("bottom", tile.column, tile.row + 1),
        ("left", tile.column - 1, tile.row),
        ("top", tile.column, tile.row - 1),
    ):
        other = plan.at(column, row)
        if other is None:
            continue
        if edge in ("right", "bottom"):
            yield edge, "under", f"{name} \u2192 glue under {other.name}"
        else:
            yield edge, "over", f"{name}: trim here, lay over {other.name}"


def _header(canvas: Canvas, paper: Paper, text: str) -> None:
    canvas.setFillGray(0)
    canvas.setFont(BODY_BOLD, HEADER_SIZE)
    canvas.drawString(PRINTABLE_MARGIN, paper.height - PRINTABLE_MARGIN - HEADER_SIZE, text)


def _convention(canvas: Canvas, paper: Paper) -> None:
    """The kit's line convention, at the right of the header line."""
    canvas.setFillGray(0)
    canvas.setFont(BODY, LABEL_SIZE)
    right = paper.width - PRINTABLE_MARGIN
    canvas.drawRightString(right, paper.height - PRINTABLE_MARGIN - HEADER_SIZE, LINE_CONVENTION)


def _edge_label(canvas: Canvas, window: Rect, edge: str, text: str) -> None:
    """The label centred in the band along one edge of the window, reading along it."""
    canvas.setFont(BODY, LABEL_SIZE)
    canvas.setFillGray(0)
    middle = BAND / 2 - LABEL_SIZE * 0.35
    right, top = window.x + window.width, window.y + window.height
    canvas.saveState()
    if edge == "bottom":
        canvas.translate(window.x + window.width / 2, window.y - BAND / 2 - LABEL_SIZE * 0.35)
    elif edge == "top":
        canvas.translate(window.x + window.width / 2, top + middle)
    elif edge == "left":
        canvas.translate(window.x - middle, window.y + window.height / 2)
        canvas.rotate(90)
    else:
        canvas.translate(right + BAND / 2 + LABEL_SIZE * 0.35, window.y + window.height / 2)
        canvas.rotate(90)
    canvas.drawCentredString(0, 0, text)
    canvas.restoreState()


def _trim_marks(canvas: Canvas, window: Rect, edge: str) -> None:
    """Short lines in the band, in line with the edge to trim, at both ends of it."""
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.3)
    x0, y0 = window.x, window.y
    x1, y1 = x0 + window.width, y0 + window.height
    if edge == "left":
        canvas.line(x0, y0 - 1, x0, y0 - TRIM_MARK)
        canvas.line(x0, y1 + 1, x0, y1 + TRIM_MARK)
    else:
        canvas.line(x0 - 1, y1, x0 - TRIM_MARK, y1)
        canvas.line(x1 + 1, y1, x1 + TRIM_MARK, y1)


def _glue_marks(canvas: Canvas, window: Rect, edge: str) -> None:
    """Dotted lines in the band, in line with the inner edge of the glue strip along `edge`
    (where the neighbour's trimmed edge will lie), at both ends of it."""
    line(canvas, GLUE, GLUE_MARK_WIDTH)
    x0, y0 = window.x, window.y
    x1, y1 = x0 + window.width, y0 + window.height
    if edge == "right":
        inner = x1 - OVERLAP
        canvas.line(inner, y0 - 1, inner, y0 - TRIM_MARK)
        canvas.line(inner, y1 + 1, inner, y1 + TRIM_MARK)
    else:
        inner = y0 + OVERLAP
        canvas.line(x0 - 1, inner, x0 - TRIM_MARK, inner)
        canvas.line(x1 + 1, inner, x1 + TRIM_MARK, inner)
    plain_line(canvas)


# --- the assembly map ---------------------------------------------------------------------


def _assembly_map(canvas: Canvas, plan: TilePlan, title: str) -> None:
    paper = plan.paper
    _header(canvas, paper, f"{title}: assembly map ({len(plan.tiles)} sheets)")
    room = Rect(
        PRINTABLE_MARGIN,
        PRINTABLE_MARGIN + MAP_TEXT,
        paper.width - 2 * PRINTABLE_MARGIN,
        paper.height - 2 * PRINTABLE_MARGIN - HEADER - MAP_TEXT,
    )
    sheets = _union(tile.source for tile in plan.tiles)
    scale = min(room.width / sheets.width, room.height / sheets.height)
    x = room.x + (room.width - sheets.width * scale) / 2 - sheets.x * scale
    y = room.y + (room.height - sheets.height * scale) / 2 - sheets.y * scale
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(scale, scale)
    canvas.doForm(ART)
    canvas.restoreState()
    for tile in plan.tiles:
        box = Rect(
            x + tile.source.x * scale,
            y + tile.source.y * scale,
            tile.source.width * scale,
            tile.source.height * scale,
        )
        # Solid and blue: on a printed kit a dashed line means fold, a black one cut.
        canvas.setStrokeColor(MAP_FRAME)
        canvas.setLineWidth(0.8)
        canvas.rect(*box, stroke=1, fill=0)
        _map_name(canvas, tile.name, box)
    _instructions(canvas, plan)


def _union(rects: Iterator[Rect]) -> Rect:
    listed = list(rects)
    x0 = min(r.x for r in listed)
    y0 = min(r.y for r in listed)
    x1 = max(r.x + r.width for r in listed)
    y1 = max(r.y + r.height for r in listed)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _map_name(canvas: Canvas, name: str, box: Rect) -> None:
    size = min(28.0, box.height / 3)
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    canvas.setFillGray(1)
    canvas.roundRect(cx - size * 1.1, cy - size * 0.55, size * 2.2, size * 1.3, 3, 0, 1)
    canvas.setFillGray(0)
    canvas.setFont(BODY_BOLD, size)
    canvas.drawCentredString(cx, cy - size * 0.3, name)


def _instructions(canvas: Canvas, plan: TilePlan) -> None:
    lines = (
        "Print every sheet at actual size (100 %, no fit to page). The blue frames show "
        "each sheet's part of the picture.",
        f"Sheets overlap by {plan.overlap / mm:.0f} mm. Trim each sheet along the edges "
        "marked \u201ctrim here\u201d, right at the edge of the picture.",
        "Lay it over the glue strip of the sheet named there, so that the crosshair targets "
        "meet, and glue it down.",
        "Start with A1 and work to the right along each row, then row by row downwards.",
    )
    canvas.setFillGray(0)
    canvas.setFont(BODY, INSTRUCTION_SIZE)
    width = plan.paper.width - 2 * PRINTABLE_MARGIN
    y = PRINTABLE_MARGIN + MAP_TEXT - INSTRUCTION_LEADING
    for number, instruction in enumerate(lines, start=1):
        for part in simpleSplit(f"{number}. {instruction}", BODY, INSTRUCTION_SIZE, width):
            canvas.drawString(PRINTABLE_MARGIN, y, part)
            y -= INSTRUCTION_LEADING
