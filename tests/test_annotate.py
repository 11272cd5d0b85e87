"""Annotated and marked copies, on real xlsx files read back with openpyxl and LibreOffice."""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from collections.abc import Sequence
from pathlib import Path

import pytest
from cells import column, rows_where
from openpyxl import Workbook, load_workbook
from openpyxl.comments import Comment
from openpyxl.styles import Font
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

from authoring.annotate import (
    CHANGE_FILL,
    ERROR_FILL,
    WARNING_FILL,
    CellRef,
    CellValue,
    Edit,
    Mark,
    SummaryCell,
    SummarySheet,
    write_annotated,
    write_marked_copy,
)
from authoring.findings import Finding, Location, Severity
from authoring.game import get_game
from authoring.validate import FINDINGS_SHEET, validate_workbook
from authoring.workbook import read_workbook

DARKBLADES = Path(__file__).parent.parent / "content" / "darkblades" / "darkblades.xlsx"
HEADERS = {
    "id": "Unique id of the unit.",
    "kind": "Foot or horse.",
    "attack": "Attack strength.\nExpected: a whole number from 0 to 40.",
    "double_attack": "Twice the attack, by formula.",
}
UNITS = Location("units.xlsx", "Units", 1)
FINDINGS_HEADER = ["severity", "sheet", "cell", "message", "value", "expected"]


def units_workbook(path: Path) -> Path:
    """A designer's workbook with what a copy must keep: header comments (as `authoring
    template` writes them), formulas, a number format, a drop-down, a defined name, a hidden
    sheet and a free-form sheet."""
    book = Workbook()
    units = book.active
    assert units is not None
    units.title = "Units"
    for index, (header, note) in enumerate(HEADERS.items(), start=1):
        cell = units.cell(1, index, header)
        cell.font = Font(bold=True)
        cell.comment = Comment(note, "authoring")
    units.append(["knight", "horse", 10, "=C2*2"])
    units.append(["archer", "foot", 6.5, "=C3*2"])
    units.append(["guard", "foot", 8, "=C4*2"])
    units["C3"].number_format = "0.00"
    units.column_dimensions["A"].width = 21
    kinds = DataValidation(type="list", formula1="=kinds", allow_blank=True)
    units.add_data_validation(kinds)
    kinds.add("B2:B100")
    lists = book.create_sheet("Lists")
    lists.append(["foot"])
    lists.append(["horse"])
    lists.sheet_state = "hidden"
    book.defined_names["kinds"] = DefinedName("kinds", attr_text="'Lists'!$A$1:$A$2")
    book.create_sheet("Notes")["A1"] = "free text"
    book.save(path)
    return path


def annotate(tmp_path: Path, findings: Sequence[Finding]) -> Workbook:
    source = units_workbook(tmp_path / "units.xlsx")
    output = tmp_path / "annotated.xlsx"
    write_annotated(source, findings, output)
    return load_workbook(output)


def fill_of(book: Workbook, sheet: str, cell: str) -> str | None:
    fill = book[sheet][cell].fill
    return str(fill.fgColor.rgb)[2:] if fill.fill_type == "solid" else None


def comment_of(book: Workbook, sheet: str, cell: str) -> str | None:
    comment = book[sheet][cell].comment
    return comment.text if comment is not None else None


def findings_rows(book: Workbook) -> list[list[object]]:
    return [list(row) for row in book[FINDINGS_SHEET].iter_rows(min_row=2, values_only=True)]


def test_each_finding_cell_is_filled_by_severity_and_the_worst_wins(tmp_path: Path) -> None:
    book = annotate(
        tmp_path,
        [
            UNITS.at(row=2, column=3).finding(Severity.ERROR, "range", "attack 10 is too high"),
            UNITS.at(row=3, column=2).finding(Severity.WARNING, "odd", "kind looks odd"),
            UNITS.at(row=4, column=1).finding(Severity.WARNING, "odd", "id looks odd"),
            UNITS.at(row=4, column=1).finding(Severity.ERROR, "dup", "id is used twice"),
        ],
    )
    assert fill_of(book, "Units", "C2") == ERROR_FILL
    assert fill_of(book, "Units", "B3") == WARNING_FILL
    assert fill_of(book, "Units", "A4") == ERROR_FILL
    assert fill_of(book, "Units", "A2") is None
    assert fill_of(book, "Units", "C4") is None


