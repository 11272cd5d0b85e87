"""Season diff: what changed between two workbooks of one game, and what it does to the game.

Rows are matched by what identifies them, never by their row number, so a reordered roster
shows no change: by the fields a game's `unique` (or `grid`) check makes unique on the sheet;
failing that by the first column when its values are unique in both workbooks; failing that
by row order, aligned the way a text diff aligns lines, so one inserted row is one added row.
The tables compared are the tabulated records (phase 1 of validation), so a workbook with data
errors can still be compared; the output says when either has errors.

With the reference rules' figures of both workbooks (`authoring check`, same seed), the figures
that moved beyond their sampling error are listed side by side: tables matched by title, rows by
their leading label columns; a simulated figure (`Proportion`, `Mean`) when the difference is
significant at 95%, an exact figure on any change, and a plain figure beside simulated ones in
its row (a gap to a target, a verdict) only when one of those moved.
"""

from __future__ import annotations

import difflib
import json
import math
import numbers
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from authoring.annotate import (
    CHANGE_FILL,
    CellRef,
    CellValue,
    Mark,
    SummaryCell,
    SummarySheet,
    write_marked_copy,
)
from authoring.checks import Check, Tables
from authoring.findings import Finding, Location, Severity, count, json_value, show
from authoring.report import Figures
from authoring.simulation import Z_95, Mean, Proportion
from authoring.tables import HEADER_ROW, Record, Sheet
from authoring.validate import CHANGES_SHEET

ARROW = "→"


class MatchedBy(StrEnum):
    KEY = "key"
    FIRST_COLUMN = "first column"
    ROW_ORDER = "row order"


@dataclass(frozen=True)
class Matching:
    """How the rows of a sheet in the two workbooks are paired."""

    by: MatchedBy
    fields: tuple[str, ...] = ()
    # Why rows are matched by their order, when they are.
    why: str = ""

    def describe(self) -> str:
        if self.by is MatchedBy.KEY:
            return f"rows matched by {'+'.join(self.fields)}"
        if self.by is MatchedBy.FIRST_COLUMN:
            return f"rows matched by {self.fields[0]}, the first column (its values are unique)"
        return f"rows matched by row order: {self.why}"


@dataclass(frozen=True)
class RowChange:
    """A row only one workbook has: its key (None when matched by row order) and place."""

    key: tuple[Any, ...] | None
    place: Location
    values: Mapping[str, Any]
    # The columns of its values, for marking the whole row.
    columns: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        return _label(self.key, self.place)

    @property
    def cell(self) -> str:
        return _cell_name(self.place)

    def as_dict(self) -> dict[str, Any]:
        return {
            "key": _json_key(self.key),
            "cell": self.cell,
            "values": {name: json_value(value) for name, value in self.values.items()},
        }


@dataclass(frozen=True)
class CellChange:
    """One value that differs in a row both workbooks have."""

    key: tuple[Any, ...] | None
    field: str
    old: Any
    new: Any
    old_place: Location
    new_place: Location

    @property
    def label(self) -> str:
        return _label(self.key, self.new_place)

    @property
    def old_cell(self) -> str:
        return _cell_name(self.old_place)

    @property
    def new_cell(self) -> str:
        return _cell_name(self.new_place)

    def as_dict(self) -> dict[str, Any]:
        return {
            "key": _json_key(self.key),
            "field": self.field,
            "old": json_value(self.old),
            "new": json_value(self.new),
            "old_cell": self.old_cell,
            "new_cell": self.new_cell,
        }


