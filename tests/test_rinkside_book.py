"""RINKSIDE HOCKEY's rulebook, read back from the PDF the component writes: every rule section
of the seed has its heading, in play order; its tables are the workbook's rows (RatingUses,
the text tables, the momentum sheets); a designer's copy with a changed Settings reading or
table row prints the changed rule; and the same workbook gives the same bytes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from cells import cell_where, column, records
from conftest import edited_copy
from pdfread import find_sequence, flat, pdf_title, reader, tokens

from authoring.components import BuildContext
from authoring.games.rinkside import GAME, kit, kit_boards, kit_charts
from authoring.games.rinkside.book import components, rating_label, situation
from authoring.games.rinkside.kit_charts import NUMBER_NAMES
from authoring.games.rinkside.model import Rinkside, build_model
from authoring.render.paper import PAPERS
from authoring.render.words import number_range
from authoring.validate import validate_workbook

Edit = Callable[[openpyxl.Workbook], None]

# The seed's nineteen sections (its list at the top: "1 - Game Setup" … "19 - OPTIONAL - Goal
# Descriptions and Goalie Reactions") and the headings the rulebook gives them, in play order.
RULE_HEADINGS = (
    "What is in the box",
    "Setting up",  # 1 - Game Setup
    "The play result cards",  # 2 - The PLAY RESULT CARDS …
    "Turning a card",
    "The numbers",
    "The pre-game skate",  # 3 - The Pre-Game Skate
    "Goalie warm-up",
    "Officiating",
    "Enforcers",
    "Rivalries",
    "Hitting strategy",
    "Forecheck strategy",
    "Timing",  # 4 - Timing
    "Faceoffs",  # 5 - Faceoffs
    "Zone play",  # 6 - In Zone Play
    "The offensive options",
    "Drawing and committing penalties",
    "Defensive-zone hitting",
    "Loose pucks",
    "Stoppages in the zone",
    "Shots",  # 7 - Shots on Goal, Blocked Shots, Screened/Deflected Shots …
    "On target or wide",
    "Blocked shots",
    "Screens and deflections",
    "Posts and crossbars",
    "Saves and rebounds",  # 8 - Shot Difficulty, Scoring Chances, Goalie Saves …
    "Difficult or easy",
    "The save numbers",
    "Great saves, big saves and the goalie's game",
    "Where the puck goes after a save",
    "Rebound control",
    "The type of save",
    "Net scrambles",
    "Goals and assists",
    "Breakouts and forechecks",  # 9 - Breakout/Forecheck
    "Bad breakouts",
    "Forechecks",
    "Clearing the zone",
    "The neutral zone",  # 10 - The Neutral Zone
    "Failed neutral-zone plays",
    "Dump and chase",  # 11 - Dump-Ins and Dump and Chase Play
    "Rushes",  # 12 - Rush and Transition Plays
    "Failed rushes",
    "Penalties",  # 13 - Penalties, Power Plays and Penalty Kills
    "The official's call",
    "Whistled dead or delayed",
    "Severe penalties",
    "Drawing a retaliation",
    "Power play and penalty kill",
    "Short-handed chances",
    "After the whistle",  # 14 - Scrums, Agitators, Dirty Plays and Fights
    "Scrums",
    "Chippiness and game intensity",
    "Agitators",
    "Dirty plays",
    "Fights",
    "Momentum",  # 15 - Momentum
    "Auxiliary plays and injuries",  # 16 - Auxiliary Plays
    "The end of the game",
    "Pulling the goalie",  # 17 - Empty Net Scenarios
    "The last second",  # 18 - Last Second Neutral Zone Scenarios
    "Goal descriptions and reviews",  # 19 - OPTIONAL - Goal Descriptions …
    "The ratings",
)


def rulebook(workbook: Path, out: Path, paper: str = "a4") -> Path:
    """The rulebook PDF the kit's component writes from `workbook`."""
    validation = validate_workbook(workbook, GAME)
    assert validation.ok, validation.findings[:3]
    assert GAME.templates is not None
    context = BuildContext(PAPERS[paper], GAME.templates, str(workbook))
    model = build_model(validation.tables)
    [book] = [c for c in components(model, context) if c.name == "rulebook"]
    out.parent.mkdir(parents=True, exist_ok=True)
    book.write(out)
    return out


