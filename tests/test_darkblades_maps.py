"""DARK BLADES' maps: the map sheets, their hex sides and places, the checks that hold them to
the rules, and the printed maps read back cell for cell."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pypdf
import pytest
from pdfdraw import (
    apply,
    drawing,
    placed_form_texts,
    placed_operations,
    stray_marks,
    stray_texts,
)
from pdfread import contains, inside, origin, pdf_dict, reader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth

from authoring.components import BuildContext
from authoring.findings import Finding
from authoring.game import Game, get_game
from authoring.games.darkblades.maps import OPPOSITE, Hex, parse_hexes
from authoring.games.darkblades.mapsheets import (
    COUNTER,
    COUNTER_GAP,
    HEX_FLAT,
    HEX_LOOKS,
    LEGEND_GAP,
    LEGEND_INDENT,
    NOTES,
    grid_of,
    joins,
    key_place,
    map_art,
)
from authoring.render.fonts import BODY, BODY_BOLD
from authoring.render.hexes import (
    LEGEND_SIZE,
    LEGEND_TITLE_SIZE,
    NOTE_SIZE,
    HexLook,
    SideLook,
    legend_height,
    map_size,
)
from authoring.render.imposition import Rect
from authoring.render.paper import PAPERS
from authoring.render.tiling import ART, TARGET, plan_tiles
from authoring.validate import Validation, validate_workbook

GAME = "darkblades"
MAP_COMPONENTS = {"MapArena": "map-arena", "MapWatermill": "map-watermill"}
Edit = Callable[[Any], None]


@pytest.fixture
def check(game: Game, tmp_path: Path) -> Callable[[Edit], Validation]:
    """Validate a copy of the shipped workbook after `edit` (openpyxl, loaded and saved)."""

    def run(edit: Edit) -> Validation:
        book = openpyxl.load_workbook(game.workbook)
        edit(book)
        path = tmp_path / "darkblades.xlsx"
        book.save(path)
        return validate_workbook(path, game)

    return run


def found(result: Validation, code: str) -> list[Finding]:
    return [f for f in result.findings if f.code == code]


def at(result: Validation, code: str) -> set[tuple[str | None, str | None, Any]]:
    return {(f.location.sheet, f.location.cell, f.value) for f in found(result, code)}


def row_of(sheet: Any, **match: Any) -> int:
    header = [cell.value for cell in sheet[1]]
    for row in range(2, sheet.max_row + 1):
        values = {h: sheet.cell(row, i + 1).value for i, h in enumerate(header)}
        if all(values[k] == v for k, v in match.items()):
            return row
    raise LookupError(match)


def append(sheet: Any, *values: Any) -> int:
    sheet.append(list(values))
    return int(sheet.max_row)


# --- the shipped maps --------------------------------------------------------------------


def test_the_shipped_maps_are_clean_and_every_hex_is_numbered_like_its_cell(validation, model):
    assert validation.findings == []
    arena = model.maps["MapArena"]
    assert (arena.columns, arena.rows) == (18, 20)
    book = openpyxl.load_workbook(get_game(GAME).workbook)
    for sheet, hex_map in model.maps.items():
        for hex, code in hex_map.codes.items():
            assert book[sheet][hex.number].value == code
            assert hex_map.cells[hex].cell == hex.number


def test_neighbours_follow_the_offset_rows():
    # Odd rows are not shifted, even rows sit half a hex to the right.
    assert Hex(3, 3).neighbour("NE") == Hex(2, 3)
    assert Hex(3, 3).neighbour("NW") == Hex(2, 2)
    assert Hex(4, 3).neighbour("NE") == Hex(3, 4)
    assert Hex(4, 3).neighbour("SW") == Hex(5, 3)
    for side, other in Hex(7, 5).neighbours():
        assert Hex(7, 5) in [o for _, o in other.neighbours()], side


def test_hex_blocks_are_read_like_excel_ranges():
    assert parse_hexes("A1:B2, R7") == [Hex(1, 1), Hex(1, 2), Hex(2, 1), Hex(2, 2), Hex(7, 18)]
    assert parse_hexes("A1:") is None


# --- phase 1: the tables ------------------------------------------------------------------


def test_an_unknown_terrain_code_is_reported_at_its_hex(check):
    result = check(lambda book: book["MapArena"].cell(7, 3, "zz"))
    assert at(result, "unknown-terrain") == {("MapArena", "C7", "zz")}
    assert result.model is None  # phase 2 does not run on a broken map


def test_a_blank_row_inside_a_map_is_reported(check):
    def blank_row(book: Any) -> None:
        for column in range(1, 19):
            book["MapWatermill"].cell(5, column).value = None

    result = check(blank_row)
    assert at(result, "map-row-missing") == {("MapWatermill", "A5", None)}


def test_a_wall_on_the_maps_edge_is_reported_at_its_side(check):
    rows: list[int] = []
    result = check(
        lambda book: rows.append(append(book["HexSides"], "MapArena", "A1", "W", "wall"))
    )
    assert at(result, "side-off-map") == {("HexSides", f"C{rows[0]}", "W")}


def test_a_place_off_the_map_is_reported_with_the_hexes_found(check):
    def move(book: Any) -> None:
        sheet = book["Places"]
        sheet.cell(row_of(sheet, name="Inside the mill"), 7, "H7:K9, T3")

    result = check(move)
    [finding] = found(result, "unknown-hex")
    assert (finding.location.sheet, finding.location.column) == ("Places", 7)
    assert "T3 is not on MapWatermill" in finding.message


def test_a_place_far_off_the_map_names_a_few_hexes_and_counts_the_rest(check):
    def move(book: Any) -> None:
        sheet = book["Places"]
        sheet.cell(row_of(sheet, name="Inside the mill"), 7, "S1:T20")

    [finding] = found(check(move), "unknown-hex")
    assert finding.message == "S1, T1, S2, T2, S3 and 35 more are not on MapWatermill"


def test_a_stray_value_right_of_a_map_is_one_error_at_its_cell(check):
    """A map is as wide as most of its rows: a value typed far to the right is reported once,
    where it is, and the other rows are not short of terrain for it."""
    result = check(lambda book: book["MapArena"].cell(1, 26, "op"))
    assert [(f.location.cell, f.code) for f in result.findings] == [("Z1", "outside-table")]
    assert "outside the grid: most of its rows end at column R" in result.findings[0].message


# --- phase 2: the river --------------------------------------------------------------------


def flow_row(sheet: Any, hex: str) -> int:
    return row_of(sheet, map="MapWatermill", hex=hex, feature="flow")


def test_a_flow_running_ashore_is_reported(check):
    """Seed, the river: "1234 move 4 hexes downstream"; the current runs from water to water."""

    def turn(book: Any) -> None:
        sheet = book["HexSides"]
        sheet.cell(flow_row(sheet, "R11"), 3, "NW")  # Q10 is the north bank

    result = check(turn)
    assert {(s, v) for s, _, v in at(result, "flow-ashore")} == {("HexSides", "NW")}
    assert "runs ashore into Q10" in found(result, "flow-ashore")[0].message


def test_a_river_running_in_a_circle_never_reaches_the_edge(check):
    """Seed: "If a character is swept off the map he is presumed lost": the flow must reach
    the edge."""

    def circle(book: Any) -> None:
        sheet = book["HexSides"]
        for hex, side in (("A9", "E"), ("B9", "SW"), ("A10", "NW")):
            sheet.cell(flow_row(sheet, hex), 3, side)

    result = check(circle)
    sheet = openpyxl.load_workbook(get_game(GAME).workbook)["HexSides"]
    assert {cell for _, cell, _ in at(result, "flow-loop")} == {
        f"C{flow_row(sheet, hex)}" for hex in ("A9", "B9", "A10")
    }


def test_a_mill_wheel_away_from_the_flow_is_reported(check):
    """Seed: "Characters who go through the mill wheel are crushed to death": the wheel turns
    where the river runs."""

    def move(book: Any) -> None:
        sheet = book["HexSides"]
        sheet.cell(row_of(sheet, feature="mill_wheel"), 2, "I8")  # inside the mill

    result = check(move)
    assert len(found(result, "wheel-dry")) == 1
    assert found(result, "wheel-dry")[0].location.sheet == "HexSides"


def test_a_river_without_a_mill_wheel_is_reported(check):
    """Seed: "Characters who go through the mill wheel are crushed to death." """

    def remove(book: Any) -> None:
        sheet = book["HexSides"]
        sheet.delete_rows(row_of(sheet, feature="mill_wheel"))

    result = check(remove)
    assert at(result, "no-mill-wheel") == {("HexSides", None, None)}


def test_the_shipped_river_turns_the_wheel_and_leaves_on_the_east(model):
    mill = model.maps["MapWatermill"]
    flows = {s.hex: s for s in mill.sides if s.feature == "flow"}
    [wheel] = [s for s in mill.sides if s.feature == "mill_wheel"]
    hex, passed = Hex(9, 1), False  # the river comes in at the west edge
    while hex in mill:
        passed |= flows[hex].key() == wheel.key()
        hex = flows[hex].beyond
    assert passed and hex.column == mill.columns + 1


# --- phase 2: sealed-off ground, set-up areas, blockers ----------------------------------


def test_a_building_without_a_way_in_is_sealed_off(check):
    """Seed: "Walls are impassable; buildings, courtyards, etc., must be entered via the
    doors or windows." Wall up the prison's door and windows and its inside is sealed."""

    def wall_up(book: Any) -> None:
        sheet = book["HexSides"]
        for row in range(2, sheet.max_row + 1):
            if sheet.cell(row, 1).value == "MapArena" and sheet.cell(row, 4).value in (
                "door",
                "window",
            ):
                sheet.cell(row, 4, "wall")

    result = check(wall_up)
    sealed = {cell for _, cell, _ in at(result, "sealed-off")}
    assert {"C3", "C4", "E5", "D6"} <= sealed  # interior and the door hex
    assert all(sheet == "MapArena" for sheet, _, _ in at(result, "sealed-off"))
    assert {cell for _, cell, _ in at(result, "opening-missing")} == {"D6", "B4", "F4"}


