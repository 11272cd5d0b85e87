"""Rulebooks and reference sheets: a tiny block markup, data tables and the book build.

The markup comes out of Jinja2 templates filled with workbook data, so everything in it is
escaped before reportlab sees it: Paragraph silently drops a tag it does not know, and a
`<` or `&` in a card name would otherwise vanish or break the line. Only `**bold**` and
`*italic*` become markup.

Every book opens with its title, and a book of four pages or more with a contents list whose
page numbers each heading fills in as it is laid out (`build_book`); the text goes on below
the contents on the same page, so a short book spends no page on them. No word is ever split
inside: a body line breaks between words, and a table cell whose longest word is wider than
its column prints smaller until the word fits. A heading never ends a page: it goes to the
next page when what follows it would not start below it (`_KeepWithNext`).
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
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    FrameBreak,
    KeepTogether,
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
FIRST_LINES = 2
"""How many lines of a paragraph must fit below a heading for it to stay on the page."""
FOOTER_SIZE = 8
CONTENTS_FROM_PAGES = 4
"""A book this long or longer gets a contents list; a shorter one is read at a glance."""
CONTENTS_LEVELS = 2
"""Headings listed in the contents: `#` and `##`."""
CONTENTS_ONE_COLUMN = 36
"""Entries that fit one column of the contents page; more are set in two."""
CONTENTS_SIZE = 9
CONTENTS_LEADING = 1.25
CONTENTS_BASELINE = 0.3
"""The page number's baseline above the foot of its line, in font sizes (the descent)."""
CONTENTS_PAGE_WIDTH = 6 * mm
"""The column a contents line's page number is right-aligned in: three digits fit."""
CONTENTS_LEADER_GAP = 3.0
"""Points between a leader's last dot and the page number's column."""
CONTENTS_GUTTER = 8 * mm
"""Between the two columns of a long contents list."""
CONTENTS_INDENT = 8.0
"""A `##` entry sits this far in from the `#` entry it belongs to."""
SMALLEST_CELL_SIZE = 6.0
"""A table cell shrinks no further than this to fit its longest word."""
CELL_PADDING = 6.0
"""reportlab's default padding of a table cell, on its left and again on its right."""

TableSource: TypeAlias = Flowable | Callable[[], Flowable]
"""A flowable, or a function making a fresh one each time `::table` asks for it."""


class MarkupError(ValueError):
    pass


@cache
def styles() -> dict[str, ParagraphStyle]:
    """Paragraph styles in the embedded body family: body, bullet, h1, h2, h3."""
    font = register_body_fonts()
    # reportlab's default splits a word wider than its line anywhere ("impassab/le").
    body = ParagraphStyle(
        "body", fontName=font, fontSize=10, leading=13, spaceAfter=5, splitLongWords=0
    )
    heading = ParagraphStyle("heading", parent=body, fontName=BODY_BOLD)
    return {
        "body": body,
        "title": ParagraphStyle("title", parent=heading, fontSize=24, leading=29, spaceAfter=14),
        "contents": ParagraphStyle(
            "contents",
            parent=body,
            fontSize=CONTENTS_SIZE,
            leading=CONTENTS_SIZE * CONTENTS_LEADING,
        ),
        "bullet": ParagraphStyle(
            "bullet", parent=body, leftIndent=12, bulletIndent=3, bulletFontName=font
        ),
        "h1": ParagraphStyle("h1", parent=heading, fontSize=18, leading=22, spaceBefore=12),
        "h2": ParagraphStyle("h2", parent=heading, fontSize=14, leading=18, spaceBefore=10),
        "h3": ParagraphStyle("h3", parent=heading, fontSize=11, leading=14, spaceBefore=8),
    }


class Heading(Paragraph):  # type: ignore[misc]
    """A heading that adds itself to the PDF outline where it is drawn.

    A heading listed in a contents page also writes its page number, once it knows it, into
    the form `contents_form` that the contents page shows: the contents come before the
    text, so their numbers are filled in as the text is laid out, in the same pass.
    """

    def __init__(self, text: str, level: int) -> None:
        super().__init__(inline_markup(text), styles()[f"h{level + 1}"])
        self.title = _INLINE.sub(lambda match: match.group(1) or match.group(2), text)
        self.level = level
        self.contents_form: str | None = None

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """Never: a heading broken over two pages would also leave its first line alone."""
        return []

    def draw(self) -> None:
        add_outline_entry(self.canv, self.title, self.level, top=self.height)
        if self.contents_form is not None:
            _draw_page_number(self.canv, self.contents_form, self.canv.getPageNumber())
        super().draw()


