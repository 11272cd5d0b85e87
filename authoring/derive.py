"""`authoring derive`: the sheet a game derives from its facts, rewritten in a marked copy of
the designer's workbook.

A game derives one sheet from others: BLADE its Ratings from the season's Results, KISS & CRY
its Charts from Results. Its `Derivation` names the sheet it writes, the sheets it reads, and
the fields that name a group of the written sheet's rows (a skater's rating in an event, a
skater's chart); its `propose` says which rows each group should hold.

What stops derive is an error on a sheet it reads, unless the check that found it involves the
written sheet: "a season without a chart" is reported on Results, but it is the chart that is
missing. Errors on the written sheet do not stop it, since mending that sheet is what derive
is for, and neither do errors on sheets it does not read (BLADE's Field, which names rated
skaters; the printing tables): they play no part, and `validate` still reports them. Only a
written sheet that is missing, or lacks a column, stops it too: there is nowhere to write.

So the proposal is made from trusted tables: the sheets derive reads (free of errors), the
written sheet's rows without an error, and every other sheet empty, so that a game can build
its model from them. The game also sees every row of the written sheet, grouped by key, so it
can say what a group held before; a row whose key cell has an error belongs to no group.

The copy (`annotate.write_marked_copy`) keeps the designer's workbook as it is, apart from the
written sheet's cells that change. A group's rows are rewritten in place, so the sheet's order
stays; rows a group needs beyond those it has are appended at the end, and rows it no longer
needs are cleared. A group the facts cannot support is kept as it was and marked with the
reason. Every changed cell is filled and commented with its old value and the evidence, and a
first sheet, "Changes", lists the changes that matter (beyond the game's tolerance, and new
groups) before those within the tolerance, then what was not derived and why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from authoring.annotate import (
    CHANGE_FILL,
    WARNING_FILL,
    CellRef,
    CellValue,
    Edit,
    Mark,
    SummaryCell,
    SummarySheet,
    write_marked_copy,
)
from authoring.checks import Tables
from authoring.findings import Finding, Severity, render_text
from authoring.tables import HEADER_ROW, Record, Sheet
from authoring.validate import CHANGES_SHEET

if TYPE_CHECKING:
    from authoring.validate import Validation


# The values of a group's key fields, in the order the Derivation names them.
Key = tuple[CellValue, ...]
# One row of the written sheet as the facts would have it: field name to value.
Row = Mapping[str, CellValue]


@dataclass(frozen=True)
class Group:
    """The rows the facts support for one key of the written sheet."""

    key: Key
    # How a person names the group: "Ahn Ji-woo (ahn_ji_woo), w3000".
    label: str
    rows: tuple[Row, ...]
    # The written sheet's rows of this key, and the proposed ones, in a few words ("K-M",
    # "G-K"); `was` is "" when the sheet has no row of the key.
    was: str
    now: str
    # Why the facts support these rows: "6 results support G-K; the season sits 6.7 ...".
    evidence: str
    # Whether replacing the sheet's rows is a change beyond the game's tolerance.
    matters: bool


@dataclass(frozen=True)
class NotDerived:
    """A key, on the written sheet or in the facts, that the facts cannot support, and why."""

    key: Key
    label: str
    reason: str


@dataclass(frozen=True)
class Proposal:
    # New groups are appended in this order.
    groups: tuple[Group, ...]
    not_derived: tuple[NotDerived, ...]
    # What makes a change matter, in words, for the Changes sheet.
    tolerance: str


# (trusted tables, the written sheet's rows by key) -> the proposal.
Propose = Callable[[Tables, Mapping[Key, Sequence[Record]]], Proposal]


@dataclass(frozen=True)
class Derivation:
    """What a game derives: the sheet it writes, from the sheets it reads."""

    writes: str
    # Every sheet `propose` uses: the facts and the sheets they need (an error on one stops
    # derive).
    reads: tuple[str, ...]
    # The fields of the written sheet that name a group of its rows.
    key: tuple[str, ...]
    # What one group is, for messages: "rating", "chart".
    noun: str
    propose: Propose


@dataclass(frozen=True)
class DeriveOutcome:
    """What `derive` did, as the lines to print; `refused` when errors in the facts stopped it."""

    refused: bool
    lines: tuple[str, ...]


def derive_workbook(
    validation: Validation, derivation: Derivation, source: Path, output: Path, shown: str
) -> DeriveOutcome:
    """Refuse when the validated workbook has errors in its facts, else write the marked copy
    of `source` to `output`. `shown` is the output's name as the printed lines give it."""
    stopping = stopping_errors(validation, derivation)
    if stopping:
        return DeriveOutcome(
            refused=True,
            lines=(
                render_text(stopping),
                f"next: fix the errors above (derive reads {', '.join(derivation.reads)}), "
                "then run derive again",
            ),
        )
    tables = validation.tables
    written = tables[derivation.writes]
    on_sheet, unkeyed = _grouped(written, derivation.key)
    proposal = derivation.propose(_trusted(tables, derivation, validation.game.sheets), on_sheet)
    plan = _Plan(derivation, written)
    plan.rewrite(proposal, on_sheet, unkeyed)
    [changes] = write_marked_copy(
        source, output, marks=plan.marks, edits=plan.edits, summaries=[plan.summary(proposal)]
    )
    lines = []
    left = [f for f in validation.findings if f.severity is Severity.ERROR]
    if left:
        lines.append(
            f"derive went ahead despite {_count(len(left), 'error')} in the workbook: each is "
            f"about {derivation.writes} or on a sheet derive does not read"
        )
    lines.append(f"wrote {shown}: {plan.tally()}")
    lines.append(
        f"next: open {shown} and review sheet {changes}, then `authoring validate {shown}` "
        "and copy it over your workbook"
    )
    return DeriveOutcome(refused=False, lines=tuple(lines))


