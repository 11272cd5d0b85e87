"""Reading an xlsx workbook into raw cell grids, with Excel's traps made visible.

Values come from python-calamine, which reads a large sheet ten times faster than openpyxl.
Calamine cannot see formulas, error values or hidden rows and columns, so a cheap scan of each
sheet's XML looks for them; only a workbook that has any is also opened with openpyxl, whose
view of those sheets is merged into the grid. The designer's file is only ever opened for reading.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import IO, Any, Literal
from xml.etree import ElementTree

import python_calamine

_NS = {
    "main": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "rel": "http://schemas.openxmlformats.org/package/2006/relationships",
}
_REL_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
# Markers in a sheet's XML that calamine's values alone would hide: a formula element
# (possibly namespace-prefixed), an error-typed cell, a hidden row or column.
_DETAIL_MARKERS = (b"<f>", b"<f ", b":f>", b":f ", b't="e"', b'hidden="1"', b'hidden="true"')
_SCAN_CHUNK = 1 << 20
_MAX_COLUMNS = 16_384  # Excel's and LibreOffice's widest sheet: a hidden run past it is moot
# The most cells a sheet's grid is laid out to (rows x columns from A1): 10 times the 100k-row
# benchmark's, and far beyond any game's table; calamine itself stops an .ods at 100 million.
MAX_CELLS = 10_000_000
_OLE2_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
# A package's limits (Apache POI refuses at 100:1 by default): Excel's and LibreOffice's
# XML inflates 10-20 times (the 100,000-row benchmark sheet: 12 times, 32 MB), and a
# sheet of a million formatted blank rows 20 times (measured with zlib at its default level).
MAX_INFLATED = 1 << 30
MAX_RATIO = 200
RATIO_CHECKED_FROM = 1 << 20  # a part's bytes below which its ratio is not judged
_ENCRYPTED_STREAM = "EncryptedPackage".encode("utf-16-le")
_ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
Format = Literal["xlsx", "ods"]


class UnreadableWorkbook(Exception):
    """The file cannot be read as an xlsx workbook at all."""


@dataclass(frozen=True)
class ExcelError:
    """An error value such as #N/A or #REF! stored in a cell."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class UncachedFormula:
    """A formula whose result was never computed and saved by a spreadsheet program."""

    formula: str

    def __str__(self) -> str:
        return self.formula


@dataclass
class RawSheet:
    """A sheet's cells as stored: `rows[r][c]` is the cell at Excel row r+1, column c+1.

    Blank cells are None. Trailing blank rows and columns are not kept.
    """

    name: str
    hidden: bool
    rows: list[list[Any]]
    merged: list[tuple[int, int, int, int]] = field(default_factory=list)
    hidden_rows: set[int] = field(default_factory=set)
    hidden_columns: set[int] = field(default_factory=set)
    # What of the sheet a reader failed on, and its error: the cells themselves (`cells`),
    # or only the formulas, error values and hidden lines the values alone hide (`detail`).
    unread: tuple[Literal["cells", "detail"], str] | None = None

    @property
    def cells_unread(self) -> bool:
        return self.unread is not None and self.unread[0] == "cells"


@dataclass
class RawWorkbook:
    path: Path
    sheets: dict[str, RawSheet]


