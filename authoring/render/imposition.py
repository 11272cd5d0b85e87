"""Imposition: same-size cards or counters laid out on sheets, fronts backed by mirrored backs.

Pages alternate front, back, front, back. A back page holds the backs of the items on the
front page before it, each at its mirror position, so a sheet printed double-sided and
flipped on the long edge puts every back behind its front.

Nothing is printed within `EDGE_BAND` of the paper's edge: a crop mark is shortened to the
room left, or left out where there is too little (9-up poker on Letter), and the hairline
every game draws on a front's cut serves instead. A last sheet that would carry a lone item
is filled with blank spares, so no sheet of card is spent on one card.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, NamedTuple, TypeVar

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from authoring.files import write_atomically
from authoring.render.document import new_canvas
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


def cut_guide(canvas: Canvas, slot: Slot) -> None:
    """A hairline on a front's cut: items that share their bleed need a line to follow, and
    on a full sheet the crop marks may fall where a home printer cannot print. Draw it on
    fronts only: a back printed a little off would show its line on the edge."""
    canvas.setStrokeGray(CUT_GUIDE_GREY)
    canvas.setLineWidth(CUT_GUIDE_WIDTH)
    canvas.rect(*slot.trim, stroke=1, fill=0)


FLIP = "Print double-sided, flip on the long edge, at actual size (100%)."
BACK = "Print it on the reverse of the front: flip on the long edge."
SIDES = ("bottom", "left", "top", "right")
_FIT_TOLERANCE = 1e-6  # a 3-row poker grid fills US Letter's printable height exactly

Item = TypeVar("Item")


class Rect(NamedTuple):
    x: float
    y: float
    width: float
    height: float

    def mirrored(self, page_width: float) -> Rect:
        return Rect(page_width - self.x - self.width, self.y, self.width, self.height)


class Line(NamedTuple):
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Slot:
    """Where one item goes: `trim` is its cut outline, `bleed` the area it may paint.

    `bleed` is `trim` grown by the bleed on every side that has room for it; drawing is
    clipped to it, so art never spills onto a neighbour or a crop mark.
    """

    trim: Rect
    bleed: Rect

    def mirrored(self, page_width: float) -> Slot:
        return Slot(self.trim.mirrored(page_width), self.bleed.mirrored(page_width))


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


def _fit_axis(
    page: float, extent: float, bleed: float, gap: float, margin: float = PRINTABLE_MARGIN
) -> _Axis:
    """Place as many items as fit between the printable margins, centred.

    Each item with its own bleed all round (neighbours `2 * bleed + gap` apart) is the
    first choice. When sharing fits more, neighbours touch and share the cut between them
    (a slightly wrong cut shows the neighbour's art, not white paper), and only the outer
    edges get bleed: as much as fits inside the printable area, up to `bleed`. A 3 x 3 poker
    grid needs this on A4 and on US Letter; on Letter the outer rows fill the printable
    height exactly and so have no outer bleed. The art stays `margin` from the paper's edge:
    a wider one leaves room beside it for the sheet note.
    """
    room = page - 2 * margin
    separate = math.floor((room + gap) / (extent + 2 * bleed + gap) + _FIT_TOLERANCE)
    shared = math.floor(room / extent + _FIT_TOLERANCE)
    if separate >= shared:
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
class Note:
    """Where a sheet's one-line note goes on a front: `side` is "bottom" (read normally) or
    "left" (read bottom to top), `baseline` its y or x; a back carries it at the mirror place."""

    side: str
    baseline: float


@dataclass(frozen=True)
class Layout:
    """The grid for one item size on one paper; `back[i]` is the mirror of `front[i]`.

    Slots run row by row from the top left of the front. `crop_marks`, `registration`
    (centres of small targets in the corners) and `note` are for fronts; backs carry their
    mirror images, so when the sheet is held to the light they coincide if the printer
    registers. All of them lie between the art and the paper's `EDGE_BAND`.
    """

    paper: Paper
    size: Size
    columns: int
    rows: int
    front: tuple[Slot, ...]
    back: tuple[Slot, ...]
    crop_marks: tuple[Line, ...]
    registration: tuple[tuple[float, float], ...]
    note: Note
    bounds: Rect
    """The union of the items' bleed areas: the margins lie outside it."""

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @classmethod
    def for_items(
        cls, paper: Paper, size: Size, *, bleed: float = BLEED, gap: float = 0.0
    ) -> Layout:
        """The grid holding the most items whose art, bleed included, lies in the printable area.

        `gap` is blank paper between the bleeds of neighbours that each have their own bleed.
        Crop marks and the sheet note go in the margin outside the art. Each direction is
        decided on its own (see `_fit_axis`).
        """
        across = _fit_axis(paper.width, size.width, bleed, gap)
        down = _fit_axis(paper.height, size.height, bleed, gap)
        if not across.starts or not down.starts:
            raise ValueError(f"a {size.name} item does not fit on {paper.name} paper")
        if _note_place(paper, _bounds(across, down)) is None:
            # A narrower outer bleed at the sides, or a column fewer, makes room for the note.
            ascent, descent = _note_metrics()
            note_margin = EDGE_BAND + ascent + descent + MARK_OFFSET
            across = _fit_axis(paper.width, size.width, bleed, gap, note_margin)
        front = tuple(
            Slot(
                Rect(x, y, size.width, size.height),
                Rect(
                    x - across.before[column],
                    y - down.before[row],
                    size.width + across.before[column] + across.after[column],
                    size.height + down.before[row] + down.after[row],
                ),
            )
            for row, y in reversed(list(enumerate(down.starts)))
            for column, x in enumerate(across.starts)
        )
        bounds = _bounds(across, down)
        room = _room(paper, bounds)
        placed = _note_place(paper, bounds)
        if placed is None:
            raise ValueError(f"no room for the sheet note beside {size.name} items on {paper.name}")
        note, note_room = placed
        marks = {
            side: _mark_length(note_room if side == note.side else room[side]) for side in SIDES
        }
        return cls(
            paper=paper,
            size=size,
            columns=len(across.starts),
            rows=len(down.starts),
            front=front,
            back=tuple(slot.mirrored(paper.width) for slot in front),
            crop_marks=_crop_marks(across.cuts, down.cuts, bounds, marks),
            registration=_registration(bounds, room),
            note=note,
            bounds=bounds,
        )


def _room(paper: Paper, bounds: Rect) -> dict[str, float]:
    """Per side of the art, the paper between it and the edge band: what marks may use."""
    return {
        "bottom": bounds.y - EDGE_BAND,
        "left": bounds.x - EDGE_BAND,
        "top": paper.height - bounds.y - bounds.height - EDGE_BAND,
        "right": paper.width - bounds.x - bounds.width - EDGE_BAND,
    }


def _bounds(across: _Axis, down: _Axis) -> Rect:
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
    columns: list[float], rows: list[float], bounds: Rect, lengths: dict[str, float]
) -> tuple[Line, ...]:
    """Short lines in the margin, in line with every cut, at both ends of it where there is
    room; none on a side whose marks would reach into the edge band."""
    near = MARK_OFFSET
    bottom, top = bounds.y, bounds.y + bounds.height
    left, right = bounds.x, bounds.x + bounds.width
    marks = []
    for x in columns:
        if lengths["bottom"]:
            marks.append(Line(x, bottom - near, x, bottom - near - lengths["bottom"]))
        if lengths["top"]:
            marks.append(Line(x, top + near, x, top + near + lengths["top"]))
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


