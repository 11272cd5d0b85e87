"""RINKSIDE HOCKEY's goalie cards and Settings: the cards derived from GoalieStats by README
§7.3's formulas, their sanity (§8.1) at the cell, and `validate`'s warning where a card cell
strays from its derived value beyond the Settings tolerance (§1.1)."""

from __future__ import annotations

import math
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import cell_where, column, found, records, values_at
from conftest import edited_copy

from authoring.annotate import CHANGE_FILL
from authoring.games.rinkside import GAME
from authoring.games.rinkside.checks import GOALIE_BOUNDS
from authoring.games.rinkside.derive import GoalieLeague, goalie_card, goalie_cards, save_number
from authoring.games.rinkside.model import StatLine, build_model
from authoring.validate import Validation, validate_workbook

Edit = Callable[[openpyxl.Workbook], None]
AUTHORING = str(Path(sys.executable).parent / "authoring")


@pytest.fixture
def check(tmp_path: Path) -> Callable[[Edit], Validation]:
    """Validate a designer's copy after `edit`."""
    return lambda edit: validate_workbook(edited_copy(GAME, tmp_path, edit), GAME)


def season(**changes: Any) -> StatLine:
    """A 30-game season of 1,000 shots and 944 saves (.944), with `changes`."""
    values: dict[str, Any] = {
        "gp": 30,
        "sa_high": 100,
        "sv_high": 85,
        "sa_med": 200,
        "sv_med": 180,
        "sa_low": 700,
        "sv_low": 679,
        "sa_sh": 40,
        "sv_sh": 36,
        "rebounds": 59,
        "breakaway_sa": 20,
        "breakaway_sv": 15,
        "pim": 6,
    }
    values.update(changes)
    return StatLine(values)


# A league saving .930, its goalies' high-danger save % at mean .80 and sd .04.
LEAGUE = GoalieLeague(Fraction(93, 100), 0.80, 0.04)


def test_a_save_number_adds_the_great_saves_after_a_goal_back():
    """README §7.3: N = round(100 (s - GS/20) / (1 - GS/20)). s .80, GS 1: 75/.95 = 78.95
    -> 79 (the README's example); s .90, GS 2: 80/.90 = 88.89 -> 89; s .85, GS 0: 85."""
    assert save_number(Fraction(80, 100), 1) == 79
    assert save_number(Fraction(90, 100), 2) == 89
    assert save_number(Fraction(85, 100), 0) == 85


def test_a_goalie_card_from_his_season():
    """README §7.3 on a .944 season in a .930 league:
    great_save 2 (.944 >= .930 + .010); big ranges GS + 2, 3, 4 = 4, 5, 6;
    save_green from 85/100: 100 (.85 - .10) / .90 = 83.3 -> 83; save_blue 180/200 = .90
    -> 88.9 -> 89; save_black 679/700 = .97 -> 96.67 -> 97, each carrying the engine's
    allowance (README §11.18, §11.23: green 6, blue 3, black 3) as 89, 92 and 100, held at
    the scale's top 99; sht 36/40 = .90 -> 89;
    goalie_rating 70 + 1000 (.944 - .930) = 84; shootout 15 of 20 breakaways -> 75;
    rebounds per 100 saves 100 x 59/944 = 6.25, RC 22 - 6.25 = 15.75 -> 16; with RC 16 the
    easy column is cover 16 - 11 = 5, corner 7, rebound 9 and the difficult one cover
    16 - 14 = 2, corner 16 - 10 = 6, rebound 8; sv_high z (.85 - .80)/.04 = 1.25, at least
    1, lifts scramble to 12 and recover to 10; penalty 1 + 10 x 6/30 = 3; the judgement
    columns at their defaults: a butterfly's 3, 6, 8 and puck handling 5 and 3."""
    assert goalie_card(season(rebounds=104), LEAGUE, {}) == {
        "save_green": 89,
        "save_blue": 92,
        "save_black": 99,
        "great_save": 2,
        "big_good": 4,
        "big_very_good": 5,
        "big_great": 6,
        "goalie_rating": 84,
        "sht": 89,
        "shootout": 75,
        "easy_cover": 4,
        "easy_corner": 8,
        "easy_rebound": 8,
        "diff_cover": 1,
        "diff_corner": 7,
        "diff_rebound": 8,
        "type_glove": 3,
        "type_pad": 6,
        "type_blocker": 8,
        "rebound_control": 15,
        "scramble": 12,
        "recover": 10,
        "play_puck": 5,
        "control_puck": 3,
        "penalty": 3,
    }


