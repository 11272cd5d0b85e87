"""RINKSIDE HOCKEY's game-centre charts (README §4.1): each a sheet of ranges on a 1-100
number, tiling it once per key (§8.5). The shipped charts against the design's rows, a gap
and an overlap caught at the row's `lo` cell on a designer's copy, and the model's one lookup
read at every chart's edges."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import cell_where, found, records
from conftest import edited_copy

from authoring.games.rinkside import GAME
from authoring.games.rinkside.checks import SHEETS
from authoring.games.rinkside.model import CHART_KEYS, CHARTS, Chart, Rinkside, build_model
from authoring.validate import Validation, validate_workbook

Edit = Callable[[openpyxl.Workbook], None]

# README §1's sheets table: how many rows each chart has.
DESIGNED_ROWS = {
    "PenaltyChart": 38,
    "PenalizedPlayer": 5,
    "SevereChart": 6,
    "AssistCount": 2,
    "AssistRank": 4,
    "AuxiliaryChart": 16,
    "InjuryWho": 7,
    "InjuryLength": 6,
    "ScrumChart": 24,
    "AgitatorScenario": 6,
}


@pytest.fixture(scope="module")
def model() -> Rinkside:
    validation = validate_workbook(GAME.workbook, GAME)
    assert validation.findings == []
    return build_model(validation.tables)


@pytest.fixture
def check(tmp_path: Path) -> Callable[[Edit], Validation]:
    """Validate a designer's copy after `edit`."""
    return lambda edit: validate_workbook(edited_copy(GAME, tmp_path, edit), GAME)


def test_the_shipped_charts_have_the_designed_rows_and_validate_clean(model):
    """README §1: PenaltyChart 38 rows keyed (play_type, lo), ScrumChart 24 keyed
    (intensity, lo), the others one row per range; every chart a sheet of the game."""
    book = openpyxl.load_workbook(GAME.workbook)
    assert {name: len(records(book[name])) for name in CHARTS} == DESIGNED_ROWS
    assert set(CHARTS) <= set(SHEETS)
    assert list(model.penalty_chart) == [
        "zone",
        "hit_battle",
        "offensive",
        "scramble_clear",
        "faceoff",
    ]
    assert list(model.scrum_chart) == ["NORMAL", "AGITATED", "HOT", "BOILING"]


def _charts(model: Rinkside) -> dict[str, Chart[Any]]:
    """Every chart of the model, a keyed one once per key."""
    charts: dict[str, Chart[Any]] = {
        "PenalizedPlayer": model.penalized_player,
        "SevereChart": model.severe_chart,
        "AssistCount": model.assist_count,
        "AssistRank": model.assist_rank,
        "AuxiliaryChart": model.auxiliary_chart,
        "InjuryWho": model.injury_who,
        "InjuryLength": model.injury_length,
        "AgitatorScenario": model.agitator_scenario,
    }
    charts |= {f"PenaltyChart {key}": chart for key, chart in model.penalty_chart.items()}
    charts |= {f"ScrumChart {key}": chart for key, chart in model.scrum_chart.items()}
    return charts


def test_every_number_reads_exactly_one_row_and_the_chances_sum_to_one(model):
    """README §8.5: each chart's ranges tile 1-100 for each key, no gap, no overlap."""
    for name, chart in _charts(model).items():
        for drawn in range(1, 101):
            row = chart[drawn]
            assert row.lo <= drawn <= row.hi, name
        assert sum(chart.chance(row) for row in chart.rows) == 1, name
        with pytest.raises(KeyError):
            chart[101]
        with pytest.raises(KeyError):
            chart[0]


def _second_lo(book: openpyxl.Workbook, sheet: str) -> str:
    """The `lo` cell of the sheet's second data row (the first row's neighbour in its key)."""
    [(_, values)] = records(book[sheet])[1:2]
    return cell_where(book[sheet], "lo", lo=values["lo"], **_key(sheet, values))


def _key(sheet: str, values: dict[str, object]) -> dict[str, object]:
    key = CHART_KEYS.get(sheet)
    return {key: values[key]} if key else {}


