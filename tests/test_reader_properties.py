"""Property-based tests of the reader (issue 17): generated workbooks, written to real xlsx
files by openpyxl, read back and validated against the toy game.

Each generated book holds some of the toy game's sheets (Units, Rolls, Crt), maybe a Waivers
sheet and sheets the game does not know, with headers kept, renamed, misspelt, blank, moved or
turned into dates, and cells of every type openpyxl writes: numbers huge and negative, booleans,
text long, unicode and hostile to XML, dates, times and durations, Excel error values, formulas
openpyxl leaves without a result and formulas given a cached result the way a spreadsheet
program saves one. Merged ranges, hidden rows, columns and sheets are sprinkled over them.

Properties: validation never raises (not even `UnreadableWorkbook`: every file is well formed)
and no reader fails on a part of it; every finding names a sheet of the game or of the file and,
when it names a cell, a cell inside what was written (or, in the header row, where a missing
column's header belongs); findings come in sheet, row and column order; the same file validated
twice gives the same findings and is left unchanged; an error value, a formula without a result
and a text in a text column each come back at their cell.

`make test` runs the `test` profile (a few hundred examples); `make fuzz` sets
HYPOTHESIS_PROFILE=fuzz (10,000). `bench/fuzz_reader.py` times `check_book` on generated books.
"""

from __future__ import annotations

import datetime
import os
import re
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import pytest
from conftest import CRT, ROLLS, UNITS
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook
from openpyxl.cell.cell import ERROR_CODES
from openpyxl.utils import get_column_letter

from authoring.findings import Finding, Severity
from authoring.game import Game
from authoring.validate import validate_workbook
from authoring.waivers import WAIVERS_SHEET, waivers_schema

# --- profiles ------------------------------------------------------------------------------

_COMMON = settings(
    deadline=None,
    # No example database: a failure prints its shrunk example and a reproduce blob, and no
    # .hypothesis/ folder appears in the checkout.
    database=None,
    print_blob=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
        # The toy game is built once per test and only read: sharing it between examples is
        # what is wanted.
        HealthCheck.function_scoped_fixture,
    ],
)
settings.register_profile("test", _COMMON, max_examples=300)
settings.register_profile("fuzz", _COMMON, max_examples=10_000)
PROFILE = settings.get_profile(os.environ.get("HYPOTHESIS_PROFILE", "test"))

# --- what a generated workbook is ------------------------------------------------------------


@dataclass(frozen=True)
class Error:
    """An Excel error value (openpyxl writes one of its ERROR_CODES as an error cell)."""

    code: str


@dataclass(frozen=True)
class Formula:
    """A formula (without its "="); `cached` is the result a spreadsheet program saved with
    it, or None for none, as openpyxl writes every formula."""

    text: str
    cached: float | str | bool | Error | None = None


Cell = Any  # None, int, float, bool, str, date, datetime, time, timedelta, Error or Formula


@dataclass
class SheetSpec:
    title: str
    cells: dict[tuple[int, int], Cell]  # (row, column), 1-based; blanks are left out
    # Each merge as top, left, bottom, right.
    merges: list[tuple[int, int, int, int]] = field(default_factory=list)
    hidden_rows: list[int] = field(default_factory=list)
    hidden_columns: list[int] = field(default_factory=list)
    state: str = "visible"  # or hidden, veryHidden

    @property
    def bounds(self) -> tuple[int, int]:
        """The last row and column anything was written to (values or merges)."""
        rows = [r for r, _ in self.cells] + [m[2] for m in self.merges]
        columns = [c for _, c in self.cells] + [m[3] for m in self.merges]
        return max(rows, default=0), max(columns, default=0)

    def merged(self, row: int, column: int) -> bool:
        return any(t <= row <= b and lf <= column <= rt for t, lf, b, rt in self.merges)


@dataclass
class BookSpec:
    sheets: list[SheetSpec]


# --- strategies ----------------------------------------------------------------------------

