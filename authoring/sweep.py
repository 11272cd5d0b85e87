"""Tuning sweeps: "what if" variants of a workbook, each validated and simulated.

A sweep file (TOML) names the cells to vary and the figures to report:

    simulation = "wolfsheim_kurz"          # one of the game's simulations
    [options]                              # that simulation's own options, as on the command line
    players = 4

    [[vary]]                               # every [[vary]] multiplies the variants
    sheet = "Cards"
    column = "top_flat"                    # a column (with `where`, only the rows it matches) ...
    where = { id = "offset" }
    values = [0, 1, 2, 3]                  # ... set to each value, or `range = [from, to, step]`,
                                           # or `add = [-1, 0, 1]` added to every cell's value
    # cell = "E5"                          # ... or one cell by its address

    [[figure]]                             # a cell of the simulation's report
    name = "Kopřivová wins"
    table = "win rate per biathlete"       # a table whose title contains this
    row = "Kateřina Kopřivová"             # the row whose first cell is this
    column = "P(win)"                      # the column with this header

Each variant is the workbook's cells with its changes made in memory (the designer's file
is never written), validated like any workbook, table checks and model checks, and
simulated only when it has no errors: a variant that breaks a table is reported at its cell
and skipped. A variant's runs draw from a seed made of the sweep's seed and the variant's
changes, so a variant gives the same figures in any sweep, on any number of workers or
machines, and `simulate` on that variant's workbook with that seed gives them too.

Variants run on a runner (`authoring.runners`): a Dask cluster for `authoring sweep`. Each
finished variant is cached under a hash of everything it depends on, so an interrupted
sweep resumes from the variants it had finished.
"""

from __future__ import annotations

import csv
import hashlib
import io
import itertools
import json
import math
import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any

from authoring.files import write_atomically
from authoring.findings import (
    Finding,
    Severity,
    column_letter,
    finding_from_record,
    finding_record,
    show,
)
from authoring.game import get_game
from authoring.progress import tracked
from authoring.report import Figures, Report
from authoring.runners import Runner
from authoring.simulation import Mean, Proportion
from authoring.tables import normal_header
from authoring.validate import validate_raw
from authoring.workbook import RawSheet, RawWorkbook, UnreadableWorkbook, read_workbook

CELL = re.compile(r"^\$?([A-Za-z]{1,3})\$?([1-9][0-9]*)$")
HEADER_ROW = 1


class SweepError(Exception):
    """A sweep file that cannot be used, said with the file and the entry at fault."""


# --- the sweep file ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Vary:
    """One dimension of the sweep: cells of a sheet and the values they take."""

    entry: str  # where in the sweep file, for messages: "vary 2"
    sheet: str
    column: str | None
    cell: str | None
    where: tuple[tuple[str, Any], ...]
    values: tuple[Any, ...]
    add: bool  # the values are added to each cell's own value

    @property
    def label(self) -> str:
        """The dimension's name in tables and plots."""
        what = self.cell or self.column or ""
        who = ",".join(str(value) for _, value in self.where)
        return f"{what}{'+' if self.add else ''}" + (f" ({who})" if who else "")


@dataclass(frozen=True)
class Wanted:
    """A figure to report: the cell of a simulation's report that holds it."""

    name: str
    table: str
    row: str
    column: str


@dataclass(frozen=True)
class Sweep:
    path: Path
    simulation: str | None
    options: tuple[tuple[str, Any], ...]
    varies: tuple[Vary, ...]
    figures: tuple[Wanted, ...]

    def option_flags(self) -> list[str]:
        """The simulation's options as command-line words, for the simulation's own parser."""
        words: list[str] = []
        for name, value in self.options:
            words += ["--" + name.replace("_", "-"), _word(value)]
        return words


