"""Imposition: same-size cards or counters laid out on sheets, fronts backed by mirrored backs.

Pages alternate front, back, front, back. A back page holds the backs of the items on the
front page before it, each at its mirror position for the paper's flip (left to right for the
long edge, top to bottom for the short one) shifted by the paper's back offset, so a sheet
printed double-sided puts every back behind its front.

Nothing is printed within `EDGE_BAND` of the paper's edge: a crop mark is shortened to the
room left, or left out where there is too little (9-up poker on Letter), and the hairline
every game draws on a front's cut serves instead. A last sheet that would carry a lone item
is filled with blank spares, so no sheet of card is spent on one card.

Each page tells a print shop where it is cut: its TrimBox bounds the cuts of the items on
that side of the sheet, its BleedBox their bleed; a back's are the front's at the place
behind, so they follow the flip and the back offset.

A build for a print-on-demand shop wants no sheets: one image per face of every piece
(`authoring.render.pod`). The games call `impose` alone for their pieces, so the switch is
here rather than in every game: while a `FaceWriter` is set with `writing_faces` (the build
sets one around each component's write), `impose` hands it the items and their draw
functions and writes no sheets.
"""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, NamedTuple, Protocol, TypeVar, cast

import pypdfium2
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from authoring.files import write_atomically
from authoring.render.document import new_canvas, set_page_boxes
from authoring.render.fonts import BODY, BODY_BOLD, register_body_fonts
from authoring.render.paper import (
    BLEED,
    EDGE_BAND,
    LINE_CONVENTION,
    PRINTABLE_MARGIN,
    Paper,
    Size,
)

MARK_OFFSET = 1 * mm
"""Space between the art and a crop mark or note, so that neither ever touches an item."""
MARK_LENGTH = 3 * mm
MIN_MARK_LENGTH = 1.5 * mm
"""A crop mark shorter than this is too short to lay a ruler on: it is left out."""
MARK_WIDTH = 0.25
NOTE_SIZE = 6.0
NOTE_GAP = 0.5 * mm
CUT_GUIDE_GREY = 0.48
CUT_GUIDE_WIDTH = 0.2
SPARE_TITLE_SIZE = 9.0
SPARE_TEXT_SIZE = 7.0
SPARE_GREY = 0.45
SPARE_TITLE = "Spare"
SPARE_TEXT = "for a lost or new one"


def _cut_guide(canvas: Canvas, slot: Slot) -> None:
    """A hairline on a front's cut: items that share their bleed need a line to follow, and
    on a full sheet the crop marks may fall where a home printer cannot print. `impose`
    draws it over every front, last, so no kit can leave it out; never on a back, where a
    back printed a little off would show its line on the edge."""
    canvas.setStrokeGray(CUT_GUIDE_GREY)
    canvas.setLineWidth(CUT_GUIDE_WIDTH)
    canvas.rect(*slot.trim, stroke=1, fill=0)


SIDES = ("bottom", "left", "top", "right")
OFFSET_SHOWN = 2 * mm
"""The duplex offset up to which a back printed off register shows its own colour at every
cut (see `impose`)."""
_STRIP_DPI = 100
_SAME_COLOUR = 24
"""The most two pixels' channels may differ and still be one colour: anti-aliasing and a
rasteriser's dithering stay within it, a different ink does not."""
_FIT_TOLERANCE = 1e-6  # a 3-row poker grid fills US Letter's printable height exactly

Item = TypeVar("Item")


class Rect(NamedTuple):
    x: float
    y: float
    width: float
    height: float

    def behind(self, paper: Paper) -> Rect:
        """Where the back page draws what lies behind this rectangle of the front."""
        if paper.duplex.flip == "long":
            x, y = paper.width - self.x - self.width, self.y
        else:
            x, y = self.x, paper.height - self.y - self.height
        return Rect(x + paper.duplex.offset_x, y + paper.duplex.offset_y, self.width, self.height)


class Line(NamedTuple):
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Slot:
    """Where one item goes: `trim` is its cut outline, `bleed` the area it may paint.

    `bleed` is `trim` grown by the bleed on every side that has room for it; drawing is
    clipped to it, so art never spills onto a neighbour's piece or a crop mark (two pieces
    may share a corner of a blank slot beside them, see `_into_blanks`).
    """

    trim: Rect
    bleed: Rect

    def behind(self, paper: Paper) -> Slot:
        return Slot(self.trim.behind(paper), self.bleed.behind(paper))


