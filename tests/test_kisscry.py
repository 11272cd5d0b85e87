"""KISS & CRY on its real workbook: the shipped file is clean, each kind of mistake a designer
can make in a copy is reported at its exact cell, and the commands built on the data (derive,
check, simulate) behave."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import (
    cell_where,
    column,
    places,
    records,
    row_where,
    rows_where,
    sha256,
    texts,
    values_at,
)
from openpyxl.workbook.workbook import Workbook

from authoring.cli import main
from authoring.game import Game, get_game
from authoring.games.kisscry.competition import Program
from authoring.games.kisscry.model import SCORES, KissCry, Scores, build_model
from authoring.validate import Validation, validate_workbook

Edit = Callable[[Workbook], None]

# README, "The seed's worked example".
EXAMPLE = ("maelle_rousseau", "europeans")
TILING = "ranges covering number 1 to 100"


@pytest.fixture(scope="module")
def game() -> Game:
    return get_game("kisscry")


@pytest.fixture(scope="module")
def shipped(game: Game) -> Path:
    return game.workbook


@pytest.fixture(scope="module")
def book(shipped: Path) -> Workbook:
    """The shipped workbook, read once, for finding cells; never saved."""
    return openpyxl.load_workbook(shipped)


@pytest.fixture(scope="module")
def baseline(game: Game, shipped: Path) -> Validation:
    return validate_workbook(shipped, game)


@pytest.fixture(scope="module")
def model(baseline: Validation) -> KissCry:
    return build_model(baseline.tables)


@pytest.fixture
def mutated(shipped: Path, tmp_path: Path) -> Callable[..., Path]:
    """A copy of the shipped workbook with `edit` applied, saved under tmp_path."""

    def make(edit: Edit, name: str = "kisscry.xlsx") -> Path:
        copy = openpyxl.load_workbook(shipped)
        edit(copy)
        path = tmp_path / name
        copy.save(path)
        return path

    return make


@pytest.fixture
def check(game: Game, mutated: Callable[..., Path]) -> Callable[[Edit], Validation]:
    def run(edit: Edit) -> Validation:
        return validate_workbook(mutated(edit), game)

    return run


# --- locating cells in the real workbook -------------------------------------------------


def seasons(book: Workbook) -> dict[str, list[int]]:
    """Each skater's Results rows, in the sheet's order."""
    found: dict[str, list[int]] = {}
    for row, values in records(book["Results"]):
        found.setdefault(values["skater"], []).append(row)
    return found


def chart_rows(book: Workbook, skater: str) -> list[int]:
    charts = book["Charts"]
    return sorted(rows_where(charts, skater=skater), key=lambda r: values_at(charts, r)["from"])


# --- the shipped workbook ----------------------------------------------------------------


def test_shipped_workbook_has_no_findings(game, baseline):
    assert baseline.findings == [], texts(baseline)
    assert baseline.ok
    assert set(baseline.tables) == set(game.sheets)


def test_an_unedited_copy_has_no_findings(check):
    result = check(lambda copy: None)
    assert result.findings == [], texts(result)


def test_shipped_sheets_have_the_readmes_row_counts(book):
    counts = {name: len(records(book[name])) for name in book.sheetnames}
    assert counts == {
        "Skaters": 36,
        "Competitions": 16,
        "Results": 144,
        "Charts": 158,
        "Deck": 100,
        "Modifiers": 11,
        "HomeJudge": 10,
        "LongProgram": 7,
        "Settings": 1,
        "Field": 24,
    }


# --- charts: the season's scores, equal shares -------------------------------------------


@pytest.mark.parametrize(
    ("name", "change", "shown", "actual"),
    [
        ("E", lambda v: round(v + 1.00, 2), "28.83", "27.83"),
        ("SS", lambda v: v + 0.25, "5.75", "5.5"),
        ("DED", lambda v: v + 1, "1", "0"),
    ],
    ids=["E-plus-one", "component", "deduction"],
)
def test_chart_score_the_skater_never_achieved(check, book, name, change, shown, actual):
    skater, competition = EXAMPLE
    charts = book["Charts"]
    cell = cell_where(charts, name, skater=skater, competition=competition)
    new = change(charts[cell].value)

    def edit(copy):
        copy["Charts"][cell] = new

    result = check(edit)
    assert places(result) == [("chart-score", "Charts", cell, "error")], texts(result)
    [finding] = result.findings
    assert finding.message == (
        f"{name} {shown} is not {skater}'s result at {competition} ({actual})"
    )
    assert finding.field == name
    assert finding.value == new
    assert finding.expected == actual


def test_two_shares_made_unequal(check, book):
    skater = EXAMPLE[0]
    charts = book["Charts"]
    first, second = chart_rows(book, skater)[1:3]
    assert (values_at(charts, first)["from"], values_at(charts, first)["to"]) == (26, 50)
    assert (values_at(charts, second)["from"], values_at(charts, second)["to"]) == (51, 75)
    to_cell = f"{column(charts, 'to')}{first}"
    from_cell = f"{column(charts, 'from')}{second}"

    def edit(copy):
        copy["Charts"][to_cell] = 51
        copy["Charts"][from_cell] = 52

    # Still a tiling of 1-100, so only the chart rule speaks: once for each band that moved,
    # each time at the band's `from` cell.
    result = check(edit)
    assert places(result) == [
        ("chart-shares", "Charts", f"{column(charts, 'from')}{first}", "error"),
        ("chart-shares", "Charts", from_cell, "error"),
    ], texts(result)
    assert [f.message for f in result.findings] == [
        f"{skater}'s range 26-51 should be 26-50: every event gets an equal share, in season order",
        f"{skater}'s range 52-75 should be 51-75: every event gets an equal share, in season order",
    ]
    assert [f.expected for f in result.findings] == ["26-50", "51-75"]
    assert {f.field for f in result.findings} == {"from"}


@pytest.mark.parametrize(
    ("value", "code", "message"),
    [
        (
            52,
            "range-gap",
            "{skater}: number 51 not covered (the range before ends at 50, this one starts at 52)",
        ),
        (
            54,
            "range-gap",
            "{skater}: number 51-53 not covered (the range before ends at 50, "
            "this one starts at 54)",
        ),
        (
            49,
            "range-overlap",
            "{skater}: range 49-75 overlaps the range before (row {before}), which ends at 50",
        ),
    ],
    ids=["gap", "wide-gap", "overlap"],
)
def test_chart_gap_or_overlap(check, book, value, code, message):
    skater = EXAMPLE[0]
    charts = book["Charts"]
    before, row = chart_rows(book, skater)[1:3]
    cell = f"{column(charts, 'from')}{row}"
    assert charts[cell].value == 51

    def edit(copy):
        copy["Charts"][cell] = value

    # The generic tiling check names the skater; the chart rule reports the same band.
    result = check(edit)
    assert places(result) == [
        (code, "Charts", cell, "error"),
        ("chart-shares", "Charts", cell, "error"),
    ], texts(result)
    tiling, shares = result.findings
    assert tiling.message == message.format(skater=skater, before=before)
    assert tiling.field == "from"
    assert tiling.value == value
    assert tiling.expected == TILING
    assert shares.message == (
        f"{skater}'s range {value}-75 should be 51-75: every event gets an equal share, "
        "in season order"
    )


def test_chart_row_deleted(check, book):
    skater = EXAMPLE[0]
    charts = book["Charts"]
    first, deleted, after, _ = chart_rows(book, skater)
    assert values_at(charts, deleted)["from"] == 26

    def edit(copy):
        copy["Charts"].delete_rows(deleted)

    # The band after moves up a row: the gap is reported there, the row count at her first.
    result = check(edit)
    assert places(result) == [
        ("chart-shares", "Charts", f"{column(charts, 'from')}{first}", "error"),
        ("range-gap", "Charts", f"{column(charts, 'from')}{after - 1}", "error"),
    ], texts(result)
    shares, gap = result.findings
    assert shares.message == (
        f"{skater}'s chart has 3 row(s); her 4 event(s) need 4 (one equal share each)"
    )
    assert shares.expected == "4 rows"
    assert gap.message == (
        f"{skater}: number 26-50 not covered (the range before ends at 25, this one starts at 51)"
    )


def test_draw_again_row_deleted(check, book):
    charts = book["Charts"]
    skater = next(s for s, rows in seasons(book).items() if len(rows) == 3)
    *events, draw_again = chart_rows(book, skater)
    assert values_at(charts, draw_again) == {
        "skater": skater,
        "competition": None,
        "from": 100,
        "to": 100,
        **dict.fromkeys(SCORES),
    }

    def edit(copy):
        copy["Charts"].delete_rows(draw_again)

    result = check(edit)
    assert places(result) == [
        ("chart-shares", "Charts", f"{column(charts, 'from')}{events[0]}", "error"),
        ("range-gap", "Charts", f"{column(charts, 'to')}{events[-1]}", "error"),
    ], texts(result)
    shares, gap = result.findings
    assert shares.message == (
        f"{skater}'s chart has 3 row(s); her 3 event(s) need 4 (one equal share each, "
        "then a draw-again band)"
    )
    # The end-of-range message of the core tiling check prints a one-number gap as n-n.
    assert gap.message == f"{skater}: number 100 not covered"
    assert gap.field == "to"


def test_shipped_charts_tile_one_to_a_hundred_in_equal_shares(book):
    spans: dict[str, list[tuple[int, int]]] = {}
    for _, values in records(book["Charts"]):
        spans.setdefault(values["skater"], []).append((values["from"], values["to"]))
    assert set(spans) == set(seasons(book))
    for skater, ranges in spans.items():
        events = len(seasons(book)[skater])
        share = 100 // events
        bands = [(i * share + 1, (i + 1) * share) for i in range(events)]
        if share * events < 100:
            bands.append((share * events + 1, 100))
        assert ranges == bands, skater


# --- scales ------------------------------------------------------------------------------


@pytest.mark.parametrize(("sheet", "blank"), [("Results", ""), ("Charts", ", or blank")])
@pytest.mark.parametrize(
    ("name", "value", "code", "message"),
    [
        (
            "IN",
            10.25,
            "out-of-range",
            "IN 10.25 is out of range (expected a number from 0.25 to 10 in steps of 0.25{blank})",
        ),
        (
            "DED",
            -1,
            "out-of-range",
            "DED -1 is out of range (expected a whole number from 0 to 4{blank})",
        ),
    ],
    ids=["above-ten", "negative-deduction"],
)
def test_score_off_the_scale(check, book, sheet, blank, name, value, code, message):
    skater, competition = EXAMPLE
    cell = cell_where(book[sheet], name, skater=skater, competition=competition)

    def edit(copy):
        copy[sheet][cell] = value

    # One finding: the chart comparison stands aside while a cell is wrong. (On Charts the
    # scores may be blank, on the draw-again band.)
    result = check(edit)
    assert places(result) == [(code, sheet, cell, "error")], texts(result)
    [finding] = result.findings
    assert finding.message == message.format(blank=blank)
    assert finding.field == name
    assert finding.value == value


@pytest.mark.parametrize(("sheet", "blank"), [("Results", ""), ("Charts", ", or blank")])
def test_a_component_off_the_quarter_point_grid(check, book, sheet, blank):
    """5.3 is within 0.25-10, so the finding names the grid, not only the range. The
    components are quarter points so that 0.8 x their sum is exact to the hundredth (README):
    the schema's `multipleOf`, which the core says in words."""
    skater, competition = EXAMPLE
    cell = cell_where(book[sheet], "SS", skater=skater, competition=competition)

    def edit(copy):
        copy[sheet][cell] = 5.30

    # One finding: the chart comparison stands aside while a mark is off the grid.
    result = check(edit)
    assert places(result) == [("invalid-value", sheet, cell, "error")], texts(result)
    [finding] = result.findings
    expected = f"a number from 0.25 to 10 in steps of 0.25{blank}"
    assert finding.message == f"invalid SS 5.3 (expected {expected})"
    assert finding.field == "SS"


