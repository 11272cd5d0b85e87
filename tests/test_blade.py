"""BLADE on its real workbook: the shipped file carries only its three deliberate roster
outliers, each kind of mistake a designer can make in a copy is reported at its exact cell,
and the commands built on the data (derive, check, simulate) behave."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import (
    Place,
    append_copy,
    cell_where,
    column,
    last_row,
    place,
    places,
    records,
    row_where,
    sha256,
    texts,
)
from openpyxl.workbook.workbook import Workbook

from authoring.cli import main
from authoring.findings import Finding, Severity
from authoring.game import Game, get_game
from authoring.games.blade.derive import Derived, derive
from authoring.games.blade.model import Blade, Rating, build_model
from authoring.games.blade.rules import modified_letter
from authoring.games.blade.timing import LETTERS, format_time, parse_time
from authoring.validate import Validation, validate_workbook

Edit = Callable[[Workbook], None]

# README, "The three deliberate rating errors": roster pair, and the pair the season's
# results support (README, "Deriving a rating from results").
OUTLIERS = {
    ("florian_poschl", "m1500"): ("B-C", "E-G"),
    ("ahn_ji_woo", "w3000"): ("K-M", "H-H"),
    ("bae_seo_yeon", "w500"): ("D-G", "I-I"),
}


@pytest.fixture(scope="module")
def game() -> Game:
    return get_game("blade")


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
def model(baseline: Validation) -> Blade:
    return build_model(baseline.tables)


@pytest.fixture(scope="module")
def derived(model: Blade) -> dict[tuple[str, str], Derived]:
    return derive(model)


@pytest.fixture(scope="module")
def outlier_places(book: Workbook) -> list[Place]:
    ratings = book["Ratings"]
    rows = sorted(row_where(ratings, skater=s, event=e) for s, e in OUTLIERS)
    # Each outlier is off in both letters: one warning, at the best letter's cell.
    return [
        ("rating-vs-results", "Ratings", f"{column(ratings, 'best')}{row}", "warning")
        for row in rows
    ]


@pytest.fixture
def mutated(shipped: Path, tmp_path: Path) -> Callable[..., Path]:
    """A copy of the shipped workbook with `edit` applied, saved under tmp_path."""

    def make(edit: Edit, name: str = "blade.xlsx") -> Path:
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


@pytest.fixture
def added(outlier_places: list[Place]) -> Callable[..., list[Finding]]:
    """The findings of a copy beyond the shipped three outliers; by default the outliers
    must still be reported, unchanged in place, unless the copy has errors: the roster is
    judged against the season only in validation's second phase, on data without errors."""

    def new(result: Validation, *, outliers_kept: bool = True) -> list[Finding]:
        if outliers_kept and result.ok:
            assert set(outlier_places) <= set(places(result)), [
                f.as_text() for f in result.findings
            ]
        return [f for f in result.findings if place(f) not in outlier_places]

    return new


# --- locating cells in the real workbook -------------------------------------------------


def letter(name: str) -> int:
    return LETTERS.index(name)


def seconds(text: str) -> float:
    """A time cell's seconds; the test fails if the text is no time."""
    value = parse_time(text)
    assert value is not None, f"{text!r} is no time"
    return value


# --- the shipped workbook ----------------------------------------------------------------


def test_shipped_workbook_has_only_the_three_deliberate_outliers(
    game, baseline, book, outlier_places
):
    assert baseline.ok
    assert set(baseline.tables) == set(game.sheets)
    assert not [f for f in baseline.findings if f.severity is Severity.ERROR]
    assert places(baseline) == outlier_places
    ratings = book["Ratings"]
    for (skater, event), (roster, supported) in OUTLIERS.items():
        row = row_where(ratings, skater=skater, event=event)
        best, worst = roster.split("-")
        assert (ratings[f"C{row}"].value, ratings[f"D{row}"].value) == (best, worst)
        [finding] = [f for f in baseline.findings if f.location.row == row]
        assert finding.field == "best"
        assert finding.message.startswith(
            f"{skater}'s {event} rating {roster} is more than 1 letter(s) from the "
            f"{supported} that 6 results support (best and worst letters)"
        )


