"""The duplex calibration sheet: one sheet printed once tells a printer's back offset.

The front carries crosshairs (at the centre and near each corner) over a ruled 10 mm grid,
and a few lines saying what to do. The back carries, at the place behind each crosshair (for
the paper's flip, shifted by its back offset if one is given), two ladders of short lines
0.5 mm apart from -5 to +5 mm: upright lines that read the offset across, level lines that
read it up and down. Each line is labelled with the value to pass to `--back-offset`: held
to the light, the line that sits on the front's crosshair line names the correction.

A ladder's lines run side by side near the crosshair (`READ_ZONE`), then rise like a
skyline, the 0 line longest; each label sits beside its line's end, on the side away from
the longer lines, so no line runs through another's label.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from authoring.files import write_atomically
from authoring.render.document import new_canvas
from authoring.render.fonts import BODY, BODY_BOLD, register_body_fonts
from authoring.render.imposition import Line, Rect, bounding
from authoring.render.paper import PRINTABLE_MARGIN, Paper, millimetres

LADDER_STEP = 0.5 * mm
LADDER_STEPS = 10
"""Lines each side of 0: the ladders read from -5 to +5 mm."""
LADDER_CLEARANCE = 6.5 * mm
"""From a crosshair's centre to where its ladders start: past the other ladder's reach."""
READ_ZONE = 3 * mm
"""Where all a ladder's lines run side by side, and the front's crosshair lines end."""
LABEL_SIZE = 5.0
LABEL_GAP = 0.4 * mm
"""Between a line's end and its label, and between neighbouring labels."""
TICK_WIDTH = 0.2
CROSS_WIDTH = 0.3
CROSS_ARM = LADDER_CLEARANCE + READ_ZONE
CENTRE_RING = 1.5 * mm
CORNER_INSET = 12 * mm
"""A corner crosshair's centre from the printable area's edges: room for its arms and its
ladders' outer labels."""
GRID_PITCH = 10 * mm
GRID_GREY = 0.78
GRID_WIDTH = 0.2
CLEAR_AROUND = 2 * mm
"""Grid left out around each crosshair's ladders and around the text, so the lines read."""
TITLE_SIZE = 11.0
TITLE_LEADING = 1.4 * TITLE_SIZE
TEXT_SIZE = 8.0
TEXT_LEADING = 10.5
PARAGRAPH_GAP = 2 * mm
TEXT_INSET = 15 * mm
"""The text's width: the printable area less this each side."""
NOTE_SIZE = 7.0


def file_name(paper: Paper) -> str:
    return f"duplex-calibration-{paper.name}.pdf"


def label_of(steps: int) -> str:
    """The value a line `steps` half-millimetres off stands for, as `--back-offset` takes it."""
    return millimetres(steps * LADDER_STEP)


@dataclass(frozen=True)
class Tick:
    """One line of a ladder on the back and its label: `value` is in points, `label_box`
    where the label's glyphs lie (digit height), `baseline`/`label_x` where it is drawn
    from (`label_x` its left end)."""

    value: float
    line: Line
    label: str
    label_x: float
    baseline: float
    label_box: Rect


def _tick(
    value: float, line: Line, label: str, left: float, base: float, width: float, height: float
) -> Tick:
    """A ladder line and its label drawn from (`left`, `base`), `width` by `height`."""
    return Tick(value, line, label, left, base, Rect(left, base, width, height))


@dataclass(frozen=True)
class Crosshair:
    """A crosshair's centre on the front, and the two ladders behind it on the back."""

    centre: tuple[float, float]
    across: tuple[Tick, ...]
    """Upright lines: read the offset across (x on the back page)."""
    up: tuple[Tick, ...]
    """Level lines: read the offset up and down (y on the back page)."""

    @property
    def back_zone(self) -> Rect:
        """Everything its ladders draw on the back."""
        return bounding(
            [_line_rect(t.line) for t in (*self.across, *self.up)]
            + [t.label_box for t in (*self.across, *self.up)]
        )


