"""Hex maps: a grid of pointy-topped hexes drawn from a description, with a legend.

A game describes its map as data: which look each hex has (a fill and an optional pattern),
which features lie on hex sides (a wall, an opening in one, a lip with ticks, an arrow out of
the hex, a wheel), the number printed on every hex and a large mark on a few. This module
knows the geometry and how each kind of look is drawn; it names no game.

Hexes are counted from 1 by column (left to right) and row (top to bottom), as a
spreadsheet's cells are; every other row sits half a hex to the right. Sides are named by the
direction of the neighbour across them: E, NE, NW, W, SW, SE. The map's outline is drawn as
a solid line, the cut line: cut along it and two maps laid edge to edge fit hex into hex.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from reportlab.lib import colors
from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from authoring.render.fonts import BODY, BODY_BOLD, register_body_fonts

Point = tuple[float, float]
Cell = tuple[int, int]
"""(column, row), both counted from 1."""

SIDE_DIRECTIONS = {"E": 0, "NE": 60, "NW": 120, "W": 180, "SW": 240, "SE": 300}
"""Degrees from the east to the neighbour across each side."""

GRID_GREY = 0.45
GRID_WIDTH = 0.35
OUTLINE_WIDTH = 1.0
NUMBER_SIZE = 6.0
NUMBER_GREY = 0.2
NUMBER_DROP = 0.62
"""The hex number's baseline, as a share of the radius above the centre."""
MARK_SIZE = 16.0
EDGE_LABEL_SIZE = 9.0
LEGEND_SIZE = 8.0
LEGEND_TITLE_SIZE = 10.0
LEGEND_LEADING = 1.5
"""Legend rows are this many text sizes apart."""
LEGEND_SWATCH = 4.2 * mm
LEGEND_COLUMN = 62 * mm
NOTE_SIZE = 8.5
NOTE_LEADING = 11.0
PATTERN_WIDTH = 0.6
FEATURE_WIDTH = 2.2
ARROW_HEAD = 1.6 * mm
OPENING_FROM = 0.22
"""A door or window leaves this share of its side to the wall at each end."""
OPENING_WIDTH = 1.6 * mm
OPENING_EDGE = 0.5


@dataclass(frozen=True)
class HexGrid:
    """`columns` x `rows` pointy-topped hexes `flat` points across their flat sides, even rows
    (2, 4, ...) half a hex to the right."""

    columns: int
    rows: int
    flat: float

    @property
    def radius(self) -> float:
        """Centre to corner: the side's length."""
        return self.flat / math.sqrt(3)

    @property
    def pitch(self) -> float:
        """Between the centres of neighbouring hexes in a row: the flat-to-flat width."""
        return self.flat

    @property
    def row_pitch(self) -> float:
        return 1.5 * self.radius

    @property
    def width(self) -> float:
        return (self.columns + 0.5) * self.flat

    @property
    def height(self) -> float:
        return 2 * self.radius + (self.rows - 1) * self.row_pitch

    @staticmethod
    def shifted(row: int) -> bool:
        return row % 2 == 0

    def centre(self, column: int, row: int) -> Point:
        """In the grid's own coordinates: (0, 0) at the bottom left of its bounds."""
        x = (column - 0.5 + (0.5 if self.shifted(row) else 0)) * self.pitch
        return x, self.height - self.radius - (row - 1) * self.row_pitch

    def corners(self, column: int, row: int) -> list[Point]:
        cx, cy = self.centre(column, row)
        return [_towards(cx, cy, self.radius, 30 + 60 * k) for k in range(6)]

    def side_ends(self, column: int, row: int, side: str) -> tuple[Point, Point]:
        cx, cy = self.centre(column, row)
        direction = SIDE_DIRECTIONS[side]
        return (
            _towards(cx, cy, self.radius, direction - 30),
            _towards(cx, cy, self.radius, direction + 30),
        )

    def neighbour(self, column: int, row: int, side: str) -> Cell:
        if side in ("E", "W"):
            return (column + (1 if side == "E" else -1), row)
        east = side in ("NE", "SE")
        if self.shifted(row):
            column += 1 if east else 0
        else:
            column -= 0 if east else 1
        return (column, row - 1 if side in ("NE", "NW") else row + 1)


