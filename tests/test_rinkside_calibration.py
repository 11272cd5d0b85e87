"""The calibration in `authoring check rinkside` (issue 14, README §11.15): targets summed
from a designer's stat lines, z with the sampling variance of both sides checked against
values worked out here another way, misses named at the card cells and sheet columns behind
them, and the same figures whatever the workers.

Simulated league figures are never pinned: the data is being retuned. Seasons are made by
hand (a real one-round season with its tallies replaced) wherever a figure is checked."""

from __future__ import annotations

import json
import math
import statistics
from dataclasses import replace
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import cell_where, headers, records
from conftest import edited_copy
from rinkside_engine import copied_workbook, shipped_league

from authoring.cli import main
from authoring.findings import Finding, Severity
from authoring.games.rinkside import GAME, calibration
from authoring.games.rinkside.calibration import (
    GOALIE_DRIVERS,
    LEAGUE_DRIVERS,
    NO_POWER_PLAY,
    SKATER_DRIVERS,
    Driver,
    LeagueFigure,
    compare,
    league_figures,
    league_targets,
    skater_figures,
    tally,
)
from authoring.games.rinkside.model import Rinkside, build_model
from authoring.games.rinkside.season import WITHOUT_POWER_PLAY, SeasonSummary, one_season
from authoring.validate import validate_workbook

SHARED_FIXTURES = (copied_workbook, shipped_league)
SKATER, GOALIE = "HLX-C1", "HLX-G1"
Z_95 = 1.959963984540054


def model_of(path: Path) -> Rinkside:
    return build_model(validate_workbook(path, GAME).tables)


def line_of(book: openpyxl.Workbook, sheet: str, key: str, player: str) -> dict[str, Any]:
    return next(line for _, line in records(book[sheet]) if line[key] == player)


def column_total(book: openpyxl.Workbook, sheet: str, *columns: str) -> int:
    return sum(line[c] or 0 for _, line in records(book[sheet]) for c in columns)


@pytest.fixture(scope="module")
def a_round(league: Rinkside) -> SeasonSummary:
    """A real season's summary (one round), whose tallies a test replaces by hand."""
    return one_season(league, 1, 1, 0)


def season(
    base: SeasonSummary,
    *,
    team_games: int = 100,
    sums: tuple[tuple[str, int, int], ...] = (),
    deck: tuple[tuple[str, int, int], ...] = (),
    skaters: tuple[tuple[str, int, int, int, int, int, int, int], ...] = (),
    goalies: tuple[tuple[str, int, int, int], ...] = (),
) -> SeasonSummary:
    return replace(
        base,
        team_games=team_games,
        periods=3 * team_games // 2,
        sums=sums,
        deck=deck,
        skaters=skaters,
        goalies=goalies,
    )


def league_figure(model: Rinkside, summary: SeasonSummary, figure: str) -> LeagueFigure:
    (found,) = [f for f in league_figures(model, tally([summary])) if f.target.figure == figure]
    return found


def sums_of(stat: str, values: list[int]) -> tuple[str, int, int]:
    return (stat, sum(values), sum(v * v for v in values))


# Targets from the stat lines.


def test_one_skaters_goals_move_the_league_target_and_his_z_by_what_the_edit_gives(
    tmp_path, a_round
):
    """Issue 14: "League averages ... within sampling error of the targets the stat lines
    imply"; "per skater ... z-scores of simulated against real statistics (goals ...)"."""
    shipped = openpyxl.load_workbook(GAME.workbook)
    before = line_of(shipped, "SkaterStats", "skater_id", SKATER)
    games = column_total(shipped, "GoalieStats", "gs")

    def ten_more_goals(book: openpyxl.Workbook) -> None:
        sheet = book["SkaterStats"]
        sheet[cell_where(sheet, "g", skater_id=SKATER)].value = before["g"] + 10

    edited = model_of(edited_copy(GAME, tmp_path / "edited", ten_more_goals))
    unedited = model_of(GAME.workbook)
    old, new = league_targets(unedited)["goals"], league_targets(edited)["goals"]
    assert (old.n, new.n) == (games, games)
    assert new.count - old.count == 10
    assert new.value - old.value == pytest.approx(10 / games)
    assert old.value == pytest.approx(column_total(shipped, "SkaterStats", "g") / games)

    # 160 simulated games: 30 with a goal, 5 with two, the rest none.
    a_game = [1] * 30 + [2] * 5 + [0] * 125
    simulated_gp, simulated_goals = len(a_game), sum(a_game)
    hand_made = season(
        a_round, skaters=((SKATER, simulated_gp, simulated_goals, 50, 300, 50, 0, 0),)
    )
    for model, goals in ((unedited, before["g"]), (edited, before["g"] + 10)):
        (figure,) = [f for f in skater_figures(model, tally([hand_made])) if f.stat == "G"]
        gp = before["gp"]
        # The difference of the two rates over its spread: the rate pooled from both, times
        # the simulated games' variance over their mean.
        rate = (simulated_goals + goals) / (simulated_gp + gp)
        dispersion = statistics.variance(a_game) / statistics.mean(a_game)
        spread = math.sqrt(dispersion * rate * (1 / gp + 1 / simulated_gp))
        assert figure.expected == pytest.approx(simulated_goals / simulated_gp * gp)
        assert figure.actual == goals
        assert figure.z == pytest.approx((simulated_goals / simulated_gp - goals / gp) / spread)