def test_clamps_keep_the_cut_points_in_order_and_judgement_is_kept():
    """README §7.3's clamps: no rebounds gives RC 26, clamped to 20; the easy cover 20 - 11 = 9
    is held at the corner 8, the difficult corner 20 - 8 = 12 at the easy corner 8 (never
    kinder than the easy column), the difficult cover 6 under it. Under 10 breakaways the
    shootout is 65; an ordinary .900 save % (900 of 1,000) in a .930 league keeps GS 1 and
    rates 70 + 1000 (.900 - .930) = 40. A designer's stand-up save types stay."""
    line = season(rebounds=0, breakaway_sa=9, breakaway_sv=9, sv_low=635)
    card = goalie_card(line, LEAGUE, {"type_glove": 2, "type_pad": 4, "type_blocker": 6})
    assert card["rebound_control"] == 20
    cuts = ("easy_cover", "easy_corner", "easy_rebound", "diff_cover", "diff_corner")
    assert [card[c] for c in cuts] == [8, 8, 9, 6, 8]
    assert card["shootout"] == 65
    assert (card["great_save"], card["goalie_rating"]) == (1, 40)
    assert (card["type_glove"], card["type_pad"], card["type_blocker"]) == (2, 4, 6)


def test_the_shipped_goalie_cards_are_the_derived_ones_and_validate_clean():
    validation = validate_workbook(GAME.workbook, GAME)
    assert validation.findings == []
    game = build_model(validation.tables)
    derived = goalie_cards(game, {})
    assert set(derived) == set(game.goalie_cards) == set(game.goalies)
    for goalie_id, card in game.goalie_cards.items():
        assert card.ratings == derived[goalie_id], goalie_id


# --- goalie card sanity at the cell (README §8.1) -------------------------------------------

# Each bound broken on the first card (HLX-G1: green 87, blue 93, black 99, sht 95, great
# save 1, big 3 4 5, easy 7 8 9, difficult 4 8 9, type 3 6 8, play 5, control 3), no other.
BROKEN_BOUNDS = {
    ("save_green", "save_blue"): {"save_green": 94},
    ("save_blue", "save_black"): {"save_blue": 99, "save_black": 98},
    ("save_green", "sht"): {"sht": 80},
    ("sht", "save_black"): {"sht": 99, "save_black": 98},
    ("control_puck", "play_puck"): {"control_puck": 6},
    ("great_save", "big_good"): {"great_save": 4},
    ("big_good", "big_very_good"): {"big_good": 5},
    ("big_very_good", "big_great"): {"big_very_good": 6},
    ("easy_cover", "easy_corner"): {"easy_cover": 9},
    ("easy_corner", "easy_rebound"): {"easy_corner": 9, "easy_rebound": 8, "diff_rebound": 8},
    ("diff_cover", "diff_corner"): {"diff_corner": 2, "diff_cover": 3},
    ("diff_corner", "diff_rebound"): {"diff_rebound": 3},
    ("diff_cover", "easy_cover"): {"easy_cover": -1},
    ("diff_corner", "easy_corner"): {"easy_corner": 7},
    ("diff_rebound", "easy_rebound"): {"easy_rebound": 8},
    ("type_glove", "type_pad"): {"type_glove": 7},
    ("type_pad", "type_blocker"): {"type_pad": 9},
}


def test_every_goalie_bound_is_tried():
    assert set(BROKEN_BOUNDS) == {(rating, bound) for rating, bound, *_ in GOALIE_BOUNDS}


def edit_first_goalie(cells: dict[str, int]) -> Edit:
    def edit(book: openpyxl.Workbook) -> None:
        sheet = book["GoalieCards"]
        for name, value in cells.items():
            sheet[f"{column(sheet, name)}2"] = value

    return edit