def read_sweep(path: Path) -> Sweep:
    """A sweep file: TOML, or a workbook with the same entries as rows (`WORKBOOK_FORM`)."""
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        data, names = _workbook_sweep(path)
    else:
        data = _toml_sweep(path)
        names = {
            kind: [f"{kind} {n}" for n in range(1, len(_entries(path, data, kind)) + 1)]
            for kind in ("vary", "figure")
        }
    known = {"simulation", "options", "vary", "figure"}
    if unknown := sorted(set(data) - known):
        raise SweepError(
            f"{path}: unknown key(s) {', '.join(unknown)}; a sweep file has {sorted(known)}"
        )
    simulation = data.get("simulation")
    if simulation is not None and not isinstance(simulation, str):
        raise SweepError(f"{path}: simulation must be the name of one of the game's simulations")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SweepError(f"{path}: [options] must be a table of the simulation's options")
    varies = tuple(
        _vary(path, name, entry)
        for name, entry in zip(names["vary"], _entries(path, data, "vary"), strict=True)
    )
    figures = tuple(
        _wanted(path, name, entry)
        for name, entry in zip(names["figure"], _entries(path, data, "figure"), strict=True)
    )
    if not varies:
        raise SweepError(f"{path}: no [[vary]] entry: a sweep varies at least one cell or column")
    if not figures:
        raise SweepError(f"{path}: no [[figure]] entry: a sweep reports at least one figure")
    names_given = [f.name for f in figures]
    if len(set(names_given)) < len(names_given):
        raise SweepError(f"{path}: two [[figure]] entries share a name")
    return Sweep(path, simulation, tuple(options.items()), varies, figures)


