"""A kit's cover: what the game is, what to bring, and the print list of every file in it.

The prose is the game's `cover.md.j2` template; the print list is made here from each file's
`Printing` and the pages it came out with, so it always matches the files in the folder:
file name, what it is, paper, one or both sides, copies, card or plain paper and sheets, and
the kit's total. A sheet is a piece of paper through the printer: a double-sided file takes
half as many sheets as it has pages (rounded up), times its copies.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from authoring.components import Printing
from authoring.render.flow import build_markup_book, data_table, render_markup
from authoring.render.paper import Paper

COVER_NAME = "cover"
"""The cover's component name: its file is `<slug>-cover-<paper>.pdf`."""
COVER_TEMPLATE = "cover.md.j2"
COVER_PRINTING = Printing("Cover and print list")
PRINT_LIST = "print-list"
"""The table the cover template places with `::table print-list`."""
PRINT_LIST_HEADER = ["File", "What it is", "Paper", "Print", "Copies", "On", "Sheets"]
PRINT_LIST_WIDTHS = [mm * width for width in (58, 42, 16, 17, 12, 11, 12)]
PRINT_LIST_PADDING = 1.5
"""Points above and below each line of the print list: a kit of twenty files fits one page."""
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
        assembly=[entry.printing for entry in printed if entry.printing.how],
    )
    build_markup_book(
        path,
        paper,
        text,
        {PRINT_LIST: lambda: _print_list(printed, paper, total)},
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
    table = data_table(PRINT_LIST_HEADER, rows, col_widths=PRINT_LIST_WIDTHS)
    table.setStyle(
        [
            ("TOPPADDING", (0, 0), (-1, -1), PRINT_LIST_PADDING),
            ("BOTTOMPADDING", (0, 0), (-1, -1), PRINT_LIST_PADDING),
        ]
    )
    return table
