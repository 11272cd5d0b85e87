"""OpenDocument spreadsheets (.ods), LibreOffice Calc's own format (issue 17): read like an
xlsx, with Excel's traps found from the .ods content, each on a real .ods file; every
shipped workbook saved as .ods by LibreOffice gives the findings of the xlsx it came from."""

from __future__ import annotations

import copy
import datetime
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import GOOD_CRT, GOOD_ROLLS, GOOD_UNITS
from ods import Error, Formula, OdsSheet, write_ods

from authoring.game import all_games
from authoring.validate import validate_workbook
from authoring.workbook import UnreadableWorkbook, read_workbook

AUTHORING = str(Path(sys.executable).parent / "authoring")
SOFFICE = shutil.which("soffice")


def toy_ods(path: Path, **units: object) -> Path:
    """The toy game's good workbook as an .ods, its Units sheet given as `units` says."""
    sheets: dict[str, object] = {
        "Units": OdsSheet(**{"rows": copy.deepcopy(GOOD_UNITS), **units}),  # type: ignore[arg-type]
        "Rolls": GOOD_ROLLS,
        "Crt": GOOD_CRT,
    }
    return write_ods(path, sheets)  # type: ignore[arg-type]


def codes(findings):
    return [(f.severity, f.code, f.sheet, f.cell) for f in findings]


def test_a_good_ods_reads_as_its_xlsx(toy_game, toy_book, tmp_path):
    from_ods = validate_workbook(toy_ods(tmp_path / "toy.ods"), toy_game)
    from_xlsx = validate_workbook(toy_book(), toy_game)
    assert from_ods.findings == [] == from_xlsx.findings
    for sheet in ("Units", "Rolls", "Crt"):
        assert [r.values for r in from_ods.tables[sheet].records] == [
            r.values for r in from_xlsx.tables[sheet].records
        ]


def test_a_formula_never_calculated_is_an_error_at_its_cell(toy_game, tmp_path):
    rows = copy.deepcopy(GOOD_UNITS)
    rows[2][2] = Formula("of:=2*3")  # C3, as a script writes it: no cached result
    rows[3][2] = Formula("of:=4*2", cached=8)  # C4, as LibreOffice saves it
    result = validate_workbook(toy_ods(tmp_path / "f.ods", rows=rows), toy_game)
    assert codes(result.findings) == [("error", "formula-no-value", "Units", "C3")]
    assert result.findings[0].value == "=2*3"
    assert result.tables["Units"].records[2]["attack"] == 8


def test_an_error_value_is_an_error_at_its_cell(toy_game, tmp_path):
    rows = copy.deepcopy(GOOD_UNITS)
    rows[3][3] = Error("#N/A", "of:=NA()")
    result = validate_workbook(toy_ods(tmp_path / "e.ods", rows=rows), toy_game)
    assert codes(result.findings) == [("error", "excel-error", "Units", "D4")]
    assert "#N/A" in result.findings[0].message


def test_merged_cells_are_found_from_the_spans(toy_game, tmp_path):
    rows = copy.deepcopy(GOOD_UNITS)
    rows[3][1] = None
    down = validate_workbook(
        toy_ods(tmp_path / "down.ods", rows=rows, merged=[(3, 2, 4, 2)]), toy_game
    )
    assert codes(down.findings) == [("warning", "merged-cells", "Units", "B3")]
    assert [r["kind"] for r in down.tables["Units"].records] == ["horse", "foot", "foot"]
    across = validate_workbook(toy_ods(tmp_path / "across.ods", merged=[(3, 3, 3, 4)]), toy_game)
    assert codes(across.findings) == [("error", "merged-cells", "Units", "C3")]
    assert "C3:D3" in across.findings[0].message


def test_hidden_rows_columns_and_sheets_are_read_with_a_warning(toy_game, tmp_path):
    path = toy_ods(tmp_path / "h.ods", hidden_rows={3, 4}, hidden_columns={4})
    result = validate_workbook(path, toy_game)
    assert codes(result.findings) == [
        ("warning", "hidden-columns", "Units", "D1"),
        ("warning", "hidden-rows", "Units", "A3"),
    ]
    assert len(result.tables["Units"].records) == 3
    hidden_sheet = write_ods(
        tmp_path / "s.ods",
        {"Units": GOOD_UNITS, "Rolls": OdsSheet(GOOD_ROLLS, hidden=True), "Crt": GOOD_CRT},
    )
    assert codes(validate_workbook(hidden_sheet, toy_game).findings) == [
        ("warning", "hidden-sheet", "Rolls", None)
    ]


def test_text_for_a_number_and_a_date_for_typed_text_are_found_as_in_an_xlsx(toy_game, tmp_path):
    """The .ods counterparts of "a number stored as text" and "a date where 1-5 was typed"."""
    rows = copy.deepcopy(GOOD_UNITS)
    rows[1][2] = "7"  # C2: text where a number belongs
    rows[2][5] = datetime.date(2026, 1, 5)  # F3: the reach "1-5", turned into a date
    result = validate_workbook(toy_ods(tmp_path / "t.ods", rows=rows), toy_game)
    assert codes(result.findings) == [
        ("warning", "number-as-text", "Units", "C2"),
        ("error", "excel-date", "Units", "F3"),
    ]
    assert result.tables["Units"].records[0]["attack"] == 7


def test_another_opendocument_file_is_named_for_what_it_is(tmp_path):
    path = tmp_path / "rules.ods"
    import zipfile

    with zipfile.ZipFile(path, "w") as package:
        package.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        package.writestr("content.xml", "<x/>")
    with pytest.raises(UnreadableWorkbook, match="an OpenDocument text, not a spreadsheet"):
        read_workbook(path)


@pytest.fixture(scope="module")
def saved_by_libreoffice(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every shipped workbook, saved as .ods by LibreOffice (headless), under a name of its own."""
    if SOFFICE is None:
        pytest.skip("LibreOffice (soffice) is not installed; `make test` installs it where it can")
    folder = tmp_path_factory.mktemp("ods")
    games = all_games()
    sources = []
    for name, game in games.items():
        source = folder / f"my {name} (2).xlsx"
        shutil.copy(game.workbook, source)
        sources.append(source)
    subprocess.run(
        [SOFFICE, "--headless", f"-env:UserInstallation=file://{folder}/profile",
         "--convert-to", "ods", "--outdir", str(folder), *map(str, sources)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    return {name: folder / f"my {name} (2).ods" for name in games}


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_shipped_workbook_saved_as_ods_gives_the_same_findings(game, saved_by_libreoffice):
    """Issue 17: "the same findings with the same cells as the .xlsx it was saved from";
    the game is recognised from the .ods itself (LibreOffice keeps the workbook's marker)."""
    ods = saved_by_libreoffice[game]
    assert ods.exists()
    shipped = all_games()[game]
    from_xlsx = validate_workbook(shipped.workbook, shipped)
    from_ods = validate_workbook(ods, shipped)
    assert [(f.severity, f.code, f.sheet, f.cell, f.message) for f in from_ods.findings] == [
        (f.severity, f.code, f.sheet, f.cell, f.message) for f in from_xlsx.findings
    ]
    for sheet in shipped.sheets:
        assert [r.values for r in from_ods.tables[sheet].records] == [
            r.values for r in from_xlsx.tables[sheet].records
        ], sheet
    told = subprocess.run([AUTHORING, "validate", str(ods)], capture_output=True, text=True)
    assert told.returncode == 0, told.stderr
