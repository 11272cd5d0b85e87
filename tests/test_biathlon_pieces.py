"""BIATHLON BLAST's sheet of tokens and dice nets, standees and trail boards as a player cuts and
glues them, written from the shipped workbook and read back with pypdf.

Expected counts come from the Box sheet (through the model), faces from the rules engine,
and every printed position is read back from the PDF's content stream.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pypdf
import pytest
from cells import column, row_where
from conftest import edited_copy
from pdfdraw import stray_marks, stray_texts, text_extents
from pdfread import inside, page_runs, page_texts
from pypdf.generic import ContentStream

from authoring.components import BuildContext, Component
from authoring.game import Game
from authoring.games.biathlon import kit, pieces, trails
from authoring.games.biathlon.look import (
    MIN_TEXT,
    SHEET_HEAD,
    TITLE,
    die_caption,
)
from authoring.games.biathlon.model import Biathlon
from authoring.games.biathlon.rules import DICE, DIE_FACES
from authoring.games.biathlon.worldcup import ORDER
from authoring.render.imposition import Rect
from authoring.render.lines import FOLD, GLUE, LINE_DASHES
from authoring.render.paper import EDGE_BAND, LINE_CONVENTION, PAPERS, PRINTABLE_MARGIN, Paper, Size
from authoring.validate import validate_workbook

GAME = "biathlon"
SHEET = "tokens-and-dice"
TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / GAME
SHEETS_BEFORE = {"a4": 26, "letter": 29}
"""Trail board sheets (assembly maps left out) before issue 11 cropped the boards."""
SHEETS_NOW = {
    "a4": {"wolfsheim_kurz": 6, "wolfsheim_lang": 4, "portrock_short": 4, "portrock_long": 8},
    "letter": {"wolfsheim_kurz": 6, "wolfsheim_lang": 4, "portrock_short": 4, "portrock_long": 8},
}
PIECES_SHEETS_BEFORE = 2
"""Sheets of tokens and dice before issue 11 put them on one: a token sheet and a dice sheet,
on A4 and on Letter alike."""
IMPOSED = ("skiing-cards", "accuracy-tiles")
"""Laid out by the render core's imposition, whose marks its own tests hold to the band."""
SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z_]+\b")
SHEET_NAMES = re.compile(r"\b(Box|Colours|Biathletes|Cards|Spaces|Links|Courses) sheet\b")


def context(paper: Paper) -> BuildContext:
    return BuildContext(paper, TEMPLATES, f"{GAME}.xlsx")


def drawn(model: Biathlon, paper: Paper, folder: Path) -> dict[str, Path]:
    """Every printed component but the rulebook (a book, tested in test_biathlon_kit)."""
    paths = {}
    component: Component
    for component in kit.components(model, context(paper)):
        if component.name != "rulebook":
            paths[component.name] = folder / component.file_name(paper)
            component.write(paths[component.name])
    return paths


@pytest.fixture(scope="module", params=sorted(PAPERS))
def printed(
    request: pytest.FixtureRequest, model: Biathlon, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Paper, dict[str, Path]]:
    paper = PAPERS[request.param]
    return paper, drawn(model, paper, tmp_path_factory.mktemp(paper.name))


def all_texts(path: Path) -> list[str]:
    return [
        run.text
        for number in range(len(pypdf.PdfReader(path).pages))
        for run in page_runs(path, number)
    ]


def token_counts(path: Path) -> dict[str, int]:
    """How many of each piece the sheet prints: each piece says what it is."""
    texts = all_texts(path)
    return {
        "shooting_dice": sum(1 for t in texts if t in {die_caption(d) for d in DICE}),
        "bullets": texts.count(pieces.BULLET_WORD),
        "wax": texts.count(pieces.WAX_WORD),
        "pulse_markers": texts.count(pieces.PULSE_WORD),
        "ski_pairs": sum(1 for t in texts if t.endswith(f" {pieces.SKIS_WORD}")),
        "cloud": texts.count(pieces.CLOUD_WORD),
        "shooting_barrier": texts.count(pieces.BARRIER_WORD),
    }


