"""BLADE's printed kit, built from the shipped workbook and read back with pypdf.

Every expected value comes from the workbook (through the validated model) or from the
layout the imposition computes; the PDFs are real files written by `authoring build`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import openpyxl
import pytest
from pdfread import (
    CLOSE,
    Kit,
    Run,
    all_runs,
    by_slot,
    find_sequence,
    flat,
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

from authoring.build import build_game
from authoring.cli import main
from authoring.components import BuildContext, Printing
from authoring.findings import Severity
from authoring.game import Game
from authoring.games.blade.kit import (
    ACTION_CARD,
    OUTCOME_NAMES,
    TIME_CHART_LABELS,
    fall_time,
    modifier_label,
    worked_race,
)
from authoring.games.blade.model import Blade
from authoring.games.blade.timing import LETTERS, ROWS, format_time, parse_time
from authoring.render.cards import SMALLEST
from authoring.render.cover import COVER_NAME
from authoring.render.imposition import SPARE_TITLE, Layout
from authoring.render.paper import PAPERS
from authoring.render.words import name_key, number_range
from authoring.target import resolve
from authoring.validate import Validation

GAME = "blade"
SCORE_HEADER = [
    "SKATER",
    "COUNTRY",
    "GRADE",
    "FALL",
    "START",
    "MID",
    "FINAL",
    "TM",
    "BASE TIME",
    "OFFICIAL TIME",
]


# --- the build, once per paper -------------------------------------------------------------


# kit, game, validation and model: the shared fixtures in conftest.py, for GAME.


def components(model: Blade) -> list[str]:
    return [
        "rulebook",
        "game-charts",
        "skater-books",
        *(f"chart-{event}" for event in model.events),
        "action-deck",
        "score-sheet",
        *(f"score-sheet-{event}" for event in model.field),
    ]


def is_landscape(component: str) -> bool:
    return component.startswith(("chart-", "score-sheet"))


# --- 1. files, exit code and page sizes ----------------------------------------------------


def test_build_writes_every_component_at_the_paper_size(kit: Kit, model: Blade) -> None:
    assert kit.exit_code == 0
    # Every component, and the cover with its print list that the build adds.
    expected = {f"{GAME}-{name}-{kit.paper.name}.pdf" for name in [*components(model), COVER_NAME]}
    assert {path.name for path in kit.folder.iterdir()} == expected
    assert len(model.events) == 8 and "m500" in model.field
    for name in components(model):
        pages = reader(kit.path(name)).pages
        assert len(pages) > 0
        width, height = kit.paper.width, kit.paper.height
        if is_landscape(name):
            width, height = height, width
        for page in pages:
            assert float(page.mediabox.width) == pytest.approx(width, abs=0.01), name
            assert float(page.mediabox.height) == pytest.approx(height, abs=0.01), name


def test_every_file_has_a_title_embedded_fonts_and_prints_at_actual_size(
    kit: Kit, model: Blade, game: Game
) -> None:
    for name in components(model):
        document = reader(kit.path(name))
        assert pdf_title(document).startswith(game.title), name
        scaling = pdf_entry(document.trailer, "/Root", "/ViewerPreferences", "/PrintScaling")
        assert scaling == NameObject("/None")
        for page in document.pages:
            for font in pdf_dict(page, "/Resources", "/Font").values():
                assert "Helvetica" not in str(font.get_object()["/BaseFont"]), name


def printings(game: Game, model: Blade) -> dict[str, Printing]:
    assert game.components is not None and game.templates is not None
    context = BuildContext(PAPERS["a4"], game.templates, game.workbook_name)
    found = {c.name: c.printing for c in game.components(model, context)}
    assert all(found.values()), [name for name, printing in found.items() if not printing]
    return {name: printing for name, printing in found.items() if printing}


def test_every_component_says_how_a_player_prints_it(game: Game, model: Blade) -> None:
    printing = printings(game, model)
    assert sorted(printing) == sorted(components(model))
    deck = printing["action-deck"]
    assert deck.card_stock and deck.double_sided and deck.pieces and deck.how
    assert printing["rulebook"].double_sided and not printing["rulebook"].card_stock
    assert printing["game-charts"].card_stock
    for event in model.events.values():
        chart = printing[f"chart-{event.event}"]
        assert chart.card_stock and event.name in chart.title
    assert printing["skater-books"].double_sided
    # One blank score sheet a race: a championship races every event once.
    assert printing["score-sheet"].copies == len(model.events)
    assert [name for name, p in printing.items() if p.pieces] == ["action-deck"]


def test_no_text_on_a_card_is_under_six_points(kit: Kit) -> None:
    sizes = [run.size for page in all_runs(kit.path("action-deck")) for run in page]
    assert sizes and min(sizes) >= SMALLEST


# --- 2. skater books -----------------------------------------------------------------------


def skater_pages(kit: Kit, model: Blade) -> dict[str, str]:
    """Each event's page of the skater books, by event."""
    pages = [page.extract_text() for page in reader(kit.path("skater-books")).pages]
    assert len(pages) == len(model.events)
    return {
        event: pages[number]
        for number, event in enumerate(model.events)
        if model.events[event].name in pages[number]
    }


