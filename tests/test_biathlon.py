"""BIATHLON BLAST's data checks on copies of the real workbook: component counts, bibs,
cards, and courses a biathlete can actually ski."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from cells import cell_where, column, row_where

from authoring.cli import main
from authoring.findings import Finding
from authoring.games.biathlon import GAME
from authoring.games.biathlon.consistency import check as check_balance
from authoring.games.biathlon.consistency import (
    expected_hits,
    hit_chances,
    lap_figures,
    verdict_change,
)
from authoring.games.biathlon.model import Action, build_model
from authoring.games.biathlon.race import BOTS
from authoring.games.biathlon.worldcup import champion, world_cup
from authoring.simulation import AT_THE_EDGE, IN_BAND, OUT_OF_BAND, UNDECIDED
from authoring.validate import Validation, validate_workbook


@pytest.fixture(scope="module")
def book():
    return openpyxl.load_workbook(GAME.workbook)


@pytest.fixture
def check(tmp_path: Path) -> Callable[[Callable[[openpyxl.Workbook], None]], Validation]:
    def run(edit: Callable[[openpyxl.Workbook], None]) -> Validation:
        copy = openpyxl.load_workbook(GAME.workbook)
        edit(copy)
        path = tmp_path / "biathlon.xlsx"
        copy.save(path)
        return validate_workbook(path, GAME)

    return run


def places(findings: list[Finding]) -> list[tuple[str, str | None, str | None]]:
    return [(f.code, f.sheet, f.cell) for f in findings]


def test_the_shipped_workbook_is_clean():
    assert validate_workbook(GAME.workbook, GAME).findings == []


def test_a_broken_box_count(check, book):
    box = book["Box"]
    cell = f"{column(box, 'count')}{row_where(box, component='bullets')}"

    def edit(copy):
        copy["Box"][cell] = 20

    result = check(edit)
    assert places(result.findings) == [("box-count", "Box", cell)]
    assert result.findings[0].message == "the box promises 20 bullets, the data adds up to 19"


def test_gear_that_no_longer_adds_up(check, book):
    colours = book["Colours"]
    cell = f"{column(colours, 'wax')}{row_where(colours, colour='green')}"
    box = book["Box"]

    def edit(copy):
        copy["Colours"][cell] = 5

    result = check(edit)
    wax = f"{column(box, 'count')}{row_where(box, component='wax')}"
    assert places(result.findings) == [("box-count", "Box", wax)]
    assert "the data adds up to 15" in result.findings[0].message


def test_a_biathlete_with_a_tenth_card(check, book):
    cards = book["Cards"]
    personal = next(
        n
        for n, line in enumerate(cards.iter_rows(min_row=2, values_only=True), start=2)
        if line[2] == "personal"
    )
    box = book["Box"]

    def edit(copy):
        copy["Cards"][f"{column(cards, 'copies')}{personal}"] = 2

    result = check(edit)
    codes = [(f.code, f.cell) for f in result.findings]
    per = f"{column(box, 'count')}{row_where(box, component='personal_cards_per_biathlete')}"
    total = f"{column(box, 'count')}{row_where(box, component='skiing_cards')}"
    assert ("box-count", per) in codes and ("box-count", total) in codes


@pytest.mark.parametrize(
    ("bib", "code", "reason"),
    [("243", "bib", "more accurate at a higher pulse"), ("236", "invalid-value", "invalid bib")],
)
def test_bibs(check, book, bib, code, reason):
    sheet = book["Biathletes"]
    cell = f"{column(sheet, 'bib')}{row_where(sheet, id='owens')}"

    def edit(copy):
        copy["Biathletes"][cell] = bib

    result = check(edit)
    assert places(result.findings) == [(code, "Biathletes", cell)]
    assert reason in result.findings[0].message


def test_a_card_with_two_initiatives(check, book):
    cards = book["Cards"]
    row = next(
        n
        for n, line in enumerate(cards.iter_rows(min_row=2, values_only=True), start=2)
        if line[cards[1].index(next(c for c in cards[1] if c.value == "initiative"))] is not None
    )

    def edit(copy):
        copy["Cards"][f"{column(cards, 'initiative_die')}{row}"] = "red"

    result = check(edit)
    assert places(result.findings) == [
        ("initiative", "Cards", f"{column(cards, 'initiative')}{row}")
    ]


def test_a_disconnected_course(check, book):
    links = book["Links"]
    spaces = book["Spaces"]
    start = next(
        line[1]
        for line in spaces.iter_rows(min_row=2, values_only=True)
        if line[0] == "bad_wolfsheim" and line[7] == "start"
    )
    row = next(
        n
        for n, line in enumerate(links.iter_rows(min_row=2, values_only=True), start=2)
        if line[0] == "bad_wolfsheim" and line[1] == start
    )

    def edit(copy):
        copy["Links"].delete_rows(row)

    result = check(edit)
    courses = book["Courses"]
    found = [(f.code, f.cell) for f in result.findings]
    for course in ("wolfsheim_lang", "wolfsheim_kurz"):
        cell = f"{column(courses, 'course')}{row_where(courses, course=course)}"
        assert ("course-disconnected", cell) in found
    assert all(f.code == "course-disconnected" for f in result.findings)
    assert "has no way from the start to the range" in result.findings[0].message


def test_a_link_to_nowhere(check, book):
    links = book["Links"]
    cell = f"{column(links, 'to')}2"

    def edit(copy):
        copy["Links"][cell] = 150

    result = check(edit)
    assert ("unknown-space", "Links", cell) in places(result.findings)


def test_a_world_cup_on_the_four_trails():
    model = build_model(validate_workbook(GAME.workbook, GAME).tables)
    names = ["Peter", "Mary", "Kim", "Carl"]
    players = {name: BOTS["greedy"] for name in names}
    cup = world_cup(model, players, random.Random(8))
    assert all(sorted(cup.places[p][race] for p in names) == [1, 2, 3, 4] for race in range(4))
    best = min(sum(cup.places[p]) for p in names)
    assert sum(cup.places[cup.champion]) == best
    for race in range(1, 4):  # the previous winner chooses first and takes red
        winner = next(p for p in names if cup.places[p][race - 1] == 1)
        assert cup.colours[race][winner] == "red"
    again = world_cup(model, players, random.Random(8))
    assert again == cup


def test_the_world_cup_tie_goes_to_the_better_final_race():
    points = {"Peter": [1, 3, 4, 3], "Mary": [3, 1, 2, 5], "Kim": [2, 2, 1, 6]}
    places = {"Peter": [1, 3, 4, 3], "Mary": [3, 1, 2, 2], "Kim": [2, 2, 1, 1]}
    # Peter and Mary both score 11 (Kim 11 too): Kim was best in the final race.
    assert champion(points, places) == "Kim"
    del points["Kim"], places["Kim"]
    assert champion(points, places) == "Mary"


@pytest.fixture(scope="module")
def model():
    return build_model(validate_workbook(GAME.workbook, GAME).tables)


def test_a_course_simulation_reports_every_figure_with_its_sample(capsys):
    arguments = ["simulate", "biathlon", "wolfsheim_kurz", "--runs", "30", "--seed", "3"]
    assert (
        main([*arguments, "--bots", "greedy,random,pulse-careful,greedy", "--format", "json"]) == 0
    )
    report = json.loads(capsys.readouterr().out)
    titles = [figures["title"] for figures in report["figures"]]
    assert titles[0].startswith("Kurz: win rate per biathlete (30 races")
    per_bot = {row[0]: row[1] for row in report["figures"][2]["rows"]}
    assert per_bot["greedy"]["n"] == 60 and per_bot["random"]["n"] == 30
    entries = sum(row[1]["n"] for row in report["figures"][0]["rows"])
    assert entries == 30 * 4
    summary = {row[0]: row[1] for row in report["figures"][3]["rows"]}
    assert summary["length in rounds"]["n"] == 30 and "low" in summary["hits per shooting"]
    log = report["figures"][-1]["rows"]
    assert log[0][0].startswith("grid: ") and all(row[0].startswith("round ") for row in log[1:])


def test_the_same_seed_replays_the_same_race_move_by_move(capsys):
    arguments = ["simulate", "biathlon", "portrock_short", "--runs", "5", "--seed", "9"]
    assert main(arguments) == 0
    first = capsys.readouterr().out
    assert main(arguments) == 0
    assert capsys.readouterr().out == first
    assert main([*arguments[:-1], "10"]) == 0
    assert capsys.readouterr().out != first


@pytest.mark.parametrize(
    ("bots", "message"),
    [("greedy,clever", "unknown bot 'clever'"), ("greedy,random", "2 bots for 4 seats")],
)
def test_a_bad_bot_line_up_is_a_usage_error(capsys, bots, message):
    assert main(["simulate", "biathlon", "wolfsheim_lang", "--runs", "2", "--bots", bots]) == 2
    assert message in capsys.readouterr().err


def _quick(model, **settings):
    """The model with a few balance races, and no search races unless asked for: a race of
    four search bots costs about 1.5 s."""
    balance = replace(model.balance, **{"search_races_per_trail": 0, **settings})
    return replace(model, balance=balance)


def test_check_flags_a_biathlete_outside_the_balance_band(model):
    # Owens's five personal cards become ten spaces of anything at no cost.
    superb = Action(10, 10, 10, -1, False, False)
    cards = {
        id: replace(c, top=superb, bottom=superb) if c.owner == "owens" else c
        for id, c in model.cards.items()
    }
    report = check_balance(_quick(replace(model, cards=cards), races_per_trail=40), 1)
    flagged = [f for f in report.findings if f.code == "balance"]
    owens = model.biathletes["owens"].location
    assert owens is not None and owens.sheet == "Biathletes"
    assert {(f.sheet, f.cell) for f in flagged if "Owens" in f.message} == {
        ("Biathletes", f"A{owens.row}")
    }
    assert sum("Owens" in f.message for f in flagged) == len(model.courses)
    assert all(f.severity == "warning" and f.value > 0.35 for f in flagged if "Owens" in f.message)


def test_check_counts_shooting_odds_exactly():
    assert hit_chances(0) == [0, 0, 0, 0, 0, 1]  # every face hits
    assert expected_hits(3, 0) == Fraction(5, 2)  # half the faces hit: 5 x 1/2
    assert expected_hits(5, -1) == sum(
        (k - 1) * chance for k, chance in enumerate(hit_chances(5)) if k >= 1
    )
    assert expected_hits(0, 1) == 5  # windstill cannot lift five hits past five


def test_the_world_cup_simulation_names_each_players_bot(capsys):
    arguments = ["simulate", "biathlon", "world_cup", "--runs", "4", "--players", "3"]
    assert main([*arguments, "--bots", "greedy,random,pulse-careful", "--format", "json"]) == 0
    sheet, odds = json.loads(capsys.readouterr().out)["figures"]
    assert sheet["header"] == [
        "trail",
        "player 1 (greedy)",
        "player 2 (random)",
        "player 3 (pulse-careful)",
    ]
    assert [row[0] for row in sheet["rows"]] == ["Lang", "Kurz", "Short", "Long", "total"]
    assert sum(row[1]["hits"] for row in odds["rows"]) == 4  # one champion a World Cup


def test_check_gives_the_same_figures_every_time(model):
    quick = _quick(model, races_per_trail=12)
    first = check_balance(quick, 5)
    again = check_balance(quick, 5)
    assert first.as_json() == again.as_json()
    assert lap_figures(quick) in first.figures  # check states the laps
    trails = [f for f in first.figures if "win rate per biathlete" in f.title]
    assert [f.title.split(":")[0] for f in trails] == [c.name for c in model.courses.values()]


def test_the_balance_sheet_sets_how_check_plays_and_judges(tmp_path):
    copy = openpyxl.load_workbook(GAME.workbook)
    sheet = copy["Balance"]
    for header, value in (
        ("players", 3),
        ("races_per_trail", 20),
        ("search_races_per_trail", 0),
        ("band", 0.9),
        ("bot", "random"),
    ):
        sheet[f"{column(sheet, header)}2"] = value
    path = tmp_path / "biathlon.xlsx"
    copy.save(path)
    validation = validate_workbook(path, GAME)
    assert validation.findings == []
    report = check_balance(build_model(validation.tables), 2)
    trails = [f for f in report.figures if "win rate per biathlete" in f.title]
    assert all("(20 races of 3 random bots, seed 2)" in f.title for f in trails)
    assert all("Band (sheet Balance): 0.033-0.633 (1/3 ± 90%)" in f.note for f in trails)
    assert all(sum(p.runs for _, p, *_ in f.rows) == 20 * 3 for f in trails)


def _verdict_tables(report):
    return [f for f in report.figures if "win rate per biathlete" in f.title]


def test_check_adds_races_only_while_a_win_rate_is_undecided(model):
    """Every interval counts as decided when any width will do: check stops at the first
    look. With none narrow enough and a band no interval can sit inside, it plays to the
    sheet's most."""
    decided = check_balance(_quick(model, first_look=20, races_per_trail=80, decided_width=1), 3)
    assert all("(20 races of 4 greedy bots" in f.title for f in _verdict_tables(decided))
    assert all("looking at 20, 40, 80 races" in f.note for f in _verdict_tables(decided))
    never = _quick(model, first_look=20, races_per_trail=80, decided_width=0.001, band=0.01)
    report = check_balance(never, 3)
    assert all("(80 races of 4 greedy bots" in f.title for f in _verdict_tables(report))
    assert all(
        "each look on a 98% interval (95 % over the 3 looks)" in f.note
        for f in _verdict_tables(report)
    )
    [balance] = [f for f in report.figures if f.title.startswith("Balance per trail")]
    assert [row[1] for row in balance.rows] == [80] * len(model.courses)