# --- the token sheet ------------------------------------------------------------------------


def test_the_token_sheet_prints_the_box_sheets_counts(
    printed: tuple[Paper, dict[str, Path]], model: Biathlon
) -> None:
    """Seed, COMPONENTS: "6 PULSE MARKERS ... 19 BULLETS ... 14 SKI WAX", "1 CLOUD",
    "1 SHOOTING BARRIER", "6 SKI PAIRS", "5 SHOOTING DICE"."""
    _, paths = printed
    counts = token_counts(paths[SHEET])
    assert counts == {name: model.box[name] for name in counts}
    assert counts == {
        "shooting_dice": 5,
        "bullets": 19,
        "wax": 14,
        "pulse_markers": 6,
        "ski_pairs": 6,
        "cloud": 1,
        "shooting_barrier": 1,
    }
    texts = all_texts(paths[SHEET])
    for colour in model.colours:  # a pulse marker and skis in every ski colour
        assert colour.upper() in texts
        assert f"{colour.upper()} {pieces.SKIS_WORD}" in texts


def test_a_changed_box_count_changes_the_print(model: Biathlon, tmp_path: Path) -> None:
    more = dataclasses.replace(model, box={**model.box, "bullets": 23, "wax": 9})
    [component] = [c for c in kit.components(more, context(PAPERS["a4"])) if c.name == SHEET]
    path = tmp_path / "tokens.pdf"
    component.write(path)
    counts = token_counts(path)
    assert (counts["bullets"], counts["wax"]) == (23, 9)


def test_a_box_count_the_data_does_not_add_up_to_is_reported_at_its_cell(
    game: Game, tmp_path: Path
) -> None:
    cells: dict[str, str] = {}

    def edit(book: Any) -> None:
        box = book["Box"]
        for component, count in (("pulse_markers", 7), ("shooting_dice", 4)):
            cell = f"{column(box, 'count')}{row_where(box, component=component)}"
            box[cell] = count
            cells[component] = cell

    result = validate_workbook(edited_copy(game, tmp_path, edit), game)
    found = {(f.code, f.location.sheet, f.location.cell) for f in result.findings}
    assert found == {("box-count", "Box", cell) for cell in cells.values()}
    messages = sorted(f.message for f in result.findings)
    assert messages == [
        "the box promises 4 shooting dice, the data adds up to 5",
        "the box promises 7 pulse markers, the data adds up to 6",
    ]


def test_pieces_print_nothing_under_six_points(printed: tuple[Paper, dict[str, Path]]) -> None:
    _, paths = printed
    for name in (SHEET, "standees"):
        path = paths[name]
        for number in range(len(pypdf.PdfReader(path).pages)):
            sizes = [run.size for run in page_runs(path, number)]
            assert sizes and min(sizes) >= MIN_TEXT, name


def test_tokens_and_dice_fit_on_one_sheet(
    printed: tuple[Paper, dict[str, Path]], model: Biathlon
) -> None:
    """Issue 11, paper economy: the dice nets share the token sheet, on Letter as on A4."""
    paper, paths = printed
    sheets = len(pypdf.PdfReader(paths[SHEET]).pages)
    assert sheets == len(pieces.lay_out(paper, pieces.pieces_of(model))) == 1
    assert sheets < PIECES_SHEETS_BEFORE


def placed_rect(placed: pieces.Placed) -> Rect:
    return Rect(placed.x, placed.y, placed.piece.size.width, placed.piece.size.height)


def apart(a: Rect, b: Rect, gap: float) -> bool:
    return (
        a.x + a.width + gap <= b.x + 1e-6
        or b.x + b.width + gap <= a.x + 1e-6
        or a.y + a.height + gap <= b.y + 1e-6
        or b.y + b.height + gap <= a.y + 1e-6
    )


