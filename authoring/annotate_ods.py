"""Marked copies of an OpenDocument spreadsheet (.ods): `annotate.write_marked_copy` for a
workbook LibreOffice keeps in its own format, with the same marks, edits and summary sheets.

An .ods is a zip whose content.xml holds every sheet, so the copy parses that one part,
changes only the cells it is asked to (splitting a run of repeated rows or cells where a
marked cell falls inside one), adds the cell styles it needs to the automatic styles (each
derived from the cell's own, so its number format and font stay) and the summary sheets
before the first sheet, and copies every other part byte for byte, the mimetype first and
uncompressed as the format requires. A comment is an office:annotation; a link in a summary
sheet is a text:a to `#Sheet.A1`. Text is always written as text, never as a formula.
"""

from __future__ import annotations

import copy
import io
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from xml.etree import ElementTree

from authoring.annotate import (
    CellRef,
    CellValue,
    Edit,
    Mark,
    SummaryCell,
    SummarySheet,
    merged_changes,
)
from authoring.files import write_atomically
from authoring.findings import column_letter

NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "dc": "http://purl.org/dc/elements/1.1/",
    "xlink": "http://www.w3.org/1999/xlink",
    "calcext": "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0",
}
_AUTHOR = "authoring"
_CM_PER_CHARACTER = 0.2  # a column `widths` character, as Calc's default font sets it
# The attributes that carry a cell's value, all cleared before a new one is written.
_VALUE_ATTRIBUTES = (
    "office:value-type",
    "office:value",
    "office:string-value",
    "office:boolean-value",
    "office:date-value",
    "office:time-value",
    "office:currency",
    "calcext:value-type",
    "table:formula",
)


def q(name: str) -> str:
    """`prefix:local` as ElementTree's `{namespace}local`."""
    prefix, local = name.split(":")
    return f"{{{NS[prefix]}}}{local}"


def ods_worksheet_names(source: Path) -> list[str]:
    root = _content(source)
    return [table.get(q("table:name"), "") for table in _tables(root)]


def write_marked_copy_ods(
    source: Path,
    output: Path,
    marks: Iterable[Mark],
    edits: Iterable[Edit],
    summaries: Sequence[SummarySheet],
) -> list[str]:
    """`annotate.write_marked_copy` for an .ods `source`: the same contract."""
    if output.exists() and output.samefile(source):
        raise ValueError(f"{output}: a marked copy cannot replace the workbook it copies")
    root = _content(source)
    tables = {table.get(q("table:name"), ""): table for table in _tables(root)}
    styles = _Styles(root)
    for sheet, cells in merged_changes(marks, edits).items():
        if sheet not in tables:
            raise ValueError(f"the workbook has no worksheet {sheet!r}")
        for (row, column), change in sorted(cells.items()):
            cell = _cell_at(tables[sheet], row, column)
            if change.edited:
                _set_value(cell, change.value)
            if change.fill:
                cell.set(
                    q("table:style-name"),
                    styles.filled(_style_of(tables[sheet], cell, column), change.fill),
                )
            if change.comment:
                _annotate(cell, change.comment)
    names = _add_summaries(root, styles, summaries, set(tables))
    text = ElementTree.tostring(root, encoding="UTF-8", xml_declaration=True)
    write_atomically(output, lambda part: _write_package(source, text, part))
    return names


def _content(source: Path) -> ElementTree.Element:
    with zipfile.ZipFile(source) as archive:
        data = archive.read("content.xml")
    # Keep the document's own prefixes: ElementTree would otherwise write ns0, ns1, ...
    for _, (prefix, uri) in ElementTree.iterparse(io.BytesIO(data), events=("start-ns",)):
        if prefix:
            ElementTree.register_namespace(prefix, uri)
    return ElementTree.fromstring(data)


def _tables(root: ElementTree.Element) -> list[ElementTree.Element]:
    body = root.find(f"{q('office:body')}/{q('office:spreadsheet')}")
    return [] if body is None else body.findall(q("table:table"))


# --- finding a cell, splitting repeated runs ---------------------------------------------------


def _rows(
    container: ElementTree.Element,
) -> Iterator[tuple[ElementTree.Element, ElementTree.Element]]:
    """Every row of a table in order, with the element holding it (rows sit in header-row
    and row-group elements too)."""
    for child in container:
        if child.tag == q("table:table-row"):
            yield container, child
        elif child.tag in (
            q("table:table-header-rows"),
            q("table:table-row-group"),
            q("table:table-rows"),
        ):
            yield from _rows(child)


def _count(element: ElementTree.Element, what: str) -> int:
    return max(1, int(element.get(q(f"table:number-{what}-repeated"), "1") or 1))


