"""BLADE's race-stage charts against real World Cup racing (issue 12): `check` sets each
race-ending result beside the rate counted from real result sheets (sheet RealRates), warns at
the chart cell when the two are far apart, and the retuned charts give exactly the chances
their ranges say. The bonus reading is a Settings choice."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import column, place, records, row_where
from openpyxl.workbook.workbook import Workbook

from authoring.findings import Finding
from authoring.game import Game, get_game
from authoring.games.blade.consistency import (
    FAR_FACTOR,
    DrawChances,
    _per_skater_race,
    check,
)
from authoring.games.blade.model import Blade, build_model
from authoring.games.blade.timing import LETTERS
from authoring.report import Figures
from authoring.validate import validate_workbook

GAME = "blade"
REAL = "Stage-chart results against real World Cup racing (exact, from the deck and charts)"
BONUS = (
    "Fast start, good position, burst of speed: what a bonus is worth under each reading (exact)"
)
README = Path(__file__).resolve().parents[1] / "content" / "blade" / "README.md"

Edit = Callable[[Workbook], None]


@pytest.fixture(scope="module")
def book(game: Game) -> Workbook:
    """The shipped workbook, read once, for finding cells; never saved."""
    return openpyxl.load_workbook(game.workbook)


@pytest.fixture
def copy_of(game: Game, tmp_path: Path) -> Callable[[Edit], Blade]:
    """The model of a copy of the shipped workbook after `edit`."""

    def make(edit: Edit) -> Blade:
        copy = openpyxl.load_workbook(game.workbook)
        edit(copy)
        path = tmp_path / game.workbook_name
        copy.save(path)
        result = validate_workbook(path, get_game(GAME))
        assert result.ok, [f.as_text() for f in result.findings]
        return build_model(result.tables)

    return make


def figure(findings_and_figures: tuple[list[Finding], list[Figures]], title: str) -> Figures:
    [found] = [f for f in findings_and_figures[1] if f.title == title]
    return found


def checked(model: Blade) -> tuple[list[Finding], list[Figures]]:
    report = check(model, seed=12)
    return report.findings, report.figures


def real_rows(model: Blade) -> dict[str, tuple[Any, ...]]:
    return {row[0]: row for row in figure(checked(model), REAL).rows}


def sheet_rows(book: Workbook, sheet: str) -> list[dict[str, Any]]:
    return [values for _, values in records(book[sheet])]


def test_shipped_charts_sit_near_every_real_rate(model, book):
    """The issue: "compare frequencies with real-world rates you can cite". Every rate on the
    RealRates sheet is printed beside the charts' own, and the retuned charts are within a
    factor of two of each, so the shipped data raises no warning about them."""
    findings, _ = checked(model)
    assert [f for f in findings if f.code == "real-rate"] == []
    rows = real_rows(model)
    real = {r["outcome"].replace("_", " "): r for r in sheet_rows(book, "RealRates")}
    assert set(rows) == set(real) == {"disqualified", "damaged skate", "fall"}
    for outcome, row in rows.items():
        counted = real[outcome]
        assert row[2] == f"{counted['count'] / counted['starts']:.2%}"
        assert row[3] == f"{counted['count']} of {counted['starts']}"
        assert row[4] == counted["source"]
        assert row[6] == "near"
    assert rows["disqualified"][1:4] == ("0.99%", "0.63%", "13 of 2072")
    assert rows["damaged skate"][1:4] == ("1.00%", "0.63%", "13 of 2072")
    assert rows["fall"][1:4] == ("0.34%", "0.29%", "6 of 2072")


def test_every_source_tag_is_named_in_the_data_readme(book):
    """A real rate is only as good as its source: each tag on RealRates has its full reference
    in the data README."""
    readme = README.read_text(encoding="utf-8")
    tags = {r["source"] for r in sheet_rows(book, "RealRates")}
    assert tags
    assert [tag for tag in tags if f"`{tag}`" not in readme] == []


def test_a_widened_disqualification_band_is_far_and_warned_at_its_cell(book, copy_of):
    """Seed 000, the mid-race chart: "The result will either be a disqualification, a stumble,
    a skater getting good position, a possible fall, or no effect." Widening its
    disqualification to 1-3 disqualifies 2.97 % of skaters, more than twice the real 0.63 %,
    and the warning names the chart row's outcome cell."""
    charts = book["StageCharts"]
    dq_row = row_where(charts, chart="mid_race", outcome="disqualified")
    assert charts[f"{column(charts, 'to')}{dq_row}"].value == 1

    def widen(copy: Workbook) -> None:
        copy["StageCharts"][f"{column(charts, 'to')}{dq_row}"] = 3
        copy["StageCharts"][f"{column(charts, 'from')}{dq_row + 1}"] = 4

    wider = copy_of(widen)
    findings, figures = checked(wider)
    warned = [f for f in findings if f.code == "real-rate"]
    assert [place(f) for f in warned] == [
        ("real-rate", "StageCharts", f"{column(charts, 'outcome')}{dq_row}", "warning")
    ]
    assert warned[0].message == (
        "the charts give a disqualification in 2.97% of skater-races, far from the 0.63% of "
        "real racing (13 of 2072 starts, ISU-WC-2025/26)"
    )
    row = {r[0]: r for r in figure((findings, figures), REAL).rows}["disqualified"]
    # 3/100 of the 99/100 still racing at mid-race, against 13/2072: 4.73 times the real rate.
    assert (row[1], row[5], row[6]) == ("2.97%", "4.73", "far")


