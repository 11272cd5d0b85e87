"""Marked copies of a designer's workbook: cells highlighted and commented, values changed, and
summary sheets inserted first, with links to the cells they talk about.

`write_marked_copy` is the primitive that `annotate`, `derive` and `diff` share: they say which
cells to mark (`Mark`: a fill colour and/or a comment), which values to change (`Edit`) and which
summary sheets to put in front (`SummarySheet`), and never see the xlsx format.
`write_annotated` uses it to show validation findings in the designer's own workbook.

Why edit the xlsx package instead of going through openpyxl: openpyxl rebuilds the whole workbook
from its object model, which on a 100,000-row sheet takes far longer than a designer will wait
(its read-only load alone is about 8 s, a full load and save about 20 s), and it drops what it
does not model (shapes, form controls, slicers, threaded comments, many extensions). An xlsx is
a zip of XML parts, so the copy streams every part it does not change,
patches only the rows of a sheet that carry marks in one pass of regular expressions over that
sheet's XML, appends the cell formats it needs to styles.xml (each derived from the cell's own
format, so number formats, fonts and borders stay) and adds the parts that are new: comments,
the VML drawing Excel needs to show legacy comments, relationships and the summary sheets.
Everything the copy does not mention stays byte for byte the designer's. Annotating that sheet
with 1,000 findings takes about half a second (`bench/annotate_100k.py`).

Text is always written as an inline string, never as a formula, so a message or value beginning
with `=`, `+`, `-` or `@` cannot run (text beginning so also gets Excel's quote prefix, which keeps
it text when the cell is edited). The source file is only ever opened for reading.
"""

from __future__ import annotations

import math
import posixpath
import re
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import IO, Literal
from urllib.parse import unquote
from xml.etree import ElementTree
from xml.sax.saxutils import escape

from authoring.files import write_atomically
from authoring.findings import Finding, Severity, column_letter
from authoring.tables import HEADER_ROW
from authoring.validate import FINDINGS_SHEET
from authoring.workbook import UnreadableWorkbook, check_readable

# Light fills in the spirit of Excel's own "Bad" and "Neutral" cell styles: the cell's text,
# whatever its font colour, stays readable on them.
ERROR_FILL = "FFC7CE"
WARNING_FILL = "FFEB9C"
# For cells a command changed (derive, diff): light blue, unlike the template's grey headers.
CHANGE_FILL = "BDD7EE"

CellValue = str | int | float | bool | None

_MAX_ROW = 1_048_576
_MAX_COLUMN = 16_384
_FORMULA_STARTS = ("=", "+", "-", "@")
_SHEET_NAME_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")
_AUTHOR = "authoring"
_RGB = re.compile(r"[0-9A-Fa-f]{6}")

_MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_RELATIONSHIPS_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
_REL_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
_WORKSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
_COMMENTS_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml"
_VML_TYPE = "application/vnd.openxmlformats-officedocument.vmlDrawing"
_VML_NAMESPACES = {
    "v": "urn:schemas-microsoft-com:vml",
    "o": "urn:schemas-microsoft-com:office:office",
    "x": "urn:schemas-microsoft-com:office:excel",
}
_XML_DECLARATION = b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


# ---------------------------------------------------------------------------------------------
# What a caller asks for


@dataclass(frozen=True, order=True)
class CellRef:
    """One cell of a worksheet of the workbook being copied; row and column are 1-based."""

    sheet: str
    row: int
    column: int

    def __post_init__(self) -> None:
        if not (1 <= self.row <= _MAX_ROW and 1 <= self.column <= _MAX_COLUMN):
            raise ValueError(
                f"row {self.row}, column {self.column} of {self.sheet!r} is outside a worksheet"
            )

    @property
    def a1(self) -> str:
        return f"{column_letter(self.column)}{self.row}"

    @property
    def location(self) -> str:
        """The cell as an internal hyperlink names it: `'Sheet name'!D7`."""
        quoted = self.sheet.replace("'", "''")
        return f"'{quoted}'!{self.a1}"


@dataclass(frozen=True)
class Mark:
    """A cell to fill with a solid colour (`fill`, RRGGBB) and/or to give a comment.

    Several marks on one cell make one comment (their texts in order) and take the first fill.
    A comment already on the cell is kept, with the new text after it. (Excel 365 shows a cell's
    threaded comment, if it has one, instead of this text; other programs show the text.)
    """

    cell: CellRef
    fill: str | None = None
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_colour(self.fill)


@dataclass(frozen=True)
class Edit:
    """A cell's new value (None clears it). A row past the end of the sheet is appended.

    Text is stored as text even when it looks like a formula or a number.
    """

    cell: CellRef
    value: CellValue

    def __post_init__(self) -> None:
        _check_value(self.value)


@dataclass(frozen=True)
class SummaryCell:
    """A summary sheet's cell that is more than a value: a link to a cell, a fill, or both.

    A link without a value shows the cell it leads to, as `Sheet!D7`.
    """

    value: CellValue
    link: CellRef | None = None
    fill: str | None = None

    def __post_init__(self) -> None:
        _check_value(self.value)
        _check_colour(self.fill)


@dataclass(frozen=True)
class SummarySheet:
    """A new sheet put before the workbook's own: a bold header row, then one row per entry.

    The name is made unique if the workbook already has a sheet of that name ("Findings (2)").
    `widths` are column widths in characters, from column A.
    """

    name: str
    header: Sequence[str]
    rows: Sequence[Sequence[CellValue | SummaryCell]]
    widths: Sequence[float] = ()

    def __post_init__(self) -> None:
        if not self.name or len(self.name) > 31 or _SHEET_NAME_FORBIDDEN.search(self.name):
            raise ValueError(f"{self.name!r} cannot name a sheet")


def _check_colour(colour: str | None) -> None:
    if colour is not None and not _RGB.fullmatch(colour):
        raise ValueError(f"fill {colour!r} is not an RRGGBB colour")


def _check_value(value: CellValue) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{value} cannot be stored in a cell")


# ---------------------------------------------------------------------------------------------
# Findings


def write_annotated(source: Path, findings: Sequence[Finding], output: Path) -> None:
    """Copy `source` to `output` with every finding shown where it is.

    Each finding's cell is filled (error red, warning amber; a cell with several findings takes
    the worst colour) and commented with every message on it and what was expected. A first
    sheet, "Findings", lists them all in the order given, each linked to its cell. A finding on a
    whole sheet or column is shown on its header cell; one on the workbook or on a sheet the
    workbook lacks is listed without a link.
    """
    worksheets = set(worksheet_names(source))
    on_cell: dict[CellRef, list[Finding]] = {}
    rows: list[list[CellValue | SummaryCell]] = []
    for finding in findings:
        cell = _finding_cell(finding, worksheets)
        if cell is not None:
            on_cell.setdefault(cell, []).append(finding)
        rows.append(_finding_row(finding, cell))
    marks = [
        Mark(cell, fill=_severity_fill(_worst(found)), comment=_finding_note(found))
        for cell, found in on_cell.items()
    ]
    summary = SummarySheet(
        FINDINGS_SHEET,
        ("severity", "sheet", "cell", "message", "value", "expected"),
        rows,
        widths=(10, 18, 9, 90, 20, 40),
    )
    write_marked_copy(source, output, marks=marks, summaries=[summary])


def _finding_cell(finding: Finding, worksheets: set[str]) -> CellRef | None:
    """Where a finding is shown: its cell, or the header cell of its sheet or column."""
    place = finding.location
    if place.sheet is None or place.sheet not in worksheets:
        return None
    return CellRef(place.sheet, place.row or HEADER_ROW, place.column or 1)


def _finding_row(finding: Finding, cell: CellRef | None) -> list[CellValue | SummaryCell]:
    return [
        SummaryCell(str(finding.severity), fill=_severity_fill(finding.severity)),
        finding.sheet,
        SummaryCell(cell.a1, link=cell) if cell is not None else finding.cell,
        finding.message,
        _summary_value(finding.value),
        finding.expected,
    ]