def _split(
    parent: ElementTree.Element, element: ElementTree.Element, what: str, offset: int
) -> ElementTree.Element:
    """The element standing for the `offset`th (0-based) of the run `element` repeats, made
    a single one, with the rest of the run before and after it."""
    count = _count(element, what)
    if count == 1:
        return element
    attribute = q(f"table:number-{what}-repeated")
    index = list(parent).index(element)
    pieces = []
    for size in (offset, 1, count - offset - 1):
        if size:
            piece = copy.deepcopy(element)
            if size == 1:
                piece.attrib.pop(attribute, None)
            else:
                piece.set(attribute, str(size))
            pieces.append((size, piece))
    parent.remove(element)
    for place, (_, piece) in enumerate(pieces):
        parent.insert(index + place, piece)
    return pieces[1 if offset else 0][1]


def _cell_at(table: ElementTree.Element, row: int, column: int) -> ElementTree.Element:
    found = _row_at(table, row)
    seen = 0
    for cell in list(found):
        if cell.tag not in (q("table:table-cell"), q("table:covered-table-cell")):
            continue
        count = _count(cell, "columns")
        if seen + count >= column:
            return _split(found, cell, "columns", column - seen - 1)
        seen += count
    if column - seen > 1:
        ElementTree.SubElement(
            found,
            q("table:table-cell"),
            {q("table:number-columns-repeated"): str(column - seen - 1)},
        )
    return ElementTree.SubElement(found, q("table:table-cell"))


def _row_at(table: ElementTree.Element, row: int) -> ElementTree.Element:
    seen = 0
    for parent, found in list(_rows(table)):
        count = _count(found, "rows")
        if seen + count >= row:
            return _split(parent, found, "rows", row - seen - 1)
        seen += count
    if row - seen > 1:
        gap = ElementTree.SubElement(
            table, q("table:table-row"), {q("table:number-rows-repeated"): str(row - seen - 1)}
        )
        ElementTree.SubElement(gap, q("table:table-cell"))
    return ElementTree.SubElement(table, q("table:table-row"))


def _style_of(table: ElementTree.Element, cell: ElementTree.Element, column: int) -> str:
    """The cell's style, or else its column's default cell style."""
    if (own := cell.get(q("table:style-name"))) is not None:
        return own
    seen = 0
    for element in table.iter(q("table:table-column")):
        seen += _count(element, "columns")
        if seen >= column:
            return element.get(q("table:default-cell-style-name"), "Default")
    return "Default"


# --- values, comments, styles ------------------------------------------------------------------


def _set_value(cell: ElementTree.Element, value: CellValue) -> None:
    for name in _VALUE_ATTRIBUTES:
        cell.attrib.pop(q(name), None)
    for paragraph in cell.findall(q("text:p")):
        cell.remove(paragraph)
    if value is None:
        return
    if isinstance(value, bool):
        word = "true" if value else "false"
        cell.set(q("office:value-type"), "boolean")
        cell.set(q("office:boolean-value"), word)
        shown = word.upper()
    elif isinstance(value, int | float):
        cell.set(q("office:value-type"), "float")
        cell.set(q("office:value"), repr(value))
        shown = str(value)
    else:
        cell.set(q("office:value-type"), "string")
        shown = value
    cell.set(q("calcext:value-type"), cell.get(q("office:value-type"), "string"))
    _paragraph(cell, shown)


def _paragraph(parent: ElementTree.Element, text: str) -> ElementTree.Element:
    paragraph = ElementTree.SubElement(parent, q("text:p"))
    paragraph.text = text
    return paragraph


def _annotate(cell: ElementTree.Element, comment: str) -> None:
    note = cell.find(q("office:annotation"))
    if note is None:
        note = ElementTree.Element(q("office:annotation"))
        ElementTree.SubElement(note, q("dc:creator")).text = _AUTHOR
        cell.insert(0, note)
    else:
        _paragraph(note, "")
    for line in comment.split("\n"):
        _paragraph(note, line)


