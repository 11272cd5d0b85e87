"""From a raw sheet to records: header matching, Excel's traps, one flat record per row.

Every value keeps its provenance: a record knows its workbook, sheet and row, and its sheet
knows the column of each field, so any value can be named as `book.xlsx:Sheet!C7`.

A grid sheet (its schema says `x-grid`, such as a map whose cells are hexes) has no header:
each row from row 1 is a record whose fields are the column letters.
"""

from __future__ import annotations

import datetime
import difflib
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from authoring.findings import Finding, Location, Severity, column_letter, show
from authoring.render.words import number_range
from authoring.schema import SheetSchema
from authoring.workbook import ExcelError, RawSheet, UncachedFormula

HEADER_ROW = 1
_PLAIN_INTEGER = re.compile(r"[+-]?(?:0|[1-9]\d*)")
_PLAIN_DECIMAL = re.compile(r"[+-]?(?:0|[1-9]\d*)(?:\.\d+)?")
_DATE_TYPES = (datetime.date, datetime.time, datetime.timedelta)


@dataclass(eq=False)
class Sheet:
    workbook: str
    name: str
    index: int
    columns: dict[str, int] = field(default_factory=dict)
    records: list[Record] = field(default_factory=list)
    # False when a required column is missing from the header.
    complete: bool = True

    def location(self, *, row: int = 0, column: int = 0, field: str | None = None) -> Location:
        """A place on this sheet; a field names its column."""
        if field is not None and not column:
            column = self.columns.get(field, 0)
        return Location(self.workbook, self.name, self.index, row, column)

    def cell(self, field_name: str, row: int) -> str | None:
        column = self.columns.get(field_name)
        return self.location(row=row, column=column).cell if column else None

    def finding(
        self,
        severity: Severity,
        code: str,
        message: str,
        *,
        row: int = 0,
        column: int = 0,
        field: str | None = None,
        value: Any = None,
        expected: str | None = None,
    ) -> Finding:
        return self.location(row=row, column=column, field=field).finding(
            severity, code, message, field=field, value=value, expected=expected
        )


_NOTHING_INVALID: frozenset[str] = frozenset()


@dataclass(eq=False, slots=True)
class Record:
    """One data row: field name to value (a blank cell is None)."""

    sheet: Sheet
    row: int
    values: dict[str, Any]
    # Fields whose cell was already reported as wrong; checks leave them alone. Shared and
    # empty for the great majority of rows, so a large sheet costs no set per row.
    invalid: frozenset[str] = _NOTHING_INVALID

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def get(self, name: str) -> Any:
        return self.values.get(name)

    def ok(self, *names: str) -> bool:
        """True when every named field is present and was not reported as wrong."""
        values, invalid = self.values, self.invalid
        return all(name in values and name not in invalid for name in names)

    def mark_invalid(self, name: str) -> None:
        self.invalid = self.invalid | {name}

    def cell(self, name: str) -> str | None:
        return self.sheet.cell(name, self.row)

    def location(self, field: str | None = None) -> Location:
        """The row, or the cell of one of its fields."""
        return self.sheet.location(row=self.row, field=field)

    def finding(
        self,
        severity: Severity,
        code: str,
        message: str,
        field: str,
        expected: str | None = None,
    ) -> Finding:
        return self.sheet.finding(
            severity,
            code,
            message,
            row=self.row,
            field=field,
            value=self.values.get(field),
            expected=expected,
        )


def normal_header(text: str) -> str:
    return text.strip().lower().replace(" ", "_")


