"""RINKSIDE HOCKEY's skater cards: derived from the stat lines by README §7's formulas, checked
for sanity (§8.1) at the cell, and rewritten by `authoring derive` in a marked copy."""

from __future__ import annotations

import math
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import cell_where, column, found, records, row_where, sha256
from conftest import edited_copy

from authoring.annotate import CHANGE_FILL
from authoring.games.rinkside import GAME
from authoring.games.rinkside.checks import SKATER_BOUNDS
from authoring.games.rinkside.derive import (
    derive_cards,
    league_of,
    round_half_up,
    shot_target,
    skater_card,
)
from authoring.games.rinkside.model import Skater, StatLine, build_model
from authoring.validate import CHANGES_SHEET, Validation, validate_workbook

AUTHORING = str(Path(sys.executable).parent / "authoring")
Edit = Callable[[openpyxl.Workbook], None]


@pytest.fixture
def check(tmp_path: Path) -> Callable[[Edit], Validation]:
    """Validate a designer's copy after `edit`."""
    return lambda edit: validate_workbook(edited_copy(GAME, tmp_path, edit), GAME)


def skater(position: str = "C", unit: int = 1, role: str = "none", name: str = "T") -> Skater:
    return Skater(f"TST-{name}", "TST", "Test", name, 9, position, unit, "L", role, False)


def season(**changes: Any) -> StatLine:
    """An ordinary stat line of 30 games at 20:00 (10 hours of ice), with `changes`."""
    values: dict[str, Any] = {
        "gp": 30,
        "g": 10,
        "a": 10,
        "sog": 100,
        "missed": 40,
        "toi_per_gp": "20:00",
        "hits": 40,
        "blocks": 20,
        "takeaways": 20,
        "giveaways": 10,
        "fow": None,
        "fol": None,
        "pim_minor": 5,
        "pim_major": 0,
        "pim_misconduct": 0,
        "double_minors": 0,
        "fights": 0,
        "penalties_drawn": 5,
        "ppg": 0,
        "ppa": 0,
        "shg": 0,
        "sha": 0,
        "gwg": 0,
    }
    values.update(changes)
    return StatLine(values)


def card_of(player: Skater, line: StatLine, judgement: dict[str, int] | None = None):
    """His card in a league of himself and two other forwards."""
    league = league_of(
        {player.skater_id: player, "TST-X": skater(name="X"), "TST-Y": skater(name="Y")},
        {player.skater_id: line, "TST-X": season(), "TST-Y": season(g=20, a=20)},
    )
    return skater_card(player, line, league, judgement or {})


def test_shot_target_is_the_smallest_target_that_keeps_his_shots_on_net():
    """README §7.1: T is the smallest with (T - #{55, 66, 77, 88 <= T}) / 100 >= u, the
    doubles going wide; u = 71/100 gives 73 (73 less 55 and 66 is 71), u = 72/100 gives 74."""
    assert shot_target(71, 29) == 73
    assert shot_target(72, 28) == 74
    assert shot_target(1, 99) == 40  # the clamp's floor
    assert shot_target(100, 0) == 96  # 100 on target cannot be printed: 96 at most


def test_faceoff_reads_the_percentage_of_a_centre_with_a_hundred_draws():
    """README §7.1: faceoff = 5 + 20 x (FO% - 0.5) for 100 draws or more, clamped 1-10; under
    100 draws, 3. FO% .55 (110 of 200) gives 6; .70 gives 9; 60 of 99 draws gives 3."""
    centre = skater("C")
    assert card_of(centre, season(fow=110, fol=90))["faceoff"] == 6
    assert card_of(centre, season(fow=140, fol=60))["faceoff"] == 9
    assert card_of(centre, season(fow=60, fol=39))["faceoff"] == 3
    assert card_of(skater("LW"), season())["faceoff"] == 3


