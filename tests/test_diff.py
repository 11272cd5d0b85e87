"""`authoring diff`: two seasons of a real game's workbook, edited with openpyxl the way a
designer edits them, compared by the command a designer runs."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import append_copy, column, last_row, records, row_where, sha256
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from authoring.annotate import CHANGE_FILL
from authoring.diff import UNSAMPLED, diff_figures, moved, proportion_z
from authoring.findings import show
from authoring.game import get_game
from authoring.report import Figures
from authoring.simulation import Mean, Proportion

AUTHORING = str(Path(sys.executable).parent / "authoring")
BLADE = get_game("blade")
DARKBLADES = get_game("darkblades")

Edit = Callable[[Workbook], object]  # what an edit returns is left to the test


def run(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([AUTHORING, *arguments], capture_output=True, text=True, cwd=cwd)


def edited(shipped: Path, folder: Path, edit: Edit, name: str = "new.xlsx") -> Path:
    book = openpyxl.load_workbook(shipped)
    edit(book)
    path = folder / name
    book.save(path)
    return path


def plain(text: str) -> list[str]:
    """The output's lines with runs of spaces made one, so column padding does not matter."""
    return [" ".join(line.split()) for line in text.splitlines()]


def reverse_rows(sheet: Worksheet) -> None:
    """The data rows in the opposite order, the header kept: a re-sorted table."""
    lines = [list(line) for line in sheet.iter_rows(min_row=2, values_only=True)]
    for number, line in enumerate(reversed(lines), start=2):
        for index, value in enumerate(line, start=1):
            sheet.cell(number, index, value)


# --- the season: reordered ratings, one rating changed, a skater added and one removed -----


@dataclass(frozen=True)
class Season:
    """What was done to BLADE's workbook, read back from the two files (nothing assumed)."""

    new: Path
    changed_key: tuple[str, str]
    old_value: str
    new_value: str
    old_cell: str
    new_cell: str
    added_id: str
    added_cell: str
    removed_id: str
    removed_cell: str


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Season:
    folder = tmp_path_factory.mktemp("season")
    old = openpyxl.load_workbook(BLADE.workbook)
    ratings, skaters = old["Ratings"], old["Skaters"]
    # The twelfth rating whose best letter differs from its worst: its best becomes its worst.
    number, values = [(n, v) for n, v in records(ratings) if v["best"] != v["worst"]][11]
    key = (values["skater"], values["event"])
    removed_row = 5
    removed_id = skaters.cell(removed_row, 1).value
    assert isinstance(removed_id, str)
    added_id = "new_skater"

    def edit(book: Workbook) -> None:
        reverse_rows(book["Ratings"])
        sheet = book["Ratings"]
        row = row_where(sheet, skater=key[0], event=key[1])
        sheet[f"{column(sheet, 'best')}{row}"] = values["worst"]
        append_copy(book["Skaters"], 2, id=added_id, name="New Skater")
        book["Skaters"].delete_rows(removed_row)

    new = edited(BLADE.workbook, folder, edit)
    book = openpyxl.load_workbook(new)
    best = column(ratings, "best")
    return Season(
        new=new,
        changed_key=key,
        old_value=values["best"],
        new_value=values["worst"],
        old_cell=f"Ratings!{best}{number}",
        new_cell=f"Ratings!{best}{row_where(book['Ratings'], skater=key[0], event=key[1])}",
        added_id=added_id,
        added_cell=f"Skaters!A{row_where(book['Skaters'], id=added_id)}",
        removed_id=removed_id,
        removed_cell=f"Skaters!A{removed_row}",
    )


def test_a_season_lists_rows_added_and_removed_and_cells_changed_with_both_cells(season):
    result = run("diff", "blade", str(season.new), cwd=season.new.parent)
    assert result.returncode == 0, result.stderr
    lines = plain(result.stdout)
    skater, event = season.changed_key
    heading = lines.index("Skaters: 1 row added, 1 row removed (rows matched by id)")
    assert lines[heading + 1 : heading + 3] == [
        f"added {season.added_id} NEW {season.added_cell}",
        f"removed {season.removed_id} OLD {season.removed_cell}",
    ]
    assert lines[lines.index("Ratings: 1 cell changed (rows matched by skater+event)") + 1] == (
        f"changed {skater}/{event} best {show(season.old_value)} → {show(season.new_value)} "
        f"{season.old_cell} → {season.new_cell}"
    )
    # The ratings were re-sorted too, so the changed cell sits on another row in NEW.
    assert season.old_cell != season.new_cell
    assert lines[-1] == (
        f"2 of {len(BLADE.sheets)} sheets changed: 1 row added, 1 row removed, 1 cell changed"
    )


