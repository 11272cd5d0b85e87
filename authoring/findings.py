"""Findings: every problem the pipeline reports, in one shape, with its place in the workbook."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Finding:
    """One problem, located as precisely as the data allows.

    `sheet`, `cell` and `field` are None when the problem belongs to the whole workbook or
    sheet. `order` sorts findings into sheet and row order; it is not part of the report.
    """

    severity: Severity
    code: str
    message: str
    workbook: str
    sheet: str | None = None
    cell: str | None = None
    field: str | None = None
    value: Any = None
    expected: str | None = None
    order: tuple[int, int, int] = (0, 0, 0)

    @property
    def place(self) -> str:
        place = self.workbook
        if self.sheet is not None:
            place += f":{self.sheet}"
            if self.cell is not None:
                place += f"!{self.cell}"
        return place

    def as_text(self) -> str:
        return f"{self.place}: {self.severity}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        del data["order"]
        data["severity"] = str(self.severity)
        data["value"] = json_value(self.value)
        return data


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


def sorted_findings(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: (f.workbook, f.order))


def count(findings: Iterable[Finding], severity: Severity) -> int:
    return sum(1 for f in findings if f.severity is severity)


def render_text(findings: list[Finding]) -> str:
    lines = [f.as_text() for f in findings]
    errors, warnings = count(findings, Severity.ERROR), count(findings, Severity.WARNING)
    lines.append(f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")
    return "\n".join(lines)


def render_json(findings: list[Finding]) -> str:
    return json.dumps([f.as_dict() for f in findings], indent=2, ensure_ascii=False)