def test_a_reachable_map_has_every_passable_hex_within_reach(model):
    for hex_map in model.maps.values():
        edge = [hex for hex in hex_map.codes if hex_map.on_edge(hex)]
        reach = hex_map.foot_reach(edge)
        # Into the mill by its door: open ground (1) then the door hex (1).
        if hex_map.sheet == "MapWatermill":
            assert reach[Hex(7, 10)] == reach[Hex(6, 10)] + 1
        assert all(hex_map.kind(h).foot_cost is None for h in hex_map.codes if h not in reach)


def test_a_set_up_area_too_small_for_its_forces_is_reported(check):
    """Seed, scenario 2: "Place Job and Sarah in the mill." Two pieces need two hexes; seed:
    "Only one live character may occupy a hex at any one time." """

    def shrink(book: Any) -> None:
        sheet = book["Places"]
        sheet.cell(row_of(sheet, name="Inside the mill"), 7, "H7")

    result = check(shrink)
    [finding] = found(result, "set-up-too-small")
    assert (finding.location.sheet, finding.location.column, finding.value) == ("Places", 7, 1)
    assert "sets up 2 hexes' worth" in finding.message  # Job and Sarah


def test_riders_need_two_hexes_each(check):
    """Seed: "A mounted character occupies two hexes." Put the mounted Dark Blades party of
    scenario 3 into a set-up area one hex per rider wide."""

    def squeeze(book: Any) -> None:
        sheet = book["Places"]
        row = row_of(sheet, scenario="mule_train", group="mule_train")
        sheet.cell(row, 6, "set_up_area")
        sheet.cell(row, 7, "A20:M20, A19")  # 14 hexes for 13 riders, Zatan and 4 mules

    result = check(squeeze)
    [finding] = found(result, "set-up-too-small")
    assert "sets up 31 hexes' worth" in finding.message