def stopping_errors(validation: Validation, derivation: Derivation) -> list[Finding]:
    """The errors that stop derive: those on the sheets it reads that no check involving the
    written sheet found, and any on a written sheet it cannot write into."""
    tables = validation.tables
    written = tables.get(derivation.writes)
    unwritable = written is None or not written.complete
    # Run again to tell their findings apart: checks only read the tables, so they find the
    # same as during validation.
    about_written = {
        _identity(finding)
        for check in validation.game.checks
        if derivation.writes in check.sheets and check.applies(tables)
        for finding in check.run(tables)
    }
    return [
        finding
        for finding in validation.findings
        if finding.severity is Severity.ERROR
        and (
            (finding.sheet == derivation.writes and unwritable)
            or (
                (finding.sheet is None or finding.sheet in derivation.reads)
                and _identity(finding) not in about_written
            )
        )
    ]


def _identity(finding: Finding) -> tuple[str, str, str]:
    return (finding.code, finding.place, finding.message)


def _grouped(sheet: Sheet, key: tuple[str, ...]) -> tuple[dict[Key, list[Record]], list[Record]]:
    """The sheet's rows by key, in sheet order, and the rows whose key cells have an error."""
    groups: dict[Key, list[Record]] = {}
    unkeyed: list[Record] = []
    for record in sheet.records:
        values = tuple(record.get(name) for name in key)
        if record.ok(*key) and None not in values:
            groups.setdefault(values, []).append(record)
        else:
            unkeyed.append(record)
    return groups, unkeyed


def _trusted(tables: Tables, derivation: Derivation, sheets: Sequence[str]) -> Tables:
    """The tables a proposal may rely on: the sheets derive reads, the written sheet's rows
    without an error, and every other sheet empty (present, so a model can be built)."""
    written = tables[derivation.writes]
    trusted: Tables = {}
    for index, name in enumerate(sheets, start=1):
        if name in derivation.reads:
            trusted[name] = tables[name]
        elif name == derivation.writes:
            trusted[name] = replace(written, records=[r for r in written.records if not r.invalid])
        else:
            trusted[name] = Sheet(written.workbook, name, index)
    return trusted


@dataclass
class _Entry:
    """One line of the Changes sheet."""

    cell: CellRef | None
    label: str
    was: str
    now: str
    why: str

    def row(self) -> list[CellValue | SummaryCell]:
        link = SummaryCell(None, link=self.cell) if self.cell is not None else None
        # An empty text is left a blank cell, not a cell holding "".
        return [link, self.label, self.was or None, self.now or None, self.why]