@pytest.mark.parametrize("sheet", DESIGNED_ROWS)
@pytest.mark.parametrize(("shift", "code"), [(1, "range-gap"), (-1, "range-overlap")])
def test_a_moved_range_start_is_caught_at_its_lo_cell(check, sheet, shift, code):
    """README §8.5: a gap or an overlap is reported "at the offending row's `lo` cell"."""
    cell = _second_lo(openpyxl.load_workbook(GAME.workbook), sheet)

    def move(book: openpyxl.Workbook) -> None:
        book[sheet][cell] = book[sheet][cell].value + shift

    validation = check(move)
    assert found(validation, code) == [(sheet, cell)]
    assert [f.code for f in validation.findings] == [code]


def test_a_gap_in_one_key_names_the_key_and_leaves_the_others_alone(check):
    """README §4.1, PenaltyChart hit_battle: "21-38 cross-checking". Start it at 23 and
    hit_battle's 21-22 are uncovered; the other four play types still tile."""
    book = openpyxl.load_workbook(GAME.workbook)
    cell = cell_where(book["PenaltyChart"], "lo", play_type="hit_battle", lo=21)

    def gap(book: openpyxl.Workbook) -> None:
        book["PenaltyChart"][cell] = 23

    [finding] = check(gap).findings
    assert (finding.code, finding.sheet, finding.cell) == ("range-gap", "PenaltyChart", cell)
    assert "hit_battle: number 21-22 not covered" in finding.as_text()


def test_a_chart_that_stops_short_of_100_is_caught_at_its_last_hi(check):
    """README §4.1, AgitatorScenario: "93-100 jab at the goalie"; ending it at 99 leaves 100
    unread."""
    book = openpyxl.load_workbook(GAME.workbook)
    cell = cell_where(book["AgitatorScenario"], "hi", hi=100)

    def short(book: openpyxl.Workbook) -> None:
        book["AgitatorScenario"][cell] = 99

    assert found(check(short), "range-gap") == [("AgitatorScenario", cell)]


def test_an_infraction_outside_the_design_is_a_schema_error(check):
    """README §4.1's PenaltyChart names every infraction; a misspelt one is refused."""
    book = openpyxl.load_workbook(GAME.workbook)
    cell = cell_where(book["PenaltyChart"], "infraction", play_type="zone", lo=1)

    def misspell(book: openpyxl.Workbook) -> None:
        book["PenaltyChart"][cell] = "triping"

    assert found(check(misspell), "unknown-value") == [("PenaltyChart", cell)]


def test_penalty_chart_edges(model):
    """README §4.1: zone "1-22 tripping · 23-40 hooking … 99-100 delay of game"; faceoff
    "1-30 faceoff interference · 31-55 interference … 86-100 high-sticking"."""
    zone, faceoff = model.penalty_chart["zone"], model.penalty_chart["faceoff"]
    assert [zone[n].infraction for n in (1, 22, 23, 98, 99, 100)] == [
        "tripping",
        "tripping",
        "hooking",
        "cross-checking",
        "delay of game",
        "delay of game",
    ]
    assert [faceoff[n].infraction for n in (30, 31, 85, 86)] == [
        "faceoff interference",
        "interference",
        "slashing",
        "high-sticking",
    ]
    assert model.penalty_chart["offensive"][85].infraction == "goaltender interference"
    assert model.penalty_chart["scramble_clear"][96].infraction == "closing a hand on the puck"
    assert model.penalty_chart["zone"].number == "black100"


def test_penalized_player_picks_the_most_penalty_prone_most_often(model):
    """README §4.1: "1-9 lowest · 10-22 2nd lowest · 23-42 3rd lowest · 43-68 4th lowest ·
    69-100 highest … most often (32 %), the cleanest least (9 %)"."""
    chart = model.penalized_player
    assert (chart[9].from_lowest, chart[10].from_lowest) == (1, 2)
    assert [chart[n].from_lowest for n in (22, 23, 42, 43, 68, 69, 100)] == [2, 3, 3, 4, 4, 5, 5]
    assert [chart.chance(row) for row in chart.rows] == [
        Fraction(9, 100),
        Fraction(13, 100),
        Fraction(20, 100),
        Fraction(26, 100),
        Fraction(32, 100),
    ]


