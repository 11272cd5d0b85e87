"""Excel's traps, each on a real xlsx file: the finding, its severity and its exact cell."""

from __future__ import annotations

import datetime
import re
import zipfile
from pathlib import Path

import pytest
from openpyxl.styles import Font

from authoring.findings import Finding, Severity
from authoring.schema import FieldSpec
from authoring.validate import validate_workbook
from authoring.workbook import UnreadableWorkbook, read_workbook


def found(findings: list[Finding], code: str) -> list[tuple[str, str | None, str | None]]:
    return [(f.severity, f.sheet, f.cell) for f in findings if f.code == code]


def test_good_workbook_has_no_findings(toy_game, toy_book):
    result = validate_workbook(toy_book(), toy_game)
    assert result.findings == []
    units = result.tables["Units"].records
    assert [r["id"] for r in units] == ["knight", "archer", "guard"]
    assert units[0]["reach"] is None  # a blank cell is null, not missing
    assert units[0].cell("defence") == "D2"
    assert isinstance(units[0]["attack"], int)


def test_formula_without_cached_value_is_an_error(toy_game, toy_book):
    def edit(book):
        book["Units"]["C3"] = "=2*3"

    result = validate_workbook(toy_book(edit), toy_game)
    assert found(result.findings, "formula-no-value") == [("error", "Units", "C3")]
    [finding] = result.findings
    assert "open the file in Excel or LibreOffice and save it" in finding.message
    assert finding.value == "=2*3"