def test_offense_is_a_z_score_over_the_groups_population_sd():
    """README §7.1: offense = 10 + 3 x z for a forward, z over the forwards with gp >= 20 by
    the population sd. Points/60 of 2, 3 and 4 (20, 30, 40 points in 10 hours) have mean 3
    and population sd sqrt(2/3); the 4 is z = 1.2247, 10 + 3.674 = 13.67 -> 14 (the sample
    sd, 1, would give 13). A forward of 9 games counts for his card, not for the mean."""
    top, low, middle = skater(name="top"), skater(name="low"), skater(name="middle")
    lines = {
        top.skater_id: season(g=20, a=20),
        low.skater_id: season(g=10, a=10),
        middle.skater_id: season(g=15, a=15),
    }
    players = {p.skater_id: p for p in (top, low, middle)}
    league = league_of(players, lines)
    mean, sd = league.moments[("offense", True)]
    assert math.isclose(mean, 3) and math.isclose(sd, math.sqrt(2 / 3))
    assert skater_card(top, lines[top.skater_id], league, {})["offense"] == 14
    rookie = skater(name="rookie")
    lines[rookie.skater_id] = season(gp=9, toi_per_gp="20:00", g=3, a=3)  # 2/60 in 3 hours
    with_rookie = league_of({**players, rookie.skater_id: rookie}, lines)
    assert with_rookie.moments[("offense", True)] == league.moments[("offense", True)]
    # z = (2 - 3) / sqrt(2/3) = -1.2247: 10 - 3.674 = 6.33 -> 6
    assert skater_card(rookie, lines[rookie.skater_id], with_rookie, {})["offense"] == 6


def test_ratings_are_rounded_half_up_never_to_even():
    """README §7: rounded half up, floor(v + 0.5). sniper = round(T x s x 0.5): T 65
    (100 on goal, 57 wide: u = .6369) and s = 20/100 give 6.5, so 7, where Python's round
    gives 6; faceoff = 5 + 20 x (FO% - 0.5): FO% .575 gives 6.5, so 7."""
    assert [round_half_up(v) for v in (0.5, 2.5, 6.5, -1.5)] == [1, 3, 7, -1]
    assert round(6.5) == 6
    card = card_of(skater(), season(sog=100, missed=57, g=20))
    assert (card["shot_target"], card["sniper"]) == (65, 7)
    # faceoff: FO% .575 gives 5 + 1.5 = 6.5, so 7 (round to even: 6).
    assert card_of(skater("C"), season(fow=115, fol=85))["faceoff"] == 7


def test_the_snipers_stay_within_their_scale_and_his_shot_target():
    """README §7.1: pp_sniper lies in 0-45, sh_sniper in 0-40, and neither above T. A scorer
    on target 90 times in 100 (T 92) with 20 power-play and 50 short-handed goals reaches 45
    and 40, not his T; a wild shooter (T 40, the floor) stops at 40."""
    accurate = card_of(skater(), season(sog=100, missed=10, g=70, ppg=20, shg=50))
    assert accurate["shot_target"] > 45
    assert (accurate["pp_sniper"], accurate["sh_sniper"]) == (45, 40)
    wild = card_of(skater(), season(sog=10, missed=90, ppg=5, shg=5))
    assert wild["shot_target"] == 40
    assert (wild["pp_sniper"], wild["sh_sniper"]) == (40, 40)


def test_penalty_ratings_read_rates_and_shares():
    """README §7.1: commit = round(3.5 x minors/60), draw = round(3.5 x drawn/60) (the factor
    1.5 until the calibration, README §11.18), secondary = round(101 - 100 x severe / max(1,
    minors + severe)). 15 minors and 7 drawn in 10 hours give 5.25 -> 5 and 2.45 -> 2; 15
    minors and 5 majors give 101 - 25 = 76; a clean player 100. A fight's major is not a
    severe call (README §11.18): with 3 of the 5 majors from fights, 101 - 100 x 2/17 = 89.24
    -> 89."""
    card = card_of(skater(), season(pim_minor=15, pim_major=5, penalties_drawn=7))
    assert (card["commit_penalty"], card["draw_penalty"], card["secondary_penalty"]) == (5, 2, 76)
    assert card_of(skater(), season(pim_minor=15, pim_major=5, fights=3))["secondary_penalty"] == 89
    assert card_of(skater(), season())["secondary_penalty"] == 100


def test_agitator_enforcer_by_fights_role_and_penalty_minutes():
    """README §7.1: fights >= 8 -> 1; 4-7 -> 2; agitator or 2-3 fights -> 3; 1 fight -> 4;
    PIM/GP >= 0.5 -> 5; else 6."""
    assert card_of(skater(), season(fights=8))["agitator_enforcer"] == 1
    assert card_of(skater(), season(fights=4))["agitator_enforcer"] == 2
    assert card_of(skater(role="agitator"), season())["agitator_enforcer"] == 3
    assert card_of(skater(), season(fights=1))["agitator_enforcer"] == 4
    assert card_of(skater(), season(pim_minor=8))["agitator_enforcer"] == 5  # 16 min/30 GP
    assert card_of(skater(), season(pim_minor=7))["agitator_enforcer"] == 6  # 14 min/30 GP


