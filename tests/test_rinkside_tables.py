"""RINKSIDE HOCKEY's text tables (README §4.2) and the game-wide readings on Settings (§1.1).
The shipped tables against the seed's figures, read through the model; on a designer's
copy, a gap or an overlap caught at the row's `lo` cell, a rebound-control bound that names
no rating or breaks the tiling, a list missing an entry, and a Settings reading the rules do
not know."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from cells import cell_where, column, found, rows_where
from conftest import edited_copy

from authoring.games.rinkside import GAME
from authoring.games.rinkside.checks import SHEETS
from authoring.games.rinkside.model import Rinkside, build_model
from authoring.games.rinkside.texttables import TEXT_TABLES, TextTables
from authoring.validate import Validation, validate_workbook

Edit = Callable[[openpyxl.Workbook], None]
MINE = {*TEXT_TABLES, "Settings"}


@pytest.fixture(scope="module")
def model() -> Rinkside:
    validation = validate_workbook(GAME.workbook, GAME)
    assert [f.as_text() for f in validation.findings if f.sheet in MINE] == []
    return build_model(validation.tables)


@pytest.fixture(scope="module")
def tables(model: Rinkside) -> TextTables:
    return model.tables


@pytest.fixture
def check(tmp_path: Path) -> Callable[[Edit], Validation]:
    """Validate a designer's copy after `edit`."""
    return lambda edit: validate_workbook(edited_copy(GAME, tmp_path, edit), GAME)


def test_the_shipped_workbook_validates_clean():
    """README §1: the 13 text tables are sheets of the game, after the game-centre charts."""
    assert validate_workbook(GAME.workbook, GAME).findings == []
    book = openpyxl.load_workbook(GAME.workbook)
    tabs = book.sheetnames
    assert [name for name in tabs if name.startswith("T_")] == list(TEXT_TABLES)
    assert tabs.index("T_WarmUp") == tabs.index("GoalieReactions") + 1
    assert set(TEXT_TABLES) <= set(SHEETS)


def test_warm_up(tables):
    """L110: Right #100 "between 1 and 20 a Bad Game Check occurs", the goalie starting bad
    when the Left #100 "is above the Goalie Rating"; L112: "21-100", a Good Game when the
    Left #100 "is within the Goalie Rating"."""
    warm_up = tables.warm_up
    assert warm_up.number == "right100"
    assert [(warm_up[n].result, warm_up[n].when) for n in (1, 20, 21, 100)] == [
        ("bad game", "above"),
        ("bad game", "above"),
        ("good game", "at_or_below"),
        ("good game", "at_or_below"),
    ]


def test_officiating(tables):
    """L118-122: "between 1-20 … Call It Tight", "between 21-80 … Normal", "between 81-100
    … Let Them Play"; read on the Left #100 (README §0)."""
    officiating = tables.officiating
    assert officiating.number == "left100"
    assert [(row.lo, row.hi, row.result) for row in officiating.rows] == [
        (1, 20, "CALL IT TIGHT"),
        (21, 80, "NORMAL"),
        (81, 100, "LET THEM PLAY"),
    ]


def test_enforcers(tables):
    """L130-134: "eyeing each other", "a score to settle", "chirping at each other in the
    media" (the seed's 1-25/26-30/31-35, narrowed by the calibration, README §11.18: 1-5,
    6-7, 8); L136: any of these and they "will fight the first time they are on the ice
    together"."""
    enforcers = tables.enforcers
    assert [(row.lo, row.hi, row.fight) for row in enforcers.rows] == [
        (1, 5, True),
        (6, 7, True),
        (8, 8, True),
        (9, 100, False),
    ]
    assert [enforcers[n].result for n in (5, 6, 7, 8, 9)] == [
        "eyeing each other",
        "score to settle",
        "score to settle",
        "chirping in the media",
        "nothing",
    ]


def test_zone_stoppages(tables):
    """L404-415: out of play, frozen and board-scrum frozen stay "in zone for a faceoff. [T]";
    a hand pass and the offence's high stick go "to the Neutral Zone … No timing sequence";
    the defence's high stick stays in zone, [T]."""
    stoppages = tables.zone_stoppages
    assert {name: (s.faceoff, s.timing) for name, s in stoppages.items()} == {
        "puck out of play": ("same zone", True),
        "puck frozen": ("same zone", True),
        "board scrum frozen": ("same zone", True),
        "hand pass": ("neutral zone", False),
        "defensive high stick": ("same zone", True),
        "offensive high stick": ("neutral zone", False),
    }


