"""Named semantic checks: what JSON Schema cannot say about a sheet, or between sheets.

Each constructor returns a `Check` that a game lists among its checks. A check reads the
validated sheets and yields findings in the same shape as schema errors. Cells already
reported as wrong are skipped, so one mistake is reported once.
"""

from __future__ import annotations

import difflib
import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from authoring.findings import Finding, Severity, show
from authoring.render.words import number_range
from authoring.tables import Record, Sheet

Tables = dict[str, Sheet]


@dataclass(frozen=True)
class Check:
    name: str
    sheets: tuple[str, ...]
    run: Callable[[Tables], Iterable[Finding]]
    # The fields that identify a row of the checked sheet, when the check makes them unique
    # (`unique`, `grid`; `()` for a one-row sheet): how `authoring diff` matches rows.
    key: tuple[str, ...] | None = None

    def applies(self, tables: Tables) -> bool:
        """Only on sheets that are present with their full header: a sheet missing a column
        has had that reported, and checking it further would repeat the one mistake."""
        return all(name in tables and tables[name].complete for name in self.sheets)


def article(noun: str) -> str:
    """'a' or 'an', by the noun's first letter: an id, a skater."""
    return "an" if noun[:1].lower() in "aeiou" else "a"


def _row_of(record: Record) -> str:
    return f"row {record.row}"


def unique(sheet_name: str, *fields: str) -> Check:
    """No two rows share the same value (or combination of values) in `fields`."""

    def run(tables: Tables) -> Iterator[Finding]:
        sheet = tables[sheet_name]
        if not all(f in sheet.columns for f in fields):
            return
        first: dict[Any, Record] = {}
        for record in sheet.records:
            values = record.values
            key = tuple(values[f] for f in fields)
            if None in key or (record.invalid and not record.ok(*fields)):
                continue
            earlier = first.setdefault(key, record)
            if earlier is not record:
                names = "/".join(fields)
                shown = show(key[0]) if len(key) == 1 else show(key)
                yield record.finding(
                    Severity.ERROR,
                    "duplicate",
                    f"duplicate {names} {shown}: already given in {_row_of(earlier)}",
                    fields[-1],
                    expected=f"{article(names)} {names} not used in another row",
                )

    return Check(f"unique {sheet_name}.{'+'.join(fields)}", (sheet_name,), run, key=fields)


def references(sheet: str, field: str, target: str, target_field: str) -> Check:
    """Every non-blank `field` names an existing `target_field` value on sheet `target`."""

    def run(tables: Tables) -> Iterator[Finding]:
        target_sheet = tables[target]
        if any(r.get(target_field) is None for r in target_sheet.records):
            # An id that could not be read (a formula without a result, an error value) is
            # reported already: every row naming it would repeat that one mistake.
            return
        known = {r[target_field] for r in target_sheet.records if r.ok(target_field)}
        column = target_sheet.cell(target_field, 1) or target_field
        for record in tables[sheet].records:
            value = record.get(field)
            if not record.ok(field) or value is None or value in known:
                continue
            closest = difflib.get_close_matches(str(value), [str(k) for k in known], n=1)
            hint = f"; closest: {closest[0]!r}" if closest else ""
            yield record.finding(
                Severity.ERROR,
                "unknown-reference",
                f"{field} {show(value)} does not exist on sheet {target}{hint}",
                field,
                expected=f"{article(target_field)} {target_field} from "
                f"{target}!{column.rstrip('0123456789')}",
            )

    return Check(f"references {sheet}.{field} -> {target}.{target_field}", (sheet, target), run)


