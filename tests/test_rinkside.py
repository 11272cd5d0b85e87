"""RINKSIDE HOCKEY's league data: the shipped workbook, and each check caught at its cell on
a copy a designer has broken."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from cells import cell_where, column, found, headers, row_where
from conftest import edited_copy

from authoring.games.rinkside import GAME
from authoring.games.rinkside.checks import ROSTER
from authoring.games.rinkside.model import build_model
from authoring.validate import Validation, validate_workbook

Edit = Callable[[openpyxl.Workbook], None]


@pytest.fixture(scope="module")
def team() -> str:
    """The first club of the shipped league: the one the tests break."""
    sheet = openpyxl.load_workbook(GAME.workbook)["Teams"]
    value = sheet[f"{column(sheet, 'team_id')}2"].value
    assert isinstance(value, str)
    return value


@pytest.fixture
def check(tmp_path: Path) -> Callable[[Edit], Validation]:
    """Validate a designer's copy after `edit`."""
    return lambda edit: validate_workbook(edited_copy(GAME, tmp_path, edit), GAME)


def shipped(sheet: str, header: str, **match: object) -> str:
    return cell_where(openpyxl.load_workbook(GAME.workbook)[sheet], header, **match)


def test_the_shipped_league_is_clean_and_complete():
    """Seed L53-61: each side has four forward lines (LW C RW) and three defence pairs."""
    validation = validate_workbook(GAME.workbook, GAME)
    assert validation.findings == []
    league = build_model(validation.tables)
    assert len(league.teams) >= 8
    for team_id in league.teams:
        roster = league.roster(team_id)
        assert sorted((s.position, s.unit) for s in roster) == sorted(ROSTER)
        depths = sorted(g.depth for g in league.goalies.values() if g.team_id == team_id)
        assert depths == [1, 2]
    assert set(league.skater_stats) == set(league.skaters)
    assert set(league.goalie_stats) == set(league.goalies)


def test_rivals_start_with_dirty_plays_on_the_sheet():
    """Seed L1188: a game starts at 0 dirty plays unless the teams are Rivals or Heated
    Rivals (levels 1 and 2)."""
    league = build_model(validate_workbook(GAME.workbook, GAME).tables)
    rivalry = league.rivalries[0]
    home, visitor = sorted(rivalry.teams)
    assert league.rivalry(home, visitor) == league.rivalry(visitor, home) == rivalry.level
    strangers = [
        (a, b)
        for a in league.teams
        for b in league.teams
        if a < b and frozenset((a, b)) not in {r.teams for r in league.rivalries}
    ]
    assert strangers and league.rivalry(*strangers[0]) == 0


def _clear(book: openpyxl.Workbook, sheet_name: str, **match: object) -> None:
    sheet = book[sheet_name]
    row = row_where(sheet, **match)
    for index in range(1, len(headers(sheet)) + 1):
        sheet.cell(row, index).value = None


def _set(book: openpyxl.Workbook, sheet_name: str, header: str, value: int | str, **match: object):
    book[sheet_name][cell_where(book[sheet_name], header, **match)] = value


def test_a_hole_in_the_line_up_is_reported_at_the_club(check, team):
    result = check(lambda book: _clear(book, "Skaters", skater_id=f"{team}-C3"))
    assert found(result, "roster") == [("Teams", shipped("Teams", "team_id", team_id=team))]
    [roster] = [f for f in result.findings if f.code == "roster"]
    assert f"{team} has nobody at C3" in roster.message


def test_an_id_that_misplaces_its_skater_is_reported_at_the_id(check, team):
    result = check(lambda book: _set(book, "Skaters", "unit", 3, skater_id=f"{team}-LW2"))
    cell = shipped("Skaters", "skater_id", skater_id=f"{team}-LW2")
    assert found(result, "skater-id") == [("Skaters", cell)]


def test_a_fourth_defence_pair_does_not_exist(check, team):
    def edit(book):
        _set(book, "Skaters", "unit", 4, skater_id=f"{team}-LD3")
        _set(book, "Skaters", "skater_id", f"{team}-LD4", skater_id=f"{team}-LD3")

    result = check(edit)
    cell = shipped("Skaters", "unit", skater_id=f"{team}-LD3")
    assert found(result, "no-such-pair") == [("Skaters", cell)]


def test_a_club_cannot_be_its_own_rival(check):
    def edit(book):
        sheet = book["Rivalries"]
        sheet[f"{column(sheet, 'team_b')}2"] = sheet[f"{column(sheet, 'team_a')}2"].value

    result = check(edit)
    assert ("Rivalries", "B2") in found(result, "self-rivalry")


def test_power_play_goals_cannot_exceed_goals(check, team):
    def edit(book):
        sheet = book["SkaterStats"]
        row = row_where(sheet, skater_id=f"{team}-C1")
        goals = sheet[f"{column(sheet, 'g')}{row}"].value
        sheet[f"{column(sheet, 'ppg')}{row}"] = goals + 1
        sheet[f"{column(sheet, 'shg')}{row}"] = 0

    result = check(edit)
    assert found(result, "stat-parts") == [
        ("SkaterStats", shipped("SkaterStats", "ppg", skater_id=f"{team}-C1"))
    ]


def test_a_goalies_splits_and_goals_against_must_add_up(check, team):
    """One more high-danger shot: the danger split no longer counts the shots the strength
    split counts, and shots less saves are no longer his goals against."""

    def edit(book):
        sheet = book["GoalieStats"]
        row = row_where(sheet, goalie_id=f"{team}-G1")
        sheet[f"{column(sheet, 'sa_high')}{row}"] = (
            sheet[f"{column(sheet, 'sa_high')}{row}"].value + 1
        )

    result = check(edit)
    goalie = {"goalie_id": f"{team}-G1"}
    assert found(result, "goalie-splits") == [
        ("GoalieStats", shipped("GoalieStats", "sa_es", **goalie))
    ]
    assert found(result, "goals-against") == [
        ("GoalieStats", shipped("GoalieStats", "ga", **goalie))
    ]


def test_a_player_without_a_season_is_a_warning_at_his_row(check, team):
    result = check(lambda book: _clear(book, "GoalieStats", goalie_id=f"{team}-G2"))
    assert found(result, "no-stat-line") == [
        ("Goalies", shipped("Goalies", "goalie_id", goalie_id=f"{team}-G2"))
    ]
    assert all(f.severity == "warning" for f in result.findings)
