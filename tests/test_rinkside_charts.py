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
from authoring.games.rinkside.model import (
    AT_OR_BELOW,
    CHART_KEYS,
    CHARTS,
    Chart,
    Rinkside,
    build_model,
)
from authoring.games.rinkside.texttables import TILINGS
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
    "AgitatorLocator": 11,
    "AgitatorRequired": 6,
    "FightCheck": 3,
    "FighterLocator": 6,
    "FightResult": 8,
    "FightExtras": 6,
    "ThirdManIn": 4,
    "Discipline": 24,
    "GoalDescriptions": 70,
    "GoalieReactions": 10,
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
    assert list(model.agitator_locator) == ["agitator", "retaliator"]
    assert list(model.discipline) == [1, 2, 3, 4, 5, 6]


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
        "AgitatorRequired": model.agitator_required,
        "FightCheck": model.fight_check,
        "FighterLocator": model.fighter_locator,
        "FightExtras": model.fight_extras,
        "ThirdManIn": model.third_man_in,
        "GoalieReactions": model.goalie_reactions,
    }
    charts |= {f"PenaltyChart {key}": chart for key, chart in model.penalty_chart.items()}
    charts |= {f"ScrumChart {key}": chart for key, chart in model.scrum_chart.items()}
    charts |= {f"AgitatorLocator {key}": chart for key, chart in model.agitator_locator.items()}
    charts |= {f"Discipline A/E {key}": chart for key, chart in model.discipline.items()}
    charts |= {f"GoalDescriptions {key}": chart for key, chart in model.goal_descriptions.items()}
    charts |= {f"FightResult {key}": chart for key, chart in model.fight_result.items()}
    return charts


def test_every_number_reads_exactly_one_row_and_the_chances_sum_to_one(model):
    """README §8.5: each chart's ranges tile "1-100 for #100 and Black #100, 1-20 for blue"
    for each key, no gap, no overlap."""
    for name, chart in _charts(model).items():
        assert chart.end == (20 if name.startswith("FightResult") else 100), name
        for drawn in range(1, chart.end + 1):
            row = chart[drawn]
            assert row.lo <= drawn <= row.hi, name
        assert sum(chart.chance(row) for row in chart.rows) == 1, name
        with pytest.raises(KeyError):
            chart[chart.end + 1]
        with pytest.raises(KeyError):
            chart[0]


def _second_lo(book: openpyxl.Workbook, sheet: str) -> str:
    """The `lo` cell of the sheet's second data row (the first row's neighbour in its key)."""
    [(_, values)] = records(book[sheet])[1:2]
    return cell_where(book[sheet], "lo", lo=values["lo"], **_key(sheet, values))


def _key(sheet: str, values: dict[str, object]) -> dict[str, object]:
    key = CHART_KEYS.get(sheet) or TILINGS.get(sheet, ("", None))[1]
    return {key: values[key]} if key else {}


@pytest.mark.parametrize("sheet", [*DESIGNED_ROWS, *TILINGS])
@pytest.mark.parametrize(("shift", "code"), [(1, "range-gap"), (-1, "range-overlap")])
def test_a_moved_range_start_is_caught_at_its_lo_cell(check, sheet, shift, code):
    """README §8.5: a gap or an overlap is reported "at the offending row's `lo` cell", in a
    chart or a tiling text table (§4.2)."""
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
    """README §4.1: AssistCount, Left #100 "1-4 one assist · 5-100 two assists" (README
    §11.20); AssistRank, Right #100 "1-40 highest · 41-68 2nd · 69-88 3rd · 89-100 4th"."""
    count, rank = model.assist_count, model.assist_rank
    assert (count.number, rank.number) == ("left100", "right100")
    assert [count[n].assists for n in (1, 4, 5, 100)] == [1, 1, 2, 2]
    assert [rank[n].from_highest for n in (40, 41, 68, 69, 88, 89)] == [1, 2, 2, 3, 3, 4]
    assert count.chance(count[5]) == Fraction(96, 100)


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
    """README §4.1's ScrumChart: "players separated +0: BOILING 1-10"; "gloves off, linesmen
    in +3: BOILING 79-100"; NORMAL and AGITATED calmed by the calibration (README §11.18:
    NORMAL separated 1-70, words 71-88, shoving 89-95, face-wash 96-98, sticks up 99, gloves
    off 100; AGITATED 1-55, 56-78, 79-89, 90-95, 96-98, 99-100)."""
    normal, agitated = model.scrum_chart["NORMAL"], model.scrum_chart["AGITATED"]
    boiling = model.scrum_chart["BOILING"]
    assert [(normal[n].result, normal[n].chippiness) for n in (70, 71, 88, 89, 99, 100)] == [
        ("players separated", 0),
        ("words exchanged", 1),
        ("words exchanged", 1),
        ("shoving", 1),
        ("sticks up", 2),
        ("gloves off, linesmen in", 3),
    ]
    assert normal.chance(normal[100]) == Fraction(1, 100)
    assert [agitated[n].result for n in (55, 56, 95, 96, 98, 99)] == [
        "players separated",
        "words exchanged",
        "face-wash",
        "sticks up",
        "sticks up",
        "gloves off, linesmen in",
    ]
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