@pytest.mark.parametrize(("rating", "bound"), sorted(BROKEN_BOUNDS))
def test_a_goalie_rating_out_of_order_is_an_error_at_its_cell(check, rating, bound):
    """README §8.1: save_green <= save_blue <= save_black, save_green <= sht <= save_black,
    control_puck <= play_puck, great_save <= big_good <= big_very_good <= big_great, each
    save column's cover <= corner <= rebound, diff_x <= easy_x, save-type cuts in order."""
    sheet = openpyxl.load_workbook(GAME.workbook)["GoalieCards"]
    first = {name: values_at(sheet, 2)[name] for name in (rating, bound)}
    values = first | BROKEN_BOUNDS[(rating, bound)]
    result = check(edit_first_goalie(BROKEN_BOUNDS[(rating, bound)]))
    assert found(result, "card-bound") == [("GoalieCards", f"{column(sheet, rating)}2")]
    [finding] = result.findings
    assert finding.severity == "error"
    assert finding.message.startswith(f"{rating} {values[rating]} is above {bound} {values[bound]}")


def test_a_glove_band_that_is_empty_is_an_error_at_its_cell(check):
    """README §8.1: type_glove >= 1, the type digit of a saved number being 1-9 (L692)."""
    result = check(edit_first_goalie({"type_glove": 0}))
    sheet = openpyxl.load_workbook(GAME.workbook)["GoalieCards"]
    assert found(result, "card-bound") == [("GoalieCards", f"{column(sheet, 'type_glove')}2")]
    [finding] = result.findings
    assert finding.expected == "at least 1"


def test_settings_has_one_row(check):
    def edit(book: openpyxl.Workbook) -> None:
        sheet = book["Settings"]
        sheet.append([cell.value for cell in sheet[2]])

    result = check(edit)
    assert [f.code for f in result.findings] == ["settings-rows"]


# --- validate's tolerance warning (README §1.1, §7.3) ---------------------------------------


def skater_cell(rating: str) -> tuple[str, int]:
    """The first skater card's cell of `rating`, and its value there."""
    sheet = openpyxl.load_workbook(GAME.workbook)["SkaterCards"]
    cell = f"{column(sheet, rating)}2"
    return cell, sheet[cell].value


def moved(sheet_name: str, cell: str, value: int, **settings: int) -> Edit:
    def edit(book: openpyxl.Workbook) -> None:
        book[sheet_name][cell] = value
        for name, setting in settings.items():
            book["Settings"][f"{column(book['Settings'], name)}2"] = setting

    return edit


def test_a_skater_rating_beyond_the_tolerance_is_warned_at_its_cell_naming_both(check):
    """README §7.3: validate warns where a card differs from its derived value by more than
    the Settings tolerance of its scale; offense is blue, tolerance 2: 3 points away warns."""
    cell, derived = skater_cell("offense")
    result = check(moved("SkaterCards", cell, derived + 3))
    assert found(result, "derived-rating") == [("SkaterCards", cell)]
    [finding] = result.findings
    assert finding.severity == "warning"
    assert f"is {derived + 3} on his skater card" in finding.message
    assert f"derives {derived}" in finding.message
    assert finding.expected == f"within 2 on the blue scale of {derived}"


def test_a_skater_rating_within_the_tolerance_is_not_warned(check):
    cell, derived = skater_cell("offense")
    assert check(moved("SkaterCards", cell, derived + 2)).findings == []


def test_a_wider_settings_tolerance_changes_the_verdict(check):
    """README §1.1: derive_tolerance_blue is the Settings' to set; at 3, 3 points is within."""
    cell, derived = skater_cell("offense")
    wider = moved("SkaterCards", cell, derived + 3, derive_tolerance_blue=3)
    assert check(wider).findings == []
    narrower = moved("SkaterCards", cell, derived + 2, derive_tolerance_blue=1)
    assert found(check(narrower), "derived-rating") == [("SkaterCards", cell)]


def test_a_judgement_rating_is_never_warned(check):
    """README §7.2: a rating no stat speaks to is the designer's (pass, 1-100 scale)."""
    cell, derived = skater_cell("pass")
    assert check(moved("SkaterCards", cell, derived - 30)).findings == []