def _summary_value(value: object) -> CellValue:
    """A finding's value as a cell holds it; anything else (an Excel error, a date) as text."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    return str(value)


def _worst(findings: Sequence[Finding]) -> Severity:
    if any(f.severity is Severity.ERROR for f in findings):
        return Severity.ERROR
    return Severity.WARNING


def _severity_fill(severity: Severity) -> str:
    return ERROR_FILL if severity is Severity.ERROR else WARNING_FILL


def _finding_note(findings: Sequence[Finding]) -> str:
    return "\n\n".join(_finding_note_entry(finding) for finding in findings)


def _finding_note_entry(finding: Finding) -> str:
    text = f"{finding.severity.capitalize()}: {finding.message}"
    # Schema messages already end "(expected ...)"; saying it twice would only add noise.
    if finding.expected and finding.expected not in finding.message:
        text += f"\nExpected: {finding.expected.rstrip('.')}."
    return text


# ---------------------------------------------------------------------------------------------
# The marked copy


def worksheet_names(source: Path) -> list[str]:
    """The workbook's worksheets, in tab order (chart sheets left out)."""
    if check_readable(source) == "ods":
        from authoring.annotate_ods import ods_worksheet_names

        return ods_worksheet_names(source)
    with _open_package(source) as archive:
        return [sheet.name for sheet in _Package(archive).sheets if sheet.is_worksheet]


def write_marked_copy(
    source: Path,
    output: Path,
    *,
    marks: Iterable[Mark] = (),
    edits: Iterable[Edit] = (),
    summaries: Sequence[SummarySheet] = (),
) -> list[str]:
    """Write a copy of the xlsx or ods `source` to `output` with marks, edits and summary
    sheets (an .ods through `annotate_ods`, in its own format).

    Summary sheets come first, in the order given, and the first is the active one. Returns the
    names the summary sheets were given. An edit replaces whatever the cell held, formula
    included; with any edit, Excel is asked to recalculate every formula when it opens the copy.
    Raises ValueError when a mark or edit names a sheet the workbook does not have or would break
    a formula other cells share, and `UnreadableWorkbook` when `source` is not an xlsx package.
    Nothing is written then.
    """
    if output.exists() and output.samefile(source):
        raise ValueError(f"{output}: a marked copy cannot replace the workbook it copies")
    if check_readable(source) == "ods":
        from authoring.annotate_ods import write_marked_copy_ods

        return write_marked_copy_ods(source, output, marks, edits, summaries)
    with _open_package(source) as archive:
        package = _Package(archive)
        changes = _Changes(package)
        by_sheet = _cell_changes(package, marks, edits)
        for sheet, cells in by_sheet.items():
            changes.patch_sheet(sheet, cells)
        names = changes.add_summaries(summaries)
        if any(cell.edited for cells in by_sheet.values() for cell in cells.values()):
            changes.ask_for_recalculation()
        changes.finish()
        write_atomically(output, lambda temporary: _write_package(package, changes, temporary))
    return names


def _open_package(source: Path) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(source)
    except (OSError, zipfile.BadZipFile) as error:
        raise UnreadableWorkbook(f"{source}: not a readable xlsx workbook: {error}") from error


@dataclass
class CellChange:
    """All that happens to one cell: a fill, a comment, a new value."""

    fill: str | None = None
    comment: str | None = None
    edited: bool = False
    value: CellValue = None


def merged_changes(
    marks: Iterable[Mark], edits: Iterable[Edit]
) -> dict[str, dict[tuple[int, int], CellChange]]:
    """Per sheet name and cell, every mark and edit on it merged into one change: the first
    fill, the comments in order, the last value (what either format's copy then writes)."""
    changes: dict[str, dict[tuple[int, int], CellChange]] = {}

    def change_at(cell: CellRef) -> CellChange:
        on_sheet = changes.setdefault(cell.sheet, {})
        return on_sheet.setdefault((cell.row, cell.column), CellChange())

    for mark in marks:
        change = change_at(mark.cell)
        change.fill = change.fill or mark.fill
        if mark.comment:
            change.comment = (
                f"{change.comment}\n\n{mark.comment}" if change.comment else mark.comment
            )
    for edit in edits:
        change = change_at(edit.cell)
        change.edited, change.value = True, edit.value
    return changes


def _cell_changes(
    package: _Package, marks: Iterable[Mark], edits: Iterable[Edit]
) -> dict[_SheetEntry, dict[tuple[int, int], CellChange]]:
    """The marks and edits per worksheet of the package."""
    sheets = {sheet.name: sheet for sheet in package.sheets if sheet.is_worksheet}
    changes = {}
    for name, cells in merged_changes(marks, edits).items():
        if name not in sheets:
            raise ValueError(f"the workbook has no worksheet {name!r}")
        changes[sheets[name]] = cells
    return changes


@dataclass(frozen=True)
class _SheetEntry:
    name: str
    part: str
    is_worksheet: bool


@dataclass(frozen=True)
class _Relationship:
    id: str
    type: str  # the last segment of the type URI: "worksheet", "comments", "vmlDrawing"
    target: str  # the part it points to; empty for an external target