@pytest.fixture(scope="module")
def model() -> Rinkside:
    return build_model(validate_workbook(GAME.workbook, GAME).tables)


@pytest.fixture(scope="module", params=sorted(PAPERS))
def paper(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def shipped(paper: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The rulebook printed from the shipped workbook, once per paper."""
    return rulebook(GAME.workbook, tmp_path_factory.mktemp(f"book-{paper}") / "rulebook.pdf", paper)


@pytest.fixture
def copy_book(tmp_path: Path) -> Callable[[Edit], Path]:
    """The rulebook printed from a designer's copy of the workbook after `edit`."""
    return lambda edit: rulebook(
        edited_copy(GAME, tmp_path / "copy", edit), tmp_path / "copy-rulebook.pdf"
    )


Value = str | int | bool


def setting(header: str, value: Value) -> Edit:
    """The Settings sheet's one row (row 2) given `value` under `header`."""

    def edit(book: openpyxl.Workbook) -> None:
        sheet = book["Settings"]
        sheet[f"{column(sheet, header)}2"] = value

    return edit


def cell_set(sheet_name: str, header: str, value: Value, **match: object) -> Edit:
    """The cell under `header` of the one row matching `match` given `value`."""

    def edit(book: openpyxl.Workbook) -> None:
        sheet = book[sheet_name]
        sheet[cell_where(sheet, header, **match)] = value

    return edit


# --- 1. every rule section, in play order --------------------------------------------------


def test_every_rule_section_has_its_heading_in_play_order(shipped: Path) -> None:
    """The seed's SECTIONS list runs from "1 - Game Setup" through "Penalties, Power Plays
    and Penalty Kills" and "Scrums, Agitators, Dirty Plays and Fights" to "19 - OPTIONAL -
    Goal Descriptions and Goalie Reactions": each is a heading line of the rulebook, found
    after the one before it."""
    lines = tokens(shipped, drop_page_numbers=True)
    position = 0
    for heading in RULE_HEADINGS:
        assert heading in lines[position:], f"{heading!r} missing or out of order"
        position = lines.index(heading, position) + 1
    assert pdf_title(reader(shipped)) == "RINKSIDE HOCKEY: Rulebook"


def box_list(path: Path) -> str:
    """The text of the rulebook's "What is in the box" section, its lines joined."""
    lines = tokens(path, drop_page_numbers=True)
    start = lines.index("What is in the box")
    return " ".join(lines[start + 1 : lines.index("Setting up", start)])


def names(text: str, word: str) -> bool:
    """`word` stands in `text` as itself, not inside a longer word (HIT is not HIT+)."""
    return (
        re.search(rf"(?<![\w+\N{{MINUS SIGN}}]){re.escape(word)}(?![\w+\N{{MINUS SIGN}}])", text)
        is not None
    )


def test_the_box_list_names_every_printed_piece_of_the_kit(shipped: Path, model: Rinkside) -> None:
    """The seed's components (Game Setup): player cards, the play result cards, the charts,
    the scoreboard, tiles, backdrops and pawns. The rulebook's list names every file the kit
    prints, every word a tile, backdrop, pawn or marker carries (the momentum, PERIOD and
    CHIP markers the meters need, the goalie-level tile) and the score sheet's hits."""
    text = box_list(shipped)
    assert GAME.templates is not None
    context = BuildContext(PAPERS["a4"], GAME.templates, "rinkside.xlsx")
    for component in kit.components(model, context):
        printing = component.printing
        assert printing is not None and printing.title.lower() in text.lower(), component.name
    faces = [
        *kit_boards.tiles(model),
        *(face for sides in kit_boards.goalie_level_tiles(model) for face in sides),
        *kit_boards.pawns(model),
    ]
    words = {label for face in faces for label in face.labels}
    words |= {word for word, _ in kit_boards.BACKDROP_SIDES}
    assert {"MO", "PERIOD", "CHIP", "VERY GOOD GAME", "GREAT GAME"} <= words
    assert sorted(word for word in words if not names(text, word)) == []
    assert names(text, "hits")


# --- 2. the tables are the workbook's -------------------------------------------------------


def test_the_ratings_tables_print_every_rating_use_in_sheet_order(
    shipped: Path, model: Rinkside
) -> None:
    """Every RatingUses row is a row of the ratings tables, in the sheet's order: its card
    label (the seed's "Shot Target Range" is TGT) opens each row, and a whole row reads as
    the sheet has it (U27: shot_target, "7 on/off target", black100, at_or_below)."""
    lines = tokens(shipped, drop_page_numbers=True)
    start = lines.index("Skater ratings", lines.index("The ratings"))
    position = start
    for use in model.rating_uses:
        label = rating_label(use)
        assert label in lines[position:], f"{use.use_id} ({label}) missing or out of order"
        position = lines.index(label, position) + 1
    target = next(use for use in model.rating_uses if use.use_id == "U27")
    row = [rating_label(target), situation(target), NUMBER_NAMES[target.number], "at or below"]
    assert row == ["TGT", "on/off target", "Black #100", "at or below"]
    assert find_sequence(lines, [*row, target.outcome], start) > 0


def test_the_text_tables_print_the_workbook_ranges(shipped: Path, model: Rinkside) -> None:
    """The seed's rush split ("1-47 SHOT", "48-94 PASS", "95-100 DROP"), its momentum levels
    ("1 to 2 MOMENTUM" … "13 and UP MOMENTUM LEVEL 4") and its warm-up ("between 1 and 20 a
    Bad Game Check") are printed from the T_RushSplit, MomentumLevels and T_WarmUp rows."""
    lines = tokens(shipped, drop_page_numbers=True)
    for row in model.tables.rush_split.rows:
        assert number_range(row.lo, row.hi) in lines
    assert [r.lo for r in model.tables.rush_split.rows] == [1, 48, 95]
    levels = [
        [f"{s.lo} and up" if s.hi is None else number_range(s.lo, s.hi), s.level]
        for s in model.momentum_levels
    ]
    assert find_sequence(lines, [cell for level in levels for cell in level]) > 0
    text = flat(shipped)
    for warm in model.tables.warm_up.rows:
        assert f"{warm.lo} to {warm.hi}: a {warm.result} check." in text


def game_charts(workbook: Path, out: Path, paper: str) -> Path:
    """The game-centre charts the kit's component writes from `workbook`."""
    assert GAME.templates is not None
    context = BuildContext(PAPERS[paper], GAME.templates, str(workbook))
    model = build_model(validate_workbook(workbook, GAME).tables)
    [charts] = [c for c in kit_charts.components(model, context) if c.name == "game-centre"]
    charts.write(out)
    return out


def test_the_rulebook_prints_a_charts_rows_as_the_game_charts_do(
    shipped: Path, paper: str, tmp_path: Path
) -> None:
    """The seed's low rebound control is "RC - 10" (L638) and a momentum shift drops the other
    team to a figure and lifts the one making it to at least another (L1287-1295): the
    rulebook's rebound-control and momentum-shift tables print every T_ReboundControl and
    MomentumShifts row in the very cells the game charts print it."""
    book = openpyxl.load_workbook(GAME.workbook)
    rows = [
        [f"{bound(v['lo'])} to {bound(v['hi'])}", v["result"]]
        for _, v in records(book["T_ReboundControl"])
    ]
    rows += [
        [v["play"], f"to {v['other_points']}", f"to at least {v['gaining_at_least']}"]
        for _, v in records(book["MomentumShifts"])
    ]
    assert ["1 to RC-10", "cover"] in rows
    printed_book = tokens(shipped, drop_page_numbers=True)
    printed_charts = tokens(game_charts(GAME.workbook, tmp_path / "charts.pdf", paper))
    for row in rows:
        assert find_sequence(printed_book, row) >= 0, row
        assert find_sequence(printed_charts, row) >= 0, row


def bound(value: object) -> str:
    """A rebound-control bound as the goalie card names the rating: RC, RC-10."""
    return str(value).replace("rebound_control", "RC")


# --- 3. a designer's copy prints the changed rule -----------------------------------------


@pytest.mark.parametrize(
    ("header", "value", "prints", "not_printed"),
    [
        (
            "two_line_pass",
            True,
            "a two-line pass is whistled",
            "there is no two-line pass in this league",
        ),
        (
            "instigator_rule",
            False,
            "no extra penalty in this league",
            "a 2:00 instigator minor served by a teammate",
        ),
        ("chippiness_full", 9, "It is full at 9 or more.", "It is full at 10 or more."),
        ("video_review", False, "The officials talk it over", "Video review decides it"),
    ],
)
def test_a_changed_setting_prints_the_rule_it_makes(
    shipped: Path,
    copy_book: Callable[[Edit], Path],
    header: str,
    value: Value,
    prints: str,
    not_printed: str,
) -> None:
    """The seed leaves the era to the players ("unless you are playing in an era when the
    Instigator Penalty was not called"; "If you are playing in an era with video review"),
    and its meter is full at "8, 9 or 10": the Settings row says which, and the rulebook
    follows it."""
    assert not_printed in flat(shipped) and prints not in flat(shipped)
    changed = flat(copy_book(setting(header, value)))
    assert prints in changed
    assert not_printed not in changed


def test_a_changed_table_row_prints_the_new_range(copy_book: Callable[[Edit], Path]) -> None:
    """The seed's rush split reads "1-47 SHOT … 48-94 PASS": a designer who moves the
    boundary to 40 gets a rulebook whose table says 1-40 and 41-94."""

    def move(book: openpyxl.Workbook) -> None:
        sheet = book["T_RushSplit"]
        sheet[cell_where(sheet, "hi", lo=1)] = 40
        sheet[cell_where(sheet, "lo", lo=48)] = 41

    lines = tokens(copy_book(move), drop_page_numbers=True)
    assert find_sequence(lines, ["1-40", "shoots: a high-quality chance"]) > 0
    assert find_sequence(lines, ["41-94"]) > 0
    assert "1-47" not in lines


def test_a_changed_rating_use_prints_its_new_outcome(copy_book: Callable[[Edit], Path]) -> None:
    """RatingUses is the designer's account of every rating's use (the seed's "Shot Target
    Range" for on/off target): the ratings table prints what the sheet says."""
    lines = tokens(copy_book(cell_set("RatingUses", "outcome", "finds the net", use_id="U27")))
    row = ["TGT", "on/off target", "Black #100", "at or below", "finds the net"]
    assert find_sequence(lines, row) > 0


def test_a_rivalry_row_is_printed_with_its_level(
    copy_book: Callable[[Edit], Path], model: Rinkside
) -> None:
    """The seed starts a game at dirty-play level 1, 2 or 3 for "Rivals, Heated Rivals" or a
    back-to-back: the league's rivalries table prints each pair's level from the sheet."""
    [(_, first), *_] = records(openpyxl.load_workbook(GAME.workbook)["Rivalries"])
    pair = {"team_a": first["team_a"], "team_b": first["team_b"]}
    new_level = 1 if first["level"] == 2 else 2
    lines = tokens(copy_book(cell_set("Rivalries", "level", new_level, **pair)))
    clubs = [f"{model.teams[t].city} {model.teams[t].name}" for t in sorted(pair.values())]
    words = "heated rivals" if new_level == 2 else "rivals"
    assert find_sequence(lines, [*clubs, words, str(new_level)]) > 0


# --- 4. the same workbook gives the same bytes ---------------------------------------------


def test_the_rulebook_is_byte_reproducible(shipped: Path, paper: str, tmp_path: Path) -> None:
    again = rulebook(GAME.workbook, tmp_path / "again.pdf", paper)
    assert again.read_bytes() == shipped.read_bytes()
