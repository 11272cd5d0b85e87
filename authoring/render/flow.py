"""Rulebooks and reference sheets: a tiny block markup, data tables and the book build.

The markup comes out of Jinja2 templates filled with workbook data, so everything in it is
escaped before reportlab sees it: Paragraph silently drops a tag it does not know, and a
`<` or `&` in a card name would otherwise vanish or break the line. Only `**bold**` and
`*italic*` become markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TypeAlias
from xml.sax.saxutils import escape

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    PageBreak,
    PageTemplate,
    Paragraph,
    Table,
)

from authoring.files import write_atomically
from authoring.render.document import add_outline_entry, new_document
from authoring.render.fonts import BODY, BODY_BOLD, register_body_fonts, require_glyphs
from authoring.render.paper import Paper

BOOK_MARGIN = 20 * mm
HEADING_ROOM = 30 * mm
"""A heading with less room than this below it starts a new page."""
FOOTER_SIZE = 8

TableSource: TypeAlias = Flowable | Callable[[], Flowable]
"""A flowable, or a function making a fresh one each time `::table` asks for it."""


class MarkupError(ValueError):
    pass


@cache
def styles() -> dict[str, ParagraphStyle]:
    """Paragraph styles in the embedded body family: body, bullet, h1, h2, h3."""
    font = register_body_fonts()
    body = ParagraphStyle("body", fontName=font, fontSize=10, leading=13, spaceAfter=5)
    heading = ParagraphStyle("heading", parent=body, fontName=BODY_BOLD)
    return {
        "body": body,
        "bullet": ParagraphStyle(
            "bullet", parent=body, leftIndent=12, bulletIndent=3, bulletFontName=font
        ),
        "h1": ParagraphStyle("h1", parent=heading, fontSize=18, leading=22, spaceBefore=12),
        "h2": ParagraphStyle("h2", parent=heading, fontSize=14, leading=18, spaceBefore=10),
        "h3": ParagraphStyle("h3", parent=heading, fontSize=11, leading=14, spaceBefore=8),
    }


class Heading(Paragraph):  # type: ignore[misc]
    """A heading that adds itself to the PDF outline where it is drawn."""

    def __init__(self, text: str, level: int) -> None:
        super().__init__(inline_markup(text), styles()[f"h{level + 1}"])
        self.title = _INLINE.sub(lambda match: match.group(1) or match.group(2), text)
        self.level = level

    def draw(self) -> None:
        add_outline_entry(self.canv, self.title, self.level, top=self.height)
        super().draw()


def data_table(
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    col_widths: Sequence[float] | None = None,
    font_size: float = 8,
) -> Table:
    """A ruled table whose header row is repeated on every page it runs onto.

    Every cell is escaped text in a Paragraph, so long values wrap; a blank (None) cell
    stays empty.
    """
    cell = ParagraphStyle("cell", fontName=register_body_fonts(), fontSize=font_size)
    cell.leading = font_size * 1.2
    head = ParagraphStyle("head", parent=cell, fontName=BODY_BOLD)
    data = [[Paragraph(escape(text), head) for text in header]]
    data += [[Paragraph(_cell_text(value), cell) for value in row] for row in rows]
    return Table(
        data,
        colWidths=col_widths,
        repeatRows=1,
        style=[
            # Cell fonts are set even for Paragraph cells: the default would add Helvetica.
            ("FONT", (0, 0), (-1, -1), cell.fontName, font_size),
            ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dddddd")),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ],
    )


def side_by_side(columns: Sequence[Flowable | list[Flowable]], width: float) -> Table:
    """Small tables next to each other, top-aligned, in columns of equal width."""
    return Table(
        [list(columns)],
        colWidths=[width] * len(columns),
        style=[
            ("FONT", (0, 0), (-1, -1), register_body_fonts(), 8),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ],
        hAlign="LEFT",
    )


def _cell_text(value: object) -> str:
    return "" if value is None else escape(str(value))


# A bold run ends at the last `**` of a star run, so `**a *b***` closes its italic inside.
_INLINE = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*(?!\*)|\*(?=\S)(.+?)(?<=\S)\*")


def inline_markup(text: str) -> str:
    """Escaped Paragraph text with `**bold**` and `*italic*` (italic may sit inside bold)."""
    parts, position = [], 0
    for match in _INLINE.finditer(text):
        parts.append(escape(text[position : match.start()]))
        if match.group(1) is not None:
            parts.append(f"<b>{inline_markup(match.group(1))}</b>")
        else:
            parts.append(f"<i>{escape(match.group(2))}</i>")
        position = match.end()
    parts.append(escape(text[position:]))
    return "".join(parts)


@dataclass
class _Block:
    """A paragraph's lines, a list's items, a heading's (hashes, title) or a directive's
    (name, argument); `line` is where it starts, for error messages."""

    kind: str
    line: int
    parts: list[str] = field(default_factory=list)


_HEADING = re.compile(r"(#{1,3}) +(\S.*)")
_DIRECTIVE = re.compile(r"::(\S+)(?: +(.*))?")


def _blocks(text: str) -> Iterator[_Block]:
    """Split the markup into blocks; a heading or a `::` line is a block of its own.

    A bullet list's lines that do not start with `- ` continue the item above, so a long
    item can be wrapped in the template.
    """
    current: _Block | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        heading = _HEADING.fullmatch(line)
        directive = _DIRECTIVE.fullmatch(line)
        starts_list = line.startswith("- ") and current is not None and current.kind != "list"
        if current and (not line or heading or directive or starts_list):
            yield current
            current = None
        if heading:
            yield _Block("heading", number, [heading.group(1), heading.group(2)])
        elif directive:
            yield _Block("directive", number, [directive.group(1), directive.group(2) or ""])
        elif line.startswith("- "):
            current = current or _Block("list", number)
            current.parts.append(line[2:])
        elif line and current and current.kind == "list":
            current.parts[-1] += " " + line
        elif line:
            current = current or _Block("paragraph", number)
            current.parts.append(line)
    if current:
        yield current


def markup_to_flowables(
    text: str, tables: Mapping[str, TableSource] | None = None
) -> list[Flowable]:
    """Flowables for the block markup; blocks are separated by blank lines.

    `# `, `## `, `### ` headings (entries in the PDF outline); a block of `- ` lines is a
    bullet list; `::table NAME` inserts `tables[NAME]`; `::pagebreak` starts a new page;
    any other block is a paragraph.
    """
    sheet = styles()
    flowables: list[Flowable] = []
    for block in _blocks(text):
        if block.kind == "paragraph":
            flowables.append(Paragraph(inline_markup(" ".join(block.parts)), sheet["body"]))
        elif block.kind == "list":
            flowables += [
                Paragraph(inline_markup(item), sheet["bullet"], bulletText="\u2022")
                for item in block.parts
            ]
        elif block.kind == "heading":
            hashes, title = block.parts
            # Not keepWithNext: that moves a heading and a long table after it to the next
            # page together, leaving the rest of this one empty.
            flowables += [CondPageBreak(HEADING_ROOM), Heading(title, len(hashes) - 1)]
        else:
            flowables.append(_directive(*block.parts, line=block.line, tables=tables or {}))
    return flowables


def _directive(
    name: str, argument: str, *, line: int, tables: Mapping[str, TableSource]
) -> Flowable:
    if name == "pagebreak" and not argument:
        return PageBreak()
    if name == "table" and argument:
        if argument not in tables:
            known = ", ".join(sorted(tables)) or "none"
            raise MarkupError(f"line {line}: ::table {argument!r} is not given (given: {known})")
        source = tables[argument]
        return source if isinstance(source, Flowable) else source()
    written = f"::{name} {argument}".rstrip()
    raise MarkupError(f"line {line}: {written!r} is neither ::table NAME nor ::pagebreak")


def jinja_environment(template_dir: Path) -> Environment:
    """Templates that fail on an unknown name; markup_to_flowables does the escaping."""
    return Environment(
        loader=FileSystemLoader(template_dir),
        undefined=StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render_markup(template_dir: Path, name: str, **context: object) -> str:
    """A template rendered to block markup and checked against the font before any drawing:
    a character the font lacks is a GlyphError naming the template."""
    text = jinja_environment(template_dir).get_template(name).render(**context)
    require_glyphs([(text, f"templates/{template_dir.name}/{name}")])
    return text


def build_markup_book(
    path: Path,
    paper: Paper,
    text: str,
    tables: Mapping[str, TableSource],
    *,
    title: str,
    author: str,
    subject: str,
) -> None:
    """A numbered book from rendered markup and the tables it names."""
    build_book(
        path, paper, markup_to_flowables(text, tables), title=title, author=author, subject=subject
    )


def build_book(
    path: Path,
    paper: Paper,
    flowables: Sequence[Flowable],
    *,
    title: str,
    author: str,
    subject: str,
) -> None:
    """Write the flowables as a numbered book; its headings make the PDF outline.

    Flowables are used up by a build: make fresh ones for another.
    """

    def write(temporary: Path) -> None:
        document = new_document(
            temporary, paper, title=title, author=author, subject=subject, margin=BOOK_MARGIN
        )
        frame = Frame(document.leftMargin, document.bottomMargin, document.width, document.height)
        document.addPageTemplates([PageTemplate("page", [frame], onPage=_footer)])
        document.build(list(flowables))

    write_atomically(path, write)


def _footer(canvas: Canvas, document: BaseDocTemplate) -> None:
    canvas.saveState()
    canvas.setFont(BODY, FOOTER_SIZE)
    canvas.drawCentredString(document.pagesize[0] / 2, BOOK_MARGIN / 2, str(canvas.getPageNumber()))
    canvas.restoreState()