def tabulate(
    raw: RawSheet, schema: SheetSchema, workbook: str, index: int
) -> tuple[Sheet, list[Finding]]:
    sheet = Sheet(workbook=workbook, name=raw.name, index=index)
    findings: list[Finding] = []
    rows = raw.rows
    if raw.hidden:
        findings.append(
            sheet.finding(
                Severity.WARNING,
                "hidden-sheet",
                f"sheet {raw.name!r} is hidden in Excel; its data is still read and used",
            )
        )
    if raw.unread is not None:
        findings.append(_unread(sheet, *raw.unread))
        if raw.cells_unread:
            return sheet, findings
    if schema.grid_cell is None:
        findings += _match_headers(sheet, rows[0] if rows else [], schema)
        headed = _all_headed_columns(rows)
        first_row = HEADER_ROW + 1
    else:
        # A grid has no header: each column is named by its letter, and row 1 is data. It is
        # as wide as most of its rows, so a stray value far to the right is one error at its
        # cell, not a column of missing values down every other row.
        width = _grid_width(rows)
        sheet.columns = {column_letter(c): c for c in range(1, width + 1)}
        headed = set(sheet.columns.values())
        first_row = 1
    covered = _apply_merges(sheet, raw, findings)
    findings += _hidden_lines(sheet, raw)
    plan = [
        (name, column - 1, "string" in types, bool({"integer", "number"} & types), types)
        for name, column in sheet.columns.items()
        for types in [_column_types(schema, name)]
    ]
    width_headed = max(headed, default=0)
    header_has_holes = len(headed) != width_headed
    for row_number, line in enumerate(rows[first_row - 1 :], start=first_row):
        if all(value is None for value in line):
            continue
        values: dict[str, Any] = {}
        invalid: set[str] = set()
        width = len(line)
        # The common cases inline; anything unusual goes through _cell_value.
        for name, index, takes_text, takes_number, types in plan:
            value = line[index] if index < width else None
            if value is None:
                if (row_number, index + 1) in covered:
                    invalid.add(name)
            elif type(value) is str:
                if takes_text and not value.isspace():
                    pass
                else:
                    value, finding = _cell_value(sheet, row_number, index + 1, name, value, types)
                    if finding is not None:
                        findings.append(finding)
            elif type(value) is float and takes_number and value.is_integer():
                value = int(value)
            else:
                value, finding = _cell_value(sheet, row_number, index + 1, name, value, types)
                if finding is not None:
                    findings.append(finding)
                    if finding.severity is Severity.ERROR:
                        invalid.add(name)
            values[name] = value
        if width > width_headed or header_has_holes:
            findings += _outside_table(sheet, row_number, line, headed, grid=first_row == 1)
        record = Record(sheet, row_number, values)
        if invalid:
            record.invalid = frozenset(invalid)
        sheet.records.append(record)
    if not sheet.records and not schema.may_be_empty and sheet.complete:
        findings.append(
            sheet.finding(
                Severity.ERROR,
                "empty-sheet",
                f"sheet {raw.name!r} has no rows of data below its header",
                expected=f"at least one row: {schema.description or 'see the header notes'}",
            )
        )
    return sheet, findings


def _column_types(schema: SheetSchema, name: str) -> frozenset[str]:
    spec = schema.field(name)
    return spec.types if spec is not None else frozenset()


def _grid_width(rows: list[list[Any]]) -> int:
    """The column most of a grid's rows end at (the wider one on a tie)."""
    ends = Counter(
        max(column for column, value in enumerate(line, start=1) if value is not None)
        for line in rows
        if any(value is not None for value in line)
    )
    most = max(ends.values(), default=0)
    return max((end for end, count in ends.items() if count == most), default=0)


def _outside_table(
    sheet: Sheet, row: int, line: list[Any], headed: set[int], *, grid: bool = False
) -> list[Finding]:
    if grid:
        last = column_letter(max(headed))
        why = f"which is outside the grid: most of its rows end at column {last}"
    else:
        why = "which has no header: the row has more entries than the table has columns"
    return [
        sheet.finding(
            Severity.ERROR,
            "outside-table",
            f"value {show(value)} is in column {column_letter(column)}, {why}",
            row=row,
            column=column,
            value=value,
        )
        for column, value in enumerate(line, start=1)
        if value is not None and column not in headed
    ]


def _all_headed_columns(rows: list[list[Any]]) -> set[int]:
    header = rows[0] if rows else []
    return {column for column, value in enumerate(header, start=1) if value is not None}


def _expected_column(
    name: str, schema: SheetSchema, found: dict[str, int], header: list[Any]
) -> int:
    """Where a missing column's header belongs: a blank header cell between the columns the
    schema puts before and after it (a header someone emptied), else right after the one
    before it (a column deleted), else where the schema's order puts it."""
    order = list(schema.fields)
    place = order.index(name)
    before = max((found[n] for n in order[:place] if n in found), default=0)
    after = min((found[n] for n in order[place + 1 :] if n in found), default=len(header) + 1)
    blanks = [c for c in range(before + 1, after) if c > len(header) or header[c - 1] is None]
    if blanks and blanks[0] <= len(header):
        return blanks[0]
    return before + 1 if before else min(after, place + 1)


