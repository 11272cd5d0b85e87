"""The game pages that are cut into pieces by hand name their cut for the print shop: each
page's TrimBox runs round the outermost cut lines of its pieces and, as none of these pieces
prints past its outline, its BleedBox is the same rectangle. Sheets played on whole keep the
whole page. Everything is read back from PDFs the CLI builds; where the cut lies is found
from the lines each page strokes, not from the code that places the pieces."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pypdf
import pytest
from pdfdraw import apply, placed_operations
from pdfread import CLOSE, page_box
from reportlab.lib.units import mm

from authoring.cli import main
from authoring.components import BuildContext
from authoring.games.biathlon import boards, kit
from authoring.games.biathlon.look import SHEET_HEAD
from authoring.games.biathlon.model import Biathlon
from authoring.render.imposition import Rect
from authoring.render.paper import PAPERS, PRINTABLE_MARGIN, Paper

GAME = "biathlon"
A4 = PAPERS["a4"]
TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / GAME
CUT_SHEETS = {"tokens-and-dice": SHEET_HEAD, "standees": SHEET_HEAD, "player-boards": 0.0}
"""The hand-cut files of the kit, each with the depth of the heading above its pieces."""
WHOLE_SHEETS = ("profile-map", "world-cup-score-sheet")
RINKSIDE_WHOLE_SHEETS = ("scoreboard", "score-sheet")
"""Laid between the teams or written on: no line on them is cut."""
STROKE_OPERATORS = ("S", "s", "B", "B*", "b", "b*")
FILL_OPERATORS = ("f", "F", "f*")
PATH_OPERATORS = ("m", "l", "c", "v", "y")
SAME = CLOSE / 10
"""Points: reportlab writes coordinates to a hundredth or so."""
BOARD_CLEARANCE = 1 * mm
"""The player boards' outlines stand this far inside the printable margin."""
BOARD_GAP = 8 * mm
"""Between a page's two player boards."""


@pytest.fixture(scope="module", params=sorted(PAPERS))
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """BIATHLON BLAST's kit built by the CLI on each paper; the folder of its files."""
    paper = request.param
    out = tmp_path_factory.mktemp(paper)
    assert main(["build", GAME, "-q", "--paper", paper, "--out", str(out)]) == 0
    return out / GAME


def context() -> BuildContext:
    return BuildContext(A4, TEMPLATES, f"{GAME}.xlsx")


def file_of(folder: Path, component: str) -> Path:
    [path] = folder.glob(f"*-{component}-*.pdf")
    return path


def paper_of(path: Path) -> Paper:
    return PAPERS[path.stem.rsplit("-", 1)[1]]


box = page_box


def around(points: list[tuple[float, float]]) -> Rect:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def contains(outer: Rect, inner: Rect) -> bool:
    return (
        outer.x - SAME <= inner.x
        and outer.y - SAME <= inner.y
        and inner.x + inner.width <= outer.x + outer.width + SAME
        and inner.y + inner.height <= outer.y + outer.height + SAME
    )


def assert_same_rect(found: Rect, expected: Rect) -> None:
    assert found == pytest.approx(expected, abs=SAME), (found, expected)


def painted_paths(
    reader: pypdf.PdfReader, number: int
) -> Iterator[tuple[bool, list[tuple[float, float]]]]:
    """Every path the page paints, in page coordinates: whether it is stroked, and its
    points (a curve's control points lie inside the box of its ends and bulge, so the
    points' box is the path's)."""
    path: list[tuple[float, float]] = []
    page = reader.pages[number]
    for operator, operands, matrix in placed_operations(reader, page.get_contents()):
        values = [float(value) for value in operands] if operator in (*PATH_OPERATORS, "re") else []
        if operator == "re":
            x, y, width, height = values
            path += [apply(matrix, x, y), apply(matrix, x + width, y + height)]
        elif operator in PATH_OPERATORS:
            path += [apply(matrix, *values[i : i + 2]) for i in range(0, len(values), 2)]
        elif operator in (*STROKE_OPERATORS, *FILL_OPERATORS, "n"):
            if operator != "n" and path:
                yield operator in STROKE_OPERATORS, path
            path = []


def pieces_area(
    reader: pypdf.PdfReader, number: int, paper: Paper, heading: float
) -> list[tuple[bool, Rect]]:
    """The painted paths under the page's heading (whose line key strokes sample lines):
    whether each is stroked, and its box."""
    below = paper.height - PRINTABLE_MARGIN - heading
    return [
        (stroked, around(points))
        for stroked, points in painted_paths(reader, number)
        if min(y for _, y in points) < below
    ]


def test_every_cut_page_trims_inside_its_bleed_inside_the_page(built: Path) -> None:
    """A press checker's view of every page of the tokens, standees and player boards:
    the cut lies inside the bleed, the bleed inside the sheet, and the cut inside the
    printable area, so not the whole sheet."""
    for component in CUT_SHEETS:
        path = file_of(built, component)
        paper = paper_of(path)
        margin = PRINTABLE_MARGIN
        printable = Rect(margin, margin, paper.width - 2 * margin, paper.height - 2 * margin)
        pages = pypdf.PdfReader(path).pages
        assert pages, component
        for page in pages:
            media, trim, bleed = (box(page, name) for name in ("MediaBox", "TrimBox", "BleedBox"))
            assert contains(bleed, trim) and contains(media, bleed), component
            assert contains(printable, trim), component
            assert trim.width < media.width and trim.height < media.height, component