def read_workbook(path: Path) -> RawWorkbook:
    """The workbook's sheets. A reader's failure on one sheet, or on the detail, is kept on
    the sheets it concerns (`RawSheet.unread`) so the rest is still read and validated; only
    a file no reader can open raises `UnreadableWorkbook`."""
    form = check_readable(path)
    try:
        book = python_calamine.CalamineWorkbook.from_path(str(path))
        listed = list(book.sheets_metadata)
    except Exception as error:  # calamine raises several unrelated types for a damaged file
        raise UnreadableWorkbook(f"{path}: cannot read the workbook: {error}") from error
    scans: dict[str, _Scan] = {}
    failure = None
    if form == "xlsx":
        try:
            scans = _xlsx_scans(path)
        except Exception as error:  # the package's XML, which calamine did read, is malformed
            failure = _reader_error("the workbook's XML", error)
    sheets = {meta.name: _calamine_sheet(book, meta, scans.get(meta.name)) for meta in listed}
    if form == "ods":
        try:
            _add_ods_detail(path, sheets)
        except Exception as error:  # malformed content.xml, which calamine did read
            _unread_detail(sheets.values(), _reader_error("the spreadsheet's XML", error))
        return RawWorkbook(path=path, sheets=sheets)
    if failure is not None:
        _unread_detail(sheets.values(), failure)
    detailed = [
        name
        for name, scan in scans.items()
        if scan.markers and name in sheets and not sheets[name].cells_unread
    ]
    if detailed:
        _add_detail(path, {name: (sheets[name], scans[name].errors) for name in detailed})
    return RawWorkbook(path=path, sheets=sheets)


@dataclass(frozen=True)
class Extent:
    """How far a sheet's values reach: its last row, and its last column's letters."""

    rows: int
    column: str

    @property
    def cells(self) -> int:
        """The cells of the grid from A1 to there, as a reader lays it out."""
        return self.rows * _column_number(self.column.encode())


def _too_large(extent: Extent) -> str:
    return (
        f"its values reach row {extent.rows:,} and column {extent.column}, a grid of "
        f"{extent.cells:,} cells, more than the {MAX_CELLS:,} a sheet is read to; delete the "
        "stray values far outside its table (this sheet is checked once they are gone)"
    )


def _calamine_sheet(book: Any, meta: Any, scan: _Scan | None) -> RawSheet:
    hidden = meta.visible != python_calamine.SheetVisibleEnum.Visible
    if scan is not None and scan.extent.cells > MAX_CELLS:
        # calamine lays out every cell of an xlsx's grid: a value far beyond the data would
        # have it ask for more memory than there is and abort the process.
        return RawSheet(meta.name, hidden, [], unread=("cells", _too_large(scan.extent)))
    try:
        # Each lookup parses the whole sheet: take values and merges from one.
        sheet = book.get_sheet_by_name(meta.name)
        rows = _trimmed(sheet.to_python(skip_empty_area=False))
        merged = [
            (r0 + 1, c0 + 1, r1 + 1, c1 + 1)
            for (r0, c0), (r1, c1) in sheet.merged_cell_ranges or []
        ]
    except Exception as error:  # any failure of the third-party reader, kept on its sheet
        return RawSheet(meta.name, hidden, [], unread=("cells", _reader_error("calamine", error)))
    return RawSheet(meta.name, hidden, rows, merged)


def _reader_error(reader: str, error: Exception) -> str:
    return f"{reader}: {type(error).__name__}: {error}"