def row_span(pitch: float, hexes: int, side: float) -> float:
    """The length of a piece `side` across lying on `hexes` neighbouring hexes of a row,
    hexes `pitch` apart: each end square's centre on its hex's centre."""
    return (hexes - 1) * pitch + side


def _towards(x: float, y: float, length: float, degrees: float) -> Point:
    angle = math.radians(degrees)
    return x + length * math.cos(angle), y + length * math.sin(angle)


Pattern = Literal["trees", "waves", "tufts", "stones", "planks", "bars", "dots"]
SideKind = Literal["wall", "opening", "lip", "arrow", "wheel"]


@dataclass(frozen=True)
class HexLook:
    """How one kind of hex is drawn, and what the legend calls it."""

    name: str
    fill: Color
    pattern: Pattern | None = None
    ink: Color = colors.black
    code: str | None = None
    """Printed in the hex when the look has nothing else to tell it apart."""
    mark: str | None = None
    """A large letter in the middle of the hex, as the map's marks are drawn."""


@dataclass(frozen=True)
class SideLook:
    """How one kind of hex-side feature is drawn, and what the legend calls it.

    wall: a thick line; opening: a wall whose middle shows `inner`; lip: a line with ticks
    into the hex; arrow: from the hex's centre out across the side; wheel: a spoked wheel on
    the side."""

    name: str
    kind: SideKind
    colour: Color
    inner: Color = colors.white


@dataclass(frozen=True)
class HexMapArt:
    """Everything drawn on one map. `hexes` gives each hex its look; `sides` lists
    (column, row, side, look) with the ticks or arrow pointing into/out of that hex."""

    grid: HexGrid
    hexes: Mapping[Cell, str]
    looks: Mapping[str, HexLook]
    sides: Sequence[tuple[int, int, str, str]] = ()
    side_looks: Mapping[str, SideLook] = field(default_factory=dict)
    numbers: Mapping[Cell, str] = field(default_factory=dict)
    marks: Mapping[Cell, str] = field(default_factory=dict)
    edges: Mapping[str, str] = field(default_factory=dict)
    """Labels outside the map by edge: "top", "right", "bottom", "left"."""


EDGE_ROOM = 9 * mm
"""Room round the grid for the edge labels."""


def map_size(art: HexMapArt) -> tuple[float, float]:
    """The map with the room for its edge labels."""
    return art.grid.width + 2 * EDGE_ROOM, art.grid.height + 2 * EDGE_ROOM


def draw_hex_map(canvas: Canvas, art: HexMapArt, x: float, y: float) -> None:
    """The map with its edge labels, its bottom left corner at (x, y)."""
    grid = art.grid
    canvas.saveState()
    canvas.translate(x + EDGE_ROOM, y + EDGE_ROOM)
    for (column, row), key in art.hexes.items():
        _hex(canvas, grid, column, row, art.looks[key])
    for (column, row), text in art.numbers.items():
        cx, cy = grid.centre(column, row)
        canvas.setFillGray(NUMBER_GREY)
        canvas.setFont(BODY, NUMBER_SIZE)
        canvas.drawCentredString(cx, cy + grid.radius * NUMBER_DROP - NUMBER_SIZE, text)
    for column, row, side, key in art.sides:
        _side(canvas, grid, column, row, side, art.side_looks[key])
    for (column, row), text in art.marks.items():
        _mark(canvas, text, *grid.centre(column, row), MARK_SIZE)
    _outline(canvas, art)
    _edge_labels(canvas, grid, art.edges)
    canvas.restoreState()


