"""The rendering core, checked on real PDFs read back with pypdf."""

from __future__ import annotations

import io
import re

import pypdf
import pytest
from pdfdraw import IDENTITY, apply, drawing, multiply, placed_form_texts, text_extents
from pdfread import CLOSE, contains, inside, origin, page_runs, pdf_entry, pdf_title
from pypdf.generic import ContentStream, NameObject
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether

from authoring.components import Printing
from authoring.render.colours import contrast, ink_on
from authoring.render.cover import Printed, page_count, write_cover
from authoring.render.document import new_canvas
from authoring.render.flow import (
    MarkupError,
    build_book,
    data_table,
    inline_markup,
    jinja_environment,
    markup_to_flowables,
)
from authoring.render.fonts import BODY_BOLD, GlyphError, missing_glyphs, require_glyphs
from authoring.render.imposition import MARK_OFFSET, MIN_MARK_LENGTH, Layout, Rect, impose
from authoring.render.paper import (
    CARD_SIZES,
    COUNTER_SIZES,
    PAPERS,
    PRINTABLE_MARGIN,
    Size,
)

# How far from the art a side must reach beyond the 5 mm band to take a crop mark.
ROOM_FOR_A_MARK = 5 * mm + MARK_OFFSET + MIN_MARK_LENGTH
ROOM_FOR_THE_NOTE = 4 * mm  # a 6 pt line and the gap to the marks, generously
SIZES = [CARD_SIZES["poker"], COUNTER_SIZES["5/8"], COUNTER_SIZES["3/4"]]
LAYOUTS = [(paper, size) for paper in PAPERS.values() for size in SIZES]
IDS = [f"{paper.name}-{size.name}" for paper, size in LAYOUTS]
LABEL = re.compile(r"#\d+")


def label_centre(canvas, item, slot):
    """Draw the item's id starting at its trim centre, so the text origin marks the centre."""
    x, y, width, height = slot.trim
    canvas.setFont("Body", 4)
    canvas.drawString(x + width / 2, y + height / 2, f"#{item}")


def coloured_back(canvas, item, slot):
    canvas.setFillColorRGB(0.2, 0.2, 0.5)
    canvas.rect(*slot.bleed, stroke=0, fill=1)
    label_centre(canvas, item, slot)


def labels(page):
    """Where each `#k` label starts, from the page's text operators."""
    found = {}

    def visit(text, cm, tm, font, size):
        if LABEL.fullmatch(text.strip()):
            found[int(text.strip()[1:])] = origin(cm, tm)

    page.extract_text(visitor_text=visit)
    return found


def texts(page):
    """Each text drawn on the page with where it starts."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), *origin(cm, tm)))

    page.extract_text(visitor_text=visit)
    return found


def page_lines(reader, page):
    """Straight segments stroked outside any saved graphics state: the sheet's own marks."""
    segments: list[tuple[float, ...]] = []
    depth = 0
    point: tuple[float, ...] | None = None
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"q":
            depth += 1
        elif operator == b"Q":
            depth -= 1
        elif depth == 0 and operator == b"m":
            point = tuple(map(float, operands))
        elif depth == 0 and operator == b"l":
            end = tuple(map(float, operands))
            assert point is not None, "a line with no point to start from"
            segments.append((*point, *end))
            point = end
    return segments


def overlap(a, b):
    """Whether two rectangles share inside area; a segment is a rectangle with no width."""
    return (
        a.x < b.x + b.width - 1e-3
        and b.x < a.x + a.width - 1e-3
        and a.y < b.y + b.height - 1e-3
        and b.y < a.y + a.height - 1e-3
    )


def as_rect(segment):
    x1, y1, x2, y2 = segment
    return Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))


def fonts_of(reader):
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            yield font.get_object()


def ends(segment, mirrored_in=None):
    """A segment as its two end points, either way round; mirrored left to right if asked."""
    x1, y1, x2, y2 = segment
    if mirrored_in is not None:
        x1, x2 = mirrored_in - x1, mirrored_in - x2
    return frozenset({(round(x1, 2), round(y1, 2)), (round(x2, 2), round(y2, 2))})


# Geometry


@pytest.mark.parametrize(("paper", "size"), LAYOUTS, ids=IDS)
def test_art_lies_in_the_printable_area_and_backs_mirror_fronts(paper, size):
    layout = Layout.for_items(paper, size)
    printable = Rect(
        PRINTABLE_MARGIN,
        PRINTABLE_MARGIN,
        paper.width - 2 * PRINTABLE_MARGIN,
        paper.height - 2 * PRINTABLE_MARGIN,
    )
    assert len(layout.front) == len(layout.back) == layout.columns * layout.rows
    for front, back in zip(layout.front, layout.back, strict=True):
        assert inside(front.bleed, printable)
        assert inside(front.trim, front.bleed)
        assert back.trim.x == pytest.approx(paper.width - front.trim.x - front.trim.width)
        assert back.trim.y == front.trim.y
        assert back.bleed.x == pytest.approx(paper.width - front.bleed.x - front.bleed.width)
    for index, slot in enumerate(layout.front):
        for other in layout.front[index + 1 :]:
            assert not overlap(slot.bleed, other.bleed)


