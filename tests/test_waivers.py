"""Waivers: a designer accepts a warning once, with a reason, in the workbook's Waivers sheet.

The commands are run as a user runs them, on copies of the shipped DARK BLADES workbook (the
shipped file is only ever read); the rule for stale waivers is also tested on the toy game,
which has no proofs, so `validate` alone runs every stage it has.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import column
from conftest import edited_copy
from openpyxl.workbook import Workbook

from authoring.findings import Severity
from authoring.game import Game, get_game
from authoring.validate import validate_workbook
from authoring.waivers import WAIVERS_SHEET, waivers_schema

AUTHORING = str(Path(sys.executable).parent / "authoring")
GAME = get_game("darkblades")
HEADER = list(waivers_schema().fields)
# Three Counters cells the tests turn into numbers stored as text, one warning each.
TEXT_ROWS = (2, 3, 4)


def run(*arguments: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([AUTHORING, *arguments], capture_output=True, text=True, cwd=cwd)


def summary(result: subprocess.CompletedProcess[str]) -> str:
    return result.stdout.strip().splitlines()[-1]


def warning_lines(result: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in result.stdout.splitlines() if ": warning: " in line]


def add_waivers(book: Workbook, rows: Sequence[Sequence[Any]]) -> list[int]:
    """Add waivers below any the workbook has (a Waivers sheet is made if it has none); the
    rows they went to."""
    if WAIVERS_SHEET not in book.sheetnames:
        book.create_sheet(WAIVERS_SHEET).append(HEADER)
    sheet = book[WAIVERS_SHEET]
    first = sheet.max_row + 1
    for row in rows:
        sheet.append(list(row))
    return list(range(first, first + len(rows)))


def box_count_as_text(book: Workbook) -> None:
    """One number stored as text on another sheet: a number-as-text warning at Box!C2."""
    book["Box"]["C2"] = str(book["Box"]["C2"].value)


def numbers_as_text(book: Workbook) -> list[str]:
    """Store three defence values as text: each becomes a number-as-text warning."""
    sheet = book["Counters"]
    cells = [f"{column(sheet, 'defence')}{row}" for row in TEXT_ROWS]
    for cell in cells:
        sheet[cell] = str(sheet[cell].value)
    return cells


@pytest.fixture
def copy(tmp_path: Path) -> Callable[[Callable[[Workbook], Any]], Path]:
    """A copy of the shipped workbook in tmp_path, after `edit`."""

    def make(edit: Callable[[Workbook], Any]) -> Path:
        return edited_copy(GAME, tmp_path / "copy", edit)

    return make


@pytest.fixture(scope="module")
def shipped_unwaived() -> list[dict[str, Any]]:
    """Every finding of `check darkblades` on the shipped workbook, waivers ignored."""
    result = run("check", "darkblades", "--no-waivers", "--format", "json")
    assert result.returncode == 0, result.stderr
    findings: list[dict[str, Any]] = json.loads(result.stdout)["findings"]
    return findings


def test_a_waiver_silences_its_warning_and_not_the_one_beside_it(copy):
    cells: list[str] = []

    def edit(book: Workbook) -> None:
        cells.extend(numbers_as_text(book))
        add_waivers(book, [("number-as-text", "Counters", cells[0], "Typed as text on purpose.")])

    result = run("validate", str(copy(edit)))
    assert result.returncode == 0, result.stderr
    places = [line.split(": warning: ")[0] for line in warning_lines(result)]
    assert [place.split(":")[-1] for place in places] == [f"Counters!{c}" for c in cells[1:]]
    assert summary(result) == "0 errors, 2 warnings, 1 waived"


@pytest.mark.parametrize(
    "spelt", ["{first}:{second}", "{second}:{first}", "{first_lower}:{second}"]
)
def test_a_range_waives_the_warnings_inside_it_and_none_outside(copy, spelt):
    cells: list[str] = []

    def edit(book: Workbook) -> None:
        cells.extend(numbers_as_text(book))
        area = spelt.format(first=cells[0], second=cells[1], first_lower=cells[0].lower())
        add_waivers(book, [("number-as-text", "Counters", area, "Typed as text on purpose.")])

    result = run("validate", str(copy(edit)))
    assert result.returncode == 0, result.stderr
    [line] = warning_lines(result)
    assert f"Counters!{cells[2]}: warning: the number" in line
    assert summary(result) == "0 errors, 1 warning, 2 waived"


def test_blank_cells_waive_the_code_anywhere_on_the_sheet_and_on_no_other(copy):
    def edit(book: Workbook) -> None:
        numbers_as_text(book)
        box_count_as_text(book)  # the same warning on another sheet
        add_waivers(book, [("number-as-text", "Counters", None, "Typed as text on purpose.")])

    result = run("validate", str(copy(edit)))
    [line] = warning_lines(result)
    assert ":Box!C2: warning: the number" in line
    assert summary(result) == f"0 errors, 1 warning, {len(TEXT_ROWS)} waived"


def test_a_waiver_that_matches_nothing_is_stale_for_check(copy):
    rows: list[int] = []

    def edit(book: Workbook) -> None:
        rows.extend(add_waivers(book, [("number-as-text", "Counters", "F2", "Typed as text.")]))

    path = copy(edit)
    checked = run("check", str(path))
    assert checked.returncode == 0, checked.stderr
    [line] = warning_lines(checked)
    assert line.endswith(
        f"{WAIVERS_SHEET}!A{rows[0]}: warning: waiver in row {rows[0]} matches no finding any "
        "more: remove it"
    )
    # `validate` never runs DARK BLADES' proofs, so it cannot tell a stale waiver from one
    # whose warning only the proofs find: it calls none stale.
    validated = run("validate", str(path))
    assert summary(validated) == "0 errors, 0 warnings"


def test_a_game_without_proofs_has_stale_waivers_judged_by_validate(toy_game: Game, toy_book):
    def edit(book: Workbook) -> None:
        add_waivers(book, [("number-as-text", "Units", "C2", "Typed as text once.")])

    path = toy_book(edit)
    validation = validate_workbook(path, toy_game)
    [stale] = validation.waive(validation.findings, proofs_ran=False).findings
    assert (stale.code, stale.sheet, stale.cell) == ("stale-waiver", WAIVERS_SHEET, "A2")
    # Only some sheets read: a missing warning may be on a sheet that was not.
    partial = validate_workbook(path, toy_game, only=("Units", WAIVERS_SHEET))
    assert partial.waive(partial.findings, proofs_ran=False).findings == []


def test_a_waiver_cannot_silence_an_error(copy):
    rows: list[int] = []

    def edit(book: Workbook) -> None:
        book["CRT_InfVsInf"]["D7"] = "Q"
        rows.extend(add_waivers(book, [("unknown-value", "CRT_InfVsInf", "D7", "House rule.")]))

    result = run("validate", str(copy(edit)), "--format", "json")
    assert result.returncode == 1
    findings = json.loads(result.stdout)
    places = {(f["severity"], f["code"], f["sheet"], f["cell"]) for f in findings}
    assert places == {
        ("error", "unknown-value", "CRT_InfVsInf", "D7"),
        ("warning", "waiver-on-error", WAIVERS_SHEET, f"A{rows[0]}"),
    }
    assert not [f for f in findings if "waived" in f]


def test_bad_waiver_rows_are_errors_at_their_cells(copy):
    rows: list[int] = []

    def edit(book: Workbook) -> None:
        rows.extend(
            add_waivers(
                book,
                [
                    ("odds-order", "CRT_InfVsMdt", "F2", "A typo in the sheet."),
                    ("odds-order", "CRT_InfVsMtd", "F2", None),
                    ("odds-order", "CRT_InfVsMtd", "F", "Not a cell."),
                ],
            )
        )

    result = run("validate", str(copy(edit)), "--format", "json")
    assert result.returncode == 1
    errors = {
        (f["cell"], f["code"]): f["message"]
        for f in json.loads(result.stdout)
        if f["sheet"] == WAIVERS_SHEET and f["severity"] == "error"
    }
    sheet, reason, cells = rows
    assert set(errors) == {
        (f"B{sheet}", "unknown-reference"),
        (f"D{reason}", "missing-value"),
        (f"C{cells}", "invalid-value"),
    }
    assert errors[(f"B{sheet}", "unknown-reference")].endswith("(is 'CRT_InfVsMtd' meant?)")


def test_a_mistyped_code_is_a_stale_waiver_naming_the_code_meant(copy):
    rows: list[int] = []

    def edit(book: Workbook) -> None:
        rows.extend(add_waivers(book, [("odds-ordr", "CRT_InfVsMtd", "F2", "A typo.")]))

    result = run("check", str(copy(edit)), "--format", "json")
    [stale] = [f for f in json.loads(result.stdout)["findings"] if f["code"] == "stale-waiver"]
    assert stale["cell"] == f"A{rows[0]}"
    assert stale["message"].endswith(
        "matches no finding any more: remove it (is 'odds-order' meant?)"
    )


def test_the_shipped_check_is_clean_and_counts_what_it_waived(shipped_unwaived):
    # The shipped tables are source-faithful: every finding is a warning accepted by design.
    assert shipped_unwaived and {f["severity"] for f in shipped_unwaived} == {"warning"}
    result = run("check", "darkblades")
    assert result.returncode == 0
    assert not warning_lines(result)
    assert summary(result) == f"0 errors, 0 warnings, {len(shipped_unwaived)} waived"


def test_json_lists_the_waived_warnings_with_their_reasons(shipped_unwaived):
    result = run("check", "darkblades", "--format", "json")
    findings = json.loads(result.stdout)["findings"]
    assert [{k: v for k, v in f.items() if k != "waived"} for f in findings] == shipped_unwaived
    assert all(f["waived"].strip() for f in findings)


def test_no_waivers_shows_every_warning(shipped_unwaived):
    result = run("check", "darkblades", "--no-waivers")
    assert result.returncode == 0
    assert len(warning_lines(result)) == len(shipped_unwaived)
    assert "waived" not in summary(result)


def test_strict_fails_on_unwaived_warnings_only(copy):
    assert run("check", "darkblades", "--strict").returncode == 0
    assert run("check", "darkblades", "--strict", "--no-waivers").returncode == 1
    one_warning = copy(box_count_as_text)
    assert run("validate", str(one_warning)).returncode == 0
    assert run("validate", str(one_warning), "--strict").returncode == 1


def test_a_crt_cell_that_breaks_order_shows_up_alone(copy, shipped_unwaived):
    def edit(book: Workbook) -> None:
        # Die 0 at odds 12-1 kills where die 9 above it only wounds: better lower down.
        book["CRT_InfVsInf"]["N11"] = "F"

    path = copy(edit)
    result = run("check", str(path))
    assert result.returncode == 0
    [line] = warning_lines(result)
    expected = ":CRT_InfVsInf!N11: warning: die 0 gives F (severity 10), better for the attacker"
    assert expected in line
    assert summary(result) == f"0 errors, 1 warning, {len(shipped_unwaived)} waived"
    assert run("check", str(path), "--strict").returncode == 1


def test_a_workbook_without_a_waivers_sheet_is_fine(copy, shipped_unwaived):
    path = copy(lambda book: book.remove(book[WAIVERS_SHEET]))
    validated = run("validate", str(path))
    assert validated.returncode == 0
    assert summary(validated) == "0 errors, 0 warnings"
    checked = run("check", str(path))
    assert len(warning_lines(checked)) == len(shipped_unwaived)
    assert "waived" not in summary(checked)


def test_the_template_offers_a_waivers_sheet(tmp_path):
    path = tmp_path / "blank.xlsx"
    assert run("template", "darkblades", "-o", str(path)).returncode == 0
    sheet = openpyxl.load_workbook(path)[WAIVERS_SHEET]
    assert [cell.value for cell in sheet[1]] == HEADER
    for cell, spec in zip(sheet[1], waivers_schema().fields.values(), strict=True):
        assert cell.comment is not None and spec.description in cell.comment.text
    assert sheet.max_row == 1


def test_waived_warnings_are_still_warnings_in_the_findings(toy_game: Game, toy_book):
    """The waivers change what is reported, never what validation found."""

    def edit(book: Workbook) -> None:
        book["Units"]["C2"] = "10"
        add_waivers(book, [("number-as-text", "Units", "C2", "Typed as text on purpose.")])

    validation = validate_workbook(toy_book(edit), toy_game)
    [warning] = validation.findings
    assert warning.severity is Severity.WARNING and warning.cell == "C2"
    outcome = validation.waive(validation.findings, proofs_ran=False)
    assert outcome.findings == [] and outcome.waived == [(warning, "Typed as text on purpose.")]