def test_formula_with_cached_value_uses_the_value(toy_game, toy_book, tmp_path):
    def edit(book):
        book["Units"]["C3"] = "=2*3"

    written = toy_book(edit)
    # Give the formula the cached result a spreadsheet program stores when it saves.
    saved = tmp_path / "saved.xlsx"
    with zipfile.ZipFile(written) as source, zipfile.ZipFile(saved, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data, count = re.subn(rb"<f>2\*3</f><v\s*/>", b"<f>2*3</f><v>6</v>", data)
                assert count == 1
            target.writestr(item, data)
    result = validate_workbook(saved, toy_game)
    assert result.findings == []
    assert result.tables["Units"].records[1]["attack"] == 6


def test_excel_error_value_is_an_error(toy_game, toy_book):
    def edit(book):
        book["Units"]["D4"] = "#N/A"

    result = validate_workbook(toy_book(edit), toy_game)
    assert found(result.findings, "excel-error") == [("error", "Units", "D4")]


def test_unambiguous_number_stored_as_text_is_read_with_a_warning(toy_game, toy_book):
    def edit(book):
        book["Units"]["C2"] = "7"

    result = validate_workbook(toy_book(edit), toy_game)
    assert found(result.findings, "number-as-text") == [("warning", "Units", "C2")]
    assert result.ok
    assert result.tables["Units"].records[0]["attack"] == 7


@pytest.mark.parametrize("text", ["7.5", " 7", "1,5", "007", "seven"])
def test_ambiguous_number_as_text_is_an_error(toy_game, toy_book, text):
    def edit(book):
        book["Units"]["C2"] = text

    result = validate_workbook(toy_book(edit), toy_game)
    assert [(f.severity, f.cell) for f in result.findings] == [("error", "C2")]
    assert "expected a whole number from 0 to 40" in result.findings[0].message


def test_value_excel_turned_into_a_date_is_flagged(toy_game, toy_book):
    def edit(book):
        cell = book["Units"]["F3"]
        cell.value = datetime.datetime(2026, 5, 1)
        cell.number_format = "d-mmm"

    result = validate_workbook(toy_book(edit), toy_game)
    assert found(result.findings, "excel-date") == [("error", "Units", "F3")]
    assert "1 May" in result.findings[0].message
    assert "format the column as Text" in result.findings[0].message


@pytest.mark.parametrize(
    ("stored", "number_format", "typed"),
    [
        (datetime.time(0, 1, 52, 340000), "mm:ss.00", "1:52.34"),
        (datetime.timedelta(seconds=38.5), "[mm]:ss.00", "38.50"),
    ],
)
def test_a_time_excel_turned_into_a_clock_time_is_flagged(
    toy_game, toy_book, stored, number_format, typed
):
    """A race time typed as 1:52.34 into a General column becomes a clock time in Excel."""

    def edit(book):
        cell = book["Units"]["F3"]
        cell.value = stored
        cell.number_format = number_format

    result = validate_workbook(toy_book(edit), toy_game)
    [finding] = result.findings
    assert (finding.code, finding.cell, finding.value) == ("excel-time", "F3", typed)
    assert finding.message == (
        f"a time that Excel turned into a clock time ({typed}); format the column as Text and "
        f"type it again as {typed}"
    )


def test_header_excel_turned_into_a_date_is_flagged(toy_game, toy_book):
    def edit(book):
        cell = book["Crt"]["C1"]
        cell.value = datetime.datetime(2026, 1, 2)
        cell.number_format = "d-mmm"

    result = validate_workbook(toy_book(edit), toy_game)
    [finding] = result.findings
    assert (finding.code, finding.cell) == ("excel-date", "C1")
    assert "it was probably '2-1'" in finding.message
    # The column is still read under the header the designer meant.
    assert result.tables["Crt"].records[0]["2-1"] == "A"


def test_vertical_merge_fills_down_with_a_warning(toy_game, toy_book):
    def edit(book):
        sheet = book["Units"]
        sheet["B4"] = None
        sheet.merge_cells("B3:B4")

    result = validate_workbook(toy_book(edit), toy_game)
    assert found(result.findings, "merged-cells") == [("warning", "Units", "B3")]
    assert [r["kind"] for r in result.tables["Units"].records] == ["horse", "foot", "foot"]


def test_merge_across_columns_is_an_error(toy_game, toy_book):
    def edit(book):
        book["Units"].merge_cells("C3:D3")

    result = validate_workbook(toy_book(edit), toy_game)
    assert found(result.findings, "merged-cells") == [("error", "Units", "C3")]
    assert "C3:D3" in result.findings[0].message
    assert not result.ok


def test_formatted_empty_rows_below_the_data_are_ignored(toy_game, toy_book):
    def edit(book):
        sheet = book["Units"]
        for row in range(5, 20_000):
            sheet.cell(row, 1).font = Font(bold=True)
            sheet.cell(row, 3).number_format = "0.00"

    path = toy_book(edit)
    assert read_workbook(path).sheets["Units"].rows.__len__() == 4
    result = validate_workbook(path, toy_game)
    assert result.findings == []
    assert len(result.tables["Units"].records) == 3


def test_blank_rows_inside_the_data_are_skipped(toy_game, toy_book):
    def edit(book):
        book["Units"].insert_rows(3)

    result = validate_workbook(toy_book(edit), toy_game)
    assert result.findings == []
    assert [r.row for r in result.tables["Units"].records] == [2, 4, 5]


def test_hidden_sheet_is_read_with_a_warning(toy_game, toy_book):
    def edit(book):
        book["Rolls"].sheet_state = "hidden"

    result = validate_workbook(toy_book(edit), toy_game)
    assert found(result.findings, "hidden-sheet") == [("warning", "Rolls", None)]
    assert len(result.tables["Rolls"].records) == 3


def test_hidden_rows_and_columns_are_read_with_a_warning(toy_game, toy_book):
    def edit(book):
        book["Units"].row_dimensions[3].hidden = True
        book["Units"].row_dimensions[4].hidden = True
        book["Units"].column_dimensions["D"].hidden = True

    result = validate_workbook(toy_book(edit), toy_game)
    assert found(result.findings, "hidden-rows") == [("warning", "Units", "A3")]
    rows = next(f for f in result.findings if f.code == "hidden-rows")
    assert "rows 3-4 are hidden" in rows.message
    assert found(result.findings, "hidden-columns") == [("warning", "Units", "D1")]
    assert len(result.tables["Units"].records) == 3


def test_misspelt_header_names_the_closest_known_name(toy_game, toy_book):
    def edit(book):
        book["Units"]["D1"] = "defense"

    result = validate_workbook(toy_book(edit), toy_game)
    [finding] = result.findings
    assert (finding.code, finding.cell) == ("misspelt-column", "D1")
    assert "did you mean 'defence'" in finding.message


def test_missing_header_is_named(toy_game, toy_book):
    def edit(book):
        book["Units"].delete_cols(4)

    result = validate_workbook(toy_book(edit), toy_game)
    assert [(f.code, f.field) for f in result.findings] == [("missing-column", "defence")]
    # Issue 17: at the header cell where the column was expected, not at A1.
    assert result.findings[0].cell == "D1"


@pytest.mark.parametrize(
    ("emptied", "field"), [("D1", "defence"), ("A1", "id"), ("F1", "reach"), ("B1", "kind")]
)
def test_an_emptied_header_is_reported_at_its_own_cell(toy_game, toy_book, emptied, field):
    """Issue 17: "A missing or emptied header is reported at the cell where the header was
    expected (its column in the header row), not at A1"."""

    def edit(book):
        book["Units"][emptied] = None

    result = validate_workbook(toy_book(edit), toy_game)
    missing = [f for f in result.findings if f.code == "missing-column"]
    assert [(f.field, f.sheet, f.cell) for f in missing] == [(field, "Units", emptied)]


def test_unknown_header_is_a_warning(toy_game, toy_book):
    def edit(book):
        book["Units"]["G1"] = "painted by"
        book["Units"]["G2"] = "Ann"

    result = validate_workbook(toy_book(edit), toy_game)
    assert found(result.findings, "unknown-column") == [("warning", "Units", "G1")]
    assert result.ok


def test_missing_sheet_is_an_error_naming_the_closest_sheet(toy_game, toy_book):
    def edit(book):
        book["Rolls"].title = "Roll"

    result = validate_workbook(toy_book(edit), toy_game)
    missing = [f for f in result.findings if f.code == "missing-sheet"]
    assert [(f.sheet, f.severity) for f in missing] == [("Rolls", "error")]
    assert "'Roll'" in missing[0].message
    assert found(result.findings, "unknown-sheet") == [("warning", "Roll", None)]


def test_value_in_a_column_without_header_is_an_error(toy_game, toy_book):
    def edit(book):
        book["Crt"]["D3"] = "A"

    result = validate_workbook(toy_book(edit), toy_game)
    assert found(result.findings, "outside-table") == [("error", "Crt", "D3")]


def test_unknown_enumerated_value_names_the_choices(toy_game, toy_book):
    def edit(book):
        book["Crt"]["B3"] = "Q"

    result = validate_workbook(toy_book(edit), toy_game)
    [finding] = result.findings
    assert finding.as_text().endswith("Crt!B3: error: unknown result 'Q' (expected one of A B -)")
    assert (finding.field, finding.value, finding.expected) == ("1-1", "Q", "one of A B -")


def test_blank_required_cell_is_a_missing_value(toy_game, toy_book):
    def edit(book):
        book["Crt"]["C4"] = None

    result = validate_workbook(toy_book(edit), toy_game)
    assert [(f.code, f.cell) for f in result.findings] == [("missing-value", "C4")]


def test_all_errors_are_reported_at_once_in_sheet_and_row_order(toy_game, toy_book):
    def edit(book):
        book["Crt"]["B3"] = "Q"
        book["Units"]["C4"] = "x"
        book["Units"]["B2"] = "camel"
        book["Rolls"]["A3"] = 99

    result = validate_workbook(toy_book(edit), toy_game)
    places = [(f.sheet, f.cell) for f in result.findings]
    assert places[:4] == [("Units", "B2"), ("Units", "C4"), ("Rolls", "A3"), ("Crt", "B3")]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b"name,attack\nknight,10\n", "not an xlsx or ods workbook"),
    ],
)
def test_unreadable_files(tmp_path, content, message):
    path = tmp_path / "bad.xlsx"
    path.write_bytes(content)
    with pytest.raises(UnreadableWorkbook, match=message):
        read_workbook(path)


