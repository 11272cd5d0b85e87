"""The core's named semantic checks, on real workbooks of a small test game."""

from __future__ import annotations

from authoring.validate import validate_workbook


def codes(result):
    return [(f.code, f.sheet, f.cell) for f in result.findings]


def test_duplicate_key_is_reported_at_the_second_row(toy_game, toy_book):
    def edit(book):
        book["Units"]["A4"] = "knight"

    result = validate_workbook(toy_book(edit), toy_game)
    # Renaming the guard also leaves the Rolls row that names it pointing nowhere.
    assert codes(result) == [("duplicate", "Units", "A4"), ("unknown-reference", "Rolls", "C4")]
    assert "already given in row 2" in result.findings[0].message


def test_reference_to_a_missing_row_names_the_closest_id(toy_game, toy_book):
    def edit(book):
        book["Rolls"]["C3"] = "archr"

    result = validate_workbook(toy_book(edit), toy_game)
    assert codes(result) == [("unknown-reference", "Rolls", "C3")]
    assert "closest: 'archer'" in result.findings[0].message
    assert result.findings[0].expected == "an id from Units!A"


def test_gap_in_a_range_table(toy_game, toy_book):
    def edit(book):
        book["Rolls"]["A3"] = 6  # 1-4, then 6-9: die 5 is not covered

    result = validate_workbook(toy_book(edit), toy_game)
    assert codes(result) == [("range-gap", "Rolls", "A3")]
    assert "die 5 not covered" in result.findings[0].message


def test_overlap_in_a_range_table(toy_game, toy_book):
    def edit(book):
        book["Rolls"]["B2"] = 6  # 1-6 overlaps 5-9

    result = validate_workbook(toy_book(edit), toy_game)
    assert codes(result) == [("range-overlap", "Rolls", "A3")]
    assert "overlaps the range before (row 2)" in result.findings[0].message


def test_range_table_that_stops_short(toy_game, toy_book):
    def edit(book):
        book["Rolls"].delete_rows(4)

    result = validate_workbook(toy_book(edit), toy_game)
    assert codes(result) == [("range-gap", "Rolls", "B3")]
    assert "die 10 not covered" in result.findings[0].message


def test_crt_row_with_too_many_entries_is_an_error_at_that_row(toy_game, toy_book):
    def edit(book):
        book["Crt"]["D3"] = "B"

    result = validate_workbook(toy_book(edit), toy_game)
    assert codes(result) == [("outside-table", "Crt", "D3")]


def test_crt_row_with_too_few_entries_is_an_error_at_that_row(toy_game, toy_book):
    def edit(book):
        book["Crt"]["C3"] = None

    result = validate_workbook(toy_book(edit), toy_game)
    assert codes(result) == [("missing-value", "Crt", "C3")]


def test_crt_row_missing(toy_game, toy_book):
    def edit(book):
        book["Crt"].delete_rows(3)

    result = validate_workbook(toy_book(edit), toy_game)
    assert codes(result) == [("table-shape", "Crt", "A3")]
    assert "die 2 is missing: 2 belongs before this row" in result.findings[0].message


def test_crt_rows_out_of_order(toy_game, toy_book):
    def edit(book):
        book["Crt"]["A3"], book["Crt"]["A4"] = 3, 2

    result = validate_workbook(toy_book(edit), toy_game)
    assert codes(result) == [("table-shape", "Crt", "A4")]
    assert "die 2 comes after die 3 (row 3)" in result.findings[0].message


def test_crt_row_typed_twice(toy_game, toy_book):
    def edit(book):
        book["Crt"]["A4"] = 2

    result = validate_workbook(toy_book(edit), toy_game)
    # One slip, one finding: the duplicate names the die that is now missing.
    assert codes(result) == [("table-shape", "Crt", "A4")]
    assert "die 2 appears twice (first in row 3); die 3 is missing" in result.findings[0].message


def test_checks_skip_cells_already_reported(toy_game, toy_book):
    def edit(book):
        book["Rolls"]["A3"] = "five"

    result = validate_workbook(toy_book(edit), toy_game)
    # One mistake, one finding: the tiling check does not add a gap on top.
    assert codes(result) == [("invalid-value", "Rolls", "A3")]
