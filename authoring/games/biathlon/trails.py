"""BIATHLON BLAST's four trail boards, each laid out from its course graph and tiled.

The data has no coordinates. Choices made:
- **Layout: every facing arrow equals the data's heading.** Each board is laid out by walking
  the headings on a grid (`layout.py`): a space's next space lies straight ahead in its
  heading's direction (runs are stretched where the plain walk would collide or fail to close
  the lap), so the wedge printed on a space is the way the trail really leaves it and the
  board agrees with the wind rules. Only the range differs: its wedge points at its targets.
- **One route a board.** A board draws its course only: the venue's shared trail and the
  course's own branch. The other branch is not drawn, greyed or otherwise; the trail sign
  names the board that has it.

A space shows its number, its terrain in colour and in words (uphill black, flat yellow,
downhill green; the range pale blue with its shooting mats), its heading arrow, one lane
(a narrow space) or two (split by a centre line), and its coach zone (a frame in the coach's
colour and a badge with one icon per bullet or wax). The furniture goes into empty cells of
the layout, the biggest first, each as near its place as it fits without taking more sheets
of the paper or, after that, making the board bigger: the windstill spot and the shooting
dice by the range's targets, the range actions by the range, the motivation cards by the
start line, the compass rose, the legend and the title.

The board is drawn once, at full size, and tiled across sheets of the paper
(`authoring/render/tiling.py`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from authoring.components import BuildContext, Component, Printing
from authoring.games.biathlon.layout import STEP, Cell, Stretch, TrailLayout, layout
from authoring.games.biathlon.look import (
    AUTHOR,
    DISCARD,
    INK,
    MIN_TEXT,
    OUTLINE,
    REMOVE,
    SKIING_CARD,
    SNOW,
    TERRAIN_LABELS,
    TITLE,
    centred,
    fitted,
    gives_bullets,
    ink_on,
    signed,
    step_colour,
)
from authoring.games.biathlon.model import Biathlon, Course, Space
from authoring.games.biathlon.rules import DICE
from authoring.games.biathlon.worldcup import ORDER
from authoring.render.fonts import BODY, BODY_BOLD, BODY_ITALIC
from authoring.render.imposition import Rect
from authoring.render.paper import Paper
from authoring.render.tiling import plan_tiles, write_tiled

PITCH: float = 32 * mm
"""One cell of the layout: a space and a 2 mm lane of snow round it. Tight on purpose: at
34 mm (4 mm of snow) and a 10 mm edge the four boards took 26 A4 and 29 Letter sheets, at
32 and 6 mm 24 on either paper, and with the furniture placed for the paper 22 (issue 11)."""
SPACE = 30 * mm
SINGLE_LANE = 17 * mm
"""A single-lane space is this narrow across the trail."""
EDGE: float = 6 * mm
"""Round the board: the band naming where the cloud is laid for a wind from that side."""
TRAIL = 11 * mm
"""The width of the track between spaces."""
INSET = 1.8 * mm
SLOT_GAP = 1 * mm
"""Between the motivation cards' plates, at the least."""

TRACK = colors.HexColor("#c8d7e4")
TRACK_EDGE = colors.HexColor("#9cb3c6")
CHEVRON = colors.HexColor("#7d98ae")
RANGE = colors.HexColor("#bcd3e8")
MAT = colors.HexColor("#e9f1f8")
PLATE = colors.white
CARD_SLOT = colors.HexColor("#dde8f1")
WAIT = colors.HexColor("#d7e6f4")
GREY = colors.HexColor("#8a959e")

TRAIL_HOW = "Trim the sheets and glue them together as the assembly map on the first page shows."
COMPASS = {"N": "north", "E": "east", "S": "south", "W": "west"}
COMPASS_CAPTION = ("Wind: the cloud goes beside", "the board's N, E, S or W side")
CAPTION_BASE = 3.5 * mm
"""The compass caption's first baseline above the foot of its panel."""
COMPASS_LIFT = 2.5 * mm
COMPASS_ROOM = 11 * mm
LETTER_GAP = 4 * mm
LAP_WORDS = ("laps 1\u20132", "lap 3")


def components(game: Biathlon, context: BuildContext) -> list[Component]:
    return [
        Component(
            component_name(course),
            partial(_trail_board, game, game.courses[course], context.paper),
            reads=frozenset({"Courses", "Venues", "Spaces", "Links", "Colours", "RangeActions"}),
            printing=Printing(
                f"Trail board: {game.courses[course].venue_name}, {game.courses[course].name}",
                how=TRAIL_HOW,
            ),
        )
        for course in ORDER
    ]


def component_name(course: str) -> str:
    return "trail-" + course.replace("_", "-")


# --- the board's geometry -------------------------------------------------------------------