def test_check_judges_balance_under_greedy_and_search_side_by_side(model):
    quick = _quick(
        model, first_look=20, races_per_trail=20, search_races_per_trail=1, search_rollouts=1
    )
    report = check_balance(quick, 4)
    for table in _verdict_tables(report):
        assert table.header == (
            "biathlete",
            "P(win), greedy",
            "greedy verdict",
            "P(win), search",
            "search verdict",
            "with the bot",
        )
        assert ", 1 of search bots" in table.title
        searched = [row[3] for row in table.rows if row[3] != "-"]
        assert sum(rate.runs for rate in searched) == 4  # one race of four search bots
    [changes] = [f for f in report.figures if f.title.startswith("Verdicts the search bot")]
    assert changes.header == ("trail", "biathlete", "greedy", "search", "with the bot")


def test_a_verdict_flips_only_when_both_bots_decide_and_disagree():
    assert verdict_change(IN_BAND, OUT_OF_BAND) == "FLIPS"
    assert verdict_change(OUT_OF_BAND, OUT_OF_BAND) == "same"
    assert verdict_change(IN_BAND, UNDECIDED) == "-"
    assert verdict_change(AT_THE_EDGE, OUT_OF_BAND) == "-"


def test_check_gives_the_same_figures_on_one_worker_or_two(model):
    quick = _quick(model, first_look=20, races_per_trail=40, decided_width=0.001)
    assert check_balance(quick, 6, workers=2).as_json() == check_balance(quick, 6).as_json()