def check_readable(path: Path) -> Format:
    """The package's format, or `UnreadableWorkbook` saying why it cannot be read: an xlsx
    (or xlsm) package, or an OpenDocument spreadsheet (.ods, LibreOffice's own format)."""
    try:
        size = path.stat().st_size
        with path.open("rb") as stream:
            head = stream.read(len(_OLE2_MAGIC))
    except FileNotFoundError:
        raise UnreadableWorkbook(f"{path}: no such file") from None
    except OSError as error:
        raise UnreadableWorkbook(f"{path}: cannot be opened: {error.strerror}") from None
    if size == 0:
        raise UnreadableWorkbook(f"{path}: the file is empty")
    if head == _OLE2_MAGIC:
        # Excel stores a password-protected xlsx inside an OLE2 file, as it does a 97-2003 .xls.
        if _ENCRYPTED_STREAM in path.read_bytes():
            raise UnreadableWorkbook(
                f"{path}: the workbook is password-protected; save a copy without a password "
                "(Excel: File > Info > Protect Workbook > Encrypt with Password, clear it)"
            )
        raise UnreadableWorkbook(
            f"{path}: an Excel 97-2003 (.xls) file; save it as an Excel Workbook (.xlsx)"
        )
    if not zipfile.is_zipfile(path):
        raise UnreadableWorkbook(
            f"{path}: not an xlsx or ods workbook (both are zip archives; this one is not, "
            "or it is truncated)"
        )
    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
            _refuse_a_bomb(path, parts)
            names = {part.filename for part in parts}
            kind = archive.read("mimetype").strip() if "mimetype" in names else b""
            if "xl/workbook.bin" in names:
                raise UnreadableWorkbook(
                    f"{path}: an Excel Binary Workbook (.xlsb); save it as an Excel Workbook "
                    "(.xlsx): File > Save As > Excel Workbook"
                )
            _refuse_false_claims(path, archive, parts)
            broken = archive.testzip()
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, ValueError) as error:
        raise UnreadableWorkbook(f"{path}: damaged or truncated xlsx file: {error}") from error
    if broken is not None:
        raise UnreadableWorkbook(f"{path}: damaged or truncated xlsx file ({broken} is corrupt)")
    if "xl/workbook.xml" in names:
        return "xlsx"
    if kind == _ODS_MIMETYPE and "content.xml" in names:
        return "ods"
    if kind.startswith(b"application/vnd.oasis.opendocument."):
        what = kind.decode("ascii", "replace").rsplit(".", 1)[-1]
        raise UnreadableWorkbook(
            f"{path}: an OpenDocument {what}, not a spreadsheet; a workbook is a .ods or .xlsx"
        )
    raise UnreadableWorkbook(f"{path}: a zip archive, but not an xlsx or ods workbook")


# The shortest entry a shared-string table can hold, <si/>: a table claiming more entries
# than its bytes allow is damaged or hostile (calamine sets room aside for every claimed one).
_SHORTEST_SHARED_STRING = len(b"<si/>")
_UNIQUE_COUNT = re.compile(rb'<(?:\w+:)?sst\b[^>]*?\suniqueCount="([0-9]+)"')


def _refuse_false_claims(
    path: Path, archive: zipfile.ZipFile, parts: list[zipfile.ZipInfo]
) -> None:
    """Refuse a workbook whose shared strings claim more entries than their part can hold:
    calamine would reserve memory for each claimed entry before reading one (4 billion
    claimed is 96 GB) and abort the process."""
    for part in parts:
        if not part.filename.lower().endswith("sharedstrings.xml"):
            continue
        with archive.open(part) as stream:
            head = stream.read(4096)
        claimed = _UNIQUE_COUNT.search(head)
        if claimed and int(claimed[1]) * _SHORTEST_SHARED_STRING > part.file_size:
            raise UnreadableWorkbook(
                f"{path}: its shared strings claim {int(claimed[1]):,} entries in "
                f"{part.file_size:,} bytes, more than those bytes can hold: the file is "
                "damaged; open it in Excel or LibreOffice and save it again"
            )


def _refuse_a_bomb(path: Path, parts: list[zipfile.ZipInfo]) -> None:
    """Refuse, from the sizes the zip declares and before inflating a byte, a package that
    would inflate far beyond any workbook: Python's zip reader never inflates a part past
    its declared size, so these limits bound every later read of it."""
    declared = sum(part.file_size for part in parts)
    if declared > MAX_INFLATED:
        raise UnreadableWorkbook(
            f"{path}: its parts would inflate to {declared / 2**20:,.0f} MB, more than the "
            f"{MAX_INFLATED // 2**20:,} MB any workbook needs; refused unread"
        )
    for part in parts:
        ratio = part.file_size / max(part.compress_size, 1)
        if part.file_size > RATIO_CHECKED_FROM and ratio > MAX_RATIO:
            raise UnreadableWorkbook(
                f"{path}: {part.filename} would inflate {ratio:,.0f} times "
                f"({part.compress_size:,} bytes to {part.file_size:,}), where a workbook's "
                f"parts inflate at most {MAX_RATIO} times; refused unread as a zip bomb"
            )