def test_a_poker_deck_is_nine_up_on_both_papers_by_sharing_the_bleed():
    for paper in PAPERS.values():
        layout = Layout.for_items(paper, CARD_SIZES["poker"])
        assert (layout.columns, layout.rows) == (3, 3)
        # Neighbours share a cut: the first card's right edge is the second card's left edge.
        first, second = layout.front[0].trim, layout.front[1].trim
        assert first.x + first.width == pytest.approx(second.x)
        assert layout.front[0].bleed.x == pytest.approx(first.x - 3 * mm)


def test_an_item_larger_than_the_paper_is_refused():
    with pytest.raises(ValueError, match="poster"):
        Layout.for_items(PAPERS["a4"], Size("poster", 300 * mm, 400 * mm))


@pytest.mark.parametrize(("paper", "size"), LAYOUTS, ids=IDS)
def test_labels_read_back_from_the_pdf_register_front_to_back(tmp_path, paper, size):
    path = tmp_path / "sheet.pdf"
    items = list(range(Layout.for_items(paper, size).per_sheet + 2))  # a part-filled 2nd sheet
    layout = impose(
        path, paper, items, label_centre, coloured_back, size=size, title="Registration"
    )
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 4
    for sheet in range(2):
        front, back = labels(reader.pages[2 * sheet]), labels(reader.pages[2 * sheet + 1])
        on_sheet = items[sheet * layout.per_sheet : (sheet + 1) * layout.per_sheet]
        assert sorted(front) == sorted(back) == on_sheet
        for slot_index, item in enumerate(on_sheet):
            trim = layout.front[slot_index].trim
            (fx, fy), (bx, by) = front[item], back[item]
            assert fx == pytest.approx(trim.x + trim.width / 2, abs=CLOSE)
            assert fy == pytest.approx(trim.y + trim.height / 2, abs=CLOSE)
            assert bx == pytest.approx(paper.width - fx, abs=CLOSE)
            assert by == pytest.approx(fy, abs=CLOSE)


@pytest.mark.parametrize(("paper", "size"), LAYOUTS, ids=IDS)
def test_crop_marks_read_back_from_the_pdf_stay_off_the_items(tmp_path, paper, size):
    path = tmp_path / "sheet.pdf"
    layout = impose(path, paper, [1, 2], label_centre, coloured_back, size=size, title="Marks")
    reader = pypdf.PdfReader(path)
    front, back = page_lines(reader, reader.pages[0]), page_lines(reader, reader.pages[1])
    assert front and back
    for segment in front:
        assert not any(overlap(as_rect(segment), slot.bleed) for slot in layout.front)
    for segment in back:
        assert not any(overlap(as_rect(segment), slot.bleed) for slot in layout.back)
    assert {ends(s, mirrored_in=paper.width) for s in front} == {ends(s) for s in back}
    # Every cut line has a mark in line with it beyond each end of the grid that has room for
    # one; a side without room has none at all.
    room = {
        "bottom": layout.bounds.y,
        "top": paper.height - layout.bounds.y - layout.bounds.height,
        "left": layout.bounds.x,
    }
    bottom, top = layout.bounds.y, layout.bounds.y + layout.bounds.height
    for slot in layout.front:
        for x in (slot.trim.x, slot.trim.x + slot.trim.width):
            vertical = [s for s in front if abs(s[0] - x) < 0.01 and abs(s[2] - x) < 0.01]
            below = any(max(s[1], s[3]) < bottom for s in vertical)
            above = any(min(s[1], s[3]) > top for s in vertical)
            assert above == (room["top"] >= ROOM_FOR_A_MARK)
            # The note may share the bottom margin with the marks when both fit.
            if room["bottom"] >= ROOM_FOR_A_MARK + ROOM_FOR_THE_NOTE:
                assert below
            if room["bottom"] < ROOM_FOR_A_MARK:
                assert not below


@pytest.mark.parametrize(("paper", "size"), LAYOUTS, ids=IDS)
def test_nothing_is_printed_within_five_millimetres_of_the_edge(tmp_path, paper, size):
    path = tmp_path / "sheet.pdf"
    impose(path, paper, [1, 2], label_centre, coloured_back, size=size, title="Edge")
    reader = pypdf.PdfReader(path)
    band = Rect(5 * mm, 5 * mm, paper.width - 10 * mm, paper.height - 10 * mm)
    for number in range(len(reader.pages)):
        points = drawing(reader, number).points
        assert points
        assert all(contains(band, *point, tolerance=0.01) for point in points)
        for text, box in text_extents(path, number):
            assert inside(box, band, tolerance=0.01), (number, text, box)


def test_marks_too_short_to_use_are_left_out_on_nine_up_poker_on_letter():
    """9-up poker on Letter leaves 6.35 mm above and below the grid: no room for a mark
    outside the 5 mm band, so the columns' cuts have none (the hairline on the cut serves)."""
    layout = Layout.for_items(PAPERS["letter"], CARD_SIZES["poker"])
    assert (layout.columns, layout.rows) == (3, 3)
    assert not [mark for mark in layout.crop_marks if mark.x1 == mark.x2]
    horizontal = [mark for mark in layout.crop_marks if mark.y1 == mark.y2]
    # The note takes the left margin; the right keeps a mark at each of the four row cuts.
    assert layout.note.side == "left"
    assert len(horizontal) == 4
    assert all(min(mark.x1, mark.x2) > layout.bounds.x + layout.bounds.width for mark in horizontal)


