"""A track: a run of labelled boxes a marker moves along, as a clock counting down or a meter
filling up, wrapped into rows when it is long, with spans of boxes set apart.

A span (the boxes where a meter counts as full, the points of one momentum level) is tinted
and named above its boxes, so a player sees at a glance which stretch the marker stands in.
A span that runs past the end of a row is named again on the next.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from authoring.render.fonts import BODY_BOLD, draw_centred
from authoring.render.imposition import Rect


@dataclass(frozen=True)
class Span:
    """Boxes `first` to `last` (counted from 0, both included), tinted and named above."""

    first: int
    last: int
    label: str
    tint: colors.Color | None = None


@dataclass(frozen=True)
class Track:
    """What a track prints: each box's label in order, and the spans set apart."""

    labels: Sequence[str]
    spans: Sequence[Span] = ()
    per_row: int | None = None
    """Boxes to a row, the next row under it; None: one row."""

    @property
    def rows(self) -> list[range]:
        """The boxes of each row, by index."""
        step = self.per_row or len(self.labels)
        return [
            range(start, min(start + step, len(self.labels)))
            for start in range(0, len(self.labels), step)
        ]


@dataclass(frozen=True)
class TrackStyle:
    """A track's layout numbers (points) and inks."""

    box: float = 15 * mm
    """Each box's side: room for the marker that stands on it."""
    label_size: float = 10.0
    smallest_label: float = 6.0
    label_font: str = BODY_BOLD
    span_size: float = 7.0
    span_font: str = BODY_BOLD
    span_band: float = 4 * mm
    """Above a row that has a span: the band its name is printed in."""
    inset: float = 1 * mm
    """Kept clear inside a box's sides, and at a span's ends, by its text."""
    rule_width: float = 0.8
    ink: colors.Color = colors.black
    rule: colors.Color = colors.black
    paper: colors.Color = colors.white


def track_size(track: Track, style: TrackStyle) -> tuple[float, float]:
    """The width and height the track takes, span bands included."""
    rows = track.rows
    width = max(len(row) for row in rows) * style.box
    height = sum(style.box + (style.span_band if _spans_in(track, row) else 0) for row in rows)
    return width, height


def draw_track(canvas: Canvas, track: Track, x: float, top: float, style: TrackStyle) -> Rect:
    """Draw the track with its top left corner at (`x`, `top`), row under row; return the
    area it covers."""
    y = top
    for row in track.rows:
        spans = _spans_in(track, row)
        if spans:
            y -= style.span_band
        bottom = y - style.box
        for place, index in enumerate(row):
            box = Rect(x + place * style.box, bottom, style.box, style.box)
            tint = next((s.tint for s in spans if s.first <= index <= s.last), None)
            canvas.setFillColor(style.paper if tint is None else tint)
            canvas.setStrokeColor(style.rule)
            canvas.setLineWidth(style.rule_width)
            canvas.rect(*box, stroke=1, fill=1)
            canvas.setFillColor(style.ink)
            draw_centred(
                canvas,
                track.labels[index],
                box.x + box.width / 2,
                box.y + (box.height - style.label_size * 0.7) / 2,
                style.label_font,
                style.label_size,
                box.width - 2 * style.inset,
                smallest=style.smallest_label,
            )
        for span in spans:
            first, last = max(span.first, row.start), min(span.last, row.stop - 1)
            left = x + (first - row.start) * style.box
            right = x + (last - row.start + 1) * style.box
            _span_name(canvas, span.label, left, right, y, style)
        y = bottom
    return Rect(x, y, max(len(row) for row in track.rows) * style.box, top - y)


def _spans_in(track: Track, row: range) -> list[Span]:
    return [s for s in track.spans if s.first < row.stop and s.last >= row.start]


def _span_name(
    canvas: Canvas, label: str, left: float, right: float, bottom: float, style: TrackStyle
) -> None:
    """The span's name over its boxes, between two ticks on the edges where it starts and
    ends: two spans side by side share the tick between them."""
    canvas.setStrokeColor(style.rule)
    canvas.setLineWidth(style.rule_width)
    tick = style.span_band / 2
    canvas.line(left, bottom, left, bottom + tick)
    canvas.line(right, bottom, right, bottom + tick)
    canvas.setFillColor(style.ink)
    draw_centred(
        canvas,
        label,
        (left + right) / 2,
        bottom + (style.span_band - style.span_size * 0.7) / 2,
        style.span_font,
        style.span_size,
        right - left - 4 * style.inset,
        smallest=style.smallest_label,
    )
