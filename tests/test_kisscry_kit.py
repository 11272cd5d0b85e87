"""KISS & CRY's printed kit, built from the shipped workbook and read back with pypdf.

Every expected value comes from the workbook (through the validated model) or from the
layout the imposition computes; the PDFs are real files written by `authoring build`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from cells import column as column_letter_of
from cells import records
from conftest import edited_copy
from pdfread import (
    CLOSE,
    Kit,
    Run,
    all_runs,
    by_slot,
    find_sequence,
    flat,
    inside,
    match_one_to_one,
    pdf_dict,
    pdf_entry,
    pdf_title,
    reader,
    slot_index,
    text_of,
    tokens,
)
from pypdf.generic import NameObject
from reportlab.lib.units import mm

from authoring.build import build_game
from authoring.cli import main
from authoring.components import BuildContext
from authoring.findings import Severity
from authoring.game import Game
from authoring.games.kisscry.kit import (
    ACTION_CARD,
    CARD_LABELS,
    CHART,
    CHART_COLUMNS,
    CHART_NOTE,
    DED_LABEL,
    SCORE_ROWS,
    chart_cell,
    chart_sheets,
    charted,
    factor_label,
    hundredths,
    modifier_label,
    multiplier_label,
    points_label,
    worked_program,
)
from authoring.games.kisscry.model import COMPONENTS, KissCry, Share
from authoring.render.cards import SMALLEST
from authoring.render.cover import COVER_NAME
from authoring.render.imposition import SPARE_TITLE, Layout, Rect
from authoring.render.paper import PAPERS, Paper
from authoring.render.words import number_range
from authoring.target import resolve

GAME = "kisscry"
COMPONENTS_PRINTED = (
    "rulebook",
    "skater-charts",
    "action-deck",
    "modifier-sheet",
    "score-sheet",
    "score-sheet-field",
)
RANGE = re.compile(r"\d+(-\d+)?")


# --- the build, once per paper -------------------------------------------------------------


# kit, game, validation and model: the shared fixtures in conftest.py, for GAME.


def is_landscape(component: str) -> bool:
    return component.startswith("score-sheet")


def score_header(model: KissCry) -> list[str]:
    return [
        "#",
        "SKATER",
        "COUNTRY",
        "E",
        *COMPONENTS,
        "SUB",
        factor_label(model.component_factor),
        "DED",
        "FINAL",
    ]


# --- 1. files, exit code and page sizes ----------------------------------------------------


def test_build_writes_every_component_at_the_paper_size(kit: Kit) -> None:
    assert kit.exit_code == 0
    # Every component, and the cover with its print list that the build adds.
    expected = {f"{GAME}-{name}-{kit.paper.name}.pdf" for name in [*COMPONENTS_PRINTED, COVER_NAME]}
    assert {path.name for path in kit.folder.iterdir()} == expected
    for name in COMPONENTS_PRINTED:
        pages = reader(kit.path(name)).pages
        assert len(pages) > 0
        width, height = kit.paper.width, kit.paper.height
        if is_landscape(name):
            width, height = height, width
        for page in pages:
            assert float(page.mediabox.width) == pytest.approx(width, abs=0.01), name
            assert float(page.mediabox.height) == pytest.approx(height, abs=0.01), name


def test_every_file_has_a_title_embedded_fonts_and_prints_at_actual_size(
    kit: Kit, game: Game
) -> None:
    for name in COMPONENTS_PRINTED:
        document = reader(kit.path(name))
        assert pdf_title(document).startswith(game.title), name
        scaling = pdf_entry(document.trailer, "/Root", "/ViewerPreferences", "/PrintScaling")
        assert scaling == NameObject("/None")
        for page in document.pages:
            for font in pdf_dict(page, "/Resources", "/Font").values():
                assert "Helvetica" not in str(font.get_object()["/BaseFont"]), name


def test_the_build_api_writes_the_same_set(game: Game, tmp_path: Path) -> None:
    result = build_game(resolve(GAME), PAPERS["a4"], tmp_path)
    # The components in order, then the cover, drawn last from what they came out as.
    assert [path.name for path in result.written] == [
        f"kisscry-{name}-a4.pdf" for name in [*COMPONENTS_PRINTED, COVER_NAME]
    ]


def test_every_component_says_how_a_player_prints_it(game: Game, model: KissCry) -> None:
    assert game.components is not None and game.templates is not None
    context = BuildContext(PAPERS["a4"], game.templates, game.workbook_name)
    printing = {c.name: c.printing for c in game.components(model, context)}
    assert list(printing) == list(COMPONENTS_PRINTED)
    assert all(printing.values())
    for name in ("skater-charts", "action-deck"):
        piece = printing[name]
        assert piece is not None and piece.pieces and piece.card_stock and piece.how
    deck, rulebook = printing["action-deck"], printing["rulebook"]
    assert deck is not None and deck.double_sided
    assert rulebook is not None and rulebook.double_sided and not rulebook.pieces
    # A competition is scored on two sheets: the short program's and the long one's.
    for name in ("score-sheet", "score-sheet-field"):
        sheet = printing[name]
        assert sheet is not None and sheet.copies == 2 and not sheet.card_stock


def test_no_text_on_a_playing_piece_is_under_six_points(kit: Kit) -> None:
    for name in ("skater-charts", "action-deck"):
        sizes = [run.size for page in all_runs(kit.path(name)) for run in page]
        assert sizes and min(sizes) >= SMALLEST, name


# --- 2. skater charts ----------------------------------------------------------------------


CHART_PAGES = {"a4": 11, "letter": 12}
"""Sheets of skater charts, each chart as tall as its bands: 12 on both papers at three equal
strips a page."""
EDGE = 5 * mm
"""Nothing printed nearer the sheet's edge: a home printer's unprintable margin."""
STROKE = 1.0
"""Half the widest line around a chart, and more: a drawn path's bounds include its stroke."""