def _hex(canvas: Canvas, grid: HexGrid, column: int, row: int, look: HexLook) -> None:
    path = canvas.beginPath()
    corners = grid.corners(column, row)
    path.moveTo(*corners[0])
    for corner in corners[1:]:
        path.lineTo(*corner)
    path.close()
    canvas.setFillColor(look.fill)
    canvas.setStrokeGray(GRID_GREY)
    canvas.setLineWidth(GRID_WIDTH)
    canvas.drawPath(path, stroke=1, fill=1)
    cx, cy = grid.centre(column, row)
    if look.pattern is not None:
        _pattern(canvas, look.pattern, cx, cy, grid.radius, look.ink)
    if look.mark is not None:
        _mark(canvas, look.mark, cx, cy, min(MARK_SIZE, grid.radius))
    if look.code is not None and look.pattern is None:
        canvas.setFillColor(look.ink)
        canvas.setFont(BODY, NUMBER_SIZE)
        canvas.drawCentredString(cx, cy - grid.radius * 0.55, look.code)


def _mark(canvas: Canvas, text: str, cx: float, cy: float, size: float) -> None:
    canvas.setFillColor(colors.black)
    canvas.setFont(BODY_BOLD, size)
    canvas.drawCentredString(cx, cy - size * 0.35, text)


def _pattern(canvas: Canvas, pattern: Pattern, cx: float, cy: float, r: float, ink: Color) -> None:
    """A small motif below the hex number, inside the hex."""
    canvas.saveState()
    canvas.setStrokeColor(ink)
    canvas.setFillColor(ink)
    canvas.setLineWidth(PATTERN_WIDTH)
    low = cy - 0.2 * r
    if pattern == "trees":
        for dx, dy in ((-0.32, -0.05), (0.32, -0.05), (0, -0.42)):
            canvas.circle(cx + dx * r, low + dy * r, 0.2 * r, stroke=1, fill=1)
    elif pattern == "waves":
        for dy in (0.05, -0.3):
            path = canvas.beginPath()
            y = low + dy * r
            path.moveTo(cx - 0.5 * r, y)
            path.curveTo(cx - 0.25 * r, y + 0.15 * r, cx - 0.25 * r, y - 0.15 * r, cx, y)
            path.curveTo(cx + 0.25 * r, y + 0.15 * r, cx + 0.25 * r, y - 0.15 * r, cx + 0.5 * r, y)
            canvas.drawPath(path, stroke=1, fill=0)
    elif pattern == "tufts":
        for dx in (-0.4, 0, 0.4):
            for lean in (-0.08, 0, 0.08):
                canvas.line(cx + dx * r, low - 0.3 * r, cx + (dx + lean) * r, low)
    elif pattern == "stones":
        for dx in (-0.4, 0, 0.4):
            canvas.circle(cx + dx * r, low - 0.1 * r, 0.15 * r, stroke=0, fill=1)
    elif pattern == "planks":
        canvas.rect(cx - 0.6 * r, low - 0.35 * r, 1.2 * r, 0.5 * r, stroke=1, fill=1)
    elif pattern == "bars":
        for dx in (-0.3, -0.1, 0.1, 0.3):
            canvas.line(cx + dx * r, low - 0.4 * r, cx + dx * r, low + 0.15 * r)
    else:
        for dx, dy in ((-0.3, 0), (0.3, 0), (0, -0.3)):
            canvas.circle(cx + dx * r, low + dy * r, 0.05 * r, stroke=0, fill=1)
    canvas.restoreState()


def _side(canvas: Canvas, grid: HexGrid, column: int, row: int, side: str, look: SideLook) -> None:
    (x0, y0), (x1, y1) = grid.side_ends(column, row, side)
    cx, cy = grid.centre(column, row)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    canvas.saveState()
    canvas.setStrokeColor(look.colour)
    canvas.setFillColor(look.colour)
    canvas.setLineCap(1)
    if look.kind == "wall":
        canvas.setLineWidth(FEATURE_WIDTH)
        canvas.line(x0, y0, x1, y1)
    elif look.kind == "opening":
        _opening(canvas, look, (x0, y0), (x1, y1))
    elif look.kind == "lip":
        canvas.setLineWidth(FEATURE_WIDTH * 0.6)
        canvas.line(x0, y0, x1, y1)
        for share in (0.2, 0.5, 0.8):
            px, py = x0 + (x1 - x0) * share, y0 + (y1 - y0) * share
            canvas.line(px, py, px + (cx - mx) * 0.22, py + (cy - my) * 0.22)
    elif look.kind == "arrow":
        _arrow(
            canvas,
            cx + (mx - cx) * 0.1,
            cy + (my - cy) * 0.1,
            mx + (mx - cx) * 0.1,
            my + (my - cy) * 0.1,
        )
    else:
        canvas.setLineWidth(PATTERN_WIDTH * 1.5)
        canvas.setFillColor(look.inner)
        wheel = grid.radius * 0.3
        canvas.circle(mx, my, wheel, stroke=1, fill=1)
        for k in range(4):
            ex, ey = _towards(0, 0, wheel, 45 * k)
            canvas.line(mx - ex, my - ey, mx + ex, my + ey)
    canvas.restoreState()