@dataclass
class SheetDiff:
    sheet: str
    matching: Matching
    added: list[RowChange] = field(default_factory=list)
    removed: list[RowChange] = field(default_factory=list)
    changed: list[CellChange] = field(default_factory=list)
    # Columns one workbook's header has and the other's lacks: their cells are not compared.
    # Each with its header cell: in NEW for a column added, in OLD for one removed.
    columns_added: dict[str, Location] = field(default_factory=dict)
    columns_removed: dict[str, Location] = field(default_factory=dict)
    # "OLD" or "NEW" when only that workbook has the sheet; its rows are then not listed.
    only_in: str | None = None
    rows_only_in: int = 0

    @property
    def unchanged(self) -> bool:
        return not (
            self.added
            or self.removed
            or self.changed
            or self.columns_added
            or self.columns_removed
            or self.only_in
        )

    def as_text(self) -> list[str]:
        if self.only_in is not None:
            return [f"{self.sheet}: only in {self.only_in} ({_rows(self.rows_only_in)})"]
        counts = ", ".join(
            part
            for part in (
                f"{_rows(len(self.added))} added" if self.added else "",
                f"{_rows(len(self.removed))} removed" if self.removed else "",
                f"{_cells(len(self.changed))} changed" if self.changed else "",
            )
            if part
        )
        lines = [f"{self.sheet}: {counts or 'columns only'} ({self.matching.describe()})"]
        lines += [
            f"  column added    {name!r}  NEW {_cell_name(place)}"
            for name, place in self.columns_added.items()
        ]
        lines += [
            f"  column removed  {name!r}  OLD {_cell_name(place)} (its cells are not compared)"
            for name, place in self.columns_removed.items()
        ]
        labels = [row.label for row in [*self.added, *self.removed]]
        label = max(map(len, labels + [change.label for change in self.changed]), default=0)
        field_width = max((len(change.field) for change in self.changed), default=0)
        shifts = [f"{show(change.old)} {ARROW} {show(change.new)}" for change in self.changed]
        shift_width = max((len(shift) for shift in shifts), default=0)
        # Rows added and removed line their cells up with the changed cells' OLD cells.
        row_width = label + (field_width + shift_width + 4 if self.changed else 0)
        lines += [f"  added    {row.label.ljust(row_width)}  NEW {row.cell}" for row in self.added]
        lines += [
            f"  removed  {row.label.ljust(row_width)}  OLD {row.cell}" for row in self.removed
        ]
        lines += [
            f"  changed  {change.label.ljust(label)}  {change.field.ljust(field_width)}  "
            f"{shift.ljust(shift_width)}  {change.old_cell} {ARROW} {change.new_cell}"
            for change, shift in zip(self.changed, shifts, strict=True)
        ]
        return lines

    def as_dict(self) -> dict[str, Any]:
        return {
            "sheet": self.sheet,
            "matched_by": str(self.matching.by),
            "key": list(self.matching.fields),
            "only_in": self.only_in,
            "added": [row.as_dict() for row in self.added],
            "removed": [row.as_dict() for row in self.removed],
            "changed": [change.as_dict() for change in self.changed],
            "columns_added": _columns_json(self.columns_added),
            "columns_removed": _columns_json(self.columns_removed),
        }


def _columns_json(columns: Mapping[str, Location]) -> list[dict[str, str]]:
    return [{"field": name, "cell": _cell_name(place)} for name, place in columns.items()]


def sheet_keys(checks: Iterable[Check]) -> dict[str, tuple[str, ...]]:
    """Each sheet's key: the fields of the first check that makes them unique on it alone."""
    keys: dict[str, tuple[str, ...]] = {}
    for check in checks:
        if check.key is not None and len(check.sheets) == 1:
            keys.setdefault(check.sheets[0], check.key)
    return keys


def diff_tables(
    old: Tables, new: Tables, sheets: Sequence[str], keys: Mapping[str, tuple[str, ...]]
) -> list[SheetDiff]:
    """Every sheet of `sheets`, in that order, compared between the two workbooks' tables."""
    diffs = []
    for name in sheets:
        if name not in old and name not in new:
            continue
        if name not in old or name not in new:
            side, present = ("NEW", new[name]) if name in new else ("OLD", old[name])
            diff = SheetDiff(name, Matching(MatchedBy.ROW_ORDER, why="one sheet"), only_in=side)
            diff.rows_only_in = len(present.records)
            diffs.append(diff)
            continue
        diffs.append(_diff_sheet(old[name], new[name], keys.get(name)))
    return diffs