def stroked_rects(path, number):
    """The rectangles stroked on a page, in page coordinates."""
    reader = pypdf.PdfReader(path)
    operations = ContentStream(reader.pages[number].get_contents(), reader).operations
    found, pending, ctm, saved = [], [], IDENTITY, []
    for operands, operator in operations:
        if operator == b"q":
            saved.append(ctm)
        elif operator == b"Q":
            ctm = saved.pop()
        elif operator == b"cm":
            a, b, c, d, e, f = (float(value) for value in operands)
            ctm = multiply((a, b, c, d, e, f), ctm)
        elif operator == b"re":
            x, y, width, height = (float(value) for value in operands)
            (x0, y0), (x1, y1) = apply(ctm, x, y), apply(ctm, x + width, y + height)
            pending.append(Rect(x0, y0, x1 - x0, y1 - y0))
        elif operator in (b"S", b"s", b"B", b"b"):
            found += pending
            pending = []
        elif operator in (b"f", b"F", b"n", b"f*", b"W"):
            pending = []
    return found


def test_every_front_gets_its_cut_guide_whatever_the_drawing_leaves_set(tmp_path):
    """On a full sheet the crop marks may have no room ("let the hairline on the cut
    serve"): `impose` strokes each front's trim itself, also over a drawing that moved the
    origin, and never on a back."""

    def shifted(canvas, item, slot):
        canvas.translate(40, 40)  # left set on purpose
        label_centre(canvas, item, slot)

    path = tmp_path / "deck.pdf"
    layout = impose(
        path,
        PAPERS["letter"],
        list(range(9)),
        shifted,
        coloured_back,
        size=CARD_SIZES["poker"],
        title="Nine",
    )
    front = stroked_rects(path, 0)
    for slot in layout.front:
        assert any(
            all(abs(a - b) < CLOSE for a, b in zip(rect, slot.trim, strict=True)) for rect in front
        ), slot.trim
    back = stroked_rects(path, 1)
    assert not any(
        all(abs(a - b) < CLOSE for a, b in zip(rect, slot.trim, strict=True))
        for rect in back
        for slot in layout.back
    )


def test_a_lone_card_on_the_last_sheet_is_joined_by_spares(tmp_path):
    path = tmp_path / "deck.pdf"
    layout = impose(
        path,
        PAPERS["a4"],
        list(range(10)),
        label_centre,
        coloured_back,
        size=CARD_SIZES["poker"],
        title="Ten",
    )
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 4
    last_front, last_back = reader.pages[2].extract_text(), reader.pages[3].extract_text()
    assert last_front.count("Spare") == layout.per_sheet - 1
    assert "with 8 blank spares" in last_front
    # Each spare carries the deck's back: the last card's label, once per spare and once its own.
    assert last_back.count("#9") == layout.per_sheet
    assert "Spare" not in reader.pages[0].extract_text()


def test_two_cards_on_the_last_sheet_get_no_spares(tmp_path):
    path = tmp_path / "deck.pdf"
    impose(
        path,
        PAPERS["a4"],
        list(range(11)),
        label_centre,
        coloured_back,
        size=CARD_SIZES["poker"],
        title="Eleven",
    )
    reader = pypdf.PdfReader(path)
    assert "Spare" not in reader.pages[2].extract_text()
    assert len(labels(reader.pages[3])) == 2


@pytest.mark.parametrize("paper", PAPERS.values(), ids=PAPERS)
def test_every_sheet_says_how_to_flip_it_in_the_margin(tmp_path, paper):
    path = tmp_path / "deck.pdf"
    layout = impose(
        path,
        paper,
        list(range(10)),
        label_centre,
        coloured_back,
        size=CARD_SIZES["poker"],
        title="Deck",
    )
    reader = pypdf.PdfReader(path)
    notes = []
    for number, page in enumerate(reader.pages):
        text = page.extract_text()
        assert "flip on the long edge" in text
        if number % 2 == 0:
            assert "Print double-sided, flip on the long edge" in text
            assert "solid = cut, dashed = fold, dotted = glue" in text
        notes += [(x, y) for text, x, y in texts(page) if text.startswith("Sheet")]
    assert len(notes) == 4
    for x, y in notes:
        assert not inside(Rect(x, y, 0, 0), layout.bounds)


def test_impose_without_items_is_refused(tmp_path):
    with pytest.raises(ValueError, match="no items"):
        impose(
            tmp_path / "x.pdf",
            PAPERS["a4"],
            [],
            label_centre,
            coloured_back,
            size=CARD_SIZES["poker"],
            title="Empty",
        )


def test_a_failing_drawing_leaves_no_file_behind(tmp_path):
    def broken(canvas, item, slot):
        raise RuntimeError("art missing")

    with pytest.raises(RuntimeError):
        impose(
            tmp_path / "deck.pdf",
            PAPERS["a4"],
            [1],
            broken,
            broken,
            size=CARD_SIZES["poker"],
            title="Broken",
        )
    assert list(tmp_path.iterdir()) == []


# Whole documents


SAMPLE = """\
# Rules

Read **this** first, *carefully*. Typed in data: <b>not bold</b> & <DRM> stay as written.

## Setup

- Shuffle the deck.
- Deal five cards
  to each player.

### Units
::table units

# Appendix

Zażółć gęślą jaźń: ł ő ř ø ü á.

## Setup
::pagebreak
The end.
"""


