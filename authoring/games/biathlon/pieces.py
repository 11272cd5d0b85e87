"""BIATHLON BLAST's small pieces on one sheet: the tokens and the shooting dice as cube nets.

The sheet prints exactly what the Box sheet promises: its bullets, wax, pulse markers (one
per ski colour), ski bases (the ski pairs the standees stand on), the cloud, the shooting
barrier and the dice, each counted from the Box row that names it. Every piece says what it
is in words as well as in colour, so a greyscale print still plays, and so the pieces need no
headings: they are packed as tightly as scissors allow, the largest first, and the small
tokens fill the gaps the large pieces leave.

A die is a 14 mm cube folded from a cross of six faces, with glue tabs on the edges that
meet; its faces are the rules engine's die faces, opposite faces adding up to the highest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from authoring.games.biathlon.look import (
    AUTHOR,
    INK,
    MIN_TEXT,
    SHEET_HEAD,
    SNOW,
    TITLE,
    centred,
    die_caption,
    ink_on,
    ordered_colours,
    sheet_heading,
)
from authoring.games.biathlon.model import Biathlon
from authoring.games.biathlon.rules import DICE, DIE_FACES
from authoring.render.document import draw_pages, set_page_boxes
from authoring.render.fonts import BODY, BODY_BOLD
from authoring.render.imposition import Rect, Slot, bounding
from authoring.render.lines import CUT, FOLD, GLUE, LINE_WIDTH, line, plain_line
from authoring.render.paper import COUNTER_SIZES, PRINTABLE_MARGIN, Paper, Size
from authoring.render.tokens import Fill, Glyph, TokenFace, TokenStyle, arc, draw_token

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
ROUND_TOKEN = TokenStyle(
    inset=0.6 * mm,
    label_drop=4.2 * mm,
    caption_font=BODY,
    caption_rise=3 * mm,
    mark_top=5 * mm,
    mark_bottom=2 * mm,
    ink=INK["black"],
    cut_grey=INK["black"].red,  # the sheet's black, a grey: every cut on it looks alike
    cut_width=LINE_WIDTH,
    round=True,
    tint_bleed=False,
)
"""Bullets and pulse markers: the word on top, a mark or the ski colour under it."""
SQUARE_TOKEN = replace(ROUND_TOKEN, round=False)
"""Wax, square as a wax block, laid out like the round tokens."""
BULLET_MARK: Glyph = (
    Fill(((0.36, 0.05), (0.36, 0.6), *arc(0.5, 0.6, 0.14, 0.34, 180, 0), (0.64, 0.05))),
)
WAX_MARK: Glyph = (
    Fill(((0.22, 0.1), (0.78, 0.1), (0.78, 0.7), (0.22, 0.7))),
    Fill(((0.14, 0.8), (0.86, 0.8), (0.86, 0.98), (0.14, 0.98))),
)
"""A wax block under its cap."""
PIECE_GAP = 3 * mm
"""Between two pieces: room for the scissors."""

DIE = 14 * mm
"""A small die, as dice go: five of them fit on the token sheet, even on US Letter."""
TAB = 5 * mm
TAB_SLANT = 1.5 * mm
NET = Size("die net", 3 * DIE + 2 * TAB, 4 * DIE + TAB)
FACE_SIZE = 18.0
FACE_RANGE = (DIE_FACES[0], DIE_FACES[-1])
NET_CAPTION = 5 * mm
"""Under each net: the die's name."""
NET_PIECE = Size("die net and its name", NET.width, NET.height + NET_CAPTION)
FIT_TOLERANCE = 1e-6
"""Points: a piece that fills the room exactly still fits."""

BULLET_WORD, WAX_WORD, PULSE_WORD = "BULLET", "WAX", "PULSE"
CLOUD_WORD, BARRIER_WORD, SKIS_WORD = "CLOUD", "SHOOTING BARRIER", "SKIS"

HOW = (
    "Cut out every piece on its solid line; cut the slit in each ski base. Fold the barrier's "
    "feet back and its side walls forward: it stands as a U. Fold each die on its dashed lines, "
    "printed side out, and glue every dotted tab under the face it meets."
)


@dataclass(frozen=True)
class Piece:
    """One piece on the token sheet: what it is, its ski colour if it has one, its size."""

    kind: str
    size: Size
    colour: str | None = None


def pieces_of(game: Biathlon) -> list[Piece]:
    """Every piece the sheet prints, each kind as many times as its Box row says."""
    colours = [c.colour for c in ordered_colours(game)]

    def coloured(kind: str, size: Size, count: int) -> list[Piece]:
        return [Piece(kind, size, colours[i % len(colours)]) for i in range(count)]

    box = game.box
    return [
        *[Piece("bullet", COUNTER)] * box["bullets"],
        *[Piece("wax", COUNTER)] * box["wax"],
        *coloured("pulse", COUNTER, box["pulse_markers"]),
        *coloured("skis", SKI_BASE, box["ski_pairs"]),
        *[Piece("cloud", CLOUD)] * box["cloud"],
        *[Piece("barrier", BARRIER)] * box["shooting_barrier"],
        *(Piece("die", NET_PIECE, die) for die in DICE[: box["shooting_dice"]]),
    ]