class _Package:
    """The source xlsx, open for reading: its part names, workbook part and sheets."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.members = {info.filename: info for info in archive.infolist()}
        self.workbook_part = self._workbook_part()
        self.workbook_rels_part = _rels_part(self.workbook_part)
        self.workbook_rels = self.relationships(self.workbook_part)
        self.sheets = self._sheets()

    def read(self, part: str) -> bytes:
        if part not in self.members:
            raise UnreadableWorkbook(f"the workbook has no part {part}")
        return self.archive.read(self.members[part])

    def relationships(self, part: str) -> list[_Relationship]:
        rels_part = _rels_part(part)
        if rels_part not in self.members:
            return []
        root = ElementTree.fromstring(self.read(rels_part))
        found = []
        for rel in root.iter(f"{{{_RELATIONSHIPS_NS}}}Relationship"):
            target = rel.get("Target", "")
            external = rel.get("TargetMode") == "External"
            found.append(
                _Relationship(
                    rel.get("Id", ""),
                    rel.get("Type", "").rsplit("/", 1)[-1],
                    "" if external else _resolve(part, target),
                )
            )
        return found

    def _workbook_part(self) -> str:
        for rel in self.relationships(""):
            if rel.type == "officeDocument":
                return rel.target
        return "xl/workbook.xml"

    def _sheets(self) -> list[_SheetEntry]:
        root = ElementTree.fromstring(self.read(self.workbook_part))
        targets = {rel.id: rel for rel in self.workbook_rels}
        sheets = []
        for sheet in root.iterfind("{*}sheets/{*}sheet"):
            rel_id = next((v for k, v in sheet.attrib.items() if k.endswith("}id")), "")
            rel = targets.get(rel_id)
            if rel is None:
                continue
            sheets.append(_SheetEntry(sheet.get("name", ""), rel.target, rel.type == "worksheet"))
        return sheets


def _rels_part(part: str) -> str:
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", f"{name}.rels")


def _resolve(source_part: str, target: str) -> str:
    """The part a relationship target names, relative to the part that holds it."""
    target = unquote(target)
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(source_part), target))


def _relative(source_part: str, target_part: str) -> str:
    return posixpath.relpath(target_part, posixpath.dirname(source_part) or ".")


# ---------------------------------------------------------------------------------------------
# The changes to the package


class _Changes:
    """Every part the copy replaces, adds or leaves out, built before anything is written."""

    def __init__(self, package: _Package) -> None:
        self.package = package
        self.replaced: dict[str, bytes] = {}
        self.added: dict[str, bytes] = {}
        self.removed: set[str] = set()
        self.content_types: list[bytes] = []
        self.workbook_rels: list[bytes] = []
        self.new_sheets: list[tuple[str, int, str]] = []  # name, sheetId, relationship id
        # Sheets other than the new first one lose their "selected" flag, else Excel would
        # open with several sheets grouped, and typing in one would change them all.
        self.unselect_sheets = False
        self.recalculate = False
        self.styles = _Styles(package.read(self._styles_part()))

    def _styles_part(self) -> str:
        for rel in self.package.workbook_rels:
            if rel.type == "styles":
                return rel.target
        raise UnreadableWorkbook("the workbook has no styles part")

    def fresh_part(self, pattern: str) -> str:
        """An unused part name from a pattern such as `xl/comments{}.xml`."""
        taken = {name.lower() for name in [*self.package.members, *self.added]}
        number = 1
        while pattern.format(number).lower() in taken:
            number += 1
        return pattern.format(number)

    def patch_sheet(self, sheet: _SheetEntry, cells: dict[tuple[int, int], CellChange]) -> None:
        xml = self.package.read(sheet.part)
        notes = {cell: change.comment for cell, change in cells.items() if change.comment}
        drawing_id = None
        if notes:
            drawing_id = self._comment_parts(sheet, xml, notes)
        rows: dict[int, dict[int, CellChange]] = {}
        for (row, column), change in cells.items():
            rows.setdefault(row, {})[column] = change
        self.replaced[sheet.part] = _patch_worksheet(xml, rows, self.styles, drawing_id)

    def _comment_parts(
        self, sheet: _SheetEntry, xml: bytes, notes: dict[tuple[int, int], str]
    ) -> str | None:
        """Write the sheet's comments and VML drawing; the id of a new legacyDrawing, if any."""
        rels = self.package.relationships(sheet.part)
        by_id = {rel.id: rel for rel in rels}
        comments = next((rel.target for rel in rels if rel.type == "comments"), None)
        drawing_id = _legacy_drawing_id(_sheet_tail(xml))
        drawing = by_id[drawing_id].target if drawing_id in by_id else None
        new_rels: list[tuple[str, str, str]] = []
        taken_ids = set(by_id)
        if comments is None:
            comments = self.fresh_part("xl/comments{}.xml")
            self.added[comments] = b""
            self.content_types.append(_override(comments, _COMMENTS_TYPE))
            new_rels.append((_fresh_id(taken_ids), "comments", comments))
        existing = self.package.read(comments) if comments in self.package.members else None
        self._put(comments, _merge_comments(existing, notes))
        new_drawing_id = None
        if drawing is None:
            drawing = self.fresh_part("xl/drawings/vmlDrawing{}.vml")
            self.added[drawing] = b""
            new_drawing_id = _fresh_id(taken_ids)
            new_rels.append((new_drawing_id, "vmlDrawing", drawing))
        existing = self.package.read(drawing) if drawing in self.package.members else None
        self._put(drawing, _merge_vml(existing, notes))
        if new_rels:
            rels_part = _rels_part(sheet.part)
            rels_xml = (
                self.package.read(rels_part)
                if rels_part in self.package.members
                else _XML_DECLARATION + f'<Relationships xmlns="{_RELATIONSHIPS_NS}"/>'.encode()
            )
            elements = [
                _relationship(rel_id, kind, _relative(sheet.part, target))
                for rel_id, kind, target in new_rels
            ]
            self._put(rels_part, _append_children(rels_xml, "Relationships", elements))
        return new_drawing_id

    def _put(self, part: str, data: bytes) -> None:
        if part in self.package.members:
            self.replaced[part] = data
        else:
            self.added[part] = data

    def add_summaries(self, summaries: Sequence[SummarySheet]) -> list[str]:
        taken = {sheet.name.lower() for sheet in self.package.sheets}
        taken_ids = {rel.id for rel in self.package.workbook_rels}
        next_sheet_id = self._max_sheet_id() + 1
        known = {sheet.name for sheet in self.package.sheets if sheet.is_worksheet}
        names = []
        for position, summary in enumerate(summaries):
            name = _unique_sheet_name(summary.name, taken)
            taken.add(name.lower())
            part = self.fresh_part("xl/worksheets/sheet{}.xml")
            self.added[part] = _summary_xml(summary, self.styles, known, selected=position == 0)
            rel_id = _fresh_id(taken_ids)
            self.workbook_rels.append(
                _relationship(rel_id, "worksheet", _relative(self.package.workbook_part, part))
            )
            self.content_types.append(_override(part, _WORKSHEET_TYPE))
            self.new_sheets.append((name, next_sheet_id, rel_id))
            next_sheet_id += 1
            names.append(name)
        self.unselect_sheets = bool(summaries)
        return names

    def _max_sheet_id(self) -> int:
        found = re.findall(rb'\bsheetId="(\d+)"', self.package.read(self.package.workbook_part))
        return max((int(number) for number in found), default=0)

    def ask_for_recalculation(self) -> None:
        """Formulas may read changed cells: have Excel recompute, and drop the stale calc chain."""
        self.recalculate = True
        for rel in self.package.workbook_rels:
            if rel.type == "calcChain" and rel.target in self.package.members:
                self.removed.add(rel.target)
                rels = self.replaced.get(
                    self.package.workbook_rels_part,
                    self.package.read(self.package.workbook_rels_part),
                )
                self.replaced[self.package.workbook_rels_part] = _remove_relationship(rels, rel.id)

    def finish(self) -> None:
        """The workbook, its relationships and the content types, once all parts are known."""
        package = self.package
        if self.styles.changed:
            self.replaced[self._styles_part()] = self.styles.to_xml()
        if self.new_sheets or self.recalculate:
            self.replaced[package.workbook_part] = _patch_workbook(
                package.read(package.workbook_part), self.new_sheets, self.recalculate
            )
        if self.workbook_rels:
            rels = self.replaced.get(
                package.workbook_rels_part, package.read(package.workbook_rels_part)
            )
            self.replaced[package.workbook_rels_part] = _append_children(
                rels, "Relationships", self.workbook_rels
            )
        types_xml = package.read("[Content_Types].xml")
        if any(part.endswith(".vml") for part in self.added) and not re.search(
            rb'Extension="vml"', types_xml, re.IGNORECASE
        ):
            self.content_types.append(
                f'<Default Extension="vml" ContentType="{_VML_TYPE}"/>'.encode()
            )
        for part in self.removed:
            types_xml = re.sub(
                rb'<(?:[\w.-]+:)?Override\b[^>]*PartName="/'
                + re.escape(part.encode())
                + rb'"[^>]*/>',
                b"",
                types_xml,
            )
        if self.content_types or self.removed:
            self.replaced["[Content_Types].xml"] = _append_children(
                types_xml, "Types", self.content_types
            )


def _fresh_id(taken: set[str]) -> str:
    number = 1
    while f"rId{number}" in taken:
        number += 1
    taken.add(f"rId{number}")
    return f"rId{number}"


def _unique_sheet_name(name: str, taken: set[str]) -> str:
    candidate, number = name, 2
    while candidate.lower() in taken:
        suffix = f" ({number})"
        candidate = name[: 31 - len(suffix)] + suffix
        number += 1
    return candidate


def _relationship(rel_id: str, kind: str, target: str) -> bytes:
    return (
        f'<Relationship Id="{rel_id}" Type="{_REL_TYPE}{kind}" Target="{_attr(target)}"/>'
    ).encode()


def _override(part: str, content_type: str) -> bytes:
    return f'<Override PartName="/{_attr(part)}" ContentType="{content_type}"/>'.encode()


def _remove_relationship(rels: bytes, rel_id: str) -> bytes:
    pattern = (
        rb'<(?:[\w.-]+:)?Relationship\b[^>]*\bId="' + re.escape(rel_id.encode()) + rb'"[^>]*/>'
    )
    return re.sub(pattern, b"", rels)


# ---------------------------------------------------------------------------------------------
# Writing the copy


def _write_package(package: _Package, changes: _Changes, temporary: Path) -> None:
    # New parts carry the workbook part's timestamp, so the same input gives the same copy.
    stamp = package.members[package.workbook_part].date_time
    sheet_parts = {sheet.part for sheet in package.sheets}
    with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as target:
        for info in package.archive.infolist():
            name = info.filename
            if name in changes.removed:
                continue
            if name in changes.replaced:
                data = changes.replaced[name]
                if changes.unselect_sheets and name in sheet_parts:
                    data = _unselect(data)
                target.writestr(_member(name, info.date_time, info.compress_type), data)
            elif changes.unselect_sheets and name in sheet_parts:
                _copy_member(package.archive, info, target, unselect=True)
            else:
                _copy_member(package.archive, info, target, unselect=False)
        for name, data in changes.added.items():
            target.writestr(_member(name, stamp, zipfile.ZIP_DEFLATED), data)