def test_a_designers_judgement_is_kept_and_a_blank_gets_the_default():
    """README §7.2: derive fills a blank judgement cell with the default (pass: line 1 75,
    D2 62; breakout: W line 4 9 - 1 = 8; H-M = B-O - 6) and never overwrites a value."""
    line1 = card_of(skater("C", 1), season())
    assert (line1["pass"], line1["breakout"], line1["head_man"]) == (75, 11, 5)
    assert card_of(skater("LD", 2), season())["pass"] == 62
    assert card_of(skater("RW", 4), season())["breakout"] == 8
    kept = card_of(skater("C", 1), season(), {"pass": 88, "breakout": 16})
    assert (kept["pass"], kept["breakout"], kept["head_man"]) == (88, 16, 10)


def test_the_shipped_cards_are_the_derived_ones_and_validate_clean():
    validation = validate_workbook(GAME.workbook, GAME)
    assert validation.findings == []
    league = build_model(validation.tables)
    derived = derive_cards(league, {})
    assert set(derived) == set(league.skater_cards) == set(league.skaters)
    for skater_id, card in league.skater_cards.items():
        assert card.ratings == derived[skater_id], skater_id


# --- card sanity at the cell (README §8.1) ------------------------------------------------


# Each bound broken on the first card, every other rating it touches kept in order.
BROKEN_BOUNDS = {
    "big_hit": {"hit": 2, "big_hit": 3},
    "nz_hit": {"defense": 1, "nz_big_hit": 0, "nz_hit": 2},
    "nz_big_hit": {"nz_hit": 0, "nz_big_hit": 1},
    "head_man": {"breakout": 5, "head_man": 6},
    "hqs": {"offense": 9, "quality_shot": 0, "set_up": 0, "hqs": 10},
    "quality_shot": {"offense": 9, "hqs": 0, "set_up": 0, "quality_shot": 10},
    "set_up": {"offense": 9, "hqs": 0, "quality_shot": 0, "set_up": 10},
    "pp_sniper": {"shot_target": 40, "sniper": 10, "sh_sniper": 10, "pp_sniper": 41},
    "physical": {"d_battle": 8, "physical": 9},
}


def test_every_bound_is_tried():
    assert set(BROKEN_BOUNDS) == {rating for rating, *_ in SKATER_BOUNDS}


@pytest.mark.parametrize("rating", sorted(BROKEN_BOUNDS))
def test_a_rating_above_the_range_it_is_read_in_is_an_error_at_its_cell(check, rating):
    """README §8.1: big_hit <= hit, nz_big_hit <= nz_hit <= defense, head_man <= breakout,
    hqs, quality_shot, set_up <= offense, pp_sniper <= shot_target, physical <= d_battle."""
    cells = BROKEN_BOUNDS[rating]

    def edit(book: openpyxl.Workbook) -> None:
        sheet = book["SkaterCards"]
        for name, value in cells.items():
            sheet[f"{column(sheet, name)}2"] = value

    result = check(edit)
    sheet = openpyxl.load_workbook(GAME.workbook)["SkaterCards"]
    assert found(result, "card-bound") == [("SkaterCards", f"{column(sheet, rating)}2")]
    [finding] = result.findings
    bound = next(b for r, b, *_ in SKATER_BOUNDS if r == rating)
    assert finding.severity == "error"
    assert finding.message.startswith(f"{rating} {cells[rating]} is above {bound} {cells[bound]}")


@pytest.mark.parametrize(
    ("role", "rating", "expected"),
    [("enforcer", 4, "1-2, an enforcer's"), ("none", 2, "3 or more"), ("agitator", 5, "3, an")],
)
def test_fighters_are_flagged_by_role_at_the_cards_a_e_cell(check, role, rating, expected):
    """README §8.1: A/E <= 2 exactly for role enforcer (seed L1210); role agitator has A/E 3
    (L1170)."""
    skaters = openpyxl.load_workbook(GAME.workbook)["Skaters"]
    skater_id = next(v["skater_id"] for _, v in records(skaters) if v["role"] == role)
    cell = cell_where(
        openpyxl.load_workbook(GAME.workbook)["SkaterCards"],
        "agitator_enforcer",
        skater_id=skater_id,
    )

    def edit(book: openpyxl.Workbook) -> None:
        book["SkaterCards"][cell] = rating

    result = check(edit)
    assert found(result, "fighter-flag") == [("SkaterCards", cell)]
    [finding] = result.findings
    assert finding.severity == "error" and finding.expected.startswith(expected)


