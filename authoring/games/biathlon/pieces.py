"""BIATHLON BLAST's small pieces: the token sheet and the shooting dice as cube nets.

The token sheet prints exactly what the Box sheet promises: its bullets, wax, pulse markers
(one per ski colour), ski bases (the ski pairs the standees stand on), the cloud and the
shooting barrier, each counted from the Box row that names it. Every piece says what it is
in words as well as in colour, so a greyscale print still plays.

A die is a 16 mm cube folded from a cross of six faces, with glue tabs on the edges that
meet; its faces are the rules engine's die faces, opposite faces adding up to the highest.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from authoring.games.biathlon.look import (
    AUTHOR,
    CUT,
    FOLD,
    GLUE,
    INK,
    MIN_TEXT,
    SHEET_HEAD,
    SNOW,
    TITLE,
    centred,
    die_caption,
    ink_on,
    line,
    ordered_colours,
    plain_line,
    sheet_heading,
)
from authoring.games.biathlon.model import Biathlon
from authoring.games.biathlon.rules import DICE, DIE_FACES
from authoring.render.document import draw_pages
from authoring.render.fonts import BODY, BODY_BOLD
from authoring.render.imposition import Rect
from authoring.render.paper import COUNTER_SIZES, PRINTABLE_MARGIN, Paper, Size

COUNTER = COUNTER_SIZES["1/2"]
"""Round and square tokens: small enough for the player board's holes and pulse boxes."""
SKI_BASE = Size("ski base", 40 * mm, 20 * mm)
"""Wide enough across for the standee's two 9 mm tabs to fold flat under it, one each way."""
SLIT = 17 * mm
"""The cut the standee's tabs (16 mm) are pushed through."""
CLOUD = Size("cloud", 42 * mm, 28 * mm)
BARRIER_WALLS = (45 * mm, 90 * mm, 45 * mm)
BARRIER_HEIGHT = 25 * mm
BARRIER_FOOT = 8 * mm
BARRIER = Size("shooting barrier", sum(BARRIER_WALLS), BARRIER_HEIGHT + BARRIER_FOOT)
WAX_FILL = colors.HexColor("#d9a441")
PIECE_GAP = 4 * mm
"""Between two pieces: room for the scissors."""
HEADING_SIZE = 9.0
SECTION_HEAD = 6 * mm

DIE = 16 * mm
TAB = 5 * mm
TAB_SLANT = 1.5 * mm
NET = Size("die net", 3 * DIE + 2 * TAB, 4 * DIE + TAB)
FACE_SIZE = 20.0
NET_CAPTION = 5 * mm
"""Under each net: the die's name."""

BULLET_WORD, WAX_WORD, PULSE_WORD = "BULLET", "WAX", "PULSE"
CLOUD_WORD, BARRIER_WORD, SKIS_WORD = "CLOUD", "SHOOTING BARRIER", "SKIS"

TOKEN_HOW = (
    "Cut out every piece along its solid line, and cut the slit in each ski base. Fold the "
    "barrier's feet back and its side walls forward on the dashed lines: it stands as a U."
)
DICE_HOW = (
    "Cut out each net along its solid line, fold along every dashed line (faces inwards), "
    "and glue each dotted tab under the face it meets."
)


@dataclass(frozen=True)
class Piece:
    """One piece on the token sheet: what it is, its ski colour if it has one, its size."""

    kind: str
    size: Size
    colour: str | None = None


@dataclass(frozen=True)
class Section:
    """Pieces under one heading: those of one Box row (the cloud and barrier share one)."""

    heading: str
    pieces: tuple[Piece, ...]


def sections(game: Biathlon) -> list[Section]:
    """Every piece the token sheet prints, each kind as many times as its Box row says."""
    colours = [c.colour for c in ordered_colours(game)]

    def coloured(kind: str, size: Size, count: int) -> tuple[Piece, ...]:
        return tuple(Piece(kind, size, colours[i % len(colours)]) for i in range(count))

    box = game.box
    return [
        Section(f"Bullets: {box['bullets']}", (Piece("bullet", COUNTER),) * box["bullets"]),
        Section(f"Ski wax: {box['wax']}", (Piece("wax", COUNTER),) * box["wax"]),
        Section(
            f"Pulse markers: {box['pulse_markers']}, one per ski colour",
            coloured("pulse", COUNTER, box["pulse_markers"]),
        ),
        Section(
            f"Ski bases: {box['ski_pairs']} ski pairs, one per ski colour",
            coloured("skis", SKI_BASE, box["ski_pairs"]),
        ),
        Section(
            "The cloud and the shooting barrier",
            (Piece("cloud", CLOUD),) * box["cloud"]
            + (Piece("barrier", BARRIER),) * box["shooting_barrier"],
        ),
    ]