def _diff_sheet(old: Sheet, new: Sheet, key: tuple[str, ...] | None) -> SheetDiff:
    fields = [name for name in _by_column(new) if name in old.columns]
    matching = _matching(old, new, key, fields)
    diff = SheetDiff(
        new.name,
        matching,
        columns_added=_header_cells(new, exclude=old),
        columns_removed=_header_cells(old, exclude=new),
    )
    if matching.by is MatchedBy.ROW_ORDER:
        pairs = _aligned(old.records, new.records, fields)
    else:
        pairs = _keyed(old.records, new.records, matching.fields)
    for before, after in pairs:
        if before is None and after is not None:
            diff.added.append(_row_change(after, matching, fields))
        elif after is None and before is not None:
            diff.removed.append(_row_change(before, matching, fields))
        elif before is not None and after is not None:
            diff.changed += _cell_changes(before, after, matching, fields)
    return diff


def _header_cells(sheet: Sheet, *, exclude: Sheet) -> dict[str, Location]:
    """The header cells of the columns `sheet` has and `exclude` lacks."""
    return {
        name: sheet.location(row=HEADER_ROW, field=name)
        for name in _by_column(sheet)
        if name not in exclude.columns
    }


def _by_column(sheet: Sheet) -> list[str]:
    return sorted(sheet.columns, key=sheet.columns.__getitem__)


def _matching(
    old: Sheet, new: Sheet, key: tuple[str, ...] | None, fields: Sequence[str]
) -> Matching:
    if key == ():
        return Matching(MatchedBy.ROW_ORDER, why="a sheet of one row")
    # A key column missing from either header cannot pair rows: the next way is tried.
    if key is not None and all(name in fields for name in key):
        return Matching(MatchedBy.KEY, key)
    first = _by_column(new)[:1]
    if first and first[0] in fields and all(_unique_values(s, first[0]) for s in (old, new)):
        return Matching(MatchedBy.FIRST_COLUMN, (first[0],))
    lacks = "its key is not in both headers" if key is not None else "no check names its key"
    return Matching(MatchedBy.ROW_ORDER, why=f"{lacks}, and its first column repeats")


def _unique_values(sheet: Sheet, name: str) -> bool:
    values = [record.get(name) for record in sheet.records]
    return None not in values and len(set(values)) == len(values)


Pair = tuple[Record | None, Record | None]


def _keyed(old: Sequence[Record], new: Sequence[Record], key: Sequence[str]) -> Iterator[Pair]:
    """Rows paired by key, in NEW's order, then OLD's rows NEW lacks.

    A key given twice (a duplicate the checks report) pairs its first rows, then its second.
    """

    def by_key(records: Sequence[Record]) -> dict[tuple[Any, ...], Record]:
        seen: dict[tuple[Any, ...], int] = {}
        found = {}
        for record in records:
            values = tuple(record.get(name) for name in key)
            occurrence = seen[values] = seen.get(values, -1) + 1
            found[(*values, occurrence)] = record
        return found

    before, after = by_key(old), by_key(new)
    for identity, record in after.items():
        yield before.get(identity), record
    for identity, record in before.items():
        if identity not in after:
            yield record, None


def _aligned(old: Sequence[Record], new: Sequence[Record], fields: Sequence[str]) -> Iterator[Pair]:
    """Rows paired by order the way a text diff pairs lines: equal runs first, the rest in
    step, so an inserted row does not make every row after it look changed."""

    def line(record: Record) -> tuple[Any, ...]:
        return tuple(_comparable(record.get(name)) for name in fields)

    matcher = difflib.SequenceMatcher(
        None, [line(r) for r in old], [line(r) for r in new], autojunk=False
    )
    for _, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        before, after = old[old_start:old_end], new[new_start:new_end]
        for index in range(max(len(before), len(after))):
            yield (
                before[index] if index < len(before) else None,
                after[index] if index < len(after) else None,
            )