def test_shots_that_come_in_clusters_spread_a_season_wider_than_poisson(a_round, league):
    """A rebound follows a shot, so a game's shots vary more than a Poisson count: the z of
    a skater's shots is the Poisson z over the root of the simulated games' variance over
    their mean."""
    book = openpyxl.load_workbook(GAME.workbook)
    line = line_of(book, "SkaterStats", "skater_id", SKATER)
    gp, actual = line["gp"], line["sog"]
    steady = [3] * 160  # the same shots every game: no spread to measure, Poisson's taken
    clustered = [0, 6] * 80  # the same mean, in pairs of games
    zs = {}
    for name, games in (("steady", steady), ("clustered", clustered)):
        row = (SKATER, len(games), 0, 0, sum(games), 0, 0, sum(g * g for g in games))
        (figure,) = [
            f
            for f in skater_figures(league, tally([season(a_round, skaters=(row,))]))
            if f.stat == "SOG"
        ]
        zs[name] = figure.z
    rate = (480 + actual) / (160 + gp)
    poisson = (480 / 160 * gp - actual) / math.sqrt(rate * gp * (1 + gp / 160))
    assert zs["steady"] == pytest.approx(poisson)
    assert zs["clustered"] == pytest.approx(
        poisson / math.sqrt(statistics.variance(clustered) / statistics.mean(clustered))
    )


def test_coincidental_minors_are_penalties_that_give_no_power_play(tmp_path, league):
    """L1156: "If the Right PRC Blue Number is within the Coincidental Penalty Range ...
    the Official takes two players off the ice with Coincidental Penalties": a designer who
    widens the range to every blue sees the penalties with no power play climb, the power
    plays stay where they were, and `check` names CoincidentalRange for it."""

    def every_scrum_coincidental(book: openpyxl.Workbook) -> None:
        sheet = book["CoincidentalRange"]
        for row in range(2, sheet.max_row + 1):
            sheet.cell(row, headers(sheet).index("hi") + 1).value = 20

    edited = model_of(edited_copy(GAME, tmp_path / "edited", every_scrum_coincidental))
    per_team_game = {}
    for name, model in (("shipped", league), ("edited", edited)):
        summary = one_season(model, 1, 4, 0)
        sums = {stat: total for stat, total, _ in summary.sums}
        per_team_game[name] = {
            stat: sums[stat] / summary.team_games for stat in (WITHOUT_POWER_PLAY, "pp_chances")
        }
    shipped, widened = per_team_game["shipped"], per_team_game["edited"]
    assert widened[WITHOUT_POWER_PLAY] > shipped[WITHOUT_POWER_PLAY] + 1.5
    assert abs(widened["pp_chances"] - shipped["pp_chances"]) < 1
    assert Driver("CoincidentalRange", "hi") in LEAGUE_DRIVERS[NO_POWER_PLAY]


def test_the_targets_are_the_sheets_sums_over_their_samples():
    """README §6.4: PP chances are the penalties drawn, a fight is counted for both
    fighters (so a team-game counts the game's fights), save % is saves over shots."""
    book = openpyxl.load_workbook(GAME.workbook)
    targets = league_targets(model_of(GAME.workbook))
    games = column_total(book, "GoalieStats", "gs")
    saves = column_total(book, "GoalieStats", "sv_high", "sv_med", "sv_low")
    shots = column_total(book, "GoalieStats", "sa_high", "sa_med", "sa_low")
    drawn = column_total(book, "SkaterStats", "penalties_drawn")
    assert (targets["save %"].count, targets["save %"].n) == (saves, shots)
    assert (targets["PP %"].count, targets["PP %"].n) == (
        column_total(book, "SkaterStats", "ppg"),
        drawn,
    )
    assert targets["PP chances"].value == pytest.approx(drawn / games)
    assert targets["fights"].value == pytest.approx(
        column_total(book, "SkaterStats", "fights") / games
    )
    penalties = column_total(
        book, "SkaterStats", "pim_minor", "double_minors", "pim_major", "pim_misconduct"
    )
    assert targets["penalties"].value == pytest.approx(penalties / games)
    # Every power play comes from a penalty: the rest gave none.
    assert (targets[NO_POWER_PLAY].count, targets[NO_POWER_PLAY].n) == (penalties - drawn, games)
    assert (targets["reshuffles"].value, targets["reshuffles"].n) == (2.0, None)