def units_table():
    rows = [[f"u{index}", f"Unit <b>{index}</b>", index % 7, None] for index in range(150)]
    return data_table(["Unit id", "Unit name", "Strength", "Note"], rows)


def write_book(path, paper=PAPERS["a4"]):
    flowables = markup_to_flowables(SAMPLE, {"units": units_table})
    build_book(path, paper, flowables, title="Toy rules", author="Tester", subject="Rules")
    return pypdf.PdfReader(path)


def write_deck(path, paper=PAPERS["a4"]):
    impose(
        path,
        paper,
        list(range(20)),
        label_centre,
        coloured_back,
        size=CARD_SIZES["poker"],
        title="Toy deck",
    )
    return pypdf.PdfReader(path)


@pytest.mark.parametrize("paper", PAPERS.values(), ids=PAPERS)
def test_pages_are_the_paper_size(tmp_path, paper):
    for reader in (write_book(tmp_path / "b.pdf", paper), write_deck(tmp_path / "d.pdf", paper)):
        for page in reader.pages:
            assert float(page.mediabox.width) == pytest.approx(paper.width, abs=0.01)
            assert float(page.mediabox.height) == pytest.approx(paper.height, abs=0.01)


def test_the_same_input_gives_the_same_bytes(tmp_path):
    write_deck(tmp_path / "deck1.pdf")
    write_deck(tmp_path / "deck2.pdf")
    write_book(tmp_path / "book1.pdf")
    write_book(tmp_path / "book2.pdf")
    assert (tmp_path / "deck1.pdf").read_bytes() == (tmp_path / "deck2.pdf").read_bytes()
    assert (tmp_path / "book1.pdf").read_bytes() == (tmp_path / "book2.pdf").read_bytes()


def test_fonts_are_embedded_and_there_is_no_helvetica(tmp_path):
    for reader in (write_book(tmp_path / "b.pdf"), write_deck(tmp_path / "d.pdf")):
        fonts = list(fonts_of(reader))
        assert fonts
        for font in fonts:
            assert "Helvetica" not in font["/BaseFont"]
            assert "/FontFile2" in font["/FontDescriptor"]


def test_accented_text_prints(tmp_path):
    text = "".join(page.extract_text() for page in write_book(tmp_path / "b.pdf").pages)
    assert "ł ő ř ø ü á" in text
    assert "Zażółć gęślą jaźń" in text


def test_print_at_actual_size_and_title_are_set(tmp_path):
    for reader in (write_book(tmp_path / "b.pdf"), write_deck(tmp_path / "d.pdf")):
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
        assert reader.metadata.title in ("Toy rules", "Toy deck")
    assert write_book(tmp_path / "b.pdf").metadata.author == "Tester"


def test_a_hand_drawn_canvas_can_write_to_a_buffer():
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, PAPERS["letter"], title="Sheet", author="", subject="")
    canvas.drawString(72, 72, "Ørsted")
    canvas.save()
    reader = pypdf.PdfReader(buffer)
    assert reader.pages[0].extract_text().strip() == "Ørsted"
    scaling = pdf_entry(reader.trailer, "/Root", "/ViewerPreferences", "/PrintScaling")
    assert scaling == NameObject("/None")
    assert pdf_title(reader) == "Sheet"
    assert all("/FontFile2" in font["/FontDescriptor"] for font in fonts_of(reader))


# Glyph coverage


def test_missing_glyphs_names_only_what_the_font_lacks():
    assert missing_glyphs("Łódź ő ř\tø\n") == set()
    assert missing_glyphs("Knight 騎士 ழ") == {"騎", "士", "ழ"}


def test_require_glyphs_names_every_place_at_once():
    with pytest.raises(GlyphError) as raised:
        require_glyphs(
            [
                ("Knight", "game.xlsx:Units!B2"),
                ("வாள்", "game.xlsx:Units!B7"),
                ("騎士", "game.xlsx:Units!B9"),
            ]
        )
    places = [problem.place for problem in raised.value.problems]
    assert places == ["game.xlsx:Units!B7", "game.xlsx:Units!B9"]
    assert "game.xlsx:Units!B7" in str(raised.value)
    assert "U+9A0E" in str(raised.value)
    require_glyphs([("Zażółć", "game.xlsx:Units!B3")])


# Markup


def test_headings_become_the_outline(tmp_path):
    reader = write_book(tmp_path / "b.pdf")
    rules, (setup, (units,)), appendix, (second_setup,) = reader.outline
    assert [e.title for e in (rules, setup, units, appendix, second_setup)] == [
        "Rules",
        "Setup",
        "Units",
        "Appendix",
        "Setup",
    ]
    # The repeated title gets a key of its own, so each entry opens its own heading.
    pages = [reader.get_destination_page_number(e) for e in (setup, appendix, second_setup)]
    assert pages[0] == 0, "the text starts below the title and contents, on their page"
    assert pages[2] == pages[1] > 1


def test_tables_are_inserted_and_repeat_their_header(tmp_path):
    reader = write_book(tmp_path / "b.pdf")
    pages = [page.extract_text() for page in reader.pages]
    start = next(number for number, text in enumerate(pages) if "u0" in text.split())
    assert "Unit name" in pages[start]
    continued = [text for text in pages[start + 1 :] if "u140" in text]
    assert continued and "Unit name" in continued[0] and "Strength" in continued[0]


