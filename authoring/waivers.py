"""Waivers: warnings a designer has accepted, with a reason, in the workbook itself.

Any game's workbook may hold a `Waivers` sheet (a core sheet, never listed among a game's
sheets): one row per accepted warning, naming its code, its sheet, the cell or range it sits
in (blank: anywhere on the sheet) and why it is accepted. The sheet is read and checked like
every other sheet. `validate` and `check` then apply the waivers to their findings through
one function, `apply_waivers`: a waived warning is counted, not listed, and a waiver that
matches nothing any more is a warning of its own, so the list of accepted warnings cannot
quietly outlive what it accepted.

Only warnings can be waived: an error stays an error, and a waiver that matches only errors
says so. A waiver is called stale only by a run in which every stage that could find its
warning ran (`Validation.waive` decides): `validate` never runs the reference rules' proofs,
so it cannot tell whether a proof's warning is gone.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from authoring.checks import article
from authoring.findings import Finding, Location, Severity, show, sorted_findings
from authoring.schema import SheetSchema
from authoring.tables import Sheet

if TYPE_CHECKING:
    from authoring.game import Game

WAIVERS_SHEET = "Waivers"
_SCHEMA_FILE = Path(__file__).resolve().parent / "schemas" / f"{WAIVERS_SHEET}.schema.json"


@cache
def waivers_schema() -> SheetSchema:
    return SheetSchema.load(_SCHEMA_FILE)


@dataclass(frozen=True)
class Area:
    """A rectangle of cells, 1-based and inclusive, whichever way round its corners are given."""

    first_row: int
    first_column: int
    last_row: int
    last_column: int

    @classmethod
    def parse(cls, text: str) -> Area:
        """A cell (D7) or a range (D2:F11), as the Waivers schema's pattern admits them."""
        from openpyxl.utils.cell import range_boundaries  # only a workbook with waivers pays

        left, top, right, bottom = range_boundaries(text.upper())
        if left is None or top is None or right is None or bottom is None:
            raise ValueError(f"{text!r} is not a cell or a range of cells")
        return cls(min(top, bottom), min(left, right), max(top, bottom), max(left, right))

    def holds(self, location: Location) -> bool:
        # A finding on a whole row is shown at the row's first cell, so it is matched there.
        column = location.column or 1
        return (
            self.first_row <= location.row <= self.last_row
            and self.first_column <= column <= self.last_column
        )


@dataclass(frozen=True)
class Waiver:
    """One row of the Waivers sheet: a warning accepted, and why."""

    code: str
    sheet: str
    # None: anywhere on the sheet, findings about the sheet as a whole included.
    area: Area | None
    reason: str
    # The waiver's own row, and its code's cell: where anything wrong with it is reported.
    location: Location
    code_cell: Location

    def covers(self, finding: Finding) -> bool:
        """The finding has this waiver's code and sits on its sheet, inside its cells."""
        if finding.code != self.code or finding.sheet != self.sheet:
            return False
        if self.area is None:
            return True
        return bool(finding.location.row) and self.area.holds(finding.location)


@dataclass
class WaiverOutcome:
    """The findings to report, and the warnings the workbook's waivers silenced."""

    findings: list[Finding] = field(default_factory=list)
    # Each waived warning with the reason its waiver gives.
    waived: list[tuple[Finding, str]] = field(default_factory=list)


def apply_waivers(
    findings: Iterable[Finding], waivers: Sequence[Waiver], *, judge_stale: bool
) -> WaiverOutcome:
    """Split `findings` into those still reported and the waived warnings.

    A warning covered by several waivers is waived by the first (in row order) and counts as
    matched for each. Of the waivers that waive nothing, one that covers only errors is
    reported, and any other is stale (a mistyped code among them, with the closest code the run
    found as a hint), reported only when `judge_stale` says the run could have found its
    warning.
    """
    by_code_and_sheet: dict[tuple[str, str], list[Waiver]] = defaultdict(list)
    for waiver in waivers:
        by_code_and_sheet[(waiver.code, waiver.sheet)].append(waiver)
    outcome = WaiverOutcome()
    seen: set[str] = set()
    warnings_matched: dict[Waiver, int] = defaultdict(int)
    errors_matched: dict[Waiver, int] = defaultdict(int)
    for finding in findings:
        seen.add(finding.code)
        candidates = by_code_and_sheet.get((finding.code, finding.sheet or ""), ())
        covering = [waiver for waiver in candidates if waiver.covers(finding)]
        matched = warnings_matched if finding.severity is Severity.WARNING else errors_matched
        for waiver in covering:
            matched[waiver] += 1
        if covering and finding.severity is Severity.WARNING:
            outcome.waived.append((finding, covering[0].reason))
        else:
            outcome.findings.append(finding)
    for waiver in waivers:
        if warnings_matched[waiver]:
            continue
        if errors_matched[waiver]:
            outcome.findings.append(_only_errors(waiver, errors_matched[waiver]))
        elif judge_stale:
            outcome.findings.append(_stale(waiver, seen))
    outcome.findings = sorted_findings(outcome.findings)
    return outcome


def _stale(waiver: Waiver, seen: Collection[str]) -> Finding:
    return waiver.location.finding(
        Severity.WARNING,
        "stale-waiver",
        f"waiver in row {waiver.location.row} matches no finding any more: remove it"
        + _closest(waiver.code, seen),
        value=waiver.code,
        expected=f"{article(waiver.code)} {waiver.code} warning on sheet {waiver.sheet}",
    )


def _only_errors(waiver: Waiver, errors: int) -> Finding:
    return waiver.location.finding(
        Severity.WARNING,
        "waiver-on-error",
        f"waiver in row {waiver.location.row} matches only {errors} error"
        f"{'s' * (errors != 1)}, and an error cannot be waived: correct the data instead",
        value=waiver.code,
        expected="a waiver for warnings only",
    )


def _closest(text: str, known: Collection[str]) -> str:
    closest = difflib.get_close_matches(text, sorted(known), n=1)
    return f" (is {closest[0]!r} meant?)" if closest and closest[0] != text else ""


def read_waivers(
    sheet: Sheet, game: Game, workbook_sheets: Collection[str]
) -> tuple[list[Waiver], list[Finding]]:
    """The waivers of a tabulated, schema-checked Waivers sheet, and what is wrong with them.

    A waiver may name any sheet of the game, the Waivers sheet itself, or any other sheet the
    workbook holds (whose `unknown-sheet` warning it can then accept). A row with a wrong cell
    waives nothing.
    """
    waivers: list[Waiver] = []
    findings: list[Finding] = []
    if not sheet.complete:
        return waivers, findings
    known_sheets = {*game.sheets, WAIVERS_SHEET, *workbook_sheets}
    for record in sheet.records:
        if not record.ok("code", "sheet", "cells", "reason"):
            continue
        named = record["sheet"]
        if named not in known_sheets:
            findings.append(
                record.finding(
                    Severity.ERROR,
                    "unknown-reference",
                    f"neither {game.title} nor this workbook has a sheet {show(named)}"
                    + _closest(named, known_sheets),
                    "sheet",
                    expected=f"a sheet of {game.title} or of this workbook",
                )
            )
            continue
        cells = record["cells"]
        waivers.append(
            Waiver(
                code=record["code"],
                sheet=named,
                area=Area.parse(cells) if cells is not None else None,
                reason=record["reason"],
                location=record.location(),
                code_cell=record.location("code"),
            )
        )
    return waivers, findings