def _toml_sweep(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SweepError(f"{path}: no such sweep file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SweepError(f"{path}: cannot read the sweep file: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise SweepError(f"{path}: not a TOML sweep file: {error}") from None


WORKBOOK_FORM = {
    "Sweep": ("setting", "value"),
    "Vary": ("sheet", "column", "cell", "where", "values", "range", "add"),
    "Figures": ("name", "table", "row", "column"),
}
"""A sweep as a workbook: `Sweep` rows of a setting and its value (`simulation`, and the
simulation's options by name), a `Vary` row per dimension (`where` as `header = value`,
several joined by `;`; `values`, `range` and `add` as numbers separated by commas) and a
`Figures` row per figure."""


def _workbook_sweep(path: Path) -> tuple[dict[str, Any], dict[str, list[str]]]:
    try:
        raw = read_workbook(path)
    except UnreadableWorkbook as error:
        raise SweepError(str(error)) from None
    rows: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for sheet, headers in WORKBOOK_FORM.items():
        found = raw.sheets.get(sheet)
        if found is None:
            raise SweepError(
                f"{path}: no sheet {sheet!r}; a sweep workbook has {list(WORKBOOK_FORM)}"
            )
        given = [normal_header(str(h)) if h is not None else "" for h in (found.rows or [[]])[0]]
        if unknown := sorted(set(given) - set(headers) - {""}):
            raise SweepError(
                f"{path}:{sheet}: unknown column(s) {', '.join(unknown)}; known: {list(headers)}"
            )
        rows[sheet] = [
            (
                number,
                {h: _plain(v) for h, v in zip(given, line, strict=False) if h and v is not None},
            )
            for number, line in enumerate(found.rows[1:], 2)
            if any(v is not None for v in line)
        ]
    data: dict[str, Any] = {"options": {}}
    for number, row in rows["Sweep"]:
        setting = str(row.get("setting", ""))
        if setting == "simulation":
            data["simulation"] = str(row.get("value", ""))
        elif setting:
            data["options"][setting] = row.get("value")
        else:
            raise SweepError(f"{path}:Sweep!A{number}: a setting's name (simulation, or an option)")
    data["vary"] = [_listed(path, number, row) for number, row in rows["Vary"]]
    data["figure"] = [{k: str(v) for k, v in row.items()} for _, row in rows["Figures"]]
    names = {
        "vary": [f"Vary row {number}" for number, _ in rows["Vary"]],
        "figure": [f"Figures row {number}" for number, _ in rows["Figures"]],
    }
    return data, names


def _listed(path: Path, number: int, row: dict[str, Any]) -> dict[str, Any]:
    """A Vary row as a TOML entry: its lists and its `where` read from their text."""
    entry = dict(row)
    for key in ("values", "range", "add"):
        if key in entry:
            given = entry[key]
            entry[key] = (
                [_number_or_text(t) for t in str(given).split(",")]
                if isinstance(given, str)
                else [given]
            )
    if "where" in entry:
        picks = {}
        for pick in str(entry["where"]).split(";"):
            header, equals, value = pick.partition("=")
            if not equals or not header.strip():
                raise SweepError(
                    f"{path}:Vary row {number}: where = 'header = value' (several joined by ;)"
                )
            picks[header.strip()] = _number_or_text(value)
        entry["where"] = picks
    return entry


def _number_or_text(text: str) -> Any:
    word = text.strip()
    for kind in (int, float):
        try:
            return kind(word)
        except ValueError:
            continue
    return word


def _entries(path: Path, data: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    entries = data.get(key, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise SweepError(f"{path}: {key} must be written as [[{key}]] tables")
    return entries


def _vary(path: Path, name: str, entry: dict[str, Any]) -> Vary:
    place = f"{path}: {name}"
    allowed = {"sheet", "column", "cell", "where", "values", "range", "add"}
    if unknown := sorted(set(entry) - allowed):
        raise SweepError(f"{place}: unknown key(s) {', '.join(unknown)}; known: {sorted(allowed)}")
    sheet = entry.get("sheet")
    if not isinstance(sheet, str) or not sheet:
        raise SweepError(f"{place}: sheet = the name of the sheet whose cells vary")
    column, cell = entry.get("column"), entry.get("cell")
    if (column is None) == (cell is None):
        raise SweepError(f"{place}: give either column = a header or cell = an address like E5")
    if cell is not None and not (isinstance(cell, str) and CELL.match(cell)):
        raise SweepError(f"{place}: cell = {cell!r} is not a cell address like E5")
    where = entry.get("where", {})
    if not isinstance(where, dict) or (where and cell is not None):
        raise SweepError(f"{place}: where = {{header = value}} picks rows of a column only")
    given = [key for key in ("values", "range", "add") if key in entry]
    if len(given) != 1:
        raise SweepError(
            f"{place}: give one of values = [...], range = [from, to, step], add = [...]"
        )
    values = _values(place, given[0], entry[given[0]])
    return Vary(
        name,
        sheet,
        column,
        cell.replace("$", "").upper() if cell else None,
        tuple(where.items()),
        values,
        given[0] == "add",
    )


def _values(place: str, kind: str, given: Any) -> tuple[Any, ...]:
    if kind == "range":
        if not (
            isinstance(given, list)
            and len(given) == 3
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in given)
            and given[2] > 0
            and given[0] <= given[1]
        ):
            raise SweepError(
                f"{place}: range = [from, to, step] with from <= to and a step above 0"
            )
        start, stop, step = (Decimal(str(v)) for v in given)
        count = int((stop - start) / step) + 1
        whole = all(isinstance(v, int) for v in given)
        return tuple(
            int(start + i * step) if whole else float(start + i * step) for i in range(count)
        )
    if not isinstance(given, list) or not given:
        raise SweepError(f"{place}: {kind} = a list of at least one value")
    if not all(isinstance(v, str | int | float) for v in given):
        raise SweepError(f"{place}: {kind} holds numbers, text or true/false, as a cell does")
    if kind == "add" and not all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in given
    ):
        raise SweepError(f"{place}: add = a list of numbers to add to each cell")
    if len(set(map(repr, given))) < len(given):
        raise SweepError(f"{place}: {kind} lists a value twice")
    return tuple(given)


def _wanted(path: Path, name: str, entry: dict[str, Any]) -> Wanted:
    keys = ("name", "table", "row", "column")
    if unknown := sorted(set(entry) - set(keys)):
        raise SweepError(f"{path}: {name}: unknown key(s) {', '.join(unknown)}")
    if sorted(entry) != sorted(keys) or not all(isinstance(entry[k], str) for k in keys):
        raise SweepError(
            f"{path}: {name}: give name, table, row and column, each as text "
            "(table: words of a report table's title; row: its first cell; column: a header)"
        )
    return Wanted(entry["name"], entry["table"], entry["row"], entry["column"])


def _word(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    return str(value).lower() if isinstance(value, bool) else str(value)


# --- variants ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    sheet: str
    cell: str
    before: Any
    after: Any


@dataclass(frozen=True)
class Variant:
    """One combination of the varied values: its number (from 1, in the product's order),
    each dimension's value, and the cells it changes."""

    number: int
    settings: tuple[Any, ...]
    changes: tuple[Change, ...]

    def seed(self, seed: int) -> int:
        """The variant's seed: the sweep's seed and what the variant changes, hashed."""
        text = json.dumps([seed, [(c.sheet, c.cell, _json(c.after)) for c in self.changes]])
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


def variants(sweep: Sweep, raw: RawWorkbook) -> list[Variant]:
    """Every combination of the sweep's values, with the cells each one changes."""
    cells = [_cells(sweep, vary, raw) for vary in sweep.varies]
    made = []
    for number, settings in enumerate(itertools.product(*(v.values for v in sweep.varies)), 1):
        changes = []
        for vary, value, places in zip(sweep.varies, settings, cells, strict=True):
            for row, column in places:
                before = _plain(_cell(raw.sheets[vary.sheet], row, column))
                after = _added(sweep, vary, row, column, before, value) if vary.add else value
                changes.append(Change(vary.sheet, f"{column_letter(column)}{row}", before, after))
        made.append(Variant(number, settings, tuple(changes)))
    return made


def _cells(sweep: Sweep, vary: Vary, raw: RawWorkbook) -> list[tuple[int, int]]:
    place = f"{sweep.path}: {vary.entry}"
    sheet = raw.sheets.get(vary.sheet)
    if sheet is None:
        raise SweepError(f"{place}: the workbook has no sheet {vary.sheet!r}")
    if vary.cell is not None:
        letters, row = CELL.match(vary.cell).groups()  # type: ignore[union-attr]
        return [(int(row), _column_number(letters))]
    headers = {
        normal_header(str(value)): number
        for number, value in enumerate(sheet.rows[0] if sheet.rows else [], 1)
        if value is not None
    }
    column = headers.get(normal_header(vary.column or ""))
    if column is None:
        raise SweepError(f"{place}: sheet {vary.sheet!r} has no column {vary.column!r}")
    picks = []
    for header, value in vary.where:
        picked = headers.get(normal_header(header))
        if picked is None:
            raise SweepError(
                f"{place}: sheet {vary.sheet!r} has no column {header!r} to pick rows by"
            )
        picks.append((picked, value))
    rows = [
        row
        for row in range(HEADER_ROW + 1, len(sheet.rows) + 1)
        if any(v is not None for v in sheet.rows[row - 1])
        and all(_same(_cell(sheet, row, c), value) for c, value in picks)
    ]
    if not rows:
        wanted = ", ".join(f"{h} = {show(v)}" for h, v in vary.where)
        raise SweepError(f"{place}: no row of sheet {vary.sheet!r} has {wanted}")
    return [(row, column) for row in rows]


def _added(sweep: Sweep, vary: Vary, row: int, column: int, before: Any, offset: Any) -> Any:
    if not isinstance(before, int | float) or isinstance(before, bool):
        raise SweepError(
            f"{sweep.path}: {vary.entry}: {vary.sheet}!{column_letter(column)}{row} holds "
            f"{show(before)}, not a number to add {offset} to"
        )
    total = Decimal(str(before)) + Decimal(str(offset))
    return int(total) if total == total.to_integral_value() else float(total)


def _plain(value: Any) -> Any:
    """A cell's value as the designer typed it: the reader gives every number as a float."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _same(cell: Any, wanted: Any) -> bool:
    if isinstance(cell, int | float) and isinstance(wanted, int | float):
        return bool(cell == wanted)
    return str(cell) == str(wanted)


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _cell(sheet: RawSheet, row: int, column: int) -> Any:
    if row <= len(sheet.rows) and column <= len(sheet.rows[row - 1]):
        return sheet.rows[row - 1][column - 1]
    return None


def changed(raw: RawWorkbook, variant: Variant) -> RawWorkbook:
    """`raw` with the variant's cells changed: the changed sheets are copied, the rest shared."""
    sheets = dict(raw.sheets)
    for name in {change.sheet for change in variant.changes}:
        sheets[name] = replace(sheets[name], rows=[list(row) for row in sheets[name].rows])
    for change in variant.changes:
        letters, row = CELL.match(change.cell).groups()  # type: ignore[union-attr]
        rows, column = sheets[change.sheet].rows, _column_number(letters)
        while len(rows) < int(row):
            rows.append([])
        line = rows[int(row) - 1]
        line.extend([None] * (column - len(line)))
        line[column - 1] = change.after
    return RawWorkbook(path=raw.path, sheets=sheets)


# --- playing a variant -------------------------------------------------------------------------


@dataclass(frozen=True)
class Estimate:
    value: float
    low: float | None
    high: float | None
    n: int | None

    def __str__(self) -> str:
        if self.low is None or self.high is None:
            return f"{self.value:.4g}"
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}] n={self.n}"


@dataclass(frozen=True)
class Outcome:
    """What a variant gave: its errors (then it was not simulated) or its figures."""

    number: int
    seed: int
    errors: tuple[Finding, ...] = ()
    figures: tuple[tuple[str, Estimate | None], ...] = ()

    def figure(self, name: str) -> Estimate | None:
        return dict(self.figures).get(name)

    def as_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seed": self.seed,
            "errors": [finding_record(f) for f in self.errors],
            "figures": {
                name: None
                if e is None
                else {"value": e.value, "low": e.low, "high": e.high, "n": e.n}
                for name, e in self.figures
            },
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(
            data["number"],
            data["seed"],
            tuple(finding_from_record(f) for f in data["errors"]),
            tuple(
                (name, None if e is None else Estimate(e["value"], e["low"], e["high"], e["n"]))
                for name, e in data["figures"].items()
            ),
        )


@dataclass(frozen=True)
class Job:
    """Everything a variant needs beside its changes, sent to each worker once."""

    game: str
    raw: RawWorkbook
    display: str
    simulation: str
    options: tuple[tuple[str, Any], ...]
    runs: int
    seed: int
    figures: tuple[Wanted, ...]

    def __call__(self, variant: Variant) -> Outcome:
        game = get_game(self.game)
        seed = variant.seed(self.seed)
        shown = f"{self.display} [variant {variant.number}]"
        validation = validate_raw(changed(self.raw, variant), game, display=shown)
        errors = tuple(f for f in validation.findings if f.severity is Severity.ERROR)
        if errors or validation.model is None:
            return Outcome(variant.number, seed, errors)
        simulation = game.simulations[self.simulation]
        report = simulation.run(validation.model, self.runs, seed, workers=1, **dict(self.options))
        return Outcome(
            variant.number,
            seed,
            figures=tuple((w.name, picked(report, w)) for w in self.figures),
        )

    def key(self, variant: Variant) -> str:
        """What the variant's outcome depends on, hashed: the cache's file name."""
        digest = hashlib.sha256()
        for sheet in sorted(self.raw.sheets):
            digest.update(json.dumps([sheet, self.raw.sheets[sheet].rows], default=repr).encode())
        digest.update(
            json.dumps(
                [
                    self.game,
                    self.simulation,
                    [(k, _json(v)) for k, v in self.options],
                    self.runs,
                    variant.seed(self.seed),
                    [(c.sheet, c.cell, _json(c.after)) for c in variant.changes],
                    [(w.name, w.table, w.row, w.column) for w in self.figures],
                ]
            ).encode()
        )
        return digest.hexdigest()


def picked(report: Report, wanted: Wanted) -> Estimate | None:
    """The wanted cell of a report as an estimate; None where the report has no such cell."""
    for table in report.figures:
        if wanted.table.lower() not in table.title.lower() or wanted.column not in table.header:
            continue
        column = table.header.index(wanted.column)
        for row in table.rows:
            if str(row[0]) == wanted.row:
                return estimate(row[column])
    return None


def estimate(value: Any) -> Estimate | None:
    if isinstance(value, Proportion):
        low, high = value.interval
        return Estimate(value.value, low, high, value.runs)
    if isinstance(value, Mean):
        low, high = value.interval
        return Estimate(value.value, low, high, value.runs)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return Estimate(float(value), None, None, None)
    return None


def write_text(text: str, path: Path) -> None:
    """`text` into `path` as UTF-8: for `write_atomically`."""
    path.write_text(text, encoding="utf-8")


def _json(value: Any) -> Any:
    return value if value is None or isinstance(value, bool | int | float | str) else repr(value)


# --- running, with a cache of finished variants ------------------------------------------------


@dataclass
class Cache:
    """Finished variants' outcomes, one JSON file each, named by the variant's key."""

    folder: Path

    def get(self, key: str) -> Outcome | None:
        try:
            return Outcome.from_json(json.loads((self.folder / f"{key}.json").read_text()))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, key: str, outcome: Outcome) -> None:
        text = json.dumps(outcome.as_json())
        write_atomically(self.folder / f"{key}.json", partial(write_text, text))