def test_an_unedited_copy_gives_the_same_findings(check, baseline):
    result = check(lambda copy: None)
    assert [(place(f), f.message) for f in result.findings] == [
        (place(f), f.message) for f in baseline.findings
    ]


# --- game charts tile 1-100 --------------------------------------------------------------


@pytest.mark.parametrize(
    ("sheet", "match", "before", "value", "code", "message"),
    [
        (
            "StageCharts",
            {"chart": "mid_race", "from": 7},
            {"chart": "mid_race", "from": 2},
            8,
            "range-gap",
            "mid_race: number 7 not covered (the range before ends at 6, this one starts at 8)",
        ),
        (
            "StageCharts",
            {"chart": "mid_race", "from": 7},
            {"chart": "mid_race", "from": 2},
            6,
            "range-overlap",
            "mid_race: range 6-14 overlaps the range before (row {before}), which ends at 6",
        ),
        (
            "StageCharts",
            {"chart": "final_lap", "from": 14},
            {"chart": "final_lap", "from": 11},
            17,
            "range-gap",
            "final_lap: number 14-16 not covered (the range before ends at 13, "
            "this one starts at 17)",
        ),
        (
            "FallsChart",
            {"from": 35},
            {"from": 23},
            37,
            "range-gap",
            "number 35-36 not covered (the range before ends at 34, this one starts at 37)",
        ),
        (
            "FallsChart",
            {"from": 35},
            {"from": 23},
            33,
            "range-overlap",
            "range 33-45 overlaps the range before (row {before}), which ends at 34",
        ),
    ],
    ids=["stage-gap", "stage-overlap", "stage-gap-wide", "falls-gap", "falls-overlap"],
)
def test_game_chart_gap_or_overlap(check, added, book, sheet, match, before, value, code, message):
    cell = cell_where(book[sheet], "from", **match)
    previous = row_where(book[sheet], **before)

    def edit(copy):
        copy[sheet][cell] = value

    [finding] = added(check(edit))
    assert place(finding) == (code, sheet, cell, "error")
    assert finding.message == message.format(before=previous)
    assert finding.field == "from"
    assert finding.value == value
    assert finding.expected == "ranges covering number 1 to 100"


def test_shipped_stage_charts_and_falls_chart_tile_one_to_a_hundred(book):
    for sheet, group in (("StageCharts", "chart"), ("FallsChart", None)):
        spans: dict[Any, list[tuple[int, int]]] = {}
        for _, values in records(book[sheet]):
            spans.setdefault(values[group] if group else None, []).append(
                (values["from"], values["to"])
            )
        for ranges in spans.values():
            covered = [n for low, high in sorted(ranges) for n in range(low, high + 1)]
            assert covered == list(range(1, 101)), (sheet, ranges)


# --- the deck ----------------------------------------------------------------------------


def deck_cards(book: Workbook) -> list[tuple[int, dict[str, Any]]]:
    return records(book["Deck"])


def test_top_number_on_three_cards(check, added, book):
    cards = deck_cards(book)
    holders: dict[int, list[int]] = {}
    for row, values in cards:
        holders.setdefault(values["top"], []).append(row)
    last, last_card = cards[-1]
    short = last_card["top"]
    # A top number whose two cards both come before the last card: the last becomes its third.
    tripled = next(t for t, rows in sorted(holders.items()) if t != short and max(rows) < last)
    cell = f"{column(book['Deck'], 'top')}{last}"

    def edit(copy):
        copy["Deck"][cell] = tripled

    found = added(check(edit), outliers_kept=False)
    assert sorted(places(found), key=str) == sorted(
        [("deck-composition", "Deck", None, "error"), ("deck-composition", "Deck", cell, "error")],
        key=str,
    )
    by_cell = {f.cell: f for f in found}
    assert by_cell[cell].message == (
        f"top number {tripled} is on 3 cards (first in row {holders[tripled][0]})"
    )
    assert by_cell[cell].field == "top"
    assert by_cell[None].message == f"top numbers short of 2 card(s): {short}"
    assert by_cell[None].field == "top"