def _opening(canvas: Canvas, look: SideLook, start: Point, end: Point) -> None:
    """A wall whose middle half is a bar of the opening's colour, wider than the wall."""
    (x0, y0), (x1, y1) = start, end
    canvas.setLineWidth(FEATURE_WIDTH)
    dx, dy = x1 - x0, y1 - y0
    canvas.line(x0, y0, x0 + dx * OPENING_FROM, y0 + dy * OPENING_FROM)
    canvas.line(x1 - dx * OPENING_FROM, y1 - dy * OPENING_FROM, x1, y1)
    length = math.hypot(dx, dy)
    nx, ny = -dy / length * OPENING_WIDTH / 2, dx / length * OPENING_WIDTH / 2
    a = (x0 + dx * OPENING_FROM, y0 + dy * OPENING_FROM)
    b = (x1 - dx * OPENING_FROM, y1 - dy * OPENING_FROM)
    bar = canvas.beginPath()
    bar.moveTo(a[0] + nx, a[1] + ny)
    bar.lineTo(b[0] + nx, b[1] + ny)
    bar.lineTo(b[0] - nx, b[1] - ny)
    bar.lineTo(a[0] - nx, a[1] - ny)
    bar.close()
    canvas.setFillColor(look.inner)
    canvas.setLineWidth(OPENING_EDGE)
    canvas.drawPath(bar, stroke=1, fill=1)