def test_tags_typed_in_data_print_literally(tmp_path):
    text = "".join(page.extract_text() for page in write_book(tmp_path / "b.pdf").pages)
    assert "<b>not bold</b> & <DRM> stay as written" in text
    assert "Unit <b>3</b>" in text


def test_inline_markup_escapes_everything_but_bold_and_italic():
    assert inline_markup("**a** *b* <c> & 2 * 3 * 4") == (
        "<b>a</b> <i>b</i> &lt;c&gt; &amp; 2 * 3 * 4"
    )
    assert inline_markup("**bold *and italic***") == "<b>bold <i>and italic</i></b>"


def test_unknown_table_is_named():
    with pytest.raises(MarkupError, match="'crt'"):
        markup_to_flowables("Intro.\n\n::table crt\n", {"units": units_table})


def test_unknown_directive_is_named():
    with pytest.raises(MarkupError, match="line 3: '::image x'"):
        markup_to_flowables("Intro.\n\n::image x\n")


def test_templates_fail_on_unknown_names_and_feed_the_markup(tmp_path):
    (tmp_path / "rules.md.j2").write_text(
        "# {{ game }}\n\n{% for unit in units %}\n- {{ unit }}\n{% endfor %}\n"
    )
    template = jinja_environment(tmp_path).get_template("rules.md.j2")
    text = template.render(game="Dark <Blades>", units=["knight", "archer"])
    assert text == "# Dark <Blades>\n\n- knight\n- archer\n"
    build_book(
        tmp_path / "rules.pdf",
        PAPERS["letter"],
        markup_to_flowables(text),
        title="Rules",
        author="",
        subject="",
    )
    reader = pypdf.PdfReader(tmp_path / "rules.pdf")
    first = reader.outline[0]
    assert not isinstance(first, list) and first.title == "Dark <Blades>"
    assert "• knight" in reader.pages[0].extract_text()
    with pytest.raises(Exception, match="units"):
        template.render(game="x")


# Front matter and typesetting


def test_a_long_book_opens_with_its_title_and_contents_numbered_as_the_outline(tmp_path):
    """ "Every rulebook starts with its title and a printed table of contents with page
    numbers" (issue 11 §3): each `#` and `##` heading beside the page it is on."""
    path = tmp_path / "b.pdf"
    reader = write_book(path)
    assert len(reader.pages) >= 4
    runs = page_runs(path, 0)
    title = max(runs, key=lambda run: run.y)
    assert (title.text, title.size) == ("Toy rules", 24)
    numbers = placed_form_texts(path, 0)
    listed = []
    for entry in reader.outline:
        if isinstance(entry, list):
            continue
        line = [run for run in runs if run.text == entry.title]
        assert line, entry.title
        beside = [text for _, text, x, y in numbers if abs(y - line[0].y) < 1 and x > line[0].x]
        listed.append((entry.title, beside))
    pages = [str(reader.get_destination_page_number(e) + 1) for e in reader.outline[::2]]
    assert listed == [(title, [page]) for (title, _), page in zip(listed, pages, strict=True)]
    assert [page for _, page in listed] == [["1"], ["4"]]


def sections_book(path, sections, paper=PAPERS["a4"]):
    """A book of `sections` chapters, each a heading and a paragraph of some fifteen lines: a
    dozen fill the four pages that earn a contents list."""
    markup = "\n\n".join(
        f"# Chapter {number}\n\n" + "Words about this chapter's rule. " * 100
        for number in range(1, sections + 1)
    )
    build_book(path, paper, markup_to_flowables(markup), title="Rules", author="", subject="")
    return pypdf.PdfReader(path)


def test_the_text_goes_on_below_the_contents_on_their_page(tmp_path):
    """Issue 11 §3 wave 2: "the contents must not waste a page": the first chapter starts
    below the contents list when it fits there."""
    path = tmp_path / "b.pdf"
    sections_book(path, 12)
    runs = page_runs(path, 0)
    last_entry = min(run.y for run in runs if run.text == "Chapter 12")
    first = [run for run in runs if run.text == "Chapter 1"]
    assert len(first) == 2, "Chapter 1 is listed in the contents and starts on page 1"
    heading = min(first, key=lambda run: run.y)
    assert heading.size == 18 and heading.y < last_entry
    assert [run for run in runs if run.y < heading.y and run.text.startswith("Words about")]


@pytest.mark.parametrize("sections", range(26, 37))
def test_the_first_chapter_is_kept_with_its_text_below_the_contents(tmp_path, sections):
    """Headings kept with what follows hold below the contents too. A three-line title and
    up to 36 contents lines leave more or less room on the first page; the first chapter
    opens on a table whose first row is tall: its heading stays only when the row fits
    under it, and otherwise both start page 2 (here from 31 chapters on)."""
    tall = data_table(["Rule", "Text"], [["one", "word " * 350]], col_widths=[20 * mm, 150 * mm])
    markup = "# Chapter 1\n\n::table tall\n\n" + "\n\n".join(
        f"# Chapter {number}\n\n" + "Words about this chapter's rule. " * 100
        for number in range(2, sections + 1)
    )
    path = tmp_path / "b.pdf"
    title = "The rules of a game whose name is long enough to fill three lines of the title"
    build_book(
        path,
        PAPERS["a4"],
        markup_to_flowables(markup, {"tall": tall}),
        title=title,
        author="",
        subject="",
    )
    reader = pypdf.PdfReader(path)
    first = reader.outline[0]
    assert not isinstance(first, list)
    page = reader.get_destination_page_number(first)
    runs = page_runs(path, page)
    heading = min((run for run in runs if run.text == "Chapter 1"), key=lambda run: run.y)
    assert [run for run in runs if run.y < heading.y and run.text == "one"]