def test_middle_number_duplicated(check, added, book):
    cards = deck_cards(book)
    (first, first_card), (last, last_card) = cards[0], cards[-1]
    cell = f"{column(book['Deck'], 'middle')}{last}"

    def edit(copy):
        copy["Deck"][cell] = first_card["middle"]

    found = added(check(edit))
    assert sorted(places(found), key=str) == sorted(
        [("deck-composition", "Deck", None, "error"), ("deck-composition", "Deck", cell, "error")],
        key=str,
    )
    by_cell = {f.cell: f for f in found}
    assert by_cell[cell].message == (
        f"middle number {first_card['middle']} is on 2 cards (first in row {first})"
    )
    assert by_cell[None].message == f"middle numbers short of 1 card(s): {last_card['middle']}"


def test_asymmetric_modifier(check, added, book):
    cards = deck_cards(book)
    counts = Counter(values["modifier"] for _, values in cards)
    assert counts[2] == counts[-2] and counts[3] == counts[-3]
    row = next(row for row, values in cards if values["modifier"] == 2)
    cell = f"{column(book['Deck'], 'modifier')}{row}"

    def edit(copy):
        copy["Deck"][cell] = 3

    found = added(check(edit), outliers_kept=False)
    assert places(found) == [("deck-asymmetric", "Deck", None, "error")] * 2
    assert [f.message for f in found] == [
        f"modifier +2 is on {counts[2] - 1} cards but -2 on {counts[-2]}",
        f"modifier +3 is on {counts[3] + 1} cards but -3 on {counts[-3]}",
    ]
    assert [f.expected for f in found] == [
        "as many -2 as +2 cards",
        "as many -3 as +3 cards",
    ]


# --- ratings -----------------------------------------------------------------------------


def honest_ratings(book: Workbook) -> list[tuple[int, dict[str, Any]]]:
    return [
        (row, values)
        for row, values in records(book["Ratings"])
        if (values["skater"], values["event"]) not in OUTLIERS
    ]


def test_best_after_worst(check, added, book):
    row, values = next((r, v) for r, v in honest_ratings(book) if v["best"] != v["worst"])
    ratings = book["Ratings"]
    best, worst = f"{column(ratings, 'best')}{row}", f"{column(ratings, 'worst')}{row}"

    def edit(copy):
        copy["Ratings"][best] = values["worst"]
        copy["Ratings"][worst] = values["best"]

    [finding] = added(check(edit))
    assert place(finding) == ("letters-order", "Ratings", best, "error")
    assert finding.message == (
        f"best letter {values['worst']} is worse than worst letter {values['best']}"
    )


def test_letter_beyond_the_events_worst_letter(check, added, book):
    events = dict(records(book["Events"]))
    [m10000] = [v for v in events.values() if v["event"] == "m10000"]
    assert m10000["worst_letter"] == "P"
    row = next(r for r, v in honest_ratings(book) if v["event"] == "m10000")
    cell = f"{column(book['Ratings'], 'worst')}{row}"

    def edit(copy):
        copy["Ratings"][cell] = "Q"

    [finding] = added(check(edit))
    assert place(finding) == ("letter-range", "Ratings", cell, "error")
    assert finding.message == f"m10000 ratings run {m10000['best_letter']}-P; Q is outside"
    assert finding.field == "worst"
    assert finding.expected == f"a letter from {m10000['best_letter']} to P"