def test_balance_columns_left_blank_keep_their_defaults(tmp_path):
    copy = openpyxl.load_workbook(GAME.workbook)
    sheet = copy["Balance"]
    for header in ("first_look", "decided_width", "search_races_per_trail", "search_rollouts"):
        sheet[f"{column(sheet, header)}2"] = None
    path = tmp_path / "my biathlon (2).xlsx"
    copy.save(path)
    validation = validate_workbook(path, GAME)
    assert validation.findings == []
    settings = build_model(validation.tables).balance
    assert (settings.first_look, settings.decided_width) == (200, 0.08)
    assert (settings.search_races_per_trail, settings.search_rollouts) == (0, 16)


@pytest.mark.parametrize(
    ("edit", "code", "cell"),
    [
        (lambda sheet: sheet.__setitem__("C2", 1.5), "out-of-range", "C2"),
        (lambda sheet: sheet.__setitem__("D2", "clever"), "unknown-value", "D2"),
        (lambda sheet: sheet.append([4, 400, 0.4, "greedy"]), "settings-rows", None),
    ],
)
def test_a_bad_balance_sheet_is_reported_at_its_cell(check, edit, code, cell):
    result = check(lambda copy: edit(copy["Balance"]))
    assert [(f.code, f.sheet, f.cell) for f in result.findings] == [(code, "Balance", cell)]