def test_contents_lines_lead_with_dots_to_their_page_numbers(tmp_path):
    """Each contents line is its heading, a row of dots and the page number, the dots
    ending short of the number's column and lined up from line to line."""
    path = tmp_path / "b.pdf"
    sections_book(path, 12)
    runs = page_runs(path, 0)
    numbers = placed_form_texts(path, 0)
    dot_ends = set()
    for number in range(1, 13):
        entry = max((run for run in runs if run.text == f"Chapter {number}"), key=lambda run: run.y)
        dots = [run for run in runs if abs(run.y - entry.y) < 1 and set(run.text) <= {".", " "}]
        assert len(dots) == 1, entry.text
        (page,) = [x for _, text, x, y in numbers if abs(y - entry.y) < 1]
        assert entry.x + entry.width < dots[0].x
        assert dots[0].x + dots[0].width < page
        assert dots[0].text.count(".") >= 20
        dot_ends.add(round(dots[0].x + dots[0].width, 1))
    assert len(dot_ends) == 1


def test_a_short_book_opens_with_its_title_and_has_no_contents(tmp_path):
    path = tmp_path / "short.pdf"
    build_book(
        path,
        PAPERS["a4"],
        markup_to_flowables("# Setup\n\nShuffle the deck.\n"),
        title="Quick rules",
        author="",
        subject="",
    )
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert text.index("Quick rules") < text.index("Setup")
    assert "Contents" not in text


@pytest.mark.parametrize("filler", range(36, 50))
def test_a_heading_never_ends_a_page(tmp_path, filler):
    """ "Headings kept with what follows (no heading alone at the foot of a page)": wherever
    the filler leaves a heading, its first lines are on its page with it."""
    markup = "\n\n".join(["Filler line of text."] * filler)
    markup += "\n\n## Moving\n\n" + "A long paragraph about moving. " * 30 + "\n"
    path = tmp_path / "b.pdf"
    build_book(
        path, PAPERS["a4"], markup_to_flowables(markup), title="Rules", author="", subject=""
    )
    reader = pypdf.PdfReader(path)
    (entry,) = reader.outline
    assert not isinstance(entry, list)
    page = reader.get_destination_page_number(entry)
    runs = page_runs(path, page)
    heading = next(run for run in runs if run.text == "Moving")
    assert [run for run in runs if run.y < heading.y and run.text.startswith("A long")]


@pytest.mark.parametrize("heading", ["", "## Units\n\n"])
@pytest.mark.parametrize("filler", range(20, 40))
def test_a_lead_in_is_kept_with_the_table_it_announces(tmp_path, filler, heading):
    """ "Headings kept with what follows": a paragraph announcing a table ("The events, with
    the world record each time chart is built around:") never ends a page without it, nor
    does a heading before it."""
    rows = [[f"unit {index}", index] for index in range(12)]
    units = KeepTogether([data_table(["Unit", "Strength"], rows)])
    markup = "\n\n".join(["Filler line of text."] * filler)
    markup += f"\n\n{heading}The units and their strengths:\n\n::table units\n"
    path = tmp_path / "lead-in.pdf"
    flowables = markup_to_flowables(markup, {"units": units})
    build_book(path, PAPERS["a4"], flowables, title="Rules", author="", subject="")
    pages = [page.extract_text() for page in pypdf.PdfReader(path).pages]
    (lead_in,) = [text for text in pages if "The units and their strengths:" in text]
    assert "unit 0" in lead_in
    assert not heading or "Units" in lead_in


@pytest.mark.parametrize("filler", range(36, 52))
def test_a_lead_in_is_kept_with_the_list_it_announces(tmp_path, filler):
    """ "Headings kept with what follows": a paragraph ending in a colon ("Mark a step only
    when:") never ends a page without the first item of the list it announces."""
    markup = "\n\n".join(["Filler line of text."] * filler)
    markup += "\n\nMark a step only when:\n\n- the puck is cleared\n- a goal is scored\n"
    path = tmp_path / "list.pdf"
    build_book(
        path, PAPERS["a4"], markup_to_flowables(markup), title="Rules", author="", subject=""
    )
    pages = [page.extract_text() for page in pypdf.PdfReader(path).pages]
    (lead_in,) = [text for text in pages if "Mark a step only when:" in text]
    assert "the puck is cleared" in lead_in


def test_a_word_wider_than_its_column_is_set_smaller_never_split(tmp_path):
    """ "No mid-word breaks ("impassab/le")": the cell's font shrinks until the word fits."""
    table = data_table(
        ["Terrain", "Cost"], [["impassable", 1], ["open", 2]], col_widths=[16 * mm, 30 * mm]
    )
    path = tmp_path / "t.pdf"
    build_book(path, PAPERS["a4"], [table], title="Table", author="", subject="")
    runs = page_runs(path, 0)
    (word,) = [run for run in runs if "impass" in run.text]
    assert word.text == "impassable"
    assert 6 <= word.size < 8
    assert word.width <= 16 * mm - 2 * 6  # reportlab's padding on either side
    assert next(run for run in runs if run.text == "open").size == 8