# --- laying pieces out on sheets -----------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    piece: Piece
    x: float
    y: float
    """The piece's bottom left corner on the page."""


@dataclass(frozen=True)
class Heading:
    text: str
    x: float
    y: float


@dataclass
class SheetPlan:
    pieces: list[Placed]
    headings: list[Heading]


def lay_out(paper: Paper, found: list[Section]) -> list[SheetPlan]:
    """Shelves of pieces, left to right and top to bottom, each section under its heading,
    inside the printable margin below the sheet's heading; a new sheet when one is full."""
    left, right = PRINTABLE_MARGIN, paper.width - PRINTABLE_MARGIN
    top = paper.height - PRINTABLE_MARGIN - SHEET_HEAD
    sheets = [SheetPlan([], [])]
    y = top

    def room_for(height: float) -> None:
        nonlocal y
        if y - height < PRINTABLE_MARGIN:
            sheets.append(SheetPlan([], []))
            y = top

    for section in found:
        room_for(SECTION_HEAD + section.pieces[0].size.height)
        sheets[-1].headings.append(Heading(section.heading, left, y - HEADING_SIZE))
        y -= SECTION_HEAD
        x, shelf = left, 0.0
        for piece in section.pieces:
            if x + piece.size.width > right:
                y -= shelf + PIECE_GAP
                x, shelf = left, 0.0
            if x == left:
                room_for(piece.size.height)
            sheets[-1].pieces.append(Placed(piece, x, y - piece.size.height))
            x += piece.size.width + PIECE_GAP
            shelf = max(shelf, piece.size.height)
        y -= shelf + PIECE_GAP
    return sheets


# --- the token sheet -----------------------------------------------------------------------


def write_tokens(game: Biathlon, paper: Paper, path: Path) -> None:
    found = sections(game)
    count = sum(len(section.pieces) for section in found)
    draw_pages(
        path,
        paper,
        [partial(_token_page, paper, sheet) for sheet in lay_out(paper, found)],
        title=f"{TITLE}: tokens",
        author=AUTHOR,
        subject=f"{count} tokens, markers and bases, one-sided",
    )


def _token_page(paper: Paper, sheet: SheetPlan, canvas: Canvas) -> None:
    sheet_heading(canvas, paper, f"{TITLE}: tokens", TOKEN_HOW)
    for heading in sheet.headings:
        canvas.setFillColor(INK["black"])
        canvas.setFont(BODY_BOLD, HEADING_SIZE)
        canvas.drawString(heading.x, heading.y, heading.text)
    for placed in sheet.pieces:
        canvas.saveState()
        canvas.translate(placed.x, placed.y)
        PIECE_ART[placed.piece.kind](canvas, placed.piece)
        canvas.restoreState()


def _round_token(canvas: Canvas, piece: Piece, fill: colors.Color) -> tuple[float, float]:
    """A round counter cut along its edge; returns its centre."""
    radius = piece.size.width / 2
    canvas.setFillColor(fill)
    line(canvas, CUT)
    canvas.circle(radius, radius, radius, stroke=1, fill=1)
    return radius, radius


def _bullet(canvas: Canvas, piece: Piece) -> None:
    cx, cy = _round_token(canvas, piece, INK["red"])
    canvas.setFillColor(colors.white)
    half, body = 1.2 * mm, 3.6 * mm
    bottom = cy - 2.2 * mm
    nose = bottom + body + 1.8 * mm
    path = canvas.beginPath()
    path.moveTo(cx - half, bottom)
    path.lineTo(cx - half, bottom + body)
    path.curveTo(cx - half, nose, cx + half, nose, cx + half, bottom + body)
    path.lineTo(cx + half, bottom)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
    centred(canvas, BULLET_WORD, cx, cy - 4.6 * mm, BODY_BOLD, MIN_TEXT)


def _wax(canvas: Canvas, piece: Piece) -> None:
    side = piece.size.width
    canvas.setFillColor(WAX_FILL)
    line(canvas, CUT)
    canvas.roundRect(0, 0, side, side, 2 * mm, stroke=1, fill=1)
    cx = side / 2
    canvas.setFillColor(INK["black"])
    canvas.rect(cx - 2.5 * mm, 4.2 * mm, 5 * mm, 3.5 * mm, stroke=0, fill=1)
    canvas.rect(cx - 3 * mm, 8.1 * mm, 6 * mm, 1.3 * mm, stroke=0, fill=1)
    centred(canvas, WAX_WORD, cx, 1.6 * mm, BODY_BOLD, MIN_TEXT + 1)