def _match_headers(sheet: Sheet, header: list[Any], schema: SheetSchema) -> list[Finding]:
    findings: list[Finding] = []
    known = {normal_header(name): name for name in schema.fields}
    unknown: dict[str, int] = {}
    for column, title in enumerate(header, start=1):
        if title is None:
            continue
        if isinstance(title, _DATE_TYPES):
            meant = _header_behind_date(title, known, sheet.columns)
            if meant is not None:
                sheet.columns[meant] = column
            guess = f"; it was probably {meant!r}" if meant else ""
            findings.append(
                sheet.finding(
                    Severity.ERROR,
                    "excel-date",
                    f"Excel turned this header into a date ({_date_words(title)}){guess}; "
                    "format the cell as Text and type the header again",
                    row=HEADER_ROW,
                    column=column,
                    value=str(title),
                    expected=meant,
                )
            )
            continue
        text = str(title)
        name = known.get(normal_header(text))
        if name is None:
            unknown[text] = column
        elif name in sheet.columns:
            findings.append(
                sheet.finding(
                    Severity.ERROR,
                    "duplicate-column",
                    f"column {text!r} appears twice (first in "
                    f"{column_letter(sheet.columns[name])}{HEADER_ROW})",
                    row=HEADER_ROW,
                    column=column,
                    value=text,
                )
            )
        else:
            sheet.columns[name] = column
    missing = [name for name in schema.required if name not in sheet.columns]
    sheet.complete = not missing
    for name in missing:
        closest = difflib.get_close_matches(name, list(unknown), n=1, cutoff=0.6)
        if closest:
            column = unknown.pop(closest[0])
            findings.append(
                sheet.finding(
                    Severity.ERROR,
                    "misspelt-column",
                    f"unknown column {closest[0]!r}: did you mean {name!r}? "
                    f"(column {name!r} is missing)",
                    row=HEADER_ROW,
                    column=column,
                    value=closest[0],
                    expected=name,
                )
            )
        else:
            findings.append(
                sheet.finding(
                    Severity.ERROR,
                    "missing-column",
                    f"missing column {name!r} ({schema.fields[name].description})",
                    row=HEADER_ROW if header else 0,
                    column=_expected_column(name, schema, sheet.columns, header) if header else 0,
                    field=name,
                    expected=name,
                )
            )
    for text, column in unknown.items():
        closest = difflib.get_close_matches(normal_header(text), list(schema.fields), n=1)
        hint = f"; did you mean {closest[0]!r}?" if closest else ""
        findings.append(
            sheet.finding(
                Severity.WARNING,
                "unknown-column",
                f"column {text!r} is not part of sheet {sheet.name!r} and is ignored{hint}",
                row=HEADER_ROW,
                column=column,
                value=text,
            )
        )
    return findings


def _header_behind_date(title: Any, known: dict[str, str], taken: dict[str, int]) -> str | None:
    """The missing header a designer most likely typed when Excel made this date of it."""
    if not isinstance(title, datetime.date):
        return None
    readings = {f"{title.day}-{title.month}", f"{title.month}-{title.day}"}
    candidates = [known[r] for r in readings if r in known and known[r] not in taken]
    return candidates[0] if len(candidates) == 1 else None


def _apply_merges(sheet: Sheet, raw: RawSheet, findings: list[Finding]) -> set[tuple[int, int]]:
    """Fill a merged range that runs down one column; refuse any other merge in the table.

    Returns the cells, other than a merge's first, of the merges that were refused.
    """
    refused: set[tuple[int, int]] = set()
    for top, left, bottom, right in raw.merged:
        span = f"{column_letter(left)}{top}:{column_letter(right)}{bottom}"
        # A merge may lie, wholly or partly, below the last row holding a value.
        line = raw.rows[top - 1] if top <= len(raw.rows) else []
        value = line[left - 1] if left <= len(line) else None
        if left == right and top > HEADER_ROW:
            if value is not None:  # filled down, below the last row holding a value too
                raw.rows.extend([] for _ in range(bottom - len(raw.rows)))
                for row in range(top + 1, bottom + 1):
                    line = raw.rows[row - 1]
                    line.extend([None] * (left - len(line)))
                    line[left - 1] = value
            findings.append(
                sheet.finding(
                    Severity.WARNING,
                    "merged-cells",
                    f"merged cells {span}: the value {show(value)} is used for every row of the "
                    "range; unmerge and fill each cell to silence this",
                    row=top,
                    column=left,
                    value=value,
                )
            )
            continue
        refused |= {
            (row, column)
            for row in range(top, bottom + 1)
            for column in range(left, right + 1)
            if (row, column) != (top, left)
        }
        findings.append(
            sheet.finding(
                Severity.ERROR,
                "merged-cells",
                f"merged cells {span} span several columns"
                + (" of the header" if top == HEADER_ROW else "")
                + ": unmerge them and give each cell its own value",
                row=top,
                column=left,
                value=value,
            )
        )
    return refused


def _unread(sheet: Sheet, part: str, why: str) -> Finding:
    """What a reader failed on: the sheet's cells (an error), or only the detail its values
    alone hide (a warning: the values are still checked)."""
    if part == "cells":
        return sheet.finding(
            Severity.ERROR,
            "unread-part",
            f"could not read this part of the workbook: the cells of sheet {sheet.name!r} "
            f"({why}); the other sheets are still checked",
        )
    return sheet.finding(
        Severity.WARNING,
        "unread-part",
        "could not read this part of the workbook: the formulas, error values and hidden "
        f"rows and columns of sheet {sheet.name!r} ({why}); its values are checked as "
        "last saved, and a formula never calculated reads as a blank cell",
    )


