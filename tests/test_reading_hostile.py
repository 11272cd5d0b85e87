"""Workbooks as Excel and hostile hands make them (issue 17): a part a third-party reader
fails on becomes a finding at its sheet and the rest is still validated; a package that
would inflate far beyond any workbook is refused before a byte is inflated; .xlsm is read,
.xlsb is named with how to convert it. Every file here is a real package written to disk."""

from __future__ import annotations

import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest

from authoring.findings import Finding, Severity
from authoring.validate import validate_workbook
from authoring.workbook import MAX_INFLATED, MAX_RATIO, UnreadableWorkbook, read_workbook

AUTHORING = str(Path(sys.executable).parent / "authoring")
MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
# A pivot cache with a field grouped by hand ("Group" on pivot items in Excel): openpyxl
# 3.1 fails to parse its discretePr, as it does on the pivot tables Excel itself saves.
GROUPED_PIVOT_CACHE = (
    f'<pivotCacheDefinition xmlns="{MAIN_NS}" xmlns:r="{RELS_NS}" recordCount="1">'
    '<cacheSource type="worksheet"><worksheetSource ref="A1:A2" sheet="Pivot"/></cacheSource>'
    '<cacheFields count="2"><cacheField name="Attack" numFmtId="0"><sharedItems/></cacheField>'
    '<cacheField name="Band" numFmtId="0" databaseField="0"><fieldGroup base="0">'
    '<discretePr count="2"><x v="0"/><x v="1"/></discretePr>'
    '<groupItems count="2"><s v="low"/><s v="high"/></groupItems>'
    "</fieldGroup></cacheField></cacheFields></pivotCacheDefinition>"
)


def rewritten(source: Path, target: Path, edits: dict[str, bytes], added: dict[str, bytes]) -> Path:
    """`source`'s package with some parts' bytes replaced and others added."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for part in old.infolist():
            new.writestr(part, edits.get(part.filename, old.read(part.filename)))
        for name, data in added.items():
            new.writestr(name, data)
    return target


def with_a_pivot_cache(source: Path, target: Path) -> Path:
    with zipfile.ZipFile(source) as package:
        workbook = package.read("xl/workbook.xml")
        rels = package.read("xl/_rels/workbook.xml.rels")
        types = package.read("[Content_Types].xml")
    if b"xmlns:r=" not in workbook:
        workbook = workbook.replace(b"<workbook ", f'<workbook xmlns:r="{RELS_NS}" '.encode(), 1)
    workbook = workbook.replace(
        b"</workbook>",
        b'<pivotCaches><pivotCache cacheId="1" r:id="rIdPivot"/></pivotCaches></workbook>',
    )
    rels = rels.replace(
        b"</Relationships>",
        f'<Relationship Id="rIdPivot" Type="{RELS_NS}/pivotCacheDefinition" '
        'Target="pivotCache/pivotCacheDefinition1.xml"/></Relationships>'.encode(),
    )
    types = types.replace(
        b"</Types>",
        b'<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" ContentType="'
        b'application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml"/>'
        b"</Types>",
    )
    return rewritten(
        source,
        target,
        {
            "xl/workbook.xml": workbook,
            "xl/_rels/workbook.xml.rels": rels,
            "[Content_Types].xml": types,
        },
        {"xl/pivotCache/pivotCacheDefinition1.xml": GROUPED_PIVOT_CACHE.encode()},
    )


def places(findings: list[Finding], code: str) -> list[tuple[str, str | None, str | None]]:
    return [(f.severity, f.sheet, f.cell) for f in findings if f.code == code]


def test_the_pivot_table_openpyxl_cannot_parse_really_fails_it(toy_book, tmp_path):
    """The premise of the tests below: the package's pivot cache breaks openpyxl itself."""
    path = with_a_pivot_cache(toy_book(), tmp_path / "pivot.xlsx")
    with pytest.raises(TypeError):
        openpyxl.load_workbook(path)


def test_a_pivot_table_on_another_sheet_leaves_the_game_sheets_validated(
    toy_game, toy_book, tmp_path
):
    """Issue 17: "a workbook with a pivot table on another sheet must validate its game
    sheets"; the openpyxl failure is a finding "could not read this part of the workbook"
    at the sheet whose formulas it would have read, never a traceback."""

    def edit(book: openpyxl.Workbook) -> None:
        book["Units"]["C3"] = "=2*3"  # needs openpyxl's detail: no value was ever calculated
        book["Units"]["A3"] = "guard"  # a duplicate id: an error the game's checks find
        book.create_sheet("Pivot")["A1"] = "Attack"

    path = with_a_pivot_cache(toy_book(edit), tmp_path / "my roster (2).xlsx")
    result = validate_workbook(path, toy_game)
    [unread] = [f for f in result.findings if f.code == "unread-part"]
    assert (unread.severity, unread.sheet, unread.cell) == (Severity.WARNING, "Units", None)
    assert unread.message.startswith("could not read this part of the workbook")
    assert "openpyxl: TypeError" in unread.message
    assert places(result.findings, "duplicate") == [("error", "Units", "A4")]
    assert result.tables["Rolls"].records and result.tables["Crt"].records

    cli = subprocess.run(
        [AUTHORING, "validate", str(path), "--game", "toy"], capture_output=True, text=True
    )
    assert "Traceback" not in cli.stdout + cli.stderr