def drawn_frames_and_cuts(path: Path, number: int, paper: Paper) -> tuple[list[Rect], list[Rect]]:
    """The page's chart frames and cut lines as drawn, top first: the frames are the paths
    nearly the page's width that no other path holds; the cut lines are the page-wide
    horizontal strokes outside every frame."""
    page = pypdfium2.PdfDocument(path)[number]
    boxes = []
    for drawn in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH]):
        left, bottom, right, top = drawn.get_bounds()
        if right - left > 0.9 * paper.width:
            boxes.append(Rect(left, bottom, right - left, top - bottom))
    outermost = [b for b in boxes if not any(o != b and inside(b, o) for o in boxes)]
    frames = [b for b in outermost if b.height > STROKE]
    cuts = [b for b in outermost if b.height <= STROKE]
    return sorted(frames, key=lambda b: -b.y), sorted(cuts, key=lambda b: -b.y)


def chart_runs(kit: Kit, model: KissCry) -> dict[str, list[Run]]:
    """Each skater's runs, found inside her chart's frame, page by page as the layout puts
    them. Every run on a page is in one frame, except the sheet's note below them."""
    path = kit.path("skater-charts")
    sheets = chart_sheets(model, kit.paper)
    pages = all_runs(path)
    assert len(pages) == len(sheets)
    found: dict[str, list[Run]] = {}
    for sheet, page in zip(sheets, pages, strict=True):
        frames = [frame for _, frame in sheet.charts]
        notes = [r for r in page if r.text == CHART_NOTE]
        assert len(notes) == 1 and notes[0].y < min(frame.y for frame in frames)
        for skater, frame in sheet.charts:
            found[skater.id] = [r for r in page if inside(r.box, frame)]
        in_frames = [r for r in page if any(inside(r.box, frame) for frame in frames)]
        assert len(in_frames) + len(notes) == len(page)
    return found


def columns_of(runs: Sequence[Run]) -> list[list[Run]]:
    """Runs grouped by a shared centre line, left to right."""
    groups: list[list[Run]] = []
    for run in sorted(runs, key=lambda r: r.centre):
        if groups and run.centre - groups[-1][-1].centre <= 2 * CLOSE:
            groups[-1].append(run)
        else:
            groups.append([run])
    return groups


