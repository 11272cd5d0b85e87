"""`authoring derive` on designers' copies of the shipped workbooks, run as a command: the facts
must be right, the derived sheet need not be; the copy keeps the designer's rows in place,
marks every change, lists those that matter first, and `validate` finds it clean where the
facts are. The shipped workbooks are only ever copied."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import column, records, row_where, rows_where, sha256
from conftest import edited_copy
from openpyxl.cell.cell import Cell, MergedCell
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from authoring.annotate import CHANGE_FILL, WARNING_FILL
from authoring.game import get_game
from authoring.target import GAME_PROPERTY, workbook_property
from authoring.validate import CHANGES_SHEET

AUTHORING = str(Path(sys.executable).parent / "authoring")
NEXT = "next.xlsx"
# Every code a finding about a KISS & CRY chart can have.
CHART_CODES = {
    "no-chart",
    "no-season",
    "chart-shares",
    "chart-event",
    "chart-score",
    "range-gap",
    "range-overlap",
}

Edit = Callable[[Workbook], None]


def run(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([AUTHORING, *arguments], capture_output=True, text=True, cwd=cwd)


def derive(copy: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return run("derive", copy.name, "-o", NEXT, *extra, cwd=copy.parent)


def derived(copy: Path) -> tuple[list[str], Path]:
    """Derive from the copy, which must succeed: the printed lines and the new workbook."""
    result = derive(copy)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout.strip().splitlines(), copy.parent / NEXT


def findings(path: Path) -> list[dict[str, Any]]:
    result = run("validate", path.name, "--format", "json", cwd=path.parent)
    assert result.returncode in (0, 1), result.stderr
    found: list[dict[str, Any]] = json.loads(result.stdout)
    return found


def errors(path: Path) -> list[dict[str, Any]]:
    return [f for f in findings(path) if f["severity"] == "error"]


def copy_of(game: str, folder: Path, edit: Edit = lambda book: None) -> Path:
    return edited_copy(get_game(game), folder / "mine", edit)


def filled(cell: Cell | MergedCell, colour: str) -> bool:
    return str(cell.fill.fgColor.rgb).upper().endswith(colour)


def note(cell: Cell | MergedCell) -> str:
    return cell.comment.text if cell.comment is not None else ""


def lists(book: Workbook) -> dict[str, list[tuple[Any, ...]]]:
    """The Changes sheet's lists by heading (without its count and gloss): each entry as the
    cell its link leads to, then its other values."""
    found: dict[str, list[tuple[Any, ...]]] = {}
    current: list[tuple[Any, ...]] = []
    for row in book[CHANGES_SHEET].iter_rows(min_row=2):
        first, rest = row[0], [cell.value for cell in row[1:]]
        if first.hyperlink is None and all(value is None for value in rest):
            if first.value is not None:
                current = found.setdefault(str(first.value).split(" (")[0], [])
            continue
        target = first.hyperlink.location if first.hyperlink is not None else None
        current.append((target, *rest))
    return found


def rows_of(sheet: Worksheet) -> list[tuple[Any, ...]]:
    return list(sheet.iter_rows(min_row=2, values_only=True))


# --- KISS & CRY ------------------------------------------------------------------------------


def seasons(book: Workbook) -> dict[str, list[int]]:
    """Each skater's Results rows, in the sheet's order."""
    found: dict[str, list[int]] = {}
    for row, values in records(book["Results"]):
        found.setdefault(values["skater"], []).append(row)
    return found


def add_skater_like(book: Workbook, model: str, new: str) -> None:
    """A new skater on Skaters, with a season of the same marks as `model`'s."""
    skaters, results = book["Skaters"], book["Results"]
    line = dict(records(skaters))[row_where(skaters, id=model)]
    skaters.append([new if name == "id" else value for name, value in line.items()])
    for row in seasons(book)[model]:
        values = dict(records(results))[row]
        results.append([new if name == "skater" else value for name, value in values.items()])


