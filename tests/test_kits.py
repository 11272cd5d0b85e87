"""Every kit as a player gets it: all five games built by the CLI on A4 and US Letter, and
every PDF read back.

Issue 11 asks that a player can print and play each kit: a cover with a print list that
matches the files, nothing printed where a home printer cannot print (5 mm from the edge), a
contents page whose page numbers are right, no sheet of card spent on one card, no internal
names in the text, and no heading left alone at the foot of a page.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest
from pdfdraw import drawing, form_texts, placed_form_texts, text_extents
from pdfread import (
    Kit,
    Run,
    build_kit,
    by_slot,
    contains,
    inside,
    page_runs,
    page_texts,
    reader,
)
from reportlab.lib.units import mm

from authoring.components import BuildContext
from authoring.game import get_game
from authoring.games.biathlon.look import ACCURACY_TILE
from authoring.games.rinkside.kit_boards import BACKDROP, TILE
from authoring.render.flow import BOOK_MARGIN, build_book, markup_to_flowables, styles
from authoring.render.imposition import Rect, sheets_for
from authoring.render.paper import CARD_SIZES, COUNTER_SIZES, PAPERS
from authoring.validate import validate_workbook

GAMES = ("darkblades", "blade", "kisscry", "biathlon", "rinkside")
KITS = [(game, paper) for game in GAMES for paper in PAPERS]
IDS = [f"{game}-{paper}" for game, paper in KITS]
EDGE = 5 * mm
TOLERANCE = 0.01  # points: rounding in the content stream
PAPER_WORDS = {"a4": "A4", "letter": "US Letter"}
SNAKE_CASE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
# An imposed file's subject, as the render core writes it: "100 poker items, 9 to a sheet
# sharing cuts, double-sided…".
IMPOSED = re.compile(r"^(\d+) (.+) items, \d+ to a sheet (sharing cuts|each with its own bleed), ")
# Every size a kit imposes in one size, so that no imposed file escapes the check.
SIZES = {
    **CARD_SIZES,
    **COUNTER_SIZES,
    **{size.name: size for size in (ACCURACY_TILE, BACKDROP, TILE)},
}
LEAST_FILLED = 0.25  # of a book page's text area: "no page under a quarter full"


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Kit]:
    built = {}
    for game, paper in KITS:
        kit = build_kit(game, PAPERS[paper], tmp_path_factory)
        assert kit.exit_code == 0, f"{game} on {paper} did not build"
        built[game, paper] = kit
    return built


def pdfs(kit: Kit) -> list[Path]:
    return sorted(kit.folder.glob("*.pdf"))


def cover(kit: Kit) -> Path:
    return kit.path("cover")


def print_list(kit: Kit) -> dict[str, tuple[str, int, int]]:
    """The cover's print list: file name -> (sides, copies, sheets), read from its text."""
    lines = [line.strip() for text in page_texts(cover(kit)) for line in text.split("\n")]
    files = {path.name for path in kit.folder.glob("*.pdf")}
    listed = {}
    for index, line in enumerate(lines):
        if not line.endswith(".pdf"):
            continue
        paper = lines.index(PAPER_WORDS[kit.paper.name], index + 1)
        sides, copies, _, sheets = lines[paper + 1 : paper + 5]
        listed[line] = (sides, int(copies), int(sheets))
    assert set(listed) <= files | {line for line in lines if line.endswith(".pdf")}
    return listed


# --- the cover and its print list ----------------------------------------------------------


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_every_file_is_in_the_print_list_with_its_sheets(kits, game, paper):
    """ "Print the sheet count per kit in the print list" (issue 11 §3): each file once, its
    sheets its pages (halved, rounded up, when double-sided) times its copies, and the total."""
    kit = kits[game, paper]
    listed = print_list(kit)
    assert set(listed) == {path.name for path in pdfs(kit)}
    for name, (sides, copies, sheets) in listed.items():
        pages = len(reader(kit.folder / name).pages)
        per_copy = math.ceil(pages / 2) if sides == "both sides" else pages
        assert sheets == per_copy * copies, name
    text = " ".join(page_texts(cover(kit)))
    total = sum(sheets for _, _, sheets in listed.values())
    assert f"In all, {total} sheets of {PAPER_WORDS[paper]}" in " ".join(text.split())


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_the_cover_opens_with_the_title_and_says_what_to_bring(kits, game, paper):
    kit = kits[game, paper]
    first = title_run(cover(kit))
    assert first is not None and first.text == get_game(game).title
    assert first.size >= 20
    text = " ".join(" ".join(page_texts(cover(kit))).split())
    assert "What you need besides" in text
    assert "scissors" in text
    assert "solid line is a cut, a dashed line a fold and a dotted line a place for glue" in text