def test_an_entry_edge_inland_is_reported(check):
    """Seed, scenario 3: Sunfire's group "can enter anywhere on the left hand side of the
    arena map": an entry lies on the map's edge."""

    def inland(book: Any) -> None:
        sheet = book["Places"]
        sheet.cell(row_of(sheet, name="Left edge"), 7, "A1:B3")

    result = check(inland)
    [finding] = found(result, "not-on-edge")
    assert finding.value == "B2, B3"  # B1 lies on the top edge


def test_a_gap_in_a_wall_is_reported_at_the_building_hex(check):
    """Seed: "Characters behind walls receive infinite cover"; a building must be walled all
    round, entered "via the doors or windows"."""

    def open_gap(book: Any) -> None:
        sheet = book["HexSides"]
        sheet.delete_rows(row_of(sheet, map="MapWatermill", hex="H9", side="SW", feature="wall"))

    result = check(open_gap)
    assert at(result, "wall-gap") == {("MapWatermill", "H9", "ho")}


def test_a_slope_lip_away_from_a_slope_is_reported(check):
    """Seed: "Characters in slope hexes are in medium cover from missiles crossing the top lip
    of the slope": a lip edges a slope hex."""

    def move(book: Any) -> None:
        sheet = book["HexSides"]
        sheet.cell(row_of(sheet, map="MapArena", feature="slope_lip"), 2, "A15")

    result = check(move)
    assert len(found(result, "blocker-misplaced")) == 1