def _comparable(value: Any) -> tuple[str, Any]:
    # TRUE and 1 are equal in Python, but a cell that turned from one into the other changed.
    return (type(value).__name__, value)


def _identity(record: Record, matching: Matching) -> tuple[Any, ...] | None:
    if matching.by is MatchedBy.ROW_ORDER:
        return None
    return tuple(record.get(name) for name in matching.fields)


def _row_change(record: Record, matching: Matching, fields: Sequence[str]) -> RowChange:
    values = {name: record.get(name) for name in fields}
    columns = tuple(record.sheet.columns[name] for name in fields)
    return RowChange(_identity(record, matching), record.location(), values, columns)


def _cell_changes(
    old: Record, new: Record, matching: Matching, fields: Sequence[str]
) -> list[CellChange]:
    return [
        CellChange(
            _identity(new, matching),
            name,
            old.get(name),
            new.get(name),
            old.location(name),
            new.location(name),
        )
        for name in fields
        if _comparable(old.get(name)) != _comparable(new.get(name))
    ]


def _cell_name(place: Location) -> str:
    """`Ratings!C12`: a field's cell, or a row's first cell."""
    return f"{place.sheet}!{place.cell}"


def _label(key: tuple[Any, ...] | None, place: Location) -> str:
    """What names a row: its key's values, or its row number when matched by order."""
    if key is None:
        return f"row {place.row}"
    return "/".join("blank" if value is None else str(value) for value in key)


def _json_key(key: tuple[Any, ...] | None) -> list[Any] | None:
    return None if key is None else [json_value(value) for value in key]


def _rows(number: int) -> str:
    return f"{number} row{'s' * (number != 1)}"


def _cells(number: int) -> str:
    return f"{number} cell{'s' * (number != 1)}"


# ---------------------------------------------------------------------------------------------
# The figures of `authoring check`


@dataclass(frozen=True)
class FigureMove:
    """One figure of a table that differs between the two workbooks' checks."""

    row: tuple[str, ...]
    column: str
    old: Any
    new: Any
    # Why it counts: the test statistic, or that it has no interval to judge a change by.
    judged: str


@dataclass
class FiguresDiff:
    title: str
    # The leading columns that name a row; empty when rows are paired by position.
    row_header: tuple[str, ...] = ()
    moves: list[FigureMove] = field(default_factory=list)
    only_in: str | None = None

    def as_figures(self) -> Figures:
        """The moves as a table of figures: row, figure, OLD and NEW side by side."""
        unsampled = any(move.judged == UNSAMPLED for move in self.moves)
        return Figures(
            self.title,
            (*(self.row_header or ("row",)), "figure", "OLD", "NEW", "moved"),
            tuple(
                (*move.row, move.column, _shown(move.old), _shown(move.new), move.judged)
                for move in self.moves
            ),
            note=f"{UNSAMPLED}: a figure without an interval of its own, shown because a "
            "sampled figure of its row moved"
            if unsampled
            else "",
        )

    def as_dict(self) -> dict[str, Any]:
        shown = self.as_figures().as_dict()
        return {
            "title": self.title,
            "only_in": self.only_in,
            "header": shown["header"],
            "rows": shown["rows"],
        }


ABSENT = "—"
UNSAMPLED = "no interval"


def _shown(value: Any) -> Any:
    return ABSENT if value is None else value