def _draw_page_number(canvas: Canvas, form: str, page: int) -> None:
    """The form a contents line shows: the page number, right-aligned in its column."""
    width, height = _PageNumber.size()
    canvas.beginForm(form, 0, 0, width, height)
    canvas.setFont(BODY, CONTENTS_SIZE)
    canvas.drawRightString(width, CONTENTS_SIZE * CONTENTS_BASELINE, str(page))
    canvas.endForm()


class _PageNumber(Flowable):  # type: ignore[misc]
    """A contents line's page number: the form its heading fills in when it is drawn."""

    def __init__(self, form: str) -> None:
        super().__init__()
        self.form = form

    @staticmethod
    def size() -> tuple[float, float]:
        return CONTENTS_PAGE_WIDTH, CONTENTS_SIZE * CONTENTS_LEADING

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return self.size()

    def draw(self) -> None:
        self.canv.doForm(self.form)


class _KeepWithNext(Flowable):  # type: ignore[misc]
    """Placed before a heading: starts a new page when the heading (and any heading right
    after it) would not fit with the first lines of what follows, so no heading ends a page.

    Unlike reportlab's keepWithNext, a long table after a heading is not moved whole to the
    next page: only its header and first row have to fit. A first piece that cannot be split
    (a figure, a table's tall first row) is kept whole, however tall, unless no page could
    hold it with its heading.
    """

    def __init__(self, kept: list[Flowable]) -> None:
        super().__init__()
        self.kept = kept

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        frame = self._doctemplateAttr("frame")
        if frame is None or getattr(frame, "_atTop", False):
            return 0, 0
        # What no page could hold with its heading is left to flow from where it stands.
        needed = _needed(self.kept, availWidth, frame._aH)
        if availHeight < needed <= frame._aH:
            frame.add_generated_content(FrameBreak)
        return 0, 0

    def draw(self) -> None:
        pass


def _needed(kept: list[Flowable], width: float, height: float) -> float:
    """The height of the headings in `kept` and of the first piece of the flowable after them."""
    total = 0.0
    for flowable in kept:
        total += _first_piece(flowable, width, height)
    return total


def _first_piece(flowable: Flowable, width: float, height: float) -> float:
    """How tall the start of a flowable is: a whole heading, a paragraph's first lines, a
    table's header and first row, a group kept together whole when a page holds it (else the
    start of its first flowable), or all of anything else."""
    content = getattr(flowable, "_content", None)
    if isinstance(content, list) and content:  # KeepTogether and the like
        whole = sum(
            f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in content
        )
        if isinstance(flowable, KeepTogether) and whole <= height:
            return float(whole + flowable.getSpaceBefore())
        return _first_piece(content[0], width, height)
    _, tall = flowable.wrap(width, height)
    before = flowable.getSpaceBefore()
    if isinstance(flowable, Heading):
        return float(tall + before + flowable.getSpaceAfter())
    if isinstance(flowable, Paragraph):
        if _leads_in(flowable):  # a lead-in is kept whole, with the space that follows it
            return float(tall + before + flowable.getSpaceAfter())
        return float(min(tall, FIRST_LINES * flowable.style.leading) + before)
    if isinstance(flowable, Table):
        return float(sum(flowable._rowHeights[: flowable.repeatRows + 1]) + before)
    return float(tall + before)