def test_emptied_map_sheets_give_findings_not_a_crash(check):
    for name in ("HexSides", "Places"):

        def empty(book: Any, name: str = name) -> None:
            book[name].delete_rows(2, book[name].max_row)

        result = check(empty)
        assert (result.findings and result.model is None) or result.findings, name


# --- the printed maps ---------------------------------------------------------------------


@pytest.fixture(scope="module", params=sorted(PAPERS))
def printed(request, game, model, tmp_path_factory) -> dict[str, Path]:
    paper = PAPERS[request.param]
    folder = tmp_path_factory.mktemp(f"maps-{paper.name}")
    assert game.components is not None and game.templates is not None
    context = BuildContext(paper, game.templates, "darkblades.xlsx")
    components = {c.name: c for c in game.components(model, context)}
    paths = {}
    for sheet, name in MAP_COMPONENTS.items():
        path = folder / f"{name}-{paper.name}.pdf"
        components[name].write(path)
        paths[sheet] = path
    return paths


def _art(pdf: pypdf.PdfReader) -> Any:
    xobjects: Any = pdf_dict(pdf.pages[1], "/Resources")["/XObject"]
    [name] = [key for key in xobjects if str(key).endswith(ART)]
    return xobjects[name].get_object()


def hexagons(
    pdf: pypdf.PdfReader,
) -> list[tuple[tuple[float, float, float], list[tuple[float, float]]]]:
    """(fill colour, corners) of every filled six-cornered path the map art draws."""
    shapes = []
    fill = (0.0, 0.0, 0.0)
    path: list[tuple[float, float]] = []
    for op, operands, ctm in placed_operations(pdf, _art(pdf)):
        if op == "rg":
            fill = tuple(round(float(v), 3) for v in operands)  # type: ignore[assignment]
        elif op in ("m", "l"):
            path.append(apply(ctm, float(operands[0]), float(operands[1])))
        elif op in ("c", "re"):
            path.append((math.nan, math.nan))
        elif op in ("f", "B", "b", "f*", "B*", "b*", "S", "s", "n"):
            if op not in ("S", "s", "n") and len(path) == 6 and not any(map(math.isnan, path[0])):
                shapes.append((fill, path))
            path = []
    return shapes