def test_kisscry_a_new_skaters_chart_is_appended_though_validate_reports_none(tmp_path):
    model = "theresa_furst"
    copy = copy_of("kisscry", tmp_path, lambda book: add_skater_like(book, model, "nova"))
    before = sha256(copy)
    assert [(f["code"], f["sheet"]) for f in errors(copy)] == [("no-chart", "Results")]

    printed, out = derived(copy)
    assert printed[-2:] == [
        "wrote next.xlsx: 0 charts changed beyond the tolerance, 0 within it, 1 new, "
        "36 unchanged, 0 not derived",
        "next: open next.xlsx and review sheet Changes, then `authoring validate next.xlsx` "
        "and copy it over your workbook",
    ]
    assert sha256(copy) == before

    mine, new = openpyxl.load_workbook(copy), openpyxl.load_workbook(out)
    old_rows, new_rows = rows_of(mine["Charts"]), rows_of(new["Charts"])
    # Every other skater's rows untouched, in place; hers appended: the bands of the skater
    # whose marks she has.
    assert new_rows[: len(old_rows)] == old_rows
    assert new_rows[len(old_rows) :] == [("nova", *r[1:]) for r in old_rows if r[0] == model]
    first = len(old_rows) + 2
    charts = new["Charts"]
    assert all(filled(cell, CHANGE_FILL) for cell in charts[first])
    events = len(seasons(mine)[model])
    assert note(charts.cell(first, 1)).startswith(f"new chart: her {events} events this season")
    [entry] = lists(new)["New charts"]
    assert entry[:3] == (f"'Charts'!A{first}", f"{mine['Skaters']['B2'].value} (nova)", None)

    assert not [f for f in findings(out) if f["code"] in CHART_CODES]
    assert errors(out) == []


def skater_with(book: Workbook, events: int) -> str:
    return next(skater for skater, rows in seasons(book).items() if len(rows) == events)


def one_more_result(book: Workbook) -> str:
    """A skater of 4 events skates a fifth: her chart grows from 4 bands to 5."""
    skater = skater_with(book, 4)
    results = book["Results"]
    skated = {values["competition"] for _, values in records(results) if values["skater"] == skater}
    values = next(v for _, v in records(results) if v["competition"] not in skated)
    results.append([skater if name == "skater" else value for name, value in values.items()])
    return skater


def one_result_fewer(book: Workbook) -> str:
    """A skater of 5 events loses one: her chart shrinks from 5 bands to 4."""
    skater = skater_with(book, 5)
    book["Results"].delete_rows(seasons(book)[skater][1])
    return skater


@pytest.mark.parametrize("change", [one_more_result, one_result_fewer])
def test_kisscry_a_changed_season_rewrites_her_chart_in_place(tmp_path, change):
    changed: list[str] = []
    copy = copy_of("kisscry", tmp_path, lambda book: changed.append(change(book)))
    [skater] = changed
    assert {f["code"] for f in errors(copy)} <= CHART_CODES

    printed, out = derived(copy)
    assert printed[-2].startswith("wrote next.xlsx: 1 chart changed beyond the tolerance, 0 within")
    mine, new = openpyxl.load_workbook(copy), openpyxl.load_workbook(out)
    old_rows, new_rows = rows_of(mine["Charts"]), rows_of(new["Charts"])
    hers = [index for index, row in enumerate(old_rows) if row[0] == skater]
    # Everyone else's rows stay where they were, as they were.
    for index, row in enumerate(old_rows):
        if index not in hers:
            assert new_rows[index] == row
    # Her chart, in her rows first: the bands in order, then an appended or a cleared row.
    bands = [row for row in new_rows if row[0] == skater]
    assert [(row[2], row[3]) for row in bands] == sorted((row[2], row[3]) for row in bands)
    assert [new_rows[index] for index in hers][: len(bands)] == bands[: len(hers)]
    [entry] = lists(new)["Beyond the tolerance"]
    assert entry[1].endswith(f"({skater})")

    assert not [f for f in findings(out) if f["code"] in CHART_CODES]
    assert errors(out) == []


def test_kisscry_a_wrong_chart_cell_does_not_stop_derive_and_is_mended(tmp_path):
    shipped = openpyxl.load_workbook(get_game("kisscry").workbook)["Charts"]
    cell = f"{column(shipped, 'E')}{rows_where(shipped, skater='theresa_furst')[0]}"

    def edit(book: Workbook) -> None:
        book["Charts"][cell] = "lots"

    copy = copy_of("kisscry", tmp_path, edit)
    assert [f["sheet"] for f in errors(copy)] == ["Charts"]
    printed, out = derived(copy)
    assert "1 chart changed beyond the tolerance" in printed[-2]
    charts = openpyxl.load_workbook(out)["Charts"]
    assert rows_of(charts) == rows_of(shipped)
    assert note(charts[cell]).startswith("was lots;")
    assert errors(out) == []


# --- BLADE -----------------------------------------------------------------------------------