# --- the deck ----------------------------------------------------------------------------


@pytest.mark.parametrize("half", ["top", "bottom"])
def test_deck_number_on_two_cards(check, book, half):
    deck = book["Deck"]
    cards = records(deck)
    (first, first_card), (last, last_card) = cards[0], cards[-1]
    cell = f"{column(deck, half)}{last}"

    def edit(copy):
        copy["Deck"][cell] = first_card[half]

    result = check(edit)
    assert sorted(places(result), key=str) == sorted(
        [("deck-composition", "Deck", None, "error"), ("deck-composition", "Deck", cell, "error")],
        key=str,
    ), texts(result)
    by_cell = {f.cell: f for f in result.findings}
    assert by_cell[cell].message == (
        f"{half} number {first_card[half]} is on 2 cards (first in row {first})"
    )
    assert by_cell[cell].field == half
    assert by_cell[None].message == f"{half} numbers short of 1 card(s): {last_card[half]}"
    assert by_cell[None].field == half
    assert by_cell[None].expected == f"each {half} number 1-100 on 1 card(s)"


def test_shipped_deck_halves_are_permutations(book):
    cards = [values for _, values in records(book["Deck"])]
    for half in ("card", "top", "bottom"):
        assert sorted(card[half] for card in cards) == list(range(1, 101))
    assert not [card for card in cards if card["top"] == card["bottom"]]