def test_each_skater_book_lists_everyone_rated_in_country_order(
    kit: Kit, model: Blade, game: Game
) -> None:
    assert f"{game.title}: Skater books" in text_of(kit.path("skater-books"))  # its title
    pages = skater_pages(kit, model)
    for event in model.events.values():
        page = pages[event.event].splitlines()
        rated = [(s, r) for (s, e), r in model.ratings.items() if e == event.event]
        assert rated
        # Each skater's row, cell by cell: country, name as spelled, rating, fall rating.
        where = {}
        for skater_id, rating in rated:
            skater = model.skaters[skater_id]
            row = [skater.country, skater.name, rating.label, str(skater.fall_rating)]
            where[skater_id] = find_sequence(page, row)
            assert where[skater_id] >= 0, (event.event, row)
        order = [model.skaters[s] for s in sorted(where, key=where.__getitem__)]
        countries = [s.country for s in order]
        assert countries == sorted(countries)
        for country in set(countries):
            names = [s.name for s in order if s.country == country]
            assert names == sorted(names, key=name_key), (event.event, country)
        # Nobody else: the event's page holds exactly the skaters rated in the event.
        others = {s.name for s in model.skaters.values()} - {
            model.skaters[s].name for s, _ in rated
        }
        assert not others & set(page)


def test_each_event_has_its_page_and_the_books_print_back_to_back(kit: Kit, model: Blade) -> None:
    """The longest roster (40 skaters in the men's 1500 m) spilled a line or two onto a
    second US Letter sheet at 10 points; at 9 it fits a page on either paper, so the eight
    events take eight pages, printed double-sided on four sheets."""
    assert max(Counter(event for _, event in model.ratings).values()) == 40
    assert set(skater_pages(kit, model)) == set(model.events)


def test_skater_books_keep_the_names_diacritics(kit: Kit, model: Blade) -> None:
    text = text_of(kit.path("skater-books"))
    for letter in ("ø", "ł", "ō", "ě"):
        named = [s.name for s in model.skaters.values() if letter in s.name.lower()]
        assert named, letter
        for name in named:
            assert name in text


# --- 3. time charts ------------------------------------------------------------------------