# --- the edge band ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_nothing_is_printed_within_five_millimetres_of_the_edge(kits, game, paper):
    """ "Letter and A4: nothing printed within 5 mm of the sheet's edge (the band many home
    printers cannot print), crop marks and sheet notes included" (issue 11 §3)."""
    kit = kits[game, paper]
    stray = []
    for path in pdfs(kit):
        document = reader(path)
        for number, page in enumerate(document.pages):
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            band = Rect(EDGE, EDGE, width - 2 * EDGE, height - 2 * EDGE)
            drawn = drawing(document, number)
            stray += [
                f"{path.name} p{number + 1}: point ({x / mm:.1f}, {y / mm:.1f}) mm"
                for x, y in drawn.points
                if not contains(band, x, y, tolerance=TOLERANCE)
            ]
            stray += [
                f"{path.name} p{number + 1}: form {form.name}"
                for form in drawn.forms
                if not inside(form.visible, band, tolerance=TOLERANCE)
            ]
            # Text inside a form is read back unclipped: it is left to the form's clip.
            in_forms = form_texts(path, number)
            stray += [
                f"{path.name} p{number + 1}: text {text!r}"
                for text, box in text_extents(path, number)
                if text not in in_forms and not inside(box, band, tolerance=TOLERANCE)
            ]
    assert not stray, f"{len(stray)} within 5 mm of the edge, first: {stray[:8]}"


# --- books: title, contents, headings --------------------------------------------------------


def title_run(path: Path) -> Run | None:
    """The topmost text of the first page: a book's title."""
    runs = page_runs(path, 0)
    return max(runs, key=lambda run: run.y) if runs else None


def books(kit: Kit) -> list[Path]:
    """The files typeset as books: they open with their title at the title size."""
    return [path for path in pdfs(kit) if (title := title_run(path)) and title.size >= 20]


def outline_entries(path: Path) -> list[tuple[str, int, int, float]]:
    """Every outline entry as (title, level, page index, top) in reading order."""
    document = reader(path)
    found: list[tuple[str, int, int, float]] = []

    def walk(entries, level):
        for entry in entries:
            if isinstance(entry, list):
                walk(entry, level + 1)
            else:
                page = document.get_destination_page_number(entry)
                assert page is not None, entry.title
                found.append((str(entry.title), level, page, float(entry.top or 0)))

    walk(document.outline, 0)
    return found


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_every_rulebook_opens_with_its_title_and_a_contents_page(kits, game, paper):
    """ "Every rulebook starts with its title and a printed table of contents with page
    numbers; a kit whose rulebook has fewer than 4 pages may skip the contents" (issue 11)."""
    kit = kits[game, paper]
    rulebook = kit.path("rulebook")
    first = title_run(rulebook)
    assert first is not None and first.text.startswith(get_game(game).title)
    assert first.size >= 20
    if len(reader(rulebook).pages) >= 4:
        assert "Contents" in [run.text for run in page_runs(rulebook, 0)]


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_the_contents_page_numbers_are_where_the_headings_are(kits, game, paper):
    """Each `#` and `##` heading is listed on the contents page beside the number of the
    page the outline (and so the heading) is on; the numbers are forms filled in as the
    headings are drawn, read back where the contents page places them."""
    kit = kits[game, paper]
    checked = 0
    for path in books(kit):
        runs = page_runs(path, 0)
        if "Contents" not in [run.text for run in runs]:
            continue
        numbers = [(text, x, y) for _, text, x, y in placed_form_texts(path, 0)]
        for title, level, page, _ in outline_entries(path):
            if level > 1:
                continue
            entry = [run for run in runs if run.text == title]
            assert entry, f"{path.name}: {title!r} is not in the contents"
            beside = sorted(
                (x, text) for text, x, y in numbers if abs(y - entry[0].y) < 1 and x > entry[0].x
            )
            assert beside and beside[0][1] == str(page + 1), (path.name, title, beside, page + 1)
            checked += 1
    assert checked or not any(len(reader(p).pages) >= 4 for p in books(kit))