# --- the 1-100 tables --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sheet", "start", "value", "before_from", "code", "message"),
    [
        (
            "Modifiers",
            6,
            7,
            3,
            "range-gap",
            "number 6 not covered (the range before ends at 5, this one starts at 7)",
        ),
        (
            "LongProgram",
            41,
            40,
            1,
            "range-overlap",
            "range 40-50 overlaps the range before (row {before}), which ends at 40",
        ),
        (
            "HomeJudge",
            51,
            53,
            41,
            "range-gap",
            "number 51-52 not covered (the range before ends at 50, this one starts at 53)",
        ),
    ],
    ids=["modifiers-gap", "long-program-overlap", "home-judge-gap"],
)
def test_table_gap_or_overlap(check, book, sheet, start, value, before_from, code, message):
    cell = cell_where(book[sheet], "from", **{"from": start})
    before = row_where(book[sheet], **{"from": before_from})

    def edit(copy):
        copy[sheet][cell] = value

    result = check(edit)
    assert places(result) == [(code, sheet, cell, "error")], texts(result)
    [finding] = result.findings
    assert finding.message == message.format(before=before)
    assert finding.field == "from"
    assert finding.value == value
    assert finding.expected == TILING


def test_shipped_tables_are_the_readmes(book):
    def table(sheet: str, value: str) -> list[tuple[int, int, Any]]:
        return [(v["from"], v["to"], v[value]) for _, v in records(book[sheet])]

    assert table("Modifiers", "hundredths") == [
        (1, 2, -5),
        (3, 5, -4),
        (6, 12, -3),
        (13, 24, -2),
        (25, 40, -1),
        (41, 60, 0),
        (61, 76, 1),
        (77, 88, 2),
        (89, 95, 3),
        (96, 98, 4),
        (99, 100, 5),
    ]
    assert table("HomeJudge", "points") == [
        (1, 10, 0.02),
        (11, 20, 0.04),
        (21, 30, 0.06),
        (31, 40, 0.10),
        (41, 50, 0.20),
        (51, 70, 0.40),
        (71, 90, 0.60),
        (91, 95, 0.70),
        (96, 99, 0.80),
        (100, 100, 0.90),
    ]
    assert table("LongProgram", "multiplier") == [
        (1, 40, 1.3),
        (41, 50, 1.4),
        (51, 60, 1.5),
        (61, 70, 1.55),
        (71, 80, 1.6),
        (81, 90, 1.7),
        (91, 100, 1.75),
    ]