# Characters openpyxl accepts in a cell (it refuses most C0 controls) that are also legal XML
# 1.0 (U+FFFE and U+FFFF are not: openpyxl writes them, and no XML parser reads them back).
_REFUSED = "".join(chr(c) for c in [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)])
CHARACTERS = st.characters(
    codec="utf-8", exclude_categories=["Cs"], exclude_characters=_REFUSED + "\ufffe\uffff"
)
TRICKY_TEXT = [
    "knight",
    "🛡️⚔️",
    "👩‍👩‍👧",  # a family: emoji joined by zero-width joiners
    "فارس",  # right to left
    "\u202eetirw\u202c",  # a right-to-left override
    "עברית",
    "e\u0301",  # e and a combining acute
    "\u0301",  # a lone combining mark
    "\u200b",
    "\ufeffBOM",
    "\u00a0",  # a no-break space: whitespace to Python
    " ",
    "\t",
    "a\nb",
    "a\r\nb",
    "<&>\"'",
    "]]>",
    "\x7f\x85\x9f",  # C1 controls, legal in XML
    "7",
    " 7",
    "007",
    "-0",
    "+5",
    "1,5",
    "7.5",
    "1e3",
    "1_000",
    "1\u0662",  # 1 and an Arabic-Indic 2
    "\uff17",  # a fullwidth digit 7
    "NaN",
    "inf",
    "TRUE",
    "1-5",
    "'=1+1",
]
TEXT = st.one_of(
    st.sampled_from(TRICKY_TEXT),
    st.text(CHARACTERS, max_size=24),
    # Long: up to Excel's limit of 32,767 characters to a cell.
    st.builds(
        lambda piece, times: (piece * times)[:32_767],
        st.text(CHARACTERS, min_size=1, max_size=8),
        st.integers(200, 4_500),
    ),
).filter(lambda text: not text.startswith("=") and text not in ERROR_CODES)
NUMBER = st.one_of(
    st.integers(-(10**6), 10**6),
    st.integers(-(2**63), 2**63),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([0.5, -0.0, 1e308, -1e308, 5e-324, 2.0**53 + 1, 1e15, 0.1 + 0.2]),
)
WHEN = st.one_of(
    st.dates(),
    st.datetimes(),
    st.times(),
    st.timedeltas(),
    st.sampled_from([datetime.date(2026, 1, 2), datetime.datetime(2026, 5, 1, 12, 30)]),
)
ERROR = st.sampled_from(ERROR_CODES).map(Error)
FORMULA_TEXT = st.one_of(
    st.sampled_from(
        ["1+2", "2*3", "SUM(C2:C4)", "A2", "1/0", 'IF(C2>5,"A","B")', "NOW()", "Units!A2"]
    ),
    st.text(CHARACTERS, min_size=1, max_size=12),
)
FORMULA = st.builds(
    Formula,
    FORMULA_TEXT,
    st.one_of(
        st.none(),
        st.integers(-100, 100).map(float),
        NUMBER.map(float),
        st.text(CHARACTERS, min_size=1, max_size=12),
        st.booleans(),
        ERROR,
    ),
)
ANY_CELL: st.SearchStrategy[Cell] = st.one_of(
    st.none(), NUMBER, st.booleans(), TEXT, WHEN, ERROR, FORMULA
)

# What a designer would type in each column: enough good values for the checks to run.
_IDS = ["knight", "archer", "guard", "x"]