def test_a_cell_comment_lists_every_finding_with_what_was_expected(tmp_path: Path) -> None:
    cell = UNITS.at(row=3, column=3)
    book = annotate(
        tmp_path,
        [
            cell.finding(
                Severity.ERROR,
                "type",
                "attack 6.5 is not a whole number",
                value=6.5,
                expected="a whole number from 0 to 40",
            ),
            cell.finding(
                Severity.WARNING,
                "weak",
                "attack 6.5 is weaker than every other unit's (expected at least 8)",
                expected="at least 8",
            ),
        ],
    )
    assert comment_of(book, "Units", "C3") == (
        "Error: attack 6.5 is not a whole number\n"
        "Expected: a whole number from 0 to 40.\n\n"
        # The message already says what was expected: it is not said twice.
        "Warning: attack 6.5 is weaker than every other unit's (expected at least 8)"
    )


def test_header_comments_are_kept_and_findings_added_after_them(tmp_path: Path) -> None:
    book = annotate(
        tmp_path,
        [UNITS.at(column=3).finding(Severity.ERROR, "column", "attack has a gap in it")],
    )
    assert comment_of(book, "Units", "C1") == (
        HEADERS["attack"] + "\n\nError: attack has a gap in it"
    )
    assert comment_of(book, "Units", "A1") == HEADERS["id"]
    assert comment_of(book, "Units", "D1") == HEADERS["double_attack"]


def test_the_findings_sheet_is_first_active_and_links_each_finding_to_its_cell(
    tmp_path: Path,
) -> None:
    findings = [
        UNITS.at(row=4, column=3).finding(Severity.ERROR, "a", "third row", value=8),
        UNITS.at(row=2, column=2).finding(Severity.WARNING, "b", "first row", value="horse"),
    ]
    book = annotate(tmp_path, findings)
    assert book.sheetnames == [FINDINGS_SHEET, "Units", "Lists", "Notes"]
    assert book.active is not None and book.active.title == FINDINGS_SHEET
    # Only the Findings sheet is selected: two selected tabs would open as a group in Excel.
    assert [bool(sheet.sheet_view.tabSelected) for sheet in book.worksheets] == [
        True,
        False,
        False,
        False,
    ]
    summary = book[FINDINGS_SHEET]
    assert [cell.value for cell in summary[1]] == FINDINGS_HEADER
    assert all(cell.font.b for cell in summary[1])
    assert findings_rows(book) == [
        ["error", "Units", "C4", "third row", 8, None],
        ["warning", "Units", "B2", "first row", "horse", None],
    ]
    assert summary["C2"].hyperlink.location == "'Units'!C4"
    assert summary["C3"].hyperlink.location == "'Units'!B2"
    assert fill_of(book, FINDINGS_SHEET, "A2") == ERROR_FILL
    assert fill_of(book, FINDINGS_SHEET, "A3") == WARNING_FILL


def test_sheet_and_column_findings_point_at_the_header_cell(tmp_path: Path) -> None:
    book = annotate(
        tmp_path,
        [
            UNITS.finding(Severity.WARNING, "sheet", "the sheet is hidden"),
            UNITS.at(column=2).finding(Severity.ERROR, "column", "kind is missing values"),
        ],
    )
    assert fill_of(book, "Units", "A1") == WARNING_FILL
    assert fill_of(book, "Units", "B1") == ERROR_FILL
    summary = book[FINDINGS_SHEET]
    assert [summary["C2"].value, summary["C3"].value] == ["A1", "B1"]
    assert summary["C2"].hyperlink.location == "'Units'!A1"
    assert summary["C3"].hyperlink.location == "'Units'!B1"


def test_findings_on_the_workbook_or_a_missing_sheet_are_listed_without_a_link(
    tmp_path: Path,
) -> None:
    book = annotate(
        tmp_path,
        [
            Location("units.xlsx").finding(Severity.WARNING, "book", "the workbook is old"),
            Location("units.xlsx", "Rolls", 2).finding(
                Severity.ERROR, "missing-sheet", "missing sheet 'Rolls'", expected="Rolls"
            ),
        ],
    )
    assert findings_rows(book) == [
        ["warning", None, None, "the workbook is old", None, None],
        ["error", "Rolls", None, "missing sheet 'Rolls'", None, "Rolls"],
    ]
    summary = book[FINDINGS_SHEET]
    assert summary["C2"].hyperlink is None and summary["C3"].hyperlink is None
    assert "Rolls" not in book.sheetnames