def test_long_program_table_out_of_order(check, book):
    """The seed's table rises with the number: "1-40 1.3, 41-50 1.4, 51-60 1.5, 61-70 1.55".
    Swapping the equally wide 51-60 and 61-70 keeps the mean and breaks the order."""
    table = book["LongProgram"]
    lower = cell_where(table, "multiplier", **{"from": 51})
    higher = cell_where(table, "multiplier", **{"from": 61})
    row = row_where(table, **{"from": 51})

    def edit(copy):
        copy["LongProgram"][lower], copy["LongProgram"][higher] = 1.55, 1.5

    result = check(edit)
    assert places(result) == [("multiplier-order", "LongProgram", higher, "error")], texts(result)
    [finding] = result.findings
    assert finding.message == (
        f"multiplier 1.5 for 61-70 is below the 1.55 of the lower numbers 51-60 (row {row})"
    )
    assert finding.expected == "at least 1.55: multipliers rise with the number"


def test_long_program_mean_changed(check, book):
    """1.75 for 91-100 made 1.8 keeps the order and moves the mean from 1.47 to 1.475."""
    cell = cell_where(book["LongProgram"], "multiplier", **{"from": 91})
    setting = f"{column(book['Settings'], 'long_program_mean')}2"

    def edit(copy):
        copy["LongProgram"][cell] = 1.8

    result = check(edit)
    assert places(result) == [("long-program-mean", "Settings", setting, "error")], texts(result)
    [finding] = result.findings
    assert (
        finding.message
        == "the long-program multipliers average 1.475 over 1-100, not the 1.47 set here"
    )
    assert finding.expected == "1.475 if the table was retuned on purpose; else the table as it was"