def plausible(name: str, prop: dict[str, Any], *, wild: bool) -> st.SearchStrategy[Cell]:
    """A value of the column's kind: always a right one on a tame sheet (so the game's checks
    get to run), now and then a wrong one on a wild sheet."""
    if "enum" in prop:
        return st.sampled_from([*prop["enum"], *["Q", f" {prop['enum'][0]}"] * wild])
    types = prop.get("type", [])
    if "integer" in types:
        low = prop.get("minimum", 0)
        high = prop.get("maximum", low + 10)
        if not wild:
            return st.integers(low, high)
        whole = st.integers(low - 1, high + 1)
        return st.one_of(whole, whole.map(float), whole.map(str))
    if name == "code":
        # Warnings a waiver may accept, and errors it may not.
        codes = ["merged-cells", "hidden-rows", "unknown-sheet", "hidden-sheet", "excel-date"]
        return st.sampled_from([*codes, *["missing-value", "nonsense"] * wild])
    if name == "sheet":
        return st.sampled_from(["Units", "Rolls", "Crt", "Notes", *["Nowhere"] * wild])
    if name == "cells":
        return st.sampled_from(["A1", "B2:B9", "a3", "ZZZ1", *["A1:XFD1048576", "B0"] * wild])
    names = st.sampled_from([*_IDS, "1-15"])
    return st.one_of(names, names.map(lambda text: f" {text}\t"), TEXT) if wild else names


def typos(name: str) -> st.SearchStrategy[Cell]:
    """The header as a designer may have spelt it, or worse."""
    variants: list[Cell] = [name.upper(), f" {name} ", name.replace("_", " ")]
    if len(name) > 2:
        variants += [name[:-1], name[1:], name + "s"]
    if re.fullmatch(r"\d-\d", name):  # Excel makes 2-1 a date, 1 February or 2 January
        first, second = int(name[0]), int(name[2])
        variants += [datetime.datetime(2026, first, second), datetime.datetime(2026, second, first)]
    return st.one_of(st.sampled_from(variants), st.none(), ANY_CELL)


@st.composite
def known_sheet(draw: st.DrawFn, title: str, schema: dict[str, Any]) -> SheetSpec:
    """A sheet the game or the core knows: a header and rows below it. A tame sheet has its
    header right (in any order) and values of the right kinds; a wild one has its header
    cut short, misspelt or worse, and anything in its cells, outside the header too."""
    wild = draw(st.integers(0, 2)) > 0
    props: dict[str, Any] = schema["properties"]
    columns: list[str | None] = list(props)
    if draw(st.booleans()):
        columns = draw(st.permutations(columns))
    if wild and draw(st.integers(0, 3)) == 0:
        columns = columns[: draw(st.integers(0, len(columns)))]
    if wild:
        columns += [None] * draw(st.integers(0, 2))  # columns with no field of the schema
    header = [
        (draw(typos(name)) if wild and draw(st.integers(0, 4)) == 0 else name)
        if name is not None
        else draw(st.one_of(st.none(), st.sampled_from(["painted by", "id", "Die"]), ANY_CELL))
        for name in columns
    ]
    cells: dict[tuple[int, int], Cell] = dict(enumerate_row(1, header))
    row = 2
    for _ in range(draw(st.integers(0, 6))):
        row += draw(st.sampled_from([0, 0, 0, 0, 1, 3]))  # now and then blank rows between
        width = len(columns) + (draw(st.sampled_from([0, 0, 0, 1, 2])) if wild else 0)
        values = [
            draw(
                (
                    st.one_of(*[plausible(name, props[name], wild=True)] * 4, st.none(), ANY_CELL)
                    if wild
                    else plausible(name, props[name], wild=False)
                )
                if index < len(columns) and (name := columns[index]) is not None
                else st.one_of(st.none(), st.none(), ANY_CELL)
            )
            for index in range(width)
        ]
        cells.update(enumerate_row(row, values))
        row += 1
    return draw(decorated(title, cells, merges=wild))


def enumerate_row(row: int, values: list[Cell]) -> list[tuple[tuple[int, int], Cell]]:
    return [((row, column), value) for column, value in enumerate(values, 1) if value is not None]


@st.composite
def unknown_sheet(draw: st.DrawFn, title: str) -> SheetSpec:
    rows = draw(st.integers(0, 5))
    columns = draw(st.integers(1, 5))
    cells = {
        (r, c): value
        for r in range(1, rows + 1)
        for c in range(1, columns + 1)
        if (value := draw(st.one_of(st.none(), ANY_CELL))) is not None
    }
    return draw(decorated(title, cells))