def _pulse(canvas: Canvas, piece: Piece) -> None:
    assert piece.colour is not None
    cx, cy = _round_token(canvas, piece, INK[piece.colour])
    canvas.setFillColor(ink_on(piece.colour))
    centred(canvas, PULSE_WORD, cx, cy + 1.2 * mm, BODY_BOLD, MIN_TEXT + 1)
    centred(canvas, piece.colour.upper(), cx, cy - 3.2 * mm, BODY, MIN_TEXT)


def _skis(canvas: Canvas, piece: Piece) -> None:
    """Two skis in the ski colour on a snowy plate, the slit for the standee between them."""
    assert piece.colour is not None
    width, height = piece.size.width, piece.size.height
    canvas.setFillColor(SNOW)
    line(canvas, CUT)
    canvas.roundRect(0, 0, width, height, 2 * mm, stroke=1, fill=1)
    ski = 5 * mm
    for bottom in (1.2 * mm, height - 1.2 * mm - ski):
        canvas.setFillColor(INK[piece.colour])
        canvas.setStrokeColor(INK["black"])
        canvas.setLineWidth(0.4)
        canvas.roundRect(2 * mm, bottom, width - 4 * mm, ski, ski / 2, stroke=1, fill=1)
    canvas.setFillColor(ink_on(piece.colour))
    label = f"{piece.colour.upper()} {SKIS_WORD}"
    centred(canvas, label, width / 2, height - 1.2 * mm - ski + 1.4 * mm, BODY_BOLD, MIN_TEXT)
    line(canvas, CUT)
    canvas.line((width - SLIT) / 2, height / 2, (width + SLIT) / 2, height / 2)
    canvas.setFillColor(INK["black"])
    centred(canvas, "slit", width / 2, height / 2 - 3 * mm, BODY, MIN_TEXT)


CLOUD_PUFFS = ((0.22, 0.4, 0.2), (0.45, 0.6, 0.3), (0.72, 0.45, 0.24), (0.5, 0.3, 0.24))
"""Circles (centre x, centre y, radius) as shares of the cloud's width, height and height."""


def _cloud(canvas: Canvas, piece: Piece) -> None:
    width, height = piece.size.width, piece.size.height
    puffs = [(x * width, y * height, r * height * 1.25) for x, y, r in CLOUD_PUFFS]
    # Outlines first, then the fills over them: only the cloud's outer edge stays, the cut.
    for stroke in (1, 0):
        canvas.setFillColor(colors.white)
        line(canvas, CUT, 1.0)
        for x, y, radius in puffs:
            canvas.circle(x, y, radius, stroke=stroke, fill=1)
    canvas.setFillColor(INK["black"])
    centred(canvas, CLOUD_WORD, width / 2, height * 0.42, BODY_BOLD, 9)
    centred(canvas, "the wind comes from here", width / 2, height * 0.42 - 3 * mm, BODY, MIN_TEXT)


def _barrier(canvas: Canvas, piece: Piece) -> None:
    """Three walls in a row over their feet: folded, a U the dice are rolled inside."""
    foot, wall = BARRIER_FOOT, BARRIER_HEIGHT
    notch = 1.5 * mm
    points = [(0.0, foot), (0.0, foot + wall), (piece.size.width, foot + wall)]
    points.append((piece.size.width, foot))
    x = piece.size.width
    for width in reversed(BARRIER_WALLS):  # each foot a little narrower than its wall
        points += [(x - notch, foot), (x - notch, 0), (x - width + notch, 0)]
        points.append((x - width + notch, foot))
        x -= width
    canvas.setFillColor(SNOW)
    line(canvas, CUT)
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=1, fill=1)
    line(canvas, FOLD)
    canvas.line(0, foot, piece.size.width, foot)
    x = 0.0
    for width in BARRIER_WALLS[:-1]:
        x += width
        canvas.line(x, foot, x, foot + wall)
    plain_line(canvas)
    middle = BARRIER_WALLS[0] + BARRIER_WALLS[1] / 2
    canvas.setFillColor(INK["black"])
    centred(canvas, BARRIER_WORD, middle, foot + wall / 2 + 1 * mm, BODY_BOLD, 9)
    centred(canvas, "roll the dice inside", middle, foot + wall / 2 - 3 * mm, BODY, 7)
    for index, width in enumerate(BARRIER_WALLS):
        left = sum(BARRIER_WALLS[:index])
        centred(canvas, "foot: fold back", left + width / 2, foot / 2 - 1, BODY, MIN_TEXT)