def test_agitator_locator_and_required_edges(model):
    """README §4.1: agitator side "1-50 AGI … 91-100 RD" on Left #100; retaliator side "1-20
    C · 21-40 LW … 81-100 RD" on Right #100; AgitatorRequired "1-10 [1] · 11-25 [2] … 91-100
    [6]"."""
    agitator, retaliator = model.agitator_locator["agitator"], model.agitator_locator["retaliator"]
    assert (agitator.number, retaliator.number) == ("left100", "right100")
    assert [agitator[n].who for n in (1, 50, 51, 90, 91, 100)] == [
        "AGI",
        "AGI",
        "C",
        "LD",
        "RD",
        "RD",
    ]
    assert [retaliator[n].who for n in (20, 21, 40, 41, 80, 81)] == [
        "C",
        "LW",
        "LW",
        "RW",
        "LD",
        "RD",
    ]
    assert agitator.chance(agitator[1]) == Fraction(1, 2)
    required = model.agitator_required
    assert required.number == "left100"
    assert [required[n].required for n in (10, 11, 25, 26, 50, 51, 75, 76, 90, 91)] == [
        1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
    ]  # fmt: skip


def test_fight_card_edges(model):
    """README §4.1's Fight Card: FightCheck a fight if both teams have a skater with A/E <= 2 on the
    ice, a long stare with chippiness +1, a long stare that adds nothing (the ranges moved by the
    calibration, README §11.18: 1-5, 6-15, 16-100); FighterLocator "71-85 [4] · 86-92 [1][L] ·
    93-100 [2][L]"; FightResult, per who holds the advantage (the Fight Card's "Higher or Lower
    Advantage section", L1226), lower A/E "1-6 decisive win · 7-14 win · 15-18 draw · 19-20 the
    other fighter wins" and higher A/E "1-3 decisive win · 4-10 win · 11-16 draw · 17-20 upset",
    chippiness "decisive win -2, win -1, draw +1, upset +2"; FightExtras "12 brawl, two more fights
    · 13 brawl, three more · 14 full brawl · 15-100 nothing more"; ThirdManIn "1-40 highest · 41-70
    2nd · 71-90 3rd · 91-100 4th"."""
    check = model.fight_check
    assert [(check[n].result, check[n].chippiness) for n in (5, 6, 15, 16)] == [
        ("fight", 0),
        ("long stare", 1),
        ("long stare", 1),
        ("long stare", 0),
    ]
    assert check.chance(check[1]) == Fraction(1, 20)
    locator = model.fighter_locator
    assert [(locator[n].sought, locator[n].lowest) for n in (85, 86, 92, 93)] == [
        (4, False),
        (1, True),
        (1, True),
        (2, True),
    ]
    lower, higher = model.fight_result["lower"], model.fight_result["higher"]
    assert lower.number == higher.number == "blue_right"
    assert [(lower[n].result, lower[n].chippiness) for n in (6, 7, 14, 15, 18, 19, 20)] == [
        ("decisive win", -2),
        ("win", -1),
        ("win", -1),
        ("draw", 1),
        ("draw", 1),
        ("upset", 2),
        ("upset", 2),
    ]
    assert [higher[n].result for n in (3, 4, 10, 11, 16, 17)] == [
        "decisive win",
        "win",
        "win",
        "draw",
        "draw",
        "upset",
    ]
    assert lower.chance(lower[7]) == Fraction(8, 20)
    assert higher.chance(higher[17]) == Fraction(4, 20)
    extras = model.fight_extras
    assert [extras[n].extra for n in (8, 9, 11, 12, 13, 14, 15)] == [
        "instigator",
        "third man in",
        "third man in",
        "brawl, two more fights",
        "brawl, three more fights",
        "full brawl",
        "nothing more",
    ]
    assert extras.chance(extras[14]) == Fraction(1, 100)
    third = model.third_man_in
    assert [third[n].from_highest for n in (40, 41, 70, 71, 90, 91)] == [1, 2, 2, 3, 3, 4]