def moved(old: Any, new: Any) -> str | None:
    """Why a figure counts as moved, or None when it did not move beyond its sampling error.

    Simulated proportions are compared with the two-proportion z-test (pooled), not by asking
    whether their 95% intervals overlap: two intervals can overlap while the difference is
    significant (overlap only rejects when the gap exceeds 1.96 x (se1 + se2), not
    1.96 x sqrt(se1² + se2²)), so the overlap rule would hide real moves at about the 99.4%
    level instead of 95%. Both checks run on the same seed, whose common random numbers
    correlate the two estimates; treating them as independent overstates the variance of the
    difference, so a move reported is a real one. Means use the same z-test with each side's
    own standard error. A figure without an interval is taken as exact: any change counts
    (one beside sampled figures in its row is judged with them, see `_row_moves`).
    """
    if isinstance(old, Proportion) and isinstance(new, Proportion):
        return _proportion_moved(old, new)
    if isinstance(old, Mean) and isinstance(new, Mean):
        return _mean_moved(old, new)
    if _number(old) and _number(new):
        # An exact figure summed in another order (a reordered sheet) differs in its last bits.
        return None if math.isclose(old, new, rel_tol=1e-9, abs_tol=1e-12) else "changed"
    return None if type(old) is type(new) and old == new else "changed"


def _number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def proportion_z(old: Proportion, new: Proportion) -> float:
    """The two-proportion z statistic of NEW against OLD, from the pooled proportion."""
    pooled = (old.hits + new.hits) / (old.runs + new.runs)
    error = math.sqrt(pooled * (1 - pooled) * (1 / old.runs + 1 / new.runs))
    if error == 0:
        return 0.0  # both are 0 or both are 1: nothing moved
    return (new.value - old.value) / error


def _proportion_moved(old: Proportion, new: Proportion) -> str | None:
    if not old.runs or not new.runs:
        return None
    z = proportion_z(old, new)
    return f"z = {z:+.2f}" if abs(z) > Z_95 else None


def _mean_moved(old: Mean, new: Mean) -> str | None:
    if not old.runs or not new.runs:
        return None
    error = math.sqrt(old.sd**2 / old.runs + new.sd**2 / new.runs)
    if error == 0:
        return None if old.value == new.value else "changed"
    z = (new.value - old.value) / error
    return f"z = {z:+.2f}" if abs(z) > Z_95 else None


def diff_figures(old: Sequence[Figures], new: Sequence[Figures]) -> list[FiguresDiff]:
    """The tables of figures (matched by title) whose figures moved, in NEW's order."""
    before = {table.title: table for table in old}
    after = {table.title: table for table in new}
    diffs = []
    for title, table in after.items():
        if title not in before:
            diffs.append(FiguresDiff(title, only_in="NEW"))
            continue
        diff = _diff_figure_table(before[title], table)
        if diff.moves:
            diffs.append(diff)
    diffs += [FiguresDiff(title, only_in="OLD") for title in before if title not in after]
    return diffs


def _diff_figure_table(old: Figures, new: Figures) -> FiguresDiff:
    columns = [name for name in new.header if name in old.header]
    width = _row_label_width(old, new, columns)
    labels = tuple(columns[:width])
    figures = columns[width:]

    def rows(table: Figures) -> dict[tuple[str, ...], dict[str, Any]]:
        found = {}
        for position, row in enumerate(table.rows, start=1):
            values = dict(zip(table.header, row, strict=False))
            label = tuple(str(values[name]) for name in labels) if labels else (str(position),)
            found[label] = values
        return found

    before, after = rows(old), rows(new)
    diff = FiguresDiff(new.title, labels)
    for label, values in after.items():
        earlier = before.get(label)
        if earlier is None:
            diff.moves += [
                FigureMove(label, name, None, values[name], "row only in NEW") for name in figures
            ]
        else:
            diff.moves += _row_moves(label, earlier, values, figures)
    for label, values in before.items():
        if label not in after:
            diff.moves += [
                FigureMove(label, name, values[name], None, "row only in OLD") for name in figures
            ]
    return diff