def test_time_charts_print_every_cell_with_row_numbers_at_both_edges(
    kit: Kit, model: Blade
) -> None:
    for event in model.events:
        path = kit.path(f"chart-{event}")
        pages = all_runs(path)
        assert len(pages) == 2
        page_width = float(reader(path).pages[0].mediabox.width)
        for page, rows in zip(pages, (range(1, 26), range(26, ROWS + 1)), strict=True):
            numbers = [run for run in page if run.text.isdigit()]
            assert Counter(int(run.text) for run in numbers) == dict.fromkeys(rows, 2)
            row_y = {}
            for row in rows:
                left, right = sorted((r for r in numbers if r.text == str(row)), key=lambda r: r.x)
                assert left.y == pytest.approx(right.y, abs=CLOSE)
                assert left.centre < page_width * 0.06 and right.centre > page_width * 0.94
                row_y[row] = left.y
            heads = {run.text: run for run in page if run.text in LETTERS and len(run.text) == 1}
            assert sorted(heads) == list(LETTERS)
            assert all(run.y > max(row_y.values()) for run in heads.values())
            # Every cell, found by its row's height and its letter's column.
            cells = {
                (round(run.y, 1), round(run.centre, 1)): run.text
                for run in page
                if parse_time(run.text) is not None
            }
            assert len(cells) == len(rows) * len(LETTERS)
            for row in rows:
                for letter, name in enumerate(LETTERS):
                    key = (round(row_y[row], 1), round(heads[name].centre, 1))
                    expected = format_time(model.chart_time(event, letter, row))
                    assert cells.get(key) == expected, (event, row, name)


def test_time_chart_spot_checks(kit: Kit, model: Blade) -> None:
    """A few cells read straight off the page, as a player would."""
    path = kit.path("chart-m500")
    lines = tokens(path)
    first = find_sequence(lines, ["1", *(format_time(t) for t in model.charts["m500"][0]), "1"])
    assert first >= 0
    last = [format_time(t) for t in model.charts["m500"][ROWS - 1]]
    assert find_sequence(lines, [str(ROWS), *last, str(ROWS)]) >= 0
    assert find_sequence(tokens(path), ["ROW", *LETTERS, "ROW"]) >= 0


# --- 4. game charts ------------------------------------------------------------------------


def test_game_charts_hold_every_chart_on_one_sheet(kit: Kit, model: Blade) -> None:
    path = kit.path("game-charts")
    assert len(reader(path).pages) == 1
    lines = tokens(path)
    for spans in model.stage_charts.values():
        for span in spans:
            row = [number_range(span.first, span.last), OUTCOME_NAMES[span.value]]
            assert find_sequence(lines, row) >= 0, row
    for span in model.grade_draw:
        assert find_sequence(lines, [number_range(span.first, span.last), LETTERS[span.value]]) >= 0
    for span in model.falls_chart:
        row = [number_range(span.first, span.last), fall_time(span.value), f"{round(span.value)} s"]
        assert find_sequence(lines, row) >= 0, row
    for outcome in {span.value for span in model.injury_table}:
        assert OUTCOME_NAMES[outcome] in lines
    # Injury ranges cover 1-100 as printed (neighbouring ranges alike are printed as one).
    text = flat(path)
    assert "FALL rating" in text and "ends in 1" in text


def test_falls_chart_prints_the_workbook_notation(validation: Validation, model: Blade) -> None:
    """Times added are printed exactly as the designer typed them (minutes.seconds)."""
    typed = [record.values["time_added"] for record in validation.tables["FallsChart"].records]
    assert [fall_time(span.value) for span in model.falls_chart] == typed


# --- 5. the action deck --------------------------------------------------------------------


def cards_of(slots: dict[int, list[Run]]) -> dict[int, list[Run]]:
    """The slots holding cards, the blank spares filling a last sheet left out; the cards
    fill the first slots of their sheet, in order."""
    cards = {i: runs for i, runs in slots.items() if SPARE_TITLE not in {r.text for r in runs}}
    assert sorted(cards) == list(range(len(cards)))
    return cards


def card_values(runs: Sequence[Run]) -> tuple[str, str, str]:
    """A front's three entries, top to bottom; the small labels left out."""
    values = [r for r in runs if r.text not in TIME_CHART_LABELS]
    assert len(values) == 3, [r.text for r in runs]
    top, middle, bottom = sorted(values, key=lambda r: -r.y)
    return top.text, middle.text, bottom.text