@dataclass
class Swept:
    sweep: Sweep
    variants: list[Variant]
    outcomes: list[Outcome]
    runs: int
    seed: int
    resumed: int = 0  # variants taken from the cache
    missing: list[str] = field(default_factory=list)  # figures no report had


def run_sweep(
    sweep: Sweep,
    job: Job,
    made: Sequence[Variant],
    runner: Runner,
    cache: Cache | None,
) -> Swept:
    """Every variant's outcome, in variant order; finished ones from `cache`, the others
    played on `runner` and cached as each finishes."""
    outcomes: dict[int, Outcome] = {}
    keys = {v.number: job.key(v) for v in made}
    if cache is not None:
        for variant in made:
            if (cached := cache.get(keys[variant.number])) is not None:
                outcomes[variant.number] = cached
    resumed = len(outcomes)
    todo = [v for v in made if v.number not in outcomes]
    for index, outcome in tracked(runner.finished(job, todo), "variants", total=len(todo)):
        outcomes[todo[index].number] = outcome
        if cache is not None:
            cache.put(keys[todo[index].number], outcome)
    ordered = [outcomes[v.number] for v in made]
    played = [o for o in ordered if not o.errors]
    missing = [
        w.name for w in sweep.figures if played and all(o.figure(w.name) is None for o in played)
    ]
    return Swept(sweep, list(made), ordered, job.runs, job.seed, resumed, missing)


