"""DARK BLADES' printed kit, built from the shipped workbook and read back with pypdf.

Every expected value comes from the workbook (through the validated model) or from the
layout the imposition computes; the PDFs are real files written by `authoring build`.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import edited_copy
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet
from pdfread import (
    CLOSE,
    Kit,
    all_runs,
    contains,
    find_sequence,
    flat,
    inside,
    is_note,
    match_one_to_one,
    pdf_dict,
    pdf_title,
    reader,
    slot_index,
    tokens,
)
from pypdf.generic import NameObject
from reportlab.lib.units import mm

from authoring.build import build_game
from authoring.cli import main
from authoring.components import BuildContext, Component
from authoring.findings import Severity
from authoring.game import Game, get_game
from authoring.games.darkblades.checks import CRT_SHEETS, ODDS
from authoring.games.darkblades.kit import REFERENCE_TEXT, SPELL_CARD, named_tables
from authoring.games.darkblades.maps import TerrainKind
from authoring.games.darkblades.mapsheets import MOUNTED_COUNTER, map_art
from authoring.games.darkblades.model import DarkBlades, DieRange
from authoring.render.fonts import BODY_BOLD
from authoring.render.imposition import Layout, Rect
from authoring.render.paper import PAPERS, PRINTABLE_MARGIN, Paper, Size
from authoring.target import Target, resolve
from authoring.validate import Validation

GAME = "darkblades"
TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / GAME
EDGE = 0.01  # points: rounding slack when a text must lie inside a box
BASE_14 = {
    "Courier",
    "Courier-Bold",
    "Courier-Oblique",
    "Courier-BoldOblique",
    "Helvetica",
    "Helvetica-Bold",
    "Helvetica-Oblique",
    "Helvetica-BoldOblique",
    "Times-Roman",
    "Times-Bold",
    "Times-Italic",
    "Times-BoldItalic",
    "Symbol",
    "ZapfDingbats",
}


# --- the build, once per paper -------------------------------------------------------------


# kit, game, validation and model: the shared fixtures in conftest.py, for GAME.


@pytest.fixture(scope="module")
def box(validation: Validation) -> dict[str, int]:
    """The Box sheet: how many of each component the printed box holds."""
    return {
        record.values["component"]: record.values["count"]
        for record in validation.tables["Box"].records
    }


def scenario_components(model: DarkBlades) -> list[str]:
    return [
        f"scenario-{s.number}-{s.id.replace('_', '-')}"
        for s in sorted(model.scenarios.values(), key=lambda s: s.number)
    ]


def game_components(model: DarkBlades) -> list[Component]:
    game = get_game(GAME)
    assert game.templates is not None and game.components is not None
    return list(game.components(model, BuildContext(PAPERS["a4"], game.templates, GAME)))


def components(model: DarkBlades) -> list[str]:
    """Every component the game prints, by name; the ones this module reads are among them."""
    names = [component.name for component in game_components(model)]
    ours = {"rulebook", "reference", "spell-cards", "counters", *scenario_components(model)}
    assert ours <= set(names)
    return names


# --- reading PDFs back ---------------------------------------------------------------------


def grid_rows(model: DarkBlades, sheet: str) -> list[list[str]]:
    """A results table as printed: each row is the die face (10 reads 0) then its codes."""
    table = model.combat_tables[sheet]
    return [[str(die % 10), *codes] for die, codes in enumerate(table.codes, 1)]


def printed_grid(lines: list[str], title: str, count: int) -> list[list[str]]:
    """The first `count` rows of the first results table after the heading `title`.

    A table broken by a page repeats its header on the next page; the repeat is skipped.
    """
    header = ["Die", *ODDS]
    heading = last_index(lines, title)
    at = find_sequence(lines, header, heading)
    assert at > heading, f"no results table after {title!r}"
    at += len(header)
    rows: list[list[str]] = []
    while len(rows) < count and at < len(lines):
        if lines[at : at + len(header)] == header:
            at += len(header)
            continue
        rows.append(lines[at : at + len(header)])
        at += len(header)
    return rows


def last_index(lines: list[str], line: str) -> int:
    """Where `line` last occurs: a heading is listed in the contents before the text."""
    return len(lines) - 1 - lines[::-1].index(line)


def fonts_of(path: Path) -> Iterator[Any]:
    for page in reader(path).pages:
        resources = pdf_dict(page, "/Resources")
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            if font["/Subtype"] == "/Type0":
                yield from (d.get_object() for d in font["/DescendantFonts"])
            else:
                yield font


# --- 1. files, exit code and page sizes ----------------------------------------------------


def test_build_writes_every_component_at_the_paper_size(kit: Kit, model: DarkBlades) -> None:
    assert kit.exit_code == 0
    expected = {f"{GAME}-{name}-{kit.paper.name}.pdf" for name in components(model)}
    # The builder adds the kit's own front matter (its cover) to the game's components.
    assert expected <= {path.name for path in kit.folder.iterdir()}
    for name in components(model):
        pages = reader(kit.path(name)).pages
        assert len(pages) > 0
        # The quick reference is the paper turned on its side; a map's sheets are turned
        # where that takes fewer of them; everything else is upright.
        upright = (kit.paper.width, kit.paper.height)
        turned = (kit.paper.height, kit.paper.width)
        if name == "reference":
            sizes = {turned}
        elif name.startswith("map-"):
            sizes = {upright, turned}
        else:
            sizes = {upright}
        for page in pages:
            size = (float(page.mediabox.width), float(page.mediabox.height))
            assert any(size == pytest.approx(expected, abs=0.01) for expected in sizes), name


def test_one_set_up_sheet_per_scenario_in_the_box(
    kit: Kit, model: DarkBlades, box: dict[str, int]
) -> None:
    sheets = list(kit.folder.glob(f"{GAME}-scenario-*-{kit.paper.name}.pdf"))
    assert len(sheets) == len(model.scenarios) == box["scenarios"]


# --- 2. the workbook's text is printed -----------------------------------------------------


def test_rulebook_prints_spells_characters_and_the_crossbow(kit: Kit, model: DarkBlades) -> None:
    text = flat(kit.path("rulebook"))
    for spell in model.spells:
        assert spell.name in text
    for character in model.characters.values():
        assert character.name in text
    lines = tokens(kit.path("rulebook"), drop_page_numbers=True)
    crossbow = model.missile_weapons["crossbow"]
    short = next(band for band in crossbow.bands if band.band == "short")
    row = [crossbow.name, short.band, f"{short.range_from}-{short.range_to}", str(short.attack)]
    assert find_sequence(lines, row) >= 0


def test_rulebook_prints_every_results_table_row_by_row(kit: Kit, model: DarkBlades) -> None:
    lines = tokens(kit.path("rulebook"), drop_page_numbers=True)
    infantry = grid_rows(model, "CRT_InfVsInf")
    title = model.combat_tables["CRT_InfVsInf"].title
    assert printed_grid(lines, title, len(infantry)) == infantry
    # Each die row's codes in order, as a player reads across the row.
    for row in infantry:
        assert find_sequence(lines, row) >= 0
    for sheet in CRT_SHEETS:
        rows = grid_rows(model, sheet)
        assert printed_grid(lines, model.combat_tables[sheet].title, len(rows)) == rows, sheet


def test_reference_sheet_holds_all_six_results_tables(kit: Kit, model: DarkBlades) -> None:
    lines = tokens(kit.path("reference"), drop_page_numbers=True)
    assert len(CRT_SHEETS) == 6
    for sheet in CRT_SHEETS:
        table = model.combat_tables[sheet]
        rows = grid_rows(model, sheet)
        assert printed_grid(lines, table.title, len(rows)) == rows, sheet
        # Die 1's codes, in column order, straight after the header.
        header = find_sequence(lines, ["Die", *ODDS], lines.index(table.title))
        first = header + 1 + len(ODDS)
        assert lines[first : first + 1 + len(ODDS)] == ["1", *table.codes[0]]


def test_reference_is_two_pages_at_most_with_no_text_under_7_pt(kit: Kit) -> None:
    """Read at arm's length beside the map: six results tables and their keys on one sheet
    printed on both sides, on A4 and on US Letter."""
    pages = all_runs(kit.path("reference"))
    assert 1 <= len(pages) <= 2
    sizes = [run.size for page in pages for run in page]
    assert min(sizes) >= REFERENCE_TEXT >= 7


def test_every_reference_table_is_titled(kit: Kit) -> None:
    """A table's header row (its first bold line at table size) comes straight after a
    heading above it, never after another table's cells or the running text."""
    tables = 0
    for page in all_runs(kit.path("reference")):
        for before, run in itertools.pairwise(page):
            starts = run.font == BODY_BOLD and run.size == REFERENCE_TEXT
            if not starts or (before.font == BODY_BOLD and before.size == REFERENCE_TEXT):
                continue
            tables += 1
            assert before.font == BODY_BOLD and before.size > REFERENCE_TEXT + 2, run.text
            assert before.y > run.y and abs(before.x - run.x) < 5 * mm, (before.text, run.text)
    # Each results table and its key, the missile ranges and the cover table.
    assert tables == 2 * len(CRT_SHEETS) + 2