def test_check_states_each_trails_laps_and_how_far_a_perfect_shooting_carries(model):
    """Seed 003: Bad Wolfsheim's two trails "share a very short final lap that makes hitting
    your targets crucial for success"; on Port Rock's Short trail "The long final lap lets you
    recover missed shots". Counted on the trails: Wolfsheim's last lap is its shortest and Port
    Rock's its longest, but from the second shooting to the finish is 34 to 47 spaces, and a
    perfect shooting (5 hits, 2 uphill steps each) covers under a third of it."""
    figure = lap_figures(model)
    assert [row[:5] for row in figure.rows] == [
        ("Bad Wolfsheim Lang", "39 / 39 / 33", 37, 10, "10/37 = 27.0%"),
        ("Bad Wolfsheim Kurz", "36 / 36 / 30", 34, 10, "10/34 = 29.4%"),
        ("Port Rock Short", "31 / 31 / 38", 42, 10, "10/42 = 23.8%"),
        ("Port Rock Long", "36 / 36 / 43", 47, 10, "10/47 = 21.3%"),
    ]
    # Four of the ten steps take the mat back onto the start line; six are left for the lap.
    assert [row[5] for row in figure.rows] == [
        "6/33 = 18.2%",
        "6/30 = 20.0%",
        "6/38 = 15.8%",
        "6/43 = 14.0%",
    ]


def test_the_lap_figures_follow_the_shoot_actions_steps(check, book):
    """A mutated copy: four uphill steps a hit make a perfect shooting 20 steps."""
    cell = cell_where(book["RangeActions"], "uphill_per_hit", action="shoot")

    def edit(copy):
        copy["RangeActions"][cell] = 4

    figure = lap_figures(build_model(check(edit).tables))
    kurz = next(row for row in figure.rows if row[0] == "Bad Wolfsheim Kurz")
    assert kurz[3:] == (20, "20/34 = 58.8%", "16/30 = 53.3%")