def test_blank_cells_and_rows_beyond_the_data_are_marked(tmp_path: Path) -> None:
    book = annotate(
        tmp_path,
        [
            UNITS.at(row=3, column=6).finding(Severity.ERROR, "outside", "a value past the table"),
            UNITS.at(row=9, column=2).finding(Severity.WARNING, "late", "a row far below"),
            UNITS.at(row=7, column=1).finding(Severity.ERROR, "gap", "a blank row"),
        ],
    )
    units = book["Units"]
    for cell, colour, text in (
        ("F3", ERROR_FILL, "Error: a value past the table"),
        ("B9", WARNING_FILL, "Warning: a row far below"),
        ("A7", ERROR_FILL, "Error: a blank row"),
    ):
        assert units[cell].value is None
        assert fill_of(book, "Units", cell) == colour
        assert comment_of(book, "Units", cell) == text
    assert [cell.value for cell in units[3]][:3] == ["archer", "foot", 6.5]
    assert summary_links(book) == ["'Units'!F3", "'Units'!B9", "'Units'!A7"]


def summary_links(book: Workbook) -> list[str]:
    return [
        cell.hyperlink.location
        for cell in book[FINDINGS_SHEET]["C"][1:]
        if cell.hyperlink is not None
    ]


INJECTED = ["=1+1", "+SUM(A1:A2)", "-2+3", "@SUM(A1)", '=HYPERLINK("http://x","y")']


def test_text_that_looks_like_a_formula_is_written_as_text(tmp_path: Path) -> None:
    findings = [
        UNITS.at(row=2, column=1 + index % 4).finding(
            Severity.ERROR, "evil", text, value=text, expected=f"{text} or less"
        )
        for index, text in enumerate(INJECTED)
    ]
    book = annotate(tmp_path, findings)
    summary = book[FINDINGS_SHEET]
    for row in summary.iter_rows(min_row=2):
        assert all(cell.data_type != "f" for cell in row)
    assert [(row[3], row[4], row[5]) for row in findings_rows(book)] == [
        (text, text, f"{text} or less") for text in INJECTED
    ]
    assert comment_of(book, "Units", "B2") == "Error: +SUM(A1:A2)\nExpected: +SUM(A1:A2) or less."
    assert book["Units"]["A2"].value == "knight"


def test_the_source_is_never_written(tmp_path: Path) -> None:
    source = units_workbook(tmp_path / "units.xlsx")
    before = (source.read_bytes(), source.stat().st_mtime_ns)
    write_annotated(
        source,
        [UNITS.at(row=2, column=3).finding(Severity.ERROR, "range", "too high")],
        tmp_path / "annotated.xlsx",
    )
    assert (source.read_bytes(), source.stat().st_mtime_ns) == before
    with pytest.raises(ValueError, match="cannot replace"):
        write_annotated(source, [], source)
    assert (source.read_bytes(), source.stat().st_mtime_ns) == before


def test_the_rest_of_the_workbook_is_preserved(tmp_path: Path) -> None:
    book = annotate(
        tmp_path,
        [
            UNITS.at(row=3, column=3).finding(Severity.ERROR, "type", "not whole", value=6.5),
            UNITS.at(column=1).finding(Severity.WARNING, "ids", "ids look odd"),
            UNITS.at(row=2, column=4).finding(Severity.WARNING, "formula", "a formula"),
        ],
    )
    original = load_workbook(tmp_path / "units.xlsx")
    units, before = book["Units"], original["Units"]
    assert [[c.value for c in row] for row in units.iter_rows(max_row=4)] == [
        [c.value for c in row] for row in before.iter_rows(max_row=4)
    ]
    assert units["D2"].data_type == "f" and units["D2"].value == "=C2*2"
    # A marked cell keeps its own format under the new fill.
    assert units["C3"].number_format == "0.00"
    assert units["A1"].font.b
    assert units["D2"].fill.fill_type == "solid"
    assert units.column_dimensions["A"].width == 21
    [kinds] = units.data_validations.dataValidation
    assert (str(kinds.sqref), kinds.formula1) == ("B2:B100", "=kinds")
    assert book.defined_names["kinds"].attr_text == "'Lists'!$A$1:$A$2"
    assert book["Lists"].sheet_state == "hidden"
    assert [c.value for c in book["Lists"]["A"]] == ["foot", "horse"]
    assert book["Notes"]["A1"].value == "free text"


