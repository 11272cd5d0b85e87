"""RINKSIDE HOCKEY's printed charts (seed L73-L75): the game-centre charts between the two
teams, the Auxiliary Chart and the Fight Card to the side. Each PDF is read back and held
against the workbook's own rows: every row of every chart sheet and text table prints its
range and its result under the number that reads it, no chart is split by a page, a
designer's edited row is the row printed, and the Fight Card fits its one page."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import cell_where, records
from conftest import edited_copy
from pdfread import all_runs, flat, page_texts, reader

from authoring.components import BuildContext
from authoring.games.rinkside import GAME, kit
from authoring.games.rinkside.kit_charts import NUMBER_NAMES
from authoring.games.rinkside.model import FIGHT, GAME_CENTRE, Rinkside, build_model
from authoring.games.rinkside.texttables import TEXT_TABLES
from authoring.render.cards import SMALLEST
from authoring.render.paper import PAPERS
from authoring.validate import validate_workbook

FILES = ("game-centre", "auxiliary-chart", "fight-card")
# Kept to the side only (seed L75): the Auxiliary Chart and the fight charts, but for the
# discipline chart the game charts print too.
ASIDE_ONLY = {"AuxiliaryChart", *FIGHT} - {"Discipline"}
# Which sheets each file prints (seed L73: the game charts; L75: Auxiliary Chart, Fight Card).
PRINTED = {
    "game-centre": (*TEXT_TABLES, *(sheet for sheet in GAME_CENTRE if sheet not in ASIDE_ONLY)),
    "auxiliary-chart": ("AuxiliaryChart", "InjuryWho", "InjuryLength"),
    "fight-card": FIGHT,
}
# The header of a chart's range column: the name of the number the chart is read with.
HEADER = re.compile(
    "|".join(re.escape(name) for name in sorted(NUMBER_NAMES.values(), key=len)[::-1])
)
FROM_LOWEST = {1: "Lowest", 2: "2nd lowest", 3: "3rd lowest", 4: "4th lowest", 5: "Highest"}
FROM_HIGHEST = {1: "Highest", 2: "2nd highest", 3: "3rd highest", 4: "4th highest"}
WARM_UP_WHEN = {
    "above": "Left #100 above his Goalie Rating",
    "at_or_below": "Left #100 at or below his Goalie Rating",
}

Values = dict[str, Any]


def printed_range(lo: Any, hi: Any) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def signed(points: int) -> str:
    return f"{points:+d}"


def bound(value: int | str) -> str:
    """A rebound-control bound as the chart prints it: rebound_control-10 as RC-10."""
    return str(value).replace("rebound_control", "RC")


# Each sheet's row as printed, from its workbook values: the range first where it has one.
RESULTS: dict[str, Callable[[Values], list[str]]] = {
    "PenaltyChart": lambda v: [v["infraction"]],
    "PenalizedPlayer": lambda v: [FROM_LOWEST[v["from_lowest"]]],
    "SevereChart": lambda v: [v["penalty"]],
    "AssistCount": lambda v: [str(v["assists"])],
    "AssistRank": lambda v: [FROM_HIGHEST[v["from_highest"]]],
    "AuxiliaryChart": lambda v: [v["play"], v["effect"] + (" [T]" if v["timing"] else "")],
    "InjuryWho": lambda v: [v["who"]],
    "InjuryLength": lambda v: [v["out_for"]],
    "ScrumChart": lambda v: [v["result"], signed(v["chippiness"])],
    "AgitatorScenario": lambda v: [v["scenario"], v["on_retaliation"]],
    "AgitatorLocator": lambda v: [v["who"]],
    "AgitatorRequired": lambda v: [f"[{v['required']}]"],
    "FightCheck": lambda v: [v["result"], signed(v["chippiness"])],
    "FighterLocator": lambda v: [f"[{v['sought']}]" + ("[L]" if v["lowest"] else "")],
    "FightResult": lambda v: [v["result"], signed(v["chippiness"])],
    "FightExtras": lambda v: [v["extra"]],
    "ThirdManIn": lambda v: [FROM_HIGHEST[v["from_highest"]]],
    "Discipline": lambda v: [v["suspension"]],
    "GoalDescriptions": lambda v: [v["text"] + (" (review)" if v["review"] else "")],
    "GoalieReactions": lambda v: [v["reaction"]],
    "T_WarmUp": lambda v: [v["result"], WARM_UP_WHEN[v["when"]]],
    "T_Enforcers": lambda v: [v["result"], *(["fight"] if v["fight"] else [])],
    "T_ShotNumbers": lambda v: [v["result"], v["then"]],
    **{
        sheet: lambda v: [v["result"]]
        for sheet in (
            "T_Officiating",
            "T_Difficulty",
            "T_BreakoutSplit",
            "T_RushSplit",
            "T_OfficialCall",
            "T_PKForecheck",
            "T_LastSecond",
        )
    },
}


def printed_row(sheet: str, values: Values) -> list[str]:
    """What one workbook row prints, in reading order."""
    if sheet in ("CoincidentalRange", "CoolerHeads"):
        top = values["hi"]
        return [values["intensity"], printed_range(values["lo"], top) if top else "none"]
    if sheet == "MomentumLevels":
        top = values["hi"]
        points = f"{values['lo']} and up" if top is None else printed_range(values["lo"], top)
        return [points, values["level"]]
    if sheet == "MomentumPoints":
        return [values["play"], signed(values["points"])]
    if sheet == "MomentumShifts":
        return [
            values["play"],
            f"to {values['other_points']}",
            f"to at least {values['gaining_at_least']}",
        ]
    if sheet == "T_ZoneStoppages":
        return [values["stoppage"], values["faceoff"] + (" [T]" if values["timing"] else "")]
    if sheet == "T_ReboundControl":
        return [f"{bound(values['lo'])} to {bound(values['hi'])}", values["result"]]
    if sheet == "T_PenaltyConsequences":
        return [
            values["penalty"],
            *([str(values["power_plays"])] if values["power_plays"] else []),
            *(["5:00"] if values["major"] else []),
            *([f"{values['misconduct']}:00"] if values["misconduct"] else []),
            *(["yes"] if values["ejected"] else []),
            *(["yes"] if values["discipline"] else []),
        ]
    return [printed_range(values["lo"], values["hi"]), *RESULTS[sheet](values)]


def where(text: str, row: list[str]) -> int:
    """Where the row's cells stand in the document's text, one after another (wrapped cells
    read back joined by spaces); -1 if they do not. A row must not be read inside a longer
    number or word ("1 attempt" is not in "11 attempt")."""
    found = re.search(r"(?<![\w#-])" + re.escape(" ".join(row)) + r"(?![\w-])", text)
    return found.start() if found else -1


def chart_rows(book: openpyxl.Workbook, sheet: str) -> Iterator[tuple[Any, Values]]:
    """Each row of a sheet with the key it is printed under (its chart's own table)."""
    keys = ("play_type", "intensity", "side", "ae", "goal_type", "mode", "colour", "strategy")
    for _, values in records(book[sheet]):
        key = next((values[k] for k in keys if k in values and sheet != "CoincidentalRange"), None)
        if sheet == "CoolerHeads":
            key = None
        yield key, values


@pytest.fixture(scope="module")
def model() -> Rinkside:
    validation = validate_workbook(GAME.workbook, GAME)
    assert validation.ok
    return build_model(validation.tables)


def write_charts(game: Rinkside, paper: str, folder: Path) -> dict[str, Path]:
    """The three chart files of `game`, written by the kit's own components."""
    assert GAME.templates is not None
    context = BuildContext(PAPERS[paper], GAME.templates, GAME.workbook_name)
    written = {}
    for component in kit.components(game, context):
        if component.name in FILES:
            written[component.name] = folder / component.file_name(PAPERS[paper])
            component.write(written[component.name])
    assert sorted(written) == sorted(FILES)
    return written


@pytest.fixture(scope="module", params=sorted(PAPERS))
def charts(request, model, tmp_path_factory) -> dict[str, Path]:
    return write_charts(model, request.param, tmp_path_factory.mktemp(request.param))


def test_every_game_centre_sheet_and_text_table_is_printed():
    """README §1: every chart sheet and every `T_` table is read at the table, so each is on
    one of the three files."""
    printed = {sheet for sheets in PRINTED.values() for sheet in sheets}
    assert printed == set(GAME_CENTRE) | set(TEXT_TABLES)


@pytest.mark.parametrize("name", FILES)
def test_every_row_prints_its_range_and_result_under_its_number(charts, name):
    """Each workbook row, as the designer typed it, is a row of the printed chart; a chart's
    first row stands under the header naming the number it is read with (README §4: "which
    number is read")."""
    text = flat(charts[name])
    book = openpyxl.load_workbook(GAME.workbook)
    for sheet in PRINTED[name]:
        firsts: set[Any] = set()
        for key, values in chart_rows(book, sheet):
            row = printed_row(sheet, values)
            at = where(text, row)
            assert at >= 0, (sheet, row)
            if "number" in values and key not in firsts and sheet != "T_PKForecheck":
                firsts.add(key)
                headers = [found.group() for found in HEADER.finditer(text, 0, at)]
                assert headers and headers[-1] == NUMBER_NAMES[values["number"]], (sheet, row)


@pytest.mark.parametrize("name", FILES)
def test_no_chart_is_split_by_a_page(charts, name):
    """A chart read across a page break is misread: every row of a chart (of one key of a
    keyed chart) is on the same page."""
    pages = [" ".join(text.split()) for text in page_texts(charts[name])]
    book = openpyxl.load_workbook(GAME.workbook)
    for sheet in PRINTED[name]:
        by_key: dict[Any, list[list[str]]] = {}
        for key, values in chart_rows(book, sheet):
            by_key.setdefault(key, []).append(printed_row(sheet, values))
        for key, rows in by_key.items():
            holding = [n for n, page in enumerate(pages) if all(where(page, r) >= 0 for r in rows)]
            assert holding, (sheet, key)


def test_the_fight_card_and_the_auxiliary_chart_are_one_sheet_each(charts):
    """Seed L75: both lie to the side; each is one page (the Fight Card portrait, read from
    the check to the discipline; the Auxiliary Chart landscape for its long effects)."""
    fight = reader(charts["fight-card"]).pages
    auxiliary = reader(charts["auxiliary-chart"]).pages
    assert len(fight) == 1 and len(auxiliary) == 1
    assert fight[0].mediabox.height > fight[0].mediabox.width
    assert auxiliary[0].mediabox.width > auxiliary[0].mediabox.height


def test_the_game_charts_are_landscape_and_group_by_the_moment_of_the_game(charts):
    """Seed L73: the game charts lie between the teams, grouped by when they are needed."""
    path = charts["game-centre"]
    assert all(page.mediabox.width > page.mediabox.height for page in reader(path).pages)
    text = flat(path)
    groups = [
        "Before the puck drops",
        "Zone play",
        "Shots",
        "Penalties",
        "After the whistle",
        "Momentum and injuries",
        "Goals",
    ]
    # The contents list names them first; the headings follow in the same order.
    body = text[text.index("Lay these sheets") :]
    assert [body.index(group) for group in groups] == sorted(body.index(g) for g in groups)


@pytest.mark.parametrize("name", FILES)
def test_no_text_is_under_six_points(charts, name):
    """Card stock read at arm's length: nothing smaller than the kit's 6 pt floor."""
    sizes = [run.size for page in all_runs(charts[name]) for run in page]
    assert sizes and min(sizes) >= SMALLEST


def test_every_chart_file_is_on_card_stock(model):
    assert GAME.templates is not None
    context = BuildContext(PAPERS["a4"], GAME.templates, GAME.workbook_name)
    printing = {c.name: c.print_as for c in kit.components(model, context) if c.name in FILES}
    assert sorted(printing) == sorted(FILES)
    assert all(p.card_stock and not p.pieces for p in printing.values())


def test_a_designers_edited_rows_are_the_rows_printed(tmp_path):
    """README §4.1, FightExtras: "1-8 instigator (odd visitor, even home) · 9-11 third man
    in". Moved to 1-7 and 8-11 on a designer's copy, the Fight Card prints the new ranges;
    a goalie reaction rewritten prints the new words on the game charts."""
    reaction = "Taps the crossbar twice and glares at the bench"

    def edit(book: openpyxl.Workbook) -> None:
        extras = book["FightExtras"]
        extras[cell_where(extras, "hi", lo=1)] = 7
        extras[cell_where(extras, "lo", lo=9)] = 8
        reactions = book["GoalieReactions"]
        reactions[cell_where(reactions, "reaction", lo=1)] = reaction

    validation = validate_workbook(edited_copy(GAME, tmp_path / "copy", edit), GAME)
    assert validation.ok, [f.as_text() for f in validation.findings]
    written = write_charts(build_model(validation.tables), "a4", tmp_path)
    fight = flat(written["fight-card"])
    assert where(fight, ["1-7", "instigator"]) >= 0
    assert where(fight, ["8-11", "third man in"]) >= 0
    assert where(fight, ["1-8", "instigator"]) == -1
    assert where(flat(written["game-centre"]), ["1-10", reaction]) >= 0