def test_specific_shot_numbers(tables):
    """L433-441: Black #100 "55", "66", "77", "88" each end in a Loose Puck; "97-100 … rings
    around the boards and clears the zone"."""
    loose = [tables.shot_number(n) for n in (55, 66, 77, 88)]
    assert [(row.result, row.then) for row in loose if row] == [
        ("can't tee it up", "loose puck"),
        ("bouncing puck", "loose puck"),
        ("fans on the shot", "loose puck"),
        ("stick breaks", "loose puck"),
    ]
    wide = [tables.shot_number(n) for n in (97, 100)]
    assert [(row.result, row.then) for row in wide if row] == [
        ("wide around the boards", "neutral zone"),
    ] * 2
    assert [tables.shot_number(n) for n in (1, 54, 56, 89, 96)] == [None] * 5


def test_difficulty_breakout_and_rush_splits(tables):
    """L524: Black #100 "1-50" a Difficult Shot; L528: "51 and Higher" Easy. L706: "1-50, the
    defense attempts a Breakout"; L708: "51-100" a Forecheck. L931-935: "1-47 SHOT", "48-94
    PASS" (the text's "47-94" read as 48-94, README §5.6), "95-100 DROP"."""
    assert [tables.difficulty[n].result for n in (1, 50, 51, 100)] == [
        "difficult",
        "difficult",
        "easy",
        "easy",
    ]
    assert [tables.breakout_split[n].result for n in (50, 51)] == ["breakout", "forecheck"]
    rush = tables.rush_split
    assert [(row.lo, row.hi, row.result) for row in rush.rows] == [
        (1, 47, "shot"),
        (48, 94, "pass"),
        (95, 100, "drop"),
    ]


def test_rebound_control_reads_the_goalies_rating(tables):
    """L630-636: COVER "1 up to the goalie's Low Rebound Control Number", CORNER "up to 10",
    REBOUND "11 up to the goalie's Rebound Control Number", REBOUND SHOT "up to 20"; L638:
    Low RC is RC - 10, "a Rebound Control Number of 14 … Low … is 4"."""
    table = tables.rebound_control
    assert table.number == "blue_left"
    rc14 = {"rebound_control": 14}
    assert [table.read(n, rc14).result for n in (1, 4, 5, 10, 11, 14, 15, 20)] == [
        "cover",
        "cover",
        "corner",
        "corner",
        "rebound",
        "rebound",
        "rebound shot",
        "rebound shot",
    ]
    # The card's extremes empty a row: RC 10 never covers or gives a plain rebound, RC 20
    # never gives a rebound shot.
    assert {table.read(n, {"rebound_control": 10}).result for n in range(1, 21)} == {
        "corner",
        "rebound shot",
    }
    assert {table.read(n, {"rebound_control": 20}).result for n in range(1, 21)} == {
        "cover",
        "rebound",
    }
    assert [str(row.lo) for row in table.rows] == [
        "1",
        "rebound_control-9",
        "11",
        "rebound_control+1",
    ]


def test_every_shipped_goalie_reads_each_blue_once(model):
    """README §8.5: the blue 1-20 is tiled "for each key"; here for each goalie's card."""
    table = model.tables.rebound_control
    for card in model.goalie_cards.values():
        ratings = card.ratings
        for blue in range(1, 21):
            covering = [
                row for row in table.rows if row.lo.value(ratings) <= blue <= row.hi.value(ratings)
            ]
            assert len(covering) == 1, (card.goalie_id, blue)


def test_official_call_nested_boxes(tables):
    """README §5.2 (the seed's table, L1005-1011, is garbled): a penalty is called when the
    filled boxes reach the mode, "TIGHT ≥ 1, NORMAL ≥ 2, LET THEM PLAY = 3"; L1013: under
    Call It Tight "at least one box", under Let Them Play "all boxes must be filled"."""
    calls = {
        mode: [table[boxes].result == "penalty" for boxes in range(4)]
        for mode, table in tables.official_call.items()
    }
    assert calls == {
        "CALL IT TIGHT": [False, True, True, True],
        "NORMAL": [False, False, True, True],
        "LET THEM PLAY": [False, False, False, True],
    }
    assert set(tables.official_call) == {row.result for row in tables.officiating.rows}