def test_long_program_multipliers_swapped_as_in_the_issue(check, book):
    """Swapping 1.3 (1-40) and 1.75 (91-100) moves the mean to 1.605 and breaks the order."""
    table = book["LongProgram"]
    first = cell_where(table, "multiplier", **{"from": 1})
    last = cell_where(table, "multiplier", **{"from": 91})
    setting = f"{column(book['Settings'], 'long_program_mean')}2"

    def edit(copy):
        copy["LongProgram"][first], copy["LongProgram"][last] = 1.75, 1.3

    result = check(edit)
    second = cell_where(table, "multiplier", **{"from": 41})
    assert sorted(places(result)) == [
        ("long-program-mean", "Settings", setting, "error"),
        ("multiplier-order", "LongProgram", second, "error"),
        ("multiplier-order", "LongProgram", last, "error"),
    ], texts(result)
    [mean] = [f for f in result.findings if f.code == "long-program-mean"]
    assert (
        mean.message
        == "the long-program multipliers average 1.605 over 1-100, not the 1.47 set here"
    )


@pytest.mark.parametrize(
    ("doubles", "message"),
    [
        ("11 22 33 44 55 66 77 98 99", "98 is not a double"),
        ("10 22 33 44 55 66 77 88 98", "10 98 are not doubles"),
    ],
)
def test_home_judge_trigger_that_is_not_a_double(check, book, doubles, message):
    """The seed: "IF THE BOTTOM NUMBER IS A 'DOUBLE', (11, 22, 33...99) THEN THE HOMER JUDGE
    INFLUENCES THE SKATER'S SCORE"."""
    cell = f"{column(book['Settings'], 'home_judge_doubles')}2"

    def edit(copy):
        copy["Settings"][cell] = doubles

    result = check(edit)
    assert places(result) == [("not-a-double", "Settings", cell, "error")], texts(result)
    [finding] = result.findings
    assert finding.message == (
        f"{message}: the home judge acts on a bottom number with two equal digits"
    )
    assert finding.expected == "doubles from 11 to 99, like 11 22 33"


# --- season length -----------------------------------------------------------------------


def two_event_skater(book: Workbook) -> tuple[str, int, int]:
    """The first skater with two results: her name and the two Results rows."""
    skater, (first, second) = next((s, r) for s, r in seasons(book).items() if len(r) == 2)
    return skater, first, second