def test_mens_skater_rated_in_a_womens_event(check, added, book):
    men = {v["id"] for _, v in records(book["Skaters"]) if v["gender"] == "men"}
    row, values = next((r, v) for r, v in honest_ratings(book) if v["skater"] in men)
    skater = values["skater"]
    new = last_row(book["Ratings"]) + 1
    ratings = book["Ratings"]

    def edit(copy):
        assert append_copy(copy["Ratings"], row, event="w500") == new

    found = added(check(edit))
    # The made-up rating also has no results behind it: a warning, at the skater cell.
    assert places(found) == [
        ("few-results", "Ratings", f"{column(ratings, 'skater')}{new}", "warning"),
        ("wrong-event", "Ratings", f"{column(ratings, 'event')}{new}", "error"),
    ]
    assert found[0].message == (f"{skater}'s w500 rating rests on 0 results; Settings asks for 3")
    assert found[1].message == f"{skater} skates with the men, but w500 is a women's event"


def test_result_in_an_event_the_skater_is_not_rated_in(check, added, book):
    rated: dict[str, set[str]] = {}
    for _, values in records(book["Ratings"]):
        rated.setdefault(values["skater"], set()).add(values["event"])
    results = book["Results"]
    row, values = next(
        (r, v)
        for r, v in records(results)
        if v["event"].startswith("m") and "m10000" not in rated[v["skater"]]
    )
    new = last_row(results) + 1

    def edit(copy):
        assert append_copy(copy["Results"], row, event="m10000", time="13:10.00") == new

    [finding] = added(check(edit))
    assert place(finding) == (
        "unrated-result",
        "Results",
        f"{column(results, 'event')}{new}",
        "error",
    )
    assert finding.message == (
        f"{values['skater']} has a m10000 result but no m10000 rating on sheet Ratings"
    )


# --- time charts -------------------------------------------------------------------------


def test_two_cells_of_a_chart_row_swapped(check, added, book):
    chart = book["Chart_m500"]
    row = row_where(chart, row=1)
    below = row_where(chart, row=2)
    b, c = f"{column(chart, 'B')}{row}", f"{column(chart, 'C')}{row}"
    old_b, old_c = chart[b].value, chart[c].value
    b_below = chart[f"{column(chart, 'B')}{below}"].value
    assert seconds(old_b) < seconds(old_c)
    assert seconds(b_below) < seconds(old_c)

    def edit(copy):
        copy["Chart_m500"][b], copy["Chart_m500"][c] = old_c, old_b

    found = added(check(edit))
    # The swapped pair in its row, and the B column now falling from row 1 to row 2.
    assert places(found) == [
        ("chart-order", "Chart_m500", c, "error"),
        ("chart-order", "Chart_m500", f"{column(chart, 'B')}{below}", "error"),
    ]
    assert found[0].message == f"C is not slower than B on this row ({old_b} vs {old_c})"
    assert found[0].field == "C"
    assert found[1].message == (
        f"row 2 is faster than the row above in column B ({b_below} vs {old_c})"
    )


def test_chart_row_faster_than_the_row_above(check, added, book):
    chart = book["Chart_w1500"]
    row, above = row_where(chart, row=20), row_where(chart, row=19)
    cell = f"{column(chart, 'A')}{row}"
    over = chart[f"{column(chart, 'A')}{above}"].value
    faster = format_time(seconds(over) - 0.01)
    assert ":" in faster

    def edit(copy):
        copy["Chart_w1500"][cell] = faster

    [finding] = added(check(edit))
    assert place(finding) == ("chart-order", "Chart_w1500", cell, "error")
    assert finding.message == (
        f"row 20 is faster than the row above in column A ({faster} vs {over})"
    )
    assert finding.expected == "times never falling down a column"


def test_chart_time_beyond_the_world_record_margin(check, added, book):
    chart = book["Chart_m500"]
    cell = f"{column(chart, 'A')}{row_where(chart, row=1)}"

    def edit(copy):
        copy["Chart_m500"][cell] = "32.00"

    [finding] = added(check(edit))
    assert place(finding) == ("beyond-record", "Chart_m500", cell, "error")
    assert finding.message == "32.00 beats the world record 33.61 by more than 0.5%"
    assert finding.value == "32.00"