def _member(
    name: str, date_time: tuple[int, int, int, int, int, int], kind: int
) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time)
    info.compress_type = zipfile.ZIP_STORED if kind == zipfile.ZIP_STORED else zipfile.ZIP_DEFLATED
    return info


_COPY_CHUNK = 1 << 20


def _copy_member(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, target: zipfile.ZipFile, *, unselect: bool
) -> None:
    """Stream one part across; a sheet's head (before its cells) may lose its selected flag."""
    member = _member(info.filename, info.date_time, info.compress_type)
    member.file_size = info.file_size  # lets zipfile decide on zip64 as it would for the original
    with archive.open(info) as reader, target.open(member, "w") as writer:
        if unselect:
            _copy_unselected_head(reader, writer)
        while chunk := reader.read(_COPY_CHUNK):
            writer.write(chunk)


def _copy_unselected_head(reader: IO[bytes], writer: IO[bytes]) -> None:
    head = b""
    while b"sheetData" not in head and (chunk := reader.read(_COPY_CHUNK)):
        head += chunk
    writer.write(_unselect(head))


_TAB_SELECTED = re.compile(rb'(<(?:[\w.-]+:)?sheetView\b[^>]*?)\s+tabSelected="(?:1|true)"')


def _unselect(xml: bytes) -> bytes:
    """The sheet's views without the selected flag (only views come before the cells)."""
    cells = xml.find(b"sheetData")
    head_end = len(xml) if cells < 0 else cells
    return _TAB_SELECTED.sub(rb"\1", xml[:head_end]) + xml[head_end:]


# ---------------------------------------------------------------------------------------------
# XML by hand: the parts are patched as bytes, so everything not touched stays as it was


_ATTRIBUTE = re.compile(rb'([\w:.-]+)\s*=\s*(?:"([^"]*)"|\'([^\']*)\')')


def _attributes(text: bytes) -> dict[bytes, bytes]:
    return {m[1]: m[2] if m[2] is not None else m[3] for m in _ATTRIBUTE.finditer(text)}


def _attributes_xml(attributes: dict[bytes, bytes]) -> bytes:
    return b"".join(b' %s="%s"' % (name, value) for name, value in attributes.items())


def _set_attributes(tag: bytes, values: dict[bytes, bytes]) -> bytes:
    """A start tag with some attributes set, the others untouched."""
    for name, value in values.items():
        pattern = re.compile(rb"(\s" + re.escape(name) + rb'\s*=\s*)(?:"[^"]*"|\'[^\']*\')')
        found = pattern.search(tag)
        if found is not None:
            tag = tag[: found.start()] + found[1] + b'"' + value + b'"' + tag[found.end() :]
        else:
            end = len(tag) - (2 if tag.endswith(b"/>") else 1)
            tag = tag[:end].rstrip() + b' %s="%s"' % (name, value) + tag[end:]
    return tag


def _root_prefix(xml: bytes, local_name: bytes) -> bytes:
    """The namespace prefix of the root element (`x:` in `<x:worksheet>`), usually empty."""
    match = _root_tag(xml, local_name)
    return (match[1] or b"") if match else b""


def _root_tag(xml: bytes, local_name: bytes) -> re.Match[bytes] | None:
    """The root element's start tag; it comes first, so the search stops early."""
    return re.search(rb"<([\w.-]+:)?" + local_name + rb"\b[^>]*>", xml)


def _namespace_prefix(xml: bytes, namespace: str) -> bytes | None:
    match = re.search(rb'xmlns:([\w.-]+)="' + re.escape(namespace.encode()) + rb'"', xml)
    return match[1] if match else None


def _append_children(xml: bytes, container: str, children: Sequence[bytes]) -> bytes:
    """`children` added at the end of the (only) `container` element."""
    if not children:
        return xml
    joined = b"".join(children)
    name = re.escape(container.encode())
    closing = list(re.finditer(rb"</(?:[\w.-]+:)?" + name + rb"\s*>", xml))
    if closing:
        at = closing[-1].start()
        return xml[:at] + joined + xml[at:]
    empty = re.search(rb"<((?:[\w.-]+:)?" + name + rb")\b([^>]*?)\s*/>", xml)
    if empty is None:
        raise UnreadableWorkbook(f"no <{container}> element where one is required")
    whole = b"<%s%s>%s</%s>" % (empty[1], empty[2], joined, empty[1])
    return xml[: empty.start()] + whole + xml[empty.end() :]


_ILLEGAL_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_LOOKS_ESCAPED = re.compile("_(x[0-9A-Fa-f]{4}_)")


def _text(text: str) -> bytes:
    """Text as a spreadsheet stores it in XML.

    Characters XML cannot hold are written as Excel's `_xHHHH_` escapes, and text that already
    looks like one is itself escaped, so every reader gets back exactly the text written.
    """
    text = _LOOKS_ESCAPED.sub(r"_x005F_\1", text)
    text = _ILLEGAL_XML.sub(lambda m: f"_x{ord(m[0]):04X}_", text)
    text = _SURROGATE.sub("\ufffd", text)
    return escape(text).encode()


def _attr(text: str) -> str:
    return escape(text, {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})


def _text_element(prefix: bytes, text: str) -> bytes:
    # Without the marker a reader may drop spaces and line breaks at either end.
    space = b' xml:space="preserve"' if text != text.strip() else b""
    return b"<%st%s>%s</%st>" % (prefix, space, _text(text), prefix)


def _needs_quote_prefix(value: CellValue) -> bool:
    return isinstance(value, str) and value.startswith(_FORMULA_STARTS)


def _value_xml(prefix: bytes, value: CellValue) -> tuple[bytes | None, bytes]:
    """The `t` attribute and content of a cell holding `value`; text is inline, never a formula."""
    if value is None:
        return None, b""
    if isinstance(value, bool):
        return b"b", b"<%sv>%d</%sv>" % (prefix, value, prefix)
    if isinstance(value, int | float):
        number = str(value) if isinstance(value, int) else repr(value)
        return b"n", b"<%sv>%s</%sv>" % (prefix, number.encode(), prefix)
    return b"inlineStr", b"<%sis>%s</%sis>" % (prefix, _text_element(prefix, value), prefix)


def _column_number(letters: bytes) -> int:
    number = 0
    for letter in letters.upper():
        number = number * 26 + letter - 64
    return number


_CELL_REF = re.compile(rb"([A-Za-z]+)(\d+)")


# ---------------------------------------------------------------------------------------------
# Styles


_FontKind = Literal["bold", "link"]
_LINK_COLOUR = b"FF0563C1"  # Excel's hyperlink blue
_STYLE_SECTIONS = (
    "numFmts",
    "fonts",
    "fills",
    "borders",
    "cellStyleXfs",
    "cellXfs",
    "cellStyles",
    "dxfs",
    "tableStyles",
    "colors",
    "extLst",
)