def test_pieces_keep_room_for_the_scissors_and_print_inside_their_outline(
    printed: tuple[Paper, dict[str, Path]], model: Biathlon
) -> None:
    paper, paths = printed
    [sheet] = pieces.lay_out(paper, pieces.pieces_of(model))
    rects = [placed_rect(placed) for placed in sheet]
    for index, rect in enumerate(rects):
        assert all(apart(rect, other, pieces.PIECE_GAP) for other in rects[index + 1 :])
        assert rect.x >= PRINTABLE_MARGIN and rect.y >= PRINTABLE_MARGIN
        assert rect.x + rect.width <= paper.width - PRINTABLE_MARGIN + 1e-6
        assert rect.y + rect.height <= paper.height - PRINTABLE_MARGIN - SHEET_HEAD + 1e-6
    words = {"bullet": pieces.BULLET_WORD, "wax": pieces.WAX_WORD, "pulse": pieces.PULSE_WORD}
    runs = page_runs(paths[SHEET], 0)
    for kind, word in words.items():
        outlines = [placed_rect(placed) for placed in sheet if placed.piece.kind == kind]
        printed_words = [run for run in runs if run.text == word]
        assert len(printed_words) == len(outlines)
        for run in printed_words:  # each word on a piece of its own kind, inside its cut
            assert sum(1 for outline in outlines if inside(run.box, outline)) == 1, kind


def test_the_tokens_are_the_render_cores_token_faces(
    printed: tuple[Paper, dict[str, Path]], model: Biathlon
) -> None:
    """Bullets, wax and pulse markers carry their word where the core's token style puts a
    label, never under the smallest size of a playing piece."""
    paper, paths = printed
    [sheet] = pieces.lay_out(paper, pieces.pieces_of(model))
    runs = page_runs(paths[SHEET], 0)
    style = pieces.ROUND_TOKEN
    bullets = [placed for placed in sheet if placed.piece.kind == "bullet"]
    for placed in bullets:
        top = placed.y + placed.piece.size.height
        [label] = [
            run
            for run in runs
            if run.text == pieces.BULLET_WORD and inside(run.box, placed_rect(placed))
        ]
        assert label.y == pytest.approx(top - style.label_drop, abs=0.01)
        assert label.centre == pytest.approx(placed.x + placed.piece.size.width / 2, abs=0.01)
        assert MIN_TEXT <= label.size <= style.label_size
    pulse = [run for run in runs if run.text in {c.upper() for c in model.colours}]
    assert len(pulse) == model.box["pulse_markers"]
    assert {run.size for run in pulse} == {style.caption_size}


def test_the_skyline_puts_a_piece_highest_then_leftmost_and_keeps_the_gap() -> None:
    gap = 3.0
    skyline = pieces.Skyline(100, 50, gap)
    half = Size("half", (100 - gap) / 2, 20)
    assert skyline.place(half) == (0, 0)
    assert skyline.place(half) == pytest.approx((half.width + gap, 0))  # exactly fills the row
    assert skyline.place(Size("low", 30, 10)) == pytest.approx((0, 20 + gap))
    assert skyline.place(Size("too deep", 30, 30)) is None  # and it takes no room
    assert skyline.place(Size("beside", 30, 10)) == pytest.approx((30 + gap, 20 + gap))
    assert skyline.place(Size("too wide", 101, 1)) is None


def test_more_pieces_than_a_sheet_holds_go_on_to_another(model: Biathlon, tmp_path: Path) -> None:
    more = dataclasses.replace(model, box={**model.box, "bullets": 150})
    [component] = [c for c in kit.components(more, context(PAPERS["letter"])) if c.name == SHEET]
    path = tmp_path / "pieces.pdf"
    component.write(path)
    assert len(pypdf.PdfReader(path).pages) == 2
    assert token_counts(path)["bullets"] == 150
    assert token_counts(path)["shooting_dice"] == model.box["shooting_dice"]
    for number in range(2):
        assert stray_marks(path, number) == [] and stray_texts(path, number) == []


# --- the dice -------------------------------------------------------------------------------