def data_table(
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    col_widths: Sequence[float] | None = None,
    font_size: float = 8,
    title: str | None = None,
    padding: float = CELL_PADDING,
) -> Table:
    """A ruled table whose header row is repeated on every page it runs onto.

    A `title` is set above the header, in bold across the table, and repeated with it, so a
    table never starts or continues without saying what it is. Every cell is escaped text in
    a Paragraph, so long values wrap between words; a cell whose longest word is wider than
    its column, less the `padding` on either side, is set smaller until it fits (down to
    `SMALLEST_CELL_SIZE`). A blank (None) cell stays empty.
    """
    font = register_body_fonts()
    cell = ParagraphStyle(
        "cell", fontName=font, fontSize=font_size, leading=font_size * 1.2, splitLongWords=0
    )
    head = ParagraphStyle("head", parent=cell, fontName=BODY_BOLD)
    widths = list(col_widths) if col_widths is not None else [None] * len(header)

    def fitted(text: str, style: ParagraphStyle, width: float | None) -> Paragraph:
        size = _word_fitting_size(text, style, None if width is None else width - 2 * padding)
        if size < style.fontSize:
            style = ParagraphStyle(style.name, parent=style, fontSize=size, leading=size * 1.2)
        return Paragraph(escape(text), style)

    data: list[list[Paragraph | str]] = []
    if title is not None:
        caption = ParagraphStyle("caption", parent=head, fontSize=font_size + 1)
        caption.leading = caption.fontSize * 1.2
        data.append([Paragraph(inline_markup(title), caption)] + [""] * (len(header) - 1))
    top = len(data)
    data.append([fitted(text, head, width) for text, width in zip(header, widths, strict=False)])
    data += [
        [fitted(_cell_text(value), cell, width) for value, width in zip(row, widths, strict=False)]
        for row in rows
    ]
    style: list[tuple[object, ...]] = [
        # Cell fonts are set even for Paragraph cells: the default would add Helvetica.
        ("FONT", (0, 0), (-1, -1), cell.fontName, font_size),
        ("GRID", (0, top), (-1, -1), 0.25, colors.grey),
        ("BACKGROUND", (0, top), (-1, top), colors.HexColor("#dddddd")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), padding),
        ("RIGHTPADDING", (0, 0), (-1, -1), padding),
    ]
    if title is not None:
        style += [("SPAN", (0, 0), (-1, 0)), ("LEFTPADDING", (0, 0), (0, 0), 0)]
    return Table(data, colWidths=col_widths, repeatRows=top + 1, style=style)


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
    return "" if value is None else str(value)


def _word_fitting_size(text: str, style: ParagraphStyle, room: float | None) -> float:
    """The style's size, or the smaller one at which the text's longest word fits `room`."""
    if room is None or not text.split():
        return float(style.fontSize)
    widest = max(stringWidth(word, style.fontName, style.fontSize) for word in text.split())
    if widest <= room:
        return float(style.fontSize)
    return float(min(style.fontSize, max(SMALLEST_CELL_SIZE, style.fontSize * room / widest)))


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
            flowables.append(Heading(title, len(hashes) - 1))
        else:
            flowables.append(_directive(*block.parts, line=block.line, tables=tables or {}))
    return _kept_with_next(flowables)


def _kept_with_next(flowables: list[Flowable]) -> list[Flowable]:
    """A `_KeepWithNext` before each run of headings, keeping it with what follows, and
    before each lead-in (a paragraph ending in a colon) to a table or figure, keeping the
    two together; a heading before a lead-in is kept with both."""
    kept: list[Flowable] = []
    for index, flowable in enumerate(flowables):
        starts_run = isinstance(flowable, Heading) and not (
            index and isinstance(flowables[index - 1], Heading)
        )
        if starts_run:
            end = index
            while end < len(flowables) and isinstance(flowables[end], Heading):
                end += 1
            kept.append(_KeepWithNext(flowables[index:end] + _first_block(flowables, end)))
        elif _leads_in(flowable) and len(_first_block(flowables, index)) == 2:
            kept.append(_KeepWithNext(_first_block(flowables, index)))
        kept.append(flowable)
    return kept


def _first_block(flowables: list[Flowable], start: int) -> list[Flowable]:
    """What must start on the same page as whatever comes before `start`: the flowable there
    (none if it breaks the page), and with a lead-in the table or figure it announces."""
    block = flowables[start : start + 1]
    if block and isinstance(block[0], PageBreak | CondPageBreak):
        return []
    after = flowables[start + 1 : start + 2]
    if block and _leads_in(block[0]) and after and not _breaks_or_reads_on(after[0]):
        return block + after
    return block


def _breaks_or_reads_on(flowable: Flowable) -> bool:
    """A page break, or body text that reads on (a bullet list is what a lead-in announces)."""
    if isinstance(flowable, Paragraph) and flowable.style.name == "bullet":
        return False
    return isinstance(flowable, Paragraph | PageBreak | CondPageBreak)