def test_penalty_consequences(tables):
    """L1031-1036: a double minor gives "2 separate Power Play Opportunities"; a major a "5
    minute Power Play" played out; a match penalty disqualifies and "may face disciplinary
    action" (and, our modern reading where the seed is silent, the other team plays a 5:00
    power play as for a major, as the NHL's rule 21 has it); minor + 10:00 adds "a 10:00
    misconduct"; major + GM "a 5:00 Major AND is ejected"; a 10:00 game misconduct "is
    ejected"."""
    consequences = {
        penalty: (c.power_plays, c.major, c.misconduct, c.ejected, c.discipline)
        for penalty, c in tables.penalty_consequences.items()
    }
    assert consequences == {
        "double minor": (2, False, 0, False, False),
        "major": (0, True, 0, False, False),
        "match": (0, True, 0, True, True),
        "minor and misconduct": (1, False, 10, False, False),
        "major and game misconduct": (0, True, 0, True, False),
        "game misconduct": (0, False, 0, True, False),
    }


def test_pk_forecheck_per_strategy(tables):
    """L1124: Forecheck 1, a clear with "Red Number … of 1 turns into a Shorthanded Chance",
    a "Blue Number … 20" gives the power play a rush; L1126: "1 or 2" and "19 or 20"; L1128:
    "1, 2 or 3" and "18, 19 or 20"."""
    ranges = {
        strategy: {number: (row.lo, row.hi, row.result) for number, row in rows.items()}
        for strategy, rows in tables.pk_forecheck.items()
    }
    assert ranges == {
        1: {
            "red_left": (1, 1, "short-handed chance"),
            "blue_left": (20, 20, "power-play rush"),
        },
        2: {
            "red_left": (1, 2, "short-handed chance"),
            "blue_left": (19, 20, "power-play rush"),
        },
        3: {
            "red_left": (1, 3, "short-handed chance"),
            "blue_left": (18, 20, "power-play rush"),
        },
    }


def test_last_second(tables):
    """L1359: GREEN, a Left red "between 1 and 3" still gets a try; L1363: YELLOW "between 1
    and 2"; L1365: RED "must be 1"."""
    tries = {
        colour: [n for n in range(1, 11) if table[n].result == "attempt"]
        for colour, table in tables.last_second.items()
    }
    assert tries == {"GREEN": [1, 2, 3], "YELLOW": [1, 2], "RED": [1]}
    assert {table.number for table in tables.last_second.values()} == {"red_left"}


def test_settings_readings(model):
    """README §1.1: the readings left_face drawn_card_back … chippiness_full 10 (L1158 "8, 9
    or 10"; §11.17); instigator_rule true (L1234), two_line_pass false, video_review true
    (L1371-1373)."""
    settings = model.settings
    assert (settings.left_face, settings.last_card, settings.faceoff_tie) == (
        "drawn_card_back",
        "reshuffle_others",
        "home_low_range",
    )
    assert (settings.official_call, settings.dirty_plain_d) == ("nested_boxes", "level_0")
    assert (settings.board_scrum_offset, settings.dirty_rise, settings.chippiness_full) == (
        0,
        1,
        10,
    )
    assert (settings.instigator_rule, settings.two_line_pass, settings.video_review) == (
        True,
        False,
        True,
    )


def _rebound_lo(result: str) -> str:
    book = openpyxl.load_workbook(GAME.workbook)
    return cell_where(book["T_ReboundControl"], "lo", result=result)


@pytest.mark.parametrize(
    ("result", "start", "code"),
    [
        ("corner", "rebound_control-8", "range-gap"),
        ("corner", "rebound_control-10", "range-overlap"),
        ("rebound", 12, "range-gap"),
        ("rebound shot", "rebound_control", "range-overlap"),
        ("corner", 5, "range-break"),
    ],
)
def test_a_rebound_control_start_off_by_one_is_caught_at_its_lo_cell(check, result, start, code):
    """L631: CORNER runs from "Greater than the goalie's Low Rebound Control Number", so it
    starts at rebound_control-9, one past COVER's end; a fixed 5 does not follow a bound
    that moves with the goalie."""
    cell = _rebound_lo(result)

    def edit(book: openpyxl.Workbook) -> None:
        book["T_ReboundControl"][cell] = start

    validation = check(edit)
    assert found(validation, code) == [("T_ReboundControl", cell)]
    assert [f.code for f in validation.findings] == [code]


def test_a_bound_naming_no_goalie_rating_is_caught_at_its_cell(check):
    """README §4.2: rebound control's bounds are the goalie's Rebound Control; a misspelt
    rating names nothing on the goalie card."""
    cell = _rebound_lo("rebound shot")

    def misspell(book: openpyxl.Workbook) -> None:
        book["T_ReboundControl"][cell] = "rebound_contrl+1"

    validation = check(misspell)
    assert found(validation, "unknown-rating") == [("T_ReboundControl", cell)]
    assert [f.code for f in validation.findings] == ["unknown-rating"]