@st.composite
def decorated(
    draw: st.DrawFn, title: str, cells: dict[tuple[int, int], Cell], *, merges: bool = True
) -> SheetSpec:
    """Merges, hidden lines and a sheet state over the cells; a merge keeps only the value
    of its first cell, as openpyxl (and Excel) do."""
    last_row = max((r for r, _ in cells), default=1)
    last_column = max((c for _, c in cells), default=1)
    merged: list[tuple[int, int, int, int]] = []
    for _ in range(draw(st.sampled_from([0, 0, 1, 1, 2, 3])) if merges else 0):
        top = draw(st.integers(1, last_row + 2))
        left = draw(st.integers(1, last_column + 1))
        bottom = top + draw(st.integers(0, 4))
        right = left + draw(st.sampled_from([0, 0, 0, 1, 2]))
        overlaps = any(
            top <= b and t <= bottom and left <= rt and lf <= right for t, lf, b, rt in merged
        )
        if (top, left) != (bottom, right) and not overlaps:
            merged.append((top, left, bottom, right))
    spec = SheetSpec(title, {}, merged)
    spec.cells = {
        (r, c): value
        for (r, c), value in cells.items()
        if not spec.merged(r, c) or any((r, c) == (t, lf) for t, lf, _, _ in merged)
    }
    spec.hidden_rows = draw(st.lists(st.integers(1, last_row + 2), max_size=3, unique=True))
    spec.hidden_columns = draw(st.lists(st.integers(1, last_column + 1), max_size=2, unique=True))
    spec.state = draw(st.sampled_from(["visible"] * 8 + ["hidden", "veryHidden"]))
    return spec


_TITLE_CHARACTERS = st.characters(
    codec="utf-8",
    exclude_categories=["Cs", "Cc"],
    exclude_characters="\\*?:/[]'\ufffe\uffff",
)
EXTRA_TITLES = st.one_of(
    st.sampled_from(
        ["Notes", "Roll", "units", "CRT", "_lists", "Findings", "Changes (2)", "Ünits ⚔️", "فارس"]
    ),
    st.text(_TITLE_CHARACTERS, min_size=1, max_size=31),
)
GAME_SCHEMAS: dict[str, dict[str, Any]] = {"Units": UNITS, "Rolls": ROLLS, "Crt": CRT}
UNITS_HEADER = list(GAME_SCHEMAS["Units"]["properties"])


@st.composite
def books(draw: st.DrawFn) -> BookSpec:
    sheets: list[SheetSpec] = []
    for title, schema in GAME_SCHEMAS.items():
        if draw(st.integers(0, 7)):  # each game sheet is there 7 times in 8
            sheets.append(draw(known_sheet(title, schema)))
    if draw(st.integers(0, 4)) == 0:
        sheets.append(draw(known_sheet(WAIVERS_SHEET, waivers_schema().document)))
    taken = {s.title.lower() for s in sheets}
    for title in draw(st.lists(EXTRA_TITLES, max_size=2, unique_by=str.lower)):
        if title.lower() not in taken and title.strip():
            sheets.append(draw(unknown_sheet(title)))
            taken.add(title.lower())
    if not sheets:
        sheets.append(draw(unknown_sheet("Notes")))
    if draw(st.booleans()):
        sheets = draw(st.permutations(sheets))
    if all(s.state != "visible" for s in sheets):
        sheets[0].state = "visible"  # a workbook shows at least one sheet
    return BookSpec(sheets)


# --- writing a generated workbook ------------------------------------------------------------


def written(value: Cell) -> Any:
    if isinstance(value, Error):
        return value.code
    if isinstance(value, Formula):
        return "=" + value.text
    return value


