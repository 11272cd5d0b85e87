"""Reports of checks and simulations: findings plus tables of figures, as text or JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from authoring.findings import Finding, finding_dicts, render_text


@dataclass(frozen=True)
class Figures:
    """One table of figures: a title, column names, rows, and a note on how it was made."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    note: str = ""

    def as_text(self) -> str:
        cells = [list(self.header), *([_cell(v) for v in row] for row in self.rows)]
        widths = [max(len(row[i]) for row in cells) for i in range(len(self.header))]
        lines = [self.title, "-" * len(self.title)]
        for number, row in enumerate(cells):
            lines.append(
                "  ".join(
                    value.rjust(widths[i]) if i else value.ljust(widths[i])
                    for i, value in enumerate(row)
                ).rstrip()
            )
            if number == 0:
                lines.append("  ".join("-" * w for w in widths))
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "header": list(self.header),
            "rows": [[_json(v) for v in row] for row in self.rows],
            "note": self.note,
        }


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)
    figures: list[Figures] = field(default_factory=list)
    # The warnings the workbook's waivers silenced, each with its waiver's reason: counted
    # in the text, listed in the JSON among the findings with a `waived` key.
    waived: list[tuple[Finding, str]] = field(default_factory=list)

    def as_text(self) -> str:
        parts = [figures.as_text() for figures in self.figures]
        parts.append(render_text(self.findings, self.waived))
        return "\n\n".join(parts)

    def as_json(self) -> str:
        return json.dumps(
            {
                "findings": finding_dicts(self.findings, self.waived),
                "figures": [f.as_dict() for f in self.figures],
            },
            indent=2,
            ensure_ascii=False,
        )


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def _json(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if hasattr(value, "as_dict"):
        return value.as_dict()
    if isinstance(value, Sequence):
        return [_json(v) for v in value]
    return str(value)
