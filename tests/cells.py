"""Finding cells in a real workbook and describing findings, shared by the data tests."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from authoring.findings import Finding
from authoring.validate import Validation

Place = tuple[str, str, str | None, str]


def column(sheet: Worksheet, header: str) -> str:
    for cell in sheet[1]:
        if cell.value == header:
            return get_column_letter(cell.column)
    raise AssertionError(f"no column {header!r} on {sheet.title}")


def headers(sheet: Worksheet) -> list[str]:
    """The sheet's first row: the text of every column's header."""
    found = []
    for cell in sheet[1]:
        assert isinstance(cell.value, str), f"{sheet.title}!{cell.coordinate} is no header"
        found.append(cell.value)
    return found


def records(sheet: Worksheet) -> list[tuple[int, dict[str, Any]]]:
    """Every non-blank data row: its number and its values by header."""
    names = headers(sheet)
    return [
        (number, dict(zip(names, line, strict=True)))
        for number, line in enumerate(sheet.iter_rows(min_row=2, values_only=True), start=2)
        if any(value is not None for value in line)
    ]


def rows_where(sheet: Worksheet, **match: Any) -> list[int]:
    return [
        number
        for number, values in records(sheet)
        if all(values[name] == value for name, value in match.items())
    ]


def row_where(sheet: Worksheet, **match: Any) -> int:
    [number] = rows_where(sheet, **match)
    return number


def cell_where(sheet: Worksheet, header: str, **match: Any) -> str:
    return f"{column(sheet, header)}{row_where(sheet, **match)}"


def values_at(sheet: Worksheet, row: int) -> dict[str, Any]:
    return dict(records(sheet))[row]


def last_row(sheet: Worksheet) -> int:
    return max(number for number, _ in records(sheet))


def append_copy(sheet: Worksheet, row: int, **changes: Any) -> int:
    """Write a copy of `row` (with `changes`) below the last row; return its number."""
    names = headers(sheet)
    line = next(sheet.iter_rows(min_row=row, max_row=row, values_only=True))
    values = dict(zip(names, line, strict=True))
    values.update(changes)
    target = last_row(sheet) + 1
    for index, header in enumerate(names, start=1):
        cell = sheet.cell(target, index, values[header])
        cell.number_format = sheet.cell(row, index).number_format
    return target


def place(finding: Finding) -> Place:
    return (finding.code, finding.sheet or "", finding.cell, str(finding.severity))


def places(result: Validation | list[Finding]) -> list[Place]:
    findings = result.findings if isinstance(result, Validation) else result
    return [place(f) for f in findings]


def texts(result: Validation | list[Finding]) -> list[str]:
    findings = result.findings if isinstance(result, Validation) else result
    return [f.as_text() for f in findings]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def found(result: Validation | list[Finding], code: str) -> list[tuple[str | None, str | None]]:
    """Where the findings of one code are: (sheet, cell) each."""
    findings = result.findings if isinstance(result, Validation) else result
    return [(f.sheet, f.cell) for f in findings if f.code == code]