def numbers(path: Path) -> list[tuple[str, float, float]]:
    """Each text the map art prints, with its centre (in the art's coordinates)."""
    texts = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if text.strip():
            x, y = origin(cm, tm)
            width = pdfmetrics.stringWidth(text.strip(), BODY, size)
            texts.append((text.strip(), x + width / 2, y))

    reader(path).pages[1].extract_text(visitor_text=visit)
    return texts


def colour(look_fill: Any) -> tuple[float, float, float]:
    return (round(look_fill.red, 3), round(look_fill.green, 3), round(look_fill.blue, 3))


def test_printed_hexes_match_the_map_sheets_cell_for_cell(printed, game):
    book = openpyxl.load_workbook(game.workbook)
    radius = HEX_FLAT / math.sqrt(3)
    for sheet_name, path in printed.items():
        sheet = book[sheet_name]
        cells = {
            cell.coordinate: str(cell.value)
            for row in sheet.iter_rows()
            for cell in row
            if cell.value
        }
        hexes = [
            (fill, corners)
            for fill, corners in hexagons(reader(path))
            if abs(math.dist(corners[0], corners[3]) - 2 * radius) < 0.5
        ]
        assert len(hexes) == len(cells) == 18 * 20
        texts = numbers(path)
        seen = set()
        for fill, corners in hexes:
            cx = sum(x for x, _ in corners) / 6
            cy = sum(y for _, y in corners) / 6
            [number] = [
                t for t, x, y in texts if math.hypot(x - cx, y - cy) < radius * 0.7 and t in cells
            ]
            seen.add(number)
            assert fill == colour(HEX_LOOKS[cells[number]].fill), (sheet_name, number)
        assert seen == set(cells)


def test_a_counter_fits_its_hex_and_clears_its_neighbours(printed):
    """Chosen rule: the 3/4" counter lies between the hex's upright sides, and counters in
    neighbouring hexes (across a side or a row) keep a gap of paper between them."""
    hexes = [corners for _, corners in hexagons(reader(printed["MapArena"]))]
    radius = HEX_FLAT / math.sqrt(3)
    corners = next(c for c in hexes if abs(math.dist(c[0], c[3]) - 2 * radius) < 0.5)
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    flat, point_to_point = max(xs) - min(xs), max(ys) - min(ys)
    row_pitch = point_to_point * 0.75
    assert flat >= COUNTER.width + COUNTER_GAP
    assert row_pitch >= COUNTER.height + COUNTER_GAP


def test_nothing_is_printed_near_the_sheet_edge(printed):
    """Every mark and text stays inside the 6.35 mm printable margin, clear of the 5 mm band
    home printers cannot print (hex numbers and the key are clipped to each sheet's window)."""
    for path in printed.values():
        pdf = reader(path)
        art_texts = {t for t, _, _ in numbers(path)}
        for number in range(len(pdf.pages)):
            assert stray_marks(path, number) == [], number
            assert stray_texts(path, number, art_texts=art_texts) == [], number


def test_each_map_says_how_the_maps_join_and_what_is_left_out(printed):
    texts = " ".join(t for t, _, _ in numbers(printed["MapWatermill"]))
    assert (
        "Scenarios 3 and 4: The Watermill above The Arena, its side 6 against The Arena's side 4"
        in texts
    )
    assert (
        "Scenario 1: The Watermill to the left of The Arena, its side 5 against The Arena's side 3"
        in texts
    )
    assert "campaign map of Labrynthia" in texts
    assert {"Side 5", "Side 6", "Side 7", "Side 8"} <= {
        t for t, _, _ in numbers(printed["MapWatermill"])
    }