def test_each_scenario_sheet_lists_its_forces_and_victory(kit: Kit, model: DarkBlades) -> None:
    scenarios = sorted(model.scenarios.values(), key=lambda s: s.number)
    for scenario, name in zip(scenarios, scenario_components(model), strict=True):
        text = flat(kit.path(name))
        assert scenario.name in text
        assert scenario.forces
        for force in scenario.forces:
            assert model.characters[force.character].name in text
        assert " ".join(scenario.victory_dark_blades.split()) in text
        assert " ".join(scenario.victory_black_fox.split()) in text


# --- 3. spell cards ------------------------------------------------------------------------


def test_spell_cards_print_each_spell_as_often_as_its_copies(
    kit: Kit, model: DarkBlades, box: dict[str, int]
) -> None:
    path = kit.path("spell-cards")
    layout = Layout.for_items(kit.paper, SPELL_CARD)
    deck = [spell.name.upper() for spell in model.spells for _ in range(spell.copies)]
    assert len(deck) == model.spell_cards == box["spell_cards"]
    assert len(model.spells) == box["distinct_spells"]
    sheets = math.ceil(len(deck) / layout.per_sheet)
    pages = all_runs(path)
    assert len(pages) == 2 * sheets
    names = set(deck)
    fronts, backs = pages[0::2], pages[1::2]
    counted = Counter(run.text for page in fronts for run in page if run.text in names)
    assert counted == Counter(deck)
    assert sum(counted.values()) == box["spell_cards"]
    # Dealt in workbook order, row by row from the top left, one sheet at a time.
    for sheet, page in enumerate(fronts):
        on_page = sorted(
            (slot_index(run, layout.front), run.text) for run in page if run.text in names
        )
        assert [name for _, name in on_page] == deck[
            sheet * layout.per_sheet : (sheet + 1) * layout.per_sheet
        ]
        assert [index for index, _ in on_page] == list(range(len(on_page)))
    # Backs carry no spell names, only the game's title, once per card.
    for front, back in zip(fronts, backs, strict=True):
        assert not any(run.text in names for run in back)
        on_front = sum(run.text in names for run in front)
        assert sum(run.text == get_game(GAME).title for run in back) == on_front


