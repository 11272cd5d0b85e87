"""A kit's cover: what the game is, what to bring, and the print list of every file in it.

The prose is the game's `cover.md.j2` template; the print list is made here from each file's
`Printing` and the pages it came out with, so it always matches the files in the folder:
file name, what it is, paper, one or both sides, copies, card or plain paper and sheets, and
the kit's total. A sheet is a piece of paper through the printer: a double-sided file takes
half as many sheets as it has pages (rounded up), times its copies. The assembly steps are
made here too, a part's name beside its step, parts put together alike sharing one step:
both tables are set tight so that a cover is one page.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Table

from authoring.components import Printing
from authoring.render.flow import (
    BOOK_MARGIN,
    build_markup_book,
    data_table,
    inline_markup,
    render_markup,
    styles,
)
from authoring.render.fonts import BODY_BOLD
from authoring.render.paper import Paper

COVER_NAME = "cover"
"""The cover's component name: its file is `<slug>-cover-<paper>.pdf`."""
COVER_TEMPLATE = "cover.md.j2"
COVER_PRINTING = Printing("Cover and print list")
PRINT_LIST = "print-list"
"""The table the cover template places with `::table print-list`."""
PRINT_LIST_HEADER = ["File", "What it is", "Paper", "Print", "Copies", "On", "Sheets"]
PRINT_LIST_WIDTHS = [mm * width for width in (50, 15, 15, 11, 9, 11)]
"""The columns after the file name's, which takes the rest of the page's width."""
PRINT_LIST_PADDING = 1.0
"""Points above and below each line of the print list: a kit of twenty files fits one page."""
PRINT_LIST_CELL_PADDING = 3.0
"""Points left and right of each cell of the print list: room for the longest file name."""
PRINT_LIST_SPACE_AFTER = 4.0
"""Points between the print list and the line under it that sums it up."""
ASSEMBLY = "assembly"
"""The table the cover template places with `::table assembly`."""
ASSEMBLY_PART_WIDTH = 52 * mm
ASSEMBLY_SIZE = 9
ASSEMBLY_LEADING = 11
ASSEMBLY_PADDING = 1.5
"""Points above and below each step, between the rules that part them."""
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
# A page tree root as reportlab writes it: `/Count 24 /Kids [ 2 0 R ... ] /Type /Pages`.
_PAGE_COUNT = re.compile(rb"/Count (\d+) /Kids \[[^\]]*\] /Type /Pages")


@dataclass(frozen=True)
class Printed:
    """One file of a kit as the print list shows it."""

    file: str
    printing: Printing
    pages: int

    @property
    def sheets(self) -> int:
        """Sheets of paper for all its copies: pages, halved (up) when double-sided."""
        sides = 2 if self.printing.double_sided else 1
        return math.ceil(self.pages / sides) * self.printing.copies


def page_count(path: Path) -> int:
    """The pages of a PDF this package wrote, from its page tree's count."""
    counts = _PAGE_COUNT.findall(path.read_bytes())
    if len(counts) != 1:
        raise ValueError(f"{path.name} has no single page tree to count pages from")
    return int(counts[0])


def write_cover(
    path: Path,
    paper: Paper,
    templates: Path,
    printed: Sequence[Printed],
    *,
    title: str,
    author: str,
) -> None:
    """The cover from the game's template, its print list made from `printed`."""
    total = sum(entry.sheets for entry in printed)
    text = render_markup(
        templates,
        COVER_TEMPLATE,
        title=title,
        paper=PAPER_NAMES.get(paper.name, paper.name),
        total_sheets=total,
        card_sheets=sum(entry.sheets for entry in printed if entry.printing.card_stock),
        assembly=any(entry.printing.how for entry in printed),
    )
    build_markup_book(
        path,
        paper,
        text,
        {
            PRINT_LIST: lambda: _print_list(printed, paper, total),
            ASSEMBLY: lambda: _assembly(printed, paper),
        },
        title=title,
        author=author,
        subject="Cover and print list",
    )


def _print_list(printed: Sequence[Printed], paper: Paper, total: int) -> Flowable:
    rows: list[list[object]] = [
        [
            entry.file,
            entry.printing.title,
            PAPER_NAMES.get(paper.name, paper.name),
            "both sides" if entry.printing.double_sided else "one side",
            entry.printing.copies,
            "card" if entry.printing.card_stock else "plain",
            entry.sheets,
        ]
        for entry in printed
    ]
    rows.append(["", "The whole kit", "", "", "", "", total])
    file_width = paper.width - 2 * BOOK_MARGIN - sum(PRINT_LIST_WIDTHS)
    table = data_table(
        PRINT_LIST_HEADER,
        rows,
        col_widths=[file_width, *PRINT_LIST_WIDTHS],
        padding=PRINT_LIST_CELL_PADDING,
    )
    table.spaceAfter = PRINT_LIST_SPACE_AFTER
    table.setStyle(
        [
            ("TOPPADDING", (0, 0), (-1, -1), PRINT_LIST_PADDING),
            ("BOTTOMPADDING", (0, 0), (-1, -1), PRINT_LIST_PADDING),
        ]
    )
    return table


def _assembly(printed: Sequence[Printed], paper: Paper) -> Flowable:
    """Each assembly step beside the parts it is for, in print-list order; parts with the
    same step (the tiles of several boards) share one line of the table."""
    steps: dict[str, list[str]] = {}
    for entry in printed:
        if entry.printing.how:
            steps.setdefault(entry.printing.how, []).append(entry.printing.title)
    step = ParagraphStyle(
        "assembly", parent=styles()["body"], fontSize=ASSEMBLY_SIZE, leading=ASSEMBLY_LEADING
    )
    part = ParagraphStyle("assembly-part", parent=step, fontName=BODY_BOLD)
    rows = [
        [
            Paragraph("<br/>".join(escape(title) for title in titles), part),
            Paragraph(inline_markup(how), step),
        ]
        for how, titles in steps.items()
    ]
    width = paper.width - 2 * BOOK_MARGIN
    return Table(
        rows,
        colWidths=[ASSEMBLY_PART_WIDTH, width - ASSEMBLY_PART_WIDTH],
        style=[
            # Set even for Paragraph cells: the default would add Helvetica to the file.
            ("FONT", (0, 0), (-1, -1), step.fontName, ASSEMBLY_SIZE),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (0, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), ASSEMBLY_PADDING),
            ("BOTTOMPADDING", (0, 0), (-1, -1), ASSEMBLY_PADDING),
            ("LINEBELOW", (0, 0), (-1, -2), 0.25, colors.grey),
        ],
        hAlign="LEFT",
    )
