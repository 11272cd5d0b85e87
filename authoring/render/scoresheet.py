"""A score sheet from a small description: a title line of fields, a note on how to add up,
and ruled columns for the players to fill in, some rows filled in already.

A field is a label and either its value (printed bold) or a blank line to write on. The
columns have relative widths; a tinted column carries the colour of the chart it is copied
from, a heavier rule sets a group of columns apart, and rows come in groups (a pair of
skaters racing together) with a heavier rule under each group and every other group shaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from authoring.render.document import draw_pages
from authoring.render.fonts import BODY, BODY_BOLD, fitted_size
from authoring.render.imposition import Rect
from authoring.render.paper import Paper

HEAD = colors.HexColor("#dddddd")
BAND = colors.HexColor("#f2f2f2")


@dataclass(frozen=True)
class SheetField:
    """A label on the title line and its value (printed bold), the choices to circle, a row
    of empty circles to fill in one by one (a level reached), or else a line to write on."""

    label: str
    value: str | None = None
    choices: tuple[str, ...] = ()
    blank: int = 24
    """The length of the line to write on, in underscores."""
    circles: int = 0
    """Empty circles to fill in, printed instead of a line when there are any."""

    def text(self) -> tuple[str, str]:
        """What follows the label, and its font."""
        if self.value is not None:
            return self.value, BODY_BOLD
        if self.choices:
            return "  /  ".join(self.choices), BODY
        return "_" * self.blank, BODY


@dataclass(frozen=True)
class SheetColumn:
    label: str
    weight: float
    """The column's share of the sheet's width, relative to the others'."""
    tint: colors.Color | None = None
    heavy_rule: bool = False
    """A heavier rule on the column's left, setting it apart from the column before."""


@dataclass(frozen=True)
class ScoreSheet:
    """What one page of a score sheet prints."""

    title: str
    fields: Sequence[SheetField]
    note: str
    columns: Sequence[SheetColumn]
    rows: int
    entries: Sequence[Sequence[str]] = ()
    """Filled-in rows from the top: one text per column from the first writable one."""
    numbered: bool = False
    """The first column holds each row's number (from `first_number`), not a heading to fill."""
    first_number: int = 1
    rows_per_group: int = 1
    page: str | None = None
    """"Page 2 of 3", printed at the right of the title line, for a sheet that runs on."""
    centred: frozenset[int] = field(default_factory=frozenset)
    """Columns whose entries are centred; the others start at the left."""


@dataclass(frozen=True)
class SheetStyle:
    """A score sheet's layout numbers (points) and inks."""

    title_size: float = 14.0
    field_size: float = 10.0
    note_size: float = 8.0
    head_size: float = 9.0
    entry_size: float = 10.0
    smallest_entry: float = 6.0
    """A filled-in entry shrinks to fit its column, no further: one still too wide is noted."""
    number_size: float = 8.0
    title_baseline: float = 13.0
    note_baseline: float = 27.0
    grid_gap: float = 36.0
    """From the top of the box to the top of the grid."""
    field_gap: float = 24.0
    circle_gap: float = 3.0
    """Between two of a field's circles."""
    head_height: float = 20.0
    tallest_row: float = 24.0
    entry_inset: float = 4.0
    thin_rule: float = 0.4
    thick_rule: float = 1.2
    ink: colors.Color = colors.black
    rule: colors.Color = colors.grey
    head: colors.Color = HEAD
    band: colors.Color = BAND