@dataclass(frozen=True)
class Furniture:
    """A block of cells the board keeps for something that is not trail."""

    name: str
    columns: int
    rows: int
    anchor: str
    """What it should be near: a marker's space, the range's targets or a corner."""


FURNITURE = (
    Furniture("windstill", 1, 1, "targets"),
    Furniture("dice", 3, 1, "targets"),
    Furniture("range actions", 3, 2, "range"),
    Furniture("motivation cards", 6, 3, "start"),
    Furniture("compass", 2, 2, "top right"),
    Furniture("legend", 4, 2, "bottom right"),
    Furniture("title", 5, 1, "top left"),
)


@dataclass(frozen=True)
class Block:
    """Cells (x, y) to (x + columns - 1, y + rows - 1)."""

    x: int
    y: int
    columns: int
    rows: int

    def cells(self) -> list[Cell]:
        return [(self.x + i, self.y + j) for i in range(self.columns) for j in range(self.rows)]


@dataclass(frozen=True)
class Board:
    """A course's layout and furniture on one sheet of art, measured in points."""

    course: Course
    layout: TrailLayout
    furniture: dict[str, Block]
    low: Cell
    """The lowest column and row in use: they start at EDGE from the board's corner."""
    columns: int
    rows: int

    @property
    def width(self) -> float:
        return self.columns * PITCH + 2 * EDGE

    @property
    def height(self) -> float:
        return self.rows * PITCH + 2 * EDGE

    def centre(self, cell: Cell) -> tuple[float, float]:
        return (
            EDGE + (cell[0] - self.low[0] + 0.5) * PITCH,
            EDGE + (cell[1] - self.low[1] + 0.5) * PITCH,
        )

    def area(self, block: Block) -> Rect:
        """A block's rectangle, less a margin that keeps it off the neighbouring spaces."""
        x, y = self.centre((block.x, block.y))
        margin = (PITCH - SPACE) / 2
        return Rect(
            x - PITCH / 2 + margin,
            y - PITCH / 2 + margin,
            block.columns * PITCH - 2 * margin,
            block.rows * PITCH - 2 * margin,
        )


def board_of(course: Course, paper: Paper | None = None) -> Board:
    """The course's layout with its furniture, the biggest pieces placed first while there is
    most room; on a paper, each placed where the board then takes the fewest sheets."""
    trail = layout(course)
    used = trail.cells()
    blocks: dict[str, Block] = {}
    for item in sorted(FURNITURE, key=lambda item: -item.columns * item.rows):
        block = _place(item, used, _anchor(item.anchor, trail, used), paper)
        blocks[item.name] = block
        used |= set(block.cells())
    x0, y0, x1, y1 = _bounds(used)
    return Board(course, trail, blocks, (x0, y0), x1 - x0 + 1, y1 - y0 + 1)


def _extent(cells: set[Cell]) -> tuple[float, float]:
    """The board's width and height in points, were these its cells."""
    x0, y0, x1, y1 = _bounds(cells)
    return (x1 - x0 + 1) * PITCH + 2 * EDGE, (y1 - y0 + 1) * PITCH + 2 * EDGE


def _bounds(cells: set[Cell]) -> tuple[int, int, int, int]:
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return min(xs), min(ys), max(xs), max(ys)


def _anchor(anchor: str, trail: TrailLayout, used: set[Cell]) -> Cell:
    x0, y0, x1, y1 = _bounds(used)
    circuit = trail.circuit
    return {
        "targets": trail.targets,
        "range": trail.spaces[circuit.shooting],
        "start": trail.spaces[circuit.start],
        "top right": (x1, y1),
        "bottom right": (x1, y0),
        "top left": (x0, y1),
    }[anchor]


def _place(item: Furniture, used: set[Cell], anchor: Cell, paper: Paper | None) -> Block:
    """The free block that takes the fewest sheets of the paper (if given), then grows the
    board least, then lies nearest the anchor."""
    x0, y0, x1, y1 = _bounds(used)
    area = (x1 - x0 + 1) * (y1 - y0 + 1)

    def cost(block: Block) -> tuple[int, int, float, int, int]:
        sheets = 0
        if paper is not None:
            sheets = len(plan_tiles(paper, *_extent(used | set(block.cells()))).tiles)
        nx0, ny0 = min(x0, block.x), min(y0, block.y)
        nx1, ny1 = max(x1, block.x + block.columns - 1), max(y1, block.y + block.rows - 1)
        growth = (nx1 - nx0 + 1) * (ny1 - ny0 + 1) - area
        cx, cy = block.x + (block.columns - 1) / 2, block.y + (block.rows - 1) / 2
        return sheets, growth, abs(cx - anchor[0]) + abs(cy - anchor[1]), block.y, block.x

    free = [
        Block(x, y, item.columns, item.rows)
        for x in range(x0 - item.columns, x1 + 2)
        for y in range(y0 - item.rows, y1 + 2)
        if not any(cell in used for cell in Block(x, y, item.columns, item.rows).cells())
    ]
    return min(free, key=cost)