def test_discipline_edges_per_ae(model):
    """README §4.1's Discipline: A/E 1 "1-50 · 51-75 · 76-92 · 93-100"; A/E 6 "1-92 · 93-98 ·
    99 · 100" (none, 1 game, 2-3 games, 4-10 games)."""
    first, sixth = model.discipline[1], model.discipline[6]
    assert [first[n].suspension for n in (50, 51, 75, 76, 92, 93)] == [
        "none",
        "1 game",
        "1 game",
        "2 to 3 games",
        "2 to 3 games",
        "4 to 10 games",
    ]
    assert [sixth[n].suspension for n in (92, 93, 98, 99, 100)] == [
        "none",
        "1 game",
        "1 game",
        "2 to 3 games",
        "4 to 10 games",
    ]
    assert sixth.chance(sixth[100]) == Fraction(1, 100)


def test_a_blue_chart_tiles_1_to_20(check):
    """README §8.5: a blue chart tiles "1-20 for blue": the lower A/E's FightResult "19-20
    the other fighter wins" ending at 19 leaves 20 unread, and a range past 20 is refused."""
    book = openpyxl.load_workbook(GAME.workbook)
    cell = cell_where(book["FightResult"], "hi", advantage="lower", hi=20)

    def short(book: openpyxl.Workbook) -> None:
        book["FightResult"][cell] = 19

    def long(book: openpyxl.Workbook) -> None:
        book["FightResult"][cell] = 21

    short_of_20 = check(short)
    assert found(short_of_20, "range-gap") == [("FightResult", cell)]
    assert "20 not covered" in short_of_20.findings[0].as_text()
    assert [(f.sheet, f.cell) for f in check(long).findings] == [("FightResult", cell)]


def test_the_at_or_below_ranges_per_intensity(model):
    """README §4.1: CoincidentalRange on the Right blue, CoolerHeads on Black #100, both at or
    below a number that grows with the intensity: hotter games make coincidental minors and
    resets more likely (the numbers the calibration's, README §11.18 and §11.23:
    CoincidentalRange "NORMAL none · AGITATED 1-2 · HOT 1-3 · BOILING 1-4", CoolerHeads
    "NORMAL 1-85 · AGITATED 1-90 · HOT 1-95 · BOILING 1-100")."""
    book = openpyxl.load_workbook(GAME.workbook)
    assert {sheet: len(records(book[sheet])) for sheet in AT_OR_BELOW} == {
        "CoincidentalRange": 4,
        "CoolerHeads": 4,
    }
    coincidental, cooler = model.coincidental_range, model.cooler_heads
    assert [coincidental[i].chance for i in ("NORMAL", "AGITATED", "HOT", "BOILING")] == [
        0,
        Fraction(2, 20),
        Fraction(3, 20),
        Fraction(4, 20),
    ]
    assert not any(blue in coincidental["NORMAL"] for blue in range(1, 21))
    assert (2 in coincidental["AGITATED"], 3 in coincidental["AGITATED"]) == (True, False)
    assert (85 in cooler["NORMAL"], 86 in cooler["NORMAL"], 100 in cooler["BOILING"]) == (
        True,
        False,
        True,
    )
    assert cooler["HOT"].chance == Fraction(95, 100)


