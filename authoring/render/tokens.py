"""Counters and tokens: a face painted to its bleed, a centred label, marks drawn from vector
glyphs, an optional caption and a row of values along the bottom edge.

A piece's text is never under `SMALLEST` (legible in the hand): a label is chosen from
the texts offered for it (a name, then its shorter forms) as the first that fits at that
size, and one that still does not fit is noted as an overflow (`fonts.noting_overflows`),
for the build to report at the cell it came from.

Glyphs are data: shapes in a unit square (x right, y up), scaled into the box they are
drawn in, so a game adds a mark by adding points, not drawing code.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from authoring.render.cards import SMALLEST
from authoring.render.fonts import BODY_BOLD, draw_centred
from authoring.render.imposition import CUT_GUIDE_GREY, CUT_GUIDE_WIDTH, Rect, Slot

Point = tuple[float, float]


class Stroke(NamedTuple):
    """A line through the points; `width` as a fraction of the glyph's box."""

    points: tuple[Point, ...]
    width: float


class Fill(NamedTuple):
    """A filled polygon."""

    points: tuple[Point, ...]


class Disc(NamedTuple):
    x: float
    y: float
    radius: float


Shape = Stroke | Fill | Disc
Glyph = tuple[Shape, ...]


def arc(
    x: float, y: float, rx: float, ry: float, start: float, end: float, steps: int = 12
) -> tuple[Point, ...]:
    """Points along an elliptic arc from `start` to `end` degrees (0 = right, anticlockwise)."""
    turns = [math.radians(start + (end - start) * k / steps) for k in range(steps + 1)]
    return tuple((x + rx * math.cos(t), y + ry * math.sin(t)) for t in turns)


GLYPHS: dict[str, Glyph] = {
    "sword": (
        Fill(((0.45, 0.3), (0.45, 0.84), (0.5, 0.98), (0.55, 0.84), (0.55, 0.3))),
        Fill(((0.28, 0.24), (0.72, 0.24), (0.72, 0.31), (0.28, 0.31))),
        Fill(((0.465, 0.1), (0.535, 0.1), (0.535, 0.24), (0.465, 0.24))),
        Disc(0.5, 0.07, 0.055),
    ),
    "axe": (
        Stroke(((0.42, 0.03), (0.42, 0.95)), 0.07),
        Fill(
            (
                (0.44, 0.8),
                (0.6, 0.84),
                *arc(0.6, 0.72, 0.24, 0.27, 80, -80),
                (0.6, 0.6),
                (0.44, 0.64),
            )
        ),
    ),
    "pole_arm": (
        Stroke(((0.42, 0.02), (0.42, 0.86)), 0.06),
        Fill(((0.38, 0.84), (0.42, 1.0), (0.46, 0.84))),
        Fill(((0.44, 0.8), (0.74, 0.88), (0.7, 0.72), (0.74, 0.58), (0.44, 0.66))),
        Fill(((0.4, 0.76), (0.22, 0.66), (0.4, 0.7))),
    ),
    "spear": (
        Stroke(((0.5, 0.02), (0.5, 0.76)), 0.06),
        Fill(((0.5, 0.99), (0.58, 0.82), (0.5, 0.7), (0.42, 0.82))),
    ),
    "bow": (
        Stroke(arc(0.3, 0.5, 0.42, 0.47, -80, 80), 0.08),
        Stroke(((0.37, 0.04), (0.37, 0.96)), 0.025),
        Stroke(((0.2, 0.5), (0.86, 0.5)), 0.035),
        Fill(((0.95, 0.5), (0.83, 0.56), (0.83, 0.44))),
    ),
    "crossbow": (
        Stroke(((0.5, 0.04), (0.5, 0.78)), 0.1),
        Stroke(arc(0.5, 0.5, 0.44, 0.28, 150, 30), 0.08),
        Stroke(((0.12, 0.64), (0.5, 0.46), (0.88, 0.64)), 0.025),
    ),
    "staff": (
        Stroke(((0.46, 0.02), (0.5, 0.7)), 0.07),
        Disc(0.5, 0.82, 0.11),
        Stroke(((0.5, 0.99), (0.5, 0.95)), 0.04),
        Stroke(((0.33, 0.82), (0.29, 0.82)), 0.04),
        Stroke(((0.67, 0.82), (0.71, 0.82)), 0.04),
    ),
    "club": (
        Fill(((0.46, 0.04), (0.54, 0.04), (0.64, 0.8), *arc(0.52, 0.82, 0.13, 0.14, 0, 180))),
        Disc(0.66, 0.66, 0.04),
        Disc(0.4, 0.74, 0.04),
    ),
    "claws": (
        Stroke(arc(0.1, 0.5, 0.3, 0.42, -70, 60), 0.07),
        Stroke(arc(0.32, 0.5, 0.3, 0.46, -70, 60), 0.07),
        Stroke(arc(0.54, 0.5, 0.3, 0.42, -70, 60), 0.07),
    ),
    "paw": (
        Fill(arc(0.5, 0.34, 0.22, 0.18, 0, 360, 16)),
        Disc(0.24, 0.62, 0.08),
        Disc(0.4, 0.76, 0.08),
        Disc(0.6, 0.76, 0.08),
        Disc(0.76, 0.62, 0.08),
    ),
    "pack": (
        Fill(((0.14, 0.2), (0.86, 0.2), (0.86, 0.7), (0.14, 0.7))),
        Stroke(((0.36, 0.7), (0.36, 0.84), (0.64, 0.84), (0.64, 0.7)), 0.06),
    ),
    "horse": (
        Fill(
            (
                (0.18, 0.03),
                (0.22, 0.48),
                (0.33, 0.78),
                (0.4, 0.97),
                (0.47, 0.83),
                (0.6, 0.79),
                (0.9, 0.47),
                (0.95, 0.35),
                (0.86, 0.28),
                (0.64, 0.38),
                (0.56, 0.3),
                (0.62, 0.03),
            )
        ),
    ),
    "arrow": (
        Fill(
            (
                (0.98, 0.5),
                (0.55, 0.8),
                (0.55, 0.62),
                (0.08, 0.62),
                (0.08, 0.38),
                (0.55, 0.38),
                (0.55, 0.2),
            )
        ),
    ),
    "cross": (
        Stroke(((0.18, 0.18), (0.82, 0.82)), 0.1),
        Stroke(((0.18, 0.82), (0.82, 0.18)), 0.1),
    ),
}
"""Marks a piece may carry, by name: arms, animals, a direction, a cross for the dead."""