# --- writing a board ------------------------------------------------------------------------


def _trail_board(game: Biathlon, course: Course, paper: Paper, path: Path) -> None:
    board = board_of(course, paper)
    name = f"{course.venue_name}, {course.name}"
    write_tiled(
        path,
        paper,
        board.width,
        board.height,
        partial(_draw_board, game, board),
        title=f"{TITLE}: trail board {name}",
        author=AUTHOR,
        subject=f"Trail board: {name} ({course.route} route), tiled for {paper.name}",
    )


def _draw_board(game: Biathlon, board: Board, canvas: Canvas) -> None:
    canvas.setFillColor(SNOW)
    canvas.setStrokeColor(OUTLINE)
    canvas.setLineWidth(1)
    canvas.rect(0, 0, board.width, board.height, stroke=1, fill=1)
    _cloud_edges(canvas, board)
    for stretch in board.layout.stretches:
        _track(canvas, board, stretch)
    for cell in sorted(board.layout.crossings):
        _bridge(canvas, board, cell)
    for number, cell in sorted(board.layout.spaces.items()):
        _space(canvas, game, board, board.course.spaces[number], cell)
    _grid(canvas, board)
    _fork(canvas, board)
    _targets(canvas, board)
    for name, draw in _FURNITURE_ART.items():
        draw(canvas, game, board, board.area(board.furniture[name]))


# --- text -----------------------------------------------------------------------------------


def _plate(canvas: Canvas, lines: list[tuple[str, str, float]], cx: float, cy: float) -> None:
    """White plate with lines of (text, font, size), centred on (cx, cy)."""
    widths = [stringWidth(text, font, size) for text, font, size in lines]
    tall = sum(size * 1.15 for _, _, size in lines)
    width = max(widths) + 2 * mm
    canvas.setFillColor(PLATE)
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(0.4)
    canvas.roundRect(
        cx - width / 2, cy - tall / 2 - 1.2, width, tall + 2.4, 1 * mm, stroke=1, fill=1
    )
    canvas.setFillColor(INK["black"])
    y = cy + tall / 2
    for text, font, size in lines:
        y -= size * 1.15
        canvas.setFont(font, size)
        canvas.drawCentredString(cx, y + size * 0.22, text)


# --- the cloud's four sides -----------------------------------------------------------------


def _cloud_edges(canvas: Canvas, board: Board) -> None:
    """Each side of the board names its compass point: the cloud is laid there."""
    middle_x, middle_y = board.width / 2, board.height / 2
    places = {
        "N": (middle_x, board.height - EDGE / 2, 0),
        "S": (middle_x, EDGE / 2, 0),
        "E": (board.width - EDGE / 2, middle_y, -90),
        "W": (EDGE / 2, middle_y, 90),
    }
    for point, (x, y, turn) in places.items():
        canvas.saveState()
        canvas.translate(x, y)
        canvas.rotate(turn)
        canvas.setFillColor(INK["black"])
        canvas.setFont(BODY_BOLD, 16)
        canvas.drawCentredString(0, -2.2 * mm, point)
        canvas.setFont(BODY, 7)
        canvas.drawString(5 * mm, -1.2 * mm, f"wind from the {COMPASS[point]}: cloud here")
        canvas.drawRightString(-5 * mm, -1.2 * mm, f"wind from the {COMPASS[point]}: cloud here")
        canvas.restoreState()


# --- the track between spaces ---------------------------------------------------------------


def _stretch_points(board: Board, stretch: Stretch) -> list[tuple[float, float]]:
    trail = board.layout
    cells = [trail.spaces[stretch.source], *stretch.path, trail.spaces[stretch.target]]
    return [board.centre(cell) for cell in cells]


def _track(canvas: Canvas, board: Board, stretch: Stretch) -> None:
    points = _stretch_points(board, stretch)
    for width, colour in ((TRAIL + 1.2, TRACK_EDGE), (TRAIL - 1.2, TRACK)):
        _polyline(canvas, points, width, colour)
    # Chevrons on the plain stretches say which way the trail runs.
    canvas.setStrokeColor(CHEVRON)
    canvas.setLineWidth(1.4)
    for (ax, ay), (bx, by) in itertools.pairwise(points[1:]):
        _chevron(canvas, ax, ay, (bx - ax, by - ay))


def _polyline(
    canvas: Canvas, points: list[tuple[float, float]], width: float, colour: colors.Color
) -> None:
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(width)
    canvas.setLineJoin(1)
    canvas.setLineCap(1)
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setLineCap(0)
    canvas.setLineJoin(0)