def expected_row(share: Share) -> list[str]:
    cells = []
    for column in CHART_COLUMNS:
        cells += [number_range(share.first, share.last), chart_cell(column, share)]
    return cells


def test_one_chart_per_skater_in_order_down_the_pages_with_diacritics(
    kit: Kit, model: KissCry
) -> None:
    path = kit.path("skater-charts")
    skaters = charted(model)
    assert len(skaters) == len(model.charts) == len(model.skaters) == 36
    assert len(reader(path).pages) == CHART_PAGES[kit.paper.name]
    text = text_of(path)
    for letter in ("ř", "ő", "ß", "ō", "ł", "é"):
        named = [s.name for s in model.skaters.values() if letter in s.name]
        assert named, letter
        for name in named:
            assert name in text
    # Every skater once, down each page and on through the pages: by country, then by name.
    names = {s.name for s in skaters}
    printed = [
        run.text
        for page in all_runs(path)
        for run in sorted(page, key=lambda r: -r.y)
        if run.text in names
    ]
    assert printed == [s.name for s in skaters]
    countries = [s.country for s in skaters]
    assert countries == sorted(countries)
    for skater_id, runs in chart_runs(kit, model).items():
        skater = model.skaters[skater_id]
        texts = [r.text for r in runs]
        assert texts[:2] == [skater.name, skater.country]


def test_each_chart_is_as_tall_as_its_content_cut_apart_from_the_next(
    kit: Kit, model: KissCry
) -> None:
    path = kit.path("skater-charts")
    paper = kit.paper
    runs_of = chart_runs(kit, model)
    pages = all_runs(path)
    for number, sheet in enumerate(chart_sheets(model, paper)):
        frames, cuts = drawn_frames_and_cuts(path, number, paper)
        # The frames drawn are the frames the charts' texts were found in, and a page holds
        # as many as fit: the next chart would not have.
        assert len(frames) == len(cuts) == len(sheet.charts)
        for drawn, (_, frame) in zip(frames, sheet.charts, strict=True):
            assert inside(frame, drawn) and inside(drawn, frame, tolerance=STROKE)
        # One above the other, a solid cut line under each, clear of the next and the note.
        note = next(r for r in pages[number] if r.text == CHART_NOTE)
        below = [*(f.y + f.height for f in frames[1:]), note.box.y + note.box.height]
        for frame, cut, floor in zip(frames, cuts, below, strict=True):
            assert frame.y > cut.y + cut.height and cut.y > floor
        for box in [*frames, *cuts, *(r.box for r in pages[number])]:
            assert box.x >= EDGE and box.x + box.width <= paper.width - EDGE
            assert box.y >= EDGE and box.y + box.height <= paper.height - EDGE
        # Sized to its content: the name at the top, the season list's last line at the
        # foot, nothing but the padding around them.
        for skater, frame in sheet.charts:
            runs = runs_of[skater.id]
            shares = model.charts[skater.id]
            top = max(r.box.y + r.box.height for r in runs)
            bottom = min(r.box.y for r in runs)
            assert frame.y + frame.height - top < CHART.padding + 6
            assert bottom - frame.y < CHART.padding + 6
            lowest_score = min(r.y for r in runs if r.text == chart_cell("E", shares[-1]))
            season = [r for r in runs if r.y < lowest_score]
            expected = [
                (number_range(s.first, s.last), model.competitions[s.competition].name)
                for s in shares
                if s.competition is not None
            ]
            assert len(season) == 2 * len(expected)
            for span, name in expected:
                assert [r for r in season if r.text == span], (skater.name, span)
                assert [r for r in season if r.text == name], (skater.name, name)


