"""What a print shop's preflight reads in every PDF a kit writes: each page's cut (TrimBox)
and the art's reach past it (BleedBox), a subset tag for the embedded fonts that no other
file shares, and an sRGB output intent. Everything is read back from the PDFs written."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pypdf
import pytest
from pdfread import CLOSE, kit_runs, page_box, pdf_dict
from PIL import ImageCms
from pypdf.generic import ArrayObject
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from authoring.games.kisscry.kit import ACTION_CARD
from authoring.render.document import draw_pages
from authoring.render.imposition import Layout, Rect, Slot, bounding, impose
from authoring.render.paper import CARD_SIZES, PAPERS, Duplex, Paper
from authoring.render.tiling import write_tiled

A4 = PAPERS["a4"]
DECK = "kisscry/kisscry-action-deck-a4.pdf"
RULEBOOK = "kisscry/kisscry-rulebook-a4.pdf"
OFFSET_MM = (2.0, -1.0)
SUBSET_TAG = re.compile(rb"/BaseFont /([A-Z]{6})\+")


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """KISS & CRY's kit built twice as it is, and once with a back offset of 2, -1 mm."""
    runs: dict[str, list[str]] = {
        "plain": [],
        "again": [],
        "offset": ["--back-offset", ",".join(f"{value:g}" for value in OFFSET_MM)],
    }
    return kit_runs("kisscry", runs, tmp_path_factory)


box = page_box
around = bounding


def mirrored(rect: Rect, paper: Paper) -> Rect:
    """Where the back holds what is behind `rect` of the front: worked out here, not taken
    from the code under test."""
    duplex = paper.duplex
    if duplex.flip == "long":
        x, y = paper.width - rect.x - rect.width, rect.y
    else:
        x, y = rect.x, paper.height - rect.y - rect.height
    return Rect(x + duplex.offset_x, y + duplex.offset_y, rect.width, rect.height)


def assert_same_rect(found: Rect, expected: Rect) -> None:
    assert found == pytest.approx(expected, abs=CLOSE / 10), (found, expected)


def tags_of(path: Path) -> set[bytes]:
    return set(SUBSET_TAG.findall(path.read_bytes()))


# --- page boxes -------------------------------------------------------------------------------


def test_a_deck_front_is_trimmed_at_its_cards_cuts_and_bleeds_to_the_layout_bounds(
    builds: dict[str, Path],
) -> None:
    """Every front page of the action deck: TrimBox round the cards' cuts, BleedBox the
    layout's bounds (the union of the cards' bleed areas). Cards of one size lie in the
    same grid on every sheet."""
    document = pypdf.PdfReader(builds["plain"] / DECK)
    layout = Layout.for_items(A4, ACTION_CARD)
    trims = around([slot.trim for slot in layout.front])
    assert trims.width < layout.bounds.width and trims.height < layout.bounds.height
    fronts = document.pages[::2]
    assert len(fronts) > 1
    for page in fronts:
        assert_same_rect(box(page, "TrimBox"), trims)
        assert_same_rect(box(page, "BleedBox"), layout.bounds)


def test_a_deck_back_boxes_follow_the_back_offset(builds: dict[str, Path]) -> None:
    """With `--back-offset 2,-1` each back page's TrimBox and BleedBox are the front's
    mirrored for the long-edge flip and moved 2 mm right and 1 mm down."""
    document = pypdf.PdfReader(builds["offset"] / DECK)
    offset_x, offset_y = (value * mm for value in OFFSET_MM)
    paper = A4.printed_with(Duplex(offset_x, offset_y, "long"))
    layout = Layout.for_items(paper, ACTION_CARD)
    front_trim = around([slot.trim for slot in layout.front])
    for front, back in zip(document.pages[::2], document.pages[1::2], strict=True):
        assert_same_rect(box(front, "TrimBox"), front_trim)
        assert_same_rect(box(back, "TrimBox"), mirrored(front_trim, paper))
        assert_same_rect(box(back, "BleedBox"), mirrored(layout.bounds, paper))
    plain = pypdf.PdfReader(builds["plain"] / DECK).pages[1]
    moved = box(document.pages[1], "TrimBox")
    assert moved.x - box(plain, "TrimBox").x == pytest.approx(offset_x, abs=0.01)
    assert moved.y - box(plain, "TrimBox").y == pytest.approx(offset_y, abs=0.01)