class _Styles:
    """styles.xml, with the fills, fonts and cell formats the copy needs appended to it.

    A marked cell's new format is its old one with the fill (or font) replaced, so its number
    format, font, borders and alignment stay; each distinct derivation is added once.
    """

    def __init__(self, xml: bytes) -> None:
        self.prefix = p = _root_prefix(xml, b"styleSheet")
        self.xml = xml
        # A minimal styles.xml may lack what the new formats refer to: the default font, the
        # two fills Excel reserves (none, gray125) and the default cell format.
        fonts = self._ensure("fonts", b"font", [b'<%sfont><%ssz val="11"/></%sfont>' % (p, p, p)])
        fills = self._ensure("fills", b"fill", [self._pattern(b"none"), self._pattern(b"gray125")])
        default_format = b'<%sxf numFmtId="0" fontId="0" fillId="0" borderId="0"/>' % p
        self.cell_formats = self._ensure("cellXfs", b"xf", [default_format])
        self.base_font = fonts[0]
        self.counts = {"fonts": len(fonts), "fills": len(fills), "cellXfs": len(self.cell_formats)}
        self.new_formats: list[bytes] = []
        self.new_fills: list[bytes] = []
        self.new_fonts: list[bytes] = []
        self.derived: dict[tuple[int, str | None, _FontKind | None, bool], int] = {}
        self.fill_ids: dict[str, int] = {}
        self.font_ids: dict[_FontKind, int] = {}

    @property
    def changed(self) -> bool:
        return bool(self.new_formats)

    def derive(
        self,
        base: int,
        *,
        fill: str | None = None,
        font: _FontKind | None = None,
        quote_prefix: bool = False,
    ) -> int:
        """The index of format `base` with a fill, a font or the quote prefix applied."""
        if fill is None and font is None and not quote_prefix:
            return base
        if not 0 <= base < len(self.cell_formats):
            base = 0
        key = (base, fill, font, quote_prefix)
        if key not in self.derived:
            changes: dict[bytes, bytes] = {}
            if fill is not None:
                changes |= {b"fillId": b"%d" % self._fill_id(fill), b"applyFill": b"1"}
            if font is not None:
                changes |= {b"fontId": b"%d" % self._font_id(font), b"applyFont": b"1"}
            if quote_prefix:
                changes[b"quotePrefix"] = b"1"
            tag_end = self.cell_formats[base].find(b">") + 1
            original = self.cell_formats[base]
            derived = _set_attributes(original[:tag_end], changes) + original[tag_end:]
            self.derived[key] = len(self.cell_formats) + len(self.new_formats)
            self.new_formats.append(derived)
        return self.derived[key]

    def _fill_id(self, colour: str) -> int:
        if colour not in self.fill_ids:
            p = self.prefix
            rgb = b"FF" + colour.upper().encode()
            self.fill_ids[colour] = self.counts["fills"] + len(self.new_fills)
            self.new_fills.append(
                b'<%sfill><%spatternFill patternType="solid"><%sfgColor rgb="%s"/>'
                b'<%sbgColor indexed="64"/></%spatternFill></%sfill>' % (p, p, p, rgb, p, p, p)
            )
        return self.fill_ids[colour]

    def _font_id(self, kind: _FontKind) -> int:
        if kind not in self.font_ids:
            self.font_ids[kind] = self.counts["fonts"] + len(self.new_fonts)
            self.new_fonts.append(self._font(kind))
        return self.font_ids[kind]

    def _font(self, kind: _FontKind) -> bytes:
        """The workbook's default font, made bold or made a hyperlink (blue, underlined)."""
        p = self.prefix
        font = self.base_font
        if font.endswith(b"/>"):
            font = font[:-2].rstrip() + b"></%sfont>" % p
        if kind == "bold":
            font = re.sub(rb"<" + re.escape(p) + rb"b\b[^>]*/>", b"", font)
            addition = b"<%sb/>" % p
        else:
            font = re.sub(
                rb"<" + re.escape(p) + rb"(?:u|color)\b[^>]*?(?:/>|>.*?</[^>]*>)", b"", font
            )
            addition = b'<%su/><%scolor rgb="%s"/>' % (p, p, _LINK_COLOUR)
        open_end = font.find(b">") + 1
        return font[:open_end] + addition + font[open_end:]

    def _pattern(self, kind: bytes) -> bytes:
        p = self.prefix
        return b'<%sfill><%spatternFill patternType="%s"/></%sfill>' % (p, p, kind, p)

    def _section(self, xml: bytes, name: str) -> re.Match[bytes] | None:
        p = re.escape(self.prefix)
        pattern = rb"<%s%s\b[^>]*?(?:/>|>(.*?)</%s%s>)" % (p, name.encode(), p, name.encode())
        return re.search(pattern, xml, re.DOTALL)

    def _ensure(self, section: str, element: bytes, defaults: list[bytes]) -> list[bytes]:
        """The section's elements, starting with `defaults` where it has fewer than those."""
        if self._section(self.xml, section) is None:
            empty = b'<%s%s count="0"/>' % (self.prefix, section.encode())
            later = (
                self._section(self.xml, name)
                for name in _STYLE_SECTIONS[_STYLE_SECTIONS.index(section) + 1 :]
            )
            following = next((found for found in later if found is not None), None)
            if following is None:
                self.xml = _append_children(self.xml, "styleSheet", [empty])
            else:
                self.xml = self.xml[: following.start()] + empty + self.xml[following.start() :]
        found = self._elements(section, element)
        if len(found) < len(defaults):
            missing = defaults[len(found) :]
            self.xml = self._append(self.xml, section, missing, len(found))
            found += missing
        return found

    def _elements(self, section: str, element: bytes) -> list[bytes]:
        found = self._section(self.xml, section)
        if found is None or found[1] is None:
            return []
        p = re.escape(self.prefix)
        pattern = rb"<%s%s\b[^>]*?(?:/>|>.*?</%s%s>)" % (p, element, p, element)
        return [m[0] for m in re.finditer(pattern, found[1], re.DOTALL)]

    def to_xml(self) -> bytes:
        xml = self.xml
        for section, additions in (
            ("fonts", self.new_fonts),
            ("fills", self.new_fills),
            ("cellXfs", self.new_formats),
        ):
            if additions:
                xml = self._append(xml, section, additions, self.counts[section])
        return xml

    def _append(self, xml: bytes, section: str, additions: list[bytes], count: int) -> bytes:
        """The section with `additions` after its `count` elements, and its count updated."""
        found = self._section(xml, section)
        assert found is not None  # every section was ensured at the start
        kept = found[1] or b""
        open_tag = re.match(rb"<[^>]*?(?=/?>)", found[0])
        assert open_tag is not None
        start = _set_attributes(open_tag[0] + b">", {b"count": b"%d" % (count + len(additions))})
        name = b"%s%s" % (self.prefix, section.encode())
        whole = start + kept + b"".join(additions) + b"</%s>" % name
        return xml[: found.start()] + whole + xml[found.end() :]


# ---------------------------------------------------------------------------------------------
# A worksheet's cells


@dataclass
class _SheetContext:
    """What patching a sheet's rows needs besides the rows themselves."""

    prefix: bytes
    styles: _Styles
    column_styles: list[tuple[int, int, int]]  # first column, last column, format

    def column_style(self, column: int) -> int:
        for first, last, style in self.column_styles:
            if first <= column <= last:
                return style
        return 0

    def style_for(self, base: int, change: CellChange) -> int:
        quote = change.edited and _needs_quote_prefix(change.value)
        return self.styles.derive(base, fill=change.fill, quote_prefix=quote)


@cache
def _sheet_patterns(prefix: bytes) -> tuple[re.Pattern[bytes], re.Pattern[bytes]]:
    p = re.escape(prefix)
    row = re.compile(rb"<" + p + rb"row\b([^>]*?)(/?)>")
    cell = re.compile(rb"<" + p + rb"c\b([^>]*?)(?:/>|>(.*?)</" + p + rb"c>)", re.DOTALL)
    return row, cell


_ROW_NUMBER = re.compile(rb'\br="(\d+)"')


def _patch_worksheet(
    xml: bytes,
    rows: dict[int, dict[int, CellChange]],
    styles: _Styles,
    drawing_id: str | None,
) -> bytes:
    """The sheet with its changed cells rewritten and, if given, a legacyDrawing for comments."""
    prefix = _root_prefix(xml, b"worksheet")
    p = re.escape(prefix)
    data = re.search(rb"<" + p + rb"sheetData\b[^>]*?(/?)>", xml)
    if data is None:
        raise UnreadableWorkbook("a worksheet without cells (no sheetData)")
    head = xml[: data.start()]
    context = _SheetContext(prefix, styles, _column_styles(head, prefix))
    if data[1]:  # <sheetData/>: an empty sheet
        opening = b"<%ssheetData>" % prefix
        body_start = body_end = data.end()
        tail = b"</%ssheetData>" % prefix + xml[data.end() :]
    else:
        opening = data[0]
        body_start = data.end()
        body_end = xml.rfind(b"</%ssheetData>" % prefix)
        if body_end < body_start:
            raise UnreadableWorkbook("a worksheet whose cells never end (no </sheetData>)")
        tail = xml[body_end:]
    body = _patch_rows(xml, body_start, body_end, rows, context)
    head = _grow_dimension(head, prefix, rows)
    if drawing_id is not None:
        root = _root_tag(xml, b"worksheet")
        tail = _add_legacy_drawing(tail, root[0] if root else b"", prefix, drawing_id)
    return b"".join([head, opening, *body, tail])