def test_every_chart_prints_every_range_and_score_in_its_column(kit: Kit, model: KissCry) -> None:
    for skater_id, runs in chart_runs(kit, model).items():
        shares = model.charts[skater_id]
        heads = {r.text: r for r in runs if r.text in CHART_COLUMNS}
        assert sorted(heads) == sorted(CHART_COLUMNS)
        head_y = heads["E"].y
        # The grid: one line per band, a range and a score in each of the six columns.
        lines: dict[float, list[Run]] = {}
        for run in runs:
            if run.y < head_y - 12:
                lines.setdefault(round(run.y, 1), []).append(run)
        rows = [
            sorted(line, key=lambda r: r.x)
            for _, line in sorted(lines.items(), key=lambda item: -item[0])
            if len(line) == 2 * len(CHART_COLUMNS) and RANGE.fullmatch(line[0].text)
        ]
        assert [[r.text for r in row] for row in rows] == [expected_row(s) for s in shares]
        columns = sorted(heads.values(), key=lambda r: r.x)
        for row in rows:
            for index, score in enumerate(row[1::2]):
                nearest = min(columns, key=lambda h: abs(h.centre - score.centre))
                assert nearest.text == CHART_COLUMNS[index]
                assert row[2 * index].x < score.x  # the range stands left of its score
        # The red row beside the name: each band's range over its deductions.
        label = next(r for r in runs if r.text == DED_LABEL)
        ded = [
            r
            for r in runs
            if r.y > head_y + 5 and r.x > label.x + label.width and r.text != DED_LABEL
        ]
        printed = [
            tuple(r.text for r in sorted(cell, key=lambda r: -r.y)) for cell in columns_of(ded)
        ]
        assert printed == [
            (number_range(s.first, s.last), chart_cell(DED_LABEL, s)) for s in shares
        ], skater_id
        assert abs(label.y - sum(r.y for r in ded) / len(ded)) < 12  # across from the name


def test_a_six_event_chart_read_by_hand(kit: Kit, model: KissCry) -> None:
    """The longest chart, spot-checked against the workbook's numbers as a player reads them."""
    skater = max(charted(model), key=lambda s: len(model.charts[s.id]))
    shares = model.charts[skater.id]
    assert len(shares) == 7 and shares[-1].scores is None  # six events and a draw-again band
    text = " ".join(r.text for r in chart_runs(kit, model)[skater.id])
    for share in shares:
        if share.scores is None:
            assert f"{number_range(share.first, share.last)} draw again" in text
            continue
        assert share.competition is not None
        assert model.competitions[share.competition].name in text
        assert hundredths(share.scores.E) in text
        assert f"{share.scores.DED}D" in text


# --- 3. the action deck --------------------------------------------------------------------


def cards_of(slots: dict[int, list[Run]]) -> dict[int, list[Run]]:
    """The slots holding cards, the blank spares filling a last sheet left out; the cards
    fill the first slots of their sheet, in order."""
    cards = {i: runs for i, runs in slots.items() if SPARE_TITLE not in {r.text for r in runs}}
    assert sorted(cards) == list(range(len(cards)))
    return cards


def card_values(runs: Sequence[Run]) -> tuple[Run, Run]:
    """A front's two numbers, top then bottom; the small labels left out."""
    values = [r for r in runs if r.text not in CARD_LABELS]
    assert len(values) == 2, [r.text for r in runs]
    top, bottom = sorted(values, key=lambda r: -r.y)
    return top, bottom


def test_action_deck_prints_every_card(kit: Kit, model: KissCry) -> None:
    path = kit.path("action-deck")
    layout = Layout.for_items(kit.paper, ACTION_CARD)
    assert len(model.deck) == 100
    pages = all_runs(path)
    assert len(pages) == 2 * math.ceil(len(model.deck) / layout.per_sheet)
    printed = []
    for page in pages[0::2]:
        slots = cards_of(by_slot(page, layout.front))
        for index in sorted(slots):
            labels = [r.text for r in slots[index] if r.text in CARD_LABELS]
            assert labels == list(CARD_LABELS)
            top, bottom = card_values(slots[index])
            assert top.size >= 40 and top.size > bottom.size  # the chart number is large
            printed.append((top.text, bottom.text))
    assert len(printed) == 100
    assert printed == [(str(c.top), str(c.bottom)) for c in model.deck]
    numbers = {str(n): 1 for n in range(1, 101)}
    assert Counter(top for top, _ in printed) == numbers
    assert Counter(bottom for _, bottom in printed) == numbers