def _trimmed(rows: list[list[Any]]) -> list[list[Any]]:
    """Calamine's empty cells ("") become None, in place, and trailing blank rows go."""
    for row in rows:
        if "" in row:
            row[:] = [None if cell == "" else cell for cell in row]
    while rows and all(cell is None for cell in rows[-1]):
        rows.pop()
    return rows


@dataclass(frozen=True)
class _Scan:
    """What one cheap pass over a sheet's XML tells: whether it holds what calamine's values
    hide (formulas, error values, hidden lines), and how far its cells reach."""

    markers: bool
    extent: Extent
    # The error values saved as formulas' results, by (row, column): calamine reads them as
    # blanks and openpyxl, reading formulas, as formulas without a result.
    errors: dict[tuple[int, int], str] = field(default_factory=dict)


def _xlsx_scans(path: Path) -> dict[str, _Scan]:
    with zipfile.ZipFile(path) as archive:
        workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
        targets = {rel.get("Id"): rel.get("Target", "") for rel in rels}
        names = set(archive.namelist())
        scans = {}
        for sheet in workbook.iterfind("main:sheets/main:sheet", _NS):
            target = targets.get(sheet.get(_REL_ID), "")
            part = (
                target.lstrip("/") if target.startswith("/") else str(PurePosixPath("xl", target))
            )
            if part in names:
                scans[sheet.get("name", "")] = _scan_part(archive, part)
        return scans


# A cell's address in a sheet's XML, <c r="XFD1048576" ...>: its column letters and its row.
_CELL_COLUMN = re.compile(rb' r="([A-Z]{1,3})[0-9]')
_CELL_ROW = re.compile(rb' r="[A-Z]{1,3}([0-9]{1,9})"')


# An error-typed cell, its address and its saved value: <c r="C2" t="e"><f>1/0</f><v>#DIV/0!</v>.
_ERROR_CELL = re.compile(
    rb'<(?:\w+:)?c\b(?=[^>]*\st="e")[^>]*?\sr="([A-Z]{1,3})([0-9]{1,9})"[^>]*>'
    rb"(?:(?!</(?:\w+:)?c>).)*?<(?:\w+:)?v>([^<]*)<",
    re.DOTALL,
)


def _scan_part(archive: zipfile.ZipFile, part: str) -> _Scan:
    markers = False
    columns: set[bytes] = set()
    rows: set[bytes] = set()
    errors: dict[tuple[int, int], str] = {}
    for window in _windows(archive, part):
        markers = markers or any(marker in window for marker in _DETAIL_MARKERS)
        columns.update(_CELL_COLUMN.findall(window))
        rows.update(_CELL_ROW.findall(window))
        if b't="e"' in window:
            for letters, row, text in _ERROR_CELL.findall(window):
                errors[int(row), _column_number(letters)] = text.decode("utf-8", "replace")
    # Written numbers and letters compare as numbers do when the shorter is the smaller.
    row = max(rows, key=lambda digits: (len(digits), digits), default=b"0")
    column = max(columns, key=lambda letters: (len(letters), letters), default=b"A")
    return _Scan(markers, Extent(int(row), column.decode()), errors)


def _windows(archive: zipfile.ZipFile, part: str) -> Iterator[bytes]:
    """The part's bytes a chunk at a time, each cut before its last cell's start (else its
    last tag's), which begins the next: a marker, a tag or a cell is never split between
    two windows."""
    tail = b""
    with archive.open(part) as stream:
        while chunk := stream.read(_SCAN_CHUNK):
            window = tail + chunk
            cut = window.rfind(b"<c ")
            cut = cut if cut > 0 else window.rfind(b"<")
            cut = len(window) if cut <= 0 else cut
            yield window[:cut]
            tail = window[cut:]
    if tail:
        yield tail


def _has_markers(archive: zipfile.ZipFile, part: str, markers: tuple[bytes, ...]) -> bool:
    return any(any(marker in window for marker in markers) for window in _windows(archive, part))


def _column_number(letters: bytes) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + letter - ord("A") + 1
    return number