def test_a_titled_table_repeats_its_title_with_its_header(tmp_path):
    rows = [[f"u{index}", index] for index in range(150)]
    table = data_table(["Unit", "Strength"], rows, title="Units and strengths")
    path = tmp_path / "t.pdf"
    build_book(path, PAPERS["a4"], [table], title="Table", author="", subject="")
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) >= 3
    for page in reader.pages[1:]:
        text = page.extract_text()
        assert text.index("Units and strengths") < text.index("Strength\n")


# The cover's print list


def test_sheets_are_pages_halved_up_when_double_sided_times_copies():
    """A sheet of paper carries two pages when double-sided (a last odd page takes one),
    and every copy takes its own sheets."""
    assert Printed("deck.pdf", Printing("Deck", double_sided=True, copies=2), 5).sheets == 6
    assert Printed("deck.pdf", Printing("Deck", double_sided=True), 4).sheets == 2
    assert Printed("sheet.pdf", Printing("Score sheet", copies=3), 1).sheets == 3


def test_the_page_count_is_read_from_our_own_pdfs(tmp_path):
    write_deck(tmp_path / "d.pdf")
    write_book(tmp_path / "b.pdf")
    for path in (tmp_path / "d.pdf", tmp_path / "b.pdf"):
        assert page_count(path) == len(pypdf.PdfReader(path).pages)


COVER = """**A toy game.** Printed at home on {{ paper }} paper.

### Printing
::table print-list

In all, {{ total_sheets }} sheets, {{ card_sheets }} of them card.

{% if assembly %}
### Putting it together
::table assembly
{% endif %}
"""


def toy_kit(files: int) -> list[Printed]:
    """A cover and `files` board files glued alike, then a deck cut out."""
    boards = [
        Printed(
            f"toy-board-{number}-letter.pdf",
            Printing(f"Board {number}", how="Trim the sheets and glue them edge to edge."),
            6,
        )
        for number in range(1, files)
    ]
    deck = Printing.double_sided_pieces("Deck", how="Cut along the solid lines.")
    cover = Printed("toy-cover-letter.pdf", Printing("Cover and print list"), 1)
    return [cover, *boards, Printed("toy-deck-letter.pdf", deck, 4)]


@pytest.mark.parametrize("paper", PAPERS.values(), ids=PAPERS)
def test_a_cover_of_twenty_files_and_their_steps_is_one_page(tmp_path, paper):
    """The print list and assembly steps are set tight: a kit of twenty files, its boards
    all assembled alike, fits one page on either paper, fonts embedded, no Helvetica."""
    (tmp_path / "cover.md.j2").write_text(COVER)
    path = tmp_path / "cover.pdf"
    write_cover(path, paper, tmp_path, toy_kit(20), title="Toy", author="")
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 1
    for font in fonts_of(reader):
        assert "Helvetica" not in font["/BaseFont"]


def test_parts_put_together_alike_share_one_assembly_step(tmp_path):
    """Each step is printed once, beside every part it is for, in print-list order; a part
    with nothing to put together (the cover) is not listed."""
    (tmp_path / "cover.md.j2").write_text(COVER)
    path = tmp_path / "cover.pdf"
    write_cover(path, PAPERS["a4"], tmp_path, toy_kit(4), title="Toy", author="")
    runs = page_runs(path, 0)
    glue = [run for run in runs if run.text.startswith("Trim the sheets")]
    cut = [run for run in runs if run.text.startswith("Cut along")]
    assert len(glue) == len(cut) == 1
    parts = [run for run in runs if run.text in {"Board 1", "Board 2", "Board 3", "Deck"}]
    parts = [run for run in parts if run.font == BODY_BOLD]
    assert [run.text for run in sorted(parts, key=lambda run: -run.y)] == [
        "Board 1",
        "Board 2",
        "Board 3",
        "Deck",
    ]
    assert abs(parts[0].y - glue[0].y) < 1 and abs(parts[3].y - cut[0].y) < 1
    assert all(run.x < glue[0].x for run in parts)
    assert "Cover and print list" not in [run.text for run in runs if run.font == BODY_BOLD]


# Imposition of one height and mixed widths

LONG = Size("two-square", 42.05 * mm, 19.05 * mm)
SQUARE = COUNTER_SIZES["3/4"]


def long_or_square(longs):
    return lambda item: LONG if item < longs else SQUARE