# --- 4. counters: tests/test_darkblades_counters.py ----------------------------------------


# --- 5. fronts and backs register for a long-edge flip ------------------------------------


def test_spell_card_backs_register_behind_their_fronts(kit: Kit, model: DarkBlades) -> None:
    width = kit.paper.width
    layout = Layout.for_items(kit.paper, SPELL_CARD)
    names = {spell.name.upper() for spell in model.spells}
    title = get_game(GAME).title
    pages = all_runs(kit.path("spell-cards"))
    for front, back in zip(pages[0::2], pages[1::2], strict=True):
        card_names = [run for run in front if run.text in names]
        titles = [run for run in back if run.text == title]
        assert card_names and len(titles) == len(card_names)
        # Centred on the card, front and back.
        for run in card_names:
            trim = layout.front[slot_index(run, layout.front)].trim
            assert run.centre == pytest.approx(trim.x + trim.width / 2, abs=CLOSE)
        for run in titles:
            trim = layout.back[slot_index(run, layout.back)].trim
            assert run.centre == pytest.approx(trim.x + trim.width / 2, abs=CLOSE)
        # Each back is behind its own card: the mirror slot of the front's.
        assert sorted(slot_index(r, layout.front) for r in card_names) == sorted(
            slot_index(r, layout.back) for r in titles
        )
        # Mirrored x, same rows: the top row's name and title set the offset within a card.
        # (The grid is symmetric and every back alike, so the counters below are the test
        # that tells a mirrored back from one printed unmirrored.)
        offset = max(r.y for r in card_names) - max(r.y for r in titles)
        match_one_to_one(
            [(width - r.centre, r.y - offset) for r in card_names],
            [(r.centre, r.y) for r in titles],
        )
        assert _same_set([width - r.centre for r in card_names], [r.centre for r in titles])
        assert _same_set([r.y - offset for r in card_names], [r.y for r in titles])