def _add_detail(path: Path, sheets: dict[str, tuple[RawSheet, dict[tuple[int, int], str]]]) -> None:
    # Imported here: only a workbook with formulas, errors or hidden lines pays for openpyxl.
    import openpyxl

    try:
        book = openpyxl.load_workbook(path, data_only=False)
    except Exception as error:  # e.g. a pivot table openpyxl cannot parse, on any sheet
        _unread_detail([raw for raw, _ in sheets.values()], _reader_error("openpyxl", error))
        return
    try:
        for name, (raw, errors) in sheets.items():
            try:
                _sheet_detail(book[name], raw, errors)
            except Exception as error:
                _unread_detail([raw], _reader_error("openpyxl", error))
    finally:
        book.close()


_ODF = {
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "calcext": "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "number": "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0",
}
_TABLE, _OFFICE, _CALCEXT, _STYLE, _NUMBER = (
    f"{{{_ODF[prefix]}}}" for prefix in ("table", "office", "calcext", "style", "number")
)
# What calamine's values hide in an .ods, as content.xml spells it: a formula, a hidden
# ("collapse") or filtered row or column, a merged cell, an error result.
_ODS_MARKERS = (
    b"table:formula=",
    b'visibility="collapse"',
    b'visibility="filter"',
    b"-spanned=",
    b'value-type="error"',
    b'value-type="boolean"',
    b"number:boolean-style",
)
# A truth value in an .ods, which calamine reads as the number 1 or 0: a boolean-typed cell,
# LibreOffice's TRUE() and FALSE() (how it imports an xlsx's booleans), or a number shown
# through a boolean number format.
_TRUTHS = {"of:=TRUE()": True, "of:=FALSE()": False}
# office:value-type is the cached result's type: a formula cell without one was never
# calculated (a file written by a script, not by a spreadsheet program).
_CACHED = f"{_OFFICE}value-type"


def _add_ods_detail(path: Path, sheets: dict[str, RawSheet]) -> None:
    """Formulas never calculated, error values, merged ranges and hidden rows and columns,
    read from the spreadsheet's content.xml (calamine's values alone hide them): one
    streaming pass, each row's elements dropped once read, so memory stays a row's."""
    with zipfile.ZipFile(path) as archive:
        if not _has_markers(archive, "content.xml", _ODS_MARKERS):
            return
        with archive.open("content.xml") as stream:
            _scan_ods(stream, sheets)