def blank(canvas: Canvas, item: int, slot: Slot) -> None:
    canvas.rect(*slot.bleed, stroke=0, fill=1)


def test_a_short_edge_back_has_its_boxes_flipped_top_to_bottom(tmp_path: Path) -> None:
    """Seven poker cards on A4 flipped on the short edge with an offset: the back's
    boxes are the front's turned top to bottom, then shifted by the offset."""
    paper = A4.printed_with(Duplex(1.5 * mm, 0.5 * mm, "short"))
    path = tmp_path / "counters.pdf"
    size = CARD_SIZES["poker"]
    layout = impose(path, paper, list(range(7)), blank, blank, size=size, title="Counters")
    first = layout.sheets[0]
    front, back = pypdf.PdfReader(path).pages[:2]
    trims = around([slot.trim for slot in first.front])
    bleeds = around([slot.bleed for slot in first.front])
    assert_same_rect(box(front, "TrimBox"), trims)
    assert_same_rect(box(back, "TrimBox"), mirrored(trims, paper))
    assert_same_rect(box(back, "BleedBox"), mirrored(bleeds, paper))
    assert box(back, "TrimBox").y != pytest.approx(trims.y, abs=1)


def test_rulebook_pages_are_not_cut_their_boxes_are_the_page(builds: dict[str, Path]) -> None:
    """A rulebook page is printed whole: TrimBox and BleedBox are set, each the MediaBox."""
    pages = pypdf.PdfReader(builds["plain"] / RULEBOOK).pages
    assert len(pages) > 1
    for page in pages:
        media = box(page, "MediaBox")
        assert_same_rect(box(page, "TrimBox"), media)
        assert_same_rect(box(page, "BleedBox"), media)


def test_every_page_of_the_kit_sets_both_boxes_inside_the_page(builds: dict[str, Path]) -> None:
    """A press checker finds TrimBox and BleedBox on every page of every file, the trim
    inside the bleed and both inside the sheet of paper."""
    files = sorted((builds["offset"] / "kisscry").glob("*.pdf"))
    assert len(files) == 7
    for path in files:
        for page in pypdf.PdfReader(path).pages:
            media, trim, bleed = (box(page, name) for name in ("MediaBox", "TrimBox", "BleedBox"))
            assert contains(bleed, trim) and contains(media, bleed), path.name


def contains(outer: Rect, inner: Rect) -> bool:
    slack = 1e-3
    return (
        outer.x - slack <= inner.x
        and outer.y - slack <= inner.y
        and inner.x + inner.width <= outer.x + outer.width + slack
        and inner.y + inner.height <= outer.y + outer.height + slack
    )


def test_tiled_sheets_are_cut_where_their_art_stops(tmp_path: Path) -> None:
    """A board bigger than A4 on tiled sheets: the assembly map is not cut; each sheet's
    TrimBox (= its BleedBox) lies in its window, and the sheets' trimmed parts, taken back
    to the board's coordinates, cover exactly the board."""
    width, height = 430 * mm, 300 * mm
    path = tmp_path / "board.pdf"

    def art(canvas: Canvas) -> None:
        canvas.rect(0, 0, width, height, stroke=0, fill=1)

    plan = write_tiled(path, A4, width, height, art, title="Board", author="", subject="")
    map_page, *sheets = pypdf.PdfReader(path).pages
    assert_same_rect(box(map_page, "TrimBox"), box(map_page, "MediaBox"))
    assert len(sheets) == len(plan.tiles) > 1
    on_board = []
    for page, tile in zip(sheets, plan.tiles, strict=True):
        trim = box(page, "TrimBox")
        assert_same_rect(box(page, "BleedBox"), trim)
        assert contains(tile.window, trim)
        shift_x, shift_y = tile.window.x - tile.source.x, tile.window.y - tile.source.y
        on_board.append(Rect(trim.x - shift_x, trim.y - shift_y, trim.width, trim.height))
    assert_same_rect(around(on_board), Rect(0, 0, width, height))
    assert all(contains(Rect(0, 0, width, height), rect) for rect in on_board)
    assert any(
        box(page, "TrimBox").x > tile.window.x + 1
        for page, tile in zip(sheets, plan.tiles, strict=True)
    ), "no sheet has its blank margin beyond the board cut off"