def _unit(dx: float, dy: float) -> tuple[float, float]:
    length = math.hypot(dx, dy)
    return dx / length, dy / length


def _chevron(canvas: Canvas, x: float, y: float, towards: tuple[float, float]) -> None:
    ux, uy = _unit(*towards)
    size = 2.2 * mm
    path = canvas.beginPath()
    path.moveTo(x - ux * size - uy * size, y - uy * size + ux * size)
    path.lineTo(x, y)
    path.lineTo(x - ux * size + uy * size, y - uy * size - ux * size)
    canvas.drawPath(path, stroke=1, fill=0)


def _bridge(canvas: Canvas, board: Board, cell: Cell) -> None:
    """Where two stretches cross, the east-west one runs over a bridge."""
    x, y = board.centre(cell)
    half = PITCH / 2
    canvas.setFillColor(colors.white)
    canvas.rect(x - half, y - TRAIL / 2 - 1.6 * mm, PITCH, TRAIL + 3.2 * mm, stroke=0, fill=1)
    canvas.setFillColor(TRACK)
    canvas.rect(x - half, y - TRAIL / 2 + 0.6, PITCH, TRAIL - 1.2, stroke=0, fill=1)
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(1.2)
    for side in (-1, 1):
        rail = y + side * (TRAIL / 2 + 0.8 * mm)
        canvas.line(x - half + 2 * mm, rail, x + half - 2 * mm, rail)
    canvas.setFillColor(INK["black"])
    centred(canvas, "BRIDGE", x, y - 2, BODY_BOLD, 6)


# --- a space --------------------------------------------------------------------------------


def _turned(heading: str, across: float, along: float) -> tuple[float, float]:
    """A vector given across and along the heading, in page directions."""
    hx, hy = STEP[heading]
    return across * hy + along * hx, -across * hx + along * hy


def _space_rect(space: Space, x: float, y: float) -> Rect:
    across = SPACE if space.lanes > 1 else SINGLE_LANE
    width, height = (SPACE, across) if space.heading in "EW" else (across, SPACE)
    return Rect(x - width / 2, y - height / 2, width, height)


def _terrain_colour(game: Biathlon, space: Space) -> tuple[colors.Color, colors.Color]:
    """The space's fill and the ink that reads on it."""
    if space.terrain == "range":
        return RANGE, INK["black"]
    colour = step_colour(game, space.terrain)
    return INK[colour], ink_on(colour)


def _space(canvas: Canvas, game: Biathlon, board: Board, space: Space, cell: Cell) -> None:
    x, y = board.centre(cell)
    box = _space_rect(space, x, y)
    fill, ink = _terrain_colour(game, space)
    canvas.setFillColor(fill)
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(0.8)
    canvas.roundRect(*box, radius=2 * mm, stroke=1, fill=1)
    if space.terrain == "range":
        _mats(canvas, space, x, y)
    elif space.lanes > 1:
        _lane_line(canvas, space.heading, x, y, ink)
    # A wedge pointing south takes the middle of the bottom edge, which on a narrow space
    # leaves no room beside it: the terrain word and the coach badge go up to the top then.
    up = space.heading == "S"
    if space.coach_colour is not None:
        _coach(canvas, game, space, box, up)
    _arrow(canvas, space.heading, x, y, ink)
    canvas.setFillColor(ink)
    canvas.setFont(BODY_BOLD, 10)
    number_y = box.y + box.height - INSET - 7
    canvas.drawString(box.x + INSET, number_y, str(space.space))
    if space.terrain != "range":
        canvas.setFont(BODY_BOLD, MIN_TEXT)
        word_y = number_y - 8 if up else box.y + INSET
        canvas.drawString(box.x + INSET, word_y, TERRAIN_LABELS[space.terrain])
    _marker(canvas, game, board, space, cell, box)


def _lane_line(canvas: Canvas, heading: str, x: float, y: float, ink: colors.Color) -> None:
    """Two lanes, split along the trail by a thin centre line (never dashed: dashed means
    fold)."""
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(0.5)
    ax, ay = _turned(heading, 0, -SPACE / 2 + 2 * mm)
    bx, by = _turned(heading, 0, SPACE / 2 - 7 * mm)
    canvas.line(x + ax, y + ay, x + bx, y + by)


def _arrow(canvas: Canvas, heading: str, x: float, y: float, ink: colors.Color) -> None:
    """The heading: a wedge at the edge the trail leaves by."""
    tip = SPACE / 2 - 1.5 * mm
    base = tip - 4.5 * mm
    path = canvas.beginPath()
    for across, along in ((0, tip), (-3 * mm, base), (3 * mm, base)):
        dx, dy = _turned(heading, across, along)
        if across == 0:
            path.moveTo(x + dx, y + dy)
        else:
            path.lineTo(x + dx, y + dy)
    path.close()
    canvas.setFillColor(ink)
    canvas.drawPath(path, stroke=0, fill=1)