def test_chart_cell_that_looks_like_a_time_but_is_none(check, added, book):
    chart = book["Chart_m1500"]
    cell = f"{column(chart, 'B')}{row_where(chart, row=10)}"

    def edit(copy):
        copy["Chart_m1500"][cell] = "1:75.00"

    # Seconds past 59 fail the schema's time pattern at the cell; nothing downstream crashes.
    found = added(check(edit), outliers_kept=False)
    assert places(found) == [("invalid-value", "Chart_m1500", cell, "error")], texts(found)
    assert found[0].message.startswith("invalid time '1:75.00'")


def test_result_that_looks_like_a_time_but_is_none(check, added, book):
    results = book["Results"]
    cell = f"{column(results, 'time')}2"

    def edit(copy):
        copy["Results"][cell] = "1:75.00"

    found = added(check(edit), outliers_kept=False)
    assert places(found) == [("invalid-value", "Results", cell, "error")], texts(found)


# --- settings ----------------------------------------------------------------------------


def test_two_settings_rows(check, added, book):
    settings = book["Settings"]
    [(row, _)] = records(settings)

    def edit(copy):
        append_copy(copy["Settings"], row)

    [finding] = added(check(edit))
    assert place(finding) == ("settings-rows", "Settings", None, "error")
    assert finding.message == "Settings must have exactly one row of values, it has 2"


# --- derivation --------------------------------------------------------------------------


def test_derive_rewrites_the_roster_in_place(game, shipped, book, tmp_path, capsys):
    before = sha256(shipped)
    out = tmp_path / "next.xlsx"
    assert main(["derive", "blade", "-o", str(out)]) == 0
    *_, summary, next_step = capsys.readouterr().out.strip().splitlines()
    assert summary.startswith(
        f"wrote {out}: {len(OUTLIERS)} ratings changed beyond the tolerance, "
    )
    assert next_step.startswith(f"next: open {out} and review sheet Changes")
    copy = openpyxl.load_workbook(out)
    assert copy.sheetnames == ["Changes", *book.sheetnames]
    sheet = copy["Ratings"]
    header = [cell.value for cell in sheet[1]]
    assert header == list(game.schemas["Ratings"].fields) == ["skater", "event", "best", "worst"]
    # The roster's rows, in the roster's order: only their letters change.
    roster = {
        (v["skater"], v["event"]): (v["best"], v["worst"]) for _, v in records(book["Ratings"])
    }
    proposed = {(v["skater"], v["event"]): (v["best"], v["worst"]) for _, v in records(sheet)}
    assert list(proposed) == list(roster)

    [(_, settings)] = records(book["Settings"])
    counts = Counter((v["skater"], v["event"]) for _, v in records(book["Results"]))
    for key in roster:
        if counts[key] < settings["skater_results_min"]:
            assert proposed[key] == roster[key], key  # kept: too few results to derive from
    for key, (_, supported) in OUTLIERS.items():
        want = supported.split("-")
        assert all(
            abs(letter(g) - letter(w)) <= 1 for g, w in zip(proposed[key], want, strict=True)
        ), (
            key,
            proposed[key],
        )
    for key, (best, _) in roster.items():
        if key not in OUTLIERS:
            assert abs(letter(proposed[key][0]) - letter(best)) <= 1, (key, proposed[key])
    assert sha256(shipped) == before