@pytest.mark.parametrize("sheet", AT_OR_BELOW)
def test_a_second_range_for_one_intensity_is_caught_at_its_cell(check, sheet):
    """README §1: these sheets are keyed by `intensity`, one range each; a copy giving HOT
    twice is a duplicate at the second HOT's cell, and leaves BOILING without a range."""
    book = openpyxl.load_workbook(GAME.workbook)
    cell = cell_where(book[sheet], "intensity", intensity="BOILING")

    def twice(book: openpyxl.Workbook) -> None:
        book[sheet][cell] = "HOT"

    validation = check(twice)
    assert found(validation, "duplicate") == [(sheet, cell)]
    assert sorted(f.code for f in validation.findings) == ["duplicate", "missing-intensity"]
    [missing] = [f for f in validation.findings if f.code == "missing-intensity"]
    assert (missing.sheet, "no range for BOILING" in missing.as_text()) == (sheet, True)


@pytest.mark.parametrize("sheet", AT_OR_BELOW)
def test_a_range_that_runs_backwards_is_caught_at_its_top(check, sheet):
    """README §4.1: an at-or-below range runs from lo up to hi; a copy whose HOT range is
    written 3 to 2 would read as no range at all, so it is an error at its hi cell, naming
    the way to write none (hi 0)."""
    book = openpyxl.load_workbook(GAME.workbook)
    lo = cell_where(book[sheet], "lo", intensity="HOT")
    hi = cell_where(book[sheet], "hi", intensity="HOT")

    def backwards(book: openpyxl.Workbook) -> None:
        book[sheet][lo], book[sheet][hi] = 3, 2

    validation = check(backwards)
    assert found(validation, "range-reversed") == [(sheet, hi)]
    [finding] = validation.findings
    assert "range 3-2 runs backwards" in finding.as_text()
    assert finding.expected == "hi at or above lo, or hi 0 for no range"


def test_momentum_tables_hold_the_seeds_values(model):
    """README §4.1, the seed's values: levels "1-2 MOMENTUM, 3-4 LEVEL 1, 5-8 LEVEL 2, 9-12
    LEVEL 3, 13+ LEVEL 4"; points "big hit +1 … goal +2 … great save +3 … 5-on-3 kill +4";
    §5.3: a shift drops the other team to 0 and lifts the gainer to at least 5, "the bottom of
    LEVEL 2"."""
    assert [model.momentum_level(points) for points in (0, 1, 2, 3, 4, 5, 8, 9, 12, 13, 40)] == [
        None,
        "MOMENTUM",
        "MOMENTUM",
        "LEVEL 1",
        "LEVEL 1",
        "LEVEL 2",
        "LEVEL 2",
        "LEVEL 3",
        "LEVEL 3",
        "LEVEL 4",
        "LEVEL 4",
    ]
    assert model.momentum_points == {
        "big hit": 1,
        "momentum bump": 1,
        "penalty kill": 2,
        "goal": 2,
        "agitator not answered": 2,
        "great save": 3,
        "breakaway save": 3,
        "agitator draws a penalty": 3,
        "5-on-3 kill": 4,
    }
    assert list(model.momentum_shifts) == [
        "win fight",
        "go-ahead goal in the 3rd",
        "tying goal late in the 3rd",
    ]
    for shift in model.momentum_shifts.values():
        assert (shift.other_points, shift.gaining_at_least) == (0, 5)
        assert model.momentum_level(shift.gaining_at_least) == "LEVEL 2"


def _level_cell(book: openpyxl.Workbook, header: str, level: str) -> str:
    return cell_where(book["MomentumLevels"], header, level=level)