def _sheets(items: Sequence[Item], per_sheet: int) -> list[list[_Placed[Item]]]:
    """The items sheet by sheet; a last sheet holding a lone item is filled with spares."""
    placed = [_Placed(item) for item in items]
    sheets = [placed[i : i + per_sheet] for i in range(0, len(placed), per_sheet)]
    if per_sheet > 1 and len(sheets[-1]) == 1:
        sheets[-1] += [_Placed(items[-1], spare=True)] * (per_sheet - 1)
    return sheets


def impose(
    path: Path,
    paper: Paper,
    items: Sequence[Item],
    draw_front: Draw[Item],
    draw_back: Draw[Item],
    *,
    size: Size,
    title: str,
    author: str = "",
    bleed: float = BLEED,
    gap: float = 0.0,
) -> Layout:
    """Write the items as double-sided sheets to `path`; return the layout used.

    `draw_front(canvas, item, slot)` and `draw_back(...)` draw one item in page coordinates,
    clipped to `slot.bleed`; they may change the canvas state freely. Spares filling a last
    sheet get a blank front marked as spare and the back of the last item.
    """
    if not items:
        raise ValueError("there are no items to impose")
    layout = Layout.for_items(paper, size, bleed=bleed, gap=gap)
    sheets = _sheets(items, layout.per_sheet)
    subject = f"{len(items)} {size.name} items, double-sided on {paper.name}: flip on long edge"

    def write(temporary: Path) -> None:
        canvas = new_canvas(temporary, paper, title=title, author=author, subject=subject)
        front_marks = _marks_path(canvas, layout.crop_marks, layout.registration)
        back_marks = _marks_path(
            canvas,
            [Line(paper.width - m.x1, m.y1, paper.width - m.x2, m.y2) for m in layout.crop_marks],
            [(paper.width - x, y) for x, y in layout.registration],
        )
        for number, sheet in enumerate(sheets, start=1):
            spares = sum(placed.spare for placed in sheet)
            said = f"Sheet {number} of {len(sheets)}"
            if spares:
                said += f" (with {spares} blank spares)"
            _draw_page(canvas, layout.front, sheet, draw_front, front_marks, spare=_spare_front)
            _draw_note(canvas, layout, f"{said}, front. {FLIP} {LINE_CONVENTION}", back=False)
            canvas.showPage()
            _draw_page(canvas, layout.back, sheet, draw_back, back_marks, spare=None)
            _draw_note(canvas, layout, f"{said}, back. {BACK}", back=True)
            canvas.showPage()
        canvas.save()

    write_atomically(path, write)
    return layout