def key_fonts(model: Any, sheet: str) -> tuple[dict[str, tuple[str, float]], set[str]]:
    """The font and size of each line of a map's key (its title, each entry's name and
    words), and the words of its notes, whose lines are wrapped to the room found."""
    _, legend = map_art(model.maps[sheet], [NOTES[0], *joins(model), *NOTES[1:]])
    entries: list[tuple[HexLook | SideLook, str]] = [*legend.hexes, *legend.sides]
    fonts = {legend.title: (BODY_BOLD, LEGEND_TITLE_SIZE)}
    fonts |= {look.name: (BODY_BOLD, LEGEND_SIZE) for look, _ in entries}
    fonts |= {words: (BODY, LEGEND_SIZE) for _, words in entries}
    return fonts, {word for note in legend.notes for word in note.split()}


def overlaps(a: Rect, b: Rect) -> bool:
    return (
        a.x < b.x + b.width
        and b.x < a.x + a.width
        and a.y < b.y + b.height
        and b.y < a.y + a.height
    )


def test_the_key_reads_whole_on_one_sheet_clear_of_the_crosshairs(printed, model):
    """Each line of a map's key shows on exactly one sheet, inside that sheet's window (not
    cut at a sheet's edge nor repeated in a glue strip), and no crosshair target is printed
    over it."""
    for sheet, path in printed.items():
        fonts, note_words = key_fonts(model, sheet)
        pdf = reader(path)
        drawn: Counter[str] = Counter()
        shown: Counter[str] = Counter()
        for number in range(1, len(pdf.pages)):
            forms = drawing(pdf, number).forms
            [window] = [form.visible for form in forms if form.name == ART]
            targets = [form.visible for form in forms if form.name == TARGET]
            for name, text, x, y in placed_form_texts(path, number):
                in_notes = set(text.split()) <= note_words
                if name != ART or not (text in fonts or in_notes):
                    continue
                if number == 1:  # every sheet holds the whole art, drawn once
                    drawn[text] += 1
                if not contains(window, x, y):
                    continue
                font, size = fonts.get(text, (BODY, NOTE_SIZE))
                box = Rect(x, y - size * 0.3, stringWidth(text, font, size), size * 1.2)
                assert inside(box, window), (sheet, number, text)
                assert not any(overlaps(box, target) for target in targets), (number, text)
                shown[text] += 1
        assert set(fonts) <= set(drawn), sheet
        assert {word for text in drawn for word in text.split()} >= note_words, sheet
        # A line in a glue strip would show on two sheets, a line off every window on none.
        assert shown == drawn, sheet


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_keeping_the_key_clear_of_the_strips_costs_no_sheet(model, paper):
    """The key moved into one sheet's clear stretch takes no more sheets than the key set
    across the foot of the map (where crosshairs fell on it): six per map, the fewest a
    map 18 hexes of 23 mm across and 20 rows down can take on A4 or Letter."""
    for sheet, hex_map in model.maps.items():
        art, legend = map_art(hex_map, [NOTES[0], *joins(model), *NOTES[1:]])
        width, height = map_size(art)
        across = legend_height(legend, width - 2 * LEGEND_INDENT) + LEGEND_GAP
        before = plan_tiles(PAPERS[paper], width, height + across)
        after = key_place(PAPERS[paper], art, legend).plan
        assert len(after.tiles) <= len(before.tiles) == 6, sheet


def test_an_exterior_corner_away_from_any_building_is_reported(check):
    """Seed chart: "Exterior Building Corner ... Medium" cover, which only a building gives."""
    result = check(lambda book: book["MapArena"].cell(15, 3, "co"))
    assert at(result, "corner-alone") == {("MapArena", "C15", "co")}