def test_skater_left_with_one_result_and_her_old_chart(check, book):
    skater, first, second = two_event_skater(book)
    results, charts = book["Results"], book["Charts"]

    def edit(copy):
        copy["Results"].delete_rows(first)

    # Her remaining result moves up a row; her chart still has two bands.
    result = check(edit)
    assert places(result) == [
        ("season-length", "Results", f"{column(results, 'skater')}{second - 1}", "error"),
        (
            "chart-shares",
            "Charts",
            f"{column(charts, 'from')}{chart_rows(book, skater)[0]}",
            "error",
        ),
    ], texts(result)
    length, shares = result.findings
    assert length.message == f"{skater} has 1 event(s); a chart needs 2 to 6"
    assert length.field == "skater"
    assert length.expected == "2 to 6 events"
    assert (
        shares.message
        == f"{skater}'s chart has 2 row(s); her 1 event(s) need 1 (one equal share each)"
    )


def test_skater_left_with_one_result_and_a_chart_to_match(check, book):
    skater, first, second = two_event_skater(book)
    results, charts = book["Results"], book["Charts"]
    kept = values_at(results, second)["competition"]
    gone = values_at(results, first)["competition"]
    gone_band = row_where(charts, skater=skater, competition=gone)
    kept_band = row_where(charts, skater=skater, competition=kept)
    assert gone_band < kept_band

    def edit(copy):
        copy["Results"].delete_rows(first)
        copy["Charts"][f"{column(charts, 'from')}{kept_band}"] = 1
        copy["Charts"][f"{column(charts, 'to')}{kept_band}"] = 100
        copy["Charts"].delete_rows(gone_band)

    # The chart is right for one event, but one event is not a season.
    result = check(edit)
    assert places(result) == [
        ("season-length", "Results", f"{column(results, 'skater')}{second - 1}", "error"),
    ], texts(result)
    assert result.findings[0].message == f"{skater} has 1 event(s); a chart needs 2 to 6"


def test_a_season_without_a_chart(check, book):
    skater = "yuna_kitagawa"
    results, charts = book["Results"], book["Charts"]
    first = rows_where(results, skater=skater)[0]
    bands = rows_where(charts, skater=skater)

    def edit(copy):
        for row in reversed(bands):
            copy["Charts"].delete_rows(row)

    result = check(edit)
    assert places(result) == [
        ("no-chart", "Results", f"{column(results, 'skater')}{first}", "error"),
    ], texts(result)


def test_a_chart_without_a_season(check, book):
    skater = "theresa_furst"
    results, charts = book["Results"], book["Charts"]
    season = rows_where(results, skater=skater)
    first_band = rows_where(charts, skater=skater)[0]

    def edit(copy):
        for row in reversed(season):
            copy["Results"].delete_rows(row)

    result = check(edit)
    assert places(result) == [
        ("no-season", "Charts", f"{column(charts, 'skater')}{first_band}", "error"),
    ], texts(result)


# --- authoring derive kisscry ------------------------------------------------------------


def test_derive_leaves_the_shipped_charts_as_they_are(shipped, book, tmp_path, capsys):
    # README: Charts rows are in skater order (the Skaters sheet's: country, then id), and
    # `authoring derive kisscry` produces the same rows: nothing to change.
    before = sha256(shipped)
    out = tmp_path / "next.xlsx"
    assert main(["derive", "kisscry", "-o", str(out)]) == 0
    *_, summary, _ = capsys.readouterr().out.strip().splitlines()
    charts = len({values["skater"] for _, values in records(book["Charts"])})
    assert summary == (
        f"wrote {out}: 0 charts changed beyond the tolerance, 0 within it, 0 new, "
        f"{charts} unchanged, 0 not derived"
    )
    copy = openpyxl.load_workbook(out)
    assert copy.sheetnames == ["Changes", *book.sheetnames]
    rows = list(copy["Charts"].iter_rows(values_only=True))
    assert rows == list(book["Charts"].iter_rows(values_only=True))
    assert rows[0] == ("skater", "competition", "from", "to", *SCORES)
    order = [values["id"] for _, values in records(book["Skaters"])]
    assert list(dict.fromkeys(row[0] for row in rows[1:])) == order
    assert sha256(shipped) == before


