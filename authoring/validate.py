"""Validation: read a game's workbook, check every sheet against its schema, run the checks."""

from __future__ import annotations

import difflib
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from authoring.checks import Tables
from authoring.findings import Finding, Severity, sorted_findings
from authoring.game import Game
from authoring.tables import Sheet, tabulate
from authoring.workbook import read_workbook

# The hidden sheet of drop-down lists that `authoring template` writes.
LISTS_SHEET = "_lists"


@dataclass
class Validation:
    tables: Tables
    findings: list[Finding]

    @property
    def ok(self) -> bool:
        return not any(f.severity is Severity.ERROR for f in self.findings)


def validate_workbook(
    path: Path, game: Game, *, display: str | None = None, only: Collection[str] = ()
) -> Validation:
    """Every finding for one workbook, in sheet and row order.

    `only` limits the work to the named sheets (and the checks that need no other sheet).
    Raises `UnreadableWorkbook` when the file is not a readable xlsx at all.
    """
    name = display or str(path)
    raw = read_workbook(path)
    findings: list[Finding] = []
    tables: Tables = {}
    for index, sheet_name in enumerate(game.sheets, start=1):
        if only and sheet_name not in only:
            continue
        raw_sheet = raw.sheets.get(sheet_name)
        if raw_sheet is None:
            closest = difflib.get_close_matches(sheet_name, list(raw.sheets), n=1)
            hint = f"; is {closest[0]!r} meant to be it?" if closest else ""
            findings.append(
                Finding(
                    Severity.ERROR,
                    "missing-sheet",
                    f"missing sheet {sheet_name!r}{hint}",
                    name,
                    sheet=sheet_name,
                    expected=sheet_name,
                    order=(index, 0, 0),
                )
            )
            continue
        sheet, sheet_findings = tabulate(raw_sheet, game.schemas[sheet_name], name, index)
        findings += sheet_findings
        findings += _schema_findings(sheet, game)
        tables[sheet_name] = sheet
    if not only:
        findings += _unknown_sheets(raw.sheets, game, name)
    for check in game.checks:
        if check.applies(tables):
            findings += check.run(tables)
    return Validation(tables, sorted_findings(findings))


def _schema_findings(sheet: Sheet, game: Game) -> list[Finding]:
    schema = game.schemas[sheet.name]
    findings = []
    for record in sheet.records:
        if schema.is_valid(record.values):
            continue
        for problem in schema.problems(record.values):
            if problem.field in record.invalid:
                continue
            record.mark_invalid(problem.field)
            findings.append(
                record.finding(
                    Severity.ERROR,
                    problem.code,
                    f"{problem.message} (expected {problem.expected})",
                    problem.field,
                    expected=problem.expected,
                )
            )
    return findings


def _unknown_sheets(sheets: Collection[str], game: Game, workbook: str) -> list[Finding]:
    extra = [s for s in sheets if s not in game.schemas and s != LISTS_SHEET]
    return [
        Finding(
            Severity.WARNING,
            "unknown-sheet",
            f"sheet {s!r} is not part of {game.title} and is ignored",
            workbook,
            sheet=s,
            order=(len(game.sheets) + 1, 0, 0),
        )
        for s in extra
    ]
