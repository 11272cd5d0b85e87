"""`authoring template`: a blank workbook from the schemas that, once filled in, validates."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from authoring.cli import main
from authoring.game import get_game
from authoring.validate import LISTS_SHEET, validate_workbook
from authoring.waivers import WAIVERS_SHEET

GAME = get_game("darkblades")


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "blank.xlsx"
    assert main(["template", "darkblades", "-o", str(path)]) == 0
    return path


def test_template_has_every_sheet_and_header_in_schema_order(template):
    book = openpyxl.load_workbook(template)
    assert book.sheetnames == [*GAME.sheets, WAIVERS_SHEET, LISTS_SHEET]
    for name in GAME.sheets:
        header = [cell.value for cell in book[name][1]]
        if GAME.schemas[name].grid_cell is not None:
            assert header == [None]  # a grid (a map) has no header: it starts empty at A1
        else:
            assert header == list(GAME.schemas[name].fields)
        assert book[name].max_row == 1


def test_each_header_carries_a_comment_saying_what_it_means(template):
    sheet = openpyxl.load_workbook(template)["Counters"]
    comment = sheet["B1"].comment.text
    assert GAME.schemas["Counters"].fields["state"].description in comment
    assert "Expected: one of healthy stunned wounded" in comment


def test_a_map_sheet_is_an_empty_grid_whose_first_cell_explains_it(template):
    """A grid sheet has no header row to freeze or comment: the note on A1 says what each
    cell holds, and A1 itself stays free for the map's first hex."""
    sheet = openpyxl.load_workbook(template)["MapArena"]
    assert sheet.freeze_panes is None
    assert sheet["A1"].value is None
    note = sheet["A1"].comment.text
    assert GAME.schemas["MapArena"].description in note
    assert "Expected: text two lower-case letters, such as op or wa" in note


def test_enumerations_are_drop_downs_fed_from_the_hidden_lists_sheet(template):
    book = openpyxl.load_workbook(template)
    assert book[LISTS_SHEET].sheet_state == "hidden"
    rules = {str(rule.sqref): rule for rule in book["Counters"].data_validations.dataValidation}
    state = rules["B2:B1048576"]
    assert state.type == "list"
    name = state.formula1.lstrip("=")
    reference = book.defined_names[name].attr_text
    sheet_part, cells = reference.split("!")
    assert sheet_part.strip("'") == LISTS_SHEET
    listed = [row[0].value for row in book[LISTS_SHEET][cells.replace("$", "")]]
    assert listed == GAME.schemas["Counters"].fields["state"].enum


def test_numeric_bounds_become_whole_number_rules(template):
    rules = {
        str(rule.sqref): rule
        for rule in openpyxl.load_workbook(template)["CRT_InfVsInf"].data_validations.dataValidation
    }
    die = rules["A2:A1048576"]
    assert (die.type, die.operator, die.formula1, die.formula2) == ("whole", "between", "1", "10")


def test_text_columns_are_formatted_as_text(template):
    sheet = openpyxl.load_workbook(template)["Forces"]
    assert sheet.column_dimensions["C"].number_format == "@"  # group: free text
    assert sheet.column_dimensions["E"].number_format != "@"  # count: a number


def test_template_filled_in_validates_clean(template, tmp_path):
    shipped = openpyxl.load_workbook(GAME.workbook)
    book = openpyxl.load_workbook(template)
    for name in GAME.sheets:
        if GAME.schemas[name].grid_cell is not None:  # a map is typed in from A1, cell by cell
            for cells in shipped[name].iter_rows():
                for cell in cells:
                    book[name][cell.coordinate] = cell.value
            continue
        for values in shipped[name].iter_rows(min_row=2, values_only=True):
            book[name].append(list(values))
    filled = tmp_path / "filled.xlsx"
    book.save(filled)
    result = validate_workbook(filled, GAME)
    assert result.findings == []
    assert main(["validate", str(filled), "--game", "darkblades"]) == 0


def test_blank_template_reports_the_empty_tables(template):
    result = validate_workbook(template, GAME)
    assert not result.ok
    assert ("table-shape", "CRT_InfVsInf") in {(f.code, f.sheet) for f in result.findings}


def test_template_never_replaces_an_existing_file(template, capsys):
    before = template.read_bytes()
    assert main(["template", "darkblades", "-o", str(template)]) == 2
    assert "never written over" in capsys.readouterr().err
    assert template.read_bytes() == before


def test_template_refuses_the_games_own_workbook(capsys):
    before = GAME.workbook.read_bytes()
    assert main(["template", "darkblades", "-o", str(GAME.workbook), "--force"]) == 2
    assert GAME.workbook.read_bytes() == before