def _marks_path(
    canvas: Canvas, lines: Sequence[Line], targets: Sequence[tuple[float, float]]
) -> PDFPathObject:
    """One path for all the sheet's marks, built once and drawn on every page."""
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
    sheet: Sequence[_Placed[Item]],
    draw: Draw[Item],
    marks: PDFPathObject,
    *,
    spare: Callable[[Canvas, Slot], None] | None,
) -> None:
    """The items of one side of a sheet; `spare` draws a spare's face, None: as its item."""
    for slot, placed in zip(slots, sheet, strict=False):
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(*slot.bleed)
        canvas.clipPath(clip, stroke=0, fill=0)
        if placed.spare and spare is not None:
            spare(canvas, slot)
        else:
            draw(canvas, placed.item, slot)
        canvas.restoreState()
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setStrokeGray(0)
    canvas.drawPath(marks, stroke=1, fill=0)


def _spare_front(canvas: Canvas, slot: Slot) -> None:
    """A blank face the player can write on, its cut drawn, saying what it is for."""
    x, y, width, height = slot.trim
    cut_guide(canvas, slot)
    canvas.setFillGray(SPARE_GREY)
    canvas.setFont(BODY_BOLD, SPARE_TITLE_SIZE)
    canvas.drawCentredString(x + width / 2, y + height / 2, SPARE_TITLE)
    canvas.setFont(BODY, SPARE_TEXT_SIZE)
    canvas.drawCentredString(x + width / 2, y + height / 2 - SPARE_TITLE_SIZE, SPARE_TEXT)


def _draw_note(canvas: Canvas, layout: Layout, text: str, *, back: bool) -> None:
    """One line beyond the crop marks, below the art or, on a narrow margin, beside it.

    A side note sits in the left margin of a front and the right margin of a back: the
    mirror place, like everything else on a back.
    """
    canvas.setFont(BODY, NOTE_SIZE)
    canvas.setFillGray(0)
    paper, note = layout.paper, layout.note
    width = pdfmetrics.stringWidth(text, BODY, NOTE_SIZE)
    length = paper.width if note.side == "bottom" else paper.height
    if width > length - 2 * EDGE_BAND:
        raise ValueError(f"the sheet note {text!r} is longer than the {paper.name} paper")
    if note.side == "bottom":
        canvas.drawCentredString(paper.width / 2, note.baseline, text)
        return
    ascent, descent = _note_metrics()
    # Mirrored, the glyphs keep their ascenders to the left: the baseline moves by their height.
    x = paper.width - note.baseline - descent + ascent if back else note.baseline
    _draw_upwards(canvas, x, paper.height, text)


def _draw_upwards(canvas: Canvas, x: float, page_height: float, text: str) -> None:
    """Text reading bottom to top with its baseline at `x`; its ascenders point left."""
    canvas.saveState()
    canvas.translate(x, page_height / 2)
    canvas.rotate(90)
    canvas.drawCentredString(0, 0, text)
    canvas.restoreState()