def test_derive_never_writes_over_a_file_or_the_games_workbook(shipped, tmp_path, capsys):
    before, mtime = sha256(shipped), shipped.stat().st_mtime_ns
    existing = tmp_path / "mine.xlsx"
    existing.write_bytes(b"not a workbook")
    assert main(["derive", "blade", "-o", str(existing)]) == 2
    assert "exists; it is never written over" in capsys.readouterr().err
    assert existing.read_bytes() == b"not a workbook"

    assert main(["derive", "blade", "-o", str(shipped)]) == 2
    assert "never written over" in capsys.readouterr().err
    assert main(["derive", "blade", "-o", str(shipped), "--force"]) == 2
    assert "is the workbook being read; it is never written over" in capsys.readouterr().err
    assert sha256(shipped) == before
    assert shipped.stat().st_mtime_ns == mtime


# --- roster against results --------------------------------------------------------------


def exact_rating(book: Workbook, model: Blade, derived, room: int) -> tuple[int, Rating]:
    """The first honest rating whose results support exactly its roster pair, with `room`
    letters to spare below its worst letter."""
    for row, values in honest_ratings(book):
        key = (values["skater"], values["event"])
        rating = model.ratings[key]
        found = derived[key].rating
        limit = model.events[key[1]].worst_letter
        if (found.best, found.worst) == (rating.best, rating.worst) and (
            rating.worst + room <= limit
        ):
            assert rating.location is not None
            assert (rating.location.sheet, rating.location.row) == ("Ratings", row)
            return row, rating
    raise AssertionError("no honest rating fits")


def moved(copy: Workbook, book: Workbook, row: int, rating: Rating, by: int) -> Rating:
    ratings = book["Ratings"]
    new = replace(rating, best=rating.best + by, worst=rating.worst + by)
    copy["Ratings"][f"{column(ratings, 'best')}{row}"] = LETTERS[new.best]
    copy["Ratings"][f"{column(ratings, 'worst')}{row}"] = LETTERS[new.worst]
    return new


def test_rating_far_from_its_results_is_a_warning(check, added, book, model, derived):
    row, rating = exact_rating(book, model, derived, room=5)
    ratings = book["Ratings"]
    new = replace(rating, best=rating.best + 5, worst=rating.worst + 5)

    result = check(lambda copy: moved(copy, book, row, rating, 5))
    found = added(result)
    assert result.ok
    [finding] = found
    assert places(found) == [
        ("rating-vs-results", "Ratings", f"{column(ratings, 'best')}{row}", "warning")
    ]
    assert finding.message.startswith(
        f"{rating.skater}'s {rating.event} rating {new.label} is more than 1 letter(s) "
        f"from the {rating.label} that {derived[(rating.skater, rating.event)].results} "
        "results support (best and worst letters)"
    )
    assert finding.field == "best"


def test_rating_one_letter_off_is_no_warning(check, added, book, model, derived):
    row, rating = exact_rating(book, model, derived, room=1)
    assert added(check(lambda copy: moved(copy, book, row, rating, 1))) == []


def test_plus_counting_setting_changes_the_letter(game, mutated, book, model):
    """Seed 000: "If a modified integer reading would push the range either above or below the
    skater's printed range, use their highest/lowest range as appropriate." Where a plus starts
    counting is the designer's reading, kept on the Settings sheet."""
    cell = f"{column(book['Settings'], 'faster_modifier_counts_from')}2"
    other = {"best_letter": "worst_letter", "worst_letter": "best_letter"}[
        book["Settings"][cell].value
    ]

    def edit(copy):
        copy["Settings"][cell] = other

    result = validate_workbook(mutated(edit), game)
    assert result.ok
    flipped = build_model(result.tables)
    assert flipped.modifier_reading.faster_from_worst is (other == "worst_letter")
    assert (
        flipped.modifier_reading.faster_from_worst is not model.modifier_reading.faster_from_worst
    )
    rating = Rating("", "m500", letter("D"), letter("G"))
    plus_one = {"best_letter": letter("D"), "worst_letter": letter("F")}
    assert modified_letter(rating, 1, flipped.modifier_reading) == plus_one[other]
    assert modified_letter(rating, -2, flipped.modifier_reading) == letter("F")