def _leads_in(flowable: Flowable) -> bool:
    """A body paragraph announcing what follows it ("The events:")."""
    return (
        isinstance(flowable, Paragraph)
        and not isinstance(flowable, Heading)
        and flowable.getPlainText().rstrip().endswith(":")
    )


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
    """Write the flowables as a numbered book opening with its title; its headings make the
    PDF outline. A book of `CONTENTS_FROM_PAGES` or more is set again with a contents list
    after the title, the text following on the same page.

    Flowables are used up by a build: make fresh ones for another.
    """
    body = list(flowables)
    opening = Paragraph(inline_markup(title), styles()["title"])

    def write(temporary: Path) -> None:
        pages = _set(
            temporary, paper, [opening, *body], title=title, author=author, subject=subject
        )
        listed = [f for f in body if isinstance(f, Heading) and f.level < CONTENTS_LEVELS]
        if pages < CONTENTS_FROM_PAGES or not listed:
            return
        for number, heading in enumerate(listed):
            heading.contents_form = f"contents-{number}"
        contents = _contents(listed, paper.width - 2 * BOOK_MARGIN)
        book = [opening, *contents, *body]
        _set(temporary, paper, book, title=title, author=author, subject=subject)

    write_atomically(path, write)


def _set(
    target: Path,
    paper: Paper,
    flowables: list[Flowable],
    *,
    title: str,
    author: str,
    subject: str,
) -> int:
    """Lay the flowables out as numbered pages into `target`; return how many pages."""
    document = new_document(
        target, paper, title=title, author=author, subject=subject, margin=BOOK_MARGIN
    )
    frame = Frame(document.leftMargin, document.bottomMargin, document.width, document.height)
    document.addPageTemplates([PageTemplate("page", [frame], onPage=_footer)])
    # A flowable moved to the next page is marked so, and one marked twice is refused: undo
    # the marks after the pass, as reportlab's own multi-pass build does, so the next can
    # use the same flowables.
    undo: list[tuple[Callable[..., object], object, str]] = []
    document._multiBuildEdits = undo.append
    try:
        document.build(list(flowables))
    finally:
        for edit, flowable, name in undo:
            edit(flowable, name)
    return int(document.page)


@dataclass(frozen=True)
class _Leader:
    """The dots from a contents entry to its page number: regular weight after a bold entry
    too, so every line's dots look alike (reportlab's `endDots` reads these attributes)."""

    text: str = " . "
    fontName: str = BODY


def _contents(listed: list[Heading], width: float) -> list[Flowable]:
    """The contents list: each `#` and `##` heading, dots leading to its page; in two
    columns when long."""
    style = ParagraphStyle("contents-entry", parent=styles()["contents"], endDots=_Leader())
    styles_by_level = [
        ParagraphStyle("contents-part", parent=style, fontName=BODY_BOLD),
        ParagraphStyle("contents-section", parent=style, leftIndent=CONTENTS_INDENT),
    ]
    rows = [
        [
            Paragraph(escape(heading.title), styles_by_level[heading.level]),
            _PageNumber(heading.contents_form),
        ]
        for heading in listed
        if heading.contents_form is not None
    ]
    columns = 1 if len(rows) <= CONTENTS_ONE_COLUMN else 2
    per_column = -(-len(rows) // columns)
    lines = [
        [cell for column in range(columns) for cell in _row(rows, column * per_column + line)]
        for line in range(per_column)
    ]
    column_width = (width - CONTENTS_GUTTER * (columns - 1)) / columns
    entry_widths = [column_width - CONTENTS_PAGE_WIDTH, CONTENTS_PAGE_WIDTH]
    table = Table(
        lines,
        colWidths=[
            entry + (CONTENTS_GUTTER if column else 0)
            for column in range(columns)
            for entry in entry_widths
        ],
        style=[
            ("FONT", (0, 0), (-1, -1), style.fontName, CONTENTS_SIZE),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            *[
                ("RIGHTPADDING", (2 * column, 0), (2 * column, -1), CONTENTS_LEADER_GAP)
                for column in range(columns)
            ],
            *[
                ("LEFTPADDING", (2 * column, 0), (2 * column, -1), CONTENTS_GUTTER)
                for column in range(1, columns)
            ],
        ],
        hAlign="LEFT",
    )
    return [Paragraph("Contents", styles()["h2"]), table]


def _row(rows: list[list[Flowable]], index: int) -> list[Flowable | str]:
    """One line of a contents column; blank below the column's last entry."""
    return list(rows[index]) if index < len(rows) else ["", ""]


def _footer(canvas: Canvas, document: BaseDocTemplate) -> None:
    canvas.saveState()
    canvas.setFont(BODY, FOOTER_SIZE)
    canvas.drawCentredString(document.pagesize[0] / 2, BOOK_MARGIN / 2, str(canvas.getPageNumber()))
    canvas.restoreState()
