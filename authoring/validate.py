"""Validation in two phases: the tables, then the game's model.

Phase 1 reads the workbook, tabulates every sheet, checks it against its schema and runs the
table checks. Only when phase 1 found no error is the typed model built and phase 2 run: the
checks that need the model. So no model check ever meets a missing row or a wrong cell.

The workbook's optional Waivers sheet (see `authoring/waivers.py`) is read in phase 1 like any
sheet; its waivers are applied by `Validation.waive`, once every finding of the run is in.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from authoring.checks import Tables
from authoring.findings import Finding, Location, Severity, sorted_findings
from authoring.game import Game, Model
from authoring.schema import SheetSchema
from authoring.tables import Sheet, tabulate
from authoring.waivers import (
    WAIVERS_SHEET,
    Waiver,
    WaiverOutcome,
    apply_waivers,
    read_waivers,
    waivers_schema,
)
from authoring.workbook import RawWorkbook, read_workbook

# Sheets the tool itself puts into workbooks: the hidden drop-down lists of `template`, the
# Findings of `--annotate` and the Changes of `derive` and `diff` (renamed "Changes (2)" where
# the name was taken). They belong to no game and are passed over without a word, so a copy
# the tool wrote validates as cleanly as the workbook it came from.
LISTS_SHEET = "_lists"
FINDINGS_SHEET = "Findings"
CHANGES_SHEET = "Changes"
_TOOL_SHEET = re.compile(rf"(?:{FINDINGS_SHEET}|{CHANGES_SHEET})(?: \(\d+\))?")


@dataclass
class Validation:
    game: Game
    tables: Tables
    findings: list[Finding]
    # The game's typed model: None when phase 1 found errors (or only some sheets were read).
    model: Model | None = None
    # The workbook's accepted warnings, from its Waivers sheet (none when it has none).
    waivers: list[Waiver] = field(default_factory=list)
    # Every sheet was read and, phase 1 finding no error in the game's sheets, every check
    # of both phases ran: a warning missing from the findings is really gone.
    complete: bool = False

    @property
    def ok(self) -> bool:
        return not _has_errors(self.findings)

    def waive(self, findings: Iterable[Finding], *, proofs_ran: bool) -> WaiverOutcome:
        """`findings` (this validation's, and the proofs' when they ran) with the workbook's
        waivers applied.

        A waiver is called stale only when the run could have found its warning: every stage
        ran, the reference rules' proofs included when the game has them. So `validate`, which
        never runs the proofs, calls no waiver of such a game stale; `check` does.
        """
        every_stage_ran = self.complete and (proofs_ran or self.game.consistency is None)
        return apply_waivers(findings, self.waivers, judge_stale=every_stage_ran)


def validate_workbook(
    path: Path, game: Game, *, display: str | None = None, only: Collection[str] = ()
) -> Validation:
    """Every finding for one workbook, in sheet and row order.

    `only` limits the work to the named sheets (and the checks that need no other sheet);
    the Waivers sheet is read only when it is among them. Raises `UnreadableWorkbook` when
    the file is not a readable xlsx at all.
    """
    return validate_raw(read_workbook(path), game, display=display or str(path), only=only)


def validate_raw(
    raw: RawWorkbook, game: Game, *, display: str, only: Collection[str] = ()
) -> Validation:
    """`validate_workbook` on cells already read (a sweep's variants are the cells of one
    workbook with a few changed); `display` names the workbook in the findings."""
    name = display
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
                Location(name, sheet_name, index).finding(
                    Severity.ERROR,
                    "missing-sheet",
                    f"missing sheet {sheet_name!r}{hint}",
                    expected=sheet_name,
                )
            )
            continue
        schema = game.schemas[sheet_name]
        sheet, sheet_findings = tabulate(raw_sheet, schema, name, index)
        findings += sheet_findings
        if raw_sheet.cells_unread:
            continue  # as if missing: no check reads a table whose cells were never read
        findings += _schema_findings(sheet, schema)
        tables[sheet_name] = sheet
    if not only:
        findings += _unknown_sheets(raw.sheets, game, name)
    for check in game.checks:
        if check.applies(tables):
            findings += check.run(tables)
    # Judged before the waivers' findings join in: a wrong waiver stops no check.
    tables_clean = not _has_errors(findings)
    model = None
    if not only and game.model is not None and tables_clean:
        model = game.model(tables)
        for model_check in game.model_checks:
            findings += model_check(model)
    complete = not only and tables_clean
    waivers: list[Waiver] = []
    if not only or WAIVERS_SHEET in only:
        waivers, waiver_findings = _waivers(raw, game, name)
        findings += waiver_findings
    return Validation(
        game, tables, sorted_findings(findings), model, waivers=waivers, complete=complete
    )


def _waivers(raw: RawWorkbook, game: Game, workbook: str) -> tuple[list[Waiver], list[Finding]]:
    """The Waivers sheet, checked like any sheet; a workbook without one waives nothing."""
    raw_sheet = raw.sheets.get(WAIVERS_SHEET)
    if raw_sheet is None:
        return [], []
    schema = waivers_schema()
    sheet, findings = tabulate(raw_sheet, schema, workbook, _waivers_index(game))
    findings += _schema_findings(sheet, schema)
    waivers, problems = read_waivers(sheet, game, raw.sheets)
    return waivers, findings + problems


def _waivers_index(game: Game) -> int:
    """The Waivers sheet's findings come after the game's sheets, before any unknown sheet."""
    return len(game.sheets) + 1


def _has_errors(findings: list[Finding]) -> bool:
    return any(f.severity is Severity.ERROR for f in findings)


def _schema_findings(sheet: Sheet, schema: SheetSchema) -> list[Finding]:
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
    extra = [
        s
        for s in sheets
        if s not in game.schemas
        and s not in (LISTS_SHEET, WAIVERS_SHEET)
        and not _TOOL_SHEET.fullmatch(s)
    ]
    return [
        Location(workbook, s, _waivers_index(game) + 1).finding(
            Severity.WARNING,
            "unknown-sheet",
            f"sheet {s!r} is not part of {game.title} and is ignored",
        )
        for s in extra
    ]