def _line_rect(line: Line) -> Rect:
    return Rect(
        min(line.x1, line.x2), min(line.y1, line.y2), abs(line.x2 - line.x1), abs(line.y2 - line.y1)
    )


def _grown(rect: Rect, by: float) -> Rect:
    return Rect(rect.x - by, rect.y - by, rect.width + 2 * by, rect.height + 2 * by)


def _digit_height() -> float:
    face = pdfmetrics.getFont(register_body_fonts()).face
    return float(face.capHeight) / 1000 * LABEL_SIZE


def _widest_label() -> float:
    return max(
        float(pdfmetrics.stringWidth(label_of(steps), BODY, LABEL_SIZE))
        for steps in range(-LADDER_STEPS, LADDER_STEPS + 1)
    )


def crosshair_centres(paper: Paper) -> list[tuple[float, float]]:
    """The centre of the page, then the four corners of the printable area moved in."""
    near = PRINTABLE_MARGIN + CORNER_INSET
    left, right = near, paper.width - near
    bottom, top = near, paper.height - near
    return [
        (paper.width / 2, paper.height / 2),
        (left, bottom),
        (right, bottom),
        (left, top),
        (right, top),
    ]


def crosshairs(paper: Paper) -> list[Crosshair]:
    """Every crosshair with its ladders at the place behind it on the back page. The ladders
    point towards the middle of the page, so they stay on it; the back offset shifts them
    whole."""
    duplex = paper.duplex
    height = _digit_height()
    rise_across = height + LABEL_GAP
    rise_up = _widest_label() + LABEL_GAP
    found = []
    for x, y in crosshair_centres(paper):
        mirror_x, mirror_y = duplex.behind(paper.width, paper.height, x, y)
        # Which way the ladders point is the mirror place's, before the offset moves it.
        towards_x = 1 if mirror_x - duplex.offset_x <= paper.width / 2 else -1
        towards_y = 1 if mirror_y - duplex.offset_y <= paper.height / 2 else -1
        across, up = [], []
        for steps in range(-LADDER_STEPS, LADDER_STEPS + 1):
            value = steps * LADDER_STEP
            label = label_of(steps)
            width = pdfmetrics.stringWidth(label, BODY, LABEL_SIZE)
            level = LADDER_STEPS - abs(steps)
            # Across: an upright line at x + value, its label beside its end.
            tick_x = mirror_x + value
            start = mirror_y + towards_y * LADDER_CLEARANCE
            end = mirror_y + towards_y * (CROSS_ARM + level * rise_across)
            if steps == 0:
                left = tick_x - width / 2
                base = end + LABEL_GAP if towards_y > 0 else end - LABEL_GAP - height
            else:
                left = tick_x + LABEL_GAP if steps > 0 else tick_x - LABEL_GAP - width
                base = end - height / 2
            across.append(
                _tick(value, Line(tick_x, start, tick_x, end), label, left, base, width, height)
            )
            # Up: a level line at y + value, its label beyond its end (0) or above/below it.
            tick_y = mirror_y + value
            start = mirror_x + towards_x * LADDER_CLEARANCE
            end = mirror_x + towards_x * (CROSS_ARM + level * rise_up)
            if steps == 0:
                left = end + LABEL_GAP if towards_x > 0 else end - LABEL_GAP - width
                base = tick_y - height / 2
            else:
                left = end - width / 2
                base = tick_y + LABEL_GAP if steps > 0 else tick_y - LABEL_GAP - height
            up.append(
                _tick(value, Line(start, tick_y, end, tick_y), label, left, base, width, height)
            )
        found.append(Crosshair((x, y), tuple(across), tuple(up)))
    return found


def _front_of(paper: Paper, zone: Rect) -> Rect:
    """The front's rectangle that `zone` of the back lies behind, the offset left out: the
    mirror is its own inverse."""
    duplex = paper.duplex
    x, y = zone.x - duplex.offset_x, zone.y - duplex.offset_y
    if duplex.flip == "long":
        return Rect(paper.width - x - zone.width, y, zone.width, zone.height)
    return Rect(x, paper.height - y - zone.height, zone.width, zone.height)


