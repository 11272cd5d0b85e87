"""RINKSIDE HOCKEY's RatingUses sheet: every use of every card rating, with the number it is
read against. The shipped sheet against README §2.3, and each check caught at its cell on a
copy a designer has broken."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from cells import cell_where, found, records, row_where
from conftest import edited_copy

from authoring.games.rinkside import GAME
from authoring.games.rinkside.model import GOALIE_RATINGS, SKATER_RATINGS, build_model
from authoring.validate import Validation, validate_workbook

SHEET = "RatingUses"

Edit = Callable[[openpyxl.Workbook], None]


@pytest.fixture
def check(tmp_path: Path) -> Callable[[Edit], Validation]:
    """Validate a designer's copy after `edit`."""
    return lambda edit: validate_workbook(edited_copy(GAME, tmp_path, edit), GAME)


def shipped(header: str, **match: object) -> str:
    return cell_where(openpyxl.load_workbook(GAME.workbook)[SHEET], header, **match)


def _set(book: openpyxl.Workbook, header: str, value: str, **match: object) -> None:
    book[SHEET][cell_where(book[SHEET], header, **match)] = value


def test_the_shipped_uses_are_clean_and_read_every_rating():
    """README §2.3: 96 skater uses U01-U96 and 24 goalie uses G01-G24, and every rating
    column of both cards has at least one."""
    validation = validate_workbook(GAME.workbook, GAME)
    assert validation.findings == []
    uses = build_model(validation.tables).rating_uses
    assert [u.use_id for u in uses] == [f"U{n:02}" for n in range(1, 97)] + [
        f"G{n:02}" for n in range(1, 25)
    ]
    assert {u.card for u in uses if u.use_id.startswith("U")} == {"skater"}
    assert {u.card for u in uses if u.use_id.startswith("G")} == {"goalie"}
    read = {column for use in uses for column in use.columns}
    assert read == {*SKATER_RATINGS, *GOALIE_RATINGS}
    assert (len(SKATER_RATINGS), len(GOALIE_RATINGS)) == (32, 25)


def test_the_sheet_says_what_the_seed_says():
    """Seed L206, faceoffs: take the two centres' rating difference "and add that to 10".
    Seed L540, a quality chance: "If the Black #100 is higher than his Blue Number a goal is
    scored"."""
    rows = {
        values["use_id"]: values
        for _, values in records(openpyxl.load_workbook(GAME.workbook)[SHEET])
    }
    assert rows["U01"] == {
        "use_id": "U01",
        "card": "skater",
        "rating": "faceoff",
        "rule": "5 faceoff",
        "line": "L206",
        "number": "faceoff_left",
        "direction": "diff_plus_10",
        "outcome": "higher-rated centre wins on 1…10+diff",
    }
    quality = rows["G02"]
    assert (quality["rating"], quality["line"], quality["number"], quality["direction"]) == (
        "save_blue",
        "L540",
        "black100",
        "above_is_goal",
    )


def test_a_rating_column_finds_its_uses_alone_or_in_its_group():
    """One Black #100 digit reads all three cut points of the easy save column (README
    §2.2), so easy_corner's use is the easy_* row; a use on several seed lines keeps them."""
    league = build_model(validate_workbook(GAME.workbook, GAME).tables)
    [easy] = league.uses_of("easy_corner")
    assert (easy.use_id, easy.rating, easy.columns) == (
        "G11",
        "easy_*",
        ("easy_cover", "easy_corner", "easy_rebound"),
    )
    assert [u.use_id for u in league.uses_of("faceoff")] == ["U01"]
    assert [u.use_id for u in league.uses_of("rebound_control")] == ["G14", "G15", "G16", "G17"]
    [green] = league.uses_of("save_green")
    assert green.lines == (534, 574)
    [goalie_penalty, goalie_fight] = league.uses_of("penalty")
    assert (goalie_penalty.lines, goalie_fight.lines) == ((), (1242,))
    assert league.uses_of("no_such_rating") == []


def test_a_mistyped_rating_is_reported_at_its_cell_with_the_closest_name(check):
    def edit(book):
        _set(book, "rating", "quality_shoot", use_id="U15")
        _set(book, "rating", "defense", use_id="G14")

    result = check(edit)
    assert found(result, "unknown-rating") == [
        (SHEET, shipped("rating", use_id="U15")),
        (SHEET, shipped("rating", use_id="G14")),
    ]
    mistyped, wrong_card = (f.message for f in result.findings if f.code == "unknown-rating")
    assert "did you mean quality_shot?" in mistyped
    assert "defense is not a rating of the goalie card (it is on the skater card)" in wrong_card


def test_a_use_id_given_twice_is_reported_at_the_second(check):
    result = check(lambda book: _set(book, "use_id", "U01", use_id="U02"))
    assert found(result, "duplicate") == [(SHEET, shipped("use_id", use_id="U02"))]


def test_a_direction_outside_the_list_is_reported_at_its_cell(check):
    result = check(lambda book: _set(book, "direction", "below", use_id="U15"))
    assert found(result, "unknown-value") == [(SHEET, shipped("direction", use_id="U15"))]


def test_a_rating_no_rule_reads_is_warned_at_the_sheet(check):
    """U70 is takeaway's only use; G11 the easy save column's, here moved to the difficult
    column so all three of its cut points go unread."""

    def edit(book):
        sheet = book[SHEET]
        sheet.delete_rows(row_where(sheet, use_id="U70"))
        _set(book, "rating", "diff_*", use_id="G11")

    result = check(edit)
    warnings = [f for f in result.findings if f.code == "unused-rating"]
    assert [(f.sheet, f.cell, str(f.severity)) for f in warnings] == [
        (SHEET, None, "warning"),
        (SHEET, None, "warning"),
    ]
    assert "no use of the skater card's takeaway:" in warnings[0].message
    assert "easy_cover, easy_corner, easy_rebound" in warnings[1].message
    assert all(f.severity == "warning" for f in result.findings)