def _row_moves(
    label: tuple[str, ...], old: Mapping[str, Any], new: Mapping[str, Any], figures: Sequence[str]
) -> list[FigureMove]:
    """The figures of one row that moved.

    In a row with sampled figures, the figures without an interval are derived from them (a
    gap to a target, a verdict against a band) and share their sampling error without saying
    so: they are shown, marked as having no interval, only when a sampled figure moved.
    """
    reasons = {name: moved(old[name], new[name]) for name in figures}
    sampled = [name for name in figures if _sampled(old[name]) or _sampled(new[name])]
    if sampled:
        moved_sampled = [name for name in sampled if reasons[name] is not None]
        if not moved_sampled:
            return []
        reasons = {
            name: reason if name in sampled or reason is None else UNSAMPLED
            for name, reason in reasons.items()
        }
    return [
        FigureMove(label, name, old[name], new[name], reason)
        for name, reason in reasons.items()
        if reason is not None
    ]


def _sampled(value: Any) -> bool:
    return isinstance(value, Proportion | Mean)


def _row_label_width(old: Figures, new: Figures, columns: Sequence[str]) -> int:
    """How many leading columns name a row: the fewest whose values are unique in both
    tables (0: the rows are paired by position)."""
    for width in range(1, len(columns)):
        names = columns[:width]
        if all(_unique_labels(table, names) for table in (old, new)):
            return width
    return 0


def _unique_labels(table: Figures, names: Sequence[str]) -> bool:
    positions = [table.header.index(name) for name in names]
    labels = [tuple(str(row[i]) for i in positions) for row in table.rows]
    return len(set(labels)) == len(labels)


# ---------------------------------------------------------------------------------------------
# The whole diff


@dataclass(frozen=True)
class Version:
    """One of the two workbooks: its name and how many data errors its validation found (the
    errors that keep its model, and so its check, from being built)."""

    workbook: str
    errors: int

    @classmethod
    def of(cls, workbook: str, findings: Sequence[Finding]) -> Version:
        return cls(workbook, count(findings, Severity.ERROR))

    def as_dict(self) -> dict[str, Any]:
        return {"workbook": self.workbook, "errors": self.errors}


@dataclass
class WorkbookDiff:
    game: str
    old: Version
    new: Version
    sheets: list[SheetDiff]
    # With --check: the tables of figures that moved; None when the figures were not compared.
    figures: list[FiguresDiff] | None = None
    # Why the figures could not be compared, when they were asked for.
    figures_missing: str | None = None

    @property
    def changed_sheets(self) -> list[SheetDiff]:
        return [sheet for sheet in self.sheets if not sheet.unchanged]

    def summary(self) -> str:
        changed = self.changed_sheets
        if not changed:
            return f"no change: the {len(self.sheets)} sheets hold the same rows and values"
        added = sum(len(sheet.added) for sheet in changed)
        removed = sum(len(sheet.removed) for sheet in changed)
        cells = sum(len(sheet.changed) for sheet in changed)
        columns = sum(len(sheet.columns_added) + len(sheet.columns_removed) for sheet in changed)
        parts = [
            f"{_rows(added)} added" if added else "",
            f"{_rows(removed)} removed" if removed else "",
            f"{_cells(cells)} changed" if cells else "",
            f"{columns} column{'s' * (columns != 1)} added or removed" if columns else "",
        ]
        return f"{len(changed)} of {len(self.sheets)} sheets changed: " + ", ".join(
            part for part in parts if part
        )

    def as_text(self) -> str:
        parts = [f"{self.game}: OLD {self.old.workbook}, NEW {self.new.workbook}"]
        for name, side in (("OLD", self.old), ("NEW", self.new)):
            if side.errors:
                parts.append(
                    f"{name} has {side.errors} error{'s' * (side.errors != 1)} (see `authoring "
                    f"validate {side.workbook}`): its tables are compared as read"
                )
        blocks = ["\n".join(parts)]
        blocks += ["\n".join(sheet.as_text()) for sheet in self.changed_sheets]
        if self.figures_missing is not None:
            blocks.append(self.figures_missing)
        elif self.figures is not None:
            blocks.append(self._figures_text())
        blocks.append(self.summary())
        return "\n\n".join(blocks)

    def _figures_text(self) -> str:
        assert self.figures is not None
        moved_tables = [table for table in self.figures if table.only_in is None]
        lines = [
            "Figures of `authoring check` that moved beyond their sampling error: simulated "
            "figures by a z-test at 95%, exact figures on any change"
        ]
        if not self.figures:
            lines.append("none: every figure of both checks agrees")
        for table in self.figures:
            if table.only_in is not None:
                lines.append(f"only in {table.only_in}: {table.title}")
        text = "\n".join(lines)
        return "\n\n".join([text, *(table.as_figures().as_text() for table in moved_tables)])

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "old": self.old.as_dict(),
            "new": self.new.as_dict(),
            "sheets": [sheet.as_dict() for sheet in self.changed_sheets],
            "unchanged_sheets": [sheet.sheet for sheet in self.sheets if sheet.unchanged],
            "summary": self.summary(),
            "figures": None if self.figures is None else [t.as_dict() for t in self.figures],
            "figures_missing": self.figures_missing,
        }

    def as_json(self) -> str:
        return json.dumps(self.as_dict(), indent=2, ensure_ascii=False)