def filled_share(path: Path, number: int) -> float:
    """How much of the book page's text area (inside the margins) is used: from the top of
    its highest text, line or form to the foot of its lowest, the footer's number left out.
    Text inside a form is read back unplaced: the form's own extent stands for it."""
    document = reader(path)
    height = float(document.pages[number].mediabox.height)
    in_forms = form_texts(path, number)
    tops_and_feet = [
        y
        for text, box in text_extents(path, number)
        if text not in in_forms and not (text == str(number + 1) and box.y < BOOK_MARGIN)
        for y in (box.y, box.y + box.height)
    ]
    drawn = drawing(document, number)
    tops_and_feet += [y for _, y in drawn.points]
    tops_and_feet += [
        y for form in drawn.forms for y in (form.visible.y, form.visible.y + form.visible.height)
    ]
    if not tops_and_feet:
        return 0.0
    text_area: float = height - 2 * BOOK_MARGIN
    return (max(tops_and_feet) - min(tops_and_feet)) / text_area


def opens_a_chapter(path: Path, number: int) -> bool:
    """Whether the page's topmost text is a `#` heading (set at its size, in the outline)."""
    runs = page_runs(path, number)
    if not runs:
        return False
    top = max(runs, key=lambda run: run.y)
    chapters = {title for title, _, page, _ in outline_entries(path) if page == number}
    return top.size == styles()["h1"].fontSize and top.text in chapters


def sparse_pages(path: Path) -> list[str]:
    """The book's pages under a quarter full, but for its last page and a page the next
    chapter's `#` heading follows: a chapter's last."""
    return [
        f"{path.name} p{number + 1}: {share:.0%} full"
        for number in range(len(reader(path).pages) - 1)
        if (share := filled_share(path, number)) < LEAST_FILLED
        and not opens_a_chapter(path, number + 1)
    ]


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_no_book_page_is_under_a_quarter_full_but_a_chapters_last(kits, game, paper):
    """ "No page under a quarter full except a chapter's last" (issue 11 §3), over every
    book of the kit: rulebooks, references, scenario sheets, covers, skater books, charts."""
    assert [page for path in books(kits[game, paper]) for page in sparse_pages(path)] == []


def test_a_short_page_is_sparse_unless_it_ends_a_chapter_or_the_book(tmp_path):
    """The quarter rule on a book of known shape: a full chapter; a short one the next
    chapter follows (its last page: kept); a short page followed by a section of the same
    chapter (sparse); a short last page (kept)."""
    markup = "\n\n".join(
        [
            "# One\n\n" + "Words of the first chapter. " * 600,
            "# Two\n\nA short chapter.\n\n::pagebreak",
            "# Three\n\nA short start.\n\n::pagebreak",
            "## More of three\n\nA short end.\n",
        ]
    )
    path = tmp_path / "b.pdf"
    build_book(path, PAPERS["a4"], markup_to_flowables(markup), title="T", author="", subject="")
    shares = [filled_share(path, number) for number in range(len(reader(path).pages))]
    assert shares[0] > 0.9
    assert all(share < LEAST_FILLED for share in shares[-3:])
    assert sparse_pages(path) == [f"b.pdf p{len(shares) - 1}: {shares[-2]:.0%} full"]


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_every_cover_is_one_page(kits, game, paper):
    """The cover and print list fit one sheet on both papers (issue 11 §3, wave 2)."""
    assert len(reader(cover(kits[game, paper])).pages) == 1


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_no_heading_is_the_last_line_of_a_page(kits, game, paper):
    """ "Headings kept with what follows" (issue 11 §3): below every heading on its page
    there is text other than the page number."""
    kit = kits[game, paper]
    alone = []
    for path in books(kit):
        for title, _, page, top in outline_entries(path):
            runs = page_runs(path, page)
            heading = [run for run in runs if run.text == title and run.y <= top + 1]
            if not heading:
                continue
            below = [run for run in runs if run.y < heading[0].y - 1 and run.y > BOOK_MARGIN - 1]
            if not below:
                alone.append(f"{path.name} p{page + 1}: {title!r}")
    assert not alone