def write_book(spec: BookSpec, path: Path) -> Path:
    """The workbook as openpyxl writes it, then with the formulas' cached results put in."""
    book = Workbook()
    book.remove(book.active)  # type: ignore[arg-type]
    for sheet_spec in spec.sheets:
        sheet = book.create_sheet(sheet_spec.title)
        assert sheet.title == sheet_spec.title
        for (row, column), value in sheet_spec.cells.items():
            sheet.cell(row, column).value = written(value)
        for top, left, bottom, right in sheet_spec.merges:
            sheet.merge_cells(start_row=top, start_column=left, end_row=bottom, end_column=right)
        for row in sheet_spec.hidden_rows:
            sheet.row_dimensions[row].hidden = True
        for column in sheet_spec.hidden_columns:
            sheet.column_dimensions[get_column_letter(column)].hidden = True
        sheet.sheet_state = sheet_spec.state
    book.active = next(i for i, s in enumerate(spec.sheets) if s.state == "visible")
    book.save(path)
    _cache_results(spec, path)
    return path


# A formula cell as openpyxl writes it: its text escaped (so no "<" in it), an empty <v/>.
_FORMULA_CELL = re.compile(r'<c r="([A-Z]+[0-9]+)"([^>]*)><f>([^<]*)</f><v\s*/></c>')