def bounding(rects: Sequence[Rect]) -> Rect:
    """The smallest rectangle holding all of `rects`."""
    x0 = min(rect.x for rect in rects)
    y0 = min(rect.y for rect in rects)
    x1 = max(rect.x + rect.width for rect in rects)
    y1 = max(rect.y + rect.height for rect in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _set_side_boxes(canvas: Canvas, paper: Paper, slots: Sequence[Slot]) -> None:
    """The side's cut and bleed for the shop: around every slot of it, filled or not,
    as its crop marks are."""
    set_page_boxes(
        canvas,
        (paper.width, paper.height),
        trim=bounding([slot.trim for slot in slots]),
        bleed=bounding([slot.bleed for slot in slots]),
    )


@dataclass(frozen=True)
class _Axis:
    """The grid along one direction of the page: trim starts and each item's bleed per side."""

    starts: tuple[float, ...]
    extent: float
    before: tuple[float, ...]
    after: tuple[float, ...]

    @property
    def cuts(self) -> list[float]:
        edges = {round(start, 6) for start in self.starts}
        edges |= {round(start + self.extent, 6) for start in self.starts}
        return sorted(edges)

    @property
    def low(self) -> float:
        return self.starts[0] - self.before[0]

    @property
    def high(self) -> float:
        return self.starts[-1] + self.extent + self.after[-1]


def _counts(room: float, extent: float, bleed: float, gap: float) -> tuple[int, int]:
    """How many items fit in `room` each with its own bleed, and how many sharing it."""
    separate = math.floor((room + gap) / (extent + 2 * bleed + gap) + _FIT_TOLERANCE)
    shared = math.floor(room / extent + _FIT_TOLERANCE)
    return separate, shared


def _own_bleed(separate: int, shared: int, *, apart: bool) -> bool:
    """Whether items each keep their own bleed: when that fits as many as sharing cuts, or
    when they must be `apart` and at least one fits so."""
    return separate >= shared or (apart and separate > 0)


def _fit_axis(
    page: float,
    extent: float,
    bleed: float,
    gap: float,
    margin: float = PRINTABLE_MARGIN,
    *,
    apart: bool = False,
) -> _Axis:
    """Place as many items as fit between the printable margins, centred.

    Each item with its own bleed all round (neighbours `2 * bleed + gap` apart) is the
    first choice. When sharing fits more, neighbours touch and share the cut between them
    (a slightly wrong cut shows the neighbour's art, not white paper), and only the outer
    edges get bleed: as much as fits inside the printable area, up to `bleed`. A 3 x 3 poker
    grid needs this on A4 and on US Letter; on Letter the outer rows fill the printable
    height exactly and so have no outer bleed. The art stays `margin` from the paper's edge:
    a wider one leaves room beside it for the sheet note. Items `apart` keep their own bleed
    even when sharing would fit more (see `Layout.for_items`).
    """
    room = page - 2 * margin
    separate, shared = _counts(room, extent, bleed, gap)
    if _own_bleed(separate, shared, apart=apart):
        count, pitch = separate, extent + 2 * bleed + gap
        inner, outer = bleed, bleed
    else:
        count, pitch = shared, extent
        inner, outer = 0.0, max(0.0, min(bleed, (room - count * extent) / 2))
    span = count * extent + (count - 1) * (pitch - extent)
    first = (page - span) / 2
    return _Axis(
        starts=tuple(first + index * pitch for index in range(count)),
        extent=extent,
        before=(outer,) + (inner,) * (count - 1),
        after=(inner,) * (count - 1) + (outer,),
    )


@dataclass(frozen=True)
class _Rows:
    """Items packed into rows across the page (see `_fit_rows`), every row from `first`.

    `members` are each row's item indices; `widths` its slots' widths: its items', then
    more of its last width while they fit, so a part-filled row keeps a full row's cuts.
    A slot has `inner` bleed beside a neighbour and up to `outer` at the art's sides.
    """

    members: tuple[tuple[int, ...], ...]
    widths: tuple[tuple[float, ...], ...]
    first: float
    span: float
    inner: float
    outer: float
    gap: float

    def pitch(self, width: float) -> float:
        """From a slot's left cut to its right-hand neighbour's."""
        return width + 2 * self.inner + self.gap if self.inner else width

    def starts(self, widths: Sequence[float]) -> list[float]:
        return [self.first + math.fsum(map(self.pitch, widths[:i])) for i in range(len(widths))]

    @property
    def low(self) -> float:
        return self.first - self.outer

    @property
    def high(self) -> float:
        return self.first + self.span + self.outer


def _fit_rows(
    page: float,
    widths: Sequence[float],
    bleed: float,
    gap: float,
    margin: float = PRINTABLE_MARGIN,
    *,
    apart: bool = False,
) -> _Rows | None:
    """Items of these widths (and one height) in rows between the printable margins, the
    widest row centred; None when an item does not fit on its own.

    Each item keeps its own bleed when that holds as many of every width in a row as sharing
    does (see `_fit_axis`). Longest items are placed first, each in the first row with room
    for it (first fit decreasing), so short items fill the room long ones leave; items of
    one width keep their order, so same-size items fill row after row as a grid.
    """
    room = page - 2 * margin
    own = all(
        _own_bleed(separate, shared, apart=apart)
        for separate, shared in (_counts(room, width, bleed, gap) for width in set(widths))
    )
    inner, spacing = (bleed, gap) if own else (0.0, 0.0)
    if max(widths) + 2 * inner > room + _FIT_TOLERANCE:
        return None
    members: list[list[int]] = []
    used: list[float] = []
    for index in sorted(range(len(widths)), key=lambda i: -widths[i]):
        need = widths[index] + 2 * inner
        room_in = next(
            (r for r, taken in enumerate(used) if taken + spacing + need <= room + _FIT_TOLERANCE),
            None,
        )
        if room_in is None:
            members.append([index])
            used.append(need)
        else:
            members[room_in].append(index)
            used[room_in] += spacing + need
    rows = []
    for member, taken in zip(members, used, strict=True):
        slots = [widths[index] for index in member]
        while taken + spacing + slots[-1] + 2 * inner <= room + _FIT_TOLERANCE:
            taken += spacing + slots[-1] + 2 * inner
            slots.append(slots[-1])
        rows.append(tuple(slots))
    span = max(math.fsum(slots) + (len(slots) - 1) * (2 * inner + spacing) for slots in rows)
    return _Rows(
        members=tuple(tuple(row) for row in members),
        widths=tuple(rows),
        first=(page - span) / 2,
        span=span,
        inner=inner,
        outer=inner if own else max(0.0, min(bleed, (room - span) / 2)),
        gap=spacing,
    )


@dataclass(frozen=True)
class Note:
    """Where a sheet's one-line note goes on a front: `side` is "bottom" (read normally) or
    "left" (read bottom to top), `baseline` its y or x; a back carries it at the place behind."""

    side: str
    baseline: float


@dataclass(frozen=True)
class Sheet:
    """One double-sided sheet: its slots row by row from the top left of the front, the
    places behind them on the back (`back[i]` behind `front[i]`, see `Rect.behind`), the
    crop marks in line with its cuts, and the index of the item each slot holds (None: left
    blank)."""

    front: tuple[Slot, ...]
    back: tuple[Slot, ...]
    crop_marks: tuple[Line, ...]
    items: tuple[int | None, ...]


@dataclass(frozen=True)
class Layout:
    """Items of one height, of one width or several, laid out sheet by sheet on one paper.

    Items of one size form a grid, the same on every sheet. `crop_marks` (per sheet),
    `registration` (centres of small targets in the corners) and `note` are for fronts;
    backs carry them at the places behind, so when the sheet is held to the light they
    coincide if the printer registers (or its offset is corrected). All of them lie between
    the art and the paper's `EDGE_BAND`.
    """

    paper: Paper
    columns: int
    """The most slots in a row."""
    rows: int
    sheets: tuple[Sheet, ...]
    registration: tuple[tuple[float, float], ...]
    note: Note
    bounds: Rect
    """The union of the items' bleed areas: the margins lie outside it."""

    @property
    def front(self) -> tuple[Slot, ...]:
        """The first sheet's front slots: every sheet's, for items of one size."""
        return self.sheets[0].front

    @property
    def back(self) -> tuple[Slot, ...]:
        return self.sheets[0].back

    @property
    def crop_marks(self) -> tuple[Line, ...]:
        return self.sheets[0].crop_marks

    @property
    def per_sheet(self) -> int:
        return len(self.front)

    @property
    def shares_cuts(self) -> bool:
        """Whether neighbours touch, one cut between them, rather than each having its own
        bleed."""
        trims = [slot.trim for slot in self.front]
        return any(_touching(a, b) for index, a in enumerate(trims) for b in trims[index + 1 :])

    @classmethod
    def for_items(
        cls,
        paper: Paper,
        sizes: Size | Sequence[Size],
        *,
        bleed: float = BLEED,
        gap: float = 0.0,
        apart: bool = False,
    ) -> Layout:
        """The sheets holding items of these sizes (one size: a full sheet of it), the most
        to a sheet whose art, bleed included, lies in the printable area.

        All the sizes must share one height: items lie in rows (see `_fit_rows`), the rows
        one above the other (see `_fit_axis`). `gap` is blank paper between the bleeds of
        neighbours that each have their own bleed. Items `apart` always have their own
        bleed, even when sharing cuts would fit more: a back printed off register by up to
        the bleed then shows the piece's own art at its cut, never a neighbour's (items whose
        backs differ, see `impose`). Crop marks and the sheet note go in the margin outside
        the art.
        """
        sizes = [sizes] if isinstance(sizes, Size) else list(sizes)
        if not sizes:
            raise ValueError("there are no items to lay out")
        if len({size.height for size in sizes}) > 1:
            raise ValueError("items laid out together must share one height")
        widths = [size.width for size in sizes]
        widest = max(sizes, key=lambda size: size.width)
        across = _fit_rows(paper.width, widths, bleed, gap, apart=apart)
        down = _fit_axis(paper.height, widest.height, bleed, gap, apart=apart)
        if across is None or not down.starts:
            raise ValueError(f"a {widest.name} item does not fit on {paper.name} paper")
        if _note_place(paper, _bounds(across, down)) is None:
            # A narrower outer bleed at the sides, or a column fewer, makes room for the note.
            ascent, descent = _note_metrics()
            note_margin = EDGE_BAND + ascent + descent + MARK_OFFSET
            across = _fit_rows(paper.width, widths, bleed, gap, note_margin, apart=apart)
        no_note = f"no room for the sheet note beside {widest.name} items on {paper.name}"
        if across is None:
            raise ValueError(no_note)
        bounds = _bounds(across, down)
        placed = _note_place(paper, bounds)
        if placed is None:
            raise ValueError(no_note)
        room = _room(paper, bounds)
        note, note_room = placed
        marks = {
            side: _mark_length(note_room if side == note.side else room[side]) for side in SIDES
        }
        per_sheet = len(down.starts)
        sheets = []
        for start in range(0, len(across.members), per_sheet):
            members = list(across.members[start : start + per_sheet])
            widths_by_row = list(across.widths[start : start + per_sheet])
            members += [()] * (per_sheet - len(members))
            widths_by_row += [widths_by_row[-1]] * (per_sheet - len(widths_by_row))
            front = []
            for (row, y), row_widths in zip(
                reversed(list(enumerate(down.starts))), widths_by_row, strict=True
            ):
                xs = across.starts(row_widths)
                for column, (x, width) in enumerate(zip(xs, row_widths, strict=True)):
                    before = across.outer if column == 0 else across.inner
                    last = column == len(row_widths) - 1
                    after = min(bleed, across.high - x - width) if last else across.inner
                    front.append(
                        Slot(
                            Rect(x, y, width, widest.height),
                            Rect(
                                x - before,
                                y - down.before[row],
                                width + before + after,
                                widest.height + down.before[row] + down.after[row],
                            ),
                        )
                    )
            items = [
                row[column] if column < len(row) else None
                for row, row_widths in zip(members, widths_by_row, strict=True)
                for column in range(len(row_widths))
            ]
            if not spares_fill(items):
                front = _into_blanks(front, items, bleed, bounds)
            top, bottom = (
                _cuts(across.starts(row_widths), row_widths)
                for row_widths in (widths_by_row[0], widths_by_row[-1])
            )
            sheets.append(
                Sheet(
                    front=tuple(front),
                    back=tuple(slot.behind(paper) for slot in front),
                    crop_marks=_crop_marks(top, bottom, down.cuts, bounds, marks),
                    items=tuple(items),
                )
            )
        return cls(
            paper=paper,
            columns=max(len(row_widths) for row_widths in across.widths),
            rows=per_sheet,
            sheets=tuple(sheets),
            registration=_registration(bounds, room),
            note=note,
            bounds=bounds,
        )


def spares_fill(items: Sequence[int | None]) -> bool:
    """Whether a sheet's blank slots get spares: when it holds a lone item."""
    return len(items) > 1 and sum(index is not None for index in items) == 1


def _into_blanks(
    slots: Sequence[Slot], items: Sequence[int | None], bleed: float, bounds: Rect
) -> list[Slot]:
    """The slots with each filled one's bleed grown to `bleed` on the sides that face a
    blank slot, within the art's `bounds`: a cut or a back printed off register beside a
    blank then shows the piece's own art, not paper. Two pieces at the corners of one blank
    may both grow into its corner; the one drawn later paints it."""
    filled = [slot for slot, item in zip(slots, items, strict=True) if item is not None]
    grown = []
    for slot, item in zip(slots, items, strict=True):
        if item is None:
            grown.append(slot)
            continue
        others = [other.bleed for other in filled if other is not slot]
        area = slot.bleed
        for side in SIDES:
            larger = _grown_side(slot.trim, area, side, bleed, bounds)
            if not any(_overlap(larger, other) for other in others):
                area = larger
        grown.append(Slot(slot.trim, area))
    return grown


def _grown_side(trim: Rect, area: Rect, side: str, bleed: float, bounds: Rect) -> Rect:
    """`area` grown on one `side` to `bleed` past `trim`, within `bounds`."""
    x0, y0 = area.x, area.y
    x1, y1 = area.x + area.width, area.y + area.height
    if side == "left":
        x0 = max(bounds.x, min(x0, trim.x - bleed))
    elif side == "right":
        x1 = min(bounds.x + bounds.width, max(x1, trim.x + trim.width + bleed))
    elif side == "bottom":
        y0 = max(bounds.y, min(y0, trim.y - bleed))
    else:
        y1 = min(bounds.y + bounds.height, max(y1, trim.y + trim.height + bleed))
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _touching(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share part of an edge."""
    beside = abs(a.x + a.width - b.x) < _FIT_TOLERANCE or abs(b.x + b.width - a.x) < _FIT_TOLERANCE
    above = abs(a.y + a.height - b.y) < _FIT_TOLERANCE or abs(b.y + b.height - a.y) < _FIT_TOLERANCE
    return (beside and _overlap(a._replace(x=b.x, width=b.width), b)) or (
        above and _overlap(a._replace(y=b.y, height=b.height), b)
    )


def _overlap(a: Rect, b: Rect) -> bool:
    return (
        a.x < b.x + b.width - _FIT_TOLERANCE
        and b.x < a.x + a.width - _FIT_TOLERANCE
        and a.y < b.y + b.height - _FIT_TOLERANCE
        and b.y < a.y + a.height - _FIT_TOLERANCE
    )


def _cuts(starts: Sequence[float], widths: Sequence[float]) -> list[float]:
    """The cuts between and beside slots starting at `starts`, left to right."""
    edges = {round(start, 6) for start in starts}
    edges |= {round(start + width, 6) for start, width in zip(starts, widths, strict=True)}
    return sorted(edges)


def _room(paper: Paper, bounds: Rect) -> dict[str, float]:
    """Per side of the art, the paper between it and the edge band: what marks may use."""
    return {
        "bottom": bounds.y - EDGE_BAND,
        "left": bounds.x - EDGE_BAND,
        "top": paper.height - bounds.y - bounds.height - EDGE_BAND,
        "right": paper.width - bounds.x - bounds.width - EDGE_BAND,
    }


def _bounds(across: _Rows, down: _Axis) -> Rect:
    return Rect(across.low, down.low, across.high - across.low, down.high - down.low)


def _note_metrics() -> tuple[float, float]:
    """The sheet note's ascent and descent below the baseline, both positive."""
    face = pdfmetrics.getFont(register_body_fonts()).face
    return face.ascent / 1000 * NOTE_SIZE, -face.descent / 1000 * NOTE_SIZE


def _note_place(paper: Paper, bounds: Rect) -> tuple[Note, float] | None:
    """The note below the art, else beside it on the left; beyond that side's crop marks
    where both fit, else in their place. Returns it and the room it leaves those marks, or
    None when no margin holds it.

    The note's glyphs rest on the edge band, so the marks get whatever room is left between
    them and the art.
    """
    ascent, descent = _note_metrics()
    height = ascent + descent
    room = _room(paper, bounds)
    for keep_marks in (True, False):
        for side in ("bottom", "left"):
            beside = NOTE_GAP + MARK_OFFSET + MIN_MARK_LENGTH if keep_marks else MARK_OFFSET
            if room[side] < height + beside - _FIT_TOLERANCE:
                continue
            baseline = EDGE_BAND + (descent if side == "bottom" else ascent)
            return Note(side, baseline), room[side] - height - NOTE_GAP if keep_marks else 0.0
    return None


def _mark_length(room: float) -> float:
    """As long as a crop mark may be in `room` beyond the art; 0 when it is too short to use."""
    length = min(MARK_LENGTH, room - MARK_OFFSET)
    return length if length >= MIN_MARK_LENGTH else 0.0


def _crop_marks(
    top: list[float],
    bottom: list[float],
    rows: list[float],
    bounds: Rect,
    lengths: dict[str, float],
) -> tuple[Line, ...]:
    """Short lines in the margin in line with every cut: the top row's cuts above the art,
    the bottom row's below it, every row's at both sides; none on a side whose marks would
    reach into the edge band."""
    near = MARK_OFFSET
    low, high = bounds.y, bounds.y + bounds.height
    left, right = bounds.x, bounds.x + bounds.width
    marks = []
    for x in sorted({*top, *bottom}):
        if lengths["bottom"] and x in bottom:
            marks.append(Line(x, low - near, x, low - near - lengths["bottom"]))
        if lengths["top"] and x in top:
            marks.append(Line(x, high + near, x, high + near + lengths["top"]))
    for y in rows:
        if lengths["left"]:
            marks.append(Line(left - near, y, left - near - lengths["left"], y))
        if lengths["right"]:
            marks.append(Line(right + near, y, right + near + lengths["right"], y))
    return tuple(marks)


def _registration(bounds: Rect, room: dict[str, float]) -> tuple[tuple[float, float], ...]:
    """Target centres diagonally out from the art's corners, where no crop mark runs; none
    when a target would reach into the edge band."""
    if min(room.values()) < MARK_OFFSET + MARK_LENGTH:
        return ()
    step = MARK_OFFSET + MARK_LENGTH / 2
    left, right = bounds.x - step, bounds.x + bounds.width + step
    bottom, top = bounds.y - step, bounds.y + bounds.height + step
    return ((left, bottom), (right, bottom), (left, top), (right, top))


Draw = Callable[[Canvas, Item, Slot], None]


@dataclass(frozen=True)
class _Placed(Generic[Item]):
    """An item on a sheet; a spare is drawn blank on the front, with `item`'s back."""

    item: Item
    spare: bool = False


def _placements(items: Sequence[Item], layout: Layout) -> list[list[_Placed[Item] | None]]:
    """Each sheet's slots with what they hold; a last sheet holding a lone item has its
    other slots filled with spares."""
    sheets: list[list[_Placed[Item] | None]] = [
        [None if index is None else _Placed(items[index]) for index in sheet.items]
        for sheet in layout.sheets
    ]
    last = layout.sheets[-1].items
    if spares_fill(last):
        lone = next(items[index] for index in last if index is not None)
        sheets[-1] = [_Placed(lone, spare=index is None) for index in last]
    return sheets


class FaceWriter(Protocol):
    """What takes a component's pieces face by face instead of `impose`'s sheets."""

    def write_faces(
        self,
        items: Sequence[Item],
        sizes: Sequence[Size],
        draw_front: Draw[Item],
        draw_back: Draw[Item],
    ) -> None: ...


_face_writer: ContextVar[FaceWriter | None] = ContextVar("face_writer", default=None)


@contextmanager
def writing_faces(writer: FaceWriter) -> Iterator[None]:
    """Inside the block, `impose` sends its items to `writer` and writes no sheets."""
    token = _face_writer.set(writer)
    try:
        yield
    finally:
        _face_writer.reset(token)


def impose(
    path: Path,
    paper: Paper,
    items: Sequence[Item],
    draw_front: Draw[Item],
    draw_back: Draw[Item],
    *,
    size: Size | Callable[[Item], Size],
    title: str,
    author: str = "",
    bleed: float = BLEED,
    gap: float = 0.0,
) -> Layout:
    """Write the items as double-sided sheets to `path`; return the layout used.

    `size` is every item's, or gives each item's (one height, several widths: see
    `Layout.for_items`). `draw_front(canvas, item, slot)` and `draw_back(...)` draw one item
    in page coordinates, clipped to `slot.bleed`; they may change the canvas state freely.
    Spares filling a last sheet get a blank front marked as spare and the back of the item
    they join. Neighbours share cuts only when every back is drawn alike (a deck's one
    back): a duplex printer's offset then shows the same colour behind every cut. Pieces
    whose backs differ (a counter's reduced side) are laid `apart`, each with its own bleed.
    Inside `writing_faces`, the items go to its writer instead and `path` is not
    written; the layout is still the one the sheets would have.
    """
    if not items:
        raise ValueError("there are no items to impose")
    sizes = [size] * len(items) if isinstance(size, Size) else [size(item) for item in items]
    layout = _laid_out(paper, items, sizes, draw_back, bleed, gap)
    face_writer = _face_writer.get()
    if face_writer is not None:
        face_writer.write_faces(items, sizes, draw_front, draw_back)
        return layout
    sheets = _placements(items, layout)
    counted = " and ".join(
        f"{count} {name}" for name, count in Counter(s.name for s in sizes).items()
    )
    duplex = paper.duplex
    cuts = "sharing cuts" if layout.shares_cuts else "each with its own bleed"
    subject = (
        f"{counted} items, {layout.per_sheet} to a sheet {cuts}, double-sided on {paper.name}: "
        f"flip on {duplex.flip} edge"
    )
    flip = f"Print double-sided, {duplex.flip_words}, at actual size (100%)."
    back = f"Print it on the reverse of the front: {duplex.flip_words}"
    back += f"; {duplex.offset_words}." if duplex.has_offset else "."

    def behind(x: float, y: float) -> tuple[float, float]:
        return duplex.behind(paper.width, paper.height, x, y)

    def write(temporary: Path) -> None:
        canvas = new_canvas(temporary, paper, title=title, author=author, subject=subject)
        for number, (sheet, placed) in enumerate(zip(layout.sheets, sheets, strict=True), start=1):
            front_marks = _marks_path(canvas, sheet.crop_marks, layout.registration)
            back_marks = _marks_path(
                canvas,
                [Line(*behind(m.x1, m.y1), *behind(m.x2, m.y2)) for m in sheet.crop_marks],
                [behind(x, y) for x, y in layout.registration],
            )
            spares = sum(p is not None and p.spare for p in placed)
            said = f"Sheet {number} of {len(sheets)}"
            if spares:
                said += f" (with {spares} blank spares)"
            _draw_page(
                canvas, sheet.front, placed, draw_front, front_marks, spare=_spare_front, front=True
            )
            _draw_note(canvas, layout, f"{said}, front. {flip} {LINE_CONVENTION}", back=False)
            _set_side_boxes(canvas, paper, sheet.front)
            canvas.showPage()
            _draw_page(canvas, sheet.back, placed, draw_back, back_marks, spare=None, front=False)
            _draw_note(canvas, layout, f"{said}, back. {back}", back=True)
            _set_side_boxes(canvas, paper, sheet.back)
            canvas.showPage()
        canvas.save()

    write_atomically(path, write)
    return layout


def _laid_out(
    paper: Paper,
    items: Sequence[Item],
    sizes: Sequence[Size],
    draw_back: Draw[Item],
    bleed: float,
    gap: float,
) -> Layout:
    """The most items to a sheet, neighbours sharing cuts only where the backs on each
    sheet meet alike (see `_backs_meet_alike`); otherwise laid `apart` (see `sheets_for`)."""
    shared = sheets_for(paper, sizes, apart=False, bleed=bleed, gap=gap)
    if not shared.shares_cuts or _backs_meet_alike(shared, items, sizes, draw_back):
        return shared
    return sheets_for(paper, sizes, apart=True, bleed=bleed, gap=gap)


def sheets_for(
    paper: Paper,
    sizes: Size | Sequence[Size],
    *,
    apart: bool,
    bleed: float = BLEED,
    gap: float = 0.0,
) -> Layout:
    """The sheets `impose` prints items of these sizes on: the most to a sheet, or, `apart`,
    each with a bleed of its own, `OFFSET_SHOWN` of it at most: what a duplex offset needs,
    and the fewest pieces lost to it. An imposed file's subject says which it is."""
    if apart:
        return Layout.for_items(paper, sizes, bleed=min(bleed, OFFSET_SHOWN), gap=gap, apart=True)
    return Layout.for_items(paper, sizes, bleed=bleed, gap=gap)


def _backs_meet_alike(
    layout: Layout, items: Sequence[Item], sizes: Sequence[Size], draw_back: Draw[Item]
) -> bool:
    """Whether on every sheet the backs draw the same page content, or each one's strip
    `OFFSET_SHOWN` wide inside its cut is one colour, the same on all of that sheet's: a
    back printed off register then shows that colour behind every shared cut. Each back is
    drawn once, on a page of its own, and only those that meet another are rasterised."""
    drawn = io.BytesIO()
    canvas = Canvas(drawn, invariant=True)
    first_alike: dict[str, int] = {}
    alike = []
    for index, (item, size) in enumerate(zip(items, sizes, strict=True)):
        canvas.setPageSize((size.width + 2 * BLEED, size.height + 2 * BLEED))
        canvas.saveState()
        draw_back(canvas, item, _alone(size))
        canvas.restoreState()
        alike.append(first_alike.setdefault(canvas.getCurrentPageContent(), index))
        canvas.showPage()
    mixed = [
        {alike[index] for index in sheet.items if index is not None} for sheet in layout.sheets
    ]
    if all(len(backs) == 1 for backs in mixed):
        return True
    canvas.save()
    document = pypdfium2.PdfDocument(drawn.getvalue())
    try:
        colours = {
            index: _edge_colour(document[index].render(scale=_STRIP_DPI / 72).to_pil())
            for backs in mixed
            if len(backs) > 1
            for index in backs
        }
    finally:
        document.close()
    for backs in mixed:
        found = [colours[index] for index in backs] if len(backs) > 1 else []
        if any(colour is None for colour in found) or not _one_colour(found):
            return False
    return True


def _alone(size: Size) -> Slot:
    """A slot of its own bleed on a page of that size."""
    bleed = Rect(0, 0, size.width + 2 * BLEED, size.height + 2 * BLEED)
    return Slot(Rect(BLEED, BLEED, size.width, size.height), bleed)


def _edge_colour(image: Image.Image) -> tuple[int, ...] | None:
    """The colour of a back drawn in an `_alone` slot from just inside its cut to
    `OFFSET_SHOWN` in, on its four sides, None where that strip is not one colour: the next
    pixel in from the cut on, as the cut's own pixel is part paper in anti-aliasing."""
    rgb = image.convert("RGB")
    scale = _STRIP_DPI / 72
    width, height = rgb.size
    cut = round(BLEED * scale)
    inner, outer = cut + 1, cut + math.ceil(OFFSET_SHOWN * scale) + 1
    strips = (
        (cut, inner, width - cut, outer),
        (cut, height - outer, width - cut, height - inner),
        (inner, cut, outer, height - cut),
        (width - outer, cut, width - inner, height - cut),
    )
    # An RGB image's extrema are a (low, high) pair per band.
    ranges = [cast("tuple[tuple[int, int], ...]", rgb.crop(box).getextrema()) for box in strips]
    low = tuple(min(strip[band][0] for strip in ranges) for band in range(3))
    high = tuple(max(strip[band][1] for strip in ranges) for band in range(3))
    same = all(top - bottom <= _SAME_COLOUR for bottom, top in zip(low, high, strict=True))
    return low if same else None


def _one_colour(colours: Sequence[tuple[int, ...] | None]) -> bool:
    """Whether no two of the colours differ by more than `_SAME_COLOUR` in a channel."""
    known = [colour for colour in colours if colour is not None]
    return all(max(channel) - min(channel) <= _SAME_COLOUR for channel in zip(*known, strict=True))


def _marks_path(
    canvas: Canvas, lines: Sequence[Line], targets: Sequence[tuple[float, float]]
) -> PDFPathObject:
    """One path for all the marks of a side of a sheet."""
    path = canvas.beginPath()
    for line in lines:
        path.moveTo(line.x1, line.y1)
        path.lineTo(line.x2, line.y2)
    radius = MARK_LENGTH / 2
    for x, y in targets:
        path.circle(x, y, radius / 2)
        path.moveTo(x - radius, y)
        path.lineTo(x + radius, y)
        path.moveTo(x, y - radius)
        path.lineTo(x, y + radius)
    return path


def _draw_page(
    canvas: Canvas,
    slots: Sequence[Slot],
    sheet: Sequence[_Placed[Item] | None],
    draw: Draw[Item],
    marks: PDFPathObject,
    *,
    spare: Callable[[Canvas, Slot], None] | None,
    front: bool,
) -> None:
    """The items of one side of a sheet; `spare` draws a spare's face, None: as its item.
    Each front gets its cut guide."""
    for slot, placed in zip(slots, sheet, strict=True):
        if placed is None:
            continue
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(*slot.bleed)
        canvas.clipPath(clip, stroke=0, fill=0)
        if placed.spare and spare is not None:
            spare(canvas, slot)
        else:
            canvas.saveState()  # whatever the drawing leaves set, the guide is on the cut
            draw(canvas, placed.item, slot)
            canvas.restoreState()
        if front:
            _cut_guide(canvas, slot)
        canvas.restoreState()
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setStrokeGray(0)
    canvas.drawPath(marks, stroke=1, fill=0)


def _spare_front(canvas: Canvas, slot: Slot) -> None:
    """A blank face the player can write on, its cut drawn, saying what it is for."""
    x, y, width, height = slot.trim
    canvas.setFillGray(SPARE_GREY)
    canvas.setFont(BODY_BOLD, SPARE_TITLE_SIZE)
    canvas.drawCentredString(x + width / 2, y + height / 2, SPARE_TITLE)
    canvas.setFont(BODY, SPARE_TEXT_SIZE)
    canvas.drawCentredString(x + width / 2, y + height / 2 - SPARE_TITLE_SIZE, SPARE_TEXT)


def _draw_note(canvas: Canvas, layout: Layout, text: str, *, back: bool) -> None:
    """One line beyond the crop marks, below the art or, on a narrow margin, beside it.

    A back carries it behind the front's, like everything else on a back: a side note in the
    right margin for a long-edge flip, a bottom note at the top for a short-edge one, the
    text readable on its own page.
    """
    canvas.setFont(BODY, NOTE_SIZE)
    canvas.setFillGray(0)
    paper, note = layout.paper, layout.note
    duplex = paper.duplex
    width = pdfmetrics.stringWidth(text, BODY, NOTE_SIZE)
    length = paper.width if note.side == "bottom" else paper.height
    if width > length - 2 * EDGE_BAND:
        raise ValueError(f"the sheet note {text!r} is longer than the {paper.name} paper")
    ascent, descent = _note_metrics()
    if note.side == "bottom":
        x, y = paper.width / 2, note.baseline
        if back and duplex.flip == "short":
            # Upright glyphs keep their descenders below: the baseline moves by their height.
            y = paper.height - note.baseline - ascent + descent
        if back:
            x, y = x + duplex.offset_x, y + duplex.offset_y
        canvas.drawCentredString(x, y, text)
        return
    x, y = note.baseline, paper.height / 2
    if back and duplex.flip == "long":
        # Turned glyphs keep their ascenders to the left: the baseline moves by their height.
        x = paper.width - note.baseline - descent + ascent
    if back:
        x, y = x + duplex.offset_x, y + duplex.offset_y
    _draw_upwards(canvas, x, y, text)


def _draw_upwards(canvas: Canvas, x: float, middle: float, text: str) -> None:
    """Text reading bottom to top with its baseline at `x`, centred on `middle` up the page;
    its ascenders point left."""
    canvas.saveState()
    canvas.translate(x, middle)
    canvas.rotate(90)
    canvas.drawCentredString(0, 0, text)
    canvas.restoreState()
