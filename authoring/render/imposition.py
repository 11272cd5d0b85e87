"""Imposition: same-size cards or counters laid out on sheets, fronts backed by mirrored backs.

Pages alternate front, back, front, back. A back page holds the backs of the items on the
front page before it, each at its mirror position, so a sheet printed double-sided and
flipped on the long edge puts every back behind its front.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, TypeVar

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from authoring.files import write_atomically
from authoring.render.document import new_canvas
from authoring.render.fonts import BODY
from authoring.render.paper import BLEED, PRINTABLE_MARGIN, Paper, Size

MARK_OFFSET = 1 * mm
"""Space between the art and a crop mark, so that a mark never touches an item."""
MARK_LENGTH = 3 * mm
MARK_WIDTH = 0.25
NOTE_SIZE = 6.0
NOTE_GAP = 0.5 * mm
CUT_GUIDE_GREY = 0.48
CUT_GUIDE_WIDTH = 0.2


def cut_guide(canvas: Canvas, slot: Slot) -> None:
    """A hairline on a front's cut: items that share their bleed need a line to follow, and
    on a full sheet the crop marks may fall where a home printer cannot print. Draw it on
    fronts only: a back printed a little off would show its line on the edge."""
    canvas.setStrokeGray(CUT_GUIDE_GREY)
    canvas.setLineWidth(CUT_GUIDE_WIDTH)
    canvas.rect(*slot.trim, stroke=1, fill=0)


FLIP = "Print double-sided, flip on the long edge, at actual size (100%)."
BACK = "Print it on the reverse of the front: flip on the long edge."
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


def _fit_axis(page: float, extent: float, bleed: float, gap: float) -> _Axis:
    """Place as many items as fit between the printable margins, centred.

    Each item with its own bleed all round (neighbours `2 * bleed + gap` apart) is the
    first choice. When sharing fits more, neighbours touch and share the cut between them
    (a slightly wrong cut shows the neighbour's art, not white paper), and only the outer
    edges get bleed: as much as fits inside the printable area, up to `bleed`. A 3 x 3 poker
    grid needs this on A4 and on US Letter; on Letter the outer rows fill the printable
    height exactly and so have no outer bleed.
    """
    room = page - 2 * PRINTABLE_MARGIN
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
class Layout:
    """The grid for one item size on one paper; `back[i]` is the mirror of `front[i]`.

    Slots run row by row from the top left of the front. `crop_marks` and `registration`
    (centres of small targets in the corners) are for fronts; backs carry their mirror
    images, so when the sheet is held to the light they coincide if the printer registers.
    """

    paper: Paper
    size: Size
    columns: int
    rows: int
    front: tuple[Slot, ...]
    back: tuple[Slot, ...]
    crop_marks: tuple[Line, ...]
    registration: tuple[tuple[float, float], ...]
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
        Crop marks and the flip note go in the margin outside the art. Each direction is
        decided on its own (see `_fit_axis`).
        """
        across = _fit_axis(paper.width, size.width, bleed, gap)
        down = _fit_axis(paper.height, size.height, bleed, gap)
        if not across.starts or not down.starts:
            raise ValueError(f"a {size.name} item does not fit on {paper.name} paper")
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
        bounds = Rect(across.low, down.low, across.high - across.low, down.high - down.low)
        return cls(
            paper=paper,
            size=size,
            columns=len(across.starts),
            rows=len(down.starts),
            front=front,
            back=tuple(slot.mirrored(paper.width) for slot in front),
            crop_marks=_crop_marks(across.cuts, down.cuts, bounds),
            registration=_registration(bounds),
            bounds=bounds,
        )


def _crop_marks(columns: list[float], rows: list[float], bounds: Rect) -> tuple[Line, ...]:
    """Short lines in the margin, in line with every cut, at both ends of it."""
    near, far = MARK_OFFSET, MARK_OFFSET + MARK_LENGTH
    bottom, top = bounds.y, bounds.y + bounds.height
    left, right = bounds.x, bounds.x + bounds.width
    marks = []
    for x in columns:
        marks += [Line(x, bottom - near, x, bottom - far), Line(x, top + near, x, top + far)]
    for y in rows:
        marks += [Line(left - near, y, left - far, y), Line(right + near, y, right + far, y)]
    return tuple(marks)


def _registration(bounds: Rect) -> tuple[tuple[float, float], ...]:
    """Target centres diagonally out from the art's corners, where no crop mark runs."""
    step = MARK_OFFSET + MARK_LENGTH / 2
    left, right = bounds.x - step, bounds.x + bounds.width + step
    bottom, top = bounds.y - step, bounds.y + bounds.height + step
    return ((left, bottom), (right, bottom), (left, top), (right, top))


Draw = Callable[[Canvas, Item, Slot], None]


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
    flip_note: bool = True,
) -> Layout:
    """Write the items as double-sided sheets to `path`; return the layout used.

    `draw_front(canvas, item, slot)` and `draw_back(...)` draw one item in page coordinates,
    clipped to `slot.bleed`; they may change the canvas state freely.
    """
    if not items:
        raise ValueError("there are no items to impose")
    layout = Layout.for_items(paper, size, bleed=bleed, gap=gap)
    sheets = [items[i : i + layout.per_sheet] for i in range(0, len(items), layout.per_sheet)]
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
            _draw_page(canvas, layout.front, sheet, draw_front, front_marks)
            if flip_note:
                note = f"Sheet {number} of {len(sheets)}, front. {FLIP}"
                _draw_note(canvas, layout, note, back=False)
            canvas.showPage()
            _draw_page(canvas, layout.back, sheet, draw_back, back_marks)
            if flip_note:
                note = f"Sheet {number} of {len(sheets)}, back. {BACK}"
                _draw_note(canvas, layout, note, back=True)
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
    items: Sequence[Item],
    draw: Draw[Item],
    marks: PDFPathObject,
) -> None:
    for slot, item in zip(slots, items, strict=False):
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(*slot.bleed)
        canvas.clipPath(clip, stroke=0, fill=0)
        draw(canvas, item, slot)
        canvas.restoreState()
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setStrokeGray(0)
    canvas.drawPath(marks, stroke=1, fill=0)


def _draw_note(canvas: Canvas, layout: Layout, text: str, *, back: bool) -> None:
    """One line beyond the crop marks, in the bottom margin or, if it is wider, a side one.

    A side note sits in the left margin of a front and the right margin of a back: the
    mirror place, like everything else on a back.
    """
    face = pdfmetrics.getFont(BODY).face
    ascent, descent = face.ascent / 1000 * NOTE_SIZE, -face.descent / 1000 * NOTE_SIZE
    clearance = MARK_OFFSET + MARK_LENGTH + NOTE_GAP
    canvas.setFont(BODY, NOTE_SIZE)
    canvas.setFillGray(0)
    paper, bounds = layout.paper, layout.bounds
    if bounds.y >= bounds.x:
        canvas.drawCentredString(paper.width / 2, bounds.y - clearance - ascent, text)
    elif back:
        _draw_upwards(canvas, paper.width - bounds.x + clearance + ascent, paper.height, text)
    else:
        _draw_upwards(canvas, bounds.x - clearance - descent, paper.height, text)


def _draw_upwards(canvas: Canvas, x: float, page_height: float, text: str) -> None:
    """Text reading bottom to top with its baseline at `x`; its ascenders point left."""
    canvas.saveState()
    canvas.translate(x, page_height / 2)
    canvas.rotate(90)
    canvas.drawCentredString(0, 0, text)
    canvas.restoreState()