def _column_styles(head: bytes, prefix: bytes) -> list[tuple[int, int, int]]:
    styles = []
    for match in re.finditer(rb"<" + re.escape(prefix) + rb"col\b([^>]*)>", head):
        attributes = _attributes(match[1])
        if b"style" in attributes and b"min" in attributes:
            first = int(attributes[b"min"])
            last = int(attributes.get(b"max", attributes[b"min"]))
            styles.append((first, last, int(attributes[b"style"])))
    return styles


def _patch_rows(
    xml: bytes,
    start: int,
    end: int,
    rows: dict[int, dict[int, CellChange]],
    context: _SheetContext,
) -> list[bytes]:
    """The sheet's rows as pieces: untouched runs as they were, changed and new rows rebuilt.

    One scan over the row start tags finds the rows to change; rows the sheet lacks are
    inserted in order. A row without an `r` attribute is the one after the previous row.
    """
    wanted = sorted(rows)
    if not wanted:
        return [xml[start:end]]
    row_pattern, _ = _sheet_patterns(context.prefix)
    closing = b"</%srow>" % context.prefix
    pieces: list[bytes] = []
    copied_to = start
    next_wanted = 0
    number = 0
    for match in row_pattern.finditer(xml, start, end):
        explicit = _ROW_NUMBER.search(match[1])
        number = int(explicit[1]) if explicit else number + 1
        if number < wanted[next_wanted]:
            continue
        pieces.append(xml[copied_to : match.start()])
        copied_to = match.start()
        while next_wanted < len(wanted) and wanted[next_wanted] < number:
            row = wanted[next_wanted]
            pieces.append(_new_row(row, rows[row], context))
            next_wanted += 1
        if next_wanted < len(wanted) and wanted[next_wanted] == number:
            if match[2]:  # <row .../>
                content, copied_to = b"", match.end()
            else:
                close = xml.find(closing, match.end(), end)
                content, copied_to = xml[match.end() : close], close + len(closing)
            pieces.append(_patch_row(match[1], content, number, rows[number], context))
            next_wanted += 1
        if next_wanted == len(wanted):
            break
    pieces.append(xml[copied_to:end])
    pieces += [_new_row(row, rows[row], context) for row in wanted[next_wanted:]]
    return pieces


def _new_row(number: int, cells: dict[int, CellChange], context: _SheetContext) -> bytes:
    return _patch_row(b' r="%d"' % number, b"", number, cells, context)


def _patch_row(
    attributes: bytes,
    content: bytes,
    number: int,
    changes: dict[int, CellChange],
    context: _SheetContext,
) -> bytes:
    """One row with its changed cells rewritten and the cells it lacks inserted in order."""
    _, cell_pattern = _sheet_patterns(context.prefix)
    row_attributes = _attributes(attributes)
    row_style = (
        int(row_attributes.get(b"s", b"0"))
        if row_attributes.get(b"customFormat") in (b"1", b"true")
        else None
    )
    wanted = sorted(changes)
    pieces: list[bytes] = []
    copied_to = 0
    next_wanted = 0
    column = 0
    inserted = False
    for match in cell_pattern.finditer(content):
        cell_attributes = _attributes(match[1])
        reference = _CELL_REF.fullmatch(cell_attributes.get(b"r", b""))
        column = _column_number(reference[1]) if reference else column + 1
        if next_wanted == len(wanted) or column < wanted[next_wanted]:
            continue
        pieces.append(content[copied_to : match.start()])
        copied_to = match.start()
        while next_wanted < len(wanted) and wanted[next_wanted] < column:
            new = wanted[next_wanted]
            pieces.append(_new_cell(number, new, row_style, changes[new], context))
            next_wanted += 1
            inserted = True
        if next_wanted < len(wanted) and wanted[next_wanted] == column:
            pieces.append(_patch_cell(cell_attributes, match[2], changes[column], context))
            copied_to = match.end()
            next_wanted += 1
    cells_end = _end_of_cells(content, cell_pattern)
    pieces.append(content[copied_to:cells_end])
    for new in wanted[next_wanted:]:
        pieces.append(_new_cell(number, new, row_style, changes[new], context))
        inserted = True
    pieces.append(content[cells_end:])
    if inserted:
        # `spans` is only a hint of the row's extent, and now possibly a wrong one.
        row_attributes.pop(b"spans", None)
    name = b"%srow" % context.prefix
    return b"<%s%s>%s</%s>" % (name, _attributes_xml(row_attributes), b"".join(pieces), name)


def _end_of_cells(content: bytes, cell_pattern: re.Pattern[bytes]) -> int:
    """Where a row's cells end: new cells go there, before any extension list."""
    return max((match.end() for match in cell_pattern.finditer(content)), default=0)


def _new_cell(
    row: int, column: int, row_style: int | None, change: CellChange, context: _SheetContext
) -> bytes:
    # A cell that does not exist yet shows its row's format, or else its column's.
    base = row_style if row_style is not None else context.column_style(column)
    attributes = {b"r": f"{column_letter(column)}{row}".encode()}
    return _cell_xml(attributes, None, base, change, context)


def _patch_cell(
    attributes: dict[bytes, bytes],
    content: bytes | None,
    change: CellChange,
    context: _SheetContext,
) -> bytes:
    if change.edited and content and _anchors_formula_range(content, context.prefix):
        raise ValueError(
            f"cell {attributes.get(b'r', b'?').decode()} holds a shared or array formula "
            "that other cells use; it cannot be given a value"
        )
    base = int(attributes.get(b"s", b"0"))
    return _cell_xml(attributes, content, base, change, context)


def _cell_xml(
    attributes: dict[bytes, bytes],
    content: bytes | None,
    base: int,
    change: CellChange,
    context: _SheetContext,
) -> bytes:
    style = context.style_for(base, change)
    if style or b"s" in attributes:
        attributes[b"s"] = b"%d" % style
    if change.edited:
        for stale in (b"t", b"cm", b"vm"):
            attributes.pop(stale, None)
        kind, content = _value_xml(context.prefix, change.value)
        if kind is not None:
            attributes[b"t"] = kind
    name = b"%sc" % context.prefix
    if not content:
        return b"<%s%s/>" % (name, _attributes_xml(attributes))
    return b"<%s%s>%s</%s>" % (name, _attributes_xml(attributes), content, name)


def _anchors_formula_range(content: bytes, prefix: bytes) -> bool:
    formula = re.search(rb"<" + re.escape(prefix) + rb"f\b([^>]*)>", content)
    if formula is None:
        return False
    attributes = _attributes(formula[1])
    return attributes.get(b"t") in (b"shared", b"array") and b"ref" in attributes


def _grow_dimension(head: bytes, prefix: bytes, rows: dict[int, dict[int, CellChange]]) -> bytes:
    """The sheet's recorded used range, widened to take in every cell written."""
    match = re.search(rb"<" + re.escape(prefix) + rb'dimension\b[^>]*\bref="([^"]*)"', head)
    if match is None or not rows:
        return head
    from openpyxl.utils import range_boundaries  # only a sheet whose extent grows pays

    try:
        first_column, first_row, last_column, last_row = range_boundaries(match[1].decode())
    except ValueError:
        return head
    columns = [column for cells in rows.values() for column in cells]
    bounds = (
        min(first_column or 1, *columns),
        min(first_row or 1, *rows),
        max(last_column or 1, *columns),
        max(last_row or 1, *rows),
    )
    area = f"{column_letter(bounds[0])}{bounds[1]}:{column_letter(bounds[2])}{bounds[3]}"
    return head[: match.start(1)] + area.encode() + head[match.end(1) :]


# Elements that follow <legacyDrawing> in a worksheet, in the order the schema requires.
_AFTER_LEGACY_DRAWING = re.compile(
    rb"<(?:[\w.-]+:)?(?:legacyDrawingHF|drawingHF|picture|oleObjects|controls|webPublishItems"
    rb"|tableParts|extLst|AlternateContent)\b"
)