def test_a_workbook_with_errors_is_compared_and_says_so(season):
    """The removed skater still has ratings: NEW has errors, and the diff still runs."""
    validation = run("validate", str(season.new), "--format", "json", cwd=season.new.parent)
    errors = [f for f in json.loads(validation.stdout) if f["severity"] == "error"]
    assert errors
    result = run("diff", "blade", "new.xlsx", cwd=season.new.parent)
    assert result.returncode == 0
    assert (
        f"NEW has {len(errors)} errors (see `authoring validate new.xlsx`): its tables are "
        "compared as read"
    ) in result.stdout.splitlines()
    assert "OLD has" not in result.stdout
    checked = run("diff", "blade", "new.xlsx", "--check", cwd=season.new.parent)
    assert checked.returncode == 0
    assert "NEW has data errors, so check cannot run on it: no figures compared" in (
        checked.stdout.splitlines()
    )


def test_the_season_as_json(season):
    result = run("diff", "blade", str(season.new), "--format", "json", cwd=season.new.parent)
    assert result.returncode == 0
    report = json.loads(result.stdout)
    assert report["new"]["workbook"] == "new.xlsx"
    assert report["old"]["errors"] == 0
    assert report["figures"] is None
    by_sheet = {sheet["sheet"]: sheet for sheet in report["sheets"]}
    assert list(by_sheet) == ["Skaters", "Ratings"]
    assert set(report["unchanged_sheets"]) == set(BLADE.sheets) - {"Skaters", "Ratings"}
    assert by_sheet["Ratings"]["matched_by"] == "key"
    assert by_sheet["Ratings"]["key"] == ["skater", "event"]
    assert by_sheet["Ratings"]["changed"] == [
        {
            "key": list(season.changed_key),
            "field": "best",
            "old": season.old_value,
            "new": season.new_value,
            "old_cell": season.old_cell,
            "new_cell": season.new_cell,
        }
    ]
    skaters = by_sheet["Skaters"]
    assert [(row["key"], row["cell"]) for row in skaters["added"]] == [
        ([season.added_id], season.added_cell)
    ]
    assert skaters["added"][0]["values"]["name"] == "New Skater"
    assert [(row["key"], row["cell"]) for row in skaters["removed"]] == [
        ([season.removed_id], season.removed_cell)
    ]
    assert skaters["changed"] == [] and skaters["columns_added"] == []


def test_annotate_marks_every_changed_and_added_cell_in_a_copy_of_new(season):
    folder = season.new.parent
    before = sha256(season.new)
    result = run("diff", "blade", "new.xlsx", "--annotate", "marked.xlsx", cwd=folder)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "wrote marked.xlsx"
    assert sha256(season.new) == before
    book = openpyxl.load_workbook(folder / "marked.xlsx")
    assert book.sheetnames[0] == "Changes"
    sheet, cell = season.new_cell.split("!")
    changed = book[sheet][cell]
    assert changed.value == season.new_value
    assert changed.fill.fgColor.rgb.endswith(CHANGE_FILL)
    assert changed.comment.text == f"was {show(season.old_value)} ({season.old_cell} in OLD)"
    skaters = book["Skaters"]
    added_row = row_where(skaters, id=season.added_id)
    assert all(c.fill.fgColor.rgb.endswith(CHANGE_FILL) for c in skaters[added_row])
    untouched = skaters.cell(2, 1)
    assert not untouched.fill.fgColor.rgb.endswith(CHANGE_FILL) and untouched.comment is None
    listed = [line for line in book["Changes"].iter_rows(min_row=2, values_only=True)]
    assert [line[:3] for line in listed] == [
        ("added", "Skaters", season.added_id),
        ("removed", "Skaters", season.removed_id),
        ("changed", "Ratings", "/".join(season.changed_key)),
    ]
    link = book["Changes"].cell(4, 7)
    assert link.value == season.new_cell
    assert link.hyperlink is not None and link.hyperlink.location == f"'{sheet}'!{cell}"


def test_annotate_never_replaces_a_file_without_force(season):
    folder = season.new.parent
    (folder / "taken.xlsx").write_bytes(b"mine")
    result = run("diff", "blade", "new.xlsx", "--annotate", "taken.xlsx", cwd=folder)
    assert result.returncode == 2
    assert "use --force" in result.stderr
    assert (folder / "taken.xlsx").read_bytes() == b"mine"