@pytest.mark.parametrize(
    ("header", "level", "value", "code"),
    [
        ("lo", "LEVEL 2", 6, "range-gap"),  # 5 points show no level
        ("lo", "LEVEL 2", 4, "range-overlap"),  # 4 points show two
        ("hi", "LEVEL 3", None, "range-open"),  # LEVEL 4 sits above an open level
        ("hi", "LEVEL 4", 20, "range-closed"),  # 21 points show none
    ],
)
def test_a_momentum_level_out_of_step_is_caught_at_its_cell(check, header, level, value, code):
    """README §8.5: "Momentum levels tile 1-∞ (last row open)"."""
    cell = _level_cell(openpyxl.load_workbook(GAME.workbook), header, level)

    def edit(book: openpyxl.Workbook) -> None:
        book["MomentumLevels"][cell] = value

    validation = check(edit)
    assert found(validation, code) == [("MomentumLevels", cell)]
    assert [f.code for f in validation.findings] == [code]


@pytest.mark.parametrize("sheet", ["MomentumPoints", "MomentumShifts"])
def test_a_momentum_play_given_twice_is_caught_at_its_cell(check, sheet):
    """README §1: MomentumPoints and MomentumShifts are keyed by `play`."""
    book = openpyxl.load_workbook(GAME.workbook)
    [(_, first), (_, second)] = records(book[sheet])[:2]
    cell = cell_where(book[sheet], "play", play=second["play"])

    def twice(book: openpyxl.Workbook) -> None:
        book[sheet][cell] = first["play"]

    validation = check(twice)
    assert found(validation, "duplicate") == [(sheet, cell)]
    assert [f.code for f in validation.findings] == ["duplicate"]


def test_goal_descriptions_ten_per_goal_type_and_reviews_only_where_disputable(model):
    """README §4.1: GoalDescriptions, Left #100 "by goal type ∈ {rebound, set_up, breakaway,
    rush, point_shot, deflection, screen}; 10 rows of 10 each; column `text`, ≤ 60
    characters … `review` bool on deflection and screen rows whose text invites a goal
    review"; GoalieReactions, Right #100, 10 rows."""
    descriptions = model.goal_descriptions
    assert list(descriptions) == [
        "rebound",
        "set_up",
        "breakaway",
        "rush",
        "point_shot",
        "deflection",
        "screen",
    ]
    for goal_type, chart in descriptions.items():
        assert chart.number == "left100"
        assert [(row.lo, row.hi) for row in chart.rows] == [(n, n + 9) for n in range(1, 100, 10)]
        assert all(0 < len(row.text) <= 60 for row in chart.rows), goal_type
        assert len({row.text for row in chart.rows}) == 10, goal_type
    reviewed = {
        goal_type for goal_type, chart in descriptions.items() for row in chart.rows if row.review
    }
    assert reviewed == {"deflection", "screen"}
    assert descriptions["deflection"][11] == descriptions["deflection"][20]
    reactions = model.goalie_reactions
    assert reactions.number == "right100"
    assert reactions[1] != reactions[11]
    assert reactions.chance(reactions[100]) == Fraction(1, 10)


def test_a_review_outside_deflection_and_screen_is_caught_at_its_cell(check):
    """README §4.1: `review` belongs on "deflection and screen rows" only; a rebound marked
    for review is an error at its `review` cell."""
    book = openpyxl.load_workbook(GAME.workbook)
    cell = cell_where(book["GoalDescriptions"], "review", goal_type="rebound", lo=1)

    def review(book: openpyxl.Workbook) -> None:
        book["GoalDescriptions"][cell] = True

    validation = check(review)
    assert found(validation, "review-not-reviewable") == [("GoalDescriptions", cell)]
    assert [f.code for f in validation.findings] == ["review-not-reviewable"]


def test_a_goal_description_over_60_characters_is_refused(check):
    """README §4.1: the goal text is "≤ 60 characters" (it is printed on the kit's chart)."""
    book = openpyxl.load_workbook(GAME.workbook)
    cell = cell_where(book["GoalDescriptions"], "text", goal_type="rush", lo=1)

    def lengthen(book: openpyxl.Workbook) -> None:
        book["GoalDescriptions"][cell] = "x" * 61

    assert [(f.sheet, f.cell) for f in check(lengthen).findings] == [("GoalDescriptions", cell)]
