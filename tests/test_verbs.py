"""The render core's drawing verbs (card frame, chart grid, score sheet) drawn into real PDFs
and read back, and the one range format and name order every kit prints with."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path

import pypdfium2
import pytest
from pdfread import CLOSE, all_runs, inside, reader
from reportlab.lib import colors

from authoring.render.cards import (
    SMALLEST,
    CardFrame,
    Panel,
    card_back,
    card_face,
    corner_index,
    draw_panel,
    title_band,
)
from authoring.render.document import draw_pages
from authoring.render.fonts import BODY, BODY_BOLD, noting_overflows
from authoring.render.grid import ChartGrid, GridStyle, draw_grid
from authoring.render.imposition import Rect, Slot, impose
from authoring.render.paper import CARD_SIZES, PAPERS
from authoring.render.scoresheet import (
    ScoreSheet,
    SheetColumn,
    SheetField,
    SheetStyle,
    draw_score_sheet,
)
from authoring.render.tokens import TokenFace, TokenStyle, draw_token
from authoring.render.words import name_key, number_range

A4 = PAPERS["a4"]
MARGIN = 36.0

# --- words ---------------------------------------------------------------------------------


def test_a_range_is_printed_with_a_hyphen_and_a_single_number_alone() -> None:
    assert number_range(1, 16) == "1-16"
    assert number_range(67, 99) == "67-99"
    assert number_range(100, 100) == "100"


def test_names_sort_by_the_unicode_collation_algorithm_untailored() -> None:
    """The documented rule: letters first without accents, strokes and case, ligatures
    spelt out (Æ as AE, ß as ss, Ø as O, Ł as L); then accents; then case."""
    names = [
        "Zoë",
        "Østergaard",
        "Strauß",
        "Ærø",
        "Zoe",
        "Łukasz",
        "aaron",
        "Ostergaard",
        "Aaron",
        "Lukas",
        "Aebi",
        "Afonso",
        "Strauss",
        "Oscar",
    ]
    assert sorted(names, key=name_key) == [
        "aaron",
        "Aaron",
        "Aebi",
        "Ærø",  # filed as AERO: after AEBI, before AFONSO (not after Z, as in Danish)
        "Afonso",
        "Lukas",
        "Łukasz",  # Ł as L
        "Oscar",
        "Ostergaard",
        "Østergaard",  # Ø as O: beside Ostergaard, the accented spelling second
        "Strauss",
        "Strauß",  # ß as ss
        "Zoe",
        "Zoë",
    ]


def test_the_name_order_never_depends_on_the_input_order() -> None:
    names = ["Ærø", "Aero", "AERO", "aero", "Æro"]
    assert sorted(names, key=name_key) == sorted(reversed(names), key=name_key)
    assert len({name_key(name) for name in names}) == len(names)


# --- the chart grid ------------------------------------------------------------------------

LETTERS = ("A", "B", "C", "D")
CELLS = [[f"{row}.{column}0" for column in range(len(LETTERS))] for row in range(1, 13)]
STYLE = GridStyle()


def draw_chart(path: Path, rows: range, box: Rect) -> None:
    grid = ChartGrid(LETTERS, CELLS)
    draw_pages(
        path,
        A4,
        [lambda canvas: draw_grid(canvas, grid, box, rows, STYLE)],
        title="grid",
        author="test",
        subject="grid",
    )


def test_the_grid_prints_each_row_with_its_number_at_both_ends(tmp_path: Path) -> None:
    path = tmp_path / "grid.pdf"
    box = Rect(MARGIN, MARGIN, A4.width - 2 * MARGIN, A4.height - 2 * MARGIN)
    draw_chart(path, range(3, 9), box)
    (runs,) = all_runs(path)
    heads = {r.text: r for r in runs if r.text in LETTERS}
    assert sorted(heads) == list(LETTERS)
    labels = [r for r in runs if r.text == "ROW"]
    assert len(labels) == 2
    column = (box.width - 2 * STYLE.label_width) / len(LETTERS)
    for index, letter in enumerate(LETTERS):
        expected = box.x + STYLE.label_width + column * (index + 0.5)
        assert heads[letter].centre == pytest.approx(expected, abs=CLOSE)
    for row in range(3, 9):
        left, right = sorted((r for r in runs if r.text == str(row)), key=lambda r: r.x)
        assert left.y == pytest.approx(right.y, abs=CLOSE)
        assert left.centre == pytest.approx(box.x + STYLE.label_width / 2, abs=CLOSE)
        assert right.centre == pytest.approx(box.x + box.width - STYLE.label_width / 2, abs=CLOSE)
        for index, letter in enumerate(LETTERS):
            (cell,) = [r for r in runs if r.text == CELLS[row - 1][index]]
            assert cell.y == pytest.approx(left.y, abs=CLOSE)
            assert cell.centre == pytest.approx(heads[letter].centre, abs=CLOSE)
    # Only the rows asked for, and rows no taller than the style allows.
    assert not [r for r in runs if r.text in {"1", "2", "9", "12"}]
    ys = sorted({round(r.y, 1) for r in runs if r.text.isdigit()}, reverse=True)
    assert ys[0] - ys[1] == pytest.approx(STYLE.tallest_row, abs=CLOSE)
    assert ys[0] < heads["A"].y


def test_the_grid_shrinks_rows_to_its_box_and_entries_to_their_columns(tmp_path: Path) -> None:
    path = tmp_path / "narrow.pdf"
    box = Rect(MARGIN, MARGIN, 130, 120)
    draw_chart(path, range(1, 13), box)
    (runs,) = all_runs(path)
    column = (box.width - 2 * STYLE.label_width) / len(LETTERS)
    entries = [r for r in runs if "." in r.text]
    assert len(entries) == 12 * len(LETTERS)
    sizes = {r.size for r in entries}
    assert len(sizes) == 1 and sizes.pop() < STYLE.largest_text  # one size, shrunk
    assert max(r.width for r in entries) <= column - STYLE.cell_padding + 1e-6
    ys = sorted({round(r.y, 2) for r in entries}, reverse=True)
    height = (box.height - STYLE.head_height) / 12
    assert ys[0] - ys[-1] == pytest.approx(11 * height, abs=CLOSE)
    assert min(r.y for r in entries) >= box.y


# --- the score sheet -----------------------------------------------------------------------


def test_the_score_sheet_prints_fields_columns_and_entries_where_described(
    tmp_path: Path,
) -> None:
    paper = A4.landscape()
    box = Rect(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN)
    columns = (
        SheetColumn("#", 0.5),
        SheetColumn("PLAYER", 3.0),
        SheetColumn("TEAM", 1.5),
        SheetColumn("SCORE", 1.0, heavy_rule=True),
    )
    sheet = ScoreSheet(
        title="GAME score sheet",
        fields=(
            SheetField("Event", "Final"),
            SheetField("Round", choices=("ONE", "TWO")),
            SheetField("Date", blank=10),
        ),
        note="Highest score wins.",
        columns=columns,
        rows=10,
        entries=[["Ærø Nielsen", "DEN"], ["Zoë Martin", "FRA"]],
        numbered=True,
        first_number=11,
        page="Page 2 of 2",
        centred=frozenset({2}),
    )
    style = SheetStyle()
    path = tmp_path / "sheet.pdf"
    draw_pages(
        path,
        paper,
        [lambda canvas: draw_score_sheet(canvas, sheet, box, style)],
        title="sheet",
        author="test",
        subject="sheet",
    )
    (runs,) = all_runs(path)
    by_text = {r.text: r for r in runs}
    title_line = [r for r in runs if r.y == pytest.approx(by_text["GAME score sheet"].y)]
    texts = [r.text for r in sorted(title_line, key=lambda r: r.x)]
    assert texts == [
        "GAME score sheet",
        "Event:",
        "Final",
        "Round:",
        "ONE  /  TWO",
        "Date:",
        "_" * 10,
        "Page 2 of 2",
    ]
    assert by_text["Final"].font == BODY_BOLD and by_text["ONE  /  TWO"].font == BODY
    page_label = by_text["Page 2 of 2"]
    assert page_label.x + page_label.width == pytest.approx(box.x + box.width, abs=CLOSE)
    # Column heads centred on their share of the width.
    total = sum(c.weight for c in columns)
    x = box.x
    for column in columns:
        width = box.width * column.weight / total
        assert by_text[column.label].centre == pytest.approx(x + width / 2, abs=CLOSE)
        x += width
    # Rows numbered from 11; entries on their rows, a name at the left, a team centred.
    numbers = [r for r in runs if r.text.isdigit()]
    assert [r.text for r in sorted(numbers, key=lambda r: -r.y)] == [str(n) for n in range(11, 21)]
    name, team = by_text["Ærø Nielsen"], by_text["DEN"]
    eleven = by_text["11"]
    assert name.y == pytest.approx(eleven.y) and team.y == pytest.approx(eleven.y)
    player_left = box.x + box.width * 0.5 / total
    assert name.x == pytest.approx(player_left + style.entry_inset, abs=CLOSE)
    team_centre = box.x + box.width * (0.5 + 3.0 + 0.75) / total
    assert team.centre == pytest.approx(team_centre, abs=CLOSE)
    assert by_text["Zoë Martin"].y == pytest.approx(by_text["12"].y)
    assert inside(by_text["GAME score sheet"].box, box)
    assert min(r.y for r in runs) >= box.y


# --- the card frame ------------------------------------------------------------------------

FRAME = CardFrame()
POKER = CARD_SIZES["poker"]


def draw_front(title: str, canvas, item: int, slot: Slot) -> None:
    safe = card_face(canvas, slot, FRAME)
    below = title_band(canvas, safe, title, FRAME)
    corner_index(canvas, below, str(item), FRAME)
    draw_panel(
        canvas,
        Rect(below.x, below.y, below.width, below.height / 2),
        Panel("VALUE", str(item * 10), 30),
        FRAME,
    )


def draw_back(canvas, item: int, slot: Slot) -> None:
    card_back(canvas, slot, FRAME, "GAME", "Deck")


def test_a_card_frame_keeps_its_text_in_the_safe_zone(tmp_path: Path) -> None:
    path = tmp_path / "cards.pdf"
    layout = impose(
        path,
        A4,
        [1, 2, 3],
        partial(draw_front, "Fireball"),
        draw_back,
        size=POKER,
        title="cards",
    )
    front, back = all_runs(path)
    for index, slot in enumerate(layout.front[:3]):
        item = index + 1
        safe = FRAME.safe(slot)
        mine = [r for r in front if inside(Rect(r.x, r.y, 0, 0), slot.trim, 1)]
        texts = {r.text: r for r in mine}
        # The title in its band at the top, centred.
        title = texts["Fireball"]
        assert title.centre == pytest.approx(safe.x + safe.width / 2, abs=CLOSE)
        assert safe.y + safe.height - FRAME.title_height < title.y < safe.y + safe.height
        # The index at the top left under the band, and upside down at the bottom right.
        turned, upright = sorted((r for r in mine if r.text == str(item)), key=lambda r: r.y)
        assert upright.x == pytest.approx(safe.x, abs=CLOSE)
        assert upright.y < title.y - FRAME.index_size
        # Turned half round, it starts at the right and hangs down from its baseline.
        assert turned.x == pytest.approx(safe.x + safe.width, abs=CLOSE)
        assert turned.y == pytest.approx(safe.y + FRAME.index_size, abs=CLOSE)
        # The panel: its label over its value, both centred.
        label, value = texts["VALUE"], texts[str(item * 10)]
        assert label.y > value.y and value.size == 30
        assert value.centre == pytest.approx(label.centre, abs=CLOSE)
        for run in mine:
            assert run.size >= SMALLEST
            if run is not turned:
                assert inside(run.box, safe, 0.5), run.text
    titles = [r for r in back if r.text == "GAME"]
    assert len(titles) == 3


def test_a_card_title_too_long_even_at_the_smallest_size_is_noted(tmp_path: Path) -> None:
    long_title = "A title far too long to sit on any poker card at a legible size at all"
    with noting_overflows() as noted:
        impose(
            tmp_path / "long.pdf",
            A4,
            [1],
            partial(draw_front, long_title),
            draw_back,
            size=POKER,
            title="cards",
        )
    assert [overflow.text for overflow in noted] == [long_title]
    assert noted[0].smallest == SMALLEST
    sizes = {r.size for r in all_runs(tmp_path / "long.pdf")[0] if r.text == long_title}
    assert sizes == {SMALLEST}
    assert len(reader(tmp_path / "long.pdf").pages) == 2


# --- token faces ---------------------------------------------------------------------------

TOKEN = 20 * 72 / 25.4
"""A 20 mm token, drawn at the middle of the page with no bleed: laid apart on a sheet."""


def draw_one_token(path: Path, face: TokenFace, style: TokenStyle) -> Rect:
    trim = Rect((A4.width - TOKEN) / 2, (A4.height - TOKEN) / 2, TOKEN, TOKEN)
    draw_pages(
        path,
        A4,
        [lambda canvas: draw_token(canvas, face, Slot(trim, trim), style, front=True)],
        title="token",
        author="test",
        subject="one token",
    )
    return trim


def pixel(path: Path, x: float, y: float) -> tuple[int, int, int]:
    """The colour printed at page point (x, y), rendered at 4 pixels a point."""
    scale = 4
    image = pypdfium2.PdfDocument(path)[0].render(scale=scale).to_pil().convert("RGB")
    red, green, blue = image.getpixel((round(x * scale), round((A4.height - y) * scale)))
    return red, green, blue


def near(colour: tuple[int, int, int], expected: tuple[int, int, int]) -> bool:
    """The same colour but for the rasteriser's rounding and anti-aliasing."""
    return all(abs(a - b) <= 16 for a, b in zip(colour, expected, strict=True))