def test_action_deck_prints_every_card(kit: Kit, model: Blade) -> None:
    path = kit.path("action-deck")
    layout = Layout.for_items(kit.paper, ACTION_CARD)
    assert len(model.deck) == 100
    pages = all_runs(path)
    assert len(pages) == 2 * math.ceil(len(model.deck) / layout.per_sheet)
    printed = []
    for page in pages[0::2]:
        slots = cards_of(by_slot(page, layout.front))
        for index in sorted(slots):
            labels = [r.text for r in slots[index] if r.text in TIME_CHART_LABELS]
            assert sorted(labels) == sorted(TIME_CHART_LABELS)
            printed.append(card_values(slots[index]))
    expected = [(str(c.top), str(c.middle), modifier_label(c.modifier)) for c in model.deck]
    assert printed == expected
    assert Counter(top for top, _, _ in printed) == {str(n): 2 for n in range(1, 51)}
    assert Counter(middle for _, middle, _ in printed) == {str(n): 1 for n in range(1, 101)}
    assert {bottom for _, _, bottom in printed} <= {"MAX", "MIN", "0"} | {
        f"{n:+d}" for n in range(-9, 10) if n
    }
    # The top number is the large one.
    sizes = {r.text: r.size for r in pages[0] if r.text == printed[0][0]}
    assert sizes and min(sizes.values()) >= 30


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


# --- 6. score sheets -----------------------------------------------------------------------


def test_prefilled_score_sheet_lists_the_field_in_order(kit: Kit, model: Blade) -> None:
    for event, field in model.field.items():
        lines = tokens(kit.path(f"score-sheet-{event}"))
        assert model.events[event].name in lines
        assert find_sequence(lines, SCORE_HEADER) >= 0
        at = 0
        for skater_id in field:
            skater, rating = model.skaters[skater_id], model.ratings[(skater_id, event)]
            row = [skater.name, skater.country, rating.label, str(skater.fall_rating)]
            found = find_sequence(lines, row, at)
            assert found >= at, row
            at = found + len(row)


def test_blank_score_sheet_has_no_skaters(kit: Kit, model: Blade) -> None:
    lines = tokens(kit.path("score-sheet"))
    assert find_sequence(lines, SCORE_HEADER) >= 0
    names = {s.name for s in model.skaters.values()} | {s.country for s in model.skaters.values()}
    assert not names & set(lines)
    assert len(reader(kit.path("score-sheet")).pages) == 1


# --- 7. the rulebook -----------------------------------------------------------------------

SLOWER = "In this game a minus modifier makes the time slower"
FASTER = "In this game a minus modifier makes the time faster"


def test_rulebook_states_the_modifier_direction_of_the_settings(kit: Kit, model: Blade) -> None:
    text = flat(kit.path("rulebook"))
    reading = model.modifier_reading
    chosen, other = (SLOWER, FASTER) if reading.minus_is_slower else (FASTER, SLOWER)
    assert chosen in text and other not in text
    # The original's own examples, replayed under that reading.
    if reading.minus_is_slower:
        assert "rated D-G who draws -2 uses column F" in text
        assert "rated O-Q who draws +5 uses column O" in text
    assert "rated Q-T who draws MAX uses column Q" in text


FROM_WORST = "In this game a plus counts from the worst letter toward A"
FROM_BEST = "In this game every modifier counts from the best letter"


def test_rulebook_states_where_a_plus_starts_counting(kit: Kit, model: Blade) -> None:
    """Seed 000: "If a modified integer reading would push the range either above or below the
    skater's printed range, use their highest/lowest range as appropriate." The seed never
    says where a plus starts; the rulebook says which reading this edition plays, and why."""
    text = flat(kit.path("rulebook"))
    assert model.modifier_reading.minus_is_slower
    chosen, other = (
        (FROM_WORST, FROM_BEST)
        if model.modifier_reading.faster_from_worst
        else (FROM_BEST, FROM_WORST)
    )
    assert chosen in text and other not in text
    plus_cards = sum(isinstance(c.modifier, int) and c.modifier > 0 for c in model.deck)
    assert f"all {plus_cards} plus cards count" in text or f"the {plus_cards} plus cards" in text
    # The seed's wide rating A-G on its best letter: 54 or 14 races in a hundred (the deck's
    # 0, MAX and plus cards, or only 0, MAX and +6).
    assert "the best letter in 14 races in a hundred" in text
    assert "54 times in a hundred" in text or "54 races in a hundred" in text
    if model.modifier_reading.faster_from_worst:
        assert "rated O-Q who draws +1 uses column P" in text
        assert "rated D-G who draws +2 uses column E" in text