def test_each_die_net_has_the_rules_faces(
    printed: tuple[Paper, dict[str, Path]], model: Biathlon
) -> None:
    """Seed: "Each Shooting Die (from 0 to 5)"; "5 SHOOTING DICE"."""
    paper, paths = printed
    path = paths[SHEET]
    [sheet] = pieces.lay_out(paper, pieces.pieces_of(model))
    nets = [placed for placed in sheet if placed.piece.kind == "die"]
    assert [placed.piece.colour for placed in nets] == list(DICE[: model.box["shooting_dice"]])
    runs = page_runs(path, 0)
    faces = [run for run in runs if run.size == pieces.FACE_SIZE]
    assert len(faces) == len(DIE_FACES) * model.box["shooting_dice"] == 30
    for placed in nets:
        box = Rect(placed.x, placed.y + pieces.NET_CAPTION, pieces.NET.width, pieces.NET.height)
        on_net = sorted(
            int(run.text)
            for run in faces
            if box.x <= run.centre <= box.x + box.width and box.y <= run.y <= box.y + box.height
        )
        assert on_net == list(DIE_FACES), placed.piece.colour
        caption = [r for r in runs if r.text == die_caption(placed.piece.colour or "")]
        assert len(caption) == 1 and box.y - pieces.NET_CAPTION < caption[0].y < box.y
    values = pieces.die_faces()
    top = max(DIE_FACES)
    for first, second in pieces.OPPOSITE_FACES:
        assert values[first] + values[second] == top


def test_the_rulebook_names_a_substitute_for_the_dice() -> None:
    text = (TEMPLATES / "rulebook.md.j2").read_text(encoding="utf-8")
    assert "ordinary six-sided dice" in text and "read a 6 as {{ die_faces[0] }}" in text


# --- lines ----------------------------------------------------------------------------------


def strokes(path: Path, number: int) -> list[tuple[tuple[float, ...], int]]:
    """Each stroked path: the dash pattern it was drawn with and how many points it has."""
    document = pypdf.PdfReader(path)
    page = document.pages[number]
    found = []
    dash: tuple[float, ...] = ()
    stack: list[tuple[float, ...]] = []
    points = 0
    for operands, operator in ContentStream(page.get_contents(), document).operations:
        if operator == b"q":
            stack.append(dash)
        elif operator == b"Q":
            dash = stack.pop()
        elif operator == b"d":
            dash = tuple(round(float(v), 2) for v in operands[0])
        elif operator in (b"m", b"l", b"c"):
            points += 1
        elif operator == b"re":
            points += 4
        elif operator in (b"S", b"s", b"B", b"b"):
            found.append((dash, points))
            points = 0
        elif operator in (b"f", b"n", b"f*"):
            points = 0
    return found


def test_dashed_lines_only_fold_and_dotted_only_glue(
    printed: tuple[Paper, dict[str, Path]],
) -> None:
    """Issue 11: solid = cut, dashed = fold, dotted = glue, in every sheet's note."""
    _, paths = printed
    fold, glue = (tuple(round(v, 2) for v in LINE_DASHES[kind]) for kind in (FOLD, GLUE))
    allowed = {(), fold, glue}
    for name in ("player-boards", "standees", SHEET, "world-cup-score-sheet"):
        path = paths[name]
        for number in range(len(pypdf.PdfReader(path).pages)):
            dashes = {dash for dash, _ in strokes(path, number)}
            assert dashes <= allowed, (name, dashes)
            if name != "world-cup-score-sheet":  # a sheet with nothing to cut or fold
                assert LINE_CONVENTION in page_texts(path)[number], name
    for number in range(len(pypdf.PdfReader(paths["player-boards"]).pages)):
        board = [dash for dash, _ in strokes(paths["player-boards"], number)]
        # The boards are cut on solid lines; the key's two samples are all that is not solid.
        assert board.count(fold) == board.count(glue) == 1
    glued = [points for dash, points in strokes(paths["standees"], 0) if dash == glue]
    assert glued.count(4) == 16  # two glue areas a standee, eight standees


# --- trail boards ---------------------------------------------------------------------------