def write_score_sheets(
    path: Path,
    paper: Paper,
    sheet: ScoreSheet,
    style: SheetStyle,
    *,
    margin: float,
    title: str,
    author: str,
    subject: str,
) -> None:
    """The sheet on as many pages as its entries need, `sheet.rows` to a page, each page
    saying which it is ("Page 2 of 3") when there are several; a sheet with no entries is
    one blank page."""
    rows = sheet.rows
    pages = max(1, -(-len(sheet.entries) // rows))
    box = Rect(margin, margin, paper.width - 2 * margin, paper.height - 2 * margin)

    def page(number: int, canvas: Canvas) -> None:
        part = replace(
            sheet,
            entries=sheet.entries[number * rows : (number + 1) * rows],
            first_number=sheet.first_number + number * rows,
            page=f"Page {number + 1} of {pages}" if pages > 1 else None,
        )
        draw_score_sheet(canvas, part, box, style)

    pages_drawn = [partial(page, number) for number in range(pages)]
    draw_pages(path, paper, pages_drawn, title=title, author=author, subject=subject)


def draw_score_sheet(canvas: Canvas, sheet: ScoreSheet, box: Rect, style: SheetStyle) -> None:
    """Draw the sheet filling `box` (the page inside its margins)."""
    left, right = box.x, box.x + box.width
    top = box.y + box.height
    _title_line(canvas, sheet, left, right, top - style.title_baseline, style)
    canvas.setFont(BODY, style.note_size)
    canvas.drawString(left, top - style.note_baseline, sheet.note)

    total = sum(column.weight for column in sheet.columns)
    xs = [left]
    for column in sheet.columns:
        xs.append(xs[-1] + box.width * column.weight / total)
    grid_top = top - style.grid_gap
    body_top = grid_top - style.head_height
    height = min(style.tallest_row, (body_top - box.y) / sheet.rows)
    bottom = body_top - sheet.rows * height

    canvas.setFillColor(style.head)
    canvas.rect(left, body_top, right - left, style.head_height, stroke=0, fill=1)
    for column, x0, x1 in zip(sheet.columns, xs, xs[1:], strict=False):
        if column.tint is not None:
            canvas.setFillColor(column.tint)
            canvas.rect(x0, bottom, x1 - x0, body_top - bottom, stroke=0, fill=1)
    group = sheet.rows_per_group
    canvas.setFillColor(style.band)
    for first in range(group, sheet.rows, 2 * group):
        shaded = min(group, sheet.rows - first)
        y = body_top - (first + shaded) * height
        canvas.rect(left, y, right - left, shaded * height, stroke=0, fill=1)

    canvas.setStrokeColor(style.rule)
    canvas.setLineWidth(style.thick_rule)
    canvas.line(left, grid_top, right, grid_top)
    for row in range(sheet.rows + 1):
        heavy = row in (0, sheet.rows) or (group > 1 and row % group == 0)
        canvas.setLineWidth(style.thick_rule if heavy else style.thin_rule)
        canvas.line(left, body_top - row * height, right, body_top - row * height)
    for index, x in enumerate(xs):
        outer = index in (0, len(xs) - 1)
        heavy = outer or (index < len(sheet.columns) and sheet.columns[index].heavy_rule)
        canvas.setLineWidth(style.thick_rule if heavy else style.thin_rule)
        canvas.line(x, grid_top, x, bottom)

    canvas.setFillColor(style.ink)
    canvas.setFont(BODY_BOLD, style.head_size)
    head_baseline = body_top + (style.head_height - style.head_size * 0.7) / 2
    for column, x0, x1 in zip(sheet.columns, xs, xs[1:], strict=False):
        canvas.drawCentredString((x0 + x1) / 2, head_baseline, column.label)
    written = 1 if sheet.numbered else 0
    for row in range(sheet.rows):
        y = body_top - (row + 1) * height + (height - style.entry_size * 0.7) / 2
        if sheet.numbered:
            canvas.setFillColor(style.rule)
            canvas.setFont(BODY, style.number_size)
            canvas.drawCentredString((xs[0] + xs[1]) / 2, y, str(sheet.first_number + row))
        if row >= len(sheet.entries):
            continue
        canvas.setFillColor(style.ink)
        for place, text in enumerate(sheet.entries[row], start=written):
            room = xs[place + 1] - xs[place] - 2 * style.entry_inset
            size = fitted_size(text, BODY, style.entry_size, room, smallest=style.smallest_entry)
            canvas.setFont(BODY, size)
            if place in sheet.centred:
                canvas.drawCentredString((xs[place] + xs[place + 1]) / 2, y, text)
            else:
                canvas.drawString(xs[place] + style.entry_inset, y, text)


def _title_line(
    canvas: Canvas, sheet: ScoreSheet, left: float, right: float, y: float, style: SheetStyle
) -> None:
    """The title, then each field after the one before, the page count at the right."""
    canvas.setFillColor(style.ink)
    canvas.setFont(BODY_BOLD, style.title_size)
    canvas.drawString(left, y, sheet.title)
    x = left + stringWidth(sheet.title, BODY_BOLD, style.title_size) + style.field_gap
    for item in sheet.fields:
        label = f"{item.label}: "
        canvas.setFont(BODY, style.field_size)
        canvas.drawString(x, y, label)
        x += stringWidth(label, BODY, style.field_size)
        if item.circles:
            x = _circles(canvas, item.circles, x, y, style) + style.field_gap
            continue
        text, font = item.text()
        canvas.setFont(font, style.field_size)
        canvas.drawString(x, y, text)
        x += stringWidth(text, font, style.field_size) + style.field_gap
    if sheet.page is not None:
        canvas.setFont(BODY, style.field_size)
        canvas.drawRightString(right, y, sheet.page)


def _circles(canvas: Canvas, count: int, x: float, baseline: float, style: SheetStyle) -> float:
    """`count` empty circles from `x`, as tall as the field's capitals; return where they end."""
    radius = style.field_size * 0.35
    pitch = 2 * radius + style.circle_gap
    canvas.setStrokeColor(style.ink)
    canvas.setLineWidth(style.thin_rule * 2)
    for place in range(count):
        canvas.circle(x + radius + place * pitch, baseline + radius, radius, stroke=1, fill=0)
    return x + count * pitch - style.circle_gap
