"""OpenDocument spreadsheets (.ods), LibreOffice Calc's own format (issue 17): read like an
xlsx, with Excel's traps found from the .ods content, each on a real .ods file; every
shipped workbook saved as .ods by LibreOffice gives the findings of the xlsx it came from."""

from __future__ import annotations

import datetime
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import GOOD_CRT, GOOD_ROLLS, GOOD_UNITS
from ods import Error, Formula, OdsSheet, write_ods

from authoring.annotate import write_annotated
from authoring.game import all_games
from authoring.validate import validate_workbook
from authoring.workbook import UnreadableWorkbook, read_workbook

AUTHORING = str(Path(sys.executable).parent / "authoring")
SOFFICE = shutil.which("soffice")


def toy_ods(path: Path, **units: object) -> Path:
    """The toy game's good workbook as an .ods, its Units sheet given as `units` says."""
    sheets: dict[str, object] = {
        "Units": OdsSheet(**{"rows": units_rows(), **units}),  # type: ignore[arg-type]
        "Rolls": GOOD_ROLLS,
        "Crt": GOOD_CRT,
    }
    return write_ods(path, sheets)  # type: ignore[arg-type]


def units_rows() -> list[list[object]]:
    """The toy game's good Units rows, as lists a test may change."""
    return [list(row) for row in GOOD_UNITS]


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
    rows = units_rows()
    rows[2][2] = Formula("of:=2*3")  # C3, as a script writes it: no cached result
    rows[3][2] = Formula("of:=4*2", cached=8)  # C4, as LibreOffice saves it
    result = validate_workbook(toy_ods(tmp_path / "f.ods", rows=rows), toy_game)
    assert codes(result.findings) == [("error", "formula-no-value", "Units", "C3")]
    assert result.findings[0].value == "=2*3"
    assert result.tables["Units"].records[2]["attack"] == 8


def test_an_error_value_is_an_error_at_its_cell(toy_game, tmp_path):
    rows = units_rows()
    rows[3][3] = Error("#N/A", "of:=NA()")
    result = validate_workbook(toy_ods(tmp_path / "e.ods", rows=rows), toy_game)
    assert codes(result.findings) == [("error", "excel-error", "Units", "D4")]
    assert "#N/A" in result.findings[0].message


def test_merged_cells_are_found_from_the_spans(toy_game, tmp_path):
    rows = units_rows()
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
    rows = units_rows()
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


# --- marked copies in the format read ------------------------------------------------------

ODS_NS = {
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
}


def content_of(path: Path):
    import zipfile
    from xml.etree import ElementTree

    with zipfile.ZipFile(path) as package:
        names = package.namelist()
        assert names[0] == "mimetype"
        assert package.getinfo("mimetype").compress_type == zipfile.ZIP_STORED
        return ElementTree.fromstring(package.read("content.xml"))


def cell_element(root, sheet: str, row: int, column: int):
    """The cell at (row, column) of `sheet`, counting repeated rows and cells."""
    table = next(
        t
        for t in root.iter(f"{{{ODS_NS['table']}}}table")
        if t.get(f"{{{ODS_NS['table']}}}name") == sheet
    )
    seen_rows = 0
    for found in table.iter(f"{{{ODS_NS['table']}}}table-row"):
        seen_rows += int(found.get(f"{{{ODS_NS['table']}}}number-rows-repeated", "1"))
        if seen_rows >= row:
            seen = 0
            for cell in found:
                seen += int(cell.get(f"{{{ODS_NS['table']}}}number-columns-repeated", "1"))
                if seen >= column:
                    return cell
    raise AssertionError(f"no cell {sheet} {row},{column}")


def fill_of(root, cell) -> str | None:
    name = cell.get(f"{{{ODS_NS['table']}}}style-name")
    for style in root.iter(f"{{{ODS_NS['style']}}}style"):
        if style.get(f"{{{ODS_NS['style']}}}name") == name:
            props = style.find(f"{{{ODS_NS['style']}}}table-cell-properties")
            return None if props is None else props.get(f"{{{ODS_NS['fo']}}}background-color")
    return None


def test_annotate_marks_an_ods_in_its_own_format(toy_game, tmp_path):
    """Issue 17: "`--annotate` writes the same format it read": each finding's cell filled
    and commented, the Findings sheet first with a link to each, every value as it was."""
    rows = units_rows()
    rows[2][0] = "knight"  # A3: a duplicate id, an error
    rows[1][2] = "7"  # C2: a number stored as text, a warning
    source = toy_ods(tmp_path / "my units (2).ods", rows=rows)
    marked = tmp_path / "marked.ods"
    write_annotated(source, validate_workbook(source, toy_game).findings, marked)
    root = content_of(marked)
    names = [t.get(f"{{{ODS_NS['table']}}}name") for t in root.iter(f"{{{ODS_NS['table']}}}table")]
    assert names == ["Findings", "Units", "Rolls", "Crt"]
    duplicate, as_text = cell_element(root, "Units", 3, 1), cell_element(root, "Units", 2, 3)
    assert fill_of(root, duplicate) == "#FFC7CE" and fill_of(root, as_text) == "#FFEB9C"
    note = duplicate.find(f"{{{ODS_NS['office']}}}annotation")
    assert note is not None and "duplicate id 'knight'" in "".join(note.itertext())
    link = cell_element(root, "Findings", 2, 3).find(f".//{{{ODS_NS['text']}}}a")
    assert link is not None and link.get("{http://www.w3.org/1999/xlink}href") == "#'Units'.C2"
    again = validate_workbook(marked, toy_game)
    assert codes(again.findings) == codes(validate_workbook(source, toy_game).findings)
    assert read_workbook(marked).sheets["Rolls"].rows == read_workbook(source).sheets["Rolls"].rows


def test_a_marked_copy_edits_an_ods_cell_inside_a_repeated_run(tmp_path):
    """An edit or mark on a cell that content.xml stores as part of a repeated run (blank
    rows and cells are runs) changes that cell alone; text that looks like a formula stays
    text."""
    from authoring.annotate import CellRef, Edit, Mark, write_marked_copy

    source = write_ods(tmp_path / "s.ods", {"Sheet": [["a", None, None, None], [1, 2, 3, 4]]})
    out = tmp_path / "o.ods"
    write_marked_copy(
        source,
        out,
        marks=[Mark(CellRef("Sheet", 6, 3), fill="BDD7EE", comment="new")],
        edits=[Edit(CellRef("Sheet", 1, 3), "=1+1"), Edit(CellRef("Sheet", 6, 3), 9.5)],
    )
    rows = read_workbook(out).sheets["Sheet"].rows
    assert rows[0][:4] == ["a", None, "=1+1", None]
    assert rows[1] == [1.0, 2.0, 3.0, 4.0]
    assert rows[5][2] == 9.5 and all(v is None for v in rows[2] + rows[3] + rows[4])
    assert fill_of(content_of(out), cell_element(content_of(out), "Sheet", 6, 3)) == "#BDD7EE"


def test_a_copy_is_named_in_the_format_it_is_written_in(tmp_path):
    source = tmp_path / "my kisscry.ods"
    write_ods(source, {"Sheet": [["a"]]})
    result = subprocess.run(
        [AUTHORING, "validate", str(source), "--game", "kisscry",
         "--annotate", str(tmp_path / "x.xlsx")],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 2
    assert "is written as .ods, the format it was read in; name it x.ods" in result.stderr