def test_action_card_backs_register_behind_their_fronts(kit: Kit, game: Game) -> None:
    width = kit.paper.width
    layout = Layout.for_items(kit.paper, ACTION_CARD)
    pages = all_runs(kit.path("action-deck"))
    for front, back in zip(pages[0::2], pages[1::2], strict=True):
        filled = by_slot(front, layout.front)
        titles = [r for r in back if r.text == game.title]
        # Every printed front, spares included, has its back: no front is left blank behind.
        assert sorted(slot_index(r, layout.back) for r in titles) == sorted(filled)
        cards = cards_of(filled)
        tops = [max(runs, key=lambda r: r.y) for runs in cards.values()]
        titles = [r for r in titles if slot_index(r, layout.back) in cards]
        assert tops and len(titles) == len(tops)
        assert not [r for r in back if r.text.isdigit()]  # a back gives nothing away
        assert sorted(slot_index(r, layout.front) for r in tops) == sorted(
            slot_index(r, layout.back) for r in titles
        )
        for run in titles:  # centred on its card
            trim = layout.back[slot_index(run, layout.back)].trim
            assert run.centre == pytest.approx(trim.x + trim.width / 2, abs=CLOSE)
        # Mirrored x, same rows: the title's offset from the card's top label is one number.
        offset = max(r.y for r in tops) - max(r.y for r in titles)
        match_one_to_one(
            [(width - r.centre, r.y - offset) for r in tops], [(r.centre, r.y) for r in titles]
        )
    # The last sheet's lone card, top left, is joined by spares: no sheet carries one card.
    last_front = by_slot(pages[-2], layout.front)
    assert len(last_front) == layout.per_sheet
    assert sorted(cards_of(last_front)) == [0]


# --- 4. the modifier sheet -----------------------------------------------------------------


def assert_draw_tables(lines: list[str], model: KissCry) -> None:
    for span in model.modifiers:
        row = [
            number_range(span.first, span.last),
            modifier_label(span.value),
            points_label(span.value),
        ]
        assert find_sequence(lines, row) >= 0, row
    for span in model.home_judge:
        row = [number_range(span.first, span.last), f"+{hundredths(span.value)}"]
        assert find_sequence(lines, row) >= 0, row
    for span in model.long_program:
        row = [number_range(span.first, span.last), multiplier_label(span.value)]
        assert find_sequence(lines, row) >= 0, row


def test_modifier_sheet_holds_the_three_tables_on_one_page(kit: Kit, model: KissCry) -> None:
    path = kit.path("modifier-sheet")
    assert len(reader(path).pages) == 1
    lines = tokens(path)
    assert_draw_tables(lines, model)
    assert [multiplier_label(s.value) for s in model.long_program] == [
        "1.3",
        "1.4",
        "1.5",
        "1.55",
        "1.6",
        "1.7",
        "1.75",
    ]
    text = flat(path)
    assert ", ".join(str(d) for d in sorted(model.home_judge_doubles)) in text
    assert "11, 22, 33, 44, 55, 66, 77, 88, 99" in text


# --- 5. score sheets -----------------------------------------------------------------------


def test_prefilled_score_sheet_lists_the_field_in_start_order(kit: Kit, model: KissCry) -> None:
    path = kit.path("score-sheet-field")
    lines = tokens(path)
    assert find_sequence(lines, score_header(model)) >= 0
    assert len(model.field) == model.field_size == 24
    assert len(reader(path).pages) == math.ceil(len(model.field) / SCORE_ROWS)
    at = 0
    for number, skater_id in enumerate(model.field, start=1):
        skater = model.skaters[skater_id]
        row = [str(number), skater.name, skater.country]
        found = find_sequence(lines, row, at)
        assert found >= at, row
        at = found + len(row)
    assert f"Host country: {model.host_country}" in flat(path)


def test_blank_score_sheet_has_no_skaters(kit: Kit, model: KissCry) -> None:
    path = kit.path("score-sheet")
    lines = tokens(path)
    assert find_sequence(lines, score_header(model)) >= 0
    names = {s.name for s in model.skaters.values()} | {s.country for s in model.skaters.values()}
    assert not names & set(lines)
    assert not any(name in flat(path) for name in names if len(name) > 3)
    assert len(reader(path).pages) == 1
    # Ruled for a field: every line numbered.
    assert find_sequence(lines, [str(n) for n in range(1, SCORE_ROWS + 1)]) >= 0