@dataclass(frozen=True)
class _Text:
    """The front's words, wrapped: the title line, then paragraphs of lines."""

    title: str
    paragraphs: tuple[tuple[str, ...], ...]

    @property
    def height(self) -> float:
        lines = sum(len(paragraph) for paragraph in self.paragraphs)
        return float(TITLE_LEADING + lines * TEXT_LEADING + len(self.paragraphs) * PARAGRAPH_GAP)


def _words(paper: Paper, width: float) -> _Text:
    duplex = paper.duplex
    flip = duplex.flip
    title = f"Duplex calibration: {paper.name} paper, {duplex.flip_words}"
    said = [
        f"Print this sheet double-sided, {duplex.flip_words}, at actual size (100%), on the "
        "printer and the paper you print the kits with. Each square of the grid is 10 mm: "
        "measure one to check the scale.",
        "Hold the printed sheet up to the light. Around each crosshair the back carries two "
        "ladders of short lines 0.5 mm apart, every line labelled: the upright lines read the "
        "offset across, the level lines read it up and down. On each ladder find the line that "
        "sits on the crosshair's line and read its label.",
        "Give the two readings, across first, to the build: authoring build GAME --back-offset "
        f"ACROSS,UP --flip {flip}. Read them at the centre crosshair; corners that read "
        "differently mean the printer also stretches or turns the back, and the centre's "
        "readings are still the best single offset.",
    ]
    if duplex.has_offset:
        said.append(
            f"This sheet is printed with {duplex.offset_words}: if that offset is right, the "
            "0.0 line of every ladder sits on its crosshair. If not, add what you read to it "
            "(read +1.0 with +0.5 given: pass +1.5)."
        )
    else:
        said.append(
            "To confirm, print this sheet again with the offset: authoring build --calibration "
            f"--back-offset ACROSS,UP --flip {flip}. The 0.0 line of every ladder should then "
            "sit on its crosshair."
        )
    paragraphs = tuple(tuple(simpleSplit(text, BODY, TEXT_SIZE, width)) for text in said)
    return _Text(title, paragraphs)


def write_calibration(path: Path, paper: Paper) -> list[Crosshair]:
    """Write the two-page calibration sheet for `paper` (and its duplex settings) to `path`;
    return its crosshairs as drawn."""
    register_body_fonts()
    duplex = paper.duplex
    marks = crosshairs(paper)
    holes = [
        _grown(
            bounding(
                [
                    _front_of(paper, mark.back_zone),
                    Rect(
                        mark.centre[0] - CROSS_ARM,
                        mark.centre[1] - CROSS_ARM,
                        2 * CROSS_ARM,
                        2 * CROSS_ARM,
                    ),
                ]
            ),
            CLEAR_AROUND,
        )
        for mark in marks
    ]
    text_width = paper.width - 2 * (PRINTABLE_MARGIN + TEXT_INSET)
    words = _words(paper, text_width)
    text_box = _text_box(paper, holes, words, text_width)
    subject = f"duplex calibration on {paper.name}: {duplex.flip_words}"
    if duplex.has_offset:
        subject += f", {duplex.offset_words}"

    def write(temporary: Path) -> None:
        canvas = new_canvas(
            temporary, paper, title="Duplex calibration", author="authoring", subject=subject
        )
        _draw_grid(canvas, paper, [*holes, _grown(text_box, CLEAR_AROUND)])
        for mark in marks:
            _draw_crosshair(canvas, *mark.centre)
        _draw_words(canvas, text_box, words)
        canvas.showPage()
        for mark in marks:
            _draw_ladders(canvas, mark)
        _draw_back_note(canvas, paper, text_box)
        canvas.showPage()
        canvas.save()

    write_atomically(path, write)
    return marks