def tiles(
    sheet: str,
    low: str,
    high: str,
    *,
    start: int,
    end: int | None,
    group_by: str | None = None,
    noun: str = "value",
    open_top: bool = False,
) -> Check:
    """The ranges low..high of each group cover start..end exactly: no gap, no overlap.

    With `end=None` the ranges must run on from `start` without a gap to wherever they stop.
    With `open_top` (and no end) the last range leaves `high` blank and runs on for ever
    ("13 and up"): a blank top below another range, or a closed last one, is an error.
    """

    def run(tables: Tables) -> Iterator[Finding]:
        groups: dict[Any, list[Record]] = defaultdict(list)
        for record in tables[sheet].records:
            if group_by and not record.ok(group_by):
                return  # the row's group is unknown: any group could look incomplete
            groups[record[group_by] if group_by else None].append(record)
        for group, records in groups.items():
            if not all(
                r.ok(low, high)
                and isinstance(r[low], int)
                and (isinstance(r[high], int) or (open_top and r[high] is None))
                for r in records
            ):
                continue
            label = f"{group}: " if group is not None else ""
            ordered = sorted(records, key=lambda r: (r[low], _top(r[high])))
            if open_top:
                yield from _open_top(label, ordered)
            yield from _tiling(label, ordered)

    def _top(value: int | None) -> float:
        return math.inf if value is None else value

    def _open_top(label: str, records: list[Record]) -> Iterator[Finding]:
        expected = f"ranges from {start}, the last one open (its {high} blank)"
        for record in records[:-1]:
            if record[high] is None:
                yield record.finding(
                    Severity.ERROR,
                    "range-open",
                    f"{label}range from {record[low]} has no top, but a range starts above it",
                    high,
                    expected,
                )
        last = records[-1]
        if last[high] is not None:
            yield last.finding(
                Severity.ERROR,
                "range-closed",
                f"{label}the last range ends at {last[high]}: a {noun} above it falls in none",
                high,
                expected,
            )

    def _tiling(label: str, records: list[Record]) -> Iterator[Finding]:
        expected = f"ranges covering {noun} {start} to {end}" if end else f"ranges from {start}"
        covered_to = start - 1
        previous: Record | None = None
        for record in records:
            first, top = record[low], record[high]
            if previous is not None and previous[high] is None:
                # After an open range (reported by _open_top) where it ends is unknown:
                # no gap or overlap can be told.
                covered_to = first - 1
            last = first if top is None else top
            span = number_range(first, last)
            if last < first:
                yield record.finding(
                    Severity.ERROR,
                    "range-reversed",
                    f"{label}range {first}-{last} runs backwards",
                    low,
                    expected,
                )
                continue
            if first > covered_to + 1:
                gap = number_range(covered_to + 1, first - 1)
                yield record.finding(
                    Severity.ERROR,
                    "range-gap",
                    f"{label}{noun} {gap} not covered (the range before ends at {covered_to}, "
                    f"this one starts at {first})",
                    low,
                    expected,
                )
            elif first <= covered_to:
                where = f" ({_row_of(previous)})" if previous is not None else ""
                yield record.finding(
                    Severity.ERROR,
                    "range-overlap",
                    f"{label}range {span} overlaps the range before{where}, which ends at "
                    f"{covered_to}",
                    low,
                    expected,
                )
            covered_to = max(covered_to, last)
            previous = record
        if end is not None and records and covered_to != end:
            last_record = records[-1]
            missing = number_range(covered_to + 1, end)
            problem = (
                f"{noun} {missing} not covered"
                if covered_to < end
                else f"ranges run past {end} (to {covered_to})"
            )
            yield last_record.finding(
                Severity.ERROR,
                "range-gap" if covered_to < end else "range-overflow",
                f"{label}{problem}",
                high,
                expected,
            )

    return Check(f"tiles {sheet}.{low}..{high}", (sheet,), run)


def not_above(
    sheet: str,
    *,
    group_by: str,
    state: str,
    pairs: Sequence[tuple[str, str]],
    fields: Sequence[str],
) -> Check:
    """Within each group, the `lower` state's values never exceed the `upper` state's."""

    wanted = {name for pair in pairs for name in pair}
    stronger = defaultdict(list)
    for lower, upper in pairs:
        stronger[lower].append(upper)

    def run(tables: Tables) -> Iterator[Finding]:
        sheet_records = tables[sheet].records
        by_key: dict[tuple[Any, Any], Record] = {}
        for record in sheet_records:
            values = record.values
            if values.get(state) in wanted and record.ok(group_by, state):
                by_key[(values[group_by], values[state])] = record
        for (group, lower), weak in by_key.items():
            for upper in stronger.get(lower, ()):
                strong = by_key.get((group, upper))
                if strong is not None:
                    yield from _compare(group, lower, upper, weak, strong)

    def _compare(
        group: Any, lower: str, upper: str, weak: Record, strong: Record
    ) -> Iterator[Finding]:
        for field in fields:
            a, b = weak.values.get(field), strong.values.get(field)
            if a is None or not (weak.ok(field) and strong.ok(field)):
                continue
            if isinstance(b, int | float) and a > b:
                yield weak.finding(
                    Severity.ERROR,
                    "order",
                    f"{group} {lower} {field} {a} is above {upper} {field} {b} "
                    f"({strong.cell(field)})",
                    field,
                    expected=f"at most {b}",
                )
            elif b is None:
                yield weak.finding(
                    Severity.ERROR,
                    "order",
                    f"{group} {lower} has {field} {a} but {upper} has none ({strong.cell(field)})",
                    field,
                    expected="blank",
                )

    return Check(f"order {sheet}.{state}", (sheet,), run)