def test_the_copy_revalidates_with_the_same_findings(tmp_path: Path) -> None:
    game = get_game("darkblades")
    source = tmp_path / "darkblades.xlsx"
    designer = load_workbook(DARKBLADES)
    counters = designer["Counters"]
    broken = f"{column(counters, 'attack')}{rows_where(counters, state='healthy')[0]}"
    counters[broken] = 99
    designer.create_sheet("Scratch")  # an empty sheet: a warning on a cell that does not exist
    designer.save(source)
    findings = validate_workbook(source, game, display="darkblades.xlsx").findings
    assert {(f.code, f.sheet, f.cell) for f in findings} >= {
        ("unknown-sheet", "Scratch", None),
    }
    assert any(f.cell == broken and f.severity is Severity.ERROR for f in findings)

    output = tmp_path / "annotated.xlsx"
    write_annotated(source, findings, output)
    again = validate_workbook(output, game, display="darkblades.xlsx").findings

    # The Findings sheet is the tool's own: validation passes over it without a word.
    assert [described(f) for f in again] == [described(f) for f in findings]
    assert FINDINGS_SHEET in load_workbook(output, read_only=True).sheetnames
    book = load_workbook(output)
    assert fill_of(book, "Counters", broken) == ERROR_FILL
    assert fill_of(book, "Scratch", "A1") == WARNING_FILL


def described(finding: Finding) -> tuple[object, ...]:
    return (
        finding.code,
        finding.severity,
        finding.sheet,
        finding.cell,
        finding.message,
        finding.value,
    )


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_libreoffice_opens_the_copy(tmp_path: Path) -> None:
    findings = [
        UNITS.at(row=2, column=3).finding(Severity.ERROR, "evil", "=1+1", value="=2+2"),
        UNITS.at(column=2).finding(Severity.WARNING, "column", "kind is odd"),
        UNITS.at(row=8, column=2).finding(Severity.WARNING, "late", "far below"),
    ]
    source = units_workbook(tmp_path / "units.xlsx")
    output = tmp_path / "annotated.xlsx"
    write_annotated(source, findings, output)
    # A private profile: another LibreOffice running on the machine must not lock ours.
    profile = (tmp_path / "profile").as_uri()
    subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation={profile}",
            "--headless",
            "--convert-to",
            "csv",
            "--outdir",
            str(tmp_path / "csv"),
            str(output),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    # LibreOffice converts the first sheet: the findings, with the formula-like text as text.
    lines = (tmp_path / "csv" / "annotated.csv").read_text().splitlines()
    assert lines == [
        ",".join(FINDINGS_HEADER),
        "error,Units,C2,=1+1,=2+2,",
        "warning,Units,B1,kind is odd,,",
        "warning,Units,B8,far below,,",
    ]


def test_annotating_an_annotated_copy_adds_to_its_comments(tmp_path: Path) -> None:
    first = UNITS.at(row=3, column=3).finding(Severity.WARNING, "one", "first pass")
    annotate(tmp_path, [first])
    second = UNITS.at(row=3, column=3).finding(Severity.ERROR, "two", "second pass")
    write_annotated(tmp_path / "annotated.xlsx", [second], tmp_path / "twice.xlsx")
    book = load_workbook(tmp_path / "twice.xlsx")
    assert book.sheetnames[:2] == [f"{FINDINGS_SHEET} (2)", FINDINGS_SHEET]
    assert comment_of(book, "Units", "C3") == "Warning: first pass\n\nError: second pass"
    # The fill is the new finding's, over the old one.
    assert fill_of(book, "Units", "C3") == ERROR_FILL


# ---------------------------------------------------------------------------------------------
# The marked copy that derive and diff build on


NEW_ROW: list[CellValue] = ["scout", "foot", 4]