def test_truncated_file_is_unreadable(toy_book, tmp_path):
    data = toy_book().read_bytes()
    path = tmp_path / "truncated.xlsx"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(UnreadableWorkbook):
        read_workbook(path)


def test_zip_that_is_not_a_workbook_is_unreadable(tmp_path):
    path = tmp_path / "archive.xlsx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("readme.txt", "hello")
    with pytest.raises(UnreadableWorkbook, match="a zip archive, but not an xlsx or ods workbook"):
        read_workbook(path)


def test_validation_never_writes_to_the_workbook(toy_game, toy_book):
    def edit(book):
        book["Units"]["C3"] = "=2*3"
        book["Units"]["D4"] = "#N/A"

    path = toy_book(edit)
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    validate_workbook(path, toy_game)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert sorted(p.name for p in Path(path.parent).iterdir() if p.is_file()) == ["toy.xlsx"]


def test_findings_have_severity_values():
    assert {s.value for s in Severity} == {"error", "warning"}


def test_a_step_a_schema_asks_for_is_said_in_words():
    """A value off its column's `multipleOf` grid is told what grid it should be on, not only
    its range (5.3 lies between 0.25 and 10 but is no quarter point)."""
    spec = FieldSpec("mark", {"type": "number", "minimum": 0.25, "maximum": 10, "multipleOf": 0.25})
    assert spec.expected == "a number from 0.25 to 10 in steps of 0.25"