# z and intervals.


def test_a_league_mean_takes_the_spread_of_both_samples(league, a_round):
    """Issue 14: "Figures carry their sample sizes and intervals"; z for the difference
    uses the simulated mean's sampling variance and the one real season's."""
    goals = [(3 * i) % 8 for i in range(100)]  # 100 team-games, a spread of 0-7 goals
    hand_made = season(a_round, sums=(sums_of("goals", goals),))
    figure = league_figure(league, hand_made, "goals")
    target = league_targets(league)["goals"]
    assert target.n is not None
    mean, sd = statistics.fmean(goals), statistics.stdev(goals)
    assert figure.simulated.value == pytest.approx(mean)
    assert figure.simulated.runs == 100
    assert figure.simulated.interval == pytest.approx(
        (mean - Z_95 * sd / 10, mean + Z_95 * sd / 10)
    )
    half = Z_95 * sd / math.sqrt(target.n)
    assert figure.target_interval == pytest.approx((target.value - half, target.value + half))
    assert figure.z == pytest.approx(
        (mean - target.value) / (sd * math.hypot(1 / math.sqrt(100), 1 / math.sqrt(target.n)))
    )


def test_a_designed_target_has_no_sampling_spread(league, a_round):
    """Seed L85: "The game averages 2 shuffles per period"."""
    reshuffles = [2, 3, 3, 4, 3, 2] * 25  # 150 periods of 100 team-games
    hand_made = season(a_round, deck=(sums_of("reshuffles", reshuffles),))
    figure = league_figure(league, hand_made, "reshuffles")
    mean, sd = statistics.fmean(reshuffles), statistics.stdev(reshuffles)
    assert figure.z == pytest.approx((mean - 2) / (sd / math.sqrt(150)))


def test_a_save_share_is_held_against_the_stat_lines_with_both_binomial_spreads(league, a_round):
    book = openpyxl.load_workbook(GAME.workbook)
    saves = column_total(book, "GoalieStats", "sv_high", "sv_med", "sv_low")
    shots = column_total(book, "GoalieStats", "sa_high", "sa_med", "sa_low")
    hand_made = season(a_round, sums=(("saves", 2610, 0), ("shots", 3000, 0)))
    figure = league_figure(league, hand_made, "save %")
    pooled = (2610 + saves) / (3000 + shots)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / 3000 + 1 / shots))
    assert figure.z == pytest.approx((0.87 - saves / shots) / spread)
    assert figure.simulated.runs == 3000


# The report: misses and what drives them.


def test_a_miss_names_the_card_cells_and_sheets_behind_it(league, a_round):
    """Issue 14: "a report that names the cards, chart sections and ratings behind each
    miss"; misses are warnings."""
    book = openpyxl.load_workbook(GAME.workbook)
    skater = line_of(book, "SkaterStats", "skater_id", SKATER)
    on_his_line = "HLX-LW1"
    other = line_of(book, "SkaterStats", "skater_id", on_his_line)
    hand_made = season(
        a_round,
        sums=(sums_of("goals", [9, 10, 11] * 30 + [10] * 10), ("saves", 1, 0), ("shots", 1, 0)),
        skaters=(
            (SKATER, 2 * skater["gp"], 0, 0, 2 * skater["sog"], 0, 0, 0),  # never scores
            (on_his_line, other["gp"], other["g"], other["a"], other["sog"], 0, 0, 0),
        ),
        goalies=((GOALIE, 60, 2000, 1000),),  # saves half his shots
        team_games=100,
    )
    report = compare(league, [hand_made])
    assert all(f.severity == Severity.WARNING for f in report.findings)

    def found(code: str, who: str) -> list[Finding]:
        return [f for f in report.findings if f.code == code and f.message.startswith(who)]

    cards = book["SkaterCards"]
    (goals_miss,) = found("calibration-skater", f"{SKATER} G:")
    assert (goals_miss.sheet, goals_miss.cell) == (
        "SkaterCards",
        cell_where(cards, "offense", skater_id=SKATER),
    )
    for rating in SKATER_DRIVERS["G"]:
        assert f"{rating} {cell_where(cards, rating, skater_id=SKATER)}" in goals_miss.message
    assert not found("calibration-skater", on_his_line)

    (save_miss,) = found("calibration-goalie", GOALIE)
    goalie_cards = book["GoalieCards"]
    assert (save_miss.sheet, save_miss.cell) == (
        "GoalieCards",
        cell_where(goalie_cards, "save_green", goalie_id=GOALIE),
    )
    rebound = cell_where(goalie_cards, "rebound_control", goalie_id=GOALIE)
    assert f"rebound_control {rebound}" in save_miss.message
    his_line = cell_where(book["GoalieStats"], "goalie_id", goalie_id=GOALIE)
    assert f"GoalieStats!{his_line}" in save_miss.message

    (goals,) = found("calibration-league", "simulated goals ")
    assert (goals.sheet, goals.field) == ("GoalieCards", "rebound_control")
    for driver in LEAGUE_DRIVERS["goals"]:
        assert str(driver) in goals.message
    shares = [f for f in report.findings if f.code == "calibration-share"]
    assert {(f.sheet, f.field) for f in shares} >= {("GoalieStats", "sv_* / sa_*")}


