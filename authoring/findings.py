"""Findings: every problem the pipeline reports, in one shape, with its place in the workbook."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


def column_letter(column: int) -> str:
    """A column's letters as Excel names it: 1 -> A, 27 -> AA.

    Spelt here rather than imported from openpyxl, whose package import costs a tenth of a
    second that a no-change rebuild cannot spend.
    """
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True)
class Location:
    """A place in a workbook: the whole book, a sheet, a row or one cell.

    Records and model objects carry their location, and every finding is made from one, so a
    place is never spelt by hand. `sheet_index` is the sheet's position in the game's order
    (sheets sort findings); row and column are 1-based, 0 where the place is wider.
    """

    workbook: str
    sheet: str | None = None
    sheet_index: int = 0
    row: int = 0
    column: int = 0

    @property
    def cell(self) -> str | None:
        """The cell's A1 name; a row without a column is named by its first cell."""
        if not self.row:
            return None
        return f"{column_letter(self.column or 1)}{self.row}"

    @property
    def order(self) -> tuple[int, int, int]:
        return (self.sheet_index, self.row, self.column)

    def __str__(self) -> str:
        place = self.workbook
        if self.sheet is not None:
            place += f":{self.sheet}"
            if self.cell is not None:
                place += f"!{self.cell}"
        return place

    def at(self, *, row: int = 0, column: int = 0) -> Location:
        """Another place on the same sheet."""
        return Location(self.workbook, self.sheet, self.sheet_index, row, column)

    def finding(
        self,
        severity: Severity,
        code: str,
        message: str,
        *,
        field: str | None = None,
        value: Any = None,
        expected: str | None = None,
    ) -> Finding:
        return Finding(severity, code, message, self, field, value, expected)


@dataclass(frozen=True)
class Finding:
    """One problem, located as precisely as the data allows.

    `field` is None when the problem belongs to the whole workbook, sheet or row.
    """

    severity: Severity
    code: str
    message: str
    location: Location
    field: str | None = None
    value: Any = None
    expected: str | None = None

    @property
    def workbook(self) -> str:
        return self.location.workbook

    @property
    def sheet(self) -> str | None:
        return self.location.sheet

    @property
    def cell(self) -> str | None:
        return self.location.cell

    @property
    def order(self) -> tuple[int, int, int]:
        return self.location.order

    @property
    def place(self) -> str:
        return str(self.location)

    def as_text(self) -> str:
        return f"{self.place}: {self.severity}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "severity": str(self.severity),
            "code": self.code,
            "message": self.message,
            "workbook": self.workbook,
            "sheet": self.sheet,
            "cell": self.cell,
            "field": self.field,
            "value": json_value(self.value),
            "expected": self.expected,
        }


def finding_record(finding: Finding) -> dict[str, Any]:
    """A finding as JSON that `finding_from_record` turns back into the same finding (a
    build's record, a sweep's cache): its whole location, not only its cell."""
    place = finding.location
    return {
        "severity": str(finding.severity),
        "code": finding.code,
        "message": finding.message,
        "location": [place.workbook, place.sheet, place.sheet_index, place.row, place.column],
        "field": finding.field,
        "value": json_value(finding.value),
        "expected": finding.expected,
    }


def finding_from_record(saved: dict[str, Any]) -> Finding:
    workbook, sheet, sheet_index, row, column = saved["location"]
    return Finding(
        Severity(saved["severity"]),
        saved["code"],
        saved["message"],
        Location(workbook, sheet, sheet_index, row, column),
        saved["field"],
        saved["value"],
        saved["expected"],
    )


def json_value(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def show(value: Any) -> str:
    """A cell value the way a designer recognises it in a message."""
    if value is None:
        return "blank"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, str):
        return repr(value)
    return str(value)


def a_few(items: Sequence[str], most: int = 5) -> str:
    """Up to `most` items for a message, and how many more there are: "S1, T1 and 9 more"."""
    rest = len(items) - most
    shown = ", ".join(items[:most])
    return f"{shown} and {rest:,} more" if rest > 0 else shown


def sorted_findings(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: (f.workbook, f.order))


def count(findings: Iterable[Finding], severity: Severity) -> int:
    return sum(1 for f in findings if f.severity is severity)


# Each waived warning with the reason its waiver gives (see `authoring/waivers.py`).
Waived = Sequence[tuple[Finding, str]]


def render_text(findings: list[Finding], waived: Waived = ()) -> str:
    """One line per finding and a summary; waived warnings are only counted in it."""
    lines = [f.as_text() for f in findings]
    errors, warnings = count(findings, Severity.ERROR), count(findings, Severity.WARNING)
    summary = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    if waived:
        summary += f", {len(waived)} waived"
    lines.append(summary)
    return "\n".join(lines)


def finding_dicts(findings: list[Finding], waived: Waived = ()) -> list[dict[str, Any]]:
    """Every finding, waived ones included, in workbook, sheet and row order.

    A waived warning carries one more key, `waived`: its waiver's reason. Findings still
    reported have no such key, so a report without waivers keeps its shape.
    """
    entries: list[tuple[Finding, dict[str, str]]] = [(finding, {}) for finding in findings]
    entries += [(finding, {"waived": reason}) for finding, reason in waived]
    entries.sort(key=lambda entry: (entry[0].workbook, entry[0].order))
    return [finding.as_dict() | extra for finding, extra in entries]


def render_json(findings: list[Finding], waived: Waived = ()) -> str:
    return json.dumps(finding_dicts(findings, waived), indent=2, ensure_ascii=False)
