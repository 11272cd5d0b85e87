"""DARK BLADES' reference rules on the real data: hand-picked combat cases, exact figures
against a seeded Monte Carlo, and the check and simulate commands."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import openpyxl
import pytest

from authoring.cli import main
from authoring.game import get_game
from authoring.games.darkblades import arena
from authoring.games.darkblades.checks import CRT_SHEETS, ODDS
from authoring.games.darkblades.combat import (
    Condition,
    Situation,
    attack_column,
    distribution,
    odds_column,
    roll,
    suffer,
)
from authoring.games.darkblades.consistency import check
from authoring.games.darkblades.model import DarkBlades, build_model
from authoring.simulation import Proportion, run_rng
from authoring.validate import validate_workbook

GAME = get_game("darkblades")


@pytest.fixture(scope="module")
def model() -> DarkBlades:
    validation = validate_workbook(GAME.workbook, GAME)
    assert validation.ok
    return build_model(validation.tables)


def column(odds: str) -> int:
    return ODDS.index(odds)


@pytest.mark.parametrize(
    ("attack", "defence", "odds"),
    [
        (8, 3, "2-1"),  # the rulebook's own example: rounded down
        (20, 10, "2-1"),  # the crossbow example at 28 hexes
        (10, 10, "1-1"),
        (5, 6, "1-2"),  # between 1-2 and 1-1: rounded down to 1-2
        (3, 6, "1-2"),
        (130, 10, "12-1"),  # better than the table: capped at its last column
    ],
)
@pytest.mark.parametrize("below_table", ["no_attack", "first_column"])
def test_odds_are_rounded_down_and_capped(attack, defence, odds, below_table):
    """The seed: "attack strengths are always rounded down to the nearest divisible
    figure, eg., an attack strength of 8 against a defence strength of 3 would give combat
    odds of 2-1"."""
    assert odds_column(attack, defence, below_table) == column(odds)


@pytest.mark.parametrize(("attack", "defence"), [(2, 6), (7, 15), (1, 10)])
def test_odds_worse_than_the_first_column_follow_the_settings_reading(attack, defence):
    """The tables' odds run "1-2 1-1 2-1 … 12-1" and the seed rounds attacks down, saying
    nothing of odds worse than 1-2: Settings' odds_below_table reads them."""
    assert odds_column(attack, defence, "no_attack") is None
    assert odds_column(attack, defence, "first_column") == column("1-2")


def test_the_shipped_reading_forbids_attacks_worse_than_1_2(model, tmp_path):
    """A wounded Dark Blades (7) may not attack the Dragon (defence 15) under the shipped
    reading; with first_column in Settings he fights in the 1-2 column."""
    assert model.odds_below_table == "no_attack"
    assert attack_column(model, [7], [15]) is None
    assert attack_column(model, [7], [15], Situation(help_spell=True)) is None
    assert attack_column(model, [8], [15]) == column("1-2")
    book = openpyxl.load_workbook(GAME.workbook)
    book["Settings"]["A2"] = "first_column"
    path = tmp_path / "darkblades.xlsx"
    book.save(path)
    validation = validate_workbook(path, GAME)
    assert validation.ok
    assert attack_column(build_model(validation.tables), [7], [15]) == column("1-2")


def test_missile_attack_strength_by_range(model):
    crossbow, shortbow = model.missile_weapons["crossbow"], model.missile_weapons["shortbow"]
    assert [crossbow.attack_at(h) for h in (1, 15, 16, 28, 30, 31, 55, 56)] == [
        30,
        30,
        20,
        20,
        20,
        10,
        10,
        None,
    ]
    assert [shortbow.attack_at(h) for h in (15, 16, 25, 26, 40, 41)] == [20, 10, 10, 5, 5, None]


@pytest.mark.parametrize(
    ("situation", "missile", "odds"),
    [
        (Situation(), False, "4-1"),
        (Situation(attacker_terrain="-", defender_terrain="+"), False, "2-1"),
        (Situation(attacker_terrain="0", defender_terrain="+"), False, "3-1"),
        (Situation(attacker_terrain="+", defender_terrain="-"), False, "6-1"),
        (Situation(attacker_terrain="+", defender_terrain="+"), False, "4-1"),
        (Situation(cover="light"), True, "3-1"),  # "a 4-1 attack becomes a 3-1 attack"
        (Situation(cover="medium"), True, "2-1"),
        (Situation(riding_fast=True), True, "3-1"),
        (Situation(help_spell=True), False, "5-1"),
        (Situation(help_spell_defence=True), False, "3-1"),
        (Situation(magic_sword=True), False, "6-1"),
        (Situation(magic_ring=True), False, "3-1"),
        (Situation(magic_sword=True, help_spell=True, attacker_terrain="+"), False, "8-1"),
    ],
)
def test_column_shifts(model, situation, missile, odds):
    assert attack_column(model, [16], [4], situation, missile=missile) == column(odds)