def _add_legacy_drawing(tail: bytes, root: bytes, prefix: bytes, rel_id: str) -> bytes:
    relationship_prefix = _namespace_prefix(root, _REL_NS)
    if relationship_prefix is None:
        declaration = f' xmlns:r="{_REL_NS}"'.encode()
        relationship_prefix = b"r"
    else:
        declaration = b""
    element = b'<%slegacyDrawing%s %s:id="%s"/>' % (
        prefix,
        declaration,
        relationship_prefix,
        rel_id.encode(),
    )
    following = _AFTER_LEGACY_DRAWING.search(tail)
    at = following.start() if following else tail.rfind(b"</%sworksheet>" % prefix)
    return tail[:at] + element + tail[at:]


def _sheet_tail(xml: bytes) -> bytes:
    """What follows a sheet's cells: drawings, comments, tables and the like are named there."""
    return xml[max(xml.rfind(b"sheetData"), 0) :]


def _legacy_drawing_id(tail: bytes) -> str | None:
    """The relationship id of the sheet's VML drawing, where Excel keeps comment boxes."""
    match = re.search(rb'<(?:[\w.-]+:)?legacyDrawing\b[^>]*?\b[\w.-]+:id="([^"]*)"', tail)
    return match[1].decode() if match else None


# ---------------------------------------------------------------------------------------------
# Comments and the VML drawing that shows them


def _merge_comments(existing: bytes | None, notes: dict[tuple[int, int], str]) -> bytes:
    """A comments part holding `notes`; a cell's existing comment keeps its text, notes after."""
    if existing is None:
        existing = (
            _XML_DECLARATION
            + f'<comments xmlns="{_MAIN_NS}"><authors/><commentList/></comments>'.encode()
        )
    p = _root_prefix(existing, b"comments")
    existing, author = _author_index(existing, p)
    by_cell = {
        _a1_key(match[2]): match
        for match in re.finditer(
            rb"<"
            + re.escape(p)
            + rb'comment\b([^>]*?\bref="([^"]*)"[^>]*)>(.*?)</'
            + re.escape(p)
            + rb"comment>",
            existing,
            re.DOTALL,
        )
    }
    pieces: list[bytes] = []
    copied_to = 0
    for match in sorted((by_cell[cell] for cell in notes if cell in by_cell), key=_start):
        merged = _append_to_comment(match[3], "\n\n" + notes[_a1_key(match[2])], p)
        pieces += [existing[copied_to : match.start(3)], merged]
        copied_to = match.end(3)
    pieces.append(existing[copied_to:])
    new = [_comment(p, cell, author, notes[cell]) for cell in sorted(notes) if cell not in by_cell]
    return _append_children(b"".join(pieces), "commentList", new)


def _start(match: re.Match[bytes]) -> int:
    return match.start()


def _a1_key(reference: bytes) -> tuple[int, int]:
    match = _CELL_REF.fullmatch(reference.replace(b"$", b""))
    return (int(match[2]), _column_number(match[1])) if match else (0, 0)


def _author_index(xml: bytes, p: bytes) -> tuple[bytes, int]:
    """Our author's index in the comments' author list, adding it if it is not there."""
    authors = re.findall(
        rb"<" + re.escape(p) + rb"author>(.*?)</" + re.escape(p) + rb"author>", xml
    )
    if _AUTHOR.encode() in authors:
        return xml, authors.index(_AUTHOR.encode())
    author = b"<%sauthor>%s</%sauthor>" % (p, _AUTHOR.encode(), p)
    return _append_children(xml, "authors", [author]), len(authors)


def _comment(p: bytes, cell: tuple[int, int], author: int, note: str) -> bytes:
    reference = f"{column_letter(cell[1])}{cell[0]}".encode()
    return b'<%scomment ref="%s" authorId="%d"><%stext>%s</%stext></%scomment>' % (
        p,
        reference,
        author,
        p,
        _text_element(p, note),
        p,
        p,
    )


def _append_to_comment(body: bytes, addition: str, p: bytes) -> bytes:
    """A comment's body with one more run of text at the end of its rich text."""
    run = b"<%sr>%s</%sr>" % (p, _text_element(p, addition), p)
    last_run = body.rfind(b"</%sr>" % p)
    if last_run >= 0:
        at = last_run + len(b"</%sr>" % p)
        return body[:at] + run + body[at:]
    plain = re.search(
        rb"<" + re.escape(p) + rb"t\b[^>]*?(?:/>|>.*?</" + re.escape(p) + rb"t>)", body, re.DOTALL
    )
    if plain is not None:
        # Plain text and runs cannot mix: the plain text becomes the first run.
        wrapped = b"<%sr>%s</%sr>" % (p, plain[0], p) + run
        return body[: plain.start()] + wrapped + body[plain.end() :]
    return _append_children(body, "text", [run])


def _note_size(text: str) -> tuple[float, float]:
    """A comment box (width, height in points) large enough to show `text` without scrolling."""
    characters_per_line = 48
    lines = sum(max(1, math.ceil(len(line) / characters_per_line)) for line in text.split("\n"))
    return 250.0, min(12.0 * lines + 14.0, 600.0)


_VML_SHAPE_TYPE = (
    '<{v}:shapetype id="_x0000_t202" coordsize="21600,21600" {o}:spt="202" '
    'path="m,l,21600r21600,l21600,xe"><{v}:stroke joinstyle="miter"/>'
    '<{v}:path gradientshapeok="t" {o}:connecttype="rect"/></{v}:shapetype>'
)
_VML_SHAPE = (
    '<{v}:shape id="_x0000_s{id}" type="#_x0000_t202" style="position:absolute;'
    "margin-left:59.25pt;margin-top:1.5pt;width:{width}pt;height:{height}pt;z-index:{z};"
    'visibility:hidden" fillcolor="#ffffe1" {o}:insetmode="auto">'
    '<{v}:fill color2="#ffffe1"/><{v}:shadow on="t" color="black" obscured="t"/>'
    '<{v}:path {o}:connecttype="none"/><{v}:textbox style="mso-direction-alt:auto">'
    '<div style="text-align:left"></div></{v}:textbox><{x}:ClientData ObjectType="Note">'
    "<{x}:MoveWithCells/><{x}:SizeWithCells/><{x}:AutoFill>False</{x}:AutoFill>"
    "<{x}:Row>{row}</{x}:Row><{x}:Column>{column}</{x}:Column></{x}:ClientData></{v}:shape>"
)