def _same_set(left: Sequence[float], right: Sequence[float]) -> bool:
    """Whether two sets of numbers agree within CLOSE, each value having a partner."""
    return all(any(abs(a - b) <= CLOSE for b in right) for a in left) and all(
        any(abs(a - b) <= CLOSE for a in left) for b in right
    )


# --- 6. everything printed lies where a home printer prints ------------------------------


@pytest.mark.parametrize("paper", PAPERS.values(), ids=list(PAPERS))
@pytest.mark.parametrize("size", [SPELL_CARD, MOUNTED_COUNTER], ids=["spell-card", "counter"])
def test_every_slot_lies_in_the_printable_area(paper: Paper, size: Size) -> None:
    layout = Layout.for_items(paper, size)
    printable = Rect(
        PRINTABLE_MARGIN,
        PRINTABLE_MARGIN,
        paper.width - 2 * PRINTABLE_MARGIN,
        paper.height - 2 * PRINTABLE_MARGIN,
    )
    assert layout.per_sheet > 0
    for slot in (*layout.front, *layout.back):
        assert inside(slot.bleed, printable, tolerance=1e-6)
        assert inside(slot.trim, slot.bleed, tolerance=1e-6)


def test_every_text_lies_on_its_card(kit: Kit) -> None:
    layout = Layout.for_items(kit.paper, SPELL_CARD)
    for number, runs in enumerate(all_runs(kit.path("spell-cards"))):
        slots = layout.front if number % 2 == 0 else layout.back
        notes = [run for run in runs if is_note(run)]
        assert len(notes) == 1
        assert not contains(layout.bounds, notes[0].x, notes[0].y)
        for run in runs:
            if is_note(run):
                continue
            assert run.upright
            # The whole run, ascent to descent and start to end, lies inside one card's trim.
            assert any(inside(run.box, slot.trim, tolerance=EDGE) for slot in slots), (
                f"page {number + 1}: {run.text!r} at ({run.x:.1f}, {run.y:.1f}) leaves its item"
            )


# --- 7. the same data gives the same bytes -------------------------------------------------


def test_building_twice_gives_identical_files(kit: Kit, model: DarkBlades, tmp_path: Path) -> None:
    assert main(["build", GAME, "--paper", kit.paper.name, "--out", str(tmp_path)]) == 0
    for name in components(model):
        again = tmp_path / GAME / kit.path(name).name
        assert again.read_bytes() == kit.path(name).read_bytes(), name


# --- 8. fonts ------------------------------------------------------------------------------


def test_every_font_is_embedded_and_none_is_base_14(kit: Kit, model: DarkBlades) -> None:
    for name in components(model):
        fonts = list(fonts_of(kit.path(name)))
        assert fonts, name
        for font in fonts:
            base = str(font["/BaseFont"]).lstrip("/")
            assert "Helvetica" not in base
            assert base.split("+")[-1] not in BASE_14
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), (name, base)


# --- 9. outline and metadata ---------------------------------------------------------------