def test_targets_in_infinite_cover_cannot_be_fired_on(model):
    assert attack_column(model, [30], [5], Situation(cover="infinite"), missile=True) is None


def test_shifts_stop_at_the_table_ends(model):
    worst = Situation(attacker_terrain="-", defender_terrain="+", help_spell_defence=True)
    assert attack_column(model, [3], [6], worst) == column("1-2")
    best = Situation(attacker_terrain="+", defender_terrain="-", magic_sword=True)
    assert attack_column(model, [120], [10], best) == column("12-1")


def test_several_attackers_and_defenders_combine(model):
    assert attack_column(model, [6, 6], [4]) == column("3-1")
    assert attack_column(model, [6, 6], [4, 2]) == column("2-1")


def key(model, table, code):
    return model.combat_tables[table].keys[code]


def test_results_change_a_characters_state(model):
    stunned = key(model, "CRT_InfVsInf", "D")
    wounded = key(model, "CRT_InfVsInf", "E")
    killed = key(model, "CRT_InfVsInf", "F")
    retreat = key(model, "CRT_InfVsInf", "C")
    healthy = Condition()
    assert suffer(healthy, stunned).health == "stunned"
    assert suffer(healthy, wounded).health == "wounded"
    assert suffer(healthy, killed).health == "dead"
    # Stunned or wounded and hurt again: dead.
    assert suffer(Condition("stunned"), wounded).health == "dead"
    assert suffer(Condition("wounded"), stunned).health == "dead"
    # A retreat that cannot be made wounds instead; a wounded character then dies.
    assert suffer(healthy, retreat).health == "healthy"
    assert suffer(healthy, retreat, can_retreat=False).health == "wounded"
    assert suffer(Condition("wounded"), retreat, can_retreat=False).health == "dead"
    # War dogs die of any stun or wound.
    assert suffer(healthy, stunned, any_hurt_kills=True).health == "dead"


def test_mounted_results(model):
    rider = Condition(mounted=True)
    wounded = suffer(rider, key(model, "CRT_MtdVsMtd", "F"))
    assert (wounded.health, wounded.mounted, wounded.face) == ("wounded", True, "mounted_wounded")
    unhorsed = suffer(rider, key(model, "CRT_MtdVsMtd", "H"))
    assert (unhorsed.health, unhorsed.mounted, unhorsed.horse_alive) == ("wounded", False, False)
    assert unhorsed.face == "wounded"
    thrown = suffer(rider, key(model, "CRT_MtdVsMtd", "G"))
    assert (thrown.health, thrown.mounted, thrown.horse_alive) == ("stunned", False, True)
    assert suffer(rider, key(model, "CRT_MtdVsMtd", "J")).health == "dead"
    assert (
        suffer(Condition("wounded", mounted=True), key(model, "CRT_MtdVsMtd", "G")).health == "dead"
    )


def test_exact_distribution_of_a_column(model):
    chances = distribution(model.combat_tables["CRT_InfVsInf"], column("1-2"))
    tenth = Fraction(1, 10)
    assert chances == {"C": tenth, "B": tenth, "A": tenth, "-": 7 * tenth}
    for table in model.combat_tables.values():
        for index in range(len(ODDS)):
            assert sum(distribution(table, index).values()) == 1


@pytest.mark.parametrize("sheet", CRT_SHEETS)
def test_exact_probabilities_agree_with_a_seeded_monte_carlo(model, sheet):
    table = model.combat_tables[sheet]
    index = column("5-1")
    runs = 20_000
    rng = run_rng(2026, 0)
    counts = Counter(roll(table, index, rng).code for _ in range(runs))
    for code, exact in distribution(table, index).items():
        low, high = Proportion(counts[code], runs).interval
        assert low <= exact <= high, (sheet, code, float(exact), low, high)


def test_arena_is_reproducible_and_depends_on_the_seed(model):
    first = arena.simulate(model, 30, 11).figures[0]
    again = arena.simulate(model, 30, 11).figures[0]
    other = arena.simulate(model, 30, 12).figures[0]
    assert first.as_dict() == again.as_dict()
    assert first.as_dict() != other.as_dict()