# --- `authoring derive` on a designer's copy ------------------------------------------------


def run(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([AUTHORING, *arguments], capture_output=True, text=True, cwd=cwd)


def test_derive_rewrites_a_designers_copy_and_keeps_his_judgement(tmp_path):
    """A designer's copy with a better season for one centre, a blank pass (a judgement
    rating) for another skater and his own pass for a third: derive marks the centre's new
    ratings, fills the blank with the default, keeps the designer's pass, and the marked
    copy validates clean. The shipped workbook derives to itself."""
    copy = tmp_path / "my league (2).xlsx"
    shutil.copyfile(GAME.workbook, copy)
    book = openpyxl.load_workbook(copy)
    stats, cards = book["SkaterStats"], book["SkaterCards"]
    better = row_where(stats, skater_id="HLX-C2")
    for name in ("g", "a"):
        stats[f"{column(stats, name)}{better}"] = stats[f"{column(stats, name)}{better}"].value + 30
    blank = cell_where(cards, "pass", skater_id="HLX-C1")
    default = cards[blank].value
    cards[blank] = None
    own = cell_where(cards, "pass", skater_id="HLX-LW1")
    cards[own] = 93
    book.save(copy)
    before = sha256(copy)
    shipped = sha256(GAME.workbook)

    result = run("derive", copy.name, "-o", "next.xlsx", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    printed = result.stdout.strip().splitlines()
    # His better season moves the forwards' mean and the grade ranks: others move a little.
    assert printed[-2].startswith("wrote next.xlsx: ")
    assert sha256(copy) == before and sha256(GAME.workbook) == shipped
    new = openpyxl.load_workbook(tmp_path / "next.xlsx")
    assert new.sheetnames[0] == CHANGES_SHEET
    changes = [row for row in new[CHANGES_SHEET].iter_rows(values_only=True)]
    beyond = next(i for i, row in enumerate(changes) if str(row[0]).startswith("Beyond"))
    within = next(i for i, row in enumerate(changes) if str(row[0]).startswith("Within"))
    labels = [str(row[1]) for row in changes[beyond + 1 : within] if row[1]]
    assert any(label.endswith("(HLX-C2)") for label in labels)
    assert any(label.endswith("(HLX-C1)") for label in labels)  # a blank cell always matters
    marked = new["SkaterCards"]
    assert (marked[blank].value, marked[own].value) == (default, 93)
    assert str(marked[blank].fill.fgColor.rgb).upper().endswith(CHANGE_FILL)
    offense = cell_where(marked, "offense", skater_id="HLX-C2")
    was = cards[offense].value
    assert marked[offense].value > was
    assert marked[offense].comment.text.startswith(f"was {was}; his ")
    checked = run("validate", "next.xlsx", cwd=tmp_path)
    assert checked.returncode == 0 and checked.stdout.startswith("0 errors, 0 warnings"), (
        checked.stdout
    )


def test_a_skater_without_a_season_keeps_his_card_and_is_listed_as_not_derived(tmp_path):
    """README §7: a card is derived from a stat line; with none it is kept as it was."""
    copy = tmp_path / "my league (2).xlsx"
    shutil.copyfile(GAME.workbook, copy)
    book = openpyxl.load_workbook(copy)
    book["SkaterStats"].delete_rows(row_where(book["SkaterStats"], skater_id="BRV-RD3"))
    book.save(copy)

    result = run("derive", copy.name, "-o", "next.xlsx", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-2].endswith(", 1 not derived")
    new = openpyxl.load_workbook(tmp_path / "next.xlsx")
    row = row_where(new["SkaterCards"], skater_id="BRV-RD3")
    assert dict(records(new["SkaterCards"]))[row] == dict(records(book["SkaterCards"]))[row]
    comment = new["SkaterCards"].cell(row, 1).comment
    assert comment is not None
    assert comment.text == "kept as it was, not derived: BRV-RD3 has no row on SkaterStats"