def test_severe_chart_edges(model):
    """README §4.1: "1-40 double minor · 41-65 major · 66-68 match · 69-85 minor + 10:00
    misconduct · 86-95 major + game misconduct · 96-100 10:00 game misconduct"."""
    chart = model.severe_chart
    assert [chart[n].penalty for n in (40, 41, 65, 66, 68, 69, 85, 86, 95, 96)] == [
        "double minor",
        "major",
        "major",
        "match",
        "match",
        "minor and misconduct",
        "minor and misconduct",
        "major and game misconduct",
        "major and game misconduct",
        "game misconduct",
    ]
    assert chart.chance(chart[67]) == Fraction(3, 100)


def test_assist_charts_edges(model):
    """README §4.1: AssistCount, Left #100 "1-24 one assist · 25-100 two assists";
    AssistRank, Right #100 "1-40 highest · 41-68 2nd · 69-88 3rd · 89-100 4th"."""
    count, rank = model.assist_count, model.assist_rank
    assert (count.number, rank.number) == ("left100", "right100")
    assert [count[n].assists for n in (1, 24, 25, 100)] == [1, 1, 2, 2]
    assert [rank[n].from_highest for n in (40, 41, 68, 69, 88, 89)] == [1, 2, 2, 3, 3, 4]
    assert count.chance(count[25]) == Fraction(76, 100)


def test_auxiliary_chart_edges_and_timing(model):
    """README §4.1: "57-62 too many men (seed, L1327)", "63-67 goalie shoots at an empty net
    (seed, L1335)", "96-100 long whistle for a video check … NZ faceoff [T]"."""
    chart = model.auxiliary_chart
    assert [chart[n].play for n in (56, 57, 62, 63, 67, 68)] == [
        "bump at the bench during a change",
        "too many men",
        "too many men",
        "goalie shoots at an empty net",
        "goalie shoots at an empty net",
        "goalie confidence check",
    ]
    assert chart[100].play == "long whistle for a video check"
    timed = [(row.lo, row.hi) for row in chart.rows if row.timing]
    assert timed == [(15, 20), (21, 26), (39, 44), (45, 50), (78, 83), (96, 100)]


def test_injury_charts_edges(model):
    """README §4.1: InjuryWho "1-17 C · 18-34 LW … 86-90 goalie · 91-100 the player who made
    the last play"; InjuryLength "1-45 shaken up, misses one shift … 98-100 11-30 games"."""
    who, length = model.injury_who, model.injury_length
    assert [who[n].who for n in (17, 18, 85, 86, 90, 91)] == [
        "C",
        "LW",
        "RD",
        "goalie",
        "goalie",
        "last play",
    ]
    assert [length[n].out_for for n in (45, 46, 97, 98)] == [
        "one shift",
        "rest of the period",
        "4 to 10 games",
        "11 to 30 games",
    ]
    assert length.chance(length[100]) == Fraction(3, 100)


def test_scrum_chart_edges_per_intensity(model):
    """README §4.1's ScrumChart: "players separated +0: NORMAL 1-40, BOILING 1-10";
    "gloves off, linesmen in +3: NORMAL 98-100, BOILING 79-100"."""
    normal, boiling = model.scrum_chart["NORMAL"], model.scrum_chart["BOILING"]
    assert (normal[40].result, normal[40].chippiness) == ("players separated", 0)
    assert (normal[41].result, normal[41].chippiness) == ("words exchanged", 1)
    assert (normal[98].result, normal[98].chippiness) == ("gloves off, linesmen in", 3)
    assert (boiling[10].result, boiling[11].result) == ("players separated", "words exchanged")
    assert boiling.chance(boiling[79]) == Fraction(22, 100)
    assert model.scrum_chart["HOT"][86].result == "sticks up"


def test_agitator_scenario_edges(model):
    """README §4.1: "1-35 chirping … 83-92 embellished fall · 93-100 jab at the goalie"; "a
    jab at the goalie brings a fight when the retaliator retaliates, every other one a
    minor"."""
    chart = model.agitator_scenario
    assert [(chart[n].scenario, chart[n].on_retaliation) for n in (35, 36, 92, 93)] == [
        ("chirping", "penalty"),
        ("slash at the ankles", "penalty"),
        ("embellished fall", "penalty"),
        ("jab at the goalie", "fight"),
    ]
    assert [row.on_retaliation for row in chart.rows].count("fight") == 1