# --- matching ------------------------------------------------------------------------------


def test_reordered_sheets_show_no_change(tmp_path):
    def edit(book: Workbook) -> None:
        reverse_rows(book["Ratings"])
        reverse_rows(book["Skaters"])

    new = edited(BLADE.workbook, tmp_path, edit)
    result = run("diff", "blade", str(new), cwd=tmp_path)
    assert result.returncode == 0
    assert plain(result.stdout)[1:] == [
        "",
        f"no change: the {len(BLADE.sheets)} sheets hold the same rows and values",
    ]


def test_a_sheet_without_a_key_is_aligned_by_row_order(tmp_path):
    """BLADE's Results has no key and its first column repeats: one row inserted in the
    middle is one row added, not every row below it changed."""
    old = openpyxl.load_workbook(BLADE.workbook)["Results"]
    at = last_row(old) // 2
    headers = [cell.value for cell in old[1]]
    inserted = [old.cell(at, index).value for index in range(1, len(headers) + 1)]
    inserted[headers.index("competition")] = "A meet no other row names"

    def edit(book: Workbook) -> None:
        sheet = book["Results"]
        sheet.insert_rows(at)
        for index, value in enumerate(inserted, start=1):
            sheet.cell(at, index, value)

    new = edited(BLADE.workbook, tmp_path, edit)
    result = run("diff", "blade", str(new), "--format", "json", cwd=tmp_path)
    [results] = json.loads(result.stdout)["sheets"]
    assert results["sheet"] == "Results"
    assert results["matched_by"] == "row order"
    assert [row["cell"] for row in results["added"]] == [f"Results!A{at}"]
    assert results["added"][0]["key"] is None
    assert results["removed"] == [] and results["changed"] == []
    text = run("diff", "blade", str(new), cwd=tmp_path).stdout
    assert (
        "Results: 1 row added (rows matched by row order: no check names its key, and its "
        "first column repeats)"
    ) in text


def test_two_different_games_are_a_usage_error(tmp_path):
    result = run("diff", "blade", "darkblades", cwd=tmp_path)
    assert result.returncode == 2
    assert "diff compares two workbooks of one game" in result.stderr
    assert "Traceback" not in result.stderr


# --- the figures of check ------------------------------------------------------------------


def crt_edit(book: Workbook) -> tuple[str, int, str, str]:
    """One CRT_InfVsInf cell given another code the table already uses: (odds, die, old, new)."""
    sheet = book["CRT_InfVsInf"]
    die_row = 4
    odds = sheet.cell(1, 6).value
    die = sheet.cell(die_row, 1).value
    old = sheet.cell(die_row, 6).value
    assert isinstance(odds, str) and isinstance(die, int) and isinstance(old, str)
    lines = sheet.iter_rows(min_row=2, values_only=True)
    used = sorted({c for line in lines for c in line[1:] if isinstance(c, str)})
    new = next(code for code in used if code != old and code != "-")
    sheet.cell(die_row, 6, new)
    return odds, die, old, new


def figures_by_cell(report: dict[str, Any]) -> dict[tuple[str, str, str], Any]:
    """Every figure of a `check --format json` report by (table, row label, column)."""
    return {
        (table["title"], str(row[0]), name): value
        for table in report["figures"]
        for row in table["rows"]
        for name, value in zip(table["header"][1:], row[1:], strict=True)
    }