def _mats(canvas: Canvas, space: Space, x: float, y: float) -> None:
    """The range's shooting mats side by side, each facing the targets, numbered from the left."""
    width = (SPACE - 4 * mm) / space.lanes
    for lane in range(space.lanes):
        across = -SPACE / 2 + 2 * mm + (lane + 0.5) * width
        corners = [
            _turned(space.heading, across + side * (width / 2 - 0.4 * mm), along)
            for side, along in (
                (-1, -SPACE / 2 + 7 * mm),
                (1, -SPACE / 2 + 7 * mm),
                (1, 6 * mm),
                (-1, 6 * mm),
            )
        ]
        path = canvas.beginPath()
        path.moveTo(x + corners[0][0], y + corners[0][1])
        for cx, cy in corners[1:]:
            path.lineTo(x + cx, y + cy)
        path.close()
        canvas.setFillColor(MAT)
        canvas.setStrokeColor(INK["black"])
        canvas.setLineWidth(0.4)
        canvas.drawPath(path, stroke=1, fill=1)
        nx, ny = _turned(space.heading, across, -SPACE / 2 + 4 * mm)
        canvas.setFillColor(INK["black"])
        centred(canvas, str(lane + 1), x + nx, y + ny - 2.2, BODY_BOLD, 7)


# --- coach zones ----------------------------------------------------------------------------


def _coach(canvas: Canvas, game: Biathlon, space: Space, box: Rect, up: bool) -> None:
    """A frame in the coach's colour round the whole space, and a badge of its icons."""
    assert space.coach_colour is not None
    colour = space.coach_colour
    inner = Rect(box.x + 1.6, box.y + 1.6, box.width - 3.2, box.height - 3.2)
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(4.2)
    canvas.roundRect(*inner, radius=1.6 * mm, stroke=1, fill=0)
    canvas.setStrokeColor(INK[colour])
    canvas.setLineWidth(2.8)
    canvas.roundRect(*inner, radius=1.6 * mm, stroke=1, fill=0)
    icon = 2.6 * mm
    width = space.coach_count * icon + 1.6 * mm
    right = box.x + box.width - INSET
    bottom = box.y + box.height - INSET - 4.2 * mm if up else box.y + INSET
    canvas.setFillColor(INK[colour])
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(0.5)
    canvas.roundRect(right - width, bottom, width, 4.2 * mm, 1 * mm, stroke=1, fill=1)
    draw_icon = _bullet if gives_bullets(game.colours[colour]) else _wax
    canvas.setFillColor(ink_on(colour))
    for index in range(space.coach_count):
        draw_icon(canvas, right - width + 0.8 * mm + (index + 0.5) * icon, bottom + 0.6 * mm)


def _bullet(canvas: Canvas, cx: float, bottom: float) -> None:
    """A cartridge: a round-nosed body 3 mm tall."""
    path = canvas.beginPath()
    half = 0.55 * mm
    path.moveTo(cx - half, bottom)
    path.lineTo(cx - half, bottom + 1.9 * mm)
    path.curveTo(
        cx - half, bottom + 2.7 * mm, cx + half, bottom + 2.7 * mm, cx + half, bottom + 1.9 * mm
    )
    path.lineTo(cx + half, bottom)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _wax(canvas: Canvas, cx: float, bottom: float) -> None:
    """A wax tin: a squat body and its lid."""
    canvas.rect(cx - 0.9 * mm, bottom, 1.8 * mm, 1.9 * mm, stroke=0, fill=1)
    canvas.rect(cx - 1.05 * mm, bottom + 2.2 * mm, 2.1 * mm, 0.7 * mm, stroke=0, fill=1)


# --- markers --------------------------------------------------------------------------------


def _arrival(board: Board, number: int) -> Cell:
    """The direction the trail comes into a space from."""
    trail = board.layout
    here = trail.spaces[number]
    if number == trail.circuit.start:
        before = trail.grid
    else:
        stretch = next(s for s in trail.stretches if s.target == number)
        before = stretch.path[-1] if stretch.path else trail.spaces[stretch.source]
    return here[0] - before[0], here[1] - before[1]


def _marker(
    canvas: Canvas, game: Biathlon, board: Board, space: Space, cell: Cell, box: Rect
) -> None:
    x, y = board.centre(cell)
    if space.marker in ("start", "finish"):
        _line_across(canvas, box, _arrival(board, space.space))
        _plate(canvas, [(space.marker.upper(), BODY_BOLD, 8)], x, y - 4 * mm)
    elif space.marker == "sign":
        _sign(canvas, game, board, x, y)