PIECE_ART: dict[str, Callable[[Canvas, Piece], None]] = {
    "bullet": _bullet,
    "wax": _wax,
    "pulse": _pulse,
    "skis": _skis,
    "cloud": _cloud,
    "barrier": _barrier,
}


# --- the dice ------------------------------------------------------------------------------


NET_CELLS = {"top": (1, 3), "left": (0, 2), "front": (1, 2), "right": (2, 2)}
NET_CELLS |= {"bottom": (1, 1), "back": (1, 0)}
"""Where each face lies on the cross, (column, row) from the bottom left: folded, the column's
four faces wrap round the cube and the arms become its sides."""
OPPOSITE_FACES = (("top", "bottom"), ("front", "back"), ("left", "right"))
TABS: tuple[tuple[str, str], ...] = (
    ("left", "top"),
    ("left", "bottom"),
    ("left", "left"),
    ("right", "top"),
    ("right", "bottom"),
    ("right", "right"),
    ("top", "top"),
)
"""A glue tab on each of the seven edges that meet another when folded: (face, edge)."""


def die_faces() -> dict[str, int]:
    """Each face's value: the lowest faces on one side of each pair, the highest opposite, so
    opposite faces add up to the same sum, as on an ordinary die."""
    low, high = DIE_FACES[: len(DIE_FACES) // 2], DIE_FACES[len(DIE_FACES) // 2 :][::-1]
    faces = {}
    for (first, second), a, b in zip(OPPOSITE_FACES, low, high, strict=True):
        faces[first], faces[second] = a, b
    return faces


@dataclass(frozen=True)
class NetPlace:
    die: str
    box: Rect
    """The net's bounding box with its tabs, on the page."""


def net_places(paper: Paper, dice: tuple[str, ...]) -> list[list[NetPlace]]:
    """The nets in rows under the sheet heading, as many to a sheet as fit."""
    left, right = PRINTABLE_MARGIN, paper.width - PRINTABLE_MARGIN
    room = right - left
    columns = max(1, math.floor((room + PIECE_GAP) / (NET.width + PIECE_GAP)))
    step_y = NET.height + NET_CAPTION + PIECE_GAP
    top = paper.height - PRINTABLE_MARGIN - SHEET_HEAD
    rows = max(1, math.floor((top - PRINTABLE_MARGIN + PIECE_GAP) / step_y))
    span = columns * NET.width + (columns - 1) * PIECE_GAP
    x0 = left + (room - span) / 2
    sheets: list[list[NetPlace]] = []
    for index, die in enumerate(dice):
        slot = index % (columns * rows)
        if slot == 0:
            sheets.append([])
        row, column = divmod(slot, columns)
        x = x0 + column * (NET.width + PIECE_GAP)
        y = top - (row + 1) * step_y + PIECE_GAP + NET_CAPTION
        sheets[-1].append(NetPlace(die, Rect(x, y, NET.width, NET.height)))
    return sheets


def write_dice(game: Biathlon, paper: Paper, path: Path) -> None:
    dice = DICE[: game.box["shooting_dice"]]
    draw_pages(
        path,
        paper,
        [partial(_dice_page, paper, sheet) for sheet in net_places(paper, dice)],
        title=f"{TITLE}: shooting dice",
        author=AUTHOR,
        subject=f"{len(dice)} shooting dice to fold, faces {DIE_FACES[0]}-{DIE_FACES[-1]}",
    )


def _dice_page(paper: Paper, sheet: list[NetPlace], canvas: Canvas) -> None:
    sheet_heading(canvas, paper, f"{TITLE}: shooting dice", DICE_HOW)
    for place in sheet:
        _net(canvas, place)


def _face_origin(place: NetPlace, face: str) -> tuple[float, float]:
    column, row = NET_CELLS[face]
    return place.box.x + TAB + column * DIE, place.box.y + row * DIE


def _net(canvas: Canvas, place: NetPlace) -> None:
    faces = die_faces()
    for face, value in faces.items():
        x, y = _face_origin(place, face)
        canvas.setFillColor(INK[place.die])
        canvas.rect(x, y, DIE, DIE, stroke=0, fill=1)
        canvas.setFillColor(ink_on(place.die))
        centred(
            canvas, str(value), x + DIE / 2, y + DIE / 2 - FACE_SIZE * 0.35, BODY_BOLD, FACE_SIZE
        )
    for face, edge in TABS:
        _tab(canvas, *_face_origin(place, face), edge)
    line(canvas, CUT)
    canvas.drawPath(_net_outline(canvas, place), stroke=1, fill=0)
    line(canvas, FOLD)
    for a, b in _fold_edges(place):
        canvas.line(*a, *b)
    plain_line(canvas)
    canvas.setFillColor(INK["black"])
    box = place.box
    centred(
        canvas,
        die_caption(place.die),
        box.x + box.width / 2,
        box.y - NET_CAPTION + 1 * mm,
        BODY_BOLD,
        8,
    )


def _tab_corners(x: float, y: float, edge: str) -> list[tuple[float, float]]:
    """A trapezoid glue tab on one edge of the face at (x, y), from corner to corner."""
    s, t, k = DIE, TAB, TAB_SLANT
    return {
        "top": [(x, y + s), (x + k, y + s + t), (x + s - k, y + s + t), (x + s, y + s)],
        "bottom": [(x + s, y), (x + s - k, y - t), (x + k, y - t), (x, y)],
        "left": [(x, y), (x - t, y + k), (x - t, y + s - k), (x, y + s)],
        "right": [(x + s, y + s), (x + s + t, y + s - k), (x + s + t, y + k), (x + s, y)],
    }[edge]


def _tab(canvas: Canvas, x: float, y: float, edge: str) -> None:
    """The tab, pale, with a dotted glue line inside it."""
    corners = _tab_corners(x, y, edge)
    path = canvas.beginPath()
    path.moveTo(*corners[0])
    for point in corners[1:]:
        path.lineTo(*point)
    path.close()
    canvas.setFillColor(SNOW)
    canvas.drawPath(path, stroke=0, fill=1)
    cx = sum(p[0] for p in corners) / 4
    cy = sum(p[1] for p in corners) / 4
    inner = canvas.beginPath()
    shrunk = [(cx + (px - cx) * 0.6, cy + (py - cy) * 0.6) for px, py in corners]
    inner.moveTo(*shrunk[0])
    for point in shrunk[1:]:
        inner.lineTo(*point)
    inner.close()
    line(canvas, GLUE, 0.9)
    canvas.drawPath(inner, stroke=1, fill=0)
    plain_line(canvas)


def _outline_points(place: NetPlace) -> Iterator[tuple[float, float]]:
    """The cross with its tabs, clockwise from the top face's top left corner."""
    faces = {face: _face_origin(place, face) for face in NET_CELLS}
    tabs = set(TABS)

    def side(face: str, edge: str, corners: list[tuple[float, float]]) -> list[tuple[float, float]]:
        if (face, edge) in tabs:
            return _tab_corners(*faces[face], edge)
        return corners

    def box(face: str) -> tuple[float, float, float, float]:
        x, y = faces[face]
        return x, y, x + DIE, y + DIE

    tx0, _, tx1, ty1 = box("top")
    rx0, ry0, rx1, ry1 = box("right")
    bx0, by0, bx1, _ = box("back")
    lx0, ly0, lx1, ly1 = box("left")
    yield from side("top", "top", [(tx0, ty1), (tx1, ty1)])
    yield (tx1, ry1)
    yield from side("right", "top", [(rx0, ry1), (rx1, ry1)])
    yield from side("right", "right", [(rx1, ry1), (rx1, ry0)])
    yield from side("right", "bottom", [(rx1, ry0), (rx0, ry0)])
    yield (bx1, by0)
    yield (bx0, by0)
    yield (lx1, ly0)
    yield from side("left", "bottom", [(lx1, ly0), (lx0, ly0)])
    yield from side("left", "left", [(lx0, ly0), (lx0, ly1)])
    yield from side("left", "top", [(lx0, ly1), (lx1, ly1)])


def _net_outline(canvas: Canvas, place: NetPlace) -> PDFPathObject:
    points = list(_outline_points(place))
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


def _fold_edges(place: NetPlace) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Every edge between two faces, and every tab's root."""
    folds = []
    for face, edge in TABS:
        corners = _tab_corners(*_face_origin(place, face), edge)
        folds.append((corners[0], corners[-1]))
    for upper in ("top", "front", "bottom"):  # the edge under each face of the column
        x, y = _face_origin(place, upper)
        folds.append(((x, y), (x + DIE, y)))
    x, y = _face_origin(place, "front")
    folds += [((x, y), (x, y + DIE)), ((x + DIE, y), (x + DIE, y + DIE))]
    return folds