def _scan_ods(stream: IO[bytes], sheets: dict[str, RawSheet]) -> None:
    raw: RawSheet | None = None
    row = column = 0  # the last row begun, the columns passed in it (1-based)
    # The automatic styles come before the tables: the cell styles that show a boolean.
    boolean_formats: set[str] = set()
    truth_styles: set[str] = set()
    for event, element in ElementTree.iterparse(stream, events=("start", "end")):
        tag = element.tag
        if event == "end" and tag == f"{_NUMBER}boolean-style":
            boolean_formats.add(element.get(f"{_STYLE}name", ""))
        elif (
            event == "end"
            and tag == f"{_STYLE}style"
            and element.get(f"{_STYLE}data-style-name") in boolean_formats
        ):
            truth_styles.add(element.get(f"{_STYLE}name", ""))
        if event == "start":
            if tag == f"{_TABLE}table":
                raw = sheets.get(element.get(f"{_TABLE}name", ""))
                row = column = 0
            elif tag == f"{_TABLE}table-row":
                row, column = row + 1, 0
            continue
        if raw is None:
            continue
        # A repeated row or column stands for many; past the data only the count matters.
        if tag == f"{_TABLE}table-column":
            repeated = _repeated(element, "columns")
            if element.get(f"{_TABLE}visibility", "visible") != "visible":
                raw.hidden_columns.update(
                    range(column + 1, column + 1 + min(repeated, _MAX_COLUMNS))
                )
            column += repeated
        elif tag in (f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell"):
            repeated = _repeated(element, "columns")
            if tag == f"{_TABLE}table-cell":
                _ods_cell(raw, element, row, range(column + 1, column + 1 + repeated), truth_styles)
            column += repeated
        elif tag == f"{_TABLE}table-row":
            repeated = _repeated(element, "rows")
            if element.get(f"{_TABLE}visibility", "visible") != "visible":
                last = min(row + repeated - 1, len(raw.rows))
                raw.hidden_rows.update(range(row, last + 1))
            row += repeated - 1
            column = 0
            element.clear()
        elif tag == f"{_TABLE}table":
            raw = None
            element.clear()


def _ods_cell(
    raw: RawSheet,
    element: ElementTree.Element,
    row: int,
    columns: range,
    truth_styles: set[str],
) -> None:
    column = columns.start
    spans = (_span(element, "rows"), _span(element, "columns"))
    if spans != (1, 1):
        raw.merged.append((row, column, row + spans[0] - 1, column + spans[1] - 1))
    formula = element.get(f"{_TABLE}formula")
    if element.get(f"{_CALCEXT}value-type") == "error":
        text = "".join(element.itertext()).strip()
        _put(raw.rows, row, column, ExcelError(text or "#ERROR"))
    elif formula is not None and element.get(_CACHED) is None:
        _put(raw.rows, row, column, UncachedFormula(formula.removeprefix("of:")))
    elif (truth := _truth(element, formula, truth_styles)) is not None:
        for each in columns[:_MAX_COLUMNS]:  # a repeated cell holds the value in every column
            _put(raw.rows, row, each, truth)


def _truth(element: ElementTree.Element, formula: str | None, styles: set[str]) -> bool | None:
    if element.get(_CACHED) == "boolean":
        return element.get(f"{_OFFICE}boolean-value") == "true"
    if formula in _TRUTHS:
        return _TRUTHS[formula]
    if element.get(f"{_TABLE}style-name") in styles and element.get(_CACHED) == "float":
        return float(element.get(f"{_OFFICE}value", "0") or 0) != 0
    return None


def _repeated(element: ElementTree.Element, what: str) -> int:
    return max(1, int(element.get(f"{_TABLE}number-{what}-repeated", "1") or 1))


def _span(element: ElementTree.Element, what: str) -> int:
    return max(1, int(element.get(f"{_TABLE}number-{what}-spanned", "1") or 1))


def _unread_detail(sheets: Iterable[RawSheet], why: str) -> None:
    for raw in sheets:
        raw.unread = raw.unread or ("detail", why)


def _sheet_detail(sheet: Any, raw: RawSheet, errors: dict[tuple[int, int], str]) -> None:
    from openpyxl.cell.cell import Cell
    from openpyxl.utils import column_index_from_string

    raw.hidden_rows = {r for r, dim in sheet.row_dimensions.items() if dim.hidden}
    raw.hidden_columns = {
        column_index_from_string(letter)
        for letter, dim in sheet.column_dimensions.items()
        if dim.hidden
    }
    for row in sheet.iter_rows():
        for cell in row:
            if not isinstance(cell, Cell):
                continue
            if cell.data_type == "e":
                _put(raw.rows, cell.row, cell.column, ExcelError(str(cell.value)))
            elif (cell.row, cell.column) in errors:
                _put(raw.rows, cell.row, cell.column, ExcelError(errors[cell.row, cell.column]))
            elif cell.data_type == "f" and _get(raw.rows, cell.row, cell.column) is None:
                formula = (
                    cell.value
                    if isinstance(cell.value, str)
                    else "=" + str(getattr(cell.value, "text", cell.value))
                )
                _put(raw.rows, cell.row, cell.column, UncachedFormula(formula))


def _get(rows: list[list[Any]], row: int, column: int) -> Any:
    if row <= len(rows) and column <= len(rows[row - 1]):
        return rows[row - 1][column - 1]
    return None


def _put(rows: list[list[Any]], row: int, column: int, value: Any) -> None:
    while len(rows) < row:
        rows.append([])
    line = rows[row - 1]
    line.extend([None] * (column - len(line)))
    line[column - 1] = value