def rating_warnings(path: Path) -> set[int]:
    """The Ratings rows `validate` questions against the season."""
    return {
        int(f["cell"].lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        for f in findings(path)
        if f["code"] == "rating-vs-results"
    }


def test_blade_marks_every_changed_rating_and_lists_those_validate_questions_first(tmp_path):
    copy = copy_of("blade", tmp_path)
    questioned = rating_warnings(copy)
    assert questioned  # the shipped workbook's deliberate outliers
    before = sha256(copy)

    printed, out = derived(copy)
    assert printed[-1].startswith("next: open next.xlsx and review sheet Changes")
    assert sha256(copy) == before
    assert workbook_property(out, GAME_PROPERTY) == "blade"
    new = openpyxl.load_workbook(out)
    assert new.sheetnames[0] == CHANGES_SHEET
    listed = lists(new)
    beyond, within = listed["Beyond the tolerance"], listed["Within the tolerance"]
    assert {int(target.split("!")[1][1:]) for target, *_ in beyond} == questioned
    ratings, mine = new["Ratings"], openpyxl.load_workbook(copy)["Ratings"]
    for target, label, was, now, why in beyond + within:
        row = int(target.split("!")[1][1:])
        old, values = dict(records(mine))[row], dict(records(ratings))[row]
        assert label.endswith(f"({old['skater']}), {old['event']}")
        assert (was, now) == (
            f"{old['best']}-{old['worst']}",
            f"{values['best']}-{values['worst']}",
        )
        results = rows_where(new["Results"], skater=old["skater"], event=old["event"])
        assert why.startswith(f"{len(results)} results support {now}")
        for name in ("best", "worst"):
            cell = ratings[f"{column(mine, name)}{row}"]
            if old[name] == values[name]:
                assert not filled(cell, CHANGE_FILL) and note(cell) == ""
            else:
                assert filled(cell, CHANGE_FILL)
                assert note(cell) == f"was {old[name]}; {why}"
    summary = printed[-2]
    assert summary.startswith(
        f"wrote next.xlsx: {len(beyond)} ratings changed beyond the tolerance, "
        f"{len(within)} within it, 0 new, "
    )
    # The roster as derived is what the season supports: nothing left to question.
    assert rating_warnings(out) == set()
    assert errors(out) == []


def new_skater_and_one_without_results(book: Workbook) -> None:
    """A new skater with the m500 results of the first skater, who loses her own."""
    skaters, results = book["Skaters"], book["Results"]
    first = dict(records(skaters))[2]
    skaters.append(["newcomer" if name == "id" else value for name, value in first.items()])
    rows = [r for r, v in records(results) if (v["skater"], v["event"]) == (first["id"], "m500")]
    for row in rows:
        values = dict(records(results))[row]
        results.append(["newcomer" if n == "skater" else v for n, v in values.items()])
    for row in reversed(rows):
        results.delete_rows(row)


def test_blade_keeps_the_roster_order_appends_new_ratings_and_marks_what_it_keeps(tmp_path):
    copy = copy_of("blade", tmp_path, new_skater_and_one_without_results)
    assert {f["code"] for f in errors(copy)} == {"unrated-result"}
    mine = openpyxl.load_workbook(copy)
    first = dict(records(mine["Skaters"]))[2]["id"]

    printed, out = derived(copy)
    assert ", 1 new, " in printed[-2] and printed[-2].endswith(", 1 not derived")
    new = openpyxl.load_workbook(out)
    old_keys = [(v["skater"], v["event"]) for _, v in records(mine["Ratings"])]
    new_keys = [(v["skater"], v["event"]) for _, v in records(new["Ratings"])]
    assert new_keys == [*old_keys, ("newcomer", "m500")]

    ratings = new["Ratings"]
    kept = row_where(ratings, skater=first, event="m500")
    assert dict(records(ratings))[kept] == dict(records(mine["Ratings"]))[kept]
    assert all(filled(cell, WARNING_FILL) for cell in ratings[kept])
    assert note(ratings.cell(kept, 1)) == (
        "kept as it was, not derived: no m500 results this season"
    )
    listed = lists(new)
    [(target, label, *_, why)] = listed["Not derived"]
    assert (target, why) == (f"'Ratings'!A{kept}", "no m500 results this season")
    [(target, label, _, _, why)] = listed["New ratings"]
    assert target == f"'Ratings'!A{len(old_keys) + 2}" and label.endswith("(newcomer), m500")
    assert note(ratings[target.split("!")[1]]) == f"new rating: {why}"
    assert errors(out) == []


def test_blade_a_wrong_rating_does_not_stop_derive(tmp_path):
    def edit(book: Workbook) -> None:
        ratings = book["Ratings"]
        ratings[f"{column(ratings, 'best')}2"] = "Z"
        ratings.append(["nobody", "m500", "A", "B"])

    copy = copy_of("blade", tmp_path, edit)
    assert {f["sheet"] for f in errors(copy)} == {"Ratings"}
    printed, out = derived(copy)
    assert printed[0].startswith("derive went ahead despite 2 errors in the workbook")
    new = openpyxl.load_workbook(out)
    ratings = new["Ratings"]
    cell = ratings[f"{column(ratings, 'best')}2"]
    assert note(cell).startswith("was Z; ") and cell.value != "Z"
    assert f"'Ratings'!{cell.coordinate}" in [e[0] for e in lists(new)["Beyond the tolerance"]]
    [(target, _, _, _, why)] = lists(new)["Not derived"]
    assert why == "skater nobody is not on sheet Skaters"
    # The facts say nothing about `nobody`: the row is kept, and still reported.
    assert [(f["code"], f["cell"]) for f in errors(out)] == [
        ("unknown-reference", target.split("!")[1])
    ]


# --- RINKSIDE: one derive writes two sheets ------------------------------------------------


def better_season(book: Workbook, sheet: str, key: str, player: str, **more: int) -> None:
    stats = book[sheet]
    row = row_where(stats, **{key: player})
    for name, change in more.items():
        cell = f"{column(stats, name)}{row}"
        stats[cell] = stats[cell].value + change


def test_rinkside_writes_skater_and_goalie_cards_and_lists_both_on_changes(tmp_path):
    """A renamed designer's copy where a centre scores 30 more goals and a goalie makes 20
    more high-danger saves: derive rewrites both SkaterCards and GoalieCards in the one
    copy, marks the changed cells on each, and its Changes sheet links to both sheets."""
    copy = tmp_path / "my league (2).xlsx"

    def edit(book: Workbook) -> None:
        better_season(book, "SkaterStats", "skater_id", "HLX-C2", g=30)
        better_season(book, "GoalieStats", "goalie_id", "AVL-G2", sv_high=20, sv_es=20, ga=-20)

    edited_copy(get_game("rinkside"), tmp_path, edit).rename(copy)
    printed, out = derived(copy)
    assert printed[-2].startswith("wrote next.xlsx: ")
    new = openpyxl.load_workbook(out)
    entries = [entry for found in lists(new).values() for entry in found]
    linked = {str(entry[0]).split("!")[0] for entry in entries}
    assert linked == {"'SkaterCards'", "'GoalieCards'"}
    assert any(str(entry[1]).endswith("(HLX-C2)") for entry in entries)
    assert any(str(entry[1]).endswith("(AVL-G2)") for entry in entries)
    for sheet, key, player, rating in (
        ("SkaterCards", "skater_id", "HLX-C2", "quality_shot"),
        ("GoalieCards", "goalie_id", "AVL-G2", "save_green"),
    ):
        cell = new[sheet][f"{column(new[sheet], rating)}{row_where(new[sheet], **{key: player})}"]
        assert filled(cell, CHANGE_FILL) and note(cell).startswith("was ")
    assert errors(out) == []


# --- both games: what stops derive, and what it never writes over -----------------------------


@pytest.mark.parametrize(
    ("game", "sheet", "field", "wrong"),
    [("blade", "Results", "time", "fast"), ("kisscry", "Results", "E", "lots")],
)
def test_an_error_in_the_facts_stops_derive(tmp_path, game, sheet, field, wrong):
    def edit(book: Workbook) -> None:
        book[sheet][f"{column(book[sheet], field)}5"] = wrong

    copy = copy_of(game, tmp_path, edit)
    result = derive(copy)
    assert result.returncode == 1, result.stdout + result.stderr
    printed = result.stdout.strip().splitlines()
    cell = f"{column(openpyxl.load_workbook(copy)[sheet], field)}5"
    assert any(line.startswith(f"{copy.name}:{sheet}!{cell}: error: ") for line in printed)
    assert printed[-1].startswith("next: fix the errors above (derive reads Settings, ")
    assert not (copy.parent / NEXT).exists()


def test_derive_never_writes_over_its_input_or_an_existing_file(tmp_path):
    copy = copy_of("kisscry", tmp_path)
    before = sha256(copy)
    existing = copy.parent / NEXT
    existing.write_bytes(b"the designer's own")
    refused = derive(copy)
    assert refused.returncode == 2
    assert "exists; it is never written over (use --force" in refused.stderr
    assert existing.read_bytes() == b"the designer's own"

    assert derive(copy, "--force").returncode == 0
    assert CHANGES_SHEET in openpyxl.load_workbook(existing).sheetnames

    for extra in ((), ("--force",)):
        over = run("derive", copy.name, "-o", copy.name, *extra, cwd=copy.parent)
        assert over.returncode == 2
        assert "is the workbook being read; it is never written over" in over.stderr
    assert sha256(copy) == before