def test_the_trim_runs_along_the_outermost_cut_lines_and_nothing_bleeds(built: Path) -> None:
    """On every cut page the TrimBox is the box round every line stroked under the heading
    (the pieces' cut lines are their outermost strokes), the BleedBox is the TrimBox, and
    every path painted under the heading lies inside it."""
    for component, heading in CUT_SHEETS.items():
        path = file_of(built, component)
        reader = pypdf.PdfReader(path)
        for number, page in enumerate(reader.pages):
            painted = pieces_area(reader, number, paper_of(path), heading)
            cut_lines = stroked_extent(painted)
            assert_same_rect(box(page, "TrimBox"), cut_lines)
            assert_same_rect(box(page, "BleedBox"), cut_lines)
            assert all(contains(cut_lines, rect) for _, rect in painted), component


def stroked_extent(painted: list[tuple[bool, Rect]]) -> Rect:
    """The box round every stroked path."""
    strokes = [rect for stroked, rect in painted if stroked]
    assert strokes, "nothing is stroked"
    return around(
        [(rect.x, rect.y) for rect in strokes]
        + [(rect.x + rect.width, rect.y + rect.height) for rect in strokes]
    )


def test_player_boards_are_trimmed_at_their_outlines_inside_the_printable_margin(
    built: Path,
) -> None:
    """Two boards to a page fill the printable area less a millimetre's clearance all
    round, so each page's TrimBox is that area."""
    path = file_of(built, "player-boards")
    paper = paper_of(path)
    inset = PRINTABLE_MARGIN + BOARD_CLEARANCE
    expected = Rect(inset, inset, paper.width - 2 * inset, paper.height - 2 * inset)
    pages = pypdf.PdfReader(path).pages
    assert len(pages) > 1
    for page in pages:
        assert_same_rect(box(page, "TrimBox"), expected)


def test_a_lone_board_on_the_last_page_is_trimmed_alone(model: Biathlon, tmp_path: Path) -> None:
    """Three ski colours: the second page holds one board, in the top half, and its TrimBox
    is that board's outline, the top half of the first page's."""
    three = dict(list(model.colours.items())[:3])
    fewer = dataclasses.replace(model, colours=three)
    [component] = [c for c in boards.components(fewer, context()) if c.name == "player-boards"]
    path = tmp_path / "boards.pdf"
    component.write(path)
    first, second = pypdf.PdfReader(path).pages
    both, alone = box(first, "TrimBox"), box(second, "TrimBox")
    half = (both.height - BOARD_GAP) / 2
    assert_same_rect(alone, Rect(both.x, both.y + both.height - half, both.width, half))
    assert_same_rect(box(second, "BleedBox"), alone)


def test_each_sheet_of_pieces_is_trimmed_round_its_own_pieces(
    model: Biathlon, tmp_path: Path
) -> None:
    """With sixty more bullets the pieces spill onto a second sheet, mostly empty: its
    TrimBox is the box round its own cut lines, smaller than the first sheet's."""
    more = dataclasses.replace(model, box={**model.box, "bullets": model.box["bullets"] + 60})
    [component] = [c for c in kit.components(more, context()) if c.name == "tokens-and-dice"]
    path = tmp_path / "pieces.pdf"
    component.write(path)
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 2
    trims = []
    for number, page in enumerate(reader.pages):
        trims.append(box(page, "TrimBox"))
        assert_same_rect(trims[-1], stroked_extent(pieces_area(reader, number, A4, SHEET_HEAD)))
    assert trims[1].height < trims[0].height - 10


def assert_whole_pages(path: Path) -> None:
    pages = pypdf.PdfReader(path).pages
    assert pages, path.name
    for page in pages:
        media = box(page, "MediaBox")
        assert_same_rect(box(page, "TrimBox"), media)
        assert_same_rect(box(page, "BleedBox"), media)


def test_biathlon_sheets_played_on_whole_keep_the_whole_page(built: Path) -> None:
    """The profile map and the World Cup score sheet are used uncut: their TrimBox and
    BleedBox are the page."""
    for name in WHOLE_SHEETS:
        assert_whole_pages(file_of(built, name))


def test_rinkside_scoreboard_and_score_sheet_keep_the_whole_page(tmp_path: Path) -> None:
    """RINKSIDE's scoreboard lies between the teams and its score sheet is written on; they
    have no cut lines, so their TrimBox and BleedBox are the page."""
    assert main(["build", "rinkside", "-q", "--out", str(tmp_path)]) == 0
    for name in RINKSIDE_WHOLE_SHEETS:
        assert_whole_pages(file_of(tmp_path / "rinkside", name))