def _arrow(canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    canvas.setLineWidth(PATTERN_WIDTH * 1.4)
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * ARROW_HEAD, y1 - uy * ARROW_HEAD
    canvas.line(x0, y0, bx, by)
    head = canvas.beginPath()
    head.moveTo(x1, y1)
    head.lineTo(bx - uy * ARROW_HEAD * 0.5, by + ux * ARROW_HEAD * 0.5)
    head.lineTo(bx + uy * ARROW_HEAD * 0.5, by - ux * ARROW_HEAD * 0.5)
    head.close()
    canvas.drawPath(head, stroke=0, fill=1)


def _outline(canvas: Canvas, art: HexMapArt) -> None:
    """The solid cut line round the map: every side with no hex beyond it."""
    grid = art.grid
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(OUTLINE_WIDTH)
    canvas.setLineCap(1)
    for column, row in art.hexes:
        for side in SIDE_DIRECTIONS:
            if grid.neighbour(column, row, side) not in art.hexes:
                (x0, y0), (x1, y1) = grid.side_ends(column, row, side)
                canvas.line(x0, y0, x1, y1)


def _edge_labels(canvas: Canvas, grid: HexGrid, edges: Mapping[str, str]) -> None:
    canvas.setFillColor(colors.black)
    canvas.setFont(BODY_BOLD, EDGE_LABEL_SIZE)
    middle = EDGE_ROOM / 2 + EDGE_LABEL_SIZE * 0.35
    for edge, text in edges.items():
        canvas.saveState()
        if edge == "top":
            canvas.translate(grid.width / 2, grid.height + middle - EDGE_LABEL_SIZE * 0.7)
        elif edge == "bottom":
            canvas.translate(grid.width / 2, -middle)
        elif edge == "left":
            canvas.translate(-middle + EDGE_LABEL_SIZE * 0.7, grid.height / 2)
            canvas.rotate(90)
        else:
            canvas.translate(grid.width + middle - EDGE_LABEL_SIZE * 0.7, grid.height / 2)
            canvas.rotate(-90)
        canvas.drawCentredString(0, 0, text)
        canvas.restoreState()


# --- the legend ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Legend:
    """Under a map: each look used, with a line of words, then notes."""

    title: str
    hexes: Sequence[tuple[HexLook, str]]
    sides: Sequence[tuple[SideLook, str]] = ()
    notes: Sequence[str] = ()


def _columns(width: float) -> int:
    return max(1, int(width // LEGEND_COLUMN))


def entries_height(legend: Legend, width: float) -> float:
    """The legend's title and entries set `width` wide."""
    rows = math.ceil((len(legend.hexes) + len(legend.sides)) / _columns(width))
    return LEGEND_TITLE_SIZE * 2 + rows * LEGEND_SIZE * LEGEND_LEADING * 2


def notes_height(notes: Sequence[str], width: float) -> float:
    """Notes set `width` wide, with a line's room above the first."""
    register_body_fonts()  # measured before any canvas registers them
    lines = sum(len(simpleSplit(note, BODY, NOTE_SIZE, width)) for note in notes)
    return (lines + 1) * NOTE_LEADING


def legend_height(legend: Legend, width: float) -> float:
    return entries_height(legend, width) + notes_height(legend.notes, width)


def draw_legend(canvas: Canvas, legend: Legend, x: float, top: float, width: float) -> None:
    """The legend with its top left corner at (x, top), its notes under its entries."""
    draw_entries(canvas, legend, x, top, width)
    draw_notes(canvas, legend.notes, x, top - entries_height(legend, width), width)


def draw_entries(canvas: Canvas, legend: Legend, x: float, top: float, width: float) -> None:
    """The legend's title and entries, without its notes, top left corner at (x, top)."""
    columns = _columns(width)
    canvas.setFillColor(colors.black)
    canvas.setFont(BODY_BOLD, LEGEND_TITLE_SIZE)
    y = top - LEGEND_TITLE_SIZE
    canvas.drawString(x, y, legend.title)
    y -= LEGEND_TITLE_SIZE
    row_height = LEGEND_SIZE * LEGEND_LEADING * 2
    entries: list[tuple[HexLook | SideLook, str]] = [*legend.hexes, *legend.sides]
    for index, (look, words) in enumerate(entries):
        column, row = index % columns, index // columns
        left = x + column * LEGEND_COLUMN
        middle = y - row * row_height - row_height / 2
        if isinstance(look, HexLook):
            _swatch(canvas, look, left + LEGEND_SWATCH / 2, middle)
        else:
            _side_sample(canvas, look, left, middle)
        canvas.setFillColor(colors.black)
        canvas.setFont(BODY_BOLD, LEGEND_SIZE)
        text_x = left + LEGEND_SWATCH + 2 * mm
        canvas.drawString(text_x, middle + 1, look.name)
        canvas.setFont(BODY, LEGEND_SIZE)
        canvas.drawString(text_x, middle - LEGEND_SIZE, words)


def draw_notes(canvas: Canvas, notes: Sequence[str], x: float, top: float, width: float) -> None:
    """Notes wrapped to `width`, the first line a line below `top`."""
    canvas.setFillColor(colors.black)
    canvas.setFont(BODY, NOTE_SIZE)
    y = top - NOTE_LEADING
    for note in notes:
        for line in simpleSplit(note, BODY, NOTE_SIZE, width):
            canvas.drawString(x, y, line)
            y -= NOTE_LEADING


def _swatch(canvas: Canvas, look: HexLook, cx: float, cy: float) -> None:
    grid = HexGrid(1, 1, LEGEND_SWATCH * 1.6)
    ox, oy = grid.centre(1, 1)
    canvas.saveState()
    canvas.translate(cx - ox, cy - oy)
    _hex(canvas, grid, 1, 1, look)
    canvas.restoreState()


def _side_sample(canvas: Canvas, look: SideLook, left: float, middle: float) -> None:
    grid = HexGrid(1, 1, LEGEND_SWATCH * 1.6)
    ox, oy = grid.centre(1, 1)
    canvas.saveState()
    canvas.translate(left + LEGEND_SWATCH / 2 - ox - grid.radius * 0.5, middle - oy)
    _side(canvas, grid, 1, 1, "E", look)
    canvas.restoreState()