def test_edits_change_values_append_rows_and_keep_text_as_text(tmp_path: Path) -> None:
    source = units_workbook(tmp_path / "units.xlsx")
    output = tmp_path / "derived.xlsx"
    edits = [
        Edit(CellRef("Units", 2, 3), 12),
        Edit(CellRef("Units", 3, 2), "=cmd|' /C calc'!A0"),
        Edit(CellRef("Units", 4, 4), 16.5),  # replaces a formula
        Edit(CellRef("Units", 2, 2), None),
        *(Edit(CellRef("Units", 5, n), v) for n, v in enumerate(NEW_ROW, start=1)),
        Edit(CellRef("Units", 6, 1), True),
    ]
    marks = [
        Mark(CellRef("Units", 2, 3), CHANGE_FILL, "was 10"),
        Mark(CellRef("Units", 5, 1), CHANGE_FILL, "a new row"),
    ]
    write_marked_copy(source, output, marks=marks, edits=edits)
    book = load_workbook(output)
    units = book["Units"]
    assert [[c.value for c in row] for row in units.iter_rows(min_row=2, max_row=6)] == [
        ["knight", None, 12, "=C2*2"],
        ["archer", "=cmd|' /C calc'!A0", 6.5, "=C3*2"],
        ["guard", "foot", 8, 16.5],
        ["scout", "foot", 4, None],
        [True, None, None, None],
    ]
    assert units["B3"].data_type == "s" and units["B3"].quotePrefix
    assert units["D4"].data_type == "n"
    assert fill_of(book, "Units", "C2") == CHANGE_FILL
    assert comment_of(book, "Units", "A5") == "a new row"
    assert fill_of(book, "Units", "C5") is None
    # No summary was asked for: the sheets are the designer's, in the designer's order.
    assert book.sheetnames == ["Units", "Lists", "Notes"]
    with zipfile.ZipFile(output) as archive:
        # Formulas may read changed cells, so Excel is asked to recompute on opening.
        assert b'fullCalcOnLoad="1"' in archive.read("xl/workbook.xml")


def test_summary_sheets_come_first_in_order_with_unique_names(tmp_path: Path) -> None:
    source = units_workbook(tmp_path / "units.xlsx")
    output = tmp_path / "summaries.xlsx"
    names = write_marked_copy(
        source,
        output,
        summaries=[
            SummarySheet(
                "Changes",
                ["what", "where"],
                [["attack raised", SummaryCell("C2", link=CellRef("Units", 2, 3))]],
                widths=(30, 10),
            ),
            SummarySheet("Notes", ["count"], [[SummaryCell(2, fill=WARNING_FILL)], [None]]),
        ],
    )
    assert names == ["Changes", "Notes (2)"]
    book = load_workbook(output)
    assert book.sheetnames == ["Changes", "Notes (2)", "Units", "Lists", "Notes"]
    changes = book["Changes"]
    assert [[c.value for c in row] for row in changes.iter_rows()] == [
        ["what", "where"],
        ["attack raised", "C2"],
    ]
    assert changes["B2"].hyperlink.location == "'Units'!C2"
    assert changes.column_dimensions["A"].width == 30
    assert fill_of(book, "Notes (2)", "A2") == WARNING_FILL


def test_a_local_defined_name_follows_its_sheet(tmp_path: Path) -> None:
    source = units_workbook(tmp_path / "units.xlsx")
    book = load_workbook(source)
    book["Units"].print_area = "A1:D4"
    book.save(source)
    write_annotated(source, [], tmp_path / "annotated.xlsx")
    copy = load_workbook(tmp_path / "annotated.xlsx")
    assert copy["Units"].print_area == "'Units'!$A$1:$D$4"
    assert not copy[FINDINGS_SHEET].print_area


def test_marks_and_links_must_name_a_worksheet_of_the_workbook(tmp_path: Path) -> None:
    source = units_workbook(tmp_path / "units.xlsx")
    with pytest.raises(ValueError, match="no worksheet 'Rolls'"):
        write_marked_copy(source, tmp_path / "a.xlsx", marks=[Mark(CellRef("Rolls", 1, 1))])
    summary = SummarySheet("S", ["x"], [[SummaryCell("x", link=CellRef("Rolls", 1, 1))]])
    with pytest.raises(ValueError, match="no such worksheet"):
        write_marked_copy(source, tmp_path / "b.xlsx", summaries=[summary])
    with pytest.raises(ValueError, match="outside a worksheet"):
        CellRef("Units", 0, 1)
    assert not (tmp_path / "a.xlsx").exists() and not (tmp_path / "b.xlsx").exists()