# --- words and names -------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_no_internal_names_in_any_printed_text(kits, game, paper):
    """ "No internal identifiers in player text (a test greps every PDF's text for
    snake_case and sheet names)" (issue 11 §3)."""
    kit = kits[game, paper]
    sheet_names = re.compile(
        r"\b(?:" + "|".join(re.escape(name) for name in get_game(game).sheets) + r") sheet\b"
    )
    found = []
    for path in pdfs(kit):
        for number, text in enumerate(page_texts(path), 1):
            for pattern in (SNAKE_CASE, sheet_names):
                found += [f"{path.name} p{number}: {m.group()!r}" for m in pattern.finditer(text)]
    assert not found


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_no_word_is_broken_inside_a_table_cell(kits, game, paper):
    """ "No mid-word breaks ("impassab/le", "Card/s")" (issue 11 §3): a line of a book never
    ends inside a word that the next line finishes."""
    kit = kits[game, paper]
    words = set()
    for path in books(kit):
        words |= set(re.findall(r"[A-Za-z]{3,}", " ".join(page_texts(path))))
    broken = []
    for path in books(kit):
        for number, text in enumerate(page_texts(path), 1):
            lines = [line.strip() for line in text.split("\n") if line.strip()]
            for line, after in itertools.pairwise(lines):
                head = re.search(r"([A-Za-z]+)$", line)
                tail = re.match(r"([a-z]+)\b", after)
                if head and tail and len(after.split()) == 1:
                    joined = head.group(1) + tail.group(1)
                    if joined in words and head.group(1) not in words:
                        broken.append(f"{path.name} p{number}: {head.group(1)}/{tail.group(1)}")
    assert not broken


# --- card sheets -----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_no_sheet_carries_a_lone_card(kits, game, paper):
    """ "Decks laid so no sheet carries a lone card (fill with spares or mix components)"."""
    kit = kits[game, paper]
    lone = []
    for path in pdfs(kit):
        metadata = reader(path).metadata
        subject = (metadata.subject if metadata is not None else None) or ""
        imposed = IMPOSED.match(subject)
        if imposed is None or " and " in imposed.group(2):
            # Not imposed, or items of several widths ("166 3/4 and 48 3/4 two-hex items"):
            # DARK BLADES' counters, whose sheets test_darkblades_counters.py counts row by row.
            continue
        assert imposed.group(2) in SIZES, f"{path.name}: an item size this test does not know"
        apart = imposed.group(3) == "each with its own bleed"
        layout = sheets_for(kit.paper, SIZES[imposed.group(2)], apart=apart)
        for number in range(0, len(reader(path).pages), 2):
            filled = by_slot(page_runs(path, number), layout.front)
            if layout.per_sheet > 1 and len(filled) == 1:
                lone.append(f"{path.name} sheet {number // 2 + 1}")
    assert not lone


# --- playing pieces --------------------------------------------------------------------------


def piece_files(game: str, kit: Kit) -> list[Path]:
    """The files the game declares as cut into playing pieces (`Printing.pieces`)."""
    chosen = get_game(game)
    model = validate_workbook(chosen.workbook, chosen).model
    assert model is not None and chosen.components is not None and chosen.templates is not None
    context = BuildContext(kit.paper, chosen.templates, chosen.workbook.name)
    return [
        kit.path(component.name)
        for component in chosen.components(model, context)
        if component.print_as.pieces
    ]


@pytest.mark.parametrize(("game", "paper"), KITS, ids=IDS)
def test_no_text_under_six_points_on_playing_pieces(kits, game, paper):
    """ "No text under 6 pt on any playing piece (font sizes from the content streams)"."""
    kit = kits[game, paper]
    small = []
    for path in piece_files(game, kit):
        for number in range(len(reader(path).pages)):
            small += [
                f"{path.name} p{number + 1}: {run.text!r} at {run.size:.1f} pt"
                for run in page_runs(path, number)
                if run.size < 6 - TOLERANCE
            ]
    assert not small, f"{len(small)} runs, first: {small[:8]}"