# --- 6. the rulebook -----------------------------------------------------------------------


def test_the_worked_example_is_the_originals_score(model: KissCry) -> None:
    worked = worked_program(model)
    assert worked.final == Decimal("49.83") and worked.modifier == -3
    assert worked.modified == Decimal("49.80")
    assert worked.share.scores is not None
    assert len({m.card.card for m in worked.marks}) == len(worked.marks) == 7  # seven cards
    assert all(worked.share.first <= m.card.top <= worked.share.last for m in worked.marks)


def test_rulebook_works_the_seeds_example_from_the_data(kit: Kit, model: KissCry) -> None:
    path = kit.path("rulebook")
    text = flat(path)
    lines = tokens(path)
    worked = worked_program(model)
    scores = worked.share.scores
    assert scores is not None
    assert f"{worked.skater.name} ({worked.skater.country})" in text
    assert f"FINAL = {hundredths(scores.E)} + {hundredths(worked.weighted)} - " in text
    assert "= 49.83." in text
    assert "49.83 - 0.03 = 49.80" in text
    assert "49.80" in text
    for mark in worked.marks:
        row = [str(mark.card.top), number_range(worked.share.first, worked.share.last), mark.score]
        assert find_sequence(lines, row) >= 0, row
    # Her whole chart, as a table.
    for share in model.charts[worked.skater.id]:
        row = [number_range(share.first, share.last)]
        row += [chart_cell(c, share) for c in (*CHART_COLUMNS, DED_LABEL)]
        assert find_sequence(lines, row) >= 0, row
    long = f"{hundredths(worked.final)} x {worked.multiplier} = {hundredths(worked.long_final)}"
    assert long in text


def test_rulebook_prints_the_tables_from_the_workbook(kit: Kit, model: KissCry) -> None:
    path = kit.path("rulebook")
    lines = tokens(path)
    assert_draw_tables(lines, model)
    for order, skater_id in enumerate(model.field, start=1):
        skater = model.skaters[skater_id]
        assert find_sequence(lines, [str(order), skater.name, skater.country]) >= 0
    for competition in model.competitions.values():
        row = [str(competition.order), competition.name, competition.host_country]
        assert find_sequence(lines, row) >= 0, row
    text = flat(path)
    for word in ("green E column", "yellow columns", "red DED row", "draw again"):
        assert word in text
    assert f"{len(model.charts)} skater charts" in text


# --- 7. the same data gives the same bytes -------------------------------------------------


def test_building_twice_gives_identical_files(kit: Kit, tmp_path: Path) -> None:
    assert main(["build", GAME, "--paper", kit.paper.name, "--out", str(tmp_path)]) == 0
    for name in COMPONENTS_PRINTED:
        again = tmp_path / GAME / kit.path(name).name
        assert again.read_bytes() == kit.path(name).read_bytes(), name


# --- 8. a text too long for its piece is an error at its cell ------------------------------


@pytest.mark.parametrize(("sheet_name", "header"), [("Skaters", "name"), ("Competitions", "name")])
def test_a_name_too_long_for_a_skater_chart_is_an_error_at_its_cell(
    game: Game, tmp_path: Path, sheet_name: str, header: str
) -> None:
    """A skater chart is a playing piece: its texts shrink to fit, never below 6 points, so a
    name too long even then stops the build at the cell holding it, and no PDF is written."""
    long_name = ""
    place = ""

    def lengthen(book: Any) -> None:
        nonlocal long_name, place
        sheet = book[sheet_name]
        number, values = records(sheet)[0]
        long_name = " ".join([values[header]] * 12)
        place = f"{column_letter_of(sheet, header)}{number}"
        sheet[place] = long_name

    copy = edited_copy(game, tmp_path / "copy", lengthen)
    out = tmp_path / "out"
    result = build_game(resolve(str(copy)), PAPERS["a4"], out)
    errors = [f for f in result.findings if f.severity is Severity.ERROR]
    assert [(f.location.sheet, f.location.cell) for f in errors] == [(sheet_name, place)]
    assert not list(out.rglob("*.pdf"))