# --- what a sweep reports ----------------------------------------------------------------------


def report(swept: Swept) -> Report:
    """A table per figure (each variant's settings, estimate and interval, and seed), and
    the variants skipped for their errors, each error at its cell."""
    labels = tuple(vary.label for vary in swept.sweep.varies)
    tables = []
    for wanted in swept.sweep.figures:
        rows = []
        for variant, outcome in zip(swept.variants, swept.outcomes, strict=True):
            found = outcome.figure(wanted.name)
            if outcome.errors or found is None:
                continue
            rows.append(
                (
                    variant.number,
                    *variant.settings,
                    found.value,
                    found.low,
                    found.high,
                    found.n,
                    outcome.seed,
                )
            )
        tables.append(
            Figures(
                f"Sweep {swept.sweep.path.stem}: {wanted.name}",
                ("variant", *labels, "value", "low", "high", "n", "seed"),
                tuple(rows),
                note=f"{wanted.column} of '{wanted.row}' in the report table '{wanted.table}'; "
                f"{swept.runs} runs a variant; low and high: the 95% interval the simulation "
                "gives (blank for a figure without one); seed: the variant's own, from the "
                f"sweep's seed {swept.seed} and its changes (`simulate --seed` on the variant's "
                "workbook gives the same figures).",
            )
        )
    findings: list[Finding] = []
    skipped = []
    for variant, outcome in zip(swept.variants, swept.outcomes, strict=True):
        if outcome.errors:
            skipped.append((variant.number, *variant.settings, len(outcome.errors)))
            findings += outcome.errors
    if skipped:
        tables.append(
            Figures(
                f"Sweep {swept.sweep.path.stem}: variants skipped",
                ("variant", *labels, "errors"),
                tuple(skipped),
                note="each variant with an error in its tables is reported at its cells and "
                "not simulated",
            )
        )
    return Report(findings=findings, figures=tables)