def _hidden_lines(sheet: Sheet, raw: RawSheet) -> list[Finding]:
    findings = []
    rows = sorted(r for r in raw.hidden_rows if r <= len(raw.rows))
    if rows:
        findings.append(
            sheet.finding(
                Severity.WARNING,
                "hidden-rows",
                f"row{'s' * (len(rows) > 1)} {_spans(rows)} hidden in Excel; "
                "the data is still read and used",
                row=rows[0],
                column=1,
            )
        )
    columns = sorted(c for c in raw.hidden_columns if c in sheet.columns.values())
    if columns:
        letters = ", ".join(column_letter(c) for c in columns)
        findings.append(
            sheet.finding(
                Severity.WARNING,
                "hidden-columns",
                f"column{'s' * (len(columns) > 1)} {letters} hidden in Excel; "
                "the data is still read and used",
                row=HEADER_ROW,
                column=columns[0],
            )
        )
    return findings


def _spans(numbers: list[int]) -> str:
    parts: list[str] = []
    start = previous = numbers[0]
    for number in [*numbers[1:], None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        parts.append(number_range(start, previous))
        if number is not None:
            start = previous = number
    verb = "are" if len(numbers) > 1 else "is"
    return f"{', '.join(parts)} {verb}"


def _cell_value(
    sheet: Sheet, row: int, column: int, name: str, value: Any, types: frozenset[str]
) -> tuple[Any, Finding | None]:
    kind = type(value)
    if kind is float:
        value = int(value) if value.is_integer() else float(f"{value:.15g}")
        kind = type(value)
    if kind is int:
        if "integer" in types or "number" in types or "string" not in types:
            return value, None
        return str(value), None
    if kind is float:
        if "number" in types or "string" not in types:
            return value, None
        return str(value), None
    if kind is str:
        if not value.strip():
            return None, None
        if "string" in types or not ({"integer", "number"} & types):
            return value, None
        return _number_from_text(sheet, row, column, name, value, types)
    if kind is bool:
        return value, None
    if isinstance(value, datetime.time | datetime.timedelta):
        typed = _time_typed(value)
        message = (
            f"a time that Excel turned into a clock time ({typed}); format the column as Text "
            f"and type it again as {typed}"
        )
        return None, _cell_error(sheet, row, column, name, "excel-time", message, typed)
    if isinstance(value, _DATE_TYPES):
        message = (
            f"Excel turned this cell into a date ({_date_words(value)}); if you typed something "
            "like 1-5, format the column as Text and type it again"
        )
        return None, _cell_error(sheet, row, column, name, "excel-date", message, str(value))
    if isinstance(value, ExcelError):
        message = f"the cell holds the Excel error {value.text}; fix the formula or the value"
        return None, _cell_error(sheet, row, column, name, "excel-error", message, value.text)
    if isinstance(value, UncachedFormula):
        message = (
            f"formula {value.formula} has no saved result (it was written by a program that "
            "does not calculate); open the file in Excel or LibreOffice and save it"
        )
        return None, _cell_error(
            sheet, row, column, name, "formula-no-value", message, value.formula
        )
    return value, None


def _number_from_text(
    sheet: Sheet, row: int, column: int, name: str, text: str, types: frozenset[str]
) -> tuple[Any, Finding | None]:
    pattern = _PLAIN_INTEGER if "number" not in types else _PLAIN_DECIMAL
    if not pattern.fullmatch(text):
        return text, None
    number: int | float = int(text) if _PLAIN_INTEGER.fullmatch(text) else float(text)
    finding = sheet.finding(
        Severity.WARNING,
        "number-as-text",
        f"the number {number} is stored as text; it is read as a number "
        "(format the cell as a number to silence this)",
        row=row,
        column=column,
        field=name,
        value=text,
    )
    return number, finding


def _cell_error(
    sheet: Sheet, row: int, column: int, name: str, code: str, message: str, value: Any
) -> Finding:
    return sheet.finding(
        Severity.ERROR, code, message, row=row, column=column, field=name, value=value
    )


def _time_typed(value: datetime.time | datetime.timedelta) -> str:
    """A clock time or duration the way a race time is typed: 1:52.34, or 38.50 under a minute."""
    if isinstance(value, datetime.time):
        seconds = value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6
    else:
        seconds = value.total_seconds()
    minutes, rest = divmod(round(seconds * 100) / 100, 60)
    return f"{int(minutes)}:{rest:05.2f}" if minutes else f"{rest:.2f}"


def _date_words(value: Any) -> str:
    if isinstance(value, datetime.datetime) and value.time() != datetime.time():
        return value.isoformat(sep=" ")
    if isinstance(value, datetime.date):
        return f"{value.day} {value:%B %Y}"
    return str(value)