def test_set_up_sheets_name_their_areas_by_printed_hex_numbers(game, model, tmp_path):
    """Seed, scenario 2: "Place Job and Sarah in the mill. Place the Mon-Oger force on the
    left hand side of the map." The set-up sheet names those hexes."""
    assert game.components is not None and game.templates is not None
    context = BuildContext(PAPERS["a4"], game.templates, "darkblades.xlsx")
    [component] = [
        c for c in game.components(model, context) if c.name == "scenario-2-trouble-at-mill"
    ]
    path = tmp_path / "scenario-2.pdf"
    component.write(path)
    text = " ".join(" ".join(page.extract_text().split()) for page in reader(path).pages)
    places = openpyxl.load_workbook(game.workbook)["Places"]
    for name in ("Inside the mill", "Western edge", "Top right corner"):
        hexes = places.cell(row_of(places, scenario="trouble_at_mill", name=name), 7).value
        assert f"hexes {hexes}" in text, name


def test_a_map_cell_is_held_to_its_schema_at_the_cell(check):
    """A grid sheet has no header: every cell is read and checked as one terrain code."""

    def typed(book: Any) -> None:
        book["MapWatermill"]["D3"] = "Water"
        book["MapWatermill"]["E4"] = None

    result = check(typed)
    places = {(f.location.cell, f.code) for f in result.findings}
    assert places == {("D3", "invalid-value"), ("E4", "missing-value")}
    assert "two lower-case letters" in str(found(result, "invalid-value")[0].expected)


def river_crossing(book: Any, column: str, code: str) -> None:
    """Both hexes of a river crossing (the river runs two hexes wide) become `code`."""
    sheet = book["MapWatermill"]
    for row in range(1, 21):
        if sheet[f"{column}{row}"].value in ("br", "st"):
            sheet[f"{column}{row}"] = code


def test_mules_cannot_cross_by_the_stepping_stones_alone(check):
    """Seed: stepping stones are "Impassable to Animals"; "Bridges must be crossed on foot and
    in single file; horses must be led." Without the footbridge the mule train of scenario 3
    can still wade over the stones on foot, but cannot lead its mules out."""
    result = check(lambda book: river_crossing(book, "E", "wa"))
    [finding] = found(result, "no-route")
    assert "leading horses and mules" in finding.message
    assert (finding.location.sheet, finding.location.column) == ("Places", 7)
    assert finding.value == "O1:R1, R2:R4"


def test_without_any_crossing_nobody_reaches_the_exit(check):
    def flood(book: Any) -> None:
        river_crossing(book, "E", "wa")
        river_crossing(book, "O", "wa")

    result = check(flood)
    assert {"on foot" in f.message for f in found(result, "no-route")} == {True, False}


def test_maps_that_cannot_meet_hex_for_hex_are_reported(check):
    """Seed, scenario 1's figure: "8 4 / 7 MILL 5 3 ARENA 1 / 6 2" (side 5 against side 3);
    a map one row longer meets neither side by side nor, with an odd number of rows, below."""

    def lengthen(book: Any) -> None:
        for column in range(1, 19):
            book["MapWatermill"].cell(21, column, "op")

    result = check(lengthen)
    messages = {f.location.sheet: f.message for f in found(result, "maps-misfit")}
    assert messages == {
        "MapArena": "The Arena has 20 rows beside The Watermill's 21: the hexes cannot meet "
        "across the join",
        "MapWatermill": "The Watermill has 21 rows, an odd number, above The Arena: the hexes "
        "cannot meet across the join",
    }


def test_the_printed_grid_and_the_rules_agree_on_neighbours(model):
    """The render core draws sides and the outline with its own geometry; it must be the
    adjacency the checks and the path-finding use."""
    mill = model.maps["MapWatermill"]
    grid = grid_of(mill)
    for hex in mill.codes:
        for side, other in hex.neighbours():
            assert grid.neighbour(hex.column, hex.row, side) == (other.column, other.row)
            # The shared side is drawn at the same place from both hexes.
            ends = set(grid.side_ends(hex.column, hex.row, side))
            if other in mill:
                back = grid.side_ends(other.column, other.row, OPPOSITE[side])
                assert all(min(math.dist(p, q) for q in ends) < 1e-6 for p in back)