def as_csv(report: Report) -> str:
    """Every table of the report, one row per variant and figure."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for table in report.figures:
        writer.writerow(["table", *table.header])
        for row in table.rows:
            writer.writerow([table.title, *("" if v is None else v for v in row)])
    return out.getvalue()


def best(swept: Swept, figure: str, goal: str) -> tuple[Variant, Estimate]:
    """The simulated variant whose `figure` is least (`min`) or greatest (`max`)."""
    scored = [
        (variant, found)
        for variant, outcome in zip(swept.variants, swept.outcomes, strict=True)
        if not outcome.errors and (found := outcome.figure(figure)) is not None
    ]
    if not scored:
        raise SweepError(f"no variant was simulated with figure {figure!r}")
    pick = min if goal == "min" else max
    return pick(
        scored,
        key=lambda pair: (pair[1].value, -pair[0].number if goal == "max" else pair[0].number),
    )


def plots(swept: Swept, folder: Path) -> list[Path]:
    """A plot per figure, PNG and PDF: the figure against the first varied value, a line
    (and its interval's band) per combination of the others."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    written = []
    first = swept.sweep.varies[0]
    for wanted in swept.sweep.figures:
        lines: dict[tuple[Any, ...], list[tuple[Any, Estimate]]] = {}
        for variant, outcome in zip(swept.variants, swept.outcomes, strict=True):
            found = outcome.figure(wanted.name)
            if not outcome.errors and found is not None:
                lines.setdefault(variant.settings[1:], []).append((variant.settings[0], found))
        figure, axes = pyplot.subplots(figsize=(6.4, 4.0))
        for others, points in lines.items():
            xs = (
                list(range(len(points)))
                if not _numeric(p for p, _ in points)
                else [p for p, _ in points]
            )
            values = [e.value for _, e in points]
            label = ", ".join(
                f"{vary.label} = {value}"
                for vary, value in zip(swept.sweep.varies[1:], others, strict=True)
            )
            line = axes.plot(xs, values, marker="o", label=label or None)[0]
            lows = [e.low for _, e in points if e.low is not None]
            highs = [e.high for _, e in points if e.high is not None]
            if len(lows) == len(highs) == len(points):
                axes.fill_between(xs, lows, highs, color=line.get_color(), alpha=0.2)
            if not _numeric(p for p, _ in points):
                axes.set_xticks(xs, [str(p) for p, _ in points])
            elif all(isinstance(p, int) for p, _ in points):
                axes.set_xticks(xs)
        axes.set_xlabel(f"{first.sheet}: {first.label}")
        axes.set_ylabel(wanted.name)
        axes.set_title(f"{wanted.name} ({swept.runs} runs a variant, 95% band)")
        if len(lines) > 1:
            axes.legend(fontsize="small")
        figure.tight_layout()
        stem = folder / f"{swept.sweep.path.stem}-{_slug(wanted.name)}"
        for form, metadata in (("png", {"Software": None}), ("pdf", {"CreationDate": None})):
            path = stem.with_name(f"{stem.name}.{form}")
            write_atomically(path, partial(figure.savefig, format=form, metadata=metadata))
            written.append(path)
        pyplot.close(figure)
    return written


def _numeric(values: Iterable[Any]) -> bool:
    return all(
        isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in values
    )


def _slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "figure"


def write_best(
    source: Path, variant: Variant, figure: str, goal: str, found: Estimate, output: Path
) -> None:
    """A marked copy of the source workbook (xlsx or ods, as read) with the best variant's
    cells changed, each filled and commented with what it was and why it changed."""
    from authoring.annotate import CHANGE_FILL, CellRef, Edit, Mark, write_marked_copy

    why = (
        f"sweep: the variant with the {'least' if goal == 'min' else 'greatest'} {figure}, "
        f"{found} (variant {variant.number})"
    )
    cells = []
    for change in variant.changes:
        letters, row = CELL.match(change.cell).groups()  # type: ignore[union-attr]
        cells.append((CellRef(change.sheet, int(row), _column_number(letters)), change))
    write_marked_copy(
        source,
        output,
        marks=[
            Mark(cell, fill=CHANGE_FILL, comment=f"{why}; was {show(change.before)}")
            for cell, change in cells
        ],
        edits=[Edit(cell, change.after) for cell, change in cells],
    )