class _Styles:
    """The automatic cell styles the copy adds, each made once."""

    def __init__(self, root: ElementTree.Element) -> None:
        found = root.find(q("office:automatic-styles"))
        if found is None:
            found = ElementTree.Element(q("office:automatic-styles"))
            root.insert(1, found)
        self.automatic = found
        self.by_name = {s.get(q("style:name"), ""): s for s in found.findall(q("style:style"))}
        self.made: dict[tuple[str, ...], str] = {}

    def filled(self, base: str, fill: str) -> str:
        """A cell style like `base` with a solid `fill` (RRGGBB) behind the text."""
        return self._derived(
            ("fill", base, fill),
            base,
            {"table-cell-properties": {"fo:background-color": f"#{fill}"}},
        )

    def bold(self) -> str:
        return self._derived(("bold",), "Default", {"text-properties": {"fo:font-weight": "bold"}})

    def column(self, characters: float) -> str:
        key = ("column", f"{characters:g}")
        if key not in self.made:
            name = self._name()
            style = ElementTree.SubElement(
                self.automatic,
                q("style:style"),
                {q("style:name"): name, q("style:family"): "table-column"},
            )
            ElementTree.SubElement(
                style,
                q("style:table-column-properties"),
                {q("style:column-width"): f"{characters * _CM_PER_CHARACTER:.2f}cm"},
            )
            self.made[key] = name
        return self.made[key]

    def _derived(
        self, key: tuple[str, ...], base: str, properties: dict[str, dict[str, str]]
    ) -> str:
        if key in self.made:
            return self.made[key]
        name = self._name()
        if base in self.by_name:  # an automatic style: copied whole, so its formats stay
            style = copy.deepcopy(self.by_name[base])
            style.set(q("style:name"), name)
        else:  # a named style (styles.xml): the new one inherits from it
            style = ElementTree.Element(
                q("style:style"),
                {
                    q("style:name"): name,
                    q("style:family"): "table-cell",
                    q("style:parent-style-name"): base,
                },
            )
        for kind, values in properties.items():
            holder = style.find(q(f"style:{kind}"))
            if holder is None:
                holder = ElementTree.SubElement(style, q(f"style:{kind}"))
            for attribute, value in values.items():
                holder.set(q(attribute), value)
        self.automatic.append(style)
        self.by_name[name] = style
        self.made[key] = name
        return name

    def _name(self) -> str:
        number = len(self.made) + 1
        while f"authoring{number}" in self.by_name:
            number += 1
        self.by_name[f"authoring{number}"] = ElementTree.Element("reserved")
        return f"authoring{number}"


# --- summary sheets ----------------------------------------------------------------------------


def _add_summaries(
    root: ElementTree.Element, styles: _Styles, summaries: Sequence[SummarySheet], taken: set[str]
) -> list[str]:
    body = root.find(f"{q('office:body')}/{q('office:spreadsheet')}")
    assert body is not None, "an .ods read by the reader has a spreadsheet body"
    first = next((i for i, child in enumerate(body) if child.tag == q("table:table")), len(body))
    names = []
    for place, summary in enumerate(summaries):
        name = _unique(summary.name, taken)
        taken.add(name)
        names.append(name)
        body.insert(first + place, _summary_table(name, summary, styles))
    return names


def _unique(name: str, taken: set[str]) -> str:
    number, candidate = 1, name
    while candidate in taken:
        number += 1
        suffix = f" ({number})"
        candidate = name[: 31 - len(suffix)] + suffix
    return candidate


def _summary_table(name: str, summary: SummarySheet, styles: _Styles) -> ElementTree.Element:
    table = ElementTree.Element(q("table:table"), {q("table:name"): name})
    for width in summary.widths:
        ElementTree.SubElement(
            table, q("table:table-column"), {q("table:style-name"): styles.column(width)}
        )
    header = ElementTree.SubElement(table, q("table:table-row"))
    for title in summary.header:
        cell = ElementTree.SubElement(
            header, q("table:table-cell"), {q("table:style-name"): styles.bold()}
        )
        _set_value(cell, title)
    for entries in summary.rows:
        row = ElementTree.SubElement(table, q("table:table-row"))
        for entry in entries:
            cell = ElementTree.SubElement(row, q("table:table-cell"))
            given = entry if isinstance(entry, SummaryCell) else SummaryCell(entry)
            shown = given.value
            if given.link is not None and shown is None:
                shown = f"{given.link.sheet}!{given.link.a1}"
            _set_value(cell, shown)
            if given.link is not None:
                _link(cell, given.link)
            if given.fill:
                cell.set(q("table:style-name"), styles.filled("Default", given.fill))
    return table


def _link(cell: ElementTree.Element, target: CellRef) -> None:
    """The cell's text made a link to `target`, as Calc writes one: `#'Sheet'.A1`."""
    paragraph = cell.find(q("text:p"))
    if paragraph is None:
        paragraph = _paragraph(cell, target.a1)
    sheet = target.sheet.replace("'", "''")
    anchor = ElementTree.SubElement(
        paragraph,
        q("text:a"),
        {
            q("xlink:href"): f"#'{sheet}'.{column_letter(target.column)}{target.row}",
            q("xlink:type"): "simple",
        },
    )
    anchor.text, paragraph.text = paragraph.text, None


def _write_package(source: Path, content: bytes, target: Path) -> None:
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        members = old.infolist()
        ordered = sorted(members, key=lambda member: member.filename != "mimetype")
        for member in ordered:
            data = content if member.filename == "content.xml" else old.read(member.filename)
            kind = zipfile.ZIP_STORED if member.filename == "mimetype" else zipfile.ZIP_DEFLATED
            new.writestr(member, data, compress_type=kind)