# ---------------------------------------------------------------------------------------------
# NEW, marked


def write_marked_diff(diff: WorkbookDiff, new_workbook: Path, output: Path) -> None:
    """Copy NEW to `output` with every changed and added cell filled and commented, and a first
    sheet, "Changes", listing every change with a link to its cell in NEW."""
    marks: list[Mark] = []
    rows: list[list[CellValue | SummaryCell]] = []
    for sheet in diff.changed_sheets:
        if sheet.only_in is not None:
            rows.append(["sheet", sheet.sheet, None, None, None, None, f"only in {sheet.only_in}"])
            continue
        for change in sheet.changed:
            cell = _cell_ref(change.new_place)
            note = f"was {show(change.old)} ({change.old_cell} in OLD)"
            marks.append(Mark(cell, CHANGE_FILL, note))
            rows.append(
                [
                    "changed",
                    sheet.sheet,
                    change.label,
                    change.field,
                    _value(change.old),
                    _value(change.new),
                    SummaryCell(change.new_cell, link=cell),
                    change.old_cell,
                ]
            )
        for row in sheet.added:
            first = _cell_ref(row.place)
            marks.append(Mark(first, CHANGE_FILL, "a row OLD does not have"))
            marks += [
                Mark(CellRef(first.sheet, first.row, column), CHANGE_FILL)
                for column in row.columns
                if column != first.column
            ]
            rows.append(
                [
                    "added",
                    sheet.sheet,
                    row.label,
                    None,
                    None,
                    None,
                    SummaryCell(row.cell, link=first),
                ]
            )
        rows += [
            ["removed", sheet.sheet, row.label, None, None, None, None, row.cell]
            for row in sheet.removed
        ]
        for name, place in sheet.columns_added.items():
            header = _cell_ref(place)
            marks.append(Mark(header, CHANGE_FILL, "a column OLD does not have"))
            link = SummaryCell(_cell_name(place), link=header)
            rows.append(["column added", sheet.sheet, None, name, None, None, link])
        rows += [
            ["column removed", sheet.sheet, None, name, None, None, None, _cell_name(place)]
            for name, place in sheet.columns_removed.items()
        ]
    summary = SummarySheet(
        CHANGES_SHEET,
        ("change", "sheet", "row", "field", "OLD", "NEW", "NEW cell", "OLD cell"),
        rows,
        widths=(14, 18, 28, 18, 20, 20, 16, 16),
    )
    write_marked_copy(new_workbook, output, marks=marks, summaries=[summary])


def _cell_ref(place: Location) -> CellRef:
    assert place.sheet is not None  # every record's place is on its sheet
    return CellRef(place.sheet, place.row, place.column or 1)


def _value(value: Any) -> CellValue:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)