def test_a_round_token_laid_apart_is_tinted_inside_its_cut_only(tmp_path: Path) -> None:
    path = tmp_path / "round.pdf"
    red = colors.HexColor("#c62a32")
    face = TokenFace(("PULSE",), red, captions=("RED",))
    laid_apart = TokenStyle(round=True, tint_bleed=False)
    trim = draw_one_token(path, face, laid_apart)
    centre_x, centre_y = trim.x + trim.width / 2, trim.y + trim.height / 2
    assert near(pixel(path, centre_x, centre_y - 2), (0xC6, 0x2A, 0x32))
    # The square's corner lies outside the round cut: no tint there for the scissors to waste.
    assert near(pixel(path, trim.x + 1.5, trim.y + 1.5), (255, 255, 255))
    square = tmp_path / "square.pdf"
    draw_one_token(square, face, replace(laid_apart, round=False))
    assert near(pixel(square, trim.x + 1.5, trim.y + 1.5), (0xC6, 0x2A, 0x32))


def test_a_token_face_may_set_its_labels_ink(tmp_path: Path) -> None:
    """White on a dark tint: the label's ink is the face's when it names one, else the style's."""
    path = tmp_path / "ink.pdf"
    face = TokenFace(("PULSE",), colors.black, captions=("BLACK",), label_ink=colors.white)
    style = TokenStyle(round=True, caption_font=BODY, ink=colors.HexColor("#404040"))
    trim = draw_one_token(path, face, style)
    [label] = [run for run in all_runs(path)[0] if run.text == "PULSE"]
    assert label.size >= SMALLEST
    assert inside(label.box, trim)
    # The middle of the label's first stroke ("P"'s stem): white on the black tint.
    stem = (label.x + label.size * 0.1, label.y + label.size * 0.3)
    assert near(pixel(path, *stem), (255, 255, 255))
    plain = tmp_path / "plain.pdf"
    draw_one_token(plain, replace(face, label_ink=None), style)
    assert near(pixel(plain, *stem), (0x40, 0x40, 0x40))