def test_trail_boards_take_fewer_sheets(printed: tuple[Paper, dict[str, Path]]) -> None:
    paper, paths = printed
    sheets = {
        course: len(pypdf.PdfReader(paths[trails.component_name(course)]).pages) - 1
        for course in ORDER
    }
    assert sheets == SHEETS_NOW[paper.name]
    assert sum(sheets.values()) < SHEETS_BEFORE[paper.name]


def test_the_compass_letters_clear_their_caption(printed: tuple[Paper, dict[str, Path]]) -> None:
    _, paths = printed
    for course in ORDER:
        path = paths[trails.component_name(course)]
        pages = len(pypdf.PdfReader(path).pages)
        checked = False
        for number in range(1, pages):
            runs = page_runs(path, number)
            caption = [r for r in runs if r.text == trails.COMPASS_CAPTION[0]]
            if not caption:
                continue
            letters = [r for r in runs if r.text in "NESW" and r.size == 11]
            assert len(letters) == 4
            south = min(letters, key=lambda r: r.y)
            below = min((r for r in runs if r.text in trails.COMPASS_CAPTION), key=lambda r: r.y)
            top_caption = max(
                (r for r in runs if r.text in trails.COMPASS_CAPTION), key=lambda r: r.y
            )
            assert south.box.y > top_caption.box.y + top_caption.box.height, course
            assert below.y < top_caption.y
            checked = True
            break
        assert checked, course


def test_nothing_within_five_mm_of_the_edge(printed: tuple[Paper, dict[str, Path]]) -> None:
    """Issue 11: nothing printed within 5 mm of the sheet's edge on A4 and Letter (the
    printable area these helpers check is the stricter quarter inch)."""
    _, paths = printed
    assert EDGE_BAND <= PRINTABLE_MARGIN
    for name, path in paths.items():
        if name in IMPOSED:
            continue
        pages = len(pypdf.PdfReader(path).pages)
        for number in range(pages):
            assert stray_marks(path, number) == [], (name, number)
        if not name.startswith("trail-"):
            for number in range(pages):
                assert stray_texts(path, number) == [], (name, number)
        else:
            for number in range(1, pages):  # a sheet's own texts: header and edge labels
                box = pypdf.PdfReader(path).pages[number].mediabox
                for text, extent in text_extents(path, number):
                    if text.startswith(TITLE) or "glue under" in text or "lay over" in text:
                        assert extent.x >= EDGE_BAND and extent.y >= EDGE_BAND, text
                        assert extent.x + extent.width <= float(box.width) - EDGE_BAND, text
                        assert extent.y + extent.height <= float(box.height) - EDGE_BAND, text


def test_no_internal_names_in_printed_text(printed: tuple[Paper, dict[str, Path]]) -> None:
    _, paths = printed
    for name, path in paths.items():
        text = "\n".join(page_texts(path))
        assert SNAKE_CASE.findall(text) == [], name
        assert SHEET_NAMES.findall(text) == [], name


# --- the print list -------------------------------------------------------------------------


def test_every_component_says_how_to_print_it(model: Biathlon) -> None:
    components = {c.name: c for c in kit.components(model, context(PAPERS["a4"]))}
    assert all(c.printing is not None for c in components.values())
    printing = {name: c.print_as for name, c in components.items()}
    pieces_made = {name for name, p in printing.items() if p.pieces}
    assert pieces_made == {"skiing-cards", "accuracy-tiles", "standees", SHEET}
    assert {name for name, p in printing.items() if p.double_sided} == {
        "rulebook",
        "skiing-cards",
        "accuracy-tiles",
    }
    assert {name for name, p in printing.items() if p.card_stock} == pieces_made | {"player-boards"}
    for name, p in printing.items():
        assert p.copies == 1 and p.title, name
        assert p.how or name in ("rulebook", "profile-map"), name
        assert p.how == "" or (p.how[0].isupper() and p.how.endswith(".")), name
    assert printing["trail-portrock-long"].title == "Trail board: Port Rock, Long"