def test_rulebook_outline_holds_the_chapters(kit: Kit, model: DarkBlades, game: Game) -> None:
    book = reader(kit.path("rulebook"))
    top = [entry.title for entry in book.outline if not isinstance(entry, list)]
    template = (TEMPLATES / "rulebook.md.j2").read_text(encoding="utf-8")
    chapters = re.findall(r"^# (?!#)(.+?)\s*$", template, flags=re.MULTILINE)
    assert "Introduction" in chapters and "Scenarios" in chapters
    assert top == chapters
    # The scenarios chapter holds one entry per scenario, in order.
    entries = list(book.outline)
    chapter = next(
        i for i, e in enumerate(entries) if not isinstance(e, list) and e.title == "Scenarios"
    )
    children = entries[chapter + 1]
    assert isinstance(children, list)
    titles = [entry.title for entry in children if not isinstance(entry, list)]
    expected = [
        f"Scenario {s.number}: {s.name}"
        for s in sorted(model.scenarios.values(), key=lambda s: s.number)
    ]
    assert titles == expected
    assert pdf_title(book).startswith(game.title)


# snake_case identifiers, and names of the workbook's sheets used as such.
IDENTIFIER = re.compile(r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b")


def test_no_internal_identifier_reaches_a_player(
    kit: Kit, model: DarkBlades, validation: Validation
) -> None:
    sheet_words = re.compile(
        r"\b(?:{}) sheet\b|\bworkbook\b".format("|".join(map(re.escape, validation.tables))),
        flags=re.IGNORECASE,
    )
    for name in components(model):
        text = flat(kit.path(name))
        assert IDENTIFIER.findall(text) == [], name
        assert sheet_words.findall(text) == [], name


def test_playing_pieces_are_printed_on_card_both_sides(model: DarkBlades) -> None:
    printing = {c.name: c.printing for c in game_components(model)}
    for name in ("counters", "spell-cards"):
        piece = printing[name]
        assert piece is not None and piece.pieces and piece.card_stock and piece.double_sided
        assert piece.how
    for name in ("rulebook", "reference"):
        book = printing[name]
        assert book is not None and book.double_sided and not book.pieces and book.how


def test_set_up_sheets_print_on_plain_paper_one_side_under_their_scenario(
    model: DarkBlades,
) -> None:
    printing = {c.name: c.printing for c in game_components(model)}
    scenarios = sorted(model.scenarios.values(), key=lambda s: s.number)
    for scenario, name in zip(scenarios, scenario_components(model), strict=True):
        sheet = printing[name]
        assert sheet is not None, name
        assert sheet.title == f"Set-up: {scenario.name}"
        assert not (sheet.card_stock or sheet.double_sided or sheet.pieces)
        assert sheet.copies == 1


# Scenario 3's order of battle (35 rows) runs onto a second page on any paper.
LONG_SET_UPS = frozenset({3})


def test_each_set_up_sheet_fits_on_one_page(kit: Kit, model: DarkBlades) -> None:
    """A set-up sheet lies beside the map in one piece: every scenario's fits on one page,
    save the one whose order of battle alone fills a page."""
    scenarios = sorted(model.scenarios.values(), key=lambda s: s.number)
    for scenario, name in zip(scenarios, scenario_components(model), strict=True):
        pages = len(reader(kit.path(name)).pages)
        assert pages == (2 if scenario.number in LONG_SET_UPS else 1), name


def cell_texts(table: Any) -> list[list[str]]:
    """A typeset table's rows as the player reads them (each cell is a Paragraph)."""
    return [[cell.getPlainText() for cell in row] for row in table._cellvalues]


def test_ranges_of_one_number_print_that_number_alone(model: DarkBlades) -> None:
    """Missile ranges and die faces are spelt by the render core's range verb: "16-25" for a
    band, "3" (never "3-3") for a band one hex long, and a d10's 10 read as 0."""
    shortbow = model.missile_weapons["shortbow"]
    point_blank = dataclasses.replace(shortbow.bands[0], range_from=3, range_to=3)
    one_hex = dataclasses.replace(shortbow, bands=(point_blank, *shortbow.bands[1:]))
    place = model.die_tables["death_spell"][0].place
    edited = dataclasses.replace(
        model,
        missile_weapons={**model.missile_weapons, "shortbow": one_hex},
        die_tables={
            "one_face": (DieRange(10, 10, "Nothing.", place), DieRange(1, 9, "All.", place))
        },
    )
    tables = named_tables(edited)
    missiles = cell_texts(tables["missile_weapons"]())
    assert [row[2] for row in missiles if row[0] == shortbow.name] == ["3", "16-25", "26-40"]
    assert cell_texts(tables["die:one_face"]())[1:] == [["0", "Nothing."], ["1-9", "All."]]


def test_the_map_key_lists_terrain_in_the_documented_name_order(model: DarkBlades) -> None:
    """The key orders terrain names as every kit orders names (accents after letters): a
    designer's "Éboulis" files among the E's, not after "Window hex"."""
    arena = model.maps["MapArena"]
    scree = TerrainKind("eb", "Éboulis", 2, None)
    first = next(iter(arena.codes))
    edited = dataclasses.replace(
        arena, codes={**arena.codes, first: "eb"}, kinds={**arena.kinds, "eb": scree}
    )
    _, legend = map_art(edited, [])
    names = [look.name for look, _ in legend.hexes if look.mark is None]
    assert names.index("Éboulis") == names.index("Door hex") + 1
    assert names[-1] == "Window hex"


def test_every_file_has_a_title_and_prints_at_actual_size(
    kit: Kit, model: DarkBlades, game: Game
) -> None:
    for name in components(model):
        document = reader(kit.path(name))
        assert pdf_title(document).startswith(game.title), name
        preferences = pdf_dict(document.trailer, "/Root", "/ViewerPreferences")
        assert preferences["/PrintScaling"] == NameObject("/None"), name


# --- 10, 11. bad data never reaches paper -------------------------------------------------


def copied_content(game: Game, folder: Path, edit: Any) -> Target:
    """A designer's copy of the workbook with `edit(workbook)` applied, as a build target."""
    return resolve(str(edited_copy(game, folder, edit)))


def column_of(sheet: Worksheet, header: str) -> int:
    return next(cell.column for cell in sheet[1] if cell.value == header)


@pytest.mark.parametrize("name", ["தமிழ்", "漢字"])
def test_a_missing_glyph_fails_the_build_at_its_cell(game: Game, tmp_path: Path, name: str) -> None:
    place = {}

    def rename_simon(book: Any) -> None:
        sheet = book["Characters"]
        ids, names = column_of(sheet, "id"), column_of(sheet, "name")
        row = next(r for r in range(2, sheet.max_row + 1) if sheet.cell(r, ids).value == "simon")
        sheet.cell(row, names).value = name
        place["cell"] = f"{get_column_letter(names)}{row}"

    copy = copied_content(game, tmp_path / "content", rename_simon)
    out = tmp_path / "out"
    out.mkdir()
    result = build_game(copy, PAPERS["a4"], out)
    errors = [f for f in result.findings if f.severity is Severity.ERROR]
    assert [(f.code, f.sheet, f.cell, f.field, f.value) for f in errors] == [
        ("missing-glyph", "Characters", place["cell"], "name", name)
    ]
    for character in name:
        assert f"U+{ord(character):04X}" in errors[0].message
    assert errors[0].place.endswith(f"darkblades.xlsx:Characters!{place['cell']}")
    assert result.written == []
    assert list(out.iterdir()) == []


def test_an_unknown_paper_is_a_usage_error(tmp_path: Path, capsys: Any) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["build", GAME, "--paper", "a5", "--out", str(tmp_path)])
    assert exited.value.code == 2
    assert "a5" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_data_error_refuses_the_build(game: Game, tmp_path: Path) -> None:
    def unknown_code(book: Any) -> None:
        book["CRT_InfVsInf"]["D7"] = "Q"

    copy = copied_content(game, tmp_path / "content", unknown_code)
    out = tmp_path / "out"
    out.mkdir()
    result = build_game(copy, PAPERS["letter"], out)
    errors = [f for f in result.findings if f.severity is Severity.ERROR]
    assert [(f.sheet, f.cell, f.value) for f in errors] == [("CRT_InfVsInf", "D7", "Q")]
    assert result.written == []
    assert list(out.iterdir()) == []