def test_check_command_reports_figures_and_cell_warnings(capsys):
    assert main(["check", "darkblades", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    titles = [figures["title"] for figures in report["figures"]]
    assert titles[0] == "Combat results tables: shape and keys"
    assert any(title.startswith("CRT_MslVsInf") for title in titles)
    assert any(title.startswith("Spell deck: 14 spells on 24 cards") for title in titles)
    assert not [f for f in report["findings"] if f["severity"] == "error"]
    places = {(f["code"], f["sheet"], f["cell"]) for f in report["findings"]}
    # The designer's ranks put G (unhorsed, stunned) below F (wounded) in Mounted v Mounted.
    assert ("odds-order", "CRT_MtdVsMtd", "D2") in places


def test_check_names_the_cell_that_breaks_the_order(tmp_path, capsys):
    book = openpyxl.load_workbook(GAME.workbook)
    book["CRT_InfVsInf"]["N2"] = "A"  # die 1 at 12-1: the attacker wounded instead of a kill
    path = tmp_path / "darkblades.xlsx"
    book.save(path)
    validation = validate_workbook(path, GAME)
    report = check(build_model(validation.tables), 1)
    places = {(f.code, f.sheet, f.cell) for f in report.findings}
    assert ("odds-order", "CRT_InfVsInf", "N2") in places
    assert ("odds-dominance", "CRT_InfVsInf", "N1") in places
    baseline = check(build_model(validate_workbook(GAME.workbook, GAME).tables), 1)
    assert not [f for f in baseline.findings if f.sheet == "CRT_InfVsInf" and f.cell == "N2"]


def test_check_names_the_lake_drift_reading_at_its_cell(tmp_path):
    """The seed's lake table: "456 move two hexes downstream and one hex towards farthest
    bank. 678 move three hexes downstream" - a 6 in both rows. The workbook reads 4-6 and
    7-8; check says so at the 7-8 row, and at the 4-5 row if the 6 is given to the other."""
    shipped = check(build_model(validate_workbook(GAME.workbook, GAME).tables), 1)
    readings = [(f.code, f.sheet, f.cell) for f in shipped.findings if f.code == "die-reading"]
    assert readings == [("die-reading", "DieTables", "B9")]
    assert "'678', which shares a face with '456'" in next(
        f.message for f in shipped.findings if f.code == "die-reading"
    )
    book = openpyxl.load_workbook(GAME.workbook)
    sheet = book["DieTables"]
    assert [sheet[f"{c}8"].value for c in "ABC"] == ["lake_drift", 4, 6]
    sheet["C8"], sheet["B9"] = 5, 6
    path = tmp_path / "darkblades.xlsx"
    book.save(path)
    moved = check(build_model(validate_workbook(path, GAME).tables), 1)
    assert [(f.code, f.cell) for f in moved.findings if f.code == "die-reading"] == [
        ("die-reading", "B8")
    ]


def test_the_lake_drift_reading_is_waived_with_its_reason(capsys):
    assert main(["check", "darkblades", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    reading = [f for f in report["findings"] if f["code"] == "die-reading"]
    assert len(reading) == 1 and reading[0]["cell"] == "B9"
    assert "456 and 678, a 6 in both" in reading[0]["waived"]


def test_check_stops_at_data_errors(tmp_path, capsys):
    book = openpyxl.load_workbook(GAME.workbook)
    book["CRT_InfVsInf"]["D7"] = "Q"
    copy = tmp_path / "my crt.xlsx"
    book.save(copy)
    assert main(["check", str(copy)]) == 1
    out = capsys.readouterr().out
    assert "CRT_InfVsInf!D7: error: unknown result 'Q'" in out
    assert "Combat results tables" not in out


def test_simulate_command_is_reproducible(capsys):
    assert main(["simulate", "darkblades", "arena", "--runs", "60", "--seed", "9"]) == 0
    first = capsys.readouterr().out
    assert main(["simulate", "darkblades", "arena", "--runs", "60", "--seed", "9"]) == 0
    assert capsys.readouterr().out == first
    assert "n=60" in first


def test_simulate_unknown_scenario_is_a_usage_error(capsys):
    assert main(["simulate", "darkblades", "nowhere"]) == 2
    assert "no simulation 'nowhere'; its simulations:\n  arena" in capsys.readouterr().err


def test_simulate_needs_a_positive_number_of_runs(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "darkblades", "arena", "--runs", "0"])
    assert stop.value.code == 2


def test_check_reports_the_arena_bouts_exactly(model):
    figures = next(
        f for f in check(model, 1).figures if f.title.startswith("The Arena, one attack")
    )
    hero, dworc = model.characters["dark_blades"], model.characters["dworc"]
    attack, defence = hero.face("healthy").attack, dworc.face("healthy").defence
    index = attack_column(model, [attack], [defence])
    assert index is not None
    table = model.combat_tables["CRT_InfVsInf"]
    wounded = sum(
        p
        for code, p in distribution(table, index).items()
        if table.keys[code].affects == "defender" and table.keys[code].injury == "wounded"
    )
    row = figures.rows[0]
    assert row[:3] == ("Dark Blades attacks the Dworc", f"{attack}/{defence}", ODDS[index])
    assert row[4] == float(wounded)