def test_a_settings_reading_the_rules_do_not_know_is_caught_at_its_cell(check):
    """README §1.1: official_call is `nested_boxes`, the reading of §5.2; any other word
    names a reading no rule follows."""
    book = openpyxl.load_workbook(GAME.workbook)
    cell = f"{column(book['Settings'], 'official_call')}2"

    def misread(book: openpyxl.Workbook) -> None:
        book["Settings"][cell] = "seed_table"

    validation = check(misread)
    assert found(validation, "unknown-value") == [("Settings", cell)]
    assert [f.code for f in validation.findings] == ["unknown-value"]


def test_a_full_meter_above_ten_is_out_of_range(check):
    """L1158: the chippiness meter is full at "8, 9 or 10": it has no 11."""
    book = openpyxl.load_workbook(GAME.workbook)
    cell = f"{column(book['Settings'], 'chippiness_full')}2"

    def overfill(book: openpyxl.Workbook) -> None:
        book["Settings"][cell] = 11

    assert found(check(overfill), "out-of-range") == [("Settings", cell)]


def test_overlapping_shot_numbers_are_caught_at_the_later_lo(check):
    """L439-441: "88" breaks the stick and "97-100" rings around the boards; starting the
    wide range at 88 would give one Black #100 two results."""
    book = openpyxl.load_workbook(GAME.workbook)
    cell = cell_where(book["T_ShotNumbers"], "lo", result="wide around the boards")

    def overlap(book: openpyxl.Workbook) -> None:
        book["T_ShotNumbers"][cell] = 88

    validation = check(overlap)
    assert found(validation, "range-overlap") == [("T_ShotNumbers", cell)]
    assert [f.code for f in validation.findings] == ["range-overlap"]


def test_a_missing_zone_stoppage_is_named(check):
    """L414: "HIGH STICK … OFFENSE NEUTRAL ZONE FACEOFF"; without its row the rule reading
    it has nothing to read."""
    book = openpyxl.load_workbook(GAME.workbook)
    [row] = rows_where(book["T_ZoneStoppages"], stoppage="offensive high stick")

    def remove(book: openpyxl.Workbook) -> None:
        book["T_ZoneStoppages"].delete_rows(row)

    [finding] = check(remove).findings
    assert (finding.code, finding.sheet) == ("table-shape", "T_ZoneStoppages")
    assert "offensive high stick" in finding.as_text()


def test_a_pk_forecheck_red_past_ten_and_a_missing_strategy(check):
    """L1128: Forecheck 3 turns a clear short-handed on red "1, 2 or 3"; a red has no 11.
    L1124: Forecheck 1 gives the power play a rush on blue "20": without the row it never
    does."""
    book = openpyxl.load_workbook(GAME.workbook)
    sheet = book["T_PKForecheck"]
    red_hi = cell_where(sheet, "hi", strategy=3, number="red_left")
    [blue_row] = rows_where(sheet, strategy=1, number="blue_left")

    def edit(book: openpyxl.Workbook) -> None:
        book["T_PKForecheck"][red_hi] = 11
        book["T_PKForecheck"].delete_rows(blue_row)

    validation = check(edit)
    moved = f"{red_hi[0]}{int(red_hi[1:]) - 1}"  # the deleted row was above it
    assert found(validation, "out-of-range") == [("T_PKForecheck", moved)]
    [missing] = [f for f in validation.findings if f.code == "missing-range"]
    assert "Forecheck 1 blue_left" in missing.as_text()
    assert len(validation.findings) == 2


def test_a_mode_without_its_official_call_rows_is_caught_where_it_is_drawn(check):
    """README §5.2: LET THEM PLAY calls a penalty only on 3 filled boxes; with its rows gone
    the mode T_Officiating draws on 81-100 (L122) has no call to read."""
    book = openpyxl.load_workbook(GAME.workbook)
    rows = rows_where(book["T_OfficialCall"], mode="LET THEM PLAY")
    drawn = cell_where(book["T_Officiating"], "result", result="LET THEM PLAY")

    def remove(book: openpyxl.Workbook) -> None:
        for row in sorted(rows, reverse=True):
            book["T_OfficialCall"].delete_rows(row)

    validation = check(remove)
    assert found(validation, "unknown-reference") == [("T_Officiating", drawn)]
    assert [f.code for f in validation.findings] == ["unknown-reference"]