def test_a_sheet_calamine_cannot_parse_is_an_error_there_and_the_others_are_read(
    toy_game, toy_book, tmp_path
):
    """A sheet's XML cut short: its cells are lost (an error at the sheet), checks that need
    it stand aside as for a missing sheet, and every other sheet is validated."""
    good = toy_book()
    with zipfile.ZipFile(good) as package:
        rolls = package.read("xl/worksheets/sheet2.xml")
    path = rewritten(
        good, tmp_path / "cut.xlsx", {"xl/worksheets/sheet2.xml": rolls[: len(rolls) // 2]}, {}
    )
    result = validate_workbook(path, toy_game)
    assert places(result.findings, "unread-part") == [("error", "Rolls", None)]
    assert [f.code for f in result.findings] == ["unread-part"]
    assert "Rolls" not in result.tables and result.tables["Units"].records


def lying_sizes(path: Path, declared: int) -> None:
    """Rewrite every central-directory entry of `path` to declare `declared` bytes inflated."""
    data = bytearray(path.read_bytes())
    start = 0
    while (start := data.find(b"PK\x01\x02", start)) >= 0:
        struct.pack_into("<I", data, start + 24, declared)
        start += 4
    path.write_bytes(bytes(data))


def test_a_package_declaring_more_than_any_workbook_is_refused_unread(toy_book, tmp_path):
    """Issue 17: "a decompression bomb is refused before anything is inflated, from the
    sizes and ratios the zip declares ... with exit 2"."""
    path = tmp_path / "bomb.xlsx"
    path.write_bytes(toy_book().read_bytes())
    lying_sizes(path, MAX_INFLATED // 4 + 1)  # several parts: the sum is over the limit
    with pytest.raises(UnreadableWorkbook, match="refused unread"):
        read_workbook(path)
    cli = subprocess.run([AUTHORING, "validate", str(path)], capture_output=True, text=True)
    assert cli.returncode == 2
    assert "MB, more than the 1,024 MB any workbook needs" in cli.stderr
    assert "Traceback" not in cli.stderr + cli.stdout


def test_a_part_inflating_hundreds_of_times_is_refused_as_a_bomb(toy_book, tmp_path):
    zeros = bytes(8 << 20)  # 8 MB of zeros deflate about a thousand times
    path = rewritten(toy_book(), tmp_path / "ratio.xlsx", {}, {"xl/media/padding.bin": zeros})
    with zipfile.ZipFile(path) as package:
        part = package.getinfo("xl/media/padding.bin")
    assert part.file_size / part.compress_size > MAX_RATIO
    with pytest.raises(
        UnreadableWorkbook, match=r"xl/media/padding.bin would inflate [\d,]+ times"
    ):
        read_workbook(path)


def test_the_100k_row_benchmark_and_every_shipped_workbook_pass_the_limits():
    """The limits refuse bombs, not workbooks: the largest real ones read as before."""
    root = Path(__file__).parent.parent
    for path in [root / "bench/data/counters_100k.xlsx", *sorted(root.glob("content/*/*.xlsx"))]:
        if path.exists():
            read_workbook(path)


def test_an_xlsm_reads_as_its_xlsx_and_no_macro_runs(toy_game, toy_book, tmp_path):
    """Issue 17: "An .xlsm is accepted (macros never run)": a macro-enabled package, its
    VBA project included, gives the findings of the workbook it was saved from."""

    def edit(book: openpyxl.Workbook) -> None:
        book["Units"]["A3"] = "guard"

    source = toy_book(edit)
    with zipfile.ZipFile(source) as package:
        types = package.read("[Content_Types].xml")
    types = types.replace(
        b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
        b"application/vnd.ms-excel.sheet.macroEnabled.main+xml",
    ).replace(
        b"</Types>",
        b'<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/></Types>',
    )
    assert b"macroEnabled" in types
    macro = rewritten(
        source,
        tmp_path / "toy.xlsm",
        {"[Content_Types].xml": types},
        {"xl/vbaProject.bin": b"\xd0\xcf\x11\xe0 not run"},
    )
    as_xlsx = validate_workbook(source, toy_game).findings
    as_xlsm = validate_workbook(macro, toy_game).findings
    assert [(f.code, f.sheet, f.cell, f.message) for f in as_xlsm] == [
        (f.code, f.sheet, f.cell, f.message) for f in as_xlsx
    ]
    assert places(as_xlsm, "duplicate") == [("error", "Units", "A4")]


def test_an_xlsb_is_named_with_how_to_convert_it(tmp_path):
    path = tmp_path / "roster.xlsb"
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("[Content_Types].xml", "<Types/>")
        package.writestr("xl/workbook.bin", b"\x83\x01\x00")
    cli = subprocess.run(
        [AUTHORING, "validate", str(path), "--game", "darkblades"], capture_output=True, text=True
    )
    assert cli.returncode == 2
    assert "an Excel Binary Workbook (.xlsb); save it as an Excel Workbook (.xlsx)" in cli.stderr


def test_a_workbook_on_the_1904_date_system_reads_the_same_dates(toy_game, toy_book):
    """Issue 17: "A workbook saved with the 1904 date system reads the same dates as the
    1900 one" (Excel for Mac's old default: the stored serial numbers differ by 1,462 days)."""
    import datetime

    from openpyxl.utils.datetime import CALENDAR_MAC_1904

    def dated(epoch: datetime.datetime | None):
        def edit(book: openpyxl.Workbook) -> None:
            if epoch is not None:
                book.epoch = epoch
            cell = book["Units"]["F3"]
            cell.value = datetime.datetime(2026, 5, 1)
            cell.number_format = "d-mmm"

        return edit

    read = {}
    for name, epoch in (("1900.xlsx", None), ("1904.xlsx", CALENDAR_MAC_1904)):
        path = toy_book(dated(epoch), name=name)
        with zipfile.ZipFile(path) as package:
            assert (b'date1904="1"' in package.read("xl/workbook.xml")) == (epoch is not None)
        found = validate_workbook(path, toy_game).findings
        read[name] = (read_workbook(path).sheets["Units"].rows[2][5], [f.message for f in found])
    assert read["1904.xlsx"] == read["1900.xlsx"]
    assert read["1900.xlsx"][0] == datetime.date(2026, 5, 1)
    assert "1 May" in read["1904.xlsx"][1][0]


def test_a_stray_value_far_outside_the_table_is_reported_not_laid_out(toy_game, toy_book):
    """Issue 17: "every read is bounded in time and memory whatever the file claims (...
    used range)". A value typed at XFD1048576 would make calamine lay out 17 billion cells
    and abort the process; the sheet is reported instead, saying how far its values reach,
    and the others are checked."""

    def stray(book: openpyxl.Workbook) -> None:
        book["Rolls"]["XFD1048576"] = "oops"

    path = toy_book(stray)
    result = validate_workbook(path, toy_game)
    [unread] = [f for f in result.findings if f.code == "unread-part"]
    assert (unread.severity, unread.sheet) == (Severity.ERROR, "Rolls")
    assert (
        "its values reach row 1,048,576 and column XFD, a grid of 17,179,869,184" in unread.message
    )
    assert "Rolls" not in result.tables and result.tables["Units"].records


SHARED_STRINGS = (
    f'<sst xmlns="{MAIN_NS}" count="{{count}}" uniqueCount="{{unique}}">'
    "<si><t>knight</t></si><si><t>archer</t></si></sst>"
)


def with_shared_strings(source: Path, target: Path, unique: int) -> Path:
    """`source` with a shared-string table of two entries that claims `unique` of them, as
    its workbook's relationships and content types name it."""
    with zipfile.ZipFile(source) as package:
        rels = package.read("xl/_rels/workbook.xml.rels")
        types = package.read("[Content_Types].xml")
    rels = rels.replace(
        b"</Relationships>",
        f'<Relationship Id="rIdStrings" Type="{RELS_NS}/sharedStrings" '
        'Target="sharedStrings.xml"/></Relationships>'.encode(),
    )
    types = types.replace(
        b"</Types>",
        b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
        b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    )
    table = SHARED_STRINGS.format(count=2, unique=unique).encode()
    return rewritten(
        source,
        target,
        {"xl/_rels/workbook.xml.rels": rels, "[Content_Types].xml": types},
        {"xl/sharedStrings.xml": table},
    )


def test_shared_strings_claiming_more_than_their_bytes_hold_are_refused(toy_book, tmp_path):
    """Issue 17: "every read is bounded in time and memory whatever the file claims (shared
    strings ...)": calamine reserves room for every entry the table claims before reading one
    (4 billion claimed: 96 GB, and the process aborts), so a claim its bytes cannot hold is
    refused first, exit 2; a table whose claim fits reads as ever."""
    honest = with_shared_strings(toy_book(), tmp_path / "honest.xlsx", 2)
    read_workbook(honest)
    lying = with_shared_strings(toy_book(), tmp_path / "lying.xlsx", 4_000_000_000)
    with pytest.raises(UnreadableWorkbook, match="claim 4,000,000,000 entries in"):
        read_workbook(lying)
    cli = subprocess.run([AUTHORING, "validate", str(lying)], capture_output=True, text=True)
    assert cli.returncode == 2 and "the file is damaged" in cli.stderr
    assert "Traceback" not in cli.stderr