# --- font subset tags ---------------------------------------------------------------------------


def test_no_two_files_of_a_kit_share_a_subset_tag(builds: dict[str, Path]) -> None:
    """Every file's embedded subsets carry tags of their own: none is reportlab's AAAAAA,
    and no tag appears in two files, so merged files cannot mix up glyphs."""
    files = sorted((builds["plain"] / "kisscry").glob("*.pdf"))
    seen: dict[bytes, str] = {}
    for path in files:
        tags = tags_of(path)
        assert tags and b"AAAAAA" not in tags, path.name
        for tag in tags:
            assert tag not in seen, f"{path.name} and {seen[tag]} share {tag!r}"
            seen[tag] = path.name


def hello(canvas: Canvas) -> None:
    canvas.setFont("Body", 12)
    canvas.drawString(100, 100, "The same words in both files")


def test_the_same_glyphs_in_files_of_other_titles_get_other_tags(tmp_path: Path) -> None:
    """Two files with the very same text differ only in their title: their tags differ;
    the same title again gives the same tag."""
    written = {}
    for name, title in (("one", "First"), ("two", "Second"), ("again", "First")):
        written[name] = tmp_path / f"{name}.pdf"
        draw_pages(written[name], A4, [hello], title=title, author="", subject="")
    assert len(tags_of(written["one"])) == 1
    assert tags_of(written["one"]) != tags_of(written["two"])
    assert written["one"].read_bytes() == written["again"].read_bytes()


def test_a_rebuild_writes_the_same_bytes(builds: dict[str, Path]) -> None:
    """Tags, boxes and the output intent are derived from the kit alone: two builds of
    KISS & CRY give byte-identical files."""
    names = sorted(path.name for path in (builds["plain"] / "kisscry").glob("*.pdf"))
    assert len(names) == 7
    for name in names:
        first = (builds["plain"] / "kisscry" / name).read_bytes()
        assert first == (builds["again"] / "kisscry" / name).read_bytes(), name


# --- output intent -------------------------------------------------------------------------------


def output_intents(path: Path) -> list[Any]:
    catalog = pdf_dict(pypdf.PdfReader(path).trailer, "/Root")
    assert "/OutputIntents" in catalog, f"{path.name} has no output intent"
    intents = catalog["/OutputIntents"]
    assert isinstance(intents, ArrayObject)
    return [intent.get_object() for intent in intents]


def test_every_file_declares_an_srgb_output_intent_with_its_icc_profile(
    builds: dict[str, Path],
) -> None:
    """Hand-drawn, imposed and Platypus files alike: one sRGB output intent whose profile
    stream is an ICC profile (signature 'acsp' at byte 36) of three RGB channels that
    little CMS reads as sRGB."""
    files = sorted((builds["plain"] / "kisscry").glob("*.pdf"))
    assert {path.name for path in files} >= {Path(DECK).name, Path(RULEBOOK).name}
    for path in files:
        (intent,) = output_intents(path)
        assert intent["/Type"] == "/OutputIntent"
        assert intent["/S"] == "/GTS_PDFA1"
        assert intent["/OutputConditionIdentifier"] == "sRGB IEC61966-2.1"
        stream = intent["/DestOutputProfile"].get_object()
        assert stream["/N"] == 3
        profile = stream.get_data()
        assert profile[36:40] == b"acsp"
        assert profile[16:20] == b"RGB "
        parsed = ImageCms.ImageCmsProfile(io.BytesIO(profile))
        assert "sRGB" in ImageCms.getProfileDescription(parsed)