def test_derive_never_writes_over_a_file_or_the_games_workbook(shipped, tmp_path, capsys):
    before, mtime = sha256(shipped), shipped.stat().st_mtime_ns
    existing = tmp_path / "mine.xlsx"
    existing.write_bytes(b"not a workbook")
    assert main(["derive", "kisscry", "-o", str(existing)]) == 2
    assert "exists; it is never written over" in capsys.readouterr().err
    assert existing.read_bytes() == b"not a workbook"

    assert main(["derive", "kisscry", "-o", str(shipped)]) == 2
    assert "never written over" in capsys.readouterr().err
    assert main(["derive", "kisscry", "-o", str(shipped), "--force"]) == 2
    assert "is the workbook being read; it is never written over" in capsys.readouterr().err
    assert sha256(shipped) == before
    assert shipped.stat().st_mtime_ns == mtime


# --- authoring check kisscry -------------------------------------------------------------


def test_check_kisscry_json(book, capsys):
    assert main(["check", "kisscry", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == []
    figures = {figure["title"]: figure for figure in report["figures"]}
    short = figures["Short program: expected score by the chart against the season's mean"]
    assert short["header"] == ["skater", "events", "expected", "season mean", "verdict"]
    names = {v["id"]: v["name"] for _, v in records(book["Skaters"])}
    events = {names[skater]: len(rows) for skater, rows in seasons(book).items()}
    assert sorted(row[0] for row in short["rows"]) == sorted(names.values())
    assert {row[0]: row[1] for row in short["rows"]} == events
    assert [row[4] for row in short["rows"]] == ["equal"] * 36
    # Exact values, compared with no tolerance: both columns print the same figure.
    assert all(row[2] == row[3] for row in short["rows"])
    # The issue's "52.663 / 52.662 equal": Sakamaki's season mean is exactly 52.6625, in
    # hundredths from her Results rows (quarter points x 0.8 are whole fifths of a point).
    sakamaki = [values_at(book["Results"], row) for row in seasons(book)["rina_sakamaki"]]
    hundredths = [
        round(v["E"] * 100) + sum(round(v[c] * 80) for c in SCORES[1:6]) - 100 * v["DED"]
        for v in sakamaki
    ]
    assert sum(hundredths) * 100 == 526625 * len(hundredths)  # mean 52.6625
    assert {row[0]: row[2] for row in short["rows"]}["Rina Sakamaki"] == "52.6625"
    repeating = {row[0]: row[3] for row in short["rows"] if row[1] == 3}
    assert repeating["Lenka Hrušovská"] == "40.6333... (1219/30)"

    tables = figures["Modifier sheet and deck (exact)"]
    exact = {row[0]: (row[1], row[2]) for row in tables["rows"]}
    assert exact["expected long-program multiplier"] == ("1.47", "147/100")
    assert exact["P(home judge called on a draw)"] == ("0.09", "9/100")
    # README: the home judge's average is 0.318 points, 0.029 points a program on average.
    assert exact["expected home-judge points when he is called"] == ("0.318", "159/500")
    assert exact["expected modifier (hundredths)"] == ("0.00", "0")
    assert exact["expected home-judge gain per program, home skater"] == ("0.02862", "1431/50000")


def another_skaters_scores(book: Workbook) -> tuple[str, str, Edit, list[tuple[str, str]]]:
    """Rousseau's chart with another four-event skater's season in its bands: the ranges and
    competitions stay hers. Returns both skaters, the edit, and the (cell, message) expected."""
    skater = EXAMPLE[0]
    results, charts = book["Results"], book["Charts"]
    order = {v["id"]: v["order"] for _, v in records(book["Competitions"])}
    other = next(s for s, rows in seasons(book).items() if len(rows) == 4 and s != skater)
    theirs = sorted(
        (values_at(results, row) for row in seasons(book)[other]),
        key=lambda v: order[v["competition"]],
    )
    bands = chart_rows(book, skater)
    writes, expected = [], []
    for band, scores in zip(bands, theirs, strict=True):
        mine = values_at(charts, band)
        for name in SCORES:
            cell = f"{column(charts, name)}{band}"
            writes.append((cell, scores[name]))
            if scores[name] != mine[name]:
                expected.append(
                    (
                        cell,
                        f"{name} {scores[name]} is not {skater}'s result at "
                        f"{mine['competition']} ({mine[name]})",
                    )
                )

    def edit(copy):
        for cell, value in writes:
            copy["Charts"][cell] = value

    return skater, other, edit, expected


def test_chart_with_another_skaters_scores_fails_validation(check, book):
    _, _, edit, expected = another_skaters_scores(book)
    assert len(expected) > 4
    result = check(edit)
    assert not result.ok
    assert places(result) == [("chart-score", "Charts", cell, "error") for cell, _ in expected]
    assert [f.message for f in result.findings] == [message for _, message in expected]


def test_check_on_a_chart_with_another_skaters_scores_exits_1(game, book, mutated, capsys):
    _, _, edit, expected = another_skaters_scores(book)
    assert main(["check", str(mutated(edit)), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [(f["code"], f["sheet"], f["cell"]) for f in report["findings"]] == [
        ("chart-score", "Charts", cell) for cell, _ in expected
    ]
    assert report["figures"] == []  # no figures from data with errors


# --- authoring simulate kisscry ----------------------------------------------------------

SIMULATE = ["simulate", "kisscry", "--field", "24", "--runs", "200", "--seed", "5", "--host", "JPN"]


def test_simulate_is_seeded_and_lists_the_field(book, capsys):
    assert main(SIMULATE) == 0
    first = capsys.readouterr().out
    assert main(SIMULATE) == 0
    assert capsys.readouterr().out == first
    names = {v["id"]: v["name"] for _, v in records(book["Skaters"])}
    field = [v["skater"] for _, v in records(book["Field"])]
    assert len(field) == 24
    assert [names[skater] for skater in field if names[skater] not in first] == []
    assert "200 competitions of 24 skaters, seed 5, host JPN" in first


def test_simulate_gives_home_judge_points_to_the_host_only(book, capsys):
    assert main([*SIMULATE, "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == []
    example, summary = report["figures"]
    assert example["title"] == "One competition, seed 5, host JPN"
    assert summary["header"][-1] == "home judge +pts"
    skaters = {v["name"]: v for _, v in records(book["Skaters"])}
    field = {v["skater"] for _, v in records(book["Field"])}
    assert {skaters[row[0]]["id"] for row in summary["rows"]} == field
    assert len(summary["rows"]) == 24
    assert {skaters[row[1]]["id"] for row in example["rows"]} == field
    home = {row[0]: row[-1] for row in summary["rows"]}
    japanese = {name for name in home if skaters[name]["country"] == "JPN"}
    assert len(japanese) == 4
    assert {name for name, points in home.items() if points != ""} == japanese
    assert all(isinstance(home[name], float) and home[name] >= 0 for name in japanese)
    assert any(home[name] > 0 for name in japanese)


def test_simulate_host_on_darkblades_is_a_usage_error(capsys):
    assert main(["simulate", "darkblades", "arena", "--runs", "10", "--host", "JPN"]) == 2
    assert "darkblades arena takes no options of its own; not --host" in capsys.readouterr().err


# --- the seed's worked example -----------------------------------------------------------


def test_worked_example_on_the_real_data(book, model):
    skater, competition = EXAMPLE
    row = values_at(
        book["Results"], row_where(book["Results"], skater=skater, competition=competition)
    )
    scores = Scores(**{name: row[name] for name in SCORES})
    assert scores == Scores(27.83, 5.50, 5.25, 5.75, 5.50, 5.50, 0)
    assert scores.final(model.component_factor) == Decimal("49.83")
    assert dict(model.results[skater])[competition] == scores
    assert Program(scores, Decimal("49.83"), modifier=Decimal("-0.03")).final == Decimal("49.80")


def test_worked_example_chart_makes_4983_in_360_combinations(model):
    skater, competition = EXAMPLE
    chart = model.charts[skater]
    assert len(chart) == 4
    assert [share.competition for share in chart].count(competition) == 1
    bands = [share.scores for share in chart if share.scores is not None]
    hits = sum(
        Scores(*(getattr(band, name) for band, name in zip(pick, SCORES, strict=True))).final(
            model.component_factor
        )
        == Decimal("49.83")
        for pick in itertools.product(bands, repeat=len(SCORES))
    )
    assert (hits, 4 ** len(SCORES)) == (360, 16384)
