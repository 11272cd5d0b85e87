"""BIATHLON BLAST's trail boards, player boards, profile map and World Cup score sheet,
written from the shipped workbook and read back with pypdf.

Every expected value comes from the workbook through the validated model: spaces, headings
and coach zones from the courses, counts from the Colours sheet, points from WorldCup.
"""

from __future__ import annotations

import itertools
import math
import shutil
from pathlib import Path

import openpyxl
import pypdf
import pytest
from cells import cell_where
from pdfdraw import stray_marks, stray_texts
from pdfread import page_runs, page_texts, text_of, tokens

from authoring.components import BuildContext
from authoring.game import Game
from authoring.games.biathlon import boards, trails
from authoring.games.biathlon.layout import STEP, TrailLayout, layout
from authoring.games.biathlon.look import SKILL_WORDS, WAX_WORDS, ordered_colours, pulse_bands
from authoring.games.biathlon.model import Biathlon, Course, build_model
from authoring.games.biathlon.race import PULSE_LIMIT
from authoring.games.biathlon.trail import track
from authoring.games.biathlon.worldcup import ORDER
from authoring.render.fonts import BODY_BOLD
from authoring.render.paper import PAPERS, Paper
from authoring.render.words import number_range
from authoring.validate import validate_workbook

GAME = "biathlon"
TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / GAME
DIACRITICS = ("Räsänen", "Kopřiva", "Lefèvre")
SPACE_NUMBER = (BODY_BOLD, 10.0)
"""How a trail board prints a space's number."""
PULSE_NUMBER = (BODY_BOLD, 15.0)
"""How a player board prints a box of the pulse track."""


def context(paper: Paper) -> BuildContext:
    return BuildContext(paper, TEMPLATES, f"{GAME}.xlsx")


@pytest.fixture(scope="module", params=sorted(PAPERS))
def printed(
    request: pytest.FixtureRequest, model: Biathlon, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Paper, dict[str, Path]]:
    """Every component of both modules, written once per paper."""
    paper = PAPERS[request.param]
    folder = tmp_path_factory.mktemp(paper.name)
    paths = {}
    for component in trails.components(model, context(paper)) + boards.components(
        model, context(paper)
    ):
        paths[component.name] = folder / component.file_name(paper)
        component.write(paths[component.name])
    return paper, paths


def map_texts(path: Path) -> list[str]:
    """The texts of a trail board's assembly map, which shows the whole art."""
    return [run.text for run in page_runs(path, 0)]


def course_spaces(course: Course) -> set[int]:
    return set(track(course))


# --- the layout -----------------------------------------------------------------------------


@pytest.mark.parametrize("course", ORDER)
def test_the_layout_keeps_every_heading(model: Biathlon, course: str) -> None:
    chosen = model.courses[course]
    trail: TrailLayout = layout(chosen)
    circuit = trail.circuit
    assert set(trail.spaces) == course_spaces(chosen)
    assert len(set(trail.spaces.values())) == len(trail.spaces)  # one space a cell
    race = track(chosen)
    assert {(s.source, s.target) for s in trail.stretches} == set(itertools.pairwise(race))
    for stretch in trail.stretches:
        source = chosen.spaces[stretch.source]
        sx, sy = trail.spaces[stretch.source]
        tx, ty = trail.spaces[stretch.target]
        if stretch.source == circuit.shooting:
            # The range faces its targets, one cell on; the trail leaves it sideways.
            assert trail.leaving(stretch) != source.heading
            assert trail.targets == (sx + STEP[source.heading][0], sy + STEP[source.heading][1])
            continue
        assert trail.leaving(stretch) == source.heading
        dx, dy = STEP[source.heading]
        if stretch.source == circuit.junction and stretch.target == circuit.run_out[0]:
            # The way to the finish leaves along the heading too and turns off at the fork.
            assert stretch.path[0] == trail.fork == (sx + dx, sy + dy)
            continue
        length = len(stretch.path) + 1
        assert (tx, ty) == (sx + dx * length, sy + dy * length)  # straight ahead
        assert list(stretch.path) == [(sx + dx * k, sy + dy * k) for k in range(1, length)]
    spaces = set(trail.spaces.values())
    assert not trail.crossings & spaces
    assert not {trail.grid, trail.targets, trail.fork} & spaces
    start = trail.spaces[circuit.start]
    last = next(s for s in trail.stretches if s.target == circuit.start)
    assert last.path[-1] == trail.grid  # the lap runs through the grid onto the start line
    assert trail.grid == (
        start[0] - STEP[chosen.spaces[last.source].heading][0],
        start[1] - STEP[chosen.spaces[last.source].heading][1],
    )


