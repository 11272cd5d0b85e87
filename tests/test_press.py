"""`authoring build --target press`: a kit as a print shop that imposes it itself wants it.

KISS & CRY's kit and DARK BLADES' maps are built by the CLI into fresh folders and read back
with pypdf: every component a file of its own, the action deck face by face with 1/8" of
bleed, a map whole on one page, no crop marks, the boxes set, and the manifest. The card
count comes from the workbook's Deck sheet, read here with openpyxl.
"""

from __future__ import annotations

import csv
import hashlib
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import records
from pdfdraw import apply, placed_operations
from pdfread import contains, inside, page_box, page_runs, reader
from reportlab.lib.units import inch, mm

from authoring.cli import main
from authoring.game import get_game
from authoring.render.imposition import Rect
from authoring.render.paper import CARD_SIZES

BLEED = inch / 8
POKER = CARD_SIZES["poker"]
ROUNDING = 0.01


def build(game: str, out: Path, *options: str) -> int:
    return main(["build", game, "--out", str(out), "--quiet", *options])


def digests(folder: Path) -> dict[str, str]:
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.iterdir())
    }


@pytest.fixture(scope="module")
def kisscry(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """KISS & CRY built for home printing and for the press, in one folder."""
    out = tmp_path_factory.mktemp("press")
    assert build("kisscry", out) == 0
    assert build("kisscry", out, "--target", "press") == 0
    return out / "kisscry"


@pytest.fixture(scope="module")
def deck_size() -> int:
    workbook = openpyxl.load_workbook(get_game("kisscry").workbook, read_only=True)
    try:
        return len(records(workbook["Deck"]))
    finally:
        workbook.close()


def manifest(folder: Path) -> list[dict[str, str]]:
    with (folder / "manifest.csv").open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_every_component_of_the_home_kit_is_a_press_file_of_its_own(kisscry: Path) -> None:
    """The home kit's files but the cover (its print list is for a home printer), each as
    `<component>.pdf` in press-a4/, and the manifest listing them."""
    home = {
        path.name.removeprefix("kisscry-").removesuffix("-a4.pdf")
        for path in kisscry.glob("kisscry-*-a4.pdf")
    }
    press = kisscry / "press-a4"
    assert {path.stem for path in press.glob("*.pdf")} == home - {"cover"}
    rows = manifest(press)
    assert [row["file"] for row in rows] == [f"{row['component']}.pdf" for row in rows]
    assert {row["component"] for row in rows} == home - {"cover"}
    for row in rows:
        assert int(row["pages"]) == len(reader(press / row["file"]).pages)


def test_a_book_is_the_home_file_itself(kisscry: Path) -> None:
    """A book has no crop marks on its art: the shop gets the very file a player prints."""
    home = (kisscry / "kisscry-rulebook-a4.pdf").read_bytes()
    assert (kisscry / "press-a4" / "rulebook.pdf").read_bytes() == home


def test_the_deck_is_each_cards_front_then_back_on_pages_with_bleed(
    kisscry: Path, deck_size: int
) -> None:
    """Every card of the Deck sheet twice, front then back, each page the card's trim plus
    1/8" all round: its TrimBox the cut, its BleedBox the page, no crop mark drawn outside
    the cut and no text within it."""
    path = kisscry / "press-a4" / "action-deck.pdf"
    document = reader(path)
    assert len(document.pages) == 2 * deck_size
    page_size = Rect(0, 0, POKER.width + 2 * BLEED, POKER.height + 2 * BLEED)
    trim = Rect(BLEED, BLEED, POKER.width, POKER.height)
    for number, page in enumerate(document.pages):
        assert page_box(page, "MediaBox") == pytest.approx(page_size, abs=ROUNDING)
        assert page_box(page, "BleedBox") == pytest.approx(page_size, abs=ROUNDING)
        assert page_box(page, "TrimBox") == pytest.approx(trim, abs=ROUNDING)
        for run in page_runs(path, number):
            assert inside(run.box, trim, tolerance=ROUNDING), (number, run.text)
        if number < 4:
            assert not marks_beyond(document, number, trim)


def marks_beyond(document: Any, number: int, trim: Rect) -> list[tuple[float, float, float, float]]:
    """Every straight stroke of page `number` lying wholly outside `trim`: a crop mark."""
    found = []
    start: tuple[float, float] | None = None
    page = document.pages[number]
    for op, operands, matrix in placed_operations(document, page.get_contents()):
        if op == "m":
            start = apply(matrix, *map(float, operands))
        elif op == "l" and start is not None:
            end = apply(matrix, *map(float, operands))
            if not any(contains(trim, *point) for point in (start, end)):
                found.append((*start, *end))
            start = end
    return found


def test_the_manifest_gives_copies_and_trimmed_sizes(kisscry: Path) -> None:
    rows = {row["component"]: row for row in manifest(kisscry / "press-a4")}
    assert rows["action-deck"]["trim_mm"] == f"{POKER.width / mm:.1f} x {POKER.height / mm:.1f}"
    assert rows["rulebook"]["trim_mm"] == "210.0 x 297.0"
    assert rows["score-sheet"]["copies"] == "2"
    assert rows["action-deck"]["title"] == "Action deck"


def test_a_map_is_one_page_of_its_own_size(tmp_path: Path) -> None:
    """A board the home kit tiles across sheets is one page for the press, its whole art
    inside the cut, the page 1/8" larger all round."""
    assert build("darkblades", tmp_path, "--target", "press") == 0
    path = tmp_path / "darkblades" / "press-a4" / "map-arena.pdf"
    document = reader(path)
    assert len(document.pages) == 1
    page = document.pages[0]
    media, trim = page_box(page, "MediaBox"), page_box(page, "TrimBox")
    assert trim.x == pytest.approx(BLEED) and trim.y == pytest.approx(BLEED)
    assert media.width == pytest.approx(trim.width + 2 * BLEED)
    assert media.height == pytest.approx(trim.height + 2 * BLEED)
    assert trim.width > 400 * mm  # the arena's map is wider than any home paper
    for run in page_runs(path, 0):
        assert contains(trim, run.x, run.y), run.text
    assert not marks_beyond(document, 0, trim)


def test_each_paper_has_its_own_folder_and_the_same_bytes_every_time(
    kisscry: Path, tmp_path: Path
) -> None:
    """US Letter goes beside A4, not over it; a second build elsewhere writes the same
    bytes; an unchanged build writes nothing."""
    assert build("kisscry", tmp_path, "--target", "press") == 0
    assert digests(tmp_path / "kisscry" / "press-a4") == digests(kisscry / "press-a4")
    assert build("kisscry", tmp_path, "--target", "press", "--paper", "letter") == 0
    letter = tmp_path / "kisscry" / "press-letter"
    assert (tmp_path / "kisscry" / "press-a4").is_dir()
    rulebook = page_box(reader(letter / "rulebook.pdf").pages[0], "MediaBox")
    assert (rulebook.width, rulebook.height) == pytest.approx((8.5 * inch, 11 * inch))
    before = digests(letter)
    assert build("kisscry", tmp_path, "--target", "press", "--paper", "letter") == 0
    assert digests(letter) == before