@dataclass
class _Plan:
    """The edits and marks that turn the written sheet into the proposal, and their tally."""

    derivation: Derivation
    sheet: Sheet
    edits: list[Edit] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    beyond: list[_Entry] = field(default_factory=list)
    new: list[_Entry] = field(default_factory=list)
    within: list[_Entry] = field(default_factory=list)
    not_derived: list[_Entry] = field(default_factory=list)
    unchanged: int = 0
    # Where the next appended row goes: below the sheet's last row.
    next_row: int = field(init=False)

    def __post_init__(self) -> None:
        self.next_row = max((r.row for r in self.sheet.records), default=HEADER_ROW) + 1

    def rewrite(
        self,
        proposal: Proposal,
        on_sheet: Mapping[Key, Sequence[Record]],
        unkeyed: Sequence[Record],
    ) -> None:
        proposed = {group.key: group for group in proposal.groups}
        reasons = {entry.key: entry for entry in proposal.not_derived}
        for key, records in on_sheet.items():
            group = proposed.get(key)
            if group is not None:
                self._replace(group, records)
                continue
            known = reasons.get(key)
            label = known.label if known else ", ".join(str(value) for value in key)
            reason = known.reason if known else "the facts say nothing about it"
            for record in records:
                self._keep(record, label, reason)
        for group in proposal.groups:
            if group.key not in on_sheet:
                first = self._append(group.rows, f"new {self.derivation.noun}: {group.evidence}")
                self.new.append(_Entry(first, group.label, "", group.now, group.evidence))
        for entry in proposal.not_derived:
            if entry.key not in on_sheet:
                self.not_derived.append(_Entry(None, entry.label, "", "", entry.reason))
        for record in unkeyed:
            names = " and ".join(name for name in self.derivation.key if not record.ok(name))
            self._keep(
                record,
                f"row {record.row}",
                f"its {names or 'key'} cell has an error, so derive cannot tell which "
                f"{self.derivation.noun} it belongs to",
            )

    def _replace(self, group: Group, records: Sequence[Record]) -> None:
        """The group's rows in place of the sheet's: row for row, then appended or cleared."""
        changed: list[CellRef] = []
        for record, row in zip(records, group.rows, strict=False):
            for name, value in row.items():
                old = record.values.get(name)
                invalid = name in record.invalid
                if not invalid and old == value:
                    continue
                cell = self._cell(record.row, name)
                was = "an error" if invalid and old is None else _shown(old)
                self.edits.append(Edit(cell, value))
                self.marks.append(Mark(cell, CHANGE_FILL, f"was {was}; {group.evidence}"))
                changed.append(cell)
        extra = group.rows[len(records) :]
        if extra:
            note = f"a new row of {group.label}: {group.evidence}"
            changed.append(self._append(extra, note))
        for record in records[len(group.rows) :]:
            changed.append(self._clear(record, group))
        if not changed:
            self.unchanged += 1
            return
        entry = _Entry(changed[0], group.label, group.was, group.now, group.evidence)
        (self.beyond if group.matters else self.within).append(entry)

    def _append(self, rows: Sequence[Row], note: str) -> CellRef:
        """Rows below the sheet's last; returns the first cell, which carries the note."""
        first: CellRef | None = None
        for row in rows:
            for name, value in row.items():
                cell = self._cell(self.next_row, name)
                self.edits.append(Edit(cell, value))
                self.marks.append(Mark(cell, CHANGE_FILL, note if first is None else None))
                first = first or cell
            self.next_row += 1
        assert first is not None  # a group has at least one row
        return first

    def _clear(self, record: Record, group: Group) -> CellRef:
        """A row the group no longer needs, emptied so that validation skips it."""
        cells = [self._cell(record.row, name) for name in self.sheet.columns]
        note = f"cleared: {group.label} now takes {len(group.rows)} row(s); {group.evidence}"
        for index, cell in enumerate(cells):
            self.edits.append(Edit(cell, None))
            self.marks.append(Mark(cell, CHANGE_FILL, note if index == 0 else None))
        return cells[0]

    def _keep(self, record: Record, label: str, reason: str) -> None:
        cells = [self._cell(record.row, name) for name in self.sheet.columns]
        note = f"kept as it was, not derived: {reason}"
        for index, cell in enumerate(cells):
            self.marks.append(Mark(cell, WARNING_FILL, note if index == 0 else None))
        self.not_derived.append(_Entry(cells[0], label, _row_text(record), "", reason))

    def _cell(self, row: int, name: str) -> CellRef:
        return CellRef(self.sheet.name, row, self.sheet.columns[name])

    def summary(self, proposal: Proposal) -> SummarySheet:
        noun = self.derivation.noun
        sections = (
            ("Beyond the tolerance", proposal.tolerance, CHANGE_FILL, self.beyond),
            (f"New {noun}s", "not on the sheet before", CHANGE_FILL, self.new),
            ("Within the tolerance", "applied too, for review", None, self.within),
            (
                "Not derived",
                "rows kept as they were; the reason in column why",
                WARNING_FILL,
                self.not_derived,
            ),
        )
        rows: list[list[CellValue | SummaryCell]] = []
        for title, gloss, fill, entries in sections:
            if rows:
                rows.append([])
            rows.append([SummaryCell(f"{title} ({len(entries)}): {gloss}", fill=fill)])
            rows += [entry.row() for entry in entries]
        return SummarySheet(
            CHANGES_SHEET,
            ("cell", noun, "was", "now", "why"),
            rows,
            widths=(16, 34, 16, 16, 90),
        )

    def tally(self) -> str:
        return (
            f"{_count(len(self.beyond), self.derivation.noun)} changed beyond the tolerance, "
            f"{len(self.within)} within it, {len(self.new)} new, {self.unchanged} unchanged, "
            f"{len(self.not_derived)} not derived"
        )


def _row_text(record: Record) -> str:
    return " ".join(_shown(value) for value in record.values.values() if value is not None)


def _shown(value: object) -> str:
    """A cell value as the designer typed it (no quotes around text)."""
    return "blank" if value is None else str(value)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' * (number != 1)}"