# --- the trail boards -----------------------------------------------------------------------


@pytest.mark.parametrize("course", ORDER)
def test_a_trail_board_numbers_every_space_once(
    model: Biathlon, printed: tuple[Paper, dict[str, Path]], course: str
) -> None:
    _, paths = printed
    path = paths[trails.component_name(course)]
    numbers = [
        int(run.text)
        for run in page_runs(path, 0)  # the assembly map shows the whole art
        if (run.font, run.size) == SPACE_NUMBER and run.text.isdigit()
    ]
    assert sorted(numbers) == sorted(course_spaces(model.courses[course]))


@pytest.mark.parametrize("course", ORDER)
def test_a_trail_board_shows_its_markers_and_coach_zones(
    model: Biathlon, printed: tuple[Paper, dict[str, Path]], course: str
) -> None:
    _, paths = printed
    chosen = model.courses[course]
    lines = map_texts(paths[trails.component_name(course)])
    for label in ("START", "START GRID", "FINISH", "RANGE", "TO RANGE", "TO FINISH", "WINDSTILL"):
        assert label in lines, label
    other = trails.other_trail(model, chosen)
    assert f"{chosen.route.upper()}: this board" in lines
    assert f"{other.route.upper()}: the {other.name} board" in lines
    zones = [
        f"{number} {space.coach_colour} \u00d7{space.coach_count}"
        for number, space in sorted(chosen.spaces.items())
        if number in course_spaces(chosen) and space.coach_colour
    ]
    assert zones
    assert f"Coach zones: {', '.join(zones)}" in lines
    for mat in range(1, chosen.spaces[layout(chosen).circuit.shooting].lanes + 1):
        assert str(mat) in lines
    assert all(point in lines for point in "NESW")


@pytest.mark.parametrize("course", ORDER)
def test_a_trail_board_is_tiled_on_the_paper(
    model: Biathlon, printed: tuple[Paper, dict[str, Path]], course: str
) -> None:
    paper, paths = printed
    path = paths[trails.component_name(course)]
    reader = pypdf.PdfReader(path)
    sizes = {
        (round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
        for p in reader.pages
    }
    assert len(sizes) == 1
    assert sizes.pop() in {
        (round(paper.width, 2), round(paper.height, 2)),
        (round(paper.height, 2), round(paper.width, 2)),
    }
    sheets = len(reader.pages) - 1
    assert any(text.endswith(f"assembly map ({sheets} sheets)") for text in map_texts(path))
    assert any(run.text.endswith(f"sheet {sheets} of {sheets}") for run in page_runs(path, sheets))
    board = trails.board_of(model.courses[course])
    assert board.width > paper.width or board.height > paper.height  # a board, not a sheet


# --- player boards --------------------------------------------------------------------------


def test_player_boards_follow_the_colours(
    model: Biathlon, printed: tuple[Paper, dict[str, Path]]
) -> None:
    paper, paths = printed
    path = paths["player-boards"]
    reader = pypdf.PdfReader(path)
    colours = ordered_colours(model)
    assert len(reader.pages) == math.ceil(len(colours) / boards.BOARDS_PER_PAGE)
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            (paper.width, paper.height)
        )
    lines = tokens(path)
    headings = [line for line in lines if line.endswith(" SKIS")]
    assert headings == [f"{c.colour.upper()} SKIS" for c in colours]
    for colour in colours:
        board = lines[lines.index(f"{colour.colour.upper()} SKIS") :][:80]
        assert f"Skill: {SKILL_WORDS[colour.skill]}" in board
        assert f"BULLETS: {colour.bullets}" in board
        assert f"WAX: {colour.wax}" in board
        if colour.wax:
            assert f"each: {WAX_WORDS[colour.wax_effect]}" in board
        holes = [
            line for line in board[board.index(f"BULLETS: {colour.bullets}") :] if line.isdigit()
        ]
        assert holes[: colour.bullets] == [str(n) for n in range(1, colour.bullets + 1)]


def test_player_boards_carry_the_pulse_track(printed: tuple[Paper, dict[str, Path]]) -> None:
    _, paths = printed
    path = paths["player-boards"]
    for number in range(len(page_texts(path))):
        track_numbers = [
            run.text for run in page_runs(path, number) if (run.font, run.size) == PULSE_NUMBER
        ]
        assert track_numbers == [str(p) for p in range(PULSE_LIMIT + 1)] * 2
    text = text_of(path)
    for band in pulse_bands():
        assert f"{band.name} pulse {number_range(band.first, band.last)}" in text
    assert f"over {PULSE_LIMIT}" in text and "ELIMINATED" in text
    assert "ACCURACY TILE" in text


