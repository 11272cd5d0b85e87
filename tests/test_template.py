"""`authoring template`: a blank workbook from the schemas that, once filled in, validates."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from authoring.cli import main
from authoring.game import get_game
from authoring.validate import LISTS_SHEET, validate_workbook
from authoring.waivers import WAIVERS_SHEET
from authoring.workbook import read_workbook

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


# --- the same template as LibreOffice's own format (.ods) ------------------------------------

ODS = {
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
}


@pytest.fixture(scope="module")
def template_ods(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "blank.ods"
    assert main(["template", "darkblades", "--format", "ods", "-o", str(path)]) == 0
    return path


def ods_content(path: Path):
    import zipfile
    from xml.etree import ElementTree

    with zipfile.ZipFile(path) as package:
        assert package.namelist()[0] == "mimetype"
        return ElementTree.fromstring(package.read("content.xml"))


def ods_table(root, name: str):
    tag = f"{{{ODS['table']}}}table"
    return next(t for t in root.iter(tag) if t.get(f"{{{ODS['table']}}}name") == name)


def test_an_ods_template_has_every_sheet_header_and_note(template_ods):
    """Issue 17: "`template --format ods` writes a blank .ods with the same header comments
    and drop-down lists"."""
    raw = read_workbook(template_ods)
    assert list(raw.sheets) == [*GAME.sheets, WAIVERS_SHEET]
    for name in GAME.sheets:
        header = raw.sheets[name].rows[0] if raw.sheets[name].rows else []
        if GAME.schemas[name].grid_cell is None:
            assert header == list(GAME.schemas[name].fields)
    state = ods_table(ods_content(template_ods), "Counters").findall(
        f".//{{{ODS['table']}}}table-cell"
    )[1]
    note = "".join(state.find(f"{{{ODS['office']}}}annotation").itertext())
    assert GAME.schemas["Counters"].fields["state"].description in note
    assert "Expected: one of healthy stunned wounded" in note


def test_an_ods_template_has_the_drop_downs_and_bounds_libreoffice_reads(template_ods, tmp_path):
    root = ods_content(template_ods)
    rules = {
        rule.get(f"{{{ODS['table']}}}base-cell-address"): rule.get(f"{{{ODS['table']}}}condition")
        for rule in root.iter(f"{{{ODS['table']}}}content-validation")
    }
    states = GAME.schemas["Counters"].fields["state"].enum or []
    assert rules["Counters.B2"] == "of:cell-content-is-in-list({})".format(
        ";".join(f'"{s}"' for s in states)
    )
    assert rules["CRT_InfVsInf.A2"] == (
        "of:cell-content-is-whole-number() and cell-content-is-between(1,10)"
    )
    soffice = shutil.which("soffice")
    if soffice is None:
        pytest.skip("LibreOffice (soffice) is not installed: its own reading is not checked")
    subprocess.run(
        [soffice, "--headless", f"-env:UserInstallation=file://{tmp_path}/profile",
         "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(tmp_path),
         str(template_ods)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    book = openpyxl.load_workbook(tmp_path / "blank.xlsx")
    die = book["CRT_InfVsInf"].data_validations.dataValidation[0]
    assert (die.type, die.operator, die.formula1, die.formula2) == ("whole", "between", "1", "10")
    state = next(
        rule
        for rule in book["Counters"].data_validations.dataValidation
        if str(rule.sqref).startswith("B2")
    )
    assert state.type == "list" and state.formula1 == '"{}"'.format(",".join(states))


def test_an_ods_template_filled_in_validates_clean(template_ods, tmp_path):
    """Filled cell by cell with the shipped workbook's values (as a designer types them),
    the .ods template validates as the shipped workbook does: clean."""
    from authoring.annotate import CellRef, Edit, write_marked_copy

    shipped = read_workbook(GAME.workbook)
    edits = []
    for name in GAME.sheets:
        first = 0 if GAME.schemas[name].grid_cell is not None else 1
        for row, values in enumerate(shipped.sheets[name].rows[first:], first + 1):
            for column, value in enumerate(values, 1):
                if value is not None:
                    whole = isinstance(value, float) and value.is_integer()
                    edits.append(Edit(CellRef(name, row, column), int(value) if whole else value))
    filled = tmp_path / "filled.ods"
    write_marked_copy(template_ods, filled, edits=edits)
    assert validate_workbook(filled, GAME).findings == []
    assert main(["validate", str(filled)]) == 0


def test_a_blank_ods_template_reports_what_the_xlsx_one_does(template, template_ods):
    def said(path: Path) -> list[tuple[str, str | None, str | None]]:
        return [(f.code, f.sheet, f.cell) for f in validate_workbook(path, GAME).findings]

    assert said(template_ods) == said(template)


def test_the_format_and_the_name_agree(tmp_path, capsys):
    assert main(["template", "darkblades", "--format", "ods", "-o", str(tmp_path / "t.xlsx")]) == 2
    assert "name it t.ods" in capsys.readouterr().err