def _merge_vml(existing: bytes | None, notes: dict[tuple[int, int], str]) -> bytes:
    """A VML drawing with a comment box for every note: existing boxes grow to fit, new added.

    VML is not always well-formed XML (Excel writes `<br>`), so it is patched as text too.
    """
    if existing is None:
        declarations = " ".join(f'xmlns:{k}="{v}"' for k, v in _VML_NAMESPACES.items())
        blocks = ",".join(str(block) for block in range(1, 2 + len(notes) // 1024))
        existing = (
            f'<xml {declarations}><o:shapelayout v:ext="edit">'
            f'<o:idmap v:ext="edit" data="{blocks}"/></o:shapelayout></xml>'
        ).encode()
    vml, prefixes = _vml_prefixes(existing)
    vml, boxed = _grow_existing_boxes(vml, notes)
    shapes = []
    if b'id="_x0000_t202"' not in vml:
        shapes.append(_VML_SHAPE_TYPE.format(**prefixes))
    numbers = [int(n) for n in re.findall(rb"_x0000_s(\d+)", vml)]
    next_id = max(numbers, default=1024) + 1
    for z, ((row, column), note) in enumerate(sorted(notes.items()), start=1):
        if (row, column) in boxed:
            continue
        width, height = _note_size(note)
        shapes.append(
            _VML_SHAPE.format(
                id=next_id,
                width=width,
                height=height,
                z=z,
                row=row - 1,
                column=column - 1,
                **prefixes,
            )
        )
        next_id += 1
    at = vml.rfind(b"</xml>")
    return vml[:at] + "".join(shapes).encode() + vml[at:]


def _vml_prefixes(vml: bytes) -> tuple[bytes, dict[str, str]]:
    """The prefixes the drawing uses for VML's namespaces, declaring any it lacks on its root."""
    prefixes = {}
    declarations = b""
    for usual, namespace in _VML_NAMESPACES.items():
        found = _namespace_prefix(vml, namespace)
        if found is None:
            found = usual.encode()
            while re.search(rb"xmlns:" + found + rb"=", vml + declarations):
                found += b"x"
            declarations += b' xmlns:%s="%s"' % (found, namespace.encode())
        prefixes[usual] = found.decode()
    if declarations:
        root = re.search(rb"<xml\b", vml)
        if root is None:
            raise UnreadableWorkbook("a VML drawing without its <xml> root")
        vml = vml[: root.end()] + declarations + vml[root.end() :]
    return vml, prefixes


_VML_SHAPE_BLOCK = re.compile(rb"<([\w.-]+):shape\b([^>]*)>(.*?)</\1:shape>", re.DOTALL)


def _grow_existing_boxes(
    vml: bytes, notes: dict[tuple[int, int], str]
) -> tuple[bytes, set[tuple[int, int]]]:
    """Enlarge the boxes of comments that get more text; the cells that already had a box."""
    pieces, copied_to, boxed = [], 0, set()
    for shape in _VML_SHAPE_BLOCK.finditer(vml):
        body = shape[3]
        row = re.search(rb":Row>\s*(\d+)\s*<", body)
        column = re.search(rb":Column>\s*(\d+)\s*<", body)
        if b'ObjectType="Note"' not in body or row is None or column is None:
            continue
        cell = (int(row[1]) + 1, int(column[1]) + 1)
        if cell not in notes:
            continue
        boxed.add(cell)
        pieces += [vml[copied_to : shape.start(2)], _taller(shape[2], notes[cell])]
        copied_to = shape.end(2)
    pieces.append(vml[copied_to:])
    return b"".join(pieces), boxed


def _taller(attributes: bytes, added: str) -> bytes:
    height = re.search(rb"height:\s*([\d.]+)\s*(pt|px)?", attributes)
    if height is None:
        return attributes
    current = float(height[1]) * (0.75 if height[2] == b"px" else 1.0)
    needed = current + _note_size(added)[1]
    replacement = b"height:%.2fpt" % min(needed, 600.0)
    return attributes[: height.start()] + replacement + attributes[height.end() :]


# ---------------------------------------------------------------------------------------------
# Summary sheets and the workbook part


def _summary_xml(
    summary: SummarySheet, styles: _Styles, known_sheets: set[str], *, selected: bool
) -> bytes:
    """A new worksheet: bold header, values and links, the header row frozen."""
    header = [SummaryCell(title) for title in summary.header]
    rows = [_summary_row(HEADER_ROW, header, styles, font="bold")]
    links: list[bytes] = []
    for number, values in enumerate(summary.rows, start=HEADER_ROW + 1):
        cells = [v if isinstance(v, SummaryCell) else SummaryCell(v) for v in values]
        for column, cell in enumerate(cells, start=1):
            if cell.link is not None:
                if cell.link.sheet not in known_sheets:
                    raise ValueError(f"a link to {cell.link.location}: no such worksheet")
                reference = f"{column_letter(column)}{number}"
                location = _attr(cell.link.location)
                links.append(f'<hyperlink ref="{reference}" location="{location}"/>'.encode())
        rows.append(_summary_row(number, cells, styles))
    width = max([len(summary.header), *(len(values) for values in summary.rows)])
    extent = f"A1:{column_letter(max(width, 1))}{HEADER_ROW + len(summary.rows)}"
    columns = "".join(
        f'<col min="{i}" max="{i}" width="{w}" customWidth="1"/>'
        for i, w in enumerate(summary.widths, start=1)
    )
    selection = ' tabSelected="1"' if selected else ""
    return b"".join(
        [
            _XML_DECLARATION,
            f'<worksheet xmlns="{_MAIN_NS}" xmlns:r="{_REL_NS}">'.encode(),
            f'<dimension ref="{extent}"/>'.encode(),
            f'<sheetViews><sheetView{selection} workbookViewId="0">'.encode(),
            b'<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
            b'<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>',
            b'<sheetFormatPr defaultRowHeight="15"/>',
            f"<cols>{columns}</cols>".encode() if columns else b"",
            b"<sheetData>%s</sheetData>" % b"".join(rows),
            b"<hyperlinks>%s</hyperlinks>" % b"".join(links) if links else b"",
            b'<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" '
            b'footer="0.3"/></worksheet>',
        ]
    )


def _summary_row(
    number: int, cells: Sequence[SummaryCell], styles: _Styles, font: _FontKind | None = None
) -> bytes:
    written = [
        _summary_cell(f"{column_letter(column)}{number}", cell, styles, font)
        for column, cell in enumerate(cells, start=1)
        if cell.value is not None or cell.link is not None or cell.fill is not None
    ]
    return b'<row r="%d">%s</row>' % (number, b"".join(written))


def _summary_cell(
    reference: str, cell: SummaryCell, styles: _Styles, font: _FontKind | None
) -> bytes:
    value = cell.value
    if value is None and cell.link is not None:
        value = f"{cell.link.sheet}!{cell.link.a1}"
    style = styles.derive(
        0,
        fill=cell.fill,
        font="link" if cell.link is not None else font,
        quote_prefix=_needs_quote_prefix(value),
    )
    kind, content = _value_xml(b"", value)
    attributes = f' r="{reference}"' + (f' s="{style}"' if style else "")
    if kind is None:
        return f"<c{attributes}/>".encode()
    return f'<c{attributes} t="{kind.decode()}">'.encode() + content + b"</c>"


def _patch_workbook(xml: bytes, new_sheets: list[tuple[str, int, str]], recalculate: bool) -> bytes:
    """workbook.xml with the new sheets first and active, and recalculation asked for."""
    p = _root_prefix(xml, b"workbook")
    ep = re.escape(p)
    if new_sheets:
        root = _root_tag(xml, b"workbook")
        r = _namespace_prefix(root[0], _REL_NS) if root else None
        declaration = b"" if r is not None else f' xmlns:r="{_REL_NS}"'.encode()
        r = r or b"r"
        elements = b"".join(
            b'<%ssheet%s name="%s" sheetId="%d" %s:id="%s"/>'
            % (p, declaration, _attr(name).encode(), sheet_id, r, rel_id.encode())
            for name, sheet_id, rel_id in new_sheets
        )
        sheets = re.search(rb"<" + ep + rb"sheets\b[^>]*>", xml)
        if sheets is None:
            raise UnreadableWorkbook("workbook.xml lists no sheets")
        xml = xml[: sheets.end()] + elements + xml[sheets.end() :]
        # Sheet-local defined names (print areas, filters) count sheets by position.
        shift = len(new_sheets)
        xml = re.sub(
            rb'(\blocalSheetId=")(\d+)(")',
            lambda m: m[1] + b"%d" % (int(m[2]) + shift) + m[3],
            xml,
        )
        xml = re.sub(
            rb"<" + ep + rb"workbookView\b[^>]*?/?>",
            lambda m: _set_attributes(m[0], {b"activeTab": b"0", b"firstSheet": b"0"}),
            xml,
        )
    if recalculate:
        xml = _ask_full_calculation(xml, p)
    return xml


def _ask_full_calculation(xml: bytes, p: bytes) -> bytes:
    ep = re.escape(p)
    calculation = re.search(rb"<" + ep + rb"calcPr\b[^>]*?/?>", xml)
    if calculation is not None:
        patched = _set_attributes(calculation[0], {b"fullCalcOnLoad": b"1"})
        return xml[: calculation.start()] + patched + xml[calculation.end() :]
    element = b'<%scalcPr fullCalcOnLoad="1"/>' % p
    # calcPr follows these, the last of them present, in the schema's order.
    for before in (b"definedNames", b"externalReferences", b"functionGroups", b"sheets"):
        found = re.search(rb"<" + ep + before + rb"\b[^>]*/>|</" + ep + before + rb">", xml)
        if found is not None:
            return xml[: found.end()] + element + xml[found.end() :]
    return xml