def _cache_results(spec: BookSpec, path: Path) -> None:
    """Give formulas the `<v>` a spreadsheet program saves with them (openpyxl writes none):
    plain string edits of each sheet's XML, openpyxl naming the parts sheet1.xml, ... in order."""
    edits: dict[str, dict[str, tuple[str, str]]] = {}
    for number, sheet in enumerate(spec.sheets, start=1):
        results = {
            f"{get_column_letter(c)}{r}": _result(value.cached)
            for (r, c), value in sheet.cells.items()
            if isinstance(value, Formula) and value.cached is not None
        }
        if results:
            edits[f"xl/worksheets/sheet{number}.xml"] = results
    if not edits:
        return
    with zipfile.ZipFile(path) as package:
        parts = [(item, package.read(item.filename)) for item in package.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for item, data in parts:
            cached = edits.get(item.filename)
            if cached is not None:
                data = _with_results(data.decode(), cached).encode()
            package.writestr(item, data)


def _with_results(xml: str, results: dict[str, tuple[str, str]]) -> str:
    """A sheet's XML with the `<v>` of the formula cells named in `results` filled in."""
    done: set[str] = set()

    def cached(match: re.Match[str]) -> str:
        ref, attributes, formula = match.groups()
        if ref not in results:
            return match.group(0)
        done.add(ref)
        kind, text = results[ref]
        attributes = re.sub(r'\st="[^"]*"', "", attributes) + kind
        return f'<c r="{ref}"{attributes}><f>{formula}</f><v>{text}</v></c>'

    xml = _FORMULA_CELL.sub(cached, xml)
    assert done == set(results), f"no formula cell at {sorted(set(results) - done)}"
    return xml


def _result(value: float | str | bool | Error | None) -> tuple[str, str]:
    """A cached result: the cell's type attribute and its `<v>` text."""
    if isinstance(value, bool):
        return ' t="b"', "1" if value else "0"
    if isinstance(value, Error):
        return ' t="e"', escape(value.code)
    if isinstance(value, str):
        return ' t="str"', escape(value)
    assert isinstance(value, float)
    return "", repr(value)


# --- the properties ----------------------------------------------------------------------------


def check_book(spec: BookSpec, game: Game, folder: Path) -> list[Finding]:
    """Write `spec`, validate it twice and check every property; returns the findings."""
    path = write_book(spec, folder / "fuzz.xlsx")
    before = path.read_bytes()
    result = validate_workbook(path, game)
    again = validate_workbook(path, game)
    assert again.findings == result.findings, "the same file gave different findings"
    assert path.read_bytes() == before, "validation changed the file"
    findings = result.findings

    # No reader failed on any part of a well-formed file.
    assert not [f.as_text() for f in findings if f.code == "unread-part"]

    # In sheet, row and column order, each sheet at its place in the game's order.
    assert [f.order for f in findings] == sorted(f.order for f in findings)
    sheets = {s.title: s for s in spec.sheets}
    index = {name: number for number, name in enumerate(game.sheets, start=1)}
    index[WAIVERS_SHEET] = len(game.sheets) + 1
    schemas = {**game.schemas, WAIVERS_SHEET: waivers_schema()}
    for finding in findings:
        place = finding.as_text()
        assert finding.sheet is not None, place
        assert finding.sheet in game.sheets or finding.sheet in sheets, place
        expected_index = index.get(finding.sheet, len(game.sheets) + 2)
        assert finding.location.sheet_index == expected_index, place
        if finding.cell is None:
            continue
        # A cell named lies inside what was written; a header cell may also be where a
        # missing column's header belongs: next to the header, or at the schema's place.
        assert finding.sheet in sheets, place
        last_row, last_column = sheets[finding.sheet].bounds
        row, column = finding.location.row, finding.location.column
        assert 1 <= row <= max(last_row, 1), place
        if row == 1 and finding.sheet in schemas:
            assert 0 <= column <= max(last_column + 1, len(schemas[finding.sheet].fields)), place
        else:
            assert 0 <= column <= max(last_column, 1), place

    # Waiving never loses or invents a game finding: each is reported or waived, once.
    outcome = result.waive(findings, proofs_ran=False)
    waived = [f for f, _ in outcome.waived]
    assert all(f.severity is Severity.WARNING for f in waived)
    kept = [f for f in outcome.findings if f in findings]
    assert sorted(map(id, kept + waived)) == sorted(map(id, findings))
    assert all(f.sheet == WAIVERS_SHEET for f in outcome.findings if f not in findings)

    _cells_come_back(spec, game, result.tables, findings)
    return findings


def _cells_come_back(
    spec: BookSpec, game: Game, tables: dict[str, Any], findings: list[Finding]
) -> None:
    """Below the header of each game sheet read, in a column the header gave a field and
    outside any merge: an error value or a formula without a result is an error at its cell,
    a formula with a result is not reported as resultless, and a text in a column that takes
    text comes back as typed."""
    at: dict[tuple[str, int, int], set[str]] = {}
    for finding in findings:
        key = (finding.sheet or "", finding.location.row, finding.location.column)
        at.setdefault(key, set()).add(finding.code)
        if finding.severity is Severity.ERROR:
            at[key].add("error")
    for sheet in spec.sheets:
        table = tables.get(sheet.title)
        if table is None:
            continue
        fields = {column: name for name, column in table.columns.items()}
        records = {record.row: record for record in table.records}
        for (row, column), value in sheet.cells.items():
            name = fields.get(column)
            if row == 1 or name is None or sheet.merged(row, column):
                continue
            codes = at.get((sheet.title, row, column), set())
            place = f"{sheet.title}!{get_column_letter(column)}{row}: {value!r}"
            if isinstance(value, Error):
                assert "excel-error" in codes, place
            elif isinstance(value, Formula) and value.cached is None:
                assert "formula-no-value" in codes, place
            elif isinstance(value, Formula) and isinstance(value.cached, Error):
                # Excel saved the formula's result: an error value.
                assert "excel-error" in codes, place
            elif isinstance(value, Formula):
                assert "formula-no-value" not in codes, place
            elif isinstance(value, str) and _takes_text(game, sheet.title, name):
                typed = value.replace("\r\n", "\n").replace("\r", "\n")
                # A blank text is a blank cell: its row may hold nothing else.
                record = records.get(row)
                read = record[name] if record is not None else None
                assert read == (None if typed.isspace() or not typed else typed), place


def _takes_text(game: Game, sheet: str, name: str) -> bool:
    spec = game.schemas[sheet].field(name)
    return spec is not None and not ({"integer", "number"} & spec.types)


# --- the tests ---------------------------------------------------------------------------------


# Found by this test: a vertical merge running below the last row holding a value
# (IndexError in tables._apply_merges), fixed there.
MERGE_BELOW_THE_DATA = BookSpec(
    [
        SheetSpec(
            "Crt",
            {(1, 1): "die", (1, 2): "1-1", (1, 3): "2-1", (2, 1): 1, (2, 2): "A", (2, 3): "A"},
            merges=[(2, 2, 4, 2)],
        )
    ]
)
MERGE_ENTIRELY_BELOW_THE_DATA = BookSpec(
    [SheetSpec("Rolls", {(1, 1): "die_from"}, merges=[(3, 1, 4, 1), (5, 2, 5, 3)])]
)
# An empty text is a blank cell, and a row of nothing else is no record (the test once
# expected one).
EMPTY_TEXT_ALONE = BookSpec([SheetSpec("Units", {(1, 1): "id", (2, 1): ""})])


@PROFILE
@given(book=books())
@example(book=MERGE_BELOW_THE_DATA)
@example(book=MERGE_ENTIRELY_BELOW_THE_DATA)
@example(book=EMPTY_TEXT_ALONE)
def test_any_generated_workbook_is_validated_with_findings_at_real_cells(toy_game, book):
    with tempfile.TemporaryDirectory() as folder:
        findings = check_book(book, toy_game, Path(folder))
    for code in sorted({f.code for f in findings}):
        event(code)  # shown by --hypothesis-show-statistics: what the examples reached


def test_the_generator_writes_what_it_means(toy_game, tmp_path):
    """The generated files hold what the properties assume: a cached result is read as the
    value, an uncached formula is reported, merges keep their first value."""
    book = BookSpec(
        [
            SheetSpec(
                "Units",
                {
                    **dict(enumerate_row(1, UNITS_HEADER)),
                    **dict(enumerate_row(2, ["knight", "horse", Formula("2*3", 6.0), 6, 5])),
                    **dict(enumerate_row(3, ["archer", "foot", Formula("2*3"), 4, 3, "1-15"])),
                    **dict(enumerate_row(4, ["guard", Formula("A1", "foot"), 8, Error("#N/A")])),
                },
                merges=[(4, 5, 5, 5)],
                hidden_rows=[3],
            )
        ]
    )
    findings = check_book(book, toy_game, tmp_path)
    assert [(f.sheet, f.cell, f.code) for f in findings if f.sheet == "Units"] == [
        ("Units", "A3", "hidden-rows"),
        ("Units", "C3", "formula-no-value"),
        ("Units", "D4", "excel-error"),
        ("Units", "E4", "merged-cells"),
    ]
    tables = validate_workbook(tmp_path / "fuzz.xlsx", toy_game).tables
    assert [r["attack"] for r in tables["Units"].records[:1]] == [6]
    assert tables["Units"].records[2]["kind"] == "foot"


@pytest.mark.parametrize("book", [MERGE_BELOW_THE_DATA, MERGE_ENTIRELY_BELOW_THE_DATA])
def test_a_merge_below_the_data_is_read(toy_game, tmp_path, book):
    """A vertical merge reaching below the last row with a value fills down like any other:
    its rows are read with the merge's value (blank rows stay blank)."""
    findings = check_book(book, toy_game, tmp_path)
    merged = [(f.severity, f.cell) for f in findings if f.code == "merged-cells"]
    if book is MERGE_BELOW_THE_DATA:
        assert merged == [("warning", "B2")]
        tables = validate_workbook(tmp_path / "fuzz.xlsx", toy_game).tables
        assert [(r.row, r["1-1"]) for r in tables["Crt"].records] == [(2, "A"), (3, "A"), (4, "A")]
    else:
        assert merged == [("warning", "A3"), ("error", "B5")]


def test_a_formula_whose_saved_result_is_an_error_is_an_excel_error(toy_game, tmp_path):
    book = BookSpec(
        [
            SheetSpec(
                "Units",
                {
                    **dict(enumerate_row(1, UNITS_HEADER)),
                    **dict(enumerate_row(2, ["knight", "horse", Formula("1/0", Error("#DIV/0!"))])),
                },
            )
        ]
    )
    findings = check_book(book, toy_game, tmp_path)
    assert [(f.code, f.cell) for f in findings if f.cell == "C2"] == [("excel-error", "C2")]