def _line_across(canvas: Canvas, box: Rect, arrival: Cell) -> None:
    """A chequered line along the edge the trail comes in by."""
    ax, ay = arrival
    square = 1.5 * mm
    horizontal = ay != 0  # coming in from below or above: the line runs across
    count = int((box.width if horizontal else box.height) // square)
    edge_y = box.y if ay > 0 else box.y + box.height - 2 * square
    edge_x = box.x if ax > 0 else box.x + box.width - 2 * square
    for index in range(count):
        for row in range(2):
            canvas.setFillColor(INK["black"] if (index + row) % 2 else colors.white)
            if horizontal:
                canvas.rect(box.x + index * square, edge_y + row * square, square, square, 0, 1)
            else:
                canvas.rect(edge_x + row * square, box.y + index * square, square, square, 0, 1)


def _sign(canvas: Canvas, game: Biathlon, board: Board, x: float, y: float) -> None:
    """The trail sign: this board's route, and which board has the other one."""
    course = board.course
    other = other_trail(game, course)
    lines = [
        (f"{course.route.upper()}: this board", BODY_BOLD, 6.5),
        (f"{other.route.upper()}: the {other.name} board", BODY, 6.5),
    ]
    _plate(canvas, lines, x, y - 5.5 * mm)


def other_trail(game: Biathlon, course: Course) -> Course:
    """The venue's other trail: the one that takes the other branch at the sign."""
    return next(
        other
        for other in game.courses.values()
        if other.venue == course.venue and other.route != course.route
    )


# --- furniture on the trail -----------------------------------------------------------------


def _grid(canvas: Canvas, board: Board) -> None:
    """The starting grid behind the start line: six places, the first nearest the line."""
    trail = board.layout
    x, y = board.centre(trail.grid)
    facing = next(d for d, step in STEP.items() if step == _arrival(board, trail.circuit.start))
    slot_along, slot_across = 6.5 * mm, 9 * mm
    for index in range(6):
        row, side = divmod(index, 2)
        along = PITCH / 2 - 4.5 * mm - (row + 0.5) * slot_along - row * 0.8 * mm
        across = (side - 0.5) * (slot_across + 1 * mm)
        dx, dy = _turned(facing, across, along)
        width, height = (slot_along, slot_across) if facing in "EW" else (slot_across, slot_along)
        canvas.setFillColor(colors.white)
        canvas.setStrokeColor(INK["black"])
        canvas.setLineWidth(0.5)
        canvas.rect(x + dx - width / 2, y + dy - height / 2, width, height, stroke=1, fill=1)
        canvas.setFillColor(INK["black"])
        centred(canvas, str(index + 1), x + dx, y + dy - 2.3, BODY_BOLD, 7)
    lx, ly = _turned(facing, 0, -PITCH / 2 + 3 * mm)
    _plate(canvas, [("START GRID", BODY_BOLD, MIN_TEXT)], x + lx, y + ly)


def _fork(canvas: Canvas, board: Board) -> None:
    """Where the ways part at the junction: on to the range, or off to the finish."""
    trail = board.layout
    x, y = board.centre(trail.fork)
    heading = board.course.spaces[trail.circuit.junction].heading
    first = trail.circuit.run_out[0]
    fx, fy = trail.spaces[first]
    side = (fx - trail.fork[0], fy - trail.fork[1])
    sx, sy = STEP[heading]
    turn = 1 if side == (sy, -sx) else -1  # the finish way turns off to the right or left
    off = PITCH / 2 - 5.5 * mm
    ax, ay = _turned(heading, -turn * off, 0)
    _plate(canvas, [("TO RANGE", BODY_BOLD, 6.5), (LAP_WORDS[0], BODY, MIN_TEXT)], x + ax, y + ay)
    bx, by = _turned(heading, turn * off, off)
    _plate(canvas, [("TO FINISH", BODY_BOLD, 6.5), (LAP_WORDS[1], BODY, MIN_TEXT)], x + bx, y + by)


def _targets(canvas: Canvas, board: Board) -> None:
    """Beyond the range, the five targets it faces."""
    trail = board.layout
    x, y = board.centre(trail.targets)
    heading = board.course.spaces[trail.circuit.shooting].heading
    canvas.setFillColor(colors.white)
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(0.6)
    canvas.roundRect(x - SPACE / 2, y - SPACE / 2, SPACE, SPACE, 2 * mm, stroke=1, fill=1)
    for index in range(len(DICE)):
        dx, dy = _turned(heading, (index - 2) * 5.4 * mm, 5 * mm)
        canvas.setFillColor(INK["black"])
        canvas.circle(x + dx, y + dy, 2.3 * mm, stroke=0, fill=1)
        canvas.setFillColor(colors.white)
        canvas.circle(x + dx, y + dy, 1.1 * mm, stroke=0, fill=1)
    canvas.setFillColor(INK["black"])
    centred(canvas, "RANGE", x, y - 4 * mm, BODY_BOLD, 9)
    centred(canvas, "targets", x, y - 8 * mm, BODY, 6.5)


# --- furniture in the free cells ------------------------------------------------------------


def _panel(canvas: Canvas, area: Rect, title: str, fill: colors.Color = colors.white) -> float:
    """A framed panel with its title; returns the baseline under the title."""
    canvas.setFillColor(fill)
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(0.6)
    canvas.roundRect(*area, radius=2 * mm, stroke=1, fill=1)
    canvas.setFillColor(INK["black"])
    top: float = area.y + area.height - 4.2 * mm
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawString(area.x + 2.5 * mm, top, title)
    return top


def _windstill(canvas: Canvas, game: Biathlon, board: Board, area: Rect) -> None:
    """The cloud's place when there is no wind."""
    cx, cy = area.x + area.width / 2, area.y + area.height / 2 + 1.5 * mm
    puffs = ((-5.5, -1, 4.2), (0, 2, 5.5), (5.5, -1, 4.2), (0, -2.5, 4.5))
    # Outlines first, then the fills over them: only the cloud's outer edge stays drawn.
    for stroke in (1, 0):
        canvas.setFillColor(colors.white)
        canvas.setStrokeColor(INK["black"])
        canvas.setLineWidth(1.2)
        for dx, dy, radius in puffs:
            canvas.circle(cx + dx * mm, cy + dy * mm, radius * mm, stroke=stroke, fill=1)
    canvas.setFillColor(INK["black"])
    centred(canvas, "WINDSTILL", cx, area.y + 4.5 * mm, BODY_BOLD, 7, area.width - 2 * mm)
    centred(canvas, "cloud here", cx, area.y + 1.5 * mm, BODY, MIN_TEXT, area.width - 2 * mm)


def _dice(canvas: Canvas, game: Biathlon, board: Board, area: Rect) -> None:
    """Where the five shooting dice lie, each on its own colour."""
    top = _panel(canvas, area, f"SHOOTING DICE: roll all {len(DICE)} at the range")
    size = 12 * mm
    gap = (area.width - len(DICE) * size) / (len(DICE) + 1)
    bottom = area.y + 2 * mm
    for index, die in enumerate(DICE):
        left = area.x + gap + index * (size + gap)
        canvas.setFillColor(INK[die])
        canvas.setStrokeColor(INK["black"])
        canvas.setLineWidth(0.6)
        canvas.roundRect(left, bottom, size, size, 2 * mm, stroke=1, fill=1)
        canvas.setFillColor(ink_on(die))
        centred(
            canvas, die.upper(), left + size / 2, bottom + size / 2 - 2, BODY_BOLD, 6, size - 1 * mm
        )
    assert top > bottom + size


def _range_actions(canvas: Canvas, game: Biathlon, board: Board, area: Rect) -> None:
    """The two actions at the range, from the workbook: wait on a blue panel, shoot on red."""
    half = (area.height - 1.5 * mm) / 2
    for index, action in enumerate(game.range_actions.values()):
        box = Rect(area.x, area.y + (1 - index) * (half + 1.5 * mm), area.width, half)
        shoot = action.leaves_range
        fill = INK["red"] if shoot else WAIT
        ink = colors.white if shoot else INK["black"]
        canvas.setFillColor(fill)
        canvas.setStrokeColor(INK["black"])
        canvas.setLineWidth(0.6)
        canvas.roundRect(*box, radius=2 * mm, stroke=1, fill=1)
        canvas.setFillColor(ink)
        canvas.setFont(BODY_BOLD, 10)
        canvas.drawString(box.x + 2.5 * mm, box.y + box.height - 5 * mm, action.action.upper())
        steps = (
            f"{action.uphill_per_hit} uphill steps per hit"
            if action.uphill_per_hit
            else "stay on your mat"
        )
        lines = [
            steps,
            f"action cost {signed(action.pulse)}",
            "leave the mat" if action.leaves_range else "",
            REMOVE if action.removes else DISCARD,
        ]
        canvas.setFont(BODY, 7)
        for row, line in enumerate(filter(None, lines)):
            canvas.drawString(box.x + 2.5 * mm, box.y + box.height - 9 * mm - row * 8, line)


def _motivation_cards(canvas: Canvas, game: Biathlon, board: Board, area: Rect) -> None:
    """Two face-up motivation cards and the face-down deck, taken at the start line."""
    top = _panel(canvas, area, "MOTIVATION CARDS: cross the start line, take one")
    # A plate as big as a card where there is room; a card may overhang a narrower one.
    width = min(SKIING_CARD.width + 1 * mm, (area.width - 4 * SLOT_GAP) / 3)
    gap = (area.width - 3 * width) / 4
    bottom = area.y + 1.5 * mm
    height = min(SKIING_CARD.height + 1 * mm, top - 1 * mm - bottom)
    for index, label in enumerate(("FACE UP", "FACE UP", "DECK, FACE DOWN")):
        left = area.x + gap + index * (width + gap)
        canvas.setFillColor(CARD_SLOT)  # a place, not a line to cut: a plate, grey-rimmed
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(1.2)
        canvas.roundRect(left, bottom, width, height, 3 * mm, stroke=1, fill=1)
        canvas.setFillColor(GREY)
        centred(canvas, label, left + width / 2, bottom + height / 2, BODY_BOLD, 9, width - 4 * mm)


def _compass(canvas: Canvas, game: Biathlon, board: Board, area: Rect) -> None:
    """A compass rose: the cloud goes beside the board's side of the wind's compass point."""
    cx, cy = area.x + area.width / 2, area.y + area.height / 2 + COMPASS_LIFT
    # The letters stand LETTER_GAP outside the rose, so the rose leaves them and the two lines
    # of caption under it room: the S clears the caption (issue 11).
    radius = min(area.width, area.height) / 2 - COMPASS_ROOM
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(0.6)
    canvas.setFillColor(colors.white)
    canvas.circle(cx, cy, radius, stroke=1, fill=1)
    for point, (dx, dy) in STEP.items():
        path = canvas.beginPath()
        path.moveTo(cx + dx * radius, cy + dy * radius)
        path.lineTo(cx - dy * radius * 0.22, cy + dx * radius * 0.22)
        path.lineTo(cx + dy * radius * 0.22, cy - dx * radius * 0.22)
        path.close()
        canvas.setFillColor(INK["black"] if point == "N" else GREY)
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.setFillColor(INK["black"])
        lx, ly = cx + dx * (radius + LETTER_GAP), cy + dy * (radius + LETTER_GAP) - 3.5
        centred(canvas, point, lx, ly, BODY_BOLD, 11)
    for row, caption in enumerate(COMPASS_CAPTION):
        centred(canvas, caption, cx, area.y + CAPTION_BASE - row * 2.5 * mm, BODY, MIN_TEXT)


def _legend(canvas: Canvas, game: Biathlon, board: Board, area: Rect) -> None:
    """What the colours and shapes mean, and this trail's coach zones in words."""
    top = _panel(canvas, area, "KEY")
    swatch = 4 * mm
    y = top - 6.5 * mm
    x = area.x + 2.5 * mm
    for index, terrain in enumerate(TERRAIN_LABELS):
        colour = step_colour(game, terrain)
        left = x + index * 22 * mm
        canvas.setFillColor(INK[colour])
        canvas.setStrokeColor(INK["black"])
        canvas.setLineWidth(0.4)
        canvas.rect(left, y, swatch, swatch, stroke=1, fill=1)
        canvas.setFillColor(INK["black"])
        canvas.setFont(BODY, 7)
        canvas.drawString(left + swatch + 1.2 * mm, y + 1, TERRAIN_LABELS[terrain].lower())
    lines = [
        "A narrow space holds 1 biathlete; a centre line splits 2 lanes.",
        "The wedge on a space points the way you face: to the next space.",
        "Coach zone: coloured frame; one icon a bullet or wax.",
        "Coach zones: " + _coach_list(board.course),
    ]
    canvas.setFont(BODY, 7)
    for row, line in enumerate(lines):
        canvas.setFont(BODY, fitted(line, BODY, 7, area.width - 5 * mm))
        canvas.drawString(x, y - 3.5 * mm - row * 8.5, line)


def _coach_list(course: Course) -> str:
    """Each coach zone on the course: space, colour, count."""
    spaces = layout(course).spaces
    return ", ".join(
        f"{space.space} {space.coach_colour} \u00d7{space.coach_count}"
        for number, space in sorted(course.spaces.items())
        if number in spaces and space.coach_colour is not None
    )


def _title(canvas: Canvas, game: Biathlon, board: Board, area: Rect) -> None:
    course = board.course
    canvas.setFillColor(INK["black"])
    canvas.setFont(BODY_BOLD, fitted(course.venue_name.upper(), BODY_BOLD, 20, area.width))
    canvas.drawString(area.x, area.y + area.height - 8 * mm, course.venue_name.upper())
    canvas.setFont(BODY_ITALIC, 12)
    canvas.drawString(
        area.x, area.y + 2 * mm, f"{course.name} \u00b7 the {course.route} route \u00b7 {TITLE}"
    )


_FURNITURE_ART: dict[str, Callable[[Canvas, Biathlon, Board, Rect], None]] = {
    "windstill": _windstill,
    "dice": _dice,
    "range actions": _range_actions,
    "motivation cards": _motivation_cards,
    "compass": _compass,
    "legend": _legend,
    "title": _title,
}