def test_a_result_no_chart_gives_is_far_and_warned_on_the_sheet(book, copy_of):
    """A real rate with nothing on the charts to match it is as far as it gets: no range to
    point at, so the warning names the StageCharts sheet."""
    charts = book["StageCharts"]
    dq_row = row_where(charts, chart="mid_race", outcome="disqualified")

    def stumble_instead(copy: Workbook) -> None:
        copy["StageCharts"][f"{column(charts, 'outcome')}{dq_row}"] = "stumble"

    findings, _ = checked(copy_of(stumble_instead))
    assert [place(f) for f in findings if f.code == "real-rate"] == [
        ("real-rate", "StageCharts", None, "warning")
    ]


def test_retuned_chances_follow_exactly_from_the_chart_ranges(model, book):
    """Seed 000: the start chart's result "will either be no effect, a fast start for the
    skater, a damaged skate (forcing the skater to withdraw from the race), or a stumble".
    Each middle number 1-100 is on one card, so a range of n numbers comes up n times in 100;
    a skater whose skate broke at the start draws no later chart. The retuned charts hold one
    disqualification number (mid-race) and one damaged-skate number (start)."""
    draws = DrawChances(model)
    widths: dict[tuple[str, str], int] = {}
    for row in sheet_rows(book, "StageCharts"):
        key = (row["chart"], row["outcome"])
        widths[key] = widths.get(key, 0) + row["to"] - row["from"] + 1
    for (stage, outcome), width in widths.items():
        assert draws.outcome(stage, outcome) == Fraction(width, 100)
    assert widths[("start", "damaged_skate")] == 1
    assert widths[("mid_race", "disqualified")] == 1
    assert ("final_lap", "disqualified") not in widths
    # Nothing at the start ends a race but the damaged skate, whatever the FALL rating.
    assert {draws.stage_reached(n)["mid_race"] for n in range(1, 13)} == {Fraction(99, 100)}
    assert _per_skater_race(model, draws, "disqualified") == Fraction(99, 10_000)
    assert _per_skater_race(model, draws, "damaged_skate") == Fraction(1, 100)
    # A FALL rating n turns a possible fall into a fall n times in 100 (1: ten times).
    falls = _per_skater_race(model, draws, "fall")
    assert float(falls) == pytest.approx(0.0034, abs=5e-5)
    real = {r["outcome"]: Fraction(r["count"], r["starts"]) for r in sheet_rows(book, "RealRates")}
    assert Fraction(1, FAR_FACTOR) <= Fraction(99, 10_000) / real["disqualified"] <= FAR_FACTOR


def test_bonus_reading_is_a_settings_choice(model, book, copy_of):
    """Seed 000: "If the active skater's highest rating is equal to the given grade, he/she
    draws another 1-100 card, reading the second digit." Read as 'equal', a grade draw of 20
    letters pays off one time in 20 for anyone; read as 'equal or better' (the Settings), it
    pays off for a skater rated A every time and for one rated T one time in 20."""
    settings = book["Settings"]
    assert settings[f"{column(settings, 'bonus_grade_match')}2"].value == "equal_or_better"
    draws = DrawChances(model)
    assert draws.bonus(LETTERS.index("A")) == 1
    assert draws.bonus(LETTERS.index("J")) == Fraction(11, 20)
    assert draws.bonus(LETTERS.index("T")) == Fraction(1, 20)
    # The seed's own example: a skater rated E who draws 92 gets the bonus under both.
    grade = next(s.value for s in model.grade_draw if s.first <= 92 <= s.last)
    assert grade == LETTERS.index("E")
    assert model.bonus_counts(grade, LETTERS.index("E"))
    assert model.bonus_counts(grade, LETTERS.index("B"))
    assert not model.bonus_counts(grade, LETTERS.index("F"))

    def equal(copy: Workbook) -> None:
        copy["Settings"][f"{column(settings, 'bonus_grade_match')}2"] = "equal"

    literal = copy_of(equal)
    assert {DrawChances(literal).bonus(n) for n in range(20)} == {Fraction(1, 20)}
    assert literal.bonus_counts(grade, LETTERS.index("E"))
    assert not literal.bonus_counts(grade, LETTERS.index("B"))
    rows = {row[0]: row for row in figure(checked(literal), BONUS).rows}
    assert set(rows) == {"equal (Settings)", "equal_or_better"}
    # Read to the letter the three bonuses are worth under a thousandth of a second a race.
    assert abs(float(rows["equal (Settings)"][3])) < 0.001
    assert abs(float(rows["equal_or_better"][3])) > 0.005