def grid(sheet: str, key: str, keys: Sequence[Any], noun: str = "row") -> Check:
    """A table's shape: its `key` column lists exactly `keys`, once each, in this order."""
    order = {value: position for position, value in enumerate(keys)}
    listing = " ".join(map(str, keys))

    def run(tables: Tables) -> Iterator[Finding]:
        records = tables[sheet].records
        expected = f"{noun}s {listing}, once each, in this order"
        if not records:
            yield tables[sheet].finding(
                Severity.ERROR,
                "table-shape",
                f"the table has no rows; it needs {expected}",
                expected=expected,
            )
            return
        if not all(r.ok(key) for r in records):
            return
        seen: dict[Any, Record] = {}
        stray: list[Record] = []
        for record in records:
            value = record[key]
            if value in order and value not in seen:
                seen[value] = record
            else:
                stray.append(record)
        missing = [value for value in keys if value not in seen]
        absent = f"; {noun} {' '.join(map(str, missing))} is missing" if missing else ""
        for record in stray:
            value = record[key]
            problem = (
                f"{noun} {show(value)} appears twice (first in {_row_of(seen[value])})"
                if value in seen
                else f"{noun} {show(value)} is not one of this table's {noun}s"
            )
            yield record.finding(Severity.ERROR, "table-shape", problem + absent, key, expected)
        if missing and not stray:
            yield from _missing(records, missing, expected)
        elif not missing and not stray:
            yield from _misordered(records, expected)

    def _missing(records: list[Record], missing: list[Any], expected: str) -> Iterator[Finding]:
        first = order[missing[0]]
        after = next((r for r in records if order[r[key]] > first), None)
        where = "belongs before this row" if after else "belongs after this row"
        yield (after or records[-1]).finding(
            Severity.ERROR,
            "table-shape",
            f"{noun} {' '.join(map(str, missing))} is missing: {missing[0]} {where}",
            key,
            expected,
        )

    def _misordered(records: list[Record], expected: str) -> Iterator[Finding]:
        highest: Record | None = None
        for record in records:
            if highest is not None and order[record[key]] < order[highest[key]]:
                yield record.finding(
                    Severity.ERROR,
                    "table-shape",
                    f"{noun} {show(record[key])} comes after {noun} {show(highest[key])} "
                    f"({_row_of(highest)})",
                    key,
                    expected,
                )
            elif highest is None or order[record[key]] > order[highest[key]]:
                highest = record

    return Check(f"grid {sheet}.{key}", (sheet,), run, key=(key,))


def each_exactly(
    sheet: str,
    field: str,
    values: Sequence[Any],
    times: int,
    *,
    code: str = "composition",
    holder: str = "row",
) -> Check:
    """Every one of `values` stands in `field` on exactly `times` rows (a deck's cards, the
    two range actions); an empty sheet lacks them all."""
    numbered = isinstance(values, range)
    span = " ".join(map(str, values))
    if isinstance(values, range):
        span = number_range(values.start, values.stop - 1)
    one, several = (f"{field} number", f"{field} numbers") if numbered else (field, field)

    def run(tables: Tables) -> Iterator[Finding]:
        records = tables[sheet].records
        if not all(r.ok(field) for r in records):
            return
        seen: dict[Any, list[Record]] = defaultdict(list)
        for record in records:
            seen[record[field]].append(record)
        for value, holders in sorted(seen.items()):
            for extra in holders[times:]:
                yield extra.finding(
                    Severity.ERROR,
                    code,
                    f"{one} {value if numbered else show(value)} is on {len(holders)} {holder}s "
                    f"(first in row "
                    f"{holders[0].row})",
                    field,
                    expected=f"each {one} on {times} {holder}(s)",
                )
        missing = [v for v in values if len(seen.get(v, ())) < times]
        if missing:
            shown = " ".join(map(str, missing[:20])) + (" ..." if len(missing) > 20 else "")
            yield tables[sheet].finding(
                Severity.ERROR,
                code,
                f"{several} short of {times} {holder}(s): {shown}",
                field=field,
                expected=f"each {one} {span} on {times} {holder}(s)",
            )

    return Check(f"each {sheet}.{field} {times}x", (sheet,), run)


def only_row(sheet: Sheet) -> Record | None:
    """A settings sheet's one row, or None when it has none or several (`single_row` says so)."""
    return sheet.records[0] if len(sheet.records) == 1 else None


def single_row(sheet: str) -> Check:
    """A settings sheet: exactly one row of values."""

    def run(tables: Tables) -> Iterator[Finding]:
        found = tables[sheet]
        if len(found.records) != 1:
            yield found.finding(
                Severity.ERROR,
                "settings-rows",
                f"{sheet} must have exactly one row of values, it has {len(found.records)}",
                expected="one row",
            )

    return Check(f"one row {sheet}", (sheet,), run, key=())