def _text_box(paper: Paper, holes: list[Rect], words: _Text, width: float) -> Rect:
    """Where the words go: under the top corners' ladders, centred across, clear of the
    centre's."""
    centre, *corners = holes
    top = min(hole.y for hole in corners if hole.y > paper.height / 2) - CLEAR_AROUND
    box = Rect((paper.width - width) / 2, top - words.height, width, words.height)
    if box.y < centre.y + centre.height:
        raise ValueError(f"the calibration text does not fit on {paper.name} paper")
    return box


def _draw_grid(canvas: Canvas, paper: Paper, holes: list[Rect]) -> None:
    """Lines every `GRID_PITCH` through the page's centre, across the printable area, left
    out inside the holes."""
    area = Rect(
        PRINTABLE_MARGIN,
        PRINTABLE_MARGIN,
        paper.width - 2 * PRINTABLE_MARGIN,
        paper.height - 2 * PRINTABLE_MARGIN,
    )
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(*area)
    for hole in holes:
        clip.rect(*hole)
    canvas.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    canvas.setStrokeGray(GRID_GREY)
    canvas.setLineWidth(GRID_WIDTH)
    lines = canvas.beginPath()
    for x in _ruled(paper.width / 2, area.x, area.x + area.width):
        lines.moveTo(x, area.y)
        lines.lineTo(x, area.y + area.height)
    for y in _ruled(paper.height / 2, area.y, area.y + area.height):
        lines.moveTo(area.x, y)
        lines.lineTo(area.x + area.width, y)
    canvas.drawPath(lines, stroke=1, fill=0)
    canvas.restoreState()


def _ruled(middle: float, low: float, high: float) -> list[float]:
    below = int((middle - low) // GRID_PITCH)
    above = int((high - middle) // GRID_PITCH)
    return [middle + step * GRID_PITCH for step in range(-below, above + 1)]


def _draw_crosshair(canvas: Canvas, x: float, y: float) -> None:
    canvas.setStrokeGray(0)
    canvas.setLineWidth(CROSS_WIDTH)
    canvas.line(x - CROSS_ARM, y, x + CROSS_ARM, y)
    canvas.line(x, y - CROSS_ARM, x, y + CROSS_ARM)
    canvas.circle(x, y, CENTRE_RING, stroke=1, fill=0)


def _draw_words(canvas: Canvas, box: Rect, words: _Text) -> None:
    canvas.setFillGray(0)
    y = box.y + box.height - TITLE_SIZE
    canvas.setFont(BODY_BOLD, TITLE_SIZE)
    canvas.drawString(box.x, y, words.title)
    y -= TITLE_LEADING - TITLE_SIZE + PARAGRAPH_GAP
    canvas.setFont(BODY, TEXT_SIZE)
    for paragraph in words.paragraphs:
        for line in paragraph:
            y -= TEXT_LEADING
            canvas.drawString(box.x, y, line)
        y -= PARAGRAPH_GAP


def _draw_ladders(canvas: Canvas, mark: Crosshair) -> None:
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    canvas.setLineWidth(TICK_WIDTH)
    canvas.setFont(BODY, LABEL_SIZE)
    for tick in (*mark.across, *mark.up):
        canvas.line(*tick.line)
        canvas.drawString(tick.label_x, tick.baseline, tick.label)


def _draw_back_note(canvas: Canvas, paper: Paper, text_box: Rect) -> None:
    """What the back is, behind the front's words: nothing else is there."""
    duplex = paper.duplex
    behind = text_box.behind(paper)
    said = f"Duplex calibration, back: {paper.name}, {duplex.flip_words}"
    if duplex.has_offset:
        said += f", {duplex.offset_words}"
    said += ". Each ladder line's label is the --back-offset value it stands for."
    canvas.setFont(BODY, NOTE_SIZE)
    canvas.setFillGray(0)
    canvas.drawCentredString(behind.x + behind.width / 2, behind.y + behind.height / 2, said)