def draw_glyph(canvas: Canvas, glyph: Glyph, box: Rect, ink: colors.Color) -> None:
    """The glyph in the largest square centred in `box`, in one ink."""
    side = min(box.width, box.height)
    left = box.x + (box.width - side) / 2
    bottom = box.y + (box.height - side) / 2

    def place(point: Point) -> Point:
        return left + point[0] * side, bottom + point[1] * side

    canvas.saveState()
    canvas.setFillColor(ink)
    canvas.setStrokeColor(ink)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    for shape in glyph:
        if isinstance(shape, Disc):
            x, y = place((shape.x, shape.y))
            canvas.circle(x, y, shape.radius * side, stroke=0, fill=1)
            continue
        path = canvas.beginPath()
        first, *rest = (place(point) for point in shape.points)
        path.moveTo(*first)
        for point in rest:
            path.lineTo(*point)
        if isinstance(shape, Fill):
            path.close()
            canvas.drawPath(path, stroke=0, fill=1)
        else:
            canvas.setLineWidth(shape.width * side)
            canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


@dataclass(frozen=True)
class TokenStyle:
    """A piece face's layout numbers (points, measured from the trim) and inks."""

    inset: float = 0.8 * mm
    """Between the cut and any text or mark, so a cut slightly off loses none of it."""
    label_size: float = 7.0
    label_font: str = BODY_BOLD
    label_drop: float = 3.2 * mm
    """From the top edge down to the label's baseline."""
    label_alone_size: float = 8.0
    """A face with nothing but its label carries it larger, centred."""
    caption_size: float = 6.0
    caption_font: str = BODY_BOLD
    caption_rise: float = 5.2 * mm
    """From the bottom edge up to the first caption's baseline."""
    caption_leading: float = 2.4 * mm
    """Between the baselines of captions one above the other."""
    value_size: float = 10.0
    value_font: str = BODY_BOLD
    value_rise: float = 1.5 * mm
    """From the bottom edge up to the values' baseline."""
    mark_top: float = 4.3 * mm
    """From the top edge down to the top of the marks' band."""
    mark_bottom: float = 5.2 * mm
    """From the bottom edge up to the bottom of the marks' band, without captions."""
    mark_gap: float = 0.9 * mm
    """Between the marks' band and the captions under it."""
    ink: colors.Color = colors.black
    cut: bool = True
    """A line on the front's cut, for pieces laid out by the game; `impose` draws its own
    hairline over every front, so imposed pieces leave this off."""
    cut_grey: float = CUT_GUIDE_GREY
    cut_width: float = CUT_GUIDE_WIDTH
    round: bool = False
    """A disc cut from its square: the cut is the circle inside the trim, and the text
    keeps to the square inside that circle."""
    tint_bleed: bool = True
    """The tint over the whole bleed, as pieces imposed edge to edge need; else only over
    the piece's own shape (its square or disc), for pieces laid apart on a sheet."""


