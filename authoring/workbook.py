"""Reading an xlsx workbook into raw cell grids, with Excel's traps made visible.

Values come from python-calamine, which reads a large sheet ten times faster than openpyxl.
Calamine cannot see formulas, error values or hidden rows and columns, so a cheap scan of each
sheet's XML looks for them; only a workbook that has any is also opened with openpyxl, whose
view of those sheets is merged into the grid. The designer's file is only ever opened for reading.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Literal
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
_OLE2_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
# A package's limits (Apache POI refuses at 100:1 by default): Excel's and LibreOffice's
# XML inflates 10-20 times (the 100,000-row benchmark sheet: 12 times, 32 MB), and a
# sheet of a million formatted blank rows 20 times (measured with zlib at its default level).
MAX_INFLATED = 1 << 30
MAX_RATIO = 200
RATIO_CHECKED_FROM = 1 << 20  # a part's bytes below which its ratio is not judged
_ENCRYPTED_STREAM = "EncryptedPackage".encode("utf-16-le")


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
    check_readable(path)
    try:
        book = python_calamine.CalamineWorkbook.from_path(str(path))
        listed = list(book.sheets_metadata)
    except Exception as error:  # calamine raises several unrelated types for a damaged file
        raise UnreadableWorkbook(f"{path}: cannot read the workbook: {error}") from error
    sheets = {meta.name: _calamine_sheet(book, meta) for meta in listed}
    try:
        detailed = _sheets_needing_detail(path)
    except Exception as error:  # the package's XML, which calamine did read, is malformed
        _unread_detail(sheets.values(), _reader_error("the workbook's XML", error))
        detailed = []
    if detailed:
        _add_detail(path, {name: sheets[name] for name in detailed if name in sheets})
    return RawWorkbook(path=path, sheets=sheets)


def _calamine_sheet(book: Any, meta: Any) -> RawSheet:
    hidden = meta.visible != python_calamine.SheetVisibleEnum.Visible
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


def check_readable(path: Path) -> None:
    """Raise `UnreadableWorkbook`, saying why, unless `path` is an xlsx package."""
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
            f"{path}: not an xlsx workbook (an xlsx file is a zip archive; this one is not, "
            "or it is truncated)"
        )
    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
            _refuse_a_bomb(path, parts)
            names = {part.filename for part in parts}
            if "xl/workbook.bin" in names:
                raise UnreadableWorkbook(
                    f"{path}: an Excel Binary Workbook (.xlsb); save it as an Excel Workbook "
                    "(.xlsx): File > Save As > Excel Workbook"
                )
            broken = archive.testzip()
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, ValueError) as error:
        raise UnreadableWorkbook(f"{path}: damaged or truncated xlsx file: {error}") from error
    if broken is not None:
        raise UnreadableWorkbook(f"{path}: damaged or truncated xlsx file ({broken} is corrupt)")
    if "xl/workbook.xml" not in names:
        raise UnreadableWorkbook(f"{path}: a zip archive, but not an xlsx workbook")


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


def _sheets_needing_detail(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
        targets = {rel.get("Id"): rel.get("Target", "") for rel in rels}
        flagged = []
        for sheet in workbook.iterfind("main:sheets/main:sheet", _NS):
            target = targets.get(sheet.get(_REL_ID), "")
            part = (
                target.lstrip("/") if target.startswith("/") else str(PurePosixPath("xl", target))
            )
            if part in archive.namelist() and _has_detail_markers(archive, part):
                flagged.append(sheet.get("name", ""))
        return flagged


def _has_detail_markers(archive: zipfile.ZipFile, part: str) -> bool:
    tail = b""
    with archive.open(part) as stream:
        while chunk := stream.read(_SCAN_CHUNK):
            window = tail + chunk
            if any(marker in window for marker in _DETAIL_MARKERS):
                return True
            tail = chunk[-32:]
    return False


def _add_detail(path: Path, sheets: dict[str, RawSheet]) -> None:
    # Imported here: only a workbook with formulas, errors or hidden lines pays for openpyxl.
    import openpyxl

    try:
        book = openpyxl.load_workbook(path, data_only=False)
    except Exception as error:  # e.g. a pivot table openpyxl cannot parse, on any sheet
        _unread_detail(sheets.values(), _reader_error("openpyxl", error))
        return
    try:
        for name, raw in sheets.items():
            try:
                _sheet_detail(book[name], raw)
            except Exception as error:
                _unread_detail([raw], _reader_error("openpyxl", error))
    finally:
        book.close()


def _unread_detail(sheets: Iterable[RawSheet], why: str) -> None:
    for raw in sheets:
        raw.unread = raw.unread or ("detail", why)


def _sheet_detail(sheet: Any, raw: RawSheet) -> None:
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