def test_a_goalie_rating_beyond_the_tolerance_is_warned_at_its_cell(check):
    """goalie_rating is on the 1-100 scale, tolerance 5: 8 points away warns, 5 does not."""
    sheet = openpyxl.load_workbook(GAME.workbook)["GoalieCards"]
    cell = cell_where(sheet, "goalie_rating", goalie_id="HLX-G1")
    derived = sheet[cell].value
    result = check(moved("GoalieCards", cell, derived - 8))
    assert found(result, "derived-rating") == [("GoalieCards", cell)]
    assert f"derives {derived}" in result.findings[0].message
    assert check(moved("GoalieCards", cell, derived - 5)).findings == []


# --- `authoring derive rinkside` writes GoalieCards too (README §7.3) -----------------------


def round_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def test_derive_writes_the_documented_goalie_card_and_keeps_his_judgement(tmp_path):
    """HLX-G1 is given 20 more high-danger saves (394 of 458; his goals against and
    even-strength saves follow), so his season is 1,538 saves on 1,668 shots against the
    league's 18,290 on 20,256. README §7.3 by hand: great_save 2 (.9221 >= .9029 + .010),
    big ranges GS + 2, 3, 4 = 4, 5, 6; N = round(100 (s - 2/20) / (1 - 2/20)) plus the
    colour's base (green 6, blue 3, black 3; README §11.18, §11.23): save_green 394/458 ->
    84.47 -> 84 + 6 = 90, save_blue 365/404 -> 89.27 -> 89 + 3 = 92, save_black 779/806 ->
    96.28 -> 96 + 3 = 99, sht 38/40 -> 94.44 -> 94; goalie_rating 70 + 1000 (1538/1668 -
    18290/20256) = 89.12 -> 89. The rest of his card stays, and his own stand-up glove (2) is
    never written over."""
    book = openpyxl.load_workbook(GAME.workbook)
    stats, cards = book["GoalieStats"], book["GoalieCards"]
    row = next(r for r, line in records(stats) if line["goalie_id"] == "HLX-G1")
    line = values_at(stats, row)
    for name, change in (("sv_high", 20), ("sv_es", 20), ("ga", -20)):
        stats[f"{column(stats, name)}{row}"] = line[name] + change
    glove = cell_where(cards, "type_glove", goalie_id="HLX-G1")
    cards[glove] = 2
    copy = tmp_path / "my league (2).xlsx"
    book.save(copy)
    card_row = next(r for r, card in records(cards) if card["goalie_id"] == "HLX-G1")
    was = values_at(cards, card_row)

    result = subprocess.run(
        [AUTHORING, "derive", copy.name, "-o", "next.xlsx"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    marked = openpyxl.load_workbook(tmp_path / "next.xlsx")["GoalieCards"]
    now = values_at(marked, card_row)

    def share(saves: int, shots: int) -> int:
        return round_half_up(100 * (Fraction(saves, shots) - Fraction(2, 20)) / Fraction(18, 20))

    rating = 70 + 1000 * (Fraction(1538, 1668) - Fraction(18290, 20256))
    documented = {
        "great_save": 2,
        "big_good": 4,
        "big_very_good": 5,
        "big_great": 6,
        "save_green": share(394, 458) + 6,
        "save_blue": share(365, 404) + 3,
        "save_black": share(779, 806) + 3,
        "sht": share(38, 40),
        "goalie_rating": round_half_up(rating),
    }
    assert documented["save_green"] == 90 and documented["goalie_rating"] == 89
    assert now == was | documented
    for name in documented:
        cell = marked[f"{column(marked, name)}{card_row}"]
        assert str(cell.fill.fgColor.rgb).upper().endswith(CHANGE_FILL) == (was[name] != now[name])
    assert marked[glove].value == 2 and marked[glove].comment is None
    checked = subprocess.run(
        [AUTHORING, "validate", "next.xlsx"], capture_output=True, text=True, cwd=tmp_path
    )
    assert checked.returncode == 0, checked.stdout