class Value(NamedTuple):
    text: str
    ink: colors.Color


@dataclass(frozen=True)
class TokenFace:
    """What one face of a piece shows.

    `labels` are the texts the label may read, longest first: the first that fits at
    `SMALLEST` is printed, else the last (noted as too long). `values` spread along the
    bottom edge in equal columns; a None keeps its column empty, so a value stands in the
    same place on every face. `marks` (from `GLYPHS`, or a game's own) share the middle
    band, above the `captions`, which stack upwards from the values.
    """

    labels: tuple[str, ...]
    tint: colors.Color
    marks: tuple[Glyph, ...] = ()
    captions: tuple[str, ...] = ()
    values: tuple[Value | None, ...] = ()
    mark_ink: colors.Color = field(default=colors.black)
    caption_ink: colors.Color = field(default=colors.black)
    label_ink: colors.Color | None = None
    """The label's ink where the tint needs another than the style's (white on dark)."""


def fitting_text(texts: Sequence[str], font: str, room: float, smallest: float = SMALLEST) -> str:
    """The first of `texts` no wider than `room` at `smallest` points, else the last."""
    for text in texts:
        if stringWidth(text, font, smallest) <= room:
            return text
    return texts[-1]


def draw_token(
    canvas: Canvas, face: TokenFace, slot: Slot, style: TokenStyle, *, front: bool
) -> None:
    """One face: the tint to the bleed, the cut on a front, then label, marks, captions and
    values inside the inset."""
    x, y, width, height = slot.trim
    canvas.setFillColor(face.tint)
    if style.tint_bleed:
        canvas.rect(*slot.bleed, stroke=0, fill=1)
    elif style.round:
        canvas.circle(x + width / 2, y + height / 2, min(width, height) / 2, stroke=0, fill=1)
    else:
        canvas.rect(x, y, width, height, stroke=0, fill=1)
    if front and style.cut:
        _cut(canvas, slot, style)
    inscribed = (1 - math.sqrt(0.5)) * width / 2 if style.round else 0.0
    room = width - 2 * (style.inset + inscribed)
    label = fitting_text(face.labels, style.label_font, room)
    centre = x + width / 2
    canvas.setFillColor(style.ink if face.label_ink is None else face.label_ink)
    if not (face.marks or face.captions or face.values):
        size = style.label_alone_size
        draw_centred(
            canvas,
            label,
            centre,
            y + height / 2 - size / 3,
            style.label_font,
            size,
            room,
            smallest=SMALLEST,
        )
        return
    draw_centred(
        canvas,
        label,
        centre,
        y + height - style.label_drop,
        style.label_font,
        style.label_size,
        room,
        smallest=SMALLEST,
    )
    canvas.setFillColor(face.caption_ink)
    for line, caption in enumerate(face.captions):
        rise = style.caption_rise + line * style.caption_leading
        draw_centred(
            canvas,
            caption,
            centre,
            y + rise,
            style.caption_font,
            style.caption_size,
            room,
            smallest=SMALLEST,
        )
    band_bottom = y + style.mark_bottom
    if face.captions:
        top_caption = style.caption_rise + (len(face.captions) - 1) * style.caption_leading
        band_bottom = y + top_caption + style.caption_size + style.mark_gap
    band = Rect(
        x + style.inset + inscribed, band_bottom, room, y + height - style.mark_top - band_bottom
    )
    for index, glyph in enumerate(face.marks):
        share = band.width / len(face.marks)
        box = Rect(band.x + index * share, band.y, share, band.height)
        draw_glyph(canvas, glyph, box, face.mark_ink)
    for index, value in enumerate(face.values):
        if value is None:
            continue
        canvas.setFillColor(value.ink)
        canvas.setFont(style.value_font, style.value_size)
        column = x + inscribed + (width - 2 * inscribed) * (index + 0.5) / len(face.values)
        canvas.drawCentredString(column, y + style.value_rise, value.text)


def _cut(canvas: Canvas, slot: Slot, style: TokenStyle) -> None:
    x, y, width, height = slot.trim
    canvas.setStrokeGray(style.cut_grey)
    canvas.setLineWidth(style.cut_width)
    if style.round:
        canvas.circle(x + width / 2, y + height / 2, min(width, height) / 2, stroke=1, fill=0)
    else:
        canvas.rect(x, y, width, height, stroke=1, fill=0)