OTHER_WRITER = {
    "[Content_Types].xml": (
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/data.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        '<Override PartName="/xl/styles.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
        "</Types>"
    ),
    "_rels/.rels": (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="r1" Target="xl/workbook.xml" Type="http://schemas.openxmlformats.org/'
        'officeDocument/2006/relationships/officeDocument"/></Relationships>'
    ),
    "xl/workbook.xml": (
        '<x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:rel="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        '<x:sheets><x:sheet name="Data" sheetId="7" rel:id="s1"/></x:sheets></x:workbook>'
    ),
    "xl/_rels/workbook.xml.rels": (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="s1" Target="worksheets/data.xml" Type="http://schemas.'
        'openxmlformats.org/officeDocument/2006/relationships/worksheet"/>'
        '<Relationship Id="st" Target="styles.xml" Type="http://schemas.openxmlformats.org/'
        'officeDocument/2006/relationships/styles"/></Relationships>'
    ),
    # Rows and cells without their `r`: each is the one after the previous one.
    "xl/worksheets/data.xml": (
        '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<x:sheetViews><x:sheetView tabSelected="1" workbookViewId="0"/></x:sheetViews>'
        "<x:sheetData>"
        '<x:row><x:c t="inlineStr"><x:is><x:t>name</x:t></x:is></x:c>'
        '<x:c t="inlineStr"><x:is><x:t>size</x:t></x:is></x:c></x:row>'
        '<x:row><x:c t="inlineStr"><x:is><x:t>tower</x:t></x:is></x:c><x:c><x:v>3</x:v></x:c>'
        "</x:row>"
        '<x:row r="5"><x:c r="B5"><x:v>9</x:v></x:c></x:row>'
        "</x:sheetData></x:worksheet>"
    ),
    # Only the default cell format: no fills at all.
    "xl/styles.xml": (
        '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<fonts count="1"><font><sz val="11"/><name val="Arial"/></font></fonts>'
        '<borders count="1"><border/></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" borderId="0"/></cellStyleXfs>'
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" borderId="0" xfId="0"/></cellXfs>'
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
        "</styleSheet>"
    ),
}


def write_package(path: Path, parts: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    return path


def test_a_workbook_from_another_writer(tmp_path: Path) -> None:
    """Prefixed XML, rows and cells without positions, a styles part with no fills."""
    source = write_package(tmp_path / "other.xlsx", OTHER_WRITER)
    data = Location("other.xlsx", "Data", 1)
    findings = [
        data.at(row=2, column=2).finding(Severity.ERROR, "size", "size 3 is too small"),
        data.at(row=3, column=1).finding(Severity.WARNING, "gap", "a blank row"),
        data.at(row=5, column=1).finding(Severity.WARNING, "name", "no name"),
    ]
    write_annotated(source, findings, tmp_path / "annotated.xlsx")
    book = load_workbook(tmp_path / "annotated.xlsx")
    assert book.sheetnames == [FINDINGS_SHEET, "Data"]
    assert not book["Data"].sheet_view.tabSelected
    assert [[c.value for c in row] for row in book["Data"].iter_rows()] == [
        ["name", "size"],
        ["tower", 3],
        [None, None],
        [None, None],
        [None, 9],
    ]
    assert fill_of(book, "Data", "B2") == ERROR_FILL
    assert fill_of(book, "Data", "A3") == WARNING_FILL
    assert comment_of(book, "Data", "A5") == "Warning: no name"
    assert summary_links(book) == ["'Data'!B2", "'Data'!A3", "'Data'!A5"]


def test_an_edit_drops_the_calculation_chain_it_makes_stale(tmp_path: Path) -> None:
    chain = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain"
    parts = {
        **OTHER_WRITER,
        "xl/calcChain.xml": (
            '<calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            '<c r="B2" i="1"/></calcChain>'
        ),
    }
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        "</Relationships>",
        f'<Relationship Id="cc" Target="calcChain.xml" Type="{chain}"/></Relationships>',
    )
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        "</Types>",
        '<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-'
        'officedocument.spreadsheetml.calcChain+xml"/></Types>',
    )
    source = write_package(tmp_path / "chained.xlsx", parts)
    output = tmp_path / "edited.xlsx"
    write_marked_copy(source, output, edits=[Edit(CellRef("Data", 2, 2), 4)])
    with zipfile.ZipFile(output) as archive:
        assert "xl/calcChain.xml" not in archive.namelist()
        assert b"calcChain" not in archive.read("xl/_rels/workbook.xml.rels")
        assert b"calcChain" not in archive.read("[Content_Types].xml")
        assert b'fullCalcOnLoad="1"' in archive.read("xl/workbook.xml")
    # Read as `validate` reads it (openpyxl rejects this writer's styles, which have no fills).
    assert read_workbook(output).sheets["Data"].rows[1] == ["tower", 4]