# --- packing pieces on sheets --------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    piece: Piece
    x: float
    y: float
    """The piece's bottom left corner on the page."""


@dataclass
class _Stretch:
    """A stretch of the skyline: from `x`, `width` across, filled `depth` down from the top."""

    x: float
    width: float
    depth: float


class Skyline:
    """One sheet's free room as a skyline hanging from the top: each piece goes where its top
    edge is highest (then leftmost) and it still fits, the bottom-left rule turned upside
    down. Every piece keeps `gap` from the next; the room is widened by a gap so that the
    last piece of a row needs none beyond it."""

    def __init__(self, width: float, depth: float, gap: float) -> None:
        self.width, self.depth, self.gap = width + gap, depth + gap, gap
        self.stretches = [_Stretch(0.0, self.width, 0.0)]

    def place(self, size: Size) -> tuple[float, float] | None:
        """Where the piece's top left corner goes (across, down), taking that room; None,
        and nothing taken, if it does not fit."""
        width, height = size.width + self.gap, size.height + self.gap
        best: tuple[float, float] | None = None
        for first, stretch in enumerate(self.stretches):
            if stretch.x + width > self.width + FIT_TOLERANCE:
                break
            covered, depth = 0.0, 0.0
            for under in self.stretches[first:]:
                if covered >= width - FIT_TOLERANCE:
                    break
                covered += under.width
                depth = max(depth, under.depth)
            fits = depth + height <= self.depth + FIT_TOLERANCE
            if fits and (best is None or (depth, stretch.x) < (best[1], best[0])):
                best = (stretch.x, depth)
        if best is not None:
            self._fill(best[0], width, best[1] + height)
        return best

    def _fill(self, x: float, width: float, depth: float) -> None:
        kept = [_Stretch(x, width, depth)]
        for stretch in self.stretches:
            end = stretch.x + stretch.width
            if end <= x or stretch.x >= x + width:
                kept.append(stretch)
                continue
            if stretch.x < x:
                kept.append(_Stretch(stretch.x, x - stretch.x, stretch.depth))
            if end > x + width:
                kept.append(_Stretch(x + width, end - x - width, stretch.depth))
        kept.sort(key=lambda stretch: stretch.x)
        self.stretches = []
        for stretch in kept:
            last = self.stretches[-1] if self.stretches else None
            if last is not None and abs(last.depth - stretch.depth) < FIT_TOLERANCE:
                last.width += stretch.width
            else:
                self.stretches.append(stretch)


def lay_out(paper: Paper, found: list[Piece]) -> list[list[Placed]]:
    """The pieces packed inside the printable margin below the sheet's heading, the tallest
    (then widest) first; each on the first sheet with room for it, a new sheet when none has."""
    left, top = PRINTABLE_MARGIN, paper.height - PRINTABLE_MARGIN - SHEET_HEAD
    width, depth = paper.width - 2 * PRINTABLE_MARGIN, top - PRINTABLE_MARGIN
    skylines: list[Skyline] = []
    sheets: list[list[Placed]] = []
    for piece in sorted(found, key=lambda piece: (-piece.size.height, -piece.size.width)):
        fit = _first_fit(skylines, piece.size)
        if fit is None:
            skylines.append(Skyline(width, depth, PIECE_GAP))
            sheets.append([])
            spot = skylines[-1].place(piece.size)
            if spot is None:
                raise ValueError(f"a {piece.size.name} is larger than the printable area")
            fit = len(sheets) - 1, spot
        sheet, (across, down) = fit
        sheets[sheet].append(Placed(piece, left + across, top - down - piece.size.height))
    return sheets


def _first_fit(skylines: list[Skyline], size: Size) -> tuple[int, tuple[float, float]] | None:
    """The first sheet with room for the piece and where on it the piece went; None if none
    has room."""
    for sheet, skyline in enumerate(skylines):
        spot = skyline.place(size)
        if spot is not None:
            return sheet, spot
    return None


# --- the sheet -----------------------------------------------------------------------------


SHEET_TITLE = f"{TITLE}: tokens and dice"


def write_pieces(game: Biathlon, paper: Paper, path: Path) -> None:
    found = pieces_of(game)
    draw_pages(
        path,
        paper,
        [partial(_page, paper, sheet) for sheet in lay_out(paper, found)],
        title=SHEET_TITLE,
        author=AUTHOR,
        subject=f"{len(found)} tokens, markers, bases and dice nets, one-sided",
    )


def _page(paper: Paper, sheet: list[Placed], canvas: Canvas) -> None:
    """The heading and the pieces; the page is cut round the pieces' outlines, and as no
    piece prints past its outline, its bleed is its cut."""
    sheet_heading(canvas, paper, SHEET_TITLE, HOW)
    cuts = bounding([_placed_cut(placed) for placed in sheet])
    set_page_boxes(canvas, (paper.width, paper.height), trim=cuts, bleed=cuts)
    for placed in sheet:
        canvas.saveState()
        canvas.translate(placed.x, placed.y)
        PIECE_ART[placed.piece.kind](canvas, placed.piece)
        canvas.restoreState()