@pytest.mark.parametrize("paper", PAPERS.values(), ids=PAPERS)
def test_mixed_widths_fill_rows_longest_first_and_backs_mirror_fronts(tmp_path, paper):
    """Four long items and a square one fill a row (4 x 42.05 + 19.05 = 187.25 mm); the
    rest of the squares fill rows of ten. Every row starts at the same cut on the left;
    read back from the PDF, each back label lies at the mirror place of its front."""
    path = tmp_path / "mixed.pdf"
    items = list(range(8 + 30))  # 8 long, then 30 squares
    layout = impose(
        path,
        paper,
        items,
        label_centre,
        coloured_back,
        size=long_or_square(8),
        title="Mixed",
    )
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 2 and len(layout.sheets) == 1
    front, back = labels(reader.pages[0]), labels(reader.pages[1])
    assert sorted(front) == sorted(back) == items
    left = (paper.width - 10 * SQUARE.width) / 2
    top = max(y for _, y in front.values())
    expected = {}
    squares = iter(range(8, 38))
    for row in range(2):
        for column in range(4):
            expected[4 * row + column] = (left + (column + 0.5) * LONG.width, row)
        expected[next(squares)] = (left + 4 * LONG.width + SQUARE.width / 2, row)
    for row in range(2, 5):
        for column, item in zip(range(10), squares, strict=False):
            expected[item] = (left + (column + 0.5) * SQUARE.width, row)
    for item, (x, row) in expected.items():
        fx, fy = front[item]
        assert fx == pytest.approx(x, abs=CLOSE), item
        assert fy == pytest.approx(top - row * SQUARE.height, abs=CLOSE), item
        bx, by = back[item]
        assert (bx, by) == (pytest.approx(paper.width - fx, abs=CLOSE), pytest.approx(fy))
    # A part-filled row keeps the cuts of a full one: 8 squares and 2 blank slots.
    assert layout.columns == 10 and layout.sheets[0].items[-2:] == (None, None)


@pytest.mark.parametrize("paper", PAPERS.values(), ids=PAPERS)
def test_mixed_widths_keep_marks_off_the_items_and_out_of_the_edge_band(tmp_path, paper):
    path = tmp_path / "mixed.pdf"
    items = list(range(48 + 166))
    layout = impose(
        path, paper, items, label_centre, coloured_back, size=long_or_square(48), title="Mix"
    )
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 4  # two sheets of fourteen rows
    band = Rect(5 * mm, 5 * mm, paper.width - 10 * mm, paper.height - 10 * mm)
    for number, sheet in enumerate(layout.sheets):
        for side, slots in ((2 * number, sheet.front), (2 * number + 1, sheet.back)):
            points = drawing(reader, side).points
            assert points and all(contains(band, *point, tolerance=0.01) for point in points)
            for text, box in text_extents(path, side):
                assert inside(box, band, tolerance=0.01), (side, text, box)
            for segment in page_lines(reader, reader.pages[side]):
                assert not any(overlap(as_rect(segment), slot.bleed) for slot in slots)
        filled = [
            slot for slot, item in zip(sheet.front, sheet.items, strict=True) if item is not None
        ]
        for index, slot in enumerate(filled):
            assert inside(slot.bleed, layout.bounds)
            for other in filled[index + 1 :]:
                assert not overlap(slot.bleed, other.trim) and not overlap(slot.trim, other.bleed)
        # Marks above the art are in line with the top row's cuts, below with the bottom's.
        top = [s for s in sheet.front if s.trim.y == max(t.trim.y for t in sheet.front)]
        above = {round(m.x1, 2) for m in sheet.crop_marks if m.x1 == m.x2 and m.y1 > top[0].trim.y}
        if above:
            cuts = {round(x, 2) for s in top for x in (s.trim.x, s.trim.x + s.trim.width)}
            assert above == cuts
    assert "Sheet 2 of 2, front." in reader.pages[2].extract_text()


def test_items_of_different_heights_are_not_laid_out_together():
    with pytest.raises(ValueError, match="one height"):
        Layout.for_items(PAPERS["a4"], [SQUARE, CARD_SIZES["poker"]])


def test_a_lone_square_after_mixed_rows_is_joined_by_square_spares(tmp_path):
    """A4 holds fourteen rows: four long items and a square one, then thirteen rows of ten
    squares; the one square left over would sit alone on a second sheet."""
    path = tmp_path / "mixed.pdf"
    layout = impose(
        path,
        PAPERS["a4"],
        list(range(4 + 1 + 130 + 1)),
        label_centre,
        coloured_back,
        size=long_or_square(4),
        title="Lone",
    )
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 4
    last = layout.sheets[-1]
    assert len(last.front) == 14 * 10
    assert {round(slot.trim.width, 3) for slot in last.front} == {round(SQUARE.width, 3)}
    assert reader.pages[2].extract_text().count("Spare") == 139
    assert "with 139 blank spares" in reader.pages[2].extract_text()
    assert reader.pages[3].extract_text().count("#135") == 140


# --- ink on a coloured fill ------------------------------------------------------------------


def test_contrast_follows_wcag_from_black_on_white_to_none():
    """WCAG 2's contrast ratio: 21 for black on white, 1 for a colour on itself, and the
    grey #777777 at 4.48 against white, the grey often quoted as just missing AA's 4.5."""
    assert contrast(colors.black, colors.white) == pytest.approx(21)
    assert contrast(colors.HexColor("#3366cc"), colors.HexColor("#3366cc")) == 1
    assert contrast(colors.HexColor("#777777"), colors.white) == pytest.approx(4.48, abs=0.005)


@pytest.mark.parametrize(
    ("fill", "ink"),
    [
        ("#ffff00", "dark"),  # yellow
        ("#1d2d5c", "white"),  # navy
        ("#e06666", "dark"),  # a light red: 5.0 against white's 3.4
        ("#e07a1f", "dark"),  # an orange: 5.6 against white's 3.0
        ("#8e6fb5", "white"),  # a violet: 4.08 against white's 4.12
    ],
)
def test_the_ink_on_a_fill_is_the_one_that_contrasts_more(fill, ink):
    dark = colors.HexColor("#1d1d1f")
    chosen = ink_on(colors.HexColor(fill), dark)
    assert chosen == (dark if ink == "dark" else colors.white)