def test_every_driver_named_is_in_the_workbook():
    """README §11.13's table "What drives the miss", kept as data: each sheet and column
    it names exists, and each card rating is read by a RatingUses rule."""
    book = openpyxl.load_workbook(GAME.workbook, read_only=True)
    for figure, drivers in LEAGUE_DRIVERS.items():
        for driver in drivers:
            assert driver.column in headers(book[driver.sheet]), (figure, str(driver))
    model = model_of(GAME.workbook)
    for rating in {r for ratings in SKATER_DRIVERS.values() for r in ratings} | set(GOALIE_DRIVERS):
        assert model.uses_of(rating), rating
    assert set(LEAGUE_DRIVERS) == set(league_targets(model))


def test_the_share_within_two_counts_each_stat_and_all(league, a_round):
    """Issue 14: "the share within |z| <= 2 (goal >= 95 %)"."""
    hand_made = season(
        a_round,
        skaters=tuple(
            (skater_id, line["gp"], line["g"], line["a"], line["sog"], 0, 0, 0)
            for skater_id, line in list(league.skater_stats.items())[:20]
        ),
    )
    calibrated = compare(league, [hand_made])
    shares = calibrated.figures[-1]
    rows = {row[0]: row for row in shares.rows}
    assert rows["G"][2] == "20/20" and rows["all"][2] == "60/60"
    assert rows["all"][5] == "met"
    assert not [f for f in calibrated.findings if f.code.startswith("calibration-s")]


# The seasons: seeded, the same whatever the workers.


def test_the_seasons_give_the_same_figures_whatever_the_workers(league):
    one = calibration.check(league, 5, workers=1, seasons=2, rounds=1)
    two = calibration.check(league, 5, workers=2, seasons=2, rounds=1)
    assert [f.as_dict() for f in one.figures] == [f.as_dict() for f in two.figures]
    assert [f.as_dict() for f in one.findings] == [f.as_dict() for f in two.findings]
    other_seed = calibration.check(league, 6, workers=1, seasons=2, rounds=1)
    assert [f.as_dict() for f in other_seed.figures] != [f.as_dict() for f in one.figures]
    league_table = one.figures[0]
    assert {row[3] for row in league_table.rows if row[0] == "goals"} == {2 * 4 * 2}


def test_check_on_a_renamed_copy_prints_the_calibration(designers_copy, capsys):
    """`authoring check` on a designer's own file name: the calibration's tables with their
    sample sizes, and its misses as warnings on that file."""
    code = main(["check", str(designers_copy), "--format", "json", "--workers", "2"])
    report = json.loads(capsys.readouterr().out)
    assert code in (0, 1)
    titles = [f["title"] for f in report["figures"]]
    over = f"Calibration: the league over {calibration.SEASONS} simulated seasons"
    assert any(title.startswith(over) for title in titles)
    league_table = next(f for f in report["figures"] if f["title"].startswith("Calibration: the"))
    games = league_targets(model_of(designers_copy))["goals"].n
    assert games is not None
    goals = next(row for row in league_table["rows"] if row[0] == "goals")
    assert goals[3] == calibration.SEASONS * games
    assert goals[6] == games
    for finding in report["findings"]:
        if finding["code"].startswith("calibration-"):
            assert finding["severity"] == "warning"
            assert finding["workbook"].endswith(designers_copy.name)