def test_rulebook_prints_the_charts_and_a_worked_race_from_the_data(kit: Kit, model: Blade) -> None:
    lines = tokens(kit.path("rulebook"))
    text = flat(kit.path("rulebook"))
    for span in model.falls_chart:
        row = [number_range(span.first, span.last), fall_time(span.value), f"{round(span.value)} s"]
        assert find_sequence(lines, row) >= 0
    for spans in model.stage_charts.values():
        for span in spans:
            row = [number_range(span.first, span.last), OUTCOME_NAMES[span.value]]
            assert find_sequence(lines, row) >= 0, row
    counts = Counter(card.modifier for card in model.deck)
    for modifier, count in counts.items():
        assert find_sequence(lines, [modifier_label(modifier), str(count)]) >= 0
    race = worked_race(model)
    base = model.chart_time(race.event.event, race.letter, race.row_card.top)
    assert race.base == base
    assert f"{race.skater.name} of {race.skater.country}" in text
    reads = (
        f"Row {race.row_card.top}, column {LETTERS[race.letter]} of the {race.event.name} "
        f"chart reads {format_time(base)}"
    )
    assert reads in text
    assert f"= {format_time(round(base + race.tm, 2))}." in text


def flipped_rulebook(game: Game, tmp_path: Path, name: str) -> tuple[str, str]:
    """The rulebook of a copy whose Settings column `name` holds its other value."""
    book = openpyxl.load_workbook(game.workbook)
    settings = book["Settings"]
    column = next(c.column for c in settings[1] if c.value == name)
    before = settings.cell(2, column).value
    assert isinstance(before, str)
    after = {
        "minus_is_slower": "minus_is_faster",
        "minus_is_faster": "minus_is_slower",
        "best_letter": "worst_letter",
        "worst_letter": "best_letter",
    }[before]
    settings.cell(2, column).value = after
    copy = tmp_path / "flipped.xlsx"
    book.save(copy)
    out = tmp_path / "out"
    result = build_game(resolve(str(copy)), PAPERS["a4"], out)
    assert not [f for f in result.findings if f.severity is Severity.ERROR]
    return after, flat(out / "flipped" / "flipped-rulebook-a4.pdf")


def test_flipping_the_setting_flips_the_rulebook(game: Game, model: Blade, tmp_path: Path) -> None:
    after, text = flipped_rulebook(game, tmp_path, "modifier_direction")
    flipped, original = (SLOWER, FASTER) if after == "minus_is_slower" else (FASTER, SLOWER)
    assert flipped in text and original not in text
    if after == "minus_is_faster":
        # A plus now counts from the best letter toward V; a minus points toward A.
        assert "rated O-Q who draws +5 uses column Q" in text
        minus_two = "E" if model.modifier_reading.faster_from_worst else "D"
        assert f"rated D-G who draws -2 uses column {minus_two}" in text
        assert "Where a minus starts counting" in text


def test_flipping_where_a_plus_counts_flips_the_rulebook(game: Game, tmp_path: Path) -> None:
    after, text = flipped_rulebook(game, tmp_path, "faster_modifier_counts_from")
    flipped, original = (
        (FROM_WORST, FROM_BEST) if after == "worst_letter" else (FROM_BEST, FROM_WORST)
    )
    assert flipped in text and original not in text
    plus_one = "P" if after == "worst_letter" else "O"
    assert f"rated O-Q who draws +1 uses column {plus_one}" in text
    assert "rated D-G who draws -2 uses column F" in text  # the seed's example under both


# --- 8. the same data gives the same bytes -------------------------------------------------


def test_building_twice_gives_identical_files(kit: Kit, model: Blade, tmp_path: Path) -> None:
    assert main(["build", GAME, "--paper", kit.paper.name, "--out", str(tmp_path)]) == 0
    for name in components(model):
        again = tmp_path / GAME / kit.path(name).name
        assert again.read_bytes() == kit.path(name).read_bytes(), name
