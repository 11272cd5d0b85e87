"""A chart grid: rows x columns of short entries under a header, the row's number at both
ends, every other row banded and a heavier rule every few rows.

A player reads such a chart by finding a row, then following it across to a column: the
number at both ends lets the eye come in from either side, and the bands and heavier rules
keep it on the row. A chart too long for one page is drawn a band of rows at a time
(`rows`), all at the size its widest entry needs, so every page of it reads alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from authoring.render.fonts import BODY, BODY_BOLD
from authoring.render.imposition import Rect

BAND = colors.HexColor("#eeeeee")
HEAD = colors.HexColor("#d5d5d5")


@dataclass(frozen=True)
class GridStyle:
    """A chart grid's layout numbers (points) and inks."""

    head_height: float = 16.0
    label_width: float = 22.0
    """The row-number column at each end."""
    tallest_row: float = 20.0
    largest_text: float = 10.0
    head_text: float = 10.0
    label_head_text: float = 8.0
    cell_padding: float = 3.0
    """Kept clear at the sides of the widest entry in its column."""
    thin_rule: float = 0.3
    thick_rule: float = 0.8
    rows_per_group: int = 5
    """A heavier rule under every this many rows."""
    ink: colors.Color = colors.black
    rule: colors.Color = colors.grey
    band: colors.Color = BAND
    head: colors.Color = HEAD


@dataclass(frozen=True)
class ChartGrid:
    """What a chart grid prints: column heads, and per row its number and entries."""

    columns: Sequence[str]
    cells: Sequence[Sequence[str]]
    """One sequence of entries per row, row 1 first, one entry per column."""
    label_head: str = "ROW"

    def text_size(self, column_width: float, style: GridStyle) -> float:
        """The size at which the widest entry of the whole chart fits its column."""
        widest: float = max(
            stringWidth(text, BODY, style.largest_text) for row in self.cells for text in row
        )
        room = column_width - style.cell_padding
        return min(style.largest_text, style.largest_text * room / max(widest, 1e-6))


def draw_grid(canvas: Canvas, grid: ChartGrid, box: Rect, rows: range, style: GridStyle) -> None:
    """Draw the chart's `rows` (numbered from 1) from the top of `box`, the rows as tall as
    `box` allows, up to the style's tallest."""
    left, right = box.x, box.x + box.width
    grid_top = box.y + box.height
    column = (box.width - 2 * style.label_width) / len(grid.columns)
    count = len(rows)
    height = min(style.tallest_row, (box.height - style.head_height) / count)
    size = grid.text_size(column, style)
    xs = [left, left + style.label_width]
    xs += [xs[-1] + column * (i + 1) for i in range(len(grid.columns))]
    xs.append(xs[-1] + style.label_width)
    body_top = grid_top - style.head_height
    bottom = body_top - count * height

    # Bands, then the header, then the rules on top of both.
    canvas.setFillColor(style.band)
    for index in range(1, count, 2):
        canvas.rect(left, body_top - (index + 1) * height, right - left, height, stroke=0, fill=1)
    canvas.setFillColor(style.head)
    canvas.rect(left, body_top, right - left, style.head_height, stroke=0, fill=1)
    canvas.setStrokeColor(style.rule)
    for index in range(count + 1):
        canvas.setLineWidth(
            style.thick_rule if index % style.rows_per_group == 0 else style.thin_rule
        )
        canvas.line(left, body_top - index * height, right, body_top - index * height)
    canvas.setLineWidth(style.thin_rule)
    canvas.line(left, grid_top, right, grid_top)
    edges = (0, 1, len(xs) - 2, len(xs) - 1)
    for index, x in enumerate(xs):
        canvas.setLineWidth(style.thick_rule if index in edges else style.thin_rule)
        canvas.line(x, grid_top, x, bottom)

    canvas.setFillColor(style.ink)
    # Heads and rows alike drawn in reading order, so that text copied from the PDF reads
    # as printed.
    head_baseline = body_top + (style.head_height - style.head_text * 0.7) / 2
    canvas.setFont(BODY_BOLD, style.label_head_text)
    canvas.drawCentredString((xs[0] + xs[1]) / 2, head_baseline, grid.label_head)
    canvas.setFont(BODY_BOLD, style.head_text)
    for index, head in enumerate(grid.columns):
        canvas.drawCentredString((xs[index + 1] + xs[index + 2]) / 2, head_baseline, head)
    canvas.setFont(BODY_BOLD, style.label_head_text)
    canvas.drawCentredString((xs[-2] + xs[-1]) / 2, head_baseline, grid.label_head)
    baseline = (height - size * 0.7) / 2
    for index, row in enumerate(rows):
        y = body_top - (index + 1) * height + baseline
        canvas.setFont(BODY_BOLD, size)
        canvas.drawCentredString((xs[0] + xs[1]) / 2, y, str(row))
        canvas.setFont(BODY, size)
        for place, text in enumerate(grid.cells[row - 1]):
            canvas.drawCentredString((xs[place + 1] + xs[place + 2]) / 2, y, text)
        canvas.setFont(BODY_BOLD, size)
        canvas.drawCentredString((xs[-2] + xs[-1]) / 2, y, str(row))