def _placed_cut(placed: Placed) -> Rect:
    """The rectangle round the placed piece's cut line, on the page."""
    x, y, width, height = _cut_extent(placed.piece)
    return Rect(placed.x + x, placed.y + y, width, height)


def _cut_extent(piece: Piece) -> Rect:
    """The rectangle round the piece's cut line, from the piece's bottom left corner: a die's
    name lies under its net, a cloud's puffs fall short of its box; every other piece is cut
    on its box's edges."""
    if piece.kind == "die":
        return Rect(0, NET_CAPTION, NET.width, NET.height)
    if piece.kind == "cloud":
        return bounding(
            [Rect(x - radius, y - radius, 2 * radius, 2 * radius) for x, y, radius in _puffs(piece)]
        )
    return Rect(0, 0, piece.size.width, piece.size.height)


def _token(canvas: Canvas, piece: Piece, face: TokenFace, style: TokenStyle) -> None:
    """A one-sided token through the render core's token face, cut on its own outline: the
    pieces of this sheet are laid apart, so none has a bleed."""
    outline = Rect(0, 0, piece.size.width, piece.size.height)
    draw_token(canvas, face, Slot(outline, outline), style, front=True)


def _bullet(canvas: Canvas, piece: Piece) -> None:
    white = colors.white
    face = TokenFace(
        (BULLET_WORD,), INK["red"], marks=(BULLET_MARK,), mark_ink=white, label_ink=white
    )
    _token(canvas, piece, face, ROUND_TOKEN)


def _wax(canvas: Canvas, piece: Piece) -> None:
    _token(canvas, piece, TokenFace((WAX_WORD,), WAX_FILL, marks=(WAX_MARK,)), SQUARE_TOKEN)


def _pulse(canvas: Canvas, piece: Piece) -> None:
    assert piece.colour is not None
    ink = ink_on(piece.colour)
    face = TokenFace(
        (PULSE_WORD,),
        INK[piece.colour],
        captions=(piece.colour.upper(),),
        caption_ink=ink,
        label_ink=ink,
    )
    _token(canvas, piece, face, ROUND_TOKEN)


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


def _puffs(piece: Piece) -> list[tuple[float, float, float]]:
    """The cloud's circles in points, centre x, centre y and radius."""
    width, height = piece.size.width, piece.size.height
    return [(x * width, y * height, r * height * 1.25) for x, y, r in CLOUD_PUFFS]


def _cloud(canvas: Canvas, piece: Piece) -> None:
    width, height = piece.size.width, piece.size.height
    puffs = _puffs(piece)
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


def _face_origin(face: str) -> tuple[float, float]:
    """The face's bottom left corner, the net's name under the net."""
    column, row = NET_CELLS[face]
    return TAB + column * DIE, NET_CAPTION + row * DIE


def _net(canvas: Canvas, piece: Piece) -> None:
    die = piece.colour
    assert die is not None
    for face, value in die_faces().items():
        x, y = _face_origin(face)
        canvas.setFillColor(INK[die])
        canvas.rect(x, y, DIE, DIE, stroke=0, fill=1)
        canvas.setFillColor(ink_on(die))
        centred(
            canvas, str(value), x + DIE / 2, y + DIE / 2 - FACE_SIZE * 0.35, BODY_BOLD, FACE_SIZE
        )
    for face, edge in TABS:
        _tab(canvas, *_face_origin(face), edge)
    line(canvas, CUT)
    canvas.drawPath(_net_outline(canvas), stroke=1, fill=0)
    line(canvas, FOLD)
    for a, b in _fold_edges():
        canvas.line(*a, *b)
    plain_line(canvas)
    canvas.setFillColor(INK["black"])
    centred(canvas, die_caption(die), NET.width / 2, 1 * mm, BODY_BOLD, 8)


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


def _outline_points() -> Iterator[tuple[float, float]]:
    """The cross with its tabs, clockwise from the top face's top left corner."""
    faces = {face: _face_origin(face) for face in NET_CELLS}
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


def _net_outline(canvas: Canvas) -> PDFPathObject:
    points = list(_outline_points())
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


def _fold_edges() -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Every edge between two faces, and every tab's root."""
    folds = []
    for face, edge in TABS:
        corners = _tab_corners(*_face_origin(face), edge)
        folds.append((corners[0], corners[-1]))
    for upper in ("top", "front", "bottom"):  # the edge under each face of the column
        x, y = _face_origin(upper)
        folds.append(((x, y), (x + DIE, y)))
    x, y = _face_origin("front")
    folds += [((x, y), (x, y + DIE)), ((x + DIE, y), (x + DIE, y + DIE))]
    return folds


PIECE_ART: dict[str, Callable[[Canvas, Piece], None]] = {
    "bullet": _bullet,
    "wax": _wax,
    "pulse": _pulse,
    "skis": _skis,
    "cloud": _cloud,
    "barrier": _barrier,
    "die": _net,
}