# --- profile map and score sheet ------------------------------------------------------------


def test_the_profile_map_names_every_biathlete(
    model: Biathlon, printed: tuple[Paper, dict[str, Path]]
) -> None:
    paper, paths = printed
    path = paths["profile-map"]
    page = pypdf.PdfReader(path).pages[0]
    assert float(page.mediabox.width) == pytest.approx(paper.height)  # landscape
    lines = tokens(path)
    for biathlete in model.biathletes.values():
        at = lines.index(biathlete.name)
        ratings = [biathlete.skills[c.skill] for c in ordered_colours(model)]
        assert lines[at + 1 : at + 3 + len(ratings)] == [
            biathlete.country,
            biathlete.bib,
            *(str(r) for r in ratings),
        ]
    assert all(any(name in line for line in lines) for name in DIACRITICS)


def test_the_score_sheet_lists_the_races_and_points(
    model: Biathlon, printed: tuple[Paper, dict[str, Path]]
) -> None:
    paper, paths = printed
    path = paths["world-cup-score-sheet"]
    page = pypdf.PdfReader(path).pages[0]
    assert float(page.mediabox.width) == pytest.approx(paper.height)  # landscape
    lines = tokens(path)
    expected: list[str] = []
    for number, course_id in enumerate(ORDER, start=1):
        course = model.courses[course_id]
        if course.venue_name.upper() not in expected:
            expected.append(course.venue_name.upper())
        expected += [f"Race {number}", course.name]
    assert [line for line in lines if line in expected] == expected
    places = sorted(model.world_cup_points)
    assert points_row(path, places) == [str(model.world_cup_points[p]) for p in places]


def points_row(path: Path, places: list[int]) -> list[str]:
    """The points printed under 1st, 2nd ... in the points table (read place, points, ...)."""
    lines = tokens(path)
    first = lines.index(boards.ordinal(places[0]))
    table = lines[first : first + 2 * len(places)]
    assert table[::2] == [boards.ordinal(place) for place in places]
    return table[1::2]


def test_the_score_sheet_reads_the_points_from_the_workbook(game: Game, tmp_path: Path) -> None:
    copy = tmp_path / game.workbook_name
    shutil.copy(game.workbook, copy)
    book = openpyxl.load_workbook(copy)
    sheet = book["WorldCup"]
    sheet[cell_where(sheet, "points", place=4)] = 5
    book.save(copy)
    validation = validate_workbook(copy, game)
    assert validation.ok
    changed = build_model(validation.tables)
    assert changed.world_cup_points[4] == 5
    [component] = [
        c
        for c in boards.components(changed, context(PAPERS["a4"]))
        if c.name == "world-cup-score-sheet"
    ]
    path = tmp_path / "sheet.pdf"
    component.write(path)
    assert points_row(path, sorted(changed.world_cup_points)) == ["1", "2", "3", "5", "5", "6"]


def test_everything_is_printed_inside_the_printable_margin(
    printed: tuple[Paper, dict[str, Path]],
) -> None:
    _, paths = printed
    for name, path in paths.items():
        pages = len(pypdf.PdfReader(path).pages)
        for number in range(pages):
            assert stray_marks(path, number) == [], (name, number)
        if name.startswith("trail-"):
            # The art is a form, clipped on the sheets and scaled on the map, and pypdf reads
            # its text back as drawn at full size: the form's clip and frame are checked
            # above, so the texts checked here are the map's own (those on no sheet).
            art = set(map_texts(path)) & {run.text for run in page_runs(path, 1)}
            assert stray_texts(path, 0, art_texts=art) == [], name
        else:
            for number in range(pages):
                assert stray_texts(path, number) == [], (name, number)


def test_the_boards_are_byte_reproducible(model: Biathlon, tmp_path: Path) -> None:
    for name in ("trail-portrock-short", "player-boards"):
        written = []
        for attempt in ("first", "second"):
            [component] = [
                c
                for c in trails.components(model, context(PAPERS["letter"]))
                + boards.components(model, context(PAPERS["letter"]))
                if c.name == name
            ]
            path = tmp_path / f"{attempt}-{name}.pdf"
            component.write(path)
            written.append(path.read_bytes())
        assert written[0] == written[1]