def test_check_shows_the_crt_column_that_moved_with_exact_figures(tmp_path):
    edits: list[tuple[str, int, str, str]] = []
    new = edited(DARKBLADES.workbook, tmp_path, lambda book: edits.append(crt_edit(book)))
    [(odds, die, old_code, new_code)] = edits
    result = run("diff", "darkblades", str(new), "--check", "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    [crt] = report["sheets"]
    assert [(c["key"], c["field"], c["old"], c["new"]) for c in crt["changed"]] == [
        ([die], odds, old_code, new_code)
    ]
    # What moved is exactly what differs between the two workbooks' own check reports.
    before = figures_by_cell(
        json.loads(run("check", "darkblades", "--format", "json", cwd=tmp_path).stdout)
    )
    after = figures_by_cell(
        json.loads(run("check", str(new), "--format", "json", cwd=tmp_path).stdout)
    )
    differing = {cell for cell in after if after[cell] != before[cell]}
    # Each of these tables names its rows by one column; then come figure, OLD, NEW, moved.
    assert all(
        table["header"][1:] == ["figure", "OLD", "NEW", "moved"] for table in report["figures"]
    )
    moves = {
        (table["title"], row[0], row[1]): (row[2], row[3], row[4])
        for table in report["figures"]
        for row in table["rows"]
    }
    assert set(moves) == differing
    assert all(moves[cell] == (before[cell], after[cell], "changed") for cell in differing)
    effects = [cell for cell in moves if cell[0].startswith("CRT_InfVsInf (")]
    assert effects and {row for _, row, _ in effects} == {odds}
    assert any(name == "E[severity]" for _, _, name in effects)


def test_check_text_shows_old_and_new_side_by_side(tmp_path):
    new = edited(DARKBLADES.workbook, tmp_path, crt_edit)
    result = run("diff", "darkblades", str(new), "--check", cwd=tmp_path)
    assert result.returncode == 0
    lines = plain(result.stdout)
    title = next(line for line in lines if line.startswith("CRT_InfVsInf ("))
    table = lines[lines.index(title) :]
    assert table[2] == "odds figure OLD NEW moved"
    assert any(line.split()[1:2] == ["E[severity]"] for line in table[4:])


def test_nothing_changed_says_so_with_and_without_check(tmp_path):
    copy = tmp_path / "same.xlsx"
    shutil.copy(DARKBLADES.workbook, copy)
    result = run("diff", "darkblades", str(copy), "--check", cwd=tmp_path)
    assert result.returncode == 0
    lines = plain(result.stdout)
    assert "none: every figure of both checks agrees" in lines
    assert (
        lines[-1] == f"no change: the {len(DARKBLADES.sheets)} sheets hold the same rows and values"
    )
    report = json.loads(
        run("diff", "darkblades", str(copy), "--format", "json", cwd=tmp_path).stdout
    )
    assert report["sheets"] == [] and report["figures"] is None


# --- sampling error ------------------------------------------------------------------------


def test_proportions_move_by_the_two_proportion_z_test_not_by_interval_overlap():
    """40/100 against 55/100, by hand: pooled p = 95/200 = 0.475, standard error
    sqrt(0.475 x 0.525 x (1/100 + 1/100)) = 0.070622, z = 0.15 / 0.070622 = 2.1240 > 1.96.
    Their Wilson intervals still overlap, so the overlap rule would miss this move."""
    old, new = Proportion(40, 100), Proportion(55, 100)
    assert proportion_z(old, new) == pytest.approx(2.1240, abs=5e-4)
    assert old.interval[1] > new.interval[0]
    assert moved(old, new) == "z = +2.12"
    # 40/100 against 45/100: z = 0.05 / sqrt(0.425 x 0.575 x 0.02) = 0.715, within the error.
    assert proportion_z(old, Proportion(45, 100)) == pytest.approx(0.7152, abs=5e-4)
    assert moved(old, Proportion(45, 100)) is None


def test_means_move_by_their_standard_errors():
    """sd 2 over 100 runs each: the difference's standard error is sqrt(0.04 + 0.04) = 0.2828;
    0.5 apart is z = 1.77 (within), 1.0 apart is z = 3.54 (moved)."""
    assert moved(Mean(10.0, 2.0, 100), Mean(10.5, 2.0, 100)) is None
    assert moved(Mean(10.0, 2.0, 100), Mean(11.0, 2.0, 100)) == "z = +3.54"


def test_exact_figures_move_on_any_change_but_not_on_float_rounding():
    assert moved(0.3, 0.1 + 0.2) is None
    assert moved(2.2, 2.3) == "changed"
    assert moved("inside", "outside") == "changed"


def test_a_plain_figure_beside_a_sampled_one_is_shown_only_when_its_row_moved():
    """A gap to 1/4 is computed from P(win): it moves with it, and only with it."""
    header = ("skater", "P(win)", "gap")
    old = Figures(
        "win rates", header, (("a", Proportion(40, 100), 0.15), ("b", Proportion(40, 100), 0.15))
    )
    new = Figures(
        "win rates", header, (("a", Proportion(55, 100), 0.30), ("b", Proportion(45, 100), 0.20))
    )
    [table] = diff_figures([old], [new])
    assert [(m.row, m.column, m.judged) for m in table.moves] == [
        (("a",), "P(win)", "z = +2.12"),
        (("a",), "gap", UNSAMPLED),
    ]
