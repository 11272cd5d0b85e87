"""`authoring derive`: the sheets a game derives from its facts, rewritten in a marked copy of
the designer's workbook.

A game derives one or more sheets from others: BLADE its Ratings from the season's Results,
KISS & CRY its Charts from Results, RINKSIDE its SkaterCards and GoalieCards from the stat
lines. Its `Derivation` names the sheets it reads and, for each sheet it writes (a `Written`),
the fields that name a group of that sheet's rows (a skater's rating in an event, a skater's
chart, a player's card) and a `propose` that says which rows each group should hold.

What stops derive is an error on a sheet it reads, unless the check that found it involves a
written sheet: "a season without a chart" is reported on Results, but it is the chart that is
missing. Errors on a written sheet do not stop it, since mending that sheet is what derive is
for, and neither do errors on sheets it does not read (BLADE's Field, which names rated
skaters; the printing tables): they play no part, and `validate` still reports them. Only a
written sheet that is missing, or lacks a column, stops it too: there is nowhere to write.

So each proposal is made from trusted tables: the sheets derive reads (free of errors), each
written sheet's rows without an error, and every other sheet empty, so that a game can build
its model from them. The game also sees every row of the sheet being proposed, grouped by key,
so it can say what a group held before; a row whose key cell has an error belongs to no group.

The copy (`annotate.write_marked_copy`) keeps the designer's workbook as it is, apart from the
written sheets' cells that change. A group's rows are rewritten in place, so the sheet's order
stays; rows a group needs beyond those it has are appended at the end, and rows it no longer
needs are cleared. A group the facts cannot support is kept as it was and marked with the
reason. Every changed cell is filled and commented with its old value and the evidence, and a
first sheet, "Changes", lists the changes that matter on every written sheet (beyond the game's
tolerance, and new groups) before those within the tolerance, then what was not derived and
why.
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
class Written:
    """One sheet a game derives: its name, the fields that name a group of its rows, and what
    the facts propose for it."""

    sheet: str
    key: tuple[str, ...]
    propose: Propose


@dataclass(frozen=True)
class Derivation:
    """What a game derives: the sheets it writes, in order, from the sheets it reads."""

    writes: tuple[Written, ...]
    # Every sheet a `propose` uses: the facts and the sheets they need (an error on one stops
    # derive).
    reads: tuple[str, ...]
    # What one group is, for messages: "rating", "chart", "card".
    noun: str

    @property
    def written(self) -> tuple[str, ...]:
        return tuple(written.sheet for written in self.writes)


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
    trusted = _trusted(tables, derivation, validation.game.sheets)
    plans = []
    for written in derivation.writes:
        on_sheet, unkeyed = _grouped(tables[written.sheet], written.key)
        plan = _Plan(derivation.noun, written, tables[written.sheet])
        plan.rewrite(written.propose(trusted, on_sheet), on_sheet, unkeyed)
        plans.append(plan)
    [changes] = write_marked_copy(
        source,
        output,
        marks=[mark for plan in plans for mark in plan.marks],
        edits=[edit for plan in plans for edit in plan.edits],
        summaries=[_summary(derivation.noun, plans)],
    )
    lines = []
    left = [f for f in validation.findings if f.severity is Severity.ERROR]
    if left:
        lines.append(
            f"derive went ahead despite {_count(len(left), 'error')} in the workbook: each is "
            f"about {' or '.join(derivation.written)} or on a sheet derive does not read"
        )
    lines.append(f"wrote {shown}: {_tally(derivation.noun, plans)}")
    lines.append(
        f"next: open {shown} and review sheet {changes}, then `authoring validate {shown}` "
        "and copy it over your workbook"
    )
    return DeriveOutcome(refused=False, lines=tuple(lines))


def stopping_errors(validation: Validation, derivation: Derivation) -> list[Finding]:
    """The errors that stop derive: those on the sheets it reads that no check involving a
    written sheet found, and any on a written sheet it cannot write into."""
    tables = validation.tables
    unwritable = {
        name
        for name in derivation.written
        if (sheet := tables.get(name)) is None or not sheet.complete
    }
    # Run again to tell their findings apart: checks only read the tables, so they find the
    # same as during validation.
    about_written = {
        _identity(finding)
        for check in validation.game.checks
        if set(derivation.written) & set(check.sheets) and check.applies(tables)
        for finding in check.run(tables)
    }
    return [
        finding
        for finding in validation.findings
        if finding.severity is Severity.ERROR
        and (
            finding.sheet in unwritable
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
    """The tables a proposal may rely on: the sheets derive reads, each written sheet's rows
    without an error, and every other sheet empty (present, so a model can be built)."""
    workbook = tables[derivation.written[0]].workbook
    trusted: Tables = {}
    for index, name in enumerate(sheets, start=1):
        if name in derivation.reads:
            trusted[name] = tables[name]
        elif name in derivation.written:
            written = tables[name]
            trusted[name] = replace(written, records=[r for r in written.records if not r.invalid])
        else:
            trusted[name] = Sheet(workbook, name, index)
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
    """The edits and marks that turn one written sheet into its proposal, and its entries of
    the Changes sheet."""

    noun: str
    written: Written
    sheet: Sheet
    edits: list[Edit] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    beyond: list[_Entry] = field(default_factory=list)
    new: list[_Entry] = field(default_factory=list)
    within: list[_Entry] = field(default_factory=list)
    not_derived: list[_Entry] = field(default_factory=list)
    unchanged: int = 0
    # What makes a change to this sheet matter, in words (the proposal's).
    tolerance: str = ""
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
        self.tolerance = proposal.tolerance
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
                first = self._append(group.rows, f"new {self.noun}: {group.evidence}")
                self.new.append(_Entry(first, group.label, "", group.now, group.evidence))
        for entry in proposal.not_derived:
            if entry.key not in on_sheet:
                self.not_derived.append(_Entry(None, entry.label, "", "", entry.reason))
        for record in unkeyed:
            names = " and ".join(name for name in self.written.key if not record.ok(name))
            self._keep(
                record,
                f"row {record.row}",
                f"its {names or 'key'} cell has an error, so derive cannot tell which "
                f"{self.noun} it belongs to",
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


def _summary(noun: str, plans: Sequence[_Plan]) -> SummarySheet:
    """The Changes sheet: every written sheet's entries of a kind together, in sheet order."""
    tolerance = "; ".join(dict.fromkeys(plan.tolerance for plan in plans))
    sections = (
        ("Beyond the tolerance", tolerance, CHANGE_FILL, [e for p in plans for e in p.beyond]),
        (f"New {noun}s", "not on the sheet before", CHANGE_FILL, [e for p in plans for e in p.new]),
        (
            "Within the tolerance",
            "applied too, for review",
            None,
            [e for p in plans for e in p.within],
        ),
        (
            "Not derived",
            "rows kept as they were; the reason in column why",
            WARNING_FILL,
            [e for p in plans for e in p.not_derived],
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


def _tally(noun: str, plans: Sequence[_Plan]) -> str:
    """What derive did, over every written sheet."""
    beyond, within, new, not_derived = (
        sum(len(getattr(plan, entries)) for plan in plans)
        for entries in ("beyond", "within", "new", "not_derived")
    )
    unchanged = sum(plan.unchanged for plan in plans)
    return (
        f"{_count(beyond, noun)} changed beyond the tolerance, {within} within it, {new} new, "
        f"{unchanged} unchanged, {not_derived} not derived"
    )


def _row_text(record: Record) -> str:
    return " ".join(_shown(value) for value in record.values.values() if value is not None)


def _shown(value: object) -> str:
    """A cell value as the designer typed it (no quotes around text)."""
    return "blank" if value is None else str(value)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' * (number != 1)}"