def test_plus_counting_setting_must_be_one_of_the_two_readings(check, added, book):
    settings = book["Settings"]
    cell = f"{column(settings, 'faster_modifier_counts_from')}2"

    def edit(copy):
        copy["Settings"][cell] = "middle_letter"

    result = check(edit)
    assert not result.ok
    [(_, sheet, at, severity)] = places(added(result, outliers_kept=False))
    assert (sheet, at, severity) == ("Settings", cell, "error")


# --- authoring check blade ---------------------------------------------------------------


def test_check_blade_json(capsys):
    assert main(["check", "blade", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert not [f for f in report["findings"] if f["severity"] == "error"]
    figures = {figure["title"]: figure for figure in report["figures"]}
    [claims] = [f for title, f in figures.items() if title.startswith("The rulebook's claims")]
    [narrow] = [row for row in claims["rows"] if row[0].startswith("A-C beats A-G")]
    assert narrow[3] == "holds"
    assert narrow[1] > 0.5
    assert {row[3] for row in claims["rows"]} == {"holds"}
    winning = figures["Winning times against the world record"]
    assert len(winning["rows"]) == 8
    assert [row[-1] for row in winning["rows"]] == ["inside"] * 8


def test_check_blade_shows_each_modifiers_column_under_both_readings(capsys):
    """Seed 000: "A modified integer calls for a +5 letter grade modifier; the skater has a
    range of O-Q; you would use the "O" column." Counted from the best letter every plus gives
    the best letter; counted up from the worst letter each plus gives its own column."""
    assert main(["check", "blade", "--format", "json"]) == 0
    figures = {f["title"]: f for f in json.loads(capsys.readouterr().out)["figures"]}
    deck = figures["Action deck: the column each modifier gives, under each reading"]
    header = deck["header"]
    columns = [name for name in header if name.startswith("A-G from")]
    assert len(columns) == 2
    by_modifier = {row[0]: dict(zip(header, row, strict=True)) for row in deck["rows"]}
    best, ends = (
        next(c for c in columns if c.startswith(f"A-G from {w}")) for w in ("best", "both")
    )
    assert [by_modifier[str(n)][best] for n in range(1, 7)] == ["A"] * 6
    assert [by_modifier[str(n)][ends] for n in range(1, 7)] == ["F", "E", "D", "C", "B", "A"]
    assert [by_modifier[str(-n)][ends] for n in range(1, 7)] == ["B", "C", "D", "E", "F", "G"]
    assert sum(row[1] for row in deck["rows"]) == 100
    spread = figures["Letter distribution of one draw under each reading (exact, from the deck)"]
    rows = {(row[0].split(" (")[0], row[1]): row for row in spread["rows"]}
    assert rows[("from best", "A-G")][2:9] == ["54%", "12%", "10%", "8%", "6%", "4%", "6%"]
    assert rows[("from both ends", "A-G")][2:9] == ["14%", "16%", "16%", "16%", "16%", "16%", "6%"]
    assert sum(("(Settings)" in row[0]) for row in spread["rows"]) == len(spread["rows"]) // 2


def chart_figures(path: Path | str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["check", str(path), "--format", "json"]) == 0
    return {f["title"]: f for f in json.loads(capsys.readouterr().out)["figures"]}


STAGE_RESULTS = (
    "Stage-chart results: frequency and effect on time (exact, from the deck and charts)"
)
FIELD_RACES = "A field's race: race-ending results and falls (exact)"


def test_check_blade_reports_each_chart_results_frequency_and_effect(mutated, book, capsys):
    """Seed 000, the mid-race chart: "The result will either be a disqualification, a stumble,
    a skater getting good position, a possible fall, or no effect." Each result's chance
    follows from the chart and the deck's middle numbers 1-100; a disqualified skater draws
    no further chart, so a later stage's results count only skaters still racing."""
    shipped = chart_figures("blade", capsys)
    rows = {(r[0], r[1]): r for r in shipped[STAGE_RESULTS]["rows"]}
    assert len(rows) == len(list(records(book["StageCharts"])))
    # The start chart ends 1 race in 100 (a damaged skate): mid-race results come to 0.99 of
    # their chance, and its disqualification (1 in 100) takes no time off, it ends the race.
    assert rows[("start", "damaged skate")][2:4] == ["1%", "1.00%"]
    assert rows[("mid-race", "disqualified")][2:6] == [
        "1%",
        "0.99%",
        "out of the race, no time",
        "-",
    ]
    assert rows[("mid-race", "stumble")][2:5] == ["5%", "4.95%", "+0.045 s"]
    # A stumble costs the trailing digit of a draw: 0.045 s on average, 4.95 % of races.
    assert float(rows[("mid-race", "stumble")][5]) == pytest.approx(0.0495 * 0.045, abs=1e-4)
    charts = book["StageCharts"]
    [(dq_row, _)] = [
        (n, v)
        for n, v in records(charts)
        if (v["chart"], v["outcome"]) == ("mid_race", "disqualified")
    ]

    def widen(copy):
        # Disqualifications 1-3, stumbles 4-6 on the mid-race chart.
        copy["StageCharts"][f"{column(charts, 'to')}{dq_row}"] = 3
        copy["StageCharts"][f"{column(charts, 'from')}{dq_row + 1}"] = 4

    wider = chart_figures(mutated(widen), capsys)
    moved = {(r[0], r[1]): r for r in wider[STAGE_RESULTS]["rows"]}
    assert moved[("mid-race", "disqualified")][2:4] == ["3%", "2.97%"]
    assert moved[("mid-race", "stumble")][2] == "3%"

    # Fewer skaters reach the final lap.
    def percent(row: list[str]) -> float:
        return float(row[3].rstrip("%"))

    assert percent(moved[("final lap", "burst of speed")]) < percent(
        rows[("final lap", "burst of speed")]
    )
    before = {r[2]: r for r in shipped[FIELD_RACES]["rows"]}
    after = {r[2]: r for r in wider[FIELD_RACES]["rows"]}
    # 18 skaters x 0.99 % before; x 2.97 % after (issue 12: the final lap has no
    # disqualification).
    assert (before["disqualified"][3], after["disqualified"][3]) == ("0.18", "0.53")


# --- authoring simulate ------------------------------------------------------------------


def test_simulate_is_seeded_and_lists_the_field(book, capsys):
    arguments = ["simulate", "blade", "m500", "--runs", "300", "--seed", "4"]
    assert main(arguments) == 0
    first = capsys.readouterr().out
    assert main(arguments) == 0
    assert capsys.readouterr().out == first
    names = {v["id"]: v["name"] for _, v in records(book["Skaters"])}
    field = [v["skater"] for _, v in records(book["Field"]) if v["event"] == "m500"]
    assert len(field) == 18
    missing = [names[skater] for skater in field if names[skater] not in first]
    assert missing == []


def test_simulate_unknown_event_is_a_usage_error(capsys):
    assert main(["simulate", "blade", "m400", "--runs", "10"]) == 2
    assert "blade has no simulation 'm400'" in capsys.readouterr().err


# --- reading the modifier ----------------------------------------------------------------


def test_modifier_direction_setting_changes_the_letter(game, mutated, book, model):
    cell = f"{column(book['Settings'], 'modifier_direction')}2"

    def edit(copy):
        copy["Settings"][cell] = "minus_is_faster"

    result = validate_workbook(mutated(edit), game)
    assert result.ok
    faster = build_model(result.tables)
    assert model.modifier_reading.minus_is_slower is True
    assert faster.modifier_reading.minus_is_slower is False
    rating = Rating("", "m500", letter("D"), letter("H"))
    assert modified_letter(rating, -2, model.modifier_reading) == letter("F")  # the seed's D to F
    assert modified_letter(rating, 2, faster.modifier_reading) == letter("F")
